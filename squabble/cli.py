"""The ``squabble`` command: the game window by default, plus engine / simulate / tournament."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from squabble import __version__
from squabble.games.registry import GAMES


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {v}")
    return v


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


ENGINE_DESCRIPTION = (
    "The game without a window: reads one JSON request per line on standard input and answers "
    "one JSON line per request on standard output (new, state, load, act, dice, info, ai, "
    "view, quit), for bots, scripted tests and puzzle tools. Any bad line gets an "
    '{"ok":false,"error":...} answer and the engine keeps reading. The protocol, its limits '
    "and examples are in docs/engine-protocol.md.")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="squabble",
        description="Twilight Squabble: a ten-minute Cold War card game for two. "
                    "With no command, opens the game window; the options below are the "
                    "window's.")
    p.add_argument("--version", action="version", version=f"squabble {__version__}")
    p.add_argument("--demo", action="store_true",
                   help="attract mode: the computer plays itself; any key returns to the title")
    p.add_argument("--game", choices=GAMES, dest="demo_game",
                   help="with --demo: the game attract mode starts on (then they alternate)")
    p.add_argument("--frames", type=_positive, metavar="N",
                   help="quit after N frames (for tests and screenshots)")
    p.add_argument("--screenshot", metavar="FILE.png",
                   help="save the last frame as a PNG image (the folder must exist)")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument("--seed", type=_integer, metavar="SEED",
                   help="seed for new games (default: random); also the seed of 'simulate'")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    eng = sub.add_parser("engine", help="speak the JSON Lines engine protocol on stdin/stdout",
                         description=ENGINE_DESCRIPTION)
    eng.add_argument("--seat", choices=["USA", "USSR"],
                     help="be one side's seat: answer only with that side's view, refuse "
                          "state, load and dice, accept act only for that side's decisions; "
                          "the computer plays the other side (the level new's \"opponent\" "
                          "names); the game's seed is drawn in secret, so new refuses "
                          "\"seed\". The fair way to connect a bot or a remote player")

    sim = sub.add_parser(
        "simulate", help="play random legal games and check invariants",
        description="Plays random legal games, checking the rules' invariants and a JSON round "
                    "trip after every step, and prints how the games ended. Ctrl-C stops early "
                    "and prints what was measured so far.")
    sim.add_argument("--game", choices=GAMES, default="squabble",
                     help="which game (default: %(default)s)")
    sim.add_argument("--games", type=_positive, default=1000, metavar="N",
                     help="how many games (default: %(default)s)")
    sim.add_argument("--seed", type=_integer, default=None, dest="sim_seed", metavar="SEED",
                     help="seed of the first game and of the random choices (default: the "
                          "seed given before the command, else 0)")
    sim.add_argument("--events", action="store_true",
                     help="Twilight Squabble only: play with the Event deck (default: off)")
    sim.add_argument("--no-check", action="store_true",
                     help="skip the invariant checks (default: check after every step)")

    tour = sub.add_parser(
        "tournament", help="computer players against each other",
        description="Plays computer players against each other, sides alternating, and prints "
                    "the score with its 95% Wilson interval, how the games ended and the time "
                    "per decision. Progress goes to stderr; Ctrl-C stops early and prints what "
                    "was measured so far.",
    )
    tour.add_argument("--game", choices=GAMES, default="squabble",
                      help="which game (default: squabble)")
    # greedy and expert: Struggle only
    tour_levels = ["random", "easy", "normal", "hard", "greedy", "expert"]
    tour.add_argument("--a", required=True, choices=tour_levels, metavar="LEVEL",
                      help="the first player: random, easy, normal, hard, or greedy and expert "
                           "(Twilight Struggle only)")
    tour.add_argument("--b", required=True, choices=tour_levels, metavar="LEVEL",
                      help="the second player (same levels)")
    tour.add_argument("--games", type=_positive, default=100, metavar="N",
                      help="how many games (default: 100)")
    tour.add_argument("--seed", type=_integer, default=0, dest="tour_seed", metavar="SEED",
                      help="seed of the first game (default: 0)")
    tour.add_argument("--events", action="store_true",
                      help="Twilight Squabble only: play with the Event deck")
    rep = sub.add_parser(
        "replay", help="re-play a game record with the engine and check it",
        description="Re-plays a game record (a finished game the window kept, docs/saves.md) "
                    "with the rules engine, checking every decision and the result. Prints "
                    "'verified' and exits 0 when all match; else prints the first decision "
                    "that differs and exits 1.")
    rep.add_argument("record", metavar="RECORD", help="the record's JSON file")
    exp = sub.add_parser(
        "export", help="print a game record as a plain-text game log",
        description="Prints a game record as a plain-text log a person reads like a "
                    "tournament log (80 columns), re-played with the rules engine.")
    exp.add_argument("record", metavar="RECORD", help="the record's JSON file")
    exp.add_argument("--text", action="store_true", required=True,
                     help="plain text (the one format there is)")
    from squabble.online.limits import Limits
    _LIMITS = Limits()     # the server's limits of one address, as it defaults them
    srv = sub.add_parser(
        "serve", help="run the online game server (WebSocket, games in SQLite or PostgreSQL)",
        description="Runs the server for online games: one WebSocket endpoint at the root URL, "
                    "the games kept in one SQLite file or a PostgreSQL database. Prints the address it listens on; "
                    "Ctrl-C stops it. How to run it on a LAN, a cloud machine or behind a TLS "
                    "proxy: docs/online.md.")
    srv.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default: %(default)s, this machine only; "
                          "0.0.0.0 for every network)")
    srv.add_argument("--port", type=_integer, default=8765,
                     help="port (default: %(default)s; 0 picks a free one)")
    srv.add_argument("--db", metavar="FILE|URL",
                     help="the games' database: a SQLite file (default: online.sqlite3 in the "
                          "user data folder), or postgresql://USER@HOST[:PORT]/DB for "
                          "PostgreSQL, which several server processes may share (the "
                          "\"postgres\" extra; docs/online.md)")
    srv.add_argument("--migrate-from", metavar="FILE",
                     help="copy the games of this SQLite database into the PostgreSQL one of "
                          "--db, check the copy (rows counted, each game replayed) and stop")
    srv.add_argument("--certfile", metavar="PEM", help="serve TLS (wss://) with this "
                                                       "certificate chain")
    srv.add_argument("--keyfile", metavar="PEM", help="the private key of --certfile")
    srv.add_argument("--max-db-mb", type=_positive, metavar="MB",
                     help="refuse moves once the database reaches this size, as on a full "
                          "disk (default: no cap)")
    srv.add_argument("--max-per-address", type=_positive, default=64, metavar="N",
                     help="connections one address may hold (default: %(default)s)")
    srv.add_argument("--games-per-minute", type=_positive,
                     default=_LIMITS.games_per_minute, metavar="N",
                     help="games one address may create a minute (default: %(default)s)")
    srv.add_argument("--games-per-hour", type=_positive,
                     default=_LIMITS.games_per_hour, metavar="N",
                     help="games one address may create an hour (default: %(default)s)")
    srv.add_argument("--messages-per-second", type=_positive,
                     default=int(_LIMITS.messages_per_second), metavar="N",
                     help="messages one address may send a second, all its connections "
                          "together (default: %(default)s)")
    srv.add_argument("--connections-per-minute", type=_positive,
                     default=_LIMITS.connections_per_minute, metavar="N",
                     help="new connections one address may open a minute (default: "
                          "%(default)s)")
    srv.add_argument("--unjoined-hours", type=_positive,
                     default=int(_LIMITS.unjoined_hours), metavar="H",
                     help="a game nobody joined is deleted after this many hours (default: "
                          "%(default)s)")
    srv.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR",
                     help="a reverse proxy's address: for its connections the client's "
                          "address is the one it states in X-Forwarded-For (may be repeated)")
    srv.add_argument("--no-webhooks", action="store_true",
                     help="post no \"your move\" webhooks (and keep no webhook addresses)")
    srv.add_argument("--webhook-allow", action="append", default=[], metavar="HOST",
                     help="a webhook host allowed although it resolves to a loopback, "
                          "private or link-local address (may be repeated)")
    srv.add_argument("--check", action="store_true",
                     help="check the whole database file (SQLite's integrity_check), say "
                          "what was found and stop")
    return p


#: the commands that print their results on standard output
PRINTING = ("simulate", "tournament", "replay", "export")
WINDOW_OPTIONS = ("demo", "frames", "screenshot", "fullscreen")


def _say(message: str) -> None:
    """One line on standard error, when there is one (it may be closed, or a full disk)."""
    err = sys.stderr
    if err is None:
        return
    try:
        err.write(message + "\n")
        err.flush()
    except (OSError, ValueError):
        pass


def _refuse(command: str | None, message: str) -> int:
    _say(f"squabble{' ' + command if command else ''}: {message}")
    return 2


def _output_failed(command: str | None, err: OSError) -> int:
    """Standard output cannot be written (the reader went away, a full disk, a closed file):
    one line on standard error, and exit status 1.  Whatever is still buffered for standard
    output is sent to the null device, so that Python's own last flush prints nothing more."""
    why = "the program reading it went away" if isinstance(err, BrokenPipeError) else \
        (err.strerror or type(err).__name__)
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    _say(f"squabble{' ' + command if command else ''}: standard output cannot be written "
         f"({why}).")
    return 1


