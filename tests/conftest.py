"""Shared test set-up: headless SDL, the repo on sys.path, user data in a temporary folder that
is removed when the run ends (unless SQUABBLE_DATA_DIR was given from outside)."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

_OWN_DATA_DIR = None
if not os.environ.get("SQUABBLE_DATA_DIR"):
    _OWN_DATA_DIR = tempfile.mkdtemp(prefix="squabble-test-data-")
    os.environ["SQUABBLE_DATA_DIR"] = _OWN_DATA_DIR

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_unconfigure(config):
    if _OWN_DATA_DIR:
        shutil.rmtree(_OWN_DATA_DIR, ignore_errors=True)


def pytest_configure(config):
    # The computer player's searches run on one process in the tests unless a test asks for
    # more (hard's and the tree's tests of their pool do): the tests' budgets and counts are
    # set in this process, which a pool's processes would not see.
    import squabble.ai.pool as pool
    pool.WORKERS = 1
