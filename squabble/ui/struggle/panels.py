"""The Struggle map scene's panels: its layout, and ``MapPanels``: the prompt, the buttons, the
country and track tips, the card in play and the menu strip, drawing what the ``MapModel``
shows (``model.py``; the turn is the scene's ``TurnFlow``).  Also the pile viewer and the VP
helpers.

Privacy: card faces are drawn only through the scene's ``_card`` (``may_show``), handed to the
panels and the pile viewer as their ``card`` drawer, never here.
"""

from __future__ import annotations

import pygame

from squabble.framework.input import Action
from squabble.framework.layout import fit_font, text, wrap
from squabble.framework.scene import Scene
from squabble.framework.turnflow import BEATS
from squabble.framework.widgets import panel
from squabble.ui import theme
from squabble.ui.struggle.hand_row import hand_is_wide
from squabble.ui.struggle.moments import SIDE_COL
from squabble.ui.struggle.prompts import Ask, prompt_for, vp_text

BG = (14, 18, 28)   # a shade darker than the menus' (theme.BG): the map's sea shows against it
TEXT, MUTED, GOLD, FOCUS, LIT = theme.TEXT, theme.MUTED, theme.GOLD, theme.FOCUS, theme.LEGAL

# logical layout (1280 x 720)
PROMPT_R = (0, 0, 1280, 52)
MAP_R = (0, 52, 930, 448)
TRACKS_R = (930, 52, 350, 448)
BUTTONS_R = (600, 500, 330, 220)
BUTTONS_PER_PAGE = 5   # 4 and "More options" when there are more than 5
ROW = 36

# (online there is no hint: the pause menu shows ONLINE_CONTROLS)
CONTROLS = ("Click a lit country, card or button · Keys: arrows/Tab move, Enter choose, 1-9 "
            "buttons, Z explore the map, F2-F9 regions, H hint, Page Up log, Backspace undo, "
            "Esc menu, F1 help · Pad: D-pad, A choose, Y hint, right stick click explore, X undo, "
            "Start menu")
ONLINE_CONTROLS = CONTROLS.replace("H hint, ", "T a word to your friend, ").replace(
    "Y hint, ", "")


