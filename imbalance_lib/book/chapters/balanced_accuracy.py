r"""The balanced-accuracy chapter: Vergne's balanced and weighted accuracy.

Every computation the chapter's prose rests on, each returning data: the
accuracy paradox on twelve one-against-rest problems, the exact distribution
of a coin flip's balanced accuracy, the article's worked numbers, the
threshold experiment on Satimage, and the numerical checks of the chapter's
theorems (through :func:`imbalance_lib.book.properties.check_claims`). The
figure functions return matplotlib figures in the book's style.
:func:`findings` collects what the prose states and :data:`CLAIMS` lists the
sentences that rest on it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

import imbalance_lib as il
from imbalance_lib.book.claims import Claim

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = [
    "imbalance_ratio", "one_vs_rest_problems", "paradox_experiment", "paradox_figure",
    "ba_distribution", "coin_flip_tail", "chance_tails", "chance_figure", "vergne_cases",
    "vergne_table", "contours_figure", "bias_figure", "satimage_models",
    "threshold_experiment", "threshold_figure", "model_matrices", "models_table",
    "THEOREMS", "theorem_checks", "checks_table",
    "findings", "CLAIMS",
]

GARCIA_IR = {"glass": 11.59, "satimage": 9.28}
"""Majority/minority ratios published by García et al. (2009) for Glass (type 3) and
Satimage (class 4)."""

RATES_Q = (0.0, 0.1, 0.5, 0.9, 1.0)
"""Rates ``q`` of positive predictions of the label-independent classifiers drawn."""

INFORMATIVE = 0.8
"""TPR = TNR of the informative classifier drawn beside the trivial ones."""

N_RANDOM = 100_000
"""Random real matrices each statement of :data:`THEOREMS` is tried on."""

GM_EXAMPLE = (1.0, 0.2)
"""(TPR, TNR) of the biased but informative classifier of the geometric-mean section."""


def imbalance_ratio(y) -> float:
    """Size of the larger class over the size of the smaller one (labels 0 and 1).

    >>> imbalance_ratio([0, 0, 0, 1])
    3.0
    """
    counts = np.bincount(np.asarray(y), minlength=2)
    return float(counts.max() / counts.min())


# --------------------------------------------------------------------------- the paradox


@cache
def one_vs_rest_problems() -> tuple:
    """The twelve binary problems: each Glass type and each Satimage class against the rest.

    Returns a tuple of ``(data set, positive class, binary target)``.
    """
    from imbalance_lib.book.datasets import load_glass, load_satimage

    out = []
    for name, loader, classes in [("Glass", load_glass, [1, 2, 3, 5, 6, 7]),
                                  ("Satimage", load_satimage, [1, 2, 3, 4, 5, 7])]:
        target = loader().target
        for c in classes:
            out.append((name, c, (target == c).astype(int)))
    return tuple(out)


@cache
def paradox_experiment(rates=RATES_Q, seed: int = 2017) -> dict:
    """Accuracy and balanced accuracy of classifiers that ignore their input.

    Each classifier predicts "positive" with probability ``q`` (one of
    ``rates``). Realised: one run (seeded) on each of the twelve problems of
    :func:`one_vs_rest_problems`. Expected: the expected confusion matrix for
    999 prevalences in (0, 1), with an informative classifier of
    ``TPR = TNR =`` :data:`INFORMATIVE` beside them.

    Returns
    -------
    dict with ``family``, ``prevalence``, ``q``, ``acc``, ``ba`` (one entry per
    realised run), ``pi`` (the grid), ``exp_acc``, ``exp_ba`` (``(len(rates),
    999)``), ``good_acc``, ``good_ba`` and ``cross``, the largest prevalence of
    the grid at which the all-negative rule is more accurate than the
    informative classifier.
    """
    rng = np.random.default_rng(seed)
    family, prevalence, qs, mats = [], [], [], []
    for name, _, y in one_vs_rest_problems():
        for q in rates:
            guess = (rng.random(y.size) < q).astype(int)
            family.append(name)
            prevalence.append(y.mean())
            qs.append(q)
            mats.append(il.confusion_matrix(y, guess, labels=[0, 1]))
    C = np.stack(mats)
    pi = np.linspace(0.001, 0.999, 999)
    q = np.array(rates)[:, None]
    E = il.binary_matrix(q * pi, (1 - q) * pi, q * (1 - pi), (1 - q) * (1 - pi))
    t = INFORMATIVE
    good = il.binary_matrix(t * pi, (1 - t) * pi, (1 - t) * (1 - pi), t * (1 - pi))
    exp_acc, good_acc = il.accuracy(E), il.accuracy(good)
    wins = exp_acc[list(rates).index(0.0)] > good_acc  # the all-negative rule wins
    return {"family": np.array(family), "prevalence": np.array(prevalence),
            "q": np.array(qs), "acc": il.accuracy(C), "ba": il.balanced_accuracy(C),
            "rates": tuple(rates), "pi": pi, "exp_acc": exp_acc,
            "exp_ba": il.balanced_accuracy(E), "good_acc": good_acc,
            "good_ba": il.balanced_accuracy(good), "wins": wins,
            "cross": float(pi[wins].max())}


def paradox_figure(par: dict) -> Figure:
    """Accuracy (left) and balanced accuracy (right) of trivial classifiers against prevalence."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import COLOURS, LINESTYLES, PALETTE

    names = {0.0: "all negative ($q=0$)", 0.5: "coin flip, $q=0.5$",
             1.0: "all positive ($q=1$)"}
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.6), sharey=True)
    for ax, exp, real, good, title in [
        (axes[0], par["exp_acc"], par["acc"], par["good_acc"], "accuracy"),
        (axes[1], par["exp_ba"], par["ba"], par["good_ba"], "balanced accuracy"),
    ]:
        for i, q in enumerate(par["rates"]):
            ax.plot(par["pi"], exp[i], color=COLOURS[i], ls=LINESTYLES[i], lw=2,
                    label=names.get(q, f"random, $q={q}$"))
            for fam, marker in [("Glass", "o"), ("Satimage", "s")]:
                sel = (par["q"] == q) & (par["family"] == fam)
                ax.scatter(par["prevalence"][sel], real[sel], marker=marker, s=28,
                           facecolor=COLOURS[i], edgecolor="k", lw=0.6, zorder=3)
        ax.plot(par["pi"], good, color=PALETTE["black"], lw=1.5,
                label=f"informative: $\\mathrm{{TPR}} = \\mathrm{{TNR}} = {INFORMATIVE}$")
        ax.set_xlabel(r"prevalence $\pi = P/n$")
        ax.set_title(title)
        ax.set_xlim(0, 1)
        ax.set_ylim(-0.02, 1.02)
    axes[0].set_ylabel("value of the metric")
    axes[0].axvspan(0, par["cross"], color=PALETTE["yellow"], alpha=0.25, lw=0)
    axes[0].text(0.012, 0.265, "all\nnegative\nwins")
    h, lab = axes[0].get_legend_handles_labels()
    h += [plt.Line2D([], [], marker="o", ls="", mfc="w", mec="k"),
          plt.Line2D([], [], marker="s", ls="", mfc="w", mec="k")]
    lab += ["realised on a Glass problem", "realised on a Satimage problem"]
    fig.legend(h, lab, loc="lower center", ncol=3, frameon=False,
               bbox_to_anchor=(0.5, -0.2))
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------- chance


