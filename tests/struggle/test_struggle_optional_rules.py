"""The optional rules of a Struggle game (squabble/games/struggle/optional_rules.py).

Sources cited: "classic DOR" = the classic rules' "Designer Optional Rules" (Realignment Rolls,
The Space Race); "classic SoP 6" = the classic sequence of play's step 6, "Reveal Held Card
(Tournament only)" and its section F.  Each sentence of the designer realignment section is a test
below (the rule quoted in the test's first comment).
"""

import json

import pytest

from squabble.games.logline import data_of, kind_of
from squabble.games.struggle import decision, new_game, parse_options, validate
from squabble.games.struggle.data import CARDS
from squabble.games.struggle.validation import load
from squabble.protocol import Session as Engine
from struggle_helpers import action_round_state, choose, countries, options_with

DESIGNER = {"designer_realignment": True}
NO_ROLL = {"space_race_optional_roll": True}
REVEAL = {"reveal_held_cards": True}


def _modes(st) -> list:
    return options_with(st, "mode")


def _targets(st, mode) -> set:
    return {o["country"] for o in decision(st)["options"] if o.get("mode") == mode}


# ---------------------------------------------------------------- Realignment Rolls
def test_designer_realignments_ignore_defcon_regions():
    # classic DOR: "Realignment rolls are not subject to geographic DEFCON restrictions. That is,
    # countries in any regions may be targeted for Realignment rolls regardless of the current
    # DEFCON level."  Coups keep the DEFCON limits (rewrite 2.1.5).
    infl = {"Poland": (0, 1), "Pakistan": (0, 1), "Egypt": (0, 1), "Angola": (0, 1)}
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA", clear=True,
                            influence=infl, defcon=2, options=DESIGNER)
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")          # influence and realignments: one kind
    assert _targets(st, "realign") == set(infl)
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA", clear=True,
                            influence=infl, defcon=2, options=DESIGNER)
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    assert set(countries(st)) == {"Angola"}


def test_designer_rule_the_realigning_side_loses_no_influence():
    # classic DOR: "The phasing player may not lose Influence in a country targeted for
    # Realignment."  N. Korea, USA 2 / USSR 3: US die 1 vs USSR die 6 +1 (the USSR next door)
    # +1 (more influence) = 8.  Without the rule the USA loses its 2 influence there; with it
    # nothing changes.  When the realigning side wins, the enemy still loses influence.
    for opts, after in ((None, {"USA": 0, "USSR": 3}), (DESIGNER, {"USA": 2, "USSR": 3})):
        st = action_round_state(hands={"USA": [19], "USSR": []}, phasing="USA",
                                influence={"N. Korea": (2, 3)}, options=opts, dice=[1, 6])
        st, _ = choose(st, mode="play", card=19)
        if "realign" in _modes(st) and not any(o.get("country") for o in decision(st)["options"]):
            st, _ = choose(st, mode="realign")
        elif opts:
            st, _ = choose(st, mode="influence")
        st, log = choose(st, mode="realign", country="N. Korea")
        assert st["influence"]["N. Korea"] == after, opts
        assert [data_of(x)["removed"] for x in log if kind_of(x) == "realign"] == [2 - after["USA"]]
    st = action_round_state(hands={"USA": [19], "USSR": []}, phasing="USA",
                            influence={"N. Korea": (2, 3)}, options=DESIGNER, dice=[6, 1])
    st, _ = choose(st, mode="play", card=19)
    st, _ = choose(st, mode="influence")
    st, _ = choose(st, mode="realign", country="N. Korea")
    assert st["influence"]["N. Korea"] == {"USA": 2, "USSR": 0}    # 6 vs 1+2: 3 USSR removed


def test_designer_rule_realignment_odds_show_no_loss_for_the_realigning_side():
    # classic DOR: the phasing player may not lose influence where it realigns, so the odds the
    # engine offers the window and the computer say it can lose nothing there.
    from squabble.games.struggle import query as Q
    for opts, loses in ((None, True), (DESIGNER, False)):
        st = action_round_state(hands={"USA": [19], "USSR": []}, phasing="USA",
                                influence={"N. Korea": (2, 3)}, options=opts)
        r = Q.realign_odds(st, "USA", "N. Korea")
        assert (r["lose"] > 0) is loses and (r["expected"] < 0) is loses, opts


