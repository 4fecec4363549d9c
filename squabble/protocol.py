"""``squabble engine``: the JSON Lines protocol of docs/engine-protocol.md.

One request per input line, one response per output line, flushed.  A bad line never changes the
current game and never ends the process: whatever bytes a line holds, it gets exactly one answer.

Limits (documented in docs/engine-protocol.md):
  * a line is at most MAX_LINE_BYTES bytes (longer lines are read to their end and refused);
  * a line must be UTF-8; bad bytes are answered with an error naming the first bad byte;
  * a JSON integer has at most MAX_INT_DIGITS digits; NaN and infinite numbers are refused;
  * at most MAX_DICE forced die rolls may wait in the queue (Twilight Squabble rolls none);
  * an error quotes at most EXCERPT characters of what it refers to, and is itself at most
    MAX_ERROR characters long.
"""

from __future__ import annotations

import copy
import io
import json
import math
import random
import secrets
import sys

from squabble import turn
from squabble.games import registry
from squabble.games.logline import text_lines

MAX_LINE_BYTES = 4 * 1024 * 1024
MAX_INT_DIGITS = 100
MAX_DICE = 1000
EXCERPT = 40
MAX_ERROR = 400


def excerpt(value, limit: int = EXCERPT) -> str:
    """A short, cut quotation of ``value`` for an error message (never the whole request)."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit + 8]
        cut = True
    else:
        cut = False
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails or recurses too deeply
        text = f"<{type(value).__name__}>"
    if cut or len(text) > limit:
        text = text[:limit] + "..."
    return text


class _RefusedNumber(ValueError):
    pass


def _parse_int(text: str) -> int:
    digits = len(text) - (1 if text[:1] == "-" else 0)
    if digits > MAX_INT_DIGITS:
        raise _RefusedNumber(f"A number in the line has {digits} digits; "
                             f"at most {MAX_INT_DIGITS} are accepted.")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _RefusedNumber(f"The number {excerpt(text)} is too large.")
    return value


def _parse_constant(name: str):
    raise _RefusedNumber(f"{name} is not a number JSON allows.")


def parse_request(line: str):
    """The JSON value of one line, refusing numbers no request needs (huge integers, NaN,
    infinities).  Raises ProtocolError with a one-sentence reason."""
    try:
        return json.loads(line, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except _RefusedNumber as e:
        raise ProtocolError(str(e)) from None
    except RecursionError:
        raise ProtocolError("The line is nested too deeply to be a request.") from None
    except json.JSONDecodeError as e:
        raise ProtocolError(f"The line is not valid JSON ({e.msg} at character {e.pos}).") \
            from None
    except (ValueError, MemoryError) as e:
        raise ProtocolError(f"The line is not valid JSON ({type(e).__name__}).") from None


class ProtocolError(Exception):
    pass


class InputFailed(Exception):
    """Standard input cannot be read (an input/output error): ``serve`` stops; its message is
    the reason in a few words."""


def load_state(state):
    """(game adapter, the loaded state) for ``load``: the protocol's own limits, then the
    engine's full check (a copy is returned; a null or absent 'pending' is derived).  Raises
    ProtocolError with the one-sentence answer naming the first problem."""
    if not isinstance(state, dict):
        raise ProtocolError("'state' must be a JSON object.")
    name = state.get("game")
    if not isinstance(name, str) or name not in registry.GAMES:
        raise ProtocolError("The state's 'game' must be \"squabble\" or \"struggle\".")
    dice = state.get("dice")
    if isinstance(dice, list):   # the protocol's own limits; the engines check the values
        if name == "squabble" and dice:
            raise ProtocolError("Twilight Squabble rolls no dice, so its 'dice' must be empty.")
        if len(dice) > MAX_DICE:
            raise ProtocolError(f"'dice' holds {len(dice)} rolls; at most {MAX_DICE} may wait "
                                f"in the queue.")
    game = registry.get(name)
    try:
        loaded = game.load(state)
    except ValueError as e:
        raise ProtocolError(f"Inconsistent state: {e}") from None
    return game, loaded


def load_problem(state) -> str | None:
    """None if ``load`` accepts ``state``, else the one-sentence answer naming the first
    problem.  The window's saves are checked with this too (squabble.ui.savegame)."""
    try:
        load_state(state)
    except ProtocolError as e:
        return str(e)
    return None


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


