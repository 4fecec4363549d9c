"""A game played with a friend through a server (issue 52): the session of one window, one seat.

``RemoteSession`` gives a scene what the couch's ``Session`` gives it (the same questions: the
decision, who plays, who may look, undo), but it is no ``Session``: its state is the seat's view
as the server last sent it, and the rules of a move and an undo are the server's (the rulebook
of a turn, squabble/turn.py).  Its other side is the friend through the line: ``TurnFlow`` waits
for it as it waits for a computer thinking (``think()`` gives a ``RemoteWait``, the flow's wait:
``framework/turnflow.py``), and each update the server sends becomes the beats of the decision
it carries (its log lines, each with the seat's
view of the state at that line, ``steps``, when the update has them).  A person's decision (``apply``) is sent with its decision number and returns no
beats: the flow then waits for the server's answer the same way, and plays its beats when it
comes.  A move whose line dropped before the answer is sent again after the resume if the game
did not move on (the decision number keeps a second copy from being applied twice); a refusal
comes back as one sentence (``last_error``) and the decision is asked again.

The line itself is the caller's ``link`` (``squabble/online/link.py``: a client on a thread of
its own): ``move(decision, index)``, ``undo(decision)``, ``take()`` -> the messages received
since (each update already read and checked once, ``online/wire.py``; one that failed is an
``unreadable`` message), ``connected`` and ``reconnects``.  Nothing here knows a game: ``from_wire`` turns a view as the server sends it
into the state the game's scene draws."""

from __future__ import annotations

import time

from squabble.framework.privacy import LookRule
from squabble.framework.session import Beat, GameSides
from squabble.online.presence import AWAY, NOT_JOINED, ONLINE
from squabble.online.wire import UNREADABLE_UPDATE
from squabble.turn import NO_DECISION

RESEND_AFTER = 6.0    # seconds without an answer to a move before it is sent again (unchanged)


class RemoteWait:
    """The flow's "thinking" object while the friend (or the server's answer) is awaited: ``done``
    polls the session's line and never waits."""

    def __init__(self, session: "RemoteSession"):
        self.session = session
        self.started = time.monotonic()

    @property
    def done(self) -> bool:
        return self.session.poll()

    def least_shown(self, min_think: float) -> float:
        return 0.0    # an answer from the server is shown as soon as it comes

    def settle(self, flow) -> None:
        flow.take_arrival()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started


