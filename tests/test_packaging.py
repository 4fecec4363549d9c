"""Packaging: the wheel carries the code and the assets, the sdist carries everything needed to
build the wheel and run the whole test suite, the game installed from it passes a smoke set
(``SMOKE``), and a test run cleans up after itself.

The builds use the installed setuptools when it is new enough (no network), otherwise pip's
usual isolated build environment.
"""

import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DIST = "twilight_squabble"  # the distribution "twilight-squabble", normalised in file names
ROUNDTRIP_ENV = "SQUABBLE_SDIST_ROUNDTRIP"
# setuptools builds from the checkout write its build/ and *.egg-info/: under pytest-xdist this
# file runs on one worker (tests/conftest.py ONE_WORKER), the builds one after another and the
# sdist (a module fixture) built once


def _new_setuptools() -> bool:
    try:
        import setuptools
    except ImportError:
        return False
    return int(setuptools.__version__.split(".")[0]) >= 77


def _isolation() -> list[str]:
    return ["--no-build-isolation"] if _new_setuptools() else []


def _code_packages(base: Path) -> set[str]:
    return {str(p.parent.relative_to(base)).replace(os.sep, "/")
            for p in (base / "squabble").rglob("__init__.py") if "__pycache__" not in p.parts}


def _build_wheel(source: Path, out: Path) -> Path:
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", *_isolation(), "-q",
                        "-w", str(out), str(source)], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    return next(out.glob(f"{DIST}-*.whl"))


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    """The sdist built from this checkout, and the folder it unpacks to."""
    pytest.importorskip("build", reason="the sdist is built with the 'build' package (test extra)")
    out = tmp_path_factory.mktemp("sdist")
    cmd = [sys.executable, "-m", "build", "--sdist", "--outdir", str(out), str(ROOT)]
    if _new_setuptools():
        cmd.insert(4, "--no-isolation")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, (p.stdout + p.stderr)[-3000:]
    archive = next(out.glob(f"{DIST}-*.tar.gz"))
    with tarfile.open(archive) as t:
        if hasattr(tarfile, "data_filter"):
            t.extractall(out / "unpacked", filter="data")
        else:  # Python before 3.10.12 / 3.11.4
            t.extractall(out / "unpacked")
    (unpacked,) = (out / "unpacked").iterdir()
    return archive, unpacked


# What the sdist round trip runs from the unpacked sdist: every module imports, the assets are
# found, a whole headless game of each game (engine and window), the protocol.  The whole suite
# runs once, from the checkout; running it again from the sdist would test the same files twice.
SMOKE = ("tests/test_packaging.py::test_assets_found_from_checkout",
         "tests/test_packaging.py::test_every_module_imports",
         "tests/test_packaging.py::test_a_whole_game_of_each_game_headless",
         "tests/test_packaging.py::test_the_window_plays_each_game_headless",
         "tests/test_protocol.py")


def test_assets_found_from_checkout():
    from squabble.assets_loc import asset_path
    assert asset_path("squabble", "cards.json").is_file()
    assert asset_path("struggle", "map.json").is_file()


def test_every_module_imports():
    import importlib
    names = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
                   for p in (ROOT / "squabble").rglob("*.py") if p.name != "__main__.py")
    assert len(names) > 50
    for name in names:
        importlib.import_module(name)


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_a_whole_game_of_each_game_headless(game):
    """Random legal options from the first decision to the end, through the registry."""
    import random
    from squabble.games import registry
    g = registry.get(game)
    st, rnd = g.new(3), random.Random(3)
    for _ in range(5000):
        if g.decision(st) is None:
            break
        g.apply_index(st, rnd.randrange(g.n_options(st)))
        assert g.check_invariants(st) is None
    assert g.decision(st) is None and st["winner"] is not None


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_the_window_plays_each_game_headless(game, tmp_path, monkeypatch):
    """Attract mode of each game in the window (dummy video driver): the table or map is drawn
    and the computer players make their first decisions (the whole game is the engine's test
    above: in attract mode its animations would take minutes)."""
    import argparse
    import time
    from squabble.framework.clock import NoWaitClock
    from squabble.ui.app import make_app
    monkeypatch.setenv("SQUABBLE_DATA_DIR", str(tmp_path))
    app = make_app(argparse.Namespace(demo=True, demo_game=game, seed=4), clock=NoWaitClock(),
                   attract_after=None)
    scene = app.stack.top
    deadline = time.monotonic() + 120      # a bound for a stall, not a speed goal
    while scene.session.decisions < 3 and time.monotonic() < deadline:
        app.step()
        time.sleep(0.001)                  # the computer thinks on its worker meanwhile
    assert scene.session.decisions >= 3 and app.frames_drawn > 0


