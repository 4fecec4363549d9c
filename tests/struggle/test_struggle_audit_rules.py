"""Rules audit: one test per rule of the rewrite that the other Struggle tests did not pin down yet
(operations, The China Card, the Space Race, the check and reset phases, final scoring, the
Chinese Civil War variant, bidding).  Each test sets up a state, forces the dice, acts through
decision/apply and checks the state."""

from squabble.games.struggle import decision, validate, view
from squabble.games.struggle.bidding import resolve_bids
from squabble.games.struggle.core import EVENTS, HOOKS, REQUIRES, add_effect
from squabble.games.struggle.engine import rounds_for
from struggle_helpers import action_round_state, choose, dummy_event, headline_state, options_with


def countries(st):
    return {o["country"] for o in decision(st)["options"] if o.get("country")}


def kind(st, mode):
    """Choose the kind of operations, when that is asked (a single possible kind is not)."""
    if any(o.get("mode") == mode and "country" not in o for o in decision(st)["options"]):
        st, _ = choose(st, mode=mode)
    return st


def answer_first(st, times):
    for _ in range(times):
        st, _ = choose(st, **{k: v for k, v in decision(st)["options"][0].items() if k != "label"})
    return st


def last_round_of_turn(usa_hand, **kw):
    """The USA's last action round of the turn (the USSR has nothing left to play)."""
    return action_round_state(hands={"USSR": [], "USA": usa_hand}, phasing="USA", action_round=6,
                              china="USA", china_up=False, **kw)


def finish_with_canada(st, card=4, points=3):
    """Play ``card`` (a US card) for influence, every point in Canada (adjacent to the USA)."""
    st, _ = choose(st, mode="play", card=card)
    st = kind(st, "influence")
    for _ in range(points):
        st, _ = choose(st, mode="influence", country="Canada")
    return st


# ---------------------------------------------------------------- spreading influence
def test_access_is_fixed_at_the_start_of_the_round_even_after_an_enemy_event_first(monkeypatch):
    # rewrite 2.3.6(b): only countries that held friendly influence at the *start* of the action
    # round give access; influence an enemy event gave during the round (event first, 2.3.5(b))
    # opens nothing
    def gift(e):
        e.state["influence"]["Costa Rica"]["USSR"] += 1
    monkeypatch.setitem(EVENTS, 4, gift)
    st = action_round_state(hands={"USSR": [4], "USA": [19]}, clear=True,
                            influence={"Poland": (0, 1)})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="event_first")
    assert st["influence"]["Costa Rica"]["USSR"] == 1
    st = kind(st, "influence")
    got = countries(st)
    assert "Poland" in got and "Czechoslovakia" in got
    assert not {"Costa Rica", "Nicaragua", "Honduras", "Panama"} & got


# ---------------------------------------------------------------- The China Card
def test_china_card_bonus_in_southeast_asia_counts_as_asia():
    # rewrite 2.1.10(b) (Asia contains Southeast Asia), 2.3.12, ruling U-1: all 5 in Thailand
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, influence={"Thailand": (0, 1)})
    st, _ = choose(st, mode="play", card=6)
    st = kind(st, "influence")
    for _ in range(5):
        st, _ = choose(st, mode="influence", country="Thailand")
    assert st["influence"]["Thailand"]["USSR"] == 6
    assert decision(st)["player"] == "USA"


def test_china_card_five_realignments_when_all_in_asia():
    # rewrite 2.3.6(c), ruling U-1: realignments are operations; all in Asia gives the fifth
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Pakistan": (9, 0)})
    st["dice"] = [3, 1] * 5           # USSR 3 vs USA 1 + 1 (more influence): 1 removed each time
    st, _ = choose(st, mode="play", card=6)
    st = kind(st, "realign")
    for n in range(5):
        assert decision(st)["player"] == "USSR", n
        st, _ = choose(st, mode="realign", country="Pakistan")
    assert st["influence"]["Pakistan"] == {"USA": 4, "USSR": 0}
    assert decision(st)["player"] == "USA"