class MapPanels:
    """The prompt, the buttons, the country and track tips, the card in play and the menu strip
    of the map of ``model``, built with what they draw from: the ``log`` (its newest line while
    beats play), the ``map`` (a country's detail), the ``tracks`` (their tooltips) and ``card``
    (the scene's one drawer of a card, ``card(surf, number, rect, face_up=...)``)."""

    def __init__(self, model, *, log, map, tracks, card):
        self.model = model
        self.log = log
        self.map = map
        self.tracks = tracks
        self.card = card

    def plain_prompt(self) -> tuple[str, str]:
        """(what is being decided, why / the arithmetic) in plain words."""
        m = self.model
        s = m.session
        st = s.state
        d = s.decision()
        if d is None:
            return ("The game is over.", "")
        desc = s.describe() or {"kind": "", "context": {}}
        k, ctx = desc["kind"], desc["context"]
        side = d["player"]
        waiting = m.flow.waiting_words(m.t)
        if waiting:
            return (waiting, d["prompt"])
        if s.controller(side) == "computer":
            dots = "." * (1 + int(m.t * 3) % 3)
            th = m.thinker
            done = th.progress if th is not None else 0.0
            far = f" {int(done * 100)}%" if 0.0 < done < 1.0 else ""
            return (f"The computer ({side}) is thinking{dots}{far}", d["prompt"])
        if m.session.needs_handoff():
            return (f"Waiting for the {side} player", "")
        who = f"You ({side})" if s.mode == "computer" else f"{side}"
        cur = m.focus.current if m.focus.visible else None   # only one pointed at
        foc = m.hover_country or (cur.payload if cur is not None
                                  and cur.kind == "country" else None)
        # (the realignment's sum follows the focus even while it is not shown)
        foc_any = m.hover_country or (m.focus.current.payload if m.focus.current is not None
                                      and m.focus.current.kind == "country" else None)
        return prompt_for(k, Ask(who, side, d, ctx, st, pointed=foc, pointed_any=foc_any))

    def draw_prompt(self, surf, L):
        m = self.model
        panel(surf, L, PROMPT_R, colour=(24, 30, 46), radius=0, alpha=255)
        d = m.session.decision()
        side = d["player"] if d else None
        col = SIDE_COL.get(side, GOLD)
        pygame.draw.rect(surf, col, L.r(0, 0, 8, 52))
        main, why = self.plain_prompt()
        if m.flow.beats or m.flow.phase == BEATS or m.moment is not None or m.following():
            main = self.log.lines[-1] if self.log.lines else main
            why = "Enter or click: next · Esc: skip to the next decision"
            col = GOLD
        if m.demo:
            main, why = ("Attract mode: the computer plays both sides",
                         "Press any key for the title.")
        # two lines in a 52-high bar: each keeps to its half whatever the text size, and to
        # the left of an online game's clocks (framework/linebanner.py draws them at 660-860)
        room = 620 if m.flow.clock_words() else 1000
        text(surf, main, fit_font(L, main, room, 24, bold=True, max_h=25), TEXT, L.p(18, 6))
        if why:
            text(surf, why, fit_font(L, why, room, 18, max_h=21), MUTED, L.p(18, 31))
        st = m.shown
        info = f"Turn {st['turn']} · DEFCON {st['defcon']} · VP {vp_text(st['vp'])}"
        text(surf, info, L.font(20, True), GOLD, L.p(1270, 16), "midright")
        if m.flow.thinker is not None:
            a = m.t * 6
            cx, cy = L.p(1140, 38)
            for i in range(3):
                r = L.s(3 + 2 * ((int(a) + i) % 3 == 0))
                pygame.draw.circle(surf, col, (cx + L.s(12) * i, cy), r)

    def draw_buttons(self, surf, L):
        m = self.model
        panel(surf, L, BUTTONS_R, colour=(22, 26, 38), radius=0)
        x, y, w, h = BUTTONS_R
        cs = m.choices if m.human_turn() else None
        title = "Choices" if cs and cs.buttons else ("Choose on the map or in the hand"
                                                     if cs else "")
        if title:
            # the Undo button sits at the right of this line: the title fits beside it
            room = w - 20 - (160 if any(b.name == "undo" for b in m.buttons) else 0)
            text(surf, title, fit_font(L, title, room, 16, bold=True), MUTED, L.p(x + 10, y + 8))
        if not (cs and cs.buttons):
            self.draw_in_play(surf, L)
        cur = m.focus.current if m.focus.visible else None
        for i, b in enumerate(m.buttons):
            b.hint = ""
            b.draw(surf, L, focused=cur is not None and cur.kind == "button" and cur.payload is b)
            if b.name.startswith("opt"):
                n = [bb for bb in m.buttons if bb.name.startswith("opt")].index(b) + 1
                text(surf, str(n), L.font(18, True), GOLD,
                     L.p(b.rect[0] - 9, b.rect[1] + b.rect[3] / 2), "center")

    def draw_country_detail(self, surf, L, name):
        """The map's card-sized detail of one country (stability, influence, control, regions,
        neighbours, the effects that touch it)."""
        m = self.model
        try:
            self.map.draw_detail(surf, name, m.public_state(m.shown),
                                 colourblind=m.colour_blind())
        except Exception:
            pass

    def draw_deciding_card(self, surf, L):
        """The card a decision is about (how to use it, its event's choices), large enough to
        read, in the map's top-left corner while that decision is open."""
        m = self.model
        if not m.human_turn() or m.choices is None or not m.choices.buttons \
                or m.choices.by_country:
            return
        ctx = (m.session.describe() or {}).get("context", {})
        c = ctx.get("card")
        if not isinstance(c, int) or c in m.hand_cards() or not m.may_show(c):
            return
        text(surf, "Deciding on", L.font(14, True), MUTED, L.p(10, 58))
        self.card(surf, c, (8, 74, 150, 210), face_up=True)

    def draw_track_tip(self, surf, L):
        m = self.model
        try:
            tip = self.tracks.tooltip(m.hover_track, m.public_state(m.shown))
        except Exception:
            tip = ""
        if not tip:
            return
        f = L.font(16)
        lines = wrap(tip, f, L.s(380))
        h = 16 + len(lines) * f.get_linesize() / max(0.01, L.scale)
        panel(surf, L, (540, 60, 390, h), colour=(24, 28, 42), edge=GOLD)
        yy = L.p(0, 68)[1]
        for ln in lines:
            surf.blit(f.render(ln, True, TEXT), (L.p(548, 0)[0], yy))
            yy += f.get_linesize()

    def draw_in_play(self, surf, L):
        """The cards on the table now (played, public) in the choices panel, unless the hand
        spreads over it."""
        m = self.model
        if hand_is_wide(m.choices if m.human_turn() else None, m.menu) and m.hand_cards():
            return
        x, y, w, h = BUTTONS_R
        cards = [c for c in m.shown.get("table", []) if m.may_show(c)]
        ctx = (m.session.describe() or {}).get("context", {}) if not m.flow.beats else {}
        c = ctx.get("card")
        if isinstance(c, int) and c not in cards and c not in m.hand_cards() \
                and m.may_show(c):
            cards.append(c)
        if not cards:
            return
        text(surf, "In play", L.font(15, True), MUTED, L.p(x + 10, y + 30))
        for i, c in enumerate(cards[-2:]):
            self.card(surf, c, (x + 10 + i * 112, y + 50, 100, 140), face_up=True)

    def draw_menu(self, surf, L):
        m = self.model.menu
        rows, box = m.rects()
        panel(surf, L, box, colour=(30, 36, 54), edge=FOCUS)
        text(surf, m.title, L.font(18, True), GOLD, L.p(box[0] + 10, box[1] + 8))
        for i, (ch, r) in enumerate(zip(m.choices, rows)):
            foc = i == m.index
            pygame.draw.rect(surf, (70, 84, 120) if foc else (44, 52, 74), L.r(r),
                             border_radius=L.s(5))
            lab = f"{i + 1}. {ch.label}"
            text(surf, lab, fit_font(L, lab, r[2] - 12, 18), TEXT, L.p(r[0] + 6, r[1] + 6))


