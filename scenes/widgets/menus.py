"""Menus: the shared pygame-gui manager, fitted buttons, value cyclers (Control) and
MenuScene, the base of every menu screen."""

from __future__ import annotations

import json
import math
import warnings
from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame
import pygame_gui

import scenes.widgets.text as kit
from game.text import i18n
from scenes.focus import nearest, wrap_around
from scenes.input import PAUSE_KEY
from scenes.scene import AMBIENT, FULL, LOGICAL_SIZE, STILL, TICK_RATE, Scene
from scenes.widgets.backdrop import starfield_background
from scenes.widgets.panels import lighten, theme_still
from scenes.widgets.text import MIN_TARGET, RING, draw_text, record_gui


class GuiManager(pygame_gui.UIManager):
    """A pygame-gui manager on the app's look whose parsed theme is shared.

    Parsing the theme (its colours, fonts and shapes) took 25-40 ms, and every screen
    parsed it again when it opened: a fifth of the time the pause menu, game select
    or the rules took to appear.  The parsed theme is kept on the App, one per look
    (the theme's content is the key, so a text size or palette change gets its own),
    and only for that App's life: pygame's fonts inside it end with the App."""

    def __init__(self, app, **kwargs):
        self._themes = app.__dict__.setdefault("_gui_themes", {})
        self._look = app.theme.gui_theme()
        self._app = app
        super().__init__(LOGICAL_SIZE, self._look, **kwargs)
        # pygame-gui keeps the first manager made as the default for elements given
        # none (every element here is given its screen's): kept, it would hold the first
        # screen's buttons and their images for the whole run.
        if pygame_gui.core.utility.get_default_manager() is self:
            pygame_gui.core.utility.set_default_manager(None)

    def _update_mouse_position(self):
        # The pointer on the canvas as the App mapped it from the window (SDL's own
        # position is in window pixels, which differ from the canvas's in any window
        # not exactly 1280x720).
        self.mouse_position = tuple(self._app.pointer)

    def look_key(self) -> tuple:
        """What the manager's elements show now: each visible element's image and
        place.  A change means a frame must be drawn (a hover fading in, a tooltip
        appearing, a text cursor blinking), though no input came."""
        return tuple(
            (id(sp.image), sp.rect.topleft, sp.rect.size, getattr(sp, "cursor_on", None))
            for sp in self.ui_group.sprites()
            if getattr(sp, "visible", True) and sp.image is not None
        )

    def create_new_theme(self, theme_path=None):
        if not isinstance(theme_path, dict):
            return super().create_new_theme(theme_path)
        key = json.dumps(theme_path, sort_keys=True, default=str)
        theme = self._themes.get(key)
        if theme is None:
            theme = super().create_new_theme(theme_path)
            while len(self._themes) >= 4:  # older looks: drop the oldest
                self._themes.pop(next(iter(self._themes)))
            self._themes[key] = theme
        return theme

    def draw_ui(self, window_surface: pygame.Surface) -> None:
        super().draw_ui(window_surface)
        if kit.TEXT_LOG is not None:
            record_gui(self, window_surface)

    def follow(self, look: dict) -> None:
        """Re-theme every element with the (shared) theme of ``look``."""
        self.set_ui_theme(self.create_new_theme(look), update_all_sprites=True)


def follow_look(ui: pygame_gui.UIManager, theme, seen: int) -> int:
    """Re-theme a pygame-gui manager built before the player changed the text size or
    palette (the settings page changes them while the screens below stay open)."""
    if seen == theme.generation:
        return seen
    if isinstance(ui, GuiManager):
        # never load into the shared theme in place: other screens' managers use it
        ui.follow(theme.gui_theme())
    else:
        ui.get_theme().load_theme(theme.gui_theme())
        ui.rebuild_all_from_changed_theme_data()
    return theme.generation