def test_china_card_realignment_outside_asia_loses_the_bonus():
    # ruling U-1: one point outside Asia and the play is worth 4
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Pakistan": (9, 0), "Angola": (9, 0)})
    st["dice"] = [3, 1] * 4
    st, _ = choose(st, mode="play", card=6)
    st = kind(st, "realign")
    st, _ = choose(st, mode="realign", country="Angola")
    for _ in range(3):
        st, _ = choose(st, mode="realign", country="Pakistan")
    assert st["influence"]["Pakistan"] == {"USA": 6, "USSR": 0}
    assert decision(st)["player"] == "USA"


# ---------------------------------------------------------------- coups and realignments
def test_coup_smaller_than_enemy_influence_only_removes():
    # rewrite 2.3.6(d): place (result - enemy influence) if positive, remove min(result, enemy)
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Zaire": (4, 1)})
    st["dice"] = [3]                   # 3 + 3 - 2x1 = 4: 4 US removed, none placed
    st, _ = choose(st, mode="play", card=7)
    st = kind(st, "coup")
    st, _ = choose(st, mode="coup", country="Zaire")
    assert st["influence"]["Zaire"] == {"USA": 0, "USSR": 1}
    assert st["milops"]["USSR"] == 3 and st["defcon"] == 4      # Zaire is a battleground


def test_coup_strength_and_milops_use_the_modified_ops(monkeypatch):
    # rewrite 2.3.6(d) "operations value", ruling U-2; classic 7.4.2 example 1: under Red
    # Scare/Purge a 2-ops coup adds 1 to the roll and gains 1 MilOps
    monkeypatch.setitem(HOOKS["ops_mod"], 31, lambda s, a, side, card: -1 if side != a["by"] else 0)
    st = action_round_state(hands={"USA": [22], "USSR": []}, phasing="USA", clear=True,
                            influence={"Angola": (0, 2)})
    add_effect(st, 31, "USSR", until="turn")
    st["dice"] = [4]                   # 4 + 1 - 2x1 = 3: 2 USSR removed, 1 US placed
    st, _ = choose(st, mode="play", card=22)
    st = kind(st, "coup")
    st, _ = choose(st, mode="coup", country="Angola")
    assert st["influence"]["Angola"] == {"USA": 1, "USSR": 0}
    assert st["milops"]["USA"] == 1


def test_no_realignment_where_the_enemy_has_no_influence():
    # rewrite 2.3.6(c): the chosen country must contain enemy influence
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, clear=True,
                            influence={"Angola": (1, 0), "Zaire": (0, 2), "Chile": (0, 0)})
    st, _ = choose(st, mode="play", card=7)
    st = kind(st, "realign")
    assert countries(st) == {"Angola"}


def test_realignment_defender_modifiers_adjacent_and_more_influence():
    # rewrite 2.3.6(c): each side adds 1 per adjacent controlled country (superpowers included)
    # and 1 for more influence; the greater total removes the difference from the other side
    st = action_round_state(hands={"USSR": [10], "USA": [4]}, clear=True,
                            influence={"Afghanistan": (3, 1), "Pakistan": (2, 0), "Iran": (2, 0)})
    # USSR: die 6 + USSR superpower 1 = 7; USA: die 2 + Pakistan 1 + Iran 1 + more influence 1 = 5
    st["dice"] = [6, 2]
    st, _ = choose(st, mode="play", card=10)
    st = kind(st, "realign")
    st, _ = choose(st, mode="realign", country="Afghanistan")
    assert st["influence"]["Afghanistan"] == {"USA": 1, "USSR": 1}


