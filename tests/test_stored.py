"""Stored results (chapters/data/stored) and findings records (chapters/data/findings).

The fast tests check that every stored result still matches the code that made it
(its hash), and that the storage refuses a stale or foreign result; the tests marked
``full`` (``make test-full``) run every stored study again and compare.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import imbalance_lib as il
from imbalance_lib.book import record, stored

ENTRIES = stored.entries()


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_every_stored_result_matches_its_code(name):
    entry = ENTRIES[name]
    fn = stored.function(entry["function"])
    assert entry["hash"] == stored.code_hash(fn, entry["params"]), (
        f"{name}: the code behind it changed; regenerate with make regenerate")


@pytest.mark.full
@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_every_stored_result_regenerates(name):
    assert stored.regenerate(name) == []


# --------------------------------------------------------------- the storage itself


def _study(n=3, seed=0):
    return pd.DataFrame({"x": np.random.default_rng(seed).normal(size=n), "k": ["a"] * n})


def _other(n=3, seed=0):
    return n + seed


@pytest.fixture()
def tmp_store(tmp_path, monkeypatch):
    monkeypatch.setattr(stored, "DATA", tmp_path)
    return tmp_path


def test_a_missing_result_says_how_to_make_it(tmp_store, monkeypatch):
    monkeypatch.delenv(stored.REGENERATE_ENV, raising=False)
    with pytest.raises(FileNotFoundError, match="BOOK_REGENERATE"):
        stored.stored("s", _study, n=3)
    assert list(tmp_store.iterdir()) == []  # nothing half-written


def test_stored_result_round_trips_and_refuses_other_parameters(tmp_store, monkeypatch):
    monkeypatch.setenv(stored.REGENERATE_ENV, "1")
    made = stored.stored("s", _study, n=4, seed=1)
    monkeypatch.delenv(stored.REGENERATE_ENV)
    again = stored.stored("s", _study, n=4, seed=1)
    pd.testing.assert_frame_equal(again, made)
    assert again["x"].dtype == float and again["k"].tolist() == ["a"] * 4
    with pytest.raises(stored.StaleResult, match="not"):
        stored.stored("s", _study, n=5, seed=1)
    with pytest.raises(stored.StaleResult):
        stored.stored("s", _other, n=4, seed=1)
    assert stored.regenerate("s") == []


def test_a_changed_hash_is_stale(tmp_store, monkeypatch):
    monkeypatch.setenv(stored.REGENERATE_ENV, "1")
    stored.stored("s", _other, n=1)
    monkeypatch.delenv(stored.REGENERATE_ENV)
    path = tmp_store / "s.json"
    entry = json.loads(path.read_text())
    entry["hash"] = "0" * 16  # as if the code had changed since
    path.write_text(json.dumps(entry))
    with pytest.raises(stored.StaleResult, match="changed"):
        stored.stored("s", _other, n=1)


def test_the_hash_follows_the_library():
    # a study reaches the library's functions: its hash covers them
    from imbalance_lib.book.chapters import intervals

    reached = "\n".join(stored._reached(intervals.coverage_study))
    assert "def percentile_interval" in reached and "def simulate_coverage" in reached

    def uses_the_package_name(C):
        return il.roc_auc_interval(C)  # a library function reached through `il.`

    assert "def roc_auc_interval" in "\n".join(stored._reached(uses_the_package_name))


def test_the_hash_is_the_same_in_another_process():
    import subprocess
    import sys

    code = ("from imbalance_lib.book.stored import code_hash;"
            "from imbalance_lib.book.chapters import intervals;"
            "print(code_hash(intervals.coverage_study, {}))")
    out = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONHASHSEED": seed, "PATH": ""}, check=True).stdout
           for seed in ("1", "2")}
    assert len(out) == 1


def test_records_compare_with_tolerance_and_types():
    assert record.differences({"a": 0.1}, {"a": 0.1 * (1 + 1e-9)}) == []
    assert record.differences({"a": 0.1}, {"a": 0.1001}) != []
    assert record.differences({"a": float("nan")}, {"a": float("nan")}) == []
    assert record.differences({"a": 1}, {"a": 1.0}) != []  # an int is not a float
    assert record.differences({"a": [1, 2]}, {"a": [1, 2, 3]}) != []


def test_a_moved_finding_stops_the_chapter(tmp_path, monkeypatch):
    monkeypatch.setattr(record, "STORE", tmp_path)
    monkeypatch.setenv(record.WRITE_ENV, "1")
    record.keep({"n": 3, "share": 0.25, "pick": "RF"}, "demo")
    monkeypatch.delenv(record.WRITE_ENV)
    record.keep({"n": 3, "share": 0.25, "pick": "RF"}, "demo")
    with pytest.raises(AssertionError, match="pick: stored 'RF', computed 'SVM'"):
        record.keep({"n": 3, "share": 0.25, "pick": "SVM"}, "demo")
    with pytest.raises(FileNotFoundError):
        record.keep({}, "absent")
    assert record.load("demo") == {"n": 3, "share": 0.25, "pick": "RF"}
