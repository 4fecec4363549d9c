"""Every online message, built and read in one place (issue 58).  docs/online.md lists them.

The server (online/server.py), the asyncio client of bots and tests (online/client.py) and the
window's line (online/link.py, framework/remote.py through it) build each message with the
function named after its ``type`` and read what arrives with ``read``: a JSON object, and an
``update`` checked once here (its fields of the types the window reads) or turned into an
``unreadable`` message with one sentence.  The server reads a client's message with
``parse_frame`` and ``parse_request``: its fields checked, or one sentence.  Nothing here knows
a game or draws anything."""

from __future__ import annotations

import json

from squabble.online import PROTOCOL_VERSION, clock, fair, names, ratings

UNREADABLE_UPDATE = "The server sent an update this window cannot read."


def encode(msg: dict) -> str:
    return json.dumps(msg)


# -- what a client sends --------------------------------------------------------------------------

def hello() -> dict:
    return {"type": "hello", "version": PROTOCOL_VERSION}


def create(game: str, options: dict | None = None, side: str = "random",
           pace: str = "live", contribution: str | None = None, clock: dict | None = None,
           name: str | None = None, rated: bool = False, key: str | None = None) -> dict:
    """``contribution``: the client's own random value mixed into the deal (online/fair.py);
    ``rated`` with ``key`` (the player key, online/ratings.py): a game that changes ratings."""
    msg = {"type": "create", "game": game, "options": options or {}, "side": side,
           "pace": pace}
    if contribution is not None:
        msg["contribution"] = contribution
    if rated:
        msg["rated"] = True
    if key is not None:
        msg["key"] = key
    if clock is not None:     # (online/clock.py) none, live or correspondence
        msg["clock"] = clock
    if name:                  # (online/names.py) what the friend sees this player called
        msg["name"] = name
    return msg


def join(code: str, contribution: str | None = None, name: str | None = None,
         key: str | None = None) -> dict:
    """``key``: the player key (online/ratings.py), read by the server if the game is rated."""
    msg = {"type": "join", "code": code}
    if contribution is not None:
        msg["contribution"] = contribution
    if key is not None:
        msg["key"] = key
    if name:
        msg["name"] = name
    return msg


def record(game_id: str) -> dict:
    """Ask for a finished game as a game record (squabble/records.py), its deal revealed."""
    return {"type": "record", "game_id": game_id}


def ratings_ask() -> dict:
    """Ask for the server's ratings table of each game."""
    return {"type": "ratings"}


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


def rematch(contribution: str | None = None) -> dict:
    """``contribution``: this player's random value for the rematch's deal (online/fair.py)."""
    msg = {"type": "rematch"}
    if contribution is not None:
        msg["contribution"] = contribution
    return msg


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


def record_reply(game_id: str, rec: dict) -> dict:
    return {"type": "record", "game_id": game_id, "record": rec}


def ratings_reply(tables: dict) -> dict:
    """The ratings table of each game: {game: [{"name", "rating", "games", "wins"}]}."""
    return {"type": "ratings", "games": tables, "k": ratings.K, "start": round(ratings.START)}


def rated_fields(rated: bool, change: dict | None) -> dict:
    """An update's rating fields: whether the game is rated and, once it ended, each side's
    rating before and after it ({side: [before, after]})."""
    out = {"rated": rated}
    if change:
        out["rating_change"] = change
    return out


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
    deal = getattr(rec, "deal", None)
    if deal:                  # the server's commitment to the deal; its reveal once finished
        msg["deal_commitment"] = deal["commitment"]
        if rec.winner is not None:
            msg["deal_reveal"] = deal["reveal"]
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


# -- what the server reads: a client's message, checked once --------------------------------------

#: messages a second a connection may send, sustained and in a burst (the server refuses the
#: ones over that; the client paces itself under them)
RATE, BURST = 20.0, 40.0

CLIENT_TYPES = ("bid", "chat", "create", "hello", "join", "move", "ping", "ratings", "record",
                "rematch", "resume", "undo", "watch", "webhook")
SIDE_CHOICES = ("USA", "USSR", "random", "bid")
PACES = ("live", "correspondence")
NOT_CREATED = "The game was not created: "


class BadMessage(ValueError):
    """One sentence for the client about what it sent; the connection stays."""


def parse_frame(raw, limit: int) -> dict:
    """A frame received as a JSON object (BadMessage with one sentence if it is not one, or is
    longer than ``limit`` characters); its fields are checked by ``parse_request``."""
    if isinstance(raw, bytes):
        raise BadMessage("Send text frames holding JSON: binary frames are not read.")
    if len(raw) > limit:
        raise BadMessage(f"That message is too long ({len(raw)} characters; at most {limit}).")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("That message is not JSON: send one JSON object.") from None
    if not isinstance(msg, dict):
        raise BadMessage("A message must be a JSON object with a \"type\".")
    return msg


