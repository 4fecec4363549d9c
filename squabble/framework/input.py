"""Keyboard, mouse and up to two gamepads turned into actions.

Gamepads use pygame-ce's SDL2 controller API and may be plugged in or out at any time; devices
that SDL does not recognise as game controllers are ignored.  Each pad gets a seat (0 or 1) in the
order it first speaks; the game decides which seat drives which side.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

try:  # the controller module is part of pygame-ce; guard odd builds
    from pygame._sdl2 import controller as _ctl
except Exception:  # pragma: no cover
    _ctl = None


@dataclass(frozen=True)
class Action:
    name: str                 # up down left right confirm back undo menu help fullscreen tab
    source: str = "keyboard"  # keyboard | pad | mouse
    seat: int | None = None   # gamepad seat 0/1
    number: int = 0           # for name == "number"
    shift: bool = False


KEYS = {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_RETURN: "confirm", pygame.K_KP_ENTER: "confirm", pygame.K_SPACE: "confirm",
    pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "undo", pygame.K_F1: "help",
    pygame.K_F11: "fullscreen", pygame.K_TAB: "tab", pygame.K_z: "zoom",
    pygame.K_h: "guide", pygame.K_t: "chat",    # (chat: an online game's box for a word)
}

PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    pygame.CONTROLLER_BUTTON_A: "confirm", pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "undo", pygame.CONTROLLER_BUTTON_Y: "zoom",
    pygame.CONTROLLER_BUTTON_START: "menu", pygame.CONTROLLER_BUTTON_BACK: "help",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "prev", pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "tab",
}

AXIS_THRESHOLD = 20000


class InputRouter:
    def __init__(self):
        self.pads: dict[int, object] = {}      # instance_id -> Controller (or None if posted)
        self.seats: dict[int, int] = {}        # instance_id -> seat
        self.axis_state: dict[tuple, int] = {}
        self.last_source = "mouse"
        self.ok = False
        if _ctl is not None:
            try:
                _ctl.init()
                self.ok = True
                for i in range(_ctl.get_count()):
                    self._open(i)
            except Exception:
                self.ok = False

    # -- devices -------------------------------------------------------------------------
    def _open(self, device_index: int) -> None:
        if not self.ok:
            return
        try:
            if not _ctl.is_controller(device_index):
                return  # a joystick SDL has no controller mapping for: ignore it
            pad = _ctl.Controller(device_index)
            iid = pad.as_joystick().get_instance_id()
            self.pads[iid] = pad
            self._seat(iid)
        except Exception:
            return

    def _seat(self, iid: int) -> int:
        if iid not in self.seats:
            used = set(self.seats.values())
            self.seats[iid] = 0 if 0 not in used else 1 if 1 not in used else 2
        return self.seats[iid]

    def pad_count(self) -> int:
        return len(self.seats)

    # -- events --------------------------------------------------------------------------
    def translate(self, ev) -> Action | None:
        t = ev.type
        if t == pygame.KEYDOWN:
            self.last_source = "keyboard"
            shift = bool(ev.mod & pygame.KMOD_SHIFT)
            if pygame.K_1 <= ev.key <= pygame.K_9:
                return Action("number", "keyboard", number=ev.key - pygame.K_0)
            if pygame.K_KP1 <= ev.key <= pygame.K_KP9:
                return Action("number", "keyboard", number=ev.key - pygame.K_KP1 + 1)
            name = KEYS.get(ev.key)
            if name == "tab" and shift:
                name = "prev"
            return Action(name, "keyboard", shift=shift) if name else Action("other", "keyboard")
        if t == pygame.CONTROLLERDEVICEADDED:
            self._open(ev.device_index)
            return None
        if t == pygame.CONTROLLERDEVICEREMOVED:
            iid = getattr(ev, "instance_id", None)
            self.pads.pop(iid, None)
            self.seats.pop(iid, None)
            return Action("pads_changed", "pad")
        if t == pygame.CONTROLLERBUTTONDOWN:
            iid = getattr(ev, "instance_id", 0)
            seat = self._seat(iid)
            self.last_source = "pad"
            name = PAD_BUTTONS.get(ev.button)
            return Action(name or "other", "pad", seat=seat)
        if t == pygame.CONTROLLERAXISMOTION:
            iid = getattr(ev, "instance_id", 0)
            if ev.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
                return None
            key = (iid, ev.axis)
            v = ev.value
            state = 1 if v > AXIS_THRESHOLD else -1 if v < -AXIS_THRESHOLD else 0
            if state == self.axis_state.get(key, 0):
                return None
            self.axis_state[key] = state
            if state == 0:
                return None
            seat = self._seat(iid)
            self.last_source = "pad"
            if ev.axis == pygame.CONTROLLER_AXIS_LEFTX:
                return Action("right" if state > 0 else "left", "pad", seat=seat)
            return Action("down" if state > 0 else "up", "pad", seat=seat)
        return None
