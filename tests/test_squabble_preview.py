"""What an option would do (squabble/games/squabble/preview.py): the engine applies the option to
a copy; the table's previews, prompts and the options' ``warning`` / ``risk`` (COMMON contract 2)
come from it.  R1: America's own cloud is +4, Russia's -4."""

from squabble.games.squabble import engine as E
from squabble.games.squabble import preview as P
from tests.squabble_helpers import act, card, pass_counters, pending, play_both, turn_start


def _counter_spot(bop):
    """Era 1: America 2 (Berlin Airlift) against Russia 3 (First Lightning); America keeps
    Marshall Plan (Counter 3) and decides first when the balance favours it."""
    s = turn_start(era=1, bop=bop)
    s = play_both(s, ("First Lightning", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    return s


def _index(s, mode, **keys):
    d = E.decision(s)
    return next(i for i, o in enumerate(d["options"])
                if o["mode"] == mode and all(o.get(k) == v for k, v in keys.items()))


def test_preview_of_a_staged_counter_is_where_the_token_lands():
    # rb phase 6-7: the countered card is worth nothing; the marker must count the counter
    s = _counter_spot(bop=1)
    assert pending(s) == ("counter", "USA")
    opt = ("counter", card("Marshall Plan"))
    lands = P.preview(s, opt)["lands"]
    assert P.preview(s, ("pass",))["lands"] == 0        # 2 against 3: one space toward Russia
    s, _ = act(s, "counter", card=card("Marshall Plan"))
    s = pass_counters(s)
    assert lands == s["bop"] == 3


def test_counter_onto_your_own_cloud_is_a_warning_and_passing_is_not():
    s = _counter_spot(bop=2)
    d = E.decision(s)
    by_mode = {o["mode"]: o for o in d["options"]}
    assert "Mushroom Cloud" in by_mode["counter"]["warning"]
    assert "warning" not in by_mode["pass"]
    assert P.preview(s, ("counter", card("Marshall Plan")))["cloud"] == "own"
    # the options themselves are unchanged: same modes, same order as options()
    assert [o["mode"] for o in d["options"]] == [o[0] for o in E.options(s)]
    assert "warning" not in s["pending"]


def test_leaving_the_cloud_one_space_away_is_a_risk():
    s = _counter_spot(bop=1)
    o = E.decision(s)["options"][_index(s, "counter")]
    assert "warning" not in o and "one space from your own cloud" in o["risk"]


def test_a_shift_onto_your_own_cloud_is_a_warning():
    # R2: the Space 2 shift is a choice because it can land on your own cloud
    s = turn_start(era=1, bop=-3, space=(0, 1))
    s = play_both(s, ("Cominform", "First Lightning"), ("Operation Paperclip", "Berlin Airlift"))
    while pending(s)[0] in ("counter", "tokens"):
        s, _ = E.apply(s, len(E.decision(s)["options"]) - 1)
    assert pending(s) == ("shift", "USSR"), pending(s)
    d = E.decision(s)
    shift = d["options"][_index(s, "shift")]
    assert "lose" in shift["warning"]
    assert "warning" not in d["options"][_index(s, "pass")]


def test_a_card_that_could_reach_your_cloud_is_a_risk_with_the_threshold():
    # at card play the other card is hidden: the risk names how low it must be
    s = turn_start(era=1, bop=2)
    s, _ = act(s, "play", bop=card("Cominform"), space=card("Berlin Blockade"))
    d = E.decision(s)
    marshall = next(o for o in d["options"] if o["bop"] == card("Marshall Plan"))
    paperclip = next(o for o in d["options"] if o["bop"] == card("Operation Paperclip"))
    assert "if Russia's is worth 1 or less" in marshall["risk"]
    assert "risk" not in paperclip and "warning" not in paperclip


def test_token_values_under_treaty_of_rome_come_from_the_engine():
    # R13 Treaty of Rome: tokens always add, so matching the printed value no longer makes it 0
    s = turn_start(era=1, tokens=(3, 3), events=True, event="treaty-of-rome")
    s = play_both(s, ("Berlin Blockade", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    assert pending(s) == ("tokens", "USSR")
    assert P.preview(s, ("tokens", 2, 0))["bop_value"] == 4
    plain = turn_start(era=1, tokens=(3, 3))
    plain = play_both(plain, ("Berlin Blockade", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    assert P.preview(plain, ("tokens", 2, 0))["bop_value"] == 0


def test_decision_context_says_what_is_asked():
    s = _counter_spot(bop=1)
    ctx = E.decision(s)["context"]
    assert ctx["side"] == "USA" and ctx["phase"] == 6 and ctx["era"] == 1
    assert ctx["target"] == card("First Lightning") and ctx["need"] == 3
    assert ctx["can_counter"] is True and ctx["cloud_distance"] == 3


def test_era_5_asks_for_no_token_that_can_no_longer_matter():
    # R11 / R12: after era 5 the game ends; a Socio-Economic token taken then is never used
    s = turn_start(era=5, tokens=(1, 1))
    s = play_both(s, ("Reykjavik Summit", "Mir"), ("Operation Desert Storm", "Tear Down This Wall"))
    kinds = []
    while s["winner"] is None:
        d = E.decision(s)
        kinds.append(d["kind"])
        s, _ = E.apply(s, len(d["options"]) - 1 if d["kind"] == "counter" else 0)
    assert s["space"]["USA"] == 1                       # America reached space 1 in era 5
    assert "take_token" not in kinds and "take_tokens" not in kinds
    assert E.validate(s) is None


def test_an_option_that_moves_nothing_is_no_risk():
    # at one space from its cloud, declining the Space 2 shift changes nothing: no amber
    s = turn_start(era=1, bop=-3, space=(0, 1))
    s = play_both(s, ("Cominform", "First Lightning"), ("Operation Paperclip", "Berlin Airlift"))
    while pending(s)[0] in ("counter", "tokens"):
        s, _ = E.apply(s, len(E.decision(s)["options"]) - 1)
    assert pending(s) == ("shift", "USSR") and s["bop"] == -3
    d = E.decision(s)
    assert "risk" not in d["options"][_index(s, "pass")]
    assert "warning" in d["options"][_index(s, "shift")]


def test_every_decision_of_random_games_says_what_it_is():
    # issue 19: every DECISION carries its kind and a context from the engine; warnings only
    # as option keys, never in the stored pending decision
    import random
    for seed in range(200):
        s = E.new_game(seed, {"events": seed % 2 == 1})
        rnd = random.Random(seed)
        while s["winner"] is None:
            d = E.decision(s)
            ctx = d["context"]
            assert d["kind"] == s["pending"]["kind"] and ctx["side"] == d["player"]
            assert ctx["era"] == s["era"] and ctx["phase"] == s["phase"]
            assert set(s["pending"]) == {"kind", "player"}
            assert len(d["options"]) == len(E.options(s))
            s, _ = E.apply(s, rnd.randrange(len(d["options"])))


def test_a_preview_changes_nothing_and_sees_what_a_whole_copy_would():
    """A preview copies only the parts of the state an option changes (``P.TAKEN``): over
    whole random games, each option's preview is the same as on a whole copy, and the state
    is left as it was."""
    import json
    import random
    from squabble.games import registry
    game, rnd = registry.get("squabble"), random.Random(11)
    checked = 0
    for options in ({}, {"events": True}):
        for _ in range(4):
            s = game.new(rnd.randrange(1 << 30), dict(options))
            while E.decision(s) is not None:
                before = json.dumps(s)
                for opt in E.options(s):
                    light = P.preview(s, opt)
                    real, P.copy_for_take = P.copy_for_take, E.clone
                    try:
                        assert P.preview(s, opt) == light
                    finally:
                        P.copy_for_take = real
                    assert json.dumps(s) == before, opt
                    checked += 1
                s, _ = E.apply(s, rnd.randrange(len(E.options(s))))
    assert checked > 200
