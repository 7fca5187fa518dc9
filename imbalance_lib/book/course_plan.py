"""The six-week module of the course map: themes, learning outcomes and assigned sections.

Only data; :mod:`imbalance_lib.book.course` measures the reading and checks that every
section and outcome named here exists.
"""

from __future__ import annotations

__all__ = ["WEEKS"]

WEEKS = [
    {"week": 1, "theme": "Metrics at one threshold",
     "outcomes": [("balanced_accuracy", 0), ("balanced_accuracy", 1), ("balanced_accuracy", 2)],
     "sections": [("balanced_accuracy", "Balanced and weighted accuracy"),
                  ("balanced_accuracy", "The confusion matrix and its rates"),
                  ("balanced_accuracy", "Accuracy and the accuracy paradox"),
                  ("balanced_accuracy", "Weighted and balanced accuracy"),
                  ("balanced_accuracy", "What a classifier that ignores its input scores"),
                  ("balanced_accuracy", "Take-aways"),
                  ("metric_reference", "Metric reference")]},
    {"week": 2, "theme": "Metrics built for imbalance",
     "outcomes": [("iba", 0), ("iba", 4), ("hmnc", 0), ("ac_score", 0), ("iam", 1)],
     "sections": [("iba", "Notation and definitions"), ("iba", "Take-aways"),
                  ("hmnc", "Notation and definitions"), ("hmnc", "Take-aways"),
                  ("ac_score", "Definitions"), ("ac_score", "Take-aways"),
                  ("iam", "Notation and definitions"), ("iam", "IAM is an affine function of CBA"),
                  ("iam", "Take-aways")]},
    {"week": 3, "theme": "Threshold-free metrics",
     "outcomes": [("ranking", 0), ("ranking", 1)],
     "sections": [("ranking", "Threshold-free metrics: AUROC and AUPRC under imbalance"),
                  ("ranking", "AUROC: a probability"), ("ranking", "Precision-recall space"),
                  ("ranking", "Do AUROC and AUPRC pick different models?"),
                  ("ranking", "What to report"), ("ranking", "Take-aways")]},
    {"week": 4, "theme": "How sure is a metric?",
     "outcomes": [("intervals", 0), ("intervals", 1), ("intervals", 2)],
     "sections": [("intervals", "How sure is a metric?"), ("intervals", "Definitions"),
                  ("intervals", "Properties"), ("intervals", "The posterior of balanced accuracy"),
                  ("intervals", "Paired comparisons"),
                  ("intervals", "How wide are the intervals at the documents' sample sizes?"),
                  ("intervals", "Take-aways")]},
    {"week": 5, "theme": "Choosing a metric",
     "outcomes": [("synthesis", 0), ("synthesis", 2), ("synthesis", 3), ("synthesis", 4)],
     "sections": [("synthesis", "Notation and the metrics compared"),
                  ("synthesis", "Which metrics are the same metric"),
                  ("synthesis", "Prevalence: what moves when only the class proportions change"),
                  ("synthesis", "Disagreement or noise?"),
                  ("synthesis", "A guide: which metric for which question"),
                  ("synthesis", "Take-aways")]},
    {"week": 6, "theme": "Deployment",
     "outcomes": [("deployment", 0), ("deployment", 1), ("deployment", 2), ("deployment", 4)],
     "sections": [("deployment", "From the test set to deployment"),
                  ("deployment", "A pure prior shift"),
                  ("deployment", "Costs, weighted accuracy and net benefit"),
                  ("deployment", "The same models at a deployment prevalence"),
                  ("deployment", "A decision curve and a cost curve"),
                  ("deployment", "What to report at deployment"), ("deployment", "Take-aways")]},
]
"""The six-week module: per week its theme, its learning outcomes (chapter and position in
the chapter's objective list) and its assigned sections (chapter and heading)."""
