"""Animated moments of a Struggle game, explained with their numbers (from LogLine data).

``moment_for(beat)`` turns one beat into a ``Moment`` (title, lines of plain-words arithmetic, dice
to roll, cards to show) or None when the beat needs no pause.  ``draw_moment`` draws it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import panel
from squabble.games.struggle.data import CARDS
from squabble.games.struggle.query import defcon_closed_regions

SIDE_COL = {"USA": (70, 130, 235), "USSR": (235, 85, 80)}
GOLD = (240, 196, 72)
TEXT = (236, 232, 220)
MUTED = (160, 162, 174)



def defcon_words(level: int, options: dict | None = None) -> str:
    """What DEFCON ``level`` closes to coups and realignments, in words (rewrite 2.1.5; the
    engine's rule: query.defcon_closed_regions).  With the designer realignment rule in
    ``options`` realignments ignore DEFCON's regions, so only coups are closed there."""
    if level <= 1:
        return "nuclear war: the phasing side loses"
    closed = [("the " if r == "Middle East" else "") + r for r in defcon_closed_regions(level)]
    if not closed:
        return "nothing is closed"
    names = closed[0] if len(closed) == 1 else ", ".join(closed[:-1]) + " and " + closed[-1]
    if (options or {}).get("designer_realignment"):
        return f"no coups in {names}; realignments anywhere"
    return f"{names} {'is' if len(closed) == 1 else 'are'} closed to coups and realignments"


@dataclass
class Moment:
    kind: str
    title: str
    lines: list
    colour: tuple = GOLD
    dice: list = field(default_factory=list)     # [(value, colour)]
    cards: list = field(default_factory=list)    # card numbers shown (a reveal: face up to all)
    duration: float = 1.6
    t: float = 0.0
    sound: str = ""


def _name(n) -> str:
    return CARDS[n]["name"] if isinstance(n, int) and n in CARDS else str(n)


def moment_for(kind: str, data: dict, text_line: str,
               options: dict | None = None) -> Moment | None:
    """``options``: the game's options (its state's ``options``), for what they change in the
    words (the designer realignment rule opens every region to realignments)."""
    d = data
    if kind == "coup":
        mod = d.get("mod", 0)
        raw = d["die"] + d["ops"] + mod - 2 * d["stability"]     # the sum, before "at least 0"
        calc = (f"die {d['die']} + {d['ops']} ops" + (f" {mod:+d} modifier" if mod else "")
                + f" − 2 × {d['stability']} stability = {d.get('sum', raw)}".replace("= -", "= −"))
        if d["result"] > 0:
            res = (f"{d['removed']} {d['enemy']} influence removed"
                   + (f", {d['placed']} {d['side']} influence placed" if d["placed"] else ""))
        else:
            res = "The coup fails: nothing changes."
        return Moment("coup", f"{d['side']} coup in {d['country']}", [calc, res],
                      SIDE_COL[d["side"]], dice=[(d["die"], SIDE_COL[d["side"]])], duration=2.2,
                      sound="boom" if d["result"] else "deny")
    if kind == "realign":
        s, e = d["side"], d["enemy"]
        calc = (f"{s}: die {d['die']} + {d['total'] - d['die']} = {d['total']}    "
                f"{e}: die {d['enemy_die']} + {d['enemy_total'] - d['enemy_die']} = "
                f"{d['enemy_total']}")
        res = (f"{d['removed']} {d['loser']} influence removed" if d.get("removed")
               else "A tie or nothing to remove: no change.")
        return Moment("realign", f"{s} realigns {d['country']}",
                      [calc, "(+1 for each adjacent country you control, +1 for more influence "
                             "there)", res], SIDE_COL[s],
                      dice=[(d["die"], SIDE_COL[s]), (d["enemy_die"], SIDE_COL[e])], duration=2.0,
                      sound="counter")
    if kind == "space":
        ok = "success: the marker advances" if d["success"] else "failure"
        return Moment("space", f"{d['side']} Space Race attempt",
                      [f"{d['box']}: needs a roll of 1–{d['need']}",
                       f"Rolled {d['die']}: {ok}."], SIDE_COL[d["side"]],
                      dice=[(d["die"], SIDE_COL[d["side"]])], duration=1.8, sound="rocket")
    if kind == "space_advance":
        return Moment("space", f"{d['side']} reaches {d['box']}",
                      [f"Space Race box {d['position']}" + (f": +{d['vp']} VP" if d["vp"] else "")],
                      SIDE_COL[d["side"]], duration=1.2, sound="rocket")
    if kind == "score":
        lv = d.get("levels") or {}
        net = d["usa"] - d["ussr"]
        who = "USA" if net > 0 else "USSR"
        title = "Final scoring" if d["region"] == "final" else f"{d['region']} scored"
        lines = [f"USA {d['usa']}" + (f" ({lv.get('USA') or 'nothing'})" if lv else "")
                 + f"   ·   USSR {d['ussr']}" + (f" ({lv.get('USSR') or 'nothing'})" if lv else ""),
                 f"Net: {abs(net)} VP to the {who}" if net else "Net: no VP change"]
        if d["region"] != "final":
            lines.append("Each side: its level's points + 1 per battleground it controls + 1 per "
                         "country it controls next to the enemy superpower.")
        if d.get("europe_control"):
            lines.append(f"The {d['europe_control']} controls Europe and wins the game.")
        return Moment("score", title, lines, GOLD, duration=2.4, sound="banner")
    if kind == "defcon":
        lvl = d["defcon"]
        before = d.get("before")
        worse = before is None or lvl < before
        if isinstance(d.get("card"), int):
            why = f"Because of {_name(d['card'])}."
        elif d.get("why"):
            why = f"Because of a {d['why']}" + (f" ({d['country']})" if d.get("country") else "") + "."
        else:
            why = ""
        return Moment("defcon", f"DEFCON {'drops' if worse else 'improves'} to {lvl}",
                      ([why] if why else []) + [f"At DEFCON {lvl}: {defcon_words(lvl, options)}."],
                      (230, 120, 40) if worse else (120, 200, 120), duration=1.8, sound="banner")
    if kind == "draw":
        if d.get("why") == "deal":
            drawn = d.get("drawn") or {}
            lines = [f"USSR draws {drawn.get('USSR', 0)}, USA draws {drawn.get('USA', 0)}: "
                     f"each hand is filled to {d.get('hand_size', 8)} cards."]
            if d.get("reshuffled"):
                lines.append("The draw pile ran out: the discard pile was shuffled into it.")
            lines.append(f"{d.get('deck', 0)} cards are left in the draw pile.")
            return Moment("draw", f"Turn {d.get('turn', '')}: new cards dealt", lines, GOLD,
                          duration=1.4, sound="flip")
        if d.get("side") in SIDE_COL and d.get("n"):
            return Moment("draw", f"The {d['side']} draws {d['n']} card"
                          + ("" if d["n"] == 1 else "s"), [text_line], SIDE_COL[d["side"]],
                          duration=1.4, sound="flip")
        return None
    if kind == "headline":
        cards = d.get("cards") or {}
        return Moment("headline", "Headlines revealed",
                      [f"{s}: {_name(c)}" for s, c in cards.items()], GOLD,
                      cards=list(cards.values()), duration=2.2, sound="flip")
    if kind == "reveal":
        return Moment("reveal", "Revealed", [text_line], GOLD, cards=list(d.get("cards", [])),
                      duration=1.8, sound="flip")
    if kind == "held_cards":  # the reveal_held_cards option: public, like every reveal
        held = d.get("cards") or {}
        return Moment("reveal", "Held cards revealed", [text_line], GOLD,
                      cards=list(held.get("USA", [])) + list(held.get("USSR", [])),
                      duration=2.2, sound="flip")
    if kind == "vp" and (d.get("usa") or d.get("ussr")):
        return Moment("vp", "Military Operations penalties",
                      [f"DEFCON {d['defcon']}: each side needed {d['defcon']} MilOps",
                       f"USA +{d['usa']} VP, USSR +{d['ussr']} VP"], GOLD, duration=1.8)
    if kind == "vp_change" and d.get("side") in SIDE_COL and d.get("vp"):
        # an event's VP (ledger.py): who gains how many, and why
        return Moment("vp", f"The {d['side']} gains {d['vp']} VP", [text_line],
                      SIDE_COL[d["side"]], duration=1.4, sound="banner")
    if kind == "turn":
        return Moment("turn", f"Turn {d['turn']} begins",
                      [f"DEFCON improves to {d['defcon']}."], GOLD,
                      duration=1.2, sound="banner")
    return None


def coup_first(beats: list) -> list:
    """The beats in the order a person follows them: a coup in a battleground lowers DEFCON
    before its die is rolled (the engine logs the drop first), but the window shows the coup
    first, with DEFCON still at its old level, then the drop (with the state after both)."""
    out = list(beats)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        if a.kind == "defcon" and b.kind == "coup" and a.data.get("country") \
                and a.data.get("country") == b.data.get("country"):
            before = a.data.get("before", a.state.get("defcon"))
            out[i] = type(b)(b.line, dict(b.state, defcon=before), b.kind, b.data)
            out[i + 1] = type(a)(a.line, b.state, a.kind, a.data)
            for new, old in ((out[i], b), (out[i + 1], a)):   # who decided it, if noted
                new.__dict__.update({k: v for k, v in vars(old).items()
                                     if k not in new.__dict__})
    return out


def _die(surf, L, center, size, value, colour):
    r = pygame.Rect(0, 0, L.s(size), L.s(size))
    r.center = L.p(*center)
    pygame.draw.rect(surf, (250, 248, 240), r, border_radius=L.s(size * 0.18))
    pygame.draw.rect(surf, colour, r, max(2, L.s(4)), border_radius=L.s(size * 0.18))
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    for dx, dy in pips.get(value, []):
        pygame.draw.circle(surf, (30, 30, 36), (r.centerx + dx * r.w * 0.27, r.centery + dy * r.h * 0.27),
                           max(2, r.w // 11))


def draw_moment(surf, L, m: Moment, render_card=None):
    """A centred panel: title, dice (rolling, then settling), the arithmetic and the result."""
    x, y, w, h = 290, 150, 700, 300
    panel(surf, L, (x, y, w, h), colour=(20, 24, 36), edge=m.colour, alpha=255)
    text(surf, m.title, fit_font(L, m.title, w - 40, 40, bold=True), m.colour,
         L.p(x + w / 2, y + 36), "center", shadow=(0, 0, 0))
    cy = y + 110
    if m.dice:
        rolling = m.t < 0.6 * min(1.0, m.duration / 1.6)
        n = len(m.dice)
        for i, (v, col) in enumerate(m.dice):
            cx = x + w / 2 + (i - (n - 1) / 2) * 110
            face = random.Random(int(m.t * 14) * 7 + i).randint(1, 6) if rolling else v
            wob = math.sin(m.t * 40 + i) * 6 if rolling else 0
            _die(surf, L, (cx, cy + wob), 70, face, col)
        ty = y + 160
    elif m.cards and render_card is not None:
        n = len(m.cards)
        for i, c in enumerate(m.cards):
            cx = x + w / 2 + (i - (n - 1) / 2) * 110
            render_card(surf, c, (cx - 50, y + 56, 100, 140))   # (titles at 12 px or more)
        ty = y + 206
    else:
        ty = y + 80
    for ln in m.lines:
        f = fit_font(L, ln, w - 40, 24)
        text(surf, ln, f, TEXT, L.p(x + w / 2, ty), "center")
        ty += 32
    text_block(surf, "Enter, click or A to continue", L.font(16), MUTED,
               L.r(x, y + h - 28, w, 20), align="center")

