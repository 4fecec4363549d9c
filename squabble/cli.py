"""The ``squabble`` command: the game window by default, plus engine / simulate / tournament."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from squabble import __version__


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
    "quit), for bots, scripted tests and puzzle tools. Any bad line gets an "
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
    p.add_argument("--game", choices=["squabble", "struggle"], dest="demo_game",
                   help="with --demo: the game attract mode starts on (then they alternate)")
    p.add_argument("--frames", type=_positive, metavar="N",
                   help="quit after N frames (for tests and screenshots)")
    p.add_argument("--screenshot", metavar="FILE.png",
                   help="save the last frame as a PNG image (the folder must exist)")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument("--seed", type=_integer, metavar="SEED",
                   help="seed for new games (default: random); also the seed of 'simulate'")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("engine", help="speak the JSON Lines engine protocol on stdin/stdout",
                   description=ENGINE_DESCRIPTION)

    sim = sub.add_parser(
        "simulate", help="play random legal games and check invariants",
        description="Plays random legal games, checking the rules' invariants and a JSON round "
                    "trip after every step, and prints how the games ended. Ctrl-C stops early "
                    "and prints what was measured so far.")
    sim.add_argument("--game", choices=["squabble", "struggle"], default="squabble",
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
    sim.add_argument("--test-setup", action="store_true",
                     help="Twilight Struggle only: allow the engine test set-up while card "
                          "events are missing (random play never chooses a missing event)")

    tour = sub.add_parser(
        "tournament", help="computer players against each other",
        description="Plays computer players against each other, sides alternating, and prints "
                    "the score with its 95% Wilson interval, how the games ended and the time "
                    "per decision. Progress goes to stderr; Ctrl-C stops early and prints what "
                    "was measured so far.",
    )
    tour.add_argument("--game", choices=["squabble", "struggle"], default="squabble",
                      help="which game (default: squabble)")
    tour_levels = ["random", "easy", "normal", "hard", "greedy"]   # greedy: Struggle only
    tour.add_argument("--a", required=True, choices=tour_levels, metavar="LEVEL",
                      help="the first player: random, easy, normal, hard, or greedy "
                           "(Twilight Struggle only)")
    tour.add_argument("--b", required=True, choices=tour_levels, metavar="LEVEL",
                      help="the second player (same levels)")
    tour.add_argument("--games", type=_positive, default=100, metavar="N",
                      help="how many games (default: 100)")
    tour.add_argument("--seed", type=_integer, default=0, dest="tour_seed", metavar="SEED",
                      help="seed of the first game (default: 0)")
    tour.add_argument("--events", action="store_true",
                      help="Twilight Squabble only: play with the Event deck")
    return p


WINDOW_OPTIONS = ("demo", "frames", "screenshot", "fullscreen")


def _refuse(command: str | None, message: str) -> int:
    print(f"squabble{' ' + command if command else ''}: {message}", file=sys.stderr)
    return 2


def screenshot_problem(path: str) -> str | None:
    """None if a PNG can be written at ``path``, else why not.  Checked before the first frame
    so that a long run never ends in an error; missing folders are not created."""
    p = Path(path)
    if p.suffix.lower() != ".png":
        return f"the screenshot is saved as PNG, so its name must end in .png (got {path!r})."
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


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except KeyboardInterrupt:
        print("squabble: stopped (Ctrl-C).", file=sys.stderr)
        return 130


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
        from squabble.protocol import serve
        try:
            return serve()
        except BrokenPipeError:  # the program reading the answers went away
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):
                pass
            return 1
    if command == "simulate":
        return _simulate(args)
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
            print("squabble tournament: the computer players are not available in this build.",
                  file=sys.stderr)
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
    try:
        from squabble.ui.app import run_app
    except ImportError as e:
        print(f"squabble: the game window could not start ({e}). Is pygame-ce installed?",
              file=sys.stderr)
        return 1
    return run_app(args)


def _simulate(args) -> int:
    if args.sim_seed is not None and args.seed is not None and args.sim_seed != args.seed:
        return _refuse("simulate", f"two different seeds were given ({args.seed} before the "
                                   f"command, {args.sim_seed} after it); give one.")
    seed = args.sim_seed if args.sim_seed is not None else (args.seed or 0)
    if args.game != "squabble" and args.events:
        return _refuse("simulate", "--events turns on Twilight Squabble's Event deck; "
                                   "Twilight Struggle has no such option.")
    if args.game != "struggle" and args.test_setup:
        return _refuse("simulate", "--test-setup applies to Twilight Struggle only.")
    from squabble.games.registry import GameUnavailable
    from squabble.simulate import simulate
    options = {"events": True} if args.events else {}
    print(f"squabble simulate: {args.games} {args.game} games from seed {seed} "
          f"(Ctrl-C stops early and prints what was measured).", file=sys.stderr, flush=True)
    try:
        result = simulate(args.game, args.games, seed, options, check=not args.no_check,
                          test_setup=args.test_setup)
    except (GameUnavailable, ValueError) as e:
        print(f"squabble simulate: {e}", file=sys.stderr)
        return 1
    return 130 if result.get("interrupted") else 0


if __name__ == "__main__":
    raise SystemExit(main())
