"""A word to the friend (issue 59): a seat's short messages, checked, rate-limited, stored with
the game and sent to everyone at the game (the other seat, the spectators, and back to the
sender as its receipt).  A spectator reads but does not write.

Text is kept as text: control and format characters (and lone surrogates) are dropped, runs of
white space become one space, nothing is interpreted as markup by anyone (the window draws it as
plain text).  At most ``MAX_CHARS`` characters as sent; ``RATE`` messages a ``PERIOD`` seconds
a seat (a burst of as many)."""

from __future__ import annotations

import unicodedata

from squabble.online import limits

MAX_CHARS = 300
RATE, PERIOD = 5, 10.0       # messages a seat may send in PERIOD seconds (a burst of RATE)
RESENT = 50                  # the newest lines a resume, a join or a watch gets again
PHRASES = ("Good game", "Back in 5 minutes", "Thanks")   # the window's one-click phrases

SCHEMA = """
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL, n INTEGER NOT NULL, seat TEXT NOT NULL, text TEXT NOT NULL,
    t REAL NOT NULL, PRIMARY KEY (game_id, n));
"""


def clean(text) -> str:
    """``text`` as it is stored and shown; ValueError with one sentence when it may not be sent
    (not a string, empty, too long)."""
    if not isinstance(text, str):
        raise ValueError("'text' must be a string.")
    if len(text) > MAX_CHARS:
        raise ValueError(f"That message is too long ({len(text)} characters; at most "
                         f"{MAX_CHARS}): it was not sent.")
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or not unicodedata.category(ch).startswith("C"))
    kept = " ".join(kept.split())
    if not kept:
        raise ValueError("That message is empty: it was not sent.")
    return kept


class Rate:
    """Each seat's allowance of messages (on the limits' clock, which tests replace)."""

    def __init__(self):
        self.buckets: dict = {}

    def allow(self, key) -> bool:
        t = limits.now()
        b = self.buckets.get(key)
        if b is None:
            b = self.buckets[key] = limits.Bucket(RATE, PERIOD, t)
        if len(self.buckets) > 10000:   # (the full ones forgotten now and then)
            for k in [k for k, x in self.buckets.items() if x.full(t) and k != key]:
                del self.buckets[k]
        return b.take(t)


def last_number(store, game_id: str) -> int:
    row = store._read("SELECT COALESCE(MAX(n), 0) FROM chat WHERE game_id=?", (game_id,))
    return int(row[0]) if row else 0


def insert_stmts(game_id: str, n: int, seat: str, text: str, t: float) -> list:
    return [("INSERT INTO chat (game_id, n, seat, text, t) VALUES (?,?,?,?,?)",
             (game_id, n, seat, text, t))]


def delete_stmts(ids: list) -> list:
    marks = ",".join("?" * len(ids))
    return [(f"DELETE FROM chat WHERE game_id IN ({marks})", list(ids))]


def recent(store, game_id: str, count: int = RESENT) -> list:
    """The game's newest ``count`` lines, oldest first: [{"n", "seat", "text"}]."""
    rows = store._read("SELECT n, seat, text FROM chat WHERE game_id=? ORDER BY n DESC LIMIT ?",
                       (game_id, count), every=True)
    return [{"n": n, "seat": seat, "text": text} for n, seat, text in reversed(rows)]
