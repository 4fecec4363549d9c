"""The Struggle map scene's panels: its layout, the prompt, the buttons, the country and track
tips, the card in play and the menu strip: functions drawing what the scene ``sc`` shows
(``scene.py`` keeps the state; the turn is its ``TurnFlow``).  Also the pile viewer and the VP
helpers.

Privacy: card faces are drawn only through the scene's ``_card`` (``may_show``), never here.
"""

from __future__ import annotations

import pygame

from squabble.framework.layout import fit_font, text, wrap
from squabble.framework.scene import Scene
from squabble.framework.turnflow import BEATS
from squabble.framework.widgets import panel
from squabble.games.struggle.data import ENEMY
from squabble.ui import theme
from squabble.ui.struggle.hand_row import hand_is_wide
from squabble.ui.struggle.moments import SIDE_COL

BG = (14, 18, 28)   # a shade darker than the menus' (theme.BG): the map's sea shows against it
TEXT, MUTED, GOLD, FOCUS, LIT = theme.TEXT, theme.MUTED, theme.GOLD, theme.FOCUS, theme.LEGAL

# logical layout (1280 x 720)
PROMPT_R = (0, 0, 1280, 52)
MAP_R = (0, 52, 930, 448)
TRACKS_R = (930, 52, 350, 448)
BUTTONS_R = (600, 500, 330, 220)
BUTTONS_PER_PAGE = 5   # 4 and "More options" when there are more than 5
ROW = 36

CONTROLS = ("Click a lit country, card or button · Keys: arrows/Tab move, Enter choose, 1-9 "
            "buttons, Z explore the map, F2-F9 regions, H hint, Page Up log, Backspace undo, "
            "Esc menu, F1 help · Pad: D-pad, A choose, Y hint, right stick click explore, X undo, "
            "Start menu")


def plain_prompt(sc) -> tuple[str, str]:
    """(what is being decided, why / the arithmetic) in plain words."""
    s = sc.session
    st = s.state
    d = s.decision()
    if d is None:
        return ("The game is over.", "")
    desc = s.describe() or {"kind": "", "context": {}}
    k, ctx = desc["kind"], desc["context"]
    side = d["player"]
    if s.controller(side) == "computer":
        dots = "." * (1 + int(sc.t * 3) % 3)
        return (f"The computer ({side}) is thinking{dots}", d["prompt"])
    if sc.session.needs_handoff():
        return (f"Waiting for the {side} player", "")
    who = f"You ({side})" if s.mode == "computer" else f"{side}"
    card = ctx.get("card_name")
    n = len(d["options"])
    if k == "headline":
        return (f"{who}: choose a headline card from the hand",
                "Both headlines are revealed together; the higher Ops value goes first.")
    if k == "action_card":
        return (f"{who}: turn {st['turn']}, action round {st['action_round']} — play a card",
                "Click a lit card (or Tab to it and press Enter).")
    if k == "play_mode":
        return (f"{who}: how will you use {card}?",
                "Event: do what the card says · Ops: influence, realignments or a coup · "
                "Space Race: a roll to advance. An enemy card's event happens anyway.")
    if k == "ops_kind":
        return (f"{who}: {ctx.get('ops_left')} Ops from {card or 'a card'}: "
                "spread influence, realign or coup?", "Choose one kind for all these Ops.")
    if k == "influence" and any(o.get("mode") == "realign" for o in d["options"]):
        return (f"{who}: place influence or realign — {ctx.get('ops_left')} Ops left",
                "Designer rule: both with these Ops, never both in one country. A lit number "
                "is the cost; \u2026 offers a choice.")
    if k == "influence":
        return (f"{who}: place influence — {ctx.get('ops_left')} Ops left",
                "A lit number is the cost: 2 into a country the enemy controls.")
    if k == "coup_target":
        ops = ctx.get("ops_left", 0)
        cur = sc.focus.current if sc.focus.visible else None   # only one pointed at
        foc = sc.hover_country or (cur.payload if cur is not None
                                     and cur.kind == "country" else None)
        odds = (ctx.get("coups") or {}).get(foc)
        if odds is not None:   # the engine's coup sum for this target (query.coup_odds)
            mod = f" {odds['mod']:+d} modifier" if odds["mod"] else ""
            calc = (f"Coup in {foc}: roll + {odds['ops']} Ops{mod} − 2 × {odds['stability']} "
                    "stability")
            return (f"{who}: choose the coup target ({ops} Ops)",
                    f"{calc}; a roll of {odds['need']} or more changes influence."
                    if odds["need"] is not None else f"{calc}: no roll can succeed.")
        return (f"{who}: choose the coup target ({ops} Ops)",
                "Result = die + Ops − 2 × stability; battleground coups lower DEFCON.")
    if k == "realign_target":
        foc = sc.hover_country or (sc.focus.current.payload if sc.focus.current is not None
                                     and sc.focus.current.kind == "country" else None)
        odds = (ctx.get("realignments") or {}).get(foc)
        if odds is not None:   # the engine's modifiers for this target (query.realign_odds)
            return (f"{who}: realignment — {ctx.get('ops_left')} rolls left",
                    f"Realign {foc}: {side} {realign_mods(odds['side'])}, {ENEMY[side]} "
                    f"{realign_mods(odds['enemy'])}; {side} wins {round(100 * odds['win'])}%, "
                    f"loses {round(100 * odds['lose'])}%.")
        return (f"{who}: realignment — {ctx.get('ops_left')} rolls left",
                "Each side rolls, +1 per adjacent country controlled, +1 for more influence.")
    if k in ("setup_influence", "handicap_influence", "place_influence"):
        return (f"{who}: {d['prompt']}", f"{n} places lit on the map." if ctx.get("targets")
                else "")
    if k == "remove_influence":
        return (f"{who}: {d['prompt']}", f"For {card}." if card else "")
    if k == "discard":
        return (f"{who}: {d['prompt']}", "")
    return (f"{who}: {d['prompt']}", f"For {card}." if card else "")


