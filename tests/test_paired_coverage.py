"""The paired-coverage study can tell a method that holds its level from one that does not."""

from __future__ import annotations

import pytest

from imbalance_lib.book import paired_coverage as pc


@pytest.mark.slow
def test_the_spread_prior_undercovers_at_twenty_positives():
    # prior a/k = 1/4 per joint cell (two classes): the design the library left
    cells = [pc.joint_coverage(20, N, pc.PAIRS["often disagree"], m, prior=0.25)
             for N in (20, 200) for m in pc.METRICS]
    assert max(cells) < 0.925 and min(cells) < 0.90


def test_the_library_prior_holds_at_twenty_positives():
    cells = [pc.joint_coverage(20, 200, pc.PAIRS["often disagree"], m) for m in pc.METRICS]
    assert min(cells) >= 0.92


def test_disagreement_sets_have_the_design_they_state():
    import numpy as np

    rng = np.random.default_rng(0)
    J, (d_tnr, d_tpr) = pc.disagreement_sets(20, 200, 2, "nested", 20000, rng)
    pos, neg = J[:, 1], J[:, 0]
    # nested: B is never right alone (positives: B says 1, A says 0; negatives: the reverse)
    assert pos[:, 0, 1].sum() == 0 and neg[:, 1, 0].sum() == 0
    # two expected disagreements on each class, all won by A
    assert abs(pos[:, 1, 0].mean() - 2) < 0.05 and abs(neg[:, 0, 1].mean() - 2) < 0.05
    assert (d_tpr, d_tnr) == (2 / 20, 2 / 200)
    J, (d_tnr, d_tpr) = pc.disagreement_sets(20, 200, 4, "two-way", 20000, rng)
    assert abs(J[:, 1, 0, 1].mean() - 1) < 0.05 and abs(d_tpr - 2 / 20) < 1e-12
