"""The findings of the Glass and Satimage re-run (Tables 16 and 18), typed.

:func:`rerun_findings` reads the page's fold matrices (Glass: five repetitions,
Satimage: one run), the two stored studies of :mod:`.experiments` and the published
tables, and returns :class:`RerunFindings`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd
from scipy.stats import norm, spearmanr
from scipy.stats import t as student_t

import imbalance_lib as il
from imbalance_lib.book.datasets import load_satimage
from imbalance_lib.book.findings import Findings
from imbalance_lib.book.published import mortaz2020 as pub
from imbalance_lib.book.selection import select_best

from . import experiments as ex
from .theory import FIVE, NAN, ROUNDING


@dataclass(frozen=True)
class GapSummary:
    """One data set's gaps between our means and the published ones (not glued itself)."""

    cells: int
    beyond: int
    beyond_2se: int
    cba_gap_median: float
    cba_se_median: float
    cba_rho: float
    worst: str
    worst_ours: float
    worst_pub: float
    below: int
    above: int
    order_same: bool


def gap_summary(cms, table) -> GapSummary:
    """Ours minus published on one data set: how many cells beyond two SE, the CBA gaps."""
    mean, _, se = ex.summary(cms)
    gaps = ex.gap_frame(table, mean, se)
    published = table.frame()
    cba_gap = mean["CBA"] - published["CBA"]
    worst = cba_gap.abs().idxmax()
    return GapSummary(
        cells=len(gaps), beyond=int(gaps["beyond"].sum()),
        beyond_2se=int(round(100 * gaps["beyond"].mean())),
        cba_gap_median=round(float(cba_gap.abs().median()), 3),
        cba_se_median=round(float(se["CBA"].median()), 3),
        cba_rho=round(float(spearmanr(mean["CBA"], published["CBA"]).statistic), 2),
        worst=worst, worst_ours=round(float(mean.loc[worst, "CBA"]), 3),
        worst_pub=round(float(published.loc[worst, "CBA"]), 3),
        below=int((cba_gap < 0).sum()), above=int((cba_gap > 0).sum()),
        order_same=bool((mean["IAM"].rank() == mean["CBA"].rank()).all()))


@dataclass(frozen=True)
class PickSummary:
    """The picks of the rules (rows) over repetitions (columns): agreement and majority."""

    reps: int
    unanimous: int
    stable_rules: int
    rules: int
    only_model: str
    majority_model: str
    majority_n: int
    others: dict


def pick_summary(by_seed: pd.DataFrame) -> PickSummary:
    """How often the rules agree, and which model they pick when they do.

    >>> t = pd.DataFrame({"s0": ["A", "A"], "s1": ["A", "B"]}, index=["CBA", "IAM"])
    >>> s = pick_summary(t)
    >>> s.unanimous, s.stable_rules, s.only_model, s.majority_model, s.others
    (1, 1, '', 'A', {})
    """
    agree = by_seed.nunique(axis=0) == 1
    models = set(by_seed.to_numpy().ravel().tolist())
    counts = by_seed.iloc[0][agree].value_counts()  # unanimous picks, by model
    return PickSummary(
        reps=by_seed.shape[1], unanimous=int(agree.sum()),
        stable_rules=int((by_seed.nunique(axis=1) == 1).sum()), rules=by_seed.shape[0],
        only_model=models.pop() if len(models) == 1 else "",
        majority_model=counts.index[0] if len(counts) else "",
        majority_n=int(counts.iloc[0]) if len(counts) else 0,
        others={m: int(n) for m, n in counts.iloc[1:].items()})


def status_counts(cons) -> tuple[int, int, float, float, float]:
    """Rows breaking the identity, impossible rows, smallest and largest published
    difference, and the smallest |difference| of a breaking row."""
    s, d = cons["status"], cons["IAM - (2 CBA - 1)"]
    bad = s != "consistent"
    return (int(bad.sum()), int((s == "impossible").sum()), float(d.min()), float(d.max()),
            float(d[bad].abs().min()) if bad.any() else 0.0)


