"""Playing a card aligned with the enemy, events that cannot occur, disposal (rewrite 2.3.5, 2.3.6(a),
2.3.9; ruling U-7)."""

from squabble.games.struggle import decision, validate
from squabble.games.struggle.core import EVENTS, REQUIRES
from struggle_helpers import action_round_state, choose, dummy_event, options_with


def test_enemy_card_event_first_then_ops(monkeypatch):
    # rewrite 2.3.5(b): resolve first (by the enemy), then conduct operations
    rec = []
    monkeypatch.setitem(EVENTS, 4, dummy_event(rec))
    st = action_round_state(hands={"USSR": [4, 7], "USA": [19]})
    st, _ = choose(st, mode="play", card=4)
    assert set(options_with(st, "mode")) == {"event_first", "ops_first", "space"}
    st, log = choose(st, mode="event_first")
    assert rec == [(4, "USA", "USSR", False)]
    assert 4 in st["discard"]                      # discarded before the operations
    assert set(options_with(st, "mode")) == {"influence", "realign", "coup"}
    st, _ = choose(st, mode="influence")
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="Poland")
    assert st["influence"]["Poland"]["USSR"] == 3
    assert decision(st)["player"] == "USA"


def test_enemy_card_ops_first_then_event(monkeypatch):
    # rewrite 2.3.6(a): the card is not discarded; the enemy resolves it after the operations
    rec = []

    def ev(e):
        rec.append(("event", e.state["influence"]["Poland"]["USSR"]))
    monkeypatch.setitem(EVENTS, 4, ev)
    st = action_round_state(hands={"USSR": [4, 7], "USA": [19]})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="ops_first")
    st, _ = choose(st, mode="influence")
    assert 4 in st["table"]
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="Poland")
    assert rec == [("event", 3)]
    assert 4 in st["discard"] and not st["table"]


def test_starred_enemy_event_that_cannot_occur_is_discarded(monkeypatch):
    # rewrite 2.3.9(b), ruling U-7, classic example 1 (NATO before its prerequisites)
    rec = []
    monkeypatch.setitem(EVENTS, 21, dummy_event(rec))
    monkeypatch.setitem(REQUIRES, 21, lambda state, side: False)
    st = action_round_state(hands={"USSR": [21, 7], "USA": [19]})
    st, _ = choose(st, mode="play", card=21)
    assert "event_first" not in options_with(st, "mode")
    st, _ = choose(st, mode="influence")
    for _ in range(4):
        st, _ = choose(st, mode="influence", country="Poland")
    assert rec == [] and 21 in st["discard"] and 21 not in st["removed"]
    # and its own side cannot choose it for an event that cannot occur
    st2 = action_round_state(hands={"USA": [21], "USSR": []}, phasing="USA")
    st2, _ = choose(st2, mode="play", card=21)
    assert "event" not in options_with(st2, "mode")


def test_starred_event_that_occurs_is_eliminated(monkeypatch):
    rec = []
    monkeypatch.setitem(EVENTS, 8, dummy_event(rec))
    monkeypatch.delitem(REQUIRES, 8, raising=False)
    st = action_round_state(hands={"USSR": [8, 7], "USA": [19]})
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="event")
    assert rec and 8 in st["removed"]


def test_event_not_occurring_inside_its_function_keeps_card(monkeypatch):
    # ruling U-7: an event whose own condition fails goes to the discard pile
    def ev(e):
        e.not_occurred()
    monkeypatch.setitem(EVENTS, 8, ev)
    monkeypatch.delitem(REQUIRES, 8, raising=False)
    st = action_round_state(hands={"USSR": [8, 7], "USA": [19]})
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="event")
    assert 8 in st["discard"]


def test_enemy_card_to_space_race_has_no_event(monkeypatch):
    # rewrite 2.3.7: research discards the card; no event
    rec = []
    monkeypatch.setitem(EVENTS, 4, dummy_event(rec))
    st = action_round_state(hands={"USSR": [4, 7], "USA": [19]})
    st["dice"] = [6]
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="space")
    assert rec == [] and 4 in st["discard"]
    assert validate(st) is None


