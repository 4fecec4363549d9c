"""The window's seats in online games (issue 52): a seat just taken kept in the user data folder,
and the newest update of a game read off its line (never waiting for it).  Nothing here opens a screen, so the result
and bid screens use it without depending on the menus that open them."""

from __future__ import annotations

from squabble.online import client as C


def keep_seat(app, link, url, code=None) -> None:
    """Keep the seat just taken (its credential) in the user data folder."""
    try:
        C.remember_seat(url, link.game_id, link.seat, link.credential, code or link.code)
    except OSError:
        app.toast("The seat could not be kept in the data folder: note the code to come back.")


def newest_update(link, update: dict) -> dict:
    """``update`` or a newer one of its game that the line received since (taken off the line:
    never waits)."""
    for m in link.take():
        if m.get("type") == "update" and m.get("game_id") == update.get("game_id") and \
                m.get("version", -1) >= update.get("version", -1):
            update = m
    return update


def hosted_row(entry: dict, db: str | None = None):
    """A game this machine hosts, its server not running: (its game's name, whose move: "YOUR
    MOVE", "your friend's move", "over"), read from the hosted database itself (read only), or
    None when it cannot be read."""
    import json
    import sqlite3
    from squabble.online import table
    try:
        if db is None:
            from squabble.online.run import default_db
            db = default_db()
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            row = con.execute("SELECT game, state, winner FROM games WHERE id=?",
                              (entry["game_id"],)).fetchone()
        finally:
            con.close()
        if row is None:
            return None
        if row[2] is not None:
            return row[0], "over"
        d = table.adapter(row[0]).decision(json.loads(row[1]))
        mine = d is not None and d["player"] == entry["seat"]
        return row[0], "YOUR MOVE" if mine else "your friend's move"
    except Exception:   # noqa: BLE001 - no database here, or not one of ours: said plainly
        return None

