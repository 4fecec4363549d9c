"""Card faces and backs drawn at window resolution, card sprites, and the face-up record.

Every time a card face is drawn face up, ``FACE_UP.note(key)`` is called, so tests can prove that
a secret card was only shown when its owner had the screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from squabble.framework.fonts import font as font_of
from squabble.framework import layout as LY
from squabble.framework.layout import Layout, text_block, wrap
from squabble.framework.tween import Motion, Tween, out_back


class FaceUpRecord:
    """(frame, key) for every face-up card draw, while enabled."""

    def __init__(self):
        self.enabled = False
        self.frame = 0
        self.entries: list[tuple[int, str]] = []

    def begin_frame(self, frame: int) -> None:
        self.frame = frame

    def note(self, key: str) -> None:
        if self.enabled:
            self.entries.append((self.frame, key))

    def clear(self) -> None:
        self.entries.clear()


FACE_UP = FaceUpRecord()


@dataclass(frozen=True)
class CardFace:
    """What a card face shows; the game maps its own card data onto this."""
    key: str                      # unique id (recorded when drawn face up)
    title: str
    colour: tuple                 # main colour (side)
    header: str = ""              # e.g. era years
    top_left: str = ""            # e.g. Activity Value
    top_left_label: str = ""
    bottom_right: str = ""        # e.g. Counter Value
    bottom_right_label: str = ""
    body: str = ""                # flavour or rule text (shown when big enough)
    badge: str = ""               # small corner word, e.g. side
    symbol: bool = False          # draw the special symbol (e.g. a Space Symbol)
    symbol_label: str = ""
    pattern: str = ""             # colour-blind aid: "stripes" | "dots" | ""
    emblem: str = ""              # a big centre glyph word for special cards ("AGENT")


@dataclass(frozen=True)
class CardBack:
    key: str
    colour: tuple
    label: str = ""
    pattern: str = ""


INK = (30, 28, 36)
PAPER = (244, 238, 222)
GOLD = (240, 196, 72)


def _pattern(surf: pygame.Surface, rect: pygame.Rect, kind: str, colour) -> None:
    if not kind:
        return
    step = max(4, rect.h // 12)
    if kind == "stripes":
        for x in range(rect.left - rect.h, rect.right, step):
            pygame.draw.line(surf, colour, (x, rect.bottom), (x + rect.h, rect.top),
                             max(1, step // 4))
    elif kind == "dots":
        r = max(1, step // 5)
        for y in range(rect.top + step // 2, rect.bottom, step):
            for x in range(rect.left + step // 2, rect.right, step):
                pygame.draw.circle(surf, colour, (x, y), r)


def draw_space_symbol(surf, center, radius, colour=GOLD, ink=INK):
    """A little rocket in a ring: the Space Symbol."""
    cx, cy = center
    pygame.draw.circle(surf, ink, center, radius)
    pygame.draw.circle(surf, colour, center, radius, max(1, radius // 5))
    r = radius * 0.55
    body = [(cx, cy - r), (cx + r * 0.38, cy + r * 0.35), (cx - r * 0.38, cy + r * 0.35)]
    pygame.draw.polygon(surf, colour, body)
    pygame.draw.polygon(surf, colour, [(cx - r * 0.38, cy + r * 0.35), (cx - r * 0.7, cy + r * 0.8),
                                       (cx - r * 0.1, cy + r * 0.35)])
    pygame.draw.polygon(surf, colour, [(cx + r * 0.38, cy + r * 0.35), (cx + r * 0.7, cy + r * 0.8),
                                       (cx + r * 0.1, cy + r * 0.35)])


class CardRenderer:
    """Renders faces and backs to cached surfaces at exact pixel sizes."""

    def __init__(self):
        self._cache: dict = {}
        self._fonts: dict = {}

    def clear(self, fonts: bool = False):
        self._cache.clear()
        if fonts:
            self._fonts.clear()

    def surface(self, card, w: int, h: int) -> pygame.Surface:
        key = (card, w, h)
        s = self._cache.get(key)
        if s is None:
            if len(self._cache) > 600:
                self._cache.clear()
            s = self._render_face(card, w, h) if isinstance(card, CardFace) else \
                self._render_back(card, w, h)
            if pygame.display.get_surface() is not None:
                s = s.convert_alpha()  # blits several times faster in the display's format
            self._cache[key] = s
        return s


    def _font(self, px: int, bold=False):
        key = (max(6, px), bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = font_of(key[0], bold)
        return f

    def _frame(self, w, h, colour):
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        rad = max(2, w // 12)
        pygame.draw.rect(s, colour, (0, 0, w, h), border_radius=rad)
        return s, rad

    def _render_back(self, b: CardBack, w, h):
        s, rad = self._frame(w, h, b.colour)
        inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 8), -max(4, w // 8))
        dark = tuple(max(0, c - 50) for c in b.colour)
        pygame.draw.rect(s, dark, inner, border_radius=rad)
        _pattern(s, inner, b.pattern or "stripes", tuple(min(255, c + 25) for c in dark))
        pygame.draw.rect(s, GOLD, inner, max(1, w // 40), border_radius=rad)
        if b.label:
            f = self._font(int(h * 0.16), True)
            img = f.render(b.label, True, PAPER)
            if img.get_width() > inner.w - 4:
                f = self._font(int(h * 0.16 * (inner.w - 4) / img.get_width()), True)
                img = f.render(b.label, True, PAPER)
            s.blit(img, img.get_rect(center=inner.center))
        pygame.draw.rect(s, INK, (0, 0, w, h), max(1, w // 60), border_radius=rad)
        return s

    def _render_face(self, c: CardFace, w, h):
        s, rad = self._frame(w, h, c.colour)
        m = max(3, w // 18)
        paper = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        pygame.draw.rect(s, PAPER, paper, border_radius=max(2, rad - m // 2))
        big = h >= 220
        # header band with the years
        hb = pygame.Rect(paper.x, paper.y, paper.w, int(h * 0.13))
        pygame.draw.rect(s, c.colour, hb, border_top_left_radius=max(2, rad - m // 2),
                         border_top_right_radius=max(2, rad - m // 2))
        _pattern(s, hb, c.pattern, tuple(min(255, v + 40) for v in c.colour))
        f_head = self._font(int(h * 0.105), True)
        if c.header:
            img = f_head.render(c.header, True, PAPER)
            s.blit(img, img.get_rect(center=hb.center))
        # value circles
        rr = int(w * 0.16)
        f_val = self._font(int(rr * 1.6), True)
        f_lab = self._font(max(7, int(rr * 0.62)), True)

        def value(center, v, label):
            pygame.draw.circle(s, INK, center, rr)
            pygame.draw.circle(s, c.colour, center, rr, max(1, rr // 6))
            img = f_val.render(v, True, PAPER)
            s.blit(img, img.get_rect(center=(center[0], center[1] + rr // 12)))
            if label:
                li = f_lab.render(label, True, INK)
                return li
            return None

        tl = (paper.x + rr + 1, hb.bottom + rr + 2)
        if c.top_left:
            li = value(tl, c.top_left, c.top_left_label)
            if li:
                s.blit(li, li.get_rect(midleft=(tl[0] + rr + 3, tl[1])))
        br = (paper.right - rr - 1, paper.bottom - rr - 2)
        if c.bottom_right:
            li = value(br, c.bottom_right, c.bottom_right_label)
            if li:
                s.blit(li, li.get_rect(midright=(br[0] - rr - 3, br[1])))
        if c.symbol:
            sc = (paper.right - rr - 1, hb.bottom + rr + 2)
            draw_space_symbol(s, sc, rr)
        # the symbol's label sits on its own line under the symbol, and the title below it
        # (it used to share the title's first line and overlap it)
        label_h = 0
        if big and c.symbol and c.symbol_label:
            f_b = self._font(int(h * 0.05), True)
            img = f_b.render(c.symbol_label, True, INK)
            s.blit(img, img.get_rect(topright=(paper.right - 4, hb.bottom + 2 * rr + 4)))
            label_h = f_b.get_linesize() + 2
        # title
        f_title = self._font(int(h * (0.12 if not big else 0.085)), True)
        title_rect = pygame.Rect(paper.x + 3, hb.bottom + 2 * rr + 6 + label_h, paper.w - 6,
                                 int(h * 0.40))
        lines = wrap(c.title, f_title, title_rect.w)
        while len(lines) > 3 and f_title.get_height() > 8:
            f_title = self._font(f_title.get_height() - 2, True)
            lines = wrap(c.title, f_title, title_rect.w)
        y = title_rect.y
        for ln in lines:
            img = f_title.render(ln, True, INK)
            if img.get_width() > title_rect.w:
                img = pygame.transform.smoothscale(
                    img, (title_rect.w, max(1, img.get_height() * title_rect.w // img.get_width())))
            s.blit(img, img.get_rect(midtop=(paper.centerx, y)))
            y += int(f_title.get_linesize() * 0.95)
        if c.emblem:
            f_emb = self._font(int(h * 0.13), True)
            img = f_emb.render(c.emblem, True, c.colour)
            if img.get_width() > paper.w - 6:
                img = pygame.transform.smoothscale(
                    img, (paper.w - 6, img.get_height() * (paper.w - 6) // img.get_width()))
            s.blit(img, img.get_rect(center=(paper.centerx, paper.y + paper.h * 0.62)))
        if c.body and (big or (not c.top_left and h >= 120)):
            f_body = self._font(int(h * (0.055 if big else 0.072)))
            body_rect = pygame.Rect(paper.x + 8, max(y + 6, int(paper.y + paper.h * 0.52)),
                                    paper.w - 16, int(paper.h * 0.30))
            text_block(s, c.body, f_body, (60, 56, 64), body_rect, align="center")
        if c.badge:
            f_b = self._font(max(7, int(h * 0.075)), True)
            img = f_b.render(c.badge, True, c.colour)
            s.blit(img, img.get_rect(bottomleft=(paper.x + 4, paper.bottom - 3)))
        pygame.draw.rect(s, INK, (0, 0, w, h), max(1, w // 60), border_radius=rad)
        return s


RENDERER = CardRenderer()


def draw_card(surf: pygame.Surface, layout: Layout, card, rect, *, face_up: bool,
              back: CardBack | None = None, flip: float = 1.0, highlight=None,
              dim: bool = False, shadow: bool = True) -> pygame.Rect:
    """Draw one card in a logical rect.  ``card`` is a CardFace; ``back`` its back.

    ``flip`` in 0..1 squeezes the card horizontally (a turn-over); ``face_up`` is decided by the
    caller and is the ONLY way a face reaches the screen, recorded in FACE_UP.
    """
    x, y, w, h = rect
    # size from the logical size alone, so a moving card keeps one cached picture
    pr = pygame.Rect(layout.p(x, y), (layout.s(w), layout.s(h)))
    if pr.w < 2 or pr.h < 2:
        return pr
    what = card if face_up else back
    if what is None:
        return pr
    img = RENDERER.surface(what, pr.w, pr.h)
    if face_up:
        FACE_UP.note(card.key)
    if flip < 0.999:
        fw = max(1, int(pr.w * abs(flip)))
        img = pygame.transform.smoothscale(img, (fw, pr.h))
    dest = img.get_rect(center=pr.center)
    if shadow:
        sh = pygame.Rect(dest).move(layout.s(3), layout.s(4))
        pygame.draw.rect(surf, (0, 0, 0, 90), sh, border_radius=max(2, pr.w // 12))
    surf.blit(img, dest)
    if LY.WATCHERS:     # a card covers what is under it (the text-size tests)
        LY.watch_text("cover", surf, dest, "", None, None)
    if dim:
        veil = pygame.Surface(dest.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 12, 20, 140), veil.get_rect(), border_radius=max(2, pr.w // 12))
        surf.blit(veil, dest)
    if highlight:
        pygame.draw.rect(surf, highlight, dest.inflate(layout.s(6), layout.s(6)),
                         max(2, layout.s(3)), border_radius=max(2, pr.w // 10))
    return dest


def settle(t):
    """Slide in and settle with a small overshoot."""
    return out_back(t, 1.1)


@dataclass
class CardSprite:
    """A card on the table: where it is, where it goes, and its turn-over state."""
    key: str
    motion: Motion = field(default_factory=lambda: Motion((0, 0, 10, 14), ease=settle))
    shown_up: bool = False          # which side was drawn last frame
    flip: Tween | None = None       # 0 -> 1 while turning face up
    lift: Tween | None = None

    def place(self, rect: tuple, duration: float, snap: bool = False):
        self.motion.go(tuple(rect), duration, snap)

    def update(self, dt):
        self.motion.update(dt)
        if self.flip:
            self.flip.update(dt)
            if self.flip.done:
                self.flip = None
        if self.lift:
            self.lift.update(dt)

    @property
    def rect(self):
        return self.motion.values

    def face_for(self, allowed_up: bool, duration: float) -> tuple[bool, float]:
        """Decide what to draw this frame.  Turning down is instant (never shows a face that is
        no longer allowed); turning up plays a flip.  Returns (face_up, horizontal scale)."""
        if not allowed_up:
            self.shown_up = False
            self.flip = None
            return False, 1.0
        if not self.shown_up:
            self.shown_up = True
            if duration > 0:
                self.flip = Tween(0.0, 1.0, duration, ease=out_back)
        if self.flip is not None:
            k = self.flip.value
            if k < 0.5:  # first half: the back shrinking
                return False, max(0.02, 1 - 2 * k)
            return True, min(1.2, max(0.02, 2 * k - 1))
        return True, 1.0
