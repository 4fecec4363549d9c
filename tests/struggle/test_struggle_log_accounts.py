"""The log accounts for every change (issue 50, item 4): whatever an applied option changes of
influence, VP, DEFCON, MilOps, the Space Race or the effects in force, the structured lines it
logged (kind and data) report, so a scene gives each change a beat and a badge and the log a
sentence (ledger.py).  A property over random games, and the events that were silent."""

import random
import time

from squabble.games.logline import data_of, is_marker, kind_of
from squabble.games.struggle import apply_in_place, decision, new_game
from squabble.games.struggle.engine import copy_state
from squabble.games.struggle.ledger import account, differences, tally
from struggle_helpers import action_round_state, event, play, choose


def _random_game(seed, steps, options=None, budget=20.0):
    """(before, log, after) for each option a seeded random game applies (at most ``steps``,
    within ``budget`` seconds)."""
    st = new_game(seed, options)
    rnd = random.Random(seed)
    t0 = time.monotonic()
    for _ in range(steps):
        d = decision(st)
        if d is None or time.monotonic() - t0 > budget:
            return
        before = copy_state(st)
        log = []
        apply_in_place(st, rnd.randrange(len(d["options"])), log)
        yield before, log, st


def _check(before, log, after):
    start, actual = tally(before), tally(after)
    reported = account(start, log)
    missing = differences(reported, actual)
    assert not missing, (f"changed with no line reporting it: {missing}\n"
                         f"  prompt: {before['pending']['prompt']}\n"
                         f"  log: {[(kind_of(x), str(x), data_of(x)) for x in log]}")


def test_random_games_log_every_change():
    changes = 0
    every = ({}, {"optional_cards": True},
             {"optional_cards": True, "chinese_civil_war": True, "designer_realignment": True})
    for seed in range(24):
        for before, log, after in _random_game(seed, 400, every[seed % 3]):
            _check(before, log, after)
            changes += tally(before) != tally(after)
    assert changes > 1000         # the games did change the map and the tracks


def test_john_paul_ii_elected_pope_is_reported_country_by_country():
    """Poland from USSR 4 to USSR 2 / USA 1, played by the USSR for its operations: the line
    names both changes, as influence lines a scene badges."""
    st = action_round_state(hands={"USSR": [68], "USA": [4]}, turn=8,
                            influence={"Poland": (0, 4)})
    st, log = play(st, 68, "event_first")
    assert st["influence"]["Poland"] == {"USA": 1, "USSR": 2}
    lines = [x for x in log if kind_of(x) == "influence" and data_of(x).get("country") == "Poland"]
    assert lines and not any(is_marker(x) for x in lines)
    assert "2 USSR influence removed from Poland (2 left)" in " ".join(lines)
    assert "1 USA influence added in Poland (now 1)" in " ".join(lines)
    assert all(data_of(x)["by"] == "USA" and data_of(x)["card"] == 68 for x in lines)


def test_allende_says_what_it_placed():
    st = action_round_state(hands={"USSR": [54], "USA": [4]}, turn=4)
    st, log = event(st, 54)
    lines = [x for x in log if kind_of(x) == "influence"]
    assert [data_of(x)["country"] for x in lines] == ["Chile"]
    assert str(lines[0]) == "Allende: 2 USSR influence added in Chile (now 2)."
    assert data_of(lines[0])["amount"] == 2


def test_vp_and_effects_of_an_event_are_lines_too():
    """Willy Brandt: +1 VP, +1 influence and an effect in force, each a line."""
    st = action_round_state(hands={"USSR": [55], "USA": [4]}, turn=4)
    st, log = event(st, 55)
    by_kind = {kind_of(x): x for x in log}
    assert data_of(by_kind["vp_change"])["vp_after"] == -1
    assert "the USSR gains 1 VP" in by_kind["vp_change"]
    assert data_of(by_kind["effect"])["added"] == [55]
    assert data_of(by_kind["influence"])["country"] == "W. Germany"


# ---------------------------------------------------------------- the scene's beats and badges
class _Couch:
    """A session's part the follower reads: the USSR is the person, the USA the computer."""
    mode = "computer"
    setup = {"human": "USSR"}

    def controller(self, side):
        return "human" if side == "USSR" else "computer"


def _beats(st, index):
    """The beats the session makes of applying option ``index`` (framework.session)."""
    from squabble.framework.session import Beat, SnapLog, data_of as data, kind_of as kind
    new = copy_state(st)
    log = SnapLog(new, copy_state)
    apply_in_place(new, index, log)
    return new, [Beat(str(x), snap, kind(x), dict(data(x))) for x, snap in zip(log, log.snaps)]


def test_an_opponent_event_in_ones_own_play_gives_a_beat_and_a_badge():
    """The person (USSR) plays John Paul II Elected Pope for its operations, the USA's event
    first: Poland's change is the USA's, so it is badged for the person."""
    from squabble.games.struggle import decision as dec
    from squabble.ui.struggle.follow import FollowOpponent
    from squabble.ui.struggle.moments import moment_for
    st = action_round_state(hands={"USSR": [68, 54], "USA": [4]}, turn=8,
                            influence={"Poland": (0, 4)})
    follow = FollowOpponent(_Couch())
    shown = st
    for keys in ({"mode": "play", "card": 68}, {"mode": "event_first"}):
        i = next(i for i, o in enumerate(dec(st)["options"])
                 if all(o.get(k) == v for k, v in keys.items()))
        st, beats = _beats(st, i)
        FollowOpponent.mark_beats(beats, "USSR")
        for b in beats:
            follow.note_beat(b, shown)
            shown = b.state
    assert follow.changes["USSR"] == {"Poland": {"USA": 1, "USSR": -2}}
    poland = [b for b in beats if b.kind == "influence" and b.data.get("country") == "Poland"]
    assert poland and poland[0].line      # a beat with a log line
    assert poland[0].state["influence"]["Poland"] == {"USA": 1, "USSR": 2}
    # a VP change an event makes is a moment of its own
    m = moment_for("vp_change", {"side": "USSR", "vp": 1, "vp_after": -3, "card": 55},
                   "Willy Brandt: the USSR gains 1 VP (victory points: USSR +3).")
    assert m is not None and "USSR" in m.title
