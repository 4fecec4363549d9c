"""The Struggle scene animates moments from the engine's log kinds and data, never by comparing
states: a deal, a DEFCON change made by an event, cards shown by an event."""

import copy

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.framework.session import Beat, SnapLog
from squabble.games import registry
from squabble.games.logline import data_of, kind_of
from squabble.games.struggle.data import CARDS


def _scene(app):
    app.settings.anim = "fast"
    sc = SD.start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    D.top(app)  # the hand-off may be on top; the scene underneath is what is tested
    sc.moment = None
    sc.flow.beats.clear()
    return sc


def _play_beats(app, sc, beats):
    """Hand ``beats`` to the scene and step it until it shows a moment (or runs out of beats)."""
    sc.flow.start_beats(list(beats))
    seen = []
    for _ in range(len(beats) * 3 + 3):
        sc.update(1 / 60)
        if sc.moment is not None:
            seen.append(sc.moment)
            sc.moment = None
        if not sc.flow.beats:
            break
    return seen


def test_defcon_moment_comes_from_the_marker_and_names_the_event(app):
    sc = _scene(app)
    st = copy.deepcopy(sc.session.state)
    st["defcon"] = 3
    beat = Beat("", st, "defcon", {"defcon": 3, "before": 4, "card": 50})
    seen = _play_beats(app, sc, [beat])
    assert [m.kind for m in seen] == ["defcon"]
    m = seen[0]
    assert m.title == "DEFCON drops to 3"
    assert any(CARDS[50]["name"] in ln for ln in m.lines)
    assert any("Europe and Asia are closed" in ln for ln in m.lines)
    # the marker has no text: it stays out of the log panel
    assert "" not in sc.log.lines


def test_a_defcon_moment_under_the_designer_realignment_rule_opens_realignments(app):
    # the designer optional rule "Realignment Rolls": realignments ignore DEFCON's regions, so
    # the moment names only the coups DEFCON forbids; its words follow the engine's closures
    from squabble.games.struggle.query import defcon_closed_regions
    from squabble.ui.struggle.moments import defcon_words
    sc = _scene(app)
    st = copy.deepcopy(sc.session.state)
    st["defcon"] = 2
    st["options"] = dict(st["options"], designer_realignment=True)
    seen = _play_beats(app, sc, [Beat("", st, "defcon", {"defcon": 2, "before": 3, "card": 50})])
    assert seen[0].lines[-1] == ("At DEFCON 2: no coups in Europe, Asia and the Middle East; "
                                 "realignments anywhere.")
    for lvl in (2, 3, 4, 5):
        words = defcon_words(lvl, {"designer_realignment": False})
        assert all(r in words for r in defcon_closed_regions(lvl))
        assert "anywhere" not in words
    assert defcon_words(5) == "nothing is closed"
    assert defcon_words(4) == "Europe is closed to coups and realignments"


def test_a_defcon_improvement_says_improves(app):
    sc = _scene(app)
    st = copy.deepcopy(sc.session.state)
    seen = _play_beats(app, sc, [Beat("", st, "defcon", {"defcon": 5, "before": 2, "card": 46})])
    assert seen and seen[0].title == "DEFCON improves to 5"


def test_a_state_change_without_a_defcon_kind_is_no_defcon_moment(app):
    """No more state diffing: a beat whose state has another DEFCON but whose kind says nothing
    of it shows no DEFCON moment (the engine marks every DEFCON change itself)."""
    sc = _scene(app)
    st = copy.deepcopy(sc.session.state)
    st["defcon"] = sc.shown["defcon"] - 2
    seen = _play_beats(app, sc, [Beat("The USSR boycotts the Olympic Games.", st, "event_note",
                                      {"card": 20})])
    assert [m.kind for m in seen] == []


def test_deal_moment_from_the_engine_draw_marker(app):
    """The engine's own deal (its "draw" marker, not a made-up beat) gives the deal moment with
    the counts from the marker's data."""
    from squabble.games.struggle.engine import deal
    sc = _scene(app)
    game = registry.get("struggle")
    st = copy.deepcopy(sc.session.state)
    st["deck"] += st["hands"]["USA"] + st["hands"]["USSR"]
    st["hands"] = {"USA": [], "USSR": st["deck"][:3]}
    st["deck"] = st["deck"][3:]
    st["turn"] = 2
    log = SnapLog(st, game.copy)
    deal(st, log)
    beats = [Beat(str(x), s, kind_of(x), dict(data_of(x))) for x, s in zip(log, log.snaps)]
    assert [b.kind for b in beats] == ["draw"] and beats[0].line == ""
    seen = _play_beats(app, sc, beats)
    assert [m.kind for m in seen] == ["draw"]
    assert seen[0].title == "Turn 2: new cards dealt"
    assert any("USSR draws 5, USA draws 8" in ln for ln in seen[0].lines), seen[0].lines
    assert "" not in sc.log.lines


def test_reveal_moment_shows_the_cards_of_the_reveal_kind(app):
    sc = _scene(app)
    st = copy.deepcopy(sc.session.state)
    text = f"Five Year Plan: the USSR discards {CARDS[8]['name']} at random."
    seen = _play_beats(app, sc, [Beat(text, st, "reveal", {"side": "USSR", "cards": [8],
                                                          "card": 5})])
    assert [m.kind for m in seen] == ["reveal"] and seen[0].cards == [8]
    assert sc.log.lines[-1] == text