def test_designer_rule_operations_buy_influence_and_realignments_at_normal_costs():
    # classic DOR: "Operations points may be used to purchase both Influence markers and
    # Realignment rolls, at normal costs, ..."  3 ops: 1 influence in S. Korea (1 op), one
    # realignment roll in N. Korea (1 op), then 1 op left (Japan); influence where the enemy
    # controls costs 2 (N. Korea), elsewhere 1 (rewrite 2.3.6(b)).
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA", options=DESIGNER,
                            dice=[3, 3])
    st, _ = choose(st, mode="play", card=4)
    assert "realign" not in _modes(st)            # one kind: influence and realignments
    label = [o["label"] for o in decision(st)["options"] if o["mode"] == "influence"][0]
    assert label.startswith("Influence and realignments")
    st, _ = choose(st, mode="influence")
    assert "S. Korea" in _targets(st, "influence") and "N. Korea" in _targets(st, "realign")
    assert decision(st)["prompt"].startswith("Influence and realignments: 3 ops left")
    st, _ = choose(st, mode="influence", country="S. Korea")
    st, _ = choose(st, mode="realign", country="N. Korea")
    assert decision(st)["prompt"].startswith("Influence and realignments: 1 op left")
    assert st["influence"]["S. Korea"]["USA"] == 2
    st, _ = choose(st, mode="influence", country="Japan")
    assert decision(st)["options"][0]["mode"] == "play"            # the USSR's round
    costs = {o["country"]: o["amount"] for o in decision(
        _fresh_mixed())["options"] if o.get("mode") == "influence"}
    assert costs["N. Korea"] == 2 and costs["S. Korea"] == 1        # normal costs


def _fresh_mixed():
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA", options=DESIGNER)
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    return st


def test_designer_rule_no_influence_where_these_operations_realigned():
    # classic DOR: "... but Influence markers may not be placed in a country already targeted
    # with a Realignment roll during the current action round, ..."
    st = _fresh_mixed()
    st["dice"] = [6, 1]
    assert "N. Korea" in _targets(st, "influence")
    st, _ = choose(st, mode="realign", country="N. Korea")
    assert st["influence"]["N. Korea"] == {"USA": 0, "USSR": 0}
    assert "N. Korea" not in _targets(st, "influence") and "S. Korea" in _targets(st, "influence")
    # the next action round is a new one: the USA may place there again with its next card
    assert st["stack"][-1]["realigned"] == ["N. Korea"]


def test_designer_rule_no_realignment_where_these_operations_placed_influence():
    # classic DOR: "... and Realignment rolls may not be targeted at countries that have had
    # Influence markers placed in them during the current action round."
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA", options=DESIGNER,
                            influence={"S. Korea": (1, 1)})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    assert "S. Korea" in _targets(st, "realign")
    st, _ = choose(st, mode="influence", country="S. Korea")
    assert "S. Korea" not in _targets(st, "realign") and "N. Korea" in _targets(st, "realign")
    assert st["influence"]["S. Korea"] == {"USA": 2, "USSR": 1}


def test_without_the_designer_rule_one_kind_per_card():
    # rewrite 2.3.6: one kind of operations per card (the default)
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA")
    st, _ = choose(st, mode="play", card=4)
    assert {"influence", "realign", "coup"} <= set(_modes(st))
    st, _ = choose(st, mode="influence")
    assert set(_modes(st)) == {"influence"}


def test_an_event_offering_one_kind_does_not_mix():
    # the designer rule is about a card's operations; an event that gives operations for one
    # kind only (its choice made) stays one kind: the engine mixes only where both are allowed
    from squabble.games.struggle.events import make_ops_frame
    from squabble.games.struggle.optional_rules import mixing
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA", options=DESIGNER)
    assert not mixing(st, make_ops_frame(st, "USSR", 4, kinds=("realign",)))
    assert mixing(st, make_ops_frame(st, "USSR", 4))


def test_glasnost_still_offers_influence_or_realignments_and_each_stays_one_kind():
    # card 90 with The Reformer (87): "influence placements or realignment rolls" -- the
    # designer rule does not merge an event's own choice of kind
    st = action_round_state(hands={"USSR": [90], "USA": [4]}, turn=8, options=DESIGNER,
                            effects=[(87, "USSR")], influence={"Poland": (1, 1)})
    st, _ = choose(st, mode="play", card=90)
    st, _ = choose(st, mode="event")
    assert [o.get("kind") for o in decision(st)["options"]] == ["influence", "realign", None]
    st, _ = choose(st, mode="use", kind="realign")
    assert set(_modes(st)) == {"realign"} and "Poland" in _targets(st, "realign")


# ---------------------------------------------------------------- The Space Race
def _space_play(opts, dice=()):
    st = action_round_state(hands={"USA": [4, 5], "USSR": []}, phasing="USA", options=opts,
                            dice=list(dice))
    st, _ = choose(st, mode="play", card=4)
    return choose(st, mode="space")


