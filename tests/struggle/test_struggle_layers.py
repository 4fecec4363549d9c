"""The window and the computer player read the Twilight Struggle rules through the package's
API, ``data`` and ``query`` only (issue 19: no layer reaches into engine internals)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "squabble"
ALLOWED = {"squabble.games.struggle", "squabble.games.struggle.data",
           "squabble.games.struggle.query"}


def _struggle_imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "squabble.games":
                for a in node.names:
                    if a.name == "struggle":
                        yield "squabble.games.struggle"
            elif node.module.startswith("squabble.games.struggle"):
                for a in node.names:   # "from squabble.games.struggle import query" is a module
                    sub = f"{node.module}.{a.name}"
                    yield sub if node.module == "squabble.games.struggle" and a.name in (
                        "data", "query", "core", "engine", "describe", "events", "validation",
                        "bidding") else node.module
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("squabble.games.struggle"):
                    yield a.name


def test_ui_and_ai_import_only_the_public_struggle_modules():
    bad = []
    for part in ("ui", "ai", "framework"):
        for path in sorted((ROOT / part).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            for mod in _struggle_imports(path):
                if mod not in ALLOWED:
                    bad.append(f"{rel} imports {mod}")
    assert not bad, bad
