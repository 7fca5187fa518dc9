"""Solutions of the HMNC chapter's exercises (instructor-only)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

import imbalance_lib as il
from imbalance_lib.book.chapters.hmnc import burduk_matrix
from imbalance_lib.book.exact import fraction_text

__all__ = ["exercise_numbers"]


def exercise_numbers() -> dict[str, Any]:
    """The numbers of exercises hmnc-ex-form, -sensitivity and -kappa that the chapter's
    findings record holds, computed exactly: fractions as text (``77/150``), counts as
    integers."""
    tp, tn, P, N = 700, 50, 1000, 100  # Psi_2 of Table 2
    acc = Fraction(tp + tn, P + N)
    form2 = Fraction(tp, P) * Fraction(tn, N) / acc
    sp, sn = 700, 5  # Psi_2 of Table 1 (P = 1000, N = 10)

    def hs(tp_, tn_):
        return float(il.hmnc(burduk_matrix(tp_, tn_, 1000, 10)))

    kp, kn = 1000, 400
    a, b = np.meshgrid(np.arange(kp + 1), np.arange(kn + 1))  # every (TP, TN)
    with np.errstate(all="ignore"):
        kappas = il.kappa(burduk_matrix(a.ravel(), b.ravel(), kp, kn), zero_division=np.nan)
    return {"ex_form_acc": fraction_text(acc), "ex_form_frac": fraction_text(form2),
            "ex_form_hmnc": float(il.hmnc(burduk_matrix(tp, tn, P, N))),
            "ex_sens_ratio": int(Fraction(sp, sn) ** 2), "ex_sens_left": 1000 - sp,
            "ex_sens_minority_wins": hs(sp, sn + 1) - hs(sp, sn) > hs(1000, sn) - hs(sp, sn),
            "ex_kappa_min_frac": fraction_text(Fraction(-2 * kp * kn, kp**2 + kn**2)),
            "ex_kappa_min_found": float(np.nanmin(kappas))}
