"""Twilight Struggle rules help and card reference, as one overlay.

Written by the project from the rules rewrite (the authority for this mode).  Two tabs:
"Rules" (scrolling sections: sequence of play, operations, coups, realignment, DEFCON, scoring, the
Space Race, ...) and "Cards" (all 110 cards, searchable by name or number, the chosen card drawn large
with its text).  The overlay takes raw pygame events (``handle_event``) and draws itself over the
whole window (``draw``); ``closed`` turns True when the player closes it.
"""

from __future__ import annotations

import pygame

from squabble.framework import layout as LY
from squabble.framework.fonts import font as font_of
from squabble.framework.fonts import grow as font_grow
from squabble.framework.layout import render, wrap
from squabble.games.struggle.data import CARD_NUMBERS, CARDS, REGION_VP
from squabble.ui import theme
from squabble.ui.struggle.card_art import render_card

BG = (14, 16, 26)
ROW = (30, 36, 54)
ROW_ON = (58, 70, 104)

RULES: list[tuple[str, str]] = [
    ("Goal",
     "Two superpowers, the USA and the USSR, compete for influence around the world for ten turns "
     "(1945-1989). You win at once by getting 20 victory points ahead or by controlling Europe when "
     "it is scored. You also win if DEFCON reaches 1 (nuclear war) during your opponent's headline "
     "or action round - whoever's card caused it - or if your opponent ends a turn holding a "
     "scoring card. Otherwise the side ahead after the final scoring of turn 10 wins."),
    ("The map",
     "84 countries in six scored regions (Europe, Asia, the Middle East, Africa, Central and South "
     "America); Eastern/Western Europe and Southeast Asia are sub-regions. Each box shows the name, "
     "the stability number (how hard it is to hold) and each side's influence: USA in the square on "
     "the left, USSR in the disc on the right. A crimson name strip and a ringed stability number mark "
     "a battleground. Lines join adjacent countries; dashed lines join a superpower to its neighbours. "
     "A side CONTROLS a country when its influence is at least the stability plus the enemy's "
     "influence there: its marker turns solid and the box gets a border in its colour."),
    ("A turn",
     "Turn 1 begins with the set-up: each side places its starting influence in its half of "
     "Europe. 1. Deal: hands are filled to 8 cards (9 from turn 4). 2. Headline: each side secretly chooses a "
     "card; both are revealed and the one with more operations resolves its event first (the USA "
     "wins ties). 3. Action rounds: the USSR then the USA play one card each, six times (seven from "
     "turn 4). 4. Check: holding a scoring card loses the game; each side short of the required "
     "Military Operations gives the enemy 1 VP per point short. 5. Reset: The China Card turns face "
     "up, the turn advances, DEFCON improves by 1, and the Mid War (turn 4) and Late War (turn 8) "
     "cards are shuffled in."),
    ("Playing a card",
     "In an action round you play one card for ONE of: its event; its operations (the number in the "
     "star); or a Space Race attempt. If you use an enemy card for operations, its event still "
     "happens - for your opponent - before or after your operations, as you choose. Neutral events "
     "belong to whoever plays them. Cards marked REMOVE AFTER EVENT leave the game once their "
     "event happens; others go to the discard pile and come back when the deck runs out."),
    ("Operations: placing influence",
     "Place one influence per operation point in countries that already held your influence at the "
     "start of the action round, or are adjacent to them or to your superpower. Placing into a "
     "country the enemy controls costs 2 (the map shows the cost on each lit country). Control can "
     "change between placements."),
    ("Operations: realignment",
     "Spend 1 operation per roll on a country with enemy influence. Both sides roll a die and add 1 "
     "for each adjacent country (or superpower) they control, and 1 if they have more influence there. "
     "The higher roll removes the difference in enemy influence. You may realign the same country "
     "again while enemy influence remains."),
    ("Operations: coup",
     "Use the whole card on one country with enemy influence. Roll a die and add the card's "
     "operations, then subtract twice the stability. If the result is above zero, remove that much "
     "enemy influence and place any excess as your own. Example: a 3-ops coup in Iran (stability 2) "
     "with a roll of 4 gives 4 + 3 - 2 x 2 = 3. A coup always counts its full operations as "
     "Military Operations, and a coup in a battleground lowers DEFCON by 1."),
    ("DEFCON",
     "DEFCON runs from 5 (calm) to 1 (nuclear war). Below 5, no coups or realignments in Europe; "
     "below 4, none in Asia either; below 3, none in the Middle East either. If DEFCON reaches 1, "
     "the side whose headline or action round it is loses. DEFCON improves by 1 at the end of "
     "every turn."),
    ("Military Operations",
     "Each turn both sides must carry out Military Operations at least equal to DEFCON (coups and "
     "some events count). At turn end, the enemy gains 1 VP for each point a side is short. The "
     "tracks panel shows both sides' count against the required level."),
    ("Scoring",
     "A scoring card scores its region for both sides when played (it must be played in the turn it "
     "is drawn). PRESENCE: you control at least one country there. DOMINATION: you control more "
     "countries AND more battlegrounds than the enemy, and at least one non-battleground. CONTROL: "
     "more countries than the enemy and every battleground. Each side also gains 1 VP per "
     "battleground it controls there and, in Europe, Asia and Central America, 1 VP per country it "
     "controls next to the enemy superpower. Southeast Asia (its own card, removed after use) gives 1 "
     "VP per country controlled and 1 more per battleground. After turn 10 every region is scored "
     "once more and The China Card's holder gains 1 VP. The tracks panel shows what each region would "
     "score right now."),
    ("The Space Race",
     "Instead of using a card's operations you may discard it to try for the next Space Race box: "
     "the card must have at least the box's operations and the die must roll within its range. One "
     "attempt per turn. The first side to reach some boxes gains the larger VP, the second the "
     "smaller. A side alone in or ahead of box 2 may try twice a turn; box 4 makes the enemy show "
     "its headline first; box 6 lets it discard a held card at turn end; box 8 gives it eight action "
     "rounds. The enemy's events on a card sent to space do not happen."),
    ("The China Card",
     "Held face up, it can be played in an action round as a 4-operations card (5 if every point is "
     "spent in Asia). It then goes face down to the enemy and turns face up at the end of the turn. "
     "It is never in a hand, never a headline, never sent to space. Its holder gains 1 VP at the "
     "final scoring."),
    ("This screen",
     "Mouse: click a lit country or card to choose it; wheel zooms the map at the pointer; drag "
     "(or right-drag) pans. Keys: arrows move the focus between countries, Enter chooses, "
     "Ctrl+arrows pan, + and - zoom, Ctrl+0 shows the whole map, F1 opens this help. Pad: D-pad "
     "moves, A chooses, right stick pans, triggers zoom."),
]


