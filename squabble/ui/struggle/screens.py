"""The screens over and after the Twilight Struggle map: the pause menu and the result.

They import only downwards (the framework, the shared menus, ``saves``, ``panels``); the map
scene opens them, and the set-up hands the result screen its "play again" as a function, so
no module of ``ui/struggle/`` imports one that imports it back."""

from __future__ import annotations

from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import Button, panel
from squabble.ui import couch_prefs
from squabble.ui import theme as T
from squabble.ui.keep_record import KEEP_LABEL, keep_so_far, may_continue, may_keep_so_far
from squabble.ui.menu_scene import MenuScene, ResultMenuScene
from squabble.ui.struggle import saves
from squabble.ui.struggle.panels import CONTROLS, ONLINE_CONTROLS


class StrugglePauseScene(MenuScene):
    """The pause menu over the map of ``session``: ``hidden()`` says a hand-off covers the map
    (nothing that shows it then), ``undo()`` and ``help()`` are the map scene's commands."""
    name = "struggle_pause"
    title = "Paused"
    opaque = False

    def __init__(self, app, session, *, hidden, undo, help):
        self.session = session
        self.hidden = hidden
        self.undo = undo
        self.help = help
        super().__init__(app)

    def build(self):
        s = self.session
        hidden = self.hidden()   # over a hand-off: nothing that shows the map
        items = [("resume", "Resume", self.back, True, ""),
                 ("undo", "Undo my last decision", self._undo, s.can_undo() and not hidden,
                  "Nothing to undo." if not hidden else "Not during a hand-off."),
                 ("help", "Rules and card reference (F1)", self._help, not hidden,
                  "After the hand-off."),
                 ("title", "Leave (the server keeps the game)" if s.kept_on_server else
                  "Save and quit to title", self._quit, True, "")]
        if not s.kept_on_server:   # the server keeps an online game
            items.append(("keep", KEEP_LABEL, lambda: keep_so_far(self.app, s),
                          *may_keep_so_far(s)))
            if may_continue(s):   # a new couch game from this position (issue 60)
                items.append(("continue", "Continue from here",
                              lambda: self.app.continue_from_here(s), True, ""))
        elif not s.watching:
            items.append(("chat", "A word to your friend", self._chat, True, ""))
            items.append(("code", "Copy the invitation code", self._code, True, ""))
        top, step = (220, 70) if len(items) <= 4 else (196, 62)   # (five or six rows)
        self.set_buttons([Button(n, lab, (440, top + i * step, 400, 54), act, enabled=en,
                                 reason=r) for i, (n, lab, act, en, r) in enumerate(items)])

    def _undo(self):
        self.app.stack.remove(self)
        self.undo()

    def _code(self):
        self.app.toast(self.session.copy_code(), 6.0)

    def _chat(self):
        self.app.stack.remove(self)
        self.app.open_chat(self.session)

    def _help(self):
        self.app.stack.remove(self)
        self.help()

    def _quit(self):
        if self.session.kept_on_server:   # (issue 52) no local save
            self.app.to_title("Your online game is kept on the server: Play online, Your online "
                              "games opens it again.")
            return
        if self.session.mode != "demo" and not self.session.over:
            try:
                saves.write(self.session)
            except OSError:
                pass
        self.app.to_title("Your Twilight Struggle game is saved: Continue resumes it.")

    def draw(self, surf):
        L = self.app.layout
        veil = surf.copy()
        veil.fill((0, 0, 0))
        veil.set_alpha(170)
        surf.blit(veil, (0, 0))
        panel(surf, L, (400, 120, 480, 480))
        text(surf, self.title, L.font(48, True), T.GOLD, L.p(640, 170), "center")
        cur = self.focus.current
        for b in self.buttons:
            b.draw(surf, L, focused=b is cur)
        panel(surf, L, (130, 614, 1020, 50), alpha=255)   # the controls on their own ground
        controls = ONLINE_CONTROLS if self.session.kept_on_server else CONTROLS
        text_block(surf, controls, L.font(17), T.TEXT, L.r(140, 620, 1000, 60), align="center")


