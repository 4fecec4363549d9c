"""Saves and the data folder under hostile conditions (issue 11, "Saves and the data folder"):
a folder that cannot be created or written, damaged saves, two games saving at once, kept bad
copies, game-aware saves and settings larger than any display."""

import json
import multiprocessing
import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest

from squabble import userdata
from squabble.games.squabble import engine as E
from squabble.ui import savegame
from squabble.ui import settings as S
from squabble.ui.squabble.game import SAVES as SQUABBLE_SAVES
from squabble.ui.struggle.saves import SAVES as STRUGGLE_SAVES

SETUP = {"mode": "computer", "human": "USA", "level": "easy"}


@pytest.fixture
def folder(monkeypatch):
    """A fresh data folder (its name has a space and a non-ASCII letter, as on macOS and
    Windows user folders), removed afterwards whatever the test did to it."""
    root = Path(tempfile.mkdtemp(prefix="squabble-saves-test-"))
    d = root / "Application Support é"
    d.mkdir()
    monkeypatch.setenv("SQUABBLE_DATA_DIR", str(d))
    getattr(savegame, "set_reporter", lambda r: None)(None)  # (absent before issue 11)
    yield d
    getattr(savegame, "set_reporter", lambda r: None)(None)  # (absent before issue 11)
    for p in [root, *root.rglob("*")]:
        try:
            os.chmod(p, stat.S_IRWXU)
        except OSError:
            pass
    shutil.rmtree(root, ignore_errors=True)


def make_read_only(monkeypatch, d: Path):
    """The folder refuses every change.  root ignores permission bits, so then the refusals
    are made where the operating system would make them."""
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        os.chmod(d, stat.S_IRUSR | stat.S_IXUSR)
        return

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(userdata.tempfile, "mkstemp", refuse)
    real_unlink = Path.unlink

    def unlink(self, *a, **k):
        if Path(self).parent == d:
            refuse()
        return real_unlink(self, *a, **k)

    monkeypatch.setattr(Path, "unlink", unlink)


def saved(state, setup=SETUP, **extra):
    return dict({"save_version": 1, "game": "squabble", "state": state, "setup": setup,
                 "log": ["a line"]}, **extra)


def mid_game(seed=3, steps=5):
    s = E.new_game(seed)
    for _ in range(steps):
        E.apply_option(s, E.options(s)[0])
    return s


# -- the data folder ---------------------------------------------------------------------------

def test_window_starts_when_the_data_folder_cannot_be_created(folder, monkeypatch):
    blocker = folder / "blocker"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("SQUABBLE_DATA_DIR", str(blocker / "squabble"))
    from squabble.ui.app import make_app
    from squabble.framework.clock import NoWaitClock
    from squabble.ui.menus import TitleScene
    from tests.ui import driver as D
    app = make_app(None, clock=NoWaitClock(), attract_after=None)
    assert isinstance(D.top(app), TitleScene)
    assert "cannot be" in D.top(app).message and "without saves" in D.top(app).message
    assert not D.top(app).button("continue").enabled
    toasts = []
    app.toast = lambda m, *a: toasts.append(m)
    app.start("squabble", {"mode": "hotseat", "human": "USA", "level": "easy"})
    while app.session.state["winner"] is None:
        app.session.apply(0)
    D.step(app, 3)
    assert toasts == []   # said once, at the start, not again at every autosave
    assert blocker.read_text().startswith("a file")


def _play_to_the_end(app):
    toasts = []
    app.toast = lambda m, *a: toasts.append(m)
    app.start("squabble", {"mode": "hotseat", "human": "USSR", "level": "easy"})
    n = 0
    while app.session.state["winner"] is None:   # autosaves, then clear() at the end
        app.session.apply(n % len(app.session.decision()["options"]))
        n += 1
    return toasts


def test_read_only_folder_at_start_is_said_once_and_never_crashes(folder, monkeypatch):
    from squabble.ui.app import make_app
    from squabble.framework.clock import NoWaitClock
    (folder / "save.json").write_text(json.dumps(saved(mid_game())))
    make_read_only(monkeypatch, folder)
    app = make_app(None, clock=NoWaitClock(), attract_after=None)
    assert "cannot be written" in app.stack.top.message
    assert _play_to_the_end(app) == []


def test_folder_turning_read_only_during_play_is_said_once(folder, monkeypatch):
    from squabble.ui.app import WindowApp
    from squabble.framework.clock import NoWaitClock
    app = WindowApp(clock=NoWaitClock(), attract_after=None, seed=4,
                      settings=S.Settings(sound=0.0, music=0.0))
    app.to_title()
    assert app.saves_problem == ""
    (folder / "save.json").write_text(json.dumps(saved(mid_game())))
    make_read_only(monkeypatch, folder)
    toasts = _play_to_the_end(app)
    assert len(toasts) == 1 and "cannot be saved" in toasts[0], toasts
    assert "cannot be saved" in app.saves_problem
    assert SQUABBLE_SAVES.clear() is False and SQUABBLE_SAVES.write({}, SETUP, []) is False


