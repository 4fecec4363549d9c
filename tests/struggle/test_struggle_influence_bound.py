"""At the bound ``load`` checks (core.MAX_INFLUENCE), one more influence is never offered, and
whatever places influence logs what was placed (issue 50, item 24)."""

from squabble.games.logline import data_of, kind_of
from squabble.games.struggle import decision
from squabble.games.struggle.core import MAX_INFLUENCE, add_influence
from squabble.games.struggle.operations import do_coup
from struggle_helpers import action_round_state, choose, index_of


def test_operations_never_offer_a_point_past_the_bound():
    st = action_round_state(hands={"USSR": [7], "USA": [4]},
                            influence={"Angola": (0, MAX_INFLUENCE), "Zaire": (0, 1)})
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="influence")
    countries = [o.get("country") for o in decision(st)["options"]]
    assert "Zaire" in countries                        # a neighbour with room is offered
    assert "Angola" not in countries                   # the full one is not


def test_placement_frames_never_offer_a_point_past_the_bound():
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA",
                            influence={"Angola": (MAX_INFLUENCE, 0)})
    from squabble.games.struggle.frames import place_frame
    from squabble.games.struggle.engine import run
    st["stack"].append(place_frame("USA", "USA", 2, ["Angola", "Zaire"], "place"))
    st["pending"] = None
    run(st)
    assert [o["country"] for o in decision(st)["options"]] == ["Zaire"]
    assert index_of(st, country="Zaire") == 0


def test_a_coup_logs_the_influence_it_placed_not_the_roll():
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, dice=[6],
                            influence={"Angola": (1, MAX_INFLUENCE - 1)})
    log = []
    do_coup(st, "USSR", "Angola", 4, log=log)
    assert st["influence"]["Angola"] == {"USA": 0, "USSR": MAX_INFLUENCE}
    coup = [x for x in log if kind_of(x) == "coup"][0]
    assert data_of(coup)["placed"] == 1 and data_of(coup)["removed"] == 1
    assert "1 USSR placed" in str(coup)


def test_add_influence_says_how_many_it_placed():
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, influence={"Angola": (0, 97)})
    assert add_influence(st, "Angola", "USSR", 5) == 2
    assert add_influence(st, "Angola", "USSR", 1) == 0
    assert st["influence"]["Angola"]["USSR"] == MAX_INFLUENCE


def test_an_event_that_doubles_influence_says_what_the_bound_left():
    """Latin American Debt Crisis (the USA without a 3-ops card): USSR 60 in Argentina
    becomes 99, the bound, and the line says so instead of "doubled"."""
    from squabble.games.struggle.data import CARDS
    card = next(n for n, c in CARDS.items() if c["name"] == "Latin American Debt Crisis")
    st = action_round_state(hands={"USSR": [card], "USA": [19]}, turn=8,
                            influence={"Argentina": (0, 60), "Brazil": (0, 1)})
    st, log = choose(st, mode="play", card=card)
    st, more = choose(st, mode="event")
    log += more
    st, more = choose(st, country="Argentina")
    log += more
    assert st["influence"]["Argentina"]["USSR"] == MAX_INFLUENCE
    line = [x for x in log if "Argentina" in x and kind_of(x) == "influence"]
    assert line and "goes from 60 to 99" in line[0] and data_of(line[0])["amount"] == 39


def test_an_event_never_offers_a_country_with_no_room():
    """Special Relationship (105): the U.K.'s neighbours without room for one more point are
    not offered."""
    st = action_round_state(hands={"USA": [105], "USSR": [7]}, phasing="USA",
                            options={"optional_cards": True},
                            influence={"Norway": (MAX_INFLUENCE, 0), "U.K.": (5, 0)})
    st, _ = choose(st, mode="play", card=105)
    st, _ = choose(st, mode="event")
    offered = [o["country"] for o in decision(st)["options"]]
    assert "Norway" not in offered and offered
