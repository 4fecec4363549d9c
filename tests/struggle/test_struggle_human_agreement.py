"""bench/struggle_human_agreement.py reads a game log and rebuilds each person's card choice as
a position where the engine offers that card (a small log written here: the real logs are not
part of the repository)."""

import importlib.util
from pathlib import Path

from squabble.games.struggle import decision

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "struggle_human_agreement", ROOT / "bench" / "struggle_human_agreement.py")
H = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(H)

LOG = """SETUP: a will play as USSR.
b will play as USA.
USSR +1 in East Germany [0][4]
US +2 in West Germany [2][0]

Turn 1, Headline Phase: Socialist Governments & Marshall Plan*: USSR Headlines Socialist Governments
US Headlines Marshall Plan*
Event: Marshall Plan*
US +1 in Italy [1][0]

Event: Socialist Governments
US -1 in Italy [0][0]

Turn 1, USSR AR1: COMECON*: Coup (3 Ops):
Target: Italy
SUCCESS: 3 [ + 3 - 2x2 = 2 ]
USSR +2 in Italy [0][2]
USSR Military Ops to 3
DEFCON degrades to 4

Turn 1, US AR1: Nuclear Test Ban: Place Influence (4 Ops):
US +1 in Iran [2][0]
US +3 in Italy [3][2]

Turn 1, USSR AR2: Mideast Scoring: Event: Mideast Scoring
USSR gains 1 VP. Score is USSR 1.
"""


def test_a_log_becomes_positions_offering_the_persons_card(tmp_path):
    f = tmp_path / "game.txt"
    f.write_text(LOG)
    choices, unknown = H.parse(f)
    assert unknown == []
    got = [(c["turn"], c["side"], c["ar"], H.D.CARDS[c["card"]]["name"], c["use"])
           for c in choices]
    assert got == [(1, "USSR", 0, "Socialist Governments", "event"),
                   (1, "USA", 0, "Marshall Plan", "event"),
                   (1, "USSR", 1, "Comecon", "coup"),
                   (1, "USA", 1, "Nuclear Test Ban", "influence"),
                   (1, "USSR", 2, "Middle East Scoring", "event")]
    us_ar1 = choices[3]
    assert us_ar1["pos"]["influence"]["Italy"] == (0, 2) and us_ar1["pos"]["defcon"] == 4
    assert us_ar1["pos"]["milops"] == {"USA": 0, "USSR": 3}
    assert H.CARD[H._key("Marshall Plan*")] in us_ar1["pos"]["removed"]
    for known_only in (False, True):
        st = H.build(us_ar1, 7, known_only)
        d = decision(st)
        assert d["player"] == "USA"
        assert any(o.get("card") == us_ar1["card"] for o in d["options"])
        assert st["influence"]["Italy"] == {"USA": 0, "USSR": 2}
    assert len(H.build(us_ar1, 7, False)["hands"]["USA"]) == 7    # 8, less the headline


def test_the_china_card_is_rebuilt_where_the_log_left_it(tmp_path):
    """The USSR plays The China Card in turn 1: the USA holds it face down for the rest of the
    turn (it may not play it) and face up at turn 2's headline (a headline once kept the set-up's
    holder, the USSR, and an action round always had it face up)."""
    f = tmp_path / "game.txt"
    f.write_text(LOG + """
Turn 1, US AR2: Truman Doctrine*: Place Influence (1 Ops):
US +1 in Japan [1][0]

Turn 1, USSR AR3: The China Card: Place Influence (4 Ops):
USSR +4 in North Korea [0][7]

Turn 1, US AR3: Defectors: Place Influence (2 Ops):
US +2 in Japan [3][0]

Turn 2, Headline Phase: Nasser* & Duck and Cover: USSR Headlines Nasser*
US Headlines Duck and Cover
""")
    choices, _ = H.parse(f)
    us_ar3 = [c for c in choices if (c["turn"], c["side"], c["ar"]) == (1, "USA", 3)][0]
    st = H.build(us_ar3, 7, True)
    assert decision(st)["player"] == "USA" and st["china"] == {"holder": "USA", "face_up": False}
    hl = [c for c in choices if (c["turn"], c["side"], c["ar"]) == (2, "USA", 0)][0]
    st = H.build(hl, 7, True)
    assert decision(st)["player"] == "USA" and st["china"] == {"holder": "USA", "face_up": True}


