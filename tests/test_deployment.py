"""Deployment: metrics at another prevalence, expected cost, cost-optimal thresholds, priors.

Expected values come from hand computation, from scikit-learn (class-reweighted
``sample_weight`` for a prior shift, ``confusion_matrix`` and ``TunedThresholdClassifierCV``
for costs), from the normal distribution's closed forms (scipy) for the Bayes threshold,
and from brute-force loops over every cut.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from scipy.stats import norm
from sklearn.frozen import FrozenEstimator
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import confusion_matrix, f1_score, matthews_corrcoef, precision_score
from sklearn.model_selection import TunedThresholdClassifierCV, cross_val_score

import imbalance_lib as il

C = np.array([[80.0, 20.0], [2.0, 8.0]])  # TNR 0.8, TPR 0.8, 10 of 110 positive


# ------------------------------------------------------------------ at_prevalence


def test_matrix_at_prevalence_by_hand():
    # n = 110; row rates (0.8, 0.2) and (0.2, 0.8); at pi = 0.25: 82.5 negatives, 27.5 positives
    assert il.matrix_at_prevalence(C, 0.25) == pytest.approx(
        np.array([[66.0, 16.5], [5.5, 22.0]]))


@pytest.mark.parametrize("pi", [0.001, 0.05, 0.5, 0.9])
def test_precision_at_prevalence_is_the_closed_form(pi):
    tpr, fpr = 0.8, 0.2
    assert il.at_prevalence(C, "precision", pi) == pytest.approx(
        pi * tpr / (pi * tpr + (1 - pi) * fpr))


def _labels(rng, n_pos=300, n_neg=900):
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    p = np.where(rng.random(y.size) < np.where(y == 1, 0.7, 0.15), 1, 0)
    return y, p


@pytest.mark.parametrize("metric, theirs", [("precision", precision_score),
                                            ("f1", f1_score), ("mcc", matthews_corrcoef)])
@pytest.mark.parametrize("pi", [0.01, 0.3, 0.8])
def test_at_prevalence_is_scikit_learns_metric_with_reweighted_classes(metric, theirs, pi):
    # a prior shift is a reweighting of the classes: weight pi/pi_test for positives
    y, p = _labels(np.random.default_rng(0))
    pi_test = y.mean()
    w = np.where(y == 1, pi / pi_test, (1 - pi) / (1 - pi_test))
    ours = il.at_prevalence(il.confusion_matrix(y, p), metric, pi)
    assert ours == pytest.approx(theirs(y, p, sample_weight=w), rel=1e-12)


def test_at_prevalence_broadcasts_stacks_and_prevalences():
    stack = np.stack([C, C[::-1, ::-1], C + 1])
    pis = np.array([[0.1], [0.5]])
    out = il.at_prevalence(stack, "f1", pis)
    assert out.shape == (2, 3)
    for i in range(2):
        for j in range(3):
            assert out[i, j] == pytest.approx(il.at_prevalence(stack[j], "f1", pis[i, 0]))
    assert il.at_prevalence(C, "mcc", [0.1, 0.2, 0.3]).shape == (3,)


@pytest.mark.parametrize("name", sorted(n for n, m in il.METRICS.items()
                                        if m.prevalence_invariant))
def test_prevalence_invariant_metrics_do_not_move(name):
    info = il.METRICS[name]
    before = info.func(C, **info.params)
    after = il.at_prevalence(C, name, [0.01, 0.5, 0.99])
    assert after == pytest.approx([before] * 3, rel=1e-12)


def test_own_prevalence_changes_nothing():
    for name in ("precision", "f1", "mcc", "accuracy", "kappa"):
        assert il.at_prevalence(C, name, 10 / 110) == pytest.approx(il.METRICS[name].func(C))


def test_multiclass_prevalence_by_hand():
    M = np.array([[8.0, 1, 1], [2, 6, 2], [0, 0, 5]])
    shares = [0.5, 0.3, 0.2]
    # n = 25: rows scaled to 12.5, 7.5 and 5 cases; accuracy = sum_i pi_i recall_i
    assert il.at_prevalence(M, "accuracy", shares) == pytest.approx(
        0.5 * 0.8 + 0.3 * 0.6 + 0.2 * 1.0)
    assert il.matrix_at_prevalence(M, shares)[1] == pytest.approx(np.array([1.5, 4.5, 1.5]))


def test_callable_metric_and_parameters():
    assert il.at_prevalence(C, il.iba, 0.3, alpha=0.5) == pytest.approx(il.iba(C, alpha=0.5))
    assert il.at_prevalence(C, "weighted_accuracy", 0.3, alpha=0.9) == pytest.approx(
        il.weighted_accuracy(C, alpha=0.9))


# ------------------------------------------------------------------ expected cost


COSTS = np.array([[0.0, 1.0], [10.0, 0.0]])


def test_expected_cost_by_hand():
    assert il.expected_cost(C, COSTS) == pytest.approx((20 * 1 + 2 * 10) / 110)
    # at pi = 0.5: 0.5 * FNR * 10 + 0.5 * FPR * 1 = 0.5 * 0.2 * 10 + 0.5 * 0.2
    assert il.expected_cost(C, COSTS, prevalence=0.5) == pytest.approx(1.1)
    # costs of correct decisions count too
    assert il.expected_cost(C, [[1, 1], [10, 3]]) == pytest.approx(
        (80 + 20 + 20 + 24) / 110)


def test_expected_cost_against_scikit_learn_matrices():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 3, 500)
    p = np.where(rng.random(500) < 0.6, y, rng.integers(0, 3, 500))
    costs = rng.random((3, 3)) * 5
    M = confusion_matrix(y, p)
    assert il.expected_cost(M, costs) == pytest.approx((M * costs).sum() / M.sum())
    # at another class mix: scikit-learn's matrix with reweighted classes
    shares = np.array([0.6, 0.3, 0.1])
    w = (shares / np.bincount(y, minlength=3) * len(y))[y]
    Mw = confusion_matrix(y, p, sample_weight=w)
    assert il.expected_cost(M, costs, prevalence=shares) == pytest.approx(
        (Mw * costs).sum() / Mw.sum())


def test_expected_cost_of_a_stack_and_huge_costs():
    stack = np.stack([C, C.T, np.ones((2, 2))])
    out = il.expected_cost(stack, COSTS)
    assert out.tolist() == pytest.approx([il.expected_cost(m, COSTS) for m in stack])
    assert il.expected_cost(C, COSTS * 1e300) == pytest.approx(
        il.expected_cost(C, COSTS) * 1e300)


def test_expected_cost_of_an_empty_matrix_follows_zero_division():
    with pytest.warns(il.UndefinedMetricWarning, match="n = 0"):
        assert il.expected_cost(np.zeros((2, 2)), COSTS) == 0.0
    assert np.isnan(il.expected_cost(np.zeros((2, 2)), COSTS, zero_division=np.nan))


def test_expected_cost_interval_contains_the_estimate_and_narrows():
    small = il.expected_cost_interval(C, COSTS, random_state=0)
    big = il.expected_cost_interval(C * 100, COSTS, random_state=0)
    assert small.estimate == pytest.approx(il.expected_cost(C, COSTS))
    assert small.low < small.estimate < small.high
    assert big.high - big.low < (small.high - small.low) / 5
    at = il.expected_cost_interval(C, COSTS, prevalence=0.5, random_state=0)
    assert at.estimate == pytest.approx(1.1)


# ------------------------------------------------------------------ thresholds


def _brute_cost(y, s, costs, prevalence=None):
    """Every cut by hand: the cost at each distinct score as threshold, and at +inf."""
    best = (np.inf, None)
    for t in np.r_[np.unique(s), np.inf]:
        M = confusion_matrix(y, (s >= t).astype(int), labels=[0, 1]).astype(float)
        if prevalence is not None:
            M = M / M.sum(axis=1, keepdims=True) * np.array([[1 - prevalence], [prevalence]])
        cost = (M * costs).sum() / M.sum()
        if cost < best[0] - 1e-12:
            best = (cost, t)
    return best


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("prevalence", [None, 0.05])
def test_cost_threshold_is_the_brute_force_optimum(seed, prevalence):
    rng = np.random.default_rng(seed)
    y = (rng.random(300) < 0.2).astype(int)
    s = np.round(rng.normal(y, 1.0), 1)  # ties among the scores
    costs = np.array([[0, 1], [rng.uniform(1, 20), 0]])
    cp = il.cost_threshold(y, s, costs, prevalence=prevalence)
    cost, t = _brute_cost(y, s, costs, prevalence)
    assert cp.cost == pytest.approx(cost, abs=1e-12)
    pred = (s >= cp.threshold).astype(int)
    assert confusion_matrix(y, pred, labels=[0, 1]).tolist() == cp.matrix.tolist()
    assert (pred == (s >= t)).all()  # the same cut as the first (lowest) optimal one


def test_cost_threshold_ties_take_the_lowest_threshold():
    # cuts "all positive" and "all negative" cost the same: 2 FP * 1 = 2 FN * 1
    cp = il.cost_threshold([0, 0, 1, 1], [0.5, 0.5, 0.5, 0.5], [[0, 1], [1, 0]])
    assert cp.threshold == -np.inf and cp.cost == 0.5


def test_cost_threshold_matches_tuned_threshold_classifier():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(600, 2))
    y = (X[:, 0] + rng.normal(size=600) > 1.3).astype(int)
    model = LogisticRegression().fit(X, y)
    s = model.predict_proba(X)[:, 1]
    costs = np.array([[0, 1], [6, 0]])
    cp = il.cost_threshold(y, s, costs)
    thresholds = il.threshold_sweep(y, s)[0][:-1]
    tuned = TunedThresholdClassifierCV(
        FrozenEstimator(model), scoring=il.cost_scorer(costs), thresholds=thresholds,
        cv=[(np.arange(600), np.arange(600))], refit=False).fit(X, y)
    assert -tuned.best_score_ == pytest.approx(cp.cost, rel=1e-12)
    assert ((s >= tuned.best_threshold_) == (s >= cp.threshold)).all()


def test_bayes_threshold_by_hand():
    assert il.bayes_threshold([[0, 1], [9, 0]]) == pytest.approx(0.1)
    assert il.bayes_threshold([[1, 3], [10, 2]]) == pytest.approx(2 / 10)


@pytest.mark.slow
def test_empirical_optimum_approaches_the_bayes_threshold_on_calibrated_scores():
    # binormal data: negatives N(0, 1), positives N(1.5, 1), prevalence 0.1; the score is
    # the true posterior, so it is calibrated. Costs FP 1, FN 9: Bayes threshold 0.1.
    costs = np.array([[0, 1], [9, 0]])
    pi, d = 0.1, 1.5

    def posterior(x):
        lr = norm.pdf(x, d) / norm.pdf(x, 0)
        return pi * lr / (pi * lr + 1 - pi)

    def true_cost(t):  # expected cost of "posterior >= t", from the normal cdf
        x_t = (np.log(t / (1 - t) * (1 - pi) / pi) + d**2 / 2) / d  # posterior(x_t) = t
        return pi * 9 * norm.cdf(x_t - d) + (1 - pi) * 1 * norm.sf(x_t)

    t_star = il.bayes_threshold(costs)
    errors = {}
    for n in (2_000, 2_000_000):
        rng = np.random.default_rng(n)
        y = (rng.random(n) < pi).astype(int)
        s = posterior(rng.normal(d * y, 1.0))
        errors[n] = abs(il.cost_threshold(y, s, costs).threshold - t_star)
        regret = true_cost(il.cost_threshold(y, s, costs).threshold) - true_cost(t_star)
        assert regret >= -1e-12
    assert errors[2_000_000] < 0.01
    assert errors[2_000_000] < errors[2_000]
    assert true_cost(t_star) < min(true_cost(t_star * 0.7), true_cost(t_star * 1.3))


# ------------------------------------------------------------------ prior correction


def test_adjust_prior_by_hand_and_round_trip():
    assert il.adjust_prior([0.5, 0.9], 0.5, 0.1).tolist() == pytest.approx([0.1, 0.5])
    p = np.linspace(0, 1, 11)
    assert il.adjust_prior(il.adjust_prior(p, 0.3, 0.01), 0.01, 0.3) == pytest.approx(p)
    proba = np.array([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]])
    src, dst = np.array([0.5, 0.25, 0.25]), np.array([0.1, 0.3, 0.6])
    w = proba * dst / src
    assert il.adjust_prior(proba, src, dst) == pytest.approx(w / w.sum(axis=1, keepdims=True))
    # two columns with scalar prevalences: the positive (second) column's share
    two = np.array([[0.5, 0.5], [0.1, 0.9]])
    assert il.adjust_prior(two, 0.5, 0.1)[:, 1] == pytest.approx([0.1, 0.5])


def test_undersampling_then_correction_recovers_the_true_posterior():
    # population: prevalence 0.02, x | y ~ N(2 y, 1) in one dimension, so the true posterior
    # is logistic in x; negatives undersampled to a 50/50 training set (Dal Pozzolo et al.)
    rng = np.random.default_rng(11)
    pi, n = 0.02, 400_000
    y = (rng.random(n) < pi).astype(int)
    x = rng.normal(2.0 * y, 1.0)[:, None]
    keep = (y == 1) | (rng.random(n) < y.sum() / (n - y.sum()))
    model = LogisticRegression().fit(x[keep], y[keep])
    grid = np.linspace(-2, 4, 61)[:, None]
    lr = norm.pdf(grid[:, 0], 2) / norm.pdf(grid[:, 0], 0)
    truth = pi * lr / (pi * lr + 1 - pi)
    raw = model.predict_proba(grid)[:, 1]
    fixed = il.adjust_prior(raw, y[keep].mean(), pi)
    full = LogisticRegression().fit(x, y).predict_proba(grid)[:, 1]
    assert np.abs(raw - truth).max() > 0.4  # undersampling inflates the posterior
    # corrected: within the fitting error of a logistic model on about 16,000 cases
    # (the model fitted on all 400,000 is within 0.01 of the truth)
    assert np.abs(full - truth).max() < 0.01
    assert np.abs(fixed - truth).max() < 0.04
    assert np.abs(fixed - full).max() < 0.04
    assert np.abs(fixed - truth).mean() < 0.01


# ------------------------------------------------------------------ scorers


def _data(seed=0, n=400):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 3))
    y = (X[:, 0] + 0.5 * rng.normal(size=n) > 1.0).astype(int)
    return X, y


def test_scorers_in_cross_val_score():
    X, y = _data()
    costs = [[0, 1], [5, 0]]
    scores = cross_val_score(LogisticRegression(), X, y, cv=4, scoring=il.cost_scorer(costs))
    model = LogisticRegression().fit(X, y)
    assert (scores <= 0).all()
    assert il.cost_scorer(costs)(model, X, y) == pytest.approx(
        -il.expected_cost(confusion_matrix(y, model.predict(X)), costs))
    prec = cross_val_score(LogisticRegression(), X, y, cv=4,
                           scoring=il.prevalence_scorer("precision", 0.01))
    assert ((prec >= 0) & (prec <= 1)).all()
    assert il.prevalence_scorer("f1", 0.05)(model, X, y) == pytest.approx(
        il.at_prevalence(confusion_matrix(y, model.predict(X)), "f1", 0.05))


def test_cost_scorer_in_tuned_threshold_classifier_lowers_the_cost():
    X, y = _data(1, 1000)
    costs = [[0, 1], [20, 0]]
    tuned = TunedThresholdClassifierCV(LogisticRegression(), scoring=il.cost_scorer(costs),
                                       cv=3, random_state=0).fit(X, y)
    # a false negative costing 20 false positives pulls the threshold far below 0.5
    assert tuned.best_threshold_ < 0.2
    plain = LogisticRegression().fit(X, y)
    assert il.cost_scorer(costs)(tuned, X, y) > il.cost_scorer(costs)(plain, X, y)
    tuned_f1 = TunedThresholdClassifierCV(LogisticRegression(),
                                          scoring=il.prevalence_scorer("f1", 0.02),
                                          cv=3, random_state=0).fit(X, y)
    assert 0 < tuned_f1.best_threshold_ < 1


def test_scorer_labels_must_match_the_costs():
    X, y = _data()
    model = LogisticRegression().fit(X, y)
    with pytest.raises(ValueError, match="labels"):
        il.cost_scorer(np.ones((3, 3)) - np.eye(3))(model, X, y)
    with pytest.raises(ValueError, match="no scorer"):
        il.prevalence_scorer("dominance", 0.1)


# ------------------------------------------------------------------ intervals


def test_interval_at_own_prevalence_is_the_plain_interval():
    a = il.confidence_interval(C, "precision", random_state=3)
    b = il.confidence_interval(C, "precision", prevalence=10 / 110, random_state=3)
    assert (b.low, b.high) == pytest.approx((a.low, a.high), rel=1e-9)


def test_interval_at_a_prevalence_broadcasts_and_contains_the_estimate():
    iv = il.confidence_interval(C, "f1", prevalence=[0.01, 0.1, 0.5], random_state=0)
    assert iv.low.shape == (3,)
    assert iv.estimate == pytest.approx(il.at_prevalence(C, "f1", [0.01, 0.1, 0.5]))
    assert ((iv.low <= iv.estimate) & (iv.estimate <= iv.high)).all()
    # rarer positives: precision falls, so does its interval
    p = il.confidence_interval(C, "precision", prevalence=[0.01, 0.5], random_state=0)
    assert p.high[0] < p.low[1]
    stack = il.confidence_interval(np.stack([C, C * 3]), "mcc", prevalence=0.3,
                                   random_state=0)
    assert stack.low.shape == (2,)


def test_metric_interval_at_a_prevalence_and_multiclass():
    y, p = _labels(np.random.default_rng(5))
    iv = il.metric_interval(y, p, "precision", prevalence=0.02, random_state=0)
    assert iv.estimate == pytest.approx(il.at_prevalence(il.confusion_matrix(y, p),
                                                         "precision", 0.02))
    M = np.array([[30.0, 5, 5], [4, 20, 6], [1, 2, 7]])
    iv3 = il.confidence_interval(M, "accuracy", prevalence=[0.2, 0.2, 0.6], random_state=0)
    assert iv3.low <= il.at_prevalence(M, "accuracy", [0.2, 0.2, 0.6]) <= iv3.high


# ------------------------------------------------------------------ inputs unchanged


def test_inputs_are_never_modified():
    Cc, costs = C.copy(), COSTS.copy()
    pis = np.array([0.1, 0.2])
    proba = np.array([0.2, 0.7])
    y, s = np.array([0, 1, 1, 0]), np.array([0.1, 0.8, 0.4, 0.3])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        il.at_prevalence(Cc, "mcc", pis)
        il.expected_cost(Cc, costs, prevalence=pis)
        il.adjust_prior(proba, 0.3, pis[:1])
        il.cost_threshold(y, s, costs)
        il.net_benefit(y, s, pis)
        il.confidence_interval(Cc, "f1", prevalence=pis, random_state=0)
    assert (Cc == C).all() and (costs == COSTS).all() and pis.tolist() == [0.1, 0.2]
    assert proba.tolist() == [0.2, 0.7] and s.tolist() == [0.1, 0.8, 0.4, 0.3]