def draw_prompt(sc, surf, L):
    panel(surf, L, PROMPT_R, colour=(24, 30, 46), radius=0, alpha=255)
    d = sc.session.decision()
    side = d["player"] if d else None
    col = SIDE_COL.get(side, GOLD)
    pygame.draw.rect(surf, col, L.r(0, 0, 8, 52))
    main, why = plain_prompt(sc)
    if sc.flow.beats or sc.flow.phase == BEATS or sc.moment is not None or sc.following():
        main = sc.log.lines[-1] if sc.log.lines else main
        why = "Enter or click: next · Esc: skip to the next decision"
        col = GOLD
    if sc.demo:
        main, why = "Attract mode: the computer plays both sides", "Press any key for the title."
    text(surf, main, fit_font(L, main, 1000, 24, bold=True), TEXT, L.p(18, 6))
    if why:
        text(surf, why, fit_font(L, why, 1000, 18), MUTED, L.p(18, 31))
    st = sc.shown
    info = f"Turn {st['turn']} · DEFCON {st['defcon']} · VP {vp_text(st['vp'])}"
    text(surf, info, L.font(20, True), GOLD, L.p(1270, 16), "midright")
    if sc.flow.thinker is not None:
        a = sc.t * 6
        cx, cy = L.p(1140, 38)
        for i in range(3):
            r = L.s(3 + 2 * ((int(a) + i) % 3 == 0))
            pygame.draw.circle(surf, col, (cx + L.s(12) * i, cy), r)


def draw_buttons(sc, surf, L):
    panel(surf, L, BUTTONS_R, colour=(22, 26, 38), radius=0)
    x, y, w, h = BUTTONS_R
    cs = sc.choices if sc.human_turn() else None
    title = "Choices" if cs and cs.buttons else ("Choose on the map or in the hand"
                                                 if cs else "")
    if title:
        # the Undo button sits at the right of this line: the title fits beside it
        room = w - 20 - (160 if any(b.name == "undo" for b in sc._buttons) else 0)
        text(surf, title, fit_font(L, title, room, 16, bold=True), MUTED, L.p(x + 10, y + 8))
    if not (cs and cs.buttons):
        draw_in_play(sc, surf, L)
    cur = sc.focus.current if sc.focus.visible else None
    for i, b in enumerate(sc._buttons):
        b.hint = ""
        b.draw(surf, L, focused=cur is not None and cur.kind == "button" and cur.payload is b)
        if b.name.startswith("opt"):
            n = [bb for bb in sc._buttons if bb.name.startswith("opt")].index(b) + 1
            text(surf, str(n), L.font(18, True), GOLD, L.p(b.rect[0] - 9, b.rect[1] + b.rect[3] / 2),
                 "center")


def draw_country_detail(sc, surf, L, name):
    """The map's card-sized detail of one country (stability, influence, control, regions,
    neighbours, the effects that touch it)."""
    try:
        sc.map.draw_detail(surf, name, sc.public_state(sc.shown),
                           colourblind=sc.colour_blind())
    except Exception:
        pass