def ba_distribution(P: int, N: int, q: float) -> tuple[np.ndarray, np.ndarray]:
    """Every realisable matrix of a label-independent classifier, with its probability.

    ``TP ~ Binomial(P, q)`` and ``TN ~ Binomial(N, 1 - q)``, independent.

    Returns
    -------
    C : array ``(P + 1, N + 1, 2, 2)``, the matrix with ``TP = i`` and ``TN = j``
    prob : array ``(P + 1, N + 1)``, its probability

    >>> C, prob = ba_distribution(1, 1, 0.5)
    >>> prob.ravel().round(12).tolist(), il.balanced_accuracy(C).ravel().tolist()
    ([0.25, 0.25, 0.25, 0.25], [0.0, 0.5, 0.5, 1.0])
    """
    from scipy import stats

    x, z = np.arange(P + 1), np.arange(N + 1)  # TP and TN
    prob = stats.binom.pmf(x, P, q)[:, None] * stats.binom.pmf(z, N, 1 - q)[None, :]
    C = il.binary_matrix(x[:, None], P - x[:, None], N - z[None, :], z[None, :])
    return C, prob


def coin_flip_tail(P: int, N: int, bound: float, q: float = 0.5) -> float:
    """Exact probability that a label-independent classifier reaches ``BA >= bound``."""
    C, prob = ba_distribution(P, N, q)
    return float(prob[il.balanced_accuracy(C) >= bound - 1e-12].sum())


@cache
def chance_tails(M: int = 1000, bounds=(0.55, 0.6, 0.7), q: float = 0.5,
                 P_values=(1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500)):
    """Probability that a coin flip reaches each of ``bounds`` on ``M`` samples, by ``P``.

    Returns ``(P_values, tail, mean_gap)``: ``tail[i, j]`` is the probability of
    ``BA >= bounds[i]`` with ``P_values[j]`` positives, and ``mean_gap`` the
    largest distance of the exact mean of ``BA`` from 1/2.
    """
    P_values = np.array(P_values)
    tail = np.zeros((len(bounds), len(P_values)))
    mean_gap = 0.0
    for j, P in enumerate(P_values):
        C, prob = ba_distribution(int(P), int(M - P), q)
        ba = il.balanced_accuracy(C)
        mean_gap = max(mean_gap, abs(float((prob * ba).sum()) - 0.5))
        for i, b in enumerate(bounds):
            tail[i, j] = prob[ba >= b - 1e-12].sum()
    return P_values, tail, mean_gap


