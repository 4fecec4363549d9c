"""A seat for a bot (issue 23): ``{"cmd":"view","side":S}`` and ``squabble engine --seat S``.

Whole games are played through a seated engine (the seat picks random options, the other side
is the engine's own "random" opponent).  Every answer the seat gets is checked against the true
game, which the test alone sees: the answer is exactly the seat's view of it, it stays the same
when the other side's hidden cards are dealt differently (relabelled: the same counts in the
same places, other cards) and when the generator is keyed anew, no number in it is one of the
seat's secrets (the game's seed, the computer's seeds, the generator's states), and no log line
names a card hidden from the seat.  The seat can neither choose nor learn the seed (issue 52)."""

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from types import SimpleNamespace

from squabble.games import registry
from squabble.games.squabble.cards import CARDS as SQ_CARDS, OTHER
from squabble.games.struggle.data import CARD_NUMBERS, card_name
from squabble.games.struggle.query import effect_cards
from squabble.protocol import Session, seen_decision

ROOT = Path(__file__).resolve().parents[1]
ENEMY = {"USA": "USSR", "USSR": "USA"}


def ask(session, req) -> dict:
    out = session.handle_line(json.dumps(req))
    return json.loads(json.dumps(out))   # what crosses the pipe


def normal(x):
    return json.loads(json.dumps(x))


# -- the other side's hidden cards, dealt again -------------------------------------------------

def hidden_places_struggle(st, seat, hand=True):
    """[(container, index)] of the cards hidden from ``seat``: the enemy's hand (unless Aldrich
    Ames opens it to the USSR; ``hand=False``: left out), the draw pile but the cards the seat
    looks at there itself (Our Man in Tehran), an enemy headline not yet shown."""
    enemy = ENEMY[seat]
    seen = {c for f in st["stack"] if f.get("side") == seat
            for c in (f.get("data") or {}).get("looked", [])}
    places = [(st["deck"], i) for i in range(len(st["deck"])) if st["deck"][i] not in seen]
    if hand and not (seat == "USSR" and 98 in effect_cards(st)):
        places += [(st["hands"][enemy], i) for i in range(len(st["hands"][enemy]))]
    hl = st.get("headline") or {}
    choosing = any(f["kind"] == "headline" and f["stage"] == "choose" for f in st["stack"])
    if choosing and isinstance(hl.get(enemy), int) and hl.get("shown") != enemy:
        places.append((hl, enemy))
    return places


def frame_card_places(st):
    """[(dict, key)] of every card key that is not public by the rules (frames.CARD_KEYS but
    the card in play and the cards events show) of the stack's frames, of their ``data`` and of
    their ``ret``: where a frame may hold a hidden card."""
    from squabble.games.struggle.frames import CARD_KEYS, PUBLIC_CARD_KEYS
    out = []
    for f in st["stack"]:
        for part in (f, f.get("data"), f.get("ret")):
            if isinstance(part, dict):
                out += [(part, k) for k in CARD_KEYS if k in part and k not in PUBLIC_CARD_KEYS]
    return out


def relabel_struggle(st, seat, rnd, hand=True):
    """The cards hidden from ``seat`` given other labels: a shuffle of them, applied wherever
    they are -- their hidden places, the table (an enemy headline not yet shown) and every card
    a frame holds (Our Man in Tehran's look at the draw pile), so that a frame showing a hidden
    card shows in the view.  ``hand=False``: the enemy's hand keeps its cards (its pending
    options name them)."""
    st = normal(st)
    places = hidden_places_struggle(st, seat, hand)
    hidden = sorted({c[i] for c, i in places})
    other = list(hidden)
    rnd.shuffle(other)
    label = dict(zip(hidden, other))
    for c, i in places:
        c[i] = label[c[i]]
    st["table"] = [label.get(c, c) for c in st["table"]]
    for part, k in frame_card_places(st):
        v = part[k]
        part[k] = [label.get(c, c) for c in v] if isinstance(v, list) else label.get(v, v)
    return st, other