SIDES = ("USA", "USSR")
OPPONENT_LEVELS = ("random", "easy", "normal", "hard", "expert")   # expert: Struggle only
SEAT_REFUSED = ("state", "load", "dice")


def seen_decision(decision, side: str):
    """The DECISION as ``side`` may see it: its own whole; the other side's with its player, kind
    and prompt only (``"options": []``: what the other side may choose can tell its cards)."""
    if decision is None or decision.get("player") == side:
        return decision
    out = {"player": decision["player"], "prompt": decision.get("prompt", ""), "options": []}
    if "kind" in decision:
        out["kind"] = decision["kind"]
    return out


class Session:
    """The engine's one current game and the handling of one request at a time.

    With ``seat`` ("USA" or "USSR": ``squabble engine --seat``) the process is that side's
    seat: every answer holds only what the seat may see (``view``), ``state``, ``load`` and
    ``dice`` are refused, ``act`` answers only the seat's decisions, and the other side is the
    computer player of the level ``new`` names (``"opponent"``), which moves before each answer
    until the seat decides or the game ends.

    A seat can neither choose nor learn the randomness (issue 52): ``new`` refuses a ``seed``;
    the game's seed is the rulebook's secret seed (``turn.secret_seed``, as the server's) and
    the computer's seed for each of its decisions is drawn from the same source, ``secret_bits``
    (the operating system's cryptographic generator, ``secrets.randbits``; a test passes a
    seeded one); neither is sent, and the seat is shown only ``turn.seat_view``."""

    def __init__(self, seat: str | None = None, *, secret_bits=None):
        self.game = None      # registry adapter
        self.state = None
        self.last_cmd = None  # the command of the last request that named a known one
        self.seat = seat
        self.opponent = "normal"
        self.secret_bits = secret_bits or secrets.randbits

    # -- helpers -------------------------------------------------------------------------------
    def _need_game(self):
        if self.state is None:
            raise ProtocolError("No game is loaded: send a 'new' or 'load' request first.")

    def _snapshot(self, extra=None):
        if self.seat is not None:
            out = self._seen(self.seat)
        else:
            out = {"ok": True, "state": self.game.protocol_state(self.state),
                   "decision": self.game.decision(self.state)}
        if extra:
            out.update(extra)
        return out

    def _seen(self, side: str) -> dict:
        return {"ok": True, "state": turn.seat_view(self.game, self.state, side),
                "decision": seen_decision(self.game.decision(self.state), side)}

    def _opponent_moves(self) -> list:
        """Seated: the computer plays the other side until the seat decides or the game ends;
        the text lines of what it did (its log)."""
        lines: list = []
        while self.seat is not None:
            d = self.game.decision(self.state)
            if d is None or d["player"] == self.seat:
                break
            seed = self.secret_bits(63)
            if self.opponent == "random" or len(d["options"]) == 1:
                index = random.Random(seed).randrange(len(d["options"]))
            else:
                from squabble.ai import choose
                index = choose(self.game.name, self.state, self.opponent, seed)
            self.state, log, _ = turn.apply(self.game, self.state, index, decision=d)
            lines.extend(text_lines(log))
        return lines

    def _refusal(self, e: ValueError) -> ProtocolError:
        """The rulebook's sentence, said by this engine (a seat names itself)."""
        text = str(e)
        if self.seat is not None and text.startswith("The decision pending"):
            text = f"This engine is the {self.seat}'s seat: t" + text[1:]
        return ProtocolError(text)

    def _seated_refusal(self, cmd: str) -> str:
        return (f"This engine is the {self.seat}'s seat: {cmd!r} is refused, since it would "
                f"show or change what the {self.seat} may not see; use 'view' and 'act'.")

    @staticmethod
    def _game_of(req, key="game"):
        name = req.get(key)
        if not isinstance(name, str) or name not in registry.GAMES:
            raise ProtocolError(f"'{key}' must be \"squabble\" or \"struggle\" "
                                f"(got {excerpt(name)}).")
        return name

    @staticmethod
    def _adapter(name):
        return registry.get(name)

    # -- commands ------------------------------------------------------------------------------
    def cmd_new(self, req):
        name = self._game_of(req)
        if self.seat is not None:
            if "seed" in req:
                raise ProtocolError(f"This engine is the {self.seat}'s seat: the game's seed is "
                                    f"drawn in secret, so 'seed' is refused; send 'new' without "
                                    f"it.")
            seed = turn.secret_seed(self.secret_bits)
        else:
            seed = req.get("seed", 0)
        if not _is_int(seed):
            raise ProtocolError("'seed' must be an integer.")
        options = req.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ProtocolError("'options' must be an object.")
        opponent = req.get("opponent", "normal")
        if self.seat is not None:
            if opponent not in OPPONENT_LEVELS or (opponent == "expert" and name != "struggle"):
                raise ProtocolError("'opponent' must be \"random\", \"easy\", \"normal\" or "
                                    "\"hard\" (or \"expert\" in Twilight Struggle).")
            if opponent != "random":
                try:
                    import squabble.ai  # noqa: F401
                except ImportError:
                    raise ProtocolError("The computer player is not available in this build: "
                                        "play the seat against the \"random\" opponent.") \
                        from None
        game = self._adapter(name)
        try:
            state = game.new(seed, options)
        except ValueError as e:
            raise ProtocolError(str(e)) from None
        self.game, self.state = game, state
        self.opponent = opponent
        lines = self._opponent_moves()
        return self._snapshot({"log": lines} if self.seat is not None else None)

    def cmd_view(self, req):
        self._need_game()
        side = req.get("side", self.seat)
        if side not in SIDES:
            raise ProtocolError(f"'side' must be \"USA\" or \"USSR\" (got {excerpt(side)}).")
        if self.seat is not None and side != self.seat:
            raise ProtocolError(f"This engine is the {self.seat}'s seat: it shows only the "
                                f"{self.seat}'s view.")
        return self._seen(side)

    def cmd_state(self, req):
        self._need_game()
        return self._snapshot()

    def cmd_load(self, req):
        state = req.get("state")
        if not isinstance(state, dict):
            raise ProtocolError("'state' must be a JSON object.")
        self.game, self.state = load_state(state)
        return self._snapshot()

    def cmd_act(self, req):
        self._need_game()
        index = req.get("index")
        if not _is_int(index):
            raise ProtocolError("'index' must be an integer.")
        try:   # the rulebook of a turn (squabble/turn.py) checks and applies it
            state, log, _ = turn.apply(self.game, self.state, index, side=self.seat)
        except ValueError as e:
            raise self._refusal(e) from None
        self.state = state
        # the log's text lines only: markers (kind and data without text) are for scenes, and
        # no log data crosses the protocol
        lines = text_lines(log) + self._opponent_moves()
        return self._snapshot({"log": lines})

    def cmd_dice(self, req):
        self._need_game()
        if self.game.name == "squabble":
            raise ProtocolError("Twilight Squabble rolls no dice: 'dice' is for Twilight "
                                "Struggle.")
        rolls = req.get("rolls")
        if not isinstance(rolls, list) or not all(_is_int(r) and 1 <= r <= 6 for r in rolls):
            raise ProtocolError("'rolls' must be a list of die results from 1 to 6.")
        queued = len(self.state["dice"])
        if queued + len(rolls) > MAX_DICE:
            raise ProtocolError(f"At most {MAX_DICE} die rolls may wait in the queue: "
                                f"{queued} already wait and {len(rolls)} were sent.")
        self.state["dice"].extend(rolls)
        return {"ok": True}

    def cmd_info(self, req):
        name = self._game_of(req)
        game = self._adapter(name)
        out = {"ok": True}
        out.update(game.info())
        return out

    def cmd_ai(self, req):
        self._need_game()
        level = req.get("level", "normal")
        if level not in ("easy", "normal", "hard", "greedy", "expert"):   # greedy, expert:
            raise ProtocolError("'level' must be \"easy\", \"normal\" or \"hard\" (or "
                                "\"expert\" in Twilight Struggle).")   # Twilight Struggle only
        seed = req.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ProtocolError("'seed' must be an integer.")
        try:
            turn.pending(self.game, self.state, self.seat)
        except ValueError as e:
            raise self._refusal(e) from None
        try:
            from squabble.ai import choose
        except ImportError:
            raise ProtocolError("The computer player is not available in this build.") from None
        try:
            index = choose(self.game.name, self.state, level, seed)
        except ValueError as e:
            raise ProtocolError(str(e)) from None
        return {"ok": True, "index": index}

    def cmd_quit(self, req):
        return {"ok": True}

    COMMANDS = ("new", "state", "load", "act", "dice", "info", "ai", "quit", "view")

    def handle_line(self, line: str) -> dict:
        """One request line (text) -> one answer (a dict that json.dumps can always write)."""
        try:
            req = parse_request(line)
        except ProtocolError as e:
            return _error(str(e))
        if not isinstance(req, dict):
            return _error("A request must be a JSON object.")
        cmd = req.get("cmd")
        self.last_cmd = None
        if not isinstance(cmd, str) or cmd not in self.COMMANDS:
            return _error(f"Unknown command {excerpt(cmd)}: use one of "
                          + ", ".join(self.COMMANDS) + ".")
        self.last_cmd = cmd
        if self.seat is not None and cmd in SEAT_REFUSED:
            return _error(self._seated_refusal(cmd))
        # commands never change a state in place before every check has passed
        saved = (self.game, self.state, self.opponent)
        try:
            out = getattr(self, "cmd_" + cmd)(req)
            # the answer must be writable as strict JSON; if not, nothing changes
            json.dumps(out, allow_nan=False)
            return out
        except ProtocolError as e:
            self.game, self.state, self.opponent = saved
            return _error(str(e))
        except Exception as e:  # never die on a request: report and keep the game untouched
            self.game, self.state, self.opponent = saved
            if self.seat is not None:   # the message could quote what the seat may not see
                return _error(f"Internal error while handling {cmd!r} ({type(e).__name__}).")
            return _error(f"Internal error while handling {cmd!r}: {type(e).__name__}: "
                          f"{excerpt(str(e), 120)}")

    def handle_bytes(self, raw: bytes) -> dict:
        """One request line as bytes: decoded as UTF-8 here, so bad bytes get an answer."""
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            return _error(f"The line is not valid UTF-8 (byte 0x{raw[e.start]:02x} at position "
                          f"{e.start}).")
        return self.handle_line(line)