def chance_figure(M: int = 1000, bounds=(0.55, 0.6, 0.7)) -> Figure:
    """The tail probabilities of :func:`chance_tails` against the number of positives."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import COLOURS, LINESTYLES

    P_values, tail, _ = chance_tails(M, bounds)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for i, b in enumerate(bounds):
        ax.plot(P_values, tail[i], color=COLOURS[i], ls=LINESTYLES[i], marker="os^"[i],
                ms=4, label=f"$\\mathrm{{BA}} \\geq {b}$")
    ax.set_xscale("log")
    ax.set_xlabel(f"number of positives $P$ in a test set of $n = {M}$ samples")
    ax.set_ylabel("probability for a coin flip")
    ax.set_ylim(-0.01, 0.55)
    ax.legend(title="event")
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------- the article


@cache
def vergne_cases(seed: int = 0) -> tuple:
    """The article's worked classifiers on three data sets: ``(P, N, name, matrix, article BA)``.

    All positive, all negative, the coin flip on its expected matrix and in one
    seeded run, and the classifier that is always wrong; the article gives
    balanced accuracy 1/2 to the first four and 0 to the last.
    """
    rng = np.random.default_rng(seed)
    out = []
    for P, N in [(990, 10), (500, 500), (10, 990)]:
        tp, tn = rng.binomial(P, 0.5), rng.binomial(N, 0.5)
        for name, C, vergne in [
            ("all positive", il.binary_matrix(P, 0, N, 0), 0.5),
            ("all negative", il.binary_matrix(0, P, 0, N), 0.5),
            ("coin flip, expected", il.binary_matrix(P / 2, P / 2, N / 2, N / 2), 0.5),
            ("coin flip, one run", il.binary_matrix(tp, P - tp, N - tn, tn), 0.5),
            ("always wrong", il.binary_matrix(0, P, N, 0), 0.0),
        ]:
            out.append((P, N, name, C, vergne))
    return tuple(out)


def vergne_table(seed: int = 0) -> pd.DataFrame:
    """The article's balanced accuracies beside ours, with accuracy and the geometric mean."""
    import pandas as pd

    rows = []
    for P, N, name, C, vergne in vergne_cases(seed):
        ba = il.balanced_accuracy(C)
        diff = ba - vergne
        rows.append({"classifier": name, "$(P, N)$": f"({P}, {N})",
                     r"$\mathrm{BA}$ article": f"{vergne:g}", r"$\mathrm{BA}$ ours": f"{ba:.4f}",
                     "diff.": f"**{diff:+.4f}**" if abs(diff) > 1e-12 else "0",
                     r"$\mathrm{ACC}$": f"{il.accuracy(C):.4f}", r"$\mathrm{GM}$": f"{il.g_mean(C):.4f}"})
    return pd.DataFrame(rows).set_index("classifier")


def _vergne_findings() -> dict:
    cases = vergne_cases()
    dev = np.array([abs(il.balanced_accuracy(C) - v) for *_, C, v in cases])
    off = dev > 1e-12
    realised = np.array([name == "coin flip, one run" for _, _, name, _, _ in cases])
    smaller = np.array([min(P, N) for P, N, *_ in cases])
    worst = int(np.argmax(dev))
    return {"vergne_rows": len(cases), "vergne_disagree": int(off.sum()),
            "vergne_disagree_realised": int((off & realised).sum()),
            "vergne_worst_smaller_class": int(smaller[worst]),
            "vergne_acc": float(il.accuracy(cases[0][3]))}


# --------------------------------------------------------------------------- geometric mean


