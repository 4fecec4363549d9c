"""Assets are found from a source checkout and from an installed wheel (not only -e)."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_assets_found_from_checkout():
    from squabble.assets_loc import asset_path
    assert asset_path("squabble", "cards.json").is_file()


def test_wheel_carries_the_assets(tmp_path):
    pytest.importorskip("setuptools")
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                        "-q", "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    wheel = next(tmp_path.glob("squabble-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "squabble/assets/squabble/cards.json" in names
    assert "squabble/assets/squabble/events.json" in names
    assert "squabble/assets_loc.py" in names and "squabble/cli.py" in names
    # the installed layout resolves: unpack and import from there, away from the checkout
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = ("import squabble.assets_loc as a, sys; r = a.assets_root(); "
            "assert str(r).startswith(sys.argv[1]), r; print(r)")
    p = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True,
                       cwd=tmp_path, env={"PYTHONPATH": str(target)}, timeout=60)
    assert p.returncode == 0, p.stderr
