"""067 Grain Sales to Soviets: the card the USA takes is used through the action round's own
steps (engine.run_use_step), here the Space Race paths (the other uses: test_events_mid.py).

Sources cited: "rewrite" = ../shared/seeds/twilight-struggle-rules-rewrite.md; "digest" =
../shared/reference/twilight-struggle-card-mechanics.md; MW-n = docs/struggle-mid-war.md.
"""

from struggle_helpers import action_round_state, choose, event, infl, round_prompt

MID = 4


def mid(hands, phasing="USSR", **kw):
    return action_round_state(hands=hands, phasing=phasing, turn=MID, **kw)


def test_grain_sales_puts_the_taken_card_on_the_space_race():
    # card 67; digest 067 ("the USA may then play the card", any of its uses, MW-11) and rewrite
    # 2.3.7: the card the USA took goes to the Space Race like one of its own; its USSR event
    # does not occur, and the action round goes on to the USSR
    st = mid({"USA": [67], "USSR": [7]}, phasing="USA", clear=True, dice=[1])
    st, _ = event(st, 67)
    assert any(o["mode"] == "space" for o in st["pending"]["options"])
    st, _ = choose(st, mode="space")
    assert st["space"]["USA"] == 1 and st["space_attempts"]["USA"] == 1
    assert 7 in st["discard"] and 67 in st["discard"] and st["hands"]["USSR"] == []
    assert infl(st, "W. Germany") == (0, 0) and round_prompt(st, "USSR")   # no Socialist Govts


def test_grain_sales_space_race_with_the_optional_roll_asks_then_goes_on():
    # card 67 + the optional rule "The Space Race" (docs/struggle.md): the USA is asked whether
    # to roll for the card it took; declining spends the card and the attempt
    st = mid({"USA": [67], "USSR": [7]}, phasing="USA", clear=True,
             options={"space_race_optional_roll": True})
    st, _ = event(st, 67)
    st, _ = choose(st, mode="space")
    assert st["pending"]["player"] == "USA" and {o["mode"] for o in st["pending"]["options"]} \
        == {"roll", "no_roll"}
    st, _ = choose(st, mode="no_roll")
    assert st["space"]["USA"] == 0 and st["space_attempts"]["USA"] == 1
    assert 7 in st["discard"] and 67 in st["discard"] and round_prompt(st, "USSR")
