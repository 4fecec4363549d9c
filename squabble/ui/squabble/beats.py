"""The table's beats: each engine log line shown with its state, by its kind; tokens
flying; phase banners; the ending.

``BeatPlayer`` is the table's side of the framework's flow for beats: the flow hands it one beat
at a time (``play``) and asks whether the last one still plays (``busy``); the Squabble pacing
lives here (the words of the game's end wait for the token to arrive, the next beat waits for
the token to stop and the phase banner to leave)."""

from __future__ import annotations

from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import ERA_YEARS, SIDES
from squabble.ui import theme as T
from squabble.ui.squabble.layout import (
    BOP_X, BOT_SLOT_Y, DECK_X, PILE, RIGHT, SLOT_CARD, SPACE_X, TOP_SLOT_Y, side_row)

SUPPLY_POS = (RIGHT[0] + 150, RIGHT[1] + RIGHT[3] - 54)


def tray_pos(bottom, side, k):
    """The ``k``-th token of ``side``'s tray (``bottom``: the side seated at the bottom)."""
    sy = TOP_SLOT_Y if side_row(bottom, side) == "top" else BOT_SLOT_Y
    return (DECK_X + 62 + k * 20, sy + PILE[1] + 40)


def slot_token_pos(bottom, side, slot, k, n):
    """The ``k``-th of ``n`` tokens on ``side``'s ``slot`` card: a column beside the card (left
    of Balance of Power, right of Space Race), so tokens never cover the card's value, side or
    Counter Value."""
    sy = TOP_SLOT_Y if side_row(bottom, side) == "top" else BOT_SLOT_Y
    x = BOP_X - SLOT_CARD[0] / 2 - 14 if slot == "bop" else SPACE_X + SLOT_CARD[0] / 2 + 14
    return (x, sy + 24 + k * 24)


