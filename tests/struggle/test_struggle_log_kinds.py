"""Structured log output for the moments scenes animate: card draws, reveals and DEFCON changes
made by events each carry a kind and data beside (or instead of) their text (games/logline.py).

A "marker" is a line with a kind and data and no text: the protocol writes text lines only, so its
log stays exactly what it was.  Log data never names a card the log's text does not name (a hidden
card stays hidden): checked line by line over whole games.
"""

import json
import random

from squabble.games.logline import data_of, is_marker, kind_of, text_lines
from squabble.games.struggle import apply_in_place, decision, new_game
from squabble.games.struggle.data import CARDS
from squabble.games.struggle.describe import hidden_from
from squabble.protocol import Session as Engine
from struggle_helpers import action_round_state, choose, event

MID = 4


def _end_of_turn(hands_usa, **kw):
    return action_round_state(hands={"USSR": [], "USA": hands_usa}, phasing="USA", action_round=6,
                              china="USA", china_up=False, **kw)


def _finish_turn(st, log):
    """Play card 4 for influence into the first countries offered until the turn changes."""
    st, l1 = choose(st, mode="play", card=4)
    st, l2 = choose(st, mode="influence")
    log += l1 + l2
    turn = st["turn"]
    while st["turn"] == turn:
        o = decision(st)["options"][0]
        st, more = choose(st, **{k: v for k, v in o.items() if k != "label"})
        log += more
    return st


def _of_kind(log, k):
    return [x for x in log if kind_of(x) == k]


# ---------------------------------------------------------------- the deal
def test_deal_at_turn_start_is_a_draw_marker_with_counts_only():
    st = _end_of_turn([4], defcon=4)
    log = []
    st = _finish_turn(st, log)
    deals = [x for x in _of_kind(log, "draw") if data_of(x).get("why") == "deal"]
    assert len(deals) == 1
    d = data_of(deals[0])
    assert is_marker(deals[0])                       # no text: the protocol's log is unchanged
    # the USSR had 0 cards and the USA 0 after playing its last one: 8 each on turn 2
    assert d["drawn"] == {"USSR": 8, "USA": 8} and d["turn"] == 2 and d["hand_size"] == 8
    assert d["deck"] == len(st["deck"]) and d["reshuffled"] is False
    # counts only: no card number anywhere in the data
    assert not any(isinstance(v, list) for v in d.values())
    # the deal follows "Turn 2 begins." (the turn moment, then the deal moment)
    kinds = [kind_of(x) for x in log]
    assert kinds.index("turn") < log.index(deals[0])


def test_deal_marker_says_when_the_discard_pile_was_reshuffled():
    st = _end_of_turn([4])
    st["discard"] = st["deck"][5:]
    st["deck"] = st["deck"][:5]
    log = []
    st = _finish_turn(st, log)
    d = data_of([x for x in _of_kind(log, "draw") if data_of(x).get("why") == "deal"][0])
    assert d["reshuffled"] is True and d["drawn"] == {"USSR": 8, "USA": 8}


def test_protocol_log_has_text_lines_only_and_is_unchanged_by_markers():
    st = _end_of_turn([4], defcon=4)
    eng = Engine()
    eng.handle_line(json.dumps({"cmd": "load", "state": st}))
    log_direct = []
    mine = json.loads(json.dumps(st))
    seen = []
    while mine["turn"] == 1 or not seen:
        i = 0
        if decision(mine)["options"][0].get("mode") == "play":
            i = next(j for j, o in enumerate(decision(mine)["options"]) if o.get("card") == 4)
        before = len(log_direct)
        apply_in_place(mine, i, log_direct)
        r = eng.handle_line(json.dumps({"cmd": "act", "index": i}))
        assert r["ok"], r
        assert r["log"] == text_lines(log_direct[before:])
        assert all(isinstance(x, str) and x for x in r["log"])
        seen.append(r)
        if mine["turn"] == 2:
            break
    assert any(is_marker(x) for x in log_direct)     # the deal marker was there ...
    assert "" not in sum((r["log"] for r in seen), [])   # ... and never reached the protocol


# ---------------------------------------------------------------- DEFCON changed by events
def test_event_lowering_defcon_logs_a_defcon_marker_where_it_happens():
    # 050 "We Will Bury You": DEFCON -1 and no sentence of its own
    st = action_round_state(hands={"USA": [7], "USSR": [50]}, phasing="USSR", turn=MID, defcon=4)
    st, log = event(st, 50)
    m = _of_kind(log, "defcon")
    assert len(m) == 1 and is_marker(m[0])
    assert data_of(m[0]) == {"defcon": 3, "before": 4, "card": 50}


def test_event_setting_defcon_either_way_logs_before_and_after():
    # 046 How I Learned to Stop Worrying: DEFCON 2 -> 5
    st = action_round_state(hands={"USA": [46], "USSR": [7]}, phasing="USA", turn=MID, defcon=2)
    st, _ = event(st, 46)
    st, log = choose(st, mode="choose", amount=5)
    assert [data_of(x) for x in _of_kind(log, "defcon")] == [{"defcon": 5, "before": 2, "card": 46}]
    # setting DEFCON to where it already is moves nothing: no marker
    st = action_round_state(hands={"USA": [46], "USSR": [7]}, phasing="USA", turn=MID, defcon=3)
    st, _ = event(st, 46)
    st, log = choose(st, mode="choose", amount=3)
    assert _of_kind(log, "defcon") == []


