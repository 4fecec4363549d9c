"""The engine protocol under hostile input: every line gets exactly one answer and the process
lives (issue 11, "The engine protocol must never die")."""

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

from squabble import protocol
from squabble.protocol import MAX_DICE, MAX_ERROR, Session, serve

ROOT = Path(__file__).resolve().parents[1]
HUGE = "9" * 5000          # more digits than Python's int() accepts by default (4300)


def send(session, obj):
    return session.handle_line(obj if isinstance(obj, str) else json.dumps(obj))


def refused(answer, *words):
    assert answer["ok"] is False, answer
    assert isinstance(answer["error"], str) and answer["error"]
    assert len(answer["error"]) <= MAX_ERROR
    for w in words:
        assert w in answer["error"], answer["error"]
    return answer


def run_engine(data: bytes, timeout=60, **env):
    e = dict(os.environ, PYTHONIOENCODING="utf-8", **env)
    p = subprocess.run([sys.executable, "-m", "squabble", "engine"], input=data,
                       capture_output=True, cwd=ROOT, timeout=timeout, env=e)
    return p, [json.loads(line) for line in p.stdout.decode("ascii").splitlines()]


# -- huge integers ---------------------------------------------------------------------------

def test_huge_integers_anywhere_are_refused_and_the_game_is_kept():
    s = Session()
    before = send(s, {"cmd": "new", "game": "struggle", "seed": 3})["state"]
    lines = ['{"cmd":"act","index":%s}' % HUGE,
             '{"cmd":"ai","level":"easy","seed":%s}' % HUGE,
             '{"cmd":"ai","level":"easy","seed":-%s}' % HUGE,
             '{"cmd":"dice","rolls":[1,%s]}' % HUGE,
             '{"cmd":"new","game":"squabble","seed":%s}' % HUGE,
             '{"cmd":"info","game":"squabble","x":[[{"y":%s}]]}' % HUGE,
             '{"cmd":"act","index":1e999}', '{"cmd":"act","index":NaN}',
             '{"cmd":"act","index":-Infinity}']
    for line in lines:
        refused(s.handle_line(line))
    st = json.dumps(before, separators=(",", ":"))
    assert '"defcon":5' in st
    refused(s.handle_line('{"cmd":"load","state":%s}' % st.replace('"defcon":5', '"defcon":' + HUGE)),
            "digits")
    assert send(s, {"cmd": "state"})["state"] == before
    # a long but sensible seed still works
    assert send(s, {"cmd": "new", "game": "squabble", "seed": 10 ** 60})["ok"]


# -- bytes, not text ---------------------------------------------------------------------------

def test_invalid_utf8_is_answered_and_reading_goes_on():
    data = (b'{"cmd":"new","game":"squabble","seed":1}\n'
            b'{"cmd":"new","game":"\xff\xfe squabble"}\n'
            b'\xc3\x28\n'
            b'{"cmd":"state"}\n'
            b'{"cmd":"quit"}\n')
    p, out = run_engine(data)
    assert p.returncode == 0, p.stderr
    assert not p.stderr.strip(), p.stderr
    assert [o["ok"] for o in out] == [True, False, False, True, True]
    assert "UTF-8" in out[1]["error"] and "UTF-8" in out[2]["error"]
    assert out[3]["state"]["game"] == "squabble"


def test_serve_answers_every_line_once_from_bytes_or_text():
    lines = [b'{"cmd":"info","game":"squabble"}', b"\xff", b"[" * 100000, b'"just a string"',
             b"{" + b'"a":' * 3000 + b"1", b"   ", b'{"cmd":"quit"}', b'{"cmd":"state"}']
    out = io.BytesIO()
    assert serve(io.BytesIO(b"\n".join(lines) + b"\n"), out) == 0
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    # the blank line gets no answer; nothing after quit is read
    assert [a["ok"] for a in answers] == [True, False, False, False, False, True]
    text_out = io.StringIO()
    serve(io.StringIO('{"cmd":"fly"}\n{"cmd":"quit"}\n'), text_out)
    assert [json.loads(x)["ok"] for x in text_out.getvalue().splitlines()] == [False, True]


# -- errors quote a short excerpt --------------------------------------------------------------

