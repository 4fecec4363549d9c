"""The application window: settings, the title and its menus, the data folder, attract mode.

It names no game: every game is reached through its entry in ``ui/games.py`` (New game,
Continue, a rematch, attract mode, the title's rules)."""

from __future__ import annotations

import os
import random
import sys

import pygame

from squabble.framework.app import GameApp
from squabble.framework.clock import NoWaitClock, RealClock
from squabble import userdata
from squabble.framework.sound import SoundBank
from squabble.ui import gamepick, games, savegame
from squabble.ui import settings as S
from squabble.ui.menus import ControlsScene, OptionsScene, TitleScene
from squabble.framework.session import Session


#: seconds the title waits untouched before attract mode starts
ATTRACT_AFTER = 60.0


class WindowApp(GameApp):
    def __init__(self, fullscreen: bool = False, clock=None, seed: int | None = None,
                 settings: S.Settings | None = None, size: tuple | None = None,
                 attract_after: float | None = ATTRACT_AFTER, host_at: tuple = (None, None)):
        """``attract_after``: seconds the title waits untouched before attract mode (None:
        never).  ``host_at``: (address, port) where Play online's "Host" starts its server
        (None, None: every network of this machine, port 8765 or the next free one)."""
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
        self.layout.set_text_scale(self.settings.text_scale)
        self.attract_after = attract_after
        self.host_at = host_at
        self.seed = seed
        self.sounds = SoundBank(self.settings.sound, self.settings.music)
        self.log_lines: list[str] = []
        self.session: Session | None = None
        self.on_help = self.open_rules
        self.seed_rng = random.Random(seed)     # the window's own seeds (new_seed)
        self.demo = False

    # -- settings ----------------------------------------------------------------------
    def _saves_unavailable(self, message: str):
        """Told once by savegame when an autosave cannot be written or removed."""
        self.saves_problem = message
        self.toast(message, 6.0)

    def apply_settings(self):
        self.sounds.set_volumes(self.settings.sound, self.settings.music)
        self.layout.set_text_scale(self.settings.text_scale)
        self.redraw = True
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
        return {0: p1, 1: next(side for side in s.game.sides if side != p1)}

    def new_seed(self):
        return self.seed_rng.randrange(1 << 31)

    # -- navigation --------------------------------------------------------------------
    def to_title(self, message: str = ""):
        self.demo = False
        self.session = None
        self.stack.replace_all(TitleScene(self, message))

    def to_online(self):
        """The title with Play online open (where an online game's Leave and result lead)."""
        from squabble.ui.online.menus import OnlineScene
        self.to_title()
        self.stack.push(OnlineScene(self))

    def open_online(self, link, update: dict):
        """An online game's table or map on ``link`` (its result screen leads to Play online)."""
        from squabble.ui.online.game import open_game
        return open_game(self, link, update, after=self.to_online)

    def your_moves(self):
        """The remembered online games asked whose move it is (for the title's line)."""
        from squabble.ui.online.menus import YourMoves
        return YourMoves()

    def open_your_games(self):
        from squabble.ui.online.menus import OnlineScene, YourGamesScene
        self.stack.push(OnlineScene(self))
        self.stack.push(YourGamesScene(self))

    def open_chat(self, session):
        """The box for a word to the friend over an online game's scene (its pause menu, or T
        in the scene; ui/online/chat.py)."""
        from squabble.ui.online.chat import ChatScene
        if getattr(session, "say", None) is not None and not session.watching and \
                not isinstance(self.stack.top, ChatScene):
            self.stack.push(ChatScene(self, session))

    def continue_from_here(self, session):
        """A couch game's pause menu: Continue from here, its position now (issue 60)."""
        from squabble.ui.continue_from import continue_couch_game
        continue_couch_game(self, session)

    def open_options(self):
        self.stack.push(OptionsScene(self))

    def open_controls(self):
        self.stack.push(ControlsScene(self))

    def open_rules(self):
        """F1 or Rules: the rules of the game in front (on the title the last pick); F1 again
        closes them."""
        games.get(gamepick.game_in_front(self)).toggle_rules(self)

    def start(self, game: str, setup: dict, seed: int | None = None):
        """A new game of ``game`` (a name in ``ui/games.py``) with ``setup``."""
        games.get(game).start(self, setup, seed)

    def continue_game(self, game: str):
        """``game``'s autosave, exactly where it was (gamepick.continue_any picks the game)."""
        return games.get(game).continue_saved(self)

    def rematch(self, session=None):
        """The result screen's Rematch (``session``: the game's, when ``self.session`` is not).
        Online (issue 52) the result screen's offer asks the server, sides swapped."""
        s = session if session is not None else self.session
        if s is not None and getattr(s, "kept_on_server", False):   # the server's rematch
            offer = getattr(self.stack.top, "offer", None)
            return offer.press() if offer is not None else self.to_title()
        if self.session is None:
            return self.to_title()
        self.start(self.session.game.name, dict(self.session.setup), seed=self.new_seed())

    # -- attract mode ------------------------------------------------------------------
    def start_demo(self):
        from squabble.ui import gamepick
        games.get(gamepick.next_demo(self)).start_demo(self)

    def leave_demo(self):
        self.to_title()


def make_app(args=None, clock=None, size=None,
             attract_after: float | None = ATTRACT_AFTER) -> WindowApp:
    fullscreen = bool(getattr(args, "fullscreen", False))
    seed = getattr(args, "seed", None)
    app = WindowApp(fullscreen=fullscreen, clock=clock, seed=seed, size=size,
                      attract_after=attract_after)
    if getattr(args, "demo", False):
        app.demo_next = getattr(args, "demo_game", None) or next(iter(games.GAMES))
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