def test_the_tracks_behind_a_scoring_moment_show_the_points_it_announces(app):
    """While a scoring moment says "Victory points now: ...", the tracks behind it must show the
    same figure (a screenshot had "USA +5" in the moment over "VP 0" in the header): the engine
    logs a scoring line once the points are in and says the marker (``vp_after``)."""
    import random

    from squabble.framework.session import Session
    from squabble.ui.struggle.panels import vp_after
    sc = _scene(app)
    g = registry.get("struggle")
    beat = None
    for seed in range(1, 30):       # random play until a scoring moves the marker
        s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy"}, seed=seed)
        rnd = random.Random(seed)
        while beat is None and s.decision() is not None:
            d = s.decision()
            beat = next((b for b in s.apply(rnd.randrange(len(d["options"])))
                         if b.kind == "score" and b.data["usa"] != b.data["ussr"]), None)
        if beat is not None:
            break
    assert beat is not None, "no scoring that moved the VP marker in this game"
    after = vp_after(beat.kind, beat.data)
    assert beat.state["vp"] == after == beat.data["vp_after"]   # the beat's state has the points
    sc.flow.start_beats([beat])
    for _ in range(3):
        sc.update(1 / 60)
        if sc.moment is not None:
            break
    assert sc.moment is not None and sc.moment.kind == "score"
    assert any(ln.startswith("Victory points now") for ln in sc.moment.lines)
    assert sc.shown["vp"] == after


def _coup_in_a_battleground(app, country="Iran"):
    """Against the computer (moments shown): the USSR plays its first card for a coup in
    ``country`` by mouse; returns the moments seen, in order, and the scene."""
    app.settings.anim = "fast"
    sc = SD.start(app, "computer", "USSR")
    s = sc.session
    for _ in range(200):
        assert D.run_until(app, lambda: SD.waiting(app))
        k = s.describe()["kind"]
        opts = s.decision()["options"]
        if k == "play_mode" and any(o.get("mode") == "coup" for o in opts) \
                and s.state["action_round"] >= 1:
            SD.decide_mouse(app, next(i for i, o in enumerate(opts) if o.get("mode") == "coup"))
            break
        sc.commit(0)
    assert D.run_until(app, lambda: SD.waiting(app))
    d = s.decision()
    i = next(i for i, o in enumerate(d["options"]) if o.get("country") == country)
    seen = []
    n = s.decisions
    SD.decide_mouse(app, i)
    for _ in range(3000):
        if sc.moment is not None and (not seen or seen[-1] is not sc.moment):
            seen.append(sc.moment)
            seen_state = sc.shown["defcon"]
            sc.moment.defcon_on_screen = seen_state
        if s.decisions > n and not sc.flow.beats and sc.moment is None:
            break
        D.step(app)
    return seen, sc


def test_the_coup_moment_comes_before_the_defcon_drop_it_causes(app):
    seen, sc = _coup_in_a_battleground(app)
    kinds = [m.kind for m in seen]
    assert "coup" in kinds and "defcon" in kinds
    assert kinds.index("coup") < kinds.index("defcon"), kinds
    coup = seen[kinds.index("coup")]
    defcon = seen[kinds.index("defcon")]
    assert coup.defcon_on_screen == defcon.defcon_on_screen + 1   # the drop shows after the coup


def test_a_failed_coup_shows_its_sum_below_zero():
    from squabble.ui.struggle.moments import moment_for
    m = moment_for("coup", {"side": "USSR", "country": "Iran", "ops": 1, "die": 5, "mod": 0,
                            "stability": 4, "result": 0, "removed": 0, "placed": 0,
                            "enemy": "USA"}, "")
    assert m.lines[0].endswith("= −2")


def test_a_coup_is_shown_before_the_defcon_drop_it_causes(app, monkeypatch):
    """The engine logs a battleground coup's DEFCON drop before its die; the flow hands the
    scene the beats of a commit and the scene shows the coup first, with DEFCON still at its
    old level on the tracks, then the drop (``coup_first`` through ``flow_committed``)."""
    sc = _scene(app)
    st = copy.deepcopy(sc.session.state)
    before = st["defcon"]
    after = dict(st, defcon=before - 1)
    drop = Beat("", after, "defcon", {"defcon": before - 1, "before": before, "why": "coup",
                                      "country": "Iran"})
    coup = Beat("USSR coup in Iran.", after, "coup",
                {"side": "USSR", "enemy": "USA", "country": "Iran", "die": 4, "ops": 3,
                 "mod": 0, "stability": 2, "result": 3, "removed": 2, "placed": 1, "sum": 3})
    monkeypatch.setattr(sc.session, "apply", lambda index: [drop, coup])
    assert sc.flow.commit(0)
    seen = []
    for _ in range(20):
        if sc.moment is not None:
            seen.append((sc.moment.kind, sc.shown["defcon"]))
            sc.moment = None
        if not sc.flow.beats and sc.moment is None and seen and seen[-1][0] == "defcon":
            break
        sc.update(1 / 60)
    assert seen == [("coup", before), ("defcon", before - 1)]


def test_the_vp_after_a_line_is_the_engines_never_a_sum_of_the_scenes():
    """The marker a scoring / MilOps / Space Race moment announces is the engine's ``vp_after``;
    the scene adds no points of its own (a line without it announces nothing)."""
    from squabble.ui.struggle.panels import vp_after
    assert vp_after("score", {"usa": 3, "ussr": 0, "vp_after": -2}) == -2
    assert vp_after("score", {"usa": 3, "ussr": 0}) is None
    assert vp_after("space_advance", {"side": "USA", "vp": 2}) is None
    assert vp_after("coup", {"vp_after": 4}) is None
