"""The explorer's stored Satimage scores: regenerated they are the shipped file, and they
rank far better than chance (ROC AUC by scikit-learn)."""

from __future__ import annotations

import json

from sklearn.metrics import roc_auc_score

from imbalance_lib.book import explorer_scores as es


def _stored():
    body = es.OUT.read_text(encoding="utf-8").split("window.ImbalanceScores = ", 1)[1]
    return json.loads(body.rstrip().rstrip(";"))


def test_the_shipped_file_is_regenerated_exactly():
    assert es.OUT.read_text(encoding="utf-8") == es.text()


def test_the_scores_are_the_test_file_of_satimage():
    data = _stored()
    assert len(data["labels"]) == len(data["scores"]) == 2000  # sat.tst.txt has 2000 rows
    assert data["scores"] == sorted(data["scores"], reverse=True)
    assert 150 < sum(data["labels"]) < 250  # class 4 is about a tenth of Satimage
    assert 0.70 < roc_auc_score(data["labels"], data["scores"]) < 1.0  # far from chance
