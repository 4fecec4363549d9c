"""What a Struggle DECISION says about itself: its kind and context (set where the engine asks),
the warning and risk sentences on its options (docs/engine-protocol.md), and the public query
module (squabble.games.struggle.query) the window and the computer player read the rules from."""

import json
import random

from squabble.games import struggle as S
from squabble.games.struggle import query as Q
from squabble.games.struggle.core import KINDS
from squabble.games.struggle.data import STABILITY
from squabble.protocol import Session
from struggle_helpers import (action_round_state, choose, index_of, saved_position,
                              star_wars_grain_sales_coup)

# docs/engine-protocol.md, "Twilight Struggle: kind and context": the keys each kind's context has
COMMON = {"card", "side", "turn", "action_round", "card_name", "targets", "cards"}
CONTEXT = {
    "headline": {"scorings"}, "action_card": {"scorings"}, "play_mode": {"ops"},
    "ops_kind": {"ops_left", "bonus"}, "influence": {"ops_left", "bonus"},
    "coup_target": {"ops_left", "bonus", "coups"},
    "realign_target": {"ops_left", "bonus", "realignments"},
    "place_influence": {"left", "target"}, "setup_influence": {"left", "target"},
    "handicap_influence": {"left", "target"}, "remove_influence": {"left", "target"},
    "discard": set(), "event_choice": set(), "space_roll": set(),
}


def _check(d):
    assert d["kind"] in CONTEXT, d["kind"]
    assert set(d["context"]) == COMMON | CONTEXT[d["kind"]], (d["kind"], sorted(d["context"]))
    ctx = d["context"]
    if d["kind"] == "coup_target":
        assert set(ctx["coups"]) == {o["country"] for o in d["options"]}
    if d["kind"] == "realign_target":
        assert set(ctx["realignments"]) == {o["country"] for o in d["options"]}
    json.dumps(d)


def test_every_decision_of_random_games_says_its_kind_and_context():
    # 200 seeded random games check what the engine stores where it asks (cheap); decision()
    # itself, which also tries risky options on copies, is checked on the first 25 of them
    # (about 3,000 decisions: a few seconds)
    assert set(CONTEXT) == set(KINDS)
    seen = set()
    for g in range(200):
        st = S.new_game(g, {"handicap": {"side": "USA", "influence": 2}} if g % 7 == 0 else None)
        rnd = random.Random(g)
        while st["winner"] is None:
            p = st["pending"]
            assert p["kind"] in KINDS and isinstance(p["context"], dict) and "card" in p["context"]
            assert set(p["context"]) <= COMMON | CONTEXT[p["kind"]]
            seen.add(p["kind"])
            if g < 25:
                _check(S.decision(st))
            S.apply_in_place(st, rnd.randrange(len(p["options"])))
    assert {"headline", "action_card", "play_mode", "ops_kind", "influence", "coup_target",
            "realign_target", "setup_influence", "handicap_influence", "place_influence",
            "remove_influence", "event_choice"} <= seen


def test_a_save_without_kinds_still_loads_and_gets_them():
    st = S.new_game(5)
    rnd = random.Random(5)
    for _ in range(40):
        S.apply_in_place(st, rnd.randrange(len(st["pending"]["options"])))
    old = json.loads(json.dumps(st))
    del old["pending"]["kind"], old["pending"]["context"]
    assert S.validate(old) is None
    loaded = S.load(old)
    assert loaded["pending"]["kind"] == st["pending"]["kind"]
    assert loaded["pending"]["context"] == st["pending"]["context"]
    assert S.decision(old)["kind"] == st["pending"]["kind"]
    forged = json.loads(json.dumps(st))
    forged["pending"]["kind"] = "headline" if st["pending"]["kind"] != "headline" else "discard"
    assert "kind" in S.validate(forged)


def test_the_view_keeps_what_is_asked_but_not_the_options():
    st = action_round_state(hands={"USSR": [1, 7], "USA": [4]})
    v = S.view(st, "USA")
    assert v["pending"]["kind"] == "action_card" and v["pending"]["options"] == []
    d = S.decision(v)
    assert d["kind"] == "action_card" and d["context"]["scorings"] == {}