#: the kinds of engine line that move the VP marker; every one carries ``vp_after``
VP_KINDS = ("score", "vp", "space_advance")


def vp_after(kind: str, data: dict):
    """The VP marker once a scoring / MilOps / Space Race line's points are in, as the engine
    says it on every line of those kinds (``vp_after``: the lines are logged once the points are
    in); None for any other line."""
    return data.get("vp_after") if kind in VP_KINDS else None


def _inside(rect, lp) -> bool:
    x, y, w, h = rect
    return x <= lp[0] < x + w and y <= lp[1] < y + h


class PileScene(Scene):
    """The discard pile or the removed cards, face up (public), over the map; any input closes.
    ``card(surf, number, rect)``: the map scene's drawer of a card as it may be shown."""
    opaque = False
    name = "struggle_pile"

    def __init__(self, app, title, cards, card):
        super().__init__(app)
        self.title, self.cards, self.card = title, cards, card
        self.top = 0

    def animating(self) -> bool:
        return False   # it changes only on input

    def handle_action(self, a):
        if a.name in ("down", "right") and self.top + 24 < len(self.cards):
            self.top += 12
        elif a.name in ("up", "left"):
            self.top = max(0, self.top - 12)
        else:
            self.app.stack.remove(self)

    def handle_mouse(self, kind, lp, button):
        if kind == "wheel":
            self.handle_action(Action("down" if button < 0 else "up", "mouse"))
        elif kind == "up":
            self.app.stack.remove(self)

    def draw(self, surf):
        L = self.app.layout
        veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        veil.fill((6, 8, 14, 200))
        surf.blit(veil, (0, 0))
        text(surf, f"{self.title} ({len(self.cards)})", L.font(30, True), GOLD, L.p(640, 40),
             "center")
        if not self.cards:
            text(surf, "No cards.", L.font(22), MUTED, L.p(640, 300), "center")
        for i, c in enumerate(self.cards[self.top:self.top + 24]):
            col, row = i % 12, i // 12
            rect = (22 + col * 104, 80 + row * 152, 100, 140)   # (titles at 12 px or more)
            self.card(surf, c, rect)
        text(surf, "Wheel or arrows: more · any other key or click: close", L.font(16), MUTED,
             L.p(640, 700), "center")
