"""Keyboard / gamepad focus over a set of on-screen items, moved spatially by direction."""

from __future__ import annotations


def _center(rect):
    x, y, w, h = rect
    return x + w / 2, y + h / 2


class FocusRing:
    """Items are any objects with a logical ``rect``; ``key`` picks a stable identity."""

    def __init__(self):
        self.items: list = []
        self.index = 0
        self.visible = False   # focus frame shown once keys/pad are used
        # the item the player last moved to: it gets the focus back when it returns after a
        # while away (a lit country is gone while its placement's beats play, then back)
        self.wanted = None
        # the focus fell on the first item because the one it was on left (not a place the
        # player chose): when the items change again it starts from the first again
        self._fell = False
        self._key = lambda it: getattr(it, "name", id(it))

    def set_items(self, items: list, key=lambda it: getattr(it, "name", id(it))) -> None:
        old = self.current
        old_key = key(old) if old is not None else None
        self._key = key
        self.items = list(items)
        self.index = 0
        keys = [key(it) for it in self.items]
        kept = None if self._fell else old_key
        for want in (self.wanted, kept):
            if want is not None and want in keys:
                self.index = keys.index(want)
                self._fell = False
                break
        else:
            # e.g. only the log is left while a move is on its way to the server: the lit
            # countries that come back with the next decision get the focus, not the log
            self._fell = True     # until the player moves the focus, the first item has it

    def _moved(self) -> None:
        cur = self.current
        self.wanted = self._key(cur) if cur is not None else None
        self._fell = False

    @property
    def current(self):
        if not self.items:
            return None
        self.index %= len(self.items)
        return self.items[self.index]

    def focus(self, item) -> None:
        for i, it in enumerate(self.items):
            if it is item:
                self.index = i
                self._moved()
                return

    def next(self, step: int = 1) -> None:
        if self.items:
            self.index = (self.index + step) % len(self.items)
            self.visible = True
            self._moved()

    def move(self, direction: str) -> None:
        """Focus the nearest item in that direction (arrows, d-pad)."""
        self.visible = True
        cur = self.current
        if cur is None:
            return
        cx, cy = _center(cur.rect)
        dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
        best, best_score = None, None
        for i, it in enumerate(self.items):
            if it is cur:
                continue
            x, y = _center(it.rect)
            along = (x - cx) * dx + (y - cy) * dy
            if along <= 1:
                continue
            across = abs((x - cx) * dy) + abs((y - cy) * dx)
            score = along + 2.5 * across
            if best_score is None or score < best_score:
                best, best_score = i, score
        if best is None:  # wrap around in reading order
            self.next(1 if direction in ("right", "down") else -1)
        else:
            self.index = best
            self._moved()
