"""Finished games and the replay screen (issue 60): the title lists the kept records, a record
opens on the replay screen, and stepping forward and back through a whole game shows, at every
step, the map or table and both hands of the engine's state at that step."""

import json
import random

import pygame
import pytest

from squabble import records, userdata
from squabble.framework.session import Session
from squabble.games import registry
from squabble.ui.struggle.tracks import TracksPanel
from tests.ui.driver import button_pos, centre, click, key, new_app, pad, step, top


@pytest.fixture(autouse=True)
def _empty_records():
    """Each test sees only the records it keeps."""
    folder = userdata.data_dir() / records.FOLDER
    if folder.exists():
        for p in folder.iterdir():
            p.unlink()
    yield


def finished_game(game: str, seed: int) -> dict:
    s = Session.new(registry.get(game), {"mode": "hotseat", "human": "USSR", "options": {}},
                    seed)
    r = random.Random(seed)
    while not s.over:
        s.apply(r.randrange(len(s.decision()["options"])))
    rec, why = records.read(s.kept_record)
    assert why == ""
    return rec


def engine_states(rec: dict) -> list:
    """The engine's state before each decision and at the end, played here on its own."""
    adapter = registry.get(rec["game"])
    st = adapter.new(rec["seed"], rec["options"] or None)
    out = [adapter.copy(st)]
    for m in rec["moves"]:
        adapter.apply_index(st, m["index"], [])
        out.append(adapter.copy(st))
    return out


def open_replay(app):
    """Title -> Finished games -> the newest record, by mouse then keyboard."""
    click(app, button_pos(top(app), "finished"))
    assert top(app).name == "finished"
    key(app, pygame.K_RETURN)      # the focus starts on the newest record
    scene = top(app)
    assert scene.name == "replay"
    return scene


def check_shown(scene, st: dict) -> None:
    drawn = scene.drawn
    for side in ("USSR", "USA"):
        assert [c for c, _ in drawn["hands"][side]] == list(st["hands"][side])
    b = scene.board.drawn
    if scene.model.game == "struggle":
        assert b["influence"] == {c: (v["USA"], v["USSR"]) for c, v in st["influence"].items()}
        view = None if scene.model.view == "everything" else scene.model.view
        assert b["tracks"] == TracksPanel.signature(scene.board.shown_state(scene.model), view)
        assert scene.board.shown_state(scene.model)["vp"] == st["vp"]
    else:
        assert (b["bop"], b["space"], b["tokens"], b["event"]) == \
            (st["bop"], st["space"], st["tokens"], st["event"])
        for side in ("USSR", "USA"):
            slot = st["slots"][side]
            assert [c for c, _ in b["slots"][side]] == [slot[k] for k in ("bop", "space")
                                                        if slot.get(k)]


@pytest.mark.parametrize("game,seed", [("squabble", 4), ("struggle", 5)])
def test_stepping_through_a_whole_game_shows_the_engine_state_at_each_step(game, seed):
    rec = finished_game(game, seed)
    states = engine_states(rec)
    app = new_app()
    scene = open_replay(app)
    m = scene.model
    assert m.n == len(rec["moves"]) and m.pos == 0
    check_shown(scene, states[0])
    for k in range(1, m.n + 1):
        key(app, pygame.K_RIGHT)
        assert m.pos == k
        check_shown(scene, states[k])
        # every card is face up (the game is over) unless a side's view is chosen
        assert all(up for side in ("USSR", "USA") for _, up in scene.drawn["hands"][side])
    key(app, pygame.K_RIGHT)
    assert m.pos == m.n               # the end holds
    for k in range(m.n - 1, -1, -1):
        key(app, pygame.K_LEFT)
        assert m.pos == k
        check_shown(scene, states[k])
    # the log panel is in step: the log of the first k decisions
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert m.log()[1:] == [str(x) for st in m.steps[:3] for x in st.lines if str(x)]


@pytest.mark.parametrize("game,seed", [("squabble", 6), ("struggle", 7)])
def test_the_view_as_one_side_hides_what_that_side_could_not_see(game, seed):
    rec = finished_game(game, seed)
    app = new_app()
    scene = open_replay(app)
    m = scene.model
    adapter = registry.get(game)
    key(app, pygame.K_BACKSPACE)                 # everything -> as the USSR
    assert m.view == "USSR"
    hidden_seen = 0
    for _ in range(min(m.n, 60)):
        key(app, pygame.K_RIGHT)
        hidden = adapter.hidden_from(m.state, "USSR")
        for c, up in scene.drawn["hands"]["USA"]:
            assert up == (c not in hidden)
            hidden_seen += not up
        assert all(up for _, up in scene.drawn["hands"]["USSR"])
    assert hidden_seen > 0
    click(app, button_pos(scene, "view"))        # the bar's button: -> as the USA
    assert m.view == "USA"
    pad(app, pygame.CONTROLLER_BUTTON_X)         # the pad: -> everything
    assert m.view == "everything"
    assert rec["game"] == game


