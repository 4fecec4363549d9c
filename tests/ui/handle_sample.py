"""A sample for tests/ui/test_scene_structure.py: a scene handing itself to its parts."""


def draw(sc):
    return sc.shown, helper(sc)


def helper(handle):
    return handle.t


class Part:
    def __init__(self, scene, other):
        self.scene, self.other = scene, other

    def act(self):
        sc = self.scene
        sc.menu = None
        return sc.choices, self.other.menu


class Scene:
    def __init__(self):
        self.shown = self.menu = self.choices = self.t = None
        self.part = Part(self, object())

    def draw(self):
        return draw(self), self.menu
