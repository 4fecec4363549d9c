"""The Twilight Squabble application: scenes wired together, settings, saves, attract mode."""

from __future__ import annotations

import os
import random
import sys

import pygame

from squabble.framework.app import GameApp
from squabble.framework.clock import NoWaitClock, RealClock
from squabble import userdata
from squabble.framework.sound import SoundBank
from squabble.games.squabble.cards import OTHER
from squabble.ui import gamepick, savegame
from squabble.ui import settings as S
from squabble.ui.menus import ControlsScene, OptionsScene, TitleScene
from squabble.ui.squabble.scenes import (DiscardScene, PauseScene, ResultScene, RulesScene,
                                         SetupScene)
from squabble.framework.session import Session
from squabble.ui.squabble import game as squabble_game
from squabble.ui.squabble.table import TableScene


class SquabbleApp(GameApp):
    def __init__(self, fullscreen: bool = False, clock=None, seed: int | None = None,
                 test_mode: bool = False, settings: S.Settings | None = None,
                 size: tuple | None = None):
        # the data folder: if nothing can be kept there, play on and say so once
        self.saves_problem = userdata.status()
        savegame.set_reporter(self._saves_unavailable)
        if self.saves_problem:
            savegame.mark_reported()
        self.settings = settings or S.load()
        if fullscreen:
            self.settings.fullscreen = True
        if size is None:  # a size from settings.json is never larger than the display
            self.settings.window = S.clamp_window(self.settings.window, _display_size())
        try:
            super().__init__(size or self.settings.window, fullscreen=self.settings.fullscreen,
                             clock=clock, title="Twilight Squabble")
        except pygame.error:
            self.settings.fullscreen = False
            super().__init__(size or self.settings.window, fullscreen=False, clock=clock,
                             title="Twilight Squabble")
        self.test_mode = test_mode
        self.seed = seed
        self.sounds = SoundBank(self.settings.sound, self.settings.music)
        self.log_lines: list[str] = []
        self.privacy: list | None = None      # tests: [(frame, viewer, displayed state)]
        self.session: Session | None = None
        self.on_help = self.open_rules
        self._seed_rng = random.Random(seed)
        self.demo = False

    # -- settings ----------------------------------------------------------------------
    def _saves_unavailable(self, message: str):
        """Told once by savegame when an autosave cannot be written or removed."""
        self.saves_problem = message
        self.toast(message, 6.0)

    def apply_settings(self):
        self.sounds.set_volumes(self.settings.sound, self.settings.music)
        S.save(self.settings)

    def on_fullscreen_changed(self):
        self.settings.fullscreen = self.fullscreen
        S.save(self.settings)

    # -- helpers used by scenes ---------------------------------------------------------
    def log_line(self, line: str):
        self.log_lines.append(line)
        if len(self.log_lines) > 400:
            del self.log_lines[:100]

    def pad_seats(self) -> dict:
        """Gamepad seat -> the side it drives."""
        s = self.session
        if s is None or s.mode != "hotseat":
            human = s.setup["human"] if s else None
            return {0: human, 1: human}
        p1 = s.setup["human"]
        return {0: p1, 1: OTHER[p1]}

    def _new_seed(self):
        return self._seed_rng.randrange(1 << 31)

    # -- navigation --------------------------------------------------------------------
    def to_title(self, message: str = ""):
        self.demo = False
        self.session = None
        self.stack.replace_all(TitleScene(self, message))

    def open_setup(self, message: str = ""):
        self.stack.push(SetupScene(self, message))

    def open_options(self):
        self.stack.push(OptionsScene(self))

    def open_controls(self):
        self.stack.push(ControlsScene(self))

    def open_rules(self):
        """F1 or Rules: the rules of the game in front (the last pick on the title); F1 again
        closes them."""
        top = self.stack.top
        if isinstance(top, RulesScene) or getattr(top, "name", "") == "struggle_rules":
            self.stack.remove(top)
        elif gamepick.game_in_front(self) == "struggle":
            from squabble.ui.struggle.help import rules_scene
            self.stack.push(rules_scene(self))
        else:
            self.stack.push(RulesScene(self))

    def open_pause(self, table):
        self.stack.push(PauseScene(self, table))

    def show_discards(self, table, side):
        self.stack.push(DiscardScene(self, table, side))

    def start_game(self, setup: dict, seed: int | None = None):
        setup = {"mode": setup["mode"], "human": setup["human"],
                 "level": setup.get("level", "normal"), "events": bool(setup.get("events"))}
        self.session = squabble_game.new_session(
            setup, self.seed if seed is None and self.seed is not None
            else (seed if seed is not None else self._new_seed()))
        if setup["mode"] != "demo":
            squabble_game.save(self.session)
        self.log_lines = list(self.session.log)
        self.stack.replace_all(TableScene(self, self.session))

    def continue_game(self):
        state, setup, log, problem, ui = savegame.load(with_ui=True)
        if problem:
            self.to_title()
            self.open_setup(problem + " Start a new game below.")
            return
        setup["events"] = bool(state["options"]["events"])  # the state says which deck is used
        self.session = squabble_game.resume_session(state, setup, log, ui)
        self.log_lines = list(log) + ["Game resumed from the autosave."]
        self.stack.replace_all(TableScene(self, self.session))

    def rematch(self):
        if self.session is None:
            return self.to_title()
        if self.session.mode == "online":   # (issue 52) the online games, not a local game
            from squabble.ui.online.menus import to_online
            return to_online(self)
        self.start_game(dict(self.session.setup), seed=self._new_seed())

    def show_result(self, table):
        self.stack.replace_all(ResultScene(self, self.session, demo=self.demo))

    # -- attract mode ------------------------------------------------------------------
    def start_demo(self):
        from squabble.ui import gamepick
        if gamepick.next_demo(self) == "struggle":
            from squabble.ui.struggle.setup import start_struggle_demo
            start_struggle_demo(self)
            return
        self.demo = True
        setup = {"mode": "demo", "human": "USSR", "level": "normal",
                 "events": self._seed_rng.random() < 0.5}
        self.session = squabble_game.new_session(
            setup, self._new_seed() if self.seed is None else self.seed)
        self.log_lines = ["Attract mode: the computer plays both sides. Press any key."]
        self.stack.replace_all(TableScene(self, self.session, demo=True))

    def leave_demo(self):
        self.to_title()


