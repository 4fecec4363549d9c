"""Ratings on a server (issue 60): player keys, rated games and their Elo.  docs/online.md,
"Ratings".

A *player key* is a random value (at least 128 bits) a client makes and keeps in its user data
folder; it sends it with ``create`` and ``join`` as it sends its contribution.  The server keeps
only its SHA-256 (``key_hash``, hex) beside the display name it came with.  A game created
``rated`` between two keys changes both keys' ratings of that game when it ends (a win, a loss
on time too, or a draw): Elo with ``K`` from ``START``.  The change is written in the same
transaction as the game's result, and ``rating_changes`` is keyed by (game, key), so a rating
never changes twice for one game, whatever stops the server.  The SQL is plain (no SQLite
extension; DOUBLE PRECISION, which SQLite reads as REAL and PostgreSQL as 8 bytes): statements
as the store's ``Stmts`` take them, so it ports with the store."""

from __future__ import annotations

import hashlib
import re

K = 32              # the Elo factor: the most one game moves a rating
START = 1500.0      # a key's rating before its first rated game of a game
MIN_KEY_CHARS = 32  # hex digits: 128 bits
MAX_KEY_CHARS = 128
TABLE_ROWS = 100    # the ratings table's rows a game, best first
_HEX = re.compile(r"[0-9a-f]+")

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    key_hash TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ratings (
    key_hash TEXT NOT NULL, game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL, wins INTEGER NOT NULL, PRIMARY KEY (key_hash, game));
CREATE TABLE IF NOT EXISTS rated_seats (
    game_id TEXT NOT NULL, side TEXT NOT NULL, key_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, side));
CREATE TABLE IF NOT EXISTS rating_changes (
    game_id TEXT NOT NULL, key_hash TEXT NOT NULL, game TEXT NOT NULL, side TEXT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL, rating_after DOUBLE PRECISION NOT NULL,
    score DOUBLE PRECISION NOT NULL, changed_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, key_hash));
"""

SELF_PLAY = ("You have not joined the game: it is rated and your player key holds its other "
             "seat; a rated game is played against someone else.")
NO_KEY = ("You have not joined the game: it is rated, and a rated game is joined with a player "
          "key (Play online makes one when you have a name).")


# -- keys ---------------------------------------------------------------------------------------

def new_key() -> str:
    """A player key: 256 random bits from the operating system, hex."""
    import secrets
    return secrets.token_hex(32)


def check_key(value) -> str | None:
    """``value`` as a player key (None: none came); ValueError with one sentence."""
    if value is None:
        return None
    if not isinstance(value, str) or not MIN_KEY_CHARS <= len(value) <= MAX_KEY_CHARS or \
            not _HEX.fullmatch(value):
        raise ValueError(f"'key' must be a player key: {MIN_KEY_CHARS} to {MAX_KEY_CHARS} "
                         "lower-case hex digits.")
    return value


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


# -- Elo ----------------------------------------------------------------------------------------

def expected(rating: float, other: float) -> float:
    """The score ``rating`` is expected to make against ``other`` (0..1)."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def scores(winner: str | None, sides=("USA", "USSR")) -> dict:
    """Each side's score of a result: 1 a win, 0 a loss, 0.5 each a draw."""
    a, b = sides
    if winner == a:
        return {a: 1.0, b: 0.0}
    if winner == b:
        return {a: 0.0, b: 1.0}
    return {a: 0.5, b: 0.5}


def elo(ra: float, rb: float, score_a: float, k: float = K) -> tuple:
    """The two ratings after a game in which the first scored ``score_a``."""
    ea = expected(ra, rb)
    delta = k * (score_a - ea)
    return ra + delta, rb - delta


# -- the statements -----------------------------------------------------------------------------

def player_stmts(khash: str, name: str | None) -> list:
    """A key's player row: its name the newest it came with (a key that never came with one
    is "Player")."""
    if name is None:
        return [("INSERT INTO players (key_hash, name) VALUES (?, ?) ON CONFLICT (key_hash) "
                 "DO NOTHING", (khash, "Player"))]
    return [("INSERT INTO players (key_hash, name) VALUES (?, ?) ON CONFLICT (key_hash) "
             "DO UPDATE SET name = excluded.name", (khash, name))]


def seat_stmts(game_id: str, side: str, khash: str, name: str | None) -> list:
    """A seat of a rated game held by a key."""
    return player_stmts(khash, name) + [
        ("INSERT INTO rated_seats (game_id, side, key_hash) VALUES (?, ?, ?)",
         (game_id, side, khash))]


def rename_stmts(game_id: str, sides: dict) -> list:
    """A game whose seats became sides (secret bids resolved)."""
    return [("UPDATE rated_seats SET side=? WHERE game_id=? AND side=?", (new, game_id, old))
            for old, new in sides.items()]


