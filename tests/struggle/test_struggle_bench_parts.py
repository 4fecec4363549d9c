"""bench/struggle_ai.py plays a long match in parts (``--start``): the parts are the same games as
one run, so a 200-game figure can be gathered over several sessions (issue 21's targets are on
200 games; a hard game takes about a minute of a core)."""

import os
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "struggle_ai.py"
GAME = re.compile(r"game (\d+)/\d+: (.*?); ")


def _games(*args):
    """{game number: how it ended} from the bench's progress lines (random against random)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, str(BENCH), "--seed", "11", "--match", "random:random",
                        *args], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    return {int(m.group(1)): m.group(2) for m in GAME.finditer(p.stderr)}


def test_a_match_played_in_parts_is_the_same_games_as_one_run():
    whole = _games("--games", "6")
    first = _games("--games", "3")
    rest = _games("--games", "3", "--start", "3")
    assert sorted(whole) == [1, 2, 3, 4, 5, 6]
    assert {**first, **rest} == whole
    # two processes, from game 3 on: the same games again
    assert _games("--games", "3", "--start", "3", "--jobs", "2") == rest


def test_a_bad_start_is_refused_with_a_message():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run([sys.executable, str(BENCH), "--start", "-1", "--match", "random:random"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2
    assert "--start must be 0 or more" in p.stderr and "Traceback" not in p.stderr
