"""The effects and hooks of the event framework, as the card issues will use them
(docs/struggle-events-api.md section 3)."""

from squabble.games.struggle import apply, decision, validate
from squabble.games.struggle.core import EVENTS, HOOKS, REQUIRES, TASKS
from squabble.games.struggle.events import add_effect, has_effect, remove_effect, start_task
from struggle_helpers import action_round_state, choose, index_of, options_with


def test_can_target_hook_forbids_coups_and_realignments(monkeypatch):
    # a NATO-like effect: the USSR may not coup or realign US-controlled countries in Europe
    def nato(state, args, side, action, country):
        return not (side == "USSR" and action in ("coup", "realign") and country == "Italy")
    monkeypatch.setitem(HOOKS["can_target"], 21, nato)
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, influence={"Italy": (3, 0), "Greece": (1, 0)})
    add_effect(st, 21, "USA")
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    assert "Italy" not in options_with(st, "country") and "Greece" in options_with(st, "country")
    remove_effect(st, 21)
    assert not has_effect(st, 21)
    st, _ = choose(st, mode="coup", country="Greece")


def test_ops_modifiers_stack_and_clamp(monkeypatch):
    # ruling U-2 / U-8: summed, then kept within 1..4
    from squabble.games.struggle.core import ops_value
    monkeypatch.setitem(HOOKS["ops_mod"], 31, lambda s, a, side, card: -1 if side != a["by"] else 0)
    monkeypatch.setitem(HOOKS["ops_mod"], 25, lambda s, a, side, card: 1 if side == "USA" else 0)
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    add_effect(st, 31, "USSR", until="turn")
    add_effect(st, 31, "USSR", until="turn")
    assert ops_value(st, "USA", 4) == 1            # 3 - 2
    assert ops_value(st, "USA", 19) == 1           # never below 1
    add_effect(st, 25, "USA", until="turn")
    assert ops_value(st, "USA", 21) == 3           # 4 + 1 - 2
    remove_effect(st, 31)
    assert ops_value(st, "USA", 21) == 4           # never above 4
    assert ops_value(st, "USSR", 7) == 3


def test_region_bonus_hook_like_vietnam_revolts(monkeypatch):
    # classic example: China Card in Southeast Asia with Vietnam Revolts and Red Scare = 5
    monkeypatch.setitem(HOOKS["ops_bonus"], 9,
                        lambda s, a, side, card: ("Southeast Asia", 1) if side == "USSR" else None)
    monkeypatch.setitem(HOOKS["ops_mod"], 31, lambda s, a, side, card: -1 if side != a["by"] else 0)
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, influence={"Vietnam": (0, 1)})
    add_effect(st, 9, "USSR", until="turn")
    add_effect(st, 31, "USA", until="turn")
    st, _ = choose(st, mode="play", card=6)
    st, _ = choose(st, mode="influence")
    for _ in range(5):
        st, _ = choose(st, mode="influence", country="Vietnam")
    assert st["influence"]["Vietnam"]["USSR"] == 6
    assert decision(st)["player"] == "USA"


def test_until_turn_effects_end_at_reset():
    st = action_round_state(hands={"USSR": [], "USA": [4]}, phasing="USA", action_round=6,
                            china="USA", china_up=False)
    # card numbers whose own events never add effects, so no real hook interferes
    add_effect(st, 37, "USA", until="turn")
    add_effect(st, 79, "USA")
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="influence")
    for _ in range(3):
        st, _ = choose(st, mode="influence", country="Canada")
    assert st["turn"] == 2 and [e["card"] for e in st["effects"]] == [79]


def test_scoring_hook_like_formosan_resolution(monkeypatch):
    def formosan(state, args, ctx):
        if ctx["region"] == "Asia" and "Taiwan" in ctx["controlled"]["USA"]:
            ctx["battlegrounds"].add("Taiwan")
    monkeypatch.setitem(HOOKS["scoring"], 35, formosan)
    st = action_round_state(hands={"USSR": [1], "USA": [4]}, clear=True,
                            influence={"Taiwan": (3, 0), "N. Korea": (0, 3)})
    add_effect(st, 35, "USA")
    st, _ = choose(st, mode="play", card=1)
    # USA: presence 3 + Taiwan as a battleground 1 = 4; USSR: presence 3 + N. Korea 1 = 4
    assert st["vp"] == 0