# ---------------------------------------------------------------- warnings (rewrite 4.2, 2.1.5(d))
def _warned(d):
    return {i: o.get("warning") for i, o in enumerate(d["options"]) if o.get("warning")}


def test_playing_a_card_while_scoring_cards_outnumber_the_rounds_left_warns():
    # rewrite 4.2: a scoring card held at the end of the turn loses.  Last action round (6 of 6
    # in turn 2) with two scoring cards: every choice leaves one in hand.
    st = action_round_state(hands={"USSR": [1, 2, 7], "USA": [4]}, action_round=6, turn=2)
    d = S.decision(st)
    assert set(_warned(d)) == set(range(len(d["options"])))
    assert "2 scoring cards" in d["options"][index_of(st, mode="play", card=7)]["warning"]
    # one scoring card in round 5: the card played now is fine, nothing is warned
    st = action_round_state(hands={"USSR": [1, 7, 8], "USA": [4]}, action_round=5, turn=2)
    assert _warned(S.decision(st)) == {}
    # ... and in round 6 only the scoring card may be played safely
    st = action_round_state(hands={"USSR": [1, 7, 8], "USA": [4]}, action_round=6, turn=2)
    d = S.decision(st)
    assert index_of(st, mode="play", card=1) not in _warned(d)
    assert index_of(st, mode="play", card=7) in _warned(d)
    # the warning says the truth: playing Socialist Governments loses at the end of the turn
    st, _ = choose(st, mode="play", card=7)
    while st["winner"] is None:
        st, _ = S.apply(st, 0)
    assert st["winner"] == "USA" and st["end_reason"] == "scoring card held"


def test_a_battleground_coup_at_defcon_2_warns_and_a_non_battleground_does_not():
    # rewrite 2.1.5(d) / 2.3.6(d): a battleground coup lowers DEFCON; at 1 the phasing side loses
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, defcon=2,
                            influence={"Angola": (1, 0), "Zaire": (0, 0), "Kenya": (1, 0)})
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    d = S.decision(st)
    angola = d["options"][index_of(st, mode="coup", country="Angola")]
    kenya = d["options"][index_of(st, mode="coup", country="Kenya")]
    assert angola["warning"] == "DEFCON would fall to 1 in your own action round: you lose the game."
    assert "warning" not in kenya and "risk" not in kenya
    assert d["context"]["coups"]["Angola"]["defcon_drop"] is True
    after, _ = S.apply(st, index_of(st, mode="coup", country="Angola"))
    assert after["winner"] == "USA" and after["defcon"] == 1


def test_resolving_an_event_that_ends_the_game_against_you_warns():
    # 004 Duck and Cover played by the USA at DEFCON 2: DEFCON drops to 1 in its own round
    st = action_round_state(hands={"USSR": [7], "USA": [4, 8]}, defcon=2, phasing="USA")
    d = S.decision(st)
    assert "risk" in d["options"][index_of(st, mode="play", card=4)]     # its Space Race use is safe
    st, _ = choose(st, mode="play", card=4)
    d = S.decision(st)
    assert _warned(d) == {index_of(st, mode="event"):
                          "DEFCON would fall to 1 in your own action round: you lose the game."}


def test_an_enemy_card_for_operations_at_defcon_2_whose_event_lowers_defcon_warns():
    # rewrite 2.1.5 / 4.4: an enemy card played for operations still has its event resolved,
    # before or after the operations; Duck and Cover at DEFCON 2 brings DEFCON 1 in the USSR's
    # own action round either way (no operation raises DEFCON), so both orders lose: a warning
    # on each, and none on the Space Race, where the event does not happen
    st = action_round_state(hands={"USSR": [4, 7], "USA": [8]}, defcon=2)
    st, _ = choose(st, mode="play", card=4)
    d = S.decision(st)
    assert "warning" in d["options"][index_of(st, mode="event_first")]
    ops_first = d["options"][index_of(st, mode="ops_first")]
    assert ops_first["warning"].startswith("The enemy's event is resolved after your operations")
    after, _ = S.apply(st, index_of(st, mode="ops_first"))
    while after["winner"] is None and after["pending"]["player"] == "USSR":
        after, _ = S.apply(after, 0)         # the USSR's operations, then the event
    assert after["winner"] == "USA" and after["defcon"] == 1
    assert not {"warning", "risk"} & set(d["options"][index_of(st, mode="space")])


