"""The choices of a Twilight Struggle game that the couch set-up (setup.py) and the online
"Create an online game" screen (ui/online/menus.py) both offer, with their words: one table each
(``option_rows``: the set-up's rows, the one place their labels are written)."""

from __future__ import annotations

HANDICAPS = [None] + [("USSR", k) for k in (1, 2, 3, 4, 5, 6)] + [("USA", k) for k in (1, 2, 3, 4,
                                                                                       5, 6)] \
    + ["bid"]
#: the rulebooks' optional rules (games/struggle/optional_rules.py): set-up row label, and what
#: the note under the rows says while the row has the focus
OPTIONAL_RULES = {
    "designer_realignment": ("Designer realignment rules",
                             "Designer optional rule: realignments ignore DEFCON's regions, the "
                             "realigning side never loses influence where it realigns, and one "
                             "card's operations may buy influence and realignment rolls together "
                             "(not in the same country)."),
    "space_race_optional_roll": ("Space Race: may choose not to roll",
                                 "Designer optional rule: a side that puts a card on the Space "
                                 "Race may decline to roll; the card is spent and the marker "
                                 "stays."),
    "reveal_held_cards": ("Reveal held cards (tournament)",
                          "Tournament rule: at the end of each turn both sides show the cards "
                          "they hold to each other."),
}


def handicap_words(hc) -> str:
    if hc is None:
        return "None"
    if hc == "bid":
        return "Secret bids for sides (two players)"
    return f"{hc[0]} places {hc[1]} extra influence"


def handicap_option(hc) -> dict | None:
    """The ``handicap`` option of ``new`` for a row's value (None for none or for bids)."""
    if hc is None or hc == "bid":
        return None
    return {"side": hc[0], "influence": hc[1]}


def option_rows(online: bool = False) -> list:
    """The game's own options as set-up rows: one table for the couch set-up and the online
    "Create an online game" screen, with the same words.  Online, the secret bids for sides are
    a choice of the side, not a handicap."""
    from squabble.ui.option_setup import OptionRow, on_off
    handicaps = [h for h in HANDICAPS if not (online and h == "bid")]
    bids_make_it = (lambda o: o.get("side") != "bid") if online else None
    return [OptionRow("optional", "Optional cards 104-110", [False, True], on_off),
            OptionRow("ccw", "Chinese Civil War", [False, True], on_off),
            OptionRow("handicap", "Handicap", handicaps, handicap_words, enabled=bids_make_it,
                      reason="The secret bids for sides make the handicap.")] + \
        [OptionRow(k, label, [False, True], on_off) for k, (label, _) in OPTIONAL_RULES.items()]


def online_note(key: str, choice: dict) -> str:
    """What the online create screen's focused row means (the couch set-up's notes)."""
    if key in OPTIONAL_RULES:
        return OPTIONAL_RULES[key][1]
    if key == "side" and choice.get("side") == "bid":
        return ("Once your friend joins, each of you secretly names the side you want and how "
                "much extra influence you would give the other side to get it; the higher bid "
                "wins its side (rules 3.2.2).")
    return ""


def options_of(opts: dict) -> dict:
    """The engine's new-game options of the rows' values."""
    options = {"optional_cards": bool(opts.get("optional")),
               "chinese_civil_war": bool(opts.get("ccw"))}
    options.update({k: True for k in OPTIONAL_RULES if opts.get(k)})
    if handicap_option(opts.get("handicap")):
        options["handicap"] = handicap_option(opts["handicap"])
    return options
