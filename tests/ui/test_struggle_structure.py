"""The Struggle map scene is built by composition (issue 19: "no mixins reading each other's
attributes").  Checked mechanically over the source of ``squabble/ui/struggle/``:

* every ``self.X`` a class reads is defined by that class (assigned on ``self`` in one of its
  methods, or a method, property or class attribute of its body) or by a base class from
  outside the package (the framework's ``Scene`` and the like): a class never leans on a name
  that only a sibling class sets on the shared object;
* ``StruggleScene`` derives from framework classes only (its parts are objects it holds).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from pathlib import Path

import pytest

import squabble.ui.struggle as pkg

PKG = pkg.__name__
FILES = sorted(Path(pkg.__file__).parent.glob("*.py"))


def _defined_in_body(node: ast.ClassDef) -> set:
    """Names a class body defines: methods, properties, class attributes, and every
    ``self.X`` one of its methods assigns (in any form: =, +=, a tuple, a for loop, with)."""
    out = set()
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(item.name)
        elif isinstance(item, ast.Assign):
            for t in item.targets:
                out |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            out.add(item.target.id)
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, (ast.Store, ast.Del)) \
                and isinstance(n.value, ast.Name) and n.value.id == "self":
            out.add(n.attr)
    return out


def _read_by(node: ast.ClassDef) -> dict:
    """{name: first line} of every ``self.X`` the class reads."""
    out = {}
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) \
                and isinstance(n.value, ast.Name) and n.value.id == "self":
            out.setdefault(n.attr, n.lineno)
    return out


def _outside_names(cls) -> set:
    """What the bases of ``cls`` from outside the package define: their attributes and the
    ``self.X`` their methods assign."""
    out = set()
    for base in cls.__mro__[1:]:
        if base is object or base.__module__.startswith(PKG + "."):
            continue
        out |= set(vars(base))
        try:
            src = textwrap.dedent(inspect.getsource(base))
        except (OSError, TypeError):
            continue
        tree = ast.parse(src)
        for n in tree.body:
            if isinstance(n, ast.ClassDef):
                out |= _defined_in_body(n)
    return out


def _classes(path: Path):
    mod = importlib.import_module(f"{PKG}.{path.stem}")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            yield node, getattr(mod, node.name)


def _strays(path: Path) -> list:
    """(class, name, line) of each ``self.X`` read that neither the class nor an outside base
    defines."""
    bad = []
    for node, cls in _classes(path):
        have = _defined_in_body(node) | _outside_names(cls)
        for name, line in sorted(_read_by(node).items()):
            if name not in have:
                bad.append((node.name, name, line))
    return bad


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_class_reads_only_what_it_or_an_outside_base_defines(path):
    bad = _strays(path)
    assert not bad, (f"{path.name}: attributes read but defined elsewhere (a mixin leaning on "
                     f"its siblings): " + ", ".join(f"{c}.{n} (line {ln})" for c, n, ln in bad))


def test_the_map_scene_derives_from_framework_classes_only():
    from squabble.ui.struggle.scene import StruggleScene
    bases = [b for b in StruggleScene.__mro__[1:] if b is not object]
    assert bases and all(b.__module__.startswith("squabble.framework.") for b in bases), \
        [f"{b.__module__}.{b.__name__}" for b in bases]


def test_the_check_catches_a_mixin():
    """The checker itself: a class reading what only a sibling sets is caught."""
    src = ("class A:\n    def f(self):\n        return self.shown\n"
           "class B:\n    def __init__(self):\n        self.own = 1\n"
           "    def g(self):\n        return self.own + self.h()\n    def h(self):\n"
           "        return 2\n")
    tree = ast.parse(src)
    a, b = tree.body
    assert set(_read_by(a)) - _defined_in_body(a) == {"shown"}
    assert set(_read_by(b)) - _defined_in_body(b) == set()
