"""Screens driven headless with synthetic events."""

import json

import pygame
import pytest

from scenes.boot import make_app
from scenes.config import Settings


def names(app):
    return [s.name for s in app.stack]


def press(app, key, n=1):
    for _ in range(n):
        app.post_key(key)
        app.run_ticks(1)


def focused_text(app):
    scene = app.top
    return scene.controls[scene.focus_index].element.text


def test_title_to_select_to_settings_and_back_with_keys(app):
    assert names(app) == ["title"]
    assert focused_text(app) == "Play"
    press(app, pygame.K_RETURN)
    assert names(app) == ["title", "select"]
    press(app, pygame.K_ESCAPE)
    assert names(app) == ["title"]
    # Play, Rules, Settings, Quit
    press(app, pygame.K_DOWN, 2)
    assert focused_text(app) == "Settings"
    press(app, pygame.K_RETURN)
    assert names(app) == ["title", "settings"]
    # toggle colour-blind glyphs with the keyboard: it applies and is saved at once
    press(app, pygame.K_DOWN, 4)
    assert focused_text(app).startswith("Colour-blind glyphs")
    press(app, pygame.K_RIGHT)
    assert app.settings.colour_blind is True
    saved = json.loads(app.paths.settings.read_text())
    assert saved["colour_blind"] is True
    press(app, pygame.K_ESCAPE)
    assert names(app) == ["title"]


def test_mouse_clicks_reach_buttons(app):
    scene = app.top
    play = next(c for c in scene.controls if c.element.text == "Play")
    app.post_click(play.element.rect.center)
    app.run_ticks(1)
    assert names(app) == ["title", "select"]
    back = next(c for c in app.top.controls if c.element.text == "Back")
    app.post_click(back.element.rect.center)
    app.run_ticks(1)
    assert names(app) == ["title"]


def test_finger_tap_counts_once_and_sdl_mouse_copy_is_ignored(app):
    scene = app.top
    play = next(c for c in scene.controls if c.element.text == "Play")
    x, y = play.element.rect.center
    fx, fy = x / 1280, y / 720
    # SDL sends both the finger events and mouse copies marked touch=True.
    for ev in (
        pygame.event.Event(
            pygame.FINGERDOWN, x=fx, y=fy, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1
        ),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True),
        pygame.event.Event(
            pygame.FINGERUP, x=fx, y=fy, dx=0, dy=0, finger_id=1, touch_id=1, pressure=0
        ),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=True),
    ):
        app.post(ev)
    app.run_ticks(2)
    assert names(app) == ["title", "select"]  # exactly one press: one push


def test_quit_button_stops_the_loop(app):
    scene = app.top
    quit_button = next(c for c in scene.controls if c.element.text == "Quit")
    app.post_click(quit_button.element.rect.center)
    app.run_ticks(1)  # pygame-gui posts its "pressed" event to the queue
    assert not app.running


def test_corrupt_settings_file_is_reported_set_aside_and_defaults_used(paths):
    paths.config.mkdir(parents=True)
    paths.settings.write_text("{ not json")
    a = make_app(headless=True, paths=paths)
    try:
        assert a.settings == Settings()
        assert any("Settings were reset" in n for n in a.notices)
        assert list(paths.config.glob("settings.corrupt-*.json"))
        a.run_ticks(3)  # the notice is drawn as a toast, not raised
        assert a.notices == []
    finally:
        a.shutdown()


@pytest.mark.parametrize(
    "content, expect",
    [
        ('{"format": 1, "master_volume": "loud"}', "bad value for master volume"),
        ('{"format": 7}', "newer version"),
        ("[1, 2]", "not a settings table"),
        ("", "empty"),
    ],
)
def test_bad_settings_values(paths, content, expect):
    paths.config.mkdir(parents=True)
    paths.settings.write_text(content)
    settings, problem = Settings.load(paths)
    assert expect in problem
    assert settings.master_volume == Settings().master_volume


def test_fixed_tick_loop_runs_and_quits_after_ticks(paths):
    a = make_app(headless=True, paths=paths)
    a.run(quit_after_ticks=5)
    assert a.tick_count >= 5 and a.frame_count >= 1


def test_a_test_app_draws_only_the_last_tick_of_a_batch(app):
    """A test's App skips the frames no test can see (tests/conftest.py); tools and the
    real loop draw every tick."""
    assert app.draw_last_tick_only
    before = (app.tick_count, app.frame_count)
    app.run_ticks(5)
    assert (app.tick_count, app.frame_count) == (before[0] + 5, before[1] + 1)
    app.run_ticks(3, draw=False)
    assert app.frame_count == before[1] + 1
    app.draw_last_tick_only = False
    app.run_ticks(4)
    assert app.frame_count == before[1] + 5


