"""A zoom/pan transform from a logical layout (any units) onto a rectangle of the window.

At zoom 1 the whole layout fits the rectangle (aspect kept, centred).  Zooming keeps the point under
the cursor still; panning is clamped so the layout never leaves the rectangle entirely.  Knows no game.
"""

from __future__ import annotations

import pygame


class Viewport:
    def __init__(self, world_size: tuple[float, float], *, min_zoom: float = 1.0,
                 max_zoom: float = 5.0):
        self.world_w, self.world_h = float(world_size[0]), float(world_size[1])
        self.min_zoom, self.max_zoom = min_zoom, max_zoom
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.zoom = 1.0
        # the world point shown at the centre of the rectangle
        self.cx, self.cy = self.world_w / 2, self.world_h / 2
        self.version = 0     # bumped on every change: drawing caches key on it

    # ------------------------------------------------------------ set-up
    def set_rect(self, rect) -> None:
        rect = pygame.Rect(rect)
        if rect.w < 1 or rect.h < 1:
            rect.size = (max(1, rect.w), max(1, rect.h))
        if rect != self.rect:
            self.rect = rect
            self._clamp()
            self.version += 1

    @property
    def fit_scale(self) -> float:
        return min(self.rect.w / self.world_w, self.rect.h / self.world_h)

    @property
    def scale(self) -> float:
        """Screen pixels per logical unit."""
        return self.fit_scale * self.zoom

    # ------------------------------------------------------------ transforms
    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        s = self.scale
        return (self.rect.centerx + (x - self.cx) * s, self.rect.centery + (y - self.cy) * s)

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        s = self.scale
        return (self.cx + (px - self.rect.centerx) / s, self.cy + (py - self.rect.centery) / s)

    def rect_to_screen(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        x0, y0 = self.to_screen(x, y)
        x1, y1 = self.to_screen(x + w, y + h)
        r = pygame.Rect(round(x0), round(y0), 0, 0)
        r.w = max(1, round(x1) - r.x)
        r.h = max(1, round(y1) - r.y)
        return r

    def visible_world(self) -> tuple[float, float, float, float]:
        x0, y0 = self.to_world(self.rect.left, self.rect.top)
        x1, y1 = self.to_world(self.rect.right, self.rect.bottom)
        return x0, y0, x1 - x0, y1 - y0

    # ------------------------------------------------------------ moves
    def zoom_at(self, factor: float, screen_pos=None) -> bool:
        """Multiply the zoom, keeping the world point under ``screen_pos`` still."""
        if screen_pos is None:
            screen_pos = self.rect.center
        new = min(self.max_zoom, max(self.min_zoom, self.zoom * factor))
        if abs(new - self.zoom) < 1e-9:
            return False
        wx, wy = self.to_world(*screen_pos)
        self.zoom = new
        s = self.scale
        self.cx = wx - (screen_pos[0] - self.rect.centerx) / s
        self.cy = wy - (screen_pos[1] - self.rect.centery) / s
        self._clamp()
        self.version += 1
        return True

    def set_zoom(self, zoom: float, screen_pos=None) -> bool:
        return self.zoom_at(zoom / self.zoom, screen_pos)

    def pan_by(self, dx_px: float, dy_px: float) -> bool:
        """Move the view by screen pixels (drag right -> content moves right)."""
        s = self.scale
        ocx, ocy = self.cx, self.cy
        self.cx -= dx_px / s
        self.cy -= dy_px / s
        self._clamp()
        if (ocx, ocy) != (self.cx, self.cy):
            self.version += 1
            return True
        return False

    def center_on(self, x: float, y: float) -> None:
        self.cx, self.cy = x, y
        self._clamp()
        self.version += 1

    def ensure_visible(self, x: float, y: float, w: float, h: float, margin: float = 0.0) -> bool:
        """Pan the least needed so the world rectangle is fully on screen (zoom unchanged)."""
        vx, vy, vw, vh = self.visible_world()
        m = margin / self.scale
        ncx, ncy = self.cx, self.cy
        if w + 2 * m >= vw:
            ncx = x + w / 2
        elif x - m < vx:
            ncx += (x - m) - vx
        elif x + w + m > vx + vw:
            ncx += (x + w + m) - (vx + vw)
        if h + 2 * m >= vh:
            ncy = y + h / 2
        elif y - m < vy:
            ncy += (y - m) - vy
        elif y + h + m > vy + vh:
            ncy += (y + h + m) - (vy + vh)
        if (ncx, ncy) == (self.cx, self.cy):
            return False
        self.cx, self.cy = ncx, ncy
        self._clamp()
        self.version += 1
        return True

    def reset(self) -> None:
        self.zoom = 1.0
        self.cx, self.cy = self.world_w / 2, self.world_h / 2
        self.version += 1

    def _clamp(self) -> None:
        """Keep the view inside the layout (centred on an axis where it all fits)."""
        s = self.scale
        half_w = self.rect.w / s / 2
        half_h = self.rect.h / s / 2
        if half_w * 2 >= self.world_w:
            self.cx = self.world_w / 2
        else:
            self.cx = min(max(self.cx, half_w), self.world_w - half_w)
        if half_h * 2 >= self.world_h:
            self.cy = self.world_h / 2
        else:
            self.cy = min(max(self.cy, half_h), self.world_h - half_h)
