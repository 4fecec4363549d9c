"""The log panel of the Struggle map scene (a mixin of ``StruggleScene``): the whole game, newest
at the bottom, scrolled back with the mouse wheel over it, Page Up / Page Down / Home / End, or
the focus (Tab to the log, then up / down on keys or the pad).  A line is coloured by the side
it starts with."""

from __future__ import annotations

import pygame

from squabble.framework.layout import render, text, wrap
from squabble.framework.widgets import panel
from squabble.ui import theme

LOG_R = (930, 500, 350, 220)
SIDE_LINE = {"USA": (160, 190, 255), "USSR": (255, 160, 150)}
PAGE = 8
KEYS = {pygame.K_PAGEUP: PAGE, pygame.K_PAGEDOWN: -PAGE, pygame.K_HOME: 10 ** 6,
        pygame.K_END: -10 ** 6}


class LogPanel:
    """``log_scroll``: how many wrapped lines the view is moved back from the newest."""

    log_scroll = 0
    _wrapped_key = None
    _wrapped: list = []

    def wrapped_log(self, L) -> list:
        """Every log line wrapped to the panel's width (cached until a line is added)."""
        f = L.font(15)
        key = (len(self.log_lines), self.log_lines[-1] if self.log_lines else "", L.scale)
        if key != self._wrapped_key:
            out = []
            for ln in self.log_lines:
                col = next((c for s, c in SIDE_LINE.items() if ln.startswith(s)), theme.TEXT)
                out.extend((part, col) for part in wrap(ln, f, L.s(LOG_R[2] - 24)))
            self._wrapped, self._wrapped_key = out, key
        return self._wrapped

    def log_rows(self, L) -> int:
        return max(1, int(L.s(LOG_R[3] - 28) // L.font(15).get_linesize()))

    def scroll_log(self, lines: int) -> None:
        """Positive: back in time.  Clamped to the log."""
        L = self.app.layout
        most = max(0, len(self.wrapped_log(L)) - self.log_rows(L))
        self.log_scroll = max(0, min(most, self.log_scroll + lines))

    def log_key(self, ev) -> bool:
        """Page Up / Page Down / Home / End scroll the log (True when used)."""
        if ev.type == pygame.KEYDOWN and ev.key in KEYS:
            self.scroll_log(KEYS[ev.key])
            return True
        return False

    def draw_log(self, surf, L):
        panel(surf, L, LOG_R, colour=(18, 20, 30), radius=0)
        x, y, w, h = LOG_R
        lines = self.wrapped_log(L)
        rows = self.log_rows(L)
        self.log_scroll = max(0, min(self.log_scroll, len(lines) - rows))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - rows):end]
        head = "Log"
        if self.log_scroll:
            head += f" · {self.log_scroll} newer line{'s' if self.log_scroll != 1 else ''} below"
        elif len(lines) > rows:
            head += " · wheel or Page Up: earlier"
        cur = self.focus.current if self.focus.visible else None
        focused = cur is not None and cur.kind == "log"
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
