"""Twilight Struggle rules help and card reference overlay (filled in by the next commits)."""

from __future__ import annotations

import pygame

from squabble.games.struggle.data import CARD_NUMBERS, CARDS


def search_cards(query: str) -> list[int]:
    """Card numbers whose number or name matches ``query`` (number first, then names)."""
    q = (query or "").strip().lower().lstrip("#")
    if not q:
        return list(CARD_NUMBERS)
    out = []
    if q.isdigit() and int(q) in CARDS:
        out.append(int(q))
    out += [n for n in CARD_NUMBERS if q in CARDS[n]["name"].lower() and n not in out]
    return out


class StruggleHelp:
    def __init__(self):
        self.closed = False
        self.query = ""

    def handle_event(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.closed = True
            return True
        return False

    def draw(self, surf) -> None:
        surf.fill((14, 16, 26))
