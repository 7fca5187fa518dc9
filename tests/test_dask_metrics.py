"""Beyond one machine: a 10-million-row prediction log in Parquet, evaluated on a local
Dask cluster of two worker processes, gives exactly the in-memory results."""

import logging

import numpy as np
import pytest

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import imbalance_lib as il  # noqa: E402
from imbalance_lib import dask_metrics  # noqa: E402

N_ROWS = 10_000_000
N_FILES = 8


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    """Parquet files of (y_true, y_score, y_pred, weight) written with pyarrow, and the
    same columns in memory."""
    folder = tmp_path_factory.mktemp("log")
    rng = np.random.default_rng(0)
    y = (rng.random(N_ROWS) < 0.05).astype(np.int8)  # 5 % positives
    score = np.round(1 / (1 + np.exp(-rng.normal(2.0 * y - 1.0, 1.0))), 4)  # ties, as logged
    pred = (score >= 0.5).astype(np.int8)
    weight = rng.integers(1, 4, N_ROWS).astype(np.float64)  # integer weights: exact sums
    for i, part in enumerate(np.array_split(np.arange(N_ROWS), N_FILES)):
        table = pa.table({"y_true": y[part], "y_score": score[part], "y_pred": pred[part],
                          "weight": weight[part]})
        pq.write_table(table, folder / f"part-{i}.parquet", row_group_size=1 << 20)
    return folder, y, score, pred, weight


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def test_sweep_on_the_cluster_equals_the_in_memory_sweep(log, client):
    folder, y, score, _, weight = log
    df = dd.read_parquet(str(folder))
    assert len(df) == N_ROWS
    thr, m = dask_metrics.threshold_sweep(df, y_true="y_true", y_score="y_score")
    thr0, m0 = il.threshold_sweep(y, score)
    np.testing.assert_array_equal(thr, thr0)
    np.testing.assert_array_equal(m, m0)
    # the metrics and the best cut follow from the matrices
    assert il.optimal_operating_point(y, score, metric="ac").score == pytest.approx(
        np.nanmax(il.ac(m, zero_division=np.nan)), abs=1e-12
    )


def test_confusion_on_the_cluster_equals_the_in_memory_matrix(log, client):
    folder, y, _, pred, weight = log
    df = dd.read_parquet(str(folder))
    np.testing.assert_array_equal(
        dask_metrics.confusion_matrix(df, sample_weight="weight"),
        il.confusion_matrix(y, pred, sample_weight=weight),
    )


def test_labels_and_weights_on_a_small_log():
    import pandas as pd

    rng = np.random.default_rng(1)
    log = pd.DataFrame({"y_true": rng.integers(0, 3, 500), "y_pred": rng.integers(0, 3, 500),
                        "w": rng.random(500)})
    df = dd.from_pandas(log, npartitions=4)
    np.testing.assert_array_equal(
        dask_metrics.confusion_matrix(df, labels=[2, 0]),
        il.confusion_matrix(log.y_true, log.y_pred, labels=[2, 0]),
    )
    np.testing.assert_allclose(
        dask_metrics.confusion_matrix(df, sample_weight="w"),
        il.confusion_matrix(log.y_true, log.y_pred, sample_weight=log.w), rtol=1e-12,
    )


def test_weighted_sweep_on_a_small_log():
    import pandas as pd

    rng = np.random.default_rng(2)
    log = pd.DataFrame({"y_true": rng.integers(0, 2, 2000),
                        "y_score": np.round(rng.random(2000), 2),
                        "w": rng.integers(0, 5, 2000).astype(float)})
    thr, m = dask_metrics.threshold_sweep(dd.from_pandas(log, npartitions=5), sample_weight="w")
    thr0, m0 = il.threshold_sweep(log.y_true, log.y_score, sample_weight=log.w)
    np.testing.assert_array_equal(thr, thr0)
    np.testing.assert_array_equal(m, m0)  # integer weights: exact sums


def test_bad_logs_raise():
    import pandas as pd

    df = dd.from_pandas(pd.DataFrame({"y_true": [0, 1, 2], "y_score": [0.1, 0.2, 0.3]}),
                        npartitions=2)
    with pytest.raises(ValueError, match="at most two classes"):
        dask_metrics.threshold_sweep(df)
    with pytest.raises(ValueError, match="pos_label='x'"):
        dask_metrics.threshold_sweep(df[df.y_true < 2], pos_label="x")