def search_cards(query: str) -> list[int]:
    """Card numbers matching ``query``: a number (``103`` or ``#103``) finds that card first, then
    the cards whose numbers start with those digits; words find every card whose name contains them
    all, in card order."""
    q = (query or "").strip().lower()
    if not q:
        return list(CARD_NUMBERS)
    digits = q.lstrip("#").strip()
    if digits.isdigit():
        exact = [int(digits)] if int(digits) in CARDS else []
        return exact + [n for n in CARD_NUMBERS if str(n).startswith(digits) and n not in exact]
    words = q.split()
    return [n for n in CARD_NUMBERS if all(w in CARDS[n]["name"].lower() for w in words)]


class StruggleHelp:
    """The overlay.  ``tab`` is "rules" or "cards"."""

    def __init__(self, tab: str = "rules", query: str = ""):
        self.closed = False
        self.tab = tab if tab in ("rules", "cards") else "rules"
        self.scroll = 0.0
        self.max_scroll = 0.0
        self.query = query
        self.results = search_cards(query)
        self.sel = 0
        self.list_top = 0
        self._fonts: dict = {}
        self._hits: list[tuple[pygame.Rect, str]] = []
        self._size = (1280, 720)

    # ------------------------------------------------------------ state changes
    def open_card(self, number: int) -> None:
        """Show one card in the reference (e.g. from a zoomed hand or effect)."""
        self.tab = "cards"
        self.query = ""
        self.results = search_cards("")
        if number in self.results:
            self.sel = self.results.index(number)

    def set_query(self, q: str) -> None:
        self.query = q[:40]
        self.results = search_cards(self.query)
        self.sel = 0
        self.list_top = 0

    @property
    def selected(self) -> int | None:
        return self.results[self.sel] if self.results and 0 <= self.sel < len(self.results) else None

    def _move(self, d: int) -> None:
        if self.results:
            self.sel = max(0, min(len(self.results) - 1, self.sel + d))

    # ------------------------------------------------------------ events
    def handle_event(self, ev) -> bool:
        t = ev.type
        if t == pygame.KEYDOWN:
            k = ev.key
            if k in (pygame.K_ESCAPE, pygame.K_F1):
                if self.tab == "cards" and self.query and k == pygame.K_ESCAPE:
                    self.set_query("")
                else:
                    self.closed = True
                return True
            if k == pygame.K_TAB:
                self.tab = "cards" if self.tab == "rules" else "rules"
                return True
            if self.tab == "rules":
                step = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: 400,
                        pygame.K_PAGEUP: -400, pygame.K_HOME: -1e9, pygame.K_END: 1e9}.get(k)
                if step is not None:
                    self.scroll = max(0.0, min(self.max_scroll, self.scroll + step))
                    return True
                if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self.closed = True
                    return True
                return True   # the overlay is modal: swallow other keys
            # cards tab
            if k == pygame.K_BACKSPACE:
                self.set_query(self.query[:-1])
                return True
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10,
                    pygame.K_PAGEUP: -10}.get(k)
            if step is not None:
                self._move(step)
                return True
            ch = getattr(ev, "unicode", "") or ""
            if ch and ch.isprintable() and ch not in "\t\r\n":
                self.set_query(self.query + ch)
                return True
            return True
        if t == pygame.TEXTINPUT:
            return True   # typed text arrives through KEYDOWN's unicode; swallow the duplicate
        if t == pygame.MOUSEWHEEL:
            if self.tab == "rules":
                self.scroll = max(0.0, min(self.max_scroll, self.scroll - 60 * ev.y))
            else:
                self.list_top = max(0, self.list_top - 3 * ev.y)
            return True
        if t == pygame.MOUSEBUTTONDOWN:
            return True
        if t == pygame.MOUSEBUTTONUP and ev.button == 1:
            for r, key in self._hits:
                if r.collidepoint(ev.pos):
                    if key == "close":
                        self.closed = True
                    elif key.startswith("tab:"):
                        self.tab = key[4:]
                    elif key.startswith("card:"):
                        self.sel = int(key[5:])
                    break
            return True
        if t == pygame.CONTROLLERBUTTONDOWN:
            b = ev.button
            if b in (pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START):
                self.closed = True
            elif b in (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER):
                self.tab = "cards" if self.tab == "rules" else "rules"
            elif b in (pygame.CONTROLLER_BUTTON_DPAD_DOWN, pygame.CONTROLLER_BUTTON_DPAD_UP):
                d = 1 if b == pygame.CONTROLLER_BUTTON_DPAD_DOWN else -1
                if self.tab == "rules":
                    self.scroll = max(0.0, min(self.max_scroll, self.scroll + 60 * d))
                else:
                    self._move(d)
            return True
        return t in (pygame.MOUSEMOTION, pygame.KEYUP, pygame.CONTROLLERBUTTONUP,
                     pygame.CONTROLLERAXISMOTION)

    # ------------------------------------------------------------ drawing
    def font(self, px, bold=False, grow=False):
        """A font of ``px`` pixels; ``grow``: grown by the player's text size (the rules' text,
        which wraps and scrolls: it has room to grow)."""
        if grow:
            u = min(self._size[0] / 1280, self._size[1] / 720) if self._size else 1.0
            px *= font_grow(px / max(0.01, u))
        key = (max(7, round(px)), bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = font_of(key[0], bold)
        return f

    def draw(self, surf) -> None:
        W, H = surf.get_size()
        self._size = (W, H)
        u = min(W / 1280, H / 720)
        self._hits = []
        surf.fill(BG)
        title = "Twilight Struggle: how to play" if self.tab == "rules" else "Twilight Struggle: card reference"
        img = render(title, self.font(36 * u, True), theme.GOLD)
        surf.blit(img, img.get_rect(midtop=(W // 2, round(14 * u))))
        # tabs and close
        x = round(40 * u)
        for key, label in (("rules", "Rules"), ("cards", "Cards (110)")):
            r = pygame.Rect(x, round(58 * u), round(160 * u), round(36 * u))
            pygame.draw.rect(surf, ROW_ON if self.tab == key else ROW, r, border_radius=round(8 * u))
            if self.tab == key:
                pygame.draw.rect(surf, theme.GOLD, r, max(1, round(2 * u)), border_radius=round(8 * u))
            li = render(label, self.font(22 * u, True), theme.TEXT)
            surf.blit(li, li.get_rect(center=r.center))
            self._hits.append((r, f"tab:{key}"))
            x = r.right + round(10 * u)
        cr = pygame.Rect(W - round(180 * u), round(58 * u), round(140 * u), round(36 * u))
        pygame.draw.rect(surf, (70, 60, 80), cr, border_radius=round(8 * u))
        li = render("Close (Esc)", self.font(21 * u, True), theme.TEXT)
        surf.blit(li, li.get_rect(center=cr.center))
        self._hits.append((cr, "close"))
        area = pygame.Rect(round(40 * u), round(104 * u), W - round(80 * u), H - round(140 * u))
        if self.tab == "rules":
            self._draw_rules(surf, area, u)
            foot = "Up/Down, PgUp/PgDn or wheel scroll · Tab: card reference · Esc or F1 close"
        else:
            self._draw_cards(surf, area, u)
            foot = "Type a name or number to search · Up/Down choose · Tab: rules · Esc clears, then closes"
        fi = render(foot, self.font(18 * u), theme.MUTED)
        surf.blit(fi, fi.get_rect(midbottom=(W // 2, H - round(8 * u))))

    def _draw_rules(self, surf, area, u):
        clip = surf.get_clip()
        surf.set_clip(area)
        fh, fb = self.font(25 * u, True, grow=True), self.font(22 * u, grow=True)
        head_w = round(270 * u)
        y = area.y - self.scroll * u
        lh = fb.get_linesize()

        def put(ln, f, colour, pos):
            """A line only when it is whole inside the area: never half a row at an edge."""
            if area.y <= pos[1] and pos[1] + f.get_linesize() <= area.bottom:
                img = render(ln, f, colour)
                if LY.WATCHERS:
                    LY.watch_text("text", surf, img.get_rect(topleft=pos), ln, f, colour)
                surf.blit(img, pos)
        for head, body in RULES:
            for i, ln in enumerate(wrap(head, fh, head_w - round(12 * u))):
                put(ln, fh, theme.SIDE_LIGHT["USA"], (area.x, y + i * fh.get_linesize()))
            lines = wrap(body, fb, area.w - head_w)
            for ln in lines:
                put(ln, fb, theme.TEXT, (area.x + head_w, y))
                y += lh
            if head == "Scoring":
                y = self._scoring_table(put, area.x + head_w, y + 4 * u, u)
            y += round(14 * u)
        total = (y + self.scroll * u - area.y) / u
        self.max_scroll = max(0.0, total - area.h / u)
        self.scroll = min(self.scroll, self.max_scroll)
        surf.set_clip(clip)

    def _scoring_table(self, put, x, y, u):
        f = self.font(20 * u)
        fb = self.font(20 * u, True)
        cols = [("Region", 0), ("Presence", 190), ("Domination", 300), ("Control", 430)]
        for label, dx in cols:
            put(label, fb, theme.GOLD, (x + dx * u, y))
        y += f.get_linesize()
        for reg, (p, d, c) in REGION_VP.items():
            vals = [reg, str(p), str(d), "wins the game" if c is None else str(c)]
            for (label, dx), v in zip(cols, vals):
                put(v, f, theme.TEXT, (x + dx * u, y))
            y += f.get_linesize()
        return y

    def _draw_cards(self, surf, area, u):
        # search box
        sb = pygame.Rect(area.x, area.y, round(420 * u), round(38 * u))
        pygame.draw.rect(surf, (240, 236, 224), sb, border_radius=round(6 * u))
        q = self.query or "type a name or number..."
        qi = render(q + ("_" if self.query else ""), self.font(23 * u), (30, 30, 36) if self.query else (130, 130, 130))
        surf.blit(qi, qi.get_rect(midleft=(sb.x + round(10 * u), sb.centery)))
        cnt = render(f"{len(self.results)} found", self.font(19 * u), theme.MUTED)
        surf.blit(cnt, cnt.get_rect(midleft=(sb.right + round(12 * u), sb.centery)))
        # list
        lst = pygame.Rect(area.x, sb.bottom + round(10 * u), round(520 * u), area.bottom - sb.bottom - round(10 * u))
        rh = round(30 * u)
        rows = max(1, lst.h // rh)
        if self.sel < self.list_top:
            self.list_top = self.sel
        if self.sel >= self.list_top + rows:
            self.list_top = self.sel - rows + 1
        self.list_top = max(0, min(self.list_top, max(0, len(self.results) - rows)))
        f = self.font(21 * u)
        fb = self.font(21 * u, True)
        if not self.results:
            surf.blit(render(f"No card matches \"{self.query}\".", f, theme.MUTED), (lst.x, lst.y + 4 * u))
        for i in range(self.list_top, min(len(self.results), self.list_top + rows)):
            n = self.results[i]
            c = CARDS[n]
            r = pygame.Rect(lst.x, lst.y + (i - self.list_top) * rh, lst.w, rh - round(3 * u))
            on = i == self.sel
            pygame.draw.rect(surf, ROW_ON if on else ROW, r, border_radius=round(5 * u))
            if on:
                pygame.draw.rect(surf, theme.FOCUS, r, max(1, round(2 * u)), border_radius=round(5 * u))
            side_col = theme.SIDE_LIGHT.get(c["side"], theme.TEXT)
            surf.blit(render(f"{n:>3}", fb, theme.MUTED), (r.x + round(8 * u), r.y + round(5 * u)))
            surf.blit(render(c["name"], fb if on else f, side_col), (r.x + round(60 * u), r.y + round(5 * u)))
            ops = "scoring" if c["scoring"] else f"{c['ops']} ops"
            oi = render(f"{c['period']} · {ops}", f, theme.MUTED)
            surf.blit(oi, oi.get_rect(topright=(r.right - round(8 * u), r.y + round(5 * u))))
            self._hits.append((r, f"card:{i}"))
        # the chosen card, large, and its facts
        n = self.selected
        if n is None:
            return
        ch = min(area.h, round((area.right - lst.right - 60 * u) * 1.4))
        cw = round(ch / 1.4)
        cr = pygame.Rect(0, 0, cw, ch)
        cr.topright = (area.right, area.y)
        # the reference shows the printed card, not anyone's hidden card: not a face-up draw of
        # game information, so it is not noted in the face-up record
        surf.blit(render_card(n, cr.size), cr)
        c = CARDS[n]
        facts = [f"#{n} {c['name']}", f"{c['period']} War · {c['side']}" +
                 (f" · {c['ops']} operations" if c["ops"] is not None else " · scoring card")]
        if c["removed_after_event"]:
            facts.append("Removed from the game after its event.")
        if c.get("persistent"):
            facts.append("Its effect stays in force after the event.")
        if c["war"]:
            facts.append("A war card.")
        if c.get("optional"):
            facts.append("Optional card (only with the optional cards on).")
        fx = lst.right + round(24 * u)
        fw = cr.x - fx - round(16 * u)
        y = area.y
        if fw > 120 * u:
            for i, line in enumerate(facts):
                ff = fb if i == 0 else f
                for ln in wrap(line, ff, fw):
                    surf.blit(render(ln, ff, theme.GOLD if i == 0 else theme.TEXT), (fx, y))
                    y += ff.get_linesize()


__all__ = ["RULES", "StruggleHelp", "search_cards"]


def rules_scene(app):
    """The overlay as a scene of its own (the title's Rules and F1 outside a game, when
    Twilight Struggle is the game in front); Esc, F1 or its Close button closes it."""
    from squabble.framework.scene import Scene

    class StruggleRulesScene(Scene):
        name = "struggle_rules"
        opaque = True

        def __init__(self, app):
            super().__init__(app)
            self.help = StruggleHelp()

        def handle_raw(self, ev) -> bool:
            taken = self.help.handle_event(ev)
            if self.help.closed:
                self.app.stack.remove(self)
            return taken

        def animating(self) -> bool:
            return False    # a still page: input redraws it

        def draw(self, surf):
            self.help.draw(surf)

    return StruggleRulesScene(app)
