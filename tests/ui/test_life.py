"""Autosave, Continue, corrupt saves, attract mode, resizing and controllers coming and going."""

import json
import os
import subprocess
import sys

import pygame

from tests.ui import driver as D
from tests.ui.test_play import start
from squabble import userdata
from squabble.ui.menus import TitleScene
from squabble.ui.squabble.scenes import SetupScene
from squabble.ui.squabble.table import TableScene


def test_userdata_honours_the_override(data_dir):
    assert userdata.data_dir() == data_dir
    userdata.write_json("x.json", {"a": 1})
    assert json.loads((data_dir / "x.json").read_text()) == {"a": 1}


def test_autosave_and_continue_resume_exactly(app, data_dir):
    tb = start(app, "computer", "USSR")
    D.run_until(app, lambda: D.waiting_for_human(app))
    D.decide_mouse(app, 0)
    D.run_until(app, lambda: D.waiting_for_human(app))
    state = tb.session.state
    saved = json.loads((data_dir / "save.json").read_text())
    assert saved["state"] == state
    D.key(app, pygame.K_ESCAPE)
    D.menu_click(app, "title")
    assert isinstance(D.top(app), TitleScene)
    assert D.top(app).button("continue").enabled
    D.menu_click(app, "continue")
    tb2 = D.table_of(app)
    assert tb2 is not tb and tb2.session.state == state
    D.run_until(app, lambda: D.waiting_for_human(app))
    assert tb2.session.decision() == tb.session.decision()


def test_corrupt_save_gives_a_message_and_a_new_game(app, data_dir):
    (data_dir / "save.json").write_text("{ this is not json")
    app.to_title()
    D.menu_click(app, "continue")
    t = D.top(app)   # issue 22: the title says why, on its own line, in plain words
    assert isinstance(t, TitleScene) and "could not be read" in t.message
    assert "Error" not in t.message and not t.button("continue").enabled
    assert not (data_dir / "save.json").exists() and (data_dir / "save.bad.json").exists()
    D.menu_click(app, "new")
    D.menu_click(app, "squabble")
    D.menu_click(app, "start")
    assert isinstance(D.top(app), TableScene)
    D.step(app, 5)


def test_damaged_state_and_old_version_are_refused(app, data_dir):
    from squabble.games.squabble import engine as E
    st = E.new_game(1)
    st["bop"] = 9
    (data_dir / "save.json").write_text(json.dumps({"save_version": 1, "game": "squabble",
                                                   "state": st, "setup": {"mode": "computer",
                                                                          "human": "USA",
                                                                          "level": "easy"}}))
    app.to_title()
    D.menu_click(app, "continue")
    assert isinstance(D.top(app), TitleScene) and "damaged" in D.top(app).message
    (data_dir / "save.json").write_text(json.dumps({"save_version": 0, "state": {}}))
    app.to_title()
    D.menu_click(app, "continue")
    assert "different version" in D.top(app).message


def test_corrupt_settings_are_survived(data_dir):
    (data_dir / "settings.json").write_text("[1, 2")
    from squabble.ui import settings as S
    assert S.load() == S.Settings()


def test_window_resizes_and_scales(app):
    tb = start(app, "computer", "USSR")
    D.run_until(app, lambda: D.waiting_for_human(app))
    app.set_window_size((1920, 1080))
    D.step(app, 2)
    assert app.layout.scale == 1.5
    pos = D.card_pos(tb, tb.chooser.hand_index_cards()[0])
    assert pos[1] > 1080 * 0.7
    D.click(app, pos)
    assert tb.staging.stage["bop"] is not None
    app.set_window_size((1000, 1000))  # letterboxed
    D.step(app, 2)
    assert app.layout.oy > 0


def test_controller_hot_plug_is_guarded(app):
    # a device index that does not exist must not crash; removal of unknown pads neither
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99))
    pygame.event.post(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=3))
    D.step(app, 2)
    D.pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, instance_id=5)
    D.pad(app, pygame.CONTROLLER_BUTTON_A, instance_id=5)
    assert isinstance(D.top(app), (TitleScene, SetupScene)) or D.top(app).name in ("options",)


