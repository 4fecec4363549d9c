"""Playing a card: influence, realignment, coups, DEFCON limits (rewrite 2.1.5, 2.1.9, 2.3.4-2.3.6),
with the worked examples of the classic rules."""

from squabble.games.struggle import decision, validate
from squabble.games.struggle.core import controls
from struggle_helpers import action_round_state, choose, options_with


def countries(st):
    return [o.get("country") for o in decision(st)["options"] if o.get("country")]


# ---------------------------------------------------------------- control
def test_control_of_israel_classic_example():
    # rewrite 2.1.9(c); classic "Controlling Countries" example: Israel, stability 4
    st = action_round_state(hands={"USSR": [7]})
    for usa, ussr, ctrl in [(4, 0, True), (5, 1, True), (3, 0, False), (5, 2, False), (8, 4, True)]:
        st["influence"]["Israel"] = {"USA": usa, "USSR": ussr}
        assert controls(st, "USA", "Israel") is ctrl
        assert not controls(st, "USSR", "Israel")


# ---------------------------------------------------------------- spreading influence
def test_turkey_influence_costs_two_then_one():
    # rewrite 2.3.6(b) and its note; classic example: US 2 in Turkey, USSR spends a 4-ops card
    # a 4-ops card for the USSR: Red Scare/Purge
    st = action_round_state(hands={"USSR": [31], "USA": [4]}, influence={"Turkey": (2, 0)})
    st, _ = choose(st, mode="play", card=31)
    st, _ = choose(st, mode="influence")
    opts = {o["country"]: o["amount"] for o in decision(st)["options"]}
    assert opts["Turkey"] == 2                      # the US controls Turkey: 2 ops a point
    st, _ = choose(st, mode="influence", country="Turkey")
    opts = {o["country"]: o["amount"] for o in decision(st)["options"]}
    assert opts["Turkey"] == 1                      # control changed: now 1 op a point
    st, _ = choose(st, mode="influence", country="Turkey")
    st, _ = choose(st, mode="influence", country="Turkey")
    assert st["influence"]["Turkey"] == {"USA": 2, "USSR": 3}
    assert decision(st)["player"] == "USA"          # 4 ops spent: the action round is over
    assert validate(st) is None


def test_turkey_with_one_us_influence_costs_one():
    # classic example, second part: with 1 US influence Turkey is not controlled
    st = action_round_state(hands={"USSR": [31], "USA": [4]}, influence={"Turkey": (1, 0)})
    st, _ = choose(st, mode="play", card=31)
    st, _ = choose(st, mode="influence")
    opts = {o["country"]: o["amount"] for o in decision(st)["options"]}
    assert opts["Turkey"] == 1


def test_influence_access_from_start_of_round_panama_example():
    # rewrite 2.3.6(b): adjacent to the superpower or to countries with influence at the *start*
    # of the action round; classic example (Panama, S. Korea: Costa Rica and Colombia, not Nicaragua)
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA", clear=True,
                            influence={"Panama": (1, 0), "S. Korea": (1, 0)})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    got = countries(st)
    assert {"Costa Rica", "Colombia", "Panama", "S. Korea", "N. Korea", "Japan", "Taiwan"} <= set(got)
    assert {"Canada", "Cuba", "Mexico"} <= set(got)           # adjacent to the USA
    assert "Nicaragua" not in got
    st, _ = choose(st, mode="influence", country="Costa Rica")
    assert "Nicaragua" not in countries(st)                  # Costa Rica had no influence at the start
    st, _ = choose(st, mode="influence", country="Colombia")
    st, _ = choose(st, mode="influence", country="S. Korea")
    assert st["influence"]["S. Korea"]["USA"] == 2


def test_influence_costing_two_needs_two_ops_left():
    # rewrite 2.3.6(b): one placement in an enemy-controlled country counts as two
    st = action_round_state(hands={"USSR": [10], "USA": [4]}, influence={"Turkey": (2, 0)})
    st, _ = choose(st, mode="play", card=10)   # Blockade: 1 op
    st, _ = choose(st, mode="influence")
    assert "Turkey" not in countries(st)


# ---------------------------------------------------------------- realignment
def test_north_korea_realignment_classic_example():
    # rewrite 2.3.6(c); classic example: US rolls 5, USSR rolls 2 (+1 adjacent USSR, +1 more
    # influence) = 4: one USSR influence removed from North Korea.  Dice: acting side first.
    st = action_round_state(hands={"USA": [19], "USSR": []}, phasing="USA")
    assert st["influence"]["N. Korea"] == {"USA": 0, "USSR": 3}
    st["dice"] = [5, 2]
    st, _ = choose(st, mode="play", card=19)
    st, log = choose(st, mode="realign")
    st, log = choose(st, mode="realign", country="N. Korea")
    assert st["influence"]["N. Korea"] == {"USA": 0, "USSR": 2}
    assert any("5→5" in line and "2→4" in line for line in log)


