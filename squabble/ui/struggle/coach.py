"""The coach (a part the Struggle map scene holds): H, pad Y or the Hint button shows what the
computer player would do for the side deciding now — its top three options with the reasons in
plain words — from ``squabble.ai.struggle_hint.hint`` (contract 4).  The hint is handed a copy
of the game's state (its look-ahead needs the engine's frame stack) and reads only that side's
own information: it deals everything hidden from the side again before it looks, as the computer
player does (tests: the hint and the panel do not change when the other side's hidden cards do).
It works on a worker thread so the window keeps its frame rate.  On one couch it is private: it is shown only while that side has the
screen (after a hand-off, asked for here when needed), and it goes at the next decision.
"""

from __future__ import annotations

import threading

from squabble.framework.handoff import HandOffScene
from squabble.framework.layout import fit_font, text, wrap
from squabble.framework.session import position_seed
from squabble.framework.widgets import panel
from squabble.games.struggle.data import ENEMY
from squabble.ui import theme

HINT_R = (560, 58, 362, 300)


def _hint_fn():
    """The coach of contract 4 (None when this build has no coach)."""
    try:
        from squabble.ai.struggle_hint import hint
    except ImportError:
        return None
    return hint


class Coach:
    """``hint_for``: (side, decision count) the hint on screen (or being worked out) is for;
    ``hint_lines``: its words; ``hint_rect``: the logical rect of the panel drawn last;
    ``job``: the worker's answer being worked out (None when there is none)."""

    def __init__(self, app, session, path=None):
        """``path(state)``: the option indices the player may take in a later decision of the
        action, or None for all (the lesson's ``Tutor.path``): the coach's reasons play the
        action out along it.  The coach itself always ranks every option."""
        self.app = app
        self.session = session
        self.path = path
        self.hint_for = None
        self.hint_lines: list = []
        self.hint_rect = None
        self.job = None
        self._on_look = None    # the scene's "who may look changed" (given by ``ask``)

    def ask(self, deciding: bool, viewer, on_look=None) -> None:
        """H: the hint for the decision now (``deciding``: a person's turn is on screen), or
        closed when one is open.  ``viewer``: who may look now; ``on_look()`` is called when
        a hand-off gave the screen to the deciding side first."""
        if self.hint_for is not None:          # a second H closes it
            self.close()
            return
        d = self.session.decision()
        if d is None or not deciding:
            self.app.toast("A hint is for your own decision.")
            return
        if not self.session.coach_allowed:   # (issue 52) a game against a friend is yours alone
            self.app.toast("The coach stays out of online games: the game is between you and "
                           "your friend.")
            return
        fn = _hint_fn()
        if fn is None:
            self.app.toast("The coach is not available in this build.")
            return
        side = d["player"]
        self._on_look = on_look
        if self.session.mode == "hotseat" and viewer != side:
            self._handoff(side, on_look)
            return
        self._start(fn, side)

    def _handoff(self, side, on_look) -> None:
        """On one couch the hint is private: the other player looks away first."""
        def confirm():
            self.session.lend_screen(side)      # the look ends when the coach closes
            if on_look is not None:
                on_look()
            self._start(_hint_fn(), side)
        from squabble.ui.struggle.moments import SIDE_COL
        self.app.stack.push(HandOffScene(
            self.app, f"{side}'s hint",
            f"The coach speaks to the {side} player only. {ENEMY[side]}: please look away.",
            SIDE_COL[side], confirm, controls="Enter · click · A"))

    def _start(self, fn, side) -> None:
        state = self.session.game.copy(self.session.state)   # the hint deals the hidden cards again
        seed = coach_seed(self.session.game, state, side)
        key = (side, self.session.decisions)
        self.hint_for, self.hint_lines = key, ["The coach is thinking…"]
        job = {"key": key, "result": None, "error": ""}
        path = self.path

        def run():
            try:
                job["result"] = (fn(state, side, seed, 3) if path is None
                                 else fn(state, side, seed, 3, path=path))
            except Exception as e:        # a broken coach must never stop the game
                job["error"] = f"The coach failed ({type(e).__name__})."
        self.job = job
        threading.Thread(target=run, daemon=True).start()

    def close(self) -> None:
        """Close the panel; a look the coach's hand-off lent its side ends with it (the side's
        hand turns face down again on a public decision)."""
        looked = self.session.viewer()
        if self.hint_for is not None:
            self.session.give_back_screen(self.hint_for[0])
        self.hint_for, self.hint_lines, self.job = None, [], None
        if self.session.viewer() != looked and self._on_look is not None:
            self._on_look()      # the hand and the choices are drawn for the new viewer

    def update(self, viewer) -> None:
        """Take the worker's answer; drop the hint when its decision is gone or the screen is
        no longer its side's (``viewer``: who may look now)."""
        if self.hint_for is None:
            return
        side, n = self.hint_for
        if n != self.session.decisions or (self.session.mode == "hotseat" and viewer != side):
            self.close()
            return
        job = self.job
        if job is not None and (job["result"] is not None or job["error"]):
            self.job = None
            self.hint_lines = [job["error"]] if job["error"] else hint_text(job["result"])

    def draw(self, surf, L, viewer, below=None) -> None:
        """The panel (only for the side it speaks to); ``below``: the logical rect of a warning
        strip it must stay under."""
        self.hint_rect = None
        if self.hint_for is None:
            return
        side = self.hint_for[0]
        if self.session.mode == "hotseat" and viewer != side:
            return
        f = L.font(15)
        x, y, w, _h = HINT_R
        if below is not None:       # below the warning's sentence, never over it
            y = max(y, below[1] + below[3] + 6)
        lines = []
        for ln in self.hint_lines:
            indent = ln.startswith("   ")
            for part in wrap(ln.strip(), f, L.s(w - 24 - (14 if indent else 0))):
                lines.append((part, indent))
        lh = f.get_linesize() / max(0.01, L.scale)
        h = min(420, 40 + len(lines) * lh)
        self.hint_rect = (x, y, w, h)
        panel(surf, L, (x, y, w, h), colour=(24, 30, 46), edge=theme.GOLD, alpha=245)
        title = f"Coach for the {side} — what the computer would do (H closes)"
        text(surf, title, fit_font(L, title, w - 20, 15, bold=True), theme.GOLD,
             L.p(x + 10, y + 8))
        yy = y + 30
        for part, indent in lines:
            if yy + lh > y + h:
                break
            text(surf, part, f, theme.MUTED if indent else theme.TEXT,
                 L.p(x + 10 + (14 if indent else 0), yy))
            yy += lh