def test_optional_space_roll_may_not_roll():
    # classic DOR, The Space Race: "A player who 'dumps' a card on the Space Race may, at his
    # choice, elect not to roll the die (thus forgoing any chance of advancing on the track)."
    st, _ = _space_play(NO_ROLL, dice=[1])
    d = decision(st)
    assert d["player"] == "USA" and [o["mode"] for o in d["options"]] == ["roll", "no_roll"]
    assert d["kind"] == "space_roll" and d["context"]["card"] == 4     # says what it asks
    st, log = choose(st, mode="no_roll")
    assert st["space"]["USA"] == 0 and 4 in st["discard"] and st["dice"] == [1]   # no die rolled
    assert st["space_attempts"]["USA"] == 1                        # the attempt of the turn is used
    assert [kind_of(x) for x in log if kind_of(x).startswith("space")] == ["space_no_roll"]
    assert validate(json.loads(json.dumps(st))) is None


def test_optional_space_roll_rolling_is_the_normal_attempt():
    # classic DOR + rewrite 2.3.7: choosing to roll is the usual attempt (1-3 succeeds in box 1)
    st, _ = _space_play(NO_ROLL, dice=[1])
    assert validate(json.loads(json.dumps(st))) is None   # a save while the question is asked
    st, log = choose(st, mode="roll")
    assert st["space"]["USA"] == 1 and st["space_attempts"]["USA"] == 1
    assert [kind_of(x) for x in log if kind_of(x) == "space"] == ["space"]


def test_without_the_option_the_space_race_rolls_at_once():
    st, log = _space_play(None, dice=[1])
    assert st["space"]["USA"] == 1 and decision(st)["options"][0]["mode"] == "play"


# ---------------------------------------------------------------- Reveal Held Card
def _end_turn(opts, usa_hand=(4, 22), ussr_hand=(7,)):
    """The USA's last action round of turn 1 (round 6, the USSR has played all of its own)."""
    st = action_round_state(hands={"USSR": list(ussr_hand), "USA": list(usa_hand)},
                            phasing="USA", action_round=6, options=opts, china="USA",
                            china_up=False)
    st["milops"] = {"USA": 5, "USSR": 5}
    st, log = choose(st, mode="play", card=usa_hand[0])
    st, l2 = choose(st, mode="influence")
    log += l2
    while st["turn"] == 1:
        st, more = choose(st, **{k: v for k, v in decision(st)["options"][0].items()
                                 if k not in ("label", "warning", "risk")})
        log += more
    return st, log


def test_held_cards_are_revealed_at_the_end_of_each_turn():
    # classic SoP 6 and F: "both players should reveal any held cards to their opponents" --
    # after the military operations check (step 5), before The China Card turns face up (step 7)
    st, log = _end_turn(REVEAL)
    kinds = [kind_of(x) for x in log]
    assert kinds.count("held_cards") == 1
    line = log[kinds.index("held_cards")]
    assert data_of(line) == {"cards": {"USA": [22], "USSR": [7]}, "turn": 1}
    # public: the line's text names every card it shows (the log's privacy rule)
    assert all(CARDS[c]["name"] in str(line) for c in (22, 7))
    assert kinds.index("held_cards") < kinds.index("turn")
    assert st["china"]["face_up"] is True


def test_held_cards_reveal_names_an_empty_hand():
    st, log = _end_turn(REVEAL, usa_hand=(4,), ussr_hand=())
    line = [x for x in log if kind_of(x) == "held_cards"][0]
    assert data_of(line)["cards"] == {"USA": [], "USSR": []} and "no card" in str(line)


def test_without_the_option_nothing_is_revealed():
    st, log = _end_turn(None)
    assert "held_cards" not in [kind_of(x) for x in log]


def test_held_cards_moment_is_a_public_reveal():
    # the Struggle scene's moments: a reveal (kind "reveal") shows its cards face up to both
    # players, so in hot-seat the held cards are public
    from squabble.ui.struggle.moments import moment_for
    st, log = _end_turn(REVEAL)
    line = [x for x in log if kind_of(x) == "held_cards"][0]
    m = moment_for(kind_of(line), data_of(line), str(line))
    assert m.kind == "reveal" and m.cards == [22, 7] and m.lines[0] == str(line)


# ---------------------------------------------------------------- options: new, saves, protocol
def test_options_default_off_and_parse():
    assert all(new_game(1)["options"][k] is False
               for k in ("designer_realignment", "space_race_optional_roll", "reveal_held_cards"))
    got = parse_options({"designer_realignment": True, "reveal_held_cards": True})
    assert got["designer_realignment"] and got["reveal_held_cards"]
    assert not got["space_race_optional_roll"]
    with pytest.raises(ValueError, match="designer_realignment must be true or false"):
        parse_options({"designer_realignment": "yes"})


