"""A double click on a button that opens a screen lands its second click on the new
screen: there it must not arm a destructive action.  The profile screen opens from
game select's Profiles and from Settings' Player profiles; its Remove sits clear of
both."""

from __future__ import annotations

from game.records import profiles as gp
from tests import drive


def saved(paths):
    ps, ada = gp.Profiles().add("Ada", gp.COLOURS[0], "2026-11-20")
    assert gp.save(ps.with_last([ada.id]), paths) is None


def double_click(app, pos) -> None:
    drive.click(app, pos, ticks=2)  # the screen it opens is on top after a tick
    drive.click(app, pos, ticks=3)


def assert_not_armed(app, paths) -> None:
    screen = app.top
    assert screen.name == "profiles"
    assert screen.confirming == ""
    assert drive.control(screen, "Remove").element.text == "Remove"
    assert gp.load(paths)[0].find("Ada") is not None


def test_double_click_on_game_selects_profiles_does_not_arm_remove(app, paths):
    saved(paths)
    app.open("select", "crystal-connector")
    app.run_ticks(2)
    button = drive.control(app.top, "Profiles").element.rect
    double_click(app, button.center)
    assert_not_armed(app, paths)
    remove = drive.control(app.top, "Remove").element.rect
    for corner in (button.topleft, button.topright, button.bottomleft, button.bottomright):
        assert not remove.inflate(8, 8).collidepoint(corner)


def test_double_click_on_settings_player_profiles_does_not_arm_remove(app, paths):
    saved(paths)
    app.open("settings")
    app.run_ticks(2)
    button = drive.control(app.top, "Player profiles").element.rect
    double_click(app, button.center)
    assert_not_armed(app, paths)
    assert not drive.control(app.top, "Remove").element.rect.colliderect(button)
