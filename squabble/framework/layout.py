"""Logical 1280x720 design coordinates scaled to the real window, drawn at window resolution."""

from __future__ import annotations

import pygame

from squabble.framework import fonts as _fonts
from squabble.framework.fonts import font as font_of

DESIGN_W, DESIGN_H = 1280, 720


class Layout:
    """Maps logical design coordinates to window pixels (letterboxed, aspect kept)."""

    def __init__(self, size: tuple[int, int]):
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        #: the player's text size (Options: 1.0, 1.25 or 1.5): every ``font`` is that much larger
        self.text_scale = 1.0
        _fonts.TEXT_SCALE[0] = 1.0      # (a window before this one may have had another)
        self.resize(size)

    def grow(self, size: float) -> float:
        """How much the player's text size grows a font of logical size ``size``."""
        return _fonts.grow(size, self.text_scale)

    def set_text_scale(self, k: float) -> None:
        _fonts.TEXT_SCALE[0] = k
        if k != self.text_scale:
            self.text_scale = k
            self._fonts.clear()
            _fonts.forget_designed()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(1, size[0]), max(1, size[1])
        self.size = (w, h)
        _fonts.forget_designed()
        self.scale = min(w / DESIGN_W, h / DESIGN_H)
        self.ox = (w - DESIGN_W * self.scale) / 2
        self.oy = (h - DESIGN_H * self.scale) / 2

    # logical -> pixels
    def s(self, v: float) -> int:
        return max(1, round(v * self.scale)) if v > 0 else round(v * self.scale)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.scale), round(self.oy + y * self.scale)

    def r(self, x, y=None, w=None, h=None) -> pygame.Rect:
        if y is None:  # a Rect-like in logical units
            x, y, w, h = x
        x0, y0 = self.p(x, y)
        x1, y1 = self.p(x + w, y + h)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    # pixels -> logical
    def to_logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        """The font of logical size ``size`` at this window's scale and the player's text
        size: body text (24 and below) grows by all of it, display text (48 and up) is large
        already and keeps its size, sizes between grow by a share."""
        px = max(6, round(size * self.scale * self.grow(size)))
        key = (px, bold)
        f = self._fonts.get(key)
        if f is None:
            f = font_of(px, bold)
            self._fonts[key] = f
        if self.text_scale != 1.0:
            _fonts.note_designed(f, max(6, round(size * self.scale)))
        return f


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap to a pixel width."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


_TEXT_CACHE: dict = {}

#: callables watching text as it is drawn (the readability tests measure contrast, cut and
#: overlap with them): ``watch(kind, surface, rect, string, font, colour)`` is called before a
#: line is blitted (``kind`` "text"), when a line had to be cut to fit (``kind`` "cut": an
#: ellipsis, or a label no font down to the smallest fits), and when a box is drawn that text
#: goes in (``kind`` "panel", widgets.panel) or a card covers what is under it (``kind``
#: "cover", cards.draw_card).  Empty in play: no cost.
WATCHERS: list = []


def watch_text(kind, surface, rect, s, font, colour) -> None:
    for w in WATCHERS:
        w(kind, surface, rect, s, font, colour)


def render(s: str, font: pygame.font.Font, colour) -> pygame.Surface:
    """font.render with a small cache: most labels are the same from frame to frame."""
    key = (s, font, tuple(colour))
    img = _TEXT_CACHE.get(key)
    if img is None:
        if len(_TEXT_CACHE) > 1500:
            _TEXT_CACHE.clear()
        img = _TEXT_CACHE[key] = font.render(s, True, colour)
    return img


def clear_text_cache() -> None:
    _TEXT_CACHE.clear()


def text(surface: pygame.Surface, s: str, font: pygame.font.Font, colour, pos,
         anchor: str = "topleft", shadow=None) -> pygame.Rect:
    img = render(s, font, colour)
    r = img.get_rect(**{anchor: pos})
    if WATCHERS:
        watch_text("text", surface, r, s, font, colour)
    if shadow is not None:
        sh = render(s, font, shadow)
        surface.blit(sh, r.move(max(1, font.get_height() // 16), max(1, font.get_height() // 16)))
    surface.blit(img, r)
    return r


def ellipsize(line: str, font: pygame.font.Font, width: int) -> str:
    """``line`` with "…" at its end, words dropped until it fits ``width`` pixels."""
    words = line.split(" ")
    while words:
        trial = " ".join(words).rstrip(",;:.") + "…"
        if font.size(trial)[0] <= width or len(words) == 1:
            return trial
        words.pop()
    return "…"


def text_block(surface, s: str, font, colour, rect: pygame.Rect, align: str = "left",
               line_gap: float = 1.05, valign: str = "top") -> int:
    """Wrapped text inside a pixel rect; returns the height used.  Text that does not fit ends
    with an ellipsis on the last line that does (never a sentence cut off as if it ended).  A
    font grown by the player's text size shrinks back (never below its designed size) before
    anything is cut."""
    floor = _fonts.designed_px(font)
    while True:
        lines = wrap(s, font, rect.w)
        lh = round(font.get_linesize() * line_gap)
        less = _fonts.smaller(font, floor) if floor is not None else None
        if lh * len(lines) <= rect.h + lh // 3 or less is None:
            break
        font = less
    total = lh * len(lines)
    y = rect.y if valign == "top" else rect.y + (rect.h - total) // 2
    room = 0
    while room < len(lines) and y + lh * (room + 1) <= rect.bottom + lh // 3:
        room += 1
    if 0 < room < len(lines):
        lines = lines[:room - 1] + [ellipsize(lines[room - 1], font, rect.w)]
        if WATCHERS:
            watch_text("cut", surface, rect, s, font, colour)
    for ln in lines[:room]:
        img = render(ln, font, colour)
        if align == "center":
            x = rect.centerx - img.get_width() // 2
        elif align == "right":
            x = rect.right - img.get_width()
        else:
            x = rect.x
        if WATCHERS:
            watch_text("text", surface, img.get_rect(topleft=(x, y)), ln, font, colour)
        surface.blit(img, (x, y))
        y += lh
    return total


def fit_font(layout: Layout, s: str, max_w: float, size: float, bold=False, min_size=9,
             max_h: float | None = None):
    """The largest font (logical size <= size) that fits s into max_w logical pixels (and its
    lines into ``max_h``, when given: a slot between fixed neighbours); never below
    ``min_size`` at the designed text size (a larger text size may shrink back to it)."""
    floor = min(size, min_size / layout.grow(min_size))
    top_h = None if max_h is None else max(
        layout.s(max_h), font_of(max(6, round(size * layout.scale)), bold).get_height())
    while size > floor:
        f = layout.font(size, bold)
        if f.size(s)[0] <= layout.s(max_w) and (top_h is None or f.get_height() <= top_h):
            return f
        size -= 1
    f = layout.font(floor, bold)
    if WATCHERS and f.size(s)[0] > layout.s(max_w):
        watch_text("cut", None, None, s, f, None)
    return f
