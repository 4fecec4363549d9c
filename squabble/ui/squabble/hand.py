"""The table's input: keys, gamepads and the mouse turned into picks, button presses and
undo (the choices themselves are in ``choose.py``)."""

from __future__ import annotations

from squabble.games.squabble.cards import CARDS
from squabble.ui.squabble import faces as F
from squabble.ui.squabble.layout import BOP_X, BOT_SLOT_Y, Item, SLOT_CARD, SPACE_X, plural


class HandMixin:
    """Part of TableScene (squabble.ui.squabble.table)."""

    # ---- input ----------------------------------------------------------------------------
    def pad_may_act(self, a) -> bool:
        if a.source != "pad":
            return True
        seats = self.app.pad_seats()
        side = seats.get(a.seat)
        dec = self.deciding
        if self.session.mode == "computer" or side is None or dec is None:
            return True
        return side == dec["player"]

    def handle_action(self, a):
        if self.demo:
            self.app.leave_demo()
            return
        if a.name in ("back", "menu") and not (a.name == "back" and a.source == "pad" and
                                                self.mode == "human" and self._has_stage()):
            self.app.open_pause(self)
            return
        if a.name == "guide":
            self.hint = None
            return
        if not self.pad_may_act(a):
            self.app.toast(f"It is {F.NAME[self.deciding['player']]}'s turn: use that "
                           "player's controller.")
            return
        if self.mode != "human":
            if a.name in ("left", "right", "up", "down", "tab", "prev"):
                self.focus.move(a.name) if a.name not in ("tab", "prev") else \
                    self.focus.next(1 if a.name == "tab" else -1)
            elif a.name == "confirm" and self.focus.visible and self.focus.current and \
                    self.focus.current.kind in ("pile", "event"):
                # only a pile the player moved the focus to: a stray Enter while the beats
                # play (the previous player's second press) opens nothing
                self.activate(self.focus.current)
            elif a.name == "undo":
                self.undo()     # the newest own decision, while its beats play
            return
        if a.name in ("left", "right", "up", "down"):
            self.focus.move(a.name)
        elif a.name == "tab":
            self.focus.next(1)
        elif a.name == "prev":
            self.focus.next(-1)
        elif a.name == "confirm":
            cur = self.focus.current
            if cur is not None and self.focus.visible:
                self.activate(cur)
            else:
                b = self.main_button()
                self.focus.visible = True     # before: a commit turns the highlight off again
                if b:
                    self.activate(Item(b.name, b.rect, "button", b))
        elif a.name in ("undo", "back"):
            self.undo()
        elif a.name == "number":
            hand = self._hand_index_cards()
            if 1 <= a.number <= len(hand):
                self.click_card(hand[a.number - 1])
                b = next((b for b in self.buttons if b.name == "confirm" and b.enabled), None)
                if b is not None:
                    for it in self.items:
                        if it.ref is b:
                            self.focus.focus(it)
            else:
                self._deny(f"You have {plural(len(hand), 'card')} in hand.")
        elif a.name == "zoom":
            self.focus.visible = True

    def handle_mouse(self, kind, lp, button):
        if self.demo:
            if kind == "down":
                self.app.leave_demo()
            return
        if kind == "move":
            tip = self.tooltip_at(lp)
            said = getattr(self, "denied", None)    # (words, time) of the latest toast
            fresh = said is not None and said[0] == tip and self.t - said[1] < 3.0
            self.tip = (tip, lp) if tip and not fresh else None
            self.hover = None
            self.hover_event = False
            self.focus.visible = False
            for it in reversed(self.items):
                x, y, w, h = it.rect
                if x <= lp[0] < x + w and y <= lp[1] < y + h:
                    self.focus.focus(it)
                    if it.kind == "card":
                        self.hover = it.ref
                    self.hover_event = it.kind == "event"
                    break
            else:
                self.hover = self._card_at(lp)
            if self.mode == "human" and self.deciding:
                self._layout_sprites()
            return
        if kind == "wheel":
            self.log_scroll = max(0, self.log_scroll + (1 if button > 0 else -1))
            return
        if kind != "up" or button != 1:
            return
        if self._hint_close_hit(lp):
            self.hint = None
            return
        for it in reversed(self.items):
            x, y, w, h = it.rect
            if x <= lp[0] < x + w and y <= lp[1] < y + h:
                if it.kind in ("pile", "event"):
                    self.activate(it)
                    return
                if self.mode != "human":
                    self.app.toast("Please wait: it is not your choice yet.")
                    return
                self.activate(it)
                return
        if self.mode == "human":
            c = self._card_at(lp)
            if c and self.deciding and CARDS[c].side != self.deciding["player"]:
                self.app.toast("That card is not yours.")
            elif c is None and self.deciding and self.deciding["kind"] in ("play", "replace"):
                for cx in (BOP_X, SPACE_X):
                    x, y = cx - SLOT_CARD[0] / 2, BOT_SLOT_Y
                    if x <= lp[0] < x + SLOT_CARD[0] and y <= lp[1] < y + SLOT_CARD[1]:
                        self.app.toast("Click a card in your hand: the first goes to the "
                                       "Balance of Power slot, the second to the Space Race.")

    def _card_at(self, lp):
        for cid, sp in sorted(self.sprites.items(), key=lambda kv: -kv[1].rect[1]):
            x, y, w, h = sp.rect
            if self.zone_of(cid) != "deck" and x <= lp[0] < x + w and y <= lp[1] < y + h:
                return cid
        return None

    # ---- positions (for tests and attract mode) -------------------------------------------
    def pixel_center(self, rect) -> tuple[int, int]:
        x, y, w, h = rect
        return self.app.layout.p(x + w / 2, y + h / 2)

    def card_pos(self, cid):
        for it in self.items:
            if it.kind == "card" and it.ref == cid:
                return self.pixel_center(it.rect)
        return None

    def button_pos(self, name):
        for b in self.buttons:
            if b.name == name:
                return self.pixel_center(b.rect)
        return None
