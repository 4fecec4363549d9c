"""Both games' scenes are built by composition (issue 19: "a game scene draws its own table or
map and nothing else; no mixins reading each other's attributes"), checked mechanically over the
source of ``squabble/ui/squabble/`` and ``squabble/ui/struggle/`` (tests/ui/structure.py):

* no class reads a ``self.X`` that neither it nor a base defines (a mixin leaning on what a
  sibling sets on the shared object fails);
* each game's scene derives from framework classes only: its parts are objects it holds, and
  the turn itself is the framework's ``TurnFlow``;
* no part reads or writes the scene through a handle on it (``MapInput(self)`` then
  ``sc.choices``, ``self.scene.menu = None``): each part is built with the collaborators it
  uses (issue 51)."""

from __future__ import annotations

import ast

import pytest

from tests.ui.structure import body_names, handle_uses, package_classes, self_names, strays

PACKAGES = {"squabble.ui.squabble": ("table", "TableScene"),
            "squabble.ui.struggle": ("scene", "StruggleScene")}


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_no_class_reads_an_attribute_another_class_sets(package):
    classes = package_classes(package)
    assert len(classes) >= 5
    problems = [f"{mod}.{cls.__name__} reads " + ", ".join(f"self.{n} (line {ln})"
                                                          for n, ln in sorted(bad.items()))
                for mod, cls in classes if (bad := strays(cls))]
    assert not problems, "attributes read but defined elsewhere (a mixin?):\n" + \
        "\n".join(problems)


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_the_scene_derives_from_framework_classes_only_and_holds_the_flow(package):
    import importlib
    module, name = PACKAGES[package]
    scene = getattr(importlib.import_module(f"{package}.{module}"), name)
    bases = [b for b in scene.__mro__[1:] if b is not object]
    assert bases and all(b.__module__.startswith("squabble.framework.") for b in bases), \
        [f"{b.__module__}.{b.__name__}" for b in bases]
    src = importlib.import_module(f"{package}.{module}").__file__
    assert "TurnFlow(" in open(src, encoding="utf-8").read()


def test_the_check_catches_a_mixin():
    """The check itself: a class reading what only its partner sets is reported, whether by
    attribute or by ``getattr``; what it assigns or defines itself is not."""
    src = ("class A:\n    size = 1\n    def __init__(self):\n        self.own = 0\n"
           "    def f(self):\n        return self.shown + self.g() + self.own + self.size + "
           "getattr(self, 'said', None)\n    def g(self):\n        return 1\n")
    node = ast.parse(src).body[0]
    stored, read = self_names(node)
    assert set(read) - (body_names(node) | stored) == {"shown", "said"}


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_no_part_uses_the_scene_through_a_handle(package):
    """The scene's attributes read or written through a handle outside the scene's own class:
    none (its parts get a model of what is shown, their collaborators and a few commands)."""
    import importlib
    module, name = PACKAGES[package]
    scene = getattr(importlib.import_module(f"{package}.{module}"), name)
    uses = handle_uses(package, scene)
    assert not uses, f"{len(uses)} uses of the scene through a handle:\n" + "\n".join(
        f"{mod}:{line} {kind}s .{attr}" for mod, line, attr, kind in sorted(uses)[:60])


def test_the_handle_check_follows_the_scene_into_its_parts():
    """The check itself, on a package made for it: a scene handing ``self`` to a part (a class
    keeping it, a function, and on through a call) is found at every read and write."""
    uses = handle_uses("tests.ui.handle_sample", __import__(
        "tests.ui.handle_sample", fromlist=["Scene"]).Scene)
    got = sorted((attr, kind) for _m, _l, attr, kind in uses)
    # (``self.other.menu`` is not the scene's)
    assert got == [("choices", "read"), ("menu", "write"), ("shown", "read"), ("t", "read")], got
