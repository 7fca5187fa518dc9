"""Confusion matrices: the one currency every metric of the library is paid in.

A confusion matrix is an array of shape ``(..., k, k)``; rows are true classes,
columns predicted classes (scikit-learn's convention). For a binary problem the
positive class is index 1, so ``C = [[TN, FP], [FN, TP]]``.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import numpy as np
from numpy.typing import ArrayLike

from ._checks import reject_masked

__all__ = ["confusion_matrix", "binary_matrix"]

# Integer labels whose range (max - min + 1) is at most this many values are
# counted by an offset and ``np.bincount``; wider ranges go through ``np.unique``.
_DENSE_RANGE = 10_000
# Labels are counted in chunks of this many samples (about 1 MB of int64 indices)
# while the matrix has at most _CHUNK_BINS cells; larger matrices are counted in
# one ``np.bincount`` over the whole input (the matrix then dominates the cost).
_CHUNK = 1 << 17
_CHUNK_BINS = 1 << 14
_EXACT = 2**53  # float64 holds every integer below this exactly


def show(values: ArrayLike) -> str:
    """Labels for an error message: plain Python values, at most ten."""
    arr = np.asarray(values)
    items = arr.ravel()[:10].tolist()
    return repr(items if arr.ndim else arr.item())


def _as_labels(y: ArrayLike, name: str) -> np.ndarray:
    reject_masked(y, name)
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        y = y[:, 0]
    if y.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of labels; got shape {y.shape}")
    if y.dtype.kind == "f":
        if not np.isfinite(y).all():
            raise ValueError(f"{name} contains nan or inf")
        if (y != np.round(y)).any():
            raise ValueError(
                f"{name} contains non-integer floats: continuous targets are not class labels"
            )
    elif y.dtype.kind == "c":
        raise ValueError(f"{name} is complex: not class labels")
    elif y.dtype.kind == "O":
        if any(isinstance(v, (list, tuple, set, frozenset, dict, np.ndarray)) for v in y):
            # scikit-learn refuses this representation too
            raise ValueError(
                f"{name} is a sequence of sequences (the legacy multi-label format); "
                "class labels are scalars: use one label per sample"
            )
        is_str = np.fromiter((isinstance(v, str) for v in y), dtype=bool, count=len(y))
        if is_str.any() and not is_str.all():
            raise ValueError(f"{name} mixes strings and other types")
        if not is_str.any() and any(v != v for v in y):
            raise ValueError(f"{name} contains nan")
    elif y.dtype.kind not in "iubUS":
        raise ValueError(f"{name} must hold integers, booleans or strings; got dtype {y.dtype}")
    return y


def _is_int_like(y: np.ndarray) -> bool:
    return y.dtype.kind in "iubf"


def _text_kind(y: np.ndarray) -> str | None:
    """``"str"`` or ``"bytes"`` for text labels, None otherwise: a str never equals a
    bytes label (``"a" != b"a"`` in Python), so the two kinds must not be mixed."""
    if y.dtype.kind in "US":
        return "str" if y.dtype.kind == "U" else "bytes"
    if y.dtype.kind == "O" and y.size:
        if isinstance(y.flat[0], str):  # checked labels: all str or none
            return "str"
        is_bytes = [isinstance(v, bytes) for v in y.ravel()]
        if any(is_bytes):
            return "bytes" if all(is_bytes) else "mixed"
    return None


def _check_kinds(a: np.ndarray, b: np.ndarray, what: str) -> None:
    """Refuse labels of two kinds that cannot equal each other (numbers, str, bytes)."""
    ka, kb = _text_kind(a), _text_kind(b)
    if "mixed" in (ka, kb) or (ka != kb and (ka is not None or kb is not None)
                                and not (_is_int_like(a) or _is_int_like(b))):
        raise ValueError(f"{what} mix label types: {a.dtype} ({ka or 'other'}) and "
                         f"{b.dtype} ({kb or 'other'}): str and bytes labels never match")


def _int_view(y: np.ndarray) -> np.ndarray | None:
    """Integer view of integer-like labels, or None if floats are too large to cast exactly."""
    if y.dtype.kind == "b":
        return y.view(np.uint8)
    if y.dtype.kind == "f":
        return y.astype(np.int64) if y.size == 0 or np.abs(y).max() < _EXACT else None
    return y


def _check_weight(sample_weight: ArrayLike | None, n: int) -> np.ndarray | None:
    if sample_weight is None:
        return None
    reject_masked(sample_weight, "sample_weight")
    w = np.asarray(sample_weight)
    if w.ndim != 1 or w.shape[0] != n:
        raise ValueError(
            f"sample_weight must be a 1-D array of length {n}; got shape {w.shape}"
        )
    if w.dtype.kind not in "iubf":
        raise ValueError(f"sample_weight must be real numbers; got dtype {w.dtype}")
    if n and w.dtype.kind in "iuf":
        with np.errstate(over="ignore", invalid="ignore"):
            fine = w.min() >= 0 and np.isfinite(w.sum())  # two reductions, no temporaries
        if not fine:
            if w.dtype.kind == "f" and not np.isfinite(w).all():
                raise ValueError("sample_weight contains nan or inf")
            if (w < 0).any():
                raise ValueError("sample_weight contains negative weights")
    if w.dtype.kind == "b":
        w = w.view(np.uint8)
    return w


def _check_pair(y_true: ArrayLike, y_pred: ArrayLike, sample_weight: ArrayLike | None,
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    t = _as_labels(y_true, "y_true")
    p = _as_labels(y_pred, "y_pred")
    if t.shape[0] != p.shape[0]:
        raise ValueError(
            f"y_true and y_pred have different lengths: {t.shape[0]} != {p.shape[0]}"
        )
    if t.shape[0] == 0:
        raise ValueError("empty input: y_true and y_pred hold no samples")
    if _is_int_like(t) != _is_int_like(p):
        raise ValueError(
            f"y_true and y_pred mix label types: {t.dtype} and {p.dtype}"
        )
    _check_kinds(t, p, "y_true and y_pred")
    return t, p, _check_weight(sample_weight, t.shape[0])


def _offset_into(out: np.ndarray, y: np.ndarray, lo: int) -> np.ndarray:
    """``y - lo`` as intp in ``out``, exact for any integer dtype when the result is small."""
    if y.dtype.itemsize == 8:  # int64/uint64: the difference is exact in y's own dtype
        if lo:
            np.subtract(y, y.dtype.type(lo), out=out, casting="unsafe")
        else:
            np.copyto(out, y, casting="unsafe")
    else:  # narrower dtypes could wrap around: widen first
        np.copyto(out, y, casting="unsafe")
        if lo:
            out -= lo
    return out


def _weight_mode(w: np.ndarray | None, n: int) -> str | None:
    """How weights are summed: None (counts), "float", "int" (exact via float) or "int-exact"."""
    if w is None:
        return None
    if w.dtype.kind == "f":
        return "float"
    top = int(w.max())
    if top * n < _EXACT:
        return "int"  # every partial sum is an integer below 2**53: exact in float64
    if top * n < 2**63:
        return "int-exact"
    raise ValueError(
        "integer sample weights this large (sum up to 2**63 or more) cannot be counted "
        "exactly in int64; pass float weights to accept rounding"
    )


def _bincount(idx: np.ndarray, w: np.ndarray | None, mode: str | None, bins: int) -> np.ndarray:
    if mode == "int-exact":
        out = np.zeros(bins, dtype=np.int64)
        np.add.at(out, idx, cast(np.ndarray, w).astype(np.int64))  # weights give this mode
        return out
    return np.bincount(idx, weights=w, minlength=bins)


def _count(t: np.ndarray, p: np.ndarray, k: int, w: np.ndarray | None, lo: int = 0) -> np.ndarray:
    """Counts (or weights) of index pairs ``(t - lo, p - lo)`` as a k x k matrix.

    ``t`` and ``p`` are integer arrays whose values minus ``lo`` lie in
    ``[0, k)``. Small matrices are counted chunk by chunk in cache-sized
    buffers (no full-length temporary); large ones in one ``np.bincount``.
    """
    n = t.shape[0]
    mode = _weight_mode(w, n)
    bins = k * k
    dtype = np.int64 if mode in (None, "int", "int-exact") else np.float64
    if bins > _CHUNK_BINS or n <= _CHUNK:
        if lo == 0 and t.dtype == np.intp and p.dtype == np.intp:
            idx = t * k  # indices already: no offset copies
            idx += p
        else:
            idx = _offset_into(np.empty(n, np.intp), t, lo)
            idx *= k
            idx += _offset_into(np.empty(n, np.intp), p, lo)
        total = _bincount(idx, w, mode, bins)
        return total.reshape(k, k).astype(dtype, copy=False)
    total = np.zeros(bins, dtype=dtype)
    ibuf, jbuf = np.empty(_CHUNK, np.intp), np.empty(_CHUNK, np.intp)
    for start in range(0, n, _CHUNK):
        stop = min(start + _CHUNK, n)
        m = stop - start
        idx = _offset_into(ibuf[:m], t[start:stop], lo)
        idx *= k
        idx += _offset_into(jbuf[:m], p[start:stop], lo)
        wc = None if w is None else w[start:stop]
        part = _bincount(idx, wc, mode, bins)
        if dtype is np.int64 and part.dtype != np.int64:
            part = part.astype(np.int64)
        total += part
    return total.reshape(k, k)


def _dense_int(t: np.ndarray, p: np.ndarray, w: np.ndarray | None,
               ) -> tuple[np.ndarray, np.ndarray] | None:
    """Fast path for integer labels in a narrow range: offset and ``np.bincount``.

    Returns ``(C, classes)``, labels that never occur dropped, or None if the
    range is too wide.
    """
    lo = min(int(t.min()), int(p.min()))
    hi = max(int(t.max()), int(p.max()))
    span = hi - lo + 1
    if span > _DENSE_RANGE:
        return None
    full = _count(t, p, span, w, lo)
    present = None
    if span * span <= t.shape[0]:
        present = (full.sum(axis=1) > 0) | (full.sum(axis=0) > 0)
        if w is not None and not present.all():
            present = None  # a sample of weight 0 still declares its classes: look again
    if present is None:  # no k^2 pass for large k
        present = _present(t, lo, span) | _present(p, lo, span)
    wide = np.uint64 if hi >= 2**63 else np.int64  # lo + index can exceed t's dtype
    classes = np.flatnonzero(present).astype(wide) + wide(lo)
    if present.all():
        return full, classes
    return full[np.ix_(present, present)], classes


def _present(y: np.ndarray, lo: int, span: int) -> np.ndarray:
    """Offsets ``y - lo`` that occur in ``y`` (its values lie in [lo, lo + span))."""
    seen = np.zeros(span, dtype=bool)
    buf = np.empty(min(len(y), _CHUNK), np.intp)
    for start in range(0, len(y), _CHUNK):
        chunk = y[start:start + _CHUNK]
        seen[_offset_into(buf[:len(chunk)], chunk, lo)] = True
    return seen


def classes_of(y: np.ndarray) -> np.ndarray:
    """Sorted distinct labels of checked labels ``y`` (one bincount for narrow integer ranges)."""
    if y.dtype.kind in "bui" and y.size:
        yi = cast(np.ndarray, _int_view(y))  # None only for floats
        lo, hi = int(yi.min()), int(yi.max())
        if hi - lo < _DENSE_RANGE:
            wide = np.uint64 if hi >= 2**63 else np.int64
            present = np.flatnonzero(_present(yi, lo, hi - lo + 1)).astype(wide) + wide(lo)
            return present.astype(bool) if y.dtype.kind == "b" else present.astype(y.dtype)
    try:
        return np.unique(y)
    except TypeError as exc:
        raise ValueError(f"labels cannot be ordered: {exc}") from exc


def _not_integral(labels: np.ndarray) -> np.ndarray | None:
    """Mask of float ``labels`` that no integer equals (fractions, nan, inf), or None.

    Integer-like labels are compared by value, as scikit-learn compares them
    (``1.0`` matches the label ``1``; ``1.4`` matches nothing): such a label
    must never be cast onto an integer.
    """
    if labels.dtype.kind != "f":
        return None
    with np.errstate(invalid="ignore"):
        bad = ~np.isfinite(labels) | (labels != np.round(labels))
    return bad if bad.any() else None


def _map_to(labels: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Index of each y in labels (-1 when absent); labels need not be sorted."""
    if _is_int_like(y):
        bad = _not_integral(labels)
        if bad is not None:  # fractional labels match no integer: map the others only
            keep = np.flatnonzero(~bad)
            if not keep.size:
                return np.full(len(y), -1, dtype=np.intp)
            found = _map_to(labels[keep], y)
            return np.where(found >= 0, keep[found], -1)
    if _is_int_like(labels) and _is_int_like(y):
        li, yi = _int_view(labels), _int_view(y)
        if li is not None and yi is not None and "u" in (li.dtype.kind + yi.dtype.kind) \
                and li.dtype.kind != yi.dtype.kind:
            # unsigned against signed: compare as Python integers, so that no value
            # wraps around onto another (2**64 - 1 is not -1)
            labels, y, li = labels.astype(object), y.astype(object), None
        if li is not None and yi is not None:
            lo, hi = int(li.min()), int(li.max())
            if hi - lo < _DENSE_RANGE:
                lut = np.full(hi - lo + 2, -1, dtype=np.intp)  # last slot: out of range
                lut[_offset_into(np.empty(len(li), np.intp), li, lo)] = np.arange(len(li))
                inside = (yi >= li.dtype.type(lo)) & (yi <= li.dtype.type(hi)) if lo >= 0 \
                    else (yi >= lo) & (yi <= hi)
                off = _offset_into(np.empty(len(yi), np.intp), yi, lo)
                off[~inside] = hi - lo + 1
                return lut[off]
    order = np.argsort(labels, kind="stable")
    sorted_labels = labels[order]
    pos = np.searchsorted(sorted_labels, y)
    pos = np.clip(pos, 0, len(labels) - 1)
    found = sorted_labels[pos] == y
    return np.where(found, order[pos], -1)


