"""Drive the Twilight Struggle map scene with posted events (mouse, keyboard, gamepads)."""

from __future__ import annotations

import pygame

from tests.ui import driver as D
from squabble.framework.handoff import HandOffScene

drawn_texts = D.drawn_texts   # (the drivers share it)


def scene(app):
    from squabble.ui.struggle.scene import StruggleScene
    return app.stack.find(StruggleScene)


def start(app, mode="computer", human="USSR", level="easy", optional=False, ccw=False, seed=1):
    app.seed = seed          # the same game every run
    D.menu_click(app, "new")
    assert D.top(app).name == "gamepick"
    D.menu_click(app, "struggle")
    s = D.top(app)
    assert s.name == "struggle_setup"
    for key, want, row in (("mode", mode, "mode"), ("human", human, "human"),
                           ("optional", optional, "optional"), ("ccw", ccw, "ccw")):
        for _ in range(4):
            if s.opts[key] == want:
                break
            D.menu_click(app, row)
        assert s.opts[key] == want
    if mode == "computer":
        for _ in range(4):
            if s.opts["level"] == level:
                break
            D.menu_click(app, "level")
    D.menu_click(app, "start")
    if D.top(app).name == "confirm":   # a saved Struggle game would be replaced: yes
        click_yes(app)
    sc = scene(app)
    assert sc is not None and D.top(app) is sc or isinstance(D.top(app), HandOffScene)
    return sc


def click_yes(app):
    """Click the "yes" answer of the confirm dialog on top."""
    x, y, w, h = D.top(app).yes.rect
    D.click(app, app.layout.p(x + w / 2, y + h / 2))


def waiting(app) -> bool:
    """The screen waits on a person: a hand-off, a human decision with its choices, the end."""
    t = D.top(app)
    if isinstance(t, HandOffScene) or t.name == "struggle_result":
        return True
    sc = scene(app)
    return sc is not None and t is sc and sc.human_turn() and sc.choices is not None


def lp_to_px(app, lp):
    return app.layout.p(*lp)


def center(rect):
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def decide_mouse(app, choice: int):
    """Pick option ``choice`` by clicking where it is shown: a country, a card or a button."""
    sc = scene(app)
    d = sc.session.decision()
    opt = d["options"][choice]
    cs = sc.choices
    before = sc.session.decisions
    if opt.get("country") is not None and opt["country"] in cs.by_country:
        c = opt["country"]
        sc.map.ensure_visible(c)
        D.step(app)
        r = sc.map.country_rect(c)
        D.click(app, r.center)
        if sc.menu is not None:
            i = [ch.index for ch in sc.menu.choices].index(choice)
            rows, _ = sc.menu.rects()
            D.click(app, lp_to_px(app, center(rows[i])))
    elif opt.get("card") is not None and opt["card"] in cs.by_card:
        rect = dict(sc._card_rects)[opt["card"]]
        D.click(app, lp_to_px(app, (rect[0] + 20, rect[1] + 40)))
        if sc.menu is not None:
            i = [ch.index for ch in sc.menu.choices].index(choice)
            rows, _ = sc.menu.rects()
            D.click(app, lp_to_px(app, center(rows[i])))
    else:
        for _ in range(40):
            b = next((b for b in sc._buttons if b.name == f"opt{choice}"), None)
            if b is not None:
                D.click(app, lp_to_px(app, center(b.rect)))
                break
            more = next(b for b in sc._buttons if b.name == "more")
            D.click(app, lp_to_px(app, center(more.rect)))
    _answer_warning(app, opt, lambda: D.menu_click(app, "yes"))
    assert sc.session.decisions > before, f"the click did not decide option {choice}: {opt}"


def _answer_warning(app, opt, say_yes):
    """An option the engine warns loses the game asks first (the window's confirmation): a
    player set on it says yes."""
    if opt.get("warning") and D.top(app).name == "confirm":
        say_yes()


