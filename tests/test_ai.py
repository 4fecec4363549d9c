"""The computer players of Twilight Squabble: view-only, deterministic, legal, complete games,
the protocol's ``ai`` command and the tournament runner."""

import argparse
import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from squabble.ai import choose
from squabble.ai import heuristic as H
from squabble.ai import info
from squabble.ai.tournament import match, play_game, run_tournament, wilson
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, IS_ACTIVITY, OTHER
from squabble.protocol import Session

LEVELS = ("easy", "normal", "hard")
ROOT = Path(__file__).resolve().parents[1]


def random_states(n_games, seed, events, every=1):
    """States with a decision pending, from random games (every ``every``-th decision)."""
    rng = random.Random(seed)
    out = []
    for g in range(n_games):
        s = E.new_game(seed * 1000 + g, {"events": events})
        k = 0
        while s["winner"] is None:
            if k % every == 0:
                out.append(E.clone(s))
            opts = E.options(s)
            E.apply_option(s, rng.choice(opts))
            k += 1
    return out


def reshuffle_hidden(s, rng):
    """The same game as ``side`` sees it, with the opponent's hidden cards moved about.

    The opponent's unseen cards (hand and face-down slots) are dealt again at random, within
    the rules (Space Race card: an Activity card; Balance of Power card: an Activity card after
    phase 2); the hand order, the order of the decks inside each era, the Event deck order and
    the random generator state change too.
    """
    side = s["pending"]["player"]
    opp = OTHER[side]
    t = copy.deepcopy(s)
    h = E.hidden_from(s, side)
    slot = t["slots"][opp]
    hb = slot["bop"] is not None and not h["bop_seen"]
    hs = slot["space"] is not None and not h["space_seen"]
    agents_ok = s["step"] == "play" and not E.rule_active(s, "no_agents")
    cards = list(h["cards"])
    for _ in range(200):
        rng.shuffle(cards)
        rest = list(cards)
        b = sp = None
        if hb:
            b = rest.pop()
            if not (IS_ACTIVITY[b] or agents_ok):
                continue
        if hs:
            sp = rest.pop()
            if not IS_ACTIVITY[sp]:
                continue
        break
    else:
        raise AssertionError("no legal reshuffle found")
    t["hands"][opp] = rest
    if hb:
        slot["bop"] = b
    if hs:
        slot["space"] = sp
    for sd in ("USA", "USSR"):
        deck = t["decks"][sd]
        eras = sorted({CARDS[c].era for c in deck})
        t["decks"][sd] = [c for e in eras
                          for c in rng.sample([c for c in deck if CARDS[c].era == e],
                                              len([c for c in deck if CARDS[c].era == e]))]
    rng.shuffle(t["event_deck"])
    t["rng"] = rng.getrandbits(63)
    assert E.validate(t) is None, E.validate(t)
    assert E.view(t, side) == E.view(s, side)
    return t


def _interesting(states):
    """States whose deciding side cannot see some of the opponent's cards' places."""
    out = []
    for s in states:
        side = s["pending"]["player"]
        h = E.hidden_from(s, side)
        opp_slot = s["slots"][OTHER[side]]
        hidden_slot = ((opp_slot["bop"] is not None and not h["bop_seen"])
                       or (opp_slot["space"] is not None and not h["space_seen"]))
        if hidden_slot and len(E.options(s)) > 1:
            out.append(s)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_choice_depends_only_on_the_view(level):
    rng = random.Random(11)
    states = _interesting(random_states(8, 3, events=False) + random_states(8, 4, events=True))
    assert len(states) >= 20
    step = 1 if level != "hard" else 4
    checked = moved = 0
    for s in states[::step]:
        seed = rng.randrange(1000)
        want = choose("squabble", s, level, seed)
        opp = OTHER[s["pending"]["player"]]
        for _ in range(2):
            t = reshuffle_hidden(s, rng)
            moved += t["slots"][opp] != s["slots"][opp]
            assert choose("squabble", t, level, seed) == want, (s["step"], s["pending"])
        checked += 1
    assert checked >= 6 and moved >= 3