def test_rounds_turns_play_and_the_bar_by_keys_pad_and_mouse():
    rec = finished_game("struggle", 9)
    app = new_app()
    scene = open_replay(app)
    m = scene.model
    key(app, pygame.K_DOWN)                      # the next round starts at a new round
    assert m.pos > 0 and m.round_of(m.pos) != m.round_of(m.pos - 1)
    p = m.pos
    key(app, pygame.K_DOWN)
    assert m.pos > p
    key(app, pygame.K_UP)
    assert m.pos == p
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)    # the next turn
    assert m.turn_of(m.pos) == 2 and m.turn_of(m.pos - 1) == 1
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    click(app, button_pos(scene, "back1"))
    assert m.turn_of(m.pos) == 2
    t, r = scene.turn_rects[0]
    click(app, centre(app, r))                   # the turn strip
    assert m.pos == 0
    key(app, pygame.K_z)                          # speed 1 -> 2 a second
    assert m.speed == 2.0
    key(app, pygame.K_RETURN)                     # play
    assert m.playing
    for _ in range(5):
        scene.update(0.5)
    assert m.pos == 5
    key(app, pygame.K_SPACE)
    assert not m.playing
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    step(app)                                     # the wheel down: one decision forward
    assert m.pos == 6
    assert rec["moves"]


def test_a_record_that_cannot_be_replayed_is_listed_with_its_reason_and_never_opens():
    rec = finished_game("squabble", 3)
    old = dict(rec, rules_version=0)
    folder = userdata.data_dir() / records.FOLDER
    (folder / "old.json").write_text(json.dumps(old))
    app = new_app()
    click(app, button_pos(top(app), "finished"))
    scene = top(app)
    rows = {b.label: b for b in scene.buttons}
    bad = rows["old.json"]
    assert not bad.enabled and "rules version 0" in bad.reason
    # a tampered record: opening it says where it parts ways, and stays on the list
    bad_moves = json.loads(json.dumps(rec))
    bad_moves["moves"][2]["index"] += 1
    from squabble.ui.finished import open_record
    p = folder / "tampered.json"
    p.write_text(json.dumps(bad_moves))
    assert not open_record(app, p)
    assert top(app) is scene


@pytest.mark.parametrize("game,seed,choice", [("squabble", 8, "friend"),
                                              ("struggle", 8, "as_usa")])
def test_continue_from_here_starts_a_couch_game_at_that_position(game, seed, choice):
    finished_game(game, seed)
    app = new_app()
    scene = open_replay(app)
    m = scene.model
    for _ in range(10):
        key(app, pygame.K_RIGHT)
    want = m.adapter.copy(m.state)
    pad(app, pygame.CONTROLLER_BUTTON_START)          # Continue from here
    assert top(app).name == "continue_from"
    click(app, button_pos(top(app), choice))
    step(app, 2)
    s = getattr(app.stack.scenes[0], "session", None)    # (a hand-off may cover the table)
    assert s is not None and s.mode == ("hotseat" if choice == "friend" else "computer")
    # the new game starts at that position (the computer may have moved already: its
    # record's start is the position)
    start = (s.ui.get("record") or {}).get("start", s.state)
    assert records.digest(start) == records.digest(want)
    assert s.log[-1].startswith("A new game continues") or s.decisions > 0
    if choice == "as_usa":
        assert s.setup["human"] == "USA"
    from squabble.ui import games
    problem = games.get(game).SAVES.load()[3]
    assert not problem          # the new game is the game's autosave: Continue resumes it


SETUPS = {"squabble": {"mode": "computer", "human": "USSR", "level": "easy", "events": False},
          "struggle": {"mode": "computer", "human": "USSR", "level": "easy", "options": {}}}


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_a_game_left_unfinished_is_kept_only_when_its_player_asks(game):
    from tests.ui.driver import run_until
    app = new_app()

    def waiting_for_human(app):
        flow = getattr(top(app), "flow", None)
        return flow is not None and flow.phase == "human"

    def decide(app):
        top(app).flow.commit(0)

    app.start(game, SETUPS[game], seed=3)
    assert run_until(app, lambda: waiting_for_human(app))
    decide(app)
    assert run_until(app, lambda: waiting_for_human(app))
    key(app, pygame.K_ESCAPE)                     # the pause menu
    assert "pause" in top(app).name
    app.to_title()                                # left without asking: nothing kept
    assert records.kept() == []
    app.start(game, SETUPS[game], seed=3)
    assert run_until(app, lambda: waiting_for_human(app))
    decide(app)
    assert run_until(app, lambda: waiting_for_human(app))
    key(app, pygame.K_ESCAPE)
    click(app, button_pos(top(app), "keep"))      # the player asks
    kept = records.kept()
    assert len(kept) == 1 and kept[0].result == "Left unfinished" and not kept[0].problem
    rec, _ = records.read(kept[0].path)
    assert records.replay(rec).ok and rec["abandoned"]


