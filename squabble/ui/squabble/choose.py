"""The player's choices on the Squabble table, taken from the framework's decision binder.

``framework.choices.ChoiceSet`` turns the engine's DECISION into lit cards and buttons; cards
of a composite option (a Balance of Power card and a Space Race card) are picked one step at a
time with its ``StepPick``.  The table adds only its own widgets: the + / - token buttons of
phase 4, Swap, and the question before a move that loses on the spot.  Undo is one key for
everything: it takes back the newest pick, and with nothing picked the newest own decision
through the session (Board Game Arena's policy: not past a card draw, a revealed card or the
other side's decision).

``Staging`` holds what a person picked so far for the decision in hand; ``Chooser`` turns it
into buttons, focus items and commits (through the scene's ``commit``, the framework's flow)."""

from __future__ import annotations

from squabble.framework.choices import ChoiceSet
from squabble.framework.confirm import ConfirmScene
from squabble.framework.turnflow import HUMAN
from squabble.framework.widgets import Button
from squabble.games.squabble.cards import CARDS, SIDES
from squabble.ui.squabble.layout import (
    BOP_X, BOT_SLOT_Y, DISC_X, EVENT_RECT, Item, PILE, SLOT_CARD, SPACE_X, TOP_SLOT_Y, plain,
    plural, side_row)

# The option keys of each decision kind whose cards are picked one per step (the engine's
# option shape: a play names "bop" and "space", a replacement or a counter names "card").
STEPS = {"play": ("bop", "space"), "replace": ("card",), "counter": ("card",)}
# where a one-step pick stands on the table (the staged card's place)
ONE_STEP_SLOT = {"replace": "bop", "counter": "counter"}
NO_UNDO = ("Nothing to take back: undo stops at a card draw, a revealed card or the other "
           "side's decision.")

BX, BY = 330, BOT_SLOT_Y + 58        # the button row between the two slot columns
UNDO_RECT = (646, BY, 70, 56)


def choice_set(dec: dict | None, hand=None) -> ChoiceSet | None:
    """The DECISION as the table binds it (``hand``: the cards the table can light)."""
    if not dec:
        return None
    shown = (lambda c: c in hand) if hand is not None else (lambda c: True)
    return ChoiceSet.of(dec, card_shown=shown, steps=STEPS.get(dec["kind"], ()))


def caution(dec: dict | None, index) -> tuple[str, str] | None:
    """("warning" | "risk", the engine's sentence) of option ``index`` of ``dec``, or None."""
    o = dec["options"][index] if dec else {}
    for key in ("warning", "risk"):
        if o.get(key):
            return key, o[key]
    return None


class Staging:
    """The picks of the decision a person answers on ``model``'s table: the ChoiceSet, the
    composite pick (a StepPick) and, in phase 4, the tokens counted on each card."""

    def __init__(self, model):
        self.model = model
        self.choices: ChoiceSet | None = None
        self.pick = None                  # StepPick of the current decision, or None
        self.tok: dict = {}               # phase 4: tokens counted on each card

    def shown_decision(self) -> dict | None:
        """The decision whose picks the table shows: the one a person answers now, or the one
        whose move is on its way to the server (online: ``sent``)."""
        return self.model.deciding or (self.sent() or (None,))[0]

    def sent(self) -> tuple | None:
        """(decision, option) of this window's move sent and not answered yet (online), shown
        where it was played and marked as sending; None otherwise."""
        if self.model.deciding is not None:
            return None
        got = self.model.flow.sending()
        if got is None:
            return None
        dec, index = got
        opts = dec.get("options") or []
        return (dec, opts[index]) if 0 <= index < len(opts) else None

    @property
    def stage(self) -> dict:
        """The picks in the table's words: "bop" / "space" / "counter" cards, and the token
        counts "bop_t" / "space_t" while placing tokens (a move sent: its option's)."""
        out = {"bop": None, "space": None, "counter": None}
        dec = self.model.deciding
        if dec is None:
            sent = self.sent()
            if sent is not None:
                dec, o = sent
                if dec["kind"] == "play":
                    out.update(bop=o.get("bop"), space=o.get("space"))
                elif dec["kind"] in ONE_STEP_SLOT:
                    out[ONE_STEP_SLOT[dec["kind"]]] = o.get("card")
                elif dec["kind"] == "tokens":
                    out.update(bop_t=o.get("bop", 0), space_t=o.get("space", 0))
            return out
        k = dec["kind"]
        if self.pick is not None:
            if k == "play":
                out.update(self.pick.picked)
            elif k in ONE_STEP_SLOT:
                out[ONE_STEP_SLOT[k]] = self.pick.picked.get("card")
        if k == "tokens":
            out["bop_t"], out["space_t"] = self.tok.get("bop", 0), self.tok.get("space", 0)
        return out

    def staged_cards(self) -> set:
        if self.pick is None:
            st = self.stage if self.sent() is not None else {}
            return {st[k] for k in ("bop", "space", "counter") if st.get(k)}
        return {c for c in self.pick.picked.values() if c}

    def has_stage(self) -> bool:
        return bool(self.staged_cards() or self.tok.get("bop") or self.tok.get("space"))

    def bind(self, dec: dict):
        """A new human decision: its choices, an empty pick, no tokens counted."""
        self.choices = choice_set(dec, set(self.model.display["hands"][dec["player"]]))
        self.pick = self.choices.picker() if self.choices.steps else None
        self.tok = {"bop": 0, "space": 0}

    def unbind(self):
        self.choices = None
        self.pick = None
        self.tok = {}

    def back(self) -> bool:
        """Take back the newest pick (or counted token); False when nothing is staged."""
        if not self.has_stage():
            return False
        if self.pick is not None and self.pick.back() is not None:
            pass
        elif self.tok.get("space"):
            self.tok["space"] -= 1
        elif self.tok.get("bop"):
            self.tok["bop"] -= 1
        return True