def _error(message: str) -> dict:
    if len(message) > MAX_ERROR:
        message = message[:MAX_ERROR - 20] + "... (cut)."
    return {"ok": False, "error": message}


def _read_line(stream, limit: int):
    """(bytes of one line, too_long) or (None, False) at the end of input.  A line longer than
    ``limit`` is read to its end (so the next line is found) but not kept."""
    chunk = stream.readline(limit + 1)
    if not chunk:
        return None, False
    if isinstance(chunk, str):
        chunk = chunk.encode("utf-8", "surrogateescape")
    if len(chunk) <= limit or chunk.endswith(b"\n"):
        return chunk, False
    while True:  # skip the rest of the over-long line, a bounded piece at a time
        rest = stream.readline(limit)
        if not rest or (rest.endswith("\n") if isinstance(rest, str) else rest.endswith(b"\n")):
            return b"", True


def serve(stdin=None, stdout=None, max_line: int = MAX_LINE_BYTES,
          seat: str | None = None) -> int:
    """Answer requests until ``quit`` or the end of input.  Reads bytes (``stdin.buffer`` when
    there is one) so that no locale or encoding can end the process.  An answer that cannot be
    written raises the ``OSError``; input that cannot be read raises ``InputFailed``."""
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    source = getattr(stdin, "buffer", stdin)
    sink = getattr(stdout, "buffer", stdout)
    session = Session(seat)
    while True:
        try:
            raw, too_long = _read_line(source, max_line)
        except OSError as e:
            raise InputFailed(e.strerror or type(e).__name__) from None
        if raw is None:
            return 0
        if too_long:
            resp = _error(f"The line is longer than {max_line} bytes; it was not read.")
        elif not raw.strip():
            continue  # blank lines carry no request and get no answer
        else:
            resp = session.handle_bytes(raw)
        try:
            text = json.dumps(resp, separators=(",", ":"), allow_nan=False)
        except (ValueError, TypeError, RecursionError) as e:
            text = json.dumps(_error(f"The answer could not be written ({type(e).__name__})."))
        data = text + "\n"
        sink.write(data.encode("ascii") if _wants_bytes(sink) else data)
        sink.flush()
        if resp.get("ok") and session.last_cmd == "quit":
            return 0


def _wants_bytes(stream) -> bool:
    return not isinstance(stream, io.TextIOBase)
