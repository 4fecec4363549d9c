"""The Twilight Squabble table: a thin scene on the framework's session.

``framework.session.Session`` (built by ``ui/squabble/game.py``) owns the game: the computer's
worker thread, the beats of each decision, the autosave, undo like Board Game Arena and the
LookRule of couch play.  This scene runs the flow (await, hand-off, a person's turn, beats) and
mixes in its parts from ``squabble/ui/squabble/``: zones (where cards go), choose (the
framework's ChoiceSet as lit cards and buttons), hand (input), explain (tooltips and previews),
beats, drawing, moments and guide."""

from __future__ import annotations

from squabble.framework.cards import CardSprite
from squabble.framework.focus import FocusRing
from squabble.framework.handoff import HandOffScene
from squabble.framework.scene import Scene
from squabble.framework.session import Beat, Session
from squabble.framework.tween import Stepper
from squabble.framework.widgets import Button
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, EVENTS, OTHER, SIDES
from squabble.ui import couch_prefs
from squabble.ui import theme as T
from squabble.ui.squabble import faces as F
from squabble.ui.squabble.beats import BeatsMixin
from squabble.ui.squabble.choose import ChooseMixin
from squabble.ui.squabble.drawing import DrawMixin
from squabble.ui.squabble.explain import ExplainMixin
from squabble.ui.squabble.game import public_agents
from squabble.ui.squabble.guide import GUIDE, GUIDE_RECT, GuideMixin  # noqa: F401
from squabble.ui.squabble.hand import HandMixin
from squabble.ui.squabble.layout import *  # noqa: F401,F403  (the table's names, as before)
from squabble.ui.squabble.layout import RIGHT, Item  # noqa: F401
from squabble.ui.squabble.moments import MomentsMixin
from squabble.ui.squabble.zones import ZonesMixin