def test_realignment_may_repeat_while_enemy_influence_remains():
    # rewrite 2.3.6(c) note: the same country again, as long as enemy influence is there
    st = action_round_state(hands={"USSR": [8], "USA": [4]}, clear=True,
                            influence={"Angola": (1, 0)})
    st["dice"] = [6, 1]
    st, _ = choose(st, mode="play", card=8)
    st = kind(st, "realign")
    st, _ = choose(st, mode="realign", country="Angola")
    assert st["influence"]["Angola"] == {"USA": 0, "USSR": 0}
    assert decision(st)["player"] == "USA"     # no enemy influence left anywhere: the rest is lost


# ---------------------------------------------------------------- an enemy event after operations
def test_enemy_event_made_impossible_by_the_operations_is_discarded(monkeypatch):
    # rewrite 2.3.6(a) with ruling U-7: operations first, then the enemy's event; if by then it
    # cannot occur, the starred card goes to the discard pile, not out of the game
    rec = []
    monkeypatch.setitem(EVENTS, 27, dummy_event(rec))
    monkeypatch.setitem(REQUIRES, 27, lambda state, side: state["influence"]["Poland"]["USSR"] < 3)
    st = action_round_state(hands={"USSR": [27, 7], "USA": [19]}, clear=True,
                            influence={"Poland": (0, 1)})
    st, _ = choose(st, mode="play", card=27)
    st, _ = choose(st, mode="ops_first")
    for _ in range(4):
        st, _ = choose(st, mode="influence", country="Poland")
    assert rec == [] and 27 in st["discard"] and 27 not in st["removed"]
    assert decision(st)["player"] == "USA"


# ---------------------------------------------------------------- headlines
def test_two_scoring_card_headlines_usa_first():
    # rewrite 4.1.3(a)-(c): both count as 0, the tie goes to the USA
    st = headline_state({"USSR": [3], "USA": [1]}, clear=True,
                        influence={"Iraq": (0, 3), "Japan": (4, 0)})
    st, _ = choose(st, mode="headline", card=3)
    st, log = choose(st, mode="headline", card=1)
    scored = [x.split(" scored")[0] for x in log if " scored" in x]
    assert scored == ["Asia", "Middle East"]
    assert st["vp"] == (3 + 1 + 0) - (3 + 1)       # Asia: USA presence + Japan; ME: USSR


def test_man_in_earth_orbit_of_the_usa_shows_the_ussr_headline(monkeypatch):
    # rewrite 2.1.7(d): the USSR (the enemy of the side in Man in Earth Orbit) chooses first,
    # face up; only then does the USA choose
    for n in (7, 19):
        monkeypatch.setitem(EVENTS, n, dummy_event([]))
    st = headline_state({"USSR": [7], "USA": [19]}, space={"USA": 4, "USSR": 3})
    assert decision(st)["player"] == "USSR"
    st, _ = choose(st, mode="headline", card=7)
    assert decision(st)["player"] == "USA"
    assert view(st, "USA")["headline"]["USSR"] == 7
    # once the USSR reaches Man in Earth Orbit too, the ability is gone: hidden again
    st = headline_state({"USSR": [7], "USA": [19]}, space={"USA": 4, "USSR": 4})
    st, _ = choose(st, mode="headline", card=7)
    assert view(st, "USA")["headline"]["USSR"] == "hidden"


# ---------------------------------------------------------------- the Space Race
def test_animal_in_space_second_attempt_in_the_turn_it_is_reached():
    # rewrite 2.1.7(c) and the classic example: reaching space 2 allows a second attempt at once
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4, 19]}, space={"USA": 0, "USSR": 1})
    st["dice"] = [4]                                  # Animal in Space: 1-4
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="space")
    assert st["space"]["USSR"] == 2 and st["space_attempts"]["USSR"] == 1
    st, _ = choose(st, mode="play", card=19)
    st = kind(st, "influence")
    st, _ = choose(st, mode="influence", country="Canada")
    st, _ = choose(st, mode="play", card=8)
    assert "space" in options_with(st, "mode")
    st["dice"] = [6]
    st, _ = choose(st, mode="space")
    assert st["space_attempts"]["USSR"] == 2 and st["space"]["USSR"] == 2


