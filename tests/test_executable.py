"""The one-file download (issue 5): build dist/squabble with build.spec and smoke-test it.

Builds into a temporary folder (about 15 s here), then runs the real executable headless:
``--version``, a bad argument (usage + exit 2), the engine protocol from inside the bundle, and
the attract mode for 300 frames with a screenshot that must not be blank.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXE_NAME = "squabble.exe" if sys.platform == "win32" else "squabble"


@pytest.fixture(scope="module")
def exe(tmp_path_factory):
    pytest.importorskip("PyInstaller")
    work = tmp_path_factory.mktemp("pyinstaller")
    p = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                        "--distpath", str(work / "dist"), "--workpath", str(work / "build"),
                        str(ROOT / "build.spec")], capture_output=True, text=True, cwd=ROOT,
                       timeout=900)
    assert p.returncode == 0, p.stderr[-3000:]
    path = work / "dist" / EXE_NAME
    assert path.is_file()
    return path


def _env(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SQUABBLE_DATA_DIR=str(tmp_path / "data"))
    return env


def test_size_is_within_target(exe):
    # issue 5 target: at most 40 MB
    assert exe.stat().st_size <= 40 * 1024 * 1024


def test_version_and_bad_argument(exe, tmp_path):
    from squabble import __version__
    p = subprocess.run([str(exe), "--version"], capture_output=True, text=True,
                       env=_env(tmp_path), timeout=120)
    assert p.returncode == 0 and __version__ in p.stdout
    p = subprocess.run([str(exe), "--frames", "lots"], capture_output=True, text=True,
                       env=_env(tmp_path), timeout=120)
    assert p.returncode == 2 and "usage:" in p.stderr and "--frames" in p.stderr


def test_engine_inside_the_bundle_finds_its_assets(exe, tmp_path):
    lines = '{"cmd":"info","game":"squabble"}\n{"cmd":"new","game":"squabble","seed":1}\n'
    p = subprocess.run([str(exe), "engine"], input=lines, capture_output=True, text=True,
                       env=_env(tmp_path), timeout=120)
    out = [json.loads(l) for l in p.stdout.splitlines()]
    assert p.returncode == 0 and len(out[0]["cards"]) == 34 and out[1]["ok"]


def test_demo_runs_and_screenshot_is_not_blank(exe, tmp_path):
    pygame = pytest.importorskip("pygame")
    shot = tmp_path / "demo.png"
    p = subprocess.run([str(exe), "--demo", "--frames", "300", "--screenshot", str(shot)],
                       capture_output=True, text=True, env=_env(tmp_path), timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    img = pygame.image.load(str(shot))
    w, h = img.get_size()
    colours = {tuple(img.get_at((x * w // 16, y * h // 9)))[:3] for x in range(16) for y in range(9)}
    assert len(colours) >= 4  # a real frame, not a single fill
    assert not (tmp_path / "data").exists() or all(
        ROOT not in f.parents for f in (tmp_path / "data").rglob("*"))
