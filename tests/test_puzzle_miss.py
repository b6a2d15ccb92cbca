"""A missed daily puzzle says so and shows the answer, as the rush does: once the
accepted turn has played out, the puzzle card reads "Missed" with every move of the
answer, whole, at every text size; and it stays readable until the player moves on
(Enter or A does not skip the answer before it has played out)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.content import puzzles as P
from scenes import puzzles as S
from scenes import widgets
from tests.test_puzzles import a_miss

GAMES = P.puzzle_games()


def missed_daily(app, game: str):
    app.open("puzzles", game)
    app.run_ticks(2)
    listing = app.top
    listing.play_daily()
    app.run_ticks(2)
    view = app.top
    assert view.puzzle_mode == "daily"
    for text in a_miss(view.puzzle, view.match.state):
        if view.match.to_move() != view.puzzle.seat:
            break  # the rest is the other seat's forced answer
        assert view.try_move(view.match.state.parse_move(text)), view.banner
        app.run_until(lambda: not view.anim and not view.queue, max_ticks=600)
    app.run_ticks(3)
    shown = app.top
    assert shown is not view and shown.puzzle_mode == "daily"
    return shown


def card_text(app) -> list[widgets.DrawnText]:
    widgets.text.TEXT_LOG = []
    try:
        app.draw(0.0)
        # lines drawn on the screen itself (the kit also notes lines drawn into a
        # board's own layers, in that layer's pixels)
        return [
            t
            for t in widgets.text.TEXT_LOG
            if t.text.strip() and t.surface == (1280, 720) and S.CARD.collidepoint(t.rect.center)
        ]
    finally:
        widgets.text.TEXT_LOG = None


@pytest.mark.parametrize("size", [100, 150])
@pytest.mark.parametrize("game", GAMES)
def test_a_missed_daily_puzzle_says_missed_and_shows_the_whole_answer(app, game, size):
    app.settings.text_size = size
    app.theme.set_look(text_size=size)
    shown = missed_daily(app, game)
    # Enter while the answer plays does not skip it (nor start the next puzzle)
    app.post_key(pygame.K_RETURN)
    app.run_ticks(1)
    assert app.top is shown
    assert app.run_until(lambda: shown.phase == "missed", max_ticks=6000)
    lines = card_text(app)
    words = " ".join(t.shown for t in lines)
    assert "Missed" in words, words
    assert not [t.text for t in lines if t.cut], words
    # legible: no line drawn over the one above it (beyond the glyph boxes' margins)
    said = sorted((t.rect for t in lines if t.rect.x < S.CARD.x + 20), key=lambda r: r.y)
    for above, below in itertools.pairwise(said):
        assert above.bottom - below.top <= above.h // 4, (above, below, words)
    for move in shown.puzzle.solution[0]:
        assert move in words, (move, words)
    # and it stays on the card until the player presses Next or Again
    app.run_ticks(300)
    assert app.top is shown and "Missed" in " ".join(t.shown for t in card_text(app))


@pytest.mark.parametrize("game", GAMES)
def test_no_message_covers_the_card_of_a_missed_puzzle(app, game):
    """A banner or a toast over the card would hide "Missed" and the answer."""
    shown = missed_daily(app, game)
    assert app.run_until(lambda: shown.phase == "missed", max_ticks=6000)
    for lines in (1, 3):
        text = " ".join(["A message a screen may show while the answer is up"] * lines)
        shown.say(text, "warning", 20)
        widgets.toast(app, text, seconds=20)
        app.run_ticks(1)
        card_text(app)
        assert not app.__dict__["_toast_rect"].colliderect(S.CARD)
        banner = getattr(shown, "banner_drawn", None)
        assert banner is None or not banner.colliderect(S.CARD)
        app.__dict__["_toasts"] = []
