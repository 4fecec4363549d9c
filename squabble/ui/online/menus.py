"""The title's "Play online" screens (issue 52): host a game on this machine, connect to a server
(its address remembered in the settings), create a game or join one with a code, and "Your
online games".  Keys, pad and mouse like every menu; nothing here waits on the network: each
request is a Future the screen polls (``BusyScene``)."""

from __future__ import annotations


from squabble.framework.layout import text, text_block
from squabble.framework.widgets import Button
from squabble.online import client as C
from squabble.online.clock import CHOICES as CLOCKS
from squabble.online.link import Link, peek_games
from squabble.ui import settings as S
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene
from squabble.ui import games
from squabble.ui.online.words import game_label, side_name
from squabble.ui.online.seats import keep_seat, newest_update
from squabble.ui.online.textline import TextEntryScene
_HOSTED = {}      # the one server this window hosts: {"server": HostedServer}


def normal_url(address: str) -> str:
    """'192.168.1.5', '192.168.1.5:8765' or 'ws://…' as a WebSocket URL ending in '/'; several
    separated by commas (server processes over one database) each so, joined by ', '."""
    if "," in address:
        return ", ".join(normal_url(a) for a in address.split(",") if a.strip())
    a = address.strip()
    if not a:
        return ""
    if "://" not in a:
        a = "ws://" + a
    scheme, rest = a.split("://", 1)
    host = rest.split("/", 1)[0]
    if ":" not in host.rsplit("]", 1)[-1] and scheme == "ws":
        host += ":8765"
    return f"{scheme}://{host}/"


def url_problem(address: str) -> str:
    """The sentence refusing a typed server address whose port is no number from 1 to 65535
    ("" when it can be tried)."""
    if "," in address:
        return next((p for p in map(url_problem, address.split(",")) if p), "")
    url = normal_url(address)
    if not url:
        return ""
    host = url.split("://", 1)[1].split("/", 1)[0]
    port = host.rsplit("]", 1)[-1].rpartition(":")[2] if ":" in host.rsplit("]", 1)[-1] else ""
    if port and not (port.isdigit() and 1 <= int(port) <= 65535):
        return (f"The port {port[:12]!r} is not a number from 1 to 65535: the address was not "
                "changed.")
    return ""


def to_online(app):
    """The title with Play online open (an online game's result screen leads there)."""
    app.to_online()


def hosted():
    return _HOSTED.get("server")


def stop_hosting():
    srv = _HOSTED.pop("server", None)
    if srv is not None:
        srv.stop()


