"""The Windows game program has no console (a double-click opens only the game window), so it
has nowhere to print: started with a command or ``--version`` from a terminal, it attaches to
that terminal's console, as far as Windows lets a program without one (the output may come
after the terminal's next prompt; ``squabble-cli.exe``, the console build in the same release,
is the program for commands).  Everywhere else, and wherever standard output already goes
somewhere (a console program, a pipe, a file), nothing changes."""

from __future__ import annotations

import sys

ATTACH_PARENT_PROCESS = -1 & 0xFFFFFFFF     # (DWORD)-1: the console of the parent process


def needs_console(argv: list[str]) -> bool:
    """Whether ``argv`` asks for anything printed (a command, --version, --help, a bad
    argument): everything but the game window's own options."""
    window_flags = {"--demo", "--fullscreen"}
    window_values = {"--game", "--frames", "--screenshot", "--seed"}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in window_flags:
            i += 1
        elif a in window_values:
            i += 2
        elif any(a.startswith(v + "=") for v in window_values):
            i += 1
        else:
            return True
    return False


def attach_parent_console(argv: list[str], kernel32=None, opener=open) -> bool:
    """Give the program the console of the terminal it was started from, when it has no
    output of its own and ``argv`` has something to print.  ``kernel32``: Windows' (ctypes)
    or a stand-in; ``opener``: how CONOUT$/CONIN$ are opened.  True when attached."""
    if sys.stdout is not None and sys.stderr is not None:
        return False
    if not needs_console(argv):
        return False
    if kernel32 is None:
        if sys.platform != "win32":
            return False
        import ctypes
        kernel32 = ctypes.windll.kernel32
    try:
        if not kernel32.AttachConsole(ATTACH_PARENT_PROCESS):
            return False        # started by a double-click or from a program without a console
        out = opener("CONOUT$", "w", encoding="utf-8", errors="replace")
        if sys.stdout is None:
            sys.stdout = out
        if sys.stderr is None:
            sys.stderr = out
        if sys.stdin is None:
            sys.stdin = opener("CONIN$", "r", encoding="utf-8", errors="replace")
    except OSError:
        return False
    print(file=sys.stdout)      # off the line the terminal's prompt is already on
    return True
