"""The threshold-free chapter: AUROC and AUPRC under imbalance.

Every experiment of the chapter, each returning what the prose states as data,
and the list of claims the prose makes (:data:`CLAIMS`). The scores of the
experiments are drawn with fixed seeds; the coverage studies are stored with
the hash of their code (:func:`imbalance_lib.book.stored.stored_as`, about two
minutes of CPU to regenerate).
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
from scipy.stats import norm

import imbalance_lib as il
from imbalance_lib.book.claims import Claim
from imbalance_lib.book.stored import stored_as

__all__ = [
    "expected_random_ap", "random_ap_check", "score_checks", "dominance",
    "dominance_pairs", "dominance_check", "atomic_check",
    "interpolation_table", "subgroup_experiment", "mcdermott_rerun", "mcdermott_table", "mcdermott_findings",
    "coverage_study", "coverage_figure",
    "bootstrap_coverage_table", "bootstrap_beside", "random_ap_tail", "baseline_exercise",
    "atomic_example", "perfect_intervals", "logit_separation",
    "study_findings", "study_table", "random_prg", "mcdermott_families", "atomic_order",
    "coverage_se",
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
def random_prg(n_sets: int = 20_000, seed: int = 0) -> dict:
    """Mean AUPRG of random rankings on finite test sets, with its standard error.

    Uniform random scores on test sets of 1,000 samples with 10 positives and of
    200 with 2, ``n_sets`` each, in chunks of 2,000 (one :func:`il.prg_auc` call per
    chunk); and the AUPRG of the always-positive classifier (one tied score).
    """
    rng = np.random.default_rng(seed)
    out = {"prg_sets": n_sets}
    for n, p in ((1000, 10), (200, 2)):
        y = np.r_[np.ones(p, int), np.zeros(n - p, int)]
        v = np.concatenate([il.prg_auc(y, rng.random((2000, n)))
                            for _ in range(n_sets // 2000)])
        out[f"prg_rand_{n}_{p}_mean"] = float(v.mean())
        out[f"prg_rand_{n}_{p}_se"] = float(v.std(ddof=1) / np.sqrt(n_sets))
        out[f"prg_all_positive_{n}_{p}"] = il.prg_auc(y, np.ones(n))
    return out


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


def _at(f, t, x) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A piecewise-linear curve through the points ``(f, t)`` (``f`` non-decreasing) at ``x``.

    Returns ``(low, high, den)``: the curve's smallest and largest value at each
    ``x`` as the fractions ``low / den`` and ``high / den`` (integers, ``den > 0``).
    Where the curve has a vertical run at ``x`` the two differ: ``low`` is where it
    arrives from the left, ``high`` where it leaves to the right; between two
    points the value is the straight segment's.
    """
    first = np.searchsorted(f, x, "left")
    last = np.searchsorted(f, x, "right") - 1
    on = first <= last
    i = np.clip(first, 1, len(f) - 1)
    f0, f1, t0, t1 = f[i - 1], f[i], t[i - 1], t[i]
    den = np.where(on, 1, f1 - f0)
    mid = t0 * (f1 - f0) + (t1 - t0) * (x - f0)
    low = np.where(on, t[np.minimum(first, len(f) - 1)], mid)
    high = np.where(on, t[np.maximum(last, 0)], mid)
    return low, high, den


def _roc_above(fa, ta, fb, tb) -> bool:
    """Is A's ROC curve at or above B's at every FP, segments included (exact integers)?

    Both curves are piecewise linear in (FP, TP), so their difference is linear
    between consecutive breakpoints of either: comparing both curves at every
    breakpoint, on arrival and on departure, decides every FP.
    """
    x = np.union1d(fa, fb)
    la, ha, da = _at(fa, ta, x)
    lb, hb, db = _at(fb, tb, x)
    return bool(np.all(la * db >= lb * da) and np.all(ha * db >= hb * da))