def fit_buttons(ui: pygame_gui.UIManager, theme) -> None:
    """Buttons whose label does not fit get a smaller font: at a bigger text size it
    steps back towards the designed size (a fixed-size button on a play screen has no
    room to grow), and a long translation ("Barrierefreiheit" on a settings tab) may
    go down to 75 % of the designed size before anything is cut (as a line of text
    does in draw_text).  A label that fits
    is left alone; each button is measured again only when its text, width or the
    look changed."""
    fonts = None
    for el in ui.get_sprite_group().sprites():
        if not isinstance(el, pygame_gui.elements.UIButton) or not el.text:
            continue
        seen = (el.text, el.rect.w, theme.generation)
        if getattr(el, "_fit_seen", None) == seen:
            continue
        el._fit_seen = seen
        font = getattr(el, "font", None)
        if font is None or font.size(el.text)[0] <= el.rect.w - 12:
            continue
        size = font.point_size if hasattr(font, "point_size") else None
        if not size:
            continue
        designed = round(size / theme.text_scale)
        floor = min(designed, max(1, round(designed * 0.75)))
        fonts = fonts or ui.get_theme().get_font_dictionary()
        for step in range(size - 1, floor - 1, -1):
            with warnings.catch_warnings():
                # pygame-gui loads a size it has not seen yet, and says so: expected here.
                warnings.simplefilter("ignore", UserWarning)
                smaller = fonts.find_font(step, "noto_sans", bold=True)
            if smaller.size(el.text)[0] <= el.rect.w - 12 or step == floor:
                el.font = smaller
                el.rebuild()
                break


# -- menus ------------------------------------------------------------------------
@dataclass
class Control:
    element: pygame_gui.core.UIElement
    action: Callable[[], None] | None = None
    left: Callable[[], None] | None = None  # cyclers: arrow keys change the value
    right: Callable[[], None] | None = None
    sound: str = "click"
    data: dict = field(default_factory=dict)
    primary: bool = False  # the screen's main action: what Start (Pause) presses


