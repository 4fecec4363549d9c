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


# ---------------------------------------------------------------- handles on a scene
# A part given the whole scene (``MapInput(self)``, ``panels.draw_prompt(self, ...)``) reads and
# writes what the scene holds through its handle (``sc.choices``, ``self.scene.menu = None``),
# which the check above cannot see.  ``handle_uses`` follows the scene object from every call
# in the scene's class that passes ``self`` to a function or class of the package, into that
# callee's parameter (a class's ``self.Y = param`` makes ``self.Y`` a handle in all its methods,
# a local ``x = handle`` makes ``x`` one), and on through any further call of the package it is
# passed to; every ``handle.X`` (and ``getattr(handle, "X")``) there is a use of the scene.


def _module_of(obj):
    return importlib.import_module(obj.__module__)


def _resolve(module, func: ast.AST):
    """The object a call's ``func`` names in ``module`` (a name or ``name.attr``), or None."""
    if isinstance(func, ast.Name):
        return getattr(module, func.id, None)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return getattr(getattr(module, func.value.id, None), func.attr, None)
    return None


def _param_of(obj, call: ast.Call, is_handle) -> list:
    """The parameter names of ``obj`` (a function, or a class's ``__init__``) that receive a
    handle in ``call``."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return []
    params = [p for p in sig.parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    out = []
    for i, a in enumerate(call.args):
        if is_handle(a) and i < len(params):
            out.append(params[i].name)
    for k in call.keywords:
        if k.arg is not None and is_handle(k.value):
            out.append(k.arg)
    return out


def _function_node(obj):
    try:
        node = ast.parse(textwrap.dedent(inspect.getsource(obj))).body[0]
    except (OSError, TypeError, SyntaxError):
        return None
    return node


def handle_uses(package: str, scene_cls) -> list:
    """[(module, line, name, "read" | "write")] of every use of the scene ``scene_cls`` through
    a handle, in the package's code outside the scene's own class."""
    uses, seen, work = [], set(), []

    def targets(module, call, is_handle):
        obj = _resolve(module, call.func)
        if obj is None or not (getattr(obj, "__module__", None) or "").startswith(package) or \
                obj is scene_cls:
            return
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            return
        for p in _param_of(obj, call, is_handle):
            if (obj, p) not in seen:
                seen.add((obj, p))
                work.append((obj, p))

    scene_node = class_node(scene_cls)
    scene_mod = _module_of(scene_cls)
    for n in ast.walk(scene_node):
        if isinstance(n, ast.Call):
            targets(scene_mod, n, lambda a: isinstance(a, ast.Name) and a.id == "self")

    def scan(fn_nodes, module, names0, self_attrs):
        """Uses in each function of ``fn_nodes``: handles are the names in ``names0`` (for the
        first function only: the parameter) and ``self.<attr>`` for attr in ``self_attrs``."""
        for k, fn in enumerate(fn_nodes):
            names = set(names0) if k == 0 else set()

            def is_handle(e):
                if isinstance(e, ast.Name):
                    return e.id in names
                return (isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name)
                        and e.value.id == "self" and e.attr in self_attrs)
            # a local bound to a handle is one (``sc = self.scene``), in source order
            for n in ast.walk(fn):
                if isinstance(n, ast.Assign) and is_handle(n.value):
                    for t in n.targets:
                        if isinstance(t, ast.Name):
                            names.add(t.id)
            for n in ast.walk(fn):
                if isinstance(n, ast.Attribute) and is_handle(n.value):
                    kind = "write" if isinstance(n.ctx, (ast.Store, ast.Del)) else "read"
                    uses.append((module.__name__, n.lineno, n.attr, kind))
                elif isinstance(n, ast.Call):
                    if isinstance(n.func, ast.Name) and n.func.id in ("getattr", "hasattr",
                                                                      "setattr") \
                            and len(n.args) >= 2 and is_handle(n.args[0]) \
                            and isinstance(n.args[1], ast.Constant):
                        uses.append((module.__name__, n.lineno, n.args[1].value,
                                     "write" if n.func.id == "setattr" else "read"))
                    targets(module, n, is_handle)

    while work:
        obj, param = work.pop()
        module = _module_of(obj)
        src_line = inspect.getsourcelines(obj)[1]
        node = _function_node(obj)
        if node is None:
            continue
        off = src_line - 1
        if inspect.isfunction(obj):
            ast.increment_lineno(node, off)
            scan([node], module, {param}, set())
            continue
        init = next((f for f in node.body if isinstance(f, ast.FunctionDef)
                     and f.name == "__init__"), None)
        attrs = set()
        if init is not None:
            for n in ast.walk(init):
                if not isinstance(n, ast.Assign):
                    continue
                pairs = [(t, n.value) for t in n.targets]
                if isinstance(n.value, ast.Tuple):      # self.a, self.b = a, b
                    pairs = [(t, v) for tt in n.targets if isinstance(tt, ast.Tuple)
                             for t, v in zip(tt.elts, n.value.elts)]
                attrs |= {t.attr for t, v in pairs if isinstance(v, ast.Name) and v.id == param
                          and isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                          and t.value.id == "self"}
        ast.increment_lineno(node, off)
        fns = [f for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
        if init is not None:
            fns.remove(init)
            scan([init], module, {param}, attrs)
        for f in fns:
            scan([f], module, set(), attrs)
    return uses

