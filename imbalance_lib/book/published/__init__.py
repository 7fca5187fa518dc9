"""Published tables of the five source documents (and of McDermott et al., 2024, for the
threshold-free chapter), kept as small literals.

Values are stored as the strings printed in the document, so that the
printed precision (how many decimals) travels with the number;
:meth:`PublishedTable.frame` gives floats and :meth:`PublishedTable.decimals`
the precision. Each table records where it stands in its document.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PublishedTable"]


@dataclass(frozen=True)
class PublishedTable:
    """One table of a source document."""

    source: str  # bibliography key of the document
    label: str  # e.g. "Table 2"
    where: str  # section of the document
    description: str  # what the table holds, in our words
    columns: tuple[str, ...]
    rows: dict[str, tuple[str, ...]]

    def __post_init__(self):
        for name, values in self.rows.items():
            if len(values) != len(self.columns):
                raise ValueError(f"{self.label}, row {name!r}: {len(values)} values for "
                                 f"{len(self.columns)} columns")

    def value(self, row: str, column: str) -> float:
        """The published number as a float."""
        return float(self.rows[row][self.columns.index(column)].replace("\u2212", "-"))

    def decimals(self, row: str, column: str) -> int:
        """How many decimals the document printed for this number."""
        text = self.rows[row][self.columns.index(column)]
        return len(text.split(".")[1]) if "." in text else 0

    def frame(self):
        """The table as a pandas DataFrame of floats (rows x columns)."""
        import pandas as pd

        return pd.DataFrame(
            [[self.value(r, c) for c in self.columns] for r in self.rows],
            index=list(self.rows), columns=list(self.columns),
        )
