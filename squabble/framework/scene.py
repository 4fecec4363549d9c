"""Scenes and the scene stack."""

from __future__ import annotations


class Scene:
    opaque = True          # draws the whole screen (scenes under it are not drawn)
    name = "scene"

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
        does not know says True."""
        return True


class SceneStack:
    def __init__(self):
        self.scenes: list[Scene] = []

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
        s.on_exit()
        if self.top:
            self.top.on_resume()
        return s

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            was_top = scene is self.top
            self.scenes.remove(scene)
            scene.on_exit()
            if was_top and self.top:
                self.top.on_resume()

    def replace_all(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().on_exit()
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
