"""The engine protocol (shared/design/engine-protocol.md, docs/engine-protocol.md)."""

import json
import subprocess
import sys
from pathlib import Path

from squabble.protocol import Session

ROOT = Path(__file__).resolve().parents[1]


def send(session, obj):
    line = obj if isinstance(obj, str) else json.dumps(obj)
    return session.handle_line(line)


def test_new_state_act_and_log():
    s = Session()
    r = send(s, {"cmd": "new", "game": "squabble", "seed": 4, "options": {"events": True}})
    assert r["ok"] and r["state"]["game"] == "squabble" and r["state"]["event"]
    d = r["decision"]
    assert d["player"] == "USSR" and d["prompt"] and d["options"][0]["mode"] == "play"
    assert {"label", "mode", "bop", "space"} <= set(d["options"][0])
    r = send(s, {"cmd": "act", "index": 0})
    assert r["ok"] and r["decision"]["player"] == "USA" and r["log"]
    assert send(s, {"cmd": "state"})["state"] == r["state"]


def test_required_state_keys():
    s = Session()
    st = send(s, {"cmd": "new", "game": "squabble", "seed": 1})["state"]
    for k in ("game", "winner", "hands", "era", "phase", "bop", "space", "leader", "tokens",
              "decks", "discards", "slots", "event", "event_deck"):
        assert k in st
    assert set(st["slots"]["USA"]) == {"bop", "bop_tokens", "space", "space_tokens"}


def test_bad_lines_answer_errors_and_keep_the_game():
    s = Session()
    before = send(s, {"cmd": "new", "game": "squabble", "seed": 2})["state"]
    for bad in ["not json", "[1,2]", '{"cmd":"fly"}', '{"cmd":"act","index":99}',
                '{"cmd":"act","index":"0"}', '{"cmd":"act"}', '{"cmd":"new","game":"chess"}',
                '{"cmd":"new","game":"squabble","seed":"x"}',
                '{"cmd":"new","game":"squabble","options":{"bogus":1}}',
                '{"cmd":"dice","rolls":[7]}', '{"cmd":"load","state":5}',
                '{"cmd":"info","game":"poker"}', '{"cmd":"ai","level":"godlike"}']:
        r = send(s, bad)
        assert r["ok"] is False and r["error"].endswith((".", ")")), bad
    assert send(s, {"cmd": "state"})["state"] == before


def test_commands_without_a_game():
    r = send(Session(), {"cmd": "act", "index": 0})
    assert not r["ok"] and "No game" in r["error"]


def test_load_round_trip_and_inconsistent_states():
    s = Session()
    r = send(s, {"cmd": "new", "game": "squabble", "seed": 9})
    send(s, {"cmd": "act", "index": 3})
    st = send(s, {"cmd": "state"})
    r2 = send(Session(), {"cmd": "load", "state": st["state"]})
    assert r2["ok"] and r2["state"] == st["state"] and r2["decision"] == st["decision"]

    def broken(edit):
        bad = json.loads(json.dumps(st["state"]))
        edit(bad)
        return send(s, {"cmd": "load", "state": bad})

    r = broken(lambda b: b["hands"]["USA"].append(b["decks"]["USA"][0]))
    assert not r["ok"] and "both" in r["error"]
    r = broken(lambda b: b.update(bop=7))
    assert not r["ok"] and "'bop'" in r["error"]
    r = broken(lambda b: b.pop("slots"))
    assert not r["ok"] and "'slots'" in r["error"]
    r = broken(lambda b: b["hands"]["USA"].append("ussr-mir"))
    assert not r["ok"]
    r = broken(lambda b: b.update(pending={"kind": "counter", "player": "USA"}))
    assert not r["ok"]
    # an edited but consistent state is accepted
    r = broken(lambda b: b.update(bop=2))
    assert r["ok"] and r["state"]["bop"] == 2
    # the failed loads left the last good game in place
    assert send(s, {"cmd": "state"})["state"]["bop"] == 2


def test_info_squabble():
    r = send(Session(), {"cmd": "info", "game": "squabble"})
    assert r["ok"] and len(r["cards"]) == 34 and len(r["events"]) == 10
    assert r["track"] == {"min": -4, "max": 4}
    c = r["cards"][2]
    assert {"id", "name", "side", "era", "activity", "counter", "space_symbol", "kind"} <= set(c)
    assert {"id", "name", "year", "text"} <= set(r["events"][0])


def test_dice_queue_is_accepted():
    s = Session()
    send(s, {"cmd": "new", "game": "struggle", "seed": 1})
    assert send(s, {"cmd": "dice", "rolls": [3, 4]}) == {"ok": True}
    assert send(s, {"cmd": "state"})["state"]["dice"] == [3, 4]
    # Twilight Squabble rolls no dice: a queue for it is refused (tests/test_protocol_hostile.py)
    send(s, {"cmd": "new", "game": "squabble", "seed": 1})
    assert not send(s, {"cmd": "dice", "rolls": [3, 4]})["ok"]


def test_finished_game_has_null_decision():
    s = Session()
    r = send(s, {"cmd": "new", "game": "squabble", "seed": 5})
    while r["decision"] is not None:
        r = send(s, {"cmd": "act", "index": 0})
        assert r["ok"]
    assert r["state"]["winner"] in ("USA", "USSR", "draw")
    r = send(s, {"cmd": "act", "index": 0})
    assert not r["ok"] and "over" in r["error"]


def test_struggle_starts_a_real_game():
    r = send(Session(), {"cmd": "new", "game": "struggle", "seed": 1})
    assert r["ok"] and r["state"]["game"] == "struggle" and "test_setup" not in r["state"]


def test_engine_subprocess_end_to_end():
    lines = [{"cmd": "new", "game": "squabble", "seed": 8}, "oops", {"cmd": "act", "index": 1},
             {"cmd": "info", "game": "squabble"}, {"cmd": "quit"}, {"cmd": "state"}]
    text = "\n".join(l if isinstance(l, str) else json.dumps(l) for l in lines) + "\n"
    p = subprocess.run([sys.executable, "-m", "squabble", "engine"], input=text, text=True,
                       capture_output=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr
    out = [json.loads(l) for l in p.stdout.splitlines()]
    assert [o["ok"] for o in out] == [True, False, True, True, True]  # nothing after quit


def test_the_protocol_loads_a_state_saved_with_test_setup():
    # older engines kept "test_setup" in every Struggle state: 'load' still takes such a state
    s = Session()
    st = send(s, {"cmd": "new", "game": "struggle", "seed": 4})["state"]
    r = send(Session(), {"cmd": "load", "state": dict(st, test_setup=True)})
    assert r["ok"] and "test_setup" not in r["state"], r
    assert r["state"] == st
