"""The engine's words (issue 50, item 13): "1 op" (one operations point, one realignment roll),
one full stop after a name that ends in one ("U.K."), and Blockade saying which effect made a
discarded card worth 3 ops."""

import json

from squabble.games.logline import kind_of
from squabble.games.struggle import decision, load, protocol_state
from squabble.games.struggle.operations import do_coup
from struggle_helpers import action_round_state, choose, event, saved_position


def test_one_operations_point_is_one_op():
    # Truman Doctrine (19): 1 op for the USA
    st = action_round_state(hands={"USA": [19], "USSR": [7]}, phasing="USA",
                            influence={"Iran": (1, 2)})
    st, _ = choose(st, mode="play", card=19)
    labels = [o["label"] for o in decision(st)["options"]]
    assert "Spread influence with 1 op" in labels and not any("1 ops" in x for x in labels)
    st, _ = choose(st, mode="realign")
    assert decision(st)["prompt"].startswith("Realignment: 1 roll left")
    log = []
    do_coup(st, "USA", "Iran", 1, log=log)
    assert " with 1 op: " in [x for x in log if kind_of(x) == "coup"][0]


def test_a_save_that_says_1_ops_still_loads():
    st = saved_position("summit_defcon2.json")
    assert "Spread influence with 1 op" in [o["label"] for o in decision(st)["options"]]
    old = json.loads(json.dumps(protocol_state(st)))
    old["pending"]["options"][1]["label"] = "Spread influence with 1 ops"
    assert load(old)["pending"]["options"][1]["label"] == "Spread influence with 1 op"


def test_a_name_ending_in_a_full_stop_ends_the_sentence_once():
    st = action_round_state(hands={"USA": [4], "USSR": [7]}, phasing="USA")
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    st, log = choose(st, mode="influence", country="U.K.")
    assert "USA places 1 influence in U.K." in log
    assert not any(".." in x for x in log)


def test_blockade_says_containment_made_the_card_worth_3():
    # Decolonization (30): 2 ops, 3 for the USA under Containment (25)
    st = action_round_state(hands={"USSR": [10], "USA": [30]}, effects=[(25, "USA")],
                            influence={"W. Germany": (2, 0)})
    st, _ = event(st, 10)
    st, log = choose(st, mode="discard", card=30)
    assert ("Blockade: the USA discards Decolonization (3 ops: 2, +1 with Containment)."
            in log), log
