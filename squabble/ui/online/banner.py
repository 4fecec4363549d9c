"""A side's name in the online wing's sentences (issue 52).  The words while the other side
decides and the banner while the line is down are the session's and the framework's
(``framework/remote.py``, ``framework/linebanner.py``), reached by scenes through their flow."""

from __future__ import annotations


def side_name(game: str | None, side: str) -> str:
    """A side as the game's own words name it in a sentence: Twilight Squabble's "America" and
    "Russia", Twilight Struggle's "the USA" and "the USSR"."""
    if game == "squabble":
        from squabble.games.squabble.cards import SIDE_NAME
        return SIDE_NAME.get(side, side)
    return f"the {side}" if side in ("USA", "USSR") else side
