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
