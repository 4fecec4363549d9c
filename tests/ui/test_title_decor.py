"""The title names no game: the card backs drifting behind its menu come from the games'
registry (``gamepick.title_decor``), and a title given other pictures draws those."""

from tests.ui import driver as D
from squabble.framework.cards import CardBack
from squabble.ui import gamepick
from squabble.ui.menus import TitleScene


def test_the_title_drifts_the_games_decor(app):
    title = D.top(app)
    assert isinstance(title, TitleScene)
    decor = gamepick.title_decor()
    assert decor and all(isinstance(b, CardBack) for b in decor)
    assert {b.key for b in decor} == {"back-USA", "back-USSR"}   # Twilight Squabble's deck
    assert len(title.floaters) == 10 and all(f[0] in decor for f in title.floaters)


def test_a_title_draws_the_pictures_it_is_given(app):
    mine = CardBack(key="back-test", colour=(10, 200, 10), label="TEST", pattern="")
    title = TitleScene(app, decor=[mine])
    assert {f[0].key for f in title.floaters} == {"back-test"}
    assert TitleScene(app, decor=[]).floaters == []
    app.stack.push(title)
    D.step(app, 2)                       # it draws without asking any game for a card
    assert D.top(app) is title
