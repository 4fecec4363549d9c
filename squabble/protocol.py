"""``squabble engine``: the JSON Lines protocol of docs/engine-protocol.md.

One request per input line, one response per output line, flushed.  A bad line never changes the
current game and never ends the process.
"""

from __future__ import annotations

import copy
import json
import sys

from squabble.games import registry


class ProtocolError(Exception):
    pass


class Session:
    """The engine's one current game and the handling of one request at a time."""

    def __init__(self):
        self.game = None      # registry adapter
        self.state = None

    # -- helpers -------------------------------------------------------------------------------
    def _need_game(self):
        if self.state is None:
            raise ProtocolError("No game is loaded: send a 'new' or 'load' request first.")

    def _snapshot(self, extra=None):
        out = {"ok": True, "state": self.state, "decision": self.game.decision(self.state)}
        if extra:
            out.update(extra)
        return out

    @staticmethod
    def _game_of(req, key="game"):
        name = req.get(key)
        if name not in registry.GAMES:
            raise ProtocolError(f"'{key}' must be \"squabble\" or \"struggle\".")
        return name

    def _adapter(self, name, options=None):
        test_setup = bool((options or {}).get("test_setup", False)) if name == "struggle" else False
        try:
            return registry.get(name, test_setup=test_setup)
        except registry.GameUnavailable as e:
            raise ProtocolError(str(e)) from None

    # -- commands ------------------------------------------------------------------------------
    def cmd_new(self, req):
        name = self._game_of(req)
        seed = req.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ProtocolError("'seed' must be an integer.")
        options = req.get("options", {})
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ProtocolError("'options' must be an object.")
        game = self._adapter(name, options)
        opts = {k: v for k, v in options.items() if k != "test_setup"}
        try:
            state = game.new(seed, opts)
        except ValueError as e:
            raise ProtocolError(str(e)) from None
        self.game, self.state = game, state
        return self._snapshot()

    def cmd_state(self, req):
        self._need_game()
        return self._snapshot()

    def cmd_load(self, req):
        state = req.get("state")
        if not isinstance(state, dict):
            raise ProtocolError("'state' must be a JSON object.")
        name = state.get("game")
        if name not in registry.GAMES:
            raise ProtocolError("The state's 'game' must be \"squabble\" or \"struggle\".")
        game = self._adapter(name, {"test_setup": True})
        try:
            loaded = game.load(state)  # a copy; a null or absent 'pending' is derived
        except ValueError as e:
            raise ProtocolError(f"Inconsistent state: {e}") from None
        self.game, self.state = game, loaded
        return self._snapshot()

    def cmd_act(self, req):
        self._need_game()
        index = req.get("index")
        if isinstance(index, bool) or not isinstance(index, int):
            raise ProtocolError("'index' must be an integer.")
        try:
            state, log = self.game.apply(self.state, index)
        except ValueError as e:
            raise ProtocolError(str(e)) from None
        self.state = state
        return self._snapshot({"log": log})

    def cmd_dice(self, req):
        self._need_game()
        rolls = req.get("rolls")
        if not isinstance(rolls, list) or not all(
                isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 6 for r in rolls):
            raise ProtocolError("'rolls' must be a list of die results from 1 to 6.")
        self.state["dice"].extend(rolls)
        return {"ok": True}

    def cmd_info(self, req):
        name = self._game_of(req)
        game = self._adapter(name, {"test_setup": True})
        out = {"ok": True}
        out.update(game.info())
        return out

    def cmd_ai(self, req):
        self._need_game()
        level = req.get("level", "normal")
        if level not in ("easy", "normal", "hard"):
            raise ProtocolError("'level' must be \"easy\", \"normal\" or \"hard\".")
        seed = req.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ProtocolError("'seed' must be an integer.")
        if self.game.decision(self.state) is None:
            raise ProtocolError("The game is over: there is no decision to make.")
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

    COMMANDS = ("new", "state", "load", "act", "dice", "info", "ai", "quit")

    def handle_line(self, line: str) -> dict:
        try:
            req = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            return {"ok": False, "error": "The line is not valid JSON."}
        if not isinstance(req, dict):
            return {"ok": False, "error": "A request must be a JSON object."}
        cmd = req.get("cmd")
        if cmd not in self.COMMANDS:
            return {"ok": False, "error": f"Unknown command {cmd!r}: use one of "
                                          + ", ".join(self.COMMANDS) + "."}
        saved = (self.game, self.state)
        try:
            return getattr(self, "cmd_" + cmd)(req)
        except ProtocolError as e:
            self.game, self.state = saved
            return {"ok": False, "error": str(e)}
        except Exception as e:  # never die on a request: report and keep the game untouched
            self.game, self.state = saved
            return {"ok": False, "error": f"Internal error while handling {cmd!r}: "
                                          f"{type(e).__name__}: {e}"}


def serve(stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    session = Session()
    for line in stdin:
        if not line.strip():
            continue
        resp = session.handle_line(line)
        stdout.write(json.dumps(resp, separators=(",", ":")) + "\n")
        stdout.flush()
        if resp.get("ok") and line.strip().startswith("{") and _is_quit(line):
            return 0
    return 0


def _is_quit(line: str) -> bool:
    try:
        return json.loads(line).get("cmd") == "quit"
    except (ValueError, AttributeError):
        return False