def test_errors_quote_only_a_short_excerpt():
    s = Session()
    big = "x" * 2_000_000
    for req in ({"cmd": big}, {"cmd": [big]}, {"cmd": "new", "game": big},
                {"cmd": "info", "game": {"a": big}}, {"cmd": "ai", "level": big}):
        r = refused(send(s, req))
        assert len(r["error"]) < 200, r["error"][:300]
    assert "xxxx" in refused(send(s, {"cmd": big}))["error"]  # still says what it was


def test_an_over_long_line_is_skipped_with_one_answer():
    long_line = b'{"cmd":"' + b"y" * 5000 + b'"}'
    data = long_line + b"\n" + b'{"cmd":"info","game":"squabble"}\n' + long_line
    out = io.BytesIO()
    serve(io.BytesIO(data), out, max_line=1000)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [False, True, False]
    assert "longer than 1000 bytes" in answers[0]["error"]


# -- the dice queue --------------------------------------------------------------------------------

def test_dice_queue_is_bounded():
    s = Session()
    send(s, {"cmd": "new", "game": "struggle", "seed": 2})
    refused(send(s, {"cmd": "dice", "rolls": [3] * (MAX_DICE + 1)}), str(MAX_DICE))
    assert send(s, {"cmd": "dice", "rolls": [3] * (MAX_DICE - 1)}) == {"ok": True}
    assert send(s, {"cmd": "dice", "rolls": [4]}) == {"ok": True}
    refused(send(s, {"cmd": "dice", "rolls": [5]}), "queue")
    st = send(s, {"cmd": "state"})["state"]
    assert len(st["dice"]) == MAX_DICE
    st["dice"].append(6)
    refused(send(Session(), {"cmd": "load", "state": st}), str(MAX_DICE))


def test_squabble_refuses_dice():
    s = Session()
    st = send(s, {"cmd": "new", "game": "squabble", "seed": 2})["state"]
    refused(send(s, {"cmd": "dice", "rolls": [1]}), "no dice")
    refused(send(s, {"cmd": "dice", "rolls": []}), "no dice")
    assert send(s, {"cmd": "state"})["state"]["dice"] == []
    st["dice"] = [2, 3]
    refused(send(Session(), {"cmd": "load", "state": st}), "no dice")


# -- the hostile stream ----------------------------------------------------------------------------

FIELDS = {"new": ["game", "seed", "options"], "state": [], "load": ["state"], "act": ["index"],
          "dice": ["rolls"], "info": ["game"], "ai": ["level", "seed"], "quit": []}
VALID = {"new": [{"cmd": "new", "game": "squabble", "seed": 5},
                 {"cmd": "new", "game": "struggle", "seed": 6}],
         "state": [{"cmd": "state"}], "act": [{"cmd": "act", "index": 0}],
         "dice": [{"cmd": "dice", "rolls": [1, 6]}], "info": [{"cmd": "info", "game": "struggle"}],
         "ai": [{"cmd": "ai", "level": "easy", "seed": 1}]}


def _hostile_values(rng):
    return [None, True, False, 0, -1, 7, 2 ** 70, -(10 ** 80), 1.5, -0.0, "", "x" * rng.randint(1, 300),
            "squabble", "struggle", [], [1, 2, 3], [[[[]]]], {}, {"game": "squabble"},
            {"events": "yes"}, {"handicap": {"side": "USA", "influence": 10 ** 40}},
            {"handicap": "x"}, {"optional_cards": 3}, [0] * 50, "\u0000\ud7ff\u2028"]


