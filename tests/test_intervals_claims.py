"""The intervals chapter: its claims hold on its findings, and each check can fail.

The full findings take about two minutes (the coverage studies and the re-run on
Glass), so the test of every claim on them is marked slow; the claims of the
cheap sections are checked on their own findings in the fast suite.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from scipy import stats

import imbalance_lib as il
from imbalance_lib.book.chapters import intervals
from imbalance_lib.book.claims import failing
from imbalance_lib.book.record import load

# one altered finding per claim: the value that would make the sentence false
BREAKERS = {
    "ba-resampled-exact": {"ba_gap_max": 0.02},
    "biased-not-shown": {"bias_ba_low_raw": 0.51},
    "biased-acc-high": {"bias_acc": 0.6},
    "mc-se": {"cov_mc_se": 1.5},
    "iam-same-events": {"iam_cba_differ": 1},
    "content-below-95": {"cov_content": 95.0},
    "cluster-below-95": {"cov_median": 95.8},
    "two-from-10": {"cov_two_min10": 0.90},
    "two-at-5": {"cov_two_max5_ir": 1},
    "three-worst-balanced": {"cov_three_worst_ir": 100},
    "three-short-10-50": {"cov_three_lo": 0.94},
    "three-boot-better": {"boot_three_lo": 0.85},
    "symmetric-both-short": {"sym_boot": 94.0},
    "cba-biased-low": {"cba_bias_ir100": -0.03},
    "prior-at-5": {"boot_three_5": 0.8},
    "kink-in-band": {"kink_min": 92.5},
    "kink-default-short": {"kink_default_short": 3},
    "kink-cheap": {"kink_width_max": 1.3},
    "kink-lopsided": {"kink_below": 3.0},
    "kink-limits": {"kink_lim_all_short": False},
    "boot-binary-fails": {"boot_min50": 0.94},
    "none-at-5": {"cov_min5": 0.94},
    "no-majority-undefined": {"no_interval": 0.2},
    "paired-covers": {"pc_min": 85.0},
    "split-prior-under": {"split_max": 94.0},
    "iid-whole-better": {"iid_whole_worse": 1},
    "iid-ba-same": {"iid_ba_same": "not the same"},
    "iid-ba-band": {"iid_ba_min": 90.5},
    "acc-narrow": {"w_glass_acc": 0.3},
    "equal-weight-wide": {"w_glass_equal_min": 0.1},
    "glass-tens-satimage-few": {"w_sat_iba": 0.2},
    "garcia-breast-coin": {"g_breast_p": 0.9},
    "garcia-breast-none": {"g_breast_yes": 1},
    "garcia-glass-none": {"g_glass_small_yes": 1},
    "garcia-large-gaps": {"g_yes_elsewhere": 1},
    "garcia-satimage-half": {"g_sat_yes": 4},
    "garcia-small-alpha": {"g_iba01_yes_not_sat": 1},
    "garcia-bonferroni": {"g_bonf_which": "Satimage IBA_1, Laryngeal-2 IBA_1"},
    "garcia-above-chance": {"g_yes": 0},
    "mortaz-none-shown": {"m_yes": 1},
    "picks-most-fail": {"picks_not": 10},
    "mortaz-glass-coin": {"m_glass_p": 0.95},
    "mortaz-sat-iam-matched": {"m_sat_matched_gap": 0.013},
    "mortaz-sat-iam-not-shown": {"m_sat_p": 0.99},
    "mortaz-sat-cba-edge": {"m_sat_low_cba": -0.02},
    "glass-iam-cba-one": {"m_iam_cba_same": False},
    "glass-pairs-straddle": {"m_excl": 1},
    "glass-rf-rarely-ahead": {"m_rf_ahead": 4},
    "glass-either-way": {"m_pmax": 0.45},
    "burduk-more-negatives": {"b_yes_1": 30},
    "burduk-few-at-10": {"b_yes_1": 20},
    "burduk-tn-invisible": {"b_tn_only_1": 1},
    "burduk-bounds": {"b_nested_1": 5},
    "burduk-same-count": {"b_all_3": 30},
    "burduk-seed-in-range": {"b_seed_lo_3": 32},
    "wu-no-split": {"wu_sure": 3},
    "wu-nmc-never": {"wu_nmc_sure": 1},
    "wu-direction": {"wu_sign_p": 0.2},
    "wu-splits-overlap": {"wu_test_images": 2100},
    "oof-small": {"oof_spread": 0.2},
}

# further alterations: each part of a claim that checks more than one thing can fail it
MORE_BREAKERS = [
    ("two-from-10", {"cov_two_max10": 0.99}),
    ("three-worst-balanced", {"cov_three_ir100": 0.92}),
    ("three-boot-better", {"boot_ir1_more": 3}),
    ("garcia-small-alpha", {"g_sat_iba01_yes": 0}),
    ("wu-nmc-never", {"wu_nmc": 1}),
    ("wu-direction", {"wu_sign_p_text": "0.0"}),
    ("burduk-tn-invisible", {"b_yes_1": 0}),
    ("glass-iam-cba-one", {"m_pairs": 10}),
    ("iid-ba-band", {"iid_ba_max": 98.0}),
    ("picks-most-fail", {"picks_n": 21}),
    ("burduk-seed-in-range", {"b_seed_range_2": "29 to 29"}),
    ("kink-in-band", {"kink_max": 97.5}),
    ("kink-in-band", {"kink_n": 10}),
    ("kink-default-short", {"kink_default_even_max": 90.0}),
    ("kink-limits", {"kink_lim_above_share": 0.5}),
]


@pytest.fixture(scope="module")
def cheap():
    """The findings of every section that runs in a few seconds."""
    f = {}
    f.update(intervals._brodersen_findings(intervals.brodersen_table()))
    f.update(intervals._width_findings(intervals.width_table()))
    f.update(intervals._garcia_findings(intervals.garcia_table()))
    f.update(intervals._burduk_findings(intervals.burduk_table()[1], intervals.burduk_bounds()))
    f.update(intervals._wu_findings(intervals.wu_table()))
    m = intervals.mortaz_table().set_index(["data", "metric"])
    f.update({"m_yes": int((m.distinguishable == "yes").sum()),
              "m_glass_p": round(m.loc[("Glass", "IAM"), "P(pick better)"], 2),
              "m_sat_p": round(m.loc[("Satimage", "IAM"), "P(pick better)"], 2),
              "m_sat_p_cba": round(m.loc[("Satimage", "CBA"), "P(pick better)"], 2),
              "m_sat_low_cba": round(m.loc[("Satimage", "CBA"), "low"], 4),
              "m_sat_gap": round(m.loc[("Satimage", "IAM"), "gap"], 3),
              "m_sat_matched_gap": round(m.loc[("Satimage", "IAM"), "matched IAM gap"], 3),
              "m_n": len(m)})
    f.update(intervals._picks_findings(f))
    return f


def _claims_on(findings):
    """The claims whose every finding is in ``findings``."""
    out = []
    for c in intervals.CLAIMS:
        try:
            c.holds(findings)
        except KeyError:
            continue
        out.append(c)
    return out


def test_cheap_sections_cover_most_claims(cheap):
    assert len(_claims_on(cheap)) >= 25


def test_cheap_claims_hold(cheap):
    assert failing(_claims_on(cheap), cheap) == []


def test_every_claim_has_a_breaker():
    assert set(BREAKERS) == {c.key for c in intervals.CLAIMS}


def test_cheap_claims_can_fail(cheap):
    for claim in _claims_on(cheap):
        assert failing([claim], {**cheap, **BREAKERS[claim.key]}) == [claim.key], claim.key


@pytest.mark.parametrize(("key", "change"), MORE_BREAKERS)
def test_each_part_of_a_claim_can_fail(key, change):
    claim = next(c for c in intervals.CLAIMS if c.key == key)
    base = {"cov_two_min10": 0.924, "cov_two_max10": 0.971, "cov_mc_se": 0.8,
            "cov_three_worst_ir": 1, "cov_three_ir1": 0.836, "cov_three_ir100": 0.938,
            "boot_ir1_more": 4, "boot_ir1_n": 4, "boot_three_lo": 0.929, "cov_three_lo": 0.899,
            "g_iba01_yes_not_sat": 0, "g_sat_iba01_yes": 1, "wu_nmc_sure": 0, "wu_nmc": 0,
            "wu_lda": 16, "wu_sign_p": 2 / 2**16, "wu_sign_p_text": "3 × 10⁻⁵",
            "b_tn_only_1": 0, "b_yes_1": 7, "m_iam_cba_same": True, "m_rows": 10,
            "m_pairs": 5, "m_seeds": 5, "iid_ba_min": 94.5, "iid_ba_max": 94.8,
            "iid_mc_se": 0.4, "picks_n": 20, "picks_not": 16, "g_n": 16, "m_n": 4,
            **{f"b_seed_{e}_{i}": v for i, (lo, hi) in enumerate([(7, 8), (29, 29), (30, 31)], 1)
               for e, v in (("lo", lo), ("hi", hi))},
            "b_yes_2": 29, "b_yes_3": 31,
            "b_seed_range_1": "7 to 8", "b_seed_range_2": "29", "b_seed_range_3": "30 to 31",
            "kink_min": 93.7, "kink_max": 96.0, "kink_n": 12, "kink_default_short": 7,
            "kink_default_even_max": 80.5, "kink_lim_all_short": True,
            "kink_lim_above_share": 0.92}
    assert claim.holds(base), key
    assert not claim.holds({**base, **change}), key


@pytest.fixture(scope="module")
def full():
    return load("intervals")  # the record the chapter proves when it executes


def test_every_claim_holds(full):
    assert failing(intervals.CLAIMS, full) == []


@pytest.mark.parametrize("key", sorted(BREAKERS))
def test_full_findings_can_fail(full, key):
    assert key in failing(intervals.CLAIMS, {**full, **BREAKERS[key]})


# ------------------------------------------------------------ independent checks


def test_percentile_content_by_hand_and_by_simulation():
    # (B - 1) 0.95 / (B + 1) with B = 400: 379.05 / 401
    assert intervals.percentile_content(400) == pytest.approx(379.05 / 401, abs=1e-12)
    # uniform draws: the content of [q_0.025, q_0.975] is its length
    rng = np.random.default_rng(0)
    u = rng.random((20_000, 400))
    q = np.quantile(u, [0.025, 0.975], axis=1)
    assert (q[1] - q[0]).mean() == pytest.approx(379.05 / 401, abs=5e-4)


def test_ba_posterior_against_direct_beta_draws():
    # BA = (TPR + TNR) / 2 with TPR ~ Beta(2, 10), TNR ~ Beta(89, 3): 1 of 10, 88 of 90
    rng = np.random.default_rng(1)
    ba = (stats.beta(2, 10).rvs(400_000, random_state=rng)
          + stats.beta(89, 3).rvs(400_000, random_state=rng)) / 2
    table = intervals.brodersen_table()
    row = table.loc["biased, imbalanced"]
    assert row["exact 2.5 %"] == pytest.approx(np.quantile(ba, 0.025), abs=0.003)
    assert row["exact 97.5 %"] == pytest.approx(np.quantile(ba, 0.975), abs=0.003)
    assert row["accuracy"] == pytest.approx(89 / 100) and row["BA"] == pytest.approx(
        (0.1 + 88 / 90) / 2)


def test_symmetric_cba_truth_and_bias():
    # three classes of 20, 16 right each, errors 2 and 2: every row and column sum is 20
    assert il.cba(20 * intervals.SYMMETRIC) == pytest.approx(16 / 20)
    assert intervals.cba_bias(intervals.SYMMETRIC, [20, 20, 20], n_sets=5000) < -0.02


def test_nested_joint_by_hand():
    CA = il.binary_matrix(tp=700, fn=300, fp=5, tn=5)
    CB = il.binary_matrix(tp=500, fn=500, fp=3, tn=7)
    J = intervals.nested_joint(CA, CB)
    # positives: both right 500, only A 200, neither 300; negatives: both 5, only B 2
    assert J[1, 1, 1] == 500 and J[1, 1, 0] == 200 and J[1, 0, 1] == 0 and J[1, 0, 0] == 300
    assert J[0, 0, 0] == 5 and J[0, 1, 0] == 2 and J[0, 0, 1] == 0 and J[0, 1, 1] == 3
    np.testing.assert_array_equal(J.sum(axis=2), CA)
    np.testing.assert_array_equal(J.sum(axis=1), CB)


def test_matching_matrix_hits_its_target_and_iam_is_twice_cba():
    C = intervals.matching_matrix([70, 76, 17, 13, 9, 29], 0.6)
    assert il.cba(C) == pytest.approx(0.6, abs=1e-9)
    assert il.iam(C) == pytest.approx(2 * il.cba(C) - 1, abs=1e-9)


def test_sign_test_by_hand():
    # 16 splits, all for LDA: two-sided p = 2 / 2**16 = 3.05e-05
    f = intervals._wu_findings(__import__("pandas").DataFrame(
        {"NMC ahead": [0, 0, 0], "LDA ahead": [1, 7, 8], "LDA shown better": [0, 0, 0],
         "NMC shown better": [0, 0, 0]}), overlap=(2100, 363))
    assert f["wu_sign_p"] == pytest.approx(2 / 2**16, rel=1e-12)
    assert f["wu_sign_p_text"] == "3 × 10⁻⁵"
    assert f["wu_chance"] == pytest.approx(1.5)
    assert f["wu_test_reuse"] == pytest.approx(5.8)


def test_p_text_by_hand():
    assert intervals.p_text(0.5) == "0.500" and intervals.p_text(0.001) == "0.001"
    assert intervals.p_text(0.00096) == "1 × 10⁻³"
    assert intervals.p_text(2.4e-7) == "2 × 10⁻⁷" and intervals.p_text(1.2e-10) == "1 × 10⁻¹⁰"


def test_digits_test_sets_overlap_by_hand():
    # 10 splits of each condition: 10 (60 + 90 + 60) test samples from 363 images
    slots, distinct = intervals.wu_overlap()
    assert slots == 10 * (60 + 90 + 60) and distinct == 363


def _notebook():
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "chapters" / "intervals.ipynb"
    return json.loads(path.read_text(encoding="utf-8"))


def _glued(nb):
    out = {}
    for cell in nb["cells"]:
        for o in cell.get("outputs", []):
            name = o.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                out[name] = o["data"]["application/papermill.record/text/plain"]
    return out


def test_sign_p_renders_with_its_digits():
    nb = _notebook()
    prose = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    glued = _glued(nb)
    assert "{glue:text}`int-wu-sign-p-text`" in prose
    assert "{glue:text}`int-wu-sign-p`" not in prose  # the float would render as 0.0
    assert glued["int-wu-sign-p-text"] == repr("3 × 10⁻⁵")


def test_no_nonzero_finding_renders_as_zero(cheap):
    from imbalance_lib.book.pages import stable

    nb = _notebook()
    prose = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for key, value in cheap.items():
        role = "{glue:text}`int-" + key.replace("_", "-") + "`"
        if role in prose and isinstance(value, float) and value != 0:
            assert stable(value) != 0, key


def test_the_digits_splits_are_the_shared_ones():
    assert "def digits_split" not in inspect.getsource(intervals)
    assert "digits_split" in inspect.getsource(intervals.wu_table)
