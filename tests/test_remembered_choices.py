"""Game select and Puzzles remember what was last chosen, in the settings file as the
window and the text size are: the game and its seats' bot levels, the puzzle list's
game and the puzzle last opened.  They come back on the next visit and after a
restart; a bad value in the file falls back to the default with no crash."""

from __future__ import annotations

import json
import os

import pygame

from scenes.config import Settings
from tests import drive


def restarted(paths):
    """A new App on the same files (a start of the client)."""
    from scenes.boot import make_app

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    settings, _problem = Settings.load(paths)
    return make_app(headless=True, paths=paths, settings=settings)


def seat_cycler(select, label: str):
    return next(c for c in select.controls if c.element.text.startswith(label))


def open_select(app):
    app.open("select")  # as the title's Play does: no game named
    app.run_ticks(2)
    return app.top


def test_game_select_remembers_the_game_and_its_bot_levels(app, paths):
    select = open_select(app)
    select.choose("color-crossroads")
    app.run_ticks(1)
    cycler = seat_cycler(select, "Player 2:")
    select.set_focus(select.controls.index(cycler))
    drive.key(app, pygame.K_RIGHT, ticks=1)  # Medium -> Hard
    assert select.cfg()["seats"][1] == "hard"
    drive.key(app, pygame.K_ESCAPE, ticks=2)
    again = open_select(app)
    assert again.game_id == "color-crossroads" and again.cfg()["seats"][1] == "hard"
    other = restarted(paths)
    try:
        third = open_select(other)
        assert third.game_id == "color-crossroads"
        assert third.cfg()["seats"][:2] == ["person", "hard"]
    finally:
        other.shutdown()


def test_puzzles_remember_the_game_and_the_puzzle_last_opened(app, paths):
    app.open("puzzles")
    app.run_ticks(2)
    listing = app.top
    listing.choose("crystal-formation")
    listing.play_index(3)
    app.run_ticks(2)
    app.pop()  # back from the puzzle
    app.run_ticks(1)
    app.pop()  # and from the list
    app.run_ticks(1)
    other = restarted(paths)
    try:
        other.open("puzzles")
        other.run_ticks(2)
        again = other.top
        assert again.game_id == "crystal-formation"
        assert drive.focused_text(other) == "4"  # the puzzle last opened
    finally:
        other.shutdown()


def test_a_bad_remembered_value_falls_back_with_no_crash(paths):
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text(
        json.dumps(
            {
                "format": 1,
                "last_game": "no-such-game",
                "last_seats": {"crystal-connector": ["person", "grandmaster"]},
                "last_puzzle_game": "no-such-game",
                "last_puzzle": {"crystal-formation": "nothing-like-it"},
            }
        )
    )
    app = restarted(paths)
    try:
        select = open_select(app)
        assert select.game_id == "crystal-connector"  # the first game
        assert select.cfg()["seats"][:2] == ["person", "medium"]
        app.pop()
        app.run_ticks(1)
        app.open("puzzles")
        app.run_ticks(2)
        assert app.top.name == "puzzles" and app.top.game_id
        app.top.choose("crystal-formation")
        app.run_ticks(1)
        assert app.top.name == "puzzles"
    finally:
        app.shutdown()