def _hostile_lines(seed, n):
    rng = random.Random(seed)
    values = _hostile_values(rng)
    states = []   # real states seen earlier, to be broken and loaded
    s = Session()
    for g, sd in (("squabble", 1), ("struggle", 2)):
        r = send(s, {"cmd": "new", "game": g, "seed": sd})
        states.append(r["state"])
        for _ in range(6):
            if r["decision"] is None:
                break
            r = send(s, {"cmd": "act", "index": rng.randrange(len(r["decision"]["options"]))})
            states.append(r["state"])
    out = []
    # first a sweep: every hostile value in every field of every command, with a game of each
    # kind loaded (quit is last in the stream, so it is swept with a field it does not take)
    for game, sd in (("squabble", 1), ("struggle", 2)):
        out.append(json.dumps({"cmd": "new", "game": game, "seed": sd}).encode())
        for cmd, fields in FIELDS.items():
            for f in (fields or ["extra"]):
                if cmd == "quit":
                    continue
                for v in values:
                    req = dict(rng.choice(VALID.get(cmd, [{"cmd": cmd}])), cmd=cmd)
                    req[f] = v
                    out.append(json.dumps(req).encode())
    for i in range(n):
        k = rng.randrange(12)
        if k == 0:      # garbage bytes
            out.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))).replace(
                b"\n", b" "))
        elif k == 1:    # huge integers
            cmd = rng.choice(list(FIELDS))
            field = rng.choice(FIELDS[cmd] or ["seed"])
            out.append(('{"cmd":"%s","%s":%s%s}' % (cmd, field, rng.choice(["", "-"]),
                                                    "7" * rng.choice([101, 4301, 20000]))).encode())
        elif k == 2:    # bad UTF-8 inside a request
            out.append(b'{"cmd":"info","game":"squa' + bytes([rng.choice([0x80, 0xc0, 0xff, 0xed])])
                       + b'bble"}')
        elif k == 3:    # deep nesting
            d = rng.choice([50, 900, 5000, 200000])
            out.append(b'{"cmd":"load","state":' + b"[" * d + b"]" * d + b"}")
        elif k == 4 and i % 40 == 4:   # huge lines (kept rare: they are slow to make)
            out.append(json.dumps({"cmd": "x" * rng.choice([10 ** 5, 10 ** 6])}).encode())
        elif k in (4, 5, 6):  # wrong types for every field of every command (quit: the end)
            cmd = rng.choice([c for c in FIELDS if c != "quit"])
            req = {"cmd": cmd}
            for f in FIELDS[cmd]:
                req[f] = rng.choice(values)
            if rng.random() < 0.3:
                req.pop(rng.choice(list(req)))
            out.append(json.dumps(req).encode())
        elif k == 7:    # loads of broken real states: one key's value replaced or removed
            st = json.loads(json.dumps(rng.choice(states)))
            key = rng.choice(list(st))
            if rng.random() < 0.2:
                del st[key]
            else:
                st[key] = rng.choice(values)
            out.append(json.dumps({"cmd": "load", "state": st}).encode())
        elif k == 8:    # loads of real states, unchanged
            out.append(json.dumps({"cmd": "load", "state": rng.choice(states)}).encode())
        else:           # valid requests keep a game going so that act, ai and dice have one
            cmd = rng.choice(list(VALID))
            req = dict(rng.choice(VALID[cmd]))
            if cmd == "act":
                req["index"] = rng.randrange(4)
            out.append(json.dumps(req).encode())
    return out


def test_a_seeded_stream_of_hostile_lines_is_answered_line_by_line():
    lines = _hostile_lines(seed=11, n=3000)
    data = b"\n".join(lines) + b'\n{"cmd":"quit"}\n'
    p, out = run_engine(data, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    assert not p.stderr.strip(), p.stderr[-2000:]
    expected = sum(1 for x in lines if x.strip()) + 1
    assert len(out) == expected
    internal = []
    for line, ans in zip([x for x in lines if x.strip()], out):
        assert isinstance(ans, dict) and ans.get("ok") in (True, False)
        if not ans["ok"]:
            assert isinstance(ans["error"], str) and 0 < len(ans["error"]) <= MAX_ERROR
            if ans["error"].startswith("Internal error"):
                internal.append((line[:200], ans["error"]))
        else:
            assert len(json.dumps(ans)) < 200_000
    assert out[-1] == {"ok": True}
    assert not internal, internal[:5]


def test_excerpt_is_short_for_anything():
    for v in ["a" * 10 ** 6, ["b" * 1000] * 1000, {"k": "v" * 10 ** 5}, 10 ** 90, None]:
        assert len(protocol.excerpt(v)) <= protocol.EXCERPT + 3
    deep = []
    for _ in range(5000):
        deep = [deep]
    assert protocol.excerpt(deep)


def test_ctrl_c_ends_the_engine_without_a_traceback():
    import select
    import signal
    if sys.platform.startswith("win"):
        return
    from tests.child import sigint_as_in_a_terminal
    p = subprocess.Popen([sys.executable, "-m", "squabble", "engine"], cwd=ROOT,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=sigint_as_in_a_terminal)
    try:
        p.stdin.write(b'{"cmd":"info","game":"squabble"}\n')
        p.stdin.flush()
        ready, _, _ = select.select([p.stdout], [], [], 30)
        assert ready and json.loads(p.stdout.readline())["ok"]
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    assert p.returncode == 130 and b"Traceback" not in err, err