def test_wheel_carries_the_code_and_the_assets(tmp_path):
    wheel = _build_wheel(ROOT, tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    for f in (ROOT / "assets").rglob("*"):
        if f.is_file():
            assert "squabble/assets/" + f.relative_to(ROOT / "assets").as_posix() in names, f
    assert "squabble/assets_loc.py" in names and "squabble/cli.py" in names
    # every code package of the checkout is in the wheel (pyproject.toml lists them by name)
    missing = {p for p in _code_packages(ROOT) if p + "/__init__.py" not in names}
    assert not missing, f"add {sorted(missing)} to [tool.setuptools] packages in pyproject.toml"
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "Name: twilight-squabble" in text and "License-Expression: MIT" in text
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    entry = zipfile.ZipFile(wheel).read(meta.replace("METADATA", "entry_points.txt")).decode()
    assert "squabble = squabble.cli:main" in entry
    # the installed layout resolves: unpack and import from there, away from the checkout
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    code = ("import squabble.assets_loc as a, sys; r = a.assets_root(); "
            "assert str(r).startswith(sys.argv[1]), r; print(r)")
    p = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True,
                       cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(target)}, timeout=60)
    assert p.returncode == 0, p.stderr


def test_sdist_holds_the_tests_and_everything_to_build(sdist):
    _, src = sdist
    for rel in ("pyproject.toml", "LICENSE", "README.md", "MANIFEST.in", "build.spec",
                "constraints/build.txt", ".ci/run", ".github/workflows/release.yml",
                "tests/conftest.py", "tests/squabble_helpers.py", "tests/ui/conftest.py",
                "tests/ui/driver.py", "tests/struggle/struggle_helpers.py",
                "tests/data/struggle-facts.json", "assets/squabble/cards.json"):
        assert (src / rel).is_file(), rel
    for folder in ("docs", "bench", "tests/struggle", "tests/ui"):
        theirs = {p.relative_to(src) for p in (src / folder).rglob("*") if p.is_file()}
        ours = {p.relative_to(ROOT) for p in (ROOT / folder).rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
        assert ours <= theirs, sorted(map(str, ours - theirs))[:10]
    assert _code_packages(ROOT) == _code_packages(src)
    assert not list(src.rglob("__pycache__"))


def _site_packages(python: Path) -> str:
    return subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True, timeout=60).stdout.strip()


@pytest.mark.sdist
@pytest.mark.skipif(os.environ.get(ROUNDTRIP_ENV) == "1", reason="already inside the round trip")
def test_sdist_round_trip_builds_installs_and_passes_the_smoke_set(sdist, tmp_path):
    """sdist -> wheel built from the unpacked sdist -> installed in a fresh venv -> the installed
    command works -> the smoke set (``SMOKE``) runs from the unpacked sdist."""
    _, src = sdist
    wheel = _build_wheel(src, tmp_path / "wheel")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    bindir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = bindir / ("python.exe" if sys.platform == "win32" else "python")
    p = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                        "-q", str(wheel)], capture_output=True, text=True, timeout=600)
    if p.returncode != 0 and "no such option: --python" in p.stderr:  # pip older than 22.3
        p = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--prefix",
                            str(venv), str(wheel)], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    assert list(Path(_site_packages(python)).glob(f"{DIST}-*.dist-info")), "not installed in the venv"
    # pygame-ce and pytest come from the environment running this test (no network): a .pth
    # file puts its site-packages after the venv's own, so the venv's installed game wins. It is
    # written after the install: pip would otherwise see a copy of the game installed in that
    # environment (as .ci/run's .venv has) and install nothing.
    outer = [d for d in sys.path if Path(d).name in ("site-packages", "dist-packages")
             and Path(d).is_dir()]
    Path(_site_packages(python), "outer-env.pth").write_text("\n".join(outer) + "\n")
    env = {k: v for k, v in _outer_pytest_env().items() if k != "PYTHONPATH"}
    env.update({ROUNDTRIP_ENV: "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    # the outer environment's programs (actionlint) stay reachable from the inner suite
    env["PATH"] = sysconfig.get_paths()["scripts"] + os.pathsep + env.get("PATH", "")
    # the installed package, away from any source tree
    code = ("import squabble, squabble.assets_loc as a, sys; "
            "assert sys.argv[1] in str(a.assets_root()), a.assets_root(); print(squabble.__version__)")
    p = subprocess.run([str(python), "-c", code, str(venv)], capture_output=True, text=True,
                       cwd=tmp_path, env=env, timeout=120)
    assert p.returncode == 0, p.stderr[-3000:]
    script = bindir / ("squabble.exe" if sys.platform == "win32" else "squabble")
    p = subprocess.run([str(script), "--version"], capture_output=True, text=True, cwd=tmp_path,
                       env=env, timeout=120)
    from squabble import __version__
    assert p.returncode == 0 and __version__ in p.stdout, p.stderr
    # the smoke set from the unpacked sdist, in one process (under pytest-xdist the outer run's
    # other workers have the other cores)
    p = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "-p", "no:xdist", "-m", "not exe and not sdist", *SMOKE],
                       capture_output=True, text=True,
                       cwd=src, env=env, timeout=1800)
    tail = p.stdout[-3000:]
    assert p.returncode == 0, tail
    assert " passed" in tail and " failed" not in tail, tail
    print("inner suite:", tail.strip().splitlines()[-1])


