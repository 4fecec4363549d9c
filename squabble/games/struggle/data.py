"""Static Twilight Struggle data (map, cards, space race), loaded once from assets/struggle/."""

from __future__ import annotations

import json

from squabble.assets_loc import asset_path

SIDES = ("USSR", "USA")
ENEMY = {"USA": "USSR", "USSR": "USA"}


def _load(name: str) -> dict:
    with open(asset_path("struggle", name), encoding="utf-8") as fh:
        return json.load(fh)


_countries = _load("countries.json")
_cards = _load("cards.json")["cards"]
_space = _load("space_race.json")["space_race"]

#: country name -> {"name", "stability", "battleground", "regions", "adjacent"}
COUNTRIES: dict = {c["name"]: c for c in _countries["countries"]}
COUNTRY_NAMES: tuple = tuple(sorted(COUNTRIES))
STABILITY: dict = {n: c["stability"] for n, c in COUNTRIES.items()}
BATTLEGROUND: frozenset = frozenset(n for n, c in COUNTRIES.items() if c["battleground"])
#: country -> frozenset of adjacent countries and superpowers ("USA"/"USSR")
ADJACENT: dict = {n: frozenset(c["adjacent"]) for n, c in COUNTRIES.items()}
#: superpower -> frozenset of adjacent countries
SUPERPOWER_ADJ: dict = {s: frozenset(v) for s, v in _countries["superpowers"].items()}

REGION_NAMES = ("Europe", "Eastern Europe", "Western Europe", "Asia", "Southeast Asia",
                "Middle East", "Africa", "Central America", "South America")
#: region -> tuple of countries (sorted); Europe and Asia include their sub-regions
REGIONS: dict = {r: tuple(sorted(n for n, c in COUNTRIES.items() if r in c["regions"]))
                 for r in REGION_NAMES}
REGION_SETS: dict = {r: frozenset(v) for r, v in REGIONS.items()}
#: the regions a scoring card or final scoring scores (Southeast Asia only through its card)
SCORED_REGIONS = ("Europe", "Asia", "Middle East", "Africa", "Central America", "South America")

#: card number -> card dict (index 0 unused)
CARDS: dict = {c["number"]: c for c in _cards}
CARD_NUMBERS: tuple = tuple(sorted(CARDS))
SCORING_CARDS: frozenset = frozenset(n for n, c in CARDS.items() if c["scoring"])
CHINA = 6

#: space race: index 0 = space 1
SPACE_RACE: list = _space
SPACE_END = len(_space)

#: scoring card -> region it scores
SCORING_REGION = {1: "Asia", 2: "Europe", 3: "Middle East", 37: "Central America",
                  38: "Southeast Asia", 79: "Africa", 81: "South America"}

#: region -> (presence, domination, control) VP
REGION_VP = {
    "Europe": (3, 7, None),          # control of Europe wins the game
    "Asia": (3, 7, 9),
    "Middle East": (3, 5, 7),
    "Africa": (1, 4, 6),
    "Central America": (1, 3, 5),
    "South America": (2, 5, 6),
}


def period_cards(period: str, optional: bool) -> list:
    """Card numbers of one period that go into the draw pile (never The China Card)."""
    return [n for n, c in CARDS.items()
            if c["period"] == period and n != CHINA and (optional or not c["optional"])]


def ops_words(n: int) -> str:
    """A number of operations points in words: "1 op", "3 ops"."""
    return f"{n} op" if n == 1 else f"{n} ops"


def card_name(n: int) -> str:
    return CARDS[n]["name"] if n in CARDS else f"card {n}"