def test_status_names_the_problem(folder, monkeypatch):
    assert userdata.status() == ""
    (folder / "f").write_text("x")
    monkeypatch.setenv("SQUABBLE_DATA_DIR", str(folder / "f" / "sub"))
    assert "cannot be written" in userdata.status()
    assert userdata.read_json("save.json") is None and not userdata.exists("save.json")


# -- the save check ------------------------------------------------------------------------------

@pytest.mark.parametrize("history", ["garbage", None, 5, ["x"]])
def test_a_save_with_a_damaged_history_is_refused(folder, history):
    st = mid_game()
    st["history"] = history
    (folder / "save.json").write_text(json.dumps(saved(st)))
    state, setup, log, problem = SQUABBLE_SAVES.load()
    assert state is None and "damaged" in problem and "history" in problem
    assert (folder / "save.bad.json").exists() and not (folder / "save.json").exists()


def test_the_save_check_is_the_protocols_load_check_plus_the_windows_fields(folder):
    from squabble.protocol import load_problem
    st = mid_game()
    assert SQUABBLE_SAVES.check(saved(st)) is None and load_problem(st) is None
    for bad, word in [(saved(dict(st, dice=[3])), "dice"),
                      (saved(st, setup=dict(SETUP, events="yes")), "set-up"),
                      (saved(st, setup=dict(SETUP, mode="chess")), "set-up"),
                      (saved(st, log="x"), "log"),
                      (saved(dict(st, bop=9)), "bop"),
                      (saved(st, game="struggle"), "not a Twilight Squabble game")]:
        assert word in SQUABBLE_SAVES.check(bad)


def test_a_second_bad_save_never_replaces_the_first_kept_copy(folder):
    (folder / "save.json").write_text("{ first")
    assert "save.bad.json" in SQUABBLE_SAVES.load()[3]
    (folder / "save.json").write_text("{ second")
    assert "save.bad-2.json" in SQUABBLE_SAVES.load()[3]
    (folder / "save.json").write_text(json.dumps(saved(dict(mid_game(), bop=9))))
    assert "save.bad-3.json" in SQUABBLE_SAVES.load()[3]
    assert (folder / "save.bad.json").read_text() == "{ first"
    assert (folder / "save.bad-2.json").read_text() == "{ second"


# -- writing -------------------------------------------------------------------------------------

def test_each_write_has_its_own_temporary_name_and_is_flushed_before_the_rename(folder,
                                                                                 monkeypatch):
    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append(("fsync", fd)), real_fsync(fd)))
    monkeypatch.setattr(os, "replace", lambda a, b: (events.append(("replace", str(a))),
                                                     real_replace(a, b)))
    (folder / "save.json.tmp").write_text("another process's half-written save")
    for _ in range(3):
        assert SQUABBLE_SAVES.write(mid_game(), SETUP, ["x"])
    kinds = [e[0] for e in events]
    assert kinds == ["fsync", "replace"] * 3
    tmps = [e[1] for e in events if e[0] == "replace"]
    assert len(set(tmps)) == 3 and all(t.endswith(".tmp") for t in tmps)
    assert (folder / "save.json.tmp").read_text().startswith("another")
    assert sorted(p.name for p in folder.iterdir()) == ["save.json", "save.json.tmp"]


def _hammer(d, tag, n):
    os.environ["SQUABBLE_DATA_DIR"] = d
    big = {"tag": tag, "pad": [tag * 50] * 4000}
    for _ in range(n):
        try:
            userdata.write_json("save.json", big)
        except OSError:
            pass


def test_two_processes_saving_at_once_leave_a_whole_save(folder):
    """Whatever moment the game reads the save (here: all the time, while two processes
    write it), it finds a whole file."""
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_hammer, args=(str(folder), t, 80)) for t in "ab"]
    for p in procs:
        p.start()
    reads, torn = 0, []
    while any(p.is_alive() for p in procs):
        try:
            raw = userdata.read_json("save.json")
        except ValueError as e:
            torn.append(str(e))
            continue
        if raw is not None:
            reads += 1
            if raw["pad"] != [raw["tag"] * 50] * 4000:
                torn.append("mixed")
    for p in procs:
        p.join(120)
    assert not torn, f"{len(torn)} torn reads of {reads + len(torn)}"
    raw = userdata.read_json("save.json")
    assert raw["tag"] in "ab" and raw["pad"] == [raw["tag"] * 50] * 4000
    assert [p.name for p in folder.iterdir()] == ["save.json"]   # no temporary left behind


# -- game-aware saves ----------------------------------------------------------------------------

def test_saves_name_their_game_and_old_saves_still_load(folder):
    st = mid_game()
    assert SQUABBLE_SAVES.write(st, SETUP, ["one"])
    raw = json.loads((folder / "save.json").read_text())
    assert raw["game"] == "squabble"
    del raw["game"]  # a save made before the game was recorded
    (folder / "save.json").write_text(json.dumps(raw))
    state, setup, log, problem = SQUABBLE_SAVES.load()
    assert problem == "" and state == st and log == ["one"]


