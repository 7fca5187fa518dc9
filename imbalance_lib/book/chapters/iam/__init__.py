"""The IAM chapter (Mortaz 2020): what the page calls, and what its prose states.

The page (``chapters/iam.ipynb``) runs the searches, the sweeps and the
cross-validations itself; this package holds the rest:

- :mod:`.theory`: the six metrics and the chapter's ``zero_division`` policy
  (:data:`NAN`), each statement of the document as a violation for the claim
  checker (:data:`VIOLATIONS`), the matrices of the proofs, and Examples 1-3;
- :mod:`.experiments`: the protocol of Tables 16 and 18 (:func:`eighteen_models`),
  the summaries of the fold matrices, the selection rules, the checks of the
  published columns, and the two studies stored with the hash of their code
  (:func:`glass_pick_study`, :func:`satimage_seed_study`);
- :mod:`.tables`: display formatting only;
- :mod:`.findings` and :mod:`.rerun`: the typed findings of the four records
  (``iam_theory``, ``iam_search``, ``iam_sweep``, ``iam_rerun``) and the functions
  computing them;
- :mod:`.claims`: the sentences resting on each record (:data:`CLAIMS`).
"""

from .claims import CLAIMS, PICK_CLAIMS, RERUN_CLAIMS, SEARCH_CLAIMS, SWEEP_CLAIMS, THEORY_CLAIMS
from .experiments import (
    GLASS_LABELS,
    GROUPS,
    MODELS,
    SAT_LABELS,
    candidate_effects,
    eighteen_models,
    gap_frame,
    glass_pick_study,
    picks,
    picks_by_seed,
    satimage_seed_study,
    summary,
)
from .findings import (
    DEPTHS,
    SearchFindings,
    SweepFindings,
    TheoryFindings,
    WorkedFindings,
    search_findings,
    sweep_findings,
    theory_findings,
    worked_findings,
)
from .rerun import RerunFindings, rerun_findings
from .tables import effects_column, example_comparisons, gap_tables, lbfgs_table, search_summary, span
from .theory import (
    FIVE,
    NAN,
    SIX,
    VIOLATIONS,
    balanced_case,
    binary_battery,
    c_minus,
    case1_bound,
    counterexample_c5,
    defined,
    example_metrics,
    metrics,
    proof_step_gap,
    right_wrong,
    table13_case,
)

__all__ = [
    "CLAIMS", "PICK_CLAIMS", "RERUN_CLAIMS", "SEARCH_CLAIMS", "SWEEP_CLAIMS", "THEORY_CLAIMS",
    "GLASS_LABELS", "GROUPS", "MODELS", "SAT_LABELS", "candidate_effects", "eighteen_models", "gap_frame",
    "glass_pick_study", "picks", "picks_by_seed", "satimage_seed_study", "WorkedFindings", "summary",
    "DEPTHS", "SearchFindings", "SweepFindings", "TheoryFindings", "search_findings", "sweep_findings",
    "theory_findings", "RerunFindings", "rerun_findings", "effects_column", "worked_findings",
    "example_comparisons", "gap_tables", "lbfgs_table", "search_summary", "span", "FIVE", "NAN", "SIX",
    "VIOLATIONS", "balanced_case", "binary_battery", "c_minus", "case1_bound", "counterexample_c5",
    "defined", "example_metrics", "metrics", "proof_step_gap", "right_wrong", "table13_case",
]