def draw_deciding_card(sc, surf, L):
    """The card a decision is about (how to use it, its event's choices), large enough to
    read, in the map's top-left corner while that decision is open."""
    if not sc.human_turn() or sc.choices is None or not sc.choices.buttons \
            or sc.choices.by_country:
        return
    ctx = (sc.session.describe() or {}).get("context", {})
    c = ctx.get("card")
    if not isinstance(c, int) or c in sc.hand_cards() or not sc.may_show(c):
        return
    text(surf, "Deciding on", L.font(14, True), MUTED, L.p(10, 58))
    sc._card(surf, c, (8, 74, 150, 210), face_up=True)


def draw_track_tip(sc, surf, L):
    try:
        tip = sc.tracks.tooltip(sc.hover_track, sc.public_state(sc.shown))
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


def draw_in_play(sc, surf, L):
    """The cards on the table now (played, public) in the choices panel, unless the hand
    spreads over it."""
    if hand_is_wide(sc.choices if sc.human_turn() else None, sc.menu) and sc.hand_cards():
        return
    x, y, w, h = BUTTONS_R
    cards = [c for c in sc.shown.get("table", []) if sc.may_show(c)]
    ctx = (sc.session.describe() or {}).get("context", {}) if not sc.flow.beats else {}
    c = ctx.get("card")
    if isinstance(c, int) and c not in cards and c not in sc.hand_cards() \
            and sc.may_show(c):
        cards.append(c)
    if not cards:
        return
    text(surf, "In play", L.font(15, True), MUTED, L.p(x + 10, y + 30))
    for i, c in enumerate(cards[-2:]):
        sc._card(surf, c, (x + 10 + i * 112, y + 50, 100, 140), face_up=True)


def draw_menu(sc, surf, L):
    m = sc.menu
    rows, box = m.rects()
    panel(surf, L, box, colour=(30, 36, 54), edge=FOCUS)
    text(surf, m.title, L.font(18, True), GOLD, L.p(box[0] + 10, box[1] + 8))
    for i, (ch, r) in enumerate(zip(m.choices, rows)):
        foc = i == m.index
        pygame.draw.rect(surf, (70, 84, 120) if foc else (44, 52, 74), L.r(r),
                         border_radius=L.s(5))
        lab = f"{i + 1}. {ch.label}"
        text(surf, lab, fit_font(L, lab, r[2] - 12, 18), TEXT, L.p(r[0] + 6, r[1] + 6))


def vp_after(kind: str, data: dict, vp_before: int):
    """The VP marker once a scoring / MilOps / Space Race line's points are in (None: no VP):
    the engine logs these lines once the points are in and says the marker (``vp_after``)."""
    if "vp_after" in data and kind in ("score", "vp", "space_advance"):
        return data["vp_after"]
    if kind in ("score", "vp"):
        return vp_before + data.get("usa", 0) - data.get("ussr", 0)
    if kind == "space_advance" and data.get("vp"):
        return vp_before + (data["vp"] if data.get("side") == "USA" else -data["vp"])
    return None


def realign_mods(m: dict) -> str:
    """One side's realignment modifiers in words: "+2 (1 adjacent, superpower, more influence)"."""
    parts = ([f"{m['adjacent']} adjacent"] if m["adjacent"] else []) \
        + (["superpower"] if m["superpower"] else []) \
        + (["more influence"] if m["more_influence"] else []) \
        + ([f"effects {m['effects']:+d}"] if m["effects"] else [])
    return f"{m['total']:+d}" + (f" ({', '.join(parts)})" if parts else "")


def vp_text(v: int) -> str:
    if v > 0:
        return f"USA +{v}"
    if v < 0:
        return f"USSR +{-v}"
    return "0"


def _inside(rect, lp) -> bool:
    x, y, w, h = rect
    return x <= lp[0] < x + w and y <= lp[1] < y + h


class PileScene(Scene):
    """The discard pile or the removed cards, face up (public), over the map; any input closes."""
    opaque = False
    name = "struggle_pile"

    def __init__(self, app, owner, title, cards):
        super().__init__(app)
        self.owner, self.title, self.cards = owner, title, cards
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
            self.handle_action(type("A", (), {"name": "down" if button < 0 else "up"})())
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
            rect = (22 + col * 104, 80 + row * 150, 96, 136)
            self.owner._card(surf, c, rect, face_up=self.owner.may_show(c))
        text(surf, "Wheel or arrows: more · any other key or click: close", L.font(16), MUTED,
             L.p(640, 700), "center")
