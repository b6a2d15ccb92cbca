"""A control reached with the keys (or a controller's d-pad) shows its tooltip after the
same rest a hovering pointer needs, at the text size the player chose; moving on takes
it away, and the pointer moving off the control does too."""

from __future__ import annotations

import pygame
import pygame_gui

from scenes.scene import TICK_RATE


def tooltips(scene) -> list:
    return [
        e
        for e in scene.ui.get_sprite_group().sprites()
        if isinstance(e, pygame_gui.elements.UITooltip) and e.alive()
    ]


def tab_to_a_tooltip(app, scene):
    """Tab until the focused control has a tooltip; its index."""
    for _ in range(len(scene.controls) + 1):
        app.post_key(pygame.K_TAB)
        app.run_ticks(1)
        el = scene.controls[scene.focus_index].element
        if el.tool_tip_text:
            return scene.focus_index
    raise AssertionError("no control of this screen has a tooltip")


def test_the_focused_control_shows_its_tooltip_after_a_rest(app):
    app.open("settings")
    app.run_ticks(2)
    settings = app.top
    i = tab_to_a_tooltip(app, settings)
    el = settings.controls[i].element
    assert not tooltips(settings)  # not at once: the keys pass over controls quickly
    app.run_ticks(round(el.tool_tip_delay * TICK_RATE) + 2)
    shown = tooltips(settings)
    assert len(shown) == 1 and el.tool_tip is shown[0]
    assert shown[0].rect.top >= el.rect.top  # beside the control, not over the screen's top
    # moving on takes it away (and the next control's own comes after its rest)
    app.post_key(pygame.K_TAB)
    app.run_ticks(1)
    assert el.tool_tip is None and not [t for t in tooltips(settings) if t is shown[0]]


def test_the_pointer_moving_off_drops_a_tooltip_the_keys_opened(app):
    app.open("settings")
    app.run_ticks(2)
    settings = app.top
    i = tab_to_a_tooltip(app, settings)
    el = settings.controls[i].element
    app.run_ticks(round(el.tool_tip_delay * TICK_RATE) + 2)
    assert el.tool_tip is not None
    far = (5, 5) if not el.rect.collidepoint(5, 5) else (1270, 715)
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_ticks(2)
    assert el.tool_tip is None and not tooltips(settings)


def test_a_tooltip_shown_by_the_keys_grows_with_the_text_size(app):
    from scenes.theme import apply_look

    heights = []
    for size in (100, 150):
        app.settings.text_size = size
        apply_look(app)
        app.open("settings")
        app.run_ticks(2)
        settings = app.top
        i = tab_to_a_tooltip(app, settings)
        el = settings.controls[i].element
        app.run_ticks(round(el.tool_tip_delay * TICK_RATE) + 2)
        heights.append(el.tool_tip.rect.h)
        app.pop()
        app.run_ticks(2)
    assert heights[1] > heights[0]
