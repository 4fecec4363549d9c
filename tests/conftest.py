"""Shared test set-up: headless SDL, the repo on sys.path, user data in a temporary folder."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SQUABBLE_DATA_DIR", tempfile.mkdtemp(prefix="squabble-test-data-"))

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