def contours_figure(n: int = 201) -> Figure:
    """Balanced accuracy and the geometric mean over the (TPR, TNR) plane."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import rate_grid

    T, S = rate_grid(n)
    surface = il.binary_matrix(T, 1 - T, 1 - S, S)  # P = N = 1
    values = {r"balanced accuracy $\mathrm{BA}$": il.balanced_accuracy(surface),
              r"geometric mean $\mathrm{GM}$": il.g_mean(surface)}
    points = [((1, 1), "perfect", (-9, -16), "right"),
              ((0, 0), "always wrong", (9, 8), "left"),
              ((1, 0), "all positive", (-9, 8), "right"),
              ((0, 1), "all negative", (9, -16), "left"),
              ((0.5, 0.5), "coin flip", (-9, -16), "right"),
              (GM_EXAMPLE, f"({GM_EXAMPLE[0]:g}, {GM_EXAMPLE[1]:g})", (-9, 6), "right")]
    levels = np.linspace(0, 1, 11)
    fig, axes = plt.subplots(1, 2, figsize=(10, 5.0), sharey=True)
    for ax, (title, Z) in zip(axes, values.items()):
        cs = ax.contourf(T, S, Z, levels=levels, cmap="viridis")
        lines = ax.contour(T, S, Z, levels=levels[1:-1], colors="k", linewidths=0.6)
        ax.clabel(lines, fmt="%.1f", inline_spacing=2)
        ax.plot([0, 1], [1, 0], color="w", ls="--", lw=2)
        for (x, y), name, off, ha in points:
            ax.plot(x, y, marker="o", ms=8, mfc="w", mec="k", clip_on=False, zorder=4)
            ax.annotate(name, (x, y), xytext=off, textcoords="offset points", ha=ha,
                        bbox=dict(boxstyle="round,pad=0.2", fc="w", ec="none", alpha=0.9),
                        zorder=5)
        ax.set_xlabel(r"true positive rate $\mathrm{TPR}$")
        ax.set_title(title)
        ax.set_aspect("equal")
        ax.set_xticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.set_yticks([0, 0.5, 1], ["0", "0.5", "1"])
        ax.grid(False)
    axes[0].set_ylabel(r"true negative rate $\mathrm{TNR}$")
    fig.colorbar(cs, ax=axes, shrink=0.85, label="value of the metric")
    return fig


def bias_figure(pi0: float = 0.1, informedness=(0.0, 0.2, 0.25, 0.5, 0.75)) -> Figure:
    """Left: trivial classifiers against their bias q; right: GM at fixed informedness J."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import COLOURS, LINESTYLES, PALETTE

    q = np.linspace(0, 1, 401)
    E = il.binary_matrix(q * pi0, (1 - q) * pi0, q * (1 - pi0), (1 - q) * (1 - pi0))
    fig, axes = plt.subplots(1, 2, figsize=(10.5, 4.8))
    ax = axes[0]
    for k, (f, label) in enumerate([(il.balanced_accuracy, r"$\mathrm{BA}$"),
                                    (il.g_mean, r"$\mathrm{GM}$"),
                                    (il.ac, r"$\mathrm{HM}$ (AC-score)"),
                                    (il.accuracy, f"$\\mathrm{{ACC}}$ at $\\pi = {pi0}$")]):
        ax.plot(q, f(E), color=COLOURS[k], ls=LINESTYLES[k], lw=2, label=label)
    ax.set_xlabel("rate $q$ of positive predictions (bias)")
    ax.set_ylabel("value on the expected matrix")
    ax.set_title("label-independent classifiers ($J = 0$)")
    ax.legend(loc="upper right")
    ax.set_ylim(-0.02, 1.02)
    ax = axes[1]
    for k, J in enumerate(informedness):
        D = np.linspace(-(1 - J), 1 - J, 401)
        S = il.binary_matrix(*np.maximum(0, [(1 + J + D) / 2, (1 - J - D) / 2,
                                             (1 - J + D) / 2, (1 + J - D) / 2]))
        ax.plot(D, il.g_mean(S), color=COLOURS[k], ls=LINESTYLES[k], lw=2, label=f"$J = {J}$")
        ax.plot([-(1 - J), 1 - J], [np.sqrt(J)] * 2, ls="", marker="o", ms=5,
                color=COLOURS[k], mec="k")
    ax.axhline(0.5, color=PALETTE["grey"], lw=1)
    ax.text(-0.98, 0.52, "coin flip", color=PALETTE["grey"])
    tpr, tnr = GM_EXAMPLE
    k = int(np.argmin(np.abs(np.array(informedness) - (tpr + tnr - 1))))  # its J's curve
    ax.plot(tpr - tnr, float(il.g_mean(il.binary_matrix(tpr, 1 - tpr, 1 - tnr, tnr))),
            marker="*", ms=14, color=COLOURS[k], mec="k", zorder=5)
    ax.set_xlabel(r"dominance $d = \mathrm{TPR} - \mathrm{TNR}$")
    ax.set_ylabel(r"geometric mean $\mathrm{GM}$")
    ax.set_title("fixed informedness $J$, varying bias")
    ax.legend(loc="upper center", ncol=3)
    ax.set_ylim(-0.02, 1.25)
    ax.set_yticks(np.linspace(0, 1, 6))
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------- Satimage


def satimage_models(seed: int = 1) -> dict:
    """The three honest models of the experiment, by name.

    A standardised logistic regression with the default threshold 1/2; the same
    with ``class_weight="balanced"``; and scikit-learn's
    ``TunedThresholdClassifierCV`` choosing the threshold for balanced accuracy
    by inner 3-fold stratified cross-validation (shuffled, ``seed``).
    """
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, TunedThresholdClassifierCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    logreg = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
    inner = StratifiedKFold(n_splits=3, shuffle=True, random_state=seed)
    return {
        "logistic regression, $t = 1/2$": logreg,
        "class-weighted, $t = 1/2$": make_pipeline(
            StandardScaler(), LogisticRegression(max_iter=1000, class_weight="balanced")),
        r"threshold tuned for $\mathrm{BA}$ (nested)": TunedThresholdClassifierCV(
            logreg, scoring=il.metric_scorer("balanced_accuracy"), cv=inner),
    }


def _outer_folds(seed: int = 0):
    from sklearn.model_selection import StratifiedKFold

    return StratifiedKFold(n_splits=5, shuffle=True, random_state=seed)


