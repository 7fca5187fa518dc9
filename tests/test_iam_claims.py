"""The IAM chapter: its claims hold on its findings, each check can fail, and its
re-run tables highlight exactly the cells their captions describe."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from imbalance_lib.book.chapters import iam
from imbalance_lib.book.claims import failing
from imbalance_lib.book.published import mortaz2020 as pub
from imbalance_lib.book.record import load

ROOT = Path(__file__).resolve().parents[1]
RULES = ["max-min of the five", "CBA", "IAM"]


# --------------------------------------------------------------------------- the Glass picks


def _table(rows):
    return pd.DataFrame(rows, index=RULES, columns=[f"seed {r}" for r in range(len(rows[0]))])


def _with_study(page, lead=(0.03, 0.02, -0.01, 0.05, 0.04)):
    """Page findings of a five-repetition table beside a made-up measured study."""
    f = iam.pick_findings(page)
    study = {f"pick20_{k[len('pick_'):]}": v for k, v in iam.pick_findings(
        _table([["RF-ROS"] * 3 + ["RF", "RF-ROS"]] * 3)).items()}
    lead = np.array(lead)
    study.update({"pick20_lead_lo": lead.min(), "pick20_lead_hi": lead.max(),
                  "pick20_lead_mean": lead.mean(), "pick20_lead_negative": int((lead < 0).sum()),
                  "pick20_matches_page": True})
    return {**f, **study}


def test_stable_picks_support_the_claims():
    f = iam.pick_findings(_table([["RF-ROS"] * 5] * 3))
    assert f == {"pick_reps": 5, "pick_unanimous": 5, "pick_stable_rules": 3,
                 "pick_rules": 3, "pick_only_model": "RF-ROS",
                 "pick_majority_model": "RF-ROS", "pick_majority_n": 5, "pick_others": "none",
                 "pick_others_models": ""}
    assert failing(iam.PICK_CLAIMS, _with_study(_table([["RF-ROS"] * 5] * 3))) == []


def test_a_pick_that_flips_fails_the_page_claim():
    rows = [["RF-ROS"] * 5, ["RF-ROS"] * 4 + ["RF"], ["RF-ROS"] * 4 + ["RF"]]
    f = iam.pick_findings(_table(rows))
    assert f["pick_unanimous"] == 4 and f["pick_stable_rules"] == 1
    assert "glass-pick-page" in failing(iam.PICK_CLAIMS, _with_study(_table(rows)))


def test_each_pick_claim_can_fail():
    ok = _with_study(_table([["RF-ROS"] * 5] * 3))
    breakers = {"glass-pick-majority": {"pick20_majority_model": "RF"},
                "glass-pick-lead": {"pick20_lead_negative": 0},
                "glass-pick-measured": {"pick20_matches_page": False},
                "glass-pick-page": {"pick_only_model": ""}}
    assert set(breakers) == {c.key for c in iam.PICK_CLAIMS}
    for key, change in breakers.items():
        assert failing(iam.PICK_CLAIMS, {**ok, **change}) == [key]
    # a study whose majority is the document's RF, or a bare half, fails the majority claim
    f = {**ok, "pick20_majority_n": 10, "pick20_reps": 20}
    assert "glass-pick-majority" in failing(iam.PICK_CLAIMS, f)
    for change in ({"pick20_unanimous": 4}, {"pick20_others_models": "GBM"}):
        assert "glass-pick-majority" in failing(iam.PICK_CLAIMS, {**ok, **change})
    # unanimity in every measured repetition contradicts "not in every repetition"
    assert "glass-pick-lead" in failing(iam.PICK_CLAIMS, {**ok, "pick20_majority_n": 5,
                                                          "pick20_reps": 5})


def test_the_stored_study_reproduces_the_page_seeds():
    table = iam.measured_picks()
    f = iam.pick_study_findings(table.iloc[:, :5],
                                [iam.GLASS_PICKS_MEASURED[r][3] for r in range(5)])
    assert f["pick20_matches_page"]
    moved = table.iloc[:, :5].copy()
    moved.iloc[1, 2] = "RF"
    assert not iam.pick_study_findings(moved, [v[3] for v in
                                               list(iam.GLASS_PICKS_MEASURED.values())[:5]]
                                       )["pick20_matches_page"]


def _stored_glue():
    nb = json.loads((ROOT / "chapters" / "iam.ipynb").read_text())
    glued = {}
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            name = out.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                glued[name] = out["data"]["application/papermill.record/text/plain"]
    return nb, glued


def test_the_stored_chapter_glues_stable_picks():
    # the findings the chapter proved when it last ran (nbval re-checks the record)
    f = load("iam")
    assert failing(iam.PICK_CLAIMS, f) == []
    assert f["pick20_majority_n"] == 19 and f["pick20_reps"] == 20


# --------------------------------------------------------------------------- theory


@pytest.fixture(scope="module")
def theory():
    return load("iam")


def test_theory_claims_hold(theory):
    assert failing(iam.THEORY_CLAIMS, theory) == []


def test_theory_numbers_by_hand(theory):
    # C_bal: 3 right of 17; classes 0, 1 have term 0, the 3 singletons term 1: CBA = 3/5
    assert theory["bal_acc"] == pytest.approx(3 / 17)
    assert theory["bal_iam"] == pytest.approx(2 * 3 / 5 - 1)
    assert theory["bal_bound"] == pytest.approx((3 + (1 - 2 / 5) * 14) / 17)
    # C5: 3 of 16 right
    assert (theory["c5_n"], theory["sign_c5_wrong"]) == (16, 13)
    # Table 13 with 600 samples moved: accuracy (n - 600) / n
    n = sum(pub.CLASS_DISTRIBUTIONS["Table 13"])
    assert theory["t13_acc"] == pytest.approx((n - 600) / n)
    # four matrices x five metrics (Tables 2-6) and four IAM values (Table 9)
    assert theory["conv_n"] == 24
    assert sum(theory[f"conv_{k}"] for k in ("both", "rounding", "truncation", "neither")) == 24
    # the document's selections in Example 1 and Table 10; IAM = -0.5 means CBA = 1/4
    assert (theory["ex1_maxmin"], theory["t10_iam"]) == ("ML1", "ML6")
    assert theory["ml7_cba"] == pytest.approx(0.25)
    # the proof step breaks at total 3 ([[1, 0], [1, 1]]), at 2 under the nan policy
    assert (theory["step_total_defined"], theory["step_total_nan"]) == (3, 2)
    # [[1, 0], [10, 1]]: precisions 1/11 and 1, recalls 1 and 1/11, so MAP = MAR = 6/11;
    # each class's F1 is 2 (1/11) / (12/11) = 1/6
    assert theory["f_gap"] == pytest.approx(float(Fraction(6, 11) - Fraction(1, 6)))
    # k = 6, t = 200: IAM = 1/3, ACC = 4/204
    assert theory["ex_six_excess"] == pytest.approx(1 / 3 - 4 / 204)


# one altered finding per claim: the value that would make the sentence false
BREAKERS = {
    "lib-agrees": {"cm1_gap": 1e-3},
    "f-not-hm": {"cm1_hm": 0.6545, "cm1_f": 0.6545},
    "step-smallest": {"step_total_nan": 3},
    "binary-proof": {"binary_steps_hold": False},
    "balanced-bound": {"bal_iam": 0.1},
    "t13-excess": {"t13_iam": 0.5},
    "sign-c5": {"sign_c5_wrong": 5},
    "sign-neg": {"sign_neg_right": 50},
    "conv-explained": {"conv_neither": 1},
    "conv-mixed": {"conv_truncation": 0},
    "ex1-ml1": {"ex1_iam": "ML2"},
    "ex2-disagree": {"ex2_iam": "ML4"},
    "t8-consistency": {"t8_inconsistent": ""},
    "t8-below": {"t8_cba_below_all": False},
    "t8-ml7-last": {"ml7_last": False},
    "t8-three-decimals": {"ml6_cba3_lo": 0.312},
    "step-fails": {"step_fails_every_k": False},
    "only-two": {"violated_claims": 3},
    "t4-from-five": {"t4_first_k": 4},
    "t4-grows": {"t4_excess_grows": False},
    "t4-below-sup": {"t4_above_sup": 0.0},  # reaching the supremum breaks it
    "t4-opt-some": {"t4_opt_below_five": 1},
    "bound-holds": {"bound_violated": True},
    "identity-holds": {"identity_violated": True},
    "sweep-identity": {"sweep_identity_gap": 1e-3},
    "sweep-f1": {"f1_gap": 0.01},
    "sweep-f2": {"f2_ratio_min": 99.0},
    "sweep-f4": {"f4_flat_iam_span": 0.01},
    "gaps-not-noise": {"glass_beyond_2se": 50},
    "order-same": {"order_same": "different"},
    "map-never-smallest": {"map_never_smallest": False},
    "sat-pick-not-doc": {"sat_sel": "GBM"},
    "sat-identity-broken": {"sat_impossible": 0},
    "glass-both-signs": {"glass_dmin": 0.0},
    "sat-nonnegative": {"sat_dmin": -0.01},
    "sat-zero-families": {"sat_zero_are_whole_families": False},
    "no-absent": {"absent_cases": 1},
    "sat-effects-small": {"sat_rows_noise_reaches": 1},
    "sat-effects-seeds": {"sat_seed_move_max": 0.06},
    "cand-k1-signs": {"cand_glass_match": 6},
    "impossible-any-classes": {"imp_all_above_cap": False},
    "pub-picks-same": {"pub_picks_same": False},
    "empty-same-pick": {"empty_same_pick": False},
}


def test_every_claim_has_a_breaker():
    assert set(BREAKERS) == {c.key for c in iam.CLAIMS}


@pytest.mark.parametrize("key", sorted(k for k in BREAKERS
                                       if k in {c.key for c in iam.THEORY_CLAIMS}))
def test_each_theory_claim_can_fail(theory, key):
    assert key in failing(iam.THEORY_CLAIMS, {**theory, **BREAKERS[key]})


# --------------------------------------------------------------------------- searches, sweeps


@pytest.fixture(scope="module")
def searched():
    return load("iam")  # the chapter's own search (k = 2..10), proven when it executes


def test_search_claims_hold_and_can_fail(searched):
    assert failing(iam.SEARCH_CLAIMS, searched) == []
    assert searched["violated_names"] == "T3 step, T4"
    for c in iam.SEARCH_CLAIMS:
        assert c.key in failing(iam.SEARCH_CLAIMS, {**searched, **BREAKERS[c.key]})


def test_the_violations_by_hand():
    # C5 violates Theorem 4 by 1/5 - 3/16 and respects the bound; [[1, 0], [1, 1]] the step
    C5 = iam.counterexample_c5()[None]
    assert iam.VIOLATIONS["T4"](C5)[0] == pytest.approx(1 / 5 - 3 / 16)
    assert iam.VIOLATIONS["bound"](C5)[0] <= 0
    assert iam.VIOLATIONS["T3 step"](np.array([[[1.0, 0], [1, 1]]]))[0] == pytest.approx(
        3 / 4 - 2 / 3)
    # a matrix with a class absent from labels and predictions is skipped (nan)
    assert np.isnan(iam.VIOLATIONS["T4"](np.array([[[1.0, 0], [0, 0]]]))[0])


def test_sweep_claims_hold_and_can_fail():
    f = load("iam")
    assert failing(iam.SWEEP_CLAIMS, f) == []
    for c in iam.SWEEP_CLAIMS:
        assert c.key in failing(iam.SWEEP_CLAIMS, {**f, **BREAKERS[c.key]})


def _stored_findings():
    """The chapter's findings as it last proved them (nbval re-checks the record)."""
    return load("iam")


