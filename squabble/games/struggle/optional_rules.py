"""The rules a Struggle game may add by option (docs/struggle.md, "Options of a game").

* ``designer_realignment`` -- the classic rules' Designer Optional Rules, "Realignment Rolls":
  realignments ignore DEFCON's regions, the realigning side never loses influence in the country
  it targets, and one card's operations may buy influence and realignment rolls together (no
  influence where these operations realigned, no realignment where they placed influence).
* ``space_race_optional_roll`` -- the Designer Optional Rules, "The Space Race": a side that puts
  a card on the Space Race may choose not to roll (the card is spent, the marker stays).
* ``reveal_held_cards`` -- the classic sequence of play's step 6, "Reveal Held Card (Tournament
  only)": at the end of each turn, after the military operations check, both sides show the
  cards they hold.

The engine (engine.py) asks ``option_on`` where a rule changes; everything else is here.
"""

from __future__ import annotations

from squabble.games.logline import LogLine

from .core import research
from .data import SPACE_RACE, card_name
from .events import opt, start_task, task

#: the options of this module, all off by default
OPTIONAL_RULES = ("designer_realignment", "space_race_optional_roll", "reveal_held_cards")


def option_on(state: dict, name: str) -> bool:
    """Whether optional rule ``name`` is in force (a game saved before these options existed
    has none of them)."""
    return bool(state["options"].get(name))


# ---------------------------------------------------------------- Realignment Rolls
def mixing(state: dict, frame: dict) -> bool:
    """May this operations step buy influence and realignment rolls together?  Only with the
    designer rule, and only where the operations allow both (a card's operations; never an
    event that offers one kind, such as Glasnost's)."""
    return (option_on(state, "designer_realignment") and "influence" in frame["kinds"]
            and "realign" in frame["kinds"])


def mixed_kinds(state: dict, frame: dict, kinds: list) -> list:
    """The kinds of operations to offer: with mixing, influence and realignments are one kind
    (the one named "influence"), since either leads to the same choices."""
    if mixing(state, frame) and "influence" in kinds and "realign" in kinds:
        return [k for k in kinds if k != "realign"]
    return kinds


def kind_label(state: dict, frame: dict, kind: str, label: str) -> str:
    if mixing(state, frame) and kind in ("influence", "realign"):
        return "Influence and realignments"
    return label


def record_target(frame: dict, key: str, country: str) -> None:
    """Note that these operations placed influence in (``key`` "influenced") or realigned
    (``key`` "realigned") ``country``."""
    got = frame.setdefault(key, [])
    if country not in got:
        got.append(country)


def realign_protected(state: dict) -> bool:
    """The realigning side loses no influence in the country it targets."""
    return option_on(state, "designer_realignment")


# ---------------------------------------------------------------- The Space Race
def put_on_space_race(state: dict, side: str, log=None) -> bool:
    """After a card was put on the Space Race: with the optional roll, start the step that asks
    whether to roll (True; the caller returns and lets it run), else False (roll now)."""
    if not option_on(state, "space_race_optional_roll"):
        return False
    start_task(state, "space_roll", side)
    return True


@task("space_roll")
def space_roll(e):
    """The side that put a card on the Space Race rolls, or does not (the attempt is used)."""
    st, side = e.state, e.side
    if e.step == 0:
        e.step = 1
        box = SPACE_RACE[st["space"][side]]
        e.ask(side, f"{side}: roll for the Space Race ({box['name']}: 1-{box['roll_max']})?",
              [opt(f"Roll the die ({box['name']}: needs 1-{box['roll_max']})", mode="roll"),
               opt("Do not roll: the card is spent, the marker stays", mode="no_roll")],
              "space_roll")
        return
    if e.answer["mode"] == "roll":
        research(st, side, e.log)
        return
    st["space_attempts"][side] += 1
    e.say(f"{side} puts a card on the Space Race and does not roll.", "space_no_roll", side=side)


# ---------------------------------------------------------------- Reveal Held Card
def reveal_held_cards(state: dict, log=None) -> None:
    """Both sides show every card they hold (classic sequence of play, step 6): one public log
    line, kind "held_cards", data ``cards`` {"USA": [...], "USSR": [...]} and ``turn``.  The
    state keeps what was shown (``state["held_shown"]``, public: the computer player knows
    those cards are in the enemy's hand while they stay there)."""
    if not option_on(state, "reveal_held_cards") or state["winner"] is not None:
        return
    held = {s: sorted(state["hands"][s]) for s in ("USA", "USSR")}
    state["held_shown"] = held
    if log is None:
        return
    parts = [f"the {s} holds " + (", ".join(card_name(c) for c in held[s]) or "no card")
             for s in ("USA", "USSR")]
    text = f"Held cards revealed: {parts[0]}; {parts[1]}."
    log.append(LogLine(text, "held_cards", cards=held, turn=state["turn"]))


__all__ = ["OPTIONAL_RULES", "option_on", "mixing", "mixed_kinds", "kind_label", "record_target",
           "realign_protected", "put_on_space_race", "reveal_held_cards"]
