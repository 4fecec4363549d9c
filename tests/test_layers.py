"""The layers' import rules, read from the source with Python's ``ast`` (nothing is imported):

- the rules engines (``squabble/games/``) import no pygame and nothing of the UI, the framework or
  the computer players;
- the framework (``squabble/framework/``) names no game: it imports no game's engine or UI and no
  identifier in it is a game's name;
- the shared menus (also the title, the options, the controls and the window's theme) import no
  game's engine or screens;
- the UI and the computer players read Twilight Struggle through its public modules only: the
  package's API, ``query`` and ``data``;
- no import cycle among the package's modules.

Which imports count: every one, at module level or inside a function.  An import inside a
function runs only when the function is called, which lets a module reach one that imports it
back without failing at import time; but the two modules still depend on each other, so the
cycle rule counts it like any other, as the layer rules do.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "squabble"
GAMES = ("squabble.games.squabble", "squabble.games.struggle")
GAME_UI = ("squabble.ui.squabble", "squabble.ui.struggle", "squabble.ui.table")


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}
PACKAGES = {m for m, p in MODULES.items() if p.name == "__init__.py"}


def _resolve(module: str, level: int, here: str) -> str:
    """The absolute name of a (maybe relative) import in module ``here``."""
    if not level:
        return module
    base = here.split(".") if here in PACKAGES else here.split(".")[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


class _Imports(ast.NodeVisitor):
    """Every import of one module as (target, at module level?)."""

    def __init__(self, here: str):
        self.here, self.depth, self.found = here, 0, []

    def _func(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _func

    def visit_Import(self, node):
        for a in node.names:
            self.found.append((a.name, self.depth == 0))

    def visit_ImportFrom(self, node):
        base = _resolve(node.module or "", node.level, self.here)
        for a in node.names:
            sub = f"{base}.{a.name}"
            # "from package import module" imports the module; "from module import name" the module
            self.found.append((sub if sub in MODULES else base, self.depth == 0))


def _tree(name: str) -> ast.Module:
    return ast.parse(MODULES[name].read_text(encoding="utf-8"), str(MODULES[name]))


def imports(name: str) -> list[tuple[str, bool]]:
    v = _Imports(name)
    v.visit(_tree(name))
    return v.found


def _under(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _modules_under(prefix: str) -> list[str]:
    return [m for m in MODULES if _under(m, (prefix,))]


def _offences(modules, forbidden) -> list[str]:
    return [f"{m} imports {t}" for m in modules for t, _ in imports(m) if _under(t, forbidden)]


# ---------------------------------------------------------------- the rules
def test_the_rules_engines_import_no_pygame_ui_framework_or_computer_player():
    engines = _modules_under("squabble.games")
    assert len(engines) > 10
    assert _offences(engines, ("pygame", "squabble.ui", "squabble.framework",
                               "squabble.ai")) == []


def test_the_framework_imports_no_game():
    framework = _modules_under("squabble.framework")
    assert len(framework) > 10
    assert _offences(framework, GAMES + ("squabble.ui", "squabble.ai")) == []


GAME_WORDS = re.compile(r"squabble|struggle|defcon|ussr|bop|mushroom|china|headline",
                        re.IGNORECASE)


def _identifiers(tree: ast.AST):
    """Names the code defines or uses (not strings, comments or docstrings; not import paths,
    whose first part is the package's own name)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name
        elif isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.arg
        elif isinstance(node, ast.alias) and node.asname:
            yield node.asname


def test_no_identifier_in_the_framework_is_a_games_name():
    found = sorted({f"{m}: {n}" for m in _modules_under("squabble.framework")
                    for n in _identifiers(_tree(m)) if GAME_WORDS.search(n)})
    assert found == []


SHARED_MENUS = ("squabble.ui.menu_scene", "squabble.ui.option_setup", "squabble.ui.settings",
                "squabble.ui.couch_prefs", "squabble.ui.menus", "squabble.ui.theme")


def test_the_shared_menus_import_no_game():
    assert all(m in MODULES for m in SHARED_MENUS)
    assert _offences(SHARED_MENUS, GAMES + GAME_UI) == []


def import_graph() -> dict[str, dict[str, int]]:
    """module -> {module it imports: the line of the first such import}, every import counted:
    inside functions too, a package's ``__init__`` importing its own modules and a module
    importing its package's ``__init__`` (``from . import name``) alike, and a call of
    ``__import__`` or ``importlib.import_module`` with a name written in the call."""
    graph: dict[str, dict[str, int]] = {m: {} for m in MODULES}
    for m in MODULES:
        for t, line in _imports_with_lines(m):
            while t and t not in MODULES:      # "import squabble.x.name" of a name: its module
                t = t.rpartition(".")[0]
            if t and t != m:
                graph[m].setdefault(t, line)
    return graph


def _dynamic_import(node) -> ast.expr | None:
    """The name argument of ``__import__(...)`` / ``importlib.import_module(...)``, else None."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    f = node.func
    if (isinstance(f, ast.Name) and f.id in ("__import__", "import_module")) or \
            (isinstance(f, ast.Attribute) and f.attr == "import_module"):
        return node.args[0]
    return None


def _imports_with_lines(name: str) -> list[tuple[str, int]]:
    out = []
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node.module or "", node.level, name)
            out += [(f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base, node.lineno)
                    for a in node.names]
        else:
            arg = _dynamic_import(node)
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append((arg.value, node.lineno))
    return out


#: the one import whose module is named at run time, and why it may be: a job for the computer
#: players' processes names its function as "module:function" (the pool imports no game)
DYNAMIC_IMPORTS = {"squabble.ai.pool"}


def test_every_import_names_its_module_in_the_code():
    """An import whose module is computed (``__import__(f"...{name}")``) is an edge no reader and
    no cycle check can see; only the pool's job dispatch may do it."""
    found = sorted(f"{m} (line {node.lineno})" for m in MODULES if m not in DYNAMIC_IMPORTS
                   for node in ast.walk(_tree(m))
                   if (arg := _dynamic_import(node)) is not None
                   and not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)))
    assert found == []


