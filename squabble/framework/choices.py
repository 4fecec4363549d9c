"""The decision binder: one DECISION turned into lit targets and buttons, for any game.

Options with a ``country`` light that space on the board (with a short label, the option's
``amount`` when it has one, e.g. "2" for a point that costs two); options with a ``card`` the
scene can show light that card; every other option becomes a button labelled with the engine's
own text.  Several options on one target (e.g. a coup and an influence in one country) open a
small menu of their labels.  Nothing here names a card or a rule: only the option keys
``country``, ``card``, ``amount`` and ``label``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Choice:
    index: int
    label: str
    country: str | None = None
    card: object = None
    amount: object = None


@dataclass
class ChoiceSet:
    player: str
    prompt: str
    choices: list = field(default_factory=list)
    by_country: dict = field(default_factory=dict)   # country -> [Choice]
    by_card: dict = field(default_factory=dict)      # card -> [Choice]
    buttons: list = field(default_factory=list)      # [Choice]

    @classmethod
    def of(cls, decision: dict | None, card_shown=lambda card: True) -> "ChoiceSet | None":
        """``card_shown(card)``: the scene can draw that card as a target (else it is a button)."""
        if not decision:
            return None
        cs = cls(decision["player"], decision.get("prompt", ""))
        for i, o in enumerate(decision["options"]):
            ch = Choice(i, str(o.get("label", f"Option {i + 1}")), o.get("country"), o.get("card"),
                        o.get("amount"))
            cs.choices.append(ch)
            if ch.country is not None:
                cs.by_country.setdefault(ch.country, []).append(ch)
            elif ch.card is not None and card_shown(ch.card):
                cs.by_card.setdefault(ch.card, []).append(ch)
            else:
                cs.buttons.append(ch)
        return cs

    def lit_countries(self) -> dict:
        """country -> its label on the map: the cost when an option has one, "…" for a menu."""
        out = {}
        for c, chs in self.by_country.items():
            if len(chs) > 1:
                out[c] = "…"
            else:
                a = chs[0].amount
                out[c] = "" if a is None else str(a)
        return out

    def for_target(self, country=None, card=None) -> list:
        if country is not None:
            return list(self.by_country.get(country, []))
        if card is not None:
            return list(self.by_card.get(card, []))
        return []

    def __len__(self):
        return len(self.choices)


class TargetMenu:
    """The small menu opened when one target carries several options."""

    def __init__(self, title: str, choices: list, anchor):
        self.title = title
        self.choices = choices
        self.anchor = anchor          # logical (x, y) near the target
        self.index = 0

    def rects(self, width=300, row=34):
        x, y = self.anchor
        x = min(max(8, x), 1280 - width - 8)
        h = row * (len(self.choices) + 1)
        y = min(max(52, y), 720 - h - 8)
        return [(x, y + row * (i + 1), width, row - 4) for i in range(len(self.choices))], \
            (x, y, width, h)

    def hit(self, lp):
        rows, _ = self.rects()
        for i, (x, y, w, h) in enumerate(rows):
            if x <= lp[0] < x + w and y <= lp[1] < y + h:
                return i
        return None
