"""The command line when its surroundings are hostile (issue 23, items 5-7): a screenshot folder
that cannot be entered or a name that is not UTF-8, the engine with standard input or output
closed or on a full disk, simulate on a full disk, and a stale DISPLAY.  Each is one line on
standard error and a documented exit status, never a traceback."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from squabble import cli

ROOT = Path(__file__).resolve().parents[1]
POSIX = sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
INFO = '{"cmd":"info","game":"squabble"}'


def shell(command: str, stdin: str = "", **env_more):
    env = dict(os.environ, PYTHONPATH=str(ROOT), **env_more)
    return subprocess.run(["bash", "-c", command], input=stdin.encode(), capture_output=True,
                          cwd=ROOT, env=env, timeout=120)


def squabble(args: str) -> str:
    return f"{sys.executable} -m squabble {args}"


def one_line(err: bytes) -> str:
    lines = [x for x in err.decode().splitlines()
             if x.startswith("squabble")]
    assert len(lines) == 1, err.decode()
    assert "Traceback" not in err.decode(), err.decode()
    return lines[0]


# -- item 5: --screenshot -----------------------------------------------------------------------

def test_screenshot_into_a_folder_that_cannot_be_entered(tmp_path, monkeypatch, capsys):
    shut = tmp_path / "shut"
    shut.mkdir()
    real_stat = os.stat

    def stat(p, *a, **k):   # root enters every folder: refuse where the system would
        if os.fspath(p).startswith(str(shut) + os.sep):
            raise PermissionError(13, "Permission denied", os.fspath(p))
        return real_stat(p, *a, **k)

    monkeypatch.setattr(os, "stat", stat)
    assert cli.main(["--frames", "1", "--screenshot", str(shut / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("squabble: --screenshot:") and "Permission denied" in err
    assert len(err.splitlines()) == 1


def test_screenshot_name_with_a_byte_that_is_not_utf8(tmp_path, capsys):
    name = os.fsdecode(os.fsencode(str(tmp_path)) + b"/\xff.png")
    assert cli.main(["--frames", "1", "--screenshot", name]) == 2
    err = capsys.readouterr().err.strip()
    assert "not UTF-8" in err and "0xff" in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not POSIX, reason="bytes in file names: POSIX")
def test_screenshot_name_with_a_byte_that_is_not_utf8_from_the_shell(tmp_path):
    r = shell(squabble(f"--frames 1 --screenshot {tmp_path}/$'\\xff'.png"),
              SDL_VIDEODRIVER="dummy", SQUABBLE_DATA_DIR=str(tmp_path / "data"))
    assert r.returncode == 2 and "not UTF-8" in one_line(r.stderr)
    assert [p.name for p in tmp_path.iterdir()] in ([], ["data"])


# -- item 6: the engine and simulate without their streams --------------------------------------

@pytest.mark.skipif(not POSIX, reason="closing descriptors from the shell: POSIX")
@pytest.mark.parametrize("redirect, code, words", [
    ("0<&-", 2, "standard input is closed"),
    ("1>&-", 2, "standard output is closed"),
    (">/dev/full", 1, "No space left on device"),
])
def test_engine_without_its_streams_says_so_in_one_line(redirect, code, words):
    if "full" in redirect and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    r = shell(squabble(f"engine {redirect}"), stdin=INFO + "\n" + INFO + "\n")
    assert r.returncode == code
    assert words in one_line(r.stderr)


@pytest.mark.skipif(not POSIX, reason="closing descriptors from the shell: POSIX")
def test_engine_with_no_streams_at_all_is_silent_and_exits_2():
    r = shell(squabble("engine 0<&- 1>&- 2>&-"))
    assert r.returncode == 2 and r.stderr == b"" and r.stdout == b""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_simulate_on_a_full_disk_says_so_and_exits_1():
    r = shell(squabble("simulate --games 2 >/dev/full"))
    assert r.returncode == 1
    lines = [x for x in r.stderr.decode().splitlines()]
    assert "Traceback" not in r.stderr.decode()
    assert lines[-1] == ("squabble simulate: standard output cannot be written "
                         "(No space left on device).")


# -- item 7: a stale DISPLAY --------------------------------------------------------------------

def test_a_headless_driver_nobody_asked_for_is_refused(monkeypatch):
    import pygame
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setenv("DISPLAY", ":987")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    assert "offscreen" in cli.video_problem() and "':987'" in cli.video_problem()
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    assert cli.video_problem()
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    assert cli.video_problem() is None
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.delenv("SDL_VIDEODRIVER")
    assert cli.video_problem() is None


@pytest.mark.skipif(not POSIX, reason="X11 displays")
def test_a_stale_display_is_said_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":987", PYTHONPATH=str(ROOT), SQUABBLE_DATA_DIR=str(tmp_path),
               SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "squabble", "--frames", "3"], capture_output=True,
                       cwd=ROOT, env=env, timeout=120)
    assert r.returncode == 2, r.stderr.decode()
    assert "no display answers at ':987'" in one_line(r.stderr)
