"""The table's big moments drawn over it: the phase banner, the Event, agents, counters and
the Space Race, and the Mushroom Cloud: functions of the table's model (model.TableModel)."""

from __future__ import annotations

import math

import pygame

from squabble.framework.cards import draw_card, draw_space_symbol
from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import panel
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, EVENTS, OTHER, SIDES
from squabble.ui import theme as T
from squabble.ui.squabble import faces as F
from squabble.ui.squabble.game import public_agents
from squabble.ui.squabble.layout import plain


def draw_banner(surf, L, m):
    """The phase banner sliding in and out (not over a moment)."""
    if not m.banner or m.moment:
        return
    txt, col, t, ln = m.banner
    k = t / ln if ln else 1
    slide = 1 - min(1, t / 0.25) if k < 0.5 else max(0, (t - (ln - 0.25)) / 0.25)
    x = 500 + (-1 if k >= 0.5 else 1) * slide * 700
    r = (x - 330, 236, 660, 60)
    panel(surf, L, r, colour=(20, 20, 28), edge=T.GOLD, alpha=235)
    text(surf, txt, fit_font(L, txt, 640, 32, True), col, L.p(x, 266), "center")


def draw_moment(surf, L, model, d):
    """The big moment over the darkened table: agents, a counter, the race, a new Event."""
    m = model.moment
    if not m:
        return
    k = min(1.0, m["t"] / 0.3) if m["len"] else 1.0
    dim = 255 - int(150 * k)   # darken in place: no full-screen surface per frame
    surf.fill((dim, dim, dim), special_flags=pygame.BLEND_RGB_MULT)
    box = (150, 150 + (1 - k) * 40, 700, 380)
    if m["kind"] == "agent":
        panel(surf, L, box, colour=(26, 26, 36), edge=T.GOLD)
        text(surf, "AGENTS REVEALED", L.font(40, True), T.GOLD, L.p(500, box[1] + 36),
             "center")
        shown = [(cid, "played") for cid in sorted(public_agents(d))]
        for side in SIDES:
            seen = d["slots"][OTHER[side]]["space"]
            if d["spied"][side] and seen:
                shown.append((seen, f"{F.NAME[side]} sees"))
        cw = 130 if len(shown) > 2 else 150
        for i, (cid, lab) in enumerate(shown):
            x = 500 - (cw + 16) * len(shown) / 2 + (cw + 16) * i + 8
            draw_card(surf, L, F.card_face(cid, model.cb), (x, box[1] + 76, cw, cw * 1.4),
                      face_up=model.face_allowed(cid), back=T.card_back(CARDS[cid].side))
            text(surf, lab, L.font(18, True), T.SIDE_LIGHT[CARDS[cid].side]
                 if lab == "played" else T.GOLD, L.p(x + cw / 2, box[1] + 66), "center")
        text_block(surf, plain(m["line"]), L.font(22), T.TEXT,
                   L.r(box[0] + 20, box[1] + 292, box[2] - 40, 80), align="center")
    elif m["kind"] == "counter":
        panel(surf, L, box, colour=(40, 20, 20), edge=(255, 120, 90))
        text(surf, "COUNTER ACTIVITY!", L.font(40, True), (255, 150, 120),
             L.p(500, box[1] + 36), "center")
        cards = m.get("cards", [])
        for i, (cid, lab) in enumerate(cards):
            x = 500 - 85 * len(cards) + 170 * i + 10
            k2 = min(1.0, m["t"] / max(0.01, m["len"] * 0.4))
            dx = 0 if lab == "counter" else (1 - k2) * -60
            draw_card(surf, L, F.card_face(cid, model.cb), (x + dx, box[1] + 76, 150, 210),
                      face_up=model.face_allowed(cid), back=T.card_back(CARDS[cid].side),
                      dim=lab == "cancelled" and k2 >= 1)
            text(surf, lab, L.font(20, True), (255, 170, 140) if lab == "cancelled"
                 else T.GOLD, L.p(x + 75, box[1] + 66), "center")
            if lab == "cancelled" and k2 >= 1:
                r = L.r(x, box[1] + 76, 150, 210)
                pygame.draw.line(surf, (255, 90, 70), r.topleft, r.bottomright, L.s(6))
                pygame.draw.line(surf, (255, 90, 70), r.topright, r.bottomleft, L.s(6))
        text_block(surf, plain(m["line"]), L.font(21), T.TEXT,
                   L.r(box[0] + 30, box[1] + 296, box[2] - 60, 80), align="center")
    elif m["kind"] == "race":
        panel(surf, L, box, colour=(16, 20, 40), edge=(140, 180, 255))
        text(surf, "THE SPACE RACE", L.font(40, True), (170, 200, 255),
             L.p(500, box[1] + 36), "center")
        for i, side in enumerate(("USSR", "USA")):
            cid = d["slots"][side]["space"]
            x = 500 - 180 + 210 * i
            if cid:
                draw_card(surf, L, F.card_face(cid, model.cb), (x, box[1] + 66, 150, 210),
                          face_up=model.face_allowed(cid), back=T.card_back(side))
                text(surf, f"{F.NAME[side]}: {E.space_value(d, side)}", L.font(22, True),
                     T.SIDE_LIGHT[side], L.p(x + 75, box[1] + 292), "center")
        w = m.get("winner")
        msg = f"{F.NAME[w]} advances!" if w else "A tie: nobody advances."
        # a little rocket rising for the winner
        if w:
            rk = min(1.0, m["t"] / max(0.01, m["len"] * 0.8))
            rx = 500 - 180 + 210 * (0 if w == "USSR" else 1) + (-24 if w == "USSR" else 174)
            draw_space_symbol(surf, L.p(rx, box[1] + 280 - 210 * rk), L.s(16))
        text(surf, msg, L.font(28, True), T.GOLD, L.p(500, box[1] + 340), "center")
    elif m["kind"] == "event":
        panel(surf, L, box, colour=(30, 20, 44), edge=(200, 170, 240))
        text(surf, "NEW EVENT", L.font(40, True), (210, 180, 250), L.p(500, box[1] + 36),
             "center")
        ev = m["event"]
        if ev:
            draw_card(surf, L, F.event_face(ev), (box[0] + 40, box[1] + 70, 200, 280),
                      face_up=True)
            e = EVENTS[ev]
            text(surf, f"{e.name} ({e.year})", fit_font(L, f"{e.name} ({e.year})", 400, 28,
                                                        True), T.TEXT,
                 L.p(box[0] + 270, box[1] + 90))
            text_block(surf, e.text, L.font(24), T.TEXT,
                       L.r(box[0] + 270, box[1] + 130, 400, 200))