def hidden_places_squabble(st, seat):
    from squabble.games.squabble import engine as E
    other = OTHER[seat]
    h = E.hidden_from(st, seat)
    places = [(st["hands"][other], i) for i in range(len(st["hands"][other]))]
    slot = st["slots"][other]
    if slot["bop"] is not None and not h["bop_seen"]:
        places.append((slot, "bop"))
    if slot["space"] is not None and not h["space_seen"]:
        places.append((slot, "space"))
    return places


def relabel_squabble(st, seat, rnd):
    """The other side's hand and its face-down cards, dealt among themselves again (the only
    cards Twilight Squabble hides; an Activity card stays where one must be)."""
    base = normal(st)
    keys = [i for _, i in hidden_places_squabble(base, seat)]
    for _ in range(20):
        st = normal(base)
        places = hidden_places_squabble(st, seat)
        cards = [c[i] for c, i in places]
        rnd.shuffle(cards)
        if any(i == "space" and not SQ_CARDS[card].is_activity
               for (_, i), card in zip(places, cards)):
            continue
        for (c, i), card in zip(places, cards):
            c[i] = card
        # what the rules show (an Agent is revealed in phase 3) must stay shown: a deal that
        # changes which places are face down tells a different public story
        if [i for _, i in hidden_places_squabble(st, seat)] == keys:
            return st, cards
    return base, []


def hidden_where(name, st, seat) -> dict:
    """{name: where} of the cards hidden from ``seat`` (the enemy's hand, the draw pile, a
    face-down slot), leaving out names a card it may see also bears (Twilight Squabble gives
    both sides an Agent and a Double Agent)."""
    if name == "struggle":
        return {card_name(c[i]): "deck" if c is st["deck"] else "hand" if isinstance(i, int)
                else "headline" for c, i in hidden_places_struggle(st, seat)}
    places = hidden_places_squabble(st, seat)
    hidden = {c[i] for c, i in places}
    shown = {c.name for cid, c in SQ_CARDS.items() if cid not in hidden}
    return {SQ_CARDS[c[i]].name: i if isinstance(i, str) else "hand" for c, i in places
            if SQ_CARDS[c[i]].name not in shown}


def all_names(name) -> list:
    names = [card_name(n) for n in CARD_NUMBERS] if name == "struggle" else \
        [c.name for c in SQ_CARDS.values()]
    return sorted(set(names), key=len, reverse=True)


def named_secrets(line: str, secret: set, names: list) -> list:
    """The secret names ``line`` names, a longer name holding a shorter one counted once
    ("Southeast Asia Scoring" does not name "Asia Scoring")."""
    found = []
    for n in names:
        if n in line:
            if n in secret:
                found.append(n)
            line = line.replace(n, "\0")
    return found


class Secrets:
    """A seeded stand-in for the seat's cryptographic generator (``Session(secret_bits=...)``),
    keeping every value it gave, so the test can look for them in what the seat receives."""

    def __init__(self, seed):
        self.rnd = random.Random(f"secrets {seed}")
        self.drawn = []

    def __call__(self, bits):
        x = self.rnd.getrandbits(bits)
        self.drawn.append(x)
        return x


def secret_numbers(session, steps) -> set:
    """The numbers the seat must never receive: every secret drawn (the game's seed, the
    computer's seeds) and every state of the game's generator."""
    out = set(session.secret_bits.drawn) | {session.state["rng"]}
    for before, _, after in steps:
        out |= {before["rng"], after["rng"]}
    return {x for x in out if abs(x) >= 1 << 20}   # (a small number could be a count)


# -- the check of one answer --------------------------------------------------------------------