class StruggleResultScene(ResultMenuScene):
    name = "struggle_result"

    def __init__(self, app, session, demo: bool = False, again=None):
        """``again(setup)``: a new game of the same set-up ("Play again")."""
        self.again = again
        super().__init__(app, session, demo)
        if not demo:
            app.sounds.play("win")
            couch_prefs.game_finished()   # the first-game guide goes off after a first game

    def build(self):
        if self.demo:
            self.set_buttons([])
            return
        if self.offer is not None:       # online: the server's rematch, sides swapped
            again = self.rematch_button((440, 562, 400, 54), "Rematch (sides swapped)", None)
        else:
            again = self.rematch_button((440, 562, 400, 54), "Play again (same set-up)",
                                        self._again, enabled=self.again is not None)
        self.set_buttons([again,
                          Button("title", "Title screen", (440, 626, 400, 48), self.app.to_title)])

    def _again(self):
        self.again(dict(self.session.setup))

    def summary_lines(self) -> list[str]:
        """Victory points, when the game ended and the tracks, in plain words."""
        st = self.session.state
        vp = st["vp"]
        vpt = f"USA +{vp}" if vp > 0 else f"USSR +{-vp}" if vp < 0 else "even"
        # action round 0 is the headline phase (or set-up): say so, not "action round 0"
        when = (f"action round {st['action_round']}" if st.get("action_round")
                else "headline phase" if st.get("setup_done", True) else "set-up")
        return [f"Victory points: {vpt}", f"Turn {st['turn']}, {when}",
                 f"DEFCON {st['defcon']} · Space Race: USA {st['space']['USA']}, "
                 f"USSR {st['space']['USSR']}"]

    def headline(self) -> tuple[str, tuple]:
        st = self.session.state
        w = st["winner"]
        if w == "draw":
            return "A draw", T.GOLD
        s = self.session
        if s.mode == "computer":
            return (f"You win as the {w}!" if w == s.setup["human"] else
                    f"The computer ({w}) wins"), \
                T.SIDE_LIGHT.get(w, T.GOLD)
        if s.mode == "online":
            return (f"You win as the {w}!" if w == s.setup["human"] else
                    f"Your friend ({w}) wins"), T.SIDE_LIGHT.get(w, T.GOLD)
        return f"The {w} wins", T.SIDE_LIGHT.get(w, T.GOLD)

    def draw(self, surf):
        L = self.app.layout
        self.draw_background(surf)
        st = self.session.state
        title, col = self.headline()
        text(surf, title, L.font(72, True), col, L.p(640, 120), "center", shadow=(0, 0, 0))
        reason = st.get("end_reason") or ""
        why = {"20 victory points": "20 victory points ahead",
               "DEFCON 1: nuclear war": "DEFCON 1: nuclear war — the side that caused it loses",
               "final scoring": "final scoring after turn 10",
               "control of Europe": "control of Europe when Europe was scored",
               "scoring card held": "a scoring card was held at the end of a turn"}.get(reason,
                                                                                      reason)
        text(surf, f"How: {why}", fit_font(L, f"How: {why}", 1000, 30), T.TEXT, L.p(640, 200),
             "center")
        lines = self.summary_lines()
        for i, ln in enumerate(lines):
            text(surf, ln, L.font(26), T.TEXT, L.p(640, 260 + i * 38), "center")
        tail = [str(x) for x in self.session.log if str(x)][-4:]   # markers have no text
        panel(surf, L, (240, 372, 800, 118), colour=(22, 26, 38))
        text(surf, "The last moves", L.font(16, True), T.MUTED, L.p(252, 378))
        text_block(surf, "\n".join(tail), L.font(19), T.TEXT, L.r(252, 398, 776, 90))
        if self.offer is not None:        # online: what the friend did about the rematch
            self.offer.draw(surf, L, 508, self.t)
        cur = self.focus.current
        for b in self.buttons:
            b.draw(surf, L, focused=b is cur)
        if self.demo:
            text(surf, "Attract mode · press any key", L.font(22), T.MUTED, L.p(640, 560),
                 "center")
