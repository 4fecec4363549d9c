"""Twilight Squabble card and event data, loaded once from ``assets/squabble``."""

from __future__ import annotations

import json
from dataclasses import dataclass

from squabble.assets_loc import asset_path

SIDES = ("USA", "USSR")
OTHER = {"USA": "USSR", "USSR": "USA"}
SIDE_NAME = {"USA": "America", "USSR": "Russia"}


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    side: str
    era: int | None
    years: str | None
    activity: int | None
    counter: int | None
    space_symbol: bool
    kind: str  # "activity" | "agent" | "double_agent"
    text: str

    @property
    def is_activity(self) -> bool:
        return self.kind == "activity"


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    year: int
    rule: str
    text: str


def _load():
    with open(asset_path("squabble", "cards.json"), encoding="utf-8") as f:
        raw = json.load(f)
    with open(asset_path("squabble", "events.json"), encoding="utf-8") as f:
        raw_events = json.load(f)
    cards = {c["id"]: Card(**c) for c in raw["cards"]}
    events = {e["id"]: Event(**e) for e in raw_events["events"]}
    eras = {int(k): v for k, v in raw["eras"].items()}
    return cards, events, eras


CARDS, EVENTS, ERA_YEARS = _load()
CARD_IDS = tuple(CARDS)
EVENT_IDS = tuple(EVENTS)
AGENT = {s: f"{s.lower()}-agent" for s in SIDES}
DOUBLE_AGENT = {s: f"{s.lower()}-double-agent" for s in SIDES}
# Fast look-ups used on the hot path of the rules engine.
ACTIVITY = {cid: c.activity for cid, c in CARDS.items()}
COUNTER = {cid: c.counter for cid, c in CARDS.items()}
SYMBOL = {cid: c.space_symbol for cid, c in CARDS.items()}
IS_ACTIVITY = {cid: c.kind == "activity" for cid, c in CARDS.items()}
OWNER = {cid: c.side for cid, c in CARDS.items()}
EVENT_RULE = {eid: e.rule for eid, e in EVENTS.items()}


def era_cards(side: str, era: int) -> list[str]:
    return [cid for cid, c in CARDS.items() if c.side == side and c.era == era]


def card_name(cid: str) -> str:
    return CARDS[cid].name
