"""Twilight Struggle's expert level in the window (issue 62): offered by the set-up, saved and
continued, its "thinks longer" setting in Options followed by a game under way, and the thinking
indicator showing how far the computer is."""

from squabble.ui import settings as S
from squabble.ui.menus import OptionsScene
from squabble.ui.struggle import setup as SU
from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def test_the_set_up_offers_expert_and_options_make_it_think_longer(app):
    sc = SD.start(app, "computer", "USSR", level="expert")
    assert sc.session.setup["level"] == "expert"
    assert sc.session.chooser is SU.computer_player
    app.stack.push(OptionsScene(app))
    D.menu_click(app, "expert_longer")
    assert app.settings.expert_longer is True and "On" in D.top(app).button("expert_longer").label
    D.menu_click(app, "back")
    assert D.top(app) is sc
    assert sc.session.chooser is SU.computer_player_longer     # from its next decision on
    assert S.load().expert_longer is True                       # kept with the settings


def test_expert_thinking_longer_asks_for_the_longer_level(monkeypatch):
    asked = []
    monkeypatch.setattr("squabble.ai.choose", lambda game, st, level, seed: asked.append(level))
    SU.computer_player_longer({}, "expert", 1)
    SU.computer_player_longer({}, "hard", 1)
    SU.computer_player({}, "expert", 1)
    assert asked == ["expert_long", "hard", "expert"]


class _Thought:
    progress = 0.4
    done = False
    result = None


def test_the_thinking_indicator_shows_the_share_done(app):
    sc = SD.start(app, "computer", "USA", level="expert")
    sc.flow.thinker = _Thought()
    sc.session.state["pending"]["player"] = "USSR"      # the computer's decision
    words = sc.plain_prompt()[0]
    assert words.startswith("The computer (USSR) is thinking") and words.endswith(" 40%")
    _Thought.progress = 0.0                              # a chooser that says nothing: no share
    assert not sc.plain_prompt()[0].endswith("%")
