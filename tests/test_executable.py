"""The download players run (issue 5, issue 12): build it with build.spec and smoke-test it.

Marker ``exe``: the build takes 20-35 s, so a contributor may skip it with ``-m "not exe"``;
CI (.ci/run) and the release workflow run it. Builds into a temporary folder, then runs the real
program headless through tests/exe_smoke.py, the same checks the release workflow runs on Linux,
Windows and macOS: ``--version``, a bad argument, the engine protocol from inside the bundle,
Twilight Struggle's hard level (its search processes) through it, and the attract mode for 300 frames with a screenshot that must not be blank.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from tests import exe_smoke

# (one build: under pytest-xdist the whole file runs on one worker, tests/conftest.py ONE_WORKER)
pytestmark = pytest.mark.exe

ROOT = Path(__file__).resolve().parents[1]
if sys.platform == "darwin":
    BUILT = "Twilight Squabble.app"
elif sys.platform == "win32":
    BUILT = "squabble.exe"
else:
    BUILT = "squabble"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    pytest.importorskip("PyInstaller", reason="install the test extra: pip install '.[test]'")
    work = tmp_path_factory.mktemp("pyinstaller")
    p = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                        "--distpath", str(work / "dist"), "--workpath", str(work / "build"),
                        str(ROOT / "build.spec")], capture_output=True, text=True, cwd=ROOT,
                       timeout=900)
    assert p.returncode == 0, p.stderr[-3000:]
    path = work / "dist" / BUILT
    assert path.exists()
    return path


@pytest.fixture
def data(tmp_path):
    return tmp_path / "data"


def test_size_is_within_target(built):
    # issue 5 target: at most 40 MB
    size = (built.stat().st_size if built.is_file()
            else sum(f.stat().st_size for f in built.rglob("*") if f.is_file()))
    assert size <= 40 * 1024 * 1024


def test_version(built, data):
    from squabble import __version__
    exe_smoke.check_version(exe_smoke.program(built), data, __version__)


def test_bad_argument_gives_usage_not_a_traceback(built, data):
    exe_smoke.check_bad_argument(exe_smoke.program(built), data)


def test_engine_inside_the_bundle_finds_its_assets(built, data):
    exe_smoke.check_engine(exe_smoke.program(built), data)


def test_hard_answers_inside_the_bundle(built, data):
    exe_smoke.check_hard(exe_smoke.program(built), data)


def test_demo_runs_and_screenshot_is_not_blank(built, data, tmp_path):
    before = {p for p in built.parent.rglob("*")}
    exe_smoke.check_demo(exe_smoke.program(built), data, tmp_path / "demo.png")
    # saves and settings went to the user data folder, never beside the program
    assert {p for p in built.parent.rglob("*")} == before
    assert data.is_dir()


def test_smoke_script_reports_a_broken_program(tmp_path):
    """The release workflow relies on tests/exe_smoke.py failing for a program that misbehaves."""
    fake = tmp_path / ("fake.bat" if sys.platform == "win32" else "fake")
    if sys.platform == "win32":
        fake.write_text("@echo squabble 0.0.0\n")
    else:
        fake.write_text("#!/bin/sh\necho squabble 0.0.0\n")
        fake.chmod(0o755)
    p = subprocess.run([sys.executable, str(ROOT / "tests" / "exe_smoke.py"), str(fake)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and "FAILED" in p.stderr, (p.returncode, p.stderr)


def test_the_download_serves_online_games_and_stays_under_30_mb(built, data, tmp_path):
    """Issue 52: the one-file download runs ``squabble serve`` itself (the window's Host starts
    it that way), two clients play a whole game on it, and the download stays under 30 MB."""
    import asyncio
    import os
    import re

    from squabble.online.client import Client, play
    from tests.online_helpers import random_chooser
    size = (built.stat().st_size if built.is_file()
            else sum(f.stat().st_size for f in built.rglob("*") if f.is_file()))
    assert size < 30 * 1024 * 1024, size
    env = dict(os.environ, SQUABBLE_DATA_DIR=str(data))
    proc = subprocess.Popen([str(exe_smoke.program(built)), "serve", "--port", "0", "--db",
                             str(tmp_path / "g.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        url = re.search(r"(ws://\S+?)/ ", line).group(1) + "/"

        async def game():
            a = await Client(url).connect()
            b = await Client(url).connect()
            created = await a.create("squabble", {"events": True})
            await b.join(created["code"])
            ra, _ = await asyncio.gather(play(a, random_chooser(1)), play(b, random_chooser(2)))
            await a.close(), await b.close()
            return ra
        assert asyncio.run(asyncio.wait_for(game(), 120))["winner"] is not None
    finally:
        proc.terminate()
        proc.wait(10)
        proc.stdout.close(), proc.stderr.close()