def test_a_card_whose_event_is_not_registered_is_plain_operations(monkeypatch):
    # a card whose event the engine cannot find is used for ops or space only
    card = 25  # Containment, a US card, played by the USSR with its event taken away
    monkeypatch.delitem(EVENTS, card)
    st = action_round_state(hands={"USSR": [card, 7], "USA": [19]})
    st, _ = choose(st, mode="play", card=card)
    assert not {"event", "event_first", "ops_first"} & set(options_with(st, "mode"))


def test_event_granted_operations_follow_the_rules(monkeypatch):
    # docs/struggle-events-api.md: e.ops, modifiers (U-2) and free coups
    from squabble.games.struggle.events import add_effect
    from squabble.games.struggle.core import HOOKS

    def ev(e):
        if e.step == 0:
            e.step = 1
            e.ops(1, kinds=("coup",), ignore_defcon=True, milops=False, countries=["Poland", "Iran"])
    monkeypatch.setitem(EVENTS, 26, ev)
    monkeypatch.delitem(REQUIRES, 26, raising=False)
    monkeypatch.setitem(HOOKS["ops_mod"], 999, lambda s, a, side, card: 1 if side == "USA" else 0)
    st = action_round_state(hands={"USA": [26], "USSR": []}, phasing="USA", defcon=4,
                            influence={"Poland": (0, 1)})
    add_effect(st, 999, "USA", until="turn")
    st["dice"] = [4]
    st, _ = choose(st, mode="play", card=26)
    st, _ = choose(st, mode="event")
    # free coup: Poland allowed despite DEFCON 4; 2 ops (1 + modifier); no MilOps; DEFCON drops
    assert set(options_with(st, "country")) == {"Poland"}  # Iran has no USSR influence
    st, _ = choose(st, mode="coup", country="Poland")  # 4 + 2 - 6 = 0: nothing
    assert st["milops"]["USA"] == 0 and st["defcon"] == 3
    assert st["influence"]["Poland"] == {"USA": 0, "USSR": 1}


def test_defcon_one_in_headline_loses_for_the_headline_owner(monkeypatch):
    # rewrite 2.1.5(d) with 4.1 (the active side is the side that chose the headline), even when
    # the enemy resolves that enemy-aligned headline
    from squabble.games.struggle.events import degrade_defcon
    from struggle_helpers import headline_state
    monkeypatch.setitem(EVENTS, 7, lambda e: degrade_defcon(e.state))
    monkeypatch.setitem(EVENTS, 19, dummy_event([]))
    monkeypatch.delitem(REQUIRES, 7, raising=False)
    st = headline_state({"USSR": [19], "USA": [7]})
    st["defcon"] = 2
    st, _ = choose(st, mode="headline", card=19)
    st, _ = choose(st, mode="headline", card=7)
    assert st["defcon"] == 1 and st["winner"] == "USSR"


def test_cancel_headline_like_defectors(monkeypatch):
    from squabble.games.struggle.events import cancel_headline
    from struggle_helpers import headline_state
    rec = []
    monkeypatch.setitem(EVENTS, 103, lambda e: rec.append(("defectors", cancel_headline(e.state, "USSR"))))
    monkeypatch.setitem(EVENTS, 8, dummy_event(rec))
    monkeypatch.delitem(REQUIRES, 103, raising=False)
    monkeypatch.delitem(REQUIRES, 8, raising=False)
    st = headline_state({"USSR": [8], "USA": [103]})
    st, _ = choose(st, mode="headline", card=8)
    st, _ = choose(st, mode="headline", card=103)        # 2 vs 2: the USA first
    assert rec == [("defectors", True)]
    assert 8 in st["discard"] and 8 not in st["removed"]  # cancelled, not resolved
    assert validate(st) is None
