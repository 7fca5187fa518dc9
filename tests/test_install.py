"""The installable package: built from pyproject.toml, installed into a fresh virtual
environment, imported from another folder. No download: the build uses the setuptools
and wheel of this environment (--no-build-isolation --no-index), and the fresh
environment borrows numpy and scikit-learn from this one through a .pth file that
points at this environment's site-packages, never at the repository.
"""

import re
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*cmd, cwd=None):
    out = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("install")
    src = tmp / "src"
    shutil.copytree(ROOT / "imbalance_lib", src / "imbalance_lib",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", src)
    shutil.copy(ROOT / "LICENSE", src)
    run(sys.executable, "-m", "pip", "wheel", src, "--no-build-isolation", "--no-deps",
        "--no-index", "-q", "-w", tmp / "dist")
    wheel = next((tmp / "dist").glob("*.whl"))
    env = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
                .strip())
    run(sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
        "--target", site, wheel)
    # dependencies (numpy, scipy, scikit-learn) from this environment, not the repository
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python, wheel, tmp


def test_wheel_holds_the_library_without_the_book(installed):
    import zipfile

    _, wheel, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert "imbalance_lib/py.typed" in names
    assert "imbalance_lib/thresholds.py" in names
    assert not any(n.startswith("imbalance_lib/book") for n in names)
    assert any(n.endswith(".dist-info/LICENSE") for n in names)  # the licence ships


def test_fresh_environment_imports_the_installed_package(installed):
    python, wheel, tmp = installed
    version = re.search(r'__version__ = "([^"]+)"',
                        (ROOT / "imbalance_lib" / "_version.py").read_text()).group(1)
    assert f"-{version}-" in wheel.name
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    script = f"""
import importlib.util, sys
import imbalance_lib as il
assert il.__file__.startswith({str(tmp / "venv")!r}), il.__file__
assert {str(ROOT)!r} not in sys.path
assert il.__version__ == {version!r}, il.__version__
assert importlib.util.find_spec("imbalance_lib.book") is None
assert "sklearn" not in sys.modules, "scikit-learn imported eagerly"
assert round(il.iba([[81, 9], [4, 6]]), 4) == 0.5238
assert il.NearestMeanClassifier().get_params()["centroid"] == "auto"
print("ok")
"""
    assert run(python, "-I", "-c", script, cwd=elsewhere).strip() == "ok"


def test_importing_the_library_loads_neither_sklearn_nor_the_book():
    script = ("import sys, imbalance_lib as il; il.threshold_sweep([0, 1], [0.2, 0.7]); "
              "il.confusion_matrix([0, 1], [1, 1]); "
              "bad = [m for m in sys.modules if m.startswith(('sklearn', 'imbalance_lib.book',"
              " 'scipy', 'dask', 'pandas'))]; print(bad)")
    assert run(sys.executable, "-c", script, cwd=ROOT).strip() == "[]"
