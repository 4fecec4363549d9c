"""Learn to play: the guided first turn on its fixed path, played through by keys and by a
scripted newcomer's clicks; the same lesson every time, every step works and the coach advises
within the step (issue 50, item 3)."""

import random

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_struggle_newcomer import lit_things
from squabble.games.struggle.data import CARDS


def _start_lesson(app):
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    D.menu_click(app, "learn")
    if D.top(app).name == "confirm":          # the lesson before is saved: replace it
        SD.click_yes(app)
    sc = SD.scene(app)
    assert sc is not None and sc.tutor.on and sc.guide.note is None
    return sc


def _lesson_record(s):
    """The lesson as played: every log line and the position."""
    return [str(x) for x in s.log], {k: s.state[k] for k in ("vp", "defcon", "influence",
                                                              "hands", "space", "milops")}


def _play_lesson(app, sc, pick, record=None):
    """Play the lesson's USSR decisions with ``pick(sc, allowed) -> index`` (by keys) until it
    is over; the titles of the steps seen.  ``record``: a list given the lesson's record at the
    decision that ends it (before the computer plays on)."""
    s = sc.session
    seen = []
    for _ in range(400):
        assert D.run_until(app, lambda: SD.waiting(app) or s.over, 60000)
        step = sc.tutor.step()
        if step is None or s.over:
            break
        if step[0] not in seen:
            seen.append(step[0])
        d = s.decision()
        allowed = [i for i in range(len(d["options"])) if not sc.tutor.refuses(i)]
        assert allowed, f"the lesson allows nothing at {step[0]}"
        SD.decide_keys(app, pick(sc, allowed))
        if record is not None and sc.tutor.step() is None:
            record.append(_lesson_record(s))
    return seen


def test_the_lesson_is_played_through_by_keys(app):
    sc = _start_lesson(app)
    s = sc.session
    assert set(s.state["hands"]["USSR"]) == {3, 9, 14, 28, 30, 31, 20, 33}
    refused = []

    def pick(sc, allowed):
        d = s.decision()
        if not refused and len(allowed) < len(d["options"]):
            # another card than the lesson's: refused with a sentence, nothing happens
            other = next(i for i in range(len(d["options"])) if i not in allowed)
            n = s.decisions
            said = []
            app.toast = lambda msg, seconds=2.6: said.append(msg)
            sc.commit(other)
            assert s.decisions == n and said and said[-1].startswith("The lesson asks")
            refused.append(said[-1])
        return allowed[0]
    seen = _play_lesson(app, sc, pick)
    assert [t.split(" · ")[0] for t in seen] == ["1", "2", "3", "4", "5", "6", "7"]
    kinds = {getattr(x, "kind", "") for x in s.log}
    assert {"coup", "realign", "space", "score"} <= kinds
    for c in (14, 28, 30, 33, 3):
        assert c not in s.state["hands"]["USSR"], CARDS[c]["name"]
    app.draw()
    assert sc.tutor.step() is None             # the panel says the lesson is over
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "struggle_pause"


def test_every_step_of_the_lesson_works(app):
    """The path's dice, the USA's script and the steps' targets: the USA headlines Marshall
    Plan, the coup takes Iran, both realignments remove US influence, the Space Race roll
    succeeds and Middle East Scoring is played with the USSR dominating the region."""
    sc = _start_lesson(app)
    s = sc.session
    _play_lesson(app, sc, lambda sc, allowed: allowed[0])
    data = {}
    for x in s.log:
        data.setdefault(getattr(x, "kind", ""), []).append((str(x), getattr(x, "data", {})))
    assert any("Marshall Plan" in line for line, _ in data["headline"]) \
        if "headline" in data else any("USA headlines Marshall Plan" in str(x) for x in s.log)
    (coup, cd), = data["coup"]
    assert "Iran" in coup and s.state["influence"]["Iran"] == {"USA": 0, "USSR": 3}, coup
    assert len(data["realign"]) == 2
    assert s.state["influence"]["Israel"]["USA"] == 0
    assert s.state["influence"]["S. Korea"]["USA"] == 0
    assert s.state["space"]["USSR"] >= 1
    score = [line for line, _ in data["score"] if "Middle East" in line]
    assert score and "domination" in score[0], score
    assert s.state["vp"] <= -7 and s.state["defcon"] >= 3