def test_saves_check_the_options_and_accept_games_saved_before_them():
    st = new_game(3, {"space_race_optional_roll": True})
    assert validate(json.loads(json.dumps(st))) is None
    old = json.loads(json.dumps(st))
    for k in ("designer_realignment", "space_race_optional_roll", "reveal_held_cards"):
        del old["options"][k]
    assert load(old)["options"].get("space_race_optional_roll") is None    # loads: all off
    bad = json.loads(json.dumps(st))
    bad["options"]["reveal_held_cards"] = 1
    assert "reveal_held_cards must be true or false" in validate(bad)


def test_protocol_new_takes_the_options_and_squabble_refuses_them():
    eng = Engine()
    out = eng.handle_line(json.dumps({"cmd": "new", "game": "struggle", "seed": 1, "options": {
        "designer_realignment": True, "space_race_optional_roll": True,
        "reveal_held_cards": True}}))
    assert "error" not in json.dumps(out).lower()[:40], out
    out = eng.handle_line(json.dumps({"cmd": "new", "game": "squabble", "seed": 1,
                                      "options": {"designer_realignment": True}}))
    text = json.dumps(out)
    assert "designer_realignment" in text and "error" in text.lower()


# ---------------------------------------------------------------- the computer player
ALL = {"designer_realignment": True, "space_race_optional_roll": True, "reveal_held_cards": True}


def _ai_game_steps(levels, n, seed):
    """``n`` decisions chosen by the computer player from a Mid War action round at DEFCON 2
    (the designer rule opens Europe, Asia and the Middle East to realignments there): each a
    legal index, the invariants kept, the state valid."""
    import random
    from squabble.ai.struggle import choose_struggle
    from squabble.games.struggle import apply_in_place, check_invariants
    st = action_round_state(hands={"USSR": [7, 8, 10, 31, 14], "USA": [4, 5, 19, 22, 35]},
                            turn=4, defcon=2, options=ALL, seed=seed,
                            influence={"Poland": (1, 2), "Iran": (2, 1), "Japan": (3, 1)})
    rnd = random.Random(seed)
    chosen = []
    for _ in range(n):
        d = decision(st)
        if d is None:
            break
        i = choose_struggle(st, levels[d["player"]], rnd.randrange(1 << 30))
        assert 0 <= i < len(d["options"])
        chosen.append(d["options"][i])
        apply_in_place(st, i)
        assert check_invariants(st) is None
    assert validate(json.loads(json.dumps(st))) is None
    return chosen


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_computer_levels_play_legally_with_the_optional_rules(level):
    chosen = _ai_game_steps({"USA": level, "USSR": level}, 40, 5)
    assert len(chosen) == 40


def test_hard_plays_a_few_legal_decisions_with_the_optional_rules():
    assert len(_ai_game_steps({"USA": "hard", "USSR": "normal"}, 6, 6)) == 6


def test_computer_rolls_for_the_space_race_and_realigns_where_the_designer_rule_allows():
    # the choices come from the engine's options: the roll question is answered "roll" by normal
    # and hard (rolling never costs anything); a realignment in Europe at DEFCON 2 is one of the
    # options it may weigh
    from squabble.ai.struggle import choose_struggle
    st, _ = _space_play(NO_ROLL, dice=[])
    for level in ("normal", "hard"):
        assert decision(st)["options"][choose_struggle(st, level, 3)]["mode"] == "roll"
    st = action_round_state(hands={"USA": [4], "USSR": [7]}, phasing="USA", clear=True,
                            influence={"Poland": (0, 1)}, defcon=2, options=DESIGNER)
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    assert "Poland" in _targets(st, "realign")
    i = choose_struggle(st, "normal", 1)
    assert 0 <= i < len(decision(st)["options"])


def test_the_computer_keeps_the_revealed_held_cards_in_the_enemy_hand():
    # classic SoP 6: what was shown is public; the computer's guess of the enemy's hidden hand
    # (determinize) keeps the shown cards that are still there, and deals the rest anew
    from squabble.ai.struggle_eval import determinize
    st, _ = _end_turn(REVEAL)
    assert st["held_shown"] == {"USA": [22], "USSR": [7]} and 7 in st["hands"]["USSR"]
    assert validate(json.loads(json.dumps(st))) is None
    for seed in range(8):
        d = determinize(st, "USA", seed)
        assert 7 in d["hands"]["USSR"] and len(d["hands"]["USSR"]) == len(st["hands"]["USSR"])
    st2, _ = _end_turn(None)
    assert "held_shown" not in st2
    assert any(7 not in determinize(st2, "USA", s)["hands"]["USSR"] for s in range(8))
