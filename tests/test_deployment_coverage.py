"""Coverage of ``confidence_interval(..., prevalence=...)``: the stored study and a small re-run.

The stored study (``imbalance_lib.book.prevalence_coverage``, 120 settings of 2,000 test sets:
three pairs of rates, one of them weak, 3 to 100 positives, precision, F1, MCC and the expected
cost; about 2 minutes on an idle machine) is read here; ``make test-full`` regenerates it. Every
rate is set against its bound with a margin of two Monte Carlo standard errors.
"""

from __future__ import annotations

import pytest

from imbalance_lib.book import prevalence_coverage as pc
from imbalance_lib.book.claims import mc_above, mc_below, mc_within

STUDY = pc.coverage_study()  # the stored result (chapters/data/stored/)
N = pc.N_SETS


def test_the_study_has_every_setting():
    assert len(STUDY) == len(pc.RATES) * len(pc.MIXES) * len(pc.POSITIVES) * len(pc.METRICS)
    # only with 3 or 5 positives can a test set have no interval (no predicted positive)
    assert (STUDY[STUDY["positives"] >= 10]["undefined"] == 0).all()
    assert STUDY["undefined"].max() < 0.1


def test_from_30_positives_coverage_is_near_nominal():
    big = STUDY[STUDY["positives"] >= 30]
    # every setting within [91.5 %, 98 %] with 2 SE to spare; the observed range is
    # 93.1-97.2 % (the docstring of confidence_interval states it)
    assert all(mc_above(c, N, 0.915) and mc_below(c, N, 0.98) for c in big["coverage"])
    assert big["coverage"].min() == pytest.approx(0.931, abs=5e-4)
    assert big["coverage"].max() == pytest.approx(0.9715, abs=5e-4)
    # most settings inside the 93-97 % target band as point estimates
    inside = big["coverage"].between(0.93, 0.97).sum()
    assert inside >= 20, inside


def test_from_5_to_10_positives_the_interval_is_valid_but_can_be_conservative():
    small = STUDY[STUDY["positives"].between(5, 10)]
    assert all(mc_above(c, N, 0.915) for c in small["coverage"])
    assert small["coverage"].min() == pytest.approx(0.9295, abs=5e-4)
    assert small["coverage"].max() == pytest.approx(0.9875, abs=5e-4)
    assert mc_above(small["coverage"].max(), N, 0.97)  # conservative somewhere
    assert small["width"].max() > 0.8


def test_with_3_positives_the_interval_falls_short():
    three = STUDY[STUDY["positives"] == 3]
    assert mc_below(three["coverage"].min(), N, 0.93)  # the page's stated lower limit
    assert three["coverage"].min() == pytest.approx(0.8885, abs=5e-4)


@pytest.mark.slow
@pytest.mark.parametrize("tpr, tnr, P, test_pi, deploy_pi, metric", [
    (0.8, 0.9, 30, 0.2, 0.02, "precision"),
    (0.8, 0.9, 100, 0.02, 0.2, "mcc"),
])
def test_a_small_rerun_is_within_the_target(tpr, tnr, P, test_pi, deploy_pi, metric):
    res = pc.simulate(tpr, tnr, P, test_pi, deploy_pi, metric, n_sets=3000,
                      n_resamples=1000, random_state=123)
    assert mc_within(res["coverage"], 3000, 0.93, 0.97), res
