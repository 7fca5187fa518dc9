"""The explorer page's coverage table of the delta-method interval: stored as regenerated,
and the page's sentences about it true (2-SE margins)."""

from __future__ import annotations

import pytest

from imbalance_lib.book import delta_coverage as dc
from imbalance_lib.book.claims import mc_below, mc_se, mc_within

RATE_BASED = ("tpr", "balanced_accuracy", "iba", "g_mean", "ac", "hmnc")


@pytest.fixture(scope="module")
def results():
    return {setting: dc.coverage(*setting) for setting in dc.SETTINGS}


def test_the_stored_table_is_the_study():
    assert dc.stored_table(dc.PAGE.read_text(encoding="utf-8")) == dc.table()


def test_large_class_covers_near_nominal(results):
    for name, (rate, _, _) in results[(200, 2000)].items():
        # "within two standard errors of 95 % up to half a point"
        assert abs(rate - 0.95) <= 0.005 + 2 * mc_se(rate, dc.REPLICATES), name


def test_few_positives_under_cover(results):
    res = results[(10, 1000)]
    under = [name for name, (rate, _, _) in res.items() if mc_below(rate, dc.REPLICATES, 0.95)]
    assert len(under) > len(res) / 2  # "most of them"
    for name in RATE_BASED:
        assert 0.88 <= res[name][0] <= 0.91, name
        assert mc_below(res[name][0], dc.REPLICATES, 0.95), name
    assert mc_within(res["npv"][0], dc.REPLICATES, 0.80, 0.84)  # "near 82 %"