def test_every_menu_by_gamepad_alone(app):
    A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
    down = pygame.CONTROLLER_BUTTON_DPAD_DOWN
    t = D.top(app)
    t.focus.focus(t.button("new"))
    D.pad(app, A)
    assert D.top(app).name == "gamepick"   # which game: the last pick (Squabble) is focused
    D.pad(app, A)
    assert isinstance(D.top(app), SetupScene)
    D.pad(app, B)
    assert isinstance(D.top(app), TitleScene)
    t = D.top(app)
    t.focus.focus(t.button("new"))
    D.pad(app, down)
    D.pad(app, down)
    assert t.focus.current.name == "finished"
    D.pad(app, A)
    assert D.top(app).name == "finished"
    D.pad(app, B)
    assert D.top(app) is t
    t.focus.focus(t.button("finished"))
    D.pad(app, down)
    assert t.focus.current.name == "options"
    D.pad(app, A)
    assert D.top(app).name == "options"
    D.pad(app, B)
    D.pad(app, pygame.CONTROLLER_BUTTON_BACK)  # rules
    assert D.top(app).name == "rules"
    D.pad(app, B)
    assert isinstance(D.top(app), TitleScene)


def test_demo_mode_runs_and_any_key_returns_to_the_title(data_dir):
    from squabble.ui.app import make_app
    from squabble.framework.clock import NoWaitClock
    import argparse
    args = argparse.Namespace(demo=True, frames=None, screenshot=None, fullscreen=False, seed=3)
    app = make_app(args, clock=NoWaitClock(), attract_after=None)
    D.step(app, 400)
    tb = D.table_of(app)
    assert tb is not None and tb.model.demo and tb.session.decisions > 0
    assert not (data_dir / "save.json").exists()  # attract mode never overwrites a save
    D.key(app, pygame.K_a)
    assert isinstance(D.top(app), TitleScene)


def test_cli_demo_frames_screenshot(tmp_path):
    shot = tmp_path / "demo.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SQUABBLE_DATA_DIR=str(tmp_path / "data"))
    r = subprocess.run([sys.executable, "-m", "squabble", "--demo", "--frames", "240",
                        "--screenshot", str(shot), "--seed", "4"], env=env, timeout=120,
                       capture_output=True, text=True,
                       cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1280, 720)
    colours = {img.get_at((x, y))[:3] for x in range(0, 1280, 64) for y in range(0, 720, 48)}
    assert len(colours) > 8, "the screenshot is blank"
    assert not (tmp_path / "data" / "save.json").exists()


def test_sound_and_music_on_never_crash(data_dir):
    import time
    from squabble.ui import settings as S
    from squabble.ui.app import WindowApp
    from squabble.framework.clock import NoWaitClock
    app = WindowApp(clock=NoWaitClock(), attract_after=None, seed=2,
                      settings=S.Settings(sound=0.8, music=0.6, anim="fast"))
    app.start("squabble", {"mode": "computer", "human": "USSR", "level": "easy", "events": True})
    deadline = time.monotonic() + 120       # a bound for a stall, not a speed goal
    while not app.sounds.sounds and time.monotonic() < deadline:
        app.step()
        time.sleep(0.01)
    D.step(app, 200)
    app.sounds.set_volumes(0.0, 0.0)
    D.step(app, 5)
    assert app.sounds.ok is False or app.sounds.sounds


def test_attract_mode_loops_through_results(data_dir):
    from squabble.ui.app import make_app
    from squabble.ui.squabble.scenes import ResultScene
    from squabble.framework.clock import NoWaitClock
    import argparse
    app = make_app(argparse.Namespace(demo=True, seed=5), clock=NoWaitClock(), attract_after=None)
    app.settings.anim = "instant"
    assert D.run_until(app, lambda: isinstance(D.top(app), ResultScene), 20000)
    # the next game: attract mode alternates, so it is Twilight Struggle's map this time
    from squabble.ui.struggle.scene import StruggleScene
    assert D.run_until(app, lambda: app.stack.find(StruggleScene) is not None, 400)
    assert app.stack.find(StruggleScene).demo
    D.pad(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(D.top(app), TitleScene)


def test_the_title_starts_attract_mode_after_its_wait_and_not_when_told_never(data_dir):
    from squabble.ui import settings as S
    from squabble.ui.app import ATTRACT_AFTER, WindowApp
    from squabble.framework.clock import NoWaitClock
    assert ATTRACT_AFTER == 60.0
    for wait, frames in ((2.0, 100), (2.0, 140), (None, 400)):
        app = WindowApp(clock=NoWaitClock(), attract_after=wait, seed=3,
                          settings=S.Settings(sound=0.0, music=0.0, anim="instant"))
        app.to_title()
        D.step(app, frames)
        started = not isinstance(D.top(app), TitleScene)
        assert started == (wait is not None and frames / 60 > wait), (wait, frames)
        assert app.demo == started
