"""The AC-score chapter (Wu and Cannistraci's harmonic mean of TPR and TNR).

The page runs the chapter's experiments with the library; this package keeps what
they share and what the prose rests on:

- :mod:`.theory`: the statements of the derivations as violations for the claim
  checker (:data:`PROPERTIES`), the exact place of the largest gap between GM and the
  AC-score near an edge, the numbers behind the document's statements;
- :mod:`.experiments`: conditions and sizes, the lists of metrics, the k-NN scores
  of the tie experiment, one run of the NMC experiment as tables (:class:`Run`), the
  mean differences NMC - LDA and their ranks;
- :mod:`.tables`: display formatting (nothing is read back);
- :mod:`.figures`: the document's Fig. 1 and the panels of its Fig. 2;
- :mod:`.findings`: the typed findings (:class:`AcFindings`, :class:`DigitsFindings`,
  :class:`GaussianFindings`) and the functions computing them;
- :mod:`.claims`: the sentences that rest on them (:data:`CLAIMS`,
  :data:`DIG_CLAIMS`, :data:`GAU_CLAIMS`).
"""

from . import experiments, figures, tables, theory
from .claims import CLAIMS, DIG_CLAIMS, GAU_CLAIMS, PROPERTY_KEYS
from .experiments import CONDITIONS, N_ORDERS, N_REPS, N_REPS_DIGITS, SIZES_DOC, Run, tie_experiment
from .findings import AcFindings, DigitsFindings, GaussianFindings, experiment_findings, findings
from .theory import ENTRY_MAX, N_RANDOM, PROPERTIES, edge_gap_root

__all__ = ["experiments", "figures", "tables", "theory", "CLAIMS", "DIG_CLAIMS", "GAU_CLAIMS",
           "PROPERTY_KEYS", "CONDITIONS", "N_ORDERS", "N_REPS", "N_REPS_DIGITS", "SIZES_DOC",
           "Run", "tie_experiment", "AcFindings", "DigitsFindings", "GaussianFindings",
           "experiment_findings", "findings",
           "ENTRY_MAX", "N_RANDOM", "PROPERTIES", "edge_gap_root"]
