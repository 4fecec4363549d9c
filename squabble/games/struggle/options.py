"""The options of a Twilight Struggle game (the protocol's ``new`` options): their defaults and
their check."""

from __future__ import annotations

from .bidding import MAX_BID

DEFAULT_OPTIONS = {"optional_cards": False, "chinese_civil_war": False, "handicap": None,
                   # the rulebooks' optional rules (optional_rules.py), all off by default
                   "designer_realignment": False, "space_race_optional_roll": False,
                   "reveal_held_cards": False}
#: the true-or-false options
FLAG_OPTIONS = ("optional_cards", "chinese_civil_war", "designer_realignment",
                "space_race_optional_roll", "reveal_held_cards")


def parse_options(options) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError("Struggle options must be an object.")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise ValueError(f"Unknown Struggle option {unknown[0]!r} (known: "
                         f"{', '.join(DEFAULT_OPTIONS)}).")
    out = dict(DEFAULT_OPTIONS)
    for key in FLAG_OPTIONS:
        if key in options:
            if not isinstance(options[key], bool):
                raise ValueError(f"Option {key} must be true or false.")
            out[key] = options[key]
    hc = options.get("handicap")
    if hc is not None:
        if not isinstance(hc, dict) or set(hc) - {"side", "influence"}:
            raise ValueError('Option handicap must be {"side": "USA"|"USSR", "influence": n}.')
        side = hc.get("side")
        amount = hc.get("influence")
        if side not in ("USA", "USSR"):
            raise ValueError('The handicap side must be "USA" or "USSR".')
        if not isinstance(amount, int) or isinstance(amount, bool) or \
                not 0 <= amount <= MAX_BID:
            raise ValueError("The handicap influence must be a whole number from 0 to "
                             f"{MAX_BID}.")
        out["handicap"] = {"side": side, "influence": amount} if amount else None
    return out