class TableScene(DrawMixin, MomentsMixin, ZonesMixin, ChooseMixin, HandMixin, ExplainMixin,
                 BeatsMixin, GuideMixin, Scene):
    """The Squabble table on the framework's session.  The session decides, thinks, saves and
    undoes; this scene shows (beats), lets a person choose (choose: the framework's ChoiceSet;
    hand: keys, pads, mouse), explains (explain), draws (drawing) and teaches (guide)."""
    name = "table"

    def __init__(self, app, session: Session, demo: bool = False):
        super().__init__(app)
        self.session = session
        self.demo = demo or session.mode == "demo"
        st = session.state
        self.display = st                         # the state drawn now
        self.beats: list = []
        self.beat_t = 0.0
        self.beat_len = 0.0
        self.mode = "await"                       # await | beats | human | thinking | handoff | over
        self.bottom = session.setup["human"] if session.mode != "demo" else "USSR"
        self._dec = None                          # the decision a person is answering
        self.sprites: dict[str, CardSprite] = {}
        self.focus = FocusRing()
        self.items: list[Item] = []
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.hover_event = False
        self.flights: list[dict] = []             # tokens sliding between tray, cards, supply
        self._no_fly = None
        self.zoom_key: tuple | None = None
        self.banner = None                        # (text, colour, t, length)
        self.moment = None                        # dict(kind, t, len, ...)
        self.thinker = None
        self.think_wait = 0.0
        self.t = 0.0
        self.bop = Stepper(st["bop"], 0.32)
        self.space = {s: Stepper(st["space"][s], 0.4) for s in SIDES}
        self.last_private = None
        self.last_decider = None                  # the side whose decision was committed last
        self.log_scroll = 0
        self.cloud_t = None
        self.shake = 0.0
        self.result_pushed = False
        self.held = None                          # a beat whose words wait for its motion
        self.guide = (not self.demo) and couch_prefs.guide_on()
        self.guide_seen: set = set()
        self.hint = None                          # (title, text) of the guide, or None
        self.tip = None                           # (text, logical mouse position): hover help
        self.shown_phase = st["phase"]            # the phase the header and turn order show
        self.demo_restart = None
        self._hidden_cache = (None, None)
        self._layers: dict = {}
        self._layout_sprites(snap=True)
        self._items()
        self._first_event()

    def _first_event(self):
        """Era 1's Event is revealed while the game is set up (no decision logs it): give it the
        same public NEW EVENT moment later eras get, before the first hand-off."""
        st = self.session.state
        if self.demo or not st["event"] or st["era"] != 1 or st["step"] != "play" or \
                any(st["slots"][s]["bop"] for s in SIDES) or len(st["todo"]) != 2:
            return
        ev = EVENTS[st["event"]]
        self.beats = [Beat(f"Event revealed: {ev.name} ({ev.year}). {ev.text}", st, "event",
                           {"event": st["event"]})]
        self.mode = "beats"

    # ---- helpers ---------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return self.app.settings.speed

    def dur(self, base: float) -> float:
        return base * self.speed

    @property
    def cb(self) -> bool:
        return self.app.settings.colour_blind

    def sound(self, name):
        self.app.sounds.play(name)

    def hidden(self, side: str) -> set:
        """Cards hidden from ``side`` in the displayed state (cached per state object)."""
        key, val = self._hidden_cache
        if key is not self.display:
            val = {s: set(E.hidden_from(self.display, s)["cards"]) for s in SIDES}
            self._hidden_cache = (self.display, val)
        return val[side]

    @property
    def viewer(self) -> str | None:
        """The side that may look at its secrets right now (the session's LookRule)."""
        return self.session.viewer()

    def may_look(self, side: str) -> bool:
        """May ``side``'s secrets be on screen?  Against the computer the one person's own
        always; on one couch the session's LookRule decides."""
        s = self.session
        if s.mode == "demo":
            return True
        if s.mode == "computer":
            return side == s.setup["human"]
        return s.look.may_look(side)

    def face_allowed(self, cid: str) -> bool:
        """May this card's face be drawn now?  Its owner may look (the session's one rule), or
        the engine says the other side can see it too."""
        if self.demo:
            return True
        owner = CARDS[cid].side
        if self.may_look(owner):
            return True
        if cid in public_agents(self.display):
            return True
        return cid not in self.hidden(OTHER[owner])

    @property
    def deciding(self) -> dict | None:
        """The decision a person answers now (None while beats play, the computer thinks...)."""
        return self._dec if self.mode == "human" else None

    # ---- flow -----------------------------------------------------------------------------
    def on_enter(self):
        self.app.sounds.update_music()

    def update(self, dt):
        self.t += dt
        if self.app.stack.top is not self:
            # covered by a menu, the rules or the hand-off: the game waits (a computer player
            # may keep thinking on its thread; its move is shown once the table is back)
            return
        self._animate(dt)
        if self.mode == "beats":
            self.beat_t += dt
            busy = self.bop.moving or any(s.moving for s in self.space.values())
            if self.held is not None:
                if not busy or self.speed == 0:
                    self._show_beat(*self.held)
            # the next beat waits for the token to stop and the phase banner to leave
            elif self.beat_t >= self.beat_len and not ((busy or self.banner) and self.speed > 0):
                self._next_beat()
        elif self.mode == "await":
            self._await()
        elif self.mode == "thinking":
            self.think_wait += dt
            if self.thinker.done and self.think_wait >= self.dur(0.55):
                idx = self.thinker.result
                self.thinker = None
                self._commit(idx)
        elif self.mode == "over":
            self._over(dt)

    def picture_key(self) -> tuple:
        """What the picture shows, in short: when it differs from the last drawn one, the table
        is drawn again even with nothing in motion (a change made by update() alone, with no
        key pressed, must not wait on screen for the next key)."""
        return (self.mode, id(self.display), self.shown_phase, self.hint, self.tip,
                tuple((b.name, b.enabled, b.label) for b in self.buttons), self.focus.visible,
                self.focus.index, id(self._dec))

    def toast_area(self) -> tuple:
        """Toasts stay left of the right-hand column (turn order and log), which they covered."""
        return (0, 0, RIGHT[0] - 4, 720)

    def animating(self) -> bool:
        """Only a table waiting on a person, with nothing in motion, is still (idle CPU)."""
        if self.mode == "handoff":
            return False            # the opaque hand-off screen covers the table
        if self.picture_key() != getattr(self, "_drawn_key", None):
            return True
        if self.mode != "human":
            return True             # beats, the computer thinking, the ending
        if self.flights or self.moment or self.banner or self.shake > 0 or self.held or \
                self.cloud_t is not None:
            return True
        if self.bop.moving or any(st.moving for st in self.space.values()):
            return True
        return any(sp.motion.moving or sp.flip is not None for sp in self.sprites.values())

    def _await(self):
        s = self.session
        dec = s.decision()
        if dec is None:
            self.mode = "over"
            self.over_t = 0.0
            return
        side = dec["player"]
        if s.controller(side) == "computer":
            self.thinker = s.think()
            self.think_wait = 0.0
            self.mode = "thinking"
            return
        # a human decides: every private decision in hot-seat play starts with a hand-off
        if s.needs_handoff() is not None:
            self._hand_off(side)
            return
        self._start_human()

    def _hand_off(self, side):
        self.mode = "handoff"
        name = F.NAME[side]
        other = F.NAME[OTHER[side]]

        def confirm():
            self.session.look.handoff_confirmed(side)
            self.bottom = side
            self._layout_sprites(snap=True)
            self.sound("select")
            self._start_human()

        seats = self.app.pad_seats()
        accepts = (lambda a: a.source != "pad" or seats.get(a.seat) in (None, side))
        nxt = self.session.decision()
        what = self.public_prompt(nxt) if nxt else ""
        # "again" only when the same side also made the last decision (a public decision of
        # the other side in between, e.g. a Space Race reward, makes it a real pass)
        message = (f"{name} again: {other}, please look away." if self.last_decider == side
                   else f"Pass the screen to {name}. {other}: please look away.")
        self.app.stack.push(HandOffScene(
            self.app, f"{name}'s turn", message, T.SIDE[side], confirm,
            detail=f"Next for {name}: {what}" if what else "",
            accepts=accepts, controls="Enter / Space · click the button · gamepad A · Esc menu",
            on_menu=lambda: self.app.open_pause(self)))

    def _start_human(self):
        self.mode = "human"
        dec = self._dec = self.session.decision()
        self.last_private = dec["player"]
        self.display = self.session.state
        self._bind()
        if self.display["phase"] != self.shown_phase:
            self.hint = None     # a phase's hint does not stay into the next phase
        self.shown_phase = self.display["phase"]
        self._layout_sprites()
        self._rebuild()
        self._focus_main()
        self._guide(dec["kind"])

    def _commit(self, index: int):
        s = self.session
        dec = s.decision()
        side = dec["player"]
        # tokens a person staged are already on the cards: do not fly them in again
        self._no_fly = side if (dec["kind"] == "tokens" and self.mode == "human") else None
        try:
            beats = s.apply(index)   # the session's LookRule makes the screen public
        except ValueError as e:
            self.app.toast(str(e))
            return
        if s.last_error:
            self.app.toast(s.last_error)
            s.last_error = ""
        self.last_decider = side
        self.sound("click")
        self._unbind()
        self._dec = None
        self.buttons = []
        self._items()
        self.focus.visible = False     # nothing stays highlighted for the next Enter
        self.beats = list(beats)
        self.mode = "beats"
        self.beat_t = self.beat_len = 0.0
        self._next_beat()
