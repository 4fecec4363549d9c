"""The frame loop: window, scene stack, input routing, toasts, frame limit and screenshots."""

from __future__ import annotations

import os
import time
import warnings

import pygame

from squabble.framework.cards import FACE_UP, RENDERER
from squabble.framework.clock import RealClock
from squabble.framework.input import Action, InputRouter
from squabble.framework.layout import DESIGN_H, DESIGN_W, Layout, clear_text_cache, text, wrap
from squabble.framework.scene import SceneStack


class GameApp:
    """Owns the window.  ``step()`` runs exactly one frame (tests call it directly)."""

    min_size = (960, 540)   # below this the table's text is no longer readable
    IDLE_WAIT = 0.1         # at rest every scene still updates ten times a second (clock.MAX_DT)

    def __init__(self, size=(1280, 720), fullscreen=False, clock=None, title="Game"):
        pygame.init()
        if pygame.display.get_driver() == "x11":
            # X11's own shared-memory framebuffer, not SDL's OpenGL one: without a graphics
            # driver (virtual machines, remote desktops, Xvfb) OpenGL runs in software in this
            # process, about 6 ms of CPU per shown frame at 1280x720.  Read when the window opens;
            # a value set by the user wins.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        RENDERER.clear(fonts=True)  # fonts from an earlier pygame.init() are no longer valid
        clear_text_cache()
        pygame.display.set_caption(title)
        self.windowed_size = tuple(size)
        self.fullscreen = False
        self.screen = None
        self._open_window(fullscreen)
        self.layout = Layout(self.screen.get_size())
        self.stack = SceneStack()
        self.input = InputRouter()
        self.clock = clock or RealClock()
        self.frame = 0
        self.running = True
        self.exit_code = 0
        self.time = 0.0
        self._toast = ("", 0.0)
        self.on_help = None          # callable(): open the rules overlay (F1)
        self.last_frame_ms = 0.0
        self.redraw = True           # draw the next frame even if nothing animates
        self.frames_drawn = 0
        self._was_animating = True
        self._held: list = []        # an event that ended a resting frame's sleep

    # -- window --------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> None:
        if fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size = (max(self.min_size[0], self.windowed_size[0]),
                     max(self.min_size[1], self.windowed_size[1]))
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            try:  # the window manager keeps the window at least this big (pygame-ce 2.4+)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = self.min_size
            except Exception:
                pass
        self.fullscreen = fullscreen

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        self._open_window(on)
        self.layout.resize(self.screen.get_size())
        RENDERER.clear()

    def set_window_size(self, size) -> None:
        self.windowed_size = tuple(size)
        if not self.fullscreen:
            self._open_window(False)
            self.layout.resize(self.screen.get_size())
            RENDERER.clear()

    def toast(self, message: str, seconds: float = 2.6) -> None:
        """Show ``message`` for ``seconds``.  A toast belongs to the scene on top when it is
        raised: a menu or dialog opened over that scene afterwards draws over the toast (it never
        hides the menu's words), and so does an overlay the scene draws over itself (the rules
        over the map: ``Scene.overlay``); the toast is drawn on top when its scene has gone."""
        self._toast = (message, seconds)
        self._toast_owner = self.stack.top
        self._toast_under = self._toast_owner.overlay() if self._toast_owner else None
        self.redraw = True

    _toast_owner = None
    _toast_under = None      # the owner's overlay open when the toast was raised (it shows over it)

    def _toast_layer(self, visible: list) -> int | None:
        """The index in ``visible`` after which the toast is drawn, or None when its scene is
        hidden under an opaque one or under an overlay it opened after the toast (then the
        toast is not drawn)."""
        owner = self._toast_owner
        if owner in visible:
            cover = owner.overlay()
            if cover is not None and cover is not self._toast_under:
                return None
            return visible.index(owner)
        if owner is not None and owner in self.stack.scenes:
            return None
        return len(visible) - 1

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # -- one frame -----------------------------------------------------------------------
    def handle_event(self, ev) -> None:
        top = self.stack.top
        if ev.type == pygame.QUIT:
            self.quit(0)
            return
        if ev.type == pygame.VIDEORESIZE and not self.fullscreen:
            w = max(self.min_size[0], ev.w)
            h = max(self.min_size[1], ev.h)
            self.windowed_size = (w, h)
            self.layout.resize(self.screen.get_size())
            RENDERER.clear()
            return
        if ev.type in (pygame.WINDOWSIZECHANGED,):
            self.layout.resize(self.screen.get_size())
            return
        if top is None:
            return
        raw = getattr(top, "handle_raw", None)  # a scene may take raw events first (text boxes)
        if raw is not None and raw(ev):
            return
        if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.input.last_source = "mouse" if ev.type != pygame.MOUSEMOTION or \
                self.input.last_source == "mouse" else self.input.last_source
            lp = self.layout.to_logical(ev.pos)
            kind = {pygame.MOUSEMOTION: "move", pygame.MOUSEBUTTONDOWN: "down",
                    pygame.MOUSEBUTTONUP: "up"}[ev.type]
            if kind != "move":
                self.input.last_source = "mouse"
            top.handle_mouse(kind, lp, getattr(ev, "button", 0))
            return
        if ev.type == pygame.MOUSEWHEEL:
            top.handle_mouse("wheel", self.layout.to_logical(pygame.mouse.get_pos()), ev.y)
            return
        action = self.input.translate(ev)
        if action is None:
            return
        if action.name == "fullscreen":
            self.set_fullscreen(not self.fullscreen)
            self.on_fullscreen_changed()
            return
        if action.name == "help" and self.on_help is not None:
            self.on_help()
            return
        top.handle_action(action)

    def on_fullscreen_changed(self) -> None:
        """Hook for the game (e.g. remember the setting)."""

    def step(self) -> None:
        """One frame: events, every scene's update, a drawing if anything changed or moves.

        At rest (no visible scene animates, no toast) the frame ends by sleeping on the event
        queue (``clock.wait``) for ``IDLE_WAIT`` seconds at most, or less when a scene's
        ``wake_in`` asks: a screen waiting for a person costs a few updates a second and no
        drawing.  An event ends the sleep at once; it is handled in the next frame."""
        t0 = time.perf_counter()
        dt = self.clock.tick()
        self.time += dt
        self.frame += 1
        FACE_UP.begin_frame(self.frame)
        top_before = self.stack.top
        events, self._held = self._held + pygame.event.get(), []
        for ev in events:
            self.redraw = True
            self.handle_event(ev)
            if not self.running:
                return
        for s in list(self.stack.scenes):
            s.update(dt)
        toast = self._toast[1] > 0
        if toast:
            self._toast = (self._toast[0], self._toast[1] - dt)
        # redraw only when something changes or animates (an idle table costs almost nothing);
        # one more frame after the last animated one so the final picture is the settled one
        visible = self.stack.visible()
        animating = any(s.animating() for s in visible)
        slow_due = any(s.frame_every is not None and self.time - s.shown_at >= s.frame_every
                       for s in visible)
        if self.redraw or animating or self._was_animating or toast or slow_due or \
                self.stack.top is not top_before:
            self.draw()
            pygame.display.flip()
            self.frames_drawn += 1
            for s in visible:
                s.shown_at = self.time
        self.redraw = False
        self._was_animating = animating
        self.last_frame_ms = (time.perf_counter() - t0) * 1000
        if not (animating or toast or self.redraw):
            self._held.extend(self.clock.wait(self.rest_wait()))

    def rest_wait(self) -> float:
        """How long a resting frame may sleep: ``IDLE_WAIT``, or sooner if a scene asks."""
        waits = [w for w in (s.wake_in() for s in self.stack.scenes) if w is not None]
        waits += [s.shown_at + s.frame_every - self.time for s in self.stack.visible()
                  if s.frame_every is not None]
        return max(0.0, min([self.IDLE_WAIT] + waits))

    def draw(self) -> None:
        visible = self.stack.visible()
        if not visible or not visible[0].opaque:
            self.screen.fill((12, 14, 22))
        msg, left = self._toast
        layer = self._toast_layer(visible) if left > 0 and msg else None
        for i, s in enumerate(visible):
            s.draw(self.screen)
            if i == layer:
                self._draw_toast(msg, left)
        if layer is not None and layer < 0:
            self._draw_toast(msg, left)

    def _draw_toast(self, msg: str, left: float) -> None:
        r, f, lines = self.toast_box(msg)
        L = self.layout
        alpha = int(255 * min(1.0, left / 0.3))
        box = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(box, (20, 20, 28, min(235, alpha)), box.get_rect(),
                         border_radius=L.s(10))
        pygame.draw.rect(box, (255, 214, 90, alpha), box.get_rect(), max(1, L.s(2)),
                         border_radius=L.s(10))
        self.screen.blit(box, r)
        lh = f.get_linesize()
        y = r.centery - lh * len(lines) / 2
        for ln in lines:
            text(self.screen, ln, f, (250, 240, 220), (r.centerx, round(y + lh / 2)),
                 "center")
            y += lh

    def toast_area(self) -> tuple:
        """The logical rect toasts go in: the ``toast_area`` of the topmost visible scene at or
        under the toast's own layer, or the whole screen."""
        visible = self.stack.visible()
        layer = self._toast_layer(visible)
        if layer is not None:
            visible = visible[:layer + 1]
        for s in reversed(visible):
            area = s.toast_area()
            if area is not None:
                return tuple(area)
        return (0, 0, DESIGN_W, DESIGN_H)

    def toast_box(self, msg: str):
        """(pixel rect, font, lines) of a toast: inside ``toast_area``, centred across it near
        its bottom (at y 600 on a whole screen), wrapped to its width."""
        L = self.layout
        ax, ay, aw, ah = self.toast_area()
        f = L.font(24, True)
        inner = L.s(aw - 16 - 40)         # 8 logical px clear of each edge, 20 of padding
        lines = wrap(msg, f, inner)
        if any(f.size(ln)[0] > inner for ln in lines):   # one word wider than the area
            f = L.font(16, True)
            lines = wrap(msg, f, inner)
        w = min(max(f.size(ln)[0] for ln in lines) + L.s(40), L.s(aw - 16))
        h = f.get_linesize() * len(lines) + L.s(44) - f.get_linesize()
        r = pygame.Rect(0, 0, w, h)
        cx, cy = ax + aw / 2, min(600.0, ay + ah - 40)
        r.center = L.p(cx, cy)
        area = L.r(ax + 8, ay + 8, aw - 16, ah - 16)
        r.clamp_ip(area)
        return r, f, lines

    def run(self, max_frames: int | None = None, screenshot: str | None = None) -> int:
        while self.running:
            self.step()
            if max_frames is not None and self.frame >= max_frames:
                break
        if screenshot:
            self.save_screenshot(screenshot)
        return self.exit_code

    def save_screenshot(self, path: str) -> None:
        import os
        d = os.path.dirname(os.path.abspath(path))
        os.makedirs(d, exist_ok=True)
        pygame.image.save(self.screen, path)

    def post_action(self, name: str, **kw) -> None:
        """Deliver an action directly (used by attract mode)."""
        if self.stack.top:
            self.stack.top.handle_action(Action(name, **kw))
