"""The IAM chapter: what the prose states about the Glass picks, as data with its claims.

The chapter repeats the Glass cross-validation with five fold seeds and records,
for each repetition, the model that each selection rule (the max-min of the
five metrics, CBA, IAM) picks. :func:`pick_findings` turns that table into the
numbers and words the prose uses; :data:`PICK_CLAIMS` are the sentences that rest
on them.
"""

from __future__ import annotations

from imbalance_lib.book.claims import Claim

__all__ = ["pick_findings", "PICK_CLAIMS"]


def pick_findings(by_seed) -> dict:
    """Summarise the picks of each rule in each repetition.

    Parameters
    ----------
    by_seed : DataFrame
        Rules as rows, repetitions as columns, each cell the picked model(s)
        (ties joined by ", ").

    Returns
    -------
    dict with ``pick_reps`` (repetitions), ``pick_unanimous`` (repetitions in which
    the three rules pick the same model), ``pick_stable_rules`` (rules that pick
    one model in every repetition), ``pick_rules`` and ``pick_only_model`` (the
    single model picked everywhere, or "" if there is none).

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"s0": ["A", "A"], "s1": ["A", "B"]}, index=["CBA", "IAM"])
    >>> f = pick_findings(t)
    >>> f["pick_unanimous"], f["pick_stable_rules"], f["pick_only_model"]
    (1, 1, '')
    """
    reps = by_seed.shape[1]
    unanimous = int((by_seed.nunique(axis=0) == 1).sum())
    stable = int((by_seed.nunique(axis=1) == 1).sum())
    models = set(by_seed.to_numpy().ravel().tolist())
    only = models.pop() if len(models) == 1 else ""
    return {"pick_reps": reps, "pick_unanimous": unanimous, "pick_stable_rules": stable,
            "pick_rules": by_seed.shape[0], "pick_only_model": only}


PICK_CLAIMS = [
    Claim("glass-pick-stable", "on Glass the three rules pick the same model in every "
          "repetition", lambda f: f["pick_unanimous"] == f["pick_reps"]
          and f["pick_stable_rules"] == f["pick_rules"] and f["pick_only_model"] != ""),
    Claim("glass-pick-not-rf", "the model picked on Glass is not the document's RF",
          lambda f: f["pick_only_model"] not in ("", "RF")),
]
"""Sentences of the IAM chapter about the Glass picks."""