@cache
def threshold_experiment(seed: int = 0) -> dict:
    """Every threshold of a logistic regression's out-of-fold probabilities on Satimage.

    Class 4 against the rest; scores from 5-fold stratified cross-validation
    (shuffled, ``seed``); :func:`imbalance_lib.threshold_sweep` gives the
    confusion matrix of every distinct cut (rule ``score >= t``).

    Returns
    -------
    dict with ``X``, ``y``, ``thresholds``, ``sweep`` (matrices), ``curves``
    (ACC, BA, GM per cut) and ``best`` (the index of each metric's maximum).
    """
    from sklearn.model_selection import cross_val_predict

    from imbalance_lib.book.datasets import load_satimage

    sat = load_satimage(positive=4)
    X, y = sat.data, sat.target
    logreg = satimage_models()["logistic regression, $t = 1/2$"]
    scores = cross_val_predict(logreg, X, y, cv=_outer_folds(seed),
                               method="predict_proba")[:, 1]
    thresholds, sweep = il.threshold_sweep(y, scores)
    curves = {"ACC": il.accuracy(sweep), "BA": il.balanced_accuracy(sweep),
              "GM": il.g_mean(sweep)}
    best = {name: int(np.argmax(v)) for name, v in curves.items()}
    return {"X": X, "y": y, "thresholds": thresholds, "sweep": sweep, "curves": curves,
            "best": best}


def threshold_figure(exp: dict) -> Figure:
    """ACC, BA and GM of the sweep against the threshold, each maximum marked."""
    import matplotlib.pyplot as plt

    from imbalance_lib.book.figures import COLOURS, LINESTYLES, PALETTE

    t, prev = exp["thresholds"], float(exp["y"].mean())
    finite = np.isfinite(t)  # the last cut, t = inf, predicts everything negative
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    for k, (name, v) in enumerate(exp["curves"].items()):
        ax.plot(t[finite], v[finite], color=COLOURS[k], ls=LINESTYLES[k], lw=2,
                label=f"$\\mathrm{{{name}}}$")
        i = exp["best"][name]
        ax.plot(t[i], v[i], marker="o", color=COLOURS[k], mec="k", ms=7)
    ax.axhline(1 - prev, color=PALETTE["grey"], lw=1, label=r"$\mathrm{ACC}$ of all negative")
    ax.axvline(prev, color=PALETTE["grey"], lw=1, ls="-.")
    ax.axvline(0.5, color=PALETTE["grey"], lw=1, ls=":")
    ax.text(prev + 0.01, 0.05, "$t = \\pi$")
    ax.text(0.51, 0.05, "$t = 1/2$")
    ax.set_xlabel("decision threshold $t$ on the predicted probability")
    ax.set_ylabel("value of the metric")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend(loc="center right")
    fig.tight_layout()
    return fig


METRICS = {r"$\mathrm{TPR}$": il.tpr, r"$\mathrm{TNR}$": il.tnr, r"$\mathrm{ACC}$": il.accuracy,
           r"$\mathrm{BA}$": il.balanced_accuracy, r"$\mathrm{GM}$": il.g_mean}
"""The columns of :func:`models_table`."""


@cache
def model_matrices(seed: int = 0) -> tuple[list, np.ndarray, np.ndarray]:
    """Outer-fold confusion matrices of :func:`satimage_models`, and the pooled rows.

    Returns ``(names, folds, pooled)``: ``folds`` has shape ``(3, 5, 2, 2)``;
    ``pooled`` sums each model's folds and adds the two thresholds picked in
    hindsight on :func:`threshold_experiment` (best ACC, best BA).
    """
    from imbalance_lib.book.experiments import evaluate_models

    exp = threshold_experiment(seed)
    models = satimage_models()
    folds = evaluate_models(models, exp["X"], exp["y"], cv=_outer_folds(seed))
    pooled = np.concatenate([folds.sum(axis=1),
                             exp["sweep"][[exp["best"]["ACC"], exp["best"]["BA"]]]])
    names = list(models) + [r"best $\mathrm{ACC}$ threshold (hindsight)",
                            r"best $\mathrm{BA}$ threshold (hindsight)"]
    return names, folds, pooled


def models_table(seed: int = 0) -> pd.DataFrame:
    """Pooled rates and metrics of each model, with the spread of BA over the outer folds."""
    import pandas as pd

    names, folds, pooled = model_matrices(seed)
    table = pd.DataFrame({k: [f"{v:.3f}" for v in f(pooled)] for k, f in METRICS.items()},
                         index=names)
    table[r"$\mathrm{BA}$ per fold (sd)"] = [
        f"{s:.3f}" for s in il.balanced_accuracy(folds).std(axis=1)] + ["", ""]
    return table


FLAT_TOL = 0.01
"""How far below its maximum balanced accuracy may fall on the band called its top."""


def near_top(exp: dict, tol: float = FLAT_TOL) -> dict:
    """How flat balanced accuracy is around its maximum over the threshold sweep.

    Returns the band of consecutive thresholds around the best cut on which BA
    stays within ``tol`` of its maximum (``lo``, ``hi``), the nearest cut to
    the prevalence and how far BA there is below the maximum (``gap_pi``).
    """
    t, ba, i = exp["thresholds"], exp["curves"]["BA"], exp["best"]["BA"]
    near = ba >= ba[i] - tol
    lo = i
    while lo > 0 and near[lo - 1]:
        lo -= 1
    hi = i
    while hi + 1 < len(t) and near[hi + 1] and np.isfinite(t[hi + 1]):
        hi += 1
    j = int(np.argmin(np.abs(t - float(exp["y"].mean()))))
    return {"lo": float(t[lo]), "hi": float(t[hi]), "t_pi": float(t[j]),
            "gap_pi": float(ba[i] - ba[j])}


