"""What the Squabble table shows right now: the displayed state, the card sprites, the tokens in
flight, the phase banner, the big moment, the shake, the focus and the widgets, and who may look.

The table's parts (zones, choose, explain, beats, drawing, hand) receive one ``TableModel``
explicitly; none of them keeps a copy of what is here.  The decision flow (``TurnFlow``) is the
framework's; the model only asks it what a person is deciding now and who may look."""

from __future__ import annotations

from squabble.framework.cards import CardSprite
from squabble.framework.focus import FocusRing
from squabble.framework.tween import Stepper
from squabble.framework.turnflow import HUMAN
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, OTHER, SIDES
from squabble.ui.squabble.game import public_agents


class TableModel:
    """The table's picture state.  ``flow``: the framework's decision flow of ``session``."""

    def __init__(self, app, session, flow, demo: bool):
        self.app = app
        self.session = session
        self.flow = flow
        self.demo = demo
        st = session.state
        self.display = st                        # the state drawn now
        self.shown_phase = st["phase"]           # the phase the header and turn order show
        self.bottom = session.setup["human"] if session.mode != "demo" else "USSR"
        self.sprites: dict[str, CardSprite] = {}
        self.flights: list[dict] = []            # tokens sliding between tray, cards, supply
        self.banner = None                       # [text, colour, t, length]
        self.moment = None                       # dict(kind, t, len, ...)
        self.shake = 0.0
        self.cloud_t = None
        self.t = 0.0
        self.bop = Stepper(st["bop"], 0.32)
        self.space = {s: Stepper(st["space"][s], 0.4) for s in SIDES}
        self.focus = FocusRing()
        self.items: list = []                    # focusable things (layout.Item)
        self.buttons: list = []
        self.hover: str | None = None
        self.mouse = None            # the pointer's logical position, last seen
        self.hover_event = False
        self.tip = None                          # (text, logical mouse position): hover help
        self.denied = None                       # (words, time) of the latest refusal
        self.log_scroll = 0
        self._hidden_cache = (None, None)

    # ---- settings --------------------------------------------------------------------------
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

    # ---- the flow, as the picture needs it -------------------------------------------------
    @property
    def deciding(self) -> dict | None:
        """The decision a person answers now (None while beats play, the computer thinks...)."""
        f = self.flow
        return f.deciding if f.phase == HUMAN else None

    # ---- who may look: the session's one rule ----------------------------------------------
    def hidden(self, side: str) -> set:
        """Cards hidden from ``side`` in the displayed state (cached per state object)."""
        key, val = self._hidden_cache
        if key is not self.display:
            val = {s: set(E.hidden_from(self.display, s)["cards"]) for s in SIDES}
            self._hidden_cache = (self.display, val)
        return val[side]

    def face_allowed(self, cid: str) -> bool:
        """May this card's face be drawn now?  Its owner may look (the session's one rule: in
        attract mode nobody), or the engine says the other side can see it too."""
        owner = CARDS[cid].side
        if self.flow.may_look(owner):
            return True
        if cid in public_agents(self.display):
            return True
        return cid not in self.hidden(OTHER[owner])

    def zone_of(self, cid: str) -> str:
        d = self.display
        side = CARDS[cid].side
        if cid in d["decks"][side]:
            return "deck"
        if cid in d["discards"][side]:
            return "discard"
        return "table"

    def in_flight(self, key) -> int:
        return sum(1 for f in self.flights if f["dest"] == key)

    # ---- motion from one frame to the next -------------------------------------------------
    def still(self) -> bool:
        """Nothing of the picture moves by itself (idle CPU)."""
        if self.flights or self.moment or self.banner or self.shake > 0 or \
                self.cloud_t is not None:
            return False
        if self.bop.moving or any(st.moving for st in self.space.values()):
            return False
        return not any(sp.motion.moving or sp.flip is not None for sp in self.sprites.values())

    def tokens_moving(self) -> bool:
        return self.bop.moving or any(s.moving for s in self.space.values())

    def animate(self, dt):
        for sp in self.sprites.values():
            sp.update(dt)
        if self.speed == 0:
            self.bop.set(self.display["bop"], snap=True)
            for s in SIDES:
                self.space[s].set(self.display["space"][s], snap=True)
        else:
            self.bop.step_time = 0.32 * self.speed
            self.bop.set(self.display["bop"])
            if self.bop.update(dt):
                self.sound("step")
            for s in SIDES:
                self.space[s].step_time = 0.4 * self.speed
                self.space[s].set(self.display["space"][s])
                self.space[s].update(dt)
        if self.banner:
            self.banner[2] += dt
            if self.banner[2] >= self.banner[3]:
                self.banner = None
        if self.moment:
            self.moment["t"] += dt
            if self.moment["t"] >= self.moment["len"]:
                self.moment = None
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)
        if self.flights:
            for f in self.flights:
                f["t"] += dt
            done = [f for f in self.flights if f["t"] >= f["len"]]
            if done:
                self.sound("token")
                self.flights = [f for f in self.flights if f["t"] < f["len"]]
