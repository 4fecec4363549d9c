"""Saves as untrusted data, through the real Continue path (issue 23, items 1-4, 9-10; issue 22,
the damaged save): a save that cannot be resumed is refused with a sentence, set aside and
offered no more; nothing but a regular file of a sane size is ever read, and a data folder that
cannot be entered is a folder without saves."""

import json
import os
import signal
import time
from contextlib import contextmanager

import pytest

from tests.ui import driver as D
from squabble import userdata
from squabble.games import registry
from squabble.games.squabble import engine as E
from squabble.ui.struggle import saves
from squabble.ui.struggle.saves import SAVES as STRUGGLE_SAVES
from squabble.ui import games

SETUP = {"mode": "computer", "human": "USA", "level": "easy"}
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(signal, "SIGALRM"),
                                reason="FIFOs, links to /dev/zero and SIGALRM: POSIX")
FILES = {"squabble": "save.json", "struggle": "save-struggle.json"}


@contextmanager
def deadline(seconds=20):
    """A read that blocks (a FIFO opened for reading) fails the test instead of hanging it."""
    def stop(*_):
        raise TimeoutError("blocked")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def struggle_save(**extra):
    st = registry.get("struggle").new(4)
    return dict({"save_version": 1, "game": "struggle", "state": st, "setup": dict(SETUP),
                 "log": [{"text": "A line.", "kind": "note", "data": {}}]}, **extra)


def squabble_save(**extra):
    return dict({"save_version": 1, "game": "squabble", "state": E.new_game(3),
                 "setup": dict(SETUP), "log": ["a line"]}, **extra)


def title_ok(app):
    t = D.top(app)
    return t.name == "title"


def continue_refused(app, data_dir, name):
    """Continue from a fresh title: the title says why in a sentence, the file is set aside
    and Continue is offered no more."""
    app.to_title()
    t = D.top(app)
    assert t.button("continue").enabled and "damaged" in t.button("continue").hint
    D.menu_click(app, "continue")
    t = D.top(app)
    assert t.name == "title", t.name
    msg = t.message
    assert msg.startswith("The saved Twilight") and msg.endswith("."), msg
    assert "Error" not in msg and "Traceback" not in msg, msg
    assert not os.path.lexists(data_dir / name)
    assert any(p.name.startswith(name.split(".")[0] + ".bad") for p in data_dir.iterdir())
    app.to_title()
    assert not D.top(app).button("continue").enabled
    return msg


# -- item 1: a log entry whose data has a key text, kind or cls ---------------------------------

@pytest.mark.parametrize("key", ["text", "kind", "cls", "self"])
def test_struggle_log_data_with_any_key_resumes(app, data_dir, key):
    raw = struggle_save(log=[{"text": "A line.", "kind": "coup", "data": {key: 1, "x": [1]}}])
    userdata.write_json(saves.FILE, raw)
    app.to_title()
    D.menu_click(app, "continue")
    from squabble.ui.struggle.scene import StruggleScene
    sc = app.stack.find(StruggleScene)
    assert sc is not None
    line = sc.session.log[0]
    assert str(line) == "A line." and line.kind == "coup" and line.data == {key: 1, "x": [1]}
    D.step(app, 3)
    assert saves.write(sc.session)   # and it saves again


def test_a_struggle_save_keeps_the_whole_log_and_the_guide_setting(app, data_dir):
    # issue 20: the log keeps the whole game, Continue included; the set-up's first-game guide
    # row is part of a Struggle save's set-up
    log = [{"text": f"Line {i}.", "kind": "note", "data": {}} for i in range(1500)]
    userdata.write_json(saves.FILE, struggle_save(log=log, setup=dict(SETUP, guide=True)))
    app.to_title()
    D.menu_click(app, "continue")
    from squabble.ui.struggle.scene import StruggleScene
    sc = app.stack.find(StruggleScene)
    assert sc is not None and len(sc.session.log) >= 1500   # and "resumed"
    assert saves.write(sc.session)
    assert len(userdata.read_json(saves.FILE)["log"]) >= 1500
    bad = struggle_save(setup=dict(SETUP, guide="yes"))
    assert "guide" in STRUGGLE_SAVES.check(bad)


@pytest.mark.parametrize("log", [
    [{"text": 5, "kind": "note", "data": {}}],
    [{"text": "a", "kind": "note", "data": []}],
    [{"text": "a", "kind": 3, "data": {}}],
    [{"text": "a", "kind": "note"}],
    [{"text": "a", "kind": "note", "data": {}, "more": 1}],
    [["a"]],
    {"text": "a"},
    [{"text": "x" * 5000, "kind": "note", "data": {}}],
])
def test_a_struggle_log_of_the_wrong_shape_is_refused(app, data_dir, log):
    userdata.write_json(saves.FILE, struggle_save(log=log))
    assert "log" in continue_refused(app, data_dir, saves.FILE)


# -- item 2: a save holding JSON null -----------------------------------------------------------

@pytest.mark.parametrize("game", ["squabble", "struggle"])
@pytest.mark.parametrize("content", ["null", "[]", "3", '"save"', "{}"])
def test_a_save_holding_no_game_is_set_aside(app, data_dir, game, content):
    (data_dir / FILES[game]).write_text(content)
    msg = continue_refused(app, data_dir, FILES[game])
    assert ("no saved game" in msg or "different version" in msg), msg


# -- item 3: special files in place of a save, settings or preferences --------------------------