class OnlineScene(MenuScene):
    name = "online"
    title = "Play online"
    subtitle = "With a friend on another machine"

    def build(self):
        addr = getattr(self.app.settings, "online_server", "")
        n = len(C.remembered_seats())
        srv = hosted()
        host_label = ("Hosting at " + srv.lan_url) if srv and srv.running() else \
            "Host a game on this machine"
        name = getattr(self.app.settings, "display_name", "")
        rows = [("games", f"Your online games ({n})", self.open_games, n > 0,
                 "No online game yet: create or join one.", ""),
                ("host", host_label, self.host, True, "", "for your LAN: a server starts here"),
                ("server", f"Server: {addr or 'none yet'}", self.edit_server, True, "",
                 "Enter: type the address"),
                ("name", f"Your name: {name or 'none yet'}", self.edit_name, True, "",
                 "what your friend sees you called"),
                ("create", "Create a game", self.create, bool(self.url),
                 "Type the server's address first.", ""),
                ("join", "Join with a code", self.join, bool(self.url),
                 "Type the server's address first.", ""),
                ("watch", "Watch a game", self.watch, bool(self.url),
                 "Type the server's address first.", "")]
        items = [Button(key, label, (440, 150 + i * 58, 400, 50), act, enabled=en, reason=why,
                        **({"hint": hint} if hint else {}))
                 for i, (key, label, act, en, why, hint) in enumerate(rows)]
        items.append(Button("ratings", "Ratings on this server", (330, 560, 300, 48),
                            self.ratings, enabled=bool(self.url),
                            reason="Type the server's address first."))   # (issue 60)
        items.append(Button("back", "Back", (650, 560, 300, 48), self.back))
        self.set_buttons(items)
        self.focus.focus(next(b for b in items if b.enabled))

    def ratings(self):
        from squabble.ui.online.ratings import RatingsScene
        self.app.stack.push(RatingsScene(self.app, self.url))

    def on_resume(self):
        cur = self.focus.current.name if self.focus.current else None
        self.build()
        if cur and self.button(cur):
            self.focus.focus(self.button(cur))

    @property
    def url(self) -> str:
        """The server typed in; with none, the one this window hosts (if it runs)."""
        typed = normal_url(getattr(self.app.settings, "online_server", ""))
        srv = hosted()
        if not typed and srv is not None and srv.running():
            return srv.local_url
        return typed

    def edit_server(self):
        def done(value):
            problem = url_problem(value)
            if problem:
                self.app.toast(problem, 6.0)
                return
            url = normal_url(value)
            self.app.settings.online_server = url
            S.save(self.app.settings)
            self.on_resume()
        self.app.stack.push(TextEntryScene(
            self.app, "Server address", "The address your friend or the host gave you, such as "
            "192.168.1.20 or wss://games.example.org (several, separated by commas, to move "
            "to the next if one stops)", self.app.settings.online_server or "", done,
            limit=240))

    def edit_name(self):
        """The display name (online/names.py checks it: the server checks it again)."""
        from squabble.ui.online.options import ask_name
        ask_name(self.app, self.on_resume)

    def host(self):
        """Host a game here (the name asked first on the first online game)."""
        from squabble.ui.online.options import then_after_name
        then_after_name(self.app, self._host)

    def _host(self):
        srv = hosted()
        if srv is not None and srv.running():
            self.app.stack.push(CreateScene(self.app, srv.local_url, lan_url=srv.lan_url))
            return
        srv = _start_hosting(self.app)

        def started(url):
            self.app.stack.push(CreateScene(self.app, url, lan_url=srv.lan_url))
        self.app.stack.push(BusyScene(self.app, "Starting the server on this machine…",
                                      srv.start(), started))

    def create(self):
        from squabble.ui.online.options import then_after_name
        then_after_name(self.app, lambda: self.app.stack.push(CreateScene(self.app, self.url)))

    def join(self):
        """Join with a code (the name asked first on the first online game)."""
        from squabble.ui.online.options import then_after_name
        then_after_name(self.app, self._join)

    def _join(self):
        url = self.url
        self._by_code("Invitation code", "The twelve letters and digits your friend read you "
                      "(ABCD-EFGH-JKMN)", "Joining the game…",
                      lambda link, code: link.take_seat(
                          "join_or_watch", code, self.app.settings.display_name or None,
                          _key(self.app, url)),
                      lambda link, got: self._joined_or_watching(link, url, got))

    def _joined_or_watching(self, link, url, got):
        if got[0].get("type") == "watching":   # a full game of others: watched, and said so
            self.app.open_online(link, got[1])
            self.app.toast("That game already has both its players: you are watching it.", 6.0)
            return
        _enter(self.app, link, url, got)

    def _by_code(self, title: str, help_line: str, busy: str, ask, then):
        """An invitation code typed, then ``ask(link, code)`` on a new line to this server
        (a Future the busy screen polls), then ``then(link, its result)``."""
        url = self.url

        def done(code):
            if not code.strip():
                return
            link = Link(url)
            self.app.stack.push(BusyScene(self.app, busy, ask(link, code.strip()),
                                          lambda got: then(link, got), link=link))
        self.app.stack.push(TextEntryScene(self.app, title, help_line, "", done, limit=20))

    def open_games(self):
        self.app.stack.push(YourGamesScene(self.app))

    def watch(self):
        """A game's public view by its code: its moves as beats, its chat, its clocks; never a
        decision."""
        self._by_code("Watch a game", "The game's invitation code (ABCD-EFGH-JKMN): you see "
                      "what both players show each other", "Opening the game…",
                      lambda link, code: link.take_seat("watch_first", code),
                      lambda link, got: self.app.open_online(link, got[1]))


