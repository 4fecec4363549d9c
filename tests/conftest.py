"""Shared test set-up: headless SDL, the repo on sys.path, user data in a temporary folder that
is removed when the run ends (unless SQUABBLE_DATA_DIR was given from outside), and the suite
spread over the machine's cores with pytest-xdist.

Parallel runs (issue 51): a run that names no worker count (``pytest``, ``pytest tests/x.py``)
gets ``-n auto`` when pytest-xdist is installed (the test extra has it). One process instead:
``-n 0`` or ``-p no:xdist``; a run of single tests (every argument a test id, ``file.py::test``),
``--pdb``, ``--trace`` and ``--collect-only`` stay in one process too.

Each xdist worker ("gw0", "gw1", ...) has a user data folder of its own, ``<run's folder>/gw0``,
set in SQUABBLE_DATA_DIR before any test module is imported, so a test (or a program it starts)
that writes settings, saves or a database never meets another worker's files. The files in
ONE_WORKER run on one worker, in order (a shared build, or a test reading what the others
left); every other test goes to whichever worker is free. A server under test listens on port 0
(the system's choice), never a fixed port.
"""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# no test writes into the real documents folder (a text log's second copy): one that wants a
# documents folder sets SQUABBLE_DOCUMENTS_DIR itself
os.environ.setdefault("SQUABBLE_DOCUMENTS_DIR", "")

#: the xdist worker this process is ("gw0", ...), or None in a run without workers / the controller
WORKER = os.environ.get("PYTEST_XDIST_WORKER")

_OWN_DATA_DIR = None
if WORKER and os.environ.get("SQUABBLE_DATA_DIR"):
    # the controller's folder (its own or one given from outside): this worker's part of it
    _worker_dir = Path(os.environ["SQUABBLE_DATA_DIR"], WORKER)
    _worker_dir.mkdir(parents=True, exist_ok=True)
    os.environ["SQUABBLE_DATA_DIR"] = str(_worker_dir)
elif not os.environ.get("SQUABBLE_DATA_DIR"):
    _OWN_DATA_DIR = tempfile.mkdtemp(prefix="squabble-test-data-")
    os.environ["SQUABBLE_DATA_DIR"] = _OWN_DATA_DIR

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _one_process_wanted(config) -> bool:
    opt = config.option
    if WORKER or hasattr(config, "workerinput"):
        return True
    if getattr(opt, "usepdb", False) or getattr(opt, "trace", False) or opt.collectonly:
        return True
    args = [a for a in config.args if not a.startswith("-")]
    return bool(args) and all("::" in a for a in args)


#: test files whose tests all run on one xdist worker, one after another: the one-file executable
#: (one PyInstaller build, a module fixture, not one per worker); the packaging tests (the wheel,
#: the sdist and its round trip build from the checkout, writing its build/ and *.egg-info/);
#: test_load_bounds.py (test_the_extremes_were_played reads what the properties before it played)
ONE_WORKER = ("tests/test_executable.py", "tests/test_packaging.py", "tests/test_load_bounds.py")


@pytest.hookimpl(hookwrapper=True)
def pytest_cmdline_main(config):
    """Before pytest-xdist reads its options: the default worker count."""
    if config.pluginmanager.hasplugin("xdist") and not _one_process_wanted(config):
        opt = config.option
        if opt.numprocesses is None and not opt.tx:
            opt.numprocesses = "auto"
    yield


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """(pytest-xdist, "load" distribution) Each test to the next free worker, except that the
    tests of a file in ONE_WORKER are one unit of work; the biggest units are handed out first.
    (xdist's own xdist_group marks do not group under pytest 9: their suffix to the test's id is
    lost.)"""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class OneWorkerFiles(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            path = nodeid.split("::", 1)[0]
            return path if path in ONE_WORKER else nodeid

    return OneWorkerFiles(config, log)


def pytest_unconfigure(config):
    if _OWN_DATA_DIR:
        shutil.rmtree(_OWN_DATA_DIR, ignore_errors=True)


def pytest_configure(config):
    # The computer player's searches run on one process in the tests unless a test asks for
    # more (hard's and the tree's tests of their pool do): the tests' budgets and counts are
    # set in this process, which a pool's processes would not see.
    import squabble.ai.pool as pool
    pool.WORKERS = 1


# the online tests' shared set-up: a server under test over each store in turn, and the rest
from tests.online_fixtures import (  # noqa: E402,F401 (fixtures offered to every test)
    fake_clock, links, pg_cluster, pg_db, receiver, serve, serve_lite, serve_pg, server,
    server_lite, store_db)