def test_research_attempts_are_counted_per_turn():
    # rewrite 2.3.7(b): once per turn; the count starts again at the reset phase
    st = last_round_of_turn([4], space={"USA": 0, "USSR": 0})
    st["space_attempts"] = {"USA": 1, "USSR": 1}
    st = finish_with_canada(st)
    assert st["turn"] == 2 and st["space_attempts"] == {"USA": 0, "USSR": 0}


def test_research_eligibility_uses_the_modified_ops(monkeypatch):
    # rewrite 2.3.7(a) "its operations value"; digest convention 8: modifiers count
    monkeypatch.setitem(HOOKS["ops_mod"], 51, lambda s, a, side, card: 1 if side == "USSR" else 0)
    st = action_round_state(hands={"USSR": [10, 7], "USA": [4]})
    st, _ = choose(st, mode="play", card=10)
    assert "space" not in options_with(st, "mode")    # Blockade: 1 op < 2
    st = action_round_state(hands={"USSR": [10, 7], "USA": [4]})
    add_effect(st, 51, "USSR", until="turn")
    st, _ = choose(st, mode="play", card=10)
    assert "space" in options_with(st, "mode")        # 1 + 1 = 2


def test_space_station_is_lost_when_the_enemy_arrives():
    # rewrite 2.1.7(b), (f): eight action rounds only while alone in Space Station
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, turn=5)
    st["space"] = {"USA": 8, "USSR": 7}
    assert rounds_for(st, "USA") == 8
    st["space"] = {"USA": 8, "USSR": 8}
    assert rounds_for(st, "USA") == 7 and rounds_for(st, "USSR") == 7


def test_space_station_reached_in_the_seventh_round_gives_an_eighth():
    # rewrite 2.1.7(b), (f): the rule applies as soon as the marker is there
    st = action_round_state(hands={"USSR": [], "USA": [21, 4]}, phasing="USA", action_round=7,
                            turn=4, space={"USA": 7, "USSR": 0}, china="USSR", china_up=False)
    st["dice"] = [2]                                  # Space Station: 1-2
    st, _ = choose(st, mode="play", card=21)
    st, _ = choose(st, mode="space")
    assert st["space"]["USA"] == 8 and st["vp"] == 2
    assert decision(st)["player"] == "USA" and st["action_round"] == 8
    assert set(options_with(st, "mode")) == {"play", "pass"}


def test_eagle_has_landed_cannot_save_a_held_scoring_card():
    # rewrite 4.2.1 (check phase) comes before 4.3 (reset phase), where 2.1.7(e) lets the side
    # discard: a scoring card still in hand loses first
    st = last_round_of_turn([4, 1], space={"USA": 6, "USSR": 0})
    st = finish_with_canada(st)
    assert st["winner"] == "USSR" and st["end_reason"] == "scoring card held"


def test_eagle_has_landed_ability_lost_when_the_enemy_arrives():
    # rewrite 2.1.7(b): no discard once the other side reaches the space too
    st = last_round_of_turn([4, 5], space={"USA": 6, "USSR": 6})
    st = finish_with_canada(st)
    assert st["turn"] == 2 and 5 in st["hands"]["USA"] and decision(st)["options"][0]["mode"] == "headline"


# ---------------------------------------------------------------- check and reset phases
def test_milops_penalty_can_win_the_game():
    # rewrite 4.2.2(b) with 2.1.2(d): the penalty VP are victory points like any other
    st = last_round_of_turn([4])
    st["vp"] = -17
    st["milops"] = {"USA": 0, "USSR": 5}
    st = finish_with_canada(st)
    assert st["winner"] == "USSR" and st["end_reason"] == "20 victory points"
    assert decision(st) is None and validate(st) is None