def test_the_replay_screen_exports_the_game_as_text():
    rec = finished_game("struggle", 11)
    app = new_app()
    scene = open_replay(app)
    click(app, button_pos(scene, "export"))
    files = list((userdata.data_dir() / "exports").glob("struggle-*.txt"))
    assert len(files) == 1
    from squabble.export import export_text
    assert files[0].read_text() == export_text(rec)[0]


def test_the_text_log_goes_to_the_documents_folder_too_and_the_window_names_it(tmp_path,
                                                                               monkeypatch):
    docs = tmp_path / "Documents"
    docs.mkdir()
    monkeypatch.setenv("SQUABBLE_DOCUMENTS_DIR", str(docs))
    rec = finished_game("squabble", 12)
    app = new_app()
    said = []
    monkeypatch.setattr(app, "toast", lambda words, *a, **k: said.append(words))
    scene = open_replay(app)
    click(app, button_pos(scene, "export"))
    from squabble.export import export_text
    kept = list((docs / "Twilight Squabble").glob("squabble-*.txt"))
    assert len(kept) == 1 and kept[0].read_text() == export_text(rec)[0]
    assert said and f"in the folder {docs / 'Twilight Squabble'}" in said[-1]
    assert kept[0].name in said[-1] and "data folder's exports" in said[-1]


def test_the_documents_folder_is_found_where_there_is_one(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".config").mkdir(parents=True)
    monkeypatch.delenv("SQUABBLE_DOCUMENTS_DIR", raising=False)
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr("sys.platform", "linux")
    assert userdata.documents_dir() is None             # none there: none made
    (home / "Documents").mkdir()
    assert userdata.documents_dir() == home / "Documents"
    (home / "Dokumente").mkdir()                          # xdg-user-dirs names another
    (home / ".config" / "user-dirs.dirs").write_text(
        '# written by xdg-user-dirs-update\nXDG_DOCUMENTS_DIR="$HOME/Dokumente"\n')
    assert userdata.documents_dir() == home / "Dokumente"
    monkeypatch.setenv("SQUABBLE_DOCUMENTS_DIR", "")
    assert userdata.documents_dir() is None


@pytest.mark.parametrize("game,choice", [("squabble", "as_usa"), ("struggle", "friend")])
def test_continue_from_here_from_a_couch_game_in_progress(game, choice):
    """The pause menu of a couch game in progress offers Continue from here: a new couch game
    from that very position, with the players chosen again."""
    from tests.ui.driver import run_until
    app = new_app()

    def waiting_for_human(app):
        flow = getattr(top(app), "flow", None)
        return flow is not None and flow.phase == "human"

    app.start(game, SETUPS[game], seed=5)
    assert run_until(app, lambda: waiting_for_human(app))
    top(app).flow.commit(0)
    assert run_until(app, lambda: waiting_for_human(app))
    old = top(app).session
    want = old.game.copy(old.state)
    key(app, pygame.K_ESCAPE)                     # the pause menu
    assert "pause" in top(app).name
    click(app, button_pos(top(app), "continue"))
    assert top(app).name == "continue_from"
    assert top(app).button("back").label == "Back to the game"
    click(app, button_pos(top(app), choice))
    step(app, 2)
    s = getattr(app.stack.scenes[0], "session", None)
    assert s is not None and s is not old
    assert s.mode == ("hotseat" if choice == "friend" else "computer")
    start = (s.ui.get("record") or {}).get("start", s.state)
    assert records.digest(start) == records.digest(want)
    if choice == "as_usa":
        assert s.setup["human"] == "USA"


def test_no_continue_from_here_in_an_online_or_finished_game():
    from squabble.ui.keep_record import may_continue

    class S:
        kept_on_server, over = False, False
        setup = {"mode": "computer"}
    assert may_continue(S())
    S.over = True
    assert not may_continue(S())
    S.over, S.kept_on_server = False, True
    assert not may_continue(S())
    S.kept_on_server, S.setup = False, {"mode": "demo"}
    assert not may_continue(S())