def test_a_struggle_save_is_checked_by_the_struggle_engine(folder):
    from squabble.games import registry
    g = registry.get("struggle")
    st = g.new(5, {})
    assert STRUGGLE_SAVES.write(st, SETUP, [])
    assert STRUGGLE_SAVES.exists() and not SQUABBLE_SAVES.exists()
    state, setup, log, problem = STRUGGLE_SAVES.load()
    assert problem == "" and state == st
    st["defcon"] = 9
    STRUGGLE_SAVES.write(st, SETUP, [])
    state, _, _, problem = STRUGGLE_SAVES.load()
    assert state is None and "DEFCON" in problem
    assert (folder / "save-struggle.bad.json").exists()
    assert STRUGGLE_SAVES.clear()


def test_a_struggle_save_with_its_effects_in_two_lists_continues(folder):
    # saved before effects were one list: card numbers in "effects", arguments in "effect_args"
    from squabble.games import registry
    from squabble.games.struggle.events import add_effect
    g = registry.get("struggle")
    st = g.new(5, {})
    add_effect(st, 21, "USA")                      # NATO
    assert STRUGGLE_SAVES.write(st, SETUP, [])
    path = folder / "save-struggle.json"
    raw = json.loads(path.read_text())
    raw["state"]["effects"], raw["state"]["effect_args"] = [21], [{"by": "USA", "until": "game"}]
    path.write_text(json.dumps(raw))
    state, _, _, problem = STRUGGLE_SAVES.load()
    assert problem == "" and state == st
    assert state["effects"] == [{"card": 21, "by": "USA", "until": "game"}]



def test_a_struggle_save_with_test_setup_continues(folder):
    # saved by an older engine, which kept "test_setup" in every state: it continues without it
    from squabble.games import registry
    st = registry.get("struggle").new(5, {})
    assert STRUGGLE_SAVES.write(st, SETUP, [])
    path = folder / "save-struggle.json"
    raw = json.loads(path.read_text())
    raw["state"]["test_setup"] = True
    path.write_text(json.dumps(raw))
    state, _, _, problem = STRUGGLE_SAVES.load()
    assert problem == "" and state == st and "test_setup" not in state

# -- settings ------------------------------------------------------------------------------------

def test_settings_window_is_clamped(folder, monkeypatch):
    (folder / "settings.json").write_text(json.dumps({"window": [100000, 100000]}))
    assert S.load().window == S.MAX_WINDOW
    (folder / "settings.json").write_text(json.dumps({"window": [3, True]}))
    assert S.load().window == (1280, 720)
    (folder / "settings.json").write_text(json.dumps({"window": [3, 4]}))
    assert S.load().window == S.MIN_WINDOW
    (folder / "settings.json").write_text('{"sound": ' + "9" * 5000 + "}")
    assert S.load() == S.Settings()
    assert S.clamp_window((100000, 100000), (1366, 768)) == (1366, 768)


def test_the_window_is_never_larger_than_the_display(folder, monkeypatch):
    from squabble.ui import app as A
    (folder / "settings.json").write_text(json.dumps({"window": [100000, 100000],
                                                      "sound": 0, "music": 0}))
    monkeypatch.setattr(A, "_display_size", lambda: (1366, 768))
    from squabble.framework.clock import NoWaitClock
    app = A.WindowApp(clock=NoWaitClock(), attract_after=None)
    assert app.screen.get_size() == (1366, 768)


def test_struggle_saves_and_the_game_pick_survive_a_bad_folder(folder, monkeypatch):
    from squabble.ui import gamepick
    from squabble.ui.struggle import saves as ts
    (folder / ts.FILE).write_text("{}")
    make_read_only(monkeypatch, folder)
    ts.clear()                              # the end of a game in a read-only folder
    blocker = folder / "blocker"
    monkeypatch.undo()
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("SQUABBLE_DATA_DIR", str(blocker / "squabble"))
    assert not ts.exists() and ts.mtime() == 0.0 and not gamepick.has_save()
    assert not SQUABBLE_SAVES.exists() and userdata.read_json("settings.json") is None


def test_the_struggle_autosave_uses_the_game_aware_file_and_reports_a_read_only_folder_once(
        folder, monkeypatch):
    """Issue 11 (saves): one save file per game, named by savegame, and one message when a
    Struggle autosave cannot be written — the same path as Twilight Squabble's."""
    from types import SimpleNamespace
    from squabble.games import registry
    from squabble.ui.struggle import saves as ts
    assert ts.FILE == STRUGGLE_SAVES.file
    st = registry.get("struggle").new(3, {})
    session = SimpleNamespace(state=st, setup={"mode": "hotseat", "human": "USSR",
                                               "level": "normal"}, log=["one"])
    assert ts.write(session) and STRUGGLE_SAVES.exists()
    said = []
    savegame.set_reporter(said.append)
    make_read_only(monkeypatch, folder)
    assert ts.write(session) is False and ts.write(session) is False
    assert len(said) == 1 and "cannot be saved" in said[0]
