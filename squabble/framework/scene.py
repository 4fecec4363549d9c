"""Scenes and the scene stack."""

from __future__ import annotations


class Scene:
    opaque = True          # draws the whole screen (scenes under it are not drawn)
    name = "scene"
    #: a slow animation (drifting decor, a "thinking" ellipsis): seconds between its pictures,
    #: or None.  The app draws such a scene that often while it rests, and not every frame.
    frame_every: float | None = None
    shown_at = -1e9        # the app's time when this scene was last drawn (set by the app)

    def __init__(self, app):
        self.app = app

    def on_enter(self): pass
    def on_exit(self): pass
    def on_resume(self): pass
    def handle_action(self, action) -> None: pass          # an input.Action
    def handle_mouse(self, kind: str, lpos, button: int) -> None: pass  # kind: move/down/up/wheel
    def update(self, dt: float) -> None: pass
    def draw(self, surf) -> None: pass

    def animating(self) -> bool:
        """Does the picture change by itself this frame?  The app skips drawing a frame when no
        visible scene animates and nothing happened (no input, no toast, no resize); a scene that
        does not know says True.  A slow animation says False and sets ``frame_every``."""
        return True

    def toast_area(self) -> tuple | None:
        """Where the app's toasts may go over this scene: a logical (x, y, w, h) clear of what
        must stay readable (a log column), or None for anywhere (bottom centre of the screen).
        The topmost visible scene that names an area decides."""
        return None

    def overlay(self):
        """An overlay this scene draws over the whole of itself (the rules over a map), or
        None.  A toast raised on this scene before the overlay opened stays under it: it is not
        drawn while that overlay is open (a toast raised while it is open is about it and shows
        over it)."""
        return None

    def wake_in(self) -> float | None:
        """At rest (no visible scene animating), the longest the app may sleep waiting for input
        before it calls ``update`` again, in seconds (e.g. a short poll while a computer player
        thinks).  None: no hurry (the app still updates every scene ten times a second, so
        timers and polls keep working, and wakes for the next picture of a ``frame_every``)."""
        return None


class SceneStack:
    """The scenes on screen, the top one in front.  A scene that leaves the stack gets
    ``on_exit``; a game's scene (one holding a ``TurnFlow`` as ``flow``) that leaves it for good
    also closes its flow, which stops the computer's worker process (issue 50, item 11)."""

    def __init__(self):
        self.scenes: list[Scene] = []

    def _left(self, scene: Scene) -> None:
        scene.on_exit()
        flow = getattr(scene, "flow", None)
        close = getattr(flow, "close", None)
        if close is None or any(getattr(s, "flow", None) is flow for s in self.scenes):
            return
        close()

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        self._left(s)
        if self.top:
            self.top.on_resume()
        return s

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            was_top = scene is self.top
            self.scenes.remove(scene)
            self._left(scene)
            if was_top and self.top:
                self.top.on_resume()

    def replace_all(self, scene: Scene) -> None:
        while self.scenes:
            self._left(self.scenes.pop())
        self.push(scene)

    def find(self, cls):
        for s in reversed(self.scenes):
            if isinstance(s, cls):
                return s
        return None

    def visible(self) -> list[Scene]:
        out = []
        for s in reversed(self.scenes):
            out.append(s)
            if s.opaque:
                break
        return list(reversed(out))