def test_rerun_claims_hold_on_the_stored_run_and_can_fail():
    # the cross-validations take minutes: the claims are checked on the stored findings,
    # which nbval reproduces whenever the chapter is re-executed
    f = _stored_findings()
    assert failing(iam.RERUN_CLAIMS + iam.PICK_CLAIMS, f) == []
    for c in iam.RERUN_CLAIMS:
        assert c.key in failing(iam.RERUN_CLAIMS, {**f, **BREAKERS[c.key]})


def test_rerun_findings_on_made_up_matrices():
    # random fold matrices of the right shape: the counts follow the matrices
    rng = np.random.default_rng(0)
    glass = rng.integers(0, 9, (18, 2, 5, 6, 6)) + 5 * np.eye(6, dtype=int)
    sat = rng.integers(0, 9, (18, 1, 5, 6, 6)) + 5 * np.eye(6, dtype=int)
    glass[0, 0, 0, 2] = 0  # one class absent from one test fold
    f = iam.rerun_findings(glass, sat)
    assert f["glass_cells"] == f["sat_cells"] == 18 * 7  # 7 difference columns
    assert f["absent_cases"] == 1
    assert f["pick_reps"] == 2 and f["by_seed"].shape == (3, 4)
    assert f["glass_beyond"] == int(f["glass_gaps"]["beyond"].sum())
    gaps = f["sat_gaps"]
    assert (gaps["beyond"] == ((gaps["ours"] - gaps["published"]).abs() > 2 * gaps["se"])).all()