def test_card_played_and_blocks_event_hooks(monkeypatch):
    seen = []
    monkeypatch.setitem(HOOKS["card_played"], 35,
                        lambda s, a, side, card, use: (seen.append((side, card, use)),
                                                       remove_effect(s, 35) if card == 6 else None))
    monkeypatch.setitem(HOOKS["blocks_event"], 65, lambda s, a, card, side: card == 8)
    monkeypatch.setitem(EVENTS, 8, lambda e: None)
    monkeypatch.delitem(REQUIRES, 8, raising=False)
    st = action_round_state(hands={"USSR": [8, 7], "USA": [4]}, china="USA")
    add_effect(st, 35, "USA")
    add_effect(st, 65, "USA")
    st, _ = choose(st, mode="play", card=8)
    assert "event" not in options_with(st, "mode")        # cancelled by the effect
    st, _ = choose(st, mode="influence")
    st, _ = choose(st, mode="influence", country="Poland")
    st, _ = choose(st, mode="influence", country="Poland")
    st, _ = choose(st, mode="play", card=6)
    assert seen == [("USSR", 8, "influence"), ("USA", 6, "event")]
    assert not has_effect(st, 35)


def test_round_end_hook_starts_a_task_like_norad(monkeypatch):
    # U-12: at the end of an action round in which DEFCON became 2
    def norad_end(state, args, side):
        if state["round"]["defcon2"]:
            start_task(state, "test_norad", "USA")

    def norad_task(e):
        if e.step == 0:
            e.step = 1
            e.place(["Canada", "U.K."], 1, side="USA", decider="USA")
    monkeypatch.setitem(HOOKS["round_end"], 106, norad_end)
    monkeypatch.setitem(TASKS, "test_norad", norad_task)
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, defcon=3,
                            influence={"Iran": (1, 0)})
    add_effect(st, 106, "USA")
    st["dice"] = [6]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    st, _ = choose(st, mode="coup", country="Iran")
    assert st["defcon"] == 2
    d = decision(st)
    assert d["player"] == "USA" and set(options_with(st, "country")) == {"Canada", "U.K."}
    assert validate(st) is None
    st, _ = choose(st, mode="place", country="Canada")
    assert st["influence"]["Canada"]["USA"] == 3
    assert decision(st)["prompt"].startswith("Turn 1, action round 1: USA")


def test_action_rounds_hook(monkeypatch):
    from squabble.games.struggle.engine import rounds_for
    monkeypatch.setitem(HOOKS["action_rounds"], 86, lambda s, a, side, n: max(n, 8) if side == "USA" else n)
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, turn=8)
    add_effect(st, 86, "USA", until="turn")
    assert rounds_for(st, "USA") == 8 and rounds_for(st, "USSR") == 7


def test_nested_event_resolution_like_five_year_plan(monkeypatch):
    from squabble.games.struggle.events import random_hand_card
    ran = []

    def fyp(e):
        if e.step == 0:
            e.step = 1
            card = random_hand_card(e.state, "USSR")
            e.data["card"] = card
            e.resolve(card)
            return
        ran.append(("after", e.result))
    monkeypatch.setitem(EVENTS, 5, fyp)
    monkeypatch.setitem(EVENTS, 19, lambda e: ran.append(("inner", e.card, e.side, e.by)))
    monkeypatch.delitem(REQUIRES, 5, raising=False)
    monkeypatch.delitem(REQUIRES, 19, raising=False)
    st = action_round_state(hands={"USA": [5], "USSR": [19]}, phasing="USA")
    st, _ = choose(st, mode="play", card=5)
    st, _ = choose(st, mode="event")
    assert ran == [("inner", 19, "USA", "USA"), ("after", {"occurred": True})]
    assert 19 in st["removed"] and st["hands"]["USSR"] == []
    assert validate(st) is None


def test_coup_and_realign_die_modifier_hooks(monkeypatch):
    monkeypatch.setitem(HOOKS["coup_mod"], 43, lambda s, a, side, country: -1)
    monkeypatch.setitem(HOOKS["realign_mod"], 93,
                        lambda s, a, roller, country, acting: -1 if roller == "USA" else 0)
    st = action_round_state(hands={"USSR": [7, 8], "USA": [22]}, influence={"Iran": (2, 0)})
    add_effect(st, 43, "USSR", until="turn")
    add_effect(st, 93, "USSR", until="turn")
    st["dice"] = [6]
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    st, log = choose(st, mode="coup", country="Iran")   # 6 + 3 - 1 - 4 = 4
    assert st["influence"]["Iran"] == {"USA": 0, "USSR": 2}
    st["influence"]["Iran"] = {"USA": 0, "USSR": 2}
    st["dice"] = [3, 3]
    st, _ = choose(st, mode="play", card=22)
    st, _ = choose(st, mode="realign")
    st, log = choose(st, mode="realign", country="Iran")
    # USA 3 - 1 = 2 (no adjacent control), USSR 3 + 1 (more influence) = 4: 2 US removed (none)
    assert any("3→2" in x and "3→4" in x for x in log)


