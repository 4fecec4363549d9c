"""The Struggle tracks panel: turn and action round, DEFCON, victory points, Military Operations,
the Space Race, The China Card, effects in force, headline slots, deck counts and a region scoring
preview (computed with the engine's own scoring functions).

The panel lays its sections out in one or more columns of a fixed logical width (300 units), scaled
to fill its rectangle, so it works as a tall side bar or as a wide strip.  ``hit(pos)`` names the
thing under the pointer as a tooltip key (see ``tooltip``).
"""

from __future__ import annotations

import pygame

from squabble.framework.fonts import font as font_of
from squabble.framework import layout as LY
from squabble.framework.layout import render
from squabble.framework.vision import readable
from squabble.games.struggle.data import CARDS, SCORED_REGIONS, SPACE_RACE, card_name
from squabble.games.struggle.query import defcon_closed_regions, effect_cards, region_score
from squabble.ui import theme

PANEL = (22, 28, 44)
PANEL_EDGE = (58, 68, 96)
INK = (24, 24, 30)
PAPER = (236, 230, 214)
DIM = (96, 100, 120)
WARN = (240, 110, 80)

COLUMN_W = 300   # logical units



def defcon_closes(level: int) -> str:
    """The regions DEFCON ``level`` closes to coups and realignments, in words (the engine's
    rule: query.defcon_closed_regions); at 1, what DEFCON 1 means."""
    if level <= 1:
        return "nuclear war: the phasing side loses"
    return ", ".join(defcon_closed_regions(level))

#: what reaching each Space Race box grants besides VP (written by the project)
SPACE_GRANTS = {2: "2 Space Race attempts a turn", 4: "enemy reveals its headline first",
                6: "may discard a held card at turn end", 8: "8 action rounds a turn"}

#: the optional rules a game may be played with (games/struggle/optional_rules.py): the chip
#: the EFFECTS section shows while one is in force, and its tooltip
RULE_CHIPS = {
    "designer_realignment": ("Designer realignments",
                             "Designer optional rule: realignments ignore DEFCON's regions, the "
                             "realigning side never loses influence where it realigns, and one "
                             "card's operations may buy influence and realignments together (not "
                             "in the same country)."),
    "space_race_optional_roll": ("Space roll optional",
                                 "Designer optional rule: a side that puts a card on the Space "
                                 "Race may choose not to roll (the card is spent)."),
    "reveal_held_cards": ("Held cards revealed",
                          "Tournament rule: at the end of each turn both sides show the cards "
                          "they hold."),
}


def rules_in_force(state: dict) -> list:
    """The optional rules in force in ``state``'s game, in RULE_CHIPS order."""
    opts = state.get("options") or {}
    return [k for k in RULE_CHIPS if opts.get(k)]


SECTION_H = {"turn": 33, "defcon": 36, "vp": 18, "milops": 34, "space": 46, "china": 18,
             "headline": 18, "effects": 32, "decks": 20, "scoring": 130}
GAP = 5
ORDER = ("turn", "defcon", "vp", "milops", "space", "china", "headline", "effects", "decks",
         "scoring")