def test_a_logs_folder_given_is_the_only_one_read(tmp_path, capsys, monkeypatch):
    """--logs naming a folder that is not there is said, not replaced by ../shared's logs."""
    monkeypatch.setattr("sys.argv", ["x", "--games", "1", "--logs", str(tmp_path / "none")])
    assert H.main() == 0
    assert "not here" in capsys.readouterr().out
    assert H.find_logs(str(tmp_path)) == tmp_path.resolve()


def test_the_logs_missing_is_said_not_a_crash(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(H, "find_logs", lambda given: None)
    monkeypatch.setattr("sys.argv", ["x", "--games", "1"])
    assert H.main() == 0
    assert "not here" in capsys.readouterr().out


def _record(level, same, both, side="USA", turn=2, ar=1, card=None, got=None):
    card = card or H.CARD[H._key("Marshall Plan")]
    return {"where": "x", "measure": "known cards only", "level": level, "side": side,
            "turn": turn, "ar": ar, "defcon": 5, "card": card, "use": "event",
            "got": got or card, "got_use": "event", "hand": [], "china": False, "same": same,
            "both": both, "groups": ["all", side, H.period(turn), f"{side} {H.period(turn)}",
                                     "action round"]}


def test_the_report_gives_both_measures_with_intervals_by_side_and_period(capsys):
    recs = [_record("normal", True, True), _record("normal", True, False),
            _record("normal", False, False, got=H.CARD[H._key("Asia Scoring")])] * 10
    H._report(["normal"], ["known cards only"], recs)
    out = capsys.readouterr().out
    # 30 choices: 20 of the same card (66.7%, Wilson 48.8-80.8%), 10 of card and use (33.3%)
    assert "| normal | all | 30 | 66.7% | 48.8-80.8% | 33.3% | 19.2-51.2% |" in out
    assert "| normal | USA Early | 30 |" in out
    H._patterns("normal", recs)
    out = capsys.readouterr().out
    assert "| Early | AR1-2 | own event | scoring card | 10 |" in out


def test_a_choice_is_named_by_whose_card_and_its_use():
    marshall, decol = H.CARD[H._key("Marshall Plan")], H.CARD[H._key("Decolonization")]
    assert H.kind(marshall, "influence", "USA", 3) == "own ops"
    assert H.kind(decol, "space", "USA", 3) == "enemy space"
    assert H.kind(decol, "event", "USSR", 0) == "headline own"
    assert H.kind(H.CHINA, "influence", "USSR", 2) == "The China Card"


def test_jobs_measure_the_same_choices_as_one_process(tmp_path):
    """--jobs N hands whole games to N processes; each choice keeps its number (its seed and its
    place in hard's sample), so the report is the one process's, line for line."""
    import os
    import subprocess
    import sys
    for name in ("tsreplayer_1.txt", "tsreplayer_2.txt"):
        (tmp_path / name).write_text(LOG)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = []
    for jobs in ("1", "2"):
        r = subprocess.run([sys.executable, str(ROOT / "bench" / "struggle_human_agreement.py"),
                            "--logs", str(tmp_path), "--levels", "random,greedy,normal",
                            "--hard-every", "2", "--jobs", jobs],
                           capture_output=True, text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        out.append(r.stdout)
    assert "10 card choices of people" in out[0]
    assert "| greedy | all | 10 |" in out[0]
    assert out[0] == out[1]