def make_app(args=None, clock=None, test_mode=False, size=None) -> SquabbleApp:
    fullscreen = bool(getattr(args, "fullscreen", False))
    seed = getattr(args, "seed", None)
    app = SquabbleApp(fullscreen=fullscreen, clock=clock, seed=seed, test_mode=test_mode,
                      size=size)
    if getattr(args, "demo", False):
        app.demo_next = getattr(args, "demo_game", None) or "squabble"
        app.start_demo()
        if app.saves_problem:
            app.toast(app.saves_problem + " Play goes on without saves.", 6.0)
    else:
        app.to_title(app.saves_problem + " Play goes on without saves."
                     if app.saves_problem else "")
    return app


def _display_size():
    """(w, h) of the first display, or None if it cannot be known."""
    try:
        pygame.display.init()
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None   # a headless driver's made-up desktop says nothing of a screen
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None


def run_app(args) -> int:
    """Entry point for ``squabble`` with no command (called by squabble.cli)."""
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    clock = NoWaitClock() if headless and getattr(args, "frames", None) else RealClock()
    try:
        app = make_app(args, clock=clock)
    except pygame.error as e:
        print(f"squabble: the game window could not open ({e}).", file=sys.stderr)
        return 1
    shot = getattr(args, "screenshot", None)
    try:
        code = app.run(max_frames=getattr(args, "frames", None))
        if shot:  # its folder and name were checked by the command line before playing
            try:
                pygame.image.save(app.screen, str(shot))
            except (pygame.error, OSError) as e:
                print(f"squabble: the screenshot could not be saved to {shot} ({e}).",
                      file=sys.stderr)
                return 1
        return code
    finally:
        pygame.quit()