def check_answer(name, session, answer, seat, rnd, relabels=2):
    game = session.game
    true = session.state
    assert answer["ok"], answer
    assert answer["state"] == normal(game.protocol_state(game.view(true, seat)))
    assert answer["decision"] == normal(seen_decision(game.decision(true), seat))
    d = answer["decision"]
    if d is not None and d["player"] != seat:
        assert d["options"] == []
    relabel = relabel_struggle if name == "struggle" else relabel_squabble
    for _ in range(relabels):
        other, _ = relabel(true, seat, rnd)
        other["rng"] = rnd.getrandbits(64)   # another seed: the generator keyed anew
        assert normal(game.protocol_state(game.view(other, seat))) == answer["state"]
        assert normal(seen_decision(game.decision(other), seat)) == answer["decision"]
    steps = session.game.recorded
    received = set(map(int, re.findall(r"\d+", json.dumps(answer))))
    assert not received & secret_numbers(session, steps), "a secret number reached the seat"
    # one generator, kept in the game (turn.secret_seed, as the server's): each step starts
    # where the one before it left the generator, never from a value the seat chose or saw
    for (_, _, a), (b, _, _) in zip(steps, steps[1:]):
        assert b["rng"] == a["rng"]
    if steps:
        assert steps[-1][2]["rng"] == true["rng"]
    assert [str(x) for _, log, _ in steps for x in log if str(x)] == answer.get("log", [])
    names = all_names(name)
    for before, log, after in steps:
        # a card that stays where it is hidden from the seat (in the enemy's hand, in the draw
        # pile) must not be named by the step's log; a card played or discarded comes out of
        # hiding, even if a reshuffle puts it back into the pile in the same step
        was, now = hidden_where(name, before, seat), hidden_where(name, after, seat)
        secret = {n for n, where in was.items() if now.get(n) == where}
        for line in log:
            shown = set()
            if getattr(line, "kind", "") == "reveal":   # a card the rules show (CIA Created)
                shown = {card_name(c) for c in line.data.get("cards", [])}
            named = named_secrets(str(line), secret - shown, names)
            assert not named, (str(line), named)
    steps.clear()


def recording(game):
    """The adapter with its ``apply`` keeping each step (before, log lines with their kinds and
    data, after) for the test."""
    recorded = []

    def apply(state, index):
        after, log = game.apply(state, index)
        recorded.append((state, log, after))
        return after, log

    return SimpleNamespace(**dict(vars(game), apply=apply, recorded=recorded))


def play_seated(name, seat, seed, max_answers=2000):
    rnd = random.Random(seed)
    session = Session(seat=seat, secret_bits=Secrets(seed))
    session._adapter = lambda n: recording(registry.get(n))
    answer = ask(session, {"cmd": "new", "game": name, "opponent": "random",
                           "options": {} if name == "struggle" else
                           {"events": bool(seed % 2)}})
    n = 0
    while True:
        check_answer(name, session, answer, seat, rnd)
        n += 1
        d = answer["decision"]
        if d is None or n >= max_answers:
            return n, session
        assert d["player"] == seat   # the opponent moved before the answer
        answer = ask(session, {"cmd": "act", "index": rnd.randrange(len(d["options"]))})


@pytest.mark.parametrize("seat", ["USA", "USSR"])
@pytest.mark.parametrize("seed", range(3))
def test_whole_squabble_games_through_a_seat_show_only_the_seats_view(seat, seed):
    n, session = play_seated("squabble", seat, seed)
    assert session.state["winner"] is not None and n > 5


@pytest.mark.parametrize("seat, seed", [("USA", 37), ("USSR", 15), ("USSR", 38)])
def test_whole_struggle_games_through_a_seat_show_only_the_seats_view(seat, seed):
    """(Seeds whose random games run long: to turn 5, 6 and 5.)"""
    n, session = play_seated("struggle", seat, seed)
    assert session.state["winner"] is not None and n > 80