class MenuScene(Scene):
    """A screen of pygame-gui controls with a focus ring for keys and controllers.

    A menu is still: its dust and its focus ring's pulse move while the player acts
    (``Scene.active``) and then hold, and a frame is drawn only when a control's look
    changes (``GuiManager.look_key``, checked every tick).  A screen with motion of its
    own sets ``animated`` (the title's crystals) or answers ``frame_rate`` itself."""

    background = "background"
    animated = False

    def __init__(self, app):
        super().__init__(app)
        self.ui = GuiManager(app, enable_live_theme_updates=False)
        self.ui_look = app.theme.generation
        self.ui_language = i18n.generation()
        self.controls: list[Control] = []
        self.focus_index = -1
        self._by_element: dict[int, Control] = {}
        self._ui_drawn: tuple | None = None
        # A control reached by keys shows its tooltip after the same rest a hovering
        # pointer needs: ticks left until then, or None when no tooltip is due.
        self._focus_tip_in: int | None = None

    # building
    def button(
        self,
        rect,
        text: str,
        action=None,
        *,
        object_id: str | None = None,
        tooltip: str | None = None,
        sound: str = "click",
        left=None,
        right=None,
        enabled: bool = True,
    ) -> Control:
        rect = pygame.Rect(rect)
        rect.h = max(rect.h, MIN_TARGET)
        rect.w = max(rect.w, MIN_TARGET)
        el = pygame_gui.elements.UIButton(
            rect, text, self.ui, tool_tip_text=tooltip, object_id=object_id
        )
        if not enabled:
            el.disable()
        c = Control(el, action, left, right, sound, primary=object_id == "#primary")
        self.controls.append(c)
        self._by_element[id(el)] = c
        return c

    def cycler(
        self,
        rect,
        label: str,
        values: Sequence,
        current,
        on_change,
        *,
        fmt: Callable = str,
        tooltip: str | None = None,
        object_id: str | None = None,
    ) -> Control:
        """A button showing ``label: value``; press or Right for the next value, Left
        for the previous one."""
        state = {"i": list(values).index(current) if current in values else 0}

        def text() -> str:
            return (
                # Not a message of its own: the label and the value are translated, and
                # a gettext wrapper here would hide an untranslated label from the
                # pseudo-locale sweep inside its brackets.
                f"{label}:  ‹ {fmt(values[state['i']])} ›"
                if label
                else f"‹ {fmt(values[state['i']])} ›"
            )

        def step(d: int) -> None:
            state["i"] = (state["i"] + d) % len(values)
            control.element.set_text(text())
            on_change(values[state["i"]])

        control = self.button(
            rect,
            text(),
            lambda: step(1),
            tooltip=tooltip,
            object_id=object_id,
            left=lambda: step(-1),
            right=lambda: step(1),
        )
        control.data["values"] = values
        control.data["state"] = state
        control.data["label"] = label  # spoken with the value (scenes/speech/screens.py)
        control.data["fmt"] = fmt
        control.data["step"] = step
        return control

    def clear_controls(self) -> None:
        for c in self.controls:
            c.element.kill()
        self.controls.clear()
        self._by_element.clear()
        self.focus_index = -1

    # focus
    def focusable(self) -> list[int]:
        return [
            i for i, c in enumerate(self.controls) if c.element.is_enabled and c.element.visible
        ]

    def set_focus(self, index: int) -> None:
        self._focus_tip_in = None
        if 0 <= self.focus_index < len(self.controls):
            el = self.controls[self.focus_index].element
            if hasattr(el, "unselect"):
                el.unselect()
            if index != self.focus_index and not el.hovered:
                self._drop_tooltip(el)
        self.focus_index = index
        if 0 <= index < len(self.controls):
            el = self.controls[index].element
            if hasattr(el, "select"):
                el.select()

    def move_focus(self, dx: int, dy: int) -> None:
        options = self.focusable()
        if not options:
            return
        if self.focus_index not in options:
            self.set_focus(options[0])
            return
        cur = self.controls[self.focus_index].element.rect
        others = [(i, self.controls[i].element.rect) for i in options if i != self.focus_index]
        best = nearest(cur, others, dx, dy)
        if best is None:
            best = wrap_around([(i, self.controls[i].element.rect) for i in options], dx, dy)
        self.set_focus(best)
        self._arm_focus_tip()
        self.app.sound.play("hover")

    def tab_focus(self, d: int) -> None:
        options = self.focusable()
        if not options:
            return
        if self.focus_index not in options:
            self.set_focus(options[0] if d > 0 else options[-1])
        else:
            k = options.index(self.focus_index)
            self.set_focus(options[(k + d) % len(options)])
        self._arm_focus_tip()
        self.app.sound.play("hover")

    # a tooltip for the keys and the controller, as the pointer gets one by hovering
    def _arm_focus_tip(self) -> None:
        if 0 <= self.focus_index < len(self.controls):
            el = self.controls[self.focus_index].element
            if getattr(el, "tool_tip_text", None) and el.tool_tip is None:
                self._focus_tip_in = max(1, round(el.tool_tip_delay * TICK_RATE))

    def _drop_tooltip(self, el) -> None:
        if getattr(el, "tool_tip", None) is not None:
            el.tool_tip.kill()
            el.tool_tip = None
            self.app.request_frame()

    def _show_focus_tip(self) -> None:
        """The focused control's tooltip, placed where a pointer resting on the
        control's middle would have it."""
        if not 0 <= self.focus_index < len(self.controls):
            return
        el = self.controls[self.focus_index].element
        if not (el.alive() and el.visible and el.tool_tip_text) or el.tool_tip is not None:
            return
        el.tool_tip = self.ui.create_tool_tip(
            text=el.tool_tip_text,
            position=(el.rect.centerx, el.rect.centery),
            hover_distance=(0, el.rect.height // 2),
            parent_element=el,
            object_id=el.tool_tip_object_id,
            wrap_width=el.tool_tip_wrap_width,
            text_kwargs=el.tool_tip_text_kwargs,
        )
        self.app.request_frame()

    def activate(self, control: Control) -> None:
        if control.action:
            self.app.sound.play(control.sound)
            control.action()

    # scene protocol
    def on_back(self) -> None:
        """Escape / controller B.  Menus go back one screen."""
        self.app.sound.play("back")
        self.app.pop()

    def on_start(self) -> None:
        """Pause / controller Start: the screen's main action (Play, Start, Resume,
        Rematch, OK) when it has one, else the same as Back."""
        for c in self.controls:
            if c.primary and c.element.is_enabled and c.element.visible:
                self.activate(c)
                return
        self.on_back()

    def handle(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
            and self._typing()
        ):
            # A one-line box has no use for Up, Down or Tab: they leave it and move the
            # focus ring, so a d-pad (its Up and Down arrive as these keys) is never
            # stuck in a box that was focused for typing.
            self.ui.set_focus_set(None)
            self.handle_key(event)
            return
        if event.type == pygame.MOUSEMOTION and 0 <= self.focus_index < len(self.controls):
            # the pointer takes over: a tooltip the keys opened goes, hovering shows its own
            self._focus_tip_in = None
            el = self.controls[self.focus_index].element
            if not el.hover_point(*event.pos):
                self._drop_tooltip(el)
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            c = self._by_element.get(id(event.ui_element))
            if c:
                # A click moves the focus ring to what it pressed (the keys go on from
                # there); an action that rebuilds the screen places the ring itself.
                index = self.controls.index(c)
                if index in self.focusable():
                    self.set_focus(index)
                self.activate(c)
            return
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            self.app.sound.play("hover")
            return
        if event.type == pygame.KEYDOWN and not consumed and not self._typing():
            self.handle_key(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_back()
            return
        if event.type == pygame.KEYDOWN and event.key == PAUSE_KEY:
            self.on_start()
            return
        if not consumed:
            self.handle_other(event)

    def _typing(self) -> bool:
        focused = self.ui.get_focus_set()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in (focused or ()))

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        focused = (
            self.controls[self.focus_index] if 0 <= self.focus_index < len(self.controls) else None
        )
        if k == pygame.K_ESCAPE:
            self.on_back()
        elif k == PAUSE_KEY:
            self.on_start()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if focused is None:
                self.tab_focus(1)
            else:
                self.activate(focused)
        elif k == pygame.K_TAB:
            self.tab_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and focused and focused.left:
            self.app.sound.play("click")
            (focused.left if k == pygame.K_LEFT else focused.right)()
        elif k == pygame.K_UP:
            self.move_focus(0, -1)
        elif k == pygame.K_DOWN:
            self.move_focus(0, 1)
        elif k == pygame.K_LEFT:
            self.move_focus(-1, 0)
        elif k == pygame.K_RIGHT:
            self.move_focus(1, 0)
        else:
            self.handle_other(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        """Input that no control took (drags, wheel, letters)."""

    def update(self) -> None:
        super().update()
        self.follow_language()
        if self._focus_tip_in is not None:
            self._focus_tip_in -= 1
            if self._focus_tip_in <= 0:
                self._focus_tip_in = None
                self._show_focus_tip()
        if self.gui_step(self.ui) and self.ui.look_key() != self._ui_drawn:
            self.app.request_frame()  # a hover fading, a tooltip, a caret blinking

    def frame_rate(self) -> int:
        if self.animated and not theme_still(self.app.theme):
            return AMBIENT
        return FULL if self.active() else STILL

    def follow_language(self) -> None:
        """Relabel once after the language changed (Settings > Language): the screens
        below the settings are rebuilt when they come back on top, before they are
        drawn."""
        if self.ui_language != i18n.generation():
            self.ui_language = i18n.generation()
            self.relabel()

    def relabel(self) -> None:
        """Build the widgets again in the new language, the focus kept where it was.
        A screen that builds its controls in ``build()`` needs nothing more; one that
        builds them elsewhere overrides this."""
        build = getattr(self, "build", None)
        if not callable(build):
            return
        focus = self.focus_index
        build()
        if 0 <= focus < len(self.controls):
            self.set_focus(focus)

    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, self.motion_ticks)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.follow_language()
        self.ui_look = follow_look(self.ui, self.app.theme, self.ui_look)
        fit_buttons(self.ui, self.app.theme)
        self.draw_background(surface)
        self.draw_content(surface, alpha)
        self.ui.draw_ui(surface)
        self._ui_drawn = self.ui.look_key()
        self.draw_focus(surface)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None: ...

    def draw_focus(self, surface: pygame.Surface) -> None:
        if 0 <= self.focus_index < len(self.controls):
            el = self.controls[self.focus_index].element
            if el.visible:
                pulse = (
                    0.5
                    if theme_still(self.app.theme)
                    else 0.5 + 0.5 * math.sin(self.motion_ticks * 0.15)
                )
                colour = lighten(self.app.theme["focus"], 0.3 * pulse)
                ring = el.rect.inflate(2 * RING, 2 * RING)
                pygame.draw.rect(surface, colour, ring, 3, border_radius=16)

    # helpers for screens
    def title(self, surface: pygame.Surface, text: str, y: int = 40) -> pygame.Rect:
        """A screen's decorative heading, centred at ``y``; returns where it was drawn."""
        return draw_text(
            surface,
            text,
            self.app.theme.heading(52),  # decorative: its size at every text size
            self.app.theme["accent"],
            (LOGICAL_SIZE[0] // 2, y),
            "midtop",
            shadow=True,
        )
