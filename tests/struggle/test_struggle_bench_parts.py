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


def _run(script, *args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True,
                          env=env, timeout=300)


def _games(*args):
    """{game number: how it ended} from the bench's progress lines (random against random)."""
    p = _run(BENCH, "--seed", "11", "--match", "random:random", *args)
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
    p = _run(BENCH, "--start", "-1", "--match", "random:random")
    assert p.returncode == 2
    assert "--start must be 0 or more" in p.stderr and "Traceback" not in p.stderr


EARLY = BENCH.parent / "struggle_early_war.py"


def _early(*args):
    return _run(EARLY, "--match", "random:random", *args)


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


TALLY = BENCH.parent / "struggle_tally.py"


def test_the_tally_of_a_match_played_in_parts_is_the_report_of_one_run(tmp_path):
    """bench/struggle_tally.py adds up the progress lines of parts (one stopped and run again,
    so a game is in two logs) into the report one run prints, and says which games are missing.
    A level against itself: only the winner's side tells which of the two won."""
    whole = _run(BENCH, "--seed", "11", "--match", "random:random", "--games", "6")
    assert whole.returncode == 0, whole.stderr[-2000:]
    logs = []
    for start, games in ((0, 3), (2, 2)):
        p = _run(BENCH, "--seed", "11", "--match", "random:random", "--games", str(games),
                 "--start", str(start))
        logs.append(tmp_path / f"part{start}.log")
        logs[-1].write_text(p.stderr)
    t = _run(TALLY, *map(str, logs), "--start", "0", "--games", "6")
    assert t.returncode == 0, t.stderr[-2000:]
    assert "4 games, sides alternating" in t.stdout
    assert "games counted: 1-4" in t.stdout and "missing of games 1-6: 5-6" in t.stdout
    # the four games' wins, by side, as the whole run counted them
    wins = re.compile(r"game (\d+)/\d+: random won as (USA|USSR)")
    first = {int(g): side for g, side in wins.findall(whole.stderr) if int(g) <= 4}
    a_won = sum((g % 2 == 1) == (side == "USA") for g, side in first.items())
    assert re.search(rf"random \(a\)\s+{a_won}\s", t.stdout), t.stdout
    usa = sum(side == "USA" for g, side in first.items() if g % 2 == 1)
    assert f"random as USA {usa}/2" in t.stdout


def test_the_tally_compares_two_versions_game_by_game(tmp_path):
    """--against: the games both logs have, the flips either way by side and the sign test;
    a game with two results in one set of logs is refused with a message."""
    line = "  game {n}/9: {who} (final scoring, turn 10); hard 0, normal 0\n"
    new = ["hard won as USA", "hard won as USSR", "hard won as USA", "normal won as USA"]
    old = ["normal won as USSR", "hard won as USSR", "normal won as USSR", "normal won as USA"]
    (tmp_path / "new.log").write_text("".join(line.format(n=n + 1, who=w) for n, w in enumerate(new)))
    # an old log without the winner's side still reads (two different levels)
    (tmp_path / "old.log").write_text("".join(line.format(n=n + 1, who=w.split(" as ")[0])
                                              for n, w in enumerate(old)))
    t = _run(TALLY, str(tmp_path / "new.log"), "--against", str(tmp_path / "old.log"))
    assert t.returncode == 0, t.stderr
    assert "hard won 3 of 4 here, 1 there; 2 won here only, 0 there only (sign test p = 0.50)" \
        in t.stdout
    assert "as the USA   hard won 2 of 2 here, 0 there; 2 won here only" in t.stdout
    (tmp_path / "clash.log").write_text(line.format(n=1, who="normal won as USSR"))
    bad = _run(TALLY, str(tmp_path / "new.log"), str(tmp_path / "clash.log"))
    assert bad.returncode == 2 and "game 1 of hard against normal has two results" in bad.stderr
    assert "Traceback" not in bad.stderr
    missing = _run(TALLY, str(tmp_path / "nothing.log"))
    assert missing.returncode == 2 and "nothing.log" in missing.stderr
    assert "Traceback" not in missing.stderr


STORY = BENCH.parent / "struggle_story.py"


def test_the_story_of_a_game_ends_as_the_match_says_it_ended():
    """bench/struggle_story.py --game K tells game K of the match (the same seed, the same
    function), headed by turn and round, with each card played; its last line is the match's
    progress line for that game."""
    match = _games("--games", "3")
    for k in (1, 2, 3):
        p = _run(STORY, "--seed", "11", "--match", "random:random", "--game", str(k))
        assert p.returncode == 0, p.stderr[-2000:]
        lines = p.stdout.splitlines()
        assert lines[0] == "Set-up" and "Turn 1, headlines" in lines
        assert any(re.match(r"  (USA |USSR) \(random\) plays ", x) for x in lines)
        assert lines[-1] == f"game {k}: {match[k]}"


def test_the_story_refuses_a_bad_match_with_a_message():
    p = _run(STORY, "--match", "hard", "--game", "1")
    assert p.returncode == 2
    assert "--match must be A:B" in p.stderr and "Traceback" not in p.stderr


def test_the_story_stops_where_it_is_asked_to():
    # game 2 of this match lasts into turn 3
    p = _run(STORY, "--seed", "11", "--match", "easy:random", "--game", "2", "--turns", "1")
    assert p.returncode == 0, p.stderr[-2000:]
    assert not any(x.startswith("Turn 2,") for x in p.stdout.splitlines())
    assert "Turn 1, action round 1" in p.stdout
    assert re.search(r"game 2: stopped when turn 2 began, VP [+-]\d+", p.stdout.splitlines()[-1])


DIVERGENCE = BENCH.parent / "struggle_divergence.py"


def test_the_divergence_bench_refuses_bad_input_with_a_message():
    """bench/struggle_divergence.py: a weight hard's profile lacks, a value that is not JSON, a
    match not of hard: each a message and exit status 2, no traceback."""
    for args, words in ((["--set", "nonsense=1"], "has no weight 'nonsense'"),
                        (["--set", "forced={2: 25"], "is not JSON"),
                        (["--set", 'forced={"2": 25}', "--match", "normal:hard"], "hard:B")):
        p = _run(DIVERGENCE, *args)
        assert p.returncode == 2, (args, p.stderr)
        assert words in p.stderr and "Traceback" not in p.stderr, (args, p.stderr)
