"""The card-sized detail of one country shown beside it on hover or focus: stability, regions,
influence and control, DEFCON, neighbours and the effects in force that mention it
(``DetailCard``, a part ``MapView`` holds; ``effects_touching``)."""

from __future__ import annotations

import pygame

from squabble.games.struggle.data import (BATTLEGROUND, COUNTRIES, STABILITY)
from squabble.games.struggle.query import effect_cards
from squabble.ui import theme
from squabble.ui.struggle.map_style import (BG_NAME, INK, PAPER, PLAIN_NAME, REGION_TINT, _KEY,
                                            _mix, tint_region)


class DetailCard:
    """The country detail card, and a cache of the cards drawn.  ``geo``: the map's
    ``MapGeometry`` (where the country is, fonts); ``live``: its ``LiveLayer`` (the markers)."""

    def __init__(self, geo, live):
        self.geo, self.live = geo, live
        self._details: dict = {}

    def draw(self, surf, name: str, state: dict, *, height: int | None = None,
                    colourblind: bool = False) -> pygame.Rect | None:
        """A card-sized panel about one country beside it (hover or focus): stability, battleground,
        regions, both sides' influence and who controls it, whether DEFCON allows coups and
        realignments there, its neighbours, and the effects in force that mention it."""
        if name not in self.geo.board:
            return None
        H = height or max(220, round(surf.get_height() * 0.46))
        W = round(H * 0.74)
        u = H / 400
        anchor = self.geo.country_rect(name)
        box = pygame.Rect(0, 0, W, H)
        gap = round(12 * u)
        # stay on the map if it has room, so the card does not cover the panels beside it
        sr = self.geo.view.rect if self.geo.view.rect.w >= 2 * W and self.geo.view.rect.h >= H else surf.get_rect()
        if anchor.right + gap + W <= sr.right:
            box.left = anchor.right + gap
        else:
            box.right = anchor.left - gap
        box.centery = anchor.centery
        box.clamp_ip(sr)
        infl = (state.get("influence") or {}).get(name, {"USA": 0, "USSR": 0})
        key = ("detail", name, W, H, infl.get("USA", 0), infl.get("USSR", 0), state.get("defcon"),
               tuple(effect_cards(state)), colourblind)
        img = self._details.get(key)
        if img is None:
            if len(self._details) > 64:
                self._details.clear()
            img = self._details[key] = self._render_detail(name, state, W, H, u, colourblind)
        surf.blit(img, box.topleft)
        return box

    def _render_detail(self, name, state, W, H, u, colourblind) -> pygame.Surface:
        from squabble.framework.layout import render, wrap
        from squabble.games.struggle.data import CARDS
        from squabble.games.struggle.query import control_margin, controller, defcon_allows
        sh = round(5 * u)
        # opaque with a colour key for the rounded corners: blits fast even at 4K
        disp = pygame.display.get_surface()
        surf = pygame.Surface((W + sh, H + sh), 0, disp) if disp is not None else \
            pygame.Surface((W + sh, H + sh))
        surf.fill(_KEY)
        surf.set_colorkey(_KEY)
        box = pygame.Rect(0, 0, W, H)
        pygame.draw.rect(surf, (6, 8, 12), box.move(sh - 1, sh), border_radius=round(12 * u))
        pygame.draw.rect(surf, (28, 32, 48), box, border_radius=round(12 * u))
        tint = REGION_TINT[tint_region(name)]
        pygame.draw.rect(surf, _mix(tint, PAPER, 0.3), box, max(2, round(3 * u)), border_radius=round(12 * u))
        bg = name in BATTLEGROUND
        head = pygame.Rect(box.x, box.y, box.w, round(62 * u))
        pygame.draw.rect(surf, BG_NAME if bg else PLAIN_NAME, head, border_top_left_radius=round(12 * u),
                         border_top_right_radius=round(12 * u))
        fbig = self.geo.font(30 * u, True)
        label = name
        while fbig.size(label)[0] > box.w - 90 * u and fbig.get_height() > 12:
            fbig = self.geo.font(fbig.get_height() - 1, True)
        surf.blit(render(label, fbig, PAPER), (box.x + round(14 * u), head.y + round(8 * u)))
        sub = "Battleground" if bg else "Not a battleground"
        surf.blit(render(sub, self.geo.font(17 * u), _mix(PAPER, tint, 0.2)),
                  (box.x + round(14 * u), head.y + round(38 * u)))
        c = pygame.Rect(0, 0, round(48 * u), round(48 * u))
        c.midright = (head.right - round(10 * u), head.centery)
        pygame.draw.circle(surf, PAPER, c.center, c.w // 2)
        img = render(str(STABILITY[name]), self.geo.font(34 * u, True), INK)
        surf.blit(img, img.get_rect(center=(c.centerx, c.centery + 1)))
        f = self.geo.font(18 * u)
        fb = self.geo.font(18 * u, True)
        x0 = box.x + round(14 * u)
        y = head.bottom + round(8 * u)
        lh = f.get_linesize()

        def line(txt, col=theme.TEXT, font=f):
            nonlocal y
            for ln in wrap(txt, font, box.w - round(28 * u)):
                if y + lh > box.bottom - round(6 * u):
                    return
                surf.blit(render(ln, font, col), (x0, y))
                y += lh

        line("Stability " + str(STABILITY[name]) + " · " + ", ".join(COUNTRIES[name]["regions"]), theme.MUTED)
        infl = (state.get("influence") or {}).get(name, {"USA": 0, "USSR": 0})
        ctrl = controller(state, name) if isinstance(state.get("influence"), dict) else None
        y += round(4 * u)
        m = round(34 * u)
        for i, side in enumerate(("USA", "USSR")):
            mr = pygame.Rect(x0 + i * (box.w // 2 - round(8 * u)), y, m, m)
            n = infl.get(side, 0)
            if n:
                self.live.marker(surf, side, mr, n, theme.SIDE[side], ctrl == side, colourblind, u * 1.4)
            else:
                pygame.draw.rect(surf, (60, 64, 80), mr, 1, border_radius=m // 5)
            surf.blit(render(f"{side} {n}", fb, theme.SIDE_LIGHT[side]), (mr.right + round(8 * u), mr.y + round(8 * u)))
        y += m + round(8 * u)
        if ctrl:
            line(f"Controlled by the {ctrl}.", theme.SIDE_LIGHT[ctrl], fb)
        else:
            line("Nobody controls it.", theme.TEXT, fb)
        for side in ("USA", "USSR"):
            if ctrl != side:
                need = control_margin(state, name, side)
                line(f"The {side} needs {need} more influence to control it.", theme.MUTED)
        if "defcon" in state:
            if defcon_allows(state, name):
                line("DEFCON allows coups and realignments here.", theme.MUTED)
            else:
                line(f"DEFCON {state['defcon']} forbids coups and realignments here.", (240, 150, 110))
        y += round(4 * u)
        adj = sorted(COUNTRIES[name]["adjacent"])
        line("Next to: " + ", ".join(adj), theme.TEXT)
        eff = effects_touching(state, name)
        if eff:
            y += round(4 * u)
            line("Effects in force here: " + ", ".join(CARDS[e]["name"] for e in eff), theme.GOLD)
        return surf


def effects_touching(state: dict, country: str) -> list[int]:
    """Effects in force that change what may be done in the country or how it counts now (the
    engine's answer: query.effects_on)."""
    from squabble.games.struggle.query import effects_on
    if not isinstance(state.get("influence"), dict) or "effects" not in state:
        return []
    return effects_on(state, country)