class TracksPanel:
    def __init__(self, background=theme.BG):
        self.background = tuple(background)   # shown in the panel's rounded corners
        self.rect = pygame.Rect(0, 0, 300, 700)
        self._local = pygame.Rect(0, 0, 300, 700)
        self._cache = None
        self._cache_key = None
        self._fonts: dict = {}
        self._hits: list[tuple[pygame.Rect, str]] = []
        self._layout()

    # ------------------------------------------------------------ layout
    def set_rect(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self._local = pygame.Rect(0, 0, self.rect.w, self.rect.h)
        self._cache_key = None
        self._layout()

    def _layout(self) -> None:
        total = sum(SECTION_H[k] + GAP for k in ORDER) + GAP
        best = None
        for ncols in range(1, 5):
            u = self._local.w / (ncols * COLUMN_W + 8)
            # sections per column, greedy
            cols, cur, h = [[]], 0, 8
            per = total / ncols
            for k in ORDER:
                hk = SECTION_H[k] + GAP
                if cur + hk > per + 1 and cols[-1] and len(cols) < ncols:
                    cols.append([])
                    cur = 0
                cols[-1].append(k)
                cur += hk
                h = max(h, cur + 8)
            u = min(u, self._local.h / max(1, h))
            if best is None or u > best[0] + 1e-6:
                best = (u, cols)
        self.u, self.cols = best
        self.sections: dict[str, pygame.Rect] = {}
        u = self.u
        # columns share the panel's whole width (text size is set by u, so wider just means roomier)
        colw = (self._local.w - 8 * u) / len(self.cols)
        for ci, keys in enumerate(self.cols):
            y = GAP * u
            x = 4 * u + ci * colw + 4 * u
            for k in keys:
                self.sections[k] = pygame.Rect(round(x), round(y), round(colw - 8 * u),
                                               round(SECTION_H[k] * u))
                y += (SECTION_H[k] + GAP) * u

    def font(self, size: float, bold=False):
        px = max(7, round(size * self.u))
        f = self._fonts.get((px, bold))
        if f is None:
            f = self._fonts[(px, bold)] = font_of(px, bold)
        return f

    def _t(self, surf, s, size, colour, bold=False, **anchor):
        f = self.font(size, bold)
        img = render(s, f, colour)
        r = img.get_rect(**anchor)
        if LY.WATCHERS:
            LY.watch_text("text", surf, r, s, f, colour)
        surf.blit(img, r)
        return r

    def _hit(self, rect, key):
        self._hits.append((pygame.Rect(rect), key))

    # ------------------------------------------------------------ interface
    def hit(self, pos) -> str | None:
        p = (pos[0] - self.rect.x, pos[1] - self.rect.y)
        for r, key in reversed(self._hits):
            if r.collidepoint(p):
                return key
        return None

    @staticmethod
    def signature(state: dict, viewer) -> tuple:
        """Everything the panel shows, so it is redrawn only when one of these changes."""
        infl = state.get("influence") or {}
        deck = state.get("deck")
        return (viewer, state.get("turn"), state.get("action_round"), state.get("phasing"),
                state.get("step"), state.get("winner"), state.get("defcon"), state.get("vp"),
                repr(state.get("milops")), repr(state.get("space")), repr(state.get("china")),
                repr(state.get("headline")), tuple(effect_cards(state)),
                deck if isinstance(deck, int) else len(deck or ()), len(state.get("discard") or ()),
                len(state.get("removed") or ()), tuple(rules_in_force(state)),
                tuple((v.get("USA", 0), v.get("USSR", 0)) for v in infl.values())
                if isinstance(infl, dict) else ())

    def draw(self, surf, state: dict, viewer: str | None = None) -> None:
        key = (self.signature(state, viewer), self.rect.size)
        if self._cache is None or self._cache_key != key:
            img = self._cache
            if img is None or img.get_size() != self.rect.size:
                disp = pygame.display.get_surface()   # opaque, display format: a fast blit
                img = pygame.Surface(self.rect.size, 0, disp) if disp is not None else \
                    pygame.Surface(self.rect.size)
            img.fill(self.background)
            self._hits = []
            pygame.draw.rect(img, PANEL, self._local, border_radius=max(2, round(8 * self.u)))
            pygame.draw.rect(img, PANEL_EDGE, self._local, max(1, round(1.5 * self.u)),
                             border_radius=max(2, round(8 * self.u)))
            for k, r in self.sections.items():
                getattr(self, "_draw_" + k)(img, r, state, viewer)
            self._cache, self._cache_key = img, key
        surf.blit(self._cache, self.rect.topleft)

    # ------------------------------------------------------------ sections
    # Compact by design: labels sit beside their track, so the whole panel fits a 350x448 box at
    # 1280x720 with text of 12-14 px, and grows with the window.
    LABEL_W = 64

    def _label(self, surf, r, s, y=None):
        return self._t(surf, s, 11.5, theme.MUTED, True,
                       midleft=(r.x, (r.y + 9 * self.u) if y is None else y))

    def _draw_turn(self, surf, r, state, viewer):
        u = self.u
        turn = state.get("turn", 1)
        period = "Early War" if turn <= 3 else "Mid War" if turn <= 7 else "Late War"
        self._t(surf, f"Turn {turn} of 10", 17, theme.TEXT, True, topleft=(r.x, r.y))
        self._t(surf, period, 13, theme.MUTED, False, topright=(r.right, r.y + 2 * u))
        ar = state.get("action_round", 0)
        ph = state.get("phasing")
        if state.get("winner"):
            line = f"Game over: {state['winner']} wins" if state["winner"] != "draw" else "Game over: a draw"
            col = theme.GOLD
        elif ar:
            line = f"Action round {ar}" + (f" · {ph} to play" if ph else "")
            col = theme.SIDE_LIGHT.get(ph, theme.TEXT)
        else:
            # state["step"] names the engine's NEXT step, so read the phase from what is known
            who = (state.get("pending") or {}).get("player")
            if state.get("turn") == 1 and (not state.get("setup_done") or state.get("step") == "headline"):
                line = "Set-up" + (f": {who} places influence" if who else "")
            elif state.get("step") == "rounds":
                line = "Headline phase"
            else:
                line = "Between turns"
            col = theme.TEXT
        self._t(surf, line, 14, col, True, topleft=(r.x, r.y + 17 * u))
        self._hit(r, "turn")

    def _draw_defcon(self, surf, r, state, viewer):
        u = self.u
        d = state.get("defcon", 5)
        self._label(surf, r, "DEFCON")
        x0 = r.x + self.LABEL_W * u
        bw = (r.right - x0 - 4 * 3 * u) / 5
        cols = {5: (70, 140, 90), 4: (150, 160, 70), 3: (220, 170, 50), 2: (230, 110, 40),
                1: (200, 40, 40)}
        for i, lvl in enumerate((5, 4, 3, 2, 1)):
            br = pygame.Rect(round(x0 + i * (bw + 3 * u)), r.y, round(bw), round(18 * u))
            on = lvl == d
            fill = cols[lvl] if on else _dim(cols[lvl])
            pygame.draw.rect(surf, fill, br, border_radius=max(2, round(4 * u)))
            if on:
                pygame.draw.rect(surf, PAPER, br, max(1, round(2 * u)), border_radius=max(2, round(4 * u)))
            self._t(surf, str(lvl), 14, readable(INK if on else theme.MUTED, fill), True,
                    center=br.center)
            self._hit(br, f"defcon:{lvl}")
        closed = defcon_closes(d)
        msg = ("Coups and realignments allowed everywhere." if not closed else
               closed[0].upper() + closed[1:] + "." if d == 1 else
               f"No coups in {closed}; realignments anywhere." if "designer_realignment"
               in rules_in_force(state) else f"No coups or realignments in {closed}.")
        self._t(surf, msg, 12.5, WARN if d <= 2 else theme.TEXT, False, topleft=(r.x, r.y + 21 * u))

    def _draw_vp(self, surf, r, state, viewer):
        u = self.u
        vp = max(-20, min(20, state.get("vp", 0)))
        self._label(surf, r, "VP")
        lead = "even" if vp == 0 else f"USA +{vp}" if vp > 0 else f"USSR +{-vp}"
        col = theme.TEXT if vp == 0 else theme.SIDE_LIGHT["USA" if vp > 0 else "USSR"]
        lw = 62 * u
        self._t(surf, lead, 13.5, col, True, midright=(r.right, r.y + 9 * u))
        bar = pygame.Rect(round(r.x + self.LABEL_W * u), round(r.y + 3 * u),
                          round(r.w - self.LABEL_W * u - lw), round(12 * u))
        half = bar.w / 2
        rad = max(1, bar.h // 2)
        pygame.draw.rect(surf, _dim(theme.SIDE["USSR"]), (bar.x, bar.y, round(half), bar.h),
                         border_top_left_radius=rad, border_bottom_left_radius=rad)
        pygame.draw.rect(surf, _dim(theme.SIDE["USA"]), (bar.x + round(half), bar.y, bar.w - round(half), bar.h),
                         border_top_right_radius=rad, border_bottom_right_radius=rad)
        for k in range(-20, 21, 5):
            x = bar.x + half + k / 20 * (half - 2)
            pygame.draw.line(surf, PAPER if k == 0 else DIM, (x, bar.y), (x, bar.bottom - 1), 1)
        mx = bar.x + half + vp / 20 * (half - 2)
        pygame.draw.circle(surf, PAPER, (round(mx), bar.centery), round(8 * u))
        pygame.draw.circle(surf, INK, (round(mx), bar.centery), round(8 * u), max(1, round(1.5 * u)))
        self._t(surf, str(abs(vp)), 10.5, INK, True, center=(round(mx), bar.centery + 1))
        self._hit(r, "vp")

    def _draw_milops(self, surf, r, state, viewer):
        u = self.u
        need = state.get("defcon", 5)
        mil = state.get("milops", {})
        for i, side in enumerate(("USA", "USSR")):
            y = r.y + i * 18 * u
            have = mil.get(side, 0)
            self._t(surf, f"MilOps {side}", 11.5, theme.SIDE_LIGHT[side], True,
                    midleft=(r.x, y + 8 * u))
            bx0 = r.x + self.LABEL_W * u + 8 * u
            bw = (r.right - bx0 - 56 * u) / 6
            for k in range(6):
                br = pygame.Rect(round(bx0 + k * bw), round(y), round(bw - 2 * u), round(16 * u))
                filled = 0 < k <= have
                fill = theme.SIDE[side] if filled else (40, 46, 64)
                pygame.draw.rect(surf, fill, br, border_radius=max(1, round(3 * u)))
                if k == need:
                    pygame.draw.rect(surf, theme.GOLD, br, max(1, round(1.5 * u)),
                                     border_radius=max(1, round(3 * u)))
                self._t(surf, str(k), 11, readable(PAPER if filled else DIM, fill), True,
                        center=br.center)
            short = max(0, need - have)
            msg = "met" if not short else f"{short} short"
            self._t(surf, msg, 12, theme.LEGAL if not short else WARN, True,
                    midright=(r.right, y + 8 * u))
            self._hit(pygame.Rect(r.x, round(y), r.w, round(17 * u)), f"milops:{side}")

    def _draw_space(self, surf, r, state, viewer):
        u = self.u
        self._label(surf, r, "SPACE", r.y + 15 * u)
        sp = state.get("space", {})
        n = len(SPACE_RACE)
        x0 = r.x + self.LABEL_W * u
        bw = (r.right - x0) / n
        for i, box in enumerate(SPACE_RACE):
            k = box["space"]
            br = pygame.Rect(round(x0 + i * bw), r.y, round(bw - 2 * u), round(30 * u))
            pygame.draw.rect(surf, (44, 52, 74), br, border_radius=max(1, round(3 * u)))
            self._t(surf, str(k), 11, PAPER, True, midtop=(br.x + br.w // 2, br.y + 1 * u))
            if box["vp_first"]:
                self._t(surf, f"{box['vp_first']}/{box['vp_second']}", 9.5, theme.GOLD, True,
                        midtop=(br.centerx, br.y + 11 * u))
            if k in SPACE_GRANTS:   # a gold corner: this box grants something (see its tooltip)
                t = round(7 * u)
                pygame.draw.polygon(surf, theme.GOLD, [(br.right - t, br.y), (br.right, br.y),
                                                       (br.right, br.y + t)])
            # markers: USA square on the left, USSR disc on the right
            m = max(4, round(8 * u))
            for side, dx in (("USA", -1), ("USSR", 1)):
                if sp.get(side, 0) == k:
                    c = (br.centerx + dx * round(br.w * 0.22), br.bottom - m // 2 - round(2 * u))
                    if side == "USA":
                        rr = pygame.Rect(0, 0, m, m)
                        rr.center = c
                        pygame.draw.rect(surf, theme.SIDE[side], rr)
                        pygame.draw.rect(surf, PAPER, rr, 1)
                    else:
                        pygame.draw.circle(surf, theme.SIDE[side], c, m // 2 + 1)
                        pygame.draw.circle(surf, PAPER, c, m // 2 + 1, 1)
            self._hit(br, f"space:{k}")
        # where each side stands, and what its next box needs
        parts = []
        for side in ("USA", "USSR"):
            k = sp.get(side, 0)
            nxt = SPACE_RACE[k] if k < n else None
            parts.append((side, f"{side} next: {nxt['ops_needed']} ops, 1-{nxt['roll_max']}"
                          if nxt else f"{side} done"))
        y = r.y + 33 * u
        self._t(surf, parts[0][1], 11, theme.SIDE_LIGHT["USA"], False, topleft=(r.x, y))
        self._t(surf, parts[1][1], 11, theme.SIDE_LIGHT["USSR"], False, topright=(r.right, y))

    def _draw_china(self, surf, r, state, viewer):
        u = self.u
        ch = state.get("china") or {}
        holder = ch.get("holder")
        self._label(surf, r, "CHINA")
        if holder is None:
            msg, col = "unclaimed (Chinese Civil War)", theme.MUTED
        else:
            msg = f"{holder}, " + ("face up: playable" if ch.get("face_up", True) else "face down")
            col = theme.SIDE_LIGHT.get(holder, theme.TEXT)
        self._t(surf, msg, 13, col, True, midleft=(r.x + self.LABEL_W * u, r.y + 9 * u))
        self._hit(r, "china")

    def _draw_headline(self, surf, r, state, viewer):
        u = self.u
        self._label(surf, r, "HEADLINE")
        hl = state.get("headline") or {}
        x = r.x + self.LABEL_W * u
        half = (r.right - x) / 2
        for side in ("USA", "USSR"):
            c = hl.get(side)
            if c is None:
                txt = "—"
            elif c == "hidden" or (isinstance(c, int) and viewer not in (None, side)
                                   and hl.get("shown") not in (side, "both") and state.get("step") == "headline"):
                txt = "face down"
            else:
                txt = card_name(c) if isinstance(c, int) else str(c)
            f = self.font(12)
            while f.size(txt)[0] > half - 6 * u and len(txt) > 4:
                txt = txt[:-2].rstrip() + "…"
            rr = self._t(surf, txt, 12, theme.SIDE_LIGHT[side], False, midleft=(x, r.y + 9 * u))
            self._hit(rr.union(pygame.Rect(x, r.y, round(half), r.h)), f"headline:{side}")
            x += half

    def _draw_effects(self, surf, r, state, viewer):
        u = self.u
        # the optional rules of the game first (gold chips), then the cards' effects
        eff = rules_in_force(state) + list(dict.fromkeys(effect_cards(state)))
        self._label(surf, r, "EFFECTS")
        x0 = r.x + self.LABEL_W * u
        x, y = x0, r.y + 2 * u
        if not eff:
            self._t(surf, "none in force", 12, theme.MUTED, False, midleft=(x, r.y + 9 * u))
            return
        for i, c in enumerate(eff):
            if c in RULE_CHIPS:
                name, col, key = RULE_CHIPS[c][0], theme.GOLD, f"rule:{c}"
            else:
                name = card_name(c)
                side = CARDS[c]["side"] if c in CARDS else "Neutral"
                col, key = theme.SIDE_LIGHT.get(side, PAPER), f"effect:{c}"
            f = self.font(11, True)
            w = f.size(name)[0] + 8 * u
            if x + w > r.right and x > x0:
                x = x0
                y += 16 * u
            if y + 14 * u > r.bottom or (x + w > r.right and x == x0 and w > r.right - x0):
                more = len(eff) - i
                self._t(surf, f"+{more} more", 11, theme.MUTED, True, bottomright=(r.right, r.bottom))
                self._hit(pygame.Rect(r.right - round(60 * u), r.bottom - round(14 * u),
                                      round(60 * u), round(14 * u)), "effects")
                break
            chip = pygame.Rect(round(x), round(y), round(w - 3 * u), round(14 * u))
            pygame.draw.rect(surf, (44, 52, 74), chip, border_radius=max(1, round(4 * u)))
            self._t(surf, name, 11, col, True, center=chip.center)
            self._hit(chip, key)
            x += w

    def _draw_decks(self, surf, r, state, viewer):
        u = self.u
        deck = state.get("deck")
        nd = deck if isinstance(deck, int) else len(deck or [])
        nds = len(state.get("discard") or [])
        nr = len(state.get("removed") or [])
        third = r.w // 3
        for i, (label, n, key) in enumerate((("Draw pile", nd, "deck"), ("Discards", nds, "discard"),
                                             ("Removed", nr, "removed"))):
            rr = pygame.Rect(r.x + i * third, r.y, third - round(4 * u), r.h)
            pygame.draw.rect(surf, (36, 42, 62), rr, border_radius=max(1, round(4 * u)))
            self._t(surf, f"{label} {n}", 12, theme.TEXT, True, center=rr.center)
            self._hit(rr, key)

    def _draw_scoring(self, surf, r, state, viewer):
        u = self.u
        cu, cs, cn = r.right - 104 * u, r.right - 56 * u, r.right
        self._t(surf, "IF SCORED NOW", 11.5, theme.MUTED, True, topleft=(r.x, r.y))
        self._t(surf, "USA", 11.5, theme.SIDE_LIGHT["USA"], True, topright=(cu, r.y))
        self._t(surf, "USSR", 11.5, theme.SIDE_LIGHT["USSR"], True, topright=(cs, r.y))
        self._t(surf, "net", 11.5, theme.MUTED, True, topright=(cn, r.y))
        prev = self.preview(state)
        y = r.y + 14 * u
        for reg in SCORED_REGIONS + ("Southeast Asia",):
            p = prev.get(reg)
            if p is None:
                continue
            row = pygame.Rect(r.x, round(y), r.w, round(14 * u))
            name = reg if reg != "Southeast Asia" else "SE Asia (card only)"
            self._t(surf, name, 12.5, theme.TEXT, False, topleft=(r.x, y))
            us, su = p["USA"], p["USSR"]
            lv = p.get("levels", {})
            for side, val, xr in (("USA", us, cu), ("USSR", su, cs)):
                tag = {"presence": "P", "domination": "D", "control": "C"}.get(lv.get(side), "")
                self._t(surf, f"{val}{(' ' + tag) if tag else ''}", 12.5, theme.SIDE_LIGHT[side],
                        True, topright=(xr, y))
            if p.get("europe_control"):
                net = f"{p['europe_control']} wins"
                col = theme.SIDE_LIGHT[p["europe_control"]]
            else:
                d = us - su
                net = "0" if d == 0 else f"US+{d}" if d > 0 else f"SU+{-d}"
                col = theme.TEXT if d == 0 else theme.SIDE_LIGHT["USA" if d > 0 else "USSR"]
            self._t(surf, net, 12.5, col, True, topright=(cn, y))
            self._hit(row, f"scoring:{reg}")
            y += 14.5 * u
        self._t(surf, "P presence · D domination · C control", 10.5, theme.MUTED, False,
                topleft=(r.x, y + 1 * u))

    # ------------------------------------------------------------ data
    @staticmethod
    def preview(state: dict) -> dict:
        """What each region would score now, for both sides (the engine's own region scoring)."""
        out = {}
        if not isinstance(state.get("influence"), dict):
            return out
        st = dict(state)
        st.setdefault("effects", [])
        for reg in SCORED_REGIONS + ("Southeast Asia",):
            try:
                out[reg] = region_score(st, reg)
            except (KeyError, TypeError, ValueError):
                continue
        return out

    def tooltip(self, key: str | None, state: dict | None = None) -> str:
        """Plain words for a ``hit`` key."""
        if not key:
            return ""
        kind, _, arg = key.partition(":")
        if kind == "defcon":
            lvl = int(arg)
            closed = defcon_closes(lvl)
            free = "designer_realignment" in rules_in_force(state or {})
            return (f"DEFCON {lvl}: " + ("no region closed." if not closed else closed + "." if lvl == 1
                                         else f"no coups in {closed} (realignments anywhere: "
                                              "designer rule)." if free
                                         else f"no coups or realignments in {closed}.")
                    + " A coup in a battleground lowers DEFCON by 1.")
        if kind == "vp":
            return "Victory points: positive favours the USA, negative the USSR. 20 ahead wins at once."
        if kind == "milops":
            return (f"{arg} Military Operations this turn. At turn end the enemy gains 1 VP for every "
                    "point it is short of the DEFCON level.")
        if kind == "space":
            k = int(arg)
            box = SPACE_RACE[k - 1]
            s = (f"Space {k}, {box['name']}: needs a {box['ops_needed']}-ops card and a roll of "
                 f"1-{box['roll_max']}.")
            if box["vp_first"]:
                s += f" {box['vp_first']} VP to the first side there" + (
                    f", {box['vp_second']} to the second." if box["vp_second"] else ".")
            if k in SPACE_GRANTS:
                s += f" The first side there alone: {SPACE_GRANTS[k]}."
            return s
        if kind == "china":
            return ("The China Card: 4 ops (5 if all spent in Asia). After play it passes face down to "
                    "the other side. Its holder gains 1 VP at final scoring.")
        if kind == "rule":
            return RULE_CHIPS[arg][1] if arg in RULE_CHIPS else ""
        if kind == "effects":      # "+N more": every effect in force, the cards on a click
            eff = rules_in_force(state or {}) + list(dict.fromkeys(effect_cards(state or {})))
            names = [RULE_CHIPS[c][0] if c in RULE_CHIPS else card_name(c) for c in eff]
            return "In force: " + ", ".join(names) + ". Click to see the cards."
        if kind == "effect":
            c = int(arg)
            return f"{card_name(c)}: {CARDS[c].get('text', '')}" if c in CARDS else ""
        if kind == "headline":
            return f"The card {arg} chose as its headline this turn."
        if kind == "scoring":
            return f"What {arg} would score if its scoring card were played now (P presence, D domination, C control)."
        if kind == "turn":
            return "Ten turns: Early War 1-3, Mid War 4-7, Late War 8-10. Six action rounds a turn (seven from turn 4)."
        return {"deck": "Cards left in the draw pile.", "discard": "Cards in the discard pile.",
                "removed": "Cards removed from the game after their event."}.get(kind, "")


def _dim(c):
    return tuple(round(v * 0.42) for v in c)