class Chooser:
    """A person's choices on the table: the buttons and focus items of the decision in hand,
    picking cards, counting tokens and committing.

    ``commit(index)`` commits through the flow; ``undo_decision()`` takes back the newest own
    decision; ``show_discards(side)`` opens a discard pile."""

    def __init__(self, model, staging, zones, explain, *, commit, undo_decision, show_discards):
        self.model = model
        self.staging = staging
        self.zones = zones
        self.explain = explain
        self.commit = commit
        self.undo_decision = undo_decision
        self.show_discards = show_discards

    # ---- buttons ------------------------------------------------------------------------
    def main_button(self) -> Button | None:
        """The button Enter presses when nothing else was picked: the decision's main action,
        and the safe one when the main action would lose the game on the spot."""
        names = [b.name for b in self.model.buttons]
        for want in ("confirm", "no" if self.shift_loses() else "yes", "pass"):
            if want in names:
                return self.model.buttons[names.index(want)]
        return next((b for b in self.model.buttons if b.name.startswith("take")), None) or \
            (self.model.buttons[0] if self.model.buttons else None)

    def enter_target(self):
        """What Enter presses now: the focused item once keys moved it, else the main button
        (the table draws its ring on exactly this, so the ring never hides what Enter does)."""
        cur = self.model.focus.current
        if self.model.focus.visible and cur is not None:
            return cur.ref if cur.kind == "button" else cur
        return self.main_button()

    def focus_main(self):
        b = self.main_button()
        for it in self.model.items:
            if it.ref is b and b is not None:
                self.model.focus.focus(it)
                return

    def shift_loses(self) -> bool:
        """The Space 2 shift puts the balance on the decider's own cloud (the engine's warning)."""
        dec = self.model.deciding
        if not dec or dec["kind"] != "shift":
            return False
        return any(o.get("warning") for o in dec["options"] if o["mode"] == "shift")

    def can_counter(self) -> bool:
        return any(o["mode"] == "counter" for o in self.model.deciding["options"])

    def take(self, index: int):
        """Commit option ``index``; one the engine warns puts the Balance of Power on the
        decider's own cloud asks first (unless every option does: then there is no choice)."""
        opts = self.model.deciding["options"]
        warn = opts[index].get("warning")
        if warn and not all(o.get("warning") for o in opts):
            self.model.app.stack.push(ConfirmScene(
                self.model.app, "This loses the game", warn, "Do it and lose", "Go back",
                on_yes=lambda: self.commit(index)))
            return
        self.commit(index)

    def _option_buttons(self, k, x, width):
        """The ChoiceSet's buttons (the engine's own labels), named for the keys and pads."""
        cs = self.staging.choices
        out = []
        n = max(1, len(cs.buttons))
        w = min(width, (300 / n) - 8) if k == "take_tokens" else width
        for ch in cs.buttons:
            mode = ch.option.get("mode")
            if k == "take_tokens":
                name, hint = f"take{ch.amount}", "token" + ("s" if ch.amount != 1 else "")
                label = f"Take {ch.amount}"
                rect = (x, BY, w, 56)
            elif mode == "pass":
                name = "pass" if k == "counter" else "no"
                label = ("OK" if not self.can_counter() else "Don't counter") \
                    if k == "counter" else "No thanks"
                hint = "safe" if self.shift_loses() else "pass"
                rect = (x, BY, 116 if k != "counter" else 110, 56)
            else:
                name, label, hint = "yes", plain(ch.label), ""
                rect = (x, BY, width, 56)
            action = (lambda i=ch.index: self.take(i))
            colour = (58, 70, 98) if mode == "pass" else (40, 110, 70)
            if k == "shift" and mode == "shift":
                label = "Shift the balance"      # the engine's words do not fit the button
                hint = "one space toward you"
            said = caution(self.model.deciding, ch.index)
            if said and said[0] == "warning":
                hint, colour = "your own cloud: you lose!", (150, 50, 40)
            elif said:
                hint, colour = "risky", (150, 110, 30)
            out.append(Button(name, label, rect, action, hint=hint, colour=colour))
            x = rect[0] + rect[2] + 8
        return out

    def rebuild(self):
        """Buttons and focus items for the current moment."""
        m = self.model
        bs = m.buttons = []
        dec = m.deciding
        if dec and self.staging.choices is not None:
            k = dec["kind"]
            pk = self.staging.pick
            if k == "play":
                done = pk.chosen() is not None
                bs.append(Button("confirm", "Play face down", (BX, BY, 190, 56),
                                 self._confirm_pick, enabled=done,
                                 reason="Choose a Balance of Power card and a Space "
                                        "Race card first.", hint="Enter",
                                 colour=(40, 110, 70)))
                bs.append(Button("swap", "Swap", (BX + 200, BY, 80, 56), self._swap,
                                 enabled=pk.can_swap(),
                                 reason="Swap needs two Activity cards in the slots.",
                                 hint="slots"))
            elif k == "replace":
                bs.append(Button("confirm", "Place face down", (BX, BY, 220, 56),
                                 self._confirm_pick, enabled=pk.chosen() is not None,
                                 reason="Choose an Activity card from your hand.",
                                 hint="Enter", colour=(40, 110, 70)))
            elif k == "tokens":
                avail = m.display["tokens"][dec["player"]]
                used = self.staging.tok["bop"] + self.staging.tok["space"]
                # the main button first, then + and - (Tab reaches them next, before the piles)
                bs.append(Button("confirm", f"Place {plural(used, 'token')}",
                                 (BX, BY, 250, 56), self._confirm_tokens,
                                 hint="Enter", colour=(40, 110, 70)))
                for slot, cx in (("bop", BOP_X), ("space", SPACE_X)):
                    # BoP buttons left of its card (the prompt is on the right), Space on the right
                    x = cx - SLOT_CARD[0] / 2 - 72 if slot == "bop" else cx + SLOT_CARD[0] / 2 + 26
                    bs.append(Button(f"plus_{slot}", "+", (x, BOT_SLOT_Y + 4, 46, 40),
                                     lambda s=slot: self._tok(s, 1),
                                     enabled=used < avail,
                                     reason=f"You have only {plural(avail, 'token')}."))
                    bs.append(Button(f"minus_{slot}", "-", (x, BOT_SLOT_Y + 84, 46, 40),
                                     lambda s=slot: self._tok(s, -1),
                                     enabled=self.staging.tok[slot] > 0,
                                     reason="No token there to take back."))
            elif k == "counter" and not self.can_counter():
                # R8: no card can counter; the side is asked anyway, so nobody learns that
                bs += self._option_buttons(k, BX, 110)
            elif k == "counter":
                c = pk.picked.get("card")
                bs.append(Button("confirm", "Counter!" if c else "Pick a counter card",
                                 (BX, BY, 190, 56), self._confirm_pick,
                                 enabled=bool(c),
                                 reason="Choose a highlighted card in your hand first.",
                                 hint="Enter", colour=(150, 60, 40)))
                bs += self._option_buttons(k, BX + 198, 110)
            else:   # take_token, shift, take_tokens: the engine's options as buttons
                bs += self._option_buttons(k, BX, 120 if k == "take_tokens" else 190)
            me = dec["player"]
            can = self.staging.has_stage() or m.session.can_undo(me)
            bs.append(Button("undo", "Undo", UNDO_RECT, self.undo, enabled=can,
                             reason=NO_UNDO, hint="Bksp"))
        self.set_items()

    def set_items(self):
        """The focusable things (cards to pick, buttons, piles, the Event) for Tab and pads."""
        items: list[Item] = []
        d = self.model.display
        dec = self.model.deciding
        if dec and dec["player"] == self.model.bottom and dec["kind"] in STEPS:
            # only where a card of the hand is picked: elsewhere Tab goes to the buttons
            rects = self.zones.zone_rects()
            staged = self.staging.staged_cards()
            for c in d["hands"][self.model.bottom]:
                if c in rects and c not in staged:
                    items.append(Item(f"card:{c}", rects[c], "card", c))
            for c in (self.staging.pick.picked.values() if self.staging.pick is not None else ()):
                if c and c in rects:
                    items.append(Item(f"card:{c}", rects[c], "card", c))
        for b in self.model.buttons:
            items.append(Item(b.name, b.rect, "button", b))
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.model.bottom, side) == "top" else BOT_SLOT_Y
            items.append(Item(f"discards:{side}", (DISC_X, sy, *PILE), "pile", side))
        if d["event"]:
            items.append(Item("event", EVENT_RECT, "event", d["event"]))
        self.model.items = items
        self.model.focus.set_items(items)

    def hand_index_cards(self):
        """The deciding hand in its fan order; key n picks (or takes back) the n-th card.  The
        numbers stay put while cards are staged, so a quick second key means what it says."""
        return list(self.model.display["hands"][self.model.bottom])

    # ---- picking --------------------------------------------------------------------------
    def click_card(self, cid: str):
        dec = self.model.deciding
        if not dec or CARDS[cid].side != dec["player"]:
            self.model.app.toast("It is not your card to play now.")
            return
        k = dec["kind"]
        pk = self.staging.pick
        if pk is None:
            if k == "tokens":
                return self.deny("Place tokens with the + and - buttons beside your cards.")
            if k == "take_tokens":
                return self.deny("Choose how many tokens to take with the buttons.")
            return self.deny("Answer with the buttons.")
        if pk.drop(cid):
            self.model.sound("card")
        elif cid not in pk.values():
            return self.deny(self.explain.why_not(cid, dec) or "That card cannot be chosen now.")
        elif pk.pick(cid):
            self.model.sound("card")
        else:
            return self.deny("Both slots are full: click a card in a slot to take it back.")
        self.zones.layout_sprites()
        self.rebuild()
        self.model.focus.set_items(self.model.items)

    def deny(self, why):
        self.model.sound("deny")
        self.model.tip = None              # the toast says it now: not the tooltip beside it too
        self.model.denied = (why, self.model.t)
        self.model.app.toast(why)

    def _swap(self):
        if self.staging.pick is not None and self.staging.pick.swap():
            self.model.sound("card")
            self.zones.layout_sprites()
            self.rebuild()

    def _tok(self, slot, d):
        self.staging.tok[slot] += d
        self.model.sound("token")
        self.rebuild()

    def _confirm_pick(self):
        ch = self.staging.pick.chosen() if self.staging.pick is not None else None
        if ch is None:
            return self.deny("That choice cannot be played.")
        self.take(ch.index)

    def _confirm_tokens(self):
        tok = self.staging.tok
        ch = self.staging.choices.find(mode="tokens", bop=tok["bop"], space=tok["space"])
        if ch is not None:
            self.take(ch.index)

    # ---- undo -----------------------------------------------------------------------------
    def undo(self):
        """Backspace / pad X / the Undo button: the newest pick, else the newest own decision."""
        m = self.model
        if m.demo:
            return
        if m.flow.phase == HUMAN and self.staging.back():
            m.sound("card")
            self.zones.layout_sprites()
            self.rebuild()
            return
        self.undo_decision()

    def activate(self, item: Item):
        if item.kind == "button":
            b = item.ref
            if b.enabled:
                self.model.sound("click")
                b.action()
            else:
                self.deny(b.reason or "Not now.")
        elif item.kind == "card":
            self.click_card(item.ref)
        elif item.kind == "pile":
            self.show_discards(item.ref)
        elif item.kind == "event":
            self.model.focus.visible = True  # the zoom panel shows the Event in full