def test_milops_penalty_uses_defcon_before_it_improves():
    # rewrite 4.2.2 (check phase) before 4.3.3 (increment DEFCON): DEFCON 2 requires 2
    st = last_round_of_turn([4], defcon=2)
    st["milops"] = {"USA": 2, "USSR": 1}
    st = finish_with_canada(st)
    assert st["vp"] == 1 and st["defcon"] == 3 and st["milops"] == {"USA": 0, "USSR": 0}


def test_defcon_improves_by_one_never_above_five():
    # rewrite 4.3.3 and 2.1.5 (a track of five steps)
    st = last_round_of_turn([4], defcon=5)
    st["milops"] = {"USA": 5, "USSR": 5}
    st = finish_with_canada(st)
    assert st["defcon"] == 5 and st["vp"] == 0


def test_late_war_nine_cards_and_held_cards_kept():
    # rewrite 4.1.1: draw *up to* nine from turn four; held cards stay in hand
    st = action_round_state(hands={"USSR": [], "USA": [4, 5]}, phasing="USA", action_round=7,
                            turn=8, china="USA", china_up=False)
    st = finish_with_canada(st)
    assert st["turn"] == 9
    assert len(st["hands"]["USA"]) == 9 and 5 in st["hands"]["USA"]
    assert len(st["hands"]["USSR"]) == 9


# ---------------------------------------------------------------- scoring
def test_europe_scoring_adjacent_to_enemy_superpower_bonus():
    # rewrite 2.1.10(e): 1 per controlled country next to the enemy superpower (Finland, Poland
    # and Romania for the USA; Canada for the USSR), 1 per battleground
    st = action_round_state(hands={"USSR": [2], "USA": [4]}, clear=True,
                            influence={"Finland": (4, 0), "Poland": (3, 0), "Canada": (0, 4),
                                       "E. Germany": (0, 3)})
    st, log = choose(st, mode="play", card=2)
    # USA: presence 3 + Poland battleground 1 + Finland and Poland next to the USSR 2 = 6
    # USSR: presence 3 + E. Germany battleground 1 + Canada next to the USA 1 = 5
    assert st["vp"] == 1


def test_final_scoring_is_not_cut_short_at_twenty_vp():
    # rewrite 4.4.1: every region is scored simultaneously, then the greater score wins
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=7, turn=10,
                            china="USA", china_up=False, clear=True,
                            influence={"Angola": (0, 3), "Brazil": (3, 0)})
    st["milops"] = {"USA": 5, "USSR": 5}
    st["vp"] = -19
    st = finish_with_canada(st)
    # Africa USSR 1 + 1 = 2, South America USA 2 + 1 = 3, China Card USA 1: -19 + 2 = -17
    assert st["vp"] == -17 and st["winner"] == "USSR" and st["end_reason"] == "final scoring"


def test_final_scoring_counts_southeast_asia_only_inside_asia():
    # rewrite 4.4.1 lists six regions; Southeast Asia is part of Asia (2.1.10(b)), not scored apart
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=7, turn=10,
                            china=None, clear=True, influence={"Thailand": (0, 2)},
                            options={"chinese_civil_war": True})
    st["milops"] = {"USA": 5, "USSR": 5}
    st["ccw"] = 0
    st = finish_with_canada(st)
    # Asia: USSR presence 3 + Thailand battleground 1 = 4 (no Southeast Asia 2 on top)
    assert st["vp"] == -4 and st["winner"] == "USSR"


# ---------------------------------------------------------------- Chinese Civil War, bidding
def test_chinese_civil_war_third_point_brings_the_china_card_face_up():
    # rewrite 3.1.2 and (d): 1 op a point as if adjacent to the USSR; at 3 the USSR holds it,
    # face up, and may play it in its next action round
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4, 19]}, china=None,
                            options={"chinese_civil_war": True})
    st, _ = choose(st, mode="play", card=7)
    st = kind(st, "influence")
    for _ in range(3):
        st, _ = choose(st, mode="ccw")
    assert st["ccw"] == 3 and st["china"] == {"holder": "USSR", "face_up": True}
    assert decision(st)["player"] == "USA"
    assert "ccw" not in options_with(st, "mode")
    st, _ = choose(st, mode="play", card=19)
    st = kind(st, "influence")
    assert "ccw" not in options_with(st, "mode")      # 3.1.2(b): never the USA
    st, _ = choose(st, mode="influence", country="Canada")
    assert 6 in options_with(st, "card")


