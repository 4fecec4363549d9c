"""Game records (issue 60): every couch game that ends is kept as one JSON file, and
``squabble replay`` / ``squabble export --text`` re-play it with the engine."""

import json
import random
import re

import pytest

from squabble import records
from squabble.ai import choose
from squabble.cli import main
from squabble.export import export_text
from squabble.framework.session import Session
from squabble.games import registry
from squabble.games.logline import data_of, kind_of


def play(game: str, mode: str, level: str = "easy", seed: int = 7, human: str = "USSR",
         undo_every: int = 0, options=None, hasty: bool = False) -> Session:
    """A whole couch game through the framework session: the person's decisions random (or,
    ``hasty``, a coup whenever one is offered: a short game), the computer's by the computer
    player of ``level`` (asked directly, no worker process)."""
    s = Session.new(registry.get(game), {"mode": mode, "human": human, "level": level,
                                         "options": options or {}}, seed)
    r = random.Random(seed)
    n = 0
    while not s.over:
        d = s.decision()
        if s.controller(d["player"]) == "computer":
            i = choose(game, s.game.copy(s.state), level, r.randrange(1 << 30))
        else:
            coups = [k for k, o in enumerate(d["options"]) if o.get("mode") == "coup"]
            i = coups[0] if hasty and coups else r.randrange(len(d["options"]))
        s.apply(i)
        n += 1
        if undo_every and n % undo_every == 0 and not s.over and s.can_undo():
            s.undo()
    return s


def kept(s: Session) -> dict:
    rec, why = records.read(s.kept_record)
    assert why == ""
    return rec


