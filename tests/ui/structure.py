"""The check behind tests/ui/test_scene_structure.py: which ``self.`` attributes a class reads
that neither it nor one of its bases defines (a mixin leaning on what a sibling sets).

Read on the source with ``ast``: every ``self.X`` read (and ``getattr``/``hasattr(self, "X")``)
must be assigned to ``self`` somewhere in the same class, or be a method, property or class
attribute of its body, or be defined (the same way) by a class of its MRO."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import textwrap


def self_names(node: ast.AST) -> tuple[set, dict]:
    """(assigned names, {read name: first line}) of ``self.X`` in ``node`` (a class body)."""
    stored, read = set(), {}
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
            if isinstance(n.ctx, (ast.Store, ast.Del)):
                stored.add(n.attr)
            else:
                read.setdefault(n.attr, n.lineno)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and \
                n.func.id in ("getattr", "hasattr", "setattr") and len(n.args) >= 2 and \
                isinstance(n.args[0], ast.Name) and n.args[0].id == "self" and \
                isinstance(n.args[1], ast.Constant) and isinstance(n.args[1].value, str):
            if n.func.id == "setattr":
                stored.add(n.args[1].value)
            else:
                read.setdefault(n.args[1].value, n.lineno)
    return stored, read


def body_names(node: ast.ClassDef) -> set:
    """Methods, properties and class attributes written in the class body."""
    out = set()
    for n in node.body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.Assign):
            for t in n.targets:
                out |= {x.id for x in ast.walk(t) if isinstance(x, ast.Name)}
        elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            out.add(n.target.id)
    return out


def class_node(cls) -> ast.ClassDef | None:
    try:
        src = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return None
    node = ast.parse(src).body[0]
    return node if isinstance(node, ast.ClassDef) else None


def defined_with_bases(cls) -> set:
    """Everything ``cls`` and its bases define: namespaces and what their methods assign."""
    names = set()
    for k in cls.__mro__:
        if k is object:
            continue
        names |= set(vars(k))
        node = class_node(k)
        if node is not None:
            names |= body_names(node) | self_names(node)[0]
    return names


def package_classes(package: str) -> list:
    """(module name, class) of every class defined in the modules of ``package``."""
    pkg = importlib.import_module(package)
    out = []
    for path in sorted(pathlib.Path(pkg.__file__).parent.glob("*.py")):
        mod = pkg if path.stem == "__init__" else importlib.import_module(f"{package}.{path.stem}")
        for obj in vars(mod).values():
            if inspect.isclass(obj) and obj.__module__ == mod.__name__:
                out.append((mod.__name__, obj))
    return out


def strays(cls) -> dict:
    """{name: line} of the ``self.`` names ``cls`` reads that neither it nor a base defines."""
    node = class_node(cls)
    assert node is not None, cls
    _stored, read = self_names(node)
    known = defined_with_bases(cls)
    return {x: line for x, line in read.items() if x not in known}
