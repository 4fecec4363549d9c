"""A side's view carries the engine's stack as the side may see it (issue 52): no frame's record
of how a call began, no card hidden from the side in any frame; ``redeal`` turns a view into a
whole state consistent with it (the same deal as from the whole state), and the computer player
chooses the same from a side's view as from the whole state.

The positions: whole random games (from the start, and from test set-ups deep in the Mid and
Late War, with the optional cards and rules), the saved positions of real games, and every
decision of Our Man in Tehran (the one event whose frame holds cards of the draw pile: the USA
looks at them, the USSR may not) and of a headline being chosen."""

import json
import random

import pytest

from squabble.ai import choose
from squabble.ai.struggle import choose_struggle
from squabble.games.struggle import apply, check_invariants, decision, new_game, redeal, view
from squabble.games.struggle.data import CARDS
from squabble.games.struggle.frames import (CARD_KEYS, DATA_KEYS, PRIVATE_CARD_KEYS,
                                            PUBLIC_CARD_KEYS)
from squabble.games.struggle.query import HIDDEN, hidden_from
from squabble.games.struggle.validation import expected_cards
from struggle_helpers import (action_round_state, cards, choose as answer, event,
                              headline_state)
from test_struggle_ai import POSITIONS

SIDES = ("USA", "USSR")
OPT = {"optional_cards": True}


def stack_cards(stack, keys) -> list:
    """Every value under ``keys`` (card keys) of the frames, their data and their ret."""
    out = []
    for f in stack:
        for part in (f, f.get("data"), f.get("ret")):
            if isinstance(part, dict):
                for k in keys:
                    v = part.get(k)
                    out += v if isinstance(v, list) else [v] if k in part else []
    return out


def without_pending(st) -> dict:
    st = json.loads(json.dumps(st))
    st.pop("pending")
    return st


def check_position(st, seeds=(3,)):
    """The view's stack of each side hides every card of hidden_from; a redeal of the view is
    the redeal of the state, a whole game whose view is the view again."""
    for side in SIDES:
        v = view(st, side)
        hidden = hidden_from(st, side)
        assert len(v["stack"]) == len(st["stack"])
        assert not any("resume" in f for f in v["stack"])
        # no hidden card under a key that is not public; the public ones as they are (the card
        # in play, a card an event showed: even Missile Envy in the enemy's hand again)
        private = stack_cards(v["stack"], PRIVATE_CARD_KEYS)
        assert not hidden & {c for c in private if isinstance(c, int)}, side
        assert stack_cards(v["stack"], PUBLIC_CARD_KEYS) == \
            stack_cards(st["stack"], PUBLIC_CARD_KEYS)
        for f in st["stack"]:    # every key of an event's data is known to hold cards or not
            assert set(f.get("data") or {}) <= set(CARD_KEYS) | set(DATA_KEYS), f
        for seed in seeds:
            got = redeal(v, side, seed)
            assert without_pending(got) == without_pending(redeal(st, side, seed))
            assert json.loads(json.dumps(view(got, side))) == json.loads(json.dumps(v))
            assert sorted(got["deck"] + got["hands"]["USA"] + got["hands"]["USSR"]
                          + got["table"] + got["discard"] + got["removed"]) == \
                sorted(expected_cards(got))
            if (v["pending"] or {}).get("options"):   # the deal plays on (the deciding side's)
                apply(got, len(v["pending"]["options"]) - 1)


def random_game(st, rnd, most=400):
    """(state) at every decision of a random game from ``st``, up to ``most``."""
    n = 0
    while st["winner"] is None and n < most:
        yield st
        d = decision(st)
        st, _ = apply(st, rnd.randrange(len(d["options"])))
        n += 1


def deep_start(seed):
    """A test set-up at the start of a Mid or Late War turn, random hands, the optional cards."""
    rnd = random.Random(seed)
    turn = rnd.choice((5, 8, 9))
    st = action_round_state(turn=turn, options=OPT, seed=seed)
    pool = sorted(st["deck"])
    rnd.shuffle(pool)
    return action_round_state(hands={"USA": pool[:8], "USSR": pool[8:16]}, turn=turn,
                              options=OPT, seed=seed, defcon=rnd.choice((3, 4, 5)),
                              phasing=rnd.choice(SIDES))


@pytest.mark.parametrize("seed", range(6))
def test_no_view_shows_a_hidden_card_in_a_frame_in_random_games(seed):
    rnd = random.Random(seed)
    starts = [new_game(seed, {**OPT, "reveal_held_cards": seed % 2 == 0}), deep_start(seed),
              deep_start(seed + 100)]
    n = 0
    for start in starts:
        for st in random_game(start, rnd):
            check_position(st)
            n += 1
    assert n > 100