def _pr_above(fa, ta, fb, tb, envelope: bool = False) -> bool:
    """Is A's precision at least B's at every recall above 0, in precision-recall space?

    At a recall ``x / P`` each curve's precision is ``x / (x + FP(x))``, with
    ``FP(x)`` from Davis and Goadrich's interpolation (linear in TP between two
    cuts); a run of negatives at one recall spans precisions from its first
    cut (best) to its last (worst), and both ends are compared. Between two
    breakpoints of either curve the comparison cannot change sign, so the
    breakpoints decide; at recall 0 itself precision is undefined, and only its
    limit from above counts (the worst end, where each curve leaves recall 0).
    With ``envelope=True``, A may instead use the best precision of any of its
    cuts at that recall or higher (the
    interpolated precision of information retrieval), a weaker requirement
    than the theorem's.
    """
    x = np.union1d(ta, tb)  # from TP = 0
    # FP at each TP, from the same points read along the other axis
    la, ha, da = _at(ta, fa, x)  # A's best (la) and worst (ha) FP at TP = x, over da
    lb, hb, db = _at(tb, fb, x)
    # precisions as fractions x d / (x d + FP d), compared by cross-multiplying (x > 0)
    pa, qa, pb, qb = x * da, x * da + la, x * db, x * db + lb
    best = np.where(x > 0, pa * qb >= pb * qa, True)
    # at x = 0 the limit of precision is 1 when the curve leaves recall 0 at FP = 0 and
    # tends to 0 otherwise, as fast as x / FP: the smaller FP has the higher precision
    pa, qa, pb, qb = x * da, x * da + ha, x * db, x * db + hb
    worst = np.where(x > 0, pa * qb >= pb * qa, ha * db <= hb * da)
    ok = best & worst
    if envelope:  # or some cut of A at that recall or higher beats B's best precision there
        ta_, fa_ = ta[None, :], fa[None, :]
        xx, bb, dd = x[:, None], lb[:, None], db[:, None]
        ok |= ((ta_ >= xx) & (ta_ * (xx * dd + bb) >= xx * dd * (ta_ + fa_))).any(axis=1)
    return bool(np.all(ok))