def _enter(app, link, url, got, code=None):
    """A seat was taken (``got``: the reply "created", "joined" or "resumed" and the game's first
    update, ``Link.take_seat``): keep its credential, open the game at its newest update."""
    keep_seat(app, link, url, code)
    update = newest_update(link, got[1])

    def enter(update):            # (once the game's own screen before it is done)
        keep_seat(app, link, url, code)
        app.open_online(link, update)
    if games.get(update["game"]).online_prelude(app, link, update, enter, code):
        return                    # (Twilight Struggle's secret bids for sides first)
    app.open_online(link, update)


def rematch_words(asked, seat: str) -> str:
    """What a finished game's list row adds about its rematch (the update's ``rematch_asked``)."""
    asked = set(asked) if isinstance(asked, list) else set()
    friend = ({"USA", "USSR"} - {seat}) & asked
    if friend and seat in asked:
        return " · rematch on: open to play it"
    if friend:
        return " · YOUR FRIEND ASKS FOR A REMATCH"
    if seat in asked:
        return " · rematch asked, waiting for your friend"
    return ""


class BusyScene(MenuScene):
    """"Connecting…" over the menu while a Future runs; its result goes to ``then``, its failure
    is said in one sentence.  Esc gives up (the line is closed)."""
    name = "online_busy"
    title = "Play online"

    def __init__(self, app, words: str, future, then, link=None):
        self.words, self.future, self.then, self.link = words, future, then, link
        super().__init__(app)

    def build(self):
        self.set_buttons([Button("back", "Cancel", (490, 500, 300, 48), self.back)])

    def back(self):
        if self.link is not None and not self.future.done():
            self.link.close()
        self.app.stack.remove(self)

    def update(self, dt):
        super().update(dt)
        if not self.future.done() or self.app.stack.top is not self:
            return
        try:
            result = self.future.result()
        except Exception as e:    # noqa: BLE001 - one sentence, nothing lost
            if self.link is not None:
                self.link.close()
            self.app.stack.remove(self)
            self.app.toast(str(e) if isinstance(e, C.ClientError) else
                           "That did not work: the server did not answer as expected; try "
                           "again.", 6.0)
            return
        self.app.stack.remove(self)
        self.then(result)

    def wake_in(self):
        return 1 / 20

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        dots = "." * (1 + int(self.t * 3) % 3)
        text(surf, self.words.rstrip("…") + dots, L.font(28, True), T.TEXT, L.p(640, 330),
             "center")