def k1_signs(cons, table, k: int) -> tuple[int, int, int, int, bool]:
    """The candidate "IAM over k + 1 classes (z = 0), CBA over k" against the published rows.

    If every row had IAM = 2 CBA - 1 over the present classes, averaging IAM over
    one more class (counting 0) would give IAM - (2 CBA - 1) = -(2 CBA - 1)/(k + 1),
    from the published CBA. Returns the rows beyond rounding whose sign it matches,
    the rows beyond rounding, the consistent rows it would move beyond rounding, the
    consistent rows, and whether it has both signs.
    """
    pred = -(2 * table.frame()["CBA"] - 1) / (k + 1)
    bad = (cons["status"] != "consistent").to_numpy()
    same = np.sign(pred.to_numpy()) == np.sign(cons["IAM - (2 CBA - 1)"].to_numpy())
    moves = pred.abs().to_numpy() > 3 * ROUNDING
    return (int((same & bad).sum()), int(bad.sum()), int((moves & ~bad).sum()),
            int((~bad).sum()),
            bool((pred > 3 * ROUNDING).any() and (pred < -3 * ROUNDING).any()))


def sat_seed_effects(sat_iam_by_seed, bad) -> tuple[float, float]:
    """Over fold seeds, the largest movement of a breaking row's IAM between seeds and the
    largest two standard errors of a difference of two runs in those rows."""
    per = np.asarray(sat_iam_by_seed)[:, bad]  # (seeds, breaking rows, folds)
    se = per.std(axis=-1, ddof=1) / np.sqrt(per.shape[-1])
    return (float(np.ptp(per.mean(axis=-1), axis=0).max()),
            float(2 * np.sqrt(2) * se.max()))


@dataclass(frozen=True)
class RerunFindings(Findings):
    """Tables 16 and 18 re-run: gaps, picks, the published columns and their candidates."""

    PREFIX: ClassVar[str] = "iam"
    glass_cells: int
    glass_beyond: int
    glass_beyond_2se: int
    glass_cba_gap_median: float
    glass_cba_se_median: float
    glass_cba_rho: float
    glass_worst: str
    glass_worst_ours: float
    glass_worst_pub: float
    glass_above: int
    sat_cells: int
    sat_beyond: int
    sat_beyond_2se: int
    sat_cba_gap_median: float
    sat_cba_se_median: float
    sat_cba_rho: float
    sat_worst: str
    sat_worst_ours: float
    sat_worst_pub: float
    sat_below: int
    order_same: str
    noise_2se: int
    glass_never: int
    glass_never_model: str
    glass_never_max: float
    glass_never_models: int
    map_never_smallest: bool
    pick_reps: int
    pick_unanimous: int
    pick_stable_rules: int
    pick_rules: int
    pick_only_model: str
    pick_models: str
    pick_top: str
    pick_top_cba: int
    pick_doc: str
    pick_lead_lo: float
    pick_lead_hi: float
    pick20_reps: int
    pick20_unanimous: int
    pick20_majority_model: str
    pick20_majority_n: int
    pick20_others: str
    pick20_others_models: list
    pick20_lead_lo: float
    pick20_lead_hi: float
    pick20_lead_mean: float
    pick20_lead_negative: int
    pick20_seeds: str
    pick20_matches_page: bool
    sat_sel: str
    sat_sel_maxmin: str
    sat_doc: str
    sat_doc_all: bool
    sat_second: str
    sat_top_diff: float
    sat_top_se: float
    ann_run_spread: float
    ann_widest: str
    ann_widest_lo: float
    ann_widest_hi: float
    ann_widest_mean: float
    ann_widest_move: float
    lbfgs_move: float
    lbfgs_move_iam: float
    rounding_half: float
    rounding_slack: float
    glass_bad: int
    glass_impossible: int
    glass_dmin: float
    glass_dmax: float
    sat_bad: int
    sat_impossible: int
    sat_dmin: float
    sat_dmax: float
    sat_dbad: float
    sat_zero_models: str
    sat_zero_are_whole_families: bool
    absent_cases: int
    empty_shift: float
    glass_effect_max: float
    glass_gap_max: float
    cand_glass_match: int
    cand_glass_bad: int
    cand_glass_moves: int
    cand_glass_ok: int
    cand_glass_both_signs: bool
    cand_sat_match: int
    cand_sat_bad: int
    sat_run_max: float
    sat_pool_max: float
    sat_gap_min: float
    sat_rows_noise_reaches: int
    sat_row_ratio_min: float
    sat_seeds_n: int
    sat_seeds: str
    sat_seed_move_max: float
    sat_seed_run_max: float
    imp_excess_lo: float
    imp_excess_hi: float
    imp_cap: float
    imp_map_mar_min: float
    imp_excess_below_shift: bool
    imp_all_above_cap: bool
    pub_picks_same: bool
    empty_same_pick: bool
    empty_models: int
    sat_pub_n: int
    sat_uci_n: int
    sat_missing: int
    glass_noise_df: int
    sat_noise_df: int
    glass_noise_2se: float
    sat_noise_2se: float
    sat_seed_sel: str
    sat_seed_sel_n: int
    sat_seed_second_n: int


