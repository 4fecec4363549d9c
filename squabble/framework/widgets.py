"""Buttons, tracks, tokens, piles and hand fans, all in logical coordinates."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from squabble.framework import layout as LY
from squabble.framework.layout import Layout, fit_font, text
from squabble.framework.vision import backdrop_for, readable

TEXT = (236, 232, 220)
MUTED = (150, 150, 160)
FOCUS = (255, 214, 90)
PANEL = (28, 34, 50)
PANEL_EDGE = (70, 80, 104)


@dataclass
class Button:
    """A clickable, focusable box.  ``reason`` says why it is disabled when tried."""
    name: str
    label: str
    rect: tuple            # logical x, y, w, h
    action: object = None  # callable() on activation
    enabled: bool = True
    reason: str = ""
    colour: tuple = (58, 70, 98)
    hint: str = ""         # small text under the label (e.g. the key)
    selected: bool = False
    kind: str = "button"

    def contains(self, lp) -> bool:
        x, y, w, h = self.rect
        return x <= lp[0] < x + w and y <= lp[1] < y + h

    def draw(self, surf, layout: Layout, focused: bool = False, t: float = 0.0):
        r = layout.r(self.rect)
        base = self.colour if self.enabled else (44, 46, 56)
        if self.selected:
            base = tuple(min(255, c + 40) for c in base)
        if focused and self.enabled:
            base = tuple(min(255, c + 28) for c in base)
        col = TEXT if self.enabled else MUTED
        # the label reads at 4.5:1 whatever the button's colour, lit or not (issue 57, item 13)
        base = backdrop_for(col, base)
        pygame.draw.rect(surf, (0, 0, 0), r.move(layout.s(2), layout.s(3)),
                         border_radius=layout.s(8))
        pygame.draw.rect(surf, base, r, border_radius=layout.s(8))
        if LY.WATCHERS:     # a button covers what is under it (the text-size tests)
            LY.watch_text("cover", surf, r, "", None, None)
        edge = FOCUS if focused else (PANEL_EDGE if not self.selected else TEXT)
        pygame.draw.rect(surf, edge, r, max(1, layout.s(3 if focused else 1)),
                         border_radius=layout.s(8))
        h = self.rect[3]
        f = fit_font(layout, self.label, self.rect[2] - 12, min(30, h * (0.5 if self.hint else 0.62)),
                     bold=True)
        cy = r.centery - (layout.s(h * 0.13) if self.hint else 0)
        text(surf, self.label, f, col, (r.centerx, cy), "center")
        if self.hint:
            fh = fit_font(layout, self.hint, self.rect[2] - 10, h * 0.27)
            text(surf, self.hint, fh, readable(MUTED, base) if not focused else TEXT,
                 (r.centerx, r.bottom - layout.s(h * 0.2)), "center")


_PANELS: dict = {}


def panel(surf, layout: Layout, rect, colour=PANEL, edge=PANEL_EDGE, radius=10, alpha=235):
    """A translucent rounded box; the picture is cached by size and colours."""
    r = layout.r(rect)
    key = (r.size, colour, edge, layout.s(radius), alpha, layout.s(1.5))
    s = _PANELS.get(key)
    if s is None:
        if len(_PANELS) > 64:
            _PANELS.clear()
        s = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*colour, alpha), s.get_rect(), border_radius=layout.s(radius))
        pygame.draw.rect(s, (*edge, 255), s.get_rect(), max(1, layout.s(1.5)),
                         border_radius=layout.s(radius))
        if pygame.display.get_surface() is not None:
            s = s.convert_alpha()
        _PANELS[key] = s
    surf.blit(s, r)
    if LY.WATCHERS:     # a box text drawn in it must stay inside (the text-size tests)
        LY.watch_text("panel", surf, r, "", None, None)
    return r


def token(surf, layout: Layout, center, radius, colour, label="", ring=(20, 20, 28),
          pattern_mark=""):
    """A round token; ``pattern_mark`` (a letter) is the colour-blind aid."""
    c = layout.p(*center)
    rad = layout.s(radius)
    pygame.draw.circle(surf, (0, 0, 0), (c[0] + layout.s(1.5), c[1] + layout.s(2)), rad)
    pygame.draw.circle(surf, colour, c, rad)
    pygame.draw.circle(surf, tuple(min(255, v + 60) for v in colour), c, max(1, int(rad * 0.7)),
                       max(1, rad // 6))
    pygame.draw.circle(surf, ring, c, rad, max(1, rad // 6))
    lab = label or pattern_mark
    if lab:
        f = layout.font(radius * 1.25, True)
        text(surf, lab, f, (250, 250, 250), c, "center", shadow=(0, 0, 0))


@dataclass
class TrackSpace:
    label: str
    colour: tuple
    sub: str = ""
    pattern: str = ""
    mark: str = ""   # colour-blind letter


def draw_track(surf, layout: Layout, rect, spaces: list[TrackSpace], highlight: int | None = None,
               gap: float = 4):
    """A row of spaces in a logical rect; returns each space's logical rect."""
    x, y, w, h = rect
    n = len(spaces)
    sw = (w - gap * (n - 1)) / n
    rects = []
    for i, sp in enumerate(spaces):
        rr = (x + i * (sw + gap), y, sw, h)
        rects.append(rr)
        pr = layout.r(rr)
        pygame.draw.rect(surf, sp.colour, pr, border_radius=layout.s(6))
        if sp.pattern:
            from squabble.framework.cards import _pattern
            clip = surf.get_clip()
            surf.set_clip(pr)
            _pattern(surf, pr, sp.pattern, tuple(min(255, c + 35) for c in sp.colour))
            surf.set_clip(clip)
        edge = FOCUS if highlight == i else (16, 16, 22)
        pygame.draw.rect(surf, edge, pr, max(1, layout.s(3 if highlight == i else 1.5)),
                         border_radius=layout.s(6))
        f = fit_font(layout, sp.label, sw - 4, h * 0.34, bold=True)
        text(surf, sp.label, f, TEXT, (pr.centerx, pr.y + layout.s(h * 0.22)), "center",
             shadow=(0, 0, 0))
        if sp.sub:
            fs = fit_font(layout, sp.sub, sw - 4, h * 0.2)
            text(surf, sp.sub, fs, TEXT, (pr.centerx, pr.bottom - layout.s(h * 0.14)), "center",
                 shadow=(0, 0, 0))
        if sp.mark:
            fm = layout.font(h * 0.2, True)
            text(surf, sp.mark, fm, TEXT, (pr.x + layout.s(3), pr.y + layout.s(2)))
    return rects


def fan(n: int, center_x: float, y: float, card_w: float, card_h: float, max_w: float,
        gap: float = 8) -> list[tuple]:
    """Logical rects for n cards in a row centred on center_x, overlapping if needed."""
    if n <= 0:
        return []
    step = card_w + gap
    if n > 1 and step * (n - 1) + card_w > max_w:
        step = (max_w - card_w) / (n - 1)
    total = step * (n - 1) + card_w
    x0 = center_x - total / 2
    return [(x0 + i * step, y, card_w, card_h) for i in range(n)]


@dataclass
class Pile:
    """A deck or discard pile: a count and (optionally) a face-up top card drawn by the caller."""
    name: str
    rect: tuple
    count: int = 0
    label: str = ""
    cards: list = field(default_factory=list)

    def contains(self, lp):
        x, y, w, h = self.rect
        return x <= lp[0] < x + w and y <= lp[1] < y + h
