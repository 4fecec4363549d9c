"""Scoring cards and final scoring (rewrite 2.1.10, 2.1.11, 2.3.10, 4.4.1)."""

from squabble.games.struggle import decision, validate
from squabble.games.struggle.events.scoring import region_points
from struggle_helpers import action_round_state, choose


def empty(**kw):
    return action_round_state(hands={"USSR": [37, 2, 1, 38, 79, 81, 3], "USA": [4]}, clear=True, **kw)


def test_central_america_scoring_classic_example():
    # classic "Scoring" example: USSR controls Cuba, Haiti, Dominican Rep; USA Guatemala and
    # 1 in Panama -> USSR 3 (domination) + 1 (Cuba) + 1 (Cuba next to the USA) = 5, USA 1
    st = empty(influence={"Cuba": (0, 3), "Haiti": (0, 1), "Dominican Rep": (0, 1),
                          "Guatemala": (1, 0), "Panama": (1, 0)})
    st, log = choose(st, mode="play", card=37)
    assert st["vp"] == -4
    assert "USA 1 (presence), USSR 5 (domination)" in log[-1] or any(
        "USA 1 (presence), USSR 5 (domination)" in x for x in log)
    assert 37 in st["discard"]
    assert decision(st)["player"] == "USA"


def test_domination_needs_a_non_battleground():
    # rewrite 2.1.11(b): more countries, more battlegrounds, and at least one non-battleground
    st = empty(influence={"Cuba": (0, 3), "Mexico": (0, 2), "Guatemala": (1, 0)})
    pts = region_points(st, "Central America")
    assert pts["levels"] == {"USSR": "presence", "USA": "presence"}
    # USSR: presence 1 + 2 battlegrounds + 2 next to the USA
    assert pts["USSR"] == 5 and pts["USA"] == 1


def test_control_needs_every_battleground():
    # rewrite 2.1.11(a)
    st = empty(influence={"Cuba": (0, 3), "Mexico": (0, 2), "Panama": (0, 2), "Haiti": (0, 1)})
    pts = region_points(st, "Central America")
    assert pts["levels"]["USSR"] == "control" and pts["USSR"] == 5 + 3 + 2
    assert pts["levels"]["USA"] is None and pts["USA"] == 0


def test_asia_adjacent_to_enemy_superpower_bonus():
    # rewrite 2.1.10(b): Asia pays 1 per controlled country next to the enemy superpower
    st = empty(influence={"Afghanistan": (2, 0), "N. Korea": (3, 0), "Japan": (0, 4)})
    pts = region_points(st, "Asia")
    # USA: presence 3 + N. Korea battleground 1 + Afghanistan and N. Korea next to the USSR 2
    assert pts["USA"] == 6
    # USSR: presence 3 + Japan battleground 1 + Japan next to the USA 1
    assert pts["USSR"] == 5


def test_middle_east_has_no_adjacency_bonus_and_presence_values():
    st = empty(influence={"Iraq": (0, 3), "Jordan": (2, 0)})
    pts = region_points(st, "Middle East")
    assert pts == {"USA": 3, "USSR": 4, "levels": {"USA": "presence", "USSR": "presence"},
                   "europe_control": None}


def test_southeast_asia_scoring_thailand_counts_twice_and_card_is_removed():
    # rewrite 2.1.10(c); 038 is the only scoring card eliminated
    st = empty(turn=4, influence={"Thailand": (0, 2), "Burma": (0, 2), "Philippines": (2, 0)})
    st, _ = choose(st, mode="play", card=38)
    assert st["vp"] == -(3 - 1)
    assert 38 in st["removed"]
    assert validate(st) is None


def test_europe_control_wins_when_scored():
    # rewrite 2.1.10(e): 100 VP for control = the game
    infl = {"E. Germany": (0, 4), "Poland": (0, 4), "France": (0, 4), "Italy": (0, 4),
            "W. Germany": (0, 5), "Austria": (0, 4)}
    st = empty(influence=infl)
    st, log = choose(st, mode="play", card=2)
    assert st["winner"] == "USSR" and st["end_reason"] == "control of Europe"
    assert decision(st) is None


def test_twenty_vp_wins_at_once():
    # rewrite 2.1.2(d)
    st = empty(influence={"Cuba": (0, 3), "Haiti": (0, 1), "Dominican Rep": (0, 1)})
    st["vp"] = -16
    st, _ = choose(st, mode="play", card=37)
    assert st["winner"] == "USSR" and st["vp"] <= -20


def test_scoring_card_cannot_be_used_for_operations():
    # rewrite 2.3.10(b): a scoring card has no ops: playing it resolves it
    st = empty(influence={"Angola": (0, 3)})
    st, log = choose(st, mode="play", card=79)
    assert any(x.startswith("Africa scored") for x in log)
    assert decision(st)["player"] == "USA"


def test_final_scoring_europe_control_wins_whatever_the_points():
    # rewrite 4.4.1 with 2.1.10(e): control of Europe is worth 100 VP
    infl = {"E. Germany": (4, 0), "Poland": (4, 0), "France": (4, 0), "Italy": (4, 0),
            "W. Germany": (5, 0), "Austria": (4, 0)}
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=7, turn=10,
                            china="USSR", china_up=False, clear=True, influence=infl)
    st["milops"] = {"USA": 5, "USSR": 5}
    st["vp"] = -19
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="Japan")
    assert st["winner"] == "USA" and st["end_reason"] == "control of Europe at final scoring"


def test_final_scoring_exact_total():
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=7, turn=10,
                            china="USSR", china_up=False, clear=True,
                            influence={"Angola": (0, 3), "Brazil": (3, 0), "Chile": (3, 0)})
    st["milops"] = {"USA": 5, "USSR": 5}
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="Japan")  # 3 US in Japan: not controlled (4)
    # Africa USSR 2, South America USA 2 + 2 = 4, Asia nothing, China Card +1 USSR: USA +1
    assert st["vp"] == 1 and st["winner"] == "USA"


def test_final_scoring_draw_and_china_point_decides():
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=7, turn=10,
                            china="USA", china_up=False, clear=True, influence={"Angola": (0, 3)})
    st["milops"] = {"USA": 5, "USSR": 5}
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="Japan")
    # Africa USSR 2, China Card USA 1 -> USSR by 1
    assert st["vp"] == -1 and st["winner"] == "USSR"


def test_scoring_nets_both_sides_before_the_twenty_check():
    # rewrite 2.1.2(d) with 2.1.10's "simultaneously": only the difference moves the marker
    st = empty(influence={"Cuba": (0, 3), "Haiti": (0, 1), "Dominican Rep": (0, 1),
                          "Guatemala": (1, 0), "Panama": (1, 0)})
    st["vp"] = 19                      # USA 1 first would make 20; netted: 19 + 1 - 5 = 15
    st, _ = choose(st, mode="play", card=37)
    assert st["vp"] == 15 and st["winner"] is None
