"""The threshold-free chapter: AUROC and AUPRC under imbalance.

The page runs the checks and experiments itself (the pair count of the AUROC, the
rankings behind the no-skill AP, the PR areas on Satimage, the dominance decisions,
the atomic fixes, the two subpopulation experiments, the random AUPRGs), with the
library's metrics; this package keeps what the page should not have to show:

- :mod:`.theory`: closed forms and constructions (the expected AP of a random ranking,
  dominance decided on whole curves in exact integers, one atomic fix, the two score
  samplers; the exact tail of the random AP, which an exercise asks for, is
  instructor-only: :mod:`imbalance_lib.book.solutions.ranking`);
- :mod:`.experiments`: the slow studies, stored with the hash of their code (coverage
  of the AUROC and AP intervals, the logit interval at another separation; the KEEL
  re-scoring and the bootstrap coverage of :mod:`imbalance_lib.book.ranking_study`),
  and the summaries of the coverage tables with their Monte Carlo margins;
- :mod:`.tables` and :mod:`.figures`: display only (McDermott et al.'s published gains
  beside the re-run's is the one table the findings read as numbers);
- :mod:`.findings`: :class:`RankingFindings`, what the prose states, and
  :func:`findings`, which computes it from what the page ran;
- :mod:`.claims`: :data:`CLAIMS`, the sentences of the prose as predicates on the findings.
"""

from .claims import CLAIMS
from .experiments import (
    MCDERMOTT,
    bootstrap_coverage,
    bootstrap_coverage_table,
    coverage_se,
    coverage_study,
    keel_fold_seeds,
    keel_study,
    logit_separation,
    paired_separation,
)
from .figures import coverage_figure
from .findings import RankingFindings, findings
from .tables import bootstrap_beside, check_table, mcdermott_table, show, study_table
from .theory import (
    calibrated_scores,
    dominance,
    expected_random_ap,
    fix,
    population_ap,
    scores_at_auroc,
)

__all__ = [
    "CLAIMS", "RankingFindings", "findings", "MCDERMOTT", "bootstrap_coverage",
    "bootstrap_coverage_table", "coverage_se", "coverage_study", "keel_study",
    "keel_fold_seeds", "logit_separation", "paired_separation", "coverage_figure",
    "bootstrap_beside", "check_table",
    "mcdermott_table", "show", "study_table", "calibrated_scores", "dominance",
    "expected_random_ap", "fix", "population_ap", "scores_at_auroc",
]