def screenshot_problem(path: str) -> str | None:
    """None if a PNG can be written at ``path``, else why not.  Checked before the first frame
    so that a long run never ends in an error; missing folders are not created."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError as e:
        byte = ord(path[e.start]) & 0xff   # a surrogate escape holds the byte itself
        return (f"the file name has a byte that is not UTF-8 text (0x{byte:02x} at position "
                f"{e.start}); give a name in UTF-8.")
    p = Path(path)
    if p.suffix.lower() != ".png":
        return f"the screenshot is saved as PNG, so its name must end in .png (got {path!r})."
    try:
        return _screenshot_place_problem(path, p)
    except OSError as e:   # a folder that cannot be entered, a name too long, ...
        return f"{path} cannot be written ({e.strerror or type(e).__name__})."


def _screenshot_place_problem(path: str, p: Path) -> str | None:
    if p.is_dir():
        return f"{path} is a folder; give a file name ending in .png."
    folder = Path(os.path.abspath(path)).parent
    if folder.exists() and not folder.is_dir():
        return f"{folder} is a file, not a folder."
    if not folder.is_dir():
        return f"the folder {folder} does not exist; create it first."
    existed = p.exists()
    try:
        with open(p, "ab"):
            pass
    except OSError as e:
        return f"{path} cannot be written ({e.strerror or type(e).__name__})."
    if not existed:
        try:
            p.unlink()
        except OSError:
            pass
    return None


def no_display() -> bool:
    """True on a Linux/BSD desktop-less session: neither X11 nor Wayland is reachable and no
    other SDL video driver (dummy, offscreen, kmsdrm, ...) was chosen."""
    if sys.platform.startswith(("win", "cygwin", "darwin")):
        return False
    chosen = [d.strip() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",") if d.strip()]
    if any(d not in ("x11", "wayland") for d in chosen):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


HEADLESS_DRIVERS = ("offscreen", "dummy")


def video_problem() -> str | None:
    """None if SDL opened a video driver that shows a window, or the headless driver the user
    asked for with SDL_VIDEODRIVER; else why the window would be invisible.  (With a stale
    DISPLAY, SDL falls back to its offscreen driver without a word.)"""
    asked = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",")
             if d.strip()]
    try:
        import pygame
        pygame.display.init()
        driver = (pygame.display.get_driver() or "").lower()
    except Exception:   # no driver at all: the window's own start-up says so
        return None
    if driver in HEADLESS_DRIVERS and driver not in asked:
        pygame.display.quit()
        where = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY")
        return (f"no display answers{f' at {where!r}' if where else ''}, so the window would "
                f"be invisible (SDL fell back to its {driver!r} driver). Start it where a "
                f"display runs, or ask for a headless window with SDL_VIDEODRIVER=dummy.")
    return None


def main(argv: list[str] | None = None) -> int:
    from squabble.console import attach_parent_console
    attach_parent_console(sys.argv[1:] if argv is None else argv)   # the Windows game program
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = _run(args)
        if sys.stdout is not None and args.command in PRINTING:
            sys.stdout.flush()   # a full disk or a closed pipe is found here, not at exit
        return code
    except KeyboardInterrupt:
        _say("squabble: stopped (Ctrl-C).")
        return 130
    except OSError as e:
        if args.command not in PRINTING or not _is_stdout_error(e):
            raise
        return _output_failed(args.command, e)


def _is_stdout_error(e: OSError) -> bool:
    """An error of writing standard output (print's), not of a file the command opened."""
    return isinstance(e, BrokenPipeError) or e.filename is None


def _run(args) -> int:
    command = args.command
    if command is not None:
        given = ["--" + n for n in WINDOW_OPTIONS if getattr(args, n, None)]
        if given:
            return _refuse(command, f"{', '.join(given)} only apply to the game window "
                                    f"(squabble with no command).")
    if command == "engine":
        if args.seed is not None:
            return _refuse(command, "--seed does not apply: send a \"seed\" in the engine's "
                                    "\"new\" request.")
        return _engine(args.seat)
    if command == "serve":
        if args.seed is not None:
            return _refuse(command, "--seed does not apply: the server draws each game's "
                                    "seed itself.")
        from squabble.online.run import serve_command
        return serve_command(args)
    if command == "simulate":
        return _simulate(args)
    if command in ("replay", "export"):
        if args.seed is not None:
            return _refuse(command, "--seed does not apply: a record holds its own seed.")
        return _record_command(command, args.record)
    if command == "tournament":
        if args.seed is not None:
            return _refuse(command, "give the seed after the command: "
                                    "squabble tournament --seed SEED ...")
        if args.game == "struggle" and args.events:
            return _refuse(command, "--events is for Twilight Squabble only (Twilight Struggle "
                                    "always plays with its whole deck).")
        if args.game == "squabble" and "greedy" in (args.a, args.b):
            return _refuse(command, "the greedy level plays Twilight Struggle only; Twilight "
                                    "Squabble's levels are random, easy, normal and hard.")
        try:
            from squabble.ai.tournament import run_tournament
        except ImportError:
            _say("squabble tournament: the computer players are not available in this build.")
            return 1
        return run_tournament(args)
    if args.screenshot:
        problem = screenshot_problem(args.screenshot)
        if problem:
            return _refuse(None, f"--screenshot: {problem}")
    if no_display():
        return _refuse(None, "there is no display to open the game window on (neither DISPLAY "
                             "nor WAYLAND_DISPLAY is set). 'squabble engine' and 'squabble "
                             "simulate' need none; SDL_VIDEODRIVER=dummy runs the window "
                             "invisibly, e.g. with --frames and --screenshot.")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    problem = video_problem()
    if problem:
        return _refuse(None, problem)
    try:
        from squabble.ui.app import run_app
    except ImportError as e:
        _say(f"squabble: the game window could not start ({e}). Is pygame-ce installed?")
        return 1
    return run_app(args)


def _engine(seat: str | None = None) -> int:
    """``squabble engine``: exit status 0 after ``quit`` or the end of input, 1 when the answers
    cannot be written or the requests cannot be read (the reader went away, a full disk, an
    input/output error), 2 when standard input or output is not open at all."""
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        try:
            ok = stream is not None and stream.fileno() >= 0 and os.fstat(stream.fileno())
        except (OSError, ValueError, AttributeError):
            ok = False
        if not ok:
            return _refuse("engine", f"standard {name} is closed: the engine reads requests on "
                                     f"standard input and answers on standard output.")
    from squabble.protocol import serve, InputFailed
    try:
        return serve(seat=seat)
    except InputFailed as e:
        _say(f"squabble engine: standard input cannot be read ({e}).")
        return 1
    except OSError as e:   # writing an answer: the reader went away, a full disk, ...
        return _output_failed("engine", e)


def _record_command(command: str, path: str) -> int:
    """``squabble replay`` / ``squabble export --text``: 0 when the record replays (and, for
    export, its log was printed), 1 with one sentence otherwise."""
    from squabble import records
    rec, why = records.read(path)
    if rec is None:
        _say(f"squabble {command}: {why}")
        return 1
    if command == "replay":
        result = records.verify(rec)
        if not result.ok:
            _say(f"squabble replay: {result.message}")
            return 1
        print(f"verified: {len(rec['moves'])} decisions of {records.TITLES[rec['game']]}, "
              f"{(rec.get('result') or {}).get('winner') or 'nobody'} won."
              + (f" {result.deal}: the server committed to it before the first card."
                 if result.deal else ""))
        return 0
    from squabble.export import export_text
    text, problem = export_text(rec)
    if problem:
        _say(f"squabble export: {problem}")
        return 1
    sys.stdout.write(text)
    return 0


def _simulate(args) -> int:
    if args.sim_seed is not None and args.seed is not None and args.sim_seed != args.seed:
        return _refuse("simulate", f"two different seeds were given ({args.seed} before the "
                                   f"command, {args.sim_seed} after it); give one.")
    seed = args.sim_seed if args.sim_seed is not None else (args.seed or 0)
    if args.game != "squabble" and args.events:
        return _refuse("simulate", "--events turns on Twilight Squabble's Event deck; "
                                   "Twilight Struggle has no such option.")
    from squabble.simulate import simulate
    options = {"events": True} if args.events else {}
    _say(f"squabble simulate: {args.games} {args.game} games from seed {seed} "
         f"(Ctrl-C stops early and prints what was measured).")
    try:
        result = simulate(args.game, args.games, seed, options, check=not args.no_check)
    except ValueError as e:
        _say(f"squabble simulate: {e}")
        return 1
    return 130 if result.get("interrupted") else 0


if __name__ == "__main__":
    raise SystemExit(main())