def test_scene_stack_changes_apply_between_ticks(app):
    from scenes.settings import SettingsScene

    app.push(SettingsScene(app))
    assert names(app) == ["title"]  # queued, not yet applied
    app.run_ticks(1)
    assert names(app) == ["title", "settings"]


def test_rules_screen_renders_every_card_and_scrolls(app):
    from game.registry import GAMES
    from scenes.rules import RulesScene

    scene = RulesScene(app)
    app.push(scene)
    app.run_ticks(1)
    for gid in GAMES:
        scene.show(gid)
        assert scene.page.get_height() > 600  # a real card, longer than one screen
        press(app, pygame.K_PAGEDOWN)
        app.run_ticks(20)
        assert scene.scroll > 100


def test_markdown_subset():
    from scenes.rules import _runs, parse_markdown

    blocks = parse_markdown(
        "# Title\n\nOne\nparagraph.\n\n## Part\n- item **bold**\n  continued\n1. first\n"
    )
    assert blocks == [
        ("h1", "Title"),
        ("p", "One paragraph."),
        ("h2", "Part"),
        ("li", "item **bold** continued"),
        ("ol", "1. first"),
    ]
    assert _runs("a **b** c") == [("a ", False), ("b", True), (" c", False)]


def test_controller_buttons_navigate_menus(app):
    # A = Enter, B = Escape, d-pad = arrows (SDL game controller button numbers)
    app.post(
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=12, instance_id=0)
    )  # d-pad down
    app.run_ticks(1)
    assert focused_text(app) == "Rules"
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=11, instance_id=0))  # d-pad up
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=0, instance_id=0))  # A
    app.run_ticks(1)
    assert names(app) == ["title", "select"]
    app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=1, instance_id=0))  # B
    app.run_ticks(1)
    assert names(app) == ["title"]


def test_every_game_card_has_its_own_miniature_in_both_glyph_modes(app):
    """Each game's view draws its own board on its card (not the four stand-in gems),
    and the colour-blind glyphs show on it too."""
    from game.registry import GAMES
    from scenes import select
    from scenes.play import view_class

    def pixels(surface):
        return pygame.image.tobytes(surface, "RGBA")

    size = (120, 120)
    plain, glyphs = {}, {}
    for game in GAMES:
        assert hasattr(view_class(game), "draw_thumbnail"), game
        app.settings.colour_blind = False
        plain[game] = pixels(select.thumbnail(app, game, size))
        app.settings.colour_blind = True
        glyphs[game] = pixels(select.thumbnail(app, game, size))
        assert glyphs[game] != plain[game], f"{game}: no glyphs on the miniature"
    app.settings.colour_blind = False
    assert len(set(plain.values())) == len(GAMES)
    assert len(set(glyphs.values())) == len(GAMES)
    # the stand-in drawing (four gems) is none of them
    stand_in = pygame.Surface(size, pygame.SRCALPHA)
    for i, c in enumerate(("crystal_red", "crystal_blue", "crystal_green", "crystal_yellow")):
        select.draw_gem(stand_in, (size[0] * (i + 1) / 5, size[1] / 2), size[1] / 6, app.theme[c])
    assert pixels(stand_in) not in set(plain.values())


def test_screens_share_one_parsed_gui_theme_per_look_and_follow_a_new_look(app, paths):
    """Opening a screen no longer parses pygame-gui's theme again (GuiManager): two
    screens on one App share it; a new look gets its own, which open screens follow;
    another App never reuses this one's (its fonts end with its pygame session)."""
    first = app.build("settings")
    second = app.build("select")
    assert first.ui.get_theme() is second.ui.get_theme()
    old = first.ui.get_theme()
    app.theme.set_look(text_size=150)
    first.ui_look = widgets_follow(first.ui, app.theme, first.ui_look)
    assert first.ui.get_theme() is not old
    third = app.build("rules")
    assert third.ui.get_theme() is first.ui.get_theme()
    # the old look's theme was not changed in place: it still has the old font sizes
    assert old is not third.ui.get_theme()
    from scenes.boot import make_app

    other = make_app(headless=True, paths=paths)
    try:
        assert other.build("settings").ui.get_theme() is not third.ui.get_theme()
    finally:
        other.shutdown()


def widgets_follow(ui, theme, seen):
    from scenes.widgets import follow_look

    return follow_look(ui, theme, seen)