def _specials(tmp):
    big = tmp / "big"
    with open(big, "wb") as f:
        f.truncate(userdata.MAX_FILE_BYTES + 1)   # sparse: no disk used
    return {
        "fifo": lambda p: os.mkfifo(p),
        "dev-zero": lambda p: os.symlink("/dev/zero", p),
        "dangling": lambda p: os.symlink(tmp / "nowhere", p),
        "folder": lambda p: os.mkdir(p),
        "huge": lambda p: os.symlink(big, p),
        "loop": lambda p: os.symlink(p, p),
    }


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "dangling", "folder", "huge", "loop"])
@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_a_special_file_in_place_of_a_save_is_refused_without_reading_it(
        app, data_dir, tmp_path_factory, game, kind):
    _specials(tmp_path_factory.mktemp("aside"))[kind](data_dir / FILES[game])
    with deadline():
        msg = continue_refused(app, data_dir, FILES[game])
    assert "could not be read" in msg


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "dangling", "folder", "huge", "loop"])
def test_special_settings_and_preference_files_never_block_the_start(data_dir,
                                                                    tmp_path_factory, kind):
    make = _specials(tmp_path_factory.mktemp("aside"))[kind]
    for name in ("settings.json", "couch.json", "gamepick.json", *FILES.values()):
        make(data_dir / name)
    with deadline():
        from squabble.ui import couch_prefs, gamepick, settings as S
        assert S.load() == S.Settings()
        assert couch_prefs.guide_on() is True
        assert gamepick.last_pick() == "squabble"
        app = D.new_app()
        D.step(app, 2)
        assert title_ok(app)
        D.menu_click(app, "new")   # the game pick reads gamepick.json
        D.step(app, 2)


@posix_only
def test_a_fifo_is_never_opened(data_dir, monkeypatch):
    os.mkfifo(data_dir / "save.json")
    opened = []
    real = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **k: opened.append(p) or real(p, *a, **k))
    with deadline():
        with pytest.raises(ValueError, match="pipe"):
            userdata.read_json("save.json")
    assert not opened


# -- item 4: a data folder the user cannot enter ------------------------------------------------

@pytest.fixture
def unenterable(data_dir, monkeypatch):
    """The data folder lies inside a folder the user may not enter (HOME of another user, mode
    700).  root enters every folder, so the refusals are made where the system would make
    them: every call that needs to look inside the folder fails with EACCES."""
    inner = data_dir / "home" / "squabble"
    inner.mkdir(parents=True)
    savegame_file = inner / "save.json"
    savegame_file.write_text(json.dumps(squabble_save()))
    monkeypatch.setenv("SQUABBLE_DATA_DIR", str(inner))
    guarded = str(data_dir / "home")

    def guard(fn):
        def call(p, *a, **k):
            where = p if isinstance(p, str) else os.fspath(p) if hasattr(p, "__fspath__") else ""
            if isinstance(where, str) and where.startswith(guarded + os.sep):
                raise PermissionError(13, "Permission denied", where)
            return fn(p, *a, **k)
        return call

    for name in ("stat", "lstat", "open", "listdir", "mkdir", "scandir", "unlink", "rename",
                 "replace", "access"):
        monkeypatch.setattr(os, name, guard(getattr(os, name)))
    import builtins
    import io
    monkeypatch.setattr(builtins, "open", guard(builtins.open))
    monkeypatch.setattr(io, "open", guard(io.open))
    return inner


def test_an_unenterable_data_folder_is_one_sentence_and_play_without_saves(unenterable):
    from squabble.framework.clock import NoWaitClock
    from squabble.ui.app import make_app
    app = make_app(None, clock=NoWaitClock(), attract_after=None, size=(1280, 720))
    t = D.top(app)
    assert t.name == "title"
    assert "cannot be written" in t.message and t.message.endswith("Play goes on without saves.")
    assert not t.button("continue").enabled
    D.menu_click(app, "new")
    D.menu_click(app, "squabble")
    D.menu_click(app, "start")
    D.step(app, 5)
    assert app.session is not None


# -- item 9: Continue and load share one check --------------------------------------------------

def test_continue_refuses_what_load_refuses_the_dice_queue(app, data_dir):
    from squabble.protocol import load_problem
    raw = struggle_save()
    raw["state"]["dice"] = [3] * 5000
    assert "1000" in load_problem(raw["state"])
    userdata.write_json(saves.FILE, raw)
    msg = continue_refused(app, data_dir, saves.FILE)
    assert "1000" in msg


def test_one_check_for_both_games():
    for raw, game in ((squabble_save(), "squabble"), (struggle_save(), "struggle")):
        assert games.get(game).SAVES.check(raw) is None
        for key in ("state",):
            bad = json.loads(json.dumps(raw))
            bad[key]["dice"] = [1] * 1001
            assert "1000" in games.get(game).SAVES.check(bad) or "dice" in games.get(game).SAVES.check(bad)


# -- item 10: temporary files of interrupted saves ----------------------------------------------

def test_stale_temporary_files_are_removed_at_start_and_fresh_ones_kept(data_dir):
    old = time.time() - userdata.STALE_SECONDS - 5
    stale = []
    for i in range(100):
        p = data_dir / f"save-struggle.json.x{i:03d}q.tmp"
        p.write_text("{half")
        os.utime(p, (old, old))
        stale.append(p)
    fresh = data_dir / "save.json.abc123.tmp"
    fresh.write_text("{being written")
    mine = data_dir / "notes.tmp"
    mine.write_text("not ours")
    os.utime(mine, (old, old))
    D.new_app()
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and mine.exists()