def test_the_true_hidden_cards_are_among_the_determinizations():
    for s in _interesting(random_states(6, 5, events=True)):
        side = s["pending"]["player"]
        opp = OTHER[side]
        v = E.view(s, side)
        splits = info.assignments(v, side)
        slot = s["slots"][opp]
        h = E.hidden_from(s, side)
        truth = (slot["bop"] if not h["bop_seen"] else None,
                 slot["space"] if not h["space_seen"] else None,
                 sorted(s["hands"][opp]))
        assert truth in [(b, sp, sorted(hand)) for b, sp, hand in splits]
        for b, sp, hand in splits:
            full = info.build(v, side, (b, sp, hand))
            assert E.validate(full) is None


def test_hard_belief_is_a_distribution_that_never_rules_out_the_truth():
    from squabble.ai.search import belief
    for s in _interesting(random_states(6, 17, events=True)):
        side = s["pending"]["player"]
        v = E.view(s, side)
        bel = belief(v, side)
        assert sum(p for _, p in bel) == pytest.approx(1.0)
        assert all(p > 0 for _, p in bel)
        assert [a for a, _ in bel] == info.assignments(v, side)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choice_and_legal(level):
    states = random_states(3, 8, events=True, every=2 if level == "hard" else 1)
    for i, s in enumerate(states):
        before = copy.deepcopy(s)
        a = choose("squabble", s, level, i)
        assert s == before, "choose() must not change the state"
        assert isinstance(a, int) and 0 <= a < len(E.decision(s)["options"])
        if i % 3 == 0:
            H._PLAY_CACHE.clear()
            H._DECISION_CACHE.clear()
            assert choose("squabble", copy.deepcopy(s), level, i) == a


@pytest.mark.parametrize("events", [False, True])
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_finishes_games(level, events):
    for g in range(2):
        side = ("USA", "USSR")[g % 2]
        levels = {side: level, OTHER[side]: "random"}
        s = play_game(levels, 500 + g, events)
        assert s["winner"] in ("USA", "USSR", "draw")
        assert E.validate(s) is None


def test_levels_against_each_other_finish():
    s = play_game({"USA": "hard", "USSR": "normal"}, 42, True)
    assert s["winner"] in ("USA", "USSR", "draw")
    s = play_game({"USA": "easy", "USSR": "hard"}, 43, False)
    assert s["winner"] in ("USA", "USSR", "draw")


def test_quick_era_resolution_matches_the_engine():
    """``resolve`` works phases 5-10 out by arithmetic; it must agree with the engine."""
    checked = 0
    for events in (False, True):
        for s in random_states(40, 13 + events, events=events):
            if s["pending"]["kind"] == "play":
                continue
            fast = H.resolve(info.fclone(s))
            slow = H.resolve_engine(info.fclone(s))
            assert fast == pytest.approx(slow, abs=1e-12), (s["step"], s["pending"], s["event"])
            checked += 1
    assert checked > 500


def test_same_choice_in_another_process_with_another_hash_seed():
    """No set or dict order leaks into a choice: a fresh process with another string hash seed
    (and empty caches) picks the same options."""
    states = random_states(1, 21, events=True, every=3)
    want = [choose("squabble", s, lvl, 5) for s in states for lvl in LEVELS]
    code = ("import json,sys; from squabble.ai import choose; "
            "states=json.load(sys.stdin); "
            "print(json.dumps([choose('squabble', s, l, 5) for s in states "
            "for l in ('easy','normal','hard')]))")
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(states), text=True,
                         capture_output=True, env=env, cwd=str(ROOT), timeout=120, check=True)
    assert json.loads(out.stdout) == want


def test_bad_requests_are_value_errors():
    s = E.new_game(1)
    with pytest.raises(ValueError):
        choose("squabble", s, "grandmaster", 0)
    with pytest.raises(ValueError):
        choose("squabble", s, "normal", "seven")
    with pytest.raises(ValueError):
        choose("chess", s, "normal", 0)
    done = play_game({"USA": "random", "USSR": "random"}, 3, False)
    with pytest.raises(ValueError, match="over"):
        choose("squabble", done, "normal", 0)


