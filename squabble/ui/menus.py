"""The shared menus: the title, the window options and the controls.  Each game's own screens
(set-up, pause, rules, result) live in its folder: ``squabble/ui/squabble/scenes.py`` and
``squabble/ui/struggle/setup.py``."""

from __future__ import annotations

import math
import random

import pygame

from squabble.framework.cards import draw_card
from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import Button, panel
from squabble.ui import gamepick
from squabble.ui import settings as S
from squabble.ui import theme as T

from squabble.ui.menu_scene import MENU_CONTROLS, MenuScene, ResultMenuScene  # noqa: F401


class TitleScene(MenuScene):
    name = "title"
    also_saved = ""

    def __init__(self, app, message: str = "", decor: list | None = None):
        """``decor``: the card backs (framework ``CardBack``) that drift behind the menu, ten
        picked from it; by default the games' own (``gamepick.title_decor``)."""
        super().__init__(app)
        self.message = message
        self.idle = 0.0
        self.moves = None        # the online games asked whose move it is (app.your_moves)
        self.moves_line = ""
        rnd = random.Random(7)
        pics = gamepick.title_decor() if decor is None else decor
        self.floaters = [(rnd.choice(pics), rnd.uniform(0, 1280), rnd.uniform(0, 720),
                          rnd.uniform(-0.3, 0.3), rnd.uniform(8, 22))
                         for _ in range(10 if pics else 0)]

    def build(self):
        has = gamepick.has_save()
        damaged = has and gamepick.latest_save_damaged()
        y0 = 286
        items = [("new", "New game", lambda: gamepick.open_new(self.app), True, ""),
                 # a save the title calls damaged is not offered as "Continue" (nor focused):
                 # the button says what it does, set the file aside with the reason why
                 ("continue", "Set aside the damaged save" if damaged else "Continue",
                  lambda: gamepick.continue_any(self.app), has,
                  "No saved game yet (online games wait in New game, Play online)."),
                 ("finished", "Finished games", self.open_finished, True, ""),
                 ("options", "Options", self.app.open_options, True, ""),
                 ("rules", "Rules", self.app.open_rules, True, ""),
                 ("quit", "Quit", lambda: self.app.quit(0), True, "")]
        self.set_buttons([Button(n, lab, (490, y0 + i * 54, 300, 46), act, enabled=en, reason=r,
                                 hint="" if en else r)
                          for i, (n, lab, act, en, r) in enumerate(items)])
        line = getattr(self, "moves_line", "")   # (build runs in MenuScene's __init__)
        if line:               # the online games where it is this player's move
            self.buttons.append(Button("your_moves", line, (440, y0 + len(items) * 54 + 4, 400, 44),
                                       self.app.open_your_games, colour=(40, 110, 70)))
            self.set_buttons(list(self.buttons))
        if has:
            self.buttons[1].hint = gamepick.save_hint()
        self.also_saved = gamepick.other_saves_line()   # (read once, drawn every frame)
        if has and not damaged:
            self.focus.focus(self.buttons[1])

    def open_finished(self):
        from squabble.ui.finished import FinishedGamesScene
        self.app.stack.push(FinishedGamesScene(self.app))

    def on_resume(self):
        self.build()

    def back(self):
        pass

    def handle_action(self, a):
        self.idle = 0.0
        super().handle_action(a)

    def handle_mouse(self, kind, lp, button):
        self.idle = 0.0
        super().handle_mouse(kind, lp, button)

    def update(self, dt):
        super().update(dt)
        if self.moves is None and not getattr(self.app, "demo", False):
            your_moves = getattr(self.app, "your_moves", None)
            self.moves = your_moves() if your_moves is not None else False
        if self.moves and not self.moves_line:
            line = self.moves.line()
            if line:
                self.moves_line = line
                self.build()
        if self.app.stack.top is self:
            self.idle += dt
            wait = self.app.attract_after
            if wait is not None and self.idle > wait:
                self.idle = 0.0
                self.app.start_demo()

    def draw(self, surf):
        L = self.app.layout
        self.draw_background(surf)
        # back-drop: a few card backs drifting (no faces: nothing secret, nothing to record)
        for back, x, y, vx, vy in self.floaters:
            yy = (y + self.t * vy) % 900 - 150
            xx = (x + self.t * vx * 20) % 1400 - 80
            draw_card(surf, L, None, (xx, yy, 70, 98), face_up=False, back=back, shadow=False)
        surf.fill((105, 105, 110), special_flags=pygame.BLEND_RGB_MULT)
        pulse = 0.5 + 0.5 * math.sin(self.t * 2)
        text(surf, "TWILIGHT", L.font(96, True), T.SIDE_LIGHT["USA"], L.p(640, 120), "center",
             shadow=(0, 0, 0))
        text(surf, "SQUABBLE", L.font(96, True), T.SIDE_LIGHT["USSR"], L.p(640, 200), "center",
             shadow=(0, 0, 0))
        text(surf, "The Cold War in ten minutes · 1947-1991 · two players",
             L.font(26), (200 + int(40 * pulse), 200, 180), L.p(640, 262), "center")
        cur = self.focus.current
        for b in self.buttons:
            b.draw(surf, L, focused=b is cur)
        if self.also_saved and not self.message:   # (under the your-move line when there is one)
            text(surf, self.also_saved, L.font(19), T.TEXT,
                 L.p(640, 672 if self.moves_line else 632), "center")
        if self.message:
            panel(surf, L, (200, 610, 880, 64), colour=(60, 30, 20), edge=(255, 160, 100))
            text_block(surf, self.message, L.font(20), (255, 220, 190), L.r(214, 616, 852, 56),
                       align="center", valign="center")
        text(surf, MENU_CONTROLS, L.font(17), T.MUTED, L.p(640, 700), "center")