def noise_share(cms) -> tuple[int, float]:
    """Degrees of freedom of the pooled fold SD of :func:`.experiments.summary` for fold
    matrices ``cms`` (models, repetitions, folds, k, k), and the share (%) of cells
    beyond two standard errors that fold noise alone gives: ``P(|t_df| > 2)``."""
    df = int(cms.shape[1] * (cms.shape[2] - 1))  # each repetition: folds - 1
    return df, round(float(100 * 2 * student_t.sf(2, df)), 1)


def sat_seed_picks(by_seed: pd.DataFrame) -> tuple[str, int, int]:
    """IAM's pick on Satimage from the page's table ``by_seed`` (the fold-mean IAM of
    each model, one column per fold seed, the page's run first): the page's pick, on
    how many seeds it is the pick and on how many the page's runner-up is second."""
    first, second = by_seed.iloc[:, 0].nlargest(2).index
    tops = [column.nlargest(2).index for _, column in by_seed.items()]
    return str(first), sum(t[0] == first for t in tops), sum(t[1] == second for t in tops)


def rerun_findings(glass, sat, cons, empty_same_pick: bool,
                   sat_by_seed: pd.DataFrame) -> RerunFindings:
    """The re-run's findings from the page's fold matrices ``glass`` (models, repetitions,
    folds, k, k) and ``sat`` (models, 1, folds, k, k), and its check of the published
    columns ``cons`` (per data set, IAM - (2 CBA - 1) and its status); ``empty_same_pick``:
    whether no convention for Glass's empty type 4 changes any pick; ``sat_by_seed``:
    Satimage's fold-mean IAM per model and fold seed (the page's run first)."""
    g, s = gap_summary(glass, pub.TABLE16), gap_summary(sat, pub.TABLE18)
    glass_mean, sat_mean = ex.fold_means(glass), ex.fold_means(sat)
    _, _, sat_se = ex.summary(sat)
    never = (glass.sum(axis=-2) == 0) & (glass.sum(axis=-1) > 0)  # never-predicted classes
    never_effect = glass_mean["MAP"] - glass_mean["MAP (0)"]
    # the picks: the page's repetitions, then the stored twenty
    by_seed = ex.picks_by_seed(glass)
    reps = glass.shape[1]
    page = pick_summary(by_seed.iloc[:, :reps])
    cba_picks = by_seed.loc["CBA"].iloc[:reps].value_counts()
    top, doc = cba_picks.index[0], by_seed.loc["CBA", "Table 16"]
    cba_runs = ex.per_fold(glass)["CBA"].mean(axis=2)  # (models, repetitions)
    lead = cba_runs[ex.MODELS.index(top)] - cba_runs[ex.MODELS.index(doc)]
    study = ex.glass_pick_study()
    p20 = pick_summary(pd.DataFrame(np.array(study["picks"]).T, index=list(ex.RULES)))
    cba20 = pd.DataFrame(study["cba"], columns=ex.MODELS)
    lead20 = (cba20[p20.majority_model] - cba20[doc]).to_numpy()
    matches = (np.array(study["picks"][:reps]).T.tolist() == by_seed.iloc[:, :reps].values.tolist()
               and np.allclose(cba20.iloc[:reps].to_numpy(), cba_runs.T, atol=1e-9))
    sat_picks, sat_doc = ex.picks(sat_mean), ex.picks(pub.TABLE18.frame())
    top2 = sat_mean["CBA"].sort_values(ascending=False).index[:2]
    ann = cba_runs[[ex.MODELS.index(m) for m in ex.NETWORK_ROWS]]
    spread = ann.max(1) - ann.min(1)
    widest = int(spread.argmax())
    lbfgs = pd.DataFrame(ex.lbfgs_measured())
    lbfgs_move = float((lbfgs.max(axis=1) - lbfgs.min(axis=1)).max())
    # the published columns
    glass_cons, sat_cons = cons["Glass (Table 16)"], cons["Satimage (Table 18)"]
    gc, sc = status_counts(glass_cons), status_counts(sat_cons)
    zero = sat_cons["status"] == "consistent"
    families = sorted({m.split("-")[0] for m in sat_cons.index[zero]})
    whole = all((sat_cons.loc[[m for m in ex.MODELS if m.split("-")[0] == fam], "status"]
                 == "consistent").all() for fam in families)
    gfx, sfx = ex.candidate_effects(glass), ex.candidate_effects(sat)
    glass_bad = (glass_cons["status"] != "consistent").to_numpy()
    # Satimage, row by row: another run and pooling against the published difference
    per = np.asarray(il.iam(sat, **NAN))[:, 0]  # (models, folds)
    run = 2 * np.sqrt(2) * per.std(axis=1, ddof=1) / np.sqrt(per.shape[1])
    pooled = np.abs(sfx["pooled"])
    bad = (sat_cons["status"] != "consistent").to_numpy()
    gap = sat_cons["IAM - (2 CBA - 1)"].abs().to_numpy()
    noise = np.maximum(run, pooled)
    seeds = ex.satimage_seed_study()
    move, seed_run = sat_seed_effects([per, *seeds["iam"]], bad)
    cg, cs = (k1_signs(glass_cons, pub.TABLE16, len(ex.GLASS_LABELS)),
              k1_signs(sat_cons, pub.TABLE18, len(ex.SAT_LABELS)))
    # the impossible Satimage rows if the empty class 6 counted 0
    t18, k = pub.TABLE18.frame(), len(ex.SAT_LABELS)
    imp = (sat_cons["status"] == "impossible").to_numpy()
    excess = (t18["IAM"] - (2 * t18[["MAP", "MAR", "F-score"]].min(axis=1) - 1))[imp]
    larger = t18[["MAP", "MAR"]].max(axis=1)[imp]
    g_df, g_noise = noise_share(glass)
    s_df, s_noise = noise_share(sat)
    seed_sel, seed_sel_n, seed_second_n = sat_seed_picks(sat_by_seed)
    sat_pub_n, sat_uci_n = sum(pub.CLASS_DISTRIBUTIONS["Table 17"]), len(load_satimage().target)
    return RerunFindings(
        glass_cells=g.cells, glass_beyond=g.beyond, glass_beyond_2se=g.beyond_2se,
        glass_cba_gap_median=g.cba_gap_median, glass_cba_se_median=g.cba_se_median,
        glass_cba_rho=g.cba_rho, glass_worst=g.worst, glass_worst_ours=g.worst_ours,
        glass_worst_pub=g.worst_pub, glass_above=g.above,
        sat_cells=s.cells, sat_beyond=s.beyond, sat_beyond_2se=s.beyond_2se,
        sat_cba_gap_median=s.cba_gap_median, sat_cba_se_median=s.cba_se_median,
        sat_cba_rho=s.cba_rho, sat_worst=s.worst, sat_worst_ours=s.worst_ours,
        sat_worst_pub=s.worst_pub, sat_below=s.below,
        order_same="identical" if g.order_same and s.order_same else "different",
        noise_2se=int(round(100 * 2 * norm.sf(2))),  # % of cells beyond 2 SE by noise alone
        glass_never=int(never.sum()), glass_never_model=never_effect.idxmax(),
        glass_never_max=round(float(never_effect.max()), 3),
        glass_never_models=int((never_effect > 0).sum()),
        map_never_smallest=bool((glass_mean[list(FIVE)].idxmin(axis=1) != "MAP").all()
                                and (glass_mean[["ACC", "MAP (0)", "MAR", "F-score", "CBA"]]
                                     .idxmin(axis=1) != "MAP (0)").all()),
        pick_reps=page.reps, pick_unanimous=page.unanimous, pick_stable_rules=page.stable_rules,
        pick_rules=page.rules, pick_only_model=page.only_model,
        pick_models=", ".join(sorted(set(by_seed.iloc[:, :reps].to_numpy().ravel()))),
        pick_top=top,
        pick_top_cba=int(cba_picks.iloc[0]), pick_doc=doc,
        pick_lead_lo=round(float(lead.min()), 3), pick_lead_hi=round(float(lead.max()), 3),
        pick20_reps=p20.reps, pick20_unanimous=p20.unanimous,
        pick20_majority_model=p20.majority_model, pick20_majority_n=p20.majority_n,
        pick20_others=", ".join(f"{m} in {n}" for m, n in p20.others.items()) or "none",
        pick20_others_models=list(p20.others),
        pick20_lead_lo=round(float(lead20.min()), 3), pick20_lead_hi=round(float(lead20.max()), 3),
        pick20_lead_mean=round(float(lead20.mean()), 3),
        pick20_lead_negative=int((lead20 < 0).sum()),
        pick20_seeds=f"{min(study['seeds'])}-{max(study['seeds'])}",
        pick20_matches_page=bool(matches),
        sat_sel=sat_picks["IAM"], sat_sel_maxmin=sat_picks["max-min of the five"],
        sat_doc=sat_doc["CBA"], sat_doc_all=len(set(sat_doc.values())) == 1,
        sat_second=top2[1],
        sat_top_diff=round(float(sat_mean.loc[top2[0], "CBA"] - sat_mean.loc[top2[1], "CBA"]), 3),
        sat_top_se=round(float(sat_se.loc[top2, "CBA"].min()), 3),
        ann_run_spread=round(float(spread.max()), 3),
        ann_widest=("ANN", "ANN-RUS", "ANN-ROS")[widest],
        ann_widest_lo=round(float(ann[widest].min()), 3),
        ann_widest_hi=round(float(ann[widest].max()), 3),
        ann_widest_mean=round(float(ann[widest].mean()), 3),
        ann_widest_move=round(float(ann[widest].max() - ann[widest].min()), 3),
        lbfgs_move=round(lbfgs_move, 3), lbfgs_move_iam=round(2 * lbfgs_move, 3),
        rounding_half=ROUNDING, rounding_slack=3 * ROUNDING,
        glass_bad=gc[0], glass_impossible=gc[1], glass_dmin=gc[2], glass_dmax=gc[3],
        sat_bad=sc[0], sat_impossible=sc[1], sat_dmin=sc[2], sat_dmax=sc[3], sat_dbad=sc[4],
        sat_zero_models=", ".join(families), sat_zero_are_whole_families=bool(whole),
        absent_cases=gfx["absent"] + sfx["absent"],
        empty_shift=round(1 / (len(ex.GLASS_LABELS) + 1), 3),
        glass_effect_max=round(max(float(np.abs(gfx["pooled"]).max()), gfx["run"]), 3),
        glass_gap_max=round(float(glass_cons["IAM - (2 CBA - 1)"].abs()[glass_bad].max()), 3),
        cand_glass_match=cg[0], cand_glass_bad=cg[1], cand_glass_moves=cg[2],
        cand_glass_ok=cg[3], cand_glass_both_signs=cg[4],
        cand_sat_match=cs[0], cand_sat_bad=cs[1],
        sat_run_max=round(float(run[bad].max()), 3),
        sat_pool_max=round(float(pooled[bad].max()), 3),
        sat_gap_min=round(float(gap[bad].min()), 3),
        sat_rows_noise_reaches=int((noise[bad] >= gap[bad]).sum()),
        sat_row_ratio_min=round(float((gap[bad] / noise[bad]).min()), 1),
        sat_seeds_n=1 + len(seeds["seeds"]),
        sat_seeds=", ".join(map(str, [0, *seeds["seeds"]])),
        sat_seed_move_max=round(move, 3), sat_seed_run_max=round(seed_run, 3),
        imp_excess_lo=round(float(excess.min()), 3), imp_excess_hi=round(float(excess.max()), 3),
        imp_cap=round(k / (k + 1), 3), imp_map_mar_min=round(float(larger.min()), 3),
        imp_excess_below_shift=bool(excess.max() < 1 / (k + 1)),
        imp_all_above_cap=bool((larger > k / (k + 1)).all()),
        pub_picks_same=all(select_best(t.frame(), "CBA") == select_best(t.frame(), "IAM")
                           for t in (pub.TABLE16, pub.TABLE18)),
        empty_same_pick=bool(empty_same_pick), empty_models=len(ex.MODELS),
        sat_pub_n=int(sat_pub_n), sat_uci_n=int(sat_uci_n), sat_missing=int(sat_uci_n - sat_pub_n),
        glass_noise_df=g_df, sat_noise_df=s_df, glass_noise_2se=g_noise, sat_noise_2se=s_noise,
        sat_seed_sel=seed_sel, sat_seed_sel_n=seed_sel_n, sat_seed_second_n=seed_second_n,
    )
