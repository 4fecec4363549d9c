"""The map's live layer: influence markers and control, the animated pulse of a change, lit
targets with their cost label, marks for lit countries off screen, and the legend
(``LiveLayer``, a part ``MapView`` holds; the static layer paints it into the picture)."""

from __future__ import annotations

import math

import pygame

from squabble.ui import theme
from squabble.ui.struggle.map_style import (BG_NAME, INK, LINK, LIT, PAPER)


class LiveLayer:
    """Drawing of what changes during play, and its cache of small drawings (sprites).
    ``geo``: the map's ``MapGeometry`` (where countries are, fonts)."""

    def __init__(self, geo):
        self.geo = geo
        self.sprites: dict = {}
        #: set by ``MapView`` while a stand-in shows (a zoom or a pan under way): a sprite of a
        #: new size is drawn for that frame and not kept
        self.moving = False

    def marker_rects(self, rr, s):
        """Screen rects of the USA (left) and USSR (right) influence markers inside a country box."""
        m = max(14, round(24 * s))      # readable at 720p: a 14 px marker, a 10 px number
        y = rr.y + round(rr.h * 0.69) - m // 2
        pad = max(1, round(5 * s))
        return (pygame.Rect(rr.x + pad, y, m, m), pygame.Rect(rr.right - pad - m, y, m, m))

    def sprite(self, key, build) -> pygame.Surface:
        """A small cached drawing (marker, ring, badge): drawn once, then only blitted.  While a
        zoom goes on (the picture stands in, map_static.py) each size is used once: drawn, not
        kept."""
        img = self.sprites.get(key)
        if img is None and self.moving:
            return build()
        if img is None:
            if len(self.sprites) > 3000:
                self.sprites.clear()
            img = build()
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self.sprites[key] = img
        return img

    def draw_influence(self, surf, rr, c, s, colourblind, anim=None):
        """A country's control ring and both sides' markers in its box ``rr``; ``c`` is (USA,
        USSR, controller); ``anim`` a change pulsing there, if any."""
        usa, ussr, ctrl = c
        if ctrl:
            w = max(2, round(3.5 * s))
            rad = max(3, round(9 * s))
            pygame.draw.rect(surf, theme.SIDE_LIGHT[ctrl], rr.inflate(w, w), w, border_radius=rad)
        rects = self.marker_rects(rr, s)
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
            rim = max(1, round(2.5 * s))
            key = ("m", side, n, controlled, colourblind, mr.w, rim)

            def build(side=side, n=n, controlled=controlled, w=mr.w):
                img = pygame.Surface((w, w), pygame.SRCALPHA)
                self.marker(img, side, pygame.Rect(0, 0, w, w), n, theme.SIDE[side], controlled,
                             colourblind, s)
                return img
            surf.blit(self.sprite(key, build), mr.topleft)
            if changed:
                # the change itself ("+2", "-1") rises from the marker and fades
                d = anim.after[idx] - anim.before[idx]
                txt = f"{d:+d}"
                px = max(14, round(26 * s))
                img = self.sprite(("delta", side, txt, px), lambda txt=txt, px=px, side=side:
                                   self.delta_img(txt, px, side))
                img.set_alpha(round(255 * min(1.0, 2.2 * (1 - anim.k))))
                c = rects[idx].midtop
                surf.blit(img, img.get_rect(midbottom=(c[0], c[1] - round(22 * s * anim.k))))

    def delta_img(self, txt, px, side):
        from squabble.framework.layout import render
        f = self.geo.font(px, True)
        fg = render(txt, f, theme.SIDE_LIGHT[side])
        img = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
        img.blit(render(txt, f, INK), (2, 2))
        img.blit(fg, (0, 0))
        return img

    def marker(self, surf, side, mr, n, col, controlled, colourblind, s):
        """USA markers are squares, USSR markers are discs (shape tells the sides apart without
        colour); a controlling side's marker is solid, otherwise it is paper with a coloured rim
        (``max(1, round(2.5 * s))`` pixels: the picture depends on ``s`` only through it)."""
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
            while px > 7 and self.geo.font(px, True).size(txt)[0] > mr.w - 2 * rim:
                px -= 1
            self.geo.text(surf, txt, max(7, px), ink, center=(mr.centerx, mr.centery + 1), bold=True)
        else:
            self.geo.text(surf, str(n), max(13, mr.h * 0.92), ink, center=(mr.centerx, mr.centery + 1),
                       bold=True)

    # ------------------------------------------------------------ legend
    def legend(self, colourblind) -> pygame.Surface:
        """A key to the map in the sea at its bottom-left: markers, control, battlegrounds,
        stability, links."""
        from squabble.framework.layout import render
        px = max(11, round(self.geo.view.scale * 21))
        key = ("legend", px, colourblind)
        img = self.sprites.get(key)
        if img is not None:
            return img
        f = self.geo.font(px)
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
        self.marker(img, "USA", pygame.Rect(x0, y, m, m), 2, theme.SIDE["USA"], False, colourblind, px / 24)
        self.marker(img, "USSR", pygame.Rect(x0 + m + 2, y, m, m), 1, theme.SIDE["USSR"], False, colourblind, px / 24)
        label("USA, USSR influence", y)
        y += lh
        self.marker(img, "USA", pygame.Rect(x0, y, m, m), 4, theme.SIDE["USA"], True, colourblind, px / 24)
        self.marker(img, "USSR", pygame.Rect(x0 + m + 2, y, m, m), 3, theme.SIDE["USSR"], True, colourblind, px / 24)
        label("solid: controls it", y)
        y += lh
        pygame.draw.rect(img, BG_NAME, (x0, y + m // 4, 2 * m, m // 2), border_radius=2)
        label("battleground", y)
        y += lh
        pygame.draw.circle(img, PAPER, (x0 + m // 2, y + m // 2), m // 2)
        t = render("3", self.geo.font(px, True), INK)
        img.blit(t, t.get_rect(center=(x0 + m // 2, y + m // 2 + 1)))
        label("stability", y)
        y += lh
        pygame.draw.line(img, LINK, (x0, y + m // 2), (x0 + 2 * m, y + m // 2), 2)
        label("adjacent (dashed:", y)
        y += lh - round(px * 0.35)
        label("superpower's)", y)
        if pygame.display.get_surface() is not None:
            img = img.convert_alpha()
        self.sprites[key] = img
        return img

    def offscreen_marks(self, names) -> list[tuple[str, tuple[int, int]]]:
        """For countries outside the view: where on the map's edge their pointer goes."""
        r = self.geo.view.rect.inflate(-24, -24)
        out = []
        for n in names:
            cx, cy = self.geo.country_rect(n).center
            x = min(max(cx, r.left), r.right)
            y = min(max(cy, r.top), r.bottom)
            out.append((n, (x, y)))
        return out

    def draw_offscreen(self, surf, names) -> None:
        """A green pointer at the edge of the map for each legal target scrolled out of view."""
        for n, (x, y) in self.offscreen_marks(names):
            cx, cy = self.geo.country_rect(n).center
            ang = math.atan2(cy - y, cx - x)
            L = 13
            tip = (x + L * math.cos(ang), y + L * math.sin(ang))
            a1 = (x + L * 0.6 * math.cos(ang + 2.4), y + L * 0.6 * math.sin(ang + 2.4))
            a2 = (x + L * 0.6 * math.cos(ang - 2.4), y + L * 0.6 * math.sin(ang - 2.4))
            pygame.draw.polygon(surf, INK, [tip, a1, a2], 0)
            pygame.draw.polygon(surf, LIT, [tip, a1, a2], 0)
            pygame.draw.polygon(surf, INK, [tip, a1, a2], 1)

    def draw_lit(self, surf, name, label, s, rr=None):
        """A legal target's ring and its cost badge around its box ``rr`` (default: where the
        country is on the screen)."""
        rr = self.geo.country_rect(name) if rr is None else rr
        w = max(2, round(3 * s))
        px = max(12, 22 * s)
        f = self.geo.font(px, True)
        tw, th = f.size(label) if label else (0, 0)
        d = max(th, tw + th // 3) + 2
        pad = d + 4
        key = ("lit", rr.size, label, w)

        def build():
            img = pygame.Surface((rr.w + 2 * pad, rr.h + 2 * pad), pygame.SRCALPHA)
            box = pygame.Rect(pad, pad, rr.w, rr.h)
            pygame.draw.rect(img, LIT, box.inflate(w * 2, w * 2), w, border_radius=max(3, round(10 * s)))
            if label:
                badge = pygame.Rect(0, 0, d, th + 2)
                # on the corner, outside the box: the country's name stays readable
                badge.center = (box.right + d // 4, box.top - th // 4)
                pygame.draw.rect(img, INK, badge.inflate(4, 4), border_radius=badge.h)
                pygame.draw.rect(img, LIT, badge, border_radius=badge.h)
                self.geo.text(img, label, px, INK, center=(badge.centerx, badge.centery + 1), bold=True)
            return img
        surf.blit(self.sprite(key, build), (rr.x - pad, rr.y - pad))


    # ------------------------------------------------------------ painted into the picture
    def paint(self, scene, pos, live, within=None) -> None:
        """Paint the live layer onto ``scene`` (the static layer's copy whose top-left corner is
        at screen ``pos``): the shade over every country not shown (when some are), control
        rings and markers, then the lit targets' marks.  ``within``: only what reaches that
        rectangle of ``scene`` (its clip)."""
        for _ in self.paint_steps(scene, lambda: pos, live, within):
            pass

    def paint_steps(self, scene, pos_of, live, within=None):
        """``paint`` a step at a time (a generator); ``pos_of()`` gives the position (the
        view may pan between steps)."""
        inf, lit, bright, colourblind = live
        s = self.geo.view.scale
        area = within or scene.get_rect()
        reach = max(4, round(8 * s))

        def boxes(names):
            ox, oy = pos_of()
            for n in names:
                r = self.geo.country_rect(n).move(-ox, -oy)
                if r.inflate(2 * reach, 2 * reach).colliderect(area):
                    yield n, r
        if bright:
            size = self.geo.country_rect(next(iter(self.geo.board.spaces))).size
            rad = max(2, round(8 * s))

            def build():
                img = pygame.Surface(size, pygame.SRCALPHA)
                pygame.draw.rect(img, (8, 10, 18, 100), img.get_rect(), border_radius=rad)
                return img
            shade = self.sprite(("shade", size, rad), build)
            for i, (name, r) in enumerate(boxes(self.geo.board.spaces)):
                if name not in bright:
                    scene.blit(shade, r.topleft)
                if i % 16 == 15:
                    yield
            yield
        names = list(self.geo.board.spaces)
        for i in range(0, len(names), 12):      # a new size's markers cost ~0.3 ms a country
            for name, r in boxes(names[i:i + 12]):
                c = inf.get(name)
                if c is not None:
                    self.draw_influence(scene, r, c, s, colourblind)
            yield
        for i, (name, label) in enumerate(lit):
            if name in self.geo.board:
                ox, oy = pos_of()
                self.draw_lit(scene, name, str(label), s, self.geo.country_rect(name).move(-ox, -oy))
            if i % 8 == 7:
                yield


def draw_change_badges(view, surf, changes: dict) -> list:
    """A badge on each country whose influence the other side changed since your last decision:
    "+2" / "−1" per side in that side's colour, by the country's box, kept until you decide.
    A badge sits where it covers no other country's box (nor another badge): above the box's
    right end, else right of it, below it, left of it; only where every place is taken does it
    go on its own box's corner; always inside the map (at its right edge a badge went under
    the side panel).  ``changes``: country -> {"USA": net, "USSR": net}.  Returns
    [(country, the badges' pixel rect)]."""
    s = view.view.scale
    px = max(16, round(24 * s))
    boxes = {n: view.country_rect(n) for n in view.board.spaces}
    boxes = {n: r for n, r in boxes.items() if r.colliderect(view.rect)}
    placed: list = []
    for name, by_side in changes.items():
        parts = [(side, n) for side, n in sorted(by_side.items()) if n]
        if not parts or name not in boxes:
            continue
        r = boxes[name]
        imgs = [view.live.sprite(("badge", side, n, px),
                                 lambda side=side, n=n: _badge(view.geo, side, n, px))
                for side, n in parts]
        gap = round(2 * s)
        w = sum(i.get_width() for i in imgs) + gap * (len(imgs) - 1)
        h = max(i.get_height() for i in imgs)
        others = [b for n, b in boxes.items() if n != name] + [b for _, b in placed]
        spots = [(r.right + round(6 * s) - w, r.top - h + round(4 * s)),   # above, right end
                 (r.right + gap, r.top),                                   # right of the box
                 (r.right + round(6 * s) - w, r.bottom - round(4 * s)),    # below, right end
                 (r.left - gap - w, r.top)]                                # left of the box
        spot = next((p for p in spots if view.rect.contains(pygame.Rect(p, (w, h)))
                     and pygame.Rect(p, (w, h)).collidelist(others) < 0), None)
        if spot is None:
            spot = (r.right - w, r.top)                    # on its own box's corner
        rect = pygame.Rect(spot, (w, h)).clamp(view.rect)  # never under the panels beside
        x = rect.right
        for img in reversed(imgs):
            x -= img.get_width()
            surf.blit(img, (x, rect.top + (h - img.get_height()) // 2))
            x -= gap
        placed.append((name, rect))
    return placed


def _badge(geo, side, n, px):
    from squabble.framework.layout import render
    f = geo.font(px, True)
    txt = f"{n:+d}".replace("-", "−")
    fg = render(txt, f, PAPER)
    pad = max(2, px // 5)
    img = pygame.Surface((fg.get_width() + 2 * pad, fg.get_height() + pad), pygame.SRCALPHA)
    # the side by shape as well as colour, as its markers are: a USA badge is square-cornered,
    # a USSR badge round-ended (issue 57, item 12)
    radius = max(1, img.get_height() // 8) if side == "USA" else img.get_height() // 2
    pygame.draw.rect(img, theme.SIDE[side], img.get_rect(), border_radius=radius)
    pygame.draw.rect(img, PAPER, img.get_rect(), max(1, px // 12), border_radius=radius)
    img.blit(fg, fg.get_rect(center=(img.get_width() // 2, img.get_height() // 2 + 1)))
    return img