def test_an_enemy_card_whose_event_can_lose_by_vp_after_operations_is_only_a_risk():
    # a loss other than by DEFCON (here: the enemy's event would take it to 20 VP) may change
    # with the operations played first, so "ops first" is a risk, not a warning
    from squabble.games.struggle.describe import _after_ops
    assert _after_ops(("warning", "The USA would win (20 VP): you lose the game."))[0] == "risk"
    assert _after_ops(("warning", "DEFCON would fall to 1 in your own action round: you lose "
                                  "the game."))[0] == "warning"
    assert _after_ops(("risk", "DEFCON ..."))[0] == "risk"


def test_warnings_never_change_the_options_and_are_never_stored():
    st = action_round_state(hands={"USSR": [1, 2, 7], "USA": [4]}, action_round=6, turn=2)
    d = S.decision(st)
    assert [{k: v for k, v in o.items() if k != "warning"} for o in d["options"]] \
        == st["pending"]["options"]
    assert all("warning" not in o for o in st["pending"]["options"])


def test_the_protocol_decision_carries_kind_context_and_warnings():
    st = action_round_state(hands={"USSR": [1, 2, 7], "USA": [4]}, action_round=6, turn=2)
    r = Session().handle_line(json.dumps({"cmd": "load", "state": st}))
    assert r["ok"], r
    d = r["decision"]
    assert d["kind"] == "action_card" and d["context"]["action_round"] == 6
    assert all("warning" in o for o in d["options"])
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, defcon=2,
                            influence={"Angola": (1, 0)})
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    s = Session()
    d = s.handle_line(json.dumps({"cmd": "load", "state": st}))["decision"]
    i = next(i for i, o in enumerate(d["options"]) if o.get("country") == "Angola")
    assert d["kind"] == "coup_target" and "DEFCON would fall to 1" in d["options"][i]["warning"]
    assert d["context"]["coups"]["Angola"]["defence"] == 2 * STABILITY["Angola"]


# ---------------------------------------------------------------- the query module
def test_a_failed_coups_sum_is_negative_in_the_engines_log_and_the_moment():
    # rewrite 2.3.6(d): die 1 + 3 ops − 2 × 4 (Japan) = −4: the coup fails; the moment said "= 0"
    from squabble.ui.struggle.moments import moment_for
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, dice=[1])
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    odds = S.decision(st)["context"]["coups"]["Japan"]
    assert (odds["ops"], odds["defence"], odds["results"][1], odds["need"]) == (3, 8, 0, 6)
    st, log = choose(st, mode="coup", country="Japan")
    line = next(x for x in log if getattr(x, "kind", "") == "coup")
    assert line.data["sum"] == -4 and line.data["result"] == 0
    assert moment_for("coup", line.data, str(line)).lines[0].endswith("= −4")   # a minus sign


def test_scoring_lines_are_logged_once_the_points_are_in():
    st = action_round_state(hands={"USSR": [2, 7], "USA": [4]},
                            influence={"Poland": (0, 4), "E. Germany": (0, 4)})
    from squabble.framework.session import SnapLog
    log = SnapLog(st, S.copy_state)
    new = S.copy_state(st)
    log = SnapLog(new, S.copy_state)
    S.apply_in_place(new, index_of(st, mode="play", card=2), log)
    i = next(i for i, x in enumerate(log) if getattr(x, "kind", "") == "score")
    assert log[i].data["vp_after"] == new["vp"] < 0
    assert log.snaps[i]["vp"] == new["vp"]      # the beat's state already shows the points