def test_round_start_hook_takes_the_round_with_a_task(monkeypatch):
    # a Quagmire-like effect: the USA's rounds are played by a task; round_end hooks still run
    seen = []

    def start(state, args, side):
        if side != "USA":
            return False
        start_task(state, "test_round", side)
        return True

    def round_task(e):
        if e.step == 0:
            e.step = 1
            e.ask(e.side, "Test: the round of the task", [{"label": "Go on", "mode": "pass"}])
            return
        seen.append(("task", e.state["action_round"], e.state["phasing"]))
    monkeypatch.setitem(HOOKS["round_start"], 105, start)
    monkeypatch.setitem(HOOKS["round_end"], 105, lambda s, a, side: seen.append(("end", side)))
    monkeypatch.setitem(TASKS, "test_round", round_task)
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4, 19]}, phasing="USA",
                            effects=[(105, "USSR")])
    assert decision(st)["prompt"] == "Test: the round of the task" and validate(st) is None
    st, _ = choose(st, mode="pass")
    assert seen == [("task", 1, "USA"), ("end", "USA")]
    assert decision(st)["prompt"].startswith("Turn 1, action round 2: USSR")   # False: normal
    assert validate(st) is None and st["hands"]["USA"] == [4, 19]


def test_play_options_hook_filters_the_card_choice_and_the_uses(monkeypatch):
    # a Missile Envy-like obligation: only card 4, and only for influence
    import json

    def only(state, args, side, card, options):
        if side != "USA":
            return options
        if card is None:
            return [o for o in options if o.get("card") == 4]
        return [o for o in options if o["mode"] == "influence"]
    monkeypatch.setitem(HOOKS["play_options"], 105, only)
    st = action_round_state(hands={"USSR": [7], "USA": [4, 19]}, phasing="USA", china="USA",
                            effects=[(105, "USSR")])
    assert options_with(st, "card") == [4]
    assert validate(json.loads(json.dumps(st))) is None
    st, _ = choose(st, mode="play", card=4)
    assert options_with(st, "mode") == ["influence"]
    assert validate(json.loads(json.dumps(st))) is None


def test_coup_declared_hook_comes_before_milops_defcon_and_the_die(monkeypatch):
    seen = []

    def declared(state, args, side, country):
        seen.append((side, country, state["milops"][side], state["defcon"], list(state["dice"])))
    monkeypatch.setitem(HOOKS["coup_declared"], 105, declared)
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, defcon=3,
                            influence={"Iran": (1, 0)}, effects=[(105, "USA")], dice=[6])
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    i = index_of(st, mode="coup", country="Iran")
    seen.clear()   # decision() tried the coups on copies (for its warnings): only the real one counts
    st, _ = apply(st, i)
    assert seen == [("USSR", "Iran", 0, 3, [6])]
    assert st["defcon"] == 2 and st["milops"]["USSR"] == 3 and st["dice"] == []


def test_event_done_hook_sees_every_event_occurred_or_not(monkeypatch):
    seen = []
    monkeypatch.setitem(HOOKS["event_done"], 105,
                        lambda s, a, card, side, occurred: seen.append((card, side, occurred,
                                                                        card in s["table"])))
    monkeypatch.setitem(EVENTS, 19, lambda e: e.not_occurred())
    monkeypatch.delitem(REQUIRES, 19, raising=False)
    st = action_round_state(hands={"USA": [4, 19], "USSR": []}, phasing="USA", china="USA",
                            china_up=False, effects=[(105, "USSR")])
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="event")
    assert seen == [(4, "USA", True, False)]                     # after the card was disposed of
    st, _ = choose(st, mode="play", card=19)                      # (the USSR has no card)
    st, _ = choose(st, mode="event")
    assert seen[1:] == [(19, "USA", False, False)] and 19 in st["discard"]
