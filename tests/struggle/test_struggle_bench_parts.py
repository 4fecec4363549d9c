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


EARLY = BENCH.parent / "struggle_early_war.py"


def _early(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(EARLY), "--match", "random:random", *args],
                          capture_output=True, text=True, env=env, timeout=300)


def test_the_early_war_screen_numbers_its_games_as_the_match_does():
    """bench/struggle_early_war.py: game k of the screen is game 2k of the match (2k + 1 with
    --side USSR), so a part run from --start is the same game as in a whole run."""
    line = re.compile(r"game (\d+) \(match game (\d+)\): ([+-]\d+) VP")
    whole = _early("--games", "3", "--turns", "2")
    part = _early("--games", "1", "--start", "2", "--turns", "2")
    ussr = _early("--games", "1", "--start", "2", "--turns", "2", "--side", "USSR")
    for p in (whole, part, ussr):
        assert p.returncode == 0, p.stderr[-2000:]
    got = line.findall(whole.stdout)
    assert [(k, g) for k, g, _ in got] == [("0", "0"), ("1", "2"), ("2", "4")]
    assert line.findall(part.stdout) == got[2:]
    assert line.findall(ussr.stdout)[0][:2] == ("2", "5")
    assert "3 games to the end of turn 2" in whole.stdout


def test_the_early_war_screen_refuses_a_bad_match_with_a_message():
    p = _early("--match", "hard:nobody")
    assert p.returncode == 2
    assert "--match takes two of" in p.stderr and "Traceback" not in p.stderr