def test_query_answers_are_the_engines():
    st = action_round_state(hands={"USSR": [7], "USA": [4]},
                            influence={"Iran": (2, 3), "Iraq": (0, 3)})
    assert Q.controller(st, "Iraq") == "USSR" and Q.controller(st, "Iran") is None
    assert Q.control_margin(st, "Iran", "USSR") == 1 and Q.control_margin(st, "Iran", "USA") == 3
    assert Q.control_margin(st, "Iraq", "USSR") == 0
    assert Q.defcon_closed_regions(5) == [] and Q.defcon_closed_regions(2) == \
        ["Europe", "Asia", "Middle East"]
    r = Q.realign_odds(st, "USA", "Iran")
    assert r["enemy"]["more_influence"] == 1 and r["enemy"]["adjacent"] >= 1   # Iraq, USSR-held
    assert r["side"]["superpower"] == 0 and 0 < r["win"] < 1
    me = Q.region_score(st, "Middle East")
    assert me["net"] == me["USA"] - me["USSR"] and me["levels"]["USSR"] is not None
    w = Q.what_if(st, 0)
    assert w["state"]["pending"]["kind"] == "play_mode" and st["pending"]["kind"] == "action_card"


def test_a_coup_whose_every_target_loses_warns_before_the_targets_are_shown():
    # rewrite 2.1.5(d) / 2.3.6(d): at DEFCON 2 the only coup targets are battlegrounds (Angola,
    # in the one region not closed): each brings DEFCON 1 in the USSR's own round, so choosing
    # "coup" already loses; with a non-battleground target left (Kenya) it does not warn
    for infl, warned in (({"Angola": (1, 0)}, True), ({"Angola": (1, 0), "Kenya": (1, 0)}, False)):
        st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, defcon=2, clear=True,
                                influence=infl)
        st, _ = choose(st, mode="play", card=7)
        d = S.decision(st)
        coup = [o for o in d["options"] if o.get("mode") == "coup"]
        assert coup and ("warning" in coup[0]) is warned, (infl, coup)
        if warned:
            assert coup[0]["warning"].startswith("Every coup target left loses the game.")


def test_an_enemy_event_that_hands_the_enemy_a_coup_at_defcon_2_is_a_risk():
    # rewrite 2.1.5(d): DEFCON 1 in a side's own action round loses it.  062 "Lone Gunman" played
    # by the USA at DEFCON 2 gives the USSR a 1-op operation in the USA's round: the USSR chooses
    # a coup, then a battleground (Angola), and wins.  The enemy's two decisions (how, then
    # where) are both looked at (seen in a hard-normal game: the USA played it in turn 10).
    st = action_round_state(hands={"USSR": [7], "USA": [62, 8]}, defcon=2, phasing="USA",
                            influence={"Angola": (1, 0)})
    d = S.decision(st)
    card = d["options"][index_of(st, mode="play", card=62)]
    assert "warning" not in card and "could then end the game" in card["risk"]
    st, _ = choose(st, mode="play", card=62)
    d = S.decision(st)
    for mode in ("event_first", "ops_first"):
        assert "risk" in d["options"][index_of(st, mode=mode)], mode
    assert [o["mode"] for o in d["options"]] == ["event_first", "ops_first"]   # 1 op: no space
    # the risk is real: the USSR's coup in Angola ends the game in the USA's round
    after, _ = S.apply(st, index_of(st, mode="event_first"))
    after, _ = choose(after, mode="coup")
    after, _ = choose(after, mode="coup", country="Angola")
    assert after["winner"] == "USSR" and after["defcon"] == 1
    # a card of its own (Marshall Plan) hands the USSR nothing
    st = action_round_state(hands={"USSR": [7], "USA": [62, 23]}, defcon=2, phasing="USA",
                            influence={"Angola": (1, 0)})
    assert not {"warning", "risk"} & set(S.decision(st)["options"][index_of(st, card=23)])


