"""Drive the real UI with posted pygame events (mouse, keyboard, gamepad)."""

from __future__ import annotations

import threading
import time

import pygame

from squabble.framework.clock import NoWaitClock
from squabble.ui import settings as S


def new_app(anim="instant", size=(1280, 720)):
    from squabble.ui.app import WindowApp
    # (the first online game's question for a name is tested on its own: test_online_options)
    st = S.Settings(sound=0.0, music=0.0, anim=anim, name_asked=True)
    # a test window hosts on loopback only, on a free port
    app = WindowApp(clock=NoWaitClock(), attract_after=None, settings=st, size=size,
                      host_at=("127.0.0.1", 0))
    pygame.event.clear()      # an event an earlier test left in SDL's queue is not this app's
    app.to_title()            # (a stray key ended attract mode in the attract test)
    return app


def _thinking(app=None) -> bool:
    """A computer player is thinking: on a thread of this process (a test's chooser), or in the
    session's worker process (a scene's flow waits in its "thinking" phase).  Frames stepped
    meanwhile must not count against a test's frame limit: how many pass depends on the
    machine's load, not on the game."""
    if threading.active_count() > 1:
        return True
    for sc in (app.stack.scenes if app is not None else ()):
        flow = getattr(sc, "flow", None)
        if flow is not None and getattr(flow, "phase", None) == "thinking":
            return True
    return False


def step(app, n=1):
    """Step ``n`` frames.  The NoWaitClock lets frames outrun a computer player's worker thread
    on an idle machine, so a frame stepped while it thinks also gives it a moment."""
    for _ in range(n):
        app.step()
        if _thinking(app):
            time.sleep(0.002)


