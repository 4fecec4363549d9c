"""The choices of a Twilight Struggle game that the couch set-up (setup.py) and the online
"Create an online game" screen (ui/online/menus.py) both offer, with their words: one table each,
no pygame."""

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
