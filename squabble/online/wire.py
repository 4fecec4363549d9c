"""Every online message, built and read in one place (issue 58).  docs/online.md lists them.

The server (online/server.py), the asyncio client of bots and tests (online/client.py) and the
window's line (online/link.py, framework/remote.py through it) build each message with the
function named after its ``type`` and read what arrives with ``read``: a JSON object, and an
``update`` checked once here (its fields of the types the window reads) or turned into an
``unreadable`` message with one sentence.  Nothing here knows a game or draws anything."""

from __future__ import annotations

import json

from squabble.online import PROTOCOL_VERSION

UNREADABLE_UPDATE = "The server sent an update this window cannot read."


def encode(msg: dict) -> str:
    return json.dumps(msg)


# -- what a client sends --------------------------------------------------------------------------

def hello() -> dict:
    return {"type": "hello", "version": PROTOCOL_VERSION}


def create(game: str, options: dict | None = None, side: str = "random",
           pace: str = "live", clock: dict | None = None, name: str | None = None) -> dict:
    msg = {"type": "create", "game": game, "options": options or {}, "side": side,
           "pace": pace}
    if clock is not None:     # (online/clock.py) none, live or correspondence
        msg["clock"] = clock
    if name:                  # (online/names.py) what the friend sees this player called
        msg["name"] = name
    return msg


def join(code: str, name: str | None = None) -> dict:
    return {"type": "join", "code": code, **({"name": name} if name else {})}


def resume(game_id: str, credential: str, seen: int = 0) -> dict:
    return {"type": "resume", "game_id": game_id, "credential": credential, "seen": seen}


def watch(code: str) -> dict:
    return {"type": "watch", "code": code}


def move(decision: int, index: int) -> dict:
    """Option ``index`` of decision number ``decision`` (a copy sent twice is refused by the
    server, never applied twice)."""
    return {"type": "move", "decision": decision, "index": index}


def undo(decision: int) -> dict:
    return {"type": "undo", "decision": decision}


def rematch() -> dict:
    return {"type": "rematch"}


def bid(side: str | None, number: int) -> dict:
    return {"type": "bid", "side": side, "number": number}


def ping() -> dict:
    return {"type": "ping"}


def webhook(url: str | None) -> dict:
    """The address the server posts "your move" to while no window of this seat is open
    (None: none)."""
    return {"type": "webhook", "url": url}


def webhook_kept(game_id: str, seat: str, url: str | None) -> dict:
    return {"type": "webhook_kept", "game_id": game_id, "seat": seat, "url": url}


def chat(text: str) -> dict:
    """A word to the friend (a seat only; online/chat.py)."""
    return {"type": "chat", "text": text}


# -- what the server sends ------------------------------------------------------------------------

def welcome(server: str) -> dict:
    return {"type": "welcome", "version": PROTOCOL_VERSION, "server": server}


def error(sentence: str) -> dict:
    return {"type": "error", "error": sentence}


def pong() -> dict:
    return {"type": "pong"}


def ack(decision: int) -> dict:
    return {"type": "ack", "decision": decision}


def created(game_id: str, code: str, seat: str, credential: str) -> dict:
    return {"type": "created", "game_id": game_id, "code": code, "seat": seat,
            "credential": credential}


def joined(game_id: str, seat: str, credential: str) -> dict:
    return {"type": "joined", "game_id": game_id, "seat": seat, "credential": credential}


def resumed(game_id: str, seat: str) -> dict:
    return {"type": "resumed", "game_id": game_id, "seat": seat}


def rematch_reply(game_id: str, seat: str) -> dict:
    return {"type": "rematch", "game_id": game_id, "seat": seat}


def bid_sealed(game_id: str, bidder: str, seat: str) -> dict:
    return {"type": "bid_sealed", "game_id": game_id, "bidder": bidder, "seat": seat}


def chat_line(game_id: str, line: dict) -> dict:
    """A seat's message, as everyone at the game gets it: ``line`` {"n", "seat", "text"}."""
    return {"type": "chat", "game_id": game_id, **line}


def chat_log(game_id: str, lines: list) -> dict:
    """The game's newest messages, sent again on a resume, a join or a watch."""
    return {"type": "chat_log", "game_id": game_id, "lines": lines}


def update_head(rec, seat: str | None, log: list, kinds: list, can_undo: bool, code=None,
                bidding=None, omitted: int = 0, presence: dict | None = None,
                clock: dict | None = None, names: dict | None = None) -> dict:
    """An update's fields about the game (``rec``: the server's record) and this seat (None: a
    spectator), before its body (the state, the decision, the winner: ``update_text``)."""
    msg = {"type": "update", "game_id": rec.id, "game": rec.game, "pace": rec.pace,
           "version": rec.version, "seat": seat, "log": [str(x) for x in log],
           "kinds": kinds, "can_undo": can_undo,
           "open_seat": [s for s, h in rec.seats.items() if h is None],
           "rematch": rec.rematch, "rematch_asked": list(rec.rematch_asked),
           "presence": presence or {}, "clock": clock, "names": names or {}}
    if code is not None:      # a player's invitation code, shown in Your online games
        msg["code"] = code
    if bidding is not None:   # the bids, sides and handicap, public once resolved
        msg["bidding"] = bidding
    if omitted:               # a resume's older log lines, left out (its size is bounded)
        msg["log_omitted"] = omitted
    return msg


def update_text(head: dict, body: str, steps: list | None = None) -> str:
    """The update as the server sends it: ``head``, then ``body`` (the JSON text of the
    state, decision and winner without its braces, encoded once a version and seat), then the
    per-line views' JSON texts (``steps``) if any."""
    text = json.dumps(head)[:-1] + ", " + body + "}"
    if steps is not None:
        text = text[:-1] + ', "steps": [' + ", ".join(steps) + "]}"
    return text


# -- reading --------------------------------------------------------------------------------------

def update_problem(msg: dict) -> str | None:
    """None when ``msg`` is an update with the fields a client reads, of the right types; else
    the sentence a window shows (once)."""
    v, d, log = msg.get("version"), msg.get("decision"), msg.get("log", [])
    ok = (isinstance(v, int) and not isinstance(v, bool) and isinstance(msg.get("game_id"), str)
          and (isinstance(msg.get("state"), dict) or msg.get("bidding") is not None)
          and (d is None or (isinstance(d, dict) and isinstance(d.get("player"), str)
                             and isinstance(d.get("options", []), list)))
          and isinstance(log, list) and all(isinstance(x, str) for x in log))
    return None if ok else UNREADABLE_UPDATE


def read(raw) -> dict | None:
    """A message received (JSON text, or an object already decoded): the object, an update
    checked once (one that fails is ``{"type": "unreadable", "error": sentence}``), or None
    when it is not a message of this protocol at all."""
    if isinstance(raw, (str, bytes)):
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError):
            return None
    if not isinstance(raw, dict):
        return None
    if raw.get("type") == "update":
        problem = update_problem(raw)
        if problem is not None:
            return {"type": "unreadable", "error": problem, "game_id": raw.get("game_id")}
    return raw
