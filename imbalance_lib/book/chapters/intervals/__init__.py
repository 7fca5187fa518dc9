"""The intervals chapter: how sure is a metric, and which of the documents' picks survive?

The page makes each table from library calls (``confidence_interval``, ``compare``,
``compare_predictions``, the coverage simulators of :mod:`imbalance_lib.book.coverage`)
and defines the small helpers its argument needs (the unpaired interval, the bias of
the plug-in CBA); this package keeps what the page should not have to show:

- :mod:`.theory`: closed forms and constructions (Brodersen's BA posterior, the content
  of a percentile interval, matrices with evenly spread errors, nested joint counts,
  Monte Carlo standard errors and the margins a simulated rate needs against a bound,
  p-values as prose);
- :mod:`.experiments`: the designs (rates, sizes, metrics, the documents' test sets) and
  the six slow coverage studies, stored with the hash of their code
  (``chapters/data/stored/intervals_*.json``);
- :mod:`.tables`: display only (the figures are drawn on the page);
- :mod:`.findings`: :class:`IntervalsFindings`, what the prose states, and
  :func:`findings`, which computes it from the page's tables;
- :mod:`.claims`: :data:`CLAIMS`, the sentences of the prose as predicates on the findings.
"""

from .claims import CLAIMS
from .experiments import (
    BINARY,
    BRODERSEN,
    BURDUK_METRICS,
    BURDUK_PAIRS,
    GARCIA_DATA,
    GLASS_SEEDS,
    KINK_SETS,
    METRICS_T3,
    MINORITY,
    MULTI,
    RATES,
    RATIOS,
    SIZES,
    SPLIT_SETS,
    SYMMETRIC,
    SYMMETRIC_SETS,
    WIDTH_METRICS,
    coverage_study,
    iid_study,
    kink_limits,
    kink_study,
    mortaz_sizes,
    paired_study,
    score_study,
)
from .findings import IntervalsFindings, findings
from .tables import (
    burduk_table,
    coverage_table,
    kink_limits_table,
    kink_table,
    picks_table,
    show,
    wu_table,
)
from .theory import ba_posterior_exact, ba_posterior_limits, matching_matrix, nested_joint, percentile_content

__all__ = [
    "CLAIMS", "IntervalsFindings", "findings", "BINARY", "BRODERSEN", "BURDUK_METRICS",
    "BURDUK_PAIRS", "GARCIA_DATA", "GLASS_SEEDS", "KINK_SETS", "METRICS_T3", "MINORITY",
    "MULTI", "RATES", "RATIOS", "SIZES", "SPLIT_SETS", "SYMMETRIC", "SYMMETRIC_SETS",
    "WIDTH_METRICS", "coverage_study", "iid_study", "kink_limits", "kink_study",
    "mortaz_sizes", "paired_study", "score_study", "burduk_table", "coverage_table",

    "kink_limits_table", "kink_table", "picks_table", "show", "wu_table",
    "ba_posterior_exact", "ba_posterior_limits", "matching_matrix", "nested_joint",
    "percentile_content",
]
