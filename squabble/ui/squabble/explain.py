"""What the table explains: hover tooltips, why a card is dimmed, previews of a choice's
effect (token values, where the balance lands) and the prompt's plain words.  ``Explainer``
reads the table's model, the staged picks and the zones it is given; it changes nothing."""

from __future__ import annotations

from squabble.games.squabble import engine as E
from squabble.games.squabble import preview as P
from squabble.games.squabble.cards import CARDS, EVENTS, OTHER, SIDES
from squabble.ui.squabble import faces as F
from squabble.ui.squabble.choose import caution, choice_set
from squabble.ui.squabble.layout import (
    BOP_TRACK, BOT_SLOT_Y, DECK_X, LEADER, PILE, SPACE_TRACK, TOP_SLOT_Y, plural, side_row,
    track_rects)


class Explainer:
    """Words and previews for ``model``'s table, with ``staging``'s picks (choose.Staging) and
    ``zones`` (where the cards are)."""

    def __init__(self, model, staging, zones):
        self.model = model
        self.staging = staging
        self.zones = zones
        self._preview_cache = (None, None)

    # ---- tooltips: hover explains -------------------------------------------------------
    def tooltip_at(self, lp) -> str | None:
        """What hovering ``lp`` explains: a disabled button's reason, the Leader card, a track
        space, a side's tokens."""
        d = self.model.display
        for b in self.model.buttons:
            if b.contains(lp) and not b.enabled:
                return b.reason or "Not now."
        dec = self.model.deciding
        card = self.zones.card_at(lp) if dec else None
        if card and card in d["hands"][dec["player"]] and dec["player"] == self.model.bottom:
            why = self.why_not(card, dec)
            if why:
                return why
        x, y = lp

        def inside(r):
            return r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3]

        if inside(LEADER):
            who = F.NAME[d["leader"]] if d["leader"] else "nobody yet"
            return (f"Space Race Leader card (now: {who}). The side strictly ahead on the Space "
                    "Race holds it; if era 5 ends at DEFCON 5, its holder wins.")
        for i, r in enumerate(track_rects(BOP_TRACK, 9)):
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
        for i, r in enumerate(track_rects(SPACE_TRACK, 6)):
            if inside(r):
                extra = {0: "Where both sides start.",
                         1: "Reaching it, you may take a Socio-Economic token.",
                         2: "Reaching it, you may shift the Balance of Power one space your way."}
                return f"Space Race {'start' if i == 0 else 'space ' + str(i)}: " + \
                    extra.get(i, "No reward; being ahead takes the Leader card.")
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.model.bottom, side) == "top" else BOT_SLOT_Y
            ty = sy + PILE[1] + 40
            if DECK_X <= x < DECK_X + 130 and ty - 10 <= y < ty + 10:
                n = d["tokens"][side]
                return (f"{F.NAME[side]} holds {plural(n, 'Socio-Economic token')} (at most "
                        f"{E.token_cap(d)}). They are placed on cards in phase 4 and earned in "
                        "phases 8 and 9.")
        return None

    def why_not(self, cid: str, dec: dict) -> str | None:
        """Why a dimmed card of the deciding hand cannot be picked now (None: it can)."""
        if cid in self.legal_cards(dec):
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
            opp = self.model.display["slots"][OTHER[dec["player"]]]["bop"]
            need = CARDS[opp].activity if opp else "?"
            return (f"{c.name} has Counter Value {c.counter}; a counter needs {need} (their "
                    "printed Activity Value).")
        return None

    def legal_cards(self, dec):
        """Cards of the deciding hand some option of ``dec`` uses (lit; the rest are dimmed):
        the framework's ChoiceSet for this decision, its composite picks included."""
        if self.staging.choices is not None and dec is self.model.deciding:
            cs = self.staging.choices
        else:
            cs = choice_set(dec)
        return cs.picker().values() if cs.steps else set(cs.by_card)

    # ---- previews: what a choice will do (the engine's preview of the staged option) --------
    def staged_option(self) -> tuple | None:
        """The engine option the staged picks stand for now (counter: the staged counter card,
        or passing while none is staged; tokens: the counted tokens), or None."""
        dec = self.model.deciding
        if not dec or self.staging.choices is None:
            return None
        k = dec["kind"]
        opts = E.options(self.model.display)
        stage, pick = self.staging.stage, self.staging.pick
        if k == "tokens" and "bop_t" in stage:
            want = ("tokens", stage["bop_t"], stage["space_t"])
        elif k == "counter":
            c = stage["counter"]
            want = ("counter", c) if c else ("pass",)
        elif k == "shift":
            want = ("shift",)
        elif k == "play" and pick is not None and pick.chosen() is not None:
            return opts[pick.chosen().index]
        else:
            return None
        return want if want in opts else None

    def staged_caution(self) -> tuple[str, str] | None:
        """The engine's ("warning" | "risk", sentence) of the staged option, or None."""
        opt = self.staged_option()
        if opt is None:
            return None
        return caution(self.model.deciding, E.options(self.model.display).index(opt))

    def staged_preview(self) -> dict | None:
        """What the staged choice does, worked out by the engine on a copy (None: nothing)."""
        opt = self.staged_option()
        if opt is None:
            return None
        key = (id(self.model.display), opt)
        if self._preview_cache[0] != key:
            self._preview_cache = (key, P.preview(self.model.display, opt))
        return self._preview_cache[1]

    def staged_values(self) -> dict | None:
        """While placing tokens: the deciding side's card values with the staged tokens."""
        dec = self.model.deciding
        if not dec or dec["kind"] != "tokens":
            return None
        pv = self.staged_preview()
        return None if pv is None else {"bop": pv["bop_value"], "space": pv["space_value"]}

    def projected_bop(self) -> int | None:
        """Where the Balance of Power token lands with everything staged (a counter, a pass, the
        Space 2 shift), as the engine works it out; None while it is not known."""
        pv = self.staged_preview()
        if pv is not None:
            return pv["lands"]
        d = self.model.display
        if d["step"] != "counter" or d["winner"] is not None or self.model.deciding:
            return None
        # the counters are being decided by the other side (or the computer): nothing staged
        return P.landing(d, E.bop_value(d, "USA"), E.bop_value(d, "USSR"))

    def token_values_line(self, dec) -> str:
        """The tokens prompt's numbers: what the Balance of Power card is worth with 0, 1, 2...
        tokens, from the engine (Treaty of Rome and the rest included)."""
        n = self.model.display["tokens"][dec["player"]]
        vals = [P.preview(self.model.display, ("tokens", b, 0))["bop_value"] for b in range(n + 1)]
        return "Balance of Power card with " + ", ".join(
            f"{b} token{'s' if b != 1 else ''}: {v}" for b, v in enumerate(vals)) + "."

    def cloud_words(self, side) -> str:
        d = P.cloud_distance(self.model.display, side)
        return f"Your cloud is {plural(d, 'space')} away."

    def public_prompt(self, dec) -> str:
        """What the next decision is, in words that may show on the public hand-off screen:
        never whether the side holds a card that can counter."""
        if dec["kind"] == "counter":
            return "counter their card?"
        return self.prompt_text(dec)[0]

    def prompt_text(self, dec) -> tuple[str, str]:
        k = dec["kind"]
        if k == "play":
            return ("play two cards face down.",
                    "Choose a card for the Balance of Power slot, then one for the Space Race. "
                    + self.cloud_words(dec["player"]))
        if k == "replace":
            spent = "Double Agent" if self.model.display["agents"].get(dec["player"]) == "double" \
                else "Agent"
            return (f"replace your spent {spent}.",
                    "Choose an Activity card to play face down in the Balance of Power slot.")
        if k == "tokens":
            n = self.model.display["tokens"][dec["player"]]
            return (f"place tokens ({plural(n, 'token')} available).",
                    self.token_values_line(dec) + " " + self.cloud_words(dec["player"]))
        if k == "counter":
            if not dec["context"].get("can_counter"):
                return ("no card of yours can counter this.",
                        "A counter needs a card whose Counter Value is "
                        f"{dec['context']['need']}. " + self.cloud_words(dec["player"]))
            return ("counter their card?", "Highlighted cards have the matching Counter Value. "
                    + self.cloud_words(dec["player"]))
        if k == "take_token":
            return ("you reached space 1.", "Take one Socio-Economic token?")
        if k == "shift":
            return ("you reached space 2.", "Shift the Balance of Power one space your way?")
        if k == "take_tokens":
            ctx = dec["context"]
            cid = ctx.get("card")
            name = CARDS[cid].name if cid else "your last Activity card"
            allows = ctx.get("allows", 0)
            value = CARDS[cid].activity if cid else allows
            why = f"its Activity Value is {value}"
            ev = self.model.display.get("event")
            if allows > value and ev:
                why += f", one more under the {EVENTS[ev].name}"
            return (f"take tokens for {name}.",
                    f"Up to {ctx.get('limit', 0)}: {why}, and a side holds at most "
                    f"{ctx.get('cap', E.token_cap(self.model.display))}. {name} is then "
                    "discarded face up.")
        return (dec["prompt"], "")