def test_protocol_ai_command_end_to_end():
    sess = Session()
    r = sess.handle_line(json.dumps({"cmd": "new", "game": "squabble", "seed": 9,
                                     "options": {"events": True}}))
    assert r["ok"]
    moves = 0
    while r["decision"] is not None:
        level = LEVELS[moves % 3]
        a = sess.handle_line(json.dumps({"cmd": "ai", "level": level, "seed": moves}))
        assert a["ok"], a
        assert 0 <= a["index"] < len(r["decision"]["options"])
        again = sess.handle_line(json.dumps({"cmd": "ai", "level": level, "seed": moves}))
        assert again == a
        r = sess.handle_line(json.dumps({"cmd": "act", "index": a["index"]}))
        assert r["ok"], r
        moves += 1
    assert r["state"]["winner"] in ("USA", "USSR", "draw")
    bad = sess.handle_line(json.dumps({"cmd": "ai", "level": "normal", "seed": 0}))
    assert bad["ok"] is False and "over" in bad["error"]
    sess.handle_line(json.dumps({"cmd": "new", "game": "squabble", "seed": 1}))
    bad = sess.handle_line(json.dumps({"cmd": "ai", "level": "expert", "seed": 0}))
    assert bad["ok"] is False
    r = sess.handle_line(json.dumps({"cmd": "new", "game": "struggle", "seed": 1}))
    assert r["ok"], r  # Twilight Struggle: its computer player answers a legal index
    for level in ("easy", "normal", "hard", "expert"):     # expert: Twilight Struggle only
        a = sess.handle_line(json.dumps({"cmd": "ai", "level": level, "seed": 0}))
        assert a["ok"] and 0 <= a["index"] < len(r["decision"]["options"]), a
    bad = sess.handle_line(json.dumps({"cmd": "ai", "level": "grandmaster", "seed": 0}))
    assert bad["ok"] is False


def test_tournament_prints_rates_intervals_and_times(capsys):
    args = argparse.Namespace(game="squabble", a="easy", b="random", games=4, tour_seed=2,
                              events=True)
    assert run_tournament(args) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "draws" in out and "median" in out and "p95" in out


def test_tournament_counts_and_alternates_sides():
    res = match("random", "random", 6, seed=1, out=None)
    assert sum(res["wins"].values()) == 6
    assert sum(res["by_side"].values()) == 6 - res["wins"]["draw"]
    assert set(res["times"]) == {"random"}


def test_wilson_interval():
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.9 and 0.97 < hi < 0.99
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_normal_avoids_its_own_cloud_and_takes_a_winning_counter():
    # America at +3 in era 5 with its low card to play: pushing the balance to +4 loses.
    s = E.new_game(0)
    s["era"] = 5
    for sd in ("USA", "USSR"):
        s["decks"][sd] = []
        s["hands"][sd] = [c for c in info.SIDE_CARDS[sd] if CARDS[c].era == 5]
        s["discards"][sd] = [c for c in info.SIDE_CARDS[sd]
                             if CARDS[c].era is not None and CARDS[c].era < 5]
        s["discards"][sd] += [c for c in info.SIDE_CARDS[sd] if CARDS[c].era is None]
    s["bop"] = 3
    s["history"] = []
    assert E.validate(s) is None
    v = H.static_eval(s)
    assert -1 < v < 1
    # Shift decision: at +3 America never shifts onto the cloud.
    s2 = copy.deepcopy(s)
    s2["bop"] = 3
    s2["step"] = "bonus"
    s2["phase"] = 8
    s2["bonus"] = [2]
    s2["race_winner"] = "USA"
    s2["pending"] = {"kind": "shift", "player": "USA"}
    s2["todo"] = []
    for sd in ("USA", "USSR"):
        hand = s2["hands"][sd]
        acts = sorted(hand, key=lambda c: CARDS[c].activity)
        s2["slots"][sd] = {"bop": acts[0], "bop_tokens": 0, "space": acts[1], "space_tokens": 0}
        s2["hands"][sd] = [acts[2]]
    s2["space"]["USA"] = 2
    s2["leader"] = "USA"
    for level in LEVELS[1:]:
        idx = choose("squabble", s2, level, 0)
        assert E.decision(s2)["options"][idx]["mode"] == "pass"
