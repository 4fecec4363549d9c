"""The command line says what it does (issue 11): seeds, options that do not apply, Ctrl-C in
simulate, the screenshot path, help texts and starting without a display."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from squabble import cli, simulate as sim_mod
from squabble.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(*argv, env=None, timeout=120, **kw):
    e = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-m", "squabble", *argv], capture_output=True,
                          text=True, cwd=ROOT, timeout=timeout, env=e, **kw)


# -- seeds ------------------------------------------------------------------------------------

def test_the_seed_before_simulate_is_used(capsys):
    assert main(["--seed", "5", "simulate", "--games", "20"]) == 0
    before = capsys.readouterr().out
    assert main(["simulate", "--games", "20", "--seed", "5"]) == 0
    after = capsys.readouterr().out
    assert main(["simulate", "--games", "20"]) == 0
    default = capsys.readouterr().out
    strip = lambda t: [l for l in t.splitlines()[1:]]   # outcomes, not the timing line
    assert strip(before) == strip(after) and strip(before) != strip(default)
    assert main(["--seed", "5", "simulate", "--games", "20", "--seed", "5"]) == 0


def test_two_different_seeds_are_refused(capsys):
    assert main(["--seed", "5", "simulate", "--seed", "6", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "two different seeds" in err and "5" in err and "6" in err


def test_window_options_and_seed_with_other_commands_are_refused(capsys):
    assert main(["--demo", "simulate", "--games", "1"]) == 2
    assert "--demo only apply to the game window" in capsys.readouterr().err
    assert main(["--seed", "3", "engine"]) == 2
    assert "\"new\" request" in capsys.readouterr().err
    assert main(["--seed", "3", "tournament", "--a", "easy", "--b", "easy"]) == 2
    assert "after the command" in capsys.readouterr().err


# -- options that do not apply --------------------------------------------------------------------

def test_simulate_refuses_options_of_the_other_game(capsys):
    assert main(["simulate", "--game", "struggle", "--events", "--games", "1"]) == 2
    assert "--events" in capsys.readouterr().err


# -- Ctrl-C ---------------------------------------------------------------------------------------

def test_ctrl_c_in_simulate_keeps_what_was_measured(monkeypatch):
    from squabble.games import registry
    real_get = registry.get
    calls = {"n": 0}

    def get(name, **kw):
        g = real_get(name, **kw)
        real_apply = g.apply_index

        def apply_index(s, i, log=None):
            calls["n"] += 1
            if calls["n"] == 400:
                raise KeyboardInterrupt
            return real_apply(s, i, log)
        g.apply_index = apply_index
        return g

    monkeypatch.setattr(sim_mod.registry, "get", get)
    lines = []
    try:
        r = sim_mod.simulate("squabble", 1000, 3, out=lines.append)
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped from simulate() and its results were lost")
    assert r["interrupted"] and 0 < r["games"] < 1000
    assert sum(r["outcomes"].values()) == r["games"] and 0 < r["decisions"] < 400
    assert "stopped by Ctrl-C" in lines[0] and f"{r['games']} of 1000" in lines[0]


@pytest.mark.skipif(sys.platform.startswith("win"), reason="SIGINT to a child is POSIX")
def test_ctrl_c_in_a_simulate_process_prints_the_results_without_a_traceback():
    from tests.child import sigint_as_in_a_terminal
    p = subprocess.Popen([sys.executable, "-m", "squabble", "simulate", "--games", "10000000"],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=sigint_as_in_a_terminal)
    import select
    try:
        ready, _, _ = select.select([p.stderr], [], [], 30)   # never wait without a bound
        first = p.stderr.readline() if ready else ""          # printed as the games start
    finally:
        if not ready:
            p.kill()
            p.communicate()
    assert "Ctrl-C stops early" in first
    import time
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130
    assert "Traceback" not in err, err
    assert "stopped by Ctrl-C after" in out and "decisions" in out


# -- the screenshot path --------------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [("shot.tga", ".png"), ("shot", ".png"),
                                         ("missing/dir/shot.png", "does not exist"),
                                         ("a-file/shot.png", "not a folder"),
                                         ("folder.png", "is a folder")])
def test_screenshot_path_is_checked_before_playing(tmp_path, name, words):
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "folder.png").mkdir()
    target = tmp_path / name
    r = run("--frames", "100000", "--screenshot", str(target),
            env={"SDL_VIDEODRIVER": "dummy", "SQUABBLE_DATA_DIR": str(tmp_path / "data")},
            timeout=60)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert words in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "missing").exists()          # no folder is made silently
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "folder.png"]


def test_screenshot_problem_accepts_a_writable_png_and_leaves_nothing(tmp_path):
    assert cli.screenshot_problem(str(tmp_path / "ok.PNG")) is None
    assert not (tmp_path / "ok.PNG").exists()
    (tmp_path / "keep.png").write_bytes(b"old")
    assert cli.screenshot_problem(str(tmp_path / "keep.png")) is None
    assert (tmp_path / "keep.png").read_bytes() == b"old"


# -- help -----------------------------------------------------------------------------------------

def test_subcommand_help_uses_plain_names_and_shows_defaults():
    p = cli.build_parser()
    sub = next(a for a in p._actions if a.dest == "command").choices
    text = sub["simulate"].format_help()
    assert "SIM_SEED" not in text and "--seed SEED" in text and "--games N" in text
    assert "default: 1000" in text and "default: squabble" in text
    eng = sub["engine"].format_help()
    assert "docs/engine-protocol.md" in eng and "JSON" in eng


def test_engine_help_from_the_command_line():
    r = run("engine", "--help", timeout=60)
    assert r.returncode == 0 and "docs/engine-protocol.md" in r.stdout


# -- no display -----------------------------------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland are Linux's")
def test_no_display_is_said_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SQUABBLE_DATA_DIR"] = str(tmp_path)
    p = subprocess.run([sys.executable, "-m", "squabble", "--frames", "3"], env=env,
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 2 and "no display" in p.stderr
    for drv in ("dummy", "offscreen"):
        assert not _no_display_with(env, SDL_VIDEODRIVER=drv)
    assert _no_display_with(env, SDL_VIDEODRIVER="x11")
    assert not _no_display_with(env, DISPLAY=":0")
    assert not _no_display_with(env, WAYLAND_DISPLAY="wayland-0")


def _no_display_with(env, **more):
    saved = dict(os.environ)
    try:
        os.environ.clear()
        os.environ.update(env, **more)
        return cli.no_display()
    finally:
        os.environ.clear()
        os.environ.update(saved)


@pytest.mark.parametrize("argv, says", [
    (["tournament", "--game", "struggle", "--a", "easy", "--b", "easy", "--games", "1",
      "--events"], "--events is for Twilight Squabble only"),
    (["tournament", "--game", "squabble", "--a", "greedy", "--b", "easy", "--games", "1"],
     "greedy level plays Twilight Struggle only"),
])
def test_tournament_refuses_options_that_do_not_apply(argv, says, capsys):
    """Issue 11: options that do not apply to the chosen game are refused, not ignored."""
    assert main(argv) == 2
    assert says in capsys.readouterr().err


def test_tournament_help_names_its_options_plainly():
    out = run("tournament", "--help").stdout
    assert "TOUR_SEED" not in out and "--seed SEED" in out and "(default: 100)" in out
    # a description is printed as written: "%%" would show as two signs
    assert "95% Wilson" in " ".join(out.split()) and "%%" not in out
