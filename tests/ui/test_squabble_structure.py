"""The Squabble table is built by composition (issue 19): no class of ``squabble/ui/squabble/``
reads a ``self.`` attribute that neither it nor one of its declared bases defines (a mixin that
reads what another mixin set fails), and the table scene's bases are framework classes only.

Checked on the source with ``ast``: every ``self.X`` read (and ``getattr(self, "X")``) must be
assigned to ``self`` in the same class, or be a method, property or class attribute of the class,
or be defined by a base class (a base outside the package counts with everything it or its own
bases define or assign to ``self``)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import textwrap

import squabble.ui.squabble as PKG

PKG_DIR = pathlib.Path(PKG.__file__).parent
PKG_NAME = PKG.__name__


def _self_names(node: ast.AST) -> tuple[set, set]:
    """(assigned, read) names of ``self.X`` in ``node`` (a class body)."""
    stored, read = set(), set()
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
            (stored if isinstance(n.ctx, (ast.Store, ast.Del)) else read).add(n.attr)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and \
                n.func.id in ("getattr", "hasattr", "setattr") and len(n.args) >= 2 and \
                isinstance(n.args[0], ast.Name) and n.args[0].id == "self" and \
                isinstance(n.args[1], ast.Constant) and isinstance(n.args[1].value, str):
            (stored if n.func.id == "setattr" else read).add(n.args[1].value)
    return stored, read


def _body_names(cls_node: ast.ClassDef) -> set:
    """Methods, properties and class attributes written in the class body."""
    out = set()
    for n in cls_node.body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.Assign):
            for t in n.targets:
                for x in ast.walk(t):
                    if isinstance(x, ast.Name):
                        out.add(x.id)
        elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            out.add(n.target.id)
    return out


def _class_node(cls) -> ast.ClassDef | None:
    try:
        src = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return None
    node = ast.parse(src).body[0]
    return node if isinstance(node, ast.ClassDef) else None


def _defined_by(cls) -> set:
    """Everything ``cls`` itself defines: its namespace and what its methods assign to self."""
    names = set(vars(cls))
    node = _class_node(cls)
    if node is not None:
        names |= _body_names(node) | _self_names(node)[0]
    return names


def _defined_with_bases(cls) -> set:
    names = set()
    for k in cls.__mro__:
        if k is not object:
            names |= _defined_by(k)
    return names


def package_classes():
    """(module name, class) of every class defined in squabble/ui/squabble/."""
    out = []
    for path in sorted(PKG_DIR.glob("*.py")):
        mod = importlib.import_module(f"{PKG_NAME}.{path.stem}") if path.stem != "__init__" \
            else PKG
        for _name, obj in vars(mod).items():
            if inspect.isclass(obj) and obj.__module__ == mod.__name__:
                out.append((mod.__name__, obj))
    return out


def strays(cls) -> set:
    """``self.`` names ``cls`` reads that neither it nor a declared base defines."""
    node = _class_node(cls)
    assert node is not None, cls
    _stored, read = _self_names(node)
    known = _defined_with_bases(cls)
    return {x for x in read if x not in known}


def test_the_package_has_classes_to_check():
    names = {c.__name__ for _m, c in package_classes()}
    assert "TableScene" in names and len(names) >= 5


def test_no_class_reads_an_attribute_another_class_sets():
    problems = []
    for mod, cls in package_classes():
        bad = strays(cls)
        if bad:
            problems.append(f"{mod}.{cls.__name__} reads self.{', self.'.join(sorted(bad))}")
    assert not problems, "attributes read but defined elsewhere (a mixin?):\n" + \
        "\n".join(problems)


def test_the_table_scene_is_built_on_framework_classes_only():
    from squabble.ui.squabble.table import TableScene
    for base in TableScene.__bases__:
        assert base.__module__.startswith("squabble.framework."), \
            f"TableScene derives from {base.__module__}.{base.__name__}, not a framework class"


def test_the_check_catches_a_mixin():
    """The check itself: a class reading what only its partner sets is reported, whether by
    attribute or by ``getattr``; what it assigns or defines itself is not."""
    src = ("class A:\n    size = 1\n    def __init__(self):\n        self.own = 0\n"
           "    def f(self):\n        return self.shown + self.g() + self.own + self.size + "
           "getattr(self, 'said', None)\n    def g(self):\n        return 1\n")
    node = ast.parse(src).body[0]
    stored, read = _self_names(node)
    assert read - (_body_names(node) | stored) == {"shown", "said"}