def test_the_lesson_does_not_depend_on_the_computers_seed(app):
    """The opponent's moves and the dice are fixed on the lesson's path: the same clicks with
    another seed for the computer (a Continue, an undo) give the same lesson."""
    records = []
    for shift in (0, 7_777):
        sc = _start_lesson(app)
        s = sc.session
        real = s.chooser
        s.chooser = lambda st, level, seed, real=real, shift=shift: real(st, level, seed + shift)
        _play_lesson(app, sc, lambda sc, allowed: allowed[-1], records)
        app.to_title()
    assert len(records) == 2 and records[0] == records[1]


def test_the_coach_advises_the_lessons_move_at_every_step(app):
    """H at every USSR decision of the lesson: the coach's first option is one the lesson
    allows, and the lesson is played with the coach's first choices."""
    sc = _start_lesson(app)
    s = sc.session
    asked = []

    def pick(sc, allowed):
        D.key(app, pygame.K_h)
        assert D.run_until(app, lambda: sc.coach.job is None and sc.coach.hint_for is not None
                           and "thinking" not in " ".join(sc.coach.hint_lines), 20000)
        lines = sc.coach.hint_lines
        first = next(ln for ln in lines if ln.startswith("1. "))[3:]
        labels = [s.decision()["options"][i]["label"] for i in allowed]
        assert first in labels, (sc.tutor.step()[0], lines)
        if len(allowed) < len(s.decision()["options"]):
            assert lines[0].startswith("Among the moves the lesson asks for")
        asked.append(sc.tutor.step()[0])
        if s.describe()["kind"] == "action_card":
            # the reasons play the card out as the lesson asks: Comecon for influence,
            # Suez Crisis for the coup in Iran
            said = " ".join(lines)
            if asked[-1].startswith("3 "):
                assert "DEFCON" not in said and "Iran" not in said, lines
            if asked[-1].startswith("4 "):
                assert "Takes control of Iran" in said and "DEFCON falls to 4" in said, lines
        D.key(app, pygame.K_h)                 # closed again
        return allowed[labels.index(first)]
    seen = _play_lesson(app, sc, pick)
    assert len(seen) == 7 and set(asked) == set(seen) and len(asked) >= 20


def _newcomer_lesson(app, seed):
    """A scripted newcomer (seeded) clicks lit things on the map until each click decides; a
    refused one says what the lesson asks.  Returns the lesson's record and the refusals."""
    sc = _start_lesson(app)
    s = sc.session
    rnd = random.Random(seed)
    said = []
    app.toast = lambda msg, seconds=2.6: said.append(msg)
    for _ in range(400):
        assert D.run_until(app, lambda: SD.waiting(app) or s.over, 60000)
        if sc.tutor.step() is None or s.over:
            break
        before = s.decisions
        for _ in range(200):
            things = lit_things(app)
            what, name, pos, _mark = rnd.choice([t for t in things if t[1] != "more"]
                                                or things)
            D.click(app, pos)
            if sc.menu is not None:
                rows, _ = sc.menu.rects()
                D.click(app, app.layout.p(*SD.center(rnd.choice(rows))))
            if D.top(app).name == "confirm":
                D.click(app, D.button_pos(D.top(app), "no"))
            if s.decisions > before:
                break
        assert s.decisions > before, "the newcomer found nothing the lesson allows"
        if sc.tutor.step() is None:
            return _lesson_record(s), list(said)
    raise AssertionError("the lesson did not end")


def test_a_newcomer_plays_the_lesson_twice_the_same(app):
    one, said = _newcomer_lesson(app, seed=4)
    app.to_title()
    two, said2 = _newcomer_lesson(app, seed=4)
    assert one == two and said == said2
    assert any(x.startswith("The lesson asks") for x in said)   # it met refusals, read them