def test_saved_positions_of_real_games():
    for st in POSITIONS:
        check_position(st, seeds=(1, 2))


def omit_state():
    """The USA resolving Our Man in Tehran: it looks at the top five cards of the draw pile."""
    st = action_round_state(hands={"USA": [108, 52], "USSR": [36, 21]}, phasing="USA", turn=8,
                            options=OPT, clear=True, influence={"Israel": (4, 0)})
    random.Random(4).shuffle(st["deck"])
    top = list(st["deck"][:5])
    st, _ = event(st, 108)
    assert decision(st)["player"] == "USA" and cards(st) == top
    return st, top


def test_our_man_in_tehran_shows_its_five_cards_to_the_usa_only():
    st, top = omit_state()
    usa, ussr = view(st, "USA"), view(st, "USSR")
    assert usa["stack"][-1]["data"]["looked"] == top
    assert ussr["stack"][-1]["data"]["looked"] == [HIDDEN] * 5
    assert not set(top) & hidden_from(st, "USA") and set(top) <= hidden_from(st, "USSR")
    # the USSR's deal: five cards of the pile's top in the frame; the USA's: its own five on top
    d = redeal(ussr, "USSR", 9)
    assert d["stack"][-1]["data"]["looked"] == d["deck"][:5] and d["deck"][:5] != top
    d = redeal(usa, "USA", 9)
    assert d["deck"][:5] == top and not set(top) & set(d["hands"]["USSR"])
    check_position(st, seeds=(1, 2, 3))
    # each decision of the event, and after it
    st, _ = answer(st, mode="discard", card=top[1])
    check_position(st)
    assert view(st, "USSR")["stack"][-1]["data"]["looked"] == [HIDDEN] * 4
    st, _ = answer(st, mode="done")
    check_position(st)


def test_missile_envy_in_the_enemys_hand_stays_the_card_in_play():
    """The USSR resolves Missile Envy: the USA gives it its US card of the most ops, Missile Envy
    goes to the US hand (public), and the USSR conducts operations with the card taken.  The
    event's frame still names Missile Envy in the USSR's view, though the card is in a hand
    hidden from it; the computer player plays on from the view as from the state."""
    st = action_round_state(hands={"USSR": [49, 7], "USA": [19, 4]}, turn=4)
    st, _ = event(st, 49)
    assert 49 in st["hands"]["USA"] and 49 in hidden_from(st, "USSR")
    d = decision(st)
    assert d["player"] == "USSR"
    v = view(st, "USSR")
    assert [f.get("card") for f in v["stack"]] == [f.get("card") for f in st["stack"]]
    assert 49 in [f.get("card") for f in v["stack"]]
    check_position(st, seeds=(1, 2, 3))
    while decision(st) and decision(st)["player"] == "USSR":
        k = choose("struggle", view(st, "USSR"), "easy", 5)
        assert k == choose_struggle(st, "easy", 5)
        st, _ = apply(st, k)
        check_position(st)


def test_a_headline_being_chosen_is_hidden_in_the_view_and_dealt_again():
    st = headline_state({"USSR": [7, 21, 31], "USA": [4, 19, 23]}, turn=2)
    first = decision(st)["player"]
    st, _ = answer(st, mode="headline", card=st["hands"][first][0])
    second = decision(st)["player"]
    assert second != first
    v = view(st, second)
    assert v["headline"][first] == HIDDEN
    check_position(st, seeds=(1, 2, 3))
    got = redeal(v, second, 5)
    assert got["headline"][first] in got["table"] and got["headline"][first] in CARDS


@pytest.mark.parametrize("level", ["greedy", "easy", "normal"])
def test_the_computer_chooses_the_same_from_the_sides_view(level):
    rnd = random.Random(11)
    positions = [omit_state()[0]] + POSITIONS[::4]
    for st in random_game(deep_start(7), rnd, 60):
        positions.append(st)
    n = 0
    for k, st in enumerate(positions):
        d = decision(st)
        if d is None or len(d["options"]) < 2:
            continue
        side = d["player"]
        got = choose("struggle", view(st, side), level, k)
        assert 0 <= got < len(d["options"])
        assert got == choose_struggle(st, level, k), (k, d["kind"])
        n += 1
    assert n > 15


def test_a_view_that_does_not_add_up_is_refused_in_one_sentence():
    st, _ = omit_state()
    v = view(st, "USSR")
    v["deck"] += 3
    with pytest.raises(ValueError, match="does not add up"):
        redeal(v, "USSR", 1)
    assert check_invariants(st) is None