def _whole(msg: dict, key: str, sentence: str) -> int:
    x = msg.get(key)
    if isinstance(x, bool) or not isinstance(x, int):
        raise BadMessage(sentence)
    return x


def _text(x, longest: int):
    """``x`` if it is a string of at most ``longest`` characters, else None."""
    return x if isinstance(x, str) and len(x) <= longest else None


NOT_JOINED = "You have not joined the game: "


def _checked(check, value, refused: str):
    """``check(value)``, its ValueError's sentence a BadMessage after ``refused``."""
    try:
        return check(value)
    except ValueError as e:
        raise BadMessage(refused + str(e)) from None


def _contribution(msg: dict, refused: str) -> str:
    """A create's or join's random value for the deal (online/fair.py), "" when none came."""
    return _checked(fair.contribution, msg.get("contribution"), refused)


def parse_request(msg: dict, handled=CLIENT_TYPES, first: bool = False) -> dict:
    """A client's message (``parse_frame``'s object) as the server's handlers read it: its
    ``type`` and its known fields only, each of its type and range, defaults filled in;
    BadMessage with one sentence when a field is wrong.  What only the game or the server's
    state can judge (a game's name and options, an option's number, the decision in force, a
    code or credential that matches) its handler judges.  ``handled``: the types the server
    answers (a type it answers that is not read here passes as it came: every type the server
    answers is listed in CLIENT_TYPES, tests/test_one_turn_one_wire.py); ``first``: the
    connection's first message, which must be a hello."""
    kind = msg.get("type")
    if first and kind != "hello":   # (the first message of a connection)
        raise BadMessage(f"Say hello first: {{\"type\": \"hello\", \"version\": "
                         f"{PROTOCOL_VERSION}}}.")
    if not isinstance(kind, str) or kind not in handled:
        raise BadMessage(f"Unknown message type {str(kind)[:40]!r}: the types are "
                         f"{', '.join(sorted(handled))}.")
    if kind not in CLIENT_TYPES:
        return msg
    out = {"type": kind}
    if kind == "hello":
        if msg.get("version") != PROTOCOL_VERSION:
            raise BadMessage(f"This server speaks protocol version {PROTOCOL_VERSION}, not "
                             f"{str(msg.get('version'))[:20]}: update the game.")
    elif kind == "create":
        side, pace = msg.get("side", "random"), msg.get("pace", "live")
        if side not in SIDE_CHOICES:
            raise BadMessage(NOT_CREATED + "'side' must be \"USA\", \"USSR\", \"random\" or "
                             "\"bid\".")
        if pace not in PACES:
            raise BadMessage(NOT_CREATED + "'pace' must be \"live\" or \"correspondence\".")
        options = msg.get("options") or {}
        if not isinstance(options, dict):
            raise BadMessage(NOT_CREATED + "'options' must be an object.")
        out.update(game=msg.get("game"), options=options, side=side, pace=pace,
                   contribution=_contribution(msg, NOT_CREATED),
                   clock=_checked(clock.check_spec, msg.get("clock"), NOT_CREATED),
                   name=_checked(names.check, msg.get("name"), NOT_CREATED),
                   rated=msg.get("rated") is True,
                   key=_checked(ratings.check_key, msg.get("key"), NOT_CREATED))
    elif kind in ("join", "watch"):
        out["code"] = _text(msg.get("code"), 40)     # (a wrong one counts against the address)
        if kind == "join":
            out["contribution"] = _contribution(msg, NOT_JOINED)
            out["name"] = _checked(names.check, msg.get("name"), NOT_JOINED)
            out["key"] = _checked(ratings.check_key, msg.get("key"), NOT_JOINED)
    elif kind == "chat":     # (checked by its handler, after who may write: online/chat.py)
        out["text"] = msg.get("text")
    elif kind == "webhook":  # (its address is looked up by its handler: online/webhooks.py)
        out["url"] = msg.get("url")
    elif kind == "record":
        out["game_id"] = _text(msg.get("game_id"), 63)
    elif kind == "rematch":
        out["contribution"] = _contribution(msg, "The rematch was not asked: ")
    elif kind == "resume":
        seen = msg.get("seen", 0)
        if isinstance(seen, bool) or not isinstance(seen, int) or seen < 0:
            seen = 0
        out.update(game_id=_text(msg.get("game_id"), 63),
                   credential=_text(msg.get("credential"), 200), seen=seen)
    elif kind in ("move", "undo"):
        out["decision"] = _whole(msg, "decision",
                                 "'decision' must be the number of the decision answered.")
        if kind == "move":
            out["index"] = _whole(msg, "index", "'index' must be the number of an option.")
    elif kind == "bid":   # (its range is the rule's: online/bids.py check_bid)
        out.update(side=msg.get("side"), number=msg.get("number", 0))
    return out


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
