"""The chat box in an online game's scene (issue 59): T opens it over the scene's log (the hand,
the slots and the map stay in view, nothing of them under it), it takes every key while open
(a T typed is a T) and none while closed, Enter sends the line to both windows' logs, Esc
closes it, and the game plays on under it (the friend's move arrives as beats)."""

from __future__ import annotations


import pygame
import pytest

from squabble.framework.turnflow import HUMAN
from squabble.ui.online.chat import ChatScene
from squabble.ui.struggle.panels import MAP_R
from tests.online_helpers import ServerProcess
from tests.ui.driver import key, step, step_until
from tests.ui.test_online_window import _click, _two_windows


def _typed(app, word):
    for ch in word:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0,
                                             unicode=ch, scancode=0))
    step(app)


def _overlap(a, b) -> bool:
    return pygame.Rect(a).colliderect(pygame.Rect(b))


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_the_chat_box_in_the_scene(tmp_path, data_dir, game):
    server = ServerProcess(tmp_path / "games.sqlite3")
    links = ()
    try:
        created, links, (a, b) = _two_windows(server, game)
        sa, sb = a.stack.top, b.stack.top
        def friend_decides():                           # this window decides until then
            if sa.flow.phase == HUMAN:
                _click(sa, 0)
            return sb.flow.phase == HUMAN
        assert step_until([a, b], friend_decides)
        assert not any(isinstance(s, ChatScene) for s in a.stack.scenes)
        key(a, pygame.K_t)                              # T opens the box
        box = a.stack.top
        assert isinstance(box, ChatScene) and sa in a.stack.visible()
        # the box is over the log, never over the hand, the slots or the map
        if game == "squabble":
            hand = [sp.rect for c, sp in sa.model.sprites.items()
                    if c in sa.model.display["hands"][sa.session.seat]]
            assert hand and not any(_overlap(box.area, r) for r in hand)
            assert box.area[0] >= 1004                  # right of the table
        else:
            assert not _overlap(box.area, MAP_R)
            assert not any(_overlap(box.area, r) for _, r in sa._card_rects)
        got = []                                        # what reaches the game's scene
        real = sa.handle_action
        sa.handle_action = lambda act: (got.append(act), real(act))
        _typed(a, "Tt 1 that")                          # every key is the line's
        assert box.value == "Tt 1 that" and a.stack.top is box and got == []
        key(a, pygame.K_RETURN)
        seat = sa.session.side_name(sa.session.seat).removeprefix("the ")
        theirs = f"Your friend ({seat}) says: Tt 1 that"
        assert step_until([a, b], lambda: theirs in [str(x) for x in sb.session.log])
        assert step_until([a], lambda: any(x.endswith("say: Tt 1 that")
                                       for x in sa.session.chat_lines))
        assert box.value == "" and a.stack.top is box
        # the friend moves while the box is open: the game plays on under it
        version = sa.session.version
        assert sb.flow.phase == HUMAN
        _click(sb, 0)
        assert step_until([a, b], lambda: sa.session.version > version and
                      sa.flow.phase not in ("beats", "await") and not sa.flow.beats)
        if game == "squabble":                          # the table shows the move played
            assert sa.model.display is sa.session.state
        assert a.stack.top is box
        key(a, pygame.K_ESCAPE)                         # Esc closes it
        assert a.stack.top is sa
    finally:
        for link in links:
            link.close()
        server.stop()
