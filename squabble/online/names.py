"""Display names (issue 59): what a player asks to be called, shown to the friend and to the
spectators ("Anna is thinking").  A name is not an identity: nothing trusts it, it is only shown,
and as text.  1 to 24 characters: letters, digits, spaces and ``-_.'`` (the ends trimmed, runs of
spaces made one)."""

from __future__ import annotations

MAX_CHARS = 24
OTHER_CHARS = " -_.'"

SCHEMA = """
CREATE TABLE IF NOT EXISTS names (
    game_id TEXT NOT NULL, side TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (game_id, side));
"""


def check(name) -> str | None:
    """``name`` as kept (None: none given); ValueError with one sentence."""
    if name is None or name == "":
        return None
    if not isinstance(name, str):
        raise ValueError("'name' must be a string.")
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_CHARS or \
            not all(ch.isalnum() or ch in OTHER_CHARS for ch in name):
        raise ValueError(f"A name has 1 to {MAX_CHARS} letters, digits, spaces or - _ . ' "
                         "(no other characters).")
    return name


def set_stmts(game_id: str, side: str, name: str | None) -> list:
    if name is None:
        return []
    return [("INSERT OR REPLACE INTO names (game_id, side, name) VALUES (?,?,?)",
             (game_id, side, name))]


def rename_stmts(game_id: str, sides: dict) -> list:
    """A game whose seats became sides (bids resolved): each seat's name follows it."""
    return [("UPDATE names SET side=? WHERE game_id=? AND side=?", (new, game_id, old))
            for old, new in sides.items()]


def of_game(store, game_id: str) -> dict:
    return dict(store._read("SELECT side, name FROM names WHERE game_id=?", (game_id,),
                            every=True))


def delete_stmts(ids: list) -> list:
    marks = ",".join("?" * len(ids))
    return [(f"DELETE FROM names WHERE game_id IN ({marks})", list(ids))]