# --------------------------------------------------------------------------- highlighted cells

_RULE = re.compile(r"([^{}]+)\{([^}]*)\}")
_CELL = re.compile(r'<td id="([^"]+)"[^>]*>([^<]*)</td>')
_DIFF = re.compile(r"^([+\-−]?\d+\.\d+) \((\d+\.\d+)\)$")


def highlighted(page: str) -> set[str]:
    """Ids of the cells that the page's CSS (every style block of the page) highlights."""
    out = set()
    for style in re.findall(r"<style[^>]*>(.*?)</style>", page, flags=re.S):
        for selectors, props in _RULE.findall(style):
            if "background-color" in props:
                out |= {s.strip().lstrip("#") for s in selectors.split(",")}
    return out


def difference_cells(page: str) -> dict[str, tuple[float, float]]:
    """Every 'difference (SE)' cell of the page: id -> (difference, standard error)."""
    cells = {}
    for cid, text in _CELL.findall(page):
        m = _DIFF.match(text.strip())
        if m:
            cells[cid] = (float(m.group(1).replace("−", "-")), float(m.group(2)))
    return cells


def _synthetic(table, seed):
    rng = np.random.default_rng(seed)
    published = table.frame()
    cols = {"ACC": "ACC", "CBA": "CBA", "MAP": "MAP", "MAP (0)": "MAP", "MAR": "MAR",
            "F-score": "F-score", "IAM": "IAM"}
    mean = pd.DataFrame({o: published[p] + rng.normal(0, 0.05, len(published))
                         for o, p in cols.items()}, index=iam.MODELS)
    se = pd.DataFrame({o: rng.uniform(0.005, 0.05, len(published)) for o in cols},
                      index=iam.MODELS)
    rule = {o: (mean[o] - published[p]).abs() > 2 * se[o] for o, p in cols.items()}
    return mean, se, rule