def delete_stmts(ids: list) -> list:
    """(Games nobody joined are deleted: they never ended, so they changed no rating.)"""
    marks = ",".join("?" * len(ids))
    return [(f"DELETE FROM rated_seats WHERE game_id IN ({marks})", list(ids))]


def seats_of(store, game_id: str) -> dict:
    """side -> key hash of a rated game ({} : not rated)."""
    return dict(store._read("SELECT side, key_hash FROM rated_seats WHERE game_id=?",
                            (game_id,), every=True))


def current(store, game: str, khash: str) -> tuple | None:
    """(rating, games, wins) of a key in ``game``, None before its first rated game of it."""
    row = store._read("SELECT rating, games, wins FROM ratings WHERE key_hash=? AND game=?",
                      (khash, game))
    return None if row is None else (float(row[0]), int(row[1]), int(row[2]))


def _after(k: float) -> str:
    """SQL: the rating of ``a`` after its game against ``b`` scoring ``?`` (Elo, ``expected``
    written in SQL), from the ratings as stored."""
    return (f"a.rating + {float(k)!r} * "
            "(? - 1.0 / (1.0 + power(10.0, (b.rating - a.rating) / 400.0)))")


def result_stmts(game_id: str, game: str, seats: dict, winner, at: float) -> list:
    """The statements a rated game's result makes, to go in the result's own transaction.
    ``seats``: side -> key hash (two keys).  They compute the new ratings from the ratings as
    stored when the transaction writes them, never from a value read before it: two games of
    one key ending at once on two server processes (or in one batch) each count.  Both rows
    are locked first, in one order (an UPDATE that changes nothing), so the second
    transaction waits for the first and then reads what it wrote; the history row is
    computed first, from the ratings before the game, and the ratings are set from it.  The
    change row is keyed by (game, key): a second result of the same game fails its
    transaction.  ``changes_of`` reads the change once committed."""
    (sa, ka), (sb, kb) = sorted(seats.items())
    score = scores(winner, (sa, sb))
    stmts = [("INSERT INTO ratings (key_hash, game, rating, games, wins) VALUES (?, ?, ?, 0, 0) "
              "ON CONFLICT (key_hash, game) DO NOTHING", (k, game, START)) for k in (ka, kb)]
    stmts += [("UPDATE ratings SET games=games WHERE key_hash=? AND game=?", (k, game))
              for k in sorted((ka, kb))]
    for (s, k), (_, other) in (((sa, ka), (sb, kb)), ((sb, kb), (sa, ka))):
        stmts.append(("INSERT INTO rating_changes (game_id, key_hash, game, side, "
                      "rating_before, rating_after, score, changed_at) "
                      f"SELECT ?, a.key_hash, a.game, ?, a.rating, {_after(K)}, ?, ? "
                      "FROM ratings a, ratings b WHERE a.key_hash=? AND a.game=? "
                      "AND b.key_hash=? AND b.game=?",
                      (game_id, s, score[s], score[s], at, k, game, other, game)))
    for s, k in ((sa, ka), (sb, kb)):
        stmts.append(("UPDATE ratings SET rating=(SELECT c.rating_after FROM rating_changes c "
                      "WHERE c.game_id=? AND c.key_hash=ratings.key_hash), games=games+1, "
                      "wins=wins+? WHERE key_hash=? AND game=?",
                      (game_id, 1 if score[s] == 1.0 else 0, k, game)))
    return stmts


def changes_of(store, game_id: str) -> dict:
    """side -> [before, after] of a rated game that ended ({}: none yet)."""
    return {s: [float(b), float(a)] for s, b, a in store._read(
        "SELECT side, rating_before, rating_after FROM rating_changes WHERE game_id=?",
        (game_id,), every=True)}


def table(store, games) -> dict:
    """The ratings table of each game: [{"name", "rating", "games", "wins"}], best first (names
    only: a key or its hash never leaves the server)."""
    out = {}
    for game in games:
        rows = store._read(
            "SELECT p.name, r.rating, r.games, r.wins FROM ratings r JOIN players p ON "
            "p.key_hash = r.key_hash WHERE r.game=? ORDER BY r.rating DESC, r.games DESC "
            "LIMIT ?", (game, TABLE_ROWS), every=True)
        out[game] = [{"name": n, "rating": round(float(r)), "games": int(g), "wins": int(w)}
                     for n, r, g, w in rows]
    return out


def history(store, khash: str, game: str) -> list:
    """A key's rating history in ``game``: [(game id, before, after, at)], oldest first."""
    return [(g, float(b), float(a), float(t)) for g, b, a, t in store._read(
        "SELECT game_id, rating_before, rating_after, changed_at FROM rating_changes WHERE "
        "key_hash=? AND game=? ORDER BY changed_at, game_id", (khash, game), every=True)]


def shown(change) -> str:
    """"1512 → 1528" of a [before, after] change."""
    before, after = change
    return f"{round(before)} \u2192 {round(after)}"
