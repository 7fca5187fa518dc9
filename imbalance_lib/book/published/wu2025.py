"""Numbers stated by Wu and Cannistraci (2025), "AC-score" (the document has no tables).

Section 3.2 gives the sizes of the SVHN "1" versus "6" experiment; the
caption of Fig. 2 gives the test-set class counts of panels d and e.
"""

__all__ = ["SPLITS", "FIG2_CAPTION_COUNTS", "NMC_CRITERION"]

SPLITS = {
    "1:3": {"train": 18_000, "test": 6_000},
    "1:1": {"train": 9_000, "test": 3_000},
    "3:1": {"train": 6_000, "test": 2_000},
}
"""Training and test sizes for each negative:positive ratio N:P (Section 3.2)."""

FIG2_CAPTION_COUNTS = {"d": {"N": 1500, "P": 4500}, "e": {"N": 1500, "P": 500}}
"""Test-set counts as the caption of Fig. 2 prints them (panel f is not described)."""

NMC_CRITERION = "(F_P + F_N + AC) / 3"
"""The criterion of the optimal-operating-point search (Section 3.3)."""
