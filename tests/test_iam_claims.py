"""The IAM chapter's statements about the Glass picks follow the picks, and can fail."""

from __future__ import annotations

import pandas as pd

from imbalance_lib.book.chapters import iam
from imbalance_lib.book.claims import failing

RULES = ["max-min of the five", "CBA", "IAM"]


def _table(rows):
    return pd.DataFrame(rows, index=RULES, columns=[f"seed {r}" for r in range(len(rows[0]))])


def test_stable_picks_support_the_claims():
    f = iam.pick_findings(_table([["RF-ROS"] * 5] * 3))
    assert f == {"pick_reps": 5, "pick_unanimous": 5, "pick_stable_rules": 3,
                 "pick_rules": 3, "pick_only_model": "RF-ROS"}
    assert failing(iam.PICK_CLAIMS, f) == []


def test_a_pick_that_flips_fails_the_stability_claim():
    rows = [["RF-ROS"] * 5, ["RF-ROS"] * 4 + ["RF"], ["RF-ROS"] * 4 + ["RF"]]
    f = iam.pick_findings(_table(rows))
    assert f["pick_unanimous"] == 4 and f["pick_stable_rules"] == 1
    assert "glass-pick-stable" in failing(iam.PICK_CLAIMS, f)


def test_the_documents_pick_fails_the_second_claim():
    f = iam.pick_findings(_table([["RF"] * 5] * 3))
    assert failing(iam.PICK_CLAIMS, f) == ["glass-pick-not-rf"]


def test_the_stored_chapter_glues_stable_picks():
    # the values the chapter stored when it last ran (nbval re-checks them in make test)
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[1] / "chapters" / "iam.ipynb").read_text())
    glued = {}
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            name = out.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                glued[name] = out["data"]["application/papermill.record/text/plain"]
    stored = {k[len("iam-"):].replace("-", "_"): v for k, v in glued.items()
              if k.startswith("iam-pick-") and k[len("iam-"):].replace("-", "_") in
              ("pick_reps", "pick_unanimous", "pick_stable_rules", "pick_rules")}
    f = {k: int(v) for k, v in stored.items()}
    f["pick_only_model"] = glued["iam-pick-only-model"].strip("'")
    assert failing(iam.PICK_CLAIMS, f) == []
