"""The Twilight Struggle world map, drawn by the project at window resolution.

Layout (where each country box sits) comes from ``assets/struggle/map.json``; the rules facts
(stability, battlegrounds, regions, adjacency) from the engine's data (``countries.json``).  The map is
drawn in two layers: a static layer (region tints, adjacency links, country boxes with name and
stability) cached per viewport, and a live layer drawn each frame (influence markers, control, lit
targets with their label, the focus ring, animations).
"""

from __future__ import annotations

import json
import math

import pygame

from squabble.assets_loc import asset_path
from squabble.framework.board import Board
from squabble.framework.viewport import Viewport
from squabble.games.struggle.core import controller
from squabble.games.struggle.data import (BATTLEGROUND, COUNTRIES, STABILITY, SUPERPOWER_ADJ)
from squabble.ui import theme

# ---------------------------------------------------------------- palette
OCEAN = (14, 24, 40)
OCEAN_LINE = (24, 38, 60)
INK = (24, 24, 30)
PAPER = (236, 230, 214)
LINK = (120, 128, 150)
BG_NAME = (150, 34, 56)          # battleground name strip (crimson, like the board game's)
PLAIN_NAME = (52, 56, 70)

#: the tint of each region's land (sub-regions get their own shade)
REGION_TINT = {
    "Western Europe": (70, 96, 138),
    "Eastern Europe": (120, 82, 96),
    "Europe": (92, 90, 120),          # Austria and Finland (both sub-regions)
    "Middle East": (138, 112, 70),
    "Asia": (140, 96, 62),
    "Southeast Asia": (112, 124, 64),
    "Africa": (146, 120, 60),
    "Central America": (72, 122, 112),
    "South America": (70, 120, 78),
}
REGION_LABEL = {
    "Western Europe": "WESTERN EUROPE", "Eastern Europe": "EASTERN EUROPE",
    "Middle East": "MIDDLE EAST", "Asia": "ASIA", "Southeast Asia": "SOUTHEAST ASIA",
    "Africa": "AFRICA", "Central America": "CENTRAL AMERICA", "South America": "SOUTH AMERICA",
}

#: shorter names used when the full name does not fit its box
SHORT_NAME = {
    "Afghanistan": "Afghan.", "Czechoslovakia": "Czech.", "Dominican Rep": "Dom. Rep",
    "Laos/Cambodia": "Laos/Camb.", "SE African States": "SE Africa", "Saharan States": "Sahara",
    "West African States": "W. Africa", "Spain/Portugal": "Spain/Port.", "Saudi Arabia": "Saudi Ar.",
    "South Africa": "S. Africa", "Gulf States": "Gulf St.", "Ivory Coast": "Ivory C.",
    "El Salvador": "El Salv.",
}
#: the shortest names, for a whole-world view on a small window
TINY_NAME = {
    "Afghanistan": "Afgh.", "Argentina": "Arg.", "Australia": "Austl.", "Botswana": "Botsw.",
    "Bulgaria": "Bulg.", "Cameroon": "Cam.", "Colombia": "Col.", "Costa Rica": "C.Rica",
    "Czechoslovakia": "Czech", "Dominican Rep": "Dom.R", "E. Germany": "E.Ger", "El Salvador": "Salv.",
    "Ethiopia": "Ethi.", "Guatemala": "Guat.", "Gulf States": "Gulf", "Honduras": "Hond.",
    "Hungary": "Hung.", "Indonesia": "Indon.", "Ivory Coast": "Ivory", "Laos/Cambodia": "Laos",
    "Lebanon": "Leb.", "Malaysia": "Malay.", "Nicaragua": "Nic.", "Pakistan": "Pak.",
    "Paraguay": "Par.", "Philippines": "Phil.", "Romania": "Rom.", "S. Korea": "S.Kor",
    "N. Korea": "N.Kor", "SE African States": "SE Afr", "Saharan States": "Sahel",
    "Saudi Arabia": "Saudi", "South Africa": "S.Afr", "Spain/Portugal": "Spain", "Thailand": "Thai.",
    "Venezuela": "Ven.", "Vietnam": "Viet.", "W. Germany": "W.Ger", "West African States": "W.Afr",
    "Yugoslavia": "Yugo.", "Zimbabwe": "Zimb.", "Denmark": "Den.", "Ecuador": "Ecua.",
    "Finland": "Fin.", "Morocco": "Mor.", "Nigeria": "Nig.", "Tunisia": "Tun.", "Uruguay": "Urug.",
    "Benelux": "Benel.", "Austria": "Aust.", "Algeria": "Alg.", "Jordan": "Jord.", "Somalia": "Som.",
}
#: names are never drawn smaller than this many pixels (abbreviations take over first)
MIN_NAME_PX = 10