def _check_labels(labels: ArrayLike, t: np.ndarray) -> np.ndarray:
    L = np.asarray(labels)
    if L.ndim != 1 or L.shape[0] == 0:
        raise ValueError("labels must be a non-empty 1-D list of class labels")
    if _is_int_like(L) != _is_int_like(t):
        raise ValueError(f"labels ({L.dtype}) and y ({t.dtype}) are of different types")
    _check_kinds(L, t, "labels and y")
    if len(np.unique(L)) != len(L):
        raise ValueError("labels contains duplicates")
    return L


def _unique_pair(t: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sorted union of the classes of t and p, and each sample's index into it.

    One sort of each array finds the classes (a sort is several times faster
    than the argsort behind ``np.unique(return_inverse=True)``); a binary search
    among the few classes then indexes every sample.
    """
    try:
        classes = np.union1d(np.unique(t), np.unique(p))
        return classes, np.searchsorted(classes, t), np.searchsorted(classes, p)
    except TypeError as exc:
        raise ValueError(f"labels cannot be ordered: {exc}") from exc


def _dense_labels(t: np.ndarray, p: np.ndarray, w: np.ndarray | None, L: np.ndarray,
                  strict: bool) -> np.ndarray | None:
    """``labels=`` for integer labels in a narrow range: the full matrix of the data
    range at bincount speed, then the rows and columns of ``labels``, or None."""
    if not (_is_int_like(t) and _is_int_like(L)):
        return None
    ti, pi = _int_view(t), _int_view(p)
    bad = _not_integral(L)  # fractional labels: no class equals them, none is cast onto one
    li = _int_view(L if bad is None else np.where(bad, 0.0, L))
    if ti is None or pi is None or li is None:
        return None
    dense = _dense_int(ti, pi, w)
    if dense is None:
        return None
    full, classes = dense
    # a label no signed class can equal (>= 2**63, or < 0 against unsigned classes)
    # must not wrap around onto one in the conversion below
    if classes.dtype != np.uint64:
        beyond = (li >= np.uint64(2**63)) if li.dtype.kind == "u" else np.zeros(len(li), bool)
    else:
        beyond = (li < 0) if li.dtype.kind == "i" else np.zeros(len(li), bool)
    if bad is not None:
        beyond = beyond | bad
    lab = li.astype(np.int64) if classes.dtype != np.uint64 else li.astype(np.uint64)
    pos = np.searchsorted(classes, lab)
    pos_c = np.minimum(pos, len(classes) - 1)
    found = (classes[pos_c] == lab) & ~beyond
    if strict and not np.isin(classes, lab[~beyond]).all():
        missing = classes[~np.isin(classes, lab[~beyond])]
        raise ValueError(f"y contains labels not in labels: {show(missing)}")
    k = len(L)
    if found.all():  # every label occurs: one gather, no scatter
        C = full if (pos_c == np.arange(k)).all() and k == len(classes) else \
            full[np.ix_(pos_c, pos_c)]
    else:
        C = np.zeros((k, k), dtype=full.dtype)
        idx = pos_c[found]
        C[np.ix_(found, found)] = full[np.ix_(idx, idx)]
    # scikit-learn needs at least one class of y_true among the labels
    if not C.any() and not np.isin(np.asarray(classes_of(t)).astype(classes.dtype),
                                   lab[~beyond]).any():
        raise ValueError("At least one label specified must be in y_true")
    return C


def confusion_with_classes(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                           sample_weight: ArrayLike | None = None,
                           strict: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(C, classes)``; with ``strict=True`` a label outside ``labels`` raises.

    This is the engine behind :func:`confusion_matrix` and every label-based
    score; ``strict=False`` reproduces scikit-learn, which drops such samples.
    """
    t, p, w = _check_pair(y_true, y_pred, sample_weight)
    return _confusion_checked(t, p, w, labels, strict)


def _confusion_checked(t: np.ndarray, p: np.ndarray, w: np.ndarray | None,
                       labels: ArrayLike | None, strict: bool) -> tuple[np.ndarray, np.ndarray]:
    """:func:`confusion_with_classes` of labels and weights already checked."""
    if labels is None:
        ti, pi = (_int_view(t), _int_view(p)) if _is_int_like(t) else (None, None)
        if ti is not None and pi is not None:
            dense = _dense_int(ti, pi, w)
            if dense is not None:
                C, classes = dense
                if t.dtype.kind == "b":
                    return C, classes.astype(bool)
                return C, classes.astype(np.result_type(t.dtype, p.dtype), copy=False)
        classes, ti, pi = _unique_pair(t, p)
        return _count(ti, pi, len(classes), w), classes
    L = _check_labels(labels, t)
    picked = _dense_labels(t, p, w, L, strict)
    if picked is not None:
        return picked, L
    ti, pi, w = _label_indices(t, p, w, L, strict)
    return _count(ti, pi, len(L), w), L


def _label_indices(t: np.ndarray, p: np.ndarray, w: np.ndarray | None, L: np.ndarray,
                   strict: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Each sample's index into ``labels``; samples outside them raise (``strict``) or
    are left out with their weights, as scikit-learn does."""
    try:
        ti, pi = _map_to(L, t), _map_to(L, p)
    except TypeError as exc:
        raise ValueError(f"labels cannot be compared with y: {exc}") from exc
    keep = (ti >= 0) & (pi >= 0)
    if not keep.all():
        if strict:
            missing = np.unique(np.concatenate([t[ti < 0], p[pi < 0]]))
            raise ValueError(f"y contains labels not in labels: {show(missing)}")
        if not (ti >= 0).any():
            raise ValueError("At least one label specified must be in y_true")
        ti, pi = ti[keep], pi[keep]
        w = None if w is None else w[keep]
    return ti, pi, w


# Label-based scores of more classes than this count the per-class totals (three
# bincounts of length k) instead of the k x k matrix: memory O(n + k), not O(k^2).
_MATRIX_CLASSES = 256
# ... and count integer labels by offset (vectors of the label range) while that
# range is at most twice the number of samples, up to this many values.
_MARGIN_RANGE = 1 << 24


class Margins(NamedTuple):
    """The per-class counts of one confusion matrix, without the matrix.

    ``diag[i]`` is :math:`c_{ii}`, ``rows[i]`` the true total :math:`c_{i\\cdot}` and
    ``cols[i]`` the predicted total :math:`c_{\\cdot i}`. Every count-based metric
    that needs only these (all but the binary ones) accepts a ``Margins`` in
    place of the matrix.
    """

    diag: np.ndarray
    rows: np.ndarray
    cols: np.ndarray


def _margins_of(ti: np.ndarray, pi: np.ndarray, k: int, w: np.ndarray | None) -> Margins:
    """Per-class counts of index pairs in [0, k): three bincounts, O(n + k) memory."""
    mode = _weight_mode(w, ti.shape[0])
    dtype = np.int64 if mode in (None, "int", "int-exact") else np.float64
    hit = ti == pi
    rows = _bincount(ti, w, mode, k).astype(dtype, copy=False)
    cols = _bincount(pi, w, mode, k).astype(dtype, copy=False)
    diag = _bincount(ti[hit], None if w is None else w[hit], mode, k).astype(dtype, copy=False)
    return Margins(diag, rows, cols)


def _margins_offset(t: np.ndarray, p: np.ndarray, lo: int, span: int,
                    w: np.ndarray | None) -> Margins:
    """:func:`_margins_of` of the offsets ``t - lo`` and ``p - lo`` in ``[0, span)``.

    Unweighted or with integer weights the samples are counted chunk by chunk
    (at least ``span`` of them a chunk, so that the per-chunk vectors of length
    ``span`` cost no more than the samples): the labels are never widened to
    full-length index arrays, and memory is O(chunk + span) beyond the input
    whatever the labels' dtype. The counts are integers, so summing the chunks
    gives exactly the one-pass counts. Float weights are summed in one pass,
    in ``np.bincount``'s order.
    """
    n = len(t)
    step = max(_CHUNK, span)
    if n <= step or _weight_mode(w, n) not in (None, "int"):
        return _margins_of(_offset_into(np.empty(n, np.intp), t, lo),
                           _offset_into(np.empty(n, np.intp), p, lo), span, w)
    total = Margins(*(np.zeros(span, dtype=np.int64) for _ in range(3)))
    ibuf, jbuf = np.empty(step, np.intp), np.empty(step, np.intp)
    for start in range(0, n, step):
        stop = min(start + step, n)
        part = _margins_of(_offset_into(ibuf[:stop - start], t[start:stop], lo),
                           _offset_into(jbuf[:stop - start], p[start:stop], lo), span,
                           None if w is None else w[start:stop])
        for acc, add in zip(total, part):
            acc += add
    return total


def margins_with_classes(y_true: ArrayLike, y_pred: ArrayLike, *, labels: ArrayLike | None = None,
                         sample_weight: ArrayLike | None = None, strict: bool = False,
                         ) -> tuple[np.ndarray | Margins, np.ndarray]:
    """Return ``(C, classes)``: ``C`` the matrix, or its :class:`Margins` above 256 classes.

    Same classes, counts, checks and errors as :func:`confusion_with_classes`;
    with many classes only the per-class totals are counted, so memory grows
    with the number of samples and classes, not with its square.
    """
    t, p, w = _check_pair(y_true, y_pred, sample_weight)
    ti: np.ndarray | None
    pi: np.ndarray | None
    if labels is not None:
        L = _check_labels(labels, t)
        if len(L) <= _MATRIX_CLASSES:
            return _confusion_checked(t, p, w, L, strict)
        ti, pi, w = _label_indices(t, p, w, L, strict)
        return _margins_of(ti.astype(np.intp), pi.astype(np.intp), len(L), w), L
    ti, pi = (_int_view(t), _int_view(p)) if _is_int_like(t) else (None, None)
    if ti is not None and pi is not None:
        lo = min(int(ti.min()), int(pi.min()))
        span = max(int(ti.max()), int(pi.max())) - lo + 1
        if span <= _MATRIX_CLASSES:
            return _confusion_checked(t, p, w, None, strict)
        if span <= max(_DENSE_RANGE, min(2 * len(ti), _MARGIN_RANGE)):
            present = _present(ti, lo, span) | _present(pi, lo, span)
            if present.sum() <= _MATRIX_CLASSES:
                return _confusion_checked(t, p, w, None, strict)
            m = _margins_offset(ti, pi, lo, span, w)
            wide = np.uint64 if lo + span - 1 >= 2**63 else np.int64
            classes = np.flatnonzero(present).astype(wide) + wide(lo)
            classes = classes.astype(bool) if t.dtype.kind == "b" else \
                classes.astype(np.result_type(t.dtype, p.dtype), copy=False)
            return Margins(*(v[present] for v in m)), classes
    classes, ti, pi = _unique_pair(t, p)
    if len(classes) <= _MATRIX_CLASSES:
        return _count(ti, pi, len(classes), w), classes
    return _margins_of(ti, pi, len(classes), w), classes


def confusion_matrix(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
    normalize: str | None = None,
) -> np.ndarray:
    r"""Confusion matrix of labels, as scikit-learn computes it, in one counting pass.

    Entry ``C[i, j]`` is the number (or total weight) of samples whose true
    class is ``labels[i]`` and whose predicted class is ``labels[j]``:

    .. math:: C_{ij} = \sum_{s} w_s \, [y_s = \ell_i]\,[\hat y_s = \ell_j].

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels: integers (any width, signed or not),
        booleans, integral floats or strings.
    labels : array-like of shape (k,), default=None
        Classes that index the matrix, in this order. By default the sorted union
        of the labels in ``y_true`` and ``y_pred``. As in scikit-learn, samples
        whose true or predicted label is not in ``labels`` are left out, and a
        label is matched by value: ``1.0`` is the label ``1``, while ``1.5``
        matches no integer label (it is never cast onto one). Labels of a kind
        that cannot equal the data's (strings against numbers, str against
        bytes) raise ``ValueError``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample. Unlike scikit-learn, negative or
        non-finite weights raise ``ValueError``. Integer weights are summed
        exactly (int64).
    normalize : {"true", "pred", "all"}, default=None
        As in scikit-learn: divide by the row sums, the column sums or the
        total (a zero sum leaves zeros).

    Returns
    -------
    C : ndarray of shape (k, k)
        ``int64`` counts, or ``float64`` when the weights are floats or
        ``normalize`` is given.

    Notes
    -----
    Integer labels in a range of at most 10,000 values are mapped to indices by
    an offset and counted with ``np.bincount``; other labels are mapped with
    ``np.unique``, and ``labels=`` with a lookup table.

    References
    ----------
    scikit-learn, ``sklearn.metrics.confusion_matrix``.

    Examples
    --------
    >>> confusion_matrix([0, 0, 1, 1, 1], [0, 1, 1, 1, 0])
    array([[1, 1],
           [1, 2]])
    >>> confusion_matrix(["cat", "dog", "dog"], ["dog", "dog", "cat"],
    ...                  labels=["dog", "cat"])
    array([[1, 1],
           [1, 0]])
    >>> confusion_matrix([0, 0, 1, 1, 1], [0, 1, 1, 1, 0], normalize="true").round(3)
    array([[0.5  , 0.5  ],
           [0.333, 0.667]])
    """
    if normalize not in (None, "true", "pred", "all"):
        raise ValueError(f'normalize must be None, "true", "pred" or "all"; got {normalize!r}')
    C = confusion_with_classes(y_true, y_pred, labels=labels, sample_weight=sample_weight)[0]
    if normalize is None:
        return C
    axis: Any = {"true": (1,), "pred": (0,), "all": (0, 1)}[normalize]
    total = C.sum(axis=axis, keepdims=True).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.nan_to_num(C / total)


def binary_matrix(tp: ArrayLike, fn: ArrayLike, fp: ArrayLike, tn: ArrayLike) -> np.ndarray:
    r"""Build binary confusion matrices ``[[TN, FP], [FN, TP]]`` from broadcastable counts.

    Counts may be real-valued, e.g. rates times class sizes, so that a whole
    surface of hypothetical classifiers is one array.

    Parameters
    ----------
    tp, fn, fp, tn : array-like
        True positives, false negatives, false positives and true negatives;
        broadcast against each other.

    Returns
    -------
    C : ndarray of shape (..., 2, 2)

    Examples
    --------
    >>> binary_matrix(6, 4, 9, 81)
    array([[81,  9],
           [ 4,  6]])
    >>> binary_matrix([0.5, 0.8], 0.0, 0.1, 0.9).shape
    (2, 2, 2)
    """
    tp, fn, fp, tn = np.broadcast_arrays(*(np.asarray(x) for x in (tp, fn, fp, tn)))
    C = np.stack([np.stack([tn, fp], axis=-1), np.stack([fn, tp], axis=-1)], axis=-2)
    if C.dtype.kind not in "iuf" and C.dtype.kind != "b":
        raise ValueError(f"counts must be real numbers; got dtype {C.dtype}")
    if C.dtype.kind == "f" and not np.isfinite(C).all():
        raise ValueError("counts contain nan or inf")
    if (C < 0).any():
        raise ValueError("counts must be non-negative")
    return C
