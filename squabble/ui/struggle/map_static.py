"""The map's static layer: sea, region land, adjacency links and country boxes with name and
stability, drawn at window resolution for the current zoom and cached until the view changes;
the picture (that layer with the live layer painted on it) and its stand-ins while a zoom or a
pan goes on (``StaticLayer``, a part ``MapView`` holds)."""

from __future__ import annotations

import math
import time

import pygame

from squabble.games.struggle.data import (BATTLEGROUND, STABILITY)
from squabble.ui import theme
from squabble.framework.vision import luminance, readable
from squabble.ui.struggle.map_style import (BG_NAME, INK, LINK, OCEAN, OCEAN_LINE, PAPER,
                                            PLAIN_NAME, REGION_LABEL, REGION_TINT, _mix,
                                            tint_region)


class StaticLayer:
    """Drawing of the land, the links and the country boxes, and of the picture each frame
    blits.  ``geo``: the map's ``MapGeometry``; ``live``: its ``LiveLayer``, which paints the
    markers and lit targets into the picture."""

    #: extra map drawn around the visible part when zoomed in, so panning only moves a picture
    PAN_MARGIN = 0.25

    #: seconds of a frame given to drawing the next static layer after a zoom or a pan, while the
    #: current one, moved or scaled, stands in for it (a 4K layer takes several frames' worth);
    #: 0 draws it at once, in one frame
    STATIC_BUDGET = 0.003

    def __init__(self, geo, live):
        self.geo, self.live = geo, live
        self._bufs: dict = {}          # the four big reused surfaces, by name
        self._static = None            # the current static layer (a part of a buffer)
        self._static_key = None        # (scale, view size, colourblind, bit depth)
        self._static_cover = (0.0, 0.0, 0.0, 0.0)     # the world area it covers
        self._static_in = "_buf"       # the buffer it is in
        self._static_job = None        # (key, steps) of the next one being drawn
        self._last_scale = None
        self._live_now = None          # what the live layer shows this frame (``layer``)
        self._scene = None             # the picture: the static layer with the live one on it
        self._scene_of = None          # the static layer it was painted on
        self._scene_in = "_cbuf"
        self._scene_cover = (0.0, 0.0, 0.0, 0.0)
        self._scene_scale = 1.0
        #: what the picture shows: (influence, lit items, shown countries, colourblind)
        self.picture_live = None
        #: the last frame showed a stand-in (the picture moved or scaled) ...
        self.standing_in = False
        #: ... and it was the plain static layer (what is lit or shown had changed)
        self.stand_in_plain = False

    @property
    def busy(self) -> bool:
        """A stand-in shows, or the next static layer is still being drawn."""
        return self._static_job is not None or self.standing_in

    def layer(self, surf, colourblind, live) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """The map without markers, and the screen position of its top-left corner.

        Drawn at window resolution for the current zoom, covering the visible area plus a margin;
        panning within the margin reuses it.  After a zoom, or a pan that leaves it, the next
        layer is drawn a few steps a frame (``STATIC_BUDGET``) and the current one stands in,
        scaled or moved (``_stand_in``); near the margin's end the next one is started early.
        The first layer, and one for a new window size, is drawn at once.  ``live``: what the
        live layer shows this frame (see ``picture``).  None instead of the layer: a stand-in was
        drawn on ``surf``."""
        self.standing_in = False
        self._live_now = live
        s = self.geo.view.scale
        view = self.geo.view.visible_world()
        key = (round(s, 9), self.geo.view.rect.size, colourblind, surf.get_bitsize())
        job = self._static_job
        if job is not None and job[0] != key:
            job = self._static_job = None        # the zoom moved on: that layer is not wanted
        if self._static is None or self._static_key[1:] != key[1:] or not self.STATIC_BUDGET:
            self._static_job = None
            for _ in self._static_steps(surf, colourblind, key, "_buf", "_cbuf"):
                pass
            for attr in ("_buf2", "_cbuf2"):   # made now, not in the middle of a zoom
                self._buffer(attr, (1, 1))
            return self._static, self._static_pos()
        current = self._static_key == key and _covers(self._static_cover, view)
        if job is None and (not current or self._pan_margin_short(view)):
            job = self._static_job = (key, self._static_steps(
                surf, colourblind, key, "_buf2" if self._static_in == "_buf" else "_buf",
                "_cbuf2" if self._scene_in == "_cbuf" else "_cbuf"))
            if not current and self._zoomed_last_frame(key):
                return self._stand_in(surf)         # still zooming: start when it stops
        if job is not None:
            t_end = time.perf_counter() + self.STATIC_BUDGET
            for step in job[1]:
                if step == "ready" or time.perf_counter() >= t_end:
                    break
            else:
                self._static_job = None          # done: _static_steps put it in place
                if _covers(self._static_cover, view):
                    return self._static, self._static_pos()
        if self._static_key == key and _covers(self._static_cover, view):
            return self._static, self._static_pos()
        return self._stand_in(surf)

    def _zoomed_last_frame(self, key) -> bool:
        was, self._last_scale = self._last_scale, key[0]
        return was != key[0]

    def _pan_margin_short(self, view) -> bool:
        """Has the view come within half the pan margin of the current layer's edge (where the
        layer does not already reach the map's edge)?"""
        if self.geo.view.zoom <= 1.0001:
            return False
        c, (vx, vy, vw, vh) = self._static_cover, view
        mx, my = vw * self.PAN_MARGIN / 2, vh * self.PAN_MARGIN / 2
        return ((c[0] > 0 and vx - c[0] < mx) or (c[1] > 0 and vy - c[1] < my)
                or (c[0] + c[2] < self.geo.world[0] and c[0] + c[2] - (vx + vw) < mx)
                or (c[1] + c[3] < self.geo.world[1] and c[1] + c[3] - (vy + vh) < my))

    def _stand_in(self, surf) -> tuple[None, tuple[int, int]]:
        """Draw the current picture (the static layer with the live one painted on it), moved
        and scaled to the view, straight onto ``surf`` while the next static layer is being drawn
        (the sea where it does not reach); the plain static layer if what is lit or shown has
        changed since (``MapView.draw`` then draws the live layer over it)."""
        self.standing_in = True
        r = self.geo.view.rect.clip(surf.get_clip()) if surf.get_clip() else self.geo.view.rect
        (cx, cy, cw, ch), so = self._scene_cover, self._scene_scale
        # what is lit or shown changed since the picture was painted: the plain map stands in
        self.stand_in_plain = self.picture_live[1:] != self._live_now[1:]
        old = self._scene_of if self.stand_in_plain else self._scene
        s = self.geo.view.scale
        x0, y0 = self.geo.view.to_screen(cx, cy)
        dest = pygame.Rect(round(x0), round(y0), round(cw * s) + 1, round(ch * s) + 1)
        part = dest.clip(r)
        for strip in _outside(r, part):
            surf.fill(OCEAN, strip)
        if part.w < 1 or part.h < 1:
            return None, r.topleft
        if abs(so - s) < 1e-9:
            surf.blit(old, dest.topleft)
            return None, r.topleft
        k = so / s
        src = pygame.Rect(math.floor((part.x - dest.x) * k), math.floor((part.y - dest.y) * k),
                          math.ceil(part.w * k), math.ceil(part.h * k)).clip(old.get_rect())
        if src.w >= 1 and src.h >= 1:
            pygame.transform.scale(old.subsurface(src), part.size, surf.subsurface(part))
        else:
            surf.fill(OCEAN, part)
        return None, r.topleft

    def _static_steps(self, surf, colourblind, key, attr, scene_attr):
        """Draw a static layer for ``key`` into buffer ``attr``, a step at a time (a generator),
        then the picture (the live layer painted on its copy, ``picture``) into buffer
        ``scene_attr``; at the end both become the current ones."""
        s = self.geo.view.scale
        vx, vy, vw, vh = self.geo.view.visible_world()
        # a new zoom draws just the visible part (the wheel may turn again at once); a pan that
        # leaves the picture at the same zoom draws a margin around it for the pans that follow
        same_zoom = self._static is not None and self._static_key == key
        m = self.PAN_MARGIN if self.geo.view.zoom > 1.0001 and same_zoom else 0.0
        wx0 = max(min(vx, 0.0), vx - vw * m) if m else vx
        wy0 = max(min(vy, 0.0), vy - vh * m) if m else vy
        wx1 = min(max(vx + vw, self.geo.world[0]), vx + vw * (1 + m)) if m else vx + vw
        wy1 = min(max(vy + vh, self.geo.world[1]), vy + vh * (1 + m)) if m else vy + vh
        # whole pixels, so the picture lines up exactly when it is moved
        size = (max(1, math.ceil((wx1 - wx0) * s) + 1), max(1, math.ceil((wy1 - wy0) * s) + 1))
        layer = self._buffer(attr, size)
        band_h = -(-size[1] // 4)          # the sea, and the copy, in quarters
        bands = [(0, y, size[0], min(size[1] - y, band_h)) for y in range(0, size[1], band_h)]
        for band in bands:
            layer.fill(OCEAN, band)
            yield
        cover = (wx0, wy0, (size[0] - 1) / s, (size[1] - 1) / s)

        def scr(x, y):
            return (x - wx0) * s, (y - wy0) * s

        # an even grid that tells the eye this is the sea
        step = 100
        for gx in range(0, int(self.geo.world[0]) + 1, step):
            pygame.draw.line(layer, OCEAN_LINE, scr(gx, 0), scr(gx, self.geo.world[1]), 1)
        for gy in range(0, int(self.geo.world[1]) + 1, step):
            pygame.draw.line(layer, OCEAN_LINE, scr(0, gy), scr(self.geo.world[0], gy), 1)

        yield
        # land: each region is the union of its boxes (grown) and thick bridges between neighbours
        # of the same region, so regions read as land masses with their own tint
        yield from self._draw_land(layer, scr, s)

        # region labels beside each region
        for reg, (lx, ly) in self.geo.region_label_pos.items():
            # (lighter than the land it may lie on: it reads at 4.5:1 on the region's tint)
            col = readable(_mix(REGION_TINT[reg], PAPER, 0.6), _land(REGION_TINT[reg]))
            self.geo.text(layer, REGION_LABEL[reg], 19 * s, col,
                       center=scr(lx, ly), bold=True)

        yield
        # adjacency links
        lw = max(1, round(2.2 * s))
        for (a, b), p, q, wrap in self.geo.link_segments():
            sp = a if a in self.geo.superpowers else b if b in self.geo.superpowers else None
            col = theme.SIDE_LIGHT[sp] if sp else LINK
            P, Q = scr(*p), scr(*q)
            if wrap or sp:
                _dashed(layer, col, P, Q, lw, max(4, round(10 * s)))
            else:
                pygame.draw.line(layer, col, P, Q, lw)
        # the Pacific crossing leaves the map's edges: say where it goes
        for (a, b), p, q, wrap in self.geo.link_segments():
            if wrap:
                other = b if p == self.geo.world_center(a) else a
                edge_x, edge_y = q
                txt = f"to {other}"
                px = max(11, 15 * s)
                f = self.geo.font(px, True)
                tw = f.size(txt)[0]
                x = scr(edge_x, edge_y)[0]
                x = x + 6 if edge_x == 0 else x - 6 - tw
                # below the link on the open left edge; above it on the right, where Japan's
                # box lies under the link's end
                y = scr(edge_x, edge_y)[1]
                y = y + 4 if edge_x == 0 else y - 4 - f.get_height()
                self.geo.text(layer, txt, px, readable(theme.SIDE_LIGHT["USA"], max(
                    (_land(t) for t in REGION_TINT.values()), key=luminance)),
                              bold=True, topleft=(x, y))

        yield
        # superpowers
        for sp, (x, y, w, h) in self.geo.superpowers.items():
            rr = pygame.Rect(round(scr(x, y)[0]), round(scr(x, y)[1]), round(w * s), round(h * s))
            pygame.draw.rect(layer, theme.SIDE[sp], rr, border_radius=max(3, round(12 * s)))
            pygame.draw.rect(layer, PAPER, rr, max(1, round(3 * s)), border_radius=max(3, round(12 * s)))
            self.geo.text(layer, sp, 40 * s, PAPER, center=rr.center, bold=True)

        # country boxes (land, name strip, stability), exactly where country_rect puts them
        for i, name in enumerate(self.geo.board.spaces):
            if i % 2 == 0:
                yield
            ox, oy = self._layer_pos(wx0, wy0)   # (the view may have panned between steps)
            rr = self.geo.country_rect(name).move(-ox, -oy)
            if rr.right < 0 or rr.bottom < 0 or rr.x > size[0] or rr.y > size[1]:
                continue
            self._draw_country_static(layer, name, rr, s, colourblind)
        # the picture, so that the frame that puts the layer in place only swaps them (what
        # changes meanwhile is painted in then)
        yield
        scene, live = self._buffer(scene_attr, size), self._live_now
        for band in bands:
            scene.blit(layer, band, band)
            yield
        yield from self.live.paint_steps(scene, lambda: self._layer_pos(wx0, wy0), live)
        yield "ready"    # put in place at the start of a frame
        self._static, self._static_key, self._static_cover = layer, key, cover
        self._static_in = attr
        self._scene, self._scene_of, self.picture_live = scene, layer, live
        self._scene_cover, self._scene_scale, self._scene_in = cover, key[0], scene_attr

    def _buffer(self, attr: str, size) -> pygame.Surface:
        """A part of one reused big surface: allocating a 4K-sized surface costs more than
        drawing the whole map on it."""
        r = self.geo.view.rect
        need = (math.ceil(r.w * (1 + 2 * self.PAN_MARGIN)) + 2, math.ceil(r.h * (1 + 2 * self.PAN_MARGIN)) + 2)
        buf = self._bufs.get(attr)
        if buf is None or buf.get_width() < max(need[0], size[0]) or buf.get_height() < max(need[1], size[1]):
            full = (max(need[0], size[0]), max(need[1], size[1]))
            disp = pygame.display.get_surface()
            buf = pygame.Surface(full, 0, disp) if disp is not None else pygame.Surface(full)
            self._bufs[attr] = buf
        return buf.subsurface((0, 0, size[0], size[1]))

    def _layer_pos(self, wx0, wy0) -> tuple[int, int]:
        px, py = self.geo.view.to_screen(wx0, wy0)
        return round(px), round(py)

    def _static_pos(self) -> tuple[int, int]:
        return self._layer_pos(self._static_cover[0], self._static_cover[1])

    def _draw_land(self, layer, scr, s):
        """(A generator: a step every eight boxes of a region.)"""
        grow, bridge = 20, 44
        lw_max, lh_max = layer.get_size()
        for edge in (True, False):
            g = grow + (4 if edge else 0)
            for reg, names in self.geo.land_groups.items():
                col = REGION_TINT[reg]
                # the rim is a lighter shade seen through the sea, drawn first and then mostly
                # covered by the land itself
                col = _mix(OCEAN, _mix(col, PAPER, 0.35), 0.6) if edge else _land(col)
                lw = 0 if not edge else max(1, math.ceil(5 * s))   # the rim: only its ring
                for i, n in enumerate(names):
                    if i % 8 == 7:
                        yield
                    x, y, w, h = self.geo.board.rect(n)
                    (ax, ay), (bx, by) = scr(x - g, y - g), scr(x + w + g, y + h + g)
                    if bx < 0 or by < 0 or ax > lw_max or ay > lh_max:
                        continue
                    pygame.draw.rect(layer, col, (round(ax), round(ay), round(bx - ax), round(by - ay)),
                                     lw, border_radius=max(2, round(26 * s)))
                for a, b in self.geo.land_bridges[reg]:
                    pa, pb = scr(*self.geo.board.center(a)), scr(*self.geo.board.center(b))
                    pygame.draw.line(layer, col, pa, pb, max(2, round((bridge + 2 * (g - grow)) * s)))
                yield

    def _draw_country_static(self, layer, name, rr, s, colourblind):
        rad = max(2, round(8 * s))
        tint = REGION_TINT[tint_region(name)]
        pygame.draw.rect(layer, _mix(tint, INK, 0.25), rr, border_radius=rad)
        bg = name in BATTLEGROUND
        strip = pygame.Rect(rr.x, rr.y, rr.w, max(1, round(rr.h * 0.40)))
        pygame.draw.rect(layer, BG_NAME if bg else PLAIN_NAME, strip,
                         border_top_left_radius=rad, border_top_right_radius=rad)
        label, px = self.geo.name_label(name, rr.w - max(2, round(6 * s)), 17.5 * s)
        self.geo.text(layer, label, px, PAPER, center=strip.center, bold=True)
        # stability: a paper disc in the middle of the lower part; battlegrounds get a star ring
        cy = rr.y + round(rr.h * 0.69)
        cr = max(6, round(11 * s))
        centre = (rr.centerx, cy)
        pygame.draw.circle(layer, PAPER, centre, cr)
        if bg:
            pygame.draw.circle(layer, BG_NAME, centre, cr, max(1, round(2.5 * s)))
        self.geo.text(layer, str(STABILITY[name]), max(12, 17 * s), INK,
                   center=(centre[0], centre[1] + 1), bold=True)
        pygame.draw.rect(layer, _mix(tint, PAPER, 0.35), rr, max(1, round(1.5 * s)),
                         border_radius=rad)

    # ------------------------------------------------------------ the picture
    def picture(self, static, pos, live) -> pygame.Surface:
        """The static layer with the live layer painted on it (shades, influence, lit marks):
        what ``MapView.draw`` puts on the screen in one blit.  Painted again when the static layer, what
        is lit or shown, or colourblind mode changes; where only influence changed, just those
        countries' boxes are painted again.  ``live``: (country -> (USA, USSR, controller), lit
        items, the countries shown unshaded (none: all are), colourblind)."""
        old = self.picture_live
        if self._scene_of is not static or old is None or old[1:] != live[1:]:
            scene = self._buffer(self._scene_in, static.get_size())
            scene.blit(static, (0, 0))
            self.live.paint(scene, pos, live)
            self._scene, self._scene_of = scene, static
            self._scene_cover, self._scene_scale = self._static_cover, self._static_key[0]
        elif old[0] is not live[0]:
            scene, (ox, oy) = self._scene, pos
            pad = max(3, round(3 * self.geo.view.scale))     # a control ring reaches out of the box
            for name in set(old[0]) | set(live[0]):
                if old[0].get(name) == live[0].get(name) or name not in self.geo.board:
                    continue
                p = self.geo.country_rect(name).move(-ox, -oy).inflate(2 * pad, 2 * pad)
                p = p.clip(scene.get_rect())
                if p.w < 1 or p.h < 1:
                    continue
                scene.blit(static, p, p)
                scene.set_clip(p)
                self.live.paint(scene, pos, live, within=p)
                scene.set_clip(None)
        self.picture_live = live
        return self._scene


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


def _covers(cover, view) -> bool:
    c, (vx, vy, vw, vh) = cover, view
    return (c[0] <= vx + 1e-6 and c[1] <= vy + 1e-6 and vx + vw <= c[0] + c[2] + 1e-6
            and vy + vh <= c[1] + c[3] + 1e-6)


def _outside(r: pygame.Rect, inner: pygame.Rect) -> list:
    """The parts of ``r`` outside ``inner`` (a rectangle inside it, maybe empty) as strips."""
    if inner.w < 1 or inner.h < 1:
        return [r]
    return [x for x in (pygame.Rect(r.x, r.y, r.w, inner.y - r.y),
                        pygame.Rect(r.x, inner.bottom, r.w, r.bottom - inner.bottom),
                        pygame.Rect(r.x, inner.y, inner.x - r.x, inner.h),
                        pygame.Rect(inner.right, inner.y, r.right - inner.right, inner.h))
            if x.w > 0 and x.h > 0]


def _land(tint):
    """The colour a region of ``tint`` paints its land (inside its edge)."""
    return _mix(tint, OCEAN, 0.35)