def test_realignment_tie_changes_nothing_and_defender_can_win():
    # rewrite 2.3.6(c): the greater modified roll removes the difference of *enemy* influence
    st = action_round_state(hands={"USA": [22], "USSR": []}, phasing="USA",
                            influence={"S. Korea": (1, 0)})
    st["dice"] = [4, 2, 1, 6]          # NK: US 4 vs USSR 2+2 = tie; then US 1 vs USSR 6+2
    st, _ = choose(st, mode="play", card=22)
    st, _ = choose(st, mode="realign")
    st, _ = choose(st, mode="realign", country="N. Korea")
    assert st["influence"]["N. Korea"] == {"USA": 0, "USSR": 3}
    st, _ = choose(st, mode="realign", country="N. Korea")
    assert st["influence"]["N. Korea"] == {"USA": 0, "USSR": 3}   # no US influence to lose there


def test_realignment_counts_adjacent_controlled_countries():
    # rewrite 2.3.6(c): +1 per adjacent country (or superpower) controlled
    st = action_round_state(hands={"USSR": [10], "USA": [4]}, clear=True,
                            influence={"Mexico": (1, 1), "Guatemala": (0, 1)})
    # Mexico: adjacent to the USA (US +1) and Guatemala (USSR controls it: +1)
    st["dice"] = [3, 3]
    st, _ = choose(st, mode="play", card=10)
    st, _ = choose(st, mode="realign")
    st, _ = choose(st, mode="realign", country="Mexico")
    assert st["influence"]["Mexico"] == {"USA": 1, "USSR": 1}  # 4 vs 4: tie


# ---------------------------------------------------------------- coups
def test_mexico_coup_classic_example():
    # rewrite 2.3.6(d); classic example: 3 ops, roll 4: 7 - 2x2 = 3 -> remove 2 USSR, place 1 US
    st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA",
                            influence={"Mexico": (0, 2)})
    st["dice"] = [4]
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Mexico")
    assert st["influence"]["Mexico"] == {"USA": 1, "USSR": 0}
    assert st["milops"]["USA"] == 3
    assert st["defcon"] == 4          # Mexico is a battleground


def test_failed_coup_still_gains_milops_non_battleground_keeps_defcon():
    st = action_round_state(hands={"USA": [19], "USSR": []}, phasing="USA",
                            influence={"Guatemala": (0, 1)})
    st["dice"] = [2]                  # 2 + 1 - 2x1 = 1: remove the 1 USSR influence
    st, _ = choose(st, mode="play", card=19)
    st, _ = choose(st, mode="coup")
    assert set(countries(st)) >= {"Guatemala", "N. Korea", "Syria", "Iraq"}
    assert "Nicaragua" not in countries(st)          # a coup needs enemy influence there
    st, _ = choose(st, mode="coup", country="Syria")  # stability 2: 2 + 1 - 4 < 1
    assert st["influence"]["Syria"] == {"USA": 0, "USSR": 1}
    assert st["milops"]["USA"] == 1 and st["defcon"] == 5


def test_defcon_limits_coups_and_realignments():
    # rewrite 2.1.5(a)-(c)
    infl = {"Poland": (0, 1), "Pakistan": (0, 1), "Egypt": (0, 1), "Angola": (0, 1)}
    expect = {5: {"Poland", "Pakistan", "Egypt", "Angola"}, 4: {"Pakistan", "Egypt", "Angola"},
              3: {"Egypt", "Angola"}, 2: {"Angola"}}
    for defcon, allowed in expect.items():
        for mode in ("coup", "realign"):
            st = action_round_state(hands={"USA": [4], "USSR": []}, phasing="USA", clear=True,
                                    influence=infl, defcon=defcon)
            st, _ = choose(st, mode="play", card=4)
            st, _ = choose(st, mode=mode)
            assert set(countries(st)) == allowed, (defcon, mode)


def test_defcon_one_active_side_loses():
    # rewrite 2.1.5(d) and 2.3.6(d): a battleground coup at DEFCON 2
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, defcon=2,
                            influence={"South Africa": (1, 0)})
    st, _ = choose(st, mode="play", card=7)
    st, log = choose(st, mode="coup")
    st, log = choose(st, mode="coup", country="South Africa")
    assert st["defcon"] == 1 and st["winner"] == "USA"
    assert decision(st) is None
    assert validate(st) is None


def test_coup_ops_limited_to_milops_track():
    st = action_round_state(hands={"USSR": [31], "USA": [4]}, influence={"Iran": (1, 0)})
    st["milops"]["USSR"] = 3
    st["dice"] = [1]
    st, _ = choose(st, mode="play", card=31)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Iran")
    assert st["milops"]["USSR"] == 5


def test_use_options_of_own_card():
    # rewrite 2.3.4: event, operations (one kind only) or research
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    st, _ = choose(st, mode="play", card=7)
    modes = options_with(st, "mode")
    assert {"influence", "realign", "coup", "space"} <= set(modes)
