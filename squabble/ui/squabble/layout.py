"""Where things sit on the Squabble table (logical 1280x720) and small text helpers."""

from __future__ import annotations

import re
from dataclasses import dataclass


# ---- layout (logical 1280x720) ---------------------------------------------------------------
TOP_HAND_Y, TOP_CARD = 46, (57, 80)
SLOT_CARD = (92, 129)
TOP_SLOT_Y, BOT_SLOT_Y = 134, 398
TRACK_Y = 272
HAND_Y, HAND_CARD = 536, (120, 168)
BOP_X, SPACE_X = 270, 770        # centres of the two columns
BOP_TRACK = (14, TRACK_Y + 20, 512, 78)
SPACE_TRACK = (568, TRACK_Y + 20, 330, 78)
LEADER = (908, TRACK_Y + 8, 84, 102)
RIGHT = (1004, 46, 268, 666)
DECK_X, DISC_X = 16, 90
PILE = (62, 87)
ZOOM_PANEL = (1004, 262, 268, 450)   # covers the whole log and hint, never the turn order
ZOOM = (1012, 290, 252, 353)
EVENT_RECT = (600, TOP_SLOT_Y + 8, 80, 112)

CONTROLS = ("Click · arrows/Tab + Enter · 1-9 pick a card · Backspace undo · Esc menu · F1 rules"
            " · F11 full screen.  Pad: D-pad, A choose, X undo, Start menu")




@dataclass
class Item:
    """A focusable thing on the table."""
    name: str
    rect: tuple
    kind: str          # card | button | pile
    ref: object = None


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_SIDE_WORD = re.compile(r"\b(USSR|USA)\b")
_MAYBE_PLURAL = re.compile(r"\b(\d+) (space|token)\(s\)")


def plain(line: str) -> str:
    """A log line in the table's words: Russia / America (as everywhere on screen) and real
    plurals.  The engine's text itself stays as the protocol prints it."""
    line = _MAYBE_PLURAL.sub(lambda m: plural(int(m.group(1)), m.group(2)), str(line))
    return _SIDE_WORD.sub(lambda m: "Russia" if m.group(1) == "USSR" else "America", line)


def side_row(bottom: str, side: str) -> str:
    return "bottom" if side == bottom else "top"


def track_rects(rect, n, gap=4) -> list[tuple]:
    """The ``n`` spaces of a track drawn in ``rect`` (logical), left to right."""
    x, y, w, h = rect
    sw = (w - gap * (n - 1)) / n
    return [(x + i * (sw + gap), y, sw, h) for i in range(n)]