def _experiment_findings() -> dict:
    exp = threshold_experiment()
    top = near_top(exp)
    y, t, sweep, curves = exp["y"], exp["thresholds"], exp["sweep"], exp["curves"]
    ia, ib, ig = exp["best"]["ACC"], exp["best"]["BA"], exp["best"]["GM"]
    _, _, pooled = model_matrices()
    ba, acc = il.balanced_accuracy(pooled), il.accuracy(pooled)
    return {"exp_m": int(y.size), "exp_d": int(exp["X"].shape[1]), "exp_pi": float(y.mean()),
            "exp_t_acc": float(t[ia]), "exp_t_ba": float(t[ib]), "exp_t_gm": float(t[ig]),
            "exp_acc_best": float(curves["ACC"][ia]), "exp_acc_allneg": 1 - float(y.mean()),
            "exp_tpr_acc": float(il.tpr(sweep[ia])), "exp_tpr_ba": float(il.tpr(sweep[ib])),
            "exp_ba_best": float(curves["BA"][ib]), "exp_acc_at_ba": float(curves["ACC"][ib]),
            "exp_ba_default": float(ba[0]), "exp_ba_weighted": float(ba[1]),
            "exp_ba_tuned": float(ba[2]), "exp_acc_default": float(acc[0]),
            "exp_acc_weighted": float(acc[1]), "exp_acc_tuned": float(acc[2]),
            "exp_flat_tol": FLAT_TOL, "exp_flat_lo": top["lo"], "exp_flat_hi": top["hi"],
            "exp_t_pi": top["t_pi"], "exp_gap_pi": top["gap_pi"]}


# --------------------------------------------------------------------------- theorems


def _parts(C) -> dict:
    """Counts, rates and metrics of a stack of matrices (rates are 0 where a class is empty)."""
    C = np.asarray(C, float)
    tn, fp, fn, tp = C[..., 0, 0], C[..., 0, 1], C[..., 1, 0], C[..., 1, 1]
    P, N = tp + fn, tn + fp
    return {"C": C, "tp": tp, "fn": fn, "fp": fp, "tn": tn, "P": P, "N": N,
            "pi": P / (P + N), "tpr": il.tpr(C), "tnr": il.tnr(C), "acc": il.accuracy(C),
            "ba": il.balanced_accuracy(C), "gm": il.g_mean(C), "hm": il.ac(C),
            "d": il.dominance(C)}


def _statement(gap):
    """A violation for :func:`~imbalance_lib.book.properties.check_claim` from ``gap(parts)``.

    The statements assume ``P, N >= 1``: the violation is nan where a class is empty.
    """
    from imbalance_lib.book.properties import _both_classes

    def violation(C):
        v = _parts(C)
        return np.where(_both_classes(v["C"]), gap(v), np.nan)

    return violation


def _cost_gap(v):
    """|normalised cost - (1 - WA_alpha)|, alpha from random costs (seeded per stack)."""
    c_fn, c_fp = 10.0 ** np.random.default_rng(7).uniform(-3, 3, size=(2,) + v["tp"].shape)
    alpha = c_fn * v["P"] / (c_fn * v["P"] + c_fp * v["N"])
    alpha = np.where(np.isfinite(alpha), alpha, 0.5)  # the empty matrix (excluded anyway)
    cost = (c_fn * v["fn"] + c_fp * v["fp"]) / (c_fn * v["P"] + c_fp * v["N"])
    return np.abs(cost - (1 - il.weighted_accuracy(v["C"], alpha)))


def _when(cond, x):
    return np.where(cond, x, np.nan)


