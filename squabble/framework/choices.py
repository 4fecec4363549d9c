"""The decision binder: one DECISION turned into lit targets and buttons, for any game.

Options with a ``country`` light that space on the board (with a short label, the option's
``amount`` when it has one, e.g. "2" for a point that costs two); options with a ``card`` the
scene can show light that card; every other option becomes a button labelled with the engine's
own text.  Several options on one target (e.g. a coup and an influence in one country) open a
small menu of their labels.  Nothing here names a card or a rule: only the option keys
``country``, ``card``, ``amount`` and ``label``.

A composite option names several cards, one per key the scene gives as ``steps`` (e.g. one card
for each of two slots): those options are picked one step at a time with a ``StepPick``, which
lights the cards that can still complete an option and knows when exactly one is chosen.
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
    parts: dict = field(default_factory=dict)   # step key -> value (composite options)
    option: dict = field(default_factory=dict)  # the engine's option as given


@dataclass
class ChoiceSet:
    player: str
    prompt: str
    choices: list = field(default_factory=list)
    by_country: dict = field(default_factory=dict)   # country -> [Choice]
    by_card: dict = field(default_factory=dict)      # card -> [Choice]
    buttons: list = field(default_factory=list)      # [Choice]
    composite: list = field(default_factory=list)    # [Choice] picked in steps (``parts``)
    steps: tuple = ()

    @classmethod
    def of(cls, decision: dict | None, card_shown=lambda card: True,
           steps: tuple = ()) -> "ChoiceSet | None":
        """``card_shown(card)``: the scene can draw that card as a target (else it is a button).
        ``steps``: option keys whose values are cards the scene shows, picked one per step;
        an option with a value for every one of them is composite (see ``picker``)."""
        if not decision:
            return None
        cs = cls(decision["player"], decision.get("prompt", ""), steps=tuple(steps))
        for i, o in enumerate(decision["options"]):
            ch = Choice(i, str(o.get("label", f"Option {i + 1}")), o.get("country"), o.get("card"),
                        o.get("amount"), option=o)
            cs.choices.append(ch)
            if cs.steps and all(o.get(k) is not None for k in cs.steps) and \
                    all(card_shown(o[k]) for k in cs.steps):
                ch.parts = {k: o[k] for k in cs.steps}
                cs.composite.append(ch)
            elif ch.country is not None:
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

    def find(self, **want) -> "Choice | None":
        """The choice whose option has exactly these key values (e.g. two amounts a scene's
        own widget counted), or None."""
        for ch in self.choices:
            if all(k in ch.option and ch.option[k] == v for k, v in want.items()):
                return ch
        return None

    def picker(self) -> "StepPick":
        return StepPick(self.composite, self.steps)

    def __len__(self):
        return len(self.choices)


class StepPick:
    """One composite option picked a step at a time: a value (a card) per key of ``steps``.

    ``pick(v)`` puts ``v`` in the first open step where some option still allows it; when it
    only fits a step already filled, it takes that step and the value there moves on to the
    next open step (if an option allows that).  ``drop(v)`` takes one value back, ``back()``
    the newest, ``swap()`` exchanges two filled steps when an option allows it.  ``chosen()``
    is the choice once every step is filled.  Nothing here knows what a step means."""

    def __init__(self, composite: list, steps: tuple):
        self.options = list(composite)
        self.steps = tuple(steps)
        self.picked: dict = {k: None for k in self.steps}
        self.order: list = []            # steps in the order they were filled

    # -- what fits --------------------------------------------------------------------
    def _allowed(self, picked: dict) -> bool:
        return any(all(v is None or ch.parts[k] == v for k, v in picked.items())
                   for ch in self.options)

    def values(self) -> set:
        """Every value some step of some option takes (the cards worth lighting at all)."""
        return {v for ch in self.options for v in ch.parts.values()}

    def open_values(self) -> set:
        """Values a ``pick`` would accept now (without undoing a step already made)."""
        return {v for v in self.values() if self._placement(v) is not None}

    def _placement(self, v):
        """The picks after picking ``v``, or None when no option allows it."""
        if v in self.picked.values():
            return None
        for k in self.steps:
            if self.picked[k] is None:
                trial = dict(self.picked, **{k: v})
                if self._allowed(trial):
                    return trial
        # v fits only a filled step: it takes that step, its value moves to an open step
        for k in self.steps:
            old = self.picked[k]
            if old is None:
                continue
            for k2 in self.steps:
                if self.picked[k2] is None:
                    trial = dict(self.picked, **{k: v, k2: old})
                    if self._allowed(trial):
                        return trial
        return None

    # -- picking ----------------------------------------------------------------------
    def pick(self, v) -> bool:
        trial = self._placement(v)
        if trial is None:
            return False
        for k in self.steps:
            if trial[k] != self.picked[k] and k in self.order:
                self.order.remove(k)
        for k in self.steps:
            if trial[k] is not None and k not in self.order:
                self.order.append(k)
        self.picked = trial
        return True

    def drop(self, v) -> bool:
        for k in self.steps:
            if self.picked[k] == v and v is not None:
                self.picked[k] = None
                self.order.remove(k)
                return True
        return False

    def back(self):
        """Take back the newest pick; returns its value (None: nothing was picked)."""
        if not self.order:
            return None
        k = self.order.pop()
        v, self.picked[k] = self.picked[k], None
        return v

    def can_swap(self) -> bool:
        if len(self.steps) != 2 or None in self.picked.values():
            return False
        a, b = self.steps
        return self._allowed({a: self.picked[b], b: self.picked[a]})

    def swap(self) -> bool:
        if not self.can_swap():
            return False
        a, b = self.steps
        self.picked[a], self.picked[b] = self.picked[b], self.picked[a]
        return True

    def clear(self):
        self.picked = {k: None for k in self.steps}
        self.order = []

    @property
    def any(self) -> bool:
        return bool(self.order)

    def chosen(self) -> "Choice | None":
        if None in self.picked.values():
            return None
        for ch in self.options:
            if all(ch.parts[k] == v for k, v in self.picked.items()):
                return ch
        return None


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
