r"""The HMNC chapter: Burduk (2020), recomputed and checked.

The chapter's page computes its tables (symbolic algebra, the property checks,
the exhaustive searches, the recomputed tables, the finite differences, the
re-run on data); this package holds what the page builds on and what it reduces
its results to:

- :mod:`.theory`: Burduk's setting (:data:`METRICS`, :data:`IRS`,
  :func:`burduk_matrix`, :func:`document_metrics`, :func:`table_counts`) and the
  statements the checks search (``*_violation``, :func:`diagonal_matrices`);
- :mod:`.experiments`: the re-run's design (:data:`SWEEP`, :data:`SEEDS`, :data:`FOLDS`);
- :mod:`.tables`: how the page shows its tables (formatting only);
- :mod:`.figures`: the redrawn heat maps and the sensitivity maps;
- :mod:`.findings`: the four typed records (:class:`TheoryFindings`,
  :class:`TableFindings`, :class:`SensitivityFindings`, :class:`ChoiceFindings`)
  and the functions that compute them from the page's results;
- :mod:`.claims`: the prose's statements, one list per record.

Burduk's positive class is the **majority** class (``P = 1000``). His three tables
are not experiments: each assumes the counts ``(TP, TN)`` of four hypothetical
classifiers at ``N = 10``, ``100`` or ``250``.
"""

from .claims import CHOICE_CLAIMS, SENSITIVITY_CLAIMS, TABLE_CLAIMS, THEORY_CLAIMS, WORKED_CLAIMS
from .experiments import (
    FOLDS,
    MORE_SEEDS,
    SEEDS,
    SWEEP,
    choice_tasks,
    more_seeds_study,
    operating_points,
)
from .figures import heatmap_figure, sensitivity_figure, sensitivity_status
from .findings import (
    ChoiceFindings,
    HmncFindings,
    SensitivityFindings,
    TableFindings,
    TheoryFindings,
    WorkedFindings,
    choice_findings,
    english,
    sensitivity_findings,
    table_findings,
    theory_findings,
    worked_findings,
)
from .tables import (
    HYPOTHESES,
    checked,
    choice_spread,
    comparison_tables,
    convention_summary,
    disagreements,
    noskill_shown,
    round2,
)
from .theory import (
    HALVED,
    IRS,
    MEANS,
    METRICS,
    P_MAJ,
    between_violation,
    burduk_matrix,
    counts,
    diagonal_matrices,
    diagonal_violation,
    document_metrics,
    duality_violation,
    factorisation_violation,
    form_violation,
    kappa_violation,
    mcc_violation,
    table_counts,
    zero_violation,
)

__all__ = [
    "THEORY_CLAIMS", "TABLE_CLAIMS", "SENSITIVITY_CLAIMS", "CHOICE_CLAIMS",
    "FOLDS", "SEEDS", "SWEEP", "MORE_SEEDS", "choice_tasks", "more_seeds_study",
    "operating_points", "heatmap_figure", "sensitivity_figure", "sensitivity_status",
    "HmncFindings", "TheoryFindings", "TableFindings", "SensitivityFindings",
    "ChoiceFindings", "theory_findings", "table_findings", "sensitivity_findings",
    "choice_findings", "english", "HYPOTHESES", "checked", "choice_spread",
    "comparison_tables", "convention_summary", "disagreements", "noskill_shown", "round2",
    "HALVED", "IRS", "MEANS", "METRICS", "P_MAJ", "burduk_matrix", "counts",
    "diagonal_matrices", "document_metrics", "table_counts", "form_violation",
    "zero_violation", "between_violation", "kappa_violation", "mcc_violation",
    "duality_violation", "factorisation_violation", "diagonal_violation",
    "WORKED_CLAIMS", "WorkedFindings", "worked_findings",
]
