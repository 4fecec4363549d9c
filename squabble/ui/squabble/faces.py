"""Twilight Squabble's cards as framework pictures: a card's face, an event's face, the event
deck's back, the sides' names, and the backs that drift behind the title."""

from __future__ import annotations

from functools import lru_cache

from squabble.framework.cards import CardBack, CardFace
from squabble.games.squabble.cards import CARDS, EVENTS, SIDE_NAME
from squabble.ui.theme import EVENT, PATTERN, SIDE, card_back

NAME = SIDE_NAME  # USA -> America, USSR -> Russia


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
def event_face(eid: str) -> CardFace:
    e = EVENTS[eid]
    return CardFace(key=f"event:{eid}", title=e.name, colour=EVENT, header=f"Event {e.year}",
                    body=e.text, badge="In effect")


EVENT_BACK = CardBack(key="back-event", colour=EVENT, label="EVENT", pattern="dots")


def deck_backs() -> list:
    """The back of each activity card, in the deck's order: the pictures the title lets drift
    behind its menu (no faces: nothing secret, nothing to record)."""
    return [card_back(CARDS[c].side) for c in CARDS if CARDS[c].is_activity]
