"""Where every card of the Squabble table belongs (hands, slots, piles), given the displayed
state and the picks a person has staged, and the sprites sliding there."""

from __future__ import annotations

from squabble.framework.cards import CardSprite
from squabble.framework.turnflow import HUMAN
from squabble.framework.widgets import fan
from squabble.games.squabble.cards import SIDES
from squabble.ui.squabble.layout import (
    BOP_X, BOT_SLOT_Y, DECK_X, DISC_X, HAND_CARD, HAND_Y, PILE, SLOT_CARD, SPACE_X, TOP_CARD,
    TOP_HAND_Y, TOP_SLOT_Y, side_row)


class Zones:
    """The cards' places on ``model``'s table, with ``staging``'s picks (choose.Staging)."""

    def __init__(self, model, staging):
        self.model = model
        self.staging = staging

    def zone_rects(self) -> dict[str, tuple]:
        m = self.model
        d = m.display
        out = {}
        dec = self.staging.shown_decision()
        staging_side = dec["player"] if dec else None
        stage = self.staging.stage
        staged = self.staging.staged_cards()
        for side in SIDES:
            row = side_row(m.bottom, side)
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
                if row == "bottom" and m.hover == c and m.flow.phase == HUMAN:
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

    def layout_sprites(self, snap=False):
        m = self.model
        rects = self.zone_rects()
        dur = 0 if snap else m.dur(0.38)
        for cid, r in rects.items():
            sp = m.sprites.get(cid)
            if sp is None:
                sp = m.sprites[cid] = CardSprite(cid)
                sp.place(r, 0, snap=True)
            else:
                sp.place(r, dur, snap=snap or dur == 0)

    def card_at(self, lp):
        m = self.model
        for cid, sp in sorted(m.sprites.items(), key=lambda kv: -kv[1].rect[1]):
            x, y, w, h = sp.rect
            if m.zone_of(cid) != "deck" and x <= lp[0] < x + w and y <= lp[1] < y + h:
                return cid
        return None