def cli(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("game,mode,level", [
    ("squabble", "hotseat", "normal"), ("squabble", "computer", "easy"),
    ("squabble", "computer", "normal"), ("squabble", "computer", "hard"),
    ("struggle", "hotseat", "normal"), ("struggle", "computer", "easy"),
    ("struggle", "computer", "normal"), ("struggle", "computer", "hard")])
def test_a_finished_couch_game_is_kept_and_replays_to_verified(game, mode, level, capsys):
    # the hard Struggle player takes seconds a decision: its opponent hurries the game to its
    # end (a coup whenever one is offered)
    s = play(game, mode, level, hasty=(game, level) == ("struggle", "hard"))
    rec = kept(s)
    for key in ("game", "options", "seed", "moves", "result", "players", "started", "ended",
                "rules_version", "final"):
        assert key in rec
    assert rec["game"] == game and rec["seed"] == 7 and "start" not in rec
    assert len(rec["moves"]) == s.decisions
    assert all(type(m["index"]) is int for m in rec["moves"])
    assert rec["result"]["winner"] == s.state["winner"]
    kinds = {side: p["kind"] for side, p in rec["players"].items()}
    assert kinds == ({"USSR": "human", "USA": "human"} if mode == "hotseat"
                     else {"USSR": "human", "USA": "computer"})
    if mode == "computer":
        assert rec["players"]["USA"]["level"] == level
    code, out, err = cli(capsys, "replay", str(s.kept_record))
    assert code == 0 and out.startswith("verified"), err
    assert "ui" not in rec and s.ui.get("record") is None   # the record left the session


def test_undone_decisions_leave_the_record(capsys):
    s = play("struggle", "hotseat", seed=3, undo_every=5)
    rec = kept(s)
    assert records.replay(rec).ok
    assert cli(capsys, "replay", str(s.kept_record))[0] == 0


def test_a_lesson_or_a_set_position_is_kept_as_its_start():
    adapter = registry.get("struggle")
    st = adapter.new(11, None)
    st["dice"] = [6, 6, 6]          # a prepared position: not what the seed deals
    s = Session(adapter, st, {"mode": "hotseat", "human": "USSR", "options": {}})
    s.seed = 11
    r = random.Random(2)
    while not s.over:
        s.apply(r.randrange(len(s.decision()["options"])))
    rec = kept(s)
    assert rec["start"]["dice"] == [6, 6, 6]
    assert records.replay(rec).ok


def test_demo_games_are_not_kept():
    s = Session.new(registry.get("squabble"), {"mode": "demo", "human": "USSR"}, 3)
    r = random.Random(0)
    while not s.over:
        s.apply(r.randrange(len(s.decision()["options"])))
    assert getattr(s, "kept_record", None) is None


def test_a_changed_decision_is_caught_at_that_decision(tmp_path, capsys):
    for game in ("squabble", "struggle"):
        rec = kept(play(game, "hotseat", seed=5))
        # the first move with another option: its index changed
        n = next(i for i, m in enumerate(rec["moves"]) if m["index"] > 0 and i > 3)
        bad = json.loads(json.dumps(rec))
        bad["moves"][n]["index"] -= 1
        got = records.replay(bad)
        assert not got.ok and got.failed_at == n + 1
        assert got.message.startswith(f"Decision {n + 1} differs")
        p = tmp_path / f"{game}.json"
        p.write_text(json.dumps(bad))
        code, out, err = cli(capsys, "replay", str(p))
        assert code == 1 and f"Decision {n + 1} differs" in err and out == ""
        assert err.count("\n") == 1 and "Traceback" not in err
        # a record whose final position was changed is caught at the end
        worse = json.loads(json.dumps(rec))
        worse["final"] = "0" * 64
        got = records.replay(worse)
        assert not got.ok and "final position differs" in got.message


def test_an_older_rules_version_is_refused_with_a_sentence(tmp_path, capsys):
    rec = kept(play("squabble", "hotseat", seed=4))
    rec["rules_version"] = 0
    p = tmp_path / "old.json"
    p.write_text(json.dumps(rec))
    code, out, err = cli(capsys, "replay", str(p))
    assert code == 1
    assert "rules version 0" in err and "cannot be replayed" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    code, out, err = cli(capsys, "export", str(p), "--text")
    assert code == 1 and "rules version 0" in err


@pytest.mark.parametrize("content", ["", "null", "[1,2]", '{"record_version": 1}',
                                     '{"record_version": 1, "game": "chess"}', "not json",
                                     '{"record_version": 1, "game": "squabble", '
                                     '"rules_version": 1, "moves": [{"index": -1}], "seed": 1}',
                                     '{"record_version": 1, "game": "squabble", '
                                     '"rules_version": 1, "moves": [], "seed": 1, '
                                     '"players": [1], "result": "x"}',
                                     '{"record_version": 1, "game": "squabble", '
                                     '"rules_version": 1, "moves": [], "seed": 1, '
                                     '"players": {"USA": 3}}'])
def test_a_file_that_is_no_record_gets_one_sentence(tmp_path, capsys, content):
    p = tmp_path / "r.json"
    p.write_text(content)
    code, out, err = cli(capsys, "replay", str(p))
    assert code == 1 and err.startswith("squabble replay: ") and err.count("\n") == 1
    assert "Traceback" not in err
    code, out, err = cli(capsys, "export", str(p), "--text")
    assert code == 1 and err.startswith("squabble export: ") and err.count("\n") == 1
    try:
        raw = json.loads(content)
    except ValueError:
        return
    assert records.summary(p, raw).problem   # the Finished games list: greyed, with its reason


def test_a_missing_record_gets_one_sentence(tmp_path, capsys):
    code, out, err = cli(capsys, "replay", str(tmp_path / "none.json"))
    assert code == 1 and "There is no file" in err


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_random_games_round_trip_to_the_same_final_state(game):
    adapter = registry.get(game)
    for seed in range(8):
        s = play(game, "hotseat", seed=100 + seed)
        rec = kept(s)
        got = records.replay(json.loads(json.dumps(rec)))
        assert got.ok
        assert records.digest(got.final) == records.digest(s.state)


def struggle_record(seed=5, level="normal"):
    return kept(play("struggle", "computer", level, seed=seed))


def test_the_struggle_export_holds_every_card_play_die_and_vp_change():
    for seed in (5, 9):
        rec = struggle_record(seed)
        text, problem = export_text(rec)
        assert problem == ""
        assert all(len(line) <= 80 for line in text.splitlines())
        lines = [x for step in records.replay(rec).steps for x in step.lines]
        from squabble.games.struggle.data import card_name
        # every card play, in order
        plays = [card_name(data_of(x)["card"]) for x in lines if kind_of(x) == "play"]
        played = re.findall(r"^  (?:USA|USSR) plays (.+?)(?: (?:for|on) .*)?\.$", text, re.M)
        assert played == plays and plays
        # every die roll: coups, realignments (two dice), the Space Race, the events' dice
        dice = []
        for x in lines:
            d, k = data_of(x), kind_of(x)
            if k == "coup" or k == "space":
                dice.append(d["die"])
            elif k == "realign":
                dice += [d["die"], d["enemy_die"]]
            elif "rolls" in d:
                dice += [r["die"] for r in d["rolls"]]
        assert [int(x) for x in re.findall(r"\bdie (\d)", text)] == dice and dice
        # every VP change: each line that moves the VP marker ends with the marker
        vps = [data_of(x)["vp_after"] for x in lines if "vp_after" in data_of(x)]
        from squabble.export import vp_words
        assert re.findall(r"\[VP ([^\]]+)\]", text.replace("\n      ", " ")) == \
            [vp_words(v) for v in vps]
        # every scoring, every DEFCON change
        scored = [data_of(x)["region"] for x in lines if kind_of(x) == "score"]
        assert [r for r in re.findall(r"^    (.+?) scored: ", text, re.M)] == \
            [r for r in scored if r != "final"]
        moves = [(data_of(x)["before"], data_of(x)["defcon"]) for x in lines
                 if kind_of(x) == "defcon" and "before" in data_of(x)]
        assert [(int(a), int(b)) for a, b in re.findall(r"DEFCON (\d) -> (\d)", text)] == moves
        # headings and each turn's end
        assert "Turn 1, action round 1: USSR" in text
        if rec["result"]["turn"] > 1:
            assert re.search(r"End of turn 1: DEFCON \d, VP .+, MilOps USA \d, USSR \d\.", text)


def test_the_squabble_export_has_eras_phases_reveals_and_tracks(capsys):
    s = play("squabble", "computer", "normal", seed=12)
    code, text, err = cli(capsys, "export", str(s.kept_record), "--text")
    assert code == 0
    assert "Era 1" in text and "Phase 2: Play Cards" in text
    assert "Phase 5: Reveal Activities" in text and " reveals " in text
    assert "Tracks: Balance of Power" in text and "Game over" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    reveals = sum(1 for step in records.replay(kept(s)).steps for x in step.lines
                  if kind_of(x) == "reveal")
    assert text.count(" reveals ") == reveals


def hotseat_played(game: str, seed: int, moves: int, r: random.Random) -> Session:
    """A couch game of ``game`` dealt from ``seed``, ``moves`` random decisions into it."""
    s = Session.new(registry.get(game), {"mode": "hotseat", "human": "USSR", "options": {}},
                    seed)
    for _ in range(moves):
        s.apply(r.randrange(len(s.decision()["options"])))
    return s


def test_an_autosave_carries_the_record_so_far_and_continue_keeps_it():
    from squabble.ui import savegame
    r = random.Random(3)
    s = hotseat_played("struggle", 21, 30, r)
    ui = savegame.ui_part(json.loads(json.dumps(s.ui)))
    assert len(ui["record"]["moves"]) == 30
    t = Session(registry.get("struggle"), s.game.copy(s.state), s.setup, [])
    t.ui = ui
    while not t.over:
        t.apply(r.randrange(len(t.decision()["options"])))
    rec = kept(t)
    assert rec["seed"] == 21 and "start" not in rec and records.replay(rec).ok
    # a damaged record in a save is left out; the game itself resumes
    assert "record" not in savegame.ui_part({"record": {"record_version": 1, "game": "x"}})


def test_keep_abandoned_keeps_the_game_so_far_only_when_asked():
    s = hotseat_played("squabble", 8, 5, random.Random(1))
    before = len(records.kept())
    p = records.keep_abandoned(s)
    rec, why = records.read(p)
    assert why == "" and rec["abandoned"] and len(rec["moves"]) == 5
    assert records.replay(rec).ok
    entry = next(k for k in records.kept() if k.path == p)
    assert entry.result == "Left unfinished" and len(records.kept()) == before + 1


def test_a_decision_the_engine_refuses_gets_a_sentence_naming_no_exception(monkeypatch):
    """An engine that fails on a recorded decision: the replay says which decision, in words,
    and names no exception class (the sentence reaches a player on the replay screen)."""
    rec = kept(play("squabble", "hotseat", seed=5))
    adapter = registry.get("squabble")

    def refuse(state, index, log=None):
        raise ValueError("the Space Race card is already played.")

    broken = type(adapter)(**dict(vars(adapter), apply_index=refuse))
    monkeypatch.setattr(records.registry, "get", lambda game: broken)
    got = records.replay(rec)
    assert not got.ok and got.failed_at == 1
    assert got.message == ("Decision 1 cannot be played again: the engine refuses it (the Space "
                           "Race card is already played).")
    assert "Error" not in got.message