def test_duck_and_cover_defcon_marker_precedes_its_vp_line():
    st = action_round_state(hands={"USA": [4], "USSR": [7]}, phasing="USA", defcon=4)
    st, log = event(st, 4)
    d = [data_of(x) for x in _of_kind(log, "defcon")]
    assert d == [{"defcon": 3, "before": 4, "card": 4}]
    texts = text_lines(log)
    assert "DEFCON drops to 3; the USA gains 2 VP." in texts


def test_battleground_coup_defcon_line_carries_before():
    st = action_round_state(hands={"USA": [7], "USSR": [8]}, phasing="USSR", clear=True,
                            influence={"Iran": (2, 0)}, defcon=5, dice=[6])
    st, _ = choose(st, mode="play", card=8)
    st, _ = choose(st, mode="coup")
    st, log = choose(st, mode="coup", country="Iran")
    d = [data_of(x) for x in _of_kind(log, "defcon")]
    assert d and d[0]["before"] == 5 and d[0]["defcon"] == 4 and d[0]["country"] == "Iran"


# ---------------------------------------------------------------- cards drawn or shown by events
def test_ask_not_draw_line_has_kind_draw_and_a_count():
    st = action_round_state(hands={"USA": [77, 4, 19, 37], "USSR": [7]}, phasing="USA", turn=MID)
    st, _ = event(st, 77)
    st, _ = choose(st, mode="discard", card=19)
    st, _ = choose(st, mode="discard", card=37)
    st, log = choose(st, mode="done")
    draws = _of_kind(log, "draw")
    assert len(draws) == 1 and str(draws[0]).startswith('"Ask Not": the USA discards and draws 2')
    assert data_of(draws[0]) == {"side": "USA", "n": 2, "card": 77}


def test_cia_created_reveal_line_names_the_shown_cards():
    st = action_round_state(hands={"USA": [26], "USSR": [7, 8]}, phasing="USA", clear=True,
                            influence={"Mexico": (1, 0)})
    st, log = event(st, 26)
    r = _of_kind(log, "reveal")
    assert len(r) == 1 and data_of(r[0]) == {"side": "USSR", "cards": [7, 8], "card": 26}


def test_five_year_plan_random_discard_is_a_reveal():
    st = action_round_state(hands={"USA": [5], "USSR": [8]}, phasing="USA")
    st, log = event(st, 5)
    r = _of_kind(log, "reveal")
    assert len(r) == 1 and data_of(r[0])["side"] == "USSR" and data_of(r[0])["cards"] == [8]
    assert CARDS[8]["name"] in str(r[0])


# ---------------------------------------------------------------- no secret through log data
def _cards_in(obj, named=False):
    """Card numbers in log data: any int under a key that names cards ("card", "cards", ...)."""
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        if named and obj in CARDS:
            yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _cards_in(v, named or "card" in str(k))
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _cards_in(v, named)


def _leaks(state, line, side):
    """Cards hidden from ``side`` that ``line``'s data names and its text does not."""
    hidden = hidden_from(state, side)
    text = str(line)
    return {c for c in _cards_in(data_of(line)) if c in hidden and CARDS[c]["name"] not in text}


def test_ussr_never_holds_a_us_hand_card_through_log_data():
    """Whole random games, line by line: the data of a log line never names a card the USSR may
    not see (the US hand, the draw pile) unless the line's text names it openly; the same for the
    USA.  The state checked is the one at the moment the line was written."""
    checked = 0
    for seed in range(40):
        st = new_game(seed, {"optional_cards": True})
        rnd = random.Random(seed)
        for _ in range(900):
            d = decision(st)
            if d is None:
                break
            log = _SnapLog(st)
            apply_in_place(st, rnd.randrange(len(d["options"])), log)
            for line, snap in zip(log, log.snaps):
                for side in ("USSR", "USA"):
                    assert not _leaks(snap, line, side), (seed, side, str(line), data_of(line))
                checked += 1
    assert checked > 3000


def test_the_leak_check_catches_a_hand_card_in_data():
    """The check above can fail: a line naming a US hand card in its data only is a leak."""
    from squabble.games.logline import LogLine, marker
    st = action_round_state(hands={"USA": [26, 27], "USSR": [7]}, phasing="USA")
    assert _leaks(st, marker("draw", side="USA", cards=[27]), "USSR") == {27}
    assert _leaks(st, LogLine(f"The USA shows {CARDS[27]['name']}.", "reveal", cards=[27]),
                  "USSR") == set()


class _SnapLog(list):
    def __init__(self, state):
        super().__init__()
        self.state = state
        self.snaps = []

    def append(self, line):
        super().append(line)
        self.snaps.append(json.loads(json.dumps(self.state)))