class OptionsScene(MenuScene):
    name = "options"
    title = "Options"
    subtitle = "Saved automatically"

    def build(self):
        s = self.app.settings
        y, dy = 140, 50      # nine rows, Controls and Done, then the gamepads line (660)
        on = {True: "On", False: "Off"}
        rows = [self._row(name, label, y + dy * k, action) for k, (name, label, action) in
                enumerate([
                    ("sound", f"Sound volume:  <  {int(s.sound * 100)}%  >", self._vol("sound")),
                    ("music", f"Music volume:  <  {int(s.music * 100)}%  >", self._vol("music")),
                    ("fullscreen", f"Full screen (F11):  <  {on[s.fullscreen]}  >",
                     self._fullscreen),
                    ("window", f"Window size:  <  {s.window[0]} × {s.window[1]}  >",
                     self._window),
                    ("text_size", f"Text size:  <  {s.text_size}%  >", self._text_size),
                    ("colour_blind", f"Colour-blind aids:  <  {on[s.colour_blind]}  >",
                     self._toggle("colour_blind")),
                    ("anim", f"Animation speed:  <  {s.anim}  >", self._anim),
                    ("hints", f"Show controls on screen:  <  {on[s.hints]}  >",
                     self._toggle("hints")),
                    # Twilight Struggle's expert: up to about 5 s a move, or three times longer
                    ("expert_longer", f"Expert thinks longer:  <  {on[s.expert_longer]}  >",
                     self._toggle("expert_longer")),
                ])]
        rows += [
            Button("controls", "Controls", (340, y + 9 * dy + 4, 190, 46), self.app.open_controls),
            Button("online", "Online play", (545, y + 9 * dy + 4, 190, 46), self._online,
                   hint="your name, the your-move alert"),
            Button("back", "Done", (750, y + 9 * dy + 4, 190, 46), self.back),
        ]
        self.rebuilt(rows)

    def _online(self):
        """The second page: online play's options (ui/online/options.py)."""
        from squabble.ui.online.options import OnlineOptionsScene
        self.app.stack.push(OnlineOptionsScene(self.app))

    def _row(self, name, label, y, action):
        return Button(name, label, (340, y, 600, 44), action, kind="row")

    def _vol(self, key):
        def f(d):
            v = round(getattr(self.app.settings, key) + 0.1 * d, 1)
            setattr(self.app.settings, key, max(0.0, min(1.0, v)))
            self.app.apply_settings()
            self.build()
        return f

    def _toggle(self, key):
        def f(d):
            setattr(self.app.settings, key, not getattr(self.app.settings, key))
            self.app.apply_settings()
            self.build()
        return f

    def _fullscreen(self, d):
        self.app.settings.fullscreen = not self.app.settings.fullscreen
        self.app.set_fullscreen(self.app.settings.fullscreen)
        self.app.apply_settings()
        self.build()

    def _window(self, d):
        sizes = S.WINDOW_SIZES
        cur = tuple(self.app.settings.window)
        i = sizes.index(cur) if cur in sizes else 0
        self.app.settings.window = sizes[(i + d) % len(sizes)]
        self.app.set_window_size(self.app.settings.window)
        self.app.apply_settings()
        self.build()

    def _text_size(self, d):
        sizes = S.TEXT_SIZES
        cur = self.app.settings.text_size
        i = sizes.index(cur) if cur in sizes else 0
        self.app.settings.text_size = sizes[(i + d) % len(sizes)]
        self.app.apply_settings()
        self.build()

    def _anim(self, d):
        names = list(S.ANIM_SPEEDS)
        i = names.index(self.app.settings.anim)
        self.app.settings.anim = names[(i + d) % len(names)]
        self.app.apply_settings()
        self.build()

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        pads = self.app.input.pad_count()
        msg = (f"Gamepads connected: {pads}. Pad 1 drives player 1's side, pad 2 the other; "
               "plug in or out at any time.")
        text(surf, msg, L.font(18), T.MUTED, L.p(640, 660), "center")


CONTROLS_TABLE = [
    ("", "Mouse", "Keyboard", "Gamepad"),
    ("Move the focus", "hover", "arrows, Tab, Shift+Tab", "D-pad, left stick, shoulders"),
    ("Choose / confirm", "click", "Enter or Space", "A"),
    ("Pick the n-th card in hand", "click it", "1 to 9", "focus it, then A"),
    ("Take back a staged card", "click it / Undo", "Backspace", "X"),
    ("Zoom a card", "hover it", "focus it", "focus it / Y"),
    ("Menu / back", "", "Esc", "Start / B"),
    ("Rules", "", "F1", "Back (Select)"),
    ("Full screen", "", "F11", ""),
    ("Hand-off screen", "the button", "Enter or Space", "A on that player's pad"),
]


class ControlsScene(MenuScene):
    name = "controls"
    title = "Controls"
    subtitle = "Every screen works with any one of these alone"

    def build(self):
        self.set_buttons([Button("back", "Back", (540, 620, 200, 52), self.back)])

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        xs = [120, 420, 680, 940, 1200]
        for r, row in enumerate(CONTROLS_TABLE):
            y = 160 + r * 44
            for x, nx, cell in zip(xs, xs[1:], row):
                text(surf, cell, fit_font(L, cell, nx - x - 12, 22, r == 0 or x == xs[0]),
                     T.GOLD if r == 0 else T.TEXT, L.p(x, y))
        pads = self.app.input.pad_count()
        text(surf, f"Gamepads connected now: {pads}. Pad 1 drives player 1's side, pad 2 the "
                   "other; plug in or out at any time.", L.font(19), T.MUTED, L.p(640, 600),
             "center")
