"""A click moves the keyboard focus: after clicking a control, the focus ring is on
that control (so Enter presses it again and the arrows go on from it), on the menus
(``MenuScene``) and on every game's play screen, its own buttons and the panel's."""

from __future__ import annotations

import random

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from tests import drive


def test_a_click_on_a_menu_control_puts_the_focus_ring_on_it(app):
    app.open("settings")
    app.run_ticks(2)
    settings = app.top
    start = settings.focus_index
    rows = [
        i
        for i, c in enumerate(settings.controls)
        if c.left is not None and i != start  # the page's value rows: a click turns them
    ]
    assert len(rows) >= 3
    for i in rows[:4]:
        drive.click(app, settings.controls[i].element.rect.center, ticks=2)
        assert app.top is settings
        assert settings.focus_index == i, settings.controls[i].element.text


def test_a_click_on_game_selects_seat_moves_the_focus_there(app):
    app.open("select", "crystal-formation")
    app.run_ticks(2)
    select = app.top
    seat = next(c for c in select.controls if c.element.text.startswith("Sapphire:"))
    drive.click(app, seat.element.rect.center, ticks=2)
    seat = next(c for c in select.controls if c.element.text.startswith("Sapphire:"))
    assert drive.focused_text(app) == seat.element.text
    drive.key(app, pygame.K_RIGHT, ticks=1)  # the keys go on from the clicked control
    assert drive.focused_text(app).startswith("Sapphire:")


def in_play(game: str, seed: int = 4) -> Match:
    """A match of ``game`` past its set-up, a person to act: seat 0 the person, the
    rest Easy bots; the set-up played by seeded random moves."""
    spec = GAMES[game]
    players, options = spec.resolve_options()
    setup = GameSetup(game, players, options, seed)
    seats = [Seat.person()] + [Seat.bot("easy") for _ in range(players - 1)]
    m = Match(spec, setup, seats, setup.start(GAMES))
    rng = random.Random(seed)
    while m.state.round_number < 1 or m.to_move() != 0:
        m.submit(rng.choice(m.state.legal_moves()))
    return m


def open_view(app, match: Match):
    app.reset_to(app.build("play", match))
    app.run_ticks(3)
    view = app.top
    assert view.match.to_move() == 0 and not view.match.controller(0).is_bot
    return view


@pytest.mark.parametrize("game", list(GAMES))
def test_a_click_on_a_play_screens_button_puts_the_focus_ring_on_it(app, game):
    match = in_play(game)
    record = match.to_replay()
    view = open_view(app, Match.from_replay(record))
    keys = [b.key for b in view.focusable_buttons()]  # a disabled one says why not
    assert keys, "no button to click"
    stayed = 0
    for key in keys:
        view = open_view(app, Match.from_replay(record))
        button = view.button(key)
        drive.click(app, button.rect.center, ticks=2)
        if key not in [b.key for b in view.focusable_buttons()]:
            assert view.focused_button() is None  # pressing it took it away
            continue
        stayed += 1
        assert view.focused_button() is not None, key
        assert view.focused_button().key == key
    assert stayed, "every button went when pressed: nothing showed the ring"
