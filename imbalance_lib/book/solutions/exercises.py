"""What each checked exercise part asks, and how its answer is computed (instructor-only).

:data:`EXERCISES` names, for every exercise with a numeric answer, its parts: what each
asks (shown in the student's check cell) and the expression that computes the answer
in what the solution's code cells leave behind. :data:`CONTEXT` names the cells of a
chapter (besides the imports of its first code cell) that the solutions use.
:mod:`.answer_table` runs them. The student edition does not ship this package.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Part", "Exercise", "EXERCISES", "CONTEXT"]


@dataclass(frozen=True)
class Part:
    """One numeric answer of an exercise.

    ``expr`` is evaluated after the solution's code cells ran, in what they left
    behind; ``seeds`` (Monte Carlo answers only) is the same computation with
    ``{seed}`` in place of the solution's random seed (see the tolerance rule).
    """

    name: str  # "" for an exercise with one answer, else "a", "b", ...
    what: str  # what the value is, shown in the student's cell
    expr: str
    kind: str | None = None  # "int" for counts; otherwise chosen by the rule above
    seeds: str | None = None


@dataclass(frozen=True)
class Exercise:
    label: str
    chapter: str
    parts: tuple[Part, ...]


def _one(what, expr, **kw):
    return (Part("", what, expr, **kw),)


def _parts(*items):
    return tuple(Part(chr(ord("a") + i), what, expr, **kw)
                 for i, (what, expr, kw) in enumerate(
                     (it if len(it) == 3 else (*it, {})) for it in items))


_CI = ("confidence_interval(C, {m!r}, method={me!r}, n_resamples=100_000,"
       " random_state={s})[{i}]")


def _ci(what, m, me, i):
    """A limit of the interval of the solution (seed 0), and the same with other seeds."""
    return (what, _CI.format(m=m, me=me, s=0, i=i),
            {"seeds": _CI.format(m=m, me=me, s="{seed}", i=i)})


EXERCISES: tuple[Exercise, ...] = (
    # balanced_accuracy
    Exercise("ba-ex-screening", "balanced_accuracy", _parts(
        ("ACC of the screening test", "il.accuracy(S)"),
        ("BA of the screening test", "il.balanced_accuracy(S)"),
        ("GM of the screening test", "il.g_mean(S)"),
        ("ACC of declaring everyone healthy", "il.accuracy(healthy)"))),
    Exercise("ba-ex-cost", "balanced_accuracy", _parts(
        ("alpha of weighted accuracy for these costs", "alpha_f"),
        ("cost ratio r that balanced accuracy assumes here", "(1 - pi_f) / pi_f",
         {"kind": "int"}))),
    Exercise("ba-ex-shift", "balanced_accuracy", _parts(
        ("ACC of the running example on the shifted test set", "il.accuracy(shifted)"),
        ("BA of the running example on the shifted test set",
         "il.balanced_accuracy(shifted)"))),
    Exercise("ba-ex-chance", "balanced_accuracy", _one(
        "probability that a coin flip reaches BA >= 0.62", "p_chance")),
    # hmnc
    Exercise("hmnc-ex-form", "hmnc", _one("HMNC of Psi_2 in Table 2", "il.hmnc(C)")),
    Exercise("hmnc-ex-sensitivity", "hmnc", _one(
        "majority samples worth one minority sample, to first order",
        # the ratio of the two partial derivatives, by central differences of h
        "(h(700, 5 + 1e-3) - h(700, 5 - 1e-3)) / (h(700 + 1e-3, 5) - h(700 - 1e-3, 5))")),
    Exercise("hmnc-ex-equal", "hmnc", _one(
        "number of matrices with P = 3, N = 2 on which HMNC equals BA", "len(hits)",
        kind="int")),
    Exercise("hmnc-ex-kappa", "hmnc", _one(
        "smallest kappa with P = 1000 and N = 400", "float(k.min())")),
    # iba
    Exercise("iba-ex-compute", "iba", _parts(
        ("dominance", "il.dominance(C)"),
        ("GM squared", "il.g_mean(C) ** 2"),
        ("IBA with alpha = 0.1", "il.iba(C, alpha=0.1)"),
        ("IBA with alpha = 1", "il.iba(C, alpha=1)"),
        ("IBA with alpha = 0.1, labels exchanged", "il.iba(swap(C), alpha=0.1)"))),
    Exercise("iba-ex-bound", "iba", _parts(
        ("dominance d that maximises the bound for alpha = 1",
         "_argmax(lambda d: (1 + 1 * d) * (1 - abs(d)), -1, 1)"),
        ("dominance d that maximises the bound for alpha = 2",
         "_argmax(lambda d: max(1 + 2 * d, 0) * (1 - abs(d)), -1, 1)"),
        ("the largest value of the bound for alpha = 2",
         "_maximum(lambda d: max(1 + 2 * d, 0) * (1 - abs(d)), -1, 1)"))),
    Exercise("iba-ex-op-mirror", "iba", _parts(
        ("prevalence at which OP's preference between the two switches",
         "_root(lambda p: il.optimized_precision(from_rates(0.9, 0.6, p))"
         " - il.optimized_precision(from_rates(0.6, 0.9, p)), 0.01, 0.99)"),
        ("IBA_0.1 of (0.9, 0.6) minus IBA_0.1 of (0.6, 0.9)",
         "il.iba(A, alpha=0.1) - il.iba(B, alpha=0.1)"),
        ("OP of (0.9, 0.6) minus OP of (0.6, 0.9) at pi = 0.1",
         "il.optimized_precision(from_rates(0.9, 0.6, 0.1))"
         " - il.optimized_precision(from_rates(0.6, 0.9, 0.1))"),
        ("OP of (0.9, 0.6) minus OP of (0.6, 0.9) at pi = 0.7",
         "il.optimized_precision(from_rates(0.9, 0.6, 0.7))"
         " - il.optimized_precision(from_rates(0.6, 0.9, 0.7))"))),
    # ac_score
    Exercise("ac-ex-compute", "ac_score", _parts(
        ("AC-score", "il.ac(C)"),
        ("GM", "il.g_mean(C)"),
        ("BA", "il.balanced_accuracy(C)"),
        ("HMNC", "il.hmnc(C)"),
        ("F1", "il.f1(C)"))),
    Exercise("ac-ex-power", "ac_score", _one(
        "power mean M_-3 of TPR and TNR", "((t**-3 + s**-3) / 2) ** (-1 / 3)")),
    Exercise("ac-ex-lda-average", "ac_score", _one(
        "test predictions on which the two LDAs differ", "int(np.sum(averaged != single))",
        kind="int")),
    Exercise("ac-ex-ties", "ac_score", _parts(
        ("best cut for accuracy",
         'il.optimal_operating_point(y_tie, z_knn, metric="accuracy").threshold'),
        ("best cut for nmc_criterion",
         "il.optimal_operating_point(y_tie, z_knn, metric=nmc_criterion).threshold"),
        ("best cut for the AC-score",
         'il.optimal_operating_point(y_tie, z_knn, metric="ac").threshold'))),
    # iam
    Exercise("iam-ex-hand", "iam", _parts(
        ("IAM", "il.iam(C)"),
        ("accuracy", "il.accuracy(C)"))),
    Exercise("iam-ex-six", "iam", _one(
        # IAM - ACC tends to the IAM of the extremal family as its count t grows
        "the largest possible excess of IAM over ACC for k = 6 (a supremum)",
        "il.iam(C_six)")),
    # intervals
    Exercise("int-ex-five", "intervals", _parts(
        _ci("Bayesian interval of TPR: lower limit", "tpr", "bayes", 0),
        _ci("bootstrap interval of TPR: lower limit", "tpr", "bootstrap", 0),
        _ci("Bayesian interval of GM: lower limit", "g_mean", "bayes", 0),
        _ci("Bayesian interval of GM: upper limit", "g_mean", "bayes", 1),
        _ci("bootstrap interval of GM: lower limit", "g_mean", "bootstrap", 0),
        _ci("bootstrap interval of GM: upper limit", "g_mean", "bootstrap", 1))),
    Exercise("int-ex-jeffreys", "intervals", _parts(
        ("Jeffreys interval, TP = 3, FN = 7: lower limit",
         "float(stats.beta(3 + 0.5, 7 + 0.5).ppf(0.025))"),
        ("Jeffreys interval, TP = 3, FN = 7: upper limit",
         "float(stats.beta(3 + 0.5, 7 + 0.5).ppf(0.975))"),
        ("Jeffreys interval, TP = 10, FN = 0: lower limit",
         "float(stats.beta(10 + 0.5, 0 + 0.5).ppf(0.025))"))),
    Exercise("int-ex-size", "intervals", _one(
        "smallest number of minority samples (of 10, 20, 50, ..., 800)",
        "int(P_grid[(high - low) < 0.1].min())", kind="int",
        seeds="int(P_grid[np.subtract(*confidence_interval(stack, 'iba',"
              " random_state={seed})[::-1]) < 0.1].min())")),
    Exercise("int-ex-paired", "intervals", _parts(
        ("paired interval: lower limit", "paired.low",
         {"seeds": "compare(J, 'tpr', random_state={seed}).low"}),
        ("paired interval: upper limit", "paired.high",
         {"seeds": "compare(J, 'tpr', random_state={seed}).high"}),
        ("unpaired interval: lower limit", "float(low)",
         {"seeds": "float(unpaired(J.sum(axis=2), J.sum(axis=1), il.tpr,"
                   " seed={seed})[0])"}),
        ("unpaired interval: upper limit", "float(high)",
         {"seeds": "float(unpaired(J.sum(axis=2), J.sum(axis=1), il.tpr,"
                   " seed={seed})[1])"}))),
    # ranking
    Exercise("rank-ex-pairs", "ranking", _one("AUROC", "_[0]")),
    Exercise("rank-ex-atomic", "ranking", _parts(
        ("change of AP from fixing the mistake at rank 2", '_["rank 2"]'),
        ("change of AP from fixing the mistake at rank 50", '_["rank 50"]'))),
    Exercise("rank-ex-baseline", "ranking", _parts(
        ("average AP of a random ranking", "ranking.expected_random_ap(200, 2)"),
        ("share of random rankings with AP >= 0.05",
         'random_ap_tail(200, 2, "0.05")'))),
    # deployment
    Exercise("dep-ex-bayes", "deployment", _one("threshold", "_")),
    Exercise("dep-ex-under", "deployment", _one("probability under the original prior",
                                                "_[0]")),
    # the explorer's frames in the five document chapters
    Exercise("ba-ex-explorer", "balanced_accuracy", _one(
        "weight alpha at which weighted accuracy equals accuracy", "alpha_acc")),
    Exercise("iba-ex-explorer", "iba", _one(
        "IBA with alpha = 0.1 of theta4 minus that of theta1", "gap")),
    Exercise("hmnc-ex-explorer", "hmnc", _parts(
        ("HMNC of Psi_2 minus HMNC of Psi_1 (Table 1)", "rise_2"),
        ("HMNC of Psi_4 minus HMNC of Psi_1 (Table 1)", "rise_4"))),
    Exercise("iam-ex-explorer", "iam", _parts(
        ("largest CBA of CM3 over the class shares", "best_cba"),
        ("mean recall (MAR) of CM3", "il.macro_recall(CM3)"))),
    Exercise("ac-ex-explorer", "ac_score", _parts(
        ("threshold at which TPR = TNR", "t_diag"),
        ("BA minus AC-score at the opening matrix", "gap"))),
    # synthesis
    Exercise("syn-ex-deploy", "synthesis", _parts(
        ("accuracy at pi = 0.2", 'float(props.evaluate("accuracy", ex[0.2]))'),
        ("F1 at pi = 0.2", 'float(props.evaluate("f1", ex[0.2]))'),
        ("BA at pi = 0.2", 'float(props.evaluate("balanced_accuracy", ex[0.2]))'),
        ("accuracy at pi = 0.01", 'float(props.evaluate("accuracy", ex[0.01]))'),
        ("F1 at pi = 0.01", 'float(props.evaluate("f1", ex[0.01]))'),
        ("BA at pi = 0.01", 'float(props.evaluate("balanced_accuracy", ex[0.01]))'))),
)


# the notebook's cells that define it (found by their first line).
CONTEXT: dict[str, tuple[str, ...]] = {
    "ac_score": (r"^tie = ac_score\.tie_experiment\(",),
    "balanced_accuracy": (r"^y_true = np\.repeat\(",),
    "intervals": (r"^def unpaired\(",),
}