class BeatPlayer:
    """Shows the beats of ``model``'s table.  ``guide``: the first-game guide (a phase's hint);
    ``zones`` and ``chooser``: the cards' places and the focus items, laid out again with each
    beat's state; ``show_result()``: the result screen, once the ending was shown."""

    def __init__(self, model, guide, zones, chooser, show_result):
        self.model = model
        self.guide = guide
        self.zones = zones
        self.chooser = chooser
        self.show_result = show_result
        self.held = None               # (beat, previous state): words waiting for the motion
        self.beat_t = 0.0
        self.beat_len = 0.0
        self.just_shown = False        # a beat came this frame: it is drawn at least once
        self.no_fly = None             # a side whose staged tokens are already on its cards
        self.over_t = 0.0
        self.result_pushed = False

    # ---- the flow's view side ---------------------------------------------------------------
    def tick(self, dt):
        """A new frame: the shown beat has been on screen ``dt`` seconds longer."""
        self.beat_t += dt
        self.just_shown = False

    def play(self, beat, instant: bool):
        """Show one beat (a framework Beat: line, state, kind, data)."""
        m = self.model
        snap = beat.state
        prev = m.display
        m.display = snap
        if instant:
            m.app.log_line(beat.line)
            m.shown_phase = snap["phase"]
            return
        self.just_shown = True
        self._token_flights(prev, snap)
        self.zones.layout_sprites()
        self.chooser.set_items()
        moved = snap["bop"] != prev["bop"] or snap["space"] != prev["space"]
        if beat.kind == "end" and moved and m.speed > 0:
            # the outcome follows the motion: the token walks to the cloud (or its last space)
            # first, under the old header; the words and phase 10 come when it arrives
            self.held = (beat, prev)
            self.beat_t, self.beat_len = 0.0, 0.0
            return
        self._show_beat(beat, prev)

    def busy(self) -> bool:
        """Does the beat shown last still play?  The next waits for the token to stop and the
        phase banner to leave (at any speed but instant)."""
        m = self.model
        if self.just_shown:
            return True
        moving = m.tokens_moving()
        if self.held is not None:
            if not moving or m.speed == 0:
                self._show_beat(*self.held)
            return True
        return self.beat_t < self.beat_len or ((moving or m.banner) and m.speed > 0)

    def settle(self):
        """Every beat was shown: the table shows the session's state."""
        m = self.model
        m.display = m.session.state
        m.shown_phase = m.display["phase"]
        self.zones.layout_sprites()
        self.chooser.set_items()

    def drop(self):
        """An undo: what was still to show belongs to a decision taken back."""
        m = self.model
        self.held = None
        m.moment = m.banner = None
        m.flights = []

    def _show_beat(self, beat, prev):
        """The beat's words, header, banner, moment and sound: all at once, with the state."""
        m = self.model
        self.held = None
        line, snap = beat.line, beat.state
        m.app.log_line(line)
        if snap["phase"] != m.shown_phase:
            self.guide.close()          # a hint belongs to its moment
            self.guide.show(snap["phase"], snap["phase"])
        m.shown_phase = snap["phase"]
        length = 0.45
        if snap["phase"] != prev["phase"] or snap["era"] != prev["era"]:
            self._banner(snap)
            length += 0.7
        k = beat.kind
        data = beat.data
        if k in ("play", "replace"):
            m.sound("card")
        if k == "era":
            m.sound("card")
            length = max(length, 1.2)
        elif k == "event":
            m.moment = {"kind": "event", "t": 0.0, "len": m.dur(2.4), "line": line,
                        "event": snap["event"]}
            length = max(length, 2.4)
        elif k == "agents":
            m.moment = {"kind": "agent", "t": 0.0, "len": m.dur(2.6), "line": line,
                        "agents": dict(snap["agents"])}
            m.sound("agent")
            length = max(length, 2.6)
        elif k == "reveal":
            m.sound("flip")
            length = max(length, 0.8)
        elif k == "counter":
            who = data.get("side")
            cards = [(data.get("card"), "counter"), (data.get("target"), "cancelled")]
            cards = [(c, lab) for c, lab in cards if c]
            m.moment = {"kind": "counter", "t": 0.0, "len": m.dur(2.4), "line": line,
                        "cards": cards, "side": who}
            m.sound("counter")
            m.shake = m.dur(0.3)
            length = max(length, 2.0)
        elif k == "race":
            m.moment = {"kind": "race", "t": 0.0, "len": m.dur(2.2), "line": line,
                        "winner": data.get("winner", snap["race_winner"])}
            m.sound("rocket")
            length = max(length, 2.2)
        elif k in ("move", "shift"):
            length = max(length, 0.6)
        elif k == "end" and data.get("how") == "cloud":
            m.sound("boom")
            length = 0.3
        elif k in ("take_token", "claim"):
            m.sound("token")
        self.beat_len = m.dur(length)
        self.beat_t = 0.0

    # ---- tokens sliding ---------------------------------------------------------------------
    def _fly(self, a, b, side, dest, delay=0.0):
        m = self.model
        if m.speed == 0:
            return
        m.flights.append({"a": a, "b": b, "side": side, "dest": dest,
                          "t": -delay, "len": m.dur(0.45)})

    def _token_flights(self, prev, snap):
        bottom = self.model.bottom
        for side in SIDES:
            p_sl, n_sl = prev["slots"][side], snap["slots"][side]
            p_av, n_av = prev["tokens"][side], snap["tokens"][side]
            k = 0
            for slot in ("bop", "space"):
                a, b = p_sl[f"{slot}_tokens"], n_sl[f"{slot}_tokens"]
                for j in range(a, b if side != self.no_fly else a):  # placed: tray -> card
                    self._fly(tray_pos(bottom, side, max(0, p_av - 1 - k)),
                              slot_token_pos(bottom, side, slot, j, b), side, (side, slot),
                              delay=0.08 * k)
                    k += 1
                for j in range(b, a):           # returned: card -> supply
                    self._fly(slot_token_pos(bottom, side, slot, j, a), SUPPLY_POS, side,
                              None, delay=0.05 * (j - b))
            if n_av > p_av - k:                 # taken from the supply -> tray
                start = p_av - k
                for j in range(start, n_av):
                    self._fly(SUPPLY_POS, tray_pos(bottom, side, j), side, (side, "tray"),
                              delay=0.1 * (j - start))
            elif n_av < p_av - k:               # given back: tray -> supply (Oil Embargo)
                for j in range(n_av, p_av - k):
                    self._fly(tray_pos(bottom, side, j), SUPPLY_POS, side, None,
                              delay=0.05 * (j - n_av))

    def _banner(self, d):
        m = self.model
        if d["winner"] is not None:
            return
        txt = f"Phase {d['phase']} · {E.PHASE_NAMES[d['phase']]}"
        if d["phase"] == 1:
            txt = f"Era {d['era']} · {ERA_YEARS[d['era']]} — Phase 1 · Draw"
        m.banner = [txt, T.GOLD, 0.0, m.dur(1.3)]
        m.sound("banner")

    # ---- the end ------------------------------------------------------------------------
    def over(self, dt):
        """The game has ended: the cloud (if it came to that), then the result screen."""
        m = self.model
        res = m.session.state["result"]
        self.over_t += dt
        if res["how"] == "cloud" and m.cloud_t is None:
            m.cloud_t = 0.0
            m.sound("boom")
            m.shake = m.dur(0.8)
        if m.cloud_t is not None:
            m.cloud_t += dt
        wait = m.dur(4.0 if res["how"] == "cloud" else 1.2)
        if self.over_t >= wait and not self.result_pushed:
            self.result_pushed = True
            self.show_result()
