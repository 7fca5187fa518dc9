"""The IAM chapter: its claims hold on its four stored records, each check can fail, the
numbers behind them agree with hand computations, and its re-run tables highlight
exactly the cells their captions describe."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from claims_scaffold import ClaimsContract

from imbalance_lib.book.chapters import iam
from imbalance_lib.book.chapters.iam.rerun import noise_share, pick_summary, sat_seed_picks
from imbalance_lib.book.claims import cited_keys, failing
from imbalance_lib.book.published import mortaz2020 as pub
from imbalance_lib.book.record import load

ROOT = Path(__file__).resolve().parents[1]
RULES = ["max-min of the five", "CBA", "IAM"]


@pytest.fixture(scope="module")
def theory():
    return iam.TheoryFindings.from_record(load("iam_theory"))


@pytest.fixture(scope="module")
def searched():
    return iam.SearchFindings.from_record(load("iam_search"))


@pytest.fixture(scope="module")
def swept():
    return iam.SweepFindings.from_record(load("iam_sweep"))


@pytest.fixture(scope="module")
def rerun():
    return iam.RerunFindings.from_record(load("iam_rerun"))


# --------------------------------------------------------------------------- the contracts


class TestTheoryClaims(ClaimsContract):
    CLAIMS = iam.THEORY_CLAIMS
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
        "t8-consistency": {"t8_inconsistent": []},
        "t8-below": {"t8_cba_below_all": False},
        "t8-ml7-last": {"ml7_last": False},
        "t8-three-decimals": {"ml6_cba3_lo": 0.312},
    }

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return iam.TheoryFindings.from_record(load("iam_theory"))


class TestSearchClaims(ClaimsContract):
    CLAIMS = iam.SEARCH_CLAIMS
    BREAKERS = {
        "step-fails": {"step_fails_every_k": False},
        "only-two": {"violated": ["T3 step", "T4", "HM"]},
        "t4-from-five": {"t4_first_k": 4},
        "t4-grows": {"t4_excess_grows": False},
        "t4-below-sup": {"t4_above_sup": 0.0},  # reaching the supremum breaks it
        "t4-opt-some": {"t4_opt_below_five": 1},
        "bound-holds": {"bound_violated": True},
        "identity-holds": {"identity_violated": True},
    }
    PART_BREAKERS = [("only-two", {"violated": ["T4"]}),
                     ("t4-from-five", {"t4_fails_from_first_k": False}),
                     ("t4-opt-some", {"t4_opt_n": 0})]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return iam.SearchFindings.from_record(load("iam_search"))


class TestSweepClaims(ClaimsContract):
    CLAIMS = iam.SWEEP_CLAIMS
    BREAKERS = {
        "sweep-identity": {"sweep_identity_gap": 1e-3},
        "sweep-f1": {"f1_gap": 0.01},
        "sweep-f2": {"f2_ratio_min": 99.0},
        "sweep-f3": {"f3_acc_span": 2.0},
        # IAM moving at all over the shallow trees contradicts "stays at": the old
        # predicate let it move by a tenth of the rise of AUC
        "sweep-f4": {"f4_flat_iam_span": 0.001},
    }
    PART_BREAKERS = [("sweep-f4", {"f4_flat_same_matrix": False}),
                     ("sweep-f4", {"f4_auc_best": 12}),
                     ("sweep-f4", {"f4_flat_auc_hi": 0.5})]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return iam.SweepFindings.from_record(load("iam_sweep"))


class TestRerunClaims(ClaimsContract):
    CLAIMS = iam.CLAIMS["rerun"]
    BREAKERS = {
        "gaps-not-noise": {"glass_beyond_2se": 50},
        "order-same": {"order_same": "different"},
        "map-never-smallest": {"map_never_smallest": False},
        "sat-pick-not-doc": {"sat_sel": "GBM"},
        "sat-pick-seeds": {"sat_seed_sel_n": 2},
        "sat-identity-broken": {"sat_impossible": 0},
        "glass-both-signs": {"glass_dmin": 0.0},
        "sat-nonnegative": {"sat_dmin": -0.01},
        "sat-zero-families": {"sat_zero_are_whole_families": False},
        "no-absent": {"absent_cases": 1},
        "glass-effects-reach": {"glass_effect_max": 0.05},
        "sat-effects-small": {"sat_rows_noise_reaches": 1},
        "sat-effects-seeds": {"sat_seed_move_max": 0.06},
        "cand-k1-signs": {"cand_glass_match": 6},
        "impossible-any-classes": {"imp_all_above_cap": False},
        "pub-picks-same": {"pub_picks_same": False},
        "empty-same-pick": {"empty_same_pick": False},
        "glass-pick-majority": {"pick20_majority_model": "RF"},
        "glass-pick-lead": {"pick20_lead_negative": 0},
        "glass-pick-measured": {"pick20_matches_page": False},
        "glass-pick-page": {"pick_only_model": ""},
        "glass-pick-page-lead": {"pick_lead_lo": -0.002},
    }
    PART_BREAKERS = [  # a second way to make a sentence false
        ("gaps-not-noise", {"sat_beyond_2se": 50}),
        ("gaps-not-noise", {"sat_noise_2se": 16.0}),  # 4 df would give 11.6 %
        ("gaps-not-noise", {"glass_noise_2se": 10.0}),
        ("gaps-not-noise", {"sat_noise_df": 20}),
        ("sat-effects-small", {"sat_run_max": 0.057, "sat_gap_min": 0.057}),
        ("sat-effects-small", {"sat_pool_max": 0.06, "sat_gap_min": 0.057}),
        ("cand-k1-signs", {"cand_glass_both_signs": False}),
        ("cand-k1-signs", {"cand_glass_moves": 4}),
        ("cand-k1-signs", {"cand_sat_match": 1}),
        ("impossible-any-classes", {"imp_excess_below_shift": False}),
        ("sat-effects-seeds", {"sat_seed_run_max": 0.057, "sat_gap_min": 0.057}),
        ("sat-effects-seeds", {"sat_seeds_n": 1}),
        ("sat-pick-seeds", {"sat_seed_second_n": 2}),
        ("sat-pick-seeds", {"sat_seed_sel": "RF-ROS"}),
        ("empty-same-pick", {"empty_models": 6}),
        # a study whose majority is a bare half, that disagrees, or picks a third model
        ("glass-pick-majority", {"pick20_majority_n": 10, "pick20_reps": 20}),
        ("glass-pick-majority", {"pick20_unanimous": 4}),
        ("glass-pick-majority", {"pick20_others_models": ["GBM"]}),
        # unanimity in every measured repetition contradicts "not in every repetition"
        ("glass-pick-lead", {"pick20_majority_n": 20}),
        ("glass-pick-page-lead", {"pick_top": "RF"}),
    ]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return iam.RerunFindings.from_record(load("iam_rerun"))


# --------------------------------------------------------------------------- hand computations


def test_theory_numbers_by_hand(theory):
    # C_bal: 3 right of 17; classes 0, 1 have term 0, the 3 singletons term 1: CBA = 3/5
    assert theory.bal_acc == pytest.approx(3 / 17)
    assert theory.bal_iam == pytest.approx(2 * 3 / 5 - 1)
    assert theory.bal_bound == pytest.approx((3 + (1 - 2 / 5) * 14) / 17)
    # C5: 3 of 16 right
    assert (theory.c5_n, theory.sign_c5_wrong) == (16, 13)
    # Table 13 with 600 samples moved: accuracy (n - 600) / n
    n = sum(pub.CLASS_DISTRIBUTIONS["Table 13"])
    assert theory.t13_acc == pytest.approx((n - 600) / n)
    # four matrices x five metrics (Tables 2-6) and four IAM values (Table 9)
    assert theory.conv_n == 24
    assert theory.conv_both + theory.conv_rounding + theory.conv_truncation \
        + theory.conv_neither == 24
    # the document's selections in Example 1 and Table 10; IAM = -0.5 means CBA = 1/4
    assert (theory.ex1_maxmin, theory.t10_iam) == ("ML1", "ML6")
    assert theory.ml7_cba == pytest.approx(0.25)
    # the proof step breaks at total 3 ([[1, 0], [1, 1]]), at 2 under the nan policy
    assert (theory.step_total_defined, theory.step_total_nan) == (3, 2)
    # [[1, 0], [10, 1]]: precisions 1/11 and 1, recalls 1 and 1/11, so MAP = MAR = 6/11;
    # each class's F1 is 2 (1/11) / (12/11) = 1/6
    assert theory.f_gap == pytest.approx(float(Fraction(6, 11) - Fraction(1, 6)))
    # k = 6, t = 200: IAM = 1/3, ACC = 4/204
    assert theory.ex_six_excess == pytest.approx(1 / 3 - 4 / 204)


def test_three_decimals_by_hand(theory):
    # ML5: IAM -0.38 and CBA 0.31 allow CBA in [0.3075, 0.3125); ML6: [0.3125, 0.315)
    assert (theory.ml5_cba3_lo, theory.ml5_cba3_hi) == (0.308, 0.312)
    assert (theory.ml6_cba3_lo, theory.ml6_cba3_hi) == (0.313, 0.315)


def test_the_violations_by_hand():
    # C5 violates Theorem 4 by 1/5 - 3/16 and respects the bound; [[1, 0], [1, 1]] the step
    C5 = iam.counterexample_c5()[None]
    assert iam.VIOLATIONS["T4"](C5)[0] == pytest.approx(1 / 5 - 3 / 16)
    assert iam.VIOLATIONS["bound"](C5)[0] <= 0
    assert iam.VIOLATIONS["T3 step"](np.array([[[1.0, 0], [1, 1]]]))[0] == pytest.approx(
        3 / 4 - 2 / 3)
    # a matrix with a class absent from labels and predictions is skipped (nan)
    assert np.isnan(iam.VIOLATIONS["T4"](np.array([[[1.0, 0], [0, 0]]]))[0])


def test_search_findings_on_a_made_up_search():
    ks = [2, 3, 4, 5, 6]
    worst = pd.DataFrame(-1.0, index=list(iam.VIOLATIONS), columns=ks)
    worst.loc["T3 step"] = 0.1
    worst.loc["T4", [5, 6]] = [0.1, 0.2]
    t4 = pd.DataFrame({"battery": worst.loc["T4"], "optimiser": [0, 0, 0, 0.05, 0]})
    f = iam.search_findings(worst, t4, {"cases": 1000, "empty": 10, "undefined": 1})
    assert f.violated == ["T3 step", "T4"] and f.t4_first_k == 5 and f.t4_opt_ks == "5"
    assert (f.battery_n, f.step_fails_every_k, f.t4_excess_grows) == ("1,000", True, True)
    assert failing(iam.SEARCH_CLAIMS, f) == []
    worst.loc["T4", 6] = 0.05  # the excess no longer grows with k
    assert failing(iam.SEARCH_CLAIMS, iam.search_findings(worst, t4, {
        "cases": 1, "empty": 0, "undefined": 0})) == ["t4-grows"]


def test_the_new_rerun_findings_by_hand(rerun):
    # published Glass rows: 10 break the identity, 8 keep it; the candidate -(2 CBA - 1)/7
    assert (rerun.cand_glass_bad, rerun.cand_glass_ok, rerun.cand_sat_bad) == (10, 8, 12)
    # the convention with the empty class at 0 caps MAP and MAR at 6/7
    assert rerun.imp_cap == round(6 / 7, 3) and rerun.empty_shift == round(1 / 7, 3)
    assert rerun.imp_excess_hi < 1 / 7 < rerun.imp_map_mar_min + 1 / 7
    # the example of the network paragraph is the row whose spread is the "up to" figure
    assert rerun.ann_widest_move == rerun.ann_run_spread
    # (the three are rounded separately: their difference may differ in the last digit)
    assert abs(rerun.ann_widest_hi - rerun.ann_widest_lo - rerun.ann_run_spread) <= 0.0011
    # the largest published |IAM - (2 CBA - 1)| of a Glass row beyond rounding, by hand
    t = pub.TABLE16.frame()
    d = (t["IAM"] - (2 * t["CBA"] - 1)).abs()
    assert rerun.glass_gap_max == round(float(d[d > 0.0015].max()), 3)


def test_fold_noise_share_uses_t_with_the_folds_degrees_of_freedom():
    # t with 4 df in closed form: with v = 1 + x**2 / 4,
    # F(x) = 1/2 + (3/8) (x / sqrt(v)) (1 - (x**2 / v) / 12); at x = 2, v = 2
    v = 1 + 4 / 4
    p4 = 2 * (0.5 - 3 / 8 * 2 / np.sqrt(v) * (1 - (4 / v) / 12))  # = 0.11612
    assert noise_share(np.zeros((18, 1, 5, 6, 6))) == (4, round(100 * p4, 1))
    df, share = noise_share(np.zeros((18, 5, 5, 7, 7)))  # five repetitions: 5 x 4 df
    assert df == 20 and 4.55 < share < 11.6  # between the normal's 4.55 % and 4 df's


def test_satimage_seed_picks_by_hand():
    base = np.zeros((len(iam.MODELS), 5))
    base[3], base[5] = 0.9, 0.8  # model 3 first, model 5 second
    other = base.copy()
    other[5], other[7] = 0.1, 0.85  # another seed: model 7 second
    by_seed = pd.DataFrame({seed: run.mean(axis=-1) for seed, run in
                            enumerate([base, base, other])}, index=iam.MODELS)
    assert sat_seed_picks(by_seed) == (iam.MODELS[3], 3, 2)


# --------------------------------------------------------------------------- the Glass picks


def _table(rows):
    return pd.DataFrame(rows, index=RULES, columns=[f"seed {r}" for r in range(len(rows[0]))])


def test_pick_summary_of_stable_and_flipping_picks():
    s = pick_summary(_table([["RF-ROS"] * 5] * 3))
    assert (s.reps, s.unanimous, s.stable_rules, s.rules) == (5, 5, 3, 3)
    assert (s.only_model, s.majority_model, s.majority_n, s.others) == (
        "RF-ROS", "RF-ROS", 5, {})
    s = pick_summary(_table([["RF-ROS"] * 5, ["RF-ROS"] * 4 + ["RF"], ["RF-ROS"] * 4 + ["RF"]]))
    assert (s.unanimous, s.stable_rules, s.only_model) == (4, 1, "")
    s = pick_summary(_table([["RF-ROS"] * 3 + ["RF", "RF-ROS"]] * 3))
    assert (s.majority_model, s.majority_n, s.others) == ("RF-ROS", 4, {"RF": 1})


def test_the_lead_is_that_of_the_majority_pick_over_the_documents(rerun):
    # recomputed from the stored study: the model the rules pick most, against the
    # document's pick (Table 16), seed by seed
    study = iam.glass_pick_study()
    picks = pd.Series([p[1] for p in study["picks"]])  # the CBA rule's pick per seed
    majority = picks.value_counts().index[0]
    cba = pd.DataFrame(study["cba"], columns=iam.MODELS)
    lead = cba[majority] - cba[rerun.pick_doc]
    assert (rerun.pick20_majority_model, rerun.pick_doc) == (majority, "RF")
    assert rerun.pick20_lead_lo == round(float(lead.min()), 3)
    assert rerun.pick20_lead_mean == round(float(lead.mean()), 3)
    assert rerun.pick20_lead_negative == int((lead < 0).sum())
    assert rerun.pick20_majority_n == 19 and rerun.pick20_reps == 20


def test_rerun_findings_on_made_up_matrices():
    # random fold matrices of the right shape: the counts follow the matrices
    rng = np.random.default_rng(0)
    glass = rng.integers(0, 9, (18, 2, 5, 6, 6)) + 5 * np.eye(6, dtype=int)
    sat = rng.integers(0, 9, (18, 1, 5, 6, 6)) + 5 * np.eye(6, dtype=int)
    glass[0, 0, 0, 2] = 0  # one class absent from one test fold
    cons = load_cons()
    by_seed = pd.DataFrame(rng.random((18, 3)), index=iam.MODELS)
    f = iam.rerun_findings(glass, sat, cons, empty_same_pick=True, sat_by_seed=by_seed)
    assert f.glass_cells == f.sat_cells == 18 * 7  # 7 difference columns
    assert f.absent_cases == 1
    assert f.pick_reps == 2 and iam.picks_by_seed(glass).shape == (3, 4)
    mean, _, se = iam.summary(glass)
    assert f.glass_beyond == int(iam.gap_frame(pub.TABLE16, mean, se)["beyond"].sum())
    assert not f.pick20_matches_page  # made-up runs do not reproduce the stored seeds
    assert f.sat_seed_sel == by_seed[0].idxmax()


def load_cons():
    """The published columns as the page checks them (IAM - (2 CBA - 1) and its status)."""
    out = {}
    for part, table in (("Glass (Table 16)", pub.TABLE16), ("Satimage (Table 18)", pub.TABLE18)):
        f = table.frame()
        delta = f["IAM"] - (2 * f["CBA"] - 1)
        ceiling = 2 * f[["MAP", "MAR", "F-score"]].min(axis=1) - 1
        status = np.where(f["IAM"] > ceiling + 0.0015, "impossible",
                          np.where(delta.abs() > 0.0015, "inconsistent", "consistent"))
        out[part] = pd.DataFrame({"IAM - (2 CBA - 1)": delta.round(3) + 0.0, "status": status})
    return pd.concat(out, axis=1)


# --------------------------------------------------------------------------- the sentences


def _paragraphs_citing(key: str) -> list[str]:
    """The paragraphs of the chapter's markdown whose `% claims:` line cites ``key``."""
    nb = json.loads((ROOT / "chapters" / "iam.ipynb").read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        para: list[str] = []
        for line in "".join(cell["source"]).splitlines():
            if line.strip().startswith("%"):
                if key in cited_keys(line):
                    out.append(" ".join(para))
                para = []
            elif not line.strip():
                para = []
            else:
                para.append(line.strip())
    return out


@pytest.mark.parametrize("key, words", [
    ("lib-agrees", "agree"),  # the sentence saying the three libraries agree
    ("identity-holds", "searches tried"),  # the searches found no violation
    ("sweep-f3", "wider spread than accuracy"),
    ("sweep-f4", "same confusion"),
    ("glass-pick-page-lead", "leads"),
    ("glass-effects-reach", "as much as the largest published difference"),
    ("gaps-not-noise", "degrees of freedom"),  # the t rate, not the normal's 5 %
    ("sat-pick-seeds", "fold seeds"),
])
def test_each_corrected_sentence_stands_beside_its_claim(key, words):
    assert any(words in p for p in _paragraphs_citing(key)), key


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


def _stored_glue():
    nb = json.loads((ROOT / "chapters" / "iam.ipynb").read_text())
    glued = {}
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            name = out.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                glued[name] = out["data"]["application/papermill.record/text/plain"]
    return nb, glued




# ------------------------------------------------ the worked numbers (record iam_worked)


@pytest.fixture(scope="module")
def worked():
    return iam.WorkedFindings.from_record(load("iam_worked"))


class TestWorkedClaims(ClaimsContract):
    CLAIMS = iam.CLAIMS["worked"]
    BREAKERS = {
        "step-example": {"step_f1": "3/4"},
        "ex-hand": {"ex_hand_iam": "3/7"},
        "ex-six-sup": {"ex_six_iam": "1/2"},
    }
    PART_BREAKERS = [("step-example", {"step_macro": "2/3"}),
                     ("step-example", {"step_prec0": "1/3"}),
                     ("ex-hand", {"ex_hand_cba": "7/10"}),
                     ("ex-hand", {"ex_hand_acc": "1/2"})]

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):
        return iam.WorkedFindings.from_record(load("iam_worked"))


def test_worked_numbers_by_hand(worked):
    # [[1, 0], [1, 1]]: class 0 precision 1/(1 + 1), class 1 recall 1/(1 + 1); macro
    # precision (1/2 + 1)/2 = 3/4, F1 of each class 2 * (1/2 * 1)/(1/2 + 1) = 2/3
    assert (worked.step_prec0, worked.step_macro, worked.step_f1) == ("1/2", "3/4", "2/3")
    # [[5, 1], [2, 2]]: m_0 = max(6, 7) = 7, term (5 - 2)/7; m_1 = max(4, 3) = 4, term
    # (2 - 2)/4; IAM = (3/7 + 0)/2 = 3/14, CBA = (5/7 + 2/4)/2 = 17/28, ACC = 7/10
    assert (worked.ex_hand_iam, worked.ex_hand_cba, worked.ex_hand_acc) == \
        ("3/14", "17/28", "7/10")
    assert worked.ex_hand_lib == pytest.approx([3 / 14, 17 / 28, 0.7], abs=1e-12)
    assert (worked.ex_six_iam, worked.ex_six_iam_lib) == ("1/3", pytest.approx(1 / 3))
