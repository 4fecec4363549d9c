"""A game's words in the online wing's sentences (issue 52), asked of the game's entry
(``ui/<game>/entry.py``): the online wing names no game (issue 58)."""

from __future__ import annotations

from squabble.ui import games


def side_name(game: str | None, side: str) -> str:
    """A side as the game's own words name it in a sentence (Twilight Squabble's "America",
    Twilight Struggle's "the USA")."""
    entry = games.GAMES.get(game)
    return entry.side_name(side) if entry is not None else side


def game_label(game: str | None) -> str:
    entry = games.GAMES.get(game)
    return entry.LABEL if entry is not None else str(game)


def bidding_open(update: dict | None) -> bool:
    """Does ``update`` show a game still waiting for its bids?"""
    return bool(update) and bool((update.get("bidding") or {}).get("open"))


def bidding_words(update: dict, seat: str) -> str:
    """What Your online games says of a game waiting for its bids."""
    if update.get("open_seat"):
        return "waiting for your friend to join"
    if seat in update["bidding"].get("bid", []):
        return "waiting for your friend's bid"
    return "YOUR BID"
