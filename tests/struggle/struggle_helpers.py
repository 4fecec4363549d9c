"""Helpers for the Struggle tests: build a game at a chosen point and answer decisions by keys."""

from __future__ import annotations

from pathlib import Path

from squabble.games.struggle import apply, decision, new_game
from squabble.games.struggle.engine import run
from squabble.games.struggle.events import add_effect
from squabble.games.struggle.validation import expected_cards

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"


def action_round_state(hands=None, phasing="USSR", turn=1, action_round=1, influence=None,
                       clear=False, defcon=5, seed=0, options=None, china="USSR", china_up=True,
                       space=None, dice=None, effects=()):
    """A test-set-up game at the start of an action round of ``phasing``.

    ``hands``: {"USA": [...], "USSR": [...]} (the other cards go to the draw pile, in order);
    ``influence``: {country: (usa, ussr)} set after the standard fixed influence, or on an empty
    map with ``clear=True``; ``china``: holder (None: nobody); ``effects``: [(card, by, {args})]
    put in force before the round starts (so that its round_start and play_options hooks count:
    an effect added afterwards only counts from the next decision on)."""
    st = new_game(seed, options)
    if clear:
        for v in st["influence"].values():
            v["USA"] = v["USSR"] = 0
    for c, (usa, ussr) in (influence or {}).items():
        st["influence"][c] = {"USA": usa, "USSR": ussr}
    st["turn"] = turn
    hands = hands or {}
    st["hands"] = {"USA": list(hands.get("USA", [])), "USSR": list(hands.get("USSR", []))}
    used = set(st["hands"]["USA"]) | set(st["hands"]["USSR"])
    st["deck"] = sorted(expected_cards(st) - used)
    st["discard"], st["removed"], st["table"] = [], [], []
    st["defcon"] = defcon
    st["china"] = {"holder": china, "face_up": china_up}
    if space:
        st["space"] = dict(space)
    st["setup_done"] = True
    st["step"] = "rounds"
    # the round before the one to begin (engine.next_round derives the next from it)
    if phasing == "USSR":
        st["action_round"], st["phasing"] = action_round - 1, ("USA" if action_round > 1 else None)
    else:
        st["action_round"], st["phasing"] = action_round, "USSR"
    st["stack"] = [{"kind": "game"}]
    st["pending"] = None
    st["dice"] = list(dice or [])
    for card, by, *args in effects:
        add_effect(st, card, by, **(args[0] if args else {}))
    run(st)
    return st


def index_of(state, **keys) -> int:
    d = decision(state)
    assert d is not None, "no decision pending"
    for i, o in enumerate(d["options"]):
        if all(o.get(k) == v for k, v in keys.items()):
            return i
    raise AssertionError(f"no option {keys} in {[o for o in d['options']][:12]}")


def choose(state, **keys):
    """Answer the pending decision with the option matching ``keys``; returns (state, log)."""
    return apply(state, index_of(state, **keys))


def options_with(state, key) -> list:
    d = decision(state)
    return [o.get(key) for o in d["options"]]


def play(state, card, use, **more):
    """Play ``card`` from the phasing hand with ``use`` (a mode); returns (state, log)."""
    state, log = choose(state, mode="play", card=card)
    if decision(state) and decision(state)["options"][0].get("mode") != "play" and use:
        state, l2 = choose(state, mode=use, **more)
        log += l2
    return state, log


def headline_state(hands, turn=1, seed=0, space=None, influence=None, clear=False, options=None,
                   effects=()):
    """A test-set-up game at the headline phase of ``turn`` with the given hands (``effects`` as
    in action_round_state: in force before the headline choice)."""
    st = action_round_state(hands={}, turn=turn, seed=seed, space=space, influence=influence,
                            clear=clear, options=options)
    st["hands"] = {"USA": list(hands.get("USA", [])), "USSR": list(hands.get("USSR", []))}
    used = set(st["hands"]["USA"]) | set(st["hands"]["USSR"])
    st["deck"] = sorted(expected_cards(st) - used)
    st["step"] = "headline"
    st["stack"] = [{"kind": "game"}]
    st["pending"] = None
    for card, by, *args in effects:
        add_effect(st, card, by, **(args[0] if args else {}))
    run(st)
    return st


def dummy_event(record, name=None):
    """An event that only records that it ran (and who resolved it)."""
    def fn(e):
        record.append((name or e.card, e.side, e.by, e.headline))
    return fn


# ---------------------------------------------------------------- reading and answering decisions
# (shared by test_events_early.py, test_events_mid.py and test_events_late.py)
def countries(st) -> list:
    """The countries named by the pending decision's options."""
    return [o["country"] for o in decision(st)["options"] if o.get("country")]


def cards(st) -> list:
    """The cards named by the pending decision's options."""
    return [o["card"] for o in decision(st)["options"] if o.get("card")]


def modes(st) -> list:
    return options_with(st, "mode")


def prompt(st) -> str:
    return decision(st)["prompt"]


def player(st) -> str:
    return decision(st)["player"]


def round_prompt(st, side) -> bool:
    """The pending decision is ``side``'s normal card choice at the start of an action round."""
    return prompt(st).startswith("Turn") and f": {side}, play a card" in prompt(st)


def infl(st, c) -> tuple:
    """(USA, USSR) influence in ``c``."""
    v = st["influence"][c]
    return (v["USA"], v["USSR"])


def kind(st, k):
    """Choose the kind of operations if the engine asks it (it does not when only one is legal)."""
    if k in modes(st) and not any(o.get("country") for o in decision(st)["options"]):
        st, _ = choose(st, mode=k)
    return st


def event(st, card, use="event"):
    """The phasing side plays ``card`` and chooses ``use``; returns (state, log)."""
    st, log = choose(st, mode="play", card=card)
    st, log2 = choose(st, mode=use)
    return st, log + log2


def place_all(st, country, n, mode="place"):
    """Answer ``n`` placement (or ``mode``) decisions with ``country``."""
    for _ in range(n):
        st, _ = choose(st, mode=mode, country=country)
    return st


def saved_position(name):
    """A position saved from a real game, ``tests/struggle/positions/<name>`` (loaded as a save)."""
    import json
    from squabble.games.struggle import load
    with open(Path(__file__).resolve().parent / "positions" / name) as f:
        return load(json.load(f))


def star_wars_grain_sales_coup(t):
    """The USA, choosing Star Wars' card from the discard pile: Grain Sales to Soviets (67), the
    drawn card given back, its operations a coup in a battleground (rule 8.1.3: DEFCON 1 in the
    USSR's round when DEFCON was 2).  Plays ``t`` on in place."""
    from squabble.games.struggle import apply_in_place
    from squabble.games.struggle.data import COUNTRIES
    apply_in_place(t, index_of(t, card=67))
    while t["winner"] is None and decision(t)["player"] == "USA":
        d = decision(t)
        keys = [o.get("mode") for o in d["options"]]
        if d["kind"] == "coup_target" or "coup" in keys:
            j = next((k for k, o in enumerate(d["options"]) if o.get("mode") == "coup"
                      and COUNTRIES.get(o.get("country"), {}).get("battleground")), None)
            j = keys.index("coup") if j is None and "coup" in keys else j
        else:
            j = next((k for k, o in enumerate(d["options"]) if "back" in o.get("label", "")), 0)
        apply_in_place(t, j)
