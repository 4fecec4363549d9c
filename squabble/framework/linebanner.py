"""The strip a scene draws while the line to the other side is lost (issue 52; issue 58: asked
through the flow's view contract, ``TurnFlow.line_down``, so no game scene knows of online
play).  The client reconnects by itself; nothing clicked meanwhile is lost (a move waits for
the resume and is sent again if the game did not move on)."""

from __future__ import annotations

import pygame

from squabble.framework.layout import text


def frame_every(flow):
    """While the line is down the banner's dots move six times a second (and the scene keeps
    looking for the reconnection); a clock ticks once a second; None otherwise."""
    if flow.line_down():
        return 1 / 6
    return 1.0 if flow.clock_words() else None   # (a running clock: once a second)


def draw_banner(surf, L, flow, t: float, clock_x: int = 640, centre_x: int = 640,
                clock_top: int | None = None) -> None:
    """A strip across the top while the line is down; a calmer one with the flow's standing
    note (the friend has not joined yet: the code to give them); the clocks, if any, in a
    small plate under the top bar, centred on ``clock_x`` (the scene's free place: Squabble's
    table keeps the middle for the friend's hand; ``clock_top`` puts it at that height whatever
    else shows, as in the map's top bar).  A strip is as wide as its words, centred
    on ``centre_x`` (the middle of the scene's table or map, never over its side panel)."""
    clocks = flow.clock_words()
    if clocks:
        f = L.font(16, True)
        w = f.size(clocks)[0] + L.s(20)
        r = pygame.Rect(0, 0, w, L.s(26))
        top = clock_top if clock_top is not None else \
            100 if flow.line_down() or flow.line_note() else 44
        r.midtop = L.p(clock_x, top)
        pygame.draw.rect(surf, (16, 20, 30), r, border_radius=L.s(6))
        text(surf, clocks, f, (235, 225, 190), r.center, "center")
    if not flow.line_down():
        note = flow.line_note()
        if note:
            r = _strip(L, L.font(19, True), note, centre_x)
            pygame.draw.rect(surf, (28, 44, 70), r, border_radius=L.s(8))
            pygame.draw.rect(surf, (150, 180, 230), r, max(1, L.s(2)), border_radius=L.s(8))
            text(surf, note, L.font(19, True), (230, 238, 255), r.center, "center")
        return
    words = "Connection to the server lost: reconnecting... (your game is kept)"
    r = _strip(L, L.font(19, True), words, centre_x)   # below the top bar, over the table
    pygame.draw.rect(surf, (120, 40, 30), r, border_radius=L.s(8))
    pygame.draw.rect(surf, (240, 170, 120), r, max(1, L.s(2)), border_radius=L.s(8))
    dots = "." * (1 + int(t * 3) % 3)
    text(surf, words.replace("...", dots), L.font(19, True), (255, 235, 220), r.center,
         "center")


def _strip(L, font, words: str, centre_x: int) -> pygame.Rect:
    """The strip for ``words``: as wide as they are (at most 800 of the 1280), under the top
    bar, centred on ``centre_x``."""
    r = L.r(240, 56, 800, 40)
    r.width = min(r.width, font.size(words)[0] + L.s(48))
    r.centerx = L.p(centre_x, 0)[0]
    return r