@pytest.mark.parametrize("leak", ["hand", "deck", "log", "rng", "seed"])
def test_the_seat_check_catches_a_leak(monkeypatch, leak):
    """The same check fails on a deliberately leaking engine: one that shows the enemy's hand,
    the draw pile, a hidden card in a log line, the generator in the view, or the game's seed in
    the answer to ``new``."""
    real = registry.get("struggle")

    def leaky_view(state, side):
        v = real.view(state, side)
        if leak == "hand":
            v["hands"][ENEMY[side]] = list(state["hands"][ENEMY[side]])
        elif leak == "deck":
            v["deck"] = list(state["deck"])
        elif leak == "rng":
            v["rng"] = state["rng"]
        return v

    def leaky_apply(state, index):
        after, log = real.apply(state, index)
        if leak == "log" and state["pending"]["player"] == "USSR":
            log.append("The USSR holds " + card_name(state["hands"]["USSR"][0]) + ".")
        return after, log

    fake = SimpleNamespace(**dict(vars(real), view=leaky_view, apply=leaky_apply))
    monkeypatch.setattr(registry, "get", lambda n, **k: fake if n == "struggle" else real)
    if leak == "seed":
        real_new = Session.cmd_new

        def leaky_new(self, req):
            out = real_new(self, req)
            out["seed"] = self.secret_bits.drawn[0]   # (the game's seed, drawn first)
            return out
        monkeypatch.setattr(Session, "cmd_new", leaky_new)
    with pytest.raises(AssertionError):
        play_seated("struggle", "USA", 99)


def tehran_seat(seat):
    """A seat at Our Man in Tehran: the USA looks at the top five cards of the draw pile (its
    frame holds them) and decides; (session, the seat's view answer)."""
    from squabble.games.struggle import decision
    from tests.struggle.struggle_helpers import action_round_state, event
    session = Session(seat=seat, secret_bits=Secrets(5))
    session._adapter = lambda n: recording(registry.get(n))
    check_answer("struggle", session, ask(session, {"cmd": "new", "game": "struggle",
                                                    "opponent": "random"}), seat, random.Random(1))
    st = action_round_state(hands={"USA": [108, 52], "USSR": [36, 21]}, phasing="USA", turn=8,
                            options={"optional_cards": True}, clear=True,
                            influence={"Israel": (4, 0)})
    session.state, _ = event(st, 108)
    assert decision(session.state)["player"] == "USA"
    return session, ask(session, {"cmd": "view"})


@pytest.mark.parametrize("seat", ["USA", "USSR"])
def test_the_seat_check_reaches_the_cards_a_frame_holds(monkeypatch, seat):
    """The view's stack holds Our Man in Tehran's five cards for the USA and "hidden" for the
    USSR: the check passes.  Planted leak: the public stack left showing the five cards to the
    USSR -- dealing the hidden cards again (the frame's too) changes its view, and the check
    fails; the USA, who sees them, is checked the same and passes."""
    from squabble.games import struggle as S
    rnd = random.Random(2)
    session, answer = tehran_seat(seat)
    looked = answer["state"]["stack"][-1]["data"]["looked"]
    assert (looked == ["hidden"] * 5) == (seat == "USSR")
    for _ in range(5):
        check_answer("struggle", session, answer, seat, rnd)
    real = S.public_stack

    def leaky(state, side):
        out = real(state, side)
        for f, g in zip(out, state["stack"]):
            if "looked" in f.get("data", {}):
                f["data"]["looked"] = list(g["data"]["looked"])
        return out
    monkeypatch.setattr(S, "public_stack", leaky)
    session, answer = tehran_seat(seat)
    if seat == "USA":
        check_answer("struggle", session, answer, seat, rnd)
    else:
        with pytest.raises(AssertionError):
            for _ in range(5):
                check_answer("struggle", session, answer, seat, rnd)


# -- what the seat may and may not ask ----------------------------------------------------------

def test_a_seat_refuses_state_load_dice_and_other_views():
    s = Session(seat="USSR")
    first = ask(s, {"cmd": "new", "game": "struggle", "opponent": "random"})
    assert first["ok"] and isinstance(first["state"]["hands"]["USA"], int)
    for req in ({"cmd": "state"}, {"cmd": "load", "state": s.state},
                {"cmd": "dice", "rolls": [6]}, {"cmd": "view", "side": "USA"},
                {"cmd": "new", "game": "squabble", "opponent": "perfect"}):
        out = ask(s, req)
        assert not out["ok"] and "seat" in out["error"] or "opponent" in out["error"], out
    assert ask(s, {"cmd": "view"}) == {k: first[k] for k in ("ok", "state", "decision")} or \
        ask(s, {"cmd": "view"})["ok"]


