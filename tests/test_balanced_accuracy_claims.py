"""The balanced-accuracy chapter: its claims hold on its findings, and each check can fail.

Expected numbers come from hand computation (class counts of the data sets,
closed forms), from scipy's binomial distribution summed independently of the
chapter's enumeration, from scikit-learn, or, for the KEEL check of Vergne's
advice, from the stored study's raw counts with plain numpy.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from claims_scaffold import ClaimsContract
from scipy import stats
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_curve
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from imbalance_lib.book import study
from imbalance_lib.book.chapters import balanced_accuracy as bacc
from imbalance_lib.book.claims import failing
from imbalance_lib.book.datasets import load_satimage
from imbalance_lib.book.properties import check_claim
from imbalance_lib.book.record import load

NOTEBOOK = Path(__file__).resolve().parents[1] / "chapters" / "balanced_accuracy.ipynb"


@pytest.fixture(scope="module")
def record():
    # the record the chapter proves when it executes
    return bacc.BalancedAccuracyFindings.from_record(load("balanced_accuracy"))


class TestClaims(ClaimsContract):
    CLAIMS = bacc.CLAIMS
    # one altered finding per claim: the value that would make the sentence false
    BREAKERS = {
        "ir-published": {"ir_glass": 11.6},
        "run-paradox": {"run_acc": 0.91},
        "par-flat": {"par_ba_spread": 1e-3},
        "par-scatter": {"par_bamin": 0.5},
        "par-band": {"par_cross": 0.3},
        "vergne-acc": {"vergne_acc": 0.98},
        "chance-mean": {"chance_mean_gap": 1e-6},
        "chance-quarter": {"chance_perfect_1_1": 0.5},
        "chance-fades": {"chance_100": 0.05},
        "chance-not-monotone": {"chance_rises_small": 0},
        "vergne-exact": {"vergne_disagree": 4},
        "vergne-small-class": {"vergne_worst_smaller_class": 500},
        "gm-example": {"gm_ex_gm": 0.55},
        "exp-acc-ignores": {"exp_acc_best": 0.95},
        "exp-ba-near-prevalence": {"exp_t_ba": 0.3},
        "exp-gm-between": {"exp_t_gm": 0.6},
        "exp-ba-flat": {"exp_flat_hi": 0.06},
        "exp-default-near-allneg": {"exp_ba_default": 0.7},
        "exp-honest-recover": {"exp_ba_weighted": 0.6},
        "keel-near-balance": {"keel_near_agree": 0.95},
        "keel-agree-cannot-tell": {"keel_agree_diff": 0.4},
        "exp-gap-seeds": {"exp_gap_pi_hi": 0.06},
        "exp-acc-tied": {"exp_acc_ties": 1},
        "keel-cost-grows": {"keel_lost_far": 0.04},
        "keel-alpha-small": {"keel_alpha_small_agree": 0.8},
        "keel-alpha-large": {"keel_alpha_large_agree": 0.85},
        "checks-hold": {"checks_hold": 11},
        "checks-rounding": {"checks_worst": 1e-10},
        "ex-chance-weak": {"ex_pchance": 0.01},
    }
    # the other parts of the longer sentences
    PART_BREAKERS = [
        # weighting or tuning must cost accuracy: a weighted model as accurate as the default
        ("exp-honest-recover", {"exp_acc_weighted": 0.95}),
        # flat near its top: a band narrower than the distance to the prevalence
        ("exp-ba-flat", {"exp_flat_lo": 0.066, "exp_flat_hi": 0.068}),
        ("run-paradox", {"run_tpr": 0.4}),
        ("par-flat", {"par_const_ba_gap": 1e-3}),
        ("par-band", {"par_cross_prefix": False}),
        ("exp-acc-ignores", {"exp_tpr_acc": 0.2}),
        # the uncertainty counts: the same means with standard errors twice as large
        ("keel-near-balance", {"keel_near_agree_se": 0.3}),
        ("keel-cost-grows", {"keel_lost_near_se": 0.03, "keel_lost_far_se": 0.03}),
        # the middle band: as costly as the far one, or far not about twice the others
        ("keel-cost-grows", {"keel_lost_mid": 0.07}),
        ("keel-cost-grows", {"keel_lost_near": 0.01, "keel_lost_mid": 0.01}),
        # a difference that two standard errors can resolve
        ("keel-agree-cannot-tell", {"keel_agree_diff_se": 0.05}),
        ("exp-gap-seeds", {"exp_seeds": 1}),
        ("exp-gap-seeds", {"exp_gap_pi": 0.03}),  # the seed shown outside the range
        ("exp-acc-tied", {"exp_tpr_acc_hi": 0.06}),
        ("keel-alpha-small", {"keel_alpha_small_se": 0.05}),
        ("keel-alpha-large", {"keel_alpha_small_se": 0.06, "keel_alpha_large_se": 0.06}),
    ]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return bacc.BalancedAccuracyFindings.from_record(load("balanced_accuracy"))


# --------------------------------------------------------------------------- corrections


def _markdown() -> list[str]:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def _paragraph_citing(key: str) -> str:
    """The text before the ``% claims:`` line that cites ``key`` (its paragraph or item)."""
    for md in _markdown():
        lines = md.splitlines()
        for i, line in enumerate(lines):
            if line.strip().startswith("% claims:") and key in line:
                start = i
                while start > 0 and lines[start - 1].strip() and not \
                        lines[start - 1].lstrip().startswith("- "):
                    start -= 1
                return "\n".join(lines[max(start - 1, 0):i])
    raise AssertionError(f"no sentence cites {key}")


def test_vergne_acc_names_the_all_positive_classifier():
    text = {c.key: c.text for c in bacc.CLAIMS}["vergne-acc"]
    assert "all-positive" in text and "P/n" in text and "all-negative" not in text
    assert "P = 990" in text and "N = 10" in text


def test_published_ratios_are_said_to_agree():
    paragraph = _paragraph_citing("ir-published")
    assert "agree to two decimals" in paragraph
    assert "ba-ir-glass" in paragraph and "ba-ir-sat" in paragraph


def test_computed_counts_are_glued_not_typed():
    prose = "\n".join(_markdown())
    for typed in ["only 10 samples", "three quarters of the sick", "A quarter of the time",
                  "N/P = 49", "on 105 data sets"]:
        assert typed not in prose, typed
    for glued in ["ba-vergne-worst-smaller-class", "ba-ex-screen-tpr",
                  "ba-chance-perfect-1-1", "ba-ex-cost-r-ba", "ba-keel-datasets"]:
        assert f"{{glue:text}}`{glued}" in prose, glued


def test_every_glued_name_is_a_finding(record):
    prose = "\n".join(_markdown())
    used = set(re.findall(r"\{glue:text\}`(ba-[\w-]+)", prose))
    assert used and used <= set(record.glue_names())


def test_vergne_advice_is_checked_and_cited():
    cited = " ".join(line for md in _markdown() for line in md.splitlines()
                     if line.strip().startswith("% claims:"))
    for key in ["keel-near-balance", "keel-agree-cannot-tell", "keel-cost-grows",
                "keel-alpha-small", "keel-alpha-large"]:
        assert key in cited, key


# --------------------------------------------------------------------------- by hand


def test_imbalance_ratios_by_hand(record):
    # Glass: 17 of 214 samples are type 3; Satimage: 626 of 6435 are class 4
    assert record.ir_glass == pytest.approx(197 / 17, abs=1e-12)
    assert record.ir_sat == pytest.approx(5809 / 626, abs=1e-12)


def test_running_example_by_hand(record):
    # TP = 6, FN = 4, FP = 9, TN = 81
    assert record.run_tpr == pytest.approx(6 / 10)
    assert record.run_acc == pytest.approx(87 / 100)
    assert record.run_allneg == pytest.approx(90 / 100)


def test_crossing_prevalence_by_hand(record):
    # all negative: ACC = 1 - pi; informative: ACC = 0.8 for every pi; equal at pi = 0.2
    assert abs(record.par_cross - 0.2) <= 0.001 + 1e-12


def _tail_by_hand(P, N, bound):
    """Pr[(TP/P + TN/N)/2 >= bound] for TP ~ Bin(P, 1/2), TN ~ Bin(N, 1/2), summed over TP."""
    total = 0.0
    for tp in range(P + 1):
        tn_min = math.ceil((2 * bound - tp / P) * N - 1e-9)  # smallest TN that reaches it
        total += stats.binom.pmf(tp, P, 0.5) * stats.binom.sf(max(tn_min, 0) - 1, N, 0.5)
    return total


def test_coin_flip_tails_by_hand(record):
    assert record.chance_10 == pytest.approx(_tail_by_hand(10, 990, 0.6), abs=1e-12)
    assert record.chance_100 == pytest.approx(_tail_by_hand(100, 900, 0.6), rel=1e-9)
    assert record.ex_pchance == pytest.approx(_tail_by_hand(8, 992, 0.62), abs=1e-12)
    assert record.chance_perfect_1_1 == 0.25  # both right: (1/2) * (1/2)


def test_article_numbers_by_hand(record):
    assert record.vergne_acc == pytest.approx(990 / 1000)
    # 3 data sets x 5 classifiers; one realised coin flip per data set
    assert record.vergne_rows == 15 and record.vergne_disagree_realised == 3


def test_exercise_numbers_by_hand(record):
    assert record.ex_screen_tpr == pytest.approx(15 / 20)
    assert record.ex_cost_r_ba == pytest.approx(0.98 / 0.02)


def test_geometric_mean_example_by_hand(record):
    assert record.gm_ex_ba == pytest.approx((1 + 0.2) / 2)
    assert record.gm_ex_gm == pytest.approx(math.sqrt(0.2))


def test_threshold_sweep_against_scikit_learn(record):
    # the best balanced accuracy and accuracy over every cut of the same out-of-fold
    # scores, from scikit-learn's ROC curve (one point per distinct threshold)
    sat = load_satimage(positive=4)
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    s = cross_val_predict(model, sat.data, sat.target, cv=cv, method="predict_proba")[:, 1]
    fpr, tpr, thr = roc_curve(sat.target, s, drop_intermediate=False)
    P, N = 626, 6435 - 626
    ba = (tpr + 1 - fpr) / 2
    acc = (tpr * P + (1 - fpr) * N) / (P + N)
    assert record.exp_ba_best == pytest.approx(ba.max(), abs=1e-9)
    assert record.exp_acc_best == pytest.approx(acc.max(), abs=1e-9)
    assert record.exp_acc_allneg == pytest.approx(1 - 626 / 6435)
    # flat near its top: BA at the cut nearest the prevalence (rule score >= t)
    cut = thr[1:]  # roc_curve's first threshold is +inf (no positive prediction)
    j = np.argmin(np.abs(cut - 626 / 6435))
    assert record.exp_gap_pi == pytest.approx(ba.max() - ba[1:][j], abs=1e-9)
    # accuracy's maximum: every cut that reaches it, by scikit-learn's curve
    tied = np.flatnonzero(acc >= acc.max() - 1e-12)
    assert record.exp_acc_ties == tied.size
    assert record.exp_t_acc == pytest.approx(thr[tied].min())
    assert record.exp_t_acc_hi == pytest.approx(thr[tied].max())
    assert record.exp_tpr_acc_hi == pytest.approx(tpr[tied].max())
    band = cut[ba[1:] >= ba.max() - record.exp_flat_tol]
    assert record.exp_flat_lo >= band.min() - 1e-12
    assert record.exp_flat_hi <= band.max() + 1e-12


def test_seed_gaps_against_scikit_learn(record):
    # the gap at the prevalence for fold seed 3, from scikit-learn's ROC curve
    sat = load_satimage(positive=4)
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=3)
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    s = cross_val_predict(model, sat.data, sat.target, cv=cv, method="predict_proba")[:, 1]
    fpr, tpr, thr = roc_curve(sat.target, s, drop_intermediate=False)
    ba = ((tpr + 1 - fpr) / 2)[1:]
    gap = ba.max() - ba[np.argmin(np.abs(thr[1:] - 626 / 6435))]
    assert record.exp_seeds == 8
    assert record.exp_gap_pi_lo - 1e-12 <= gap <= record.exp_gap_pi_hi + 1e-12
    assert record.exp_lead_tenth_lo - 1e-12 <= (ba.max() - 0.5) / 10 <= record.exp_lead_tenth_hi + 1e-12


def test_keel_check_by_hand(record):
    # the stored study's raw counts, rates written out with numpy (no imbalance_lib)
    res = study.load_result()
    C = res["counts"].astype(float)  # (data set, model, repetition, 2, 2)
    tpr = C[..., 1, 1] / C[..., 1, :].sum(-1)
    tnr = C[..., 0, 0] / C[..., 0, :].sum(-1)
    acc = (C[..., 0, 0] + C[..., 1, 1]) / C.sum((-1, -2))
    ba, acc = ((tpr + tnr) / 2).mean(2), acc.mean(2)
    ir = (res["n"] - res["n_pos"]) / res["n_pos"]
    near, far = ir < 3, ir >= 9
    top_ba = ba >= ba.max(1, keepdims=True) - 1e-12
    top_acc = acc >= acc.max(1, keepdims=True) - 1e-12
    agree = (top_ba & top_acc).any(1)
    lost = ba.max(1) - np.array([ba[d, top_acc[d]].mean() for d in range(len(ir))])
    assert record.keel_datasets == len(ir) == 105
    assert (record.keel_near_n, record.keel_far_n) == (near.sum(), far.sum())
    assert record.keel_near_agree == pytest.approx(agree[near].mean())
    assert record.keel_far_agree == pytest.approx(agree[far].mean())
    p, m = agree[near].mean(), near.sum()
    assert record.keel_near_agree_se == pytest.approx(math.sqrt(p * (1 - p) / m))
    assert record.keel_lost_near == pytest.approx(lost[near].mean())
    assert record.keel_lost_far == pytest.approx(lost[far].mean())
    assert record.keel_lost_far_se == pytest.approx(stats.sem(lost[far]))
    mid = ~near & ~far
    assert record.keel_mid_n == mid.sum()
    assert record.keel_lost_mid == pytest.approx(lost[mid].mean())
    assert record.keel_lost_mid_se == pytest.approx(stats.sem(lost[mid]))
    q = agree[far].mean()
    assert record.keel_agree_diff == pytest.approx(q - p)
    assert record.keel_agree_diff_se == pytest.approx(
        math.sqrt(p * (1 - p) / m + q * (1 - q) / far.sum()))
    hits = {}
    for alpha in bacc.ALPHAS:
        wa = (alpha * tpr + (1 - alpha) * tnr).mean(2)
        hits[alpha] = ((wa >= wa.max(1, keepdims=True) - 1e-12) & top_ba).any(1).mean()
    assert record.keel_alpha_small_agree == pytest.approx(min(hits[0.4], hits[0.6]))
    assert record.keel_alpha_large_agree == pytest.approx(max(hits[0.25], hits[0.75]))


# --------------------------------------------------------------------------- the checker


def test_the_checker_catches_a_false_statement():
    # BA = 1/2 + det C / (PN), without the factor 2, is false
    wrong = bacc.statement(lambda v: np.abs(
        v["ba"] - 0.5 - (v["tp"] * v["tn"] - v["fp"] * v["fn"]) / (v["P"] * v["N"])))
    result = check_claim(wrong, n_random=2000, optimise=False)
    assert not result.holds and result.counterexample is not None
    # and the chain of means in the wrong direction, GM >= BA
    reversed_chain = bacc.statement(lambda v: v["ba"] - v["gm"])
    assert not check_claim(reversed_chain, n_random=2000, optimise=False).holds


def test_every_theorem_statement_applies_somewhere():
    # a statement skipped on every matrix would pass vacuously
    C = 10.0 ** np.random.default_rng(1).uniform(-3, 3, size=(2000, 2, 2))
    for name, violation in bacc.THEOREMS.items():
        assert np.isfinite(violation(C)).any(), name


def test_a_false_record_fails_its_claims(record):
    assert "vergne-acc" in failing(bacc.CLAIMS, record.but(vergne_acc=10 / 1000))