def test_bidding_one_side_only_gets_its_side_without_handicap():
    # rewrite 3.2.2: a player choosing no side bids zero; the other plays its side of choice
    got = resolve_bids({"side": "USSR", "number": 3}, {"side": None, "number": 5})
    assert got == {"sides": ["USSR", "USA"], "handicap": None}
    got = resolve_bids({"side": None, "number": 0}, {"side": "USA", "number": 2})
    assert got == {"sides": ["USSR", "USA"], "handicap": None}


# ---------------------------------------------------------------- the Space Race track, box by box
# rewrite 2.1.7(a), 2.3.7, 2.3.7(a): (ops needed, highest roll, VP first, VP second) per box
TRACK = {1: (2, 3, 2, 1), 2: (2, 4, 0, 0), 3: (2, 3, 2, 0), 4: (2, 4, 0, 0), 5: (3, 3, 3, 1),
         6: (3, 4, 0, 0), 7: (3, 3, 4, 2), 8: (4, 2, 2, 0)}
#: USSR cards by printed ops (no event is triggered when the USSR plays its own card)
USSR_CARD = {1: 10, 2: 8, 3: 7, 4: 56}


def research_state(box, ussr_before, usa_at, ops):
    return action_round_state(hands={"USSR": [USSR_CARD[ops], 12], "USA": [4]}, turn=4,
                              space={"USSR": ussr_before, "USA": usa_at})


def test_space_race_ops_needed_roll_and_vp_of_every_box():
    for box, (need, top, first, second) in TRACK.items():
        # too few ops: no attempt offered
        if need > 1:
            st = research_state(box, box - 1, 0, need - 1)
            st, _ = choose(st, mode="play", card=USSR_CARD[need - 1])
            assert "space" not in options_with(st, "mode"), box
        # first to arrive, with the highest roll that succeeds
        st = research_state(box, box - 1, 0, need)
        st["dice"] = [top]
        st, _ = choose(st, mode="play", card=USSR_CARD[need])
        st, _ = choose(st, mode="space")
        assert st["space"]["USSR"] == box and st["vp"] == -first, box
        # second to arrive
        st = research_state(box, box - 1, box, need)
        st["dice"] = [1]
        st, _ = choose(st, mode="play", card=USSR_CARD[need])
        st, _ = choose(st, mode="space")
        assert st["space"]["USSR"] == box and st["vp"] == -second, box
        # one more than the range fails
        st = research_state(box, box - 1, 0, need)
        st["dice"] = [top + 1]
        st, _ = choose(st, mode="play", card=USSR_CARD[need])
        st, _ = choose(st, mode="space")
        assert st["space"]["USSR"] == box - 1 and st["vp"] == 0 and USSR_CARD[need] in st["discard"]


def test_china_card_coup_respects_the_defcon_limit_in_asia():
    # rewrite 2.1.5(b): at DEFCON 3 no coup in Asia, so the China Card's Asia point is useless
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, defcon=3, clear=True,
                            influence={"Thailand": (2, 0), "Angola": (1, 0)})
    st["dice"] = [3]
    st, _ = choose(st, mode="play", card=6)
    st = kind(st, "coup")
    assert countries(st) == {"Angola"}
    st, _ = choose(st, mode="coup", country="Angola")   # 3 + 4 - 2x1 = 5: 4 ops, not 5
    assert st["influence"]["Angola"] == {"USA": 0, "USSR": 4}
    assert st["milops"]["USSR"] == 4 and st["defcon"] == 2