def clear_of_panel(coach, rect) -> tuple:
    """``rect`` (a zoomed card's logical rect), moved left of the coach's panel when the panel is
    on screen and the card would cover it: both stay readable."""
    panel_r = coach.hint_rect
    if panel_r is None:
        return rect
    x, y, w, h = rect
    px, py, pw, ph = panel_r
    if x >= px + pw or x + w <= px or y >= py + ph or y + h <= py:
        return rect
    return (max(0, px - w - 12), y, w, h)


def coach_seed(game, state, side) -> int:
    """The coach's seed for ``side`` at ``state``: a checksum of that side's view, like the
    computer's (``position_seed``), so the same position gets the same advice after an undo or
    a continued save (issue 50, item 22) and nothing the side may not see enters it."""
    view = getattr(game, "view", None)
    return position_seed(view(state, side) if view is not None else state)


def hint_text(result) -> list:
    """The coach's answer in lines: each option, its reasons indented."""
    if not result:
        return ["The coach has nothing to suggest here."]
    out = []
    for i, h in enumerate(result[:3]):
        out.append(f"{i + 1}. {h.get('label', '')}")
        reasons = h.get("reasons", [])
        odds = h.get("odds")
        # three reasons, and the odds of a die where one decides (not counted among the three)
        kept = [r for r in reasons if r != odds][:3]
        if odds in reasons:
            kept.insert(min(reasons.index(odds), len(kept)), odds)
        out.extend(f"   {r}" for r in kept)
    return out