def draw_cloud(surf, L, m):
    """The Mushroom Cloud of a game lost to nuclear war."""
    if m.cloud_t is None:
        return
    t = m.cloud_t / max(0.01, m.speed or 0.01)
    if m.speed == 0:
        t = 4.0
    w, h = surf.get_size()
    k0 = min(1.0, t / 1.5)
    surf.fill((255 - int(170 * k0), 255 - int(215 * k0), 255 - int(225 * k0)),
              special_flags=pygame.BLEND_RGB_MULT)
    flash = max(0.0, 1 - t / 0.6)
    if flash > 0:
        surf.fill((int(255 * flash), int(250 * flash), int(230 * flash)),
                  special_flags=pygame.BLEND_RGB_ADD)
    k = min(1.0, t / 2.5)
    cx, base = 500, 640
    top = base - 420 * k
    fire = (255, 170 - int(80 * k), 60)
    smoke = (200 - int(60 * k), 180 - int(60 * k), 160 - int(50 * k))
    # shockwave
    ring = 60 + 700 * min(1.0, t / 1.8)
    pygame.draw.ellipse(surf, (255, 230, 200), L.r(cx - ring, base - ring * 0.15, ring * 2,
                                                   ring * 0.3), max(1, L.s(4)))
    pygame.draw.rect(surf, smoke, L.r(cx - 30 - 10 * k, top + 60, 60 + 20 * k, base - top - 60))
    for i in range(14):
        a = i / 14 * math.tau + t * 0.8
        rr = 70 + 60 * k
        px = cx + math.cos(a) * rr * 1.4
        py = top + math.sin(a) * rr * 0.5
        pygame.draw.circle(surf, smoke, L.p(px, py), L.s(50 + 25 * k))
    pygame.draw.circle(surf, fire, L.p(cx, top), L.s(80 + 50 * k))
    pygame.draw.circle(surf, (255, 230, 150), L.p(cx, top), L.s(40 + 20 * k))
    if t > 1.5:
        res = m.session.state["result"]
        text(surf, "MUTUALLY ASSURED DESTRUCTION", L.font(46, True), (255, 240, 220),
             L.p(500, 90), "center", shadow=(0, 0, 0))
        text(surf, f"{F.NAME[res['winner']]} wins", L.font(36, True), T.GOLD,
             L.p(500, 140), "center", shadow=(0, 0, 0))
