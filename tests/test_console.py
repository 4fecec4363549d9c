"""The Windows game program has no console (issue 57, item 11): started from a terminal with a
command it attaches to that terminal's console (squabble/console.py), here with a stand-in for
Windows' kernel32; and the smoke test tells a GUI program from a console one by its PE header."""

import io
import sys

import pytest

from squabble import console
from tests.exe_smoke import CONSOLE, GUI, pe_subsystem


class FakeKernel32:
    def __init__(self, attach_ok=True):
        self.attach_ok = attach_ok
        self.asked = []

    def AttachConsole(self, pid):           # noqa: N802 (Windows' name)
        self.asked.append(pid)
        return 1 if self.attach_ok else 0


class FakeConsole:
    def __init__(self):
        self.opened = {}

    def __call__(self, name, mode, **kw):
        self.opened[name] = io.StringIO()
        return self.opened[name]


@pytest.fixture
def no_outputs(monkeypatch, capsys):
    """A program built without a console: Python has no standard streams (set in the test's
    own phase: pytest's capture sets them again between phases)."""
    def off():
        for name in ("stdout", "stderr", "stdin"):
            monkeypatch.setattr(sys, name, None)
    with capsys.disabled():
        yield off


def test_a_command_from_a_terminal_prints_in_its_console(no_outputs):
    no_outputs()
    k, con = FakeKernel32(), FakeConsole()
    assert console.attach_parent_console(["--version"], kernel32=k, opener=con)
    assert k.asked == [console.ATTACH_PARENT_PROCESS] and console.ATTACH_PARENT_PROCESS == \
        0xFFFFFFFF
    print("squabble 1.0")
    out = con.opened["CONOUT$"].getvalue()
    sys.stdout = sys.stderr = sys.stdin = None      # (before pytest's capture is restored)
    assert out.endswith("squabble 1.0\n")
    assert "CONIN$" in con.opened                    # `engine` reads the terminal


def test_the_version_is_printed_through_main_when_attached(no_outputs, monkeypatch):
    """squabble.cli.main attaches before argparse prints --version."""
    no_outputs()
    from squabble import cli
    con = FakeConsole()
    real = console.attach_parent_console
    monkeypatch.setattr(console, "attach_parent_console",
                        lambda argv: real(argv, kernel32=FakeKernel32(), opener=con))
    with pytest.raises(SystemExit) as e:
        cli.main(["--version"])
    out = con.opened["CONOUT$"].getvalue()
    sys.stdout = sys.stderr = sys.stdin = None
    assert e.value.code == 0 and "squabble " in out


@pytest.mark.parametrize("argv", [[], ["--demo"], ["--fullscreen", "--seed", "4"],
                                  ["--frames=30", "--screenshot", "a.png"]])
def test_a_double_click_or_the_window_alone_attaches_to_nothing(no_outputs, argv):
    no_outputs()
    k = FakeKernel32()
    assert not console.attach_parent_console(argv, kernel32=k, opener=FakeConsole())
    assert k.asked == []


def test_without_a_parent_console_nothing_is_opened(no_outputs):
    """Started from Explorer with arguments (a shortcut): no console to attach to."""
    no_outputs()
    con = FakeConsole()
    assert not console.attach_parent_console(["engine"], kernel32=FakeKernel32(False),
                                             opener=con)
    assert con.opened == {} and sys.stdout is None


def test_a_console_program_or_a_pipe_is_left_alone():
    k = FakeKernel32()
    assert sys.stdout is not None
    assert not console.attach_parent_console(["engine"], kernel32=k, opener=FakeConsole())
    assert k.asked == []


@pytest.mark.parametrize("argv,printed", [(["engine"], True), (["serve", "--port", "1"], True),
                                          (["--version"], True), (["--bogus"], True),
                                          (["--game", "struggle", "--demo"], False)])
def test_what_needs_a_console(argv, printed):
    assert console.needs_console(argv) is printed


def _pe(subsystem: int, plus: bool = True) -> bytes:
    head = bytearray(1024)
    head[:2] = b"MZ"
    head[0x3C:0x40] = (0x80).to_bytes(4, "little")
    head[0x80:0x84] = b"PE\0\0"
    opt = 0x80 + 24
    head[opt:opt + 2] = (0x20B if plus else 0x10B).to_bytes(2, "little")
    head[opt + 68:opt + 70] = subsystem.to_bytes(2, "little")
    return bytes(head)


@pytest.mark.parametrize("plus", [True, False])
def test_the_smoke_test_reads_a_programs_subsystem(tmp_path, plus):
    gui, con = tmp_path / "squabble.exe", tmp_path / "squabble-cli.exe"
    gui.write_bytes(_pe(GUI, plus))
    con.write_bytes(_pe(CONSOLE, plus))
    assert pe_subsystem(gui) == GUI and pe_subsystem(con) == CONSOLE
    (tmp_path / "elf").write_bytes(b"\x7fELF" + bytes(100))
    with pytest.raises(AssertionError):
        pe_subsystem(tmp_path / "elf")