def test_a_seat_acts_only_on_its_own_decisions():
    s = Session(seat="USA")
    ask(s, {"cmd": "new", "game": "squabble", "opponent": "random"})
    s.state = registry.get("squabble").new(1)   # (the test forces the USSR's turn)
    assert s.game.decision(s.state)["player"] == "USSR"
    out = ask(s, {"cmd": "act", "index": 0})
    assert not out["ok"] and "the decision pending is the USSR's" in out["error"]
    out = ask(s, {"cmd": "ai", "level": "easy"})
    assert not out["ok"] and "USSR's" in out["error"]


def test_view_without_a_seat_gives_either_sides_view():
    s = Session()
    ask(s, {"cmd": "new", "game": "struggle", "seed": 3})
    for side in ("USA", "USSR"):
        v = ask(s, {"cmd": "view", "side": side})
        assert v["state"] == normal(s.game.protocol_state(s.game.view(s.state, side)))
        assert isinstance(v["state"]["deck"], int)
        assert isinstance(v["state"]["hands"][ENEMY[side]], int)
        assert isinstance(v["state"]["hands"][side], list)
    assert "'side'" in ask(s, {"cmd": "view", "side": "NATO"})["error"]
    assert ask(s, {"cmd": "state"})["ok"]   # unseated: the whole state, as before


def test_squabble_view_hides_the_other_sides_hand_face_down_cards_and_orders():
    s = Session()
    out = ask(s, {"cmd": "new", "game": "squabble", "seed": 5, "options": {"events": True}})
    ask(s, {"cmd": "act", "index": 0})   # the USSR plays two cards face down
    v = ask(s, {"cmd": "view", "side": "USA"})["state"]
    assert v["hands"]["USSR"] == [] and v["hand_counts"]["USSR"] == len(s.state["hands"]["USSR"])
    assert v["slots"]["USSR"]["bop"] is None and v["slots"]["USSR"]["bop_hidden"]
    assert v["event_deck"] == sorted(v["event_deck"]) and v["rng"] == 0
    assert out["state"]["event_deck"] != v["event_deck"] or len(v["event_deck"]) < 2


def test_seated_engine_process_from_the_command_line():
    reqs = [{"cmd": "new", "game": "squabble", "seed": 4, "opponent": "random"},
            {"cmd": "new", "game": "squabble", "opponent": "random"},
            {"cmd": "state"}, {"cmd": "view"}, {"cmd": "quit"}]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "squabble", "engine", "--seat", "USSR"],
                       input="".join(json.dumps(q) + "\n" for q in reqs).encode(),
                       capture_output=True, cwd=ROOT, env=env, timeout=120)
    assert r.returncode == 0, r.stderr.decode()
    answers = [json.loads(x) for x in r.stdout.decode().splitlines()]
    assert answers[0] == {"ok": False, "error": SEED_REFUSED.format(seat="USSR")}
    answers = answers[1:]
    assert answers[0]["ok"] and answers[0]["state"]["hands"]["USA"] == []
    assert answers[0]["decision"]["player"] == "USSR"
    assert not answers[1]["ok"] and "seat" in answers[1]["error"]
    assert answers[2]["state"] == answers[0]["state"] and answers[3] == {"ok": True}


# -- the seed: the seat can neither choose nor learn it (issue 52) ------------------------------

SEED_REFUSED = ("This engine is the {seat}'s seat: the game's seed is drawn in secret, so "
                "'seed' is refused; send 'new' without it.")


