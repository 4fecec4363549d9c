"""Region jump buttons on the Struggle map (a mixin of ``StruggleScene``): one click on a chip
along the map's foot, or one key (F2 the whole map, F3 Europe ... F9 Southeast Asia), zooms the
map to that region's countries."""

from __future__ import annotations

import pygame

from squabble.framework.layout import fit_font, text
from squabble.games.struggle.data import REGIONS
from squabble.ui import theme

#: (chip label, region or None for the whole map, key)
JUMPS = (("World", None, pygame.K_F2), ("Europe", "Europe", pygame.K_F3),
         ("Asia", "Asia", pygame.K_F4), ("Middle East", "Middle East", pygame.K_F5),
         ("Africa", "Africa", pygame.K_F6), ("C. America", "Central America", pygame.K_F7),
         ("S. America", "South America", pygame.K_F8), ("SE Asia", "Southeast Asia", pygame.K_F9))
CHIP_Y, CHIP_H, CHIP_X0, CHIP_W = 476, 20, 150, 94


def chip_rects():
    return [(label, region, (CHIP_X0 + i * (CHIP_W + 4), CHIP_Y, CHIP_W, CHIP_H))
            for i, (label, region, _k) in enumerate(JUMPS)]


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
    def region_key(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            for _label, region, key in JUMPS:
                if ev.key == key:
                    zoom_to(self.map, region)
                    return True
        return False

    def region_click(self, lp) -> bool:
        for _label, region, (x, y, w, h) in chip_rects():
            if x <= lp[0] < x + w and y <= lp[1] < y + h:
                zoom_to(self.map, region)
                return True
        return False

    def draw_region_chips(self, surf, L) -> None:
        for i, (label, region, r) in enumerate(chip_rects()):
            rr = L.r(r)
            pygame.draw.rect(surf, (26, 32, 48), rr, border_radius=L.s(9))
            pygame.draw.rect(surf, (90, 100, 130), rr, max(1, L.s(1)), border_radius=L.s(9))
            s = f"F{i + 2} {label}"
            text(surf, s, fit_font(L, s, r[2] - 8, 15, bold=True), theme.TEXT, rr.center,
                 "center")