def cycles(graph) -> list[list[str]]:
    """Every cycle of ``graph``: one closed path through each strongly connected group."""
    return sorted(_closed_path(graph, g) for g in tied_groups(graph))


def tied_groups(graph) -> list[list[str]]:
    """The strongly connected groups (more than one module) of ``graph``: Tarjan's algorithm."""
    index, low, stack, on, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(groups)


def _closed_path(graph, group) -> list[str]:
    """A shortest closed path from the group's first module back to it, inside the group."""
    start, inside = group[0], set(group)
    came = {start: None}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v]):
            if w == start:
                path = [v]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1] + [start]
            if w in inside and w not in came:
                came[w] = v
                todo.append(w)
    return group + group[:1]


def _show(graph, path) -> str:
    return " -> ".join(f"{a} (line {graph[a][b]})" for a, b in zip(path, path[1:])) \
        + f" -> {path[-1]}"


def test_no_import_cycle_among_the_packages_modules():
    graph = import_graph()
    found = tied_groups(graph)
    assert not found, "import cycles:\n" + "\n".join(
        f"{_show(graph, _closed_path(graph, g))}\n  (modules tied together: {', '.join(g)})"
        for g in found)


def test_the_cycle_check_finds_every_cycle_inside_functions_too():
    graph = {"a": {"b": 1}, "b": {"c": 3}, "c": {"a": 9}, "d": {"e": 2}, "e": {"d": 4}, "f": {}}
    assert cycles(graph) == [["a", "b", "c", "a"], ["d", "e", "d"]]
    assert _show(graph, ["d", "e", "d"]) == "d (line 2) -> e (line 4) -> d"
    # an import inside a function is an edge, and so are a package's own: Grain Sales reaches
    # the engine's round loop; the Struggle package's __init__ loads the card modules
    graph = import_graph()
    assert "squabble.games.struggle.engine" in graph["squabble.games.struggle.events.mid_067_080"]
    assert "squabble.games.struggle.events.early" in graph["squabble.games.struggle"]


# ---------------------------------------------------------------- the Struggle engine's public face
STRUGGLE_PUBLIC = ("squabble.games.struggle.query", "squabble.games.struggle.data")


def _struggle_internals(modules) -> list[str]:
    out = []
    for m in modules:
        for t, _ in imports(m):
            if _under(t, ("squabble.games.struggle",)) and t != "squabble.games.struggle" \
                    and not _under(t, STRUGGLE_PUBLIC):
                out.append(f"{m} imports {t}")
    return out


def test_the_ui_and_the_ai_use_only_the_struggle_engines_public_modules():
    assert _struggle_internals(_modules_under("squabble.ui") + _modules_under("squabble.ai")) \
        == []


# ---------------------------------------------------------------- the window and its games
#: the window, the game pick (New game, Continue, attract mode) and the autosave: they reach a
#: game only through its entry in ``ui/games.py``, the one module of the window naming the games
WINDOW = ("squabble.ui.app", "squabble.ui.gamepick", "squabble.ui.savegame") + SHARED_MENUS


def test_the_window_reaches_each_game_only_through_the_registry_of_games():
    assert all(m in MODULES for m in WINDOW)
    assert _offences(WINDOW, GAMES + GAME_UI) == []
    entries = {t for t, _ in imports("squabble.ui.games")}
    assert {"squabble.ui.squabble.entry", "squabble.ui.struggle.entry"} <= entries


def test_every_game_entry_gives_what_the_window_asks():
    """A new game is a package and one line in each registry: its entry has every name the
    window, New game and Continue use (docs/ui.md, "Adding a game")."""
    from squabble.games import registry
    from squabble.ui import games
    assert list(games.GAMES) == list(registry.GAMES)
    for name, entry in games.GAMES.items():
        assert entry.NAME == name == entry.SAVES.name
        for attr in ("LABEL", "ABOUT", "COLOUR", "summary", "open_setup", "start",
                     "continue_saved", "start_demo", "toggle_rules", "decor"):
            assert hasattr(entry, attr), f"{name}: {attr}"


def test_the_rulebook_of_a_turn_is_below_the_window_and_the_server():
    """squabble/turn.py (issue 58): the couch, the engine protocol and the server all call it, so
    it imports no pygame, no sockets and nothing of the window, the framework or the server."""
    assert _offences(["squabble.turn"], ("pygame", "socket", "asyncio", "websockets",
                                         "squabble.ui", "squabble.framework",
                                         "squabble.online", "squabble.protocol")) == []


def test_the_online_wing_names_no_game_and_no_game_scene_names_it():
    """ui/online reaches a game only through its entry (``ui/games.py``, issue 58): it imports no
    game's engine or screens; and no game's screens import the online wing (the words while
    waiting and the line's state come through the flow)."""
    online = _modules_under("squabble.ui.online")
    assert len(online) >= 5
    assert _offences(online, GAMES + GAME_UI) == []
    game_ui = [m for p in GAME_UI for m in _modules_under(p)]
    assert _offences(game_ui, ("squabble.ui.online",)) == []
