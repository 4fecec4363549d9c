"""The log panel of the Struggle map scene (a part the scene holds): the whole game, newest
at the bottom, scrolled back with the mouse wheel over it, Page Up / Page Down / Home / End, or
the focus (Tab to the log, then up / down on keys or the pad).  A line is coloured by the side
it starts with."""

from __future__ import annotations

import pygame

from squabble.framework.layout import render, text, wrap
from squabble.framework.widgets import panel
from squabble.games.logline import data_of, kind_of
from squabble.games.struggle.data import CARDS, card_name
from squabble.ui import theme

LOG_R = (930, 500, 350, 220)
SIDE_LINE = {"USA": (160, 190, 255), "USSR": (255, 160, 150)}
PAGE = 8
KEYS = {pygame.K_PAGEUP: PAGE, pygame.K_PAGEDOWN: -PAGE, pygame.K_HOME: 10 ** 6,
        pygame.K_END: -10 ** 6}


def shown_line(line, kind: str | None = None, data: dict | None = None) -> str:
    """A log line as the panel shows it: its text; a marker (no text of its own) only when it
    is an event's DEFCON change ("Kitchen Debates: DEFCON improves to 5."), from its data; the
    other markers stay out ("")."""
    if str(line):
        return str(line)
    kind = kind_of(line) if kind is None else kind
    d = data_of(line) if data is None else (data or {})
    now, was = d.get("defcon"), d.get("before")
    if kind != "defcon" or not isinstance(now, int) or not isinstance(was, int) or now == was:
        return ""
    card = d.get("card")
    who = f"{card_name(card)}: " if isinstance(card, int) and card in CARDS else ""
    return f"{who}DEFCON {'improves' if now > was else 'drops'} to {now}."


class LogPanel:
    """The lines of the game (``lines``: ``shown_line`` of each, the empty ones left out) and
    how far the view is scrolled back (``scroll``: wrapped lines back from the newest)."""

    def __init__(self, lines=()):
        self.lines: list = []
        self.reset(lines)
        self.scroll = 0
        self._wrapped_key = None
        self._wrapped: list = []

    def add(self, line: str, kind: str = "note", data: dict | None = None) -> None:
        """A beat's line, with its kind and data (a marker shows only as ``shown_line``)."""
        words = shown_line(line, kind, data)
        if words:
            self.lines.append(words)

    def reset(self, lines) -> None:
        """The whole log again (after an undo: without the undone lines)."""
        self.lines = [w for w in (shown_line(x) for x in lines) if w]

    def wrapped(self, L) -> list:
        """Every log line wrapped to the panel's width (cached until a line is added)."""
        f = L.font(15)
        key = (len(self.lines), self.lines[-1] if self.lines else "", L.scale)
        if key != self._wrapped_key:
            out = []
            for ln in self.lines:
                col = next((c for s, c in SIDE_LINE.items() if ln.startswith(s)), theme.TEXT)
                out.extend((part, col) for part in wrap(ln, f, L.s(LOG_R[2] - 24)))
            self._wrapped, self._wrapped_key = out, key
        return self._wrapped

    @staticmethod
    def rows(L) -> int:
        return max(1, int(L.s(LOG_R[3] - 28) // L.font(15).get_linesize()))

    def scroll_by(self, L, lines: int) -> None:
        """Positive: back in time.  Clamped to the log."""
        most = max(0, len(self.wrapped(L)) - self.rows(L))
        self.scroll = max(0, min(most, self.scroll + lines))

    def key(self, L, ev) -> bool:
        """Page Up / Page Down / Home / End scroll the log (True when used)."""
        if ev.type == pygame.KEYDOWN and ev.key in KEYS:
            self.scroll_by(L, KEYS[ev.key])
            return True
        return False

    def draw(self, surf, L, focused: bool):
        panel(surf, L, LOG_R, colour=(18, 20, 30), radius=0)
        x, y, w, h = LOG_R
        lines = self.wrapped(L)
        rows = self.rows(L)
        self.scroll = max(0, min(self.scroll, len(lines) - rows))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - rows):end]
        head = "Log"
        if self.scroll:
            head += f" · {self.scroll} newer line{'s' if self.scroll != 1 else ''} below"
        elif len(lines) > rows:
            head += " · wheel or Page Up: earlier"
        text(surf, head, L.font(16 if head == "Log" else 14, True),
             theme.FOCUS if focused else theme.MUTED, L.p(x + 10, y + 6))
        f = L.font(15)
        yy = L.p(0, y + 26)[1]
        for part, col in shown:
            surf.blit(render(part, f, col), (L.p(x + 10, 0)[0], yy))
            yy += f.get_linesize()
        if len(lines) > rows:     # a scroll bar: where the view is in the whole game
            track = L.r(x + w - 8, y + 28, 4, h - 34)
            pygame.draw.rect(surf, (40, 44, 60), track)
            frac = rows / len(lines)
            top = 1 - (end / len(lines))
            bar = pygame.Rect(track.x, track.y + round(track.h * top), track.w,
                              max(L.s(8), round(track.h * frac)))
            bar.bottom = min(bar.bottom, track.bottom)
            pygame.draw.rect(surf, theme.FOCUS if focused else theme.MUTED, bar)
        if focused:
            pygame.draw.rect(surf, theme.FOCUS, L.r(LOG_R).inflate(-L.s(4), -L.s(4)),
                             max(2, L.s(2)))