def test_grain_sales_at_defcon_2_is_a_risk_three_enemy_decisions_deep():
    # 067 Grain Sales to Soviets played by the USSR at DEFCON 2: the USA draws a Soviet card,
    # gives it back and conducts 2 ops: a coup in a battleground ends the game in the USSR's
    # round (rewrite 2.1.5(d)).  Three decisions of the USA before the target.
    st = action_round_state(hands={"USSR": [67, 7], "USA": [8]}, defcon=2,
                            influence={"Angola": (0, 1)})
    card = S.decision(st)["options"][index_of(st, mode="play", card=67)]
    assert "could then end the game" in card["risk"]
    st, _ = choose(st, mode="play", card=67)
    d = S.decision(st)
    assert "risk" in d["options"][index_of(st, mode="event_first")]
    assert not {"warning", "risk"} & set(d["options"][index_of(st, mode="space")])
    after, _ = choose(st, mode="event_first")
    back = [i for i, o in enumerate(S.decision(after)["options"]) if o.get("mode") == "return"]
    assert len(back) == 1                   # the drawn card goes back: 2 ops of Grain Sales
    after, _ = S.apply(after, back[0])
    after, _ = choose(after, mode="coup")
    after, _ = choose(after, mode="coup", country="Angola")
    assert after["winner"] == "USA" and after["defcon"] == 1


def test_a_coup_that_hands_the_usa_star_wars_at_defcon_2_is_a_risk():
    # Star Wars played by the USSR, its operations first, with the USA ahead on the Space Race
    # (it then resolves a card of the discard pile): a battleground coup in the operations takes
    # DEFCON from 3 to 2 before the USA chooses Grain Sales to Soviets there, gives the drawn card
    # back and coups a battleground: DEFCON 1 in the USSR's round (rewrite 2.1.5(d)), four of the
    # USA's decisions.  From a hard-normal game (positions/star_wars_coup_defcon3.json: the USSR
    # couped Nigeria and lost).  A coup that leaves DEFCON at 3 (Costa Rica) is no risk.
    st = saved_position("star_wars_coup_defcon3.json")
    assert st["defcon"] == 3 and st["space"]["USA"] > st["space"]["USSR"]
    st, _ = choose(st, mode="play", card=85)
    st, _ = choose(st, mode="ops_first")
    st, _ = choose(st, mode="coup")
    d = S.decision(st)
    nigeria = d["options"][index_of(st, country="Nigeria")]
    assert "warning" not in nigeria and "could then end the game" in nigeria["risk"]
    assert not {"warning", "risk"} & set(d["options"][index_of(st, country="Costa Rica")])
    # the risk is real: the USA's line ends the game
    st, _ = choose(st, country="Nigeria")
    assert st["defcon"] == 2 and S.decision(st)["kind"] == "event_choice"
    star_wars_grain_sales_coup(st)
    assert st["winner"] == "USA" and st["defcon"] == 1


def test_a_coup_before_duck_and_cover_resolves_warns_at_defcon_3():
    # 004 Duck and Cover (DEFCON -1) played by the USSR for its operations first: its event is
    # resolved after them in the USSR's round (rule 5.2), so a battleground coup (Angola: DEFCON
    # 3 to 2) makes it take DEFCON to 1 there: the USSR loses whatever the die (rewrite
    # 2.1.5(d)); a coup in Kenya (no battleground) does not lower DEFCON
    st = action_round_state(hands={"USSR": [4, 7], "USA": [8]}, defcon=3, clear=True,
                            influence={"Angola": (1, 0), "Kenya": (1, 0)})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="ops_first")
    st, _ = choose(st, mode="coup")
    d = S.decision(st)
    assert d["kind"] == "coup_target"
    assert "DEFCON" in d["options"][index_of(st, country="Angola")]["warning"]
    assert not {"warning", "risk"} & set(d["options"][index_of(st, country="Kenya")])
    st, _ = choose(st, country="Angola")
    assert st["winner"] == "USA" and st["defcon"] == 1
