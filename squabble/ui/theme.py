"""The window's colours, the sides' marks for colour-blind aids, and a side's card back.
Each game's own card faces live in its folder (``ui/squabble/faces.py``)."""

from __future__ import annotations

from functools import lru_cache

from squabble.framework.cards import CardBack

BG = (16, 20, 32)
FELT = (22, 44, 40)
FELT_EDGE = (40, 72, 64)
TEXT = (236, 232, 220)
MUTED = (150, 152, 164)
GOLD = (240, 196, 72)
FOCUS = (255, 214, 90)
LEGAL = (120, 230, 140)
SIDE = {"USA": (42, 96, 204), "USSR": (196, 44, 44)}
SIDE_LIGHT = {"USA": (120, 170, 255), "USSR": (255, 120, 110)}
NEUTRAL = (96, 98, 106)
EVENT = (120, 84, 160)
SHORT = {"USA": "USA", "USSR": "USSR"}
PATTERN = {"USA": "stripes", "USSR": "dots"}
MARK = {"USA": "A", "USSR": "R"}   # colour-blind letters on tokens


@lru_cache(maxsize=None)
def card_back(side: str, colour_blind: bool = False) -> CardBack:
    return CardBack(key=f"back-{side}", colour=SIDE[side], label=SHORT[side],
                    pattern=PATTERN[side])
