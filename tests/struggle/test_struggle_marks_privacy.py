"""Privacy of the decision's warnings and risks: they are worked out on deals of the cards the
deciding side may not see (``redeal``), never on the real ones, so no mark tells a player
anything about the enemy's hand or the draw pile.  (Found in a game: at DEFCON 2 the USSR's
"Resolve the event of Missile Envy" carried a warning exactly when the USA's best card was
"We Will Bury You" -- the USSR would take it and its event would take DEFCON to 1 in the USSR's
round (rules 2.1.5 d; Missile Envy: the taken card's own event occurs at once).)"""

from squabble.games import struggle as S
from squabble.games.struggle import data as D

from struggle_helpers import action_round_state, play

CARD = {c["name"]: n for n, c in D.CARDS.items()}
WWBY = CARD['"We Will Bury You"']


def envy_state(usa_best):
    """Turn 7, the USSR's action round 2, DEFCON 2: the USSR plays Missile Envy; the USA's
    highest-ops card is ``usa_best`` (4 ops)."""
    st = action_round_state(
        hands={"USSR": [CARD["Missile Envy"], CARD["OPEC"]],
               "USA": [usa_best, CARD["Camp David Accords"], CARD["Alliance for Progress"]]},
        phasing="USSR", turn=7, action_round=2, defcon=2, china=None)
    st, _ = play(st, CARD["Missile Envy"], None)
    return st


def marks(d):
    return [(o["label"], o.get("warning"), o.get("risk")) for o in d["options"]]


def test_missile_envys_event_carries_no_mark_read_from_the_enemys_real_hand():
    fatal = envy_state(WWBY)
    safe = envy_state(CARD["NATO"])
    assert S.decision(fatal)["kind"] == "play_mode"
    # the real outcome differs: with "We Will Bury You" the USSR loses at once
    event = next(i for i, o in enumerate(S.decision(fatal)["options"]) if o["mode"] == "event")
    lost, _ = S.apply(fatal, event)
    assert lost["winner"] == "USA"
    ok, _ = S.apply(safe, event)
    assert ok["winner"] is None
    # ... but the USSR, who cannot see the US hand, is shown the same marks in both
    assert marks(S.decision(fatal)) == marks(S.decision(safe))
