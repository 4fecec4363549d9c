"""The Twilight Struggle world map, drawn by the project at window resolution.

Layout (where each country box sits) comes from ``assets/struggle/map.json``; the rules facts
(stability, battlegrounds, regions, adjacency) from the engine's data (``countries.json``).  The map is
drawn in two layers: a static layer (region tints, adjacency links, country boxes with name and
stability) cached per viewport, and a live layer drawn each frame (influence markers, control, lit
targets with their label, the focus ring, animations).

This module holds ``MapGeometry`` (layout, links, the viewport, fonts, where a country is on the
screen: what every part of the map shares) and ``MapView``, which holds its parts by composition
and owns hit-testing and focus movement, zoom and pan, the change animations and the drawing
order.  The parts beside it: ``map_style`` (palette, names), ``map_static`` (``StaticLayer``: the
static layer, the picture and its stand-ins), ``map_markers`` (``LiveLayer``: markers, lit
targets, the legend) and ``map_detail`` (``DetailCard``).  Each part gets the geometry (and the
live layer, when it paints markers) in its constructor and reads nothing else of another's.
"""

from __future__ import annotations

import json
import math

import pygame

from squabble.assets_loc import asset_path
from squabble.framework.board import Board
from squabble.framework.fonts import font as font_of
from squabble.framework.viewport import Viewport
from squabble.games.struggle.query import controller
from squabble.games.struggle.data import (COUNTRIES, SUPERPOWER_ADJ)
from squabble.ui.struggle.map_style import (FOCUS, MIN_NAME_PX, PAPER, REGION_LABEL,
                                            REGION_TINT, SHORT_NAME, TINY_NAME, _mix, tint_region)
from squabble.ui.struggle.map_static import StaticLayer
from squabble.ui.struggle.map_markers import LiveLayer
from squabble.ui.struggle.map_detail import DetailCard


class _Anim:
    """A short pulse on one country (influence changed)."""
    __slots__ = ("country", "t", "duration", "before", "after")

    def __init__(self, country, before, after, duration=0.9):
        self.country, self.before, self.after = country, before, after
        self.t, self.duration = 0.0, duration

    @property
    def k(self) -> float:
        return min(1.0, self.t / self.duration)


NO_INFLUENCE = (0, 0, None)     # (USA, USSR, controller)


