"""The balanced-accuracy chapter: Vergne's balanced and weighted accuracy.

The page runs the chapter's experiments with library calls; this package holds
what the page shares and what it need not show:

- :mod:`.theory`: the exact distribution of a label-independent classifier
  (:func:`ba_distribution`), and the chapter's statements about one confusion
  matrix as violations (:data:`THEOREMS`, built with :func:`statement`);
- :mod:`.experiments`: the twelve one-against-rest problems, the article's
  worked cases (:func:`vergne_cases`), the parameters of each experiment, the
  containers the page fills (:class:`TrivialRuns`, :class:`Sweep`,
  :class:`FlatTop`, :class:`KeelCheck`) and the helper :func:`best` (every tied model counts);
- :mod:`.figures` and :mod:`.tables`: display only;
- :mod:`.findings`: the typed record of what the prose states
  (:class:`BalancedAccuracyFindings`, computed by :func:`findings` from the
  page's results);
- :mod:`.claims`: the sentences that rest on it (:data:`CLAIMS`).
"""

from imbalance_lib.book.chapters.balanced_accuracy.claims import CLAIMS
from imbalance_lib.book.chapters.balanced_accuracy.experiments import (
    ALPHAS,
    BOUNDS,
    FLAT_TOL,
    INFORMATIVE,
    IR_EDGES,
    M_CHANCE,
    P_VALUES,
    RATES_Q,
    FlatTop,
    KeelCheck,
    Sweep,
    TrivialRuns,
    best,
    expected_trivial,
    gap_at_prevalence,
    one_vs_rest_problems,
    vergne_cases,
)
from imbalance_lib.book.chapters.balanced_accuracy.figures import (
    bias_figure,
    chance_figure,
    contours_figure,
    paradox_figure,
    threshold_figure,
)
from imbalance_lib.book.chapters.balanced_accuracy.findings import BalancedAccuracyFindings, findings
from imbalance_lib.book.chapters.balanced_accuracy.tables import (
    alpha_table,
    bands_table,
    checks_table,
    models_table,
    vergne_table,
)
from imbalance_lib.book.chapters.balanced_accuracy.theory import (
    N_RANDOM,
    THEOREMS,
    ba_distribution,
    statement,
)

__all__ = [
    "CLAIMS", "ALPHAS", "BOUNDS", "FLAT_TOL", "FlatTop", "INFORMATIVE", "IR_EDGES", "M_CHANCE", "P_VALUES",
    "RATES_Q", "KeelCheck", "Sweep", "TrivialRuns", "best", "expected_trivial",
    "one_vs_rest_problems", "vergne_cases", "bias_figure", "chance_figure",
    "contours_figure", "paradox_figure", "threshold_figure", "BalancedAccuracyFindings",
    "findings", "alpha_table", "bands_table", "checks_table", "models_table",
    "vergne_table", "N_RANDOM", "THEOREMS", "ba_distribution", "statement",
    "gap_at_prevalence",
]
