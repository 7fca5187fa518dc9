"""The threshold-free chapter: AUROC and AUPRC under imbalance.

Every experiment of the chapter, each returning what the prose states as data,
and the list of claims the prose makes (:data:`CLAIMS`). The scores of the
experiments are drawn with fixed seeds; the coverage study is small enough to
run with the page (about 20 s on two cores).
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
from scipy.stats import norm

import imbalance_lib as il
from imbalance_lib.book.claims import Claim

__all__ = [
    "expected_random_ap", "random_ap_check", "score_checks", "dominance",
    "dominance_pairs", "dominance_check", "atomic_check",
    "interpolation_table", "subgroup_experiment", "mcdermott_rerun", "mcdermott_table", "mcdermott_findings",
    "coverage_study", "coverage_figure",
    "bootstrap_coverage_table", "bootstrap_beside", "random_ap_tail", "baseline_exercise",
    "atomic_example", "perfect_intervals", "logit_separation",
    "study_findings", "study_table",
    "findings", "CLAIMS",
]

SHIFT = 1.5
"""Separation of the binormal scores (positives N(SHIFT, 1), negatives N(0, 1))."""


# --------------------------------------------------------------------------- AUROC


@cache
def score_checks(n_cases: int = 400, seed: int = 0) -> dict:
    """AUROC as a probability, its invariance to prevalence, and the one-point AUROC.

    On random labels and rounded (tied) scores: the largest gap between
    :func:`imbalance_lib.roc_auc` and the pair count of its definition; the
    largest change when every negative is repeated ``k`` times (the prevalence
    divided by about ``k``); and the largest gap between the AUROC of a hard
    prediction and the balanced accuracy of its confusion matrix.
    """
    rng = np.random.default_rng(seed)
    pairs = prevalence = one_point = 0.0
    for _ in range(n_cases):
        n = int(rng.integers(2, 60))
        y = rng.integers(0, 2, n)
        y[:2] = [0, 1]
        s = np.round(rng.normal(y, 1.0), int(rng.integers(0, 2)))
        x, z = s[y == 1], s[y == 0]
        by_pairs = ((x[:, None] > z[None]) + 0.5 * (x[:, None] == z[None])).mean()
        auc = il.roc_auc(y, s)
        pairs = max(pairs, abs(auc - by_pairs))
        k = int(rng.integers(2, 20))
        rep = np.where(y == 0, k, 1)
        prevalence = max(prevalence, abs(il.roc_auc(np.repeat(y, rep), np.repeat(s, rep)) - auc))
        pred = (s > np.median(s)).astype(int)
        ba = il.balanced_accuracy(il.confusion_matrix(y, pred, labels=[0, 1]))
        one_point = max(one_point, abs(il.roc_auc(y, pred) - ba))
    return {"score_cases": n_cases, "gap_pairs": pairs, "gap_prevalence": prevalence,
            "gap_one_point": one_point}


# --------------------------------------------------------------------------- PR space


def expected_random_ap(n: int, n_pos: int) -> float:
    r"""Expected average precision of a random ranking of ``n`` samples, ``n_pos`` positive.

    .. math:: E[AP] = \frac{H_n}{n} + \frac{P - 1}{n(n - 1)}\,(n - H_n),

    :math:`H_n` the n-th harmonic number (derived in the chapter).

    >>> round(expected_random_ap(2, 1), 6)  # ranks 1 and 2 equally likely: (1 + 1/2) / 2
    0.75
    """
    h = float(np.sum(1.0 / np.arange(1, n + 1)))
    return h / n + (n_pos - 1) / (n * (n - 1)) * (n - h)


@cache
def random_ap_check(max_n: int = 9) -> dict:
    """The expectation of AP over every ranking of small test sets, against the formula."""
    worst, cases = 0.0, 0
    for n in range(2, max_n + 1):
        for p in range(1, n):
            values = []
            for top in itertools.combinations(range(n), p):  # positions of the positives
                y = np.zeros(n, int)
                y[list(top)] = 1
                values.append(il.average_precision(y, -np.arange(n)))  # rank 0 on top
            worst = max(worst, abs(np.mean(values) - expected_random_ap(n, p)))
            cases += len(values)
    return {"random_ap_rankings": cases, "random_ap_gap": worst,
            "random_ap_1000_10": expected_random_ap(1000, 10),
            "random_ap_1000_10_excess": expected_random_ap(1000, 10) - 0.01}


def random_ap_tail(n: int, n_pos: int, level: str) -> float:
    """Exact probability that a random ranking of ``n`` samples (``n_pos`` positive) has AP >= level.

    Enumerates every set of positive ranks in exact fractions (``level`` a
    decimal string, so that a boundary value such as 0.05 is not rounded).

    >>> random_ap_tail(2, 1, "1")  # the positive on top in one ranking of two
    0.5
    """
    from fractions import Fraction

    bar, hits, total = Fraction(level), 0, 0
    for ranks in itertools.combinations(range(1, n + 1), n_pos):
        ap = sum(Fraction(i + 1, r) for i, r in enumerate(ranks)) / n_pos
        hits += ap >= bar
        total += 1
    return hits / total


@cache
def baseline_exercise() -> dict:
    """Exercise rank-ex-baseline: 200 samples, 2 positives, a reported AP of 0.05."""
    n, p, level = 200, 2, "0.05"
    return {"ex_base_mean": expected_random_ap(n, p),
            "ex_base_reported": float(level),
            "ex_base_tail": random_ap_tail(n, p, level)}


@cache
def interpolation_table(seed: int = 0):
    """Three areas under the PR curve of two classifiers on Satimage (class 4 against the rest).

    Logistic regression (almost every score distinct) and 10 nearest neighbours
    (eleven distinct scores), trained on half the data and scored on the other
    half: average precision (the step sum), the Davis-Goadrich area
    (:func:`imbalance_lib.pr_auc`), and the trapezoids of scikit-learn's
    ``auc(recall, precision)`` (linear interpolation).
    """
    import pandas as pd
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import auc, precision_recall_curve
    from sklearn.model_selection import train_test_split
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from imbalance_lib.book.datasets import load_satimage

    sat = load_satimage(positive=4)
    X_tr, X_te, y_tr, y_te = train_test_split(sat.data, sat.target, test_size=0.5,
                                              stratify=sat.target, random_state=seed)
    models = {"logistic regression": LogisticRegression(max_iter=2000, tol=1e-10),
              "10 nearest neighbours": KNeighborsClassifier(10)}
    rows = {}
    for name, model in models.items():
        s = make_pipeline(StandardScaler(), model).fit(X_tr, y_tr).predict_proba(X_te)[:, 1]
        prec, rec, _ = precision_recall_curve(y_te, s)
        rows[name] = {"distinct scores": len(np.unique(s)),
                      "AP (steps)": il.average_precision(y_te, s),
                      "Davis-Goadrich": il.pr_auc(y_te, s),
                      "linear (trapezoids)": auc(rec, prec)}
    return pd.DataFrame.from_dict(rows, orient="index")


# --------------------------------------------------------------------------- dominance


def _points(y, s) -> tuple[np.ndarray, np.ndarray]:
    """The achievable points of a score as integer counts (FP, TP), from FP = 0 upwards."""
    _, C = il.threshold_sweep(y, s)
    return C[::-1, 0, 1].astype(np.int64), C[::-1, 1, 1].astype(np.int64)


def _roc_under(fa, ta, fb, tb) -> np.ndarray:
    """Which points (fb, tb) lie on or under the ROC curve through A's points (fa, ta).

    A's curve joins its points by straight segments; a point is under it when
    some segment spanning its FP passes at or above it (cross-multiplied in
    integers, so a point exactly on the curve counts as under; a vertical
    segment spans TP up to its top).
    """
    f0, f1, t0, t1 = fa[:-1], fa[1:], ta[:-1], ta[1:]
    fb, tb = fb[:, None], tb[:, None]
    spans = (f0 <= fb) & (fb <= f1)
    # a vertical segment (a run of positives) reaches up to its top t1
    above = np.where(f1 == f0, tb <= t1, (tb - t0) * (f1 - f0) <= (t1 - t0) * (fb - f0))
    return (spans & above).any(axis=1)


def _pr_under(fa, ta, fb, tb, envelope: bool = False) -> np.ndarray:
    """Which points of B lie on or under A's precision-recall curve, in precision.

    B's point has recall ``tb / P`` and precision ``tb / (tb + fb)``; points of
    recall 0 carry no precision and are skipped. A's PR curve at recall ``tb /
    P`` is Davis and Goadrich's interpolation between A's two achievable points
    around it: with ``x`` positives of the step taken, ``TP = TP_0 + x`` and
    ``FP = FP_0 + x (FP_1 - FP_0) / (TP_1 - TP_0)``; where A has several points
    at that recall, its best precision counts. With ``envelope=True``, A may use
    its best precision at that recall *or higher* (the interpolated precision of
    information retrieval), a weaker requirement than the theorem's.
    """
    f0, f1, t0, t1 = fa[:-1], fa[1:], ta[:-1], ta[1:]
    keep = tb > 0
    fb, tb = fb[keep][:, None], tb[keep][:, None]
    dt, df = t1 - t0, f1 - f0
    # precision of A on each step at TP = tb, as num / den (den > 0 where tb > 0)
    flat = dt == 0  # a run of negatives: at recall tb the best precision is at FP_0
    num = np.where(flat, tb, tb * dt)
    den = np.where(flat, tb + f0, tb * dt + f0 * dt + df * (tb - t0))
    spans = (t0 <= tb) & (tb <= t1)
    # precision_A >= precision_B  <=>  num (tb + fb) >= tb den
    better = (spans & (num * (tb + fb) >= tb * den)).any(axis=1)
    if envelope:  # or any achievable point of A at that recall or higher
        ta_, fa_ = ta[None, :], fa[None, :]
        better |= ((ta_ >= tb) & (ta_ * (tb + fb) >= tb * (ta_ + fa_))).any(axis=1)
    out = np.ones(keep.shape, bool)
    out[keep] = better
    return out


def dominance(y, a, b) -> dict:
    """Does score ``a`` dominate score ``b`` on labels ``y``, in ROC space and in PR space?

    Each verdict is decided from its own curve: ROC dominance when every
    achievable ROC point of ``b`` (from :func:`imbalance_lib.threshold_sweep`) lies
    on or under ``a``'s ROC curve; PR dominance when at the recall of every
    achievable point of ``b`` (recall above 0), ``a``'s PR curve reaches at least
    its precision (Davis and Goadrich's interpolation between ``a``'s points);
    ``"pr_envelope"`` relaxes the PR test to the best precision of ``a`` at that
    recall or higher.
    """
    fa, ta = _points(y, a)
    fb, tb = _points(y, b)
    return {"roc": bool(_roc_under(fa, ta, fb, tb).all()),
            "pr": bool(_pr_under(fa, ta, fb, tb).all()),
            "pr_envelope": bool(_pr_under(fa, ta, fb, tb, envelope=True).all())}


def dominance_pairs(n_each: int = 300, seed: int = 0):
    """Pairs of scores on the same labels, by kind: ``(kind, y, a, b)``.

    * ``"random"``: two independent binormal scores (they mostly cross);
    * ``"lowered"``: ``b`` is ``a`` with some positives' scores lowered and
      some negatives' raised (``a`` dominates ``b`` by construction);
    * ``"near-tie"``: ``b`` is ``a`` moved by at most 1e-9, creating and
      breaking ties of ``a``'s rounded scores;
    * ``"tied"``: both scores take three or four values, with many ties.
    """
    rng = np.random.default_rng(seed)
    out = []
    for kind in ("random", "lowered", "near-tie", "tied"):
        for _ in range(n_each):
            n = int(rng.integers(4, 40))
            y = rng.integers(0, 2, n)
            y[:2] = [0, 1]
            a = rng.normal(y, 1.0)
            if kind == "random":
                b = rng.normal(y, 1.0)
            elif kind == "lowered":
                move = rng.random(n) < 0.3
                b = a - np.where(y == 1, 1, -1) * move * rng.exponential(1.0, n)
            elif kind == "near-tie":
                a = np.round(a, 1)
                b = a + rng.choice([-1e-9, 0.0, 1e-9], n)
            else:
                levels = int(rng.integers(3, 5))
                a, b = (rng.integers(0, levels, n) + 0.8 * y * rng.random(n)).round(0), \
                    rng.integers(0, levels, n).astype(float)
            out.append((kind, y, a, b))
    return out


@cache
def dominance_check(n_each: int = 300, seed: int = 0) -> dict:
    """Davis and Goadrich's theorem on the pairs of :func:`dominance_pairs`, both directions.

    For every pair and each direction (``a`` over ``b``, ``b`` over ``a``), ROC
    and PR dominance are decided independently (:func:`dominance`) and
    compared. Returns the counts, per kind the number of decisions where ROC
    dominance holds, every disagreement as ``(kind, index, direction)``, and
    the same counts for the weaker "recall or higher" PR test.
    """
    pairs = dominance_pairs(n_each, seed)
    decisions = roc = agree = lowered_found = env_weaker = 0
    disagreements, env_disagreements = [], []
    by_kind = {}
    for i, (kind, y, a, b) in enumerate(pairs):
        for direction, (u, v) in (("a>b", (a, b)), ("b>a", (b, a))):
            d = dominance(y, u, v)
            decisions += 1
            roc += d["roc"]
            by_kind[kind] = by_kind.get(kind, 0) + d["roc"]
            if kind == "lowered" and direction == "a>b":
                lowered_found += d["roc"] and d["pr"]
            if d["roc"] == d["pr"]:
                agree += 1
            else:
                disagreements.append((kind, i, direction))
            if d["roc"] != d["pr_envelope"]:
                env_disagreements.append((kind, i, direction))
                env_weaker += d["pr_envelope"] and not d["roc"]
    return {"dom_pairs": len(pairs), "dom_decisions": decisions, "dom_roc": roc,
            "dom_crossing": decisions - roc, "dom_agree": agree,
            "dom_disagree": len(disagreements), "dom_disagreements": disagreements,
            **{f"dom_roc_{k.replace('-', '_')}": v for k, v in by_kind.items()},
            "dom_lowered": n_each, "dom_lowered_found": lowered_found,
            "dom_env_disagree": len(env_disagreements), "dom_env_weaker": env_weaker,
            "dom_env_examples": env_disagreements}


# --------------------------------------------------------------------------- atomic mistakes


@cache
def atomic_check(max_n: int = 12) -> dict:
    r"""Fix every atomic mistake of every ranking with at most ``max_n`` samples.

    A ranking is a label sequence from the top score down; an atomic mistake
    is a negative at rank :math:`r` directly above a positive (ranks from 1).
    Swapping them raises the AUROC by :math:`1/(PN)` and the AP by
    :math:`i / (P\,r\,(r + 1))`, :math:`i` the number of positives in the top
    :math:`r` after the swap. Returns the largest gaps to those formulas.
    """
    gap_roc = gap_ap = 0.0
    fixes = 0
    for n in range(2, max_n + 1):
        for p in range(1, n):
            for top in itertools.combinations(range(n), p):
                y = np.zeros(n, int)
                y[list(top)] = 1
                score = -np.arange(n, dtype=float)  # position 0 is the top
                base_roc, base_ap = il.roc_auc(y, score), il.average_precision(y, score)
                for j in np.flatnonzero((y[:-1] == 0) & (y[1:] == 1)):
                    z = y.copy()
                    z[j], z[j + 1] = 1, 0
                    r, i = j + 1, int(z[: j + 1].sum())
                    gap_roc = max(gap_roc, abs(il.roc_auc(z, score) - base_roc
                                               - 1 / (p * (n - p))))
                    gap_ap = max(gap_ap, abs(il.average_precision(z, score) - base_ap
                                             - i / (p * r * (r + 1))))
                    fixes += 1
    return {"atomic_max_n": max_n, "atomic_fixes": fixes, "atomic_gap_roc": gap_roc,
            "atomic_gap_ap": gap_ap}


@cache
def atomic_example() -> dict:
    r"""The two fixes of exercise rank-ex-atomic, measured with :func:`imbalance_lib.average_precision`.

    100 samples, 10 positives; from the top ``+ - + + + +``, negatives down to
    rank 50, a positive at rank 51, the other four positives at the bottom. The
    fixes at ranks 2 and 50 are measured and compared with
    :math:`\mathrm{precision}_r / (P (r + 1))`, the precision at rank :math:`r` after
    the fix divided by :math:`P(r + 1)`.
    """
    n, p = 100, 10
    y = np.zeros(n, int)
    y[[0, 2, 3, 4, 5, 50, 96, 97, 98, 99]] = 1
    score = -np.arange(n, dtype=float)
    base = il.average_precision(y, score)
    out = {}
    for key, r in (("top", 2), ("mid", 50)):
        z = y.copy()
        z[r - 1], z[r] = 1, 0
        gain = il.average_precision(z, score) - base
        precision = z[:r].sum() / r
        out.update({f"atomic_ex_{key}_gain": gain, f"atomic_ex_{key}_precision": precision,
                    f"atomic_ex_{key}_gap": abs(gain - precision / (p * (r + 1)))})
    out["atomic_ex_top_gap_30"] = abs(out["atomic_ex_top_gain"] - 1 / 30)
    return out


def _fix_sequence(y, group, rng, metric, steps):
    """Apply ``steps`` atomic fixes chosen for ``metric``; the group of each fixed positive."""
    y, group = y.copy(), group.copy()
    helped = []
    for _ in range(steps):
        mistakes = np.flatnonzero((y[:-1] == 0) & (y[1:] == 1))
        if not len(mistakes):
            break
        # every fix adds 1 / (PN) to the AUROC: a tie, broken at random; the AP gains
        # most from the fix nearest the top
        j = mistakes[0] if metric == "AUPRC" else rng.choice(mistakes)
        helped.append(group[j + 1])
        y[j], y[j + 1] = y[j + 1], y[j]
        group[j], group[j + 1] = group[j + 1], group[j]
    return y, group, np.array(helped)


def _calibrated_scores(y, prevalence, rng):
    """Scores of a calibrated model: the log posterior odds of binormal features.

    A feature ``x ~ N(SHIFT * y, 1)`` has log likelihood ratio
    ``SHIFT * x - SHIFT**2 / 2``; adding the log prior odds of the sample's group
    gives its log posterior odds, the score a calibrated model reports.
    """
    x = rng.normal(SHIFT * y, 1.0)
    return SHIFT * x - SHIFT**2 / 2 + np.log(prevalence / (1 - prevalence))


@cache
def subgroup_experiment(n_seeds: int = 10, steps: int = 300) -> dict:
    """Which subpopulation gains when a ranking is improved for AUROC or for AUPRC?

    Two groups of 1,000 samples are scored by one calibrated model (its score
    is the log posterior odds, :func:`_calibrated_scores`) that separates the
    classes equally well in both; group A has a prevalence of 20 %, group B of
    2 %, so group A fills the top of the ranking. Starting from that ranking,
    ``steps`` atomic mistakes are fixed one at a time, each chosen to raise the
    metric most: for the AUPRC the highest-ranked mistake; for the AUROC every
    fix is worth the same, so the choice is random. Returns, per metric, the
    share of fixes given to group B's positives and each group's AUROC gain,
    as means and ranges over the seeds.
    """
    out = {}
    shares = {"AUROC": [], "AUPRC": []}
    gains = {(m, g): [] for m in shares for g in "AB"}
    for seed in range(n_seeds):
        rng = np.random.default_rng(seed)
        y = np.r_[np.ones(200, int), np.zeros(800, int), np.ones(20, int), np.zeros(980, int)]
        group = np.r_[np.zeros(1000, int), np.ones(1000, int)]
        score = _calibrated_scores(y, np.where(group == 0, 0.2, 0.02), rng)
        order = np.argsort(-score, kind="stable")
        y, group = y[order], group[order]
        rank = -np.arange(len(y), dtype=float)
        before = {g: il.roc_auc(y[group == k], rank[group == k]) for k, g in enumerate("AB")}
        for metric in shares:
            z, zg, helped = _fix_sequence(y, group, rng, metric, steps)
            shares[metric].append(float(np.mean(helped == 1)))
            for k, g in enumerate("AB"):
                gains[metric, g].append(il.roc_auc(z[zg == k], rank[zg == k]) - before[g])
    for metric in shares:
        tag = metric.lower()
        out[f"sub_{tag}_share_b"] = float(np.mean(shares[metric]))
        out[f"sub_{tag}_share_b_min"] = float(np.min(shares[metric]))
        out[f"sub_{tag}_share_b_max"] = float(np.max(shares[metric]))
        for g in "AB":
            out[f"sub_{tag}_gain_{g.lower()}"] = float(np.mean(gains[metric, g]))
    out["sub_seeds"], out["sub_steps"] = n_seeds, steps
    out["sub_mistakes_share_b"] = _mistake_share_b()
    return out


def _mistake_share_b() -> float:
    """Share of group B among the positives of the experiment (the fair share of fixes)."""
    return 20 / 220


def _scores_at_auroc(n: int, prevalence: float, auroc: float, rng) -> tuple:
    """Scores of one group with an expected AUROC of ``auroc`` (McDermott et al.'s sampler).

    The ``P = round(prevalence * n)`` positives get uniform scores; each negative
    lies above ``k ~ Binomial(P, 1 - auroc)`` of them, uniformly between the
    ``k``-th and the next positive score, so each positive outranks a share
    ``auroc`` of the negatives on average. The scores are then divided by their
    mean and multiplied by the prevalence, which lifts the high-prevalence group.
    """
    n_pos = round(prevalence * n)
    pos = np.sort(rng.uniform(0.0, 1.0, n_pos))
    bounds = np.r_[0.0, pos, 1.0]
    k = rng.binomial(n_pos, 1.0 - auroc, n - n_pos)
    neg = rng.uniform(bounds[k], bounds[k + 1])
    score = np.r_[pos, neg]
    y = np.r_[np.ones(n_pos, int), np.zeros(n - n_pos, int)]
    return score / score.mean() * prevalence, y


@cache
def mcdermott_rerun() -> dict:
    """McDermott et al.'s subpopulation experiment, re-run with the library.

    Their settings (:mod:`imbalance_lib.book.published.mcdermott2024`): two
    groups of 200 samples with prevalences of 5 % and 1 %, scores from
    :func:`_scores_at_auroc` at a target AUROC of 0.85 or 0.65, then 49 atomic
    fixes chosen as in :func:`_fix_sequence` (the highest-ranked mistake for the
    AUPRC, a random one for the AUROC), 20 seeds. Seed ``s`` draws the same two
    groups for both metrics. Returns the per-seed AUROC of each group before and
    after the fixes (:func:`il.roc_auc` on the ranks), the share of fixes that
    move a low-prevalence positive, and the share of fixes that swap samples of
    different groups (which change neither group's own AUROC).
    """
    from imbalance_lib.book.published import mcdermott2024 as pub

    groups = [pub.GROUPS["high"], pub.GROUPS["low"]]
    rows = {}
    for name, (auroc, metric) in pub.SETTINGS.items():
        rec = {k: [] for k in ("high0", "high1", "low0", "low1", "share_low", "cross")}
        for seed in range(pub.N_SEEDS):
            rng = np.random.default_rng([seed, round(auroc * 100)])
            parts = [_scores_at_auroc(g["N"], g["prevalence"], auroc, rng) for g in groups]
            score = np.r_[parts[0][0], parts[1][0]]
            y = np.r_[parts[0][1], parts[1][1]]
            group = np.r_[np.zeros(len(parts[0][1]), int), np.ones(len(parts[1][1]), int)]
            order = np.argsort(-score, kind="stable")
            y, group = y[order], group[order]
            rank = -np.arange(len(y), dtype=float)
            z, zg, helped = _fix_sequence(y, group, np.random.default_rng([seed, 1]),
                                          metric, pub.N_FIXES)
            within = 0
            for k, tag in enumerate(("high", "low")):
                rec[tag + "0"].append(il.roc_auc(y[group == k], rank[group == k]))
                rec[tag + "1"].append(il.roc_auc(z[zg == k], rank[zg == k]))
                n_pos = int(y[group == k].sum())
                within += round((rec[tag + "1"][-1] - rec[tag + "0"][-1])
                                * n_pos * (int((group == k).sum()) - n_pos))
            rec["share_low"].append(float(np.mean(helped == 1)))
            rec["cross"].append(1.0 - within / len(helped))
        rows[name] = {k: np.array(v) for k, v in rec.items()}
    return rows


def mcdermott_table(rows=None):
    """Published and re-run AUROC gains per group, side by side, with the difference.

    ``se`` is the standard error of the re-run's mean gain over its seeds; the
    difference is called *beyond noise* when it exceeds ``2 * sqrt(2) * se``
    (both means carry about that error, the published one over as many seeds).
    """
    import pandas as pd

    from imbalance_lib.book.published import mcdermott2024 as pub

    rows = mcdermott_rerun() if rows is None else rows
    out = []
    for name, r in rows.items():
        for tag, label in (("high", "5 %"), ("low", "1 %")):
            published = (pub.FIX_MISTAKES.value(name, f"{tag} step 49")
                         - pub.FIX_MISTAKES.value(name, f"{tag} step 0"))
            gain = r[tag + "1"] - r[tag + "0"]
            se = float(gain.std(ddof=1) / np.sqrt(len(gain)))
            diff = float(gain.mean()) - published
            out.append({"setting": name, "group": label, "published": published,
                        "re-run": float(gain.mean()), "se": se,
                        # equal up to rounding: a plain zero, never a negative one
                        "difference": 0.0 if abs(diff) < 1e-12 else diff})
    t = pd.DataFrame(out).set_index(["setting", "group"])[
        ["published", "re-run", "difference", "se"]]
    t["beyond noise"] = t["difference"].abs() > 2 * np.sqrt(2) * t["se"]
    return t


def _n_pos(g: dict) -> int:
    """Positives of one of McDermott et al.'s groups."""
    return round(g["N"] * g["prevalence"])


def mcdermott_findings(table=None, rows=None) -> dict:
    """What the prose says about the published and re-run subpopulation experiment."""
    from imbalance_lib.book.published import mcdermott2024 as pub

    rows = mcdermott_rerun() if rows is None else rows
    t = mcdermott_table(rows) if table is None else table
    beyond = t[t["beyond noise"]]
    g = {(s, grp, col): t.loc[(s, grp), col] for s, grp in t.index for col in ("published", "re-run")}
    settings = list(pub.SETTINGS)
    auprc = [s for s in settings if pub.SETTINGS[s][1] == "AUPRC"]
    auroc = [s for s in settings if pub.SETTINGS[s][1] == "AUROC"]
    cols = ("published", "re-run")
    f = {"mcd_compared": len(t), "mcd_beyond": len(beyond),
         "mcd_beyond_nonzero_se": int((beyond["se"] > 1e-12).sum()),
         "mcd_max_abs_diff": float(t["difference"].abs().max()),
         "mcd_seeds": pub.N_SEEDS, "mcd_fixes": pub.N_FIXES,
         "mcd_targets": " or ".join(dict.fromkeys(f"{a:.2f}" for a, _ in pub.SETTINGS.values())),
         "mcd_auprc_low_ratio_max": max(g[s, "1 %", c] / g[s, "5 %", c] for s in auprc for c in cols),
         "mcd_auroc_low_minus_high_min": min(g[s, "1 %", c] - g[s, "5 %", c]
                                             for s in auroc for c in cols),
         "mcd_share_low_auroc_min": min(float(rows[s]["share_low"].mean()) for s in auroc),
         "mcd_share_low_auprc_max": max(float(rows[s]["share_low"].mean()) for s in auprc),
         "mcd_pos_share_low": _n_pos(pub.GROUPS["low"]) / (_n_pos(pub.GROUPS["low"])
                                                           + _n_pos(pub.GROUPS["high"]))}
    # the flagged gap in fixes: (re-run - published) gain times P N, summed over the seeds
    if len(beyond):
        high = pub.GROUPS["high"]
        n_pos = _n_pos(high)
        f["mcd_gap_low_published"] = float(t.loc[(beyond.index[0][0], "1 %"), "published"])
        r = rows[beyond.index[0][0]]
        f["mcd_gap_rerun_all_high"] = bool(np.all(np.abs(
            (r["high1"] - r["high0"]) * n_pos * (high["N"] - n_pos) - pub.N_FIXES) < 1e-6))
        f["mcd_gap_fixes"] = float(beyond["difference"].iloc[0] * n_pos * (high["N"] - n_pos)
                                   * pub.N_SEEDS)
    return f


# --------------------------------------------------------------------------- KEEL study


def study_findings(result=None) -> dict:
    """How often AUROC and AP pick different models on the stored KEEL study, and how surely.

    ``result`` defaults to :func:`imbalance_lib.book.ranking_study.load`. A
    difference is *beyond noise* when DeLong's p-value is below 0.05 (AUROC) or
    when the bootstrap interval of the AP difference excludes 0.
    """
    from imbalance_lib.book import ranking_study

    r = ranking_study.load() if result is None else result
    differ = r["pick_auroc"] != r["pick_ap"]
    auc_sig = differ & (r["p_auroc"] < 0.05)
    ap_sig = differ & ((r["ap_diff_low"] > 0) | (r["ap_diff_high"] < 0))
    return {"keel_sets": len(r["names"]), "keel_differ": int(differ.sum()),
            "keel_auroc_sig": int(auc_sig.sum()), "keel_ap_sig": int(ap_sig.sum()),
            "keel_both_sig": int((auc_sig & ap_sig).sum()),
            "keel_chance": 0.05 * int(differ.sum()),
            "keel_median_pos": int(np.median(r["n_pos"])), "keel_boot": int(r["n_boot"])}


def _f3(x: float) -> str:
    """Three decimals, never a negative zero."""
    text = f"{x:.3f}"
    return "0.000" if text == "-0.000" else text


def study_table(result=None):
    """The data sets where the picks differ: both picks, both metrics, both tests."""
    import pandas as pd

    from imbalance_lib.book import ranking_study

    r = ranking_study.load() if result is None else result
    rows = []
    for i in np.flatnonzero(r["pick_auroc"] != r["pick_ap"]):
        a, b = r["pick_auroc"][i], r["pick_ap"][i]
        rows.append({"data set": str(r["names"][i]), "positives": int(r["n_pos"][i]),
                     "AUROC pick": str(r["models"][a]), "AP pick": str(r["models"][b]),
                     "AUROC gap": _f3(r["auroc"][i, a] - r["auroc"][i, b]),
                     "DeLong p": f"{r['p_auroc'][i]:.2f}",
                     "AP gap": _f3(r["ap"][i, b] - r["ap"][i, a]),
                     "AP gap, 95 % interval": f"[{_f3(-r['ap_diff_high'][i])}, "
                                               f"{_f3(-r['ap_diff_low'][i])}]"})
    return pd.DataFrame(rows).set_index("data set")


# --------------------------------------------------------------------------- coverage


@cache
def coverage_study(n_sets: int = 400, seed: int = 0):
    """Coverage of the AUROC and AP intervals on binormal scores, and of DeLong's paired test.

    Minority sizes 5, 10, 20, 50, 200 and imbalance ratios 1, 10, 100; the
    true AUROC is :math:`\\Phi(1.5/\\sqrt 2)`, the true AP of each ratio the AP of
    a sample of 20,000 positives (and IR times as many negatives). The paired rows compare two correlated
    scores (correlation 0.6, separations 1.5 and 1.0).
    """
    import pandas as pd

    rng = np.random.default_rng(seed)
    auc_true = float(norm.cdf(SHIFT / np.sqrt(2)))
    diff_true = auc_true - float(norm.cdf(1.0 / np.sqrt(2)))
    rows = []
    for ir in (1, 10, 100):
        big = 20_000
        yb = np.r_[np.ones(big, int), np.zeros(big * ir, int)]
        ap_true = il.average_precision(yb, np.r_[rng.normal(SHIFT, 1, big),
                                                 rng.normal(0, 1, big * ir)])
        for n1 in (5, 10, 20, 50, 200):
            y = np.r_[np.ones(n1, int), np.zeros(n1 * ir, int)]
            hits = dict.fromkeys(("DeLong", "logit", "Hanley-McNeil", "AP logit",
                                  "AP binomial", "paired DeLong", "AUROC = 1"), 0)
            for _ in range(n_sets):
                z1, z2 = rng.normal(size=(2, len(y)))
                a, b = z1 + SHIFT * y, 0.6 * z1 + 0.8 * z2 + 1.0 * y
                for name, method in (("DeLong", "delong"), ("logit", "logit"),
                                     ("Hanley-McNeil", "hanley-mcneil")):
                    iv = il.roc_auc_interval(y, a, method=method)
                    hits[name] += iv.low <= auc_true <= iv.high
                hits["AUROC = 1"] += iv.estimate == 1.0
                for name, method in (("AP logit", "logit"), ("AP binomial", "binomial")):
                    iv = il.average_precision_interval(y, a, method=method)
                    hits[name] += iv.low <= ap_true <= iv.high
                c = il.compare_roc_auc(y, a, b)
                hits["paired DeLong"] += c.low <= diff_true <= c.high
            rows.append({"IR": ir, "positives": n1,
                         **{k: 100.0 * v / n_sets for k, v in hits.items()}})
    return pd.DataFrame(rows).set_index(["IR", "positives"])


@cache
def perfect_intervals(n_sets: int = 200, seed: int = 0) -> dict:
    """Test sets with a perfect ranking: the interval of every AUROC method is [1, 1].

    Random test sets of 3-10 positives and 3-50 negatives, every positive scored
    above every negative; counts the (set, method) pairs whose interval is not
    the single point 1 (every bootstrap resample of a perfect ranking is perfect, so
    200 resamples suffice).
    """
    rng = np.random.default_rng(seed)
    wide = 0
    for _ in range(n_sets):
        n1, n0 = int(rng.integers(3, 11)), int(rng.integers(3, 51))
        y = np.r_[np.ones(n1, int), np.zeros(n0, int)]
        s = np.r_[rng.normal(5, 1, n1) + 10, rng.normal(0, 1, n0)]
        for method in ("delong", "logit", "hanley-mcneil", "bootstrap"):
            iv = il.roc_auc_interval(y, s, method=method, n_resamples=200, random_state=0)
            wide += not (iv.low == iv.high == 1.0)
    return {"perfect_sets": n_sets, "perfect_wide": wide}


@cache
def logit_separation(shift: float = 2.5, n1: int = 50, n_sets: int = 1000, seed: int = 1):
    """Coverage (%) of the logit AUROC interval at another separation, ``n1`` positives.

    The same binormal design as :func:`coverage_study` with separation ``shift``
    and imbalance ratios 1, 10 and 100: whether "the logit interval is enough
    from 50 positives" depends on the AUROC.
    """
    rng = np.random.default_rng(seed)
    auc_true = float(norm.cdf(shift / np.sqrt(2)))
    cov = {}
    for ir in (1, 10, 100):
        y = np.r_[np.ones(n1, int), np.zeros(n1 * ir, int)]
        hits = 0
        for _ in range(n_sets):
            iv = il.roc_auc_interval(y, rng.normal(size=len(y)) + shift * y, method="logit")
            hits += iv.low <= auc_true <= iv.high
        cov[ir] = 100.0 * hits / n_sets
    return {"sep_auc": auc_true, "sep_pos": n1, "sep_logit_min": min(cov.values()),
            "sep_logit_max": max(cov.values()), "sep_irs": len(cov), "sep_sets": n_sets,
            "sep_logit_below92": sum(v < 92 for v in cov.values())}


def bootstrap_coverage_table(result=None):
    """Coverage (%) of the stratified bootstrap intervals, per imbalance ratio and positives.

    Read from the stored study (:func:`imbalance_lib.book.ranking_study.bootstrap_coverage`,
    run by ``make ranking-study``): too slow for the page, since every interval
    redraws its test set a thousand times.
    """
    import pandas as pd

    from imbalance_lib.book import ranking_study

    r = ranking_study.load() if result is None else result
    n = int(r["boot_cov_sets"])
    index = pd.MultiIndex.from_arrays([r["boot_cov_ir"], r["boot_cov_pos"]],
                                      names=["IR", "positives"])
    return pd.DataFrame({"bootstrap": 100.0 * r["boot_cov_auroc_hits"] / n,
                         "AP bootstrap": 100.0 * r["boot_cov_ap_hits"] / n}, index=index)


def bootstrap_beside(table, boot):
    """The bootstrap's coverage beside the intervals it would replace, where it was measured."""
    cols = ["DeLong", "logit", "bootstrap", "AP logit", "AP binomial", "AP bootstrap"]
    return table.join(boot, how="inner")[cols]


def _bootstrap_findings(table, boot, result=None) -> dict:
    from imbalance_lib.book import ranking_study

    r = ranking_study.load() if result is None else result
    n = int(r["boot_cov_sets"])
    both = bootstrap_beside(table, boot)
    pos = both.index.get_level_values("positives")
    few, more = both[pos <= 10], both[pos >= 20]
    worst = both["bootstrap"].idxmin()
    return {"cov_boot_sets": n, "cov_boot_resamples": int(r["boot_cov_resamples"]),
            "cov_boot_mc_se": 100 * float(np.sqrt(0.95 * 0.05 / n)),
            "cov_boot_cells": len(both), "cov_boot_max_pos": int(pos.max()),
            "cov_boot_worst": float(both["bootstrap"].min()),
            "cov_boot_worst_ir": int(worst[0]), "cov_boot_worst_pos": int(worst[1]),
            "cov_boot_few_max": float(few["bootstrap"].max()),
            "cov_boot_more_min": float(more["bootstrap"].min()),
            "cov_boot_more_max": float(more["bootstrap"].max()),
            "cov_boot_below_logit": int((both["bootstrap"] < both["logit"]).sum()),
            "cov_ap_boot_few_max": float(few["AP bootstrap"].max()),
            "cov_ap_boot_min": float(both["AP bootstrap"].min()),
            **_few_positives_findings(table.join(boot))}


def _few_positives_findings(full) -> dict:
    """The AUROC intervals with 10 positives or fewer: who undercovers, and why at IR 1."""
    pos, ir = full.index.get_level_values("positives"), full.index.get_level_values("IR")
    few = full[pos <= 10]
    narrow = few[["DeLong", "logit", "bootstrap"]]
    hm = few["Hanley-McNeil"][few.index.get_level_values("IR") >= 10]
    corner = full.loc[(1, 5)]
    methods = ["DeLong", "logit", "Hanley-McNeil"]  # measured on the same test sets
    return {"few_cells": len(few),
            "few_delong_under": int((few["DeLong"] < 93).sum()),
            "few_boot_under": int((few["bootstrap"] < 93).sum()),
            "few_logit_under": int((few["logit"] < 93).sum()),
            "few_logit_best": int((narrow["logit"] >= narrow.max(axis=1)).sum()),
            "few_hm_cells": len(hm),
            "few_hm_ir1_max": float(few["Hanley-McNeil"].xs(1, level="IR").max()),
            "few_hm_min": float(hm.min()),
            "few_narrow_imb_max": float(narrow[few.index.get_level_values("IR") >= 10]
                                        .max().max()),
            "few_hm_max": float(hm.max()),
            "hm_over_from20": int((full["Hanley-McNeil"][(ir >= 10) & (pos >= 20)] > 97).sum()),
            "hm_cells_from20": int(((ir >= 10) & (pos >= 20)).sum()),
            "perfect_share": float(corner["AUROC = 1"]),
            "perfect_ceiling": 100.0 - float(corner["AUROC = 1"]),
            "perfect_best_cover": float(corner[methods].max())}


def _coverage_findings(table) -> dict:
    pos = table.index.get_level_values("positives")
    small, large = table[pos <= 20], table[pos >= 50]
    worst = table["DeLong"].idxmin()
    big = table[pos == 200]
    return {"cov_auc_true": float(norm.cdf(SHIFT / np.sqrt(2))),
            "cov_sets": 400, "cov_mc_se": 100 * float(np.sqrt(0.95 * 0.05 / 400)),
            "cov_delong_worst": float(table["DeLong"].min()),
            "cov_delong_worst_ir": int(worst[0]), "cov_delong_worst_pos": int(worst[1]),
            "cov_delong_small_max": float(small["DeLong"].max()),
            "cov_delong_200_min": float(big["DeLong"].min()),
            "cov_delong_200_max": float(big["DeLong"].max()),
            "cov_small_cells": len(small),
            "cov_logit_beats_small": int((small["logit"] > small["DeLong"]).sum()),
            "cov_logit_large_min": float(large["logit"].min()),
            "cov_hm_max": float(table["Hanley-McNeil"].max()),
            "cov_hm_cells_over97": int((table["Hanley-McNeil"][
                table.index.get_level_values("IR") >= 10] > 97).sum()),
            "cov_ap_logit_ir1_min": float(table["AP logit"].xs(1, level="IR")[
                lambda v: v.index >= 10].min()),
            "cov_paired_worst": float(table["paired DeLong"].min()),
            "cov_paired_worst_pos": int(table["paired DeLong"].idxmin()[1]),
            "cov_paired_from10_min": float(table["paired DeLong"][pos >= 10].min())}


# --------------------------------------------------------------------------- findings


def findings() -> dict:
    """Everything the chapter's prose states, computed (each experiment runs once per process)."""
    f = {}
    f.update(score_checks())
    f.update(random_ap_check())
    f.update(dominance_check())
    f.update(atomic_check())
    f.update(subgroup_experiment())
    f.update(mcdermott_findings())
    table = interpolation_table()
    knn, lr = table.loc["10 nearest neighbours"], table.loc["logistic regression"]
    f.update({"knn_distinct": int(knn["distinct scores"]), "knn_ap": knn["AP (steps)"],
              "knn_dg": knn["Davis-Goadrich"], "knn_linear": knn["linear (trapezoids)"],
              "lr_ap": lr["AP (steps)"], "lr_dg": lr["Davis-Goadrich"],
              "knn_linear_excess": knn["linear (trapezoids)"] - knn["Davis-Goadrich"],
              "lr_linear_excess": lr["linear (trapezoids)"] - lr["Davis-Goadrich"]})
    f.update(_coverage_findings(coverage_study()))
    f.update(_bootstrap_findings(coverage_study(), bootstrap_coverage_table()))
    f.update(study_findings())
    f.update(baseline_exercise())
    f.update(atomic_example())
    f.update(perfect_intervals())
    f.update(logit_separation())
    f["knn_lr_excess_ratio"] = f["knn_linear_excess"] / abs(f["lr_linear_excess"])
    f["keel_differ_pct"] = 100.0 * f["keel_differ"] / f["keel_sets"]
    return f


TOL = 1e-12
CLAIMS = [
    Claim("auroc-pairs", "the AUROC equals the share of correctly ordered pairs, ties one half",
          lambda f: f["gap_pairs"] <= TOL),
    Claim("auroc-prevalence", "repeating every negative leaves the AUROC unchanged",
          lambda f: f["gap_prevalence"] <= TOL),
    Claim("auroc-one-point", "the AUROC of a hard prediction is its balanced accuracy",
          lambda f: f["gap_one_point"] <= TOL),
    Claim("random-ap", "the expected AP of a random ranking follows the harmonic formula",
          lambda f: f["random_ap_gap"] <= TOL),
    Claim("random-ap-above-prevalence", "a random ranking's expected AP exceeds the prevalence",
          lambda f: f["random_ap_1000_10_excess"] > 0),
    Claim("dominance-agrees", "ROC and PR dominance, each decided from its own curve, agree on "
          "every pair tried, crossing and dominating",
          lambda f: f["dom_disagree"] == 0 and f["dom_agree"] == f["dom_decisions"]
          and 0 < f["dom_roc"] < f["dom_decisions"]),
    Claim("dominance-constructed", "every pair made dominating by construction is found "
          "dominating in both spaces",
          lambda f: f["dom_lowered_found"] == f["dom_lowered"]),
    Claim("dominance-envelope-weaker", "with the best precision at that recall or higher, "
          "PR dominance is weaker than ROC dominance: it holds on some pairs ROC rejects, "
          "never the reverse",
          lambda f: f["dom_env_disagree"] > 0 and f["dom_env_weaker"] == f["dom_env_disagree"]),
    Claim("atomic-roc", "every atomic fix raises the AUROC by 1/(PN)",
          lambda f: f["atomic_gap_roc"] <= TOL),
    Claim("atomic-ap", "an atomic fix at rank r raises the AP by i/(P r (r+1))",
          lambda f: f["atomic_gap_ap"] <= TOL),
    Claim("atomic-price", "on the ranking of the exercise, a fix's AP gain is the precision at "
          "rank r after it divided by P(r+1): 1/30 at rank 2, where the precision is 1",
          lambda f: f["atomic_ex_top_gap"] <= TOL and f["atomic_ex_mid_gap"] <= TOL
          and f["atomic_ex_top_precision"] == 1 and f["atomic_ex_top_gap_30"] <= TOL),
    Claim("ex-base-mean-below", "the no-skill average AP is below the reported 0.05",
          lambda f: f["ex_base_mean"] < f["ex_base_reported"]),
    Claim("ex-base-tail", "a random ranking reaches the reported AP more often than one time "
          "in twenty", lambda f: f["ex_base_tail"] > 0.05),
    Claim("linear-overstates", "the trapezoids overstate the exact area of the coarse score",
          lambda f: f["knn_linear"] > f["knn_dg"]),
    Claim("steps-understate", "the step sum (AP) lies below the exact area of the coarse score",
          lambda f: f["knn_ap"] < f["knn_dg"]),
    Claim("linear-coarse-larger", "the trapezoids' error on the coarse score is many (at least "
          "ten) times that on the distinct one",
          lambda f: f["knn_linear_excess"] >= 10 * abs(f["lr_linear_excess"])),
    Claim("linear-negligible", "with distinct scores the trapezoids and the exact area agree "
          "to three decimals", lambda f: abs(f["lr_linear_excess"]) < 0.0005),
    Claim("auprc-starves-b", "optimising AUPRC gives the low-prevalence group (almost) no fix "
          "in every seed", lambda f: f["sub_auprc_share_b_max"] < 0.01),
    Claim("auroc-feeds-b", "optimising AUROC gives the low-prevalence group at least its share "
          "of the positives in every seed",
          lambda f: f["sub_auroc_share_b_min"] >= f["sub_mistakes_share_b"]),
    Claim("auprc-gain-a", "under AUPRC only the high-prevalence group's own AUROC improves",
          lambda f: f["sub_auprc_gain_a"] > 0 and f["sub_auprc_gain_b"] == 0),
    Claim("mcd-agree", "all but one of the published per-group gains lie within noise of the "
          "re-run, and the exception has no seed-to-seed spread in the re-run",
          lambda f: f["mcd_beyond"] <= 1 and f["mcd_beyond_nonzero_se"] == 0),
    Claim("mcd-gap-fixes", "the one flagged gap is four fixes in total over the 20 seeds, none "
          "of which raised the low-prevalence group's AUROC in the published run, while "
          "every re-run fix in every seed swapped two high-prevalence samples",
          lambda f: abs(f.get("mcd_gap_fixes", 0) - 4) < 1e-6
          and f.get("mcd_gap_low_published", 1) == 0
          and f.get("mcd_gap_rerun_all_high", False)),
    Claim("mcd-auprc-starves-low", "under AUPRC the low-prevalence group gains under a tenth of "
          "the high-prevalence group's AUROC gain, published and re-run",
          lambda f: f["mcd_auprc_low_ratio_max"] < 0.1),
    Claim("mcd-auroc-feeds-low", "under AUROC the low-prevalence group gains more AUROC than the "
          "high-prevalence group, published and re-run",
          lambda f: f["mcd_auroc_low_minus_high_min"] > 0),
    Claim("mcd-share-low", "in the re-run, AUROC gives the low-prevalence positives more than "
          "their share of fixes and AUPRC less",
          lambda f: f["mcd_share_low_auroc_min"] > f["mcd_pos_share_low"]
          > f["mcd_share_low_auprc_max"]),
    Claim("keel-minority", "AUROC and AP pick different models on about a quarter of the data "
          "sets (between 20 and 30 %)",
          lambda f: 0.2 <= f["keel_differ"] / f["keel_sets"] <= 0.3),
    Claim("keel-noise", "where they differ, the AUROC gap is beyond DeLong's 5 % level about as "
          "often as chance alone would give (at most twice the chance count, plus one)",
          lambda f: f["keel_auroc_sig"] <= 2 * f["keel_chance"] + 1),
    Claim("keel-ap-noise", "and the AP gap excludes 0 about as rarely",
          lambda f: f["keel_ap_sig"] <= 2 * f["keel_chance"] + 1),
    Claim("delong-small-under", "with 20 positives or fewer DeLong's interval undercovers",
          lambda f: f["cov_delong_small_max"] < 93),
    Claim("delong-200-fine", "with 200 positives DeLong covers within 93-97 %",
          lambda f: 93 <= f["cov_delong_200_min"] and f["cov_delong_200_max"] <= 97),
    Claim("logit-better-small", "the logit interval covers better than DeLong's in most small "
          "cells", lambda f: f["cov_logit_beats_small"] >= 2 * f["cov_small_cells"] / 3),
    Claim("logit-large", "from 50 positives the logit interval covers at least 92 %",
          lambda f: f["cov_logit_large_min"] >= 92),
    Claim("boot-few-under", "with 10 positives or fewer the AUROC bootstrap undercovers "
          "(below 93 % in every cell), like DeLong's interval",
          lambda f: f["cov_boot_few_max"] < 93),
    Claim("boot-below-logit", "the AUROC bootstrap covers less than the logit interval in most "
          "cells up to 50 positives",
          lambda f: f["cov_boot_below_logit"] >= 2 * f["cov_boot_cells"] / 3),
    Claim("boot-from-20", "from 20 positives the AUROC bootstrap covers at least 91 %, within "
          "Monte Carlo error of the band",
          lambda f: f["cov_boot_more_min"] >= 91),
    Claim("ap-boot-few-under", "with 10 positives or fewer the AP bootstrap undercovers (below "
          "93 % in every cell)", lambda f: f["cov_ap_boot_few_max"] < 93),
    Claim("paired-from-10", "from 10 positives the paired DeLong interval covers at least 91 %",
          lambda f: f["cov_paired_from10_min"] >= 91),
    Claim("hm-over", "from 20 positives at IR 10 and 100 Hanley-McNeil's interval covers more "
          "than 97 % in every cell",
          lambda f: f["hm_over_from20"] == f["hm_cells_from20"] > 0),
    Claim("few-hm-near", "with 10 positives or fewer Hanley-McNeil's interval covers at least "
          "93 % in every cell at IR 10 and 100, the only AUROC interval to do so there, and "
          "less than 93 % at IR 1",
          lambda f: f["few_hm_min"] >= 93 and f["few_hm_ir1_max"] < 93
          and f["few_narrow_imb_max"] < 93),
    Claim("few-narrow-under", "with 10 positives or fewer DeLong's interval and the bootstrap "
          "cover less than 93 % in every cell, the logit interval in most",
          lambda f: f["few_delong_under"] == f["few_boot_under"] == f["few_cells"]
          and f["few_logit_under"] > f["few_cells"] / 2),
    Claim("few-logit-least", "with 10 positives or fewer the logit interval covers at least as "
          "much as DeLong's and the bootstrap in most cells",
          lambda f: f["few_logit_best"] > f["few_cells"] / 2),
    Claim("perfect-ceiling", "a perfect ranking gets the interval [1, 1] from every method, so "
          "at IR 1 with 5 positives no interval covers more than the share of imperfect sets",
          lambda f: f["perfect_wide"] == 0 and f["perfect_share"] > 0
          and f["perfect_best_cover"] <= f["perfect_ceiling"]),
    Claim("paired-worst-few", "the paired DeLong interval's worst cell has fewer than 10 "
          "positives", lambda f: f["cov_paired_worst_pos"] < 10),
    Claim("logit-one-separation", "at a larger separation the logit interval covers less than "
          "92 % at 50 positives for some imbalance ratio",
          lambda f: f["sep_logit_below92"] > 0),
    Claim("ap-logit-over", "the logit AP interval overcovers with balanced classes",
          lambda f: f["cov_ap_logit_ir1_min"] > 96),
]
"""The statements of the chapter's prose, each with the finding that supports it."""


def coverage_figure(table, boot=None):
    """Coverage against the number of positives: one panel per imbalance ratio.

    ``boot`` (:func:`bootstrap_coverage_table`) adds the AUROC bootstrap where it
    was measured.
    """
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import COLOURS, LINESTYLES

    methods = ["DeLong", "logit", "Hanley-McNeil", "paired DeLong", "AP logit"]
    if boot is not None:
        table = table.join(boot[["bootstrap"]])
        methods.append("bootstrap")
    irs = sorted(set(table.index.get_level_values("IR")))
    fig, axes = plt.subplots(1, len(irs), figsize=(9.5, 3.4), sharey=True,
                             layout="constrained")
    for ax, ir in zip(axes, irs):
        sub = table.xs(ir, level="IR")
        ax.axhspan(93, 97, color="0.9", zorder=0)
        for k, m in enumerate(methods):
            line = sub[m].dropna()
            ax.plot(line.index, line, color=COLOURS[k], ls=LINESTYLES[k], marker="o",
                    ms=3, label=m)
        ax.set_xscale("log")
        ax.set_xticks([5, 10, 20, 50, 200], ["5", "10", "20", "50", "200"])
        ax.set_xlabel("positives in the test set")
        ax.set_title(f"IR = {ir}")
    axes[0].set_ylabel("coverage of a 95 % interval (%)")
    axes[0].set_ylim(75, 100)
    axes[-1].legend(loc="lower right", fontsize=8)
    return fig


def check_table(result: dict, rows: dict):
    """A small table of numeric checks: the number of cases and whether each gap is below TOL.

    ``rows`` maps a statement to ``(cases key, gap key)`` of ``result``; the gaps
    themselves (a few units in the last place) depend on the processor and are
    not shown.
    """
    import pandas as pd

    return pd.DataFrame(
        {"cases": [str(int(result[c])) for c, _ in rows.values()],
         "gap below 1e-12": ["yes" if result[g] <= TOL else "NO" for _, g in rows.values()]},
        index=list(rows))


def as_text(frame, decimals: int):
    """A numeric table as strings: integers as integers, the rest with ``decimals``."""
    from pandas.api.types import is_float_dtype, is_integer_dtype

    out = frame.copy().reset_index()
    for col in out.columns:
        v = out[col]
        if is_integer_dtype(v.dtype) or (col in ("IR", "positives", "distinct scores")
                                         and is_float_dtype(v.dtype)):
            out[col] = [str(int(x)) for x in v]
        elif is_float_dtype(v.dtype):
            out[col] = [f"{x:.{decimals}f}" for x in v]
    return out.set_index(out.columns[0])