class RemoteSession(GameSides):
    """``update``: the server's first update of the game; ``setup`` gets ``mode`` "online" and
    ``human`` the seat.  ``from_wire(view) -> state`` (a game's own shape of a view);
    ``side_name(side)``: a side as the game's words name it in a sentence."""

    MAX_LOG = 6000
    kept_on_server = True       # nothing is saved here: leaving keeps the game on the server
    coach_allowed = False       # a game against a friend is the two players' alone

    def __init__(self, adapter, link, update: dict, setup: dict | None = None, *,
                 from_wire=None, log: list | None = None, side_name=None, lost_on_time=None):
        self.link = link
        self.lost_on_time = lost_on_time or (lambda state, winner: dict(state, winner=winner))
        self.clock_at = time.monotonic()      # when the newest update's clock was read
        self.from_wire = from_wire or (lambda v: v)
        self.side_name = side_name or (lambda side: side)
        setup = dict(setup or {})
        # a spectator (no seat) sees the table from the USA's side and decides nothing
        self.watching = update["seat"] is None
        setup.update(mode="online", human=update["seat"] or "USA")
        self.game = adapter
        self.state = self._shown_state(update)
        self.setup = setup
        self.log: list = list(log or [])
        self.decisions = 0
        self.look = LookRule()      # (one window, one seat: the seat may always look)
        self.saver = self.chooser = None
        self.last_error = ""
        self.ui: dict = {}          # what the window remembers beside the state (Session.ui)
        self.game_id = update["game_id"]
        self.seat = update["seat"]
        self.version = update["version"]
        self.update_msg = update
        self._decision = update.get("decision")
        self.log.extend(update.get("log") or [])
        self.in_flight: tuple | None = None   # (version answered, index, reconnects, time)
        self._queue: list = []                # updates received, not yet shown
        self._heard: list = []                # chat lines received, not yet shown (``heard``)
        self.chat_seen = 0                    # the number of the newest chat line shown
        self.chat_sent = 0                    # messages said and not yet seen come back
        self.chat_lines: list = []            # every chat line shown, as its log line
        self.alert = None                     # your_move() and tick(): the background window
        self.errors: list = []                # refusals the server sent (sentences)

    # -- who plays -------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return "online"

    def controller(self, side: str) -> str:
        if side == self.seat and self.in_flight is None:
            return "human"
        return "remote"

    def viewer(self) -> str | None:
        return self.seat

    def undo_side(self) -> str | None:
        return self.seat

    def sending(self) -> tuple | None:
        """(the decision, the option index) of this side's move on its way to the server (sent,
        not answered yet: the line may be down), else None.  The scene keeps showing what was
        played as sending, never back in the hand as if undone."""
        fl = self.in_flight
        d = self._decision
        if fl is None or fl[1] is None or d is None or d.get("player") != self.seat:
            return None
        return d, fl[1]

    def waiting_for_friend(self) -> bool:
        """The other side decides now (the screen says so, as for a computer thinking)."""
        d = self.decision()
        return d is not None and d["player"] != self.seat and self.in_flight is None

    @property
    def connected(self) -> bool:
        return bool(self.link.connected)

    # -- what the scene shows of the line (through the flow: framework/turnflow.py) ---------
    def line_down(self) -> bool:
        return not self.connected

    def waiting_words(self, t: float) -> str:
        """"Waiting for your friend (Russia)…" while the other side decides; "Sending your
        move…" while this side's move is on its way; "" otherwise."""
        d = self._decision
        if d is None:
            return ""
        dots = "." * (1 + int(t * 3) % 3)
        if self.in_flight is not None:
            return f"Sending your move{dots}"
        if self.watching:
            who = self.side_name(d["player"])
            who = who[:1].upper() + who[1:]
            if self.presence(d["player"]) == AWAY:
                return f"{who} is away: the game waits for them"
            return f"{who} is thinking{dots}"
        if d["player"] != self.seat:
            who = self.side_name(d["player"]).removeprefix("the ")
            here = self.presence(d["player"])
            if here == NOT_JOINED:
                return f"Waiting for your friend to join{dots}"
            if here == AWAY:
                if self.setup.get("online", {}).get("pace") == "correspondence":
                    return (f"{self.friend()} is away: the game waits for them; you will be "
                            "told when it is your move")
                return f"{self.friend()} is away: the game waits for them"
            if here == ONLINE:
                return f"{self.friend()} ({who}) is thinking{dots}"
            return f"Waiting for your friend ({who}){dots}"
        return ""

    def _joined_now(self, msg: dict) -> None:
        """The friend has just joined (the update before said not joined): a line says so."""
        if self.watching:
            return
        other = self.other(self.seat)
        new = msg.get("presence")
        if self.presence(other) == NOT_JOINED and isinstance(new, dict) and \
                new.get(other) not in (None, NOT_JOINED):
            name = new_name = (msg.get("names") or {}).get(other) \
                if isinstance(msg.get("names"), dict) else None
            self._heard.append(f"{name} has joined." if isinstance(new_name, str) and name
                               else "Your friend has joined.")

    def copy_code(self) -> str:
        """Put the game's invitation code on the clipboard; the sentence that says so."""
        code = self.update_msg.get("code")
        if not isinstance(code, str):
            return "This game has no invitation code to copy."
        try:
            import pygame
            pygame.scrap.put_text(code)
            return f"The code {code} is on the clipboard."
        except Exception:   # noqa: BLE001 - no clipboard here (a headless machine)
            return f"No clipboard here: the code is {code}."

    def name_of(self, side: str) -> str | None:
        """The display name ``side``'s player chose (None: none; online/names.py)."""
        got = self.update_msg.get("names")
        name = got.get(side) if isinstance(got, dict) else None
        return name if isinstance(name, str) and name else None

    def friend(self) -> str:
        """The friend as a sentence names them: their display name, or "Your friend"."""
        return self.name_of(self.other(self.seat or "USA")) or "Your friend"

    def presence(self, side: str) -> str | None:
        """"not_joined", "online" or "away": ``side``'s seat as the newest update says (None
        from a server that does not say)."""
        got = self.update_msg.get("presence")
        return got.get(side) if isinstance(got, dict) else None

    def seat_words(self, side: str) -> str:
        """Who plays ``side``, as the table labels it."""
        if self.watching:
            return "(watched)"
        return "(you)" if side == self.seat else "(your friend)"

    def line_note(self) -> str:
        """The strip the scene shows while the friend has not joined: the code to give them."""
        if self.watching:
            return ""
        other = self.other(self.seat)
        if self.presence(other) != NOT_JOINED:
            return ""
        code = self.update_msg.get("code")
        return f"Waiting for your friend to join — code {code}" if isinstance(code, str) else \
            "Waiting for your friend to join"

    # -- the screen: one window, one seat --------------------------------------------------
    def cover(self) -> None:
        pass        # nobody else is at this screen: nothing to hide behind a hand-off

    def lend_screen(self, side: str) -> None:
        pass

    def give_back_screen(self, side: str) -> None:
        pass

    # -- the engine's answers, from the update ---------------------------------------------------
    def decision(self) -> dict | None:
        return self._decision

    def describe(self) -> dict | None:
        d = self._decision
        if d is None:
            return None
        try:
            got = self.game.describe(self.state)
        except Exception:   # a view the engine cannot read whole: the decision's own words
            got = None
        if got is None or got.get("kind") != d.get("kind"):
            return {"kind": d.get("kind"), "context": {"side": d["player"]}}
        return got

    def is_private(self, decision=None) -> bool:
        return False    # one window, one side: nothing is private from the person at it

    def needs_handoff(self) -> str | None:
        return None

    @property
    def over(self) -> bool:
        return self.update_msg.get("winner") is not None or self._decision is None

    # -- a person's decision, sent -----------------------------------------------------------------
    def apply(self, index: int) -> list:
        d = self._decision
        if d is None:
            raise ValueError(NO_DECISION)
        if d["player"] != self.seat:
            raise ValueError("It is your friend's decision now.")
        if self.in_flight is not None:
            raise ValueError("Your move is on its way to the server.")
        if not isinstance(index, int) or not 0 <= index < len(d["options"]):
            raise ValueError(f"Bad option {index!r}.")
        self.in_flight = (self.version, index, self.link.reconnects, time.monotonic())
        self.link.move(self.version, index)
        return []

    def can_undo(self, side: str | None = None) -> bool:
        return (bool(self.update_msg.get("can_undo")) and self.in_flight is None
                and not self.over and (side is None or side == self.seat))

    def undo(self, side: str | None = None) -> bool:
        if not self.can_undo(side):
            return False
        self.in_flight = (self.version, None, self.link.reconnects, time.monotonic())
        self.link.undo(self.version)
        return True

    # -- the line ----------------------------------------------------------------------------------
    def think(self) -> RemoteWait:
        return RemoteWait(self)

    def warm_up(self) -> None:
        """The person's decision is asked (``TurnFlow._human``): a window in the background
        says so (``alert``, given by the online wing: its title and a sound)."""
        if self.alert is not None:
            self.alert.your_move()

    def poll(self) -> bool:
        """Take what the line received; True when an update (or a refusal of the move sent) is
        waiting to be shown (``arrive``)."""
        for msg in self.link.take():
            kind = msg.get("type")
            if kind in ("chat", "chat_log") and msg.get("game_id") == self.game_id:
                self._hear(msg.get("lines") if kind == "chat_log" else [msg])
            elif kind == "update" and msg.get("game_id") == self.game_id:
                if isinstance(msg.get("state"), dict) and msg.get("version") == self.version \
                        and not msg.get("log") and self.in_flight is None and not self._queue:
                    self._joined_now(msg)
                    self.update_msg = msg     # who is here changed (presence): no beats
                    self.clock_at = time.monotonic()
                elif isinstance(msg.get("state"), dict):
                    self._queue.append(msg)
                else:   # (a game's sides being bid for: no state to show)
                    self.last_error = UNREADABLE_UPDATE
            elif kind == "unreadable" and msg.get("game_id") in (self.game_id, None):
                self.last_error = msg["error"]   # kept out of the game, said once
            elif kind == "error" and self.chat_sent and self.in_flight is None:
                self.chat_sent -= 1
                self._heard.append(f"Your message was not sent: {msg.get('error', '')}")
            elif kind == "error":
                self.errors.append(msg.get("error", ""))
                if self.in_flight is not None and not self._queue:
                    self._queue.append({"type": "refused", "error": msg.get("error", "")})
        fl = self.in_flight
        if fl is not None and not self._queue and self.link.connected and \
                time.monotonic() - fl[3] > RESEND_AFTER:
            self._resend()
        return bool(self._queue)

    # -- chat (online/chat.py): a word to the friend, shown as a log line ----------------------
    def say(self, text: str) -> None:
        """Send ``text`` to the friend; it comes back as a log line (or its refusal does).  A
        spectator's is refused by the server (the window offers none)."""
        self.chat_sent += 1
        self.link.say(text)

    def _hear(self, lines) -> None:
        for line in lines if isinstance(lines, list) else []:
            if not isinstance(line, dict) or not isinstance(line.get("n"), int) or \
                    line["n"] <= self.chat_seen or not isinstance(line.get("text"), str):
                continue
            self.chat_seen = line["n"]
            mine = line.get("seat") == self.seat
            if mine and self.chat_sent:
                self.chat_sent -= 1
            who = "You" if mine else self.friend()
            if self.watching:
                named = self.name_of(str(line.get("seat")))
                side = self.side_name(str(line.get("seat")))
                self._heard.append(f"{named + ' (' + side + ')' if named else side} says: "
                                   f"{line['text']}")
                self.chat_lines.append(self._heard[-1])
                continue
            said = f"{who} ({self.side_name(str(line.get('seat'))).removeprefix('the ')}) say" \
                   f"{'' if mine else 's'}: {line['text']}"
            self._heard.append(said)
            self.chat_lines.append(said)

    listening = True

    def listen(self) -> bool:
        """Read the line while the person decides (the friend's words, who is here); True when
        the game moved on meanwhile (an update of a newer version waits: a clock fell; or one
        of the same version with lines: the friend joined and the game was dealt again with
        their value)."""
        self.poll()
        if self.alert is not None:
            self.alert.tick()
        return self.in_flight is None and any(
            m.get("type") == "update" and (m.get("version", -1) > self.version or (
                m.get("version") == self.version and m.get("log")))
            for m in self._queue)

    def heard(self) -> list:
        """The chat lines received since the last call, as log lines (each added to the log)."""
        out, self._heard = self._heard, []
        self.log.extend(out)
        return out

    def _resend(self):
        version, index, _, _ = self.in_flight
        self.in_flight = (version, index, self.link.reconnects, time.monotonic())
        if index is None:
            self.link.undo(version)
        else:
            self.link.move(version, index)

    def arrive(self) -> list:
        """Show the first update waiting: the new state, its log lines as beats (each with the
        state the update shows).  A refusal of the move sent gives no beats and ``last_error``."""
        if not self._queue:
            return []
        msg = self._queue.pop(0)
        if msg["type"] == "refused":
            if self.in_flight is not None:
                self.in_flight = None
                self.last_error = msg["error"]
            return []
        if msg["version"] < self.version:
            return []   # an old copy (a resume's update crossed a newer one)
        fl = self.in_flight
        if fl is not None and msg["version"] == fl[0]:
            if self.link.reconnects != fl[2]:
                # the line dropped before the move was answered and the game did not move on:
                # the move is sent again (the decision number makes a copy harmless)
                self._resend()
        elif fl is not None:
            self.in_flight = None
        moved = msg["version"] != self.version
        self.version = msg["version"]
        self._joined_now(msg)
        self.update_msg = msg
        self._decision = msg.get("decision")
        self.state = self._shown_state(msg)
        self.clock_at = time.monotonic()
        if moved:
            self.decisions += 1
        lines = list(msg.get("log") or [])
        self.log.extend(lines)
        if len(self.log) > self.MAX_LOG:
            del self.log[:len(self.log) - self.MAX_LOG]
        kinds = msg.get("kinds")
        if not isinstance(kinds, list) or len(kinds) != len(lines):
            kinds = [{}] * len(lines)      # (a resume's lines: text only)
        return [Beat(str(line), snap, str(k.get("kind") or "note"), dict(k.get("data") or {}))
                for line, k, snap in zip(lines, kinds, self._line_states(msg, len(lines)))]

    def _shown_state(self, msg: dict):
        """The update's state as the scene draws it; a game lost on time (its clock fell: the
        engine's state knows nothing of it) marked so by the game's own words."""
        state = self.from_wire(msg["state"])
        c = msg.get("clock")
        if isinstance(c, dict) and c.get("flagged") and msg.get("winner"):
            state = self.lost_on_time(state, msg["winner"])
        return state

    def clock_words(self) -> str:
        """The clocks as the scene shows them ("" without one): each side's time left, the
        running one counting down since the update came."""
        from squabble.online.clock import words
        c = self.update_msg.get("clock")
        if not isinstance(c, dict) or not isinstance(c.get("left"), dict):
            return ""
        out = []
        for side, left in sorted(c["left"].items()):
            if not isinstance(left, (int, float)):
                return ""
            running = side == c.get("running")
            if running:
                left -= time.monotonic() - self.clock_at
            who = side if self.watching else "You" if side == self.seat else "Friend"
            out.append(f"{who} {words(left)}{' ▸' if running else ''}")
        return "Clock: " + " · ".join(out)

    def _line_states(self, msg: dict, n: int) -> list:
        """The state at each of the update's ``n`` lines: its per-line views (``steps``: the move
        step by step, as against the computer), or the update's final state for every line when
        it has none (a resume, an undo, a move past the server's cap) or one this window cannot
        read."""
        steps = msg.get("steps")
        if isinstance(steps, list) and len(steps) == n and all(isinstance(x, dict)
                                                                for x in steps):
            try:
                return [self.from_wire(x) for x in steps]
            except Exception:   # a view the scene cannot take: the final state, said once
                self.last_error = "The server sent a step of the move this window cannot read."
        return [self.state] * n

    def hand_over_line(self):
        """The line, for the finished game's result screen (it hears the friend's rematch on
        it): ``close`` then leaves it open, and the new holder closes it."""
        self._line_handed = True
        return self.link

    def close(self) -> None:
        """The window left the game: the line is closed (the seat is kept by the caller),
        unless the result screen took it (``hand_over_line``)."""
        if not getattr(self, "_line_handed", False):
            self.link.close()