def step_until(apps, pred, timeout=15.0) -> bool:
    """Step each window of ``apps`` (a line to a server answers on its own thread) until
    ``pred()``; False after ``timeout`` seconds of real time."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for app in apps:
            step(app)
        if pred():
            return True
        time.sleep(0.01)
    return False


def click(app, pos, settle=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app, settle)


def key(app, k, mod=0, settle=1):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    step(app, settle)


def pad(app, button, instance_id=0, settle=1):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance_id,
                                         button=button))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance_id,
                                         button=button))
    step(app, settle)


def top(app):
    return app.stack.top


# -- where a player would click: found, as the player finds it, among what the scene draws -----
def centre(app, rect):
    """The screen point at the middle of a logical (1280x720) rect, as the layout draws it."""
    x, y, w, h = rect
    return app.layout.p(x + w / 2, y + h / 2)


def _buttons(scene):
    model = getattr(scene, "model", None)      # the Squabble table keeps them in its model
    return model.buttons if hasattr(model, "buttons") else scene.buttons


def button_pos(scene, name):
    """The middle of the button ``name`` of ``scene`` (a menu, a dialog or the table)."""
    b = next((b for b in _buttons(scene) if b.name == name), None)
    return None if b is None else centre(scene.app, b.rect)


def card_pos(table, cid):
    """The middle of card ``cid`` where the Squabble table lets it be chosen."""
    for it in table.model.items:
        if it.kind == "card" and it.ref == cid:
            return centre(table.app, it.rect)
    return None


def menu_click(app, name):
    click(app, button_pos(top(app), name))


def new_game(app, game="squabble"):
    """Title -> New game -> pick the game (the game pick asks which game first)."""
    menu_click(app, "new")
    if top(app).name == "gamepick":
        menu_click(app, game)


def run_until(app, pred, limit=20000, wall=240.0):
    """Step frames until ``pred()`` holds, at most ``limit`` frames.  Frames while a computer
    player thinks do not count (how many pass meanwhile depends on the machine, not on the game);
    ``wall`` seconds stop a game that really stalled."""
    frames = 0
    deadline = time.monotonic() + wall
    while frames < limit and time.monotonic() < deadline:
        if pred():
            return True
        app.step()
        if _thinking(app):
            time.sleep(0.002)
        else:
            frames += 1
    return pred()


def table_of(app):
    from squabble.ui.squabble.table import TableScene
    return app.stack.find(TableScene)


def waiting_for_human(app):
    """True when the screen waits on a person: a hand-off, a human decision, or the result."""
    from squabble.framework.handoff import HandOffScene
    from squabble.ui.squabble.scenes import ResultScene
    t = top(app)
    if isinstance(t, HandOffScene):
        return getattr(t, "ready", True)   # a hand-off ignores input for its first moments
    if isinstance(t, ResultScene):
        return True
    tb = table_of(app)
    return tb is not None and t is tb and tb.flow.phase == "human"


# ---- one decision by each device ----------------------------------------------------------

def _accept_warning(app, device):
    """The chosen option carried the engine's ``warning``: the table asks first; say yes (the
    caller chose it on purpose) with the same device."""
    t = top(app)
    if getattr(t, "name", "") != "confirm":
        return
    if device == "mouse":
        click(app, button_pos(t, "yes"))
    elif device == "keys":
        key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
    else:
        pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
        pad(app, pygame.CONTROLLER_BUTTON_A)


def decide_mouse(app, choice=0):
    _decide_mouse(app, choice)
    _accept_warning(app, "mouse")


def decide_keys(app, choice=0):
    _decide_keys(app, choice)
    _accept_warning(app, "keys")


def decide_pad(app, choice=0, instance_id=0):
    _decide_pad(app, choice, instance_id)
    _accept_warning(app, "pad")


def _decide_mouse(app, choice=0):
    tb = table_of(app)
    dec = tb.session.decision()
    opt = dec["options"][choice % len(dec["options"])]
    k = dec["kind"]
    if k == "play":
        click(app, card_pos(tb, opt["bop"]))
        click(app, card_pos(tb, opt["space"]))
        click(app, button_pos(tb, "confirm"))
    elif k == "replace":
        click(app, card_pos(tb, opt["card"]))
        click(app, button_pos(tb, "confirm"))
    elif k == "tokens":
        for _ in range(opt["bop"]):
            click(app, button_pos(tb, "plus_bop"))
        for _ in range(opt["space"]):
            click(app, button_pos(tb, "plus_space"))
        click(app, button_pos(tb, "confirm"))
    elif k == "counter":
        if opt["mode"] == "counter":
            click(app, card_pos(tb, opt["card"]))
            click(app, button_pos(tb, "confirm"))
        else:
            click(app, button_pos(tb, "pass"))
    elif k in ("take_token", "shift"):
        click(app, button_pos(tb, "no" if opt["mode"] == "pass" else "yes"))
    elif k == "take_tokens":
        click(app, button_pos(tb, f"take{opt['amount']}"))


def _focus_to(app, press, want, limit=40):
    tb = table_of(app)
    for _ in range(limit):
        cur = tb.model.focus.current
        if tb.model.focus.visible and cur is not None and cur.name == want:
            return True
        press()
    raise AssertionError(f"could not move the focus to {want}")


def _decide_keys(app, choice=0):
    tb = table_of(app)
    dec = tb.session.decision()
    opt = dec["options"][choice % len(dec["options"])]
    k = dec["kind"]

    def number_of(cid):
        return tb.chooser.hand_index_cards().index(cid) + 1

    if k == "play":
        key(app, pygame.K_0 + number_of(opt["bop"]))
        key(app, pygame.K_0 + number_of(opt["space"]))
        key(app, pygame.K_RETURN)
    elif k == "replace":
        key(app, pygame.K_0 + number_of(opt["card"]))
        key(app, pygame.K_RETURN)
    elif k == "tokens":
        for name, n in (("plus_bop", opt["bop"]), ("plus_space", opt["space"])):
            for _ in range(n):
                _focus_to(app, lambda: key(app, pygame.K_TAB), name)
                key(app, pygame.K_RETURN)
        _focus_to(app, lambda: key(app, pygame.K_TAB), "confirm")
        key(app, pygame.K_RETURN)
    elif k == "counter":
        if opt["mode"] == "counter":
            key(app, pygame.K_0 + number_of(opt["card"]))
            _focus_to(app, lambda: key(app, pygame.K_TAB), "confirm")
        else:
            _focus_to(app, lambda: key(app, pygame.K_TAB), "pass")
        key(app, pygame.K_RETURN)
    elif k in ("take_token", "shift"):
        _focus_to(app, lambda: key(app, pygame.K_TAB), "no" if opt["mode"] == "pass" else "yes")
        key(app, pygame.K_RETURN)
    elif k == "take_tokens":
        _focus_to(app, lambda: key(app, pygame.K_TAB), f"take{opt['amount']}")
        key(app, pygame.K_RETURN)


def _decide_pad(app, choice=0, instance_id=0):
    tb = table_of(app)
    dec = tb.session.decision()
    opt = dec["options"][choice % len(dec["options"])]
    k = dec["kind"]
    A = pygame.CONTROLLER_BUTTON_A
    nxt = (lambda: pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, instance_id))

    def pick(name):
        _focus_to(app, nxt, name)
        pad(app, A, instance_id)

    if k == "play":
        pick(f"card:{opt['bop']}")
        pick(f"card:{opt['space']}")
        pick("confirm")
    elif k == "replace":
        pick(f"card:{opt['card']}")
        pick("confirm")
    elif k == "tokens":
        for _ in range(opt["bop"]):
            pick("plus_bop")
        for _ in range(opt["space"]):
            pick("plus_space")
        pick("confirm")
    elif k == "counter":
        if opt["mode"] == "counter":
            pick(f"card:{opt['card']}")
            pick("confirm")
        else:
            pick("pass")
    elif k in ("take_token", "shift"):
        pick("no" if opt["mode"] == "pass" else "yes")
    elif k == "take_tokens":
        pick(f"take{opt['amount']}")


def play_to_end(app, decide, handoff, limit_decisions=400, choice=lambda d, i: 0):
    """Answer every human prompt with ``decide`` until the result screen shows."""
    from squabble.framework.handoff import HandOffScene
    from squabble.ui.squabble.scenes import ResultScene
    counts = {"decisions": 0, "handoffs": 0}
    for i in range(limit_decisions):
        assert run_until(app, lambda: waiting_for_human(app), 30000), "the table stalled"
        t = top(app)
        if isinstance(t, ResultScene):
            return counts
        if isinstance(t, HandOffScene):
            counts["handoffs"] += 1
            handoff(app)
            continue
        tb = table_of(app)
        before = tb.session.decisions
        dec = tb.session.decision()
        decide(app, choice(dec, i))
        # the person's choice was committed (the computer's answer, when it is ready at once,
        # may follow in the same frame: the framework's flow goes on from a commit until it
        # has to wait)
        assert tb.session.decisions >= before + 1, f"the {dec['kind']} choice was not committed"
        counts["decisions"] += 1
    raise AssertionError("the game did not end")


def drawn_texts(app, module, helper: str = "text") -> list:
    """Every string ``module`` draws through its ``text`` helper (or another, ``helper``:
    ``text_block``) during one frame."""
    said = []
    real = getattr(module, helper)
    setattr(module, helper, lambda surf, s, *a, **k: (said.append(s), real(surf, s, *a, **k))[1])
    try:
        app.draw()
    finally:
        setattr(module, helper, real)
    return said
