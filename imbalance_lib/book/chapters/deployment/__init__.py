"""The deployment chapter: a model's metrics, costs and thresholds at another prevalence.

The page runs the checks and the experiments with library calls (``il.at_prevalence``,
``il.expected_cost``, ``il.cost_threshold``, ``il.net_benefit``, ``il.adjust_prior``,
``il.cost_curve``); this package keeps what the page should not have to show:

- :mod:`.findings`: :class:`DeploymentFindings`, what the prose states, and
  :func:`findings`, which computes it from what the page ran;
- :mod:`.claims`: :data:`CLAIMS`, the sentences of the prose as predicates on the findings.
"""

from .claims import CLAIMS
from .findings import DeploymentFindings, curve_fields, findings

__all__ = ["CLAIMS", "DeploymentFindings", "curve_fields", "findings"]