def dominance(y, a, b) -> dict:
    """Does score ``a`` dominate score ``b`` on labels ``y``, in ROC space and in PR space?

    Each verdict is decided from its own curve, as a piecewise-linear function
    (the segments across tied scores included): ROC dominance when ``a``'s ROC
    curve is at or above ``b``'s at every FP (:func:`_roc_above`); PR dominance when
    ``a``'s precision, Davis and Goadrich's interpolation between its cuts, is at
    least ``b``'s at every recall above 0 (:func:`_pr_above`); ``"pr_envelope"``
    relaxes the PR test to the best precision of ``a`` at that recall or higher.
    """
    fa, ta = _points(y, a)
    fb, tb = _points(y, b)
    return {"roc": _roc_above(fa, ta, fb, tb), "pr": _pr_above(fa, ta, fb, tb),
            "pr_envelope": _pr_above(fa, ta, fb, tb, envelope=True)}


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
def mcdermott_rerun(family: int = 0) -> dict:
    """McDermott et al.'s subpopulation experiment, re-run with the library.

    Their settings (:mod:`imbalance_lib.book.published.mcdermott2024`): two
    groups of 200 samples with prevalences of 5 % and 1 %, scores from
    :func:`_scores_at_auroc` at a target AUROC of 0.85 or 0.65, then 49 atomic
    fixes chosen as in :func:`_fix_sequence` (the highest-ranked mistake for the
    AUPRC, a random one for the AUROC), 20 seeds. Seed ``s`` draws the same two
    groups for both metrics. Returns the per-seed AUROC of each group before and
    after the fixes (:func:`il.roc_auc` on the ranks), the share of fixes that
    move a low-prevalence positive, and the share of fixes that swap samples of
    different groups (which change neither group's own AUROC). ``family`` picks
    another family of seeds (0 is the one the table shows).
    """
    from imbalance_lib.book.published import mcdermott2024 as pub

    groups = [pub.GROUPS["high"], pub.GROUPS["low"]]
    rows = {}
    for name, (auroc, metric) in pub.SETTINGS.items():
        rec = {k: [] for k in ("high0", "high1", "low0", "low1", "share_low", "cross")}
        for seed in range(pub.N_SEEDS):
            tail = [family] if family else []
            rng = np.random.default_rng([seed, round(auroc * 100), *tail])
            parts = [_scores_at_auroc(g["N"], g["prevalence"], auroc, rng) for g in groups]
            score = np.r_[parts[0][0], parts[1][0]]
            y = np.r_[parts[0][1], parts[1][1]]
            group = np.r_[np.zeros(len(parts[0][1]), int), np.ones(len(parts[1][1]), int)]
            order = np.argsort(-score, kind="stable")
            y, group = y[order], group[order]
            rank = -np.arange(len(y), dtype=float)
            z, zg, helped = _fix_sequence(y, group, np.random.default_rng([seed, 1, *tail]),
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


@cache
def mcdermott_families(n_families: int = 11) -> dict:
    """The comparison with the published gains, repeated with ``n_families`` seed families.

    Family 0 is the re-run the chapter shows; for each family, how many of the
    eight gains differ from the published ones beyond noise and the largest
    absolute difference.
    """
    beyond, largest = [], []
    for family in range(n_families):
        t = mcdermott_table(mcdermott_rerun(family))
        beyond.append(int(t["beyond noise"].sum()))
        largest.append(float(t["difference"].abs().max()))
    return {"mcd_families": n_families, "mcd_family_beyond_min": min(beyond),
            "mcd_family_beyond_max": max(beyond), "mcd_family_diff_min": min(largest),
            "mcd_family_diff_max": max(largest),
            "mcd_family_diff_median": float(np.median(largest)),
            # 1 for the smallest: where the family the page shows stands among them
            "mcd_family_rank": 1 + sum(v < largest[0] for v in largest)}


def atomic_order() -> dict:
    """A ranking where the highest-ranked mistake is not the fix that raises AP most.

    20 positives: from the top four negatives, a negative at rank 5 directly
    above a positive, 14 more positives, a negative at rank 21 directly above
    a positive, the other four positives at the bottom of 100 samples. Fixing
    rank 5 pays ``1 / (20 * 5 * 6)``, fixing rank 21 pays ``16 / (20 * 21 * 22)``.
    """
    y = np.zeros(100, int)
    y[np.r_[5:20, 21, 96:100]] = 1
    score = -np.arange(100, dtype=float)
    base = il.average_precision(y, score)
    gains = {}
    for r in (5, 21):
        z = y.copy()
        z[r - 1], z[r] = 1, 0
        gains[r] = il.average_precision(z, score) - base
    return {"order_gain_top": gains[5], "order_gain_low": gains[21],
            "order_rank_top": 5, "order_rank_low": 21}


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
    from scipy.stats import binom

    agree = np.flatnonzero(~differ)
    pick = r["pick_auroc"][agree]
    perfect = (r["auroc"][agree, pick] == 1) & (r["ap"][agree, pick] == 1)
    return {"keel_sets": len(r["names"]), "keel_differ": int(differ.sum()),
            "keel_auroc_sig": int(auc_sig.sum()), "keel_ap_sig": int(ap_sig.sum()),
            "keel_both_sig": int((auc_sig & ap_sig).sum()),
            "keel_chance": 0.05 * int(differ.sum()),
            # as many tests at the 5 % level with no real difference: the count exceeds
            # this only one time in forty (independent tests)
            "keel_chance_bound": int(binom.ppf(0.975, int(differ.sum()), 0.05)),
            "keel_agree": len(agree), "keel_agree_perfect": int(perfect.sum()),
            "keel_median_pos_differ": float(np.median(r["n_pos"][differ])),
            "keel_median_pos": float(np.median(r["n_pos"])), "keel_boot": int(r["n_boot"])}


def _f3(x: float, decimals: int = 3) -> str:
    """``decimals`` decimals; a value that rounds to zero keeps its sign (``-0.0000``
    is below 0), an exact zero prints as ``0.000``."""
    text = f"{x:.{decimals}f}"
    return text if x != 0 else text.lstrip("-")


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
                     "AP gap, 95 % interval": f"[{_f3(-r['ap_diff_high'][i], 4)}, "
                                               f"{_f3(-r['ap_diff_low'][i], 4)}]"})
    return pd.DataFrame(rows).set_index("data set")


# --------------------------------------------------------------------------- coverage


COVERAGE_POSITIVES = (5, 10, 20, 50, 200)
COVERAGE_IRS = (1, 10, 100)


