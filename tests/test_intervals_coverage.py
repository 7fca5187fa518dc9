"""Coverage of the default interval method: simulated test sets with known rates.

The 95 % intervals of the default method must contain the true value in 93-97 %
of the simulated test sets (2,000 sets each: a Monte Carlo standard error of
about 0.5 %), for minority classes of 10 to 200 samples and imbalance ratios of
10 and 100, and for CBA/IAM/GM/MCC with three classes at 1:10:100. Not required
here, and reported in the chapter instead: minority classes of 5 samples (no
method keeps 93-97 % there for every binary metric). For CBA and IAM with three
small, *balanced* classes (IR = 1; the shortfall is not an effect of imbalance)
the default undercovers: the row and the column sum of a class are equal in
expectation there, the maximum of the two is biased upward, so the plug-in CBA is
biased low; at 5 samples a class the posterior's prior, which pulls each rate
towards the even split, may add to it. The stratified bootstrap does better but is
no cure: with three classes of 20 and symmetric errors both fall short (the
chapter measures about 80 % and 89 %); a test pins both shortfalls, and it is the
companion of the test of :func:`imbalance_lib.class_balance_interval`, which
corrects for the bias and must reach the band in those settings, 5 samples a
class included. IAM = 2 CBA - 1 on every matrix, so an IAM interval covers
exactly when the CBA interval does: a count over both metrics counts each event
twice.
"""

import numpy as np
import pytest

from imbalance_lib.book.coverage import kink_coverage, simulate_coverage

BINARY = {"IBA": ("iba", {"alpha": 0.1}), "GM": "g_mean", "MCC": "mcc", "AC": "ac"}
MULTI = {"CBA": "cba", "IAM": "iam", "GM": "g_mean", "MCC": "mcc"}
R2 = np.array([[0.9, 0.1], [0.3, 0.7]])  # TNR 0.9, TPR 0.7
R3 = np.array([[0.9, 0.06, 0.04], [0.1, 0.8, 0.1], [0.15, 0.15, 0.7]])
LOW, HIGH = 0.93, 0.97


@pytest.mark.parametrize("minority", [10, 20, 50, 200])
@pytest.mark.parametrize("ratio", [10, 100])
def test_default_method_binary_coverage(minority, ratio):
    result = simulate_coverage(R2, [minority * ratio, minority], BINARY, n_sets=2000,
                               n_resamples=1000, random_state=minority * 1000 + ratio)
    for name, r in result.items():
        assert r["no_interval"] == 0.0
        assert LOW <= r["coverage"] <= HIGH, (name, r)


@pytest.mark.parametrize("minority", [20, 200])
def test_default_method_three_class_coverage(minority):
    sizes = [minority * 100, minority * 10, minority]
    result = simulate_coverage(R3, sizes, MULTI, n_sets=2000, n_resamples=1000,
                               random_state=minority)
    for name, r in result.items():
        assert LOW <= r["coverage"] <= HIGH, (name, r)


def test_the_check_can_fail():
    # 80 % intervals, or the plain bootstrap at 5 minority samples, fall outside the band
    narrow = simulate_coverage(R2, [500, 50], BINARY, n_sets=2000, n_resamples=1000,
                               confidence=0.8, random_state=1)
    assert all(r["coverage"] < LOW for r in narrow.values())
    boot = simulate_coverage(np.array([[0.98, 0.02], [0.1, 0.9]]), [50, 5], BINARY,
                             method="bootstrap", n_sets=2000, n_resamples=1000,
                             random_state=2)
    assert boot["GM"]["coverage"] < LOW


@pytest.mark.slow
def test_three_balanced_classes_both_methods_fall_short():
    # three classes of 20 with symmetric errors: the default falls far short, the
    # bootstrap less far (the plug-in CBA is biased low by the maximum in it)
    R = np.array([[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]])
    default = simulate_coverage(R, [20, 20, 20], {"CBA": "cba"}, n_sets=1000,
                                n_resamples=1000, random_state=3)["CBA"]["coverage"]
    boot = simulate_coverage(R, [20, 20, 20], {"CBA": "cba"}, method="bootstrap",
                             n_sets=1000, n_resamples=1000,
                             random_state=3)["CBA"]["coverage"]
    assert default < 0.85 and default < boot < 0.93


def _even(recall):
    R = np.full((3, 3), (1 - recall) / 2)
    np.fill_diagonal(R, recall)
    return R


@pytest.mark.parametrize("rates, sizes", [
    (R3, [5, 5, 5]), (R3, [10, 10, 10]), (R3, [100, 32, 10]),
    (_even(0.8), [20, 20, 20]), (_even(0.9), [20, 20, 20]), (_even(0.8), [50, 50, 50]),
], ids=["rates-5", "rates-10", "rates-IR10", "even-0.8-20", "even-0.9-20", "even-0.8-50"])
def test_kink_corrected_interval_coverage(rates, sizes):
    # where the default falls short (three balanced classes, evenly spread errors) the
    # kink-corrected interval reaches the band; the default on the same sets is reported
    # in the message (the test above shows a shortfall is detected)
    r = kink_coverage(rates, sizes, n_sets=2000, n_resamples=1000, random_state=sum(sizes))
    assert LOW <= r["kink"] <= HIGH, r
