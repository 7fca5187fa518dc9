"""McDermott et al. (2024), "A closer look at AUROC and AUPRC under class imbalance".

The subpopulation experiment ("fix mistakes") of the authors' public notebook
``AUROC_AUPRC_equivalencies.ipynb`` in github.com/mmcdermott/AUC_is_all_you_need,
commit da86e5f84f7d7d7e23e0504343faeafd33901d3c (cells 18-20). Cell 18 runs it:
two groups of N = 200 samples each, positive prevalence 5 % (group 1, "high
prevalence") and 1 % (group 2, "low prevalence"), scores drawn at a target AUROC
(0.85 or 0.65) in each group and divided by their group mean times the group
prevalence, then 50 steps, each fixing one adjacent mis-ordered (negative above
positive) pair: the highest-ranked one when optimising AUPRC, a random one when
optimising AUROC; 20 seeds. The metrics are recorded *before* each step's fix,
so the last step (49) shows the ranking after 49 fixes.

The notebook prints no table: the numbers below are read from the data of the
plotly figures stored as outputs of cell 20 (one figure per setting, panel
"AUROC: Per Group", traces "High-prevalence Group" and "Low-prevalence
Group", the mean over the 20 seeds), copied as the full floats stored there.
"""

from . import PublishedTable

__all__ = ["REPOSITORY", "COMMIT", "NOTEBOOK", "SETTINGS", "FIX_MISTAKES", "N_SEEDS",
           "N_FIXES", "GROUPS"]

REPOSITORY = "mmcdermott/AUC_is_all_you_need"
COMMIT = "da86e5f84f7d7d7e23e0504343faeafd33901d3c"
NOTEBOOK = "AUROC_AUPRC_equivalencies.ipynb"

GROUPS = {"high": {"N": 200, "prevalence": 0.05}, "low": {"N": 200, "prevalence": 0.01}}
"""The two subpopulations of cell 18 (sample size and positive prevalence)."""

N_SEEDS = 20
N_FIXES = 49
"""Seeds of cell 18, and fixes applied before the last recorded step (step 49 of 0-49)."""

SETTINGS = {  # row -> (target AUROC, optimised metric)
    "AUROC 0.85, optimise AUROC": (0.85, "AUROC"),
    "AUROC 0.85, optimise AUPRC": (0.85, "AUPRC"),
    "AUROC 0.65, optimise AUROC": (0.65, "AUROC"),
    "AUROC 0.65, optimise AUPRC": (0.65, "AUPRC"),
}

FIX_MISTAKES = PublishedTable(
    "mcdermott2024", "fix-mistakes figures",
    f"{NOTEBOOK} at commit {COMMIT[:7]}, cell 20 (plotly figure data, panel 'AUROC: Per Group')",
    "Mean per-group AUROC over 20 seeds before any fix (step 0) and after 49 fixes "
    "(step 49), for each target AUROC and optimised metric.",
    ("high step 0", "high step 49", "low step 0", "low step 49"),
    {
        "AUROC 0.85, optimise AUROC": ("0.851078947368421", "0.8664999999999999",
                                       "0.849242424242424", "0.8689393939393939"),
        "AUROC 0.85, optimise AUPRC": ("0.851078947368421", "0.8765526315789474",
                                       "0.849242424242424", "0.8498737373737372"),
        "AUROC 0.65, optimise AUROC": ("0.6513684210526317", "0.6680526315789473",
                                       "0.6512626262626262", "0.6772727272727274"),
        "AUROC 0.65, optimise AUPRC": ("0.6513684210526317", "0.6770526315789474",
                                       "0.6512626262626262", "0.6512626262626262"),
    },
)