THEOREMS = {name: _statement(gap) for name, gap in {
    r"$\mathrm{ACC} = \pi\,\mathrm{TPR} + (1-\pi)\,\mathrm{TNR}$":
        lambda v: np.abs(v["acc"] - v["pi"] * v["tpr"] - (1 - v["pi"]) * v["tnr"]),
    r"$\mathrm{ACC} - (1 - \pi) = (\mathrm{TP} - \mathrm{FP})/n$, "
    r"so $\mathrm{ACC} > 1 - \pi \iff \mathrm{TP} > \mathrm{FP}$":
        lambda v: np.abs(v["acc"] - (1 - v["pi"]) - (v["tp"] - v["fp"]) / (v["P"] + v["N"])),
    r"$1 - \mathrm{WA}_\alpha$ = normalised cost": _cost_gap,
    r"$\mathrm{BA}$ of reversed predictions $= 1 - \mathrm{BA}$":
        lambda v: np.abs(il.balanced_accuracy(v["C"][..., ::-1]) - (1 - v["ba"])),
    r"$\mathrm{BA}$ unchanged by scaling the rows":
        lambda v: np.abs(il.balanced_accuracy(v["C"] * np.array([[0.2], [3.7]])) - v["ba"]),
    r"$\mathrm{BA} = \frac12 + \det C / (2PN)$":
        lambda v: np.abs(v["ba"] - 0.5 - (v["tp"] * v["tn"] - v["fp"] * v["fn"])
                         / (2 * v["P"] * v["N"])),
    r"$\mathrm{GM}^2 = \mathrm{BA}^2 - d^2/4$":
        lambda v: np.abs(v["gm"] ** 2 - v["ba"] ** 2 + v["d"] ** 2 / 4),
    r"$\mathrm{HM} \le \mathrm{GM}$": lambda v: v["hm"] - v["gm"],
    r"$\mathrm{GM} \le \mathrm{BA}$": lambda v: v["gm"] - v["ba"],
    r"$\mathrm{HM} \cdot \mathrm{BA} = \mathrm{GM}^2$": lambda v: np.abs(v["hm"] * v["ba"] - v["gm"] ** 2),
    r"$\mathrm{GM}^2 \ge J$ when $J \ge 0$":
        lambda v: _when(v["tpr"] + v["tnr"] >= 1, v["tpr"] + v["tnr"] - 1 - v["gm"] ** 2),
    r"$\mathrm{GM} \ge 1/2$ when $J \ge 1/4$":
        lambda v: _when(v["tpr"] + v["tnr"] >= 1.25, 0.5 - v["gm"]),
}.items()}
"""The chapter's statements about one confusion matrix, each as a violation function.

Each maps a stack ``(m, 2, 2)`` to ``m`` violations (positive: the statement
fails there by that much; nan: it does not apply, e.g. a class is empty).
"""


@cache
def theorem_checks(n_random: int = N_RANDOM, seed: int = 0) -> pd.DataFrame:
    """:func:`~imbalance_lib.book.properties.check_claims` on every statement of :data:`THEOREMS`.

    Integer matrices with entries up to 12, ``n_random`` random real matrices
    with structured extremes, and a differential-evolution search that
    maximises each violation.
    """
    import warnings

    from imbalance_lib.book.properties import check_claims

    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the optimiser squares its 1e300 stand-ins for nan
        return check_claims(THEOREMS, n_random=n_random, seed=seed)


def checks_table(checks: pd.DataFrame) -> pd.DataFrame:
    """The checks as a page table: matrices tried (to the thousand) and the verdict.

    The largest violations themselves (a few units in the last place) depend on
    the processor and are not shown.
    """
    import pandas as pd

    return pd.DataFrame({
        "matrices tried": [f"{round(c, -3):,.0f}" for c in checks["cases"]],
        "violation above 1e-9": ["none" if h else "**yes**" for h in checks["holds"]],
    }, index=checks.index)


# --------------------------------------------------------------------------- findings


def findings() -> dict:
    """Everything the chapter's prose states, computed (each experiment runs once per process)."""
    target = {(name, c): y for name, c, y in one_vs_rest_problems()}
    run = il.binary_matrix(tp=6, fn=4, fp=9, tn=81)
    f = {"ir_glass": imbalance_ratio(target["Glass", 3]),
         "ir_sat": imbalance_ratio(target["Satimage", 4]),
         "run_tpr": float(il.tpr(run)), "run_acc": float(il.accuracy(run)),
         "run_allneg": float(run[0].sum() / run.sum())}  # all negative: ACC = N/M
    par = paradox_experiment()
    random_runs = (par["q"] > 0) & (par["q"] < 1)
    f.update({"par_pimin": float(par["prevalence"].min()),
              "par_pimax": float(par["prevalence"].max()),
              "par_bamin": float(par["ba"][random_runs].min()),
              "par_bamax": float(par["ba"][random_runs].max()),
              "par_cross": par["cross"],
              "par_cross_prefix": bool(np.all(par["wins"][: int(par["wins"].sum())])),
              "par_ba_spread": float(np.abs(par["exp_ba"] - 0.5).max()),
              "par_const_ba_gap": float(np.abs(par["ba"][~random_runs] - 0.5).max())})
    P_values, tail, mean_gap = chance_tails()
    C11, prob11 = ba_distribution(1, 1, 0.5)
    small = tail[:, P_values <= 10]
    f.update({"chance_10": float(tail[1, P_values == 10][0]),
              "chance_100": float(tail[1, P_values == 100][0]),
              "chance_mean_gap": mean_gap,
              "chance_perfect_1_1": float(prob11[il.balanced_accuracy(C11) == 1].sum()),
              "chance_rises_small": int((np.diff(small, axis=1) > 1e-12).sum())})
    f.update(_vergne_findings())
    tpr, tnr = GM_EXAMPLE
    ex = il.binary_matrix(tpr, 1 - tpr, 1 - tnr, tnr)
    f.update({"gm_ex_ba": float(il.balanced_accuracy(ex)), "gm_ex_gm": float(il.g_mean(ex))})
    f.update(_experiment_findings())
    checks = theorem_checks()
    f.update({"checks_statements": len(checks), "checks_hold": int(checks["holds"].sum()),
              "checks_worst": float(checks["worst"].max()),
              "checks_random": N_RANDOM,
              "ex_pchance": coin_flip_tail(8, 992, 0.62)})
    return f