def _focus_to(app, press, want: str, limit=400, press_back=None):
    """Tab (or Shift+Tab when that is shorter) until ``want`` has the focus."""
    sc = scene(app)
    for _ in range(limit):
        cur = sc.focus.current
        if sc.focus.visible and cur is not None and cur.name == want:
            return
        names = [it.name for it in sc.focus.items]
        if press_back is not None and sc.focus.visible and want in names and cur is not None:
            ahead = (names.index(want) - names.index(cur.name)) % len(names)
            (press if ahead <= len(names) - ahead else press_back)()
        else:
            press()
    raise AssertionError(f"could not move the focus to {want}")


def target_name(sc, choice):
    opt = sc.session.decision()["options"][choice]
    cs = sc.choices
    if opt.get("country") is not None and opt["country"] in cs.by_country:
        return f"country:{opt['country']}"
    if opt.get("card") is not None and opt["card"] in cs.by_card:
        return f"card:{opt['card']}"
    return f"button:opt{choice}"


def _decide_by(app, choice, press_next, press_confirm, press_down, press_prev=None):
    sc = scene(app)
    before = sc.session.decisions
    want = target_name(sc, choice)
    if want.startswith("button:"):
        for _ in range(40):
            if any(b.name == f"opt{choice}" for b in sc._buttons):
                break
            _focus_to(app, press_next, "button:more", press_back=press_prev)
            press_confirm()
    _focus_to(app, press_next, want, press_back=press_prev)
    press_confirm()
    if sc.menu is not None:
        i = [ch.index for ch in sc.menu.choices].index(choice)
        while sc.menu.index != i:
            press_down()
        press_confirm()
    opt = sc.session.decision()["options"][choice] if sc.session.decisions == before else {}

    def yes_by_keys():
        for _ in range(4):
            if D.top(app).focus.current is not None and D.top(app).focus.current.name == "yes":
                break
            press_next()
        press_confirm()
    _answer_warning(app, opt, yes_by_keys)
    assert sc.session.decisions > before, f"keys did not decide option {choice}"


def decide_keys(app, choice: int):
    _decide_by(app, choice, lambda: D.key(app, pygame.K_TAB), lambda: D.key(app, pygame.K_RETURN),
               lambda: D.key(app, pygame.K_DOWN),
               lambda: D.key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT))


def decide_pad(app, choice: int, instance_id: int):
    _decide_by(app, choice,
               lambda: D.pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, instance_id),
               lambda: D.pad(app, pygame.CONTROLLER_BUTTON_A, instance_id),
               lambda: D.pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN, instance_id),
               lambda: D.pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, instance_id))


def play_to_end(app, decide, handoff, choose, limit=3000):
    """Play until the result screen.  ``decide(app, i)``; ``handoff(app)``; ``choose(d) -> i``."""
    counts = {"decisions": 0, "handoffs": 0}
    seen_handoff = None
    for _ in range(limit):
        assert D.run_until(app, lambda: waiting(app), 60000), "the game stalled"
        t = D.top(app)
        if t.name == "struggle_result":
            return counts
        if isinstance(t, HandOffScene):
            if t is not seen_handoff:       # count each hand-off screen once
                counts["handoffs"] += 1
                seen_handoff = t
            # past its grace time (confirms before it are ignored on purpose)
            assert D.run_until(app, lambda: getattr(t, "ready", True), 200)
            handoff(app)
            continue
        sc = scene(app)
        d = sc.session.decision()
        decide(app, choose(d))
        counts["decisions"] += 1
    raise AssertionError("the game did not end")


def play_to(app, kind, side="USSR", limit=300):
    """Answer option 0 (through the scene) until ``side`` has a ``kind`` decision."""
    sc = scene(app)
    s = sc.session
    for _ in range(limit):
        assert D.run_until(app, lambda: waiting(app))
        if s.describe()["kind"] == kind and s.decision()["player"] == side:
            return sc
        sc.commit(0)
    raise AssertionError(f"no {kind} decision came for the {side}")