def _outer_pytest_env() -> dict:
    """os.environ without what makes a pytest run below this one think it is part of this one:
    its user data folder and pytest-xdist's worker variables (conftest.py reads them)."""
    return {k: v for k, v in os.environ.items()
            if k != "SQUABBLE_DATA_DIR" and not k.startswith("PYTEST_XDIST_")}


PROBE_ENV = "SQUABBLE_TEST_PROBE"


def test_a_tests_user_data_folder_is_the_runs_own_and_its_workers_own():
    """The folder every test's user data goes to (tests/conftest.py): made for this run, a
    worker's own under pytest-xdist; with PROBE_ENV set it is written down for the test below."""
    d = Path(os.environ["SQUABBLE_DATA_DIR"])
    from squabble.userdata import data_dir
    assert data_dir() == d and d.is_dir()
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        assert d.name == worker
    if os.environ.get(PROBE_ENV):
        with open(os.environ[PROBE_ENV], "a", encoding="utf-8") as f:
            f.write(f"{worker or '-'} {d}\n")


@pytest.mark.parametrize("mode", [["-p", "no:xdist"], ["-n", "2", "--dist", "each"]],
                         ids=["one process", "two workers"])
def test_a_test_run_leaves_no_temporary_data_folder(tmp_path, mode):
    """tests/conftest.py gives each run its own user data folder, and each pytest-xdist worker
    its own inside it, and removes it at the end."""
    env = _outer_pytest_env()
    env.update(TMPDIR=str(tmp_path), TEMP=str(tmp_path), TMP=str(tmp_path))
    probe = tmp_path / "probe.txt"
    env[PROBE_ENV] = str(probe)
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *mode,
                        "tests/test_packaging.py::test_a_tests_user_data_folder_is_the_runs_own"
                        "_and_its_workers_own"],
                       capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:]
    seen = [line.split(" ", 1) for line in probe.read_text(encoding="utf-8").splitlines()]
    if "no:xdist" in mode:
        assert "1 passed" in p.stdout
        assert [w for w, _ in seen] == ["-"]
        assert Path(seen[0][1]).parent == tmp_path
    else:   # --dist each: every worker runs the test
        assert "2 passed" in p.stdout
        assert sorted(w for w, _ in seen) == ["gw0", "gw1"]
        folders = [Path(d) for _, d in seen]
        assert [f.name for f in folders] == [w for w, _ in seen]      # each worker its own
        assert folders[0].parent == folders[1].parent                 # inside the run's
        assert folders[0].parent.parent == tmp_path
    assert all(Path(d).name.startswith("squabble-test-data-") or Path(d).parent.name.startswith(
        "squabble-test-data-") for _, d in seen)
    assert not list(tmp_path.glob("squabble-test-data-*")), list(tmp_path.iterdir())


_SCRATCH_SCRIPT = '''
import multiprocessing as mp, os, sys
sys.path.insert(0, sys.argv[1])
from squabble.userdata import scratch_data_dir, data_dir
made = scratch_data_dir("squabble-bench-")      # at import: a spawned child imports this again

def child(q):
    q.put((made, str(data_dir())))

if __name__ == "__main__":
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=child, args=(q,))
    p.start()
    print(made, *q.get())
    p.join()
'''


def test_a_bench_and_its_spawned_workers_share_one_scratch_data_folder_removed_at_the_end(
        tmp_path):
    """A bench or tool sets its user data aside in a folder of its own; the worker processes it
    spawns (which import the script again) use that same folder, and it is gone when the run
    ends (the benches used to leave one folder per worker process in the temporary folder)."""
    script = tmp_path / "bench_like.py"
    script.write_text(_SCRATCH_SCRIPT)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("SQUABBLE_DATA_DIR", "SQUABBLE_SCRATCH_DATA")}
    env.update(TMPDIR=str(tmp), TEMP=str(tmp), TMP=str(tmp))
    p = subprocess.run([sys.executable, str(script), str(ROOT)], capture_output=True, text=True,
                       env=env, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    parent, child_made, child_data = p.stdout.split()
    assert Path(parent).parent == tmp and Path(parent).name.startswith("squabble-bench-")
    assert child_made == parent and child_data == parent
    assert not list(tmp.iterdir()), list(tmp.iterdir())
