"""The player's choices on the table: buttons, focus, staging, keys, mouse, previews and
tooltips."""

from __future__ import annotations

from squabble.framework.confirm import ConfirmScene
from squabble.framework.widgets import Button
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, OTHER, SIDES
from squabble.ui import theme as T
from squabble.ui.session import PRIVATE_KINDS
from squabble.ui.squabble.layout import (
    BOP_TRACK, BOP_X, BOT_SLOT_Y, DECK_X, DISC_X, EVENT_RECT, Item, LEADER, PILE, SLOT_CARD,
    SPACE_TRACK, SPACE_X, TOP_SLOT_Y, plural, side_row)


class HandMixin:
    """Part of TableScene (squabble.ui.table)."""

    def main_button(self) -> Button | None:
        """The button Enter presses when nothing else was picked: the decision's main action,
        and the safe one when the main action would lose the game on the spot."""
        names = [b.name for b in self.buttons]
        for want in ("confirm", "no" if self._shift_loses() else "yes"):
            if want in names:
                return self.buttons[names.index(want)]
        return next((b for b in self.buttons if b.name.startswith("take")), None) or \
            (self.buttons[0] if self.buttons else None)

    def _focus_main(self):
        b = self.main_button()
        for it in self.items:
            if it.ref is b and b is not None:
                self.focus.focus(it)
                return

    def _shift_loses(self) -> bool:
        dec = self.deciding
        if not dec or dec["kind"] != "shift":
            return False
        nb = self.display["bop"] + (1 if dec["player"] == "USA" else -1)
        return abs(nb) >= E.CLOUD

    # ---- the human's choice -----------------------------------------------------------------
    def _rebuild(self):
        """Buttons and focus items for the current moment."""
        self.buttons = []
        dec = self.deciding
        if dec:
            k = dec["kind"]
            bx, by = 330, BOT_SLOT_Y + 52
            if k == "play":
                both = self.stage.get("bop") and self.stage.get("space")
                self.buttons.append(Button("confirm", "Play face down", (bx, by, 190, 56),
                                           self._confirm_play, enabled=bool(both),
                                           reason="Choose a Balance of Power card and a Space "
                                                  "Race card first.", hint="Enter",
                                           colour=(40, 110, 70)))
                can_swap = both and CARDS[self.stage["bop"]].is_activity
                self.buttons.append(Button("swap", "Swap", (bx + 200, by, 80, 56), self._swap,
                                           enabled=bool(can_swap),
                                           reason="Swap needs two Activity cards in the slots.",
                                           hint="slots"))
                self.buttons.append(Button("undo", "Undo", (bx + 290, by, 80, 56), self._undo,
                                           enabled=bool(self.stage.get("bop") or
                                                        self.stage.get("space")),
                                           reason="Nothing to take back.", hint="Bksp"))
            elif k == "replace":
                self.buttons.append(Button("confirm", "Place face down", (bx, by, 220, 56),
                                           self._confirm_replace,
                                           enabled=bool(self.stage.get("bop")),
                                           reason="Choose an Activity card from your hand.",
                                           hint="Enter", colour=(40, 110, 70)))
                self.buttons.append(Button("undo", "Undo", (bx + 230, by, 100, 56), self._undo,
                                           enabled=bool(self.stage.get("bop")),
                                           reason="Nothing to take back.", hint="Bksp"))
            elif k == "tokens":
                avail = self.display["tokens"][dec["player"]]
                used = self.stage["bop_t"] + self.stage["space_t"]
                for slot, cx in (("bop", BOP_X), ("space", SPACE_X)):
                    # BoP buttons left of its card (the prompt is on the right), Space on the right
                    x = cx - SLOT_CARD[0] / 2 - 72 if slot == "bop" else cx + SLOT_CARD[0] / 2 + 26
                    self.buttons.append(Button(f"plus_{slot}", "+", (x, BOT_SLOT_Y + 4, 46, 40),
                                               lambda s=slot: self._tok(s, 1),
                                               enabled=used < avail,
                                               reason=f"You have only {plural(avail, 'token')}."))
                    self.buttons.append(Button(f"minus_{slot}", "-", (x, BOT_SLOT_Y + 84, 46, 40),
                                               lambda s=slot: self._tok(s, -1),
                                               enabled=self.stage[f"{slot}_t"] > 0,
                                               reason="No token there to take back."))
                self.buttons.append(Button("confirm", f"Place {plural(used, 'token')}",
                                           (bx + 60, by, 250, 56), self._confirm_tokens,
                                           hint="Enter", colour=(40, 110, 70)))
            elif k == "counter":
                c = self.stage.get("counter")
                self.buttons.append(Button("confirm", "Counter!" if c else "Pick a counter card",
                                           (bx, by, 200, 56), self._confirm_counter,
                                           enabled=bool(c),
                                           reason="Click a highlighted card in your hand first.",
                                           hint="Enter", colour=(150, 60, 40)))
                self.buttons.append(Button("pass", "Don't counter", (bx + 210, by, 160, 56),
                                           lambda: self._pick_mode("pass"), hint="pass"))
            elif k in ("take_token", "shift"):
                yes = "Take a token" if k == "take_token" else "Shift the balance"
                hint = ""
                action = (lambda m=k: self._pick_mode(m))
                colour = (40, 110, 70)
                if k == "shift":
                    hint = "one space toward you"
                    if self._shift_loses():
                        hint = "lands on a Mushroom Cloud: you lose!"
                        colour = (150, 50, 40)
                        action = self._confirm_losing_shift
                self.buttons.append(Button("yes", yes, (bx, by, 200, 56), action, hint=hint,
                                           colour=colour))
                self.buttons.append(Button("no", "No thanks", (bx + 210, by, 150, 56),
                                           lambda: self._pick_mode("pass"),
                                           hint="safe" if self._shift_loses() else "pass"))
            elif k == "take_tokens":
                opts = dec["options"]
                w = min(120, 360 / max(1, len(opts)) - 8)
                for i, o in enumerate(opts):
                    self.buttons.append(Button(f"take{o['amount']}", f"Take {o['amount']}",
                                               (bx + i * (w + 8), by, w, 56),
                                               lambda i=i: self._commit(i),
                                               hint="token" + ("s" if o["amount"] != 1 else "")))
        self._items()

    def _items(self):
        items: list[Item] = []
        d = self.display
        dec = self.deciding
        if dec and dec["player"] == self.bottom and dec["kind"] in PRIVATE_KINDS:
            rects = self.zone_rects()
            for c in d["hands"][self.bottom]:
                if c in rects and c not in (self.stage.get("bop"), self.stage.get("space"),
                                            self.stage.get("counter")):
                    items.append(Item(f"card:{c}", rects[c], "card", c))
            for c in (self.stage.get("bop"), self.stage.get("space"), self.stage.get("counter")):
                if c and c in rects:
                    items.append(Item(f"card:{c}", rects[c], "card", c))
        for b in self.buttons:
            items.append(Item(b.name, b.rect, "button", b))
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.bottom, side) == "top" else BOT_SLOT_Y
            items.append(Item(f"discards:{side}", (DISC_X, sy, *PILE), "pile", side))
        if d["event"]:
            items.append(Item("event", EVENT_RECT, "event", d["event"]))
        self.items = items
        self.focus.set_items(items)

    def _hand_index_cards(self):
        """The deciding hand in its fan order; key n picks (or takes back) the n-th card.  The
        numbers stay put while cards are staged, so a quick second key means what it says."""
        return list(self.display["hands"][self.bottom])

    def click_card(self, cid: str):
        dec = self.deciding
        if not dec or CARDS[cid].side != dec["player"]:
            self.app.toast("It is not your card to play now.")
            return
        k = dec["kind"]
        st = self.stage
        c = CARDS[cid]
        if k == "play":
            if cid in (st["bop"], st["space"]):
                self._unstage(cid)
            elif not c.is_activity:
                if E.rule_active(self.display, "no_agents"):
                    return self._deny("The Event forbids Agents and Double Agents this turn.")
                if st["bop"]:
                    if st["space"] is None and CARDS[st["bop"]].is_activity:
                        st["space"] = st["bop"]
                st["bop"] = cid
                self.sound("card")
            elif st["bop"] is None:
                st["bop"] = cid
                self.sound("card")
            elif st["space"] is None:
                st["space"] = cid
                self.sound("card")
            else:
                return self._deny("Both slots are full: click a card in a slot to take it back.")
        elif k == "replace":
            if not c.is_activity:
                return self._deny("Only an Activity card can replace a spent agent.")
            st["bop"] = None if st["bop"] == cid else cid
            self.sound("card")
        elif k == "counter":
            legal = [o["card"] for o in dec["options"] if o["mode"] == "counter"]
            if cid == st.get("counter"):
                st["counter"] = None
            elif cid in legal:
                st["counter"] = cid
                self.sound("card")
            else:
                opp = self.display["slots"][OTHER[dec["player"]]]["bop"]
                need = CARDS[opp].activity if opp else "?"
                if not c.is_activity:
                    return self._deny("Agents cannot counter.")
                return self._deny(f"{c.name} has Counter Value {c.counter}; a counter needs "
                                  f"{need} (their printed Activity Value).")
        elif k == "tokens":
            return self._deny("Place tokens with the + and - buttons beside your cards.")
        elif k == "take_tokens":
            return self._deny("Choose how many tokens to take with the buttons.")
        self._layout_sprites()
        self._rebuild()
        self.focus.set_items(self.items)

    def _deny(self, why):
        self.sound("deny")
        self.app.toast(why)

    def _unstage(self, cid):
        for k in ("bop", "space", "counter"):
            if self.stage.get(k) == cid:
                self.stage[k] = None
        self.sound("card")

    def _undo(self):
        st = self.stage
        dec = self.deciding
        if not dec:
            return
        if dec["kind"] == "tokens":
            if st["space_t"]:
                st["space_t"] -= 1
            elif st["bop_t"]:
                st["bop_t"] -= 1
            else:
                return self._deny("Nothing to take back.")
        elif st.get("space"):
            st["space"] = None
        elif st.get("bop"):
            st["bop"] = None
        elif st.get("counter"):
            st["counter"] = None
        else:
            return self._deny("Nothing to take back; committed choices are final.")
        self.sound("card")
        self._layout_sprites()
        self._rebuild()

    def _swap(self):
        st = self.stage
        st["bop"], st["space"] = st["space"], st["bop"]
        self.sound("card")
        self._layout_sprites()
        self._rebuild()

    def _tok(self, slot, d):
        self.stage[f"{slot}_t"] += d
        self.sound("token")
        self._rebuild()

    def _find(self, **want) -> int | None:
        for i, o in enumerate(self.session.decision()["options"]):
            if all(o.get(k) == v for k, v in want.items()):
                return i
        return None

    def _confirm_play(self):
        i = self._find(mode="play", bop=self.stage["bop"], space=self.stage["space"])
        if i is None:
            return self._deny("That pair cannot be played.")
        self._commit(i)

    def _confirm_replace(self):
        i = self._find(mode="replace", card=self.stage["bop"])
        if i is not None:
            self._commit(i)

    def _confirm_tokens(self):
        i = self._find(mode="tokens", bop=self.stage["bop_t"], space=self.stage["space_t"])
        if i is not None:
            self._commit(i)

    def _confirm_counter(self):
        i = self._find(mode="counter", card=self.stage.get("counter"))
        if i is not None:
            self._commit(i)

    def _confirm_losing_shift(self):
        """A move that loses on the spot asks first; the safe answer has the focus."""
        me = T.NAME[self.deciding["player"]]
        self.app.stack.push(ConfirmScene(
            self.app, "This loses the game",
            f"Shifting the Balance of Power puts it on the Mushroom Cloud: nuclear war, and "
            f"{me} loses at once.", "Shift and lose", "Keep the balance",
            on_yes=lambda: self._pick_mode("shift")))

    def _pick_mode(self, mode):
        i = self._find(mode=mode)
        if i is not None:
            self._commit(i)

    def activate(self, item: Item):
        if item.kind == "button":
            b = item.ref
            if b.enabled:
                self.sound("click")
                b.action()
            else:
                self._deny(b.reason or "Not now.")
        elif item.kind == "card":
            self.click_card(item.ref)
        elif item.kind == "pile":
            self.app.show_discards(self, item.ref)
        elif item.kind == "event":
            self.focus.visible = True  # the zoom panel shows the Event in full

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
            self.app.toast(f"It is {T.NAME[self.deciding['player']]}'s turn: use that "
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
            self._undo()
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

    def _has_stage(self):
        st = self.stage
        return bool(st.get("bop") or st.get("space") or st.get("counter") or st.get("bop_t")
                    or st.get("space_t"))

    def handle_mouse(self, kind, lp, button):
        if self.demo:
            if kind == "down":
                self.app.leave_demo()
            return
        if kind == "move":
            tip = self.tooltip_at(lp)
            self.tip = (tip, lp) if tip else None
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

    # ---- tooltips: hover explains -------------------------------------------------------
    def tooltip_at(self, lp) -> str | None:
        """What hovering ``lp`` explains: a disabled button's reason, the Leader card, a track
        space, a side's tokens."""
        d = self.display
        for b in self.buttons:
            if b.contains(lp) and not b.enabled:
                return b.reason or "Not now."
        dec = self.deciding
        card = self._card_at(lp) if dec else None
        if card and card in d["hands"][dec["player"]] and dec["player"] == self.bottom:
            why = self.why_not(card, dec)
            if why:
                return why
        x, y = lp

        def inside(r):
            return r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3]

        if inside(LEADER):
            who = T.NAME[d["leader"]] if d["leader"] else "nobody yet"
            return (f"Space Race Leader card (now: {who}). The side strictly ahead on the Space "
                    "Race holds it; if era 5 ends at DEFCON 5, its holder wins.")
        for i, r in enumerate(self._track_rects(BOP_TRACK, 9)):
            if inside(r):
                b = i - E.CLOUD
                if abs(b) == E.CLOUD:
                    loser = "America" if b > 0 else "Russia"
                    return (f"Mushroom Cloud: if the Balance of Power token reaches it, nuclear "
                            f"war and {loser} (who pushed it this far) LOSES.")
                if b == 0:
                    return "DEFCON 5: neutral. At the end the Leader card decides."
                fav = "America" if b > 0 else "Russia"
                return (f"{fav}'s space {5 - abs(b)}: favours {fav}. "
                        f"{plural(E.CLOUD - abs(b), 'space')} from the cloud on this side.")
        for i, r in enumerate(self._track_rects(SPACE_TRACK, 6)):
            if inside(r):
                extra = {0: "Where both sides start.",
                         1: "Reaching it, you may take a Socio-Economic token.",
                         2: "Reaching it, you may shift the Balance of Power one space your way."}
                return f"Space Race {'start' if i == 0 else 'space ' + str(i)}: " + \
                    extra.get(i, "No reward; being ahead takes the Leader card.")
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.bottom, side) == "top" else BOT_SLOT_Y
            ty = sy + PILE[1] + 40
            if DECK_X <= x < DECK_X + 130 and ty - 10 <= y < ty + 10:
                n = d["tokens"][side]
                return (f"{T.NAME[side]} holds {plural(n, 'Socio-Economic token')} (at most "
                        f"{E.token_cap(d)}). They are placed on cards in phase 4 and earned in "
                        "phases 8 and 9.")
        return None

    def why_not(self, cid: str, dec: dict) -> str | None:
        """Why a dimmed card of the deciding hand cannot be picked now (None: it can)."""
        if cid in self._legal_cards(dec):
            return None
        c = CARDS[cid]
        k = dec["kind"]
        if k == "play" and not c.is_activity:
            return "The Event forbids Agents and Double Agents this turn."
        if k == "replace":
            return "Only an Activity card can replace a spent agent."
        if k == "counter":
            if not c.is_activity:
                return "Agents cannot counter."
            opp = self.display["slots"][OTHER[dec["player"]]]["bop"]
            need = CARDS[opp].activity if opp else "?"
            return (f"{c.name} has Counter Value {c.counter}; a counter needs {need} (their "
                    "printed Activity Value).")
        return None

    def _legal_cards(self, dec):
        k = dec["kind"]
        opts = dec["options"]
        if k == "play":
            return {o["bop"] for o in opts} | {o["space"] for o in opts}
        if k == "replace":
            return {o["card"] for o in opts}
        if k == "counter":
            return {o["card"] for o in opts if o["mode"] == "counter"}
        return set()

    # ---- previews: what a choice will do -------------------------------------------------
    def staged_values(self) -> dict | None:
        """While placing tokens: the deciding side's card values after the staged tokens
        (tokens equal to the Balance of Power card's printed value make it 0, R7)."""
        dec = self.deciding
        if not dec or dec["kind"] != "tokens" or "bop_t" not in self.stage:
            return None
        st = E.clone(self.display)
        sl = st["slots"][dec["player"]]
        sl["bop_tokens"], sl["space_tokens"] = self.stage["bop_t"], self.stage["space_t"]
        return {"bop": E.bop_value(st, dec["player"]), "space": E.space_value(st, dec["player"])}

    def projected_bop(self) -> int | None:
        """Where the Balance of Power token lands if nothing changes: once both Balance of Power
        cards are face up (phases 5-6) the phase 7 measure is known; at Space 2 the shift."""
        d = self.display
        dec = self.deciding
        if dec and dec["kind"] == "shift":
            return max(-E.CLOUD, min(E.CLOUD, d["bop"] + (1 if dec["player"] == "USA" else -1)))
        if d["step"] != "counter" or d["winner"] is not None:
            return None
        st = E.clone(d)
        E._step_measure(st, None)
        return st["bop"]

    def _prompt_text(self, dec) -> tuple[str, str]:
        k = dec["kind"]
        if k == "play":
            return ("play two cards face down.",
                    "Click a card for the Balance of Power slot, then one for the Space Race.")
        if k == "replace":
            spent = "Double Agent" if self.display["agents"].get(dec["player"]) == "double" \
                else "Agent"
            return (f"replace your spent {spent}.",
                    "Click an Activity card to play face down in the Balance of Power slot.")
        if k == "tokens":
            n = self.display["tokens"][dec["player"]]
            return (f"place tokens ({plural(n, 'token')} available).",
                    "Tokens equal to a card's printed value make it 0; otherwise +1 each.")
        if k == "counter":
            return ("counter their card?", "Highlighted cards have the matching Counter Value.")
        if k == "take_token":
            return ("you reached space 1.", "Take one Socio-Economic token?")
        if k == "shift":
            return ("you reached space 2.", "Shift the Balance of Power one space your way?")
        if k == "take_tokens":
            _lim, left = E.claim_limit(self.display, dec["player"])
            name = CARDS[left[0]].name if left else "your last Activity card"
            return (f"take tokens for {name}.",
                    f"Up to its Activity Value, at most {E.token_cap(self.display)} held; "
                    f"{name} is then discarded face up.")
        return (dec["prompt"], "")
