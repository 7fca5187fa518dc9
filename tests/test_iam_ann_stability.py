"""The network of chapters/iam.ipynb does not move with floating-point noise.

The chapter trains its MLP on Glass with Adam because an L-BFGS fit lands
elsewhere when the last bits of its arithmetic change. Both statements are
checked here, on one Glass cross-validation (fold seed 0, model seed 0, the
three network rows, :func:`~imbalance_lib.book.chapters.iam.experiments.network_cv`):
Adam's fold matrices are refitted in separate processes (OpenBLAS's kernel is chosen
when a process starts, ``OPENBLAS_CORETYPE``; numpy's AVX2/AVX-512 paths switched
off; the inputs optionally multiplied by 1 + 1e-13) and must not move; L-BFGS's CBA,
measured in the same way and stored (``chapters/data/stored/iam_lbfgs.json``,
regenerated and compared by ``make test-full``), moves.
"""

from __future__ import annotations

import pytest

from imbalance_lib.book.chapters.iam import experiments as ex
from imbalance_lib.book.processes import emulated, run_in_process

ENVIRONMENTS = [("Prescott", 0.0), ("Sandybridge", 0.0), ("Prescott", 1e-13)]


@pytest.fixture(scope="module")
def adam():
    return {(core, eps): run_in_process(emulated(core), ex.network_cv, "adam", eps)
            for core, eps in ENVIRONMENTS}


def test_adam_gives_identical_matrices_in_every_environment(adam):
    assert len({result["hash"] for result in adam.values()}) == 1


def test_lbfgs_moves_with_floating_point_noise():
    cba = list(ex.lbfgs_measured().values())
    assert [label for label in ex.LBFGS_SETTINGS] == list(ex.lbfgs_measured())
    spread = max(max(col) - min(col) for col in zip(*cba))
    assert spread > 1e-3


def test_the_rows_are_the_networks_of_the_eighteen_models():
    models = ex.eighteen_models(0)
    for name in ex.NETWORK_ROWS:
        net = models[name].steps[-1][1]
        assert (type(net).__name__, net.hidden_layer_sizes, net.random_state) == (
            "MLPClassifier", (64,), 0)
    with pytest.raises(ValueError, match="solver"):
        ex.network_cv("sgd")
