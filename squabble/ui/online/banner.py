"""What an online game's scene shows of the line (issue 52): the words while the other side
decides, and the banner while the connection is lost (the client reconnects by itself)."""

from __future__ import annotations

import pygame

from squabble.framework.layout import text


def online(session) -> bool:
    return getattr(session, "mode", None) == "online"


def waiting_words(session, t: float) -> str:
    """"Waiting for your friend (USA)…" while the other side decides; "Sending your move…" while
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
        return f"Waiting for your friend ({d['player']}){dots}"
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
