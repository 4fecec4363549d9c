"""The table's input: keys, gamepads and the mouse turned into picks, button presses and
undo (the choices themselves are in ``choose.py``).  ``TableInput`` is given what it drives."""

from __future__ import annotations

from squabble.framework.turnflow import HUMAN
from squabble.games.squabble.cards import CARDS
from squabble.ui.squabble import faces as F
from squabble.ui.squabble.layout import BOP_X, BOT_SLOT_Y, Item, SLOT_CARD, SPACE_X, plural


class TableInput:
    """Keys, pads and the mouse on ``model``'s table: ``chooser`` picks and presses,
    ``staging`` says what is picked, ``explain`` gives hover help, ``zones`` finds the card
    under the mouse, ``guide`` closes its hint; ``open_pause()`` opens the pause menu."""

    def __init__(self, model, staging, chooser, explain, zones, guide, *, open_pause):
        self.model = model
        self.staging = staging
        self.chooser = chooser
        self.explain = explain
        self.zones = zones
        self.guide = guide
        self.open_pause = open_pause

    # ---- input ----------------------------------------------------------------------------
    def pad_may_act(self, a) -> bool:
        if a.source != "pad":
            return True
        seats = self.model.app.pad_seats()
        side = seats.get(a.seat)
        dec = self.model.deciding
        if self.model.session.mode == "computer" or side is None or dec is None:
            return True
        return side == dec["player"]

    def handle_action(self, a):
        m = self.model
        focus = m.focus
        human = m.flow.phase == HUMAN
        if m.demo:
            m.app.leave_demo()
            return
        if a.name in ("back", "menu") and not (a.name == "back" and a.source == "pad" and
                                                human and self.staging.has_stage()):
            self.open_pause()
            return
        if a.name == "guide":
            self.guide.close()
            return
        if not self.pad_may_act(a):
            m.app.toast(f"It is {F.NAME[m.deciding['player']]}'s turn: use that "
                        "player's controller.")
            return
        if not human:
            if a.name in ("left", "right", "up", "down", "tab", "prev"):
                focus.move(a.name) if a.name not in ("tab", "prev") else \
                    focus.next(1 if a.name == "tab" else -1)
            elif a.name == "confirm" and focus.visible and focus.current and \
                    focus.current.kind in ("pile", "event"):
                # only a pile the player moved the focus to: a stray Enter while the beats
                # play (the previous player's second press) opens nothing
                self.chooser.activate(focus.current)
            elif a.name == "undo":
                self.chooser.undo()     # the newest own decision, while its beats play
            return
        if a.name in ("left", "right", "up", "down"):
            focus.move(a.name)
        elif a.name == "tab":
            focus.next(1)
        elif a.name == "prev":
            focus.next(-1)
        elif a.name == "confirm":
            cur = focus.current
            if cur is not None and focus.visible:
                self.chooser.activate(cur)
            else:
                b = self.chooser.main_button()
                focus.visible = True     # before: a commit turns the highlight off again
                if b:
                    self.chooser.activate(Item(b.name, b.rect, "button", b))
        elif a.name in ("undo", "back"):
            self.chooser.undo()
        elif a.name == "number":
            hand = self.chooser.hand_index_cards()
            if 1 <= a.number <= len(hand):
                self.chooser.click_card(hand[a.number - 1])
                b = next((b for b in m.buttons if b.name == "confirm" and b.enabled), None)
                if b is not None:
                    for it in m.items:
                        if it.ref is b:
                            focus.focus(it)
            else:
                self.chooser.deny(f"You have {plural(len(hand), 'card')} in hand.")
        elif a.name == "zoom":
            focus.visible = True

    def handle_mouse(self, kind, lp, button):
        m = self.model
        if m.demo:
            if kind == "down":
                m.app.leave_demo()
            return
        if kind == "move":
            tip = self.explain.tooltip_at(lp)
            said = m.denied                         # (words, time) of the latest toast
            fresh = said is not None and said[0] == tip and m.t - said[1] < 3.0
            m.tip = (tip, lp) if tip and not fresh else None
            focus = m.focus
            m.mouse = lp                  # (the zoom shows a hovered card while it is there)
            m.hover = None
            m.hover_event = False
            focus.visible = False
            for it in reversed(m.items):
                x, y, w, h = it.rect
                if x <= lp[0] < x + w and y <= lp[1] < y + h:
                    focus.focus(it)
                    if it.kind == "card":
                        m.hover = it.ref
                    m.hover_event = it.kind == "event"
                    break
            else:
                m.hover = self.zones.card_at(lp)
            if m.flow.phase == HUMAN and m.deciding:
                self.zones.layout_sprites()
            return
        if kind == "wheel":
            m.log_scroll = max(0, m.log_scroll + (1 if button > 0 else -1))
            return
        if kind != "up" or button != 1:
            return
        if self.guide.close_hit(lp):
            self.guide.close()
            return
        for it in reversed(m.items):
            x, y, w, h = it.rect
            if x <= lp[0] < x + w and y <= lp[1] < y + h:
                if it.kind in ("pile", "event"):
                    self.chooser.activate(it)
                    return
                if m.flow.phase != HUMAN:
                    m.app.toast("Please wait: it is not your choice yet.")
                    return
                self.chooser.activate(it)
                return
        if m.flow.phase == HUMAN:
            c = self.zones.card_at(lp)
            if c and m.deciding and CARDS[c].side != m.deciding["player"]:
                m.app.toast("That card is not yours.")
            elif c is None and m.deciding and m.deciding["kind"] in ("play", "replace"):
                for cx in (BOP_X, SPACE_X):
                    x, y = cx - SLOT_CARD[0] / 2, BOT_SLOT_Y
                    if x <= lp[0] < x + SLOT_CARD[0] and y <= lp[1] < y + SLOT_CARD[1]:
                        m.app.toast("Click a card in your hand: the first goes to the "
                                    "Balance of Power slot, the second to the Space Race.")
