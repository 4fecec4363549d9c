"""Child processes that a test interrupts with Ctrl-C (SIGINT), as a terminal would.

A shell that starts a job in the background without job control starts it with SIGINT ignored,
and a child inherits that: Python then never turns SIGINT into KeyboardInterrupt, and a test of
Ctrl-C would fail (or hang) for a reason that has nothing to do with the program.  Starting the
child with SIGINT at its default, as a terminal's foreground job has it, makes such a test mean
the same wherever the suite is run from."""

import signal


def sigint_as_in_a_terminal() -> None:
    """``preexec_fn`` of ``subprocess.Popen`` (POSIX): SIGINT back to its default action."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
