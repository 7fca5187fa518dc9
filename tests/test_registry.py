"""Every fact in the metric registry, checked against the function itself."""

import itertools
import re
import warnings
from pathlib import Path

import numpy as np
import pytest

import imbalance_lib as il
from imbalance_lib.registry import STANDARD

NAMES = sorted(il.METRICS)
RNG = np.random.default_rng(20261121)


def value(m, C, zero_division=np.nan):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return m.func(C, zero_division=zero_division, **m.params)


def random_stack(k, n=400):
    """Random matrices with a wide spread of class sizes, zeros included."""
    scale = RNG.choice([1, 10, 1000], size=(n, 1, 1))
    C = RNG.integers(0, 20, size=(n, k, k)) * scale
    C[RNG.random((n, k, k)) < 0.15] = 0
    return C.astype(float)


def candidate_extremes():
    """Small exhaustive 2 x 2 matrices plus very lopsided ones (for the bounds)."""
    small = [np.array(c, float).reshape(2, 2) for c in itertools.product(range(4), repeat=4)]
    lopsided = [np.array(c, float).reshape(2, 2) for c in itertools.product([0, 1, 1000], repeat=4)]
    return np.stack(small + lopsided)


def k_of(m):
    return [2] if m.classes == "binary" else [2, 3, 5, 10]


@pytest.mark.parametrize("name", NAMES)
def test_range_holds_and_is_tight(name):
    m = il.METRICS[name]
    lo, hi = m.range
    for k in k_of(m):
        v = value(m, random_stack(k))
        v = v[np.isfinite(v)]
        assert v.min() >= lo - 1e-12 and v.max() <= hi + 1e-12
    v = value(m, candidate_extremes())
    v = v[np.isfinite(v)]
    assert v.min() == pytest.approx(lo, abs=1e-2), "lower bound not approached"
    assert v.max() == pytest.approx(hi, abs=1e-2), "upper bound not approached"


def expected_matrix(pi, q, M=1000.0):
    return il.binary_matrix(q * pi * M, (1 - q) * pi * M, q * (1 - pi) * M, (1 - q) * (1 - pi) * M)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("pi", [0.05, 0.3, 0.5, 0.9])
@pytest.mark.parametrize("q", [0.0, 0.2, 0.5, 0.7, 1.0])
def test_trivial_classifier_values(name, pi, q):
    m = il.METRICS[name]
    C = expected_matrix(pi, q)
    stated = m.trivial(pi, q)
    if np.isnan(stated):
        with pytest.warns(il.UndefinedMetricWarning):
            m.func(C, **m.params)
    else:
        assert value(m, C) == pytest.approx(stated, abs=1e-12)


def test_trivial_facts_state_undefined_consistently():
    """Where the value is undefined, the displayed fact says so (or names the 0/0 policy)."""
    for m in il.METRICS.values():
        for shown, q in ((m.all_positive, 1.0), (m.all_negative, 0.0)):
            flagged = shown == "undefined" or "policy" in shown
            assert flagged == bool(np.isnan(m.trivial(0.3, q))), (m.name, shown)


def test_macro_precision_of_constant_classifiers_under_policy_zero():
    """The displayed pi/2 and (1 - pi)/2: the class never predicted counts as 0."""
    m = il.METRICS["macro_precision"]
    for pi in (0.1, 0.4):
        assert value(m, expected_matrix(pi, 1.0), 0.0) == pytest.approx(pi / 2)
        assert value(m, expected_matrix(pi, 0.0), 0.0) == pytest.approx((1 - pi) / 2)


def relabel(C):
    """Swap the two classes (binary) or permute the classes (k > 2)."""
    k = C.shape[-1]
    perm = np.arange(k)[::-1] if k == 2 else RNG.permutation(k)
    return C[..., perm, :][..., :, perm]


@pytest.mark.parametrize("name", NAMES)
def test_symmetry_fact(name):
    m = il.METRICS[name]
    for k in k_of(m):
        C = random_stack(k)
        a, b = value(m, C), value(m, relabel(C))
        both = np.isfinite(a) & np.isfinite(b)
        same = np.isclose(a[both], b[both], rtol=1e-9, atol=1e-12)
        if m.symmetric:
            assert same.all(), f"{name} changed under relabelling (k={k})"
        elif k == 2:
            assert not same.all(), f"{name} is listed as asymmetric but never changed"


@pytest.mark.parametrize("name", NAMES)
def test_prevalence_fact(name):
    """Rescaling each true class (row) leaves per-class recalls, and invariant metrics, unchanged."""
    m = il.METRICS[name]
    for k in k_of(m):
        C = random_stack(k)
        scaled = C * RNG.uniform(0.1, 10, size=C.shape[:-1])[..., None]
        a, b = value(m, C), value(m, scaled)
        both = np.isfinite(a) & np.isfinite(b)
        same = np.isclose(a[both], b[both], rtol=1e-9, atol=1e-12)
        if m.prevalence_invariant:
            assert same.all(), f"{name} moved when class sizes changed (k={k})"
        else:
            assert not same.all(), f"{name} is listed as prevalence-dependent but never moved"


def _bibliography() -> str:
    return (Path(__file__).parents[1] / "references.bib").read_text()


def test_sources_are_in_the_bibliography():
    keys = set(re.findall(r"@\w+\{([^,]+),", _bibliography()))
    assert {m.source for m in il.METRICS.values()} - {STANDARD} <= keys
    assert {m.citation for m in il.METRICS.values() if m.source != STANDARD} == {
        f"{{cite:t}}`{m.source}`" for m in il.METRICS.values() if m.source != STANDARD}


def test_classical_metrics_are_not_attributed_to_a_recent_paper():
    # the rates, precision, accuracy and F1 predate every document of the bibliography
    classical = ["tpr", "tnr", "precision", "npv", "accuracy", "f1"]
    assert {il.METRICS[n].source for n in classical} == {STANDARD}
    assert il.METRICS["tpr"].citation == "standard"
    # a metric proposed by a document is attributed to it, never to one that only uses it
    assert il.METRICS["optimized_precision"].source == "ranawana2006"
    assert il.METRICS["cba"].source == "mosley2013"


def test_registry_links_both_entry_points():
    for name, m in il.METRICS.items():
        assert m.func is getattr(il, name)
        assert m.score is il.SCORE_FUNCTIONS[name] is getattr(il, m.score.__name__)
        assert m.score.__name__ == (
            f"binary_{name}_score" if name in ("precision", "f1") else f"{name}_score"
        )
        assert m.classes in {"binary", "any"}


def test_facts_table_has_one_row_per_metric():
    from imbalance_lib.registry import facts_table

    assert list(facts_table().index) == list(il.METRICS)
    named = facts_table(titles=True)
    assert list(named.index) == [m.title for m in il.METRICS.values()]
    assert named.index.is_unique and named.columns[0] == "function"
    assert list(named["function"]) == [f"`il.{name}`" for name in il.METRICS]
    assert all(callable(getattr(il, name)) for name in il.METRICS)