def test_a_highlighted_cell_is_exactly_a_cell_beyond_two_standard_errors():
    # both data sets on one page, as in the chapter: a table's CSS must not reach the other's
    parts, expected = [], []  # per table: its html, and the rule for each of its cells
    for key, table, seed in (("glass", pub.TABLE16, 0), ("sat", pub.TABLE18, 1)):
        mean, se, rule = _synthetic(table, seed)
        gaps = iam.gap_frame(table, mean, se)
        for group, styler in zip(iam.GROUPS, iam.gap_tables(gaps, table.label, key)):
            html = styler.to_html()
            assert "exceeds two standard errors" in html  # the caption's rule
            uid = re.search(r'<table id="([^"]+)"', html).group(1)
            diff_cols = sorted({int(c.rsplit("col", 1)[1]) for c in difference_cells(html)})
            want = {}
            for (label, ours, _), col in zip(iam.GROUPS[group], diff_cols):
                for r, model in enumerate(iam.MODELS):
                    want[f"{uid}_row{r}_col{col}"] = bool(rule[ours][model])
            parts.append(html)
            expected.append(want)
    ids = [re.search(r'<table id="([^"]+)"', h).group(1) for h in parts]
    assert len(set(ids)) == len(ids)  # every styled table has its own id
    lit = highlighted("".join(parts))  # what the CSS of the whole page highlights
    for html, want in zip(parts, expected):
        cells = {cid for cid, _ in _CELL.findall(html)}
        assert {c for c in cells if c in lit} == {c for c, on in want.items() if on}
    assert sum(sum(w.values()) for w in expected) > 10  # the synthetic data do highlight