def test_defectors_headlined_by_the_ussr_keeps_the_normal_order(monkeypatch):
    # rewrite 4.1.3(c): higher ops first; Defectors' "resolve first" (FAQ #103) is the US
    # headline's cancellation only: a USSR-headlined Defectors (2 ops) waits for a 3-ops US headline
    rec = []
    for n in (4, 103):
        monkeypatch.setitem(EVENTS, n, dummy_event(rec))
    st = headline_state({"USSR": [103], "USA": [4]})
    st, _ = choose(st, mode="headline", card=103)
    st, _ = choose(st, mode="headline", card=4)
    assert [r[0] for r in rec] == [4, 103]
    rec.clear()
    st = headline_state({"USSR": [7], "USA": [103]})       # the US Defectors still goes first
    monkeypatch.setitem(EVENTS, 7, dummy_event(rec))
    st, _ = choose(st, mode="headline", card=7)
    st, _ = choose(st, mode="headline", card=103)
    assert [r[0] for r in rec] == [103, 7]


def test_optional_cards_join_with_their_period():
    # rewrite 4.3.4 (cards of a period join the draw pile at turns 4 and 8); the optional cards
    # 107-108 (Mid War) and 109-110 (Late War) come only with the option
    for optional, expect in ((False, set()), (True, {107, 108})):
        st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=6,
                                turn=3, china="USA", china_up=False,
                                options={"optional_cards": optional})
        st = finish_with_canada(st)
        every = set(st["deck"] + st["hands"]["USA"] + st["hands"]["USSR"])
        assert st["turn"] == 4 and {107, 108} & every == expect and not {109, 110} & every
        assert validate(st) is None
    st = action_round_state(hands={"USSR": [], "USA": [40]}, phasing="USA", action_round=7,
                            turn=7, china="USA", china_up=False, options={"optional_cards": True})
    st, _ = choose(st, mode="play", card=40)
    st = kind(st, "influence")
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="Canada")
    every = set(st["deck"] + st["hands"]["USA"] + st["hands"]["USSR"])
    assert st["turn"] == 8 and {109, 110} <= every


def test_milops_classic_example_defcon_four_two_short():
    # rewrite 4.2.2; classic "Required Military Operations" example: DEFCON 4, the USA has 2
    # MilOps -> the USSR gains 2 VP
    st = last_round_of_turn([4], defcon=4)
    st["milops"] = {"USA": 2, "USSR": 4}
    st = finish_with_canada(st)
    assert st["vp"] == -2 and st["turn"] == 2


def test_an_eighth_action_round_from_an_event_may_be_declined(monkeypatch):
    # rewrite 4.1.4 with 2.1.7(f): an eighth action round is optional; North Sea Oil's "may play
    # 8 cards" (digest 086: "whether to use the extra round") gives one the same way
    monkeypatch.setitem(HOOKS["action_rounds"], 86,
                        lambda s, a, side, n: max(n, 8) if side == "USA" else n)
    st = action_round_state(hands={"USSR": [], "USA": [21, 4]}, phasing="USA", action_round=7,
                            turn=8, china="USSR", china_up=False)
    add_effect(st, 86, "USA", until="turn")
    st, _ = choose(st, mode="play", card=21)
    st = kind(st, "influence")
    for _ in range(4):
        st, _ = choose(st, mode="influence", country="Canada")
    assert st["action_round"] == 8 and decision(st)["player"] == "USA"
    assert set(options_with(st, "mode")) == {"play", "pass"}
    st, _ = choose(st, mode="pass")
    assert st["turn"] == 9 and 4 in st["hands"]["USA"]
    # the seventh action round of a turn with Space Station in the Early War is not optional
    st = action_round_state(hands={"USSR": [], "USA": [21, 4]}, phasing="USA", action_round=7,
                            space={"USA": 8, "USSR": 0}, china="USSR", china_up=False)
    assert "pass" not in options_with(st, "mode")