TOL = 1e-12
CLAIMS = [
    Claim("ir-published", "the shipped Glass and Satimage give García et al.'s imbalance "
          "ratios to two decimals",
          lambda f: round(f["ir_glass"], 2) == GARCIA_IR["glass"]
          and round(f["ir_sat"], 2) == GARCIA_IR["satimage"]),
    Claim("run-paradox", "the running example is less accurate than predicting negative "
          "for everyone, though it finds more than half of the positives",
          lambda f: f["run_acc"] < f["run_allneg"] and f["run_tpr"] > 0.5),
    Claim("par-flat", "in balanced accuracy every trivial line coincides at 1/2",
          lambda f: f["par_ba_spread"] <= TOL and f["par_const_ba_gap"] <= TOL),
    Claim("par-scatter", "the realised random classifiers scatter around 1/2",
          lambda f: f["par_bamin"] < 0.5 < f["par_bamax"]),
    Claim("par-band", "the all-negative rule beats the informative classifier exactly "
          "below the crossing prevalence",
          lambda f: f["par_cross_prefix"] and abs(f["par_cross"] - (1 - INFORMATIVE)) <= 0.002),
    Claim("vergne-acc", "the article's accuracy of the all-negative rule, N/n = 0.99, is "
          "reproduced exactly", lambda f: f["vergne_acc"] == 990 / 1000),
    Claim("chance-mean", "the coin flip's expected balanced accuracy is exactly 1/2",
          lambda f: f["chance_mean_gap"] <= TOL),
    Claim("chance-quarter", "with one positive and one negative a coin flip scores BA = 1 "
          "a quarter of the time", lambda f: abs(f["chance_perfect_1_1"] - 0.25) <= TOL),
    Claim("chance-fades", "the chance of BA >= 0.6 fades as the minority class grows",
          lambda f: f["chance_100"] < f["chance_10"] / 100),
    Claim("chance-not-monotone", "the tail curves are not monotone for very small P",
          lambda f: f["chance_rises_small"] > 0),
    Claim("vergne-exact", "every value the article derives is reproduced; only the "
          "realised coin flips disagree",
          lambda f: f["vergne_disagree"] == f["vergne_disagree_realised"] > 0),
    Claim("vergne-small-class", "the deviation is largest where one class has 10 samples",
          lambda f: f["vergne_worst_smaller_class"] == 10),
    Claim("gm-example", "the biased classifier (1, 0.2) is informative but has a geometric "
          "mean below the coin flip's 1/2",
          lambda f: f["gm_ex_ba"] > 0.5 > f["gm_ex_gm"]),
    Claim("exp-acc-ignores", "tuned for accuracy the model flags few positives and barely "
          "beats the all-negative rule",
          lambda f: f["exp_tpr_acc"] < 0.05
          and 0 < f["exp_acc_best"] - f["exp_acc_allneg"] < 0.005),
    Claim("exp-ba-near-prevalence", "balanced accuracy peaks close to the prevalence",
          lambda f: f["exp_t_ba"] < f["exp_pi"] and f["exp_pi"] - f["exp_t_ba"] < f["exp_pi"] / 2),
    Claim("exp-ba-flat", "balanced accuracy is flat near its top: the band within the "
          "tolerance of its maximum is wider than the distance from its peak to the "
          "prevalence, and at the prevalence it has lost less than a tenth of its lead over "
          "the chance level 1/2",
          lambda f: f["exp_flat_lo"] <= f["exp_t_ba"] <= f["exp_flat_hi"]
          and f["exp_flat_hi"] - f["exp_flat_lo"] > f["exp_pi"] - f["exp_t_ba"]
          and f["exp_gap_pi"] < (f["exp_ba_best"] - 0.5) / 10),
    Claim("exp-gm-between", "the geometric mean peaks between the two",
          lambda f: f["exp_t_ba"] <= f["exp_t_gm"] <= f["exp_t_acc"]),
    Claim("exp-default-near-allneg", "with the default threshold the model is close to the "
          "all-negative rule", lambda f: f["exp_ba_default"] < 0.55),
    Claim("exp-honest-recover", "weighting or nested tuning recovers almost all of the "
          "hindsight optimum (within 0.02), at the price of accuracy",
          lambda f: f["exp_ba_best"] - min(f["exp_ba_weighted"], f["exp_ba_tuned"]) < 0.02
          and max(f["exp_acc_weighted"], f["exp_acc_tuned"]) < f["exp_acc_default"]),
    Claim("checks-hold", "every statement survives the numerical attack",
          lambda f: f["checks_hold"] == f["checks_statements"] > 0),
    Claim("checks-rounding", "the largest violation found is below 1e-14",
          lambda f: f["checks_worst"] < 1e-14),
    Claim("ex-chance-weak", "a coin flip reaches BA >= 0.62 on 8 positives often enough "
          "(at least one time in twenty) that the result alone says little",
          lambda f: f["ex_pchance"] >= 0.05),
]
"""The statements of the chapter's prose, each with the finding that supports it."""
