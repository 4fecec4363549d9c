"""The window's seats in online games (issue 52): a seat just taken kept in the user data folder,
and the newest update of a game read off its line.  Nothing here opens a screen, so the result
and bid screens use it without depending on the menus that open them."""

from __future__ import annotations

import time

from squabble.online import client as C


def keep_seat(app, link, url, code=None) -> None:
    """Keep the seat just taken (its credential) in the user data folder."""
    client = link.client
    try:
        C.remember_seat(url, client.game_id, client.seat, client.credential,
                        code or client.code)
    except OSError:
        app.toast("The seat could not be kept in the data folder: note the code to come back.")


def update_of(link, game_id: str, wait: float = 5.0):
    """The newest update of ``game_id`` received (the resume's comes right after its reply)."""
    end = time.monotonic() + wait
    got = None
    while time.monotonic() < end:
        got = ([m for m in link.take() if m.get("type") == "update"
                and m.get("game_id") == game_id] or [got])[-1]
        last = link.client.last
        if got is None and last and last.get("game_id") == game_id:
            got = last
        if got is not None:
            return got
        time.sleep(0.01)
    return None