def test_the_stored_tables_highlight_what_their_captions_say():
    nb, glued = _stored_glue()
    page = "".join("".join(out.get("data", {}).get("text/html", ""))
                   for cell in nb["cells"] for out in cell.get("outputs", []))
    ids = re.findall(r'<table id="(T_iam-gap-[^"]+)"', page)
    assert len(ids) == 2 * len(iam.GROUPS) and len(set(ids)) == len(ids)  # unique ids
    got = highlighted(page)
    diffs = difference_cells(page)
    counts = {"glass": 0, "sat": 0}
    checked = 0
    for cid, (d, s) in diffs.items():
        if not cid.startswith("T_iam-gap-"):
            continue
        key = cid.split("-")[2]
        counts[key] += cid in got
        # printed to 3 decimals: decide only where rounding cannot change the rule
        if abs(abs(d) - 2 * s) > 0.0015:
            assert (cid in got) == (abs(d) > 2 * s), cid
            checked += 1
    assert checked > 0.9 * len(diffs)
    assert not {c for c in got if c.startswith("T_iam-gap-")} - set(diffs)
    for key in counts:
        assert counts[key] == int(glued[f"iam-{key}-beyond"])
        assert int(glued[f"iam-{key}-cells"]) == sum(c.startswith(f"T_iam-gap-{key}-")
                                                     for c in diffs)
        share = round(100 * counts[key] / int(glued[f"iam-{key}-cells"]))
        assert share == int(glued[f"iam-{key}-beyond-2se"])


# --------------------------------------------------------------------------- further breakers

MORE_BREAKERS = [  # a second way to make each sentence false
    ("gaps-not-noise", {"sat_beyond_2se": 50}),
    ("gaps-not-noise", {"glass_beyond_2se": 20, "noise_2se": 5}),
    ("sat-effects-small", {"sat_run_max": 0.057, "sat_gap_min": 0.057}),
    ("sat-effects-small", {"sat_pool_max": 0.06, "sat_gap_min": 0.057}),
    ("cand-k1-signs", {"cand_glass_both_signs": False}),
    ("cand-k1-signs", {"cand_glass_moves": 4}),
    ("cand-k1-signs", {"cand_sat_match": 1}),
    ("impossible-any-classes", {"imp_excess_below_shift": False}),
    ("sat-effects-seeds", {"sat_seed_run_max": 0.057, "sat_gap_min": 0.057}),
    ("sat-effects-seeds", {"sat_seeds_n": 1}),
    ("empty-same-pick", {"empty_models": 6}),
]


@pytest.mark.parametrize("key, change", MORE_BREAKERS)
def test_rerun_claims_fail_a_second_way(key, change):
    f = _stored_findings()
    assert key in failing(iam.RERUN_CLAIMS, {**f, **change})


def test_the_new_rerun_findings_by_hand():
    f = _stored_findings()
    # published Glass rows: 10 break the identity, 8 keep it; the candidate -(2 CBA - 1)/7
    assert (f["cand_glass_bad"], f["cand_glass_ok"], f["cand_sat_bad"]) == (10, 8, 12)
    # the convention with the empty class at 0 caps MAP and MAR at 6/7
    assert f["imp_cap"] == round(6 / 7, 3) and f["empty_shift"] == round(1 / 7, 3)
    assert f["imp_excess_hi"] < 1 / 7 < f["imp_map_mar_min"] + 1 / 7
    # the example of the network paragraph is the row whose spread is the "up to" figure
    assert f["ann_widest_move"] == f["ann_run_spread"]
    # (the three are rounded separately: their difference may differ in the last digit)
    assert abs(f["ann_widest_hi"] - f["ann_widest_lo"] - f["ann_run_spread"]) <= 0.0011


def test_three_decimals_by_hand(theory):
    # ML5: IAM -0.38 and CBA 0.31 allow CBA in [0.3075, 0.3125); ML6: [0.3125, 0.315)
    assert (theory["ml5_cba3_lo"], theory["ml5_cba3_hi"]) == (0.308, 0.312)
    assert (theory["ml6_cba3_lo"], theory["ml6_cba3_hi"]) == (0.313, 0.315)
