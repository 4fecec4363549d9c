"""Drawing the Squabble table: tracks, sides, cards, tokens, prompt, log, zoom, moments, cloud.

``TableDrawer`` draws what it is given: the table's model, the staged picks, the chooser's
buttons and focus, the explainer's words and previews, the guide's hint.  It decides nothing and
changes nothing but its own cache of rarely-changing layers."""

from __future__ import annotations

import math

import pygame

from squabble.framework.cards import draw_card, draw_space_symbol
from squabble.framework.layout import fit_font, text, text_block, wrap
from squabble.framework.turnflow import BEATS, THINKING
from squabble.framework import linebanner
from squabble.framework.widgets import TrackSpace, draw_track, panel, token
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, ERA_YEARS, EVENTS, SIDES
from squabble.ui import theme as T
from squabble.ui.squabble import faces as F
from squabble.ui.squabble.beats import slot_token_pos
from squabble.ui.squabble.choose import BY
from squabble.ui.squabble.layout import (
    BOP_TRACK, BOP_X, BOT_SLOT_Y, CONTROLS, DECK_X, DISC_X, EVENT_RECT, LEADER, PILE, RIGHT,
    SLOT_CARD, SPACE_TRACK, SPACE_X, TOP_SLOT_Y, TRACK_Y, ZOOM, ZOOM_PANEL, plain, side_row,
    track_rects)
from squabble.ui.squabble.moments import draw_banner, draw_cloud, draw_moment


