"""The Twilight Squabble table: a thin scene on the framework's session and decision flow.

``framework.session.Session`` (built by ``ui/squabble/game.py``) owns the game: the computer's
worker, the beats of each decision, the autosave, undo like Board Game Arena and who may look.
``framework.turnflow.TurnFlow`` owns the turn (waiting, the computer thinking, the hand-off, a
person's turn, the beats, undo, the end); this scene is its view.  The scene holds its parts and
hands each what it needs, explicitly:

* ``model.TableModel``: what is shown (the displayed state, sprites, tokens in flight, banner,
  moment, focus and widgets) and who may look (the flow's one rule);
* ``choose.Staging`` / ``choose.Chooser``: a person's picks, the buttons, committing;
* ``zones.Zones``: where every card goes; ``explain.Explainer``: tooltips, previews, prompts;
* ``beats.BeatPlayer``: each beat of a decision, with the table's pacing; the ending;
* ``hand.TableInput``: keys, pads and the mouse; ``guide.Guide``: the first-game hints;
* ``drawing.TableDrawer``: the picture."""

from __future__ import annotations

from squabble.framework.handoff import HandOffScene
from squabble.framework.scene import Scene
from squabble.framework.session import Beat, Session
from squabble.framework.turnflow import BEATS, HANDOFF, HUMAN, OVER, THINKING, TurnFlow
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import OTHER, SIDES
from squabble.ui import couch_prefs
from squabble.ui import theme as T
from squabble.ui.squabble import faces as F
from squabble.ui.squabble.beats import BeatPlayer
from squabble.ui.squabble.choose import NO_UNDO, Chooser, Staging
from squabble.ui.squabble.drawing import TableDrawer
from squabble.ui.squabble.explain import Explainer
from squabble.ui.squabble.guide import Guide
from squabble.ui.squabble.hand import TableInput
from squabble.ui.squabble.layout import RIGHT
from squabble.ui.squabble.model import TableModel
from squabble.ui.squabble.scenes import DiscardScene, PauseScene, ResultScene
from squabble.ui.squabble.zones import Zones
from squabble.framework import linebanner

MIN_THINK = 0.55   # seconds a computer's turn shows at least (times the animation speed)


