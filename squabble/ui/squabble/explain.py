"""What the table explains: hover tooltips, why a card is dimmed, previews of a choice's
effect (token values, where the balance lands) and the prompt's plain words."""

from __future__ import annotations

from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, OTHER, SIDES
from squabble.ui import theme as T
from squabble.ui.squabble.layout import (
    BOP_TRACK, BOT_SLOT_Y, DECK_X, LEADER, PILE, SPACE_TRACK, TOP_SLOT_Y, plural, side_row)


class ExplainMixin:
    """Part of TableScene (squabble.ui.table)."""

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
        """Cards of the deciding hand some option of ``dec`` uses (lit; the rest are dimmed):
        the framework's ChoiceSet for this decision, its composite picks included."""
        if self.choices is not None and dec is self._dec:
            cs = self.choices
        else:
            from squabble.ui.squabble.choose import choice_set
            cs = choice_set(dec)
        return cs.picker().values() if cs.steps else set(cs.by_card)

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
