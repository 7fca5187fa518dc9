"""The synthesis chapter: every metric of the library on one footing.

The page runs the chapter's computations with library calls (the facts' checks,
the property matrix and its searches, the identities, the prevalence curves, the
study's picks, disagreements, tests and correlations); this package holds what
the page shares and what it need not show:

- :mod:`.theory`: short names and the page's policy (:data:`NAN`), the metrics of
  the study and of the prevalence panel, :func:`at_prevalence`, the fact checker
  :func:`check_facts`, the witnesses and searches of the property matrix
  (:func:`witnesses`, :func:`searches`, :func:`violations`), and two finer points
  of the guide (``iba_drops``, ``baseline_ends``, used by the findings);
- :mod:`.experiments`: the study's steps the page repeats (:func:`study_values`,
  :func:`picks`, :func:`corrected_ttest`, :func:`fold_diff`, :func:`family`);
- :mod:`.tables` and :mod:`.figures`: display only;
- :mod:`.findings`: the typed record of what the prose states
  (:class:`SynthesisFindings`, computed by :func:`findings` from the page's results);
- :mod:`.claims`: the sentences that rest on it (:data:`CLAIMS`).

The study itself (105 KEEL data sets, six models, five repetitions of stratified
5-fold cross-validation) is :mod:`imbalance_lib.book.study`, stored with the hash of
its code.
"""

from imbalance_lib.book.chapters.synthesis.claims import CLAIMS
from imbalance_lib.book.chapters.synthesis.experiments import (
    ALPHA,
    IR_BINS,
    corrected_ttest,
    family,
    fold_diff,
    picks,
    study_values,
)
from imbalance_lib.book.chapters.synthesis.figures import (
    plot_disagreement,
    plot_guide,
    plot_identity_map,
    plot_ir,
    plot_prevalence,
    plot_rho,
)
from imbalance_lib.book.chapters.synthesis.findings import (
    DEPLOY_PI,
    SynthesisFindings,
    findings,
)
from imbalance_lib.book.chapters.synthesis.tables import (
    accba_table,
    facts_detail_table,
    facts_table,
    property_table,
    random_table,
)
from imbalance_lib.book.chapters.synthesis.theory import (
    ALPHA_IBA_EXAMPLE,
    NAN,
    PANEL,
    PROPERTY_SHORT,
    SHORT_NAME,
    STUDY,
    at_prevalence,
    check_facts,
    searches,
    violations,
    witnesses,
)

__all__ = [
    "CLAIMS", "ALPHA", "IR_BINS", "corrected_ttest", "family", "fold_diff",
    "picks", "study_values", "plot_disagreement", "plot_guide", "plot_identity_map",
    "plot_ir", "plot_prevalence", "plot_rho", "DEPLOY_PI", "SynthesisFindings", "findings",
    "accba_table", "facts_detail_table", "facts_table", "property_table",
    "random_table", "ALPHA_IBA_EXAMPLE", "NAN", "PANEL",
    "PROPERTY_SHORT", "SHORT_NAME", "STUDY", "at_prevalence",
    "check_facts", "searches",
    "violations", "witnesses",
]