class TableScene(Scene):
    """The Squabble table: the framework flow's view, built from its parts (see the module)."""
    name = "table"

    def __init__(self, app, session: Session, demo: bool = False):
        super().__init__(app)
        self.session = session
        self.flow = TurnFlow(session, self, min_think=MIN_THINK * app.settings.speed)
        self.model = m = TableModel(app, session, self.flow, demo or session.mode == "demo")
        self.guide = Guide((not m.demo) and couch_prefs.guide_on(), memo=session.ui)
        self.staging = Staging(m)
        self.zones = Zones(m, self.staging)
        self.explain = Explainer(m, self.staging, self.zones)
        self.chooser = Chooser(m, self.staging, self.zones, self.explain, commit=self.commit,
                               undo_decision=self.undo_decision,
                               show_discards=self.show_discards)
        self.beats = BeatPlayer(m, self.guide, self.zones, self.chooser,
                                show_result=self.show_result)
        self.input = TableInput(m, self.staging, self.chooser, self.explain, self.zones,
                                self.guide, open_pause=self.open_pause)
        self.drawer = TableDrawer(m, self.staging, self.chooser, self.explain, self.guide)
        self._drawn_key = None
        self.zones.layout_sprites(snap=True)
        self.chooser.set_items()
        self._opening = self._first_event()     # played by the first update

    def _first_event(self) -> list:
        """Era 1's Event is revealed while the game is set up (no decision logs it): give it the
        same public NEW EVENT moment later eras get, before the first hand-off."""
        st = self.session.state
        if self.model.demo or not st["event"] or st["era"] != 1 or st["step"] != "play" or \
                any(st["slots"][s]["bop"] for s in SIDES) or len(st["todo"]) != 2:
            return []
        if self.flow.line_note():
            # (online, the friend not joined yet: the deal is made again with their value when
            # they join, and the server's lines then reveal the Event of the game played)
            return []
        line = E.event_line(st["event"])
        if line in self.app.log_lines:
            # (online: the server's log said it; it moves to where its moment plays)
            self.app.log_lines.remove(line)
        return [Beat(line, st, "event", {"event": st["event"]})]

    # ---- what other screens and tests ask --------------------------------------------------
    @property
    def display(self) -> dict:
        """The state drawn now (the discard pile screen shows the same)."""
        return self.model.display

    def face_allowed(self, cid: str) -> bool:
        return self.model.face_allowed(cid)

    # ---- the screens it opens ----------------------------------------------------------------
    def open_pause(self):
        self.app.stack.push(PauseScene(self.app, self.session, self.flow))

    def show_discards(self, side):
        self.app.stack.push(DiscardScene(self.app, self.model, side))

    def show_result(self):
        self.app.stack.replace_all(ResultScene(self.app, self.session, demo=self.app.demo))

    # ---- the scene -------------------------------------------------------------------------
    def on_enter(self):
        self.app.sounds.update_music()

    def on_resume(self):
        """A menu closed: a private screen it covered goes back behind the hand-off."""
        self.flow.resume()

    def handle_action(self, a):
        if a.name == "chat" and getattr(self.session, "say", None) is not None:
            # (online: the box for a word to the friend; elsewhere T does nothing)
            self.app.open_chat(self.session)
            return
        self.input.handle_action(a)

    def chat_area(self) -> tuple:
        """The chat box goes over the lower part of the log column (ui/online/chat.py)."""
        return (RIGHT[0] + 2, 488, 1276 - RIGHT[0] - 2, 228)

    def handle_mouse(self, kind, lp, button):
        self.input.handle_mouse(kind, lp, button)

    def update(self, dt):
        self.model.t += dt
        top = self.app.stack.top
        if top is not self and not getattr(top, "plays_on", False):
            # covered by a menu, the rules or the hand-off: the game waits (a computer player
            # may keep thinking on its worker; its move is shown once the table is back)
            return
        self.model.animate(dt)
        self.beats.tick(dt)
        if self._opening:
            self.flow.start_beats(self._opening)
            self._opening = []
        self.flow.min_think = self.model.dur(MIN_THINK)
        if self.flow.update(dt) == OVER:
            self.beats.over(dt)
        self._say_error()       # a computer player that failed (a random legal move was taken)

    def draw(self, surf):
        self._drawn_key = self.picture_key()
        self.drawer.draw(surf)

    def picture_key(self) -> tuple:
        """What the picture shows, in short: when it differs from the last drawn one, the table
        is drawn again even with nothing in motion (a change made by update() alone, with no
        key pressed, must not wait on screen for the next key)."""
        m = self.model
        self.guide.keep_to(m.shown_phase)     # a hint leaves with its phase
        return (self.flow.phase, id(m.display), m.shown_phase, self.guide.hint, m.tip,
                tuple((b.name, b.enabled, b.label) for b in m.buttons), m.focus.visible,
                m.focus.index, id(self.flow.deciding), self.flow.line_down(),
                len(self.app.log_lines), self.flow.line_note())

    def toast_area(self) -> tuple:
        """Toasts stay left of the right-hand column (turn order and log), which they covered."""
        return (0, 0, RIGHT[0] - 4, 720)

    def animating(self) -> bool:
        """Only a table waiting on a person, with nothing in motion, is still (idle CPU)."""
        phase = self.flow.phase
        if phase == HANDOFF:
            return False            # the opaque hand-off screen covers the table
        if self.picture_key() != self._drawn_key:
            return True
        if phase == THINKING and self.flow.waiting_words(0.0):
            # waiting for the friend: what still moves, then a few pictures a second (below)
            return self.beats.held is not None or not self.model.still()
        if phase != HUMAN:
            return True             # beats, the computer thinking, the ending
        return self.beats.held is not None or not self.model.still()

    @property
    def frame_every(self):
        """Waiting for the friend online: the dots move six times a second, nothing more."""
        if self.flow.phase == THINKING and self.flow.waiting_words(0.0):
            return 1 / 6
        return linebanner.frame_every(self.flow)   # the line down: its banner

    def wake_in(self):
        """Online, the line is looked at twenty times a second while the friend decides, and
        while it is down (the reconnection is shown at once)."""
        if (self.flow.phase == THINKING and self.flow.waiting_words(0.0)) or \
                self.flow.line_down():
            return 1 / 20
        return 1 / 5 if self.flow.listening() else None   # (online: the friend's words)

    # ---- the flow's view -------------------------------------------------------------------
    def flow_beat(self, beat, instant: bool) -> None:
        self.beats.play(beat, instant)

    def flow_beat_busy(self) -> bool:
        return self.beats.busy()

    def flow_beats_done(self) -> None:
        self.beats.settle()

    def flow_handoff(self, side: str, confirm) -> None:
        m = self.model
        name = F.NAME[side]
        other = F.NAME[OTHER[side]]

        def confirmed():
            m.bottom = side
            confirm()
            # after the flow is back on the person's decision: a decision the pause menu
            # covered keeps its staged cards where they were (laid out before, with no
            # decision under way, they went back in the hand until the next input)
            self.zones.layout_sprites(snap=True)
            self.chooser.set_items()
            m.sound("select")

        seats = self.app.pad_seats()
        accepts = (lambda a: a.source != "pad" or seats.get(a.seat) in (None, side))
        nxt = self.session.decision()
        what = self.explain.public_prompt(nxt) if nxt else ""
        # "again" only when this side had the last private screen and nobody else decided
        # since (the session's look rule: another side's private screen, or its decision in
        # the open, makes it a real pass)
        message = (f"{name} again: {other}, please look away." if self.session.look.again(side)
                   else f"Pass the screen to {name}. {other}: please look away.")
        self.app.stack.push(HandOffScene(
            self.app, f"{name}'s turn", message, T.SIDE[side], confirmed,
            detail=f"Next for {name}: {what}" if what else "",
            accepts=accepts, controls="Enter / Space · click the button · gamepad A · Esc menu",
            on_menu=self.open_pause))

    def flow_human(self, decision: dict) -> None:
        m = self.model
        m.display = self.session.state
        s = self.session
        if s.mode == "hotseat" and not s.is_private(decision) and \
                m.bottom != decision["player"]:
            # a public decision (a Space Race reward, phase 9 tokens) is made in the open by
            # its side: seat that side at the bottom, by its own cards and the buttons (the
            # other side's hand there said it was the other side's decision)
            m.bottom = decision["player"]
            self.zones.layout_sprites()
        self.staging.bind(decision)
        if m.display["phase"] != m.shown_phase:
            self.guide.close()     # a phase's hint does not stay into the next phase
        m.shown_phase = m.display["phase"]
        self.zones.layout_sprites()
        self.chooser.rebuild()
        self.chooser.focus_main()
        self.guide.show(decision["kind"], m.shown_phase)

    def flow_over(self) -> None:
        pass                       # update() plays the ending (beats.over) from now on

    def flow_note(self, line: str) -> None:
        """A line from the other side between decisions (online: the friend's chat)."""
        self.app.log_line(line)
        self.model.sound("select")

    def flow_committed(self, decision: dict, index: int, beats: list) -> None:
        m = self.model
        # tokens a person staged are already on the cards: do not fly them in again
        self.beats.no_fly = decision["player"] if (decision["kind"] == "tokens" and
                                                   self.flow.phase == HUMAN) else None
        m.sound("click")
        self.staging.unbind()
        m.buttons = []
        self.chooser.set_items()
        m.focus.visible = False    # nothing stays highlighted for the next Enter

    def flow_changed(self) -> None:
        """An undo replaced the state: nothing staged, nothing still playing."""
        m = self.model
        s = self.session
        self.beats.drop()
        self.staging.unbind()
        m.buttons = []
        m.display = s.state
        m.shown_phase = m.display["phase"]
        self.guide.close()         # a guide hint belongs to the moment that was undone
        self.app.log_line(str(s.log[-1]))
        m.sound("select")
        self.app.toast("Decision taken back.")
        if s.last_error:
            self.app.toast(s.last_error)
            s.last_error = ""
        self.zones.layout_sprites()
        self.chooser.set_items()

    # ---- acting through the flow ----------------------------------------------------------
    def commit(self, index: int) -> None:
        """Commit option ``index`` of the decision a person answers (the session's LookRule
        makes the screen public); a refusal is said in one sentence."""
        self.flow.commit(index)
        self._say_error()

    def _say_error(self):
        if self.flow.error:
            self.app.toast(self.flow.error)
            self.flow.error = ""

    def undo_decision(self):
        """Take back the newest decision of the side deciding now (while the beats play or the
        computer thinks: the newest human decision) through the flow."""
        if self.flow.phase not in (HUMAN, BEATS, THINKING) or \
                not self.flow.undo(drop_beats=True):
            return self.chooser.deny(NO_UNDO)