class CreateScene(MenuScene):
    """The new online game's set-up: which game, the side, live or correspondence, and the
    game's own options: each game's entry gives its sides and its options table, the couch
    set-up's (``ui/<game>/entry.py``: the same rows, the same words)."""
    name = "online_create"
    title = "Create an online game"
    TOP, BOTTOM = 146, 534          # the rows fit between these (1280x720 design pixels)

    def __init__(self, app, url: str, lan_url: str = ""):
        self.url, self.lan_url = url, lan_url
        self.choice = {"game": next(iter(games.GAMES)), "side": "random", "pace": "live",
                       "clock": "none", "rated": False}
        for entry in games.GAMES.values():      # each game's rows start at their first value
            self.choice.update({r.key: r.values[0] for r in entry.option_rows(online=True)})
        super().__init__(app)
        self.subtitle = f"On {lan_url or url}"

    @property
    def entry(self):
        return games.get(self.choice["game"])

    def _rows(self) -> list:
        """(key, label, values, words) of every row of the chosen game, hidden ones too."""
        entry = self.entry
        rows = [("game", "Game", tuple(games.GAMES), game_label),
                ("side", "You play", entry.ONLINE_SIDES,
                 lambda v: "a random side" if v == "random" else entry.side_name(v)),
                ("pace", "Pace", ("live", "correspondence"),
                 lambda v: "live" if v == "live" else "correspondence (any pace)"),
                ("clock", "Clock", tuple(CLOCKS), lambda v: CLOCKS[v][1])]
        if _key(self.app, self.url, make=False) or self.app.settings.display_name:
            rows.append(("rated", "Rated", (False, True),     # (issue 60: a player key)
                         lambda v: "yes: both ratings change" if v else "no"))
        return rows + [(r.key, r.label, tuple(r.values), r.words, r.enabled)
                       for r in entry.option_rows(online=True)]

    def shown_rows(self) -> list:
        """The rows of the chosen game (a row its table disables for these choices, such as
        a handicap while secret bids make it, is left out)."""
        return [r[:4] for r in self._rows() if len(r) < 5 or r[4] is None or r[4](self.choice)]

    def build(self):
        rows = []
        shown = self.shown_rows()
        gap = min(60, (self.BOTTOM - self.TOP) // len(shown))
        for i, (key, label, values, show) in enumerate(shown):
            rows.append(Button(key, f"{label}: {show(self.choice[key])}",
                               (360, self.TOP + i * gap, 560, gap - 8),
                               self._changer(key), kind="row"))
        rows.append(Button("go", "Create the game", (440, 544, 400, 48), self.go,
                           colour=(40, 110, 70)))
        rows.append(Button("back", "Back", (490, 600, 300, 40), self.back))
        self.set_buttons(rows)

    def _changer(self, key):
        def change(d):
            values = next(r[2] for r in self._rows() if r[0] == key)
            i = values.index(self.choice[key])
            self.choice[key] = values[(i + d) % len(values)]
            if self.choice["side"] not in self.entry.ONLINE_SIDES:
                self.choice["side"] = "random"      # (bids are one game's rule)
            cur = self.focus.current.name if self.focus.current else key
            self.build()
            self.focus.focus(self.button(cur) or self.button(key))
        return change

    def options(self) -> dict:
        """The ``create`` message's options of the chosen game (a row left out counts as its
        first value)."""
        shown = {r[0] for r in self.shown_rows()}
        values = {r.key: self.choice[r.key] if r.key in shown else r.values[0]
                  for r in self.entry.option_rows(online=True)}
        return self.entry.options_of(values)

    def note(self) -> str:
        """What the focused row means (the couch set-up's notes)."""
        cur = self.focus.current.name if self.focus.current else None
        return self.entry.online_note(cur, self.choice) if cur else ""

    def draw(self, surf):
        super().draw(surf)
        note = self.note()
        if note:
            L = self.app.layout
            text_block(surf, note, L.font(16), T.TEXT, L.r(240, 646, 800, 44), align="center")

    def go(self):
        c = self.choice
        options = self.options()
        spec = CLOCKS[c["clock"]][0]
        # a correspondence clock makes a correspondence game
        pace = "correspondence" if spec and spec["kind"] == "correspondence" else c["pace"]
        link = Link(self.url)
        url, lan = self.url, self.lan_url
        rated = bool(c["rated"]) and any(r[0] == "rated" for r in self._rows())

        def created(got):
            keep_seat(self.app, link, url, got[0].get("code"))   # kept if the window closes now
            self.app.stack.push(InvitationScene(self.app, link, url, got, lan))
        self.app.stack.push(BusyScene(self.app, "Creating the game…",
                                      link.take_seat("create", c["game"], options, c["side"],
                                                     pace, spec,
                                                     self.app.settings.display_name or None,
                                                     rated=rated, key=_key(self.app, url)),
                                      created, link=link))


class InvitationScene(MenuScene):
    """The new game's invitation code (and, when hosting, the address) to give the friend."""
    name = "online_invite"
    title = "Your game is ready"

    def __init__(self, app, link, url, got, lan_url=""):
        self.link, self.url, self.got, self.lan_url = link, url, got, lan_url
        self.reply = got[0]
        super().__init__(app)

    def build(self):
        self.set_buttons([Button("play", "Open the game", (440, 470, 400, 56), self.play,
                                 colour=(40, 110, 70))])

    def back(self):
        self.play()    # the seat is taken: leaving this screen opens the game

    def play(self):
        _enter(self.app, self.link, self.url, self.got, code=self.reply.get("code"))

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        r = self.reply
        text(surf, "Give your friend the invitation code:", L.font(24), T.MUTED, L.p(640, 170),
             "center")
        text(surf, r.get("code", ""), L.font(64, True), T.GOLD, L.p(640, 240), "center",
             shadow=(0, 0, 0))
        if self.lan_url:
            text(surf, "and this machine's address:", L.font(24), T.MUTED, L.p(640, 310),
                 "center")
            text(surf, self.lan_url, L.font(36, True), T.TEXT, L.p(640, 355), "center")
        game = self.got[1].get("game")
        you = (f"You play {side_name(game, r.get('seat'))}." if r.get("seat") in ("USA", "USSR")
               else "Once your friend joins, you both bid for sides in secret.")
        text_block(surf, f"{you} The game waits until your friend joins; it is kept on the "
                   "server, so you may close the window and come back (Play online, Your "
                   "online games).", L.font(20), T.MUTED, L.r(240, 395, 800, 60),
                   align="center")


def your_move(update, seat_entry) -> bool:
    """Is it this player's move in the game ``update`` shows (its seat ``seat_entry``)?"""
    if not update or update.get("winner") is not None or update.get("open_seat"):
        return False
    seat = update.get("seat") or seat_entry["seat"]
    return (update.get("decision") or {}).get("player") == seat


class YourMoves:
    """The title's "Your move in N online games": the remembered seats asked once a visit of the
    title (a Future, never waited on); ``line()`` is "" until they answer, and when none waits."""

    def __init__(self):
        seats = C.remembered_seats()[::-1][:7]
        self.future = peek_games(seats) if seats else None

    def line(self) -> str:
        if self.future is None or not self.future.done():
            return ""
        try:
            got = self.future.result()
        except Exception:   # noqa: BLE001 - no answer: nothing said
            return ""
        n = sum(your_move(up, e) for e, up, _ in got)
        return "" if n == 0 else f"Your move in {n} online game{'s' if n > 1 else ''}"


class YourGamesScene(MenuScene):
    """Every game this player holds a seat in (the remembered seats), whose move it is (asked of
    each server), and any of them opened."""
    name = "online_games"
    title = "Your online games"

    def __init__(self, app):
        self.seats = C.remembered_seats()[::-1][:7]     # the newest seven, newest first
        self.status = None
        self.future = peek_games(self.seats) if self.seats else None
        super().__init__(app)

    def build(self):
        rows = []
        for i, e in enumerate(self.seats):
            rows.append(Button(f"game{i}", self._label(i, e), (290, 150 + i * 62, 700, 54),
                               self._opener(e), hint=e["server"]))
        rows.append(Button("back", "Back", (490, 600, 300, 48), self.back))
        self.set_buttons(rows)

    def _label(self, i, e) -> str:
        code = e.get("code") or e["game_id"][:8]
        if self.status is None:
            you = e['seat'] if e['seat'] in ('USA', 'USSR') else 'sides by bids'
            return f"{code} · you: {you} · asking the server…"
        _, up, problem = self.status[i]
        code = (up or {}).get("code") or code     # the server's spelling of it
        if up is None and _this_machine(e["server"]) and not _hosting():
            from squabble.ui.online.seats import hosted_row
            got = hosted_row(e)
            if got is not None:        # the game, the side and whose move, like the others
                you = side_name(got[0], e["seat"]).removeprefix("the ")
                return (f"{game_label(got[0])} · {code} · you: {you} · {got[1]} · hosted "
                        "here: open it to start this machine's server")
            return f"{code} · hosted here: open it to start this machine's server"
        if up is None:
            return f"{code} · {problem}"
        game = game_label(up.get("game"))
        from squabble.ui.online.words import bidding_open, bidding_words
        seat = up.get("seat") or e["seat"]      # (a side won by bids renames the seat)
        if bidding_open(up):
            return f"{game} · {code} · sides by secret bids · {bidding_words(up, seat)}"
        if up.get("winner") is not None:
            w = up["winner"]
            now = "a draw" if w == "draw" else ("you won" if w == seat else "you lost")
            now += rematch_words(up.get("rematch_asked"), seat)
        elif up.get("open_seat"):
            now = "waiting for your friend to join"
        elif (up.get("decision") or {}).get("player") == seat:
            now = "YOUR MOVE"
            c = up.get("clock")
            if isinstance(c, dict) and isinstance((c.get("left") or {}).get(seat), (int, float)):
                from squabble.online.clock import words
                now += f" · clock {words(c['left'][seat])}"
        else:
            now = "your friend's move"
        you = side_name(up.get("game"), seat).removeprefix("the ")
        return f"{game} · {code} · you: {you} · {now}"

    def update(self, dt):
        super().update(dt)
        if self.future is not None and self.future.done() and self.status is None:
            try:
                self.status = self.future.result()
            except Exception:    # noqa: BLE001
                self.status = [(e, None, "The server does not answer now.") for e in self.seats]
            # the games where it is this player's move first (the newest first among each)
            order = sorted(range(len(self.seats)), key=lambda i: not your_move(
                self.status[i][1], self.seats[i]))
            self.seats = [self.seats[i] for i in order]
            self.status = [self.status[i] for i in order]
            cur = self.focus.current.name if self.focus.current else None
            self.build()
            if cur and self.button(cur):
                self.focus.focus(self.button(cur))

    def wake_in(self):
        return 1 / 10 if self.status is None and self.future is not None else None

    def _opener(self, e):
        def opened(url=e["server"]):
            link = Link(url)
            self.app.stack.push(BusyScene(
                self.app, "Opening the game…",
                link.take_seat("resume", e["game_id"], e["credential"]),
                lambda got: _enter(self.app, link, url, got, code=e.get("code")),
                link=link))

        def go():
            # a game this machine hosted, its server stopped (the window closed since): start
            # it again on the same port and database, then open the game
            if _this_machine(e["server"]) and not _hosting() and self.status is not None and \
                    any(x is e and up is None for x, up, _ in self.status):
                srv = _start_hosting(self.app, port=_port_of(e["server"]))
                self.app.stack.push(BusyScene(self.app, "Starting the server on this machine…",
                                              srv.start(), opened))   # (its port may differ)
                return
            opened()
        return go


def _key(app, url: str, make: bool = True):
    """This player's key on the server ``url`` (online/ratings.py): made and kept the first time
    it is wanted once the player has a name; None without one (a rated game then says why)."""
    try:
        return C.player_key(url, make=make and bool(app.settings.display_name))
    except OSError:
        return None


def _this_machine(url: str) -> bool:
    from urllib.parse import urlsplit
    try:
        return urlsplit(url).hostname in ("127.0.0.1", "localhost", "::1")
    except ValueError:
        return False


def _port_of(url: str):
    from urllib.parse import urlsplit
    try:
        return urlsplit(url).port
    except ValueError:
        return None


def _hosting() -> bool:
    srv = hosted()
    return srv is not None and srv.running()


def _start_hosting(app, port=None):
    """A server on this machine for the LAN (its database in the user data folder)."""
    stop_hosting()            # one that could not come back: it stops trying
    from squabble.online.host import HostedServer
    bind, first = app.host_at
    srv = HostedServer(bind=bind, port=first if port is None else port)
    _HOSTED["server"] = srv
    return srv
