"""The play screens' on-screen buttons as records, and the one focus ring over them.

A view answers ``view_buttons()`` with :class:`Button` records (where each is, what it
says, what pressing it does, whether it may be pressed now); the base adds its own panel
buttons (Hint, Undo, Rules, Menu, drawn by pygame-gui) as records of the same kind.  The
base then does the rest the same way in every game: the mouse hit-test
(``button_at`` / ``click_button``), the keyboard and controller focus (``focus_key``,
``tab_buttons``, ``move_button_focus`` with the menus' own rule from
``scenes/focus.py``), pressing the focused button (Enter, Space, controller A) and the
ring drawn around it.  A view still draws its own buttons (each game has its look) and
decides how the focus gets from its board onto the buttons and back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from scenes.focus import nearest, wrap_around
from scenes.widgets import lighten, text_width

PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


@dataclass(frozen=True)
class Button:
    """One on-screen button: ``key`` names it (the focus and the tests use it),
    ``action`` is what a click, a tap or Enter on it does."""

    key: str
    rect: pygame.Rect
    label: str = ""
    action: Callable[[], None] | None = None
    enabled: bool = True
    group: str = ""  # buttons that belong together ("panel": the base's four)
    tooltip: str = ""
    style: str = "normal"  # how the view draws it: normal, primary, danger
    sound: str = "click"  # what a press sounds like ("" when the action has its own)


def label_size(theme, text: str, size: int, width: int, kind: str = "bold") -> int:
    """The font size a button label is drawn at: ``size``, or smaller down to three
    quarters of it when the words are wider than ``width`` (a German "Zurücknehmen" on
    a button laid out for "Take back"), so a label shrinks a little before it is cut."""
    floor = max(11, round(size * 0.75))
    while size > floor and text_width(theme.font(size, kind), text) > width:
        size -= 1
    return size


class ButtonFocus:
    """The base's half of the buttons (mixed into PlayScene, which sets ``focus_key``
    and ``buttons``, the pygame-gui panel buttons' actions)."""

    focus_key: str | None

    # -- the records --------------------------------------------------------------------
    def view_buttons(self) -> list[Button]:
        """Hook: the view's own buttons on screen now."""
        return []

    def panel_buttons(self) -> list[Button]:
        """The base's panel buttons (Hint, Undo, Rules, Menu), left to right, keyed
        ``panel:hint`` ... ``panel:menu``."""
        return [
            Button(
                f"panel:{getattr(self, '_panel_keys', {}).get(id(el), el.text.lower())}",
                pygame.Rect(el.rect),
                el.text,
                self.buttons[id(el)],
                el.is_enabled,
                "panel",
                el.tool_tip_text or "",
            )
            for el in self._panel_elements
            if el.visible
        ]

    def play_buttons(self) -> list[Button]:
        """Every button on screen: the view's, then the panel's."""
        return self.view_buttons() + self.panel_buttons()

    def focusable_buttons(self) -> list[Button]:
        """Hook: the buttons the focus ring may visit now, in Tab order.  By default
        the enabled ones (as in the menus); a view whose disabled buttons say why they
        cannot be pressed yet keeps them in."""
        return [b for b in self.play_buttons() if b.enabled]

    def button(self, key: str | None) -> Button | None:
        return next((b for b in self.play_buttons() if b.key == key), None)

    # -- the mouse ----------------------------------------------------------------------
    def button_at(self, pos) -> Button | None:
        """The view's button under ``pos`` (the panel's are pygame-gui's own)."""
        return next((b for b in self.view_buttons() if b.rect.collidepoint(pos)), None)

    def click_button(self, pos) -> bool:
        """A click or tap at ``pos``: True when it landed on a view button (pressed
        if enabled), so the board does not see it."""
        hit = self.button_at(pos)
        if hit is None:
            return False
        if hit.enabled:
            self.press_button(hit)
        return True

    def press_button(self, button: Button | str | None) -> bool:
        """Press ``button`` (or the one with that key) with its sound.  A
        disabled button pressed by key still runs: its action says why nothing happens
        ("Nothing to undo")."""
        if isinstance(button, str):
            button = self.button(button)
        if button is None or button.action is None:
            return False
        if button.sound:
            self.app.sound.play(button.sound)
        button.action()
        return True

    # -- the keyboard and controller focus ---------------------------------------------
    def focused_button(self) -> Button | None:
        if self.focus_key is None:
            return None
        return next((b for b in self.focusable_buttons() if b.key == self.focus_key), None)

    def check_button_focus(self) -> None:
        """Drop the focus when its button is gone (a new phase, a played action)."""
        if self.focus_key is not None and self.focused_button() is None:
            self.focus_key = None

    def press_focused(self) -> bool:
        """Enter / Space / controller A on the focused button.  If pressing it took
        the button away (Cancel, a played action), the focus goes with it."""
        pressed = self.press_button(self.focused_button())
        self.check_button_focus()
        return pressed

    def tab_buttons(self, d: int) -> None:
        """Tab (d = 1) / Shift+Tab (d = -1): the next button in order, round the end."""
        keys = [b.key for b in self.focusable_buttons()]
        if not keys:
            return
        if self.focus_key in keys:
            self.focus_key = keys[(keys.index(self.focus_key) + d) % len(keys)]
        else:
            self.focus_key = keys[0 if d > 0 else -1]
        self.app.sound.play("hover")

    def button_key(
        self,
        event: pygame.event.Event,
        back: tuple[tuple[int, int], ...] = ((-1, 0),),
        *,
        beside: bool = True,
        straight: bool = False,
    ) -> bool:
        """The keys every game gives its buttons while one holds the focus: Enter or
        Space (controller A / X) presses it, an arrow moves to the nearest button that
        way; an arrow with nothing that way hands the focus back to the board when its
        direction is in ``back`` (and is spent either way).  True when the key was
        used; False with no button focused.  How the focus first gets onto the buttons
        (Tab, an arrow past the board's edge) is the view's."""
        if self.focused_button() is None or event.type != pygame.KEYDOWN:
            return False
        if event.key in PRESS_KEYS:
            self.press_focused()
            return True
        if event.key not in ARROWS:
            return False
        dx, dy = ARROWS[event.key]
        moved = self.move_button_focus(dx, dy, beside=beside, straight=straight)
        if not moved and (dx, dy) in back:
            self.focus_key = None  # back to the board cursor
            self.app.sound.play("hover")
        return True

    def move_button_focus(
        self,
        dx: int,
        dy: int,
        origin: pygame.Rect | None = None,
        *,
        wrap: bool = False,
        beside: bool = True,
        straight: bool = False,
    ) -> bool:
        """An arrow: the nearest button that way from the focused one (or from
        ``origin``, e.g. the board cursor's cell, when none is focused; see
        ``scenes.focus.nearest`` for ``beside`` and ``straight``).  False when nothing lies that way
        (and ``wrap`` is off), so the view may take the key back (Left past the
        buttons returns to the board)."""
        buttons = self.focusable_buttons()
        here = self.focused_button()
        start = here.rect if here is not None else origin
        if not buttons or start is None:
            return False
        others = [(b.key, b.rect) for b in buttons if here is None or b.key != here.key]
        best = nearest(start, others, dx, dy, beside, straight)
        if best is None and wrap:
            best = wrap_around([(b.key, b.rect) for b in buttons], dx, dy)
        if best is None:
            return False
        self.focus_key = best
        self.app.sound.play("hover")
        return True

    def draw_focus_ring(self, surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
        """The pulsing ring around the focused button (or ``rect``), as in the menus."""
        if rect is None:
            focused = self.focused_button()
            if focused is None:
                return
            rect = focused.rect
        glow = 0.5 + 0.5 * math.sin(self.motion_ticks * 0.15)
        colour = lighten(self.app.theme["focus"], 0.3 * glow)
        pygame.draw.rect(surface, colour, rect.inflate(10, 10), 3, border_radius=16)


def focus_alias(doc: str) -> property:
    """A view's own name for the base's ``focus_key`` (the name its drawing and its
    tests read: Crystal Formation's ``strip_focus``, Element Shift's ``focus``)."""
    return property(
        lambda view: view.focus_key, lambda view, key: setattr(view, "focus_key", key), doc=doc
    )
