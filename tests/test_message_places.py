"""Messages on a play screen (the banner, a toast) never cover the board's cells or
the key hint lines, in every game, at its set-up and in play, for messages of one
line to the longest a banner holds.  The cells come from the tutorial's geometry
(scenes/tutorial.py, each view's own cell rectangles), the hint lines from what the
screen drew: every line naming a key.  At the designed text size and the largest."""

from __future__ import annotations

import random

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from scenes import widgets
from scenes.scene import LOGICAL_SIZE
from scenes.tutorial import board_rect

KEY_WORDS = ("Keys", "keys:", "Enter", "Tab", "Arrows", "arrows", "Pad:", "F1", "PgUp", "PgDn")
LENGTHS = (1, 2, 3, 4)  # lines of words, up to widgets.BANNER_LINES


def message(lines: int) -> str:
    return " ".join(["Refused: that move would leave the crystal alone"] * (lines * 2 - 1))


def a_match(game: str, in_play: bool, seed: int = 4) -> Match:
    spec = GAMES[game]
    players, options = spec.resolve_options()
    setup = GameSetup(game, players, options, seed)
    seats = [Seat.person()] + [Seat.bot("easy") for _ in range(players - 1)]
    m = Match(spec, setup, seats, setup.start(GAMES))
    rng = random.Random(seed)
    while in_play and (m.state.round_number < 1 or m.to_move() != 0):
        m.submit(rng.choice(m.state.legal_moves()))
    return m


def drawn(app) -> list[widgets.DrawnText]:
    widgets.text.TEXT_LOG = []
    try:
        app.draw(0.0)
        return list(widgets.text.TEXT_LOG)
    finally:
        widgets.text.TEXT_LOG = None


def hint_lines(app) -> list[pygame.Rect]:
    return [t.rect for t in drawn(app) if any(w in t.shown for w in KEY_WORDS)]


def cells(view, game: str) -> pygame.Rect:
    rect = board_rect(view, game)
    assert rect is not None
    return rect.inflate(-8, -8)  # the cells themselves (board_rect adds a margin)


@pytest.mark.parametrize("size", [100, 150])
@pytest.mark.parametrize("in_play", [False, True], ids=["set-up", "in-play"])
@pytest.mark.parametrize("game", list(GAMES))
def test_no_message_covers_the_cells_or_the_key_hints(app, game, in_play, size):
    app.settings.text_size = size
    app.theme.set_look(text_size=size)
    app.reset_to(app.build("play", a_match(game, in_play)))
    app.run_ticks(3)
    view = app.top
    view.banner_ticks = 0
    hints = hint_lines(app)
    assert hints or not in_play, "no key hint drawn"
    board = cells(view, game)
    screen = pygame.Rect((0, 0), LOGICAL_SIZE)
    for n in LENGTHS:
        view.say(message(n), "warning", 30)
        drawn(app)
        banner = view.banner_drawn
        assert screen.contains(banner)
        assert not banner.colliderect(board), (n, banner, board)
        hit = [h for h in hints if banner.colliderect(h)]
        assert not hit, (n, banner, hit)
        view.banner_ticks = 0
        app.__dict__["_toasts"] = []
        widgets.toast(app, message(n), seconds=30)
        app.run_ticks(1, draw=False)
        drawn(app)
        toast = app.__dict__["_toast_rect"]
        assert screen.contains(toast)
        assert not toast.colliderect(board), (n, toast, board)
        hit = [h for h in hints if toast.colliderect(h)]
        assert not hit, (n, toast, hit)
        app.__dict__["_toasts"] = []