class MapGeometry:
    """The map's layout and camera, shared by its layers: the board (each country's box in world
    coordinates), the superpowers, the adjacency links, the land masses, the viewport (zoom and
    pan onto the window), the fonts, and where a country is on the screen."""

    def __init__(self):
        with open(asset_path("struggle", "map.json"), encoding="utf-8") as fh:
            data = json.load(fh)
        self.world = tuple(data["world"])
        bw, bh = data["box"]
        sw, sh = data["superpower_box"]
        self.box = (bw, bh)
        self.board = Board()
        for name, c in data["countries"].items():
            if name not in COUNTRIES:
                raise ValueError(f"map.json places {name!r}, which is not a country of the game")
            self.board.add(name, (c["x"] - bw / 2, c["y"] - bh / 2, bw, bh))
        missing = sorted(set(COUNTRIES) - set(self.board.spaces))
        if missing:
            raise ValueError("map.json has no place for: " + ", ".join(missing))
        self.superpowers = {n: (c["x"] - sw / 2, c["y"] - sh / 2, sw, sh)
                            for n, c in data["superpowers"].items()}
        self.view = Viewport(self.world, min_zoom=1.0, max_zoom=4.0)
        self.links = self._links()
        self.land_groups: dict[str, list] = {}
        for name in sorted(self.board.spaces):
            self.land_groups.setdefault(tint_region(name), []).append(name)
        self.land_bridges = {r: [(a, b) for a, b in self.links
                                 if a in ns and b in ns and self._near(a, b)]
                             for r, ns in ((r, set(v)) for r, v in self.land_groups.items())}
        self.region_label_pos = {r: tuple(p) for r, p in data.get("labels", {}).items()
                                 if r in REGION_LABEL}
        self._fonts: dict = {}
        self._rects: dict = {}
        self._rects_version = None

    def _links(self):
        """Adjacency links as (a, b) pairs with a < b; superpower links use "USA"/"USSR"."""
        out = set()
        for n, c in COUNTRIES.items():
            for a in c["adjacent"]:
                out.add(tuple(sorted((n, a))))
        for sp, adj in SUPERPOWER_ADJ.items():
            for a in adj:
                out.add(tuple(sorted((sp, a))))
        return sorted(out)

    def _near(self, a, b) -> bool:
        (ax, ay), (bx, by) = self.board.center(a), self.board.center(b)
        return math.hypot(ax - bx, ay - by) < 200

    def world_rect(self, name):
        return self.superpowers[name] if name in self.superpowers else self.board.rect(name)

    def world_center(self, name):
        x, y, w, h = self.world_rect(name)
        return x + w / 2, y + h / 2

    def link_segments(self):
        """World-coordinate segments for each link; a link that would cross the whole map (e.g. USA to
        Japan over the Pacific) is drawn as two stubs leaving the map's edges."""
        segs = []
        W = self.world[0]
        for a, b in self.links:
            (ax, ay), (bx, by) = self.world_center(a), self.world_center(b)
            if abs(ax - bx) > W * 0.55:
                if ax > bx:
                    (ax, ay), (bx, by) = (bx, by), (ax, ay)
                # a on the left, b on the right: wrap around the edges
                span = (ax - 0) + (W - bx)
                ym = ay + (by - ay) * (ax / span) if span else ay
                segs.append(((a, b), (ax, ay), (0, ym), True))
                segs.append(((a, b), (bx, by), (W, ym), True))
            else:
                segs.append(((a, b), (ax, ay), (bx, by), False))
        return segs

    def country_rect(self, name: str) -> pygame.Rect:
        """Where a country's box is on the screen (cached per zoom and pan)."""
        if self._rects_version != (self.view.version, self.view.rect.topleft):
            self._rects = {n: self.view.rect_to_screen(*r) for n, r in self.board.spaces.items()}
            self._rects_version = (self.view.version, self.view.rect.topleft)
        return pygame.Rect(self._rects[name])

    def font(self, px: float, bold=False) -> pygame.font.Font:
        key = (max(6, round(px)), bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = font_of(key[0], bold)
        return f

    def text(self, surf, s, px, colour, center=None, bold=False, **anchor):
        from squabble.framework import layout as LY
        f = self.font(px, bold)
        img = LY.render(s, f, colour)
        r = img.get_rect(center=center) if center is not None else img.get_rect(**anchor)
        if LY.WATCHERS:
            LY.watch_text("text", surf, r, s, f, colour)
        surf.blit(img, r)
        return r

    def name_label(self, name: str, max_w: int, px: float) -> tuple[str, float]:
        """The name (or a shorter form) and font size that fit ``max_w`` pixels: the full name if
        it fits at nearly the common size, else the shorter forms, so names keep one size; never
        below MIN_NAME_PX unless even the shortest form needs it."""
        base = max(px, MIN_NAME_PX)
        for label in (name, SHORT_NAME.get(name), TINY_NAME.get(name)):
            if not label:
                continue
            p = base
            w = self.font(p, True).size(label)[0]
            if w > max_w:
                p = max(MIN_NAME_PX, base * 0.95, math.floor(p * max_w / w))
            if self.font(p, True).size(label)[0] <= max_w:
                return label, p
        label = TINY_NAME.get(name) or SHORT_NAME.get(name) or name
        p = min(px, MIN_NAME_PX)
        while self.font(p, True).size(label)[0] > max_w and p > 7:
            p -= 1
        return label, p


class MapView:
    """The map a scene holds: hit-testing and focus moves, zoom and pan (mouse, keys, pad), the
    pulse of an influence change, and the drawing order of its parts, which it holds: the shared
    geometry (``geo``), the live layer (``live``: markers, lit targets, sprites), the static layer
    and the picture (``static``) and the country detail card (``detail``)."""

    ZOOM_STEP = 1.25

    def __init__(self):
        self.geo = MapGeometry()
        self.live = LiveLayer(self.geo)
        self.static = StaticLayer(self.geo, self.live)
        self.detail = DetailCard(self.geo, self.live)
        self._anims: list[_Anim] = []
        self._anim_by_country: dict = {}
        self._last_inf: dict = {}
        self._last_raw: dict | None = None
        self._drag_from = None
        self._dragged = False
        self._stick = [0.0, 0.0]       # right stick: pan
        self._trig = [0.0, 0.0]        # triggers: zoom out / in

    @property
    def view(self) -> Viewport:
        return self.geo.view

    @property
    def board(self) -> Board:
        return self.geo.board

    @property
    def world(self) -> tuple:
        return self.geo.world

    @property
    def standing_in(self) -> bool:
        """Did the last frame show a stand-in (the last picture moved or scaled)?"""
        return self.static.standing_in

    def link_segments(self):
        return self.geo.link_segments()

    def name_label(self, name: str, max_w: int, px: float) -> tuple[str, float]:
        return self.geo.name_label(name, max_w, px)

    def font(self, px: float, bold=False) -> pygame.font.Font:
        return self.geo.font(px, bold)

    def _marker_rects(self, rr, s):
        """(The readability test measures the markers through the map.)"""
        return self.live.marker_rects(rr, s)

    def offscreen_marks(self, names) -> list[tuple[str, tuple[int, int]]]:
        return self.live.offscreen_marks(names)

    def draw_detail(self, surf, name: str, state: dict, *, height: int | None = None,
                    colourblind: bool = False) -> pygame.Rect | None:
        return self.detail.draw(surf, name, state, height=height, colourblind=colourblind)

    # ------------------------------------------------------------ interface
    def set_rect(self, rect) -> None:
        self.view.set_rect(pygame.Rect(rect))

    @property
    def rect(self) -> pygame.Rect:
        return self.view.rect

    def country_at(self, pos) -> str | None:
        if not self.view.rect.collidepoint(pos):
            return None
        wx, wy = self.view.to_world(*pos)
        return self.board.hit(wx, wy)

    def country_rect(self, name: str) -> pygame.Rect:
        return self.geo.country_rect(name)

    def neighbour_in_direction(self, name: str, dx: int, dy: int) -> str | None:
        return self.board.neighbour(name, dx, dy)

    def ensure_visible(self, name: str) -> None:
        if name in self.board:
            self.view.ensure_visible(*self.board.rect(name), margin=8 * max(1.0, self.view.scale))

    def zoom(self, factor: float, pos=None) -> bool:
        return self.view.zoom_at(factor, pos)

    def handle_event(self, ev) -> bool:
        """Wheel zooms at the cursor; a right or middle drag (or a left drag that moves) pans;
        Ctrl/Shift with + - or arrows zooms and pans; a pad's right stick pans, triggers zoom."""
        t = ev.type
        if t == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if not self.view.rect.collidepoint(pos):
                return False
            self.view.zoom_at(self.ZOOM_STEP ** (1 if ev.y > 0 else -1) if ev.y else 1.0, pos)
            return True
        if t == pygame.MOUSEBUTTONDOWN and ev.button in (1, 2, 3):
            if self.view.rect.collidepoint(ev.pos):
                self._drag_from = (ev.pos, ev.button)
                self._dragged = False
                return ev.button != 1      # a left press may still become a click
            return False
        if t == pygame.MOUSEMOTION and self._drag_from is not None:
            (sx, sy), button = self._drag_from
            if not self._dragged and math.hypot(ev.pos[0] - sx, ev.pos[1] - sy) < 6:
                return False
            self._dragged = True
            self.view.pan_by(ev.pos[0] - sx, ev.pos[1] - sy)
            self._drag_from = (ev.pos, button)
            return True
        if t == pygame.MOUSEBUTTONUP and self._drag_from is not None and ev.button == self._drag_from[1]:
            dragged = self._dragged
            self._drag_from = None
            self._dragged = False
            return dragged or ev.button != 1
        if t == pygame.KEYDOWN:
            mods = ev.mod if hasattr(ev, "mod") else 0
            modded = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT | pygame.KMOD_ALT))
            if ev.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):   # "=" is "+" unshifted
                self.view.zoom_at(self.ZOOM_STEP)
                return True
            if ev.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.view.zoom_at(1 / self.ZOOM_STEP)
                return True
            if ev.key == pygame.K_0 and modded:
                self.view.reset()
                return True
            if modded and ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                step = self.view.rect.w * 0.15
                dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(ev.key, 0)
                dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(ev.key, 0)
                self.view.pan_by(dx, dy)
                return True
            return False
        if t == pygame.CONTROLLERAXISMOTION:
            v = ev.value / 32767.0
            v = 0.0 if abs(v) < 0.25 else v
            if ev.axis == pygame.CONTROLLER_AXIS_RIGHTX:
                self._stick[0] = v
                return True
            if ev.axis == pygame.CONTROLLER_AXIS_RIGHTY:
                self._stick[1] = v
                return True
            if ev.axis == pygame.CONTROLLER_AXIS_TRIGGERLEFT:
                self._trig[0] = max(0.0, v)
                return True
            if ev.axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT:
                self._trig[1] = max(0.0, v)
                return True
        return False

    def update(self, dt: float) -> bool:
        moving = False
        if self._stick[0] or self._stick[1]:
            speed = self.view.rect.w * 0.9 * dt
            self.view.pan_by(-self._stick[0] * speed, -self._stick[1] * speed)
            moving = True
        z = self._trig[1] - self._trig[0]
        if z:
            self.view.zoom_at(2.0 ** (z * dt * 2))
            moving = True
        for a in self._anims:
            a.t += dt
        self._anims = [a for a in self._anims if a.t < a.duration]
        return moving or bool(self._anims)

    @property
    def animating(self) -> bool:
        """A change's pulse, or the static layer still being drawn after a zoom or a pan."""
        return bool(self._anims) or self.static.busy

    # ------------------------------------------------------------ drawing
    def draw(self, surf, state: dict, *, lit: dict | None = None, focus: str | None = None,
             colourblind: bool = False, legend: bool = True, region: str | None = None) -> None:
        """``region`` (e.g. from hovering a row of the scoring preview) shows that region's
        countries at full brightness with the rest shaded, when nothing is lit."""
        lit = lit or {}
        self._note_changes(state)
        clip = surf.get_clip()
        surf.set_clip(self.view.rect.clip(clip) if clip else self.view.rect)
        bright = frozenset(lit) if lit else frozenset(
            n for n in self.board.spaces if region in COUNTRIES[n]["regions"]) if region else frozenset()
        inf = self._last_inf if isinstance(state.get("influence"), dict) else {}
        live = (inf, tuple(lit.items()), bright, colourblind)
        # sprites drawn for the picture are kept; while a stand-in shows, each size is used once
        self.live.moving = False
        static, pos = self.static.layer(surf, colourblind, live)
        self.live.moving = self.static.standing_in
        if static is not None:
            surf.blit(self.static.picture(static, pos, live), pos)
        # the stand-in (a moved or scaled picture) shows what it showed: a country whose influence
        # has changed since, or whose change is pulsing, is drawn over it now; if what is lit
        # changed, the stand-in is the plain map and all the live layer is drawn over it
        plain = static is None and self.static.stand_in_plain
        pictured = self.static.picture_live
        shown = {} if plain or not pictured else pictured[0]
        fresh = set(self._anim_by_country)
        if static is None:
            fresh.update(n for n, v in inf.items() if shown.get(n) != v)
        s = self.view.scale
        for name in fresh:
            if name not in self.board:
                continue
            r = self.country_rect(name)
            if r.colliderect(self.view.rect):
                self.live.draw_influence(surf, r, inf.get(name, NO_INFLUENCE), s, colourblind,
                                         self._anim_by_country.get(name))
                if name in lit and not plain:
                    self.live.draw_lit(surf, name, str(lit[name]), s)
        for name in lit if plain else ():
            if name in self.board and self.view.rect.colliderect(self.country_rect(name)):
                self.live.draw_lit(surf, name, str(lit[name]), s)
        off = [name for name in lit if name in self.board
               and not self.view.rect.colliderect(self.country_rect(name))]
        if off:
            self.live.draw_offscreen(surf, off)
        if region and not lit:
            col = _mix(REGION_TINT.get(region, PAPER), PAPER, 0.55)
            w = max(2, round(3 * s))
            for name in bright:
                r = self.country_rect(name)
                if r.colliderect(self.view.rect):
                    pygame.draw.rect(surf, col, r.inflate(w * 2, w * 2), w, border_radius=max(3, round(10 * s)))
        if legend and self.view.zoom < 1.05:
            img = self.live.legend(colourblind)
            x, y = self.view.to_screen(6, self.world[1] - 6)   # the empty sea south-west of Chile
            surf.blit(img, img.get_rect(bottomleft=(round(x), round(y))))
        if focus in self.board:
            r = self.country_rect(focus)
            w = max(2, round(4 * s))
            pygame.draw.rect(surf, FOCUS, r.inflate(w * 3, w * 3), w, border_radius=max(3, round(10 * s)))
        surf.set_clip(clip)

    def _note_changes(self, state):
        """Keep ``_last_inf`` (country -> (USA, USSR, controller)) and start a pulse on each
        country whose influence changed since the last frame."""
        infl = state.get("influence")
        self._anim_by_country = {a.country: a for a in self._anims}
        if not isinstance(infl, dict):
            return
        raw = {n: (v.get("USA", 0), v.get("USSR", 0)) for n, v in infl.items()}
        if raw == self._last_raw:
            return
        if self._last_raw is not None:
            for n, now in raw.items():
                before = self._last_raw.get(n)
                if before is not None and before != now and n in self.board:
                    self._anims = [a for a in self._anims if a.country != n]
                    self._anims.append(_Anim(n, before, now))
            self._anim_by_country = {a.country: a for a in self._anims}
        self._last_raw = raw
        self._last_inf = {n: v + (controller(state, n) if n in self.board else None,)
                          for n, v in raw.items()}