def shadow_of(seat_side, seed, opponent="random"):
    """The attack: an ordinary engine beside the seat, started with ``seed``, the computer's
    moves replayed as a seated engine seeded by the game's seed would make them
    (``seed * 1_000_003 + moves``); its whole state shows what the seat may not see."""
    shadow = Session()
    sh = ask(shadow, {"cmd": "new", "game": "struggle", "seed": seed})
    moves = 0
    while sh["decision"] and sh["decision"]["player"] != seat_side:
        d = sh["decision"]
        i = random.Random(seed * 1_000_003 + moves).randrange(len(d["options"]))
        sh = ask(shadow, {"cmd": "act", "index": i})
        moves += 1
    return shadow


@pytest.mark.parametrize("seat", ["USA", "USSR"])
def test_the_seed_replay_attack_fails(seat):
    """The seat asks for a seed of its choice; refused, it takes the game it is given.  A shadow
    engine started with that seed, or with the seed a seat used to get when it named none (0),
    neither replays the seat's game nor knows the other side's hand."""
    s = Session(seat=seat)
    first = ask(s, {"cmd": "new", "game": "struggle", "seed": 5, "opponent": "random"})
    if not first["ok"]:
        assert first["error"] == SEED_REFUSED.format(seat=seat) and s.state is None
        first = ask(s, {"cmd": "new", "game": "struggle", "opponent": "random"})
    assert first["ok"] and first["decision"]["player"] == seat
    enemy = ENEMY[seat]
    for seed in (5, 0):
        shadow = shadow_of(seat, seed)
        assert ask(shadow, {"cmd": "view", "side": seat})["state"] != first["state"], seed
        assert sorted(shadow.state["hands"][enemy]) != sorted(s.state["hands"][enemy]), seed
        assert shadow.state["deck"] != s.state["deck"], seed


def test_two_seated_games_are_dealt_apart_and_a_seeded_new_loses_nothing():
    """Each seated game is dealt from the operating system's cryptographic generator: two
    seats that ask the same thing get different games; a refused seeded ``new`` keeps the game
    being played."""
    a, b = Session(seat="USA"), Session(seat="USA")
    ra = ask(a, {"cmd": "new", "game": "struggle", "opponent": "random"})
    rb = ask(b, {"cmd": "new", "game": "struggle", "opponent": "random"})
    assert ra["ok"] and rb["ok"] and ra["state"]["hands"]["USA"] != rb["state"]["hands"]["USA"]
    before = normal(a.state)
    for seed in (7, 0, None, "x"):
        out = ask(a, {"cmd": "new", "game": "squabble", "seed": seed})
        assert out == {"ok": False, "error": SEED_REFUSED.format(seat="USA")}
    assert normal(a.state) == before and ask(a, {"cmd": "view"})["state"] == ra["state"]


def test_a_seated_internal_error_quotes_nothing():
    """An unexpected failure inside the engine is answered with the command and the kind of
    error only: its message could name a card the seat may not see."""
    s = Session(seat="USA")
    ask(s, {"cmd": "new", "game": "struggle", "opponent": "random"})
    secret = card_name(s.state["hands"]["USSR"][0])

    def broken(state, index):
        raise KeyError(f"{secret} in the USSR's hand")
    s.game = SimpleNamespace(**dict(vars(s.game), apply=broken))
    out = ask(s, {"cmd": "act", "index": 0})
    assert out == {"ok": False, "error": "Internal error while handling 'act' (KeyError)."}


def test_a_seat_may_face_the_expert_in_twilight_struggle_only():
    """Issue 62: the expert level plays the other seat of a Twilight Struggle game (its first
    decision, the USSR's set-up, is the opening table: no search); Twilight Squabble has none."""
    s = Session(seat="USA")
    out = ask(s, {"cmd": "new", "game": "struggle", "opponent": "expert"})
    assert out["ok"] and s.opponent == "expert" and out["decision"]["player"] == "USA", out
    out = ask(Session(seat="USA"), {"cmd": "new", "game": "squabble", "opponent": "expert"})
    assert not out["ok"] and "Twilight Struggle" in out["error"], out