LIT = theme.LEGAL
_KEY = (255, 0, 255)    # colour key of opaque sprites with rounded corners
FOCUS = theme.FOCUS


def tint_region(country: str) -> str:
    """The region whose tint a country's land takes (its most specific region)."""
    regs = COUNTRIES[country]["regions"]
    for r in ("Southeast Asia", "Eastern Europe", "Western Europe"):
        if r in regs:
            if r != "Southeast Asia" and "Eastern Europe" in regs and "Western Europe" in regs:
                return "Europe"
            return r
    for r in ("Middle East", "Asia", "Africa", "Central America", "South America"):
        if r in regs:
            return r
    return regs[0]


def _mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


class _Anim:
    """A short pulse on one country (influence changed)."""
    __slots__ = ("country", "t", "duration", "before", "after")

    def __init__(self, country, before, after, duration=0.9):
        self.country, self.before, self.after = country, before, after
        self.t, self.duration = 0.0, duration

    @property
    def k(self) -> float:
        return min(1.0, self.t / self.duration)


class MapView:
    ZOOM_STEP = 1.25

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
        self._static = None
        self._static_key = None
        self._static_cover = (0.0, 0.0, 0.0, 0.0)
        self._buf = None
        self._dbuf = None
        self._anims: list[_Anim] = []
        self._anim_by_country: dict = {}
        self._sprites: dict = {}
        self._rects: dict = {}
        self._details: dict = {}
        self._rects_version = None
        self._dimmed = None
        self._last_inf: dict | None = None
        self._drag_from = None
        self._dragged = False
        self._stick = [0.0, 0.0]       # right stick: pan
        self._trig = [0.0, 0.0]        # triggers: zoom out / in

    # ------------------------------------------------------------ layout data
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

    def _world_rect(self, name):
        return self.superpowers[name] if name in self.superpowers else self.board.rect(name)

    def _world_center(self, name):
        x, y, w, h = self._world_rect(name)
        return x + w / 2, y + h / 2

    def link_segments(self):
        """World-coordinate segments for each link; a link that would cross the whole map (e.g. USA to
        Japan over the Pacific) is drawn as two stubs leaving the map's edges."""
        segs = []
        W = self.world[0]
        for a, b in self.links:
            (ax, ay), (bx, by) = self._world_center(a), self._world_center(b)
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
        if self._rects_version != (self.view.version, self.view.rect.topleft):
            self._rects = {n: self.view.rect_to_screen(*r) for n, r in self.board.spaces.items()}
            self._rects_version = (self.view.version, self.view.rect.topleft)
        return pygame.Rect(self._rects[name])

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
        return bool(self._anims)

    # ------------------------------------------------------------ fonts
    def font(self, px: float, bold=False) -> pygame.font.Font:
        key = (max(6, round(px)), bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = pygame.font.Font(None, key[0])
            f.set_bold(bold)
        return f

    def _text(self, surf, s, px, colour, center=None, bold=False, **anchor):
        from squabble.framework.layout import render
        img = render(s, self.font(px, bold), colour)
        r = img.get_rect(center=center) if center is not None else img.get_rect(**anchor)
        surf.blit(img, r)
        return r

    # ------------------------------------------------------------ drawing
    def draw(self, surf, state: dict, *, lit: dict | None = None, focus: str | None = None,
             colourblind: bool = False, legend: bool = True, region: str | None = None) -> None:
        """``region`` (e.g. from hovering a row of the scoring preview) shows that region's
        countries at full brightness with the rest shaded, when nothing is lit."""
        lit = lit or {}
        self._note_changes(state)
        clip = surf.get_clip()
        surf.set_clip(self.view.rect.clip(clip) if clip else self.view.rect)
        static, (ox, oy) = self._static_layer(surf, colourblind)
        bright = lit or ([n for n in self.board.spaces if region in COUNTRIES[n]["regions"]]
                         if region else [])
        if bright:
            # the shaded copy of the map, with the legal targets (or the region) cut back in
            surf.blit(self._dimmed_layer(static, (ox, oy)), (ox, oy))
            grow = max(2, round(4 * self.view.scale))
            for name in bright:
                if name in self.board:
                    r = self.country_rect(name).inflate(grow, grow)
                    surf.blit(static, r.topleft, r.move(-ox, -oy))
        else:
            surf.blit(static, (ox, oy))
        infl = state.get("influence")
        if not isinstance(infl, dict):
            infl = {}
        s = self.view.scale
        self._anim_by_country = {a.country: a for a in self._anims}
        empty = {"USA": 0, "USSR": 0}
        for name in self.board.spaces:
            r = self.country_rect(name)
            if not r.colliderect(self.view.rect):
                continue
            ci = infl.get(name, empty)
            ctrl = controller(state, name) if name in infl else None
            self._draw_influence(surf, name, r, ci, s, colourblind, ctrl)
        off = []
        for name, label in lit.items():
            if name in self.board:
                if self.view.rect.colliderect(self.country_rect(name)):
                    self._draw_lit(surf, name, str(label), s)
                else:
                    off.append(name)
        if off:
            self._draw_offscreen(surf, off)
        if region and not lit:
            col = _mix(REGION_TINT.get(region, PAPER), PAPER, 0.55)
            w = max(2, round(3 * s))
            for name in bright:
                r = self.country_rect(name)
                if r.colliderect(self.view.rect):
                    pygame.draw.rect(surf, col, r.inflate(w * 2, w * 2), w, border_radius=max(3, round(10 * s)))
        if legend and self.view.zoom < 1.05:
            img = self._legend(colourblind)
            x, y = self.view.to_screen(6, self.world[1] - 6)   # the empty sea south-west of Chile
            surf.blit(img, img.get_rect(bottomleft=(round(x), round(y))))
        if focus in self.board:
            r = self.country_rect(focus)
            w = max(2, round(4 * s))
            pygame.draw.rect(surf, FOCUS, r.inflate(w * 3, w * 3), w, border_radius=max(3, round(10 * s)))
        surf.set_clip(clip)

    def _note_changes(self, state):
        infl = state.get("influence")
        if not isinstance(infl, dict):
            return
        snap = {n: (v.get("USA", 0), v.get("USSR", 0)) for n, v in infl.items()}
        if self._last_inf is not None:
            for n, now in snap.items():
                before = self._last_inf.get(n)
                if before is not None and before != now and n in self.board:
                    self._anims = [a for a in self._anims if a.country != n]
                    self._anims.append(_Anim(n, before, now))
        self._last_inf = snap

    #: extra map drawn around the visible part when zoomed in, so panning only moves a picture
    PAN_MARGIN = 0.25

    def _static_layer(self, surf, colourblind) -> tuple[pygame.Surface, tuple[int, int]]:
        """The map without markers, and the screen position of its top-left corner.

        Drawn at window resolution for the current zoom, covering the visible area plus a margin;
        panning within the margin reuses it, anything else redraws it."""
        s = self.view.scale
        vx, vy, vw, vh = self.view.visible_world()
        c = self._static_cover
        key = (round(s, 9), self.view.rect.size, colourblind, surf.get_bitsize())
        if (self._static is not None and self._static_key == key and c[0] <= vx + 1e-6
                and c[1] <= vy + 1e-6 and vx + vw <= c[0] + c[2] + 1e-6 and vy + vh <= c[1] + c[3] + 1e-6):
            return self._static, self._static_pos()
        # a new zoom draws just the visible part (the wheel may turn again at once); a pan that
        # leaves the picture at the same zoom draws a margin around it for the pans that follow
        same_zoom = self._static is not None and self._static_key == key
        m = self.PAN_MARGIN if self.view.zoom > 1.0001 and same_zoom else 0.0
        wx0 = max(min(vx, 0.0), vx - vw * m) if m else vx
        wy0 = max(min(vy, 0.0), vy - vh * m) if m else vy
        wx1 = min(max(vx + vw, self.world[0]), vx + vw * (1 + m)) if m else vx + vw
        wy1 = min(max(vy + vh, self.world[1]), vy + vh * (1 + m)) if m else vy + vh
        # whole pixels, so the picture lines up exactly when it is moved
        size = (max(1, math.ceil((wx1 - wx0) * s) + 1), max(1, math.ceil((wy1 - wy0) * s) + 1))
        layer = self._buffer("_buf", size)
        layer.fill(OCEAN)
        self._static_cover = (wx0, wy0, (size[0] - 1) / s, (size[1] - 1) / s)

        def scr(x, y):
            return (x - wx0) * s, (y - wy0) * s

        # an even grid that tells the eye this is the sea
        step = 100
        for gx in range(0, int(self.world[0]) + 1, step):
            pygame.draw.line(layer, OCEAN_LINE, scr(gx, 0), scr(gx, self.world[1]), 1)
        for gy in range(0, int(self.world[1]) + 1, step):
            pygame.draw.line(layer, OCEAN_LINE, scr(0, gy), scr(self.world[0], gy), 1)

        # land: each region is the union of its boxes (grown) and thick bridges between neighbours
        # of the same region, so regions read as land masses with their own tint
        self._draw_land(layer, scr, s)

        # region labels beside each region
        for reg, (lx, ly) in self.region_label_pos.items():
            self._text(layer, REGION_LABEL[reg], 19 * s, _mix(REGION_TINT[reg], PAPER, 0.6),
                       center=scr(lx, ly), bold=True)

        # adjacency links
        lw = max(1, round(2.2 * s))
        for (a, b), p, q, wrap in self.link_segments():
            sp = a if a in self.superpowers else b if b in self.superpowers else None
            col = theme.SIDE_LIGHT[sp] if sp else LINK
            P, Q = scr(*p), scr(*q)
            if wrap or sp:
                _dashed(layer, col, P, Q, lw, max(4, round(10 * s)))
            else:
                pygame.draw.line(layer, col, P, Q, lw)
        # the Pacific crossing leaves the map's edges: say where it goes
        for (a, b), p, q, wrap in self.link_segments():
            if wrap:
                other = b if p == self._world_center(a) else a
                edge_x, edge_y = q
                txt = f"to {other}"
                px = max(11, 15 * s)
                f = self.font(px, True)
                tw = f.size(txt)[0]
                x = scr(edge_x, edge_y)[0]
                x = x + 6 if edge_x == 0 else x - 6 - tw
                self._text(layer, txt, px, theme.SIDE_LIGHT["USA"], bold=True,
                           topleft=(x, scr(edge_x, edge_y)[1] + 4))

        # superpowers
        for sp, (x, y, w, h) in self.superpowers.items():
            rr = pygame.Rect(round(scr(x, y)[0]), round(scr(x, y)[1]), round(w * s), round(h * s))
            pygame.draw.rect(layer, theme.SIDE[sp], rr, border_radius=max(3, round(12 * s)))
            pygame.draw.rect(layer, PAPER, rr, max(1, round(3 * s)), border_radius=max(3, round(12 * s)))
            self._text(layer, sp, 40 * s, PAPER, center=rr.center, bold=True)

        # country boxes (land, name strip, stability), exactly where country_rect puts them
        ox, oy = self._layer_pos(wx0, wy0)
        for name in self.board.spaces:
            rr = self.country_rect(name).move(-ox, -oy)
            if rr.right < 0 or rr.bottom < 0 or rr.x > size[0] or rr.y > size[1]:
                continue
            self._draw_country_static(layer, name, rr, s, colourblind)
        self._static, self._static_key = layer, key
        self._dimmed = None
        return layer, self._static_pos()

    def _buffer(self, attr: str, size) -> pygame.Surface:
        """A part of one reused big surface: allocating a 4K-sized surface costs more than
        drawing the whole map on it."""
        r = self.view.rect
        need = (math.ceil(r.w * (1 + 2 * self.PAN_MARGIN)) + 2, math.ceil(r.h * (1 + 2 * self.PAN_MARGIN)) + 2)
        buf = getattr(self, attr, None)
        if buf is None or buf.get_width() < max(need[0], size[0]) or buf.get_height() < max(need[1], size[1]):
            full = (max(need[0], size[0]), max(need[1], size[1]))
            disp = pygame.display.get_surface()
            buf = pygame.Surface(full, 0, disp) if disp is not None else pygame.Surface(full)
            setattr(self, attr, buf)
        return buf.subsurface((0, 0, size[0], size[1]))

    def _layer_pos(self, wx0, wy0) -> tuple[int, int]:
        px, py = self.view.to_screen(wx0, wy0)
        return round(px), round(py)

    def _static_pos(self) -> tuple[int, int]:
        return self._layer_pos(self._static_cover[0], self._static_cover[1])

    def _draw_land(self, layer, scr, s):
        grow, bridge = 20, 44
        lw_max, lh_max = layer.get_size()
        for edge in (True, False):
            g = grow + (4 if edge else 0)
            for reg, names in self.land_groups.items():
                col = REGION_TINT[reg]
                # the rim is a lighter shade seen through the sea, drawn first and then mostly
                # covered by the land itself
                col = _mix(OCEAN, _mix(col, PAPER, 0.35), 0.6) if edge else _mix(col, OCEAN, 0.35)
                lw = 0 if not edge else max(1, math.ceil(5 * s))   # the rim: only its ring
                for n in names:
                    x, y, w, h = self.board.rect(n)
                    (ax, ay), (bx, by) = scr(x - g, y - g), scr(x + w + g, y + h + g)
                    if bx < 0 or by < 0 or ax > lw_max or ay > lh_max:
                        continue
                    pygame.draw.rect(layer, col, (round(ax), round(ay), round(bx - ax), round(by - ay)),
                                     lw, border_radius=max(2, round(26 * s)))
                for a, b in self.land_bridges[reg]:
                    pa, pb = scr(*self.board.center(a)), scr(*self.board.center(b))
                    pygame.draw.line(layer, col, pa, pb, max(2, round((bridge + 2 * (g - grow)) * s)))

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

    def _draw_country_static(self, layer, name, rr, s, colourblind):
        rad = max(2, round(8 * s))
        tint = REGION_TINT[tint_region(name)]
        pygame.draw.rect(layer, _mix(tint, INK, 0.25), rr, border_radius=rad)
        bg = name in BATTLEGROUND
        strip = pygame.Rect(rr.x, rr.y, rr.w, max(1, round(rr.h * 0.40)))
        pygame.draw.rect(layer, BG_NAME if bg else PLAIN_NAME, strip,
                         border_top_left_radius=rad, border_top_right_radius=rad)
        label, px = self.name_label(name, rr.w - max(2, round(6 * s)), 17.5 * s)
        self._text(layer, label, px, PAPER, center=strip.center, bold=True)
        # stability: a paper disc in the middle of the lower part; battlegrounds get a star ring
        cy = rr.y + round(rr.h * 0.69)
        cr = max(5, round(11 * s))
        centre = (rr.centerx, cy)
        pygame.draw.circle(layer, PAPER, centre, cr)
        if bg:
            pygame.draw.circle(layer, BG_NAME, centre, cr, max(1, round(2.5 * s)))
        self._text(layer, str(STABILITY[name]), max(9, 17 * s), INK,
                   center=(centre[0], centre[1] + 1), bold=True)
        pygame.draw.rect(layer, _mix(tint, PAPER, 0.35), rr, max(1, round(1.5 * s)),
                         border_radius=rad)

    def _marker_rects(self, rr, s):
        """Screen rects of the USA (left) and USSR (right) influence markers inside a country box."""
        m = max(11, round(24 * s))
        y = rr.y + round(rr.h * 0.69) - m // 2
        pad = max(1, round(5 * s))
        return (pygame.Rect(rr.x + pad, y, m, m), pygame.Rect(rr.right - pad - m, y, m, m))

    def _sprite(self, key, build) -> pygame.Surface:
        """A small cached drawing (marker, ring, badge): drawn once, then only blitted."""
        img = self._sprites.get(key)
        if img is None:
            if len(self._sprites) > 3000:
                self._sprites.clear()
            img = build()
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._sprites[key] = img
        return img

    def _draw_influence(self, surf, name, rr, c, s, colourblind, ctrl):
        usa, ussr = c.get("USA", 0), c.get("USSR", 0)
        anim = self._anim_by_country.get(name)
        if ctrl:
            w = max(2, round(3.5 * s))
            rad = max(3, round(9 * s))
            ring = rr.inflate(w, w)
            col = theme.SIDE_LIGHT[ctrl]

            def build_ring(size=ring.size, w=w, rad=rad, col=col):
                img = pygame.Surface(size, pygame.SRCALPHA)
                pygame.draw.rect(img, col, img.get_rect(), w, border_radius=rad)
                return img
            surf.blit(self._sprite(("ring", ctrl, ring.size, w), build_ring), ring.topleft)
        rects = self._marker_rects(rr, s)
        for idx, side, n in ((0, "USA", usa), (1, "USSR", ussr)):
            mr = rects[idx]
            changed = anim is not None and anim.before[idx] != anim.after[idx]
            if n <= 0:
                if not changed or anim.before[idx] <= 0:
                    continue
                # the last influence leaves: the old marker shrinks away
                n = anim.before[idx]
                k = 1 - anim.k
                mr = mr.inflate(-round(mr.w * (1 - k)), -round(mr.h * (1 - k)))
                if mr.w < 3:
                    continue
            elif changed:
                grow = 0.45 * math.sin(math.pi * anim.k)
                mr = mr.inflate(round(mr.w * grow), round(mr.h * grow))
            controlled = ctrl == side
            key = ("m", side, n, controlled, colourblind, mr.w, round(s * 20))

            def build(side=side, n=n, controlled=controlled, w=mr.w):
                img = pygame.Surface((w, w), pygame.SRCALPHA)
                self._marker(img, side, pygame.Rect(0, 0, w, w), n, theme.SIDE[side], controlled,
                             colourblind, s)
                return img
            surf.blit(self._sprite(key, build), mr.topleft)
            if changed:
                # the change itself ("+2", "-1") rises from the marker and fades
                d = anim.after[idx] - anim.before[idx]
                txt = f"{d:+d}"
                px = max(14, round(26 * s))
                img = self._sprite(("delta", side, txt, px), lambda txt=txt, px=px, side=side:
                                   self._delta_img(txt, px, side))
                img.set_alpha(round(255 * min(1.0, 2.2 * (1 - anim.k))))
                c = rects[idx].midtop
                surf.blit(img, img.get_rect(midbottom=(c[0], c[1] - round(22 * s * anim.k))))

    def _delta_img(self, txt, px, side):
        from squabble.framework.layout import render
        f = self.font(px, True)
        fg = render(txt, f, theme.SIDE_LIGHT[side])
        img = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
        img.blit(render(txt, f, INK), (2, 2))
        img.blit(fg, (0, 0))
        return img

    def _marker(self, surf, side, mr, n, col, controlled, colourblind, s):
        """USA markers are squares, USSR markers are discs (shape tells the sides apart without
        colour); a controlling side's marker is solid, otherwise it is paper with a coloured rim."""
        fill = col if controlled else PAPER
        ink = PAPER if controlled else col
        rim = max(1, round(2.5 * s))
        if side == "USA":
            pygame.draw.rect(surf, fill, mr, border_radius=max(1, mr.w // 6))
            pygame.draw.rect(surf, col if not controlled else PAPER, mr, rim,
                             border_radius=max(1, mr.w // 6))
        else:
            pygame.draw.circle(surf, fill, mr.center, mr.w // 2)
            pygame.draw.circle(surf, col if not controlled else PAPER, mr.center, mr.w // 2, rim)
        if colourblind:
            # the side's letter (as on the Squabble table: A America, R Russia) before the number
            txt = ("A" if side == "USA" else "R") + str(n)
            px = mr.h * 0.7
            while px > 7 and self.font(px, True).size(txt)[0] > mr.w - 2 * rim:
                px -= 1
            self._text(surf, txt, max(7, px), ink, center=(mr.centerx, mr.centery + 1), bold=True)
        else:
            self._text(surf, str(n), max(10, mr.h * 0.92), ink, center=(mr.centerx, mr.centery + 1),
                       bold=True)

    # ------------------------------------------------------------ legend
    def _legend(self, colourblind) -> pygame.Surface:
        """A key to the map in the sea at its bottom-left: markers, control, battlegrounds,
        stability, links."""
        from squabble.framework.layout import render
        px = max(11, round(self.view.scale * 21))
        key = ("legend", px, colourblind)
        img = self._sprites.get(key)
        if img is not None:
            return img
        f = self.font(px)
        lh = round(px * 1.35)
        m = round(px * 1.05)
        rows = 6
        w = round(px * 12.5)
        img = pygame.Surface((w, rows * lh + px), pygame.SRCALPHA)
        pygame.draw.rect(img, (10, 14, 24, 215), img.get_rect(), border_radius=px // 2)
        x0, y = round(px * 0.5), round(px * 0.5)
        tx = x0 + 2 * m + px // 2

        def label(t, yy):
            img.blit(render(t, f, theme.TEXT), (tx, yy + (m - f.get_height()) // 2 + 1))
        self._marker(img, "USA", pygame.Rect(x0, y, m, m), 2, theme.SIDE["USA"], False, colourblind, px / 24)
        self._marker(img, "USSR", pygame.Rect(x0 + m + 2, y, m, m), 1, theme.SIDE["USSR"], False, colourblind, px / 24)
        label("USA, USSR influence", y)
        y += lh
        self._marker(img, "USA", pygame.Rect(x0, y, m, m), 4, theme.SIDE["USA"], True, colourblind, px / 24)
        self._marker(img, "USSR", pygame.Rect(x0 + m + 2, y, m, m), 3, theme.SIDE["USSR"], True, colourblind, px / 24)
        label("solid: controls it", y)
        y += lh
        pygame.draw.rect(img, BG_NAME, (x0, y + m // 4, 2 * m, m // 2), border_radius=2)
        label("battleground", y)
        y += lh
        pygame.draw.circle(img, PAPER, (x0 + m // 2, y + m // 2), m // 2)
        t = render("3", self.font(px, True), INK)
        img.blit(t, t.get_rect(center=(x0 + m // 2, y + m // 2 + 1)))
        label("stability", y)
        y += lh
        pygame.draw.line(img, LINK, (x0, y + m // 2), (x0 + 2 * m, y + m // 2), 2)
        label("adjacent (dashed:", y)
        y += lh - round(px * 0.35)
        label("superpower's)", y)
        if pygame.display.get_surface() is not None:
            img = img.convert_alpha()
        self._sprites[key] = img
        return img

    # ------------------------------------------------------------ detail card
    def draw_detail(self, surf, name: str, state: dict, *, height: int | None = None,
                    colourblind: bool = False) -> pygame.Rect | None:
        """A card-sized panel about one country beside it (hover or focus): stability, battleground,
        regions, both sides' influence and who controls it, whether DEFCON allows coups and
        realignments there, its neighbours, and the effects in force that mention it."""
        if name not in self.board:
            return None
        H = height or max(220, round(surf.get_height() * 0.46))
        W = round(H * 0.74)
        u = H / 400
        anchor = self.country_rect(name)
        box = pygame.Rect(0, 0, W, H)
        gap = round(12 * u)
        # stay on the map if it has room, so the card does not cover the panels beside it
        sr = self.view.rect if self.view.rect.w >= 2 * W and self.view.rect.h >= H else surf.get_rect()
        if anchor.right + gap + W <= sr.right:
            box.left = anchor.right + gap
        else:
            box.right = anchor.left - gap
        box.centery = anchor.centery
        box.clamp_ip(sr)
        infl = (state.get("influence") or {}).get(name, {"USA": 0, "USSR": 0})
        key = ("detail", name, W, H, infl.get("USA", 0), infl.get("USSR", 0), state.get("defcon"),
               tuple(state.get("effects") or ()), colourblind)
        img = self._details.get(key)
        if img is None:
            if len(self._details) > 64:
                self._details.clear()
            img = self._details[key] = self._render_detail(name, state, W, H, u, colourblind)
        surf.blit(img, box.topleft)
        return box

    def _render_detail(self, name, state, W, H, u, colourblind) -> pygame.Surface:
        from squabble.framework.layout import render, wrap
        from squabble.games.struggle.core import controller, defcon_allows
        from squabble.games.struggle.data import CARDS
        sh = round(5 * u)
        # opaque with a colour key for the rounded corners: blits fast even at 4K
        disp = pygame.display.get_surface()
        surf = pygame.Surface((W + sh, H + sh), 0, disp) if disp is not None else \
            pygame.Surface((W + sh, H + sh))
        surf.fill(_KEY)
        surf.set_colorkey(_KEY)
        box = pygame.Rect(0, 0, W, H)
        pygame.draw.rect(surf, (6, 8, 12), box.move(sh - 1, sh), border_radius=round(12 * u))
        pygame.draw.rect(surf, (28, 32, 48), box, border_radius=round(12 * u))
        tint = REGION_TINT[tint_region(name)]
        pygame.draw.rect(surf, _mix(tint, PAPER, 0.3), box, max(2, round(3 * u)), border_radius=round(12 * u))
        bg = name in BATTLEGROUND
        head = pygame.Rect(box.x, box.y, box.w, round(62 * u))
        pygame.draw.rect(surf, BG_NAME if bg else PLAIN_NAME, head, border_top_left_radius=round(12 * u),
                         border_top_right_radius=round(12 * u))
        fbig = self.font(30 * u, True)
        label = name
        while fbig.size(label)[0] > box.w - 90 * u and fbig.get_height() > 12:
            fbig = self.font(fbig.get_height() - 1, True)
        surf.blit(render(label, fbig, PAPER), (box.x + round(14 * u), head.y + round(8 * u)))
        sub = "Battleground" if bg else "Not a battleground"
        surf.blit(render(sub, self.font(17 * u), _mix(PAPER, tint, 0.2)),
                  (box.x + round(14 * u), head.y + round(38 * u)))
        c = pygame.Rect(0, 0, round(48 * u), round(48 * u))
        c.midright = (head.right - round(10 * u), head.centery)
        pygame.draw.circle(surf, PAPER, c.center, c.w // 2)
        img = render(str(STABILITY[name]), self.font(34 * u, True), INK)
        surf.blit(img, img.get_rect(center=(c.centerx, c.centery + 1)))
        f = self.font(18 * u)
        fb = self.font(18 * u, True)
        x0 = box.x + round(14 * u)
        y = head.bottom + round(8 * u)
        lh = f.get_linesize()

        def line(txt, col=theme.TEXT, font=f):
            nonlocal y
            for ln in wrap(txt, font, box.w - round(28 * u)):
                if y + lh > box.bottom - round(6 * u):
                    return
                surf.blit(render(ln, font, col), (x0, y))
                y += lh

        line("Stability " + str(STABILITY[name]) + " · " + ", ".join(COUNTRIES[name]["regions"]), theme.MUTED)
        infl = (state.get("influence") or {}).get(name, {"USA": 0, "USSR": 0})
        ctrl = controller(state, name) if isinstance(state.get("influence"), dict) else None
        y += round(4 * u)
        m = round(34 * u)
        for i, side in enumerate(("USA", "USSR")):
            mr = pygame.Rect(x0 + i * (box.w // 2 - round(8 * u)), y, m, m)
            n = infl.get(side, 0)
            if n:
                self._marker(surf, side, mr, n, theme.SIDE[side], ctrl == side, colourblind, u * 1.4)
            else:
                pygame.draw.rect(surf, (60, 64, 80), mr, 1, border_radius=m // 5)
            surf.blit(render(f"{side} {n}", fb, theme.SIDE_LIGHT[side]), (mr.right + round(8 * u), mr.y + round(8 * u)))
        y += m + round(8 * u)
        stab = STABILITY[name]
        if ctrl:
            line(f"Controlled by the {ctrl}.", theme.SIDE_LIGHT[ctrl], fb)
        else:
            line("Nobody controls it.", theme.TEXT, fb)
        for side in ("USA", "USSR"):
            if ctrl != side:
                enemy = "USSR" if side == "USA" else "USA"
                need = stab + infl.get(enemy, 0) - infl.get(side, 0)
                line(f"The {side} needs {need} more influence to control it.", theme.MUTED)
        if "defcon" in state:
            if defcon_allows(state, name):
                line("DEFCON allows coups and realignments here.", theme.MUTED)
            else:
                line(f"DEFCON {state['defcon']} forbids coups and realignments here.", (240, 150, 110))
        y += round(4 * u)
        adj = sorted(COUNTRIES[name]["adjacent"])
        line("Next to: " + ", ".join(adj), theme.TEXT)
        eff = effects_touching(state, name)
        if eff:
            y += round(4 * u)
            line("Effects that mention it: " + ", ".join(CARDS[e]["name"] for e in eff), theme.GOLD)
        return surf

    def _dimmed_layer(self, static, pos) -> pygame.Surface:
        """The static layer with every country shaded (built once per static layer)."""
        if self._dimmed is not None:
            return self._dimmed
        layer = self._buffer("_dbuf", static.get_size())
        layer.blit(static, (0, 0))
        ox, oy = pos
        size = self.country_rect(next(iter(self.board.spaces))).size
        sh = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(sh, (8, 10, 18, 100), sh.get_rect(), border_radius=max(2, round(8 * self.view.scale)))
        for name in self.board.spaces:
            r = self.country_rect(name)
            layer.blit(sh, (r.x - ox, r.y - oy))
        self._dimmed = layer
        return layer

    def offscreen_marks(self, names) -> list[tuple[str, tuple[int, int]]]:
        """For countries outside the view: where on the map's edge their pointer goes."""
        r = self.view.rect.inflate(-24, -24)
        out = []
        for n in names:
            cx, cy = self.country_rect(n).center
            x = min(max(cx, r.left), r.right)
            y = min(max(cy, r.top), r.bottom)
            out.append((n, (x, y)))
        return out

    def _draw_offscreen(self, surf, names) -> None:
        """A green pointer at the edge of the map for each legal target scrolled out of view."""
        for n, (x, y) in self.offscreen_marks(names):
            cx, cy = self.country_rect(n).center
            ang = math.atan2(cy - y, cx - x)
            L = 13
            tip = (x + L * math.cos(ang), y + L * math.sin(ang))
            a1 = (x + L * 0.6 * math.cos(ang + 2.4), y + L * 0.6 * math.sin(ang + 2.4))
            a2 = (x + L * 0.6 * math.cos(ang - 2.4), y + L * 0.6 * math.sin(ang - 2.4))
            pygame.draw.polygon(surf, INK, [tip, a1, a2], 0)
            pygame.draw.polygon(surf, LIT, [tip, a1, a2], 0)
            pygame.draw.polygon(surf, INK, [tip, a1, a2], 1)

    def _draw_lit(self, surf, name, label, s):
        rr = self.country_rect(name)
        w = max(2, round(3 * s))
        px = max(12, 22 * s)
        f = self.font(px, True)
        tw, th = f.size(label) if label else (0, 0)
        d = max(th, tw + th // 3) + 2
        pad = d // 2 + 4
        key = ("lit", rr.size, label, w)

        def build():
            img = pygame.Surface((rr.w + 2 * pad, rr.h + 2 * pad), pygame.SRCALPHA)
            box = pygame.Rect(pad, pad, rr.w, rr.h)
            pygame.draw.rect(img, LIT, box.inflate(w * 2, w * 2), w, border_radius=max(3, round(10 * s)))
            if label:
                badge = pygame.Rect(0, 0, d, th + 2)
                badge.center = (box.right - w, box.top + w)
                pygame.draw.rect(img, INK, badge.inflate(4, 4), border_radius=badge.h)
                pygame.draw.rect(img, LIT, badge, border_radius=badge.h)
                self._text(img, label, px, INK, center=(badge.centerx, badge.centery + 1), bold=True)
            return img
        surf.blit(self._sprite(key, build), (rr.x - pad, rr.y - pad))


def effects_touching(state: dict, country: str) -> list[int]:
    """Effects in force whose card text names the country or one of its regions."""
    import re
    from squabble.games.struggle.data import CARDS
    words = [country] + list(COUNTRIES[country]["regions"])
    out = []
    for c in dict.fromkeys(state.get("effects") or []):
        text = CARDS.get(c, {}).get("text", "")
        if any(re.search(r"(?<![A-Za-z])" + re.escape(w), text) for w in words):
            out.append(c)
    return out


def _dashed(surf, col, p, q, width, dash):
    x0, y0 = p
    x1, y1 = q
    d = math.hypot(x1 - x0, y1 - y0)
    if d < 1:
        return
    n = max(1, int(d // dash))
    for i in range(0, n, 2):
        a = i / n
        b = min(1.0, (i + 1) / n)
        pygame.draw.line(surf, col, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                         (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
