"""What an online game's scene shows of the line (issue 52): the words while the other side
decides, and the banner while the connection is lost (the client reconnects by itself)."""

from __future__ import annotations

import pygame

from squabble.framework.layout import text


def online(session) -> bool:
    return getattr(session, "mode", None) == "online"


def side_name(game: str | None, side: str) -> str:
    """A side as the game's own words name it in a sentence: Twilight Squabble's "America" and
    "Russia", Twilight Struggle's "the USA" and "the USSR"."""
    if game == "squabble":
        from squabble.games.squabble.cards import SIDE_NAME
        return SIDE_NAME.get(side, side)
    return f"the {side}" if side in ("USA", "USSR") else side


def _game(session) -> str | None:
    return getattr(getattr(session, "game", None), "name", None)


def line_key(session):
    """What the picture owes the line: whether it is up (the banner comes and goes with it)."""
    return online(session) and not session.connected


def line_frame_every(session):
    """While the line is down the banner's dots move six times a second (and the scene keeps
    looking for the reconnection); None otherwise."""
    return 1 / 6 if line_key(session) else None


def waiting_words(session, t: float) -> str:
    """"Waiting for your friend (Russia)…" while the other side decides; "Sending your move…" while
    this side's move is on its way; "" otherwise."""
    if not online(session):
        return ""
    dots = "." * (1 + int(t * 3) % 3)
    d = session.decision()
    if d is None:
        return ""
    if session.in_flight is not None:
        return f"Sending your move{dots}"
    if d["player"] != session.seat:
        who = side_name(_game(session), d["player"])
        return f"Waiting for your friend ({who.removeprefix('the ')}){dots}"
    return ""


def draw_banner(surf, L, session, t: float) -> None:
    """A strip across the top while the connection is lost: the game reconnects by itself;
    nothing clicked meanwhile is lost (a move waits for the resume and is sent again if the
    game did not move on)."""
    if not online(session) or session.connected:
        return
    r = L.r(240, 56, 800, 40)   # below the top bar, over the table or the map
    pygame.draw.rect(surf, (120, 40, 30), r, border_radius=L.s(8))
    pygame.draw.rect(surf, (240, 170, 120), r, max(1, L.s(2)), border_radius=L.s(8))
    dots = "." * (1 + int(t * 3) % 3)
    text(surf, f"Connection to the server lost: reconnecting{dots} (your game is kept)",
         L.font(19, True), (255, 235, 220), r.center, "center")
