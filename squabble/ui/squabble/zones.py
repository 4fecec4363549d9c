"""Where every card of the Squabble table belongs (hands, slots, piles) and the motion of the
sprites, tokens, banners and moments from one frame to the next."""

from __future__ import annotations

from squabble.framework.cards import CardSprite
from squabble.framework.widgets import fan
from squabble.games.squabble.cards import CARDS, SIDES
from squabble.ui.squabble.layout import (
    BOP_X, BOT_SLOT_Y, DECK_X, DISC_X, HAND_CARD, HAND_Y, PILE, SLOT_CARD, SPACE_X, TOP_CARD,
    TOP_HAND_Y, TOP_SLOT_Y, side_row)


class ZonesMixin:
    """Part of TableScene (squabble.ui.squabble.table)."""

    # ---- zones: where every card belongs ------------------------------------------------------
    def zone_rects(self) -> dict[str, tuple]:
        d = self.display
        out = {}
        dec = self.deciding
        staging_side = dec["player"] if dec else None
        stage = self.stage
        staged = self.staged_cards()
        for side in SIDES:
            row = side_row(self.bottom, side)
            # the fan is laid out over the whole hand, staged cards included, so the cards left
            # in hand keep their places (and numbers) while a choice is being staged
            hand = list(d["hands"][side])
            if row == "bottom":
                rects = fan(len(hand), 500, HAND_Y, *HAND_CARD, 960)
            else:
                rects = fan(len(hand), 500, TOP_HAND_Y, *TOP_CARD, 560)
            for c, r in zip(hand, rects):
                if side == staging_side and c in staged:
                    continue
                if row == "bottom" and self.hover == c and self.mode == "human":
                    r = (r[0], r[1] - 14, r[2], r[3])
                out[c] = r
            sy = TOP_SLOT_Y if row == "top" else BOT_SLOT_Y
            slot = d["slots"][side]
            bop, space = slot["bop"], slot["space"]
            if side == staging_side and dec["kind"] == "play":
                bop, space = stage["bop"], stage["space"]
            if side == staging_side and dec["kind"] == "replace":
                bop = stage["bop"]
            if bop:
                out[bop] = (BOP_X - SLOT_CARD[0] / 2, sy, *SLOT_CARD)
            if space:
                out[space] = (SPACE_X - SLOT_CARD[0] / 2, sy, *SLOT_CARD)
            if side == staging_side and dec["kind"] == "counter" and stage["counter"]:
                # the chosen counter card stands beside the opponent's Balance of Power card
                oy = TOP_SLOT_Y if row == "bottom" else BOT_SLOT_Y
                out[stage["counter"]] = (BOP_X + SLOT_CARD[0] / 2 + 14, oy, *SLOT_CARD)
            for c in d["discards"][side]:
                out[c] = (DISC_X, sy, *PILE)
            for c in d["decks"][side]:
                out[c] = (DECK_X, sy, *PILE)
        return out

    def zone_of(self, cid: str) -> str:
        d = self.display
        side = CARDS[cid].side
        if cid in d["decks"][side]:
            return "deck"
        if cid in d["discards"][side]:
            return "discard"
        return "table"

    def _layout_sprites(self, snap=False):
        rects = self.zone_rects()
        dur = 0 if snap else self.dur(0.38)
        for cid, r in rects.items():
            sp = self.sprites.get(cid)
            if sp is None:
                sp = self.sprites[cid] = CardSprite(cid)
                sp.place(r, 0, snap=True)
            else:
                sp.place(r, dur, snap=snap or dur == 0)

    def _animate(self, dt):
        for sp in self.sprites.values():
            sp.update(dt)
        if self.speed == 0:
            self.bop.set(self.display["bop"], snap=True)
            for s in SIDES:
                self.space[s].set(self.display["space"][s], snap=True)
        else:
            self.bop.step_time = 0.32 * self.speed
            self.bop.set(self.display["bop"])
            if self.bop.update(dt):
                self.sound("step")
            for s in SIDES:
                self.space[s].step_time = 0.4 * self.speed
                self.space[s].set(self.display["space"][s])
                self.space[s].update(dt)
        if self.banner:
            self.banner[2] += dt
            if self.banner[2] >= self.banner[3]:
                self.banner = None
        if self.moment:
            self.moment["t"] += dt
            if self.moment["t"] >= self.moment["len"]:
                self.moment = None
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)
        if self.flights:
            for f in self.flights:
                f["t"] += dt
            done = [f for f in self.flights if f["t"] >= f["len"]]
            if done:
                self.sound("token")
                self.flights = [f for f in self.flights if f["t"] < f["len"]]

