"""Region jumps on the Struggle map (a part the map scene holds): one click on a region's row
of the "if scored now" table (the tracks panel; hovering it already shows the region), or one
key (F2 the whole map, F3 Europe ... F9 Southeast Asia), zooms the map to that region's
countries; the same row again, or F2, shows the whole map."""

from __future__ import annotations

import pygame

from squabble.games.struggle.data import REGIONS

#: (region or None for the whole map, key)
JUMPS = ((None, pygame.K_F2), ("Europe", pygame.K_F3), ("Asia", pygame.K_F4),
         ("Middle East", pygame.K_F5), ("Africa", pygame.K_F6), ("Central America", pygame.K_F7),
         ("South America", pygame.K_F8), ("Southeast Asia", pygame.K_F9))


def zoom_to(map_view, region: str | None) -> None:
    """Fit the view to the countries of ``region`` (the whole map when None)."""
    if region is None:
        map_view.view.reset()
        return
    zoom_to_countries(map_view, REGIONS[region])


def zoom_to_countries(map_view, names) -> None:
    """Fit the view to ``names`` (countries of the map)."""
    v = map_view.view
    rects = [map_view.board.rect(n) for n in names if n in map_view.board]
    if not rects:
        return
    x0 = min(r[0] for r in rects)
    y0 = min(r[1] for r in rects)
    x1 = max(r[0] + r[2] for r in rects)
    y1 = max(r[1] + r[3] for r in rects)
    pad = 40
    w, h = x1 - x0 + 2 * pad, y1 - y0 + 2 * pad
    zoom = min(v.rect.w / (w * v.fit_scale), v.rect.h / (h * v.fit_scale))
    v.zoom = max(v.min_zoom, min(v.max_zoom, zoom))
    v.center_on((x0 + x1) / 2, (y0 + y1) / 2)


class RegionJump:
    """``zoomed``: the region the map is zoomed to by a jump (None: the whole map)."""

    def __init__(self, map_view):
        self.map = map_view
        self.zoomed = None

    def jump_to(self, region) -> None:
        """Zoom to ``region``; asked again (or None), the whole map."""
        if region is not None and region == self.zoomed:
            region = None
        zoom_to(self.map, region)
        self.zoomed = region

    def key(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            for region, key in JUMPS:
                if ev.key == key:
                    self.jump_to(region)
                    return True
        return False
