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
