"""Confusion matrices: the one currency every metric of the library is paid in.

A confusion matrix is an array of shape ``(..., k, k)``; rows are true classes,
columns predicted classes (scikit-learn's convention). For a binary problem the
positive class is index 1, so ``C = [[TN, FP], [FN, TP]]``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["confusion_matrix", "binary_matrix"]

# Integer labels whose range (max - min + 1) is at most this many values are
# counted with a single ``np.bincount`` over the whole range; wider ranges go
# through ``np.unique``.
_DENSE_RANGE = 4096
# Labels are counted in chunks of this many samples (about 1 MB of int64 indices).
_CHUNK = 1 << 17


def _as_labels(y, name: str) -> np.ndarray:
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
        is_str = np.fromiter((isinstance(v, str) for v in y), dtype=bool, count=len(y))
        if is_str.any() and not is_str.all():
            raise ValueError(f"{name} mixes strings and other types")
        if not is_str.any() and any(v != v for v in y):
            raise ValueError(f"{name} contains nan")
    return y


def _is_int_like(y: np.ndarray) -> bool:
    return y.dtype.kind in "iub" or y.dtype.kind == "f"


def _int_view(y: np.ndarray):
    """Integer view of integer-like labels, or None if floats are too large to cast exactly."""
    if y.dtype.kind == "b":
        return y.view(np.uint8)
    if y.dtype.kind == "f":
        return y.astype(np.int64) if np.abs(y).max() < 2.0**53 else None
    return y


def _check_weight(sample_weight, n: int):
    if sample_weight is None:
        return None
    w = np.asarray(sample_weight)
    if w.ndim != 1 or w.shape[0] != n:
        raise ValueError(
            f"sample_weight must be a 1-D array of length {n}; got shape {w.shape}"
        )
    if w.dtype.kind not in "iubf":
        raise ValueError(f"sample_weight must be numeric; got dtype {w.dtype}")
    if w.dtype.kind == "f" and not np.isfinite(w).all():
        raise ValueError("sample_weight contains nan or inf")
    if (w < 0).any():
        raise ValueError("sample_weight contains negative weights")
    return w


def _check_pair(y_true, y_pred, sample_weight):
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
    return t, p, _check_weight(sample_weight, t.shape[0])


def _count(ti, pi, k, w, keep=None, offset=0):
    """Counts (or weights) of index pairs ``(ti - offset, pi - offset)`` as a k x k matrix.

    Works through the arrays in chunks that stay in the processor's cache: one
    ``np.bincount`` per chunk, no full-length temporary array.
    """
    if keep is not None:
        ti, pi = ti[keep], pi[keep]
        w = None if w is None else w[keep]
    shift = offset * (k + 1)
    total = np.zeros(k * k, dtype=np.int64 if w is None else np.float64)
    for start in range(0, len(ti), _CHUNK):
        stop = start + _CHUNK
        idx = ti[start:stop].astype(np.intp) * k
        idx += pi[start:stop]
        if shift:
            idx -= shift
        total += np.bincount(
            idx, weights=None if w is None else w[start:stop], minlength=k * k
        )
    total = total.reshape(k, k)
    return total.astype(np.int64) if w is not None and w.dtype.kind in "iub" else total


def _dense_int(t, p, w):
    """Fast path for integer labels in a narrow range.

    One pass over cache-sized chunks: each chunk's label range extends the
    count matrix if needed, then one ``np.bincount`` adds the chunk. Labels that
    never occur are dropped at the end. Returns None if the range is too wide.
    """
    lo = hi = None
    full = None
    present = None
    for start in range(0, len(t), _CHUNK):
        tc, pc = t[start:start + _CHUNK], p[start:start + _CHUNK]
        clo, chi = min(int(tc.min()), int(pc.min())), max(int(tc.max()), int(pc.max()))
        if full is None or clo < lo or chi > hi:
            nlo, nhi = (clo, chi) if full is None else (min(lo, clo), max(hi, chi))
            if nhi - nlo + 1 > _DENSE_RANGE:
                return None
            grown = np.zeros((nhi - nlo + 1,) * 2, dtype=np.int64 if w is None else np.float64)
            seen = np.zeros(nhi - nlo + 1, dtype=bool)
            if full is not None:
                grown[lo - nlo:hi - nlo + 1, lo - nlo:hi - nlo + 1] = full
                seen[lo - nlo:hi - nlo + 1] = present
            full, present, lo, hi = grown, seen, nlo, nhi
        span = hi - lo + 1
        idx = tc.astype(np.intp) * span
        idx += pc
        if lo:
            idx -= lo * (span + 1)
        wc = None if w is None else w[start:start + _CHUNK]
        full += np.bincount(idx, weights=wc, minlength=span * span).reshape(span, span)
        if w is not None:
            present[tc.astype(np.intp) - lo] = True
            present[pc.astype(np.intp) - lo] = True
    if w is None:
        present = (full.sum(axis=1) > 0) | (full.sum(axis=0) > 0)
    elif w.dtype.kind in "iub":
        full = full.astype(np.int64)
    classes = np.flatnonzero(present) + lo
    return full[np.ix_(present, present)], classes


def classes_of(y: np.ndarray) -> np.ndarray:
    """Sorted distinct labels of checked labels ``y`` (one bincount for narrow integer ranges)."""
    if y.dtype.kind in "bui":
        lo, hi = int(y.min()), int(y.max())
        if hi - lo < _DENSE_RANGE:
            present = np.flatnonzero(np.bincount(y.astype(np.int64) - lo)) + lo
            return present.astype(bool) if y.dtype.kind == "b" else present
    try:
        return np.unique(y)
    except TypeError as exc:
        raise ValueError(f"labels cannot be ordered: {exc}") from exc


def _map_to(labels: np.ndarray, y: np.ndarray):
    """Index of each y in labels (-1 when absent); labels need not be sorted."""
    order = np.argsort(labels, kind="stable")
    sorted_labels = labels[order]
    pos = np.searchsorted(sorted_labels, y)
    pos = np.clip(pos, 0, len(labels) - 1)
    found = sorted_labels[pos] == y
    return np.where(found, order[pos], -1)


def _check_labels(labels, t: np.ndarray) -> np.ndarray:
    L = np.asarray(labels)
    if L.ndim != 1 or L.shape[0] == 0:
        raise ValueError("labels must be a non-empty 1-D list of class labels")
    if (L.dtype.kind in "iubf") != _is_int_like(t):
        raise ValueError(f"labels ({L.dtype}) and y ({t.dtype}) are of different types")
    if len(np.unique(L)) != len(L):
        raise ValueError("labels contains duplicates")
    return L


def confusion_with_classes(y_true, y_pred, *, labels=None, sample_weight=None, strict=False):
    """Return ``(C, classes)``; with ``strict=True`` a label outside ``labels`` raises.

    This is the engine behind :func:`confusion_matrix` and every label-based
    score; ``strict=False`` reproduces scikit-learn, which drops such samples.
    """
    t, p, w = _check_pair(y_true, y_pred, sample_weight)
    if labels is None:
        ti, pi = (_int_view(t), _int_view(p)) if _is_int_like(t) else (None, None)
        if ti is not None and pi is not None:
            dense = _dense_int(ti, pi, w)
            if dense is not None:
                return dense[0], (dense[1].astype(bool) if t.dtype.kind == "b" else dense[1])
        try:
            classes, inverse = np.unique(np.concatenate([t, p]), return_inverse=True)
        except TypeError as exc:
            raise ValueError(f"labels cannot be ordered: {exc}") from exc
        n = t.shape[0]
        return _count(inverse[:n], inverse[n:], len(classes), w), classes
    L = _check_labels(labels, t)
    try:
        ti, pi = _map_to(L, t), _map_to(L, p)
    except TypeError as exc:
        raise ValueError(f"labels cannot be compared with y: {exc}") from exc
    keep = (ti >= 0) & (pi >= 0)
    if not keep.all():
        if strict:
            missing = np.unique(np.concatenate([t[ti < 0], p[pi < 0]]))
            raise ValueError(f"y contains labels not in labels: {missing[:10].tolist()}")
        if not (ti >= 0).any():
            raise ValueError("At least one label specified must be in y_true")
    else:
        keep = None
    return _count(ti, pi, len(L), w, keep), L


def confusion_matrix(y_true, y_pred, *, labels=None, sample_weight=None) -> np.ndarray:
    r"""Confusion matrix of labels, as scikit-learn computes it, in one counting pass.

    Entry ``C[i, j]`` is the number (or total weight) of samples whose true
    class is ``labels[i]`` and whose predicted class is ``labels[j]``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels: integers, booleans, integral floats or strings.
    labels : array-like of shape (k,), default=None
        Classes that index the matrix, in this order. By default the sorted union
        of the labels in ``y_true`` and ``y_pred``. As in scikit-learn, samples
        whose true or predicted label is not in ``labels`` are left out.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weight of each sample. Unlike scikit-learn, negative or
        non-finite weights raise ``ValueError``.

    Returns
    -------
    C : ndarray of shape (k, k)
        ``int64`` counts, or ``float64`` when the weights are floats.

    Notes
    -----
    Integer labels in a range of at most 4096 values are mapped to indices by an
    offset and counted with one ``np.bincount``; other labels are mapped with
    ``np.unique``.

    Examples
    --------
    >>> confusion_matrix([0, 0, 1, 1, 1], [0, 1, 1, 1, 0])
    array([[1, 1],
           [1, 2]])
    >>> confusion_matrix(["cat", "dog", "dog"], ["dog", "dog", "cat"], labels=["dog", "cat"])
    array([[1, 1],
           [1, 0]])
    """
    return confusion_with_classes(
        y_true, y_pred, labels=labels, sample_weight=sample_weight
    )[0]


def binary_matrix(tp, fn, fp, tn) -> np.ndarray:
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
        raise ValueError(f"counts must be numeric; got dtype {C.dtype}")
    if C.dtype.kind == "f" and not np.isfinite(C).all():
        raise ValueError("counts contain nan or inf")
    if (C < 0).any():
        raise ValueError("counts must be non-negative")
    return C
