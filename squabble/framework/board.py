"""A board of named, hit-testable spaces in logical coordinates, with directional focus moves.

Knows no game: a space is a name and a logical rectangle.  ``neighbour`` picks the space a focus ring
should move to for a direction (arrow key, d-pad, stick) so every space can be reached.
"""

from __future__ import annotations

import math


class Board:
    def __init__(self, spaces: dict[str, tuple[float, float, float, float]] | None = None):
        self.spaces: dict[str, tuple[float, float, float, float]] = {}
        if spaces:
            for name, rect in spaces.items():
                self.add(name, rect)

    def add(self, name: str, rect) -> None:
        x, y, w, h = rect
        self.spaces[name] = (float(x), float(y), float(w), float(h))

    def __contains__(self, name) -> bool:
        return name in self.spaces

    def __len__(self) -> int:
        return len(self.spaces)

    def rect(self, name: str) -> tuple[float, float, float, float]:
        return self.spaces[name]

    def center(self, name: str) -> tuple[float, float]:
        x, y, w, h = self.spaces[name]
        return x + w / 2, y + h / 2

    def hit(self, x: float, y: float, slop: float = 0.0) -> str | None:
        """The space containing the logical point (the nearest within ``slop`` if none does)."""
        best, best_d = None, None
        for name, (sx, sy, sw, sh) in self.spaces.items():
            dx = max(sx - x, 0.0, x - (sx + sw))
            dy = max(sy - y, 0.0, y - (sy + sh))
            d = math.hypot(dx, dy)
            if d == 0.0:
                return name
            if d <= slop and (best_d is None or d < best_d):
                best, best_d = name, d
        return best

    def neighbour(self, name: str, dx: float, dy: float) -> str | None:
        """The space a focus move in direction (dx, dy) goes to, or None if there is none.

        Candidates lie ahead within a 60-degree half-cone; the score favours distance along the
        direction and punishes sideways drift.  If the cone is empty the widest half-plane is used,
        so a space at the edge can still reach the rest of the board.
        """
        if name not in self.spaces or (dx == 0 and dy == 0):
            return None
        n = math.hypot(dx, dy)
        ux, uy = dx / n, dy / n
        cx, cy = self.center(name)
        best, best_score = None, None
        fallback, fallback_score = None, None
        for other in self.spaces:
            if other == name:
                continue
            ox, oy = self.center(other)
            vx, vy = ox - cx, oy - cy
            along = vx * ux + vy * uy
            if along <= 0.5:
                continue
            across = abs(-vx * uy + vy * ux)
            score = along + 2.0 * across
            if across <= along * 1.74:  # within +-60 degrees
                if best_score is None or score < best_score:
                    best, best_score = other, score
            elif fallback_score is None or score < fallback_score:
                fallback, fallback_score = other, score
        return best if best is not None else fallback

    def reachable(self, start: str) -> set[str]:
        """Every space reachable from ``start`` by directional moves (for tests and checks)."""
        seen = {start}
        todo = [start]
        while todo:
            cur = todo.pop()
            for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nb = self.neighbour(cur, *d)
                if nb is not None and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        return seen
