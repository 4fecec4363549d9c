"""The ``squabble`` command: the game window by default, plus engine / simulate / tournament."""

from __future__ import annotations

import argparse
import os
import sys

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


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="squabble",
        description="Twilight Squabble: a ten-minute Cold War card game for two. "
                    "With no command, opens the game window.")
    p.add_argument("--version", action="version", version=f"squabble {__version__}")
    p.add_argument("--demo", action="store_true",
                   help="attract mode: the computer plays itself; any key returns to the title")
    p.add_argument("--game", choices=["squabble", "struggle"], dest="demo_game",
                   help="with --demo: the game attract mode starts on (then they alternate)")
    p.add_argument("--frames", type=_positive, metavar="N",
                   help="quit after N frames (for tests and screenshots)")
    p.add_argument("--screenshot", metavar="PATH", help="save the last frame as a PNG")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument("--seed", type=_integer, help="seed for new games (default: random)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("engine", help="speak the JSON Lines engine protocol on stdin/stdout")

    sim = sub.add_parser("simulate", help="play random legal games and check invariants")
    sim.add_argument("--game", choices=["squabble", "struggle"], default="squabble")
    sim.add_argument("--games", type=_positive, default=1000)
    sim.add_argument("--seed", type=_integer, default=0, dest="sim_seed")
    sim.add_argument("--events", action="store_true", help="Twilight Squabble: Event deck on")
    sim.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    sim.add_argument("--test-setup", action="store_true",
                     help="Twilight Struggle: allow the engine test set-up while card events "
                          "are missing (random play never chooses a missing event)")

    tour = sub.add_parser("tournament", help="computer players against each other")
    tour.add_argument("--game", choices=["squabble", "struggle"], default="squabble")
    tour.add_argument("--a", required=True, choices=["random", "easy", "normal", "hard"])
    tour.add_argument("--b", required=True, choices=["random", "easy", "normal", "hard"])
    tour.add_argument("--games", type=_positive, default=100)
    tour.add_argument("--seed", type=_integer, default=0, dest="tour_seed")
    tour.add_argument("--events", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "engine":
        from squabble.protocol import serve
        return serve()
    if args.command == "simulate":
        from squabble.games.registry import GameUnavailable
        from squabble.simulate import simulate
        options = {"events": True} if (args.game == "squabble" and args.events) else {}
        try:
            simulate(args.game, args.games, args.sim_seed, options, check=not args.no_check,
                     test_setup=args.test_setup)
        except (GameUnavailable, ValueError) as e:
            print(f"squabble simulate: {e}", file=sys.stderr)
            return 1
        return 0
    if args.command == "tournament":
        try:
            from squabble.ai.tournament import run_tournament
        except ImportError:
            print("squabble tournament: the computer players are not available in this build.",
                  file=sys.stderr)
            return 1
        return run_tournament(args)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from squabble.ui.app import run_app
    except ImportError as e:
        print(f"squabble: the game window could not start ({e}). Is pygame-ce installed?",
              file=sys.stderr)
        return 1
    return run_app(args)


if __name__ == "__main__":
    raise SystemExit(main())
