"""Every change of the map the other side made is drawn as a change badge (issue 57, item 3):
the computer's coups in battlegrounds (Pakistan, Panama, Iran, the lesson's Nigeria) left none,
coups elsewhere did.

Whole games against the computer: each decision's beats are recorded as the session made them
(before the scene reorders them), each beat's change of influence is given to the side that
made it (the line's ``by``, else the side that decided), and at each of the person's decisions
every country the other side changed since the person's last decision has a badge with that
net change, drawn on the map; no other country has one."""

from __future__ import annotations

import random

import pygame
import pytest

from squabble.ui.struggle.map_markers import draw_change_badges
from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def _record(session, out: list):
    """Wrap ``session.apply``: each decision's (decider, state before, beats as made)."""
    apply = session.apply

    def recorded(index):
        d = session.decision()
        before = session.state
        beats = apply(index)
        out.append((d["player"], before, list(beats)))
        return beats
    session.apply = recorded


def _truth(records, watcher) -> dict:
    """country -> {side: net} the watcher's enemy changed in ``records``."""
    acc: dict = {}
    for decider, before, beats in records:
        prev = before["influence"]
        for b in beats:
            by = (b.data or {}).get("by") or decider
            now = b.state["influence"]
            if by != watcher:
                for c, v in now.items():
                    w = prev.get(c)
                    if w is None or w == v:
                        continue
                    a = acc.setdefault(c, {"USA": 0, "USSR": 0})
                    for s in ("USA", "USSR"):
                        a[s] += v[s] - w[s]
            prev = now
    return {c: v for c, v in acc.items() if any(v.values())}


@pytest.mark.parametrize("seed,human", [(8, "USSR"), (8, "USA")])   # (short whole games)
def test_every_change_of_the_other_side_is_badged_through_a_whole_game(app, seed, human):
    sc = SD.start(app, "computer", human, level="easy", seed=seed)
    records: list = []
    _record(sc.session, records)
    pick = random.Random(seed)
    checked = coups = 0
    for _ in range(3000):
        assert D.run_until(app, lambda: SD.waiting(app), 4000)
        if D.top(app).name == "struggle_result" or sc.session.over:
            break
        mine = [i for i, r in enumerate(records) if r[0] == human]
        since = records[mine[-1]:] if mine else records   # (its enemy's event in it too)
        want = _truth(since, human)
        got = {c: {s: n for s, n in v.items()} for c, v in sc.follow.changes[human].items()}
        got = {c: v for c, v in got.items() if any(v.values())}
        assert got == want, (sc.session.state["turn"], {c: (got.get(c), want.get(c)) for c in
                                                        set(got) | set(want)
                                                        if got.get(c) != want.get(c)})
        placed = {n for n, _ in draw_change_badges(sc.map, pygame.Surface(app.screen.get_size()),
                                                   sc.follow.changes[human])}
        visible = {c for c in want if sc.map.country_rect(c).colliderect(sc.map.rect)}
        assert visible <= placed, visible - placed
        checked += bool(want)
        coups += any(b.kind == "coup" and (b.data or {}).get("side") != human
                     and (b.data or {}).get("country") in want
                     for _, _, beats in since for b in beats)
        d = sc.session.decision()
        safe = [i for i, o in enumerate(d["options"]) if "warning" not in o and "risk" not in o] \
            or [i for i, o in enumerate(d["options"]) if "warning" not in o] or [0]
        sc.commit(pick.choice(safe), confirmed=True)
    assert sc.session.over
    assert checked >= 10 and coups > 0, (checked, coups, sc.session.state["turn"])
