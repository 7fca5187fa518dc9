r"""The IBA chapter: García, Mollineda and Sánchez's index of balanced accuracy.

.. math:: \mathrm{IBA}_\alpha = (1 + \alpha\,(\mathrm{TPR} - \mathrm{TNR}))\,
          \mathrm{TPR}\cdot\mathrm{TNR}

The page makes every table and figure from library calls: the property checks of the
derivations, the consistency test of the published tables, the cross-validation loop
of the re-run, its aggregations and picks, the calls to imbalanced-learn and PyCM. The
package keeps what the page calls but need not show:

- :mod:`.theory`: the document's nine columns of a stack of matrices
  (:func:`columns_of`), matrices from rates, the exchange of the classes;
- :mod:`.document`: Tables 2 and 3 as published and recomputed, the candidate data
  sets, the data sets that ship, and the selections the document states;
- :mod:`.experiments`: the re-run's stand-ins, :func:`rates_first` (matrices), the
  pick rule (lists of names; a tie lists every tied model) and the measured movement
  of the MLP with the processor's arithmetic (``NOISE``, ``MOVES``: stored results,
  read when first used);
- :mod:`.libraries`: the labels of a matrix, the findings of the libraries section;
- :mod:`.tables` and :mod:`.figures`: display only;
- :mod:`.findings`: the typed findings (:class:`IbaFindings`, :class:`RerunFindings`),
  computed once from the page's tables;
- :mod:`.seeds`: the re-run's picks over several fold seeds (:func:`seed_study`, stored)
  and what holds over them (:class:`SeedFindings`);
- :mod:`.claims`: the sentences resting on them (:data:`CLAIMS`, :data:`RERUN_CLAIMS`,
  :data:`SEED_CLAIMS`).
"""

from . import experiments
from .claims import CLAIMS, RERUN_CLAIMS, SEED_CLAIMS
from .document import (
    agreement,
    alpha_star,
    as_published,
    available,
    blocks,
    data_candidates,
    document_selections,
    naive_all,
    picks,
    recompute,
    shipped_data_sets,
    stacked,
    table2_findings,
    table2_matrices,
    table2_selections,
    table3_findings,
)
from .experiments import (
    DATA,
    MAX_ITER,
    MODELS,
    NOISE_SETTINGS,
    SAT_SETTINGS,
    STARTS,
    aggregation_picks,
    measure_noise,
    measure_sat_starts,
    mlp,
    mlp_interval,
    mlp_rates,
    mlp_rates_in,
    noise_row,
    noise_table,
    per_fold,
    pick,
    rates_first,
    repetition_picks,
    repetition_values,
    sat_measured,
    stand_ins,
)
from .figures import alpha_figure, bag_figure, contours_figure, folds_figure, surface_figure
from .findings import IbaFindings, RerunFindings, findings, rerun_findings
from .libraries import labels_of, libraries_findings
from .seeds import SeedFindings, one_seed, seed_study
from .tables import (
    aggregation_table,
    candidates_view,
    check_view,
    consistency_table,
    drops_table,
    grouped_tables,
    per_fold_table,
    picks_table,
    rates_first_table,
    selections_view,
    swap_view,
)
from .theory import (
    ABOVE_ALPHAS,
    ALPHAS,
    EXAMPLE,
    RANGE_ALPHAS,
    columns_of,
    from_rates,
    iba_formula,
    integer_grid,
    metric_frame,
    out_of_unit,
    rates,
    swap,
)

__all__ = [
    "ABOVE_ALPHAS", "ALPHAS", "CLAIMS", "DATA", "EXAMPLE", "IbaFindings", "MAX_ITER",
    "MODELS", "MOVES", "MOVE_S", "MOVE_T", "NOISE", "NOISE_SETTINGS", "RANGE_ALPHAS",
    "RERUN_CLAIMS", "RerunFindings", "SEED_CLAIMS", "SeedFindings", "one_seed",
    "seed_study", "SAT_KERNEL_GAP", "SAT_MEASURED", "SAT_SETTINGS",
    "SAT_STARTS", "STARTS", "aggregation_picks", "aggregation_table", "agreement",
    "alpha_figure", "alpha_star", "as_published", "available", "bag_figure", "blocks",
    "candidates_view", "check_view", "columns_of", "consistency_table",
    "contours_figure", "data_candidates", "document_selections", "drops_table",
    "findings", "folds_figure", "from_rates", "grouped_tables", "iba_formula",
    "integer_grid", "labels_of", "libraries_findings", "measure_noise",
    "measure_sat_starts", "metric_frame", "mlp", "mlp_interval", "mlp_rates",
    "mlp_rates_in", "naive_all", "noise_row", "noise_table", "out_of_unit", "per_fold",
    "per_fold_table", "pick", "picks", "picks_table", "rates", "rates_first",
    "rates_first_table", "recompute", "repetition_picks", "repetition_values",
    "rerun_findings", "sat_measured", "selections_view", "shipped_data_sets", "stacked", "stand_ins",
    "surface_figure", "swap", "swap_view", "table2_findings", "table2_matrices",
    "table2_selections", "table3_findings",
]


def __getattr__(name: str):
    """The measured tables (``NOISE``, ``MOVES``, ...), read from the stored results when
    first used (see :data:`.experiments._MEASURED`)."""
    return getattr(experiments, name)
