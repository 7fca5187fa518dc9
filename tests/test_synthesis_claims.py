"""Every sentence of the synthesis chapter that rests on a computation, asserted.

The findings are the record the chapter proves when it executes
(``chapters/data/findings/synthesis.json``); each claim holds on them, and each
fails when the finding behind it is altered (:class:`ClaimsContract`). Where a
finding can be recomputed another way (by hand, with scipy, with a plain loop over
the stored matrices) the test does so.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from claims_scaffold import ClaimsContract
from scipy.stats import spearmanr, ttest_1samp

import imbalance_lib as il
from imbalance_lib.book import properties as props
from imbalance_lib.book import study
from imbalance_lib.book.chapters import synthesis as syn
from imbalance_lib.book.record import load
from imbalance_lib.registry import METRICS


@pytest.fixture(scope="module")
def f():
    # the record the chapter proves when it executes
    return syn.SynthesisFindings.from_record(load("synthesis"))


class TestClaims(ClaimsContract):
    CLAIMS = syn.CLAIMS
    # one altered finding per claim: the value that would make its sentence false
    BREAKERS = {
        "facts-all": {"facts_ok": 20},
        "prevfree": {"prevfree": ["TPR", "TNR", "BA", "WA", "GM", "Dominance", "IBA", "AC",
                                  "MAR", "HMNC"]},
        "colfree": {"colfree": ["Precision", "NPV"]},
        "baseline": {"baseline": ["Precision", "NPV", "BA", "MCC", "kappa", "MAP", "MAR",
                                  "GM"]},
        "strict": {"strict": ["BA", "WA", "ACC", "MCC", "MAP", "MAR", "MacroF", "CBA", "IAM"]},
        "weak": {"weak": ["TPR", "TNR", "Precision", "NPV", "F1", "IBA", "HMNC", "AC"]},
        "mono-no": {"mono_no": ["Dominance"]},
        "kappa-map-strict": {"kappa_mono": "weak"},
        "mono-search": {"mono_search_flips": 1},
        "yes-search": {"yes_search_flips": 2},
        "iba-limit": {"iba_alpha_13": "weak"},
        "minagr": {"minagr": ["BA", "WA", "OP", "ACC", "MCC", "MAP", "MAR", "MacroF", "CBA",
                              "IAM", "GM"]},
        "same-groups": {"same_fixed_new": 1},
        "identities": {"identities_symbolic": "one fails"},
        "same-groups-which": {"same_group_members": [["balanced_accuracy", "macro_recall"],
                                                     ["cba", "iam"]]},
        "identity-conditions": {"iam_gap_zero": 0.0},
        "prev-free-flat": {"bias_free_max": 0.01},
        "prev-moves": {"bias_acc": -0.05},
        "f1-drops": {"shift_f1_deploy": 0.9},
        "iam-bump": {"iam_peak": 0.0},
        "map-fixed": {"map_never_fixed": 1},
        "map-example-tie": {"map_example_tied_with": []},
        "mcc-used-same": {"rho_mcc_used_max": 86},
        "poleb-fewer": {"lrbal_poleb_max": 70},
        "family-no-trend": {"rho_family_lo": 0.05},
        "baseline-ends": {"baseline_every_q": ["BA", "kappa", "MAR", "MAP"]},
        "iba-half": {"iba_drop_50": 1e-6},
        "ex-study-ties": {"ex_study_ties": 1},
        "accba-reverse": {"accba_rev_all": 20, "accba_rev_words": "a minority"},
        "accba-never": {"accba_never": 30},
        "dis-reverse": {"dis_rev_all_share": 0.4, "dis_rev_words": "a minority"},
        "accba-sig-both": {"accba_sig": 0},
        "lrbal": {"lrbal_acc": 40},
        "blocks-overlap": {"blocks_overlap": "separate"},
        "blocks": {"block_a": ["BA", "GM", "IBA", "AC", "OP"]},
        "f1-mcc": {"rho_mcc_f1": 0.8},
        "same-not-all": {"same_ba_gm": 104},
        "mean-differ": {"mean_differ": 0.2},
        "acc-rises": {"shift_acc_deploy": 0.8},
        "ex-deploy": {"ex_false_alarms": 0.4},
        "ties": {"ties_all": 0},
        "pick-stable": {"stable_max": 105},
        "dropped-folds": {"tests_dropped_metrics": ["F1", "MCC"]},
        "mcc-fewer": {"rho_mcc_used_min": 105},
        "ir-trend": {"rho_ir_lo": 0.05, "ir_trend": "a trend"},
        "cba-moves": {"cba_drop": 0.0},
        "mar-columns": {"moved_mar": 0.01},
        "gm-not-ba": {"lrbal_others_min": 60},
    }
    # each part of a longer claim fails it on its own
    PART_BREAKERS = [
        ("lrbal", {"lrbal_op": 52}),  # 52 of 105 is not a majority
        ("lrbal", {"lrbal_hmnc": 10}),
        ("iba-half", {"iba_drops_above": [4e-7, 4e-5, 2e-4, 0.0]}),
        ("iba-half", {"iba_drops_above": [4e-7, 0.0, 2e-4, 6e-4]}),
        ("iba-half", {"iba_drops_above": [4e-7, 4e-5, 2e-4]}),  # an alpha left untried
        ("accba-sig-both", {"accba_sig": 60}),
        ("accba-sig-both", {"accba_sig_ba": 20}),
        ("map-fixed", {"map_example_pick": "GNB", "map_example_pick_nan": "GNB"}),
        ("ir-trend", {"rho_family": 0.3}),
    ]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return syn.SynthesisFindings.from_record(load("synthesis"))


def test_iba_falls_above_one_half_by_the_derivative():
    # d IBA / d TNR = TPR (1 + alpha (TPR - 2 TNR)) < 0 at TPR -> 0, TNR = 1 iff alpha > 1/2:
    # raising TNR from 0.99 to 1 at TPR = 0.01 lowers IBA for alpha = 0.6, not for 0.5
    def iba(tpr, tnr, a):
        C = np.array([[tnr, 1 - tnr], [1 - tpr, tpr]])
        return float(il.iba(C, alpha=a))

    assert iba(0.01, 1.0, 0.6) < iba(0.01, 0.99, 0.6)
    assert iba(0.01, 1.0, 0.5) >= iba(0.01, 0.99, 0.5)


# ---------------------------------------------------------------- independent checks


def test_corrected_ttest_without_correction_is_the_plain_t_test():
    d = np.random.default_rng(1).normal(0.01, 0.02, 25)
    t, p = syn.corrected_ttest(d, test_share=0.0)
    ref = ttest_1samp(d, 0.0)
    assert np.isclose(t, ref.statistic) and np.isclose(p, ref.pvalue)
    # the correction for 5-fold CV (n2/n1 = 1/4) shrinks t by sqrt((1/25) / (1/25 + 1/4))
    t5, _ = syn.corrected_ttest(d)
    assert np.isclose(t5, ref.statistic * np.sqrt((1 / 25) / (1 / 25 + 1 / 4)))


def test_acc_ba_reversals_by_a_plain_loop(f):
    res = study.load_result()
    c = res["counts"].astype(float)
    acc = np.trace(c, axis1=-2, axis2=-1) / c.sum(axis=(-2, -1))
    tpr = c[..., 1, 1] / c[..., 1, :].sum(-1)
    tnr = c[..., 0, 0] / c[..., 0, :].sum(-1)
    ba = (tpr + tnr) / 2
    n_differ = n_all = n_never = 0
    for d in range(c.shape[0]):
        a_pick = int(np.argmax(np.round(acc[d].mean(-1), 12)))
        b_pick = int(np.argmax(np.round(ba[d].mean(-1), 12)))
        if a_pick == b_pick:
            continue
        n_differ += 1
        rev = sum(acc[d, a_pick, r] > acc[d, b_pick, r] and ba[d, b_pick, r] > ba[d, a_pick, r]
                  for r in range(c.shape[2]))
        n_all += rev == c.shape[2]
        n_never += all(int(np.argmax(np.round(acc[d, :, r], 12))) != b_pick
                       for r in range(c.shape[2]))
    assert (n_differ, n_all, n_never) == (f.acc_ba_n, f.accba_rev_all, f.accba_never)


def test_fold_matrices_add_up_to_the_pooled_ones():
    res = study.load_result()
    assert np.array_equal(res["fold_counts"].sum(axis=3), res["counts"])


def test_map_of_a_classifier_without_positive_predictions_is_the_npv(f):
    res = study.load_result()
    d = res["names"].tolist().index(f.map_example)
    g = res["models"].tolist().index(f.map_example_model)
    C = res["counts"][d, g]
    assert (C[:, :, 1].sum(-1) == 0).sum() == f.map_example_nopos
    npv = C[:, 0, 0] / C[:, :, 0].sum(-1)
    assert round(float(npv.mean()), 3) == f.map_example_nan
    assert np.allclose(il.macro_precision(C.astype(float), zero_division=0.0), npv / 2)


def test_iba_counterexample_by_hand(f):
    def iba(tn, fp, fn, tp, a=0.6):
        tpr, tnr = tp / (tp + fn), tn / (tn + fp)
        return (1 + a * (tpr - tnr)) * tpr * tnr

    drop = iba(7, 1, 4, 1) - iba(8, 0, 4, 1)  # one false positive corrected
    assert drop > 0 and np.isclose(drop, f.iba_alpha_13_drop)
    assert [list(r) for r in f.iba_alpha_13_matrix] == [[7, 1], [4, 1]]


def test_kappa_strictly_monotone_with_both_classes_by_hand():
    def kappa(tn, fp, fn, tp):
        m = tn + fp + fn + tp
        po = (tp + tn) / m
        pe = ((tp + fn) * (tp + fp) + (tn + fp) * (tn + fn)) / m**2
        return (po - pe) / (1 - pe)

    for n in range(2, 11):
        for tn in range(n + 1):
            for fp in range(n + 1 - tn):
                for fn in range(n + 1 - tn - fp):
                    tp = n - tn - fp - fn
                    if tp + fn == 0 or tn + fp == 0:
                        continue
                    k = kappa(tn, fp, fn, tp)
                    if fn:
                        assert kappa(tn, fp, fn - 1, tp + 1) > k
                    if fp:
                        assert kappa(tn + 1, fp - 1, fn, tp) > k


@pytest.mark.parametrize("metric, column", [
    ("balanced_accuracy", "truth/prediction symmetric"), ("g_mean", "constant baseline"),
    ("dominance", "min at all wrong"), ("kappa", "minimal agreement"),
])
def test_the_searches_find_known_failures(metric, column):
    grid = props.all_matrices(10)
    v = props.evaluate(metric, grid[props._both_classes(grid)])
    viol = syn.violations(metric, column, float(np.nanmin(v)), float(np.nanmax(v)))
    assert not props.check_claim(viol, n_random=5000, maxiter=15).holds


def test_iam_gap_with_zero_fill_is_one_over_k():
    C = np.array([[5.0, 1.0, 0.0], [1.0, 3.0, 0.0], [0.0, 0.0, 0.0]])
    gap = il.iam(C, zero_division=0.0) - (2 * il.cba(C, zero_division=0.0) - 1)
    assert np.isclose(gap, 1 / 3)


def test_imbalance_trend_and_families(f):
    # the share of metric pairs that pick differently, per data set, from the stored
    # matrices; the families counted by name prefix, without the chapter's helper
    res = study.load_result()
    values = syn.study_values(res["counts"])
    pick = {k: np.argmax(np.round(v.mean(axis=2), 12), axis=1) for k, v in values.items()}
    keys = list(pick)
    share = np.mean([pick[a] != pick[b] for i, a in enumerate(keys) for b in keys[i + 1:]],
                    axis=0)
    ir = (res["n"] - res["n_pos"]) / res["n_pos"]
    assert round(float(spearmanr(ir, share).statistic), 2) == f.rho_ir
    names = res["names"].tolist()
    assert sum(n.startswith("ecoli") for n in names) == 19
    assert (f.family_1_name, f.family_1) == ("ecoli", 19) and f.study_families == 33


def test_guide_numbers_by_hand(f):
    assert f.cost_ratio == 49.0  # (1 - 0.02) / 0.02

    def at(pi, tpr=0.8, tnr=0.9):  # one unit of samples at prevalence pi
        return np.array([[tnr * (1 - pi), (1 - tnr) * (1 - pi)], [(1 - tpr) * pi, tpr * pi]])

    cba = [float(il.cba(at(p))) for p in (0.3, 0.02)]
    assert round(cba[0] - cba[1], 3) == f.cba_drop
    assert f.moved_mar == 0.0


def test_every_failed_property_has_a_witness():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        prop = props.property_matrix(list(METRICS), n_max=10)
    w = syn.witnesses(prop)
    n_no = int(((prop == "no").drop(columns=["monotone", "minimal agreement"],
                                    errors="ignore")).to_numpy().sum())
    assert len(w) == n_no
    missing = w[w.iloc[:, 2].isna()]
    assert missing.empty, missing


def test_iba_monotone_up_to_alpha_one_half_by_the_derivative():
    # d IBA / d TNR = TPR (1 + alpha TPR - 2 alpha TNR) >= TPR (1 - 2 alpha) >= 0 for
    # alpha <= 1/2; just above, at TPR = 0.01 and TNR = 1 the derivative is negative
    a, t = 0.51, 0.01
    assert t * (1 + a * t - 2 * a * 1.0) < 0
    C = lambda tpr, tnr: [[tnr, 1 - tnr], [1 - tpr, tpr]]
    assert il.iba(C(t, 1.0), alpha=a) < il.iba(C(t, 0.99), alpha=a)
    assert il.iba(C(t, 1.0), alpha=0.5) >= il.iba(C(t, 0.99), alpha=0.5)


def test_map_of_the_never_positive_guesser_is_half_the_npv():
    # all-negative guesser at prevalence pi: TN = 1 - pi, FN = pi; MAP with the
    # never-predicted class counted 0 is (1 - pi)/2, not the baseline 1/2
    pi = 0.05
    C = [[1 - pi, 0.0], [pi, 0.0]]
    assert il.macro_precision(C, zero_division=0.0) == pytest.approx((1 - pi) / 2)


def _rates(counts):
    # TPR, TNR and ACC by hand from stored matrices [[TN, FP], [FN, TP]]
    tn, fp = counts[..., 0, 0], counts[..., 0, 1]
    fn, tp = counts[..., 1, 0], counts[..., 1, 1]
    return tp / (tp + fn), tn / (tn + fp), (tp + tn) / (tp + tn + fp + fn)


def test_ties_stability_and_identical_rankings_by_hand(f):
    res = study.load_result()
    tpr, tnr, acc = _rates(res["counts"].astype(float))  # (D, M, R)
    # BA and GM rank the six models identically (Spearman 1) on f.same_ba_gm data sets
    ba, gm = ((tpr + tnr) / 2).mean(axis=2), np.sqrt(tpr * tnr).mean(axis=2)
    rs = [spearmanr(x, y).statistic for x, y in zip(ba, gm) if np.ptp(x) > 0 and np.ptp(y) > 0]
    assert (len(rs), sum(r > 1 - 1e-12 for r in rs)) == (f.used_ba_gm, f.same_ba_gm)
    # accuracy: the pick (first of the best means) is the best model of every repetition
    m = np.round(acc.mean(axis=2), 12)
    pick = m.argmax(axis=1)
    per_rep = np.round(acc, 12).argmax(axis=1)  # (D, R)
    assert int(np.all(per_rep == pick[:, None], axis=1).sum()) == f.stable_acc
    # ties at the top under every metric: each such data set has a perfect classifier,
    # and accuracy ties on f.ties_acc_more data sets besides them
    values = syn.study_values(res["counts"])
    top = {k: np.round(v.mean(axis=2), 12) for k, v in values.items()}
    tied = {k: (t == t.max(axis=1, keepdims=True)).sum(axis=1) > 1 for k, t in top.items()}
    every = np.all(list(tied.values()), axis=0)
    acc_tied = (m == m.max(axis=1, keepdims=True)).sum(axis=1) > 1
    assert int(every.sum()) == f.ties_all and np.all(m[every].max(axis=1) == 1.0)
    assert int((acc_tied & ~every).sum()) == f.ties_acc_more
