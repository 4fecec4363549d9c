"""Shared test set-up: headless SDL, the repo on sys.path, user data in a temporary folder."""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("SQUABBLE_DATA_DIR"):
    # one temporary data folder for the run, removed at its end (none left behind in /tmp)
    _DATA = tempfile.mkdtemp(prefix="squabble-test-data-")
    os.environ["SQUABBLE_DATA_DIR"] = _DATA
    atexit.register(shutil.rmtree, _DATA, ignore_errors=True)

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
