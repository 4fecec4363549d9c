"""Colours and the mapping of Squabble cards onto framework card faces."""

from __future__ import annotations

from functools import lru_cache

from squabble.framework.cards import CardBack, CardFace
from squabble.games.squabble.cards import CARDS, EVENTS, SIDE_NAME

BG = (16, 20, 32)
FELT = (22, 44, 40)
FELT_EDGE = (40, 72, 64)
TEXT = (236, 232, 220)
MUTED = (150, 152, 164)
GOLD = (240, 196, 72)
FOCUS = (255, 214, 90)
LEGAL = (120, 230, 140)
SIDE = {"USA": (48, 104, 214), "USSR": (196, 44, 44)}
SIDE_LIGHT = {"USA": (120, 170, 255), "USSR": (255, 120, 110)}
NEUTRAL = (110, 112, 120)
EVENT = (120, 84, 160)
NAME = SIDE_NAME  # USA -> America, USSR -> Russia
SHORT = {"USA": "USA", "USSR": "USSR"}
PATTERN = {"USA": "stripes", "USSR": "dots"}
MARK = {"USA": "A", "USSR": "R"}   # colour-blind letters on tokens


@lru_cache(maxsize=None)
def card_face(cid: str, colour_blind: bool = False) -> CardFace:
    c = CARDS[cid]
    pat = PATTERN[c.side] if colour_blind else ""
    if c.kind != "activity":
        return CardFace(key=cid, title=c.name, colour=SIDE[c.side], header="Spy",
                        body=c.text, badge=NAME[c.side], pattern=pat)
    return CardFace(key=cid, title=c.name, colour=SIDE[c.side], header=c.years or "",
                    top_left=str(c.activity), top_left_label="Act",
                    bottom_right=str(c.counter), bottom_right_label="Ctr", body=c.text,
                    badge=NAME[c.side], symbol=c.space_symbol, symbol_label="Space Symbol",
                    pattern=pat)


@lru_cache(maxsize=None)
def card_back(side: str, colour_blind: bool = False) -> CardBack:
    return CardBack(key=f"back-{side}", colour=SIDE[side], label=SHORT[side],
                    pattern=PATTERN[side])


@lru_cache(maxsize=None)
def event_face(eid: str) -> CardFace:
    e = EVENTS[eid]
    return CardFace(key=f"event:{eid}", title=e.name, colour=EVENT, header=f"Event {e.year}",
                    body=e.text, badge="In effect")


EVENT_BACK = CardBack(key="back-event", colour=EVENT, label="EVENT", pattern="dots")