class TableDrawer:
    """Draws ``model``'s table with ``staging``'s picks, ``chooser``'s buttons and focus,
    ``explain``'s words and previews and ``guide``'s hint."""

    def __init__(self, model, staging, chooser, explain, guide):
        self.model = model
        self.staging = staging
        self.chooser = chooser
        self.explain = explain
        self.guide = guide
        self.app = model.app
        self._layers: dict = {}

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surf):
        L = self.app.layout
        m = self.model
        bg = self._layers.get("bg")
        if bg is None or bg[0] != L.size:
            img = pygame.Surface(L.size).convert()
            img.fill(T.BG)
            felt = L.r(8, 40, 990, 676)
            pygame.draw.rect(img, T.FELT, felt, border_radius=L.s(14))
            pygame.draw.rect(img, T.FELT_EDGE, felt, max(1, L.s(2)), border_radius=L.s(14))
            bg = self._layers["bg"] = (L.size, img)
        surf.blit(bg[1], (0, 0))
        d = self.model.display
        self._draw_topbar(surf, d)
        self._draw_tracks(surf, d)
        self._draw_side_info(surf, d)
        self._draw_event(surf, d)
        self._draw_cards(surf, d)
        self._draw_slot_tokens(surf, d)
        self._draw_previews(surf, d)
        self._draw_flights(surf)
        self._draw_prompt(surf, d)
        target = self.chooser.enter_target() if self.model.deciding else None
        for b in self.model.buttons:
            b.draw(surf, L, focused=b is target)
        self._draw_focus(surf)
        if not m.moment and m.cloud_t is None:
            self.guide.draw(surf, L)
        self._draw_right(surf, d)
        self._draw_zoom(surf)
        draw_banner(surf, L, m)
        draw_moment(surf, L, m, d)
        draw_cloud(surf, L, m)
        self._draw_tip(surf)
        linebanner.draw_banner(surf, L, m.flow, m.t, clock_x=830, centre_x=503)   # the line, the clocks (online)
        if m.shake > 0 and m.speed > 0:   # counters and the cloud shake the table
            amp = max(1, L.s(7 * min(1.0, m.shake / 0.3)))
            k = int(m.t * 60)
            surf.scroll((k * 7919) % (2 * amp + 1) - amp, (k * 104729) % (2 * amp + 1) - amp)

    def _draw_topbar(self, surf, d):
        self._layer(surf, "top", (d["era"], self.model.shown_phase, d["event"], self.model.demo),
                    (0, 0, 1280, 40), lambda tmp: self._draw_topbar_now(tmp, d))

    def _draw_topbar_now(self, surf, d):
        L = self.app.layout
        pygame.draw.rect(surf, (10, 12, 20), L.r(0, 0, 1280, 40))
        era = d["era"]
        text(surf, f"Era {era} of 5 · {ERA_YEARS[era]}", L.font(26, True), T.GOLD, L.p(14, 20),
             "midleft")
        ph = self.model.shown_phase
        text(surf, f"Phase {ph} · {E.PHASE_NAMES[ph]}", L.font(26, True), T.TEXT, L.p(560, 20),
             "center")
        ev = d["event"]
        if ev:
            text(surf, f"Event: {EVENTS[ev].name}", fit_font(L, f"Event: {EVENTS[ev].name}", 250,
                                                             20), (200, 170, 240),
                 L.p(1000, 20), "midright")
        if self.model.demo:
            text(surf, "ATTRACT MODE — press any key", L.font(20, True), T.GOLD,
                 L.p(1268, 20), "midright")
        else:
            text(surf, "F1 rules · Esc menu", L.font(18), T.MUTED, L.p(1268, 20), "midright")

    def _bop_spaces(self):
        us, ru = T.SIDE["USA"], T.SIDE["USSR"]
        pu, pr = (T.PATTERN["USA"], T.PATTERN["USSR"]) if self.model.cb else ("", "")
        mu, mr = (T.MARK["USA"], T.MARK["USSR"]) if self.model.cb else ("", "")
        return [TrackSpace("CLOUD", (40, 70, 150), "America wins", pu, mu),
                TrackSpace("2", ru, "Russia", pr, mr), TrackSpace("3", ru, "Russia", pr, mr),
                TrackSpace("4", ru, "Russia", pr, mr),
                TrackSpace("5", T.NEUTRAL, "DEFCON", "", ""),
                TrackSpace("4", us, "America", pu, mu), TrackSpace("3", us, "America", pu, mu),
                TrackSpace("2", us, "America", pu, mu),
                TrackSpace("CLOUD", (150, 40, 40), "Russia wins", pr, mr)]

    def _layer(self, surf, name, key, rect, fn):
        """Draw a rarely-changing region once into a cached surface; blit it each frame."""
        L = self.app.layout
        pr = L.r(rect).clip(surf.get_rect())
        full = (key, L.size, L.text_scale, self.model.cb)
        c = self._layers.get(name)
        if c is None or c[0] != full:
            tmp = pygame.Surface(L.size, pygame.SRCALPHA)
            fn(tmp)
            c = (full, tmp.subsurface(pr).copy().convert_alpha(), pr.topleft)
            self._layers[name] = c
        surf.blit(c[1], c[2])

    def _draw_tracks_static(self, surf, d):
        L = self.app.layout
        text(surf, "BALANCE OF POWER", L.font(17, True), T.TEXT,
             L.p(BOP_TRACK[0] + 4, TRACK_Y + 4))
        rects = draw_track(surf, L, BOP_TRACK, self._bop_spaces())
        for i in (0, 8):
            x, y, w, h = rects[i]
            self._mini_cloud(surf, (x + w / 2, y + h * 0.52), w * 0.32)
        text(surf, "SPACE RACE", L.font(17, True), T.TEXT, L.p(SPACE_TRACK[0] + 4, TRACK_Y + 4))
        sub = ["", "+1 token", "shift BoP", "", "", ""]
        spaces = [TrackSpace("Start" if i == 0 else str(i), (60, 66, 90) if i else (44, 48, 62),
                             sub[i]) for i in range(6)]
        draw_track(surf, L, SPACE_TRACK, spaces)
        # leader card
        lr = L.r(LEADER)
        holder = d["leader"]
        col = T.SIDE[holder] if holder else (70, 70, 80)
        pygame.draw.rect(surf, col, lr, border_radius=L.s(8))
        pygame.draw.rect(surf, T.GOLD, lr, max(1, L.s(2)), border_radius=L.s(8))
        draw_space_symbol(surf, L.p(LEADER[0] + LEADER[2] / 2, LEADER[1] + 30), L.s(17))
        text(surf, "LEADER", L.font(16, True), T.TEXT,
             L.p(LEADER[0] + LEADER[2] / 2, LEADER[1] + 60), "center")
        text(surf, F.NAME[holder] if holder else "nobody", L.font(17, True), T.TEXT,
             L.p(LEADER[0] + LEADER[2] / 2, LEADER[1] + 82), "center")

    def _draw_tracks(self, surf, d):
        L = self.app.layout
        self._layer(surf, "tracks", d["leader"], (BOP_TRACK[0], TRACK_Y, 990 - BOP_TRACK[0],
                                                  LEADER[1] + LEADER[3] + 4 - TRACK_Y),
                    lambda tmp: self._draw_tracks_static(tmp, d))
        rects = track_rects(BOP_TRACK, 9)
        pos = self.model.bop.shown if self.model.speed > 0 else d["bop"]
        i = pos + 4
        x0 = rects[0][0] + rects[0][2] / 2
        step = rects[1][0] - rects[0][0]
        cx = x0 + step * i
        bop = self.model.bop
        hop = abs(math.sin(math.pi * (bop.pos - math.floor(bop.pos)))) * 10 if bop.moving else 0
        token(surf, L, (cx, BOP_TRACK[1] + BOP_TRACK[3] / 2 - hop + 8), 15, (245, 245, 240),
              ring=(30, 30, 30))
        text(surf, "BoP", L.font(14, True), (20, 20, 20),
             L.p(cx, BOP_TRACK[1] + BOP_TRACK[3] / 2 - hop + 8), "center")
        srects = track_rects(SPACE_TRACK, 6)
        for side, dx in (("USA", -12), ("USSR", 12)):
            p = self.model.space[side].shown if self.model.speed > 0 else d["space"][side]
            x0 = srects[0][0] + srects[0][2] / 2
            stp = srects[1][0] - srects[0][0]
            lift = 0
            if self.model.space[side].moving:
                lift = abs(math.sin(math.pi * (self.model.space[side].pos % 1))) * 12
            token(surf, L, (x0 + stp * p + dx, SPACE_TRACK[1] + SPACE_TRACK[3] / 2 + 4 - lift), 11,
                  T.SIDE[side], pattern_mark=T.MARK[side])

    def _mini_cloud(self, surf, c, r):
        L = self.app.layout
        col = (235, 225, 210)
        cx, cy = c
        pygame.draw.rect(surf, col, L.r(cx - r * 0.18, cy - r * 0.1, r * 0.36, r * 0.9))
        for dx, dy, rr in ((-0.45, -0.35, 0.45), (0.45, -0.35, 0.45), (0, -0.6, 0.55)):
            pygame.draw.circle(surf, col, L.p(cx + dx * r, cy + dy * r), L.s(rr * r))

    def _draw_side_info(self, surf, d):
        L = self.app.layout
        for side in SIDES:
            row = side_row(self.model.bottom, side)
            sy = TOP_SLOT_Y if row == "top" else BOT_SLOT_Y
            # piles
            deck = d["decks"][side]
            if deck:
                for k in range(min(3, (len(deck) + 2) // 3)):
                    draw_card(surf, L, None, (DECK_X - k * 2, sy - k * 2, *PILE), face_up=False,
                              back=T.card_back(side, self.model.cb))
            else:
                pygame.draw.rect(surf, (30, 60, 54), L.r(DECK_X, sy, *PILE),
                                 max(1, L.s(1)), border_radius=L.s(6))
            text(surf, f"Deck {len(deck)}", L.font(15), T.MUTED,
                 L.p(DECK_X + PILE[0] / 2, sy + PILE[1] + 8), "center")
            text(surf, f"Discards {len(d['discards'][side])}", L.font(15), T.MUTED,
                 L.p(DISC_X + PILE[0] / 2, sy + PILE[1] + 8), "center")
            if not d["discards"][side]:
                pygame.draw.rect(surf, (30, 60, 54), L.r(DISC_X, sy, *PILE),
                                 max(1, L.s(1)), border_radius=L.s(6))
            # who and tokens
            who = self._who(side)
            avail = d["tokens"][side]
            ty = sy + PILE[1] + 24
            # (between the piles and the played cards: a slot that cannot grow)
            name = f"{F.NAME[side]} {who}"
            text(surf, name, fit_font(L, name, 222 - DECK_X, 17, True, max_h=16),
                 T.SIDE_LIGHT[side], L.p(DECK_X, ty), "midleft")
            text(surf, "Tokens:", fit_font(L, "Tokens:", 56, 15, max_h=15), T.TEXT,
                 L.p(DECK_X, ty + 16), "midleft")
            avail -= self.model.in_flight((side, "tray"))
            dec = self.staging.shown_decision()
            stage = self.staging.stage
            if dec and dec["kind"] == "tokens" and dec["player"] == side and "bop_t" in stage:
                avail -= stage["bop_t"] + stage["space_t"]   # staged: on the cards
            for k in range(max(E.token_cap(d), avail)):   # places a side may hold (Oil Embargo: 2)
                if k < avail:
                    token(surf, L, (DECK_X + 62 + k * 20, ty + 16), 8, T.SIDE[side],
                          pattern_mark=T.MARK[side] if self.model.cb else "")
                else:
                    pygame.draw.circle(surf, (60, 90, 84), L.p(DECK_X + 62 + k * 20, ty + 16),
                                       L.s(8), max(1, L.s(1)))
            flow = self.model.flow
            if side_row(self.model.bottom, side) == "top" and flow.phase == THINKING and \
                    flow.thinker is not None and flow.thinker.elapsed > 0.2:
                dots = "." * (1 + int(self.model.t * 3) % 3)
                words = self.model.flow.waiting_words(self.model.t) or \
                    f"thinking{dots}"
                text(surf, words, L.font(20, True), T.GOLD,
                     L.p(330, TOP_SLOT_Y + 12), "midleft")
                ang = self.model.t * 6
                c = L.p(318, TOP_SLOT_Y + 12)
                pygame.draw.arc(surf, T.GOLD, pygame.Rect(c[0] - L.s(8), c[1] - L.s(8),
                                                          L.s(16), L.s(16)), ang, ang + 4.2,
                                max(1, L.s(3)))

    def _who(self, side):
        s = self.model.session
        if s.mode == "demo":
            return "(computer)"
        if s.controller(side) == "computer":
            return f"(computer, {s.setup.get('level', 'normal')})"
        if s.mode == "hotseat":
            return "(player 1)" if side == s.setup["human"] else "(player 2)"
        words = getattr(s, "seat_words", None)   # (online: you, your friend, watched)
        return words(side) if words is not None else "(you)"

    def _draw_event(self, surf, d):
        L = self.app.layout
        ev = d["event"]
        x, y = EVENT_RECT[0], EVENT_RECT[1]
        if not d["options"]["events"]:
            return
        if ev:
            draw_card(surf, L, F.event_face(ev), (x, y, 80, 112), face_up=True)
        left = len(d["event_deck"])
        text(surf, f"Events left {left}", L.font(14), T.MUTED, L.p(x + 40, y + 124), "center")

    def _sprite_order(self, d):
        order = []
        for side in SIDES:
            disc = d["discards"][side]
            for c in disc[-2:]:
                order.append(c)
            for c in disc[:-2]:
                if self.model.sprites.get(c) and self.model.sprites[c].motion.moving:
                    order.append(c)
        for side in SIDES:
            for c in d["decks"][side]:
                sp = self.model.sprites.get(c)
                if sp and sp.motion.moving:
                    order.append(c)
        slots = []
        hands = []
        for side in SIDES:
            sl = d["slots"][side]
            slots += [c for c in (sl["bop"], sl["space"]) if c]
            hands += list(d["hands"][side])
        rest = slots + hands
        sprites = self.model.sprites
        rest.sort(key=lambda c: (sprites[c].motion.moving if c in sprites else 0,
                                 sprites[c].rect[0] if c in sprites else 0))
        return order + rest

    def _draw_cards(self, surf, d):
        L = self.app.layout
        dec = self.model.deciding
        legal = self.explain.legal_cards(dec) if dec else None
        staged = self.staging.staged_cards()
        sending = self.staging.sent() is not None
        for cid in self._sprite_order(d):
            sp = self.model.sprites.get(cid)
            if sp is None:
                continue
            side = CARDS[cid].side
            zone = self.model.zone_of(cid)
            allowed = zone != "deck" and self.model.face_allowed(cid)
            up, scale = sp.face_for(allowed, self.model.dur(0.3))
            highlight = None
            dim = False
            if legal is not None and side == dec["player"] and cid in d["hands"][side] and \
                    zone == "table":
                if cid in legal:
                    highlight = T.LEGAL
                else:
                    dim = True
            if cid in staged:
                highlight = T.GOLD
            draw_card(surf, L, F.card_face(cid, self.model.cb), sp.rect, face_up=up,
                      back=T.card_back(side, self.model.cb), flip=scale, highlight=highlight,
                      dim=dim)
            if highlight == T.LEGAL:     # (a shape as well: green and gold look alike to many)
                self._legal_mark(surf, sp.rect)
            if cid in staged and sending:
                self._sending_mark(surf, sp.rect)
        # number keys: a small badge over each card of the deciding hand
        if dec and dec["player"] == self.model.bottom and self.model.session.is_private(dec):
            f = L.font(16, True)
            for n, cid in enumerate(self.chooser.hand_index_cards()[:9], start=1):
                x, y, w, h = self.model.sprites[cid].rect
                c = L.p(x + w / 2, y - 2)
                pygame.draw.circle(surf, (20, 22, 30), c, L.s(10))
                pygame.draw.circle(surf, T.MUTED, c, L.s(10), max(1, L.s(1.5)))
                text(surf, str(n), f, T.TEXT, c, "center")
        # slot labels under empty slots
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.model.bottom, side) == "top" else BOT_SLOT_Y
            for key, cx, lab in (("bop", BOP_X, "Balance of Power card"),
                                 ("space", SPACE_X, "Space Race card")):
                r = (cx - SLOT_CARD[0] / 2, sy, *SLOT_CARD)
                occupied = d["slots"][side][key] is not None
                shown = self.staging.shown_decision()
                if shown and side == shown["player"] and (
                        shown["kind"] == "play" or (shown["kind"] == "replace" and key == "bop")):
                    occupied = bool(self.staging.stage.get(key))
                if not occupied:
                    pr = L.r(r)
                    pygame.draw.rect(surf, (34, 64, 58), pr, border_radius=L.s(8))
                    pygame.draw.rect(surf, (70, 110, 100), pr, max(1, L.s(2)),
                                     border_radius=L.s(8))
                    text_block(surf, lab, L.font(16), (150, 190, 180), pr.inflate(-L.s(10), 0),
                               align="center", valign="center")

    def _draw_flights(self, surf):
        L = self.app.layout
        for f in self.model.flights:
            if f["t"] < 0:
                k = 0.0
            else:
                k = min(1.0, f["t"] / f["len"]) if f["len"] else 1.0
            e = 1 - (1 - k) ** 3
            x = f["a"][0] + (f["b"][0] - f["a"][0]) * e
            y = f["a"][1] + (f["b"][1] - f["a"][1]) * e - math.sin(math.pi * k) * 40
            token(surf, L, (x, y), 10, T.SIDE[f["side"]], pattern_mark=T.MARK[f["side"]])

    def _legal_mark(self, surf, rect):
        """A legal card also carries a shape (a ticked tab on its corner), not only a green
        outline (issue 57: with or without the colour-blind aids)."""
        L = self.app.layout
        x, y, w, h = rect
        c = L.p(x + w - 4, y + 4)
        r = L.s(11)
        pygame.draw.circle(surf, (250, 250, 250), c, r)
        pygame.draw.circle(surf, (20, 20, 20), c, r, max(1, L.s(2)))
        pts = [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.45),
               (c[0] + r * 0.55, c[1] - r * 0.45)]
        pygame.draw.lines(surf, (20, 20, 20), False, pts, max(2, L.s(3)))

    def _draw_tip(self, surf):
        if not self.model.tip:
            return
        L = self.app.layout
        msg, (mx, my) = self.model.tip
        f = L.font(16)
        w = 320
        lines = wrap(msg, f, L.s(w - 16))
        h = len(lines) * f.get_linesize() / L.scale + 12
        x = min(max(4, mx + 14), 1276 - w)
        y = my + 20 if my + 20 + h < 716 else my - h - 10
        panel(surf, L, (x, y, w, h), colour=(24, 24, 34), edge=T.GOLD, alpha=245)
        yy = y + 6
        for ln in lines:
            surf.blit(f.render(ln, True, T.TEXT), L.p(x + 8, yy))
            yy += f.get_linesize() / L.scale

    def _draw_previews(self, surf, d):
        L = self.app.layout
        # how far each cloud is, always (a new player's most needed number)
        b = d["bop"]
        text(surf, f"clouds: < {E.CLOUD + b} · {E.CLOUD - b} >", L.font(17, True), T.GOLD,
             L.p(BOP_TRACK[0] + BOP_TRACK[2], TRACK_Y + 4), "topright")
        proj = self.explain.projected_bop()
        if proj is not None:      # where it lands; "no move" when nothing moves it (a counter)
            rects = track_rects(BOP_TRACK, 9)
            x, ry, w, h = rects[proj + E.CLOUD]
            pr = L.r(x, ry, w, h)
            for k in range(0, int(pr.w), max(4, L.s(8))):   # dashed frame: a pattern, not a hue
                pygame.draw.line(surf, T.GOLD, (pr.x + k, pr.y), (min(pr.right, pr.x + k + L.s(4)),
                                                                 pr.y), max(2, L.s(3)))
                pygame.draw.line(surf, T.GOLD, (pr.x + k, pr.bottom - 1),
                                 (min(pr.right, pr.x + k + L.s(4)), pr.bottom - 1), max(2, L.s(3)))
            cloud = abs(proj) >= E.CLOUD
            lab = "CLOUD!" if cloud else "lands here" if proj != b else "no move"
            text(surf, lab, L.font(14, True), (255, 120, 100) if cloud else T.GOLD,
                 L.p(x + w / 2, ry + h + 8), "center", shadow=(0, 0, 0))
        vals = self.explain.staged_values()
        if vals is not None:
            dec = self.model.deciding
            for slot, cx in (("bop", BOP_X), ("space", SPACE_X)):
                self._value_pill(surf, cx, BOT_SLOT_Y, f"value {vals[slot]}")

    def _draw_slot_tokens(self, surf, d):
        L = self.app.layout
        dec = self.staging.shown_decision()
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.model.bottom, side) == "top" else BOT_SLOT_Y
            sl = d["slots"][side]
            bt, st = sl["bop_tokens"], sl["space_tokens"]
            if dec and dec["kind"] == "tokens" and side == dec["player"]:
                bt, st = self.staging.stage["bop_t"], self.staging.stage["space_t"]
            for n, slot in ((bt, "bop"), (st, "space")):
                for k in range(n - self.model.in_flight((side, slot))):
                    token(surf, L, slot_token_pos(self.model.bottom, side, slot, k, n), 10,
                          T.SIDE[side], pattern_mark=T.MARK[side])
            # values once revealed
            if E.STEP_PHASE.get(d["step"], 10) >= 5 and sl["bop"] and CARDS[sl["bop"]].is_activity:
                self._value_pill(surf, BOP_X, sy, f"= {E.bop_value(d, side)}")

    def _sending_mark(self, surf, rect):
        """A card of a move on its way to the server (online): "sending…" across its foot,
        the dots moving (the line may be down: the card stays where it was played)."""
        L = self.app.layout
        x, y, w, h = rect
        label = "sending" + "." * (1 + int(self.model.t * 3) % 3)
        r = L.r(x + 4, y + h - 30, w - 8, 24)
        pygame.draw.rect(surf, (20, 22, 30), r, border_radius=L.s(6))
        pygame.draw.rect(surf, T.GOLD, r, max(1, L.s(1.5)), border_radius=L.s(6))
        text(surf, label, fit_font(L, "sending...", w - 16, 15, True), T.GOLD, r.center,
             "center")

    def _value_pill(self, surf, cx, sy, label):
        """A value on the top edge of a slot card (over the era band only)."""
        L = self.app.layout
        f = L.font(18, True)
        w = f.size(label)[0] / L.scale + 16
        r = L.r(cx - w / 2, sy - 11, w, 22)
        pygame.draw.rect(surf, (20, 20, 28), r, border_radius=L.s(11))
        pygame.draw.rect(surf, T.GOLD, r, max(1, L.s(2)), border_radius=L.s(11))
        text(surf, label, f, T.GOLD, r.center, "center")

    def _draw_prompt(self, surf, d):
        L = self.app.layout
        dec = self.model.deciding
        box = (330, BOT_SLOT_Y, 380, 48)
        if dec:
            who = F.NAME[dec["player"]]
            msg = self.explain.prompt_text(dec)
            # a slot that cannot grow: the line and two of the sentence above the buttons
            f1 = fit_font(L, f"{who}: {msg[0]}", box[2], 21, True, max_h=20)
            text(surf, f"{who}: {msg[0]}", f1, T.GOLD, L.p(box[0], box[1] + 4))
            y2 = box[1] + 4 + max(20, f1.get_linesize() / L.scale)
            below = L.r(box[0], y2, box[2], BY - 4 - y2)
            s = self.model.session
            if s.mode == "hotseat" and not s.is_private(dec):
                # whose decision, said plainly: a public one is made in the open
                tag = f"{who.upper()} DECIDES · in the open, both players may watch"
                text(surf, tag, fit_font(L, tag, box[2], 15, True), T.SIDE_LIGHT[dec["player"]],
                     L.p(box[0], box[1] - 14), shadow=(0, 0, 0))
            caution = self.explain.staged_caution()
            if caution:   # the engine's warning (red) or risk (amber) of what is staged
                colour = (255, 110, 90) if caution[0] == "warning" else (255, 190, 80)
                text_block(surf, caution[1], L.font(15, True), colour, below)
            elif msg[1]:
                text_block(surf, msg[1], L.font(16), T.TEXT, below)
        elif self.model.flow.phase == THINKING:
            who = F.NAME[self.model.session.decision()["player"]]
            text(surf, self.model.flow.waiting_words(self.model.t)
                 or f"{who} is choosing…", L.font(21, True), T.MUTED, L.p(box[0], box[1] + 4))
        elif self.model.flow.phase == BEATS and self.app.log_lines:
            text_block(surf, plain(self.app.log_lines[-1]), L.font(18), T.TEXT,
                       L.r(box[0], box[1] + 4, box[2], 100))

    def _draw_focus(self, surf):
        L = self.app.layout
        cur = self.model.focus.current
        if not self.model.focus.visible or cur is None or cur.kind == "button":
            return
        r = L.r(cur.rect).inflate(L.s(10), L.s(10))
        pygame.draw.rect(surf, T.FOCUS, r, max(2, L.s(3)), border_radius=L.s(10))

    def _draw_right(self, surf, d):
        sup = tuple(d["tokens"].values()) + tuple(d["slots"][x]["bop_tokens"] +
                                                  d["slots"][x]["space_tokens"] for x in SIDES)
        key = (self.model.shown_phase, len(self.app.log_lines),
               self.app.log_lines[-1] if self.app.log_lines else "", self.model.log_scroll, sup,
               self.app.settings.hints)
        self._layer(surf, "right", key, RIGHT, lambda tmp: self._draw_right_now(tmp, d))

    def _draw_right_now(self, surf, d):
        L = self.app.layout
        panel(surf, L, RIGHT)
        x, y, w, h = RIGHT
        text(surf, "TURN ORDER", L.font(16, True), T.MUTED, L.p(x + 12, y + 8))
        # a row as tall as its text (the player's text size may grow it), each name fitted
        step = max(19, L.font(17).get_linesize() / L.scale)
        for i in range(1, 11):
            cur = i == self.model.shown_phase
            col = T.GOLD if cur else (T.TEXT if i > self.model.shown_phase else T.MUTED)
            fy = y + 26 + (i - 1) * step
            if cur:
                pygame.draw.rect(surf, (70, 60, 30), L.r(x + 6, fy - 2, w - 12, step),
                                 border_radius=L.s(4))
            name = f"{i}. {E.PHASE_NAMES[i]}"
            text(surf, name, fit_font(L, name, w - 24, 17, cur), col, L.p(x + 12, fy))
        ly = y + 36 + 10 * step
        text(surf, "LOG", L.font(16, True), T.MUTED, L.p(x + 12, ly))
        f = L.font(16)
        lines: list[tuple[str, bool]] = []
        src = self.app.log_lines
        for n, ln in enumerate(src[-40:]):
            wrapped = wrap(plain(ln), f, L.s(w - 24))
            for j, wl in enumerate(wrapped):
                lines.append((wl if j == 0 else "  " + wl, n == len(src[-40:]) - 1))
        lh = f.get_linesize()
        avail = max(1, int((L.p(0, y + h - 68)[1] - L.p(0, ly + 18)[1]) / lh))
        start = max(0, len(lines) - avail - self.model.log_scroll)
        yy = L.p(0, ly + 18)[1]
        for wl, last in lines[start:start + avail]:
            surf.blit(f.render(wl, True, T.TEXT if last else (190, 190, 196)), (L.p(x + 12, 0)[0],
                                                                                yy))
            yy += lh
        # (no "token supply" count: by ruling R14 the supply never runs short; only the cap
        # of three held tokens limits a side, and the tray beside each side shows that)
        if self.app.settings.hints:
            text_block(surf, CONTROLS, L.font(14), T.MUTED, L.r(x + 12, y + h - 44, w - 20, 44))

    def _under_pointer(self, cid) -> bool:
        """Is ``cid`` still under the pointer (its lift when hovered counted)?  A card played,
        discarded or moved by the hand's new fan leaves it: its zoom leaves with it."""
        sp, lp = self.model.sprites.get(cid), self.model.mouse
        if sp is None or lp is None:
            return False
        x, y, w, h = sp.rect
        return x <= lp[0] < x + w and y <= lp[1] < y + h + 16

    def _draw_zoom(self, surf):
        L = self.app.layout
        cid = None
        cur = self.model.focus.current
        ev_item = cur is not None and cur.kind == "event" and (self.model.focus.visible or
                                                             self.model.hover_event)
        if ev_item and self.model.display["event"]:
            panel(surf, L, ZOOM_PANEL, alpha=255)
            text(surf, "EVENT IN EFFECT", L.font(16, True), T.MUTED,
                 L.p(ZOOM_PANEL[0] + 12, ZOOM_PANEL[1] + 8))
            draw_card(surf, L, F.event_face(self.model.display["event"]), ZOOM, face_up=True)
            return
        if self.model.focus.visible and cur is not None and cur.kind == "card":
            cid = cur.ref
        elif self.model.hover and self._under_pointer(self.model.hover):
            cid = self.model.hover     # (a card that slid away from the pointer is not zoomed)
        if not cid or cid not in self.model.sprites or self.model.zone_of(cid) == "deck":
            return
        if not self.model.face_allowed(cid):
            return
        panel(surf, L, ZOOM_PANEL, alpha=255)
        text(surf, "ZOOM (hover or focus a card)", L.font(16, True), T.MUTED,
             L.p(ZOOM_PANEL[0] + 12, ZOOM_PANEL[1] + 8))
        draw_card(surf, L, F.card_face(cid, self.model.cb), ZOOM, face_up=True)