def _coverage_cell(ir: int, n1: int, n_sets: int, ap_true: float, seed: int) -> dict:
    """Hits (%) of every interval on ``n_sets`` binormal test sets of one cell.

    The test sets are scored in chunks, each chunk one call per method with a
    2-D ``y_score`` (one row per test set): the library's intervals are
    vectorised over models, and here every test set shares the labels ``y``.
    """
    rng = np.random.default_rng([seed, ir, n1])
    auc_true = float(norm.cdf(SHIFT / np.sqrt(2)))
    diff_true = auc_true - float(norm.cdf(1.0 / np.sqrt(2)))
    z = float(norm.ppf(0.975))
    y = np.r_[np.ones(n1, int), np.zeros(n1 * ir, int)]
    chunk = max(1, min(500, 2_000_000 // len(y)))
    hits = dict.fromkeys(("DeLong", "logit", "Hanley-McNeil", "AP logit", "AP binomial",
                          "paired DeLong", "AUROC = 1", "AP mean", "AP se"), 0.0)
    done = 0
    while done < n_sets:
        k = min(chunk, n_sets - done)
        z1, z2 = rng.normal(size=(2, k, len(y)))
        a, b = z1 + SHIFT * y, 0.6 * z1 + 0.8 * z2 + 1.0 * y
        for name, method in (("DeLong", "delong"), ("logit", "logit"),
                             ("Hanley-McNeil", "hanley-mcneil")):
            iv = il.roc_auc_interval(y, a, method=method)
            hits[name] += np.sum((iv.low <= auc_true) & (auc_true <= iv.high))
        hits["AUROC = 1"] += np.sum(iv.estimate == 1.0)
        for name, method in (("AP logit", "logit"), ("AP binomial", "binomial")):
            iv = il.average_precision_interval(y, a, method=method)
            hits[name] += np.sum((iv.low <= ap_true) & (ap_true <= iv.high))
        hits["AP mean"] += np.sum(iv.estimate)
        hits["AP se"] += np.sum(iv.estimate**2)  # the sum of squares, for now
        auc, cov = il.delong_covariance(y, np.r_[a, b])  # the paired test, one chunk
        i = np.arange(k)
        se = np.sqrt(np.maximum(cov[i, i] + cov[i + k, i + k] - 2 * cov[i, i + k], 0.0))
        d = auc[:k] - auc[k:]
        hits["paired DeLong"] += np.sum((d - z * se <= diff_true) & (diff_true <= d + z * se))
        done += k
    out = {m: 100.0 * float(v) / n_sets for m, v in hits.items()}
    mean, square = out["AP mean"] / 100.0, out["AP se"] / 100.0
    # the standard error of the mean AP estimate over the cell's test sets
    out["AP mean"] = mean
    out["AP se"] = float(np.sqrt(max(square - mean**2, 0.0) * n_sets / (n_sets - 1) / n_sets))
    return {"IR": ir, "positives": n1, "sets": n_sets, **out, "AP true": ap_true}


@stored_as("ranking_coverage")  # chapters/data/stored/ranking_coverage.json
def coverage_study(n_sets: tuple = (20_000, 20_000, 20_000, 8_000, 4_000), seed: int = 0):
    """Coverage (%) of the AUROC and AP intervals on binormal scores, and of DeLong's paired test.

    Minority sizes 5, 10, 20, 50, 200 (with ``n_sets`` test sets each, enough for
    a Monte Carlo standard error of about 0.15 to 0.35 points) and imbalance
    ratios 1, 10, 100; the true AUROC is :math:`\\Phi(1.5/\\sqrt 2)`, the true AP of
    each ratio the AP of a sample of 20,000 positives (and IR times as many
    negatives). The paired rows compare two correlated scores (correlation 0.6,
    separations 1.5 and 1.0). ``AP mean`` is the mean AP estimate (``AP se`` its
    standard error), beside ``AP true``. About a minute of CPU; stored with the hash of its code.
    """
    import pandas as pd

    rows = []
    for ir in COVERAGE_IRS:
        rng = np.random.default_rng([seed, ir])
        big = 20_000
        yb = np.r_[np.ones(big, int), np.zeros(big * ir, int)]
        ap_true = il.average_precision(yb, np.r_[rng.normal(SHIFT, 1, big),
                                                 rng.normal(0, 1, big * ir)])
        for n1, n in zip(COVERAGE_POSITIVES, n_sets):
            rows.append(_coverage_cell(ir, n1, n, ap_true, seed))
    return pd.DataFrame(rows).set_index(["IR", "positives"])


def coverage_se(table, column: str):
    """Monte Carlo standard error (points) of each cell's coverage in ``column``."""
    p = table[column] / 100
    return 100 * np.sqrt(p * (1 - p) / table["sets"])


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


@stored_as("ranking_logit_separation")  # chapters/data/stored/ranking_logit_separation.json
def logit_separation(shift: float = 2.5, n1: int = 50, n_sets: int = 20_000, seed: int = 1):
    """Coverage (%) of the logit AUROC interval at another separation, ``n1`` positives.

    The same binormal design as :func:`coverage_study` with separation ``shift``
    and imbalance ratios 1, 10 and 100, ``n_sets`` test sets per ratio (scored
    in chunks of 500, one call each): whether "the logit interval is enough
    from 50 positives" depends on the AUROC.
    """
    auc_true = float(norm.cdf(shift / np.sqrt(2)))
    cov, se = {}, {}
    for ir in (1, 10, 100):
        rng = np.random.default_rng([seed, ir])
        y = np.r_[np.ones(n1, int), np.zeros(n1 * ir, int)]
        hits = 0
        for k in np.diff(np.r_[np.arange(0, n_sets, 500), n_sets]):
            iv = il.roc_auc_interval(y, rng.normal(size=(k, len(y))) + shift * y,
                                     method="logit")
            hits += int(np.sum((iv.low <= auc_true) & (auc_true <= iv.high)))
        cov[ir] = 100.0 * hits / n_sets
        se[ir] = 100.0 * np.sqrt(hits / n_sets * (1 - hits / n_sets) / n_sets)
    below = [ir for ir in cov if cov[ir] + 2 * se[ir] < 92]
    return {"sep_auc": auc_true, "sep_pos": n1, "sep_logit_min": min(cov.values()),
            "sep_logit_max": max(cov.values()), "sep_irs": len(cov), "sep_sets": n_sets,
            "sep_se_max": max(se.values()),
            "sep_logit_below92": len(below),
            "sep_logit_above92": sum(cov[ir] - 2 * se[ir] > 92 for ir in cov)}


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


def _bounds(rate, n):
    """``rate`` (%) minus and plus two Monte Carlo standard errors over ``n`` test sets."""
    se = 100 * np.sqrt(rate / 100 * (1 - rate / 100) / n)
    return rate - 2 * se, rate + 2 * se


def _bootstrap_findings(table, boot, result=None) -> dict:
    """The stored bootstrap coverage (200 test sets per cell), each rate with its margin."""
    from imbalance_lib.book import ranking_study

    r = ranking_study.load() if result is None else result
    n = int(r["boot_cov_sets"])
    pos = boot.index.get_level_values("positives")
    ir = boot.index.get_level_values("IR")
    few, more = boot[pos <= 10], boot[pos >= 20]
    worst = boot["bootstrap"].idxmin()
    ap_ir1 = boot["AP bootstrap"][(pos <= 10) & (ir == 1)]
    return {"cov_boot_sets": n, "cov_boot_resamples": int(r["boot_cov_resamples"]),
            "cov_boot_mc_se": 100 * float(np.sqrt(0.9 * 0.1 / n)),
            "cov_boot_cells": len(boot), "cov_boot_max_pos": int(pos.max()),
            "cov_boot_worst": float(boot["bootstrap"].min()),
            "cov_boot_worst_ir": int(worst[0]), "cov_boot_worst_pos": int(worst[1]),
            "cov_boot_few_max": float(few["bootstrap"].max()),
            "cov_boot_few_upper": float(_bounds(few["bootstrap"], n)[1].max()),
            "cov_boot_more_min": float(more["bootstrap"].min()),
            "cov_boot_more_max": float(more["bootstrap"].max()),
            # every cell from 20 positives within two standard errors of the band
            "cov_boot_more_in_reach": int(((_bounds(more["bootstrap"], n)[1] >= 93)
                                           & (_bounds(more["bootstrap"], n)[0] <= 97)).sum()),
            "cov_boot_more_cells": len(more),
            "cov_ap_boot_ir1_max": float(ap_ir1.max()),
            "cov_ap_boot_ir1_upper": float(_bounds(ap_ir1, n)[1].max()),
            **_few_positives_findings(table, boot, n)}


def _few_positives_findings(table, boot, n_boot: int) -> dict:
    """The AUROC intervals with 10 positives or fewer: who undercovers, and why at IR 1."""
    few = table[table.index.get_level_values("positives") <= 10]
    fb = boot.loc[few.index, "bootstrap"]
    ir = few.index.get_level_values("IR")
    lo = {m: _bounds(few[m], few["sets"])[0] for m in ("DeLong", "logit", "Hanley-McNeil")}
    hi = {m: _bounds(few[m], few["sets"])[1] for m in ("DeLong", "logit", "Hanley-McNeil")}
    hi["bootstrap"] = _bounds(fb, n_boot)[1]
    imb = ir >= 10
    hm_band = (lo["Hanley-McNeil"] >= 93) & (hi["Hanley-McNeil"] <= 97)
    miss = few["Hanley-McNeil"][imb & ~hm_band]
    corner = table.loc[(1, 5)]
    methods = ["DeLong", "logit", "Hanley-McNeil"]  # measured on the same test sets
    logit_ok = few["logit"][hi["logit"] >= 93]
    return {"few_cells": len(few),
            "few_delong_under": int((hi["DeLong"] < 93).sum()),
            "few_boot_under": int((hi["bootstrap"] < 93).sum()),
            "few_logit_under": int((hi["logit"] < 93).sum()),
            "few_logit_exception": float(logit_ok.max()) if len(logit_ok) else 0.0,
            "few_logit_exception_ir": int(logit_ok.idxmax()[0]) if len(logit_ok) else 0,
            "few_logit_exception_pos": int(logit_ok.idxmax()[1]) if len(logit_ok) else 0,
            "few_logit_over_delong": int((lo["logit"] > hi["DeLong"]).sum()),
            "few_narrow_imb_upper": float(max(hi[m][imb].max() for m in
                                              ("DeLong", "logit", "bootstrap"))),
            "few_hm_cells": int(imb.sum()), "few_hm_band": int(hm_band[imb].sum()),
            "few_hm_miss": float(miss.max()) if len(miss) else 0.0,
            "few_hm_miss_upper": float(hi["Hanley-McNeil"][imb & ~hm_band].max())
            if len(miss) else 0.0,
            "few_hm_miss_ir": int(miss.idxmax()[0]) if len(miss) else 0,
            "few_hm_miss_pos": int(miss.idxmax()[1]) if len(miss) else 0,
            "few_hm_ir1_upper": float(hi["Hanley-McNeil"][~imb].max()),
            "few_hm_ir1_max": float(few["Hanley-McNeil"][~imb].max()),
            "perfect_share": float(corner["AUROC = 1"]),
            "perfect_ceiling": 100.0 - float(corner["AUROC = 1"]),
            "perfect_best_cover": float(corner[methods].max())}


def _coverage_findings(t) -> dict:
    """What the prose says about the coverage study, each rate against its bound with a margin
    of two Monte Carlo standard errors."""
    pos, ir = t.index.get_level_values("positives"), t.index.get_level_values("IR")
    lo = {m: _bounds(t[m], t["sets"])[0] for m in t.columns if m not in
          ("sets", "AP mean", "AP se", "AP true")}
    hi = {m: _bounds(t[m], t["sets"])[1] for m in lo}
    small, large, big = pos <= 20, pos >= 50, pos == 200
    worst = t["DeLong"].idxmin()
    se = {m: coverage_se(t, m).max() for m in lo if m != "AUROC = 1"}
    # the error of the reference AP (one sample of 20,000 positives), Boyd's binomial form
    ref_se = np.sqrt(t["AP true"] * (1 - t["AP true"]) / 20_000)
    bias_z = (t["AP mean"] - t["AP true"]) / (t["AP se"] + ref_se)
    few100 = (ir == 100) & (pos <= 20)
    from20 = (ir >= 10) & (pos >= 20)
    return {"cov_auc_true": float(norm.cdf(SHIFT / np.sqrt(2))),
            "cov_sets_small": int(t["sets"][small].min()),
            "cov_sets_50": int(t["sets"][pos == 50].min()),
            "cov_sets_200": int(t["sets"][big].min()), "cov_se_max": float(max(se.values())),
            "cov_delong_worst": float(t["DeLong"].min()),
            "cov_delong_worst_ir": int(worst[0]), "cov_delong_worst_pos": int(worst[1]),
            "cov_delong_small_max": float(t["DeLong"][small].max()),
            "cov_delong_small_upper": float(hi["DeLong"][small].max()),
            "cov_delong_200_min": float(t["DeLong"][big].min()),
            "cov_delong_200_max": float(t["DeLong"][big].max()),
            "cov_delong_200_lower": float(lo["DeLong"][big].min()),
            "cov_delong_200_upper": float(hi["DeLong"][big].max()),
            "cov_small_cells": int(small.sum()),
            "cov_logit_beats_small": int((lo["logit"] > hi["DeLong"])[small].sum()),
            "cov_logit_large_min": float(t["logit"][large].min()),
            "cov_logit_large_max": float(t["logit"][large].max()),
            "cov_logit_large_lower": float(lo["logit"][large].min()),
            "cov_logit_large_upper": float(hi["logit"][large].max()),
            "hm_over_from20": int((lo["Hanley-McNeil"] > 97)[from20].sum()),
            "hm_cells_from20": int(from20.sum()),
            "cov_hm_from20_min": float(t["Hanley-McNeil"][from20].min()),
            "cov_ap_logit_ir1_min": float(t["AP logit"][(ir == 1) & (pos >= 10)].min()),
            "cov_ap_logit_ir1_lower": float(lo["AP logit"][(ir == 1) & (pos >= 10)].min()),
            **{f"cov_{k}_{side}": int(v) for k, m in (("ap_logit", "AP logit"),
                                                       ("ap_binomial", "AP binomial"))
               for side, v in (("below", (hi[m] < 93).sum()), ("above", (lo[m] > 97).sum()))},
            "cov_ap_cells": len(t),
            "ap_bias_z_min": float(bias_z[few100].min()),
            "ap_mean_100_5": float(t.loc[(100, 5), "AP mean"]),
            "ap_mean_100_20": float(t.loc[(100, 20), "AP mean"]),
            "ap_true_100": float(t.loc[(100, 5), "AP true"]),
            "cov_paired_worst": float(t["paired DeLong"].min()),
            "cov_paired_worst_pos": int(t["paired DeLong"].idxmin()[1]),
            "cov_paired_10_min": float(t["paired DeLong"][pos == 10].min()),
            "cov_paired_10_max": float(t["paired DeLong"][pos == 10].max()),
            "cov_paired_from20_min": float(t["paired DeLong"][pos >= 20].min()),
            "cov_paired_from20_lower": float(lo["paired DeLong"][pos >= 20].min())}


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
    f.update(mcdermott_families())
    f.update(atomic_order())
    table = interpolation_table()
    knn, lr = table.loc["10 nearest neighbours"], table.loc["logistic regression"]
    f.update({"knn_distinct": int(knn["distinct scores"]), "knn_ap": knn["AP (steps)"],
              "knn_dg": knn["Davis-Goadrich"], "knn_linear": knn["linear (trapezoids)"],
              "lr_ap": lr["AP (steps)"], "lr_dg": lr["Davis-Goadrich"],
              "knn_linear_excess": knn["linear (trapezoids)"] - knn["Davis-Goadrich"],
              "lr_linear_excess": lr["linear (trapezoids)"] - lr["Davis-Goadrich"]})
    f.update(_coverage_findings(coverage_study()))
    f.update(_bootstrap_findings(coverage_study(), bootstrap_coverage_table()))
    f.update(random_prg())
    f.update(study_findings())
    f.update(baseline_exercise())
    f.update(atomic_example())
    f.update(perfect_intervals())
    f.update(logit_separation())
    f["knn_lr_excess_ratio"] = f["knn_linear_excess"] / abs(f["lr_linear_excess"])
    f["lr_linear_excess_e4"] = 1e4 * f["lr_linear_excess"]  # glued in units of 1e-4
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
    Claim("dominance-agrees", "ROC and PR dominance, each decided from its own curve as a "
          "piecewise-linear function (segments included), agree on every pair tried, "
          "crossing and dominating",
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
    Claim("keel-noise", "where they differ, the AUROC gap is beyond DeLong's 5 % level no more "
          "often than chance alone plausibly gives (at most the 97.5 % point of a binomial "
          "count of that many tests)",
          lambda f: f["keel_auroc_sig"] <= f["keel_chance_bound"]),
    Claim("keel-ap-noise", "and the AP gap excludes 0 no more often",
          lambda f: f["keel_ap_sig"] <= f["keel_chance_bound"]),
    Claim("keel-agree-perfect", "some of the agreeing data sets agree because the common pick "
          "ranks perfectly (AUROC = AP = 1)",
          lambda f: 0 < f["keel_agree_perfect"] < f["keel_agree"]),
    # every coverage claim below holds with a margin of two Monte Carlo standard errors
    Claim("delong-small-under", "with 20 positives or fewer DeLong's interval undercovers",
          lambda f: f["cov_delong_small_upper"] < 93),
    Claim("delong-200-fine", "with 200 positives DeLong covers within 93-97 %",
          lambda f: 93 <= f["cov_delong_200_lower"] and f["cov_delong_200_upper"] <= 97),
    Claim("logit-better-small", "the logit interval covers more than DeLong's in most cells "
          "with 20 positives or fewer",
          lambda f: f["cov_logit_beats_small"] >= 2 * f["cov_small_cells"] / 3),
    Claim("logit-large", "from 50 positives the logit interval covers within 93-97 % in every "
          "cell", lambda f: 93 <= f["cov_logit_large_lower"]
          and f["cov_logit_large_upper"] <= 97),
    Claim("boot-few-under", "with 10 positives or fewer the AUROC bootstrap undercovers "
          "(below 93 % in every cell), like DeLong's interval",
          lambda f: f["cov_boot_few_upper"] < 93),
    Claim("boot-from-20", "from 20 positives the AUROC bootstrap's coverage cannot be told "
          "from the band with 200 test sets per cell (every cell within two standard "
          "errors of it)",
          lambda f: f["cov_boot_more_in_reach"] == f["cov_boot_more_cells"] > 0),
    Claim("ap-boot-ir1-under", "at IR 1 with 10 positives or fewer the AP bootstrap "
          "undercovers", lambda f: f["cov_ap_boot_ir1_upper"] < 93),
    Claim("paired-from-20", "from 20 positives the paired DeLong interval covers at least 93 %",
          lambda f: f["cov_paired_from20_lower"] >= 93),
    Claim("hm-over", "from 20 positives at IR 10 and 100 Hanley-McNeil's interval covers more "
          "than 97 % in every cell",
          lambda f: f["hm_over_from20"] == f["hm_cells_from20"] > 0),
    Claim("few-hm-near", "with 10 positives or fewer Hanley-McNeil's interval covers within the "
          "band in all cells at IR 10 and 100 but one, below it in that one, the only AUROC "
          "interval to reach 93 % there, and less than 93 % at IR 1",
          lambda f: f["few_hm_band"] == f["few_hm_cells"] - 1 > 0
          and f["few_hm_miss_upper"] < 93
          and f["few_hm_ir1_upper"] < 93 and f["few_narrow_imb_upper"] < 93),
    Claim("few-narrow-under", "with 10 positives or fewer DeLong's interval and the bootstrap "
          "cover less than 93 % in every cell, the logit interval in every cell but one",
          lambda f: f["few_delong_under"] == f["few_boot_under"] == f["few_cells"]
          and f["few_logit_under"] == f["few_cells"] - 1),
    Claim("few-logit-above-delong", "with 10 positives or fewer the logit interval covers more "
          "than DeLong's in every cell but one",
          lambda f: f["few_logit_over_delong"] >= f["few_cells"] - 1),
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
          lambda f: f["cov_ap_logit_ir1_lower"] > 96),
    Claim("ap-both-sides", "each AP interval covers less than 93 % in some cell and more than "
          "97 % in another",
          lambda f: min(f["cov_ap_logit_below"], f["cov_ap_logit_above"],
                        f["cov_ap_binomial_below"], f["cov_ap_binomial_above"]) > 0),
    Claim("ap-bias", "at IR 100 with 20 positives or fewer the mean AP estimate exceeds the true "
          "AP by more than two standard errors in every cell",
          lambda f: f["ap_bias_z_min"] > 2),
    Claim("prg-random-below", "on finite test sets the mean AUPRG of a random ranking lies below "
          "0 by more than two standard errors",
          lambda f: f["prg_rand_1000_10_mean"] + 2 * f["prg_rand_1000_10_se"] < 0
          and f["prg_rand_200_2_mean"] + 2 * f["prg_rand_200_2_se"] < 0),
    Claim("prg-all-positive", "the always-positive classifier scores an AUPRG of 0",
          lambda f: abs(f["prg_all_positive_1000_10"]) <= TOL
          and abs(f["prg_all_positive_200_2"]) <= TOL),
    Claim("mcd-families", "in every seed family most of the gains agree with the published "
          "ones within noise, and the family shown has one of the smaller largest differences",
          lambda f: f["mcd_family_beyond_max"] < f["mcd_compared"] / 2
          and f["mcd_family_rank"] <= f["mcd_families"] / 2),
    Claim("atomic-top-not-best", "the highest-ranked mistake is not always the fix that raises "
          "AP most", lambda f: f["order_gain_low"] > f["order_gain_top"]),
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
