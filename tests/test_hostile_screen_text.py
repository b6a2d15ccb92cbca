"""Hostile text on screen: a seat name, a toast or a banner of 100,000 characters is
drawn with a bounded amount of measuring (fit_text bisects over at most
MAX_LINE_CHARS characters), in a bounded number of lines, on every play screen, the
results and the theatre, without an error.  (Speed itself is measured by
``tools/bench.py --only text``; these tests count work, never time it.)"""

from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from scenes import widgets
from scenes.theme import Theme
from tests.refusals import refused

HUGE = ("Wwwwwwwww " * 10_000)[:100_000]


@pytest.fixture(scope="module")
def theme():
    pygame.font.init()
    return Theme.load()


class CountingFont:
    """A font that counts the characters it is asked to measure."""

    def __init__(self, font):
        self.font = font
        self.calls = 0
        self.chars = 0

    def size(self, text):
        self.calls += 1
        self.chars += len(text)
        return self.font.size(text)


@pytest.mark.parametrize("width", [0, 1, 40, 300, 1200])
def test_fit_text_of_a_huge_name_measures_a_few_short_prefixes(theme, width):
    font = CountingFont(theme.font(18))
    out = widgets.fit_text(font, HUGE, width)
    assert out.endswith(widgets.ELLIPSIS)
    assert len(out) <= widgets.MAX_LINE_CHARS + 1
    assert font.font.size(out)[0] <= width or out == widgets.ELLIPSIS
    # bisection: about log2(300) measurements, each of at most 300 characters
    assert font.calls <= 12
    assert font.chars <= 12 * (widgets.MAX_LINE_CHARS + 1)


@given(text=st.text(max_size=400), width=st.integers(0, 600))
def test_fit_text_keeps_the_longest_prefix_that_fits(theme, text, width):
    font = theme.font(16)
    out = widgets.fit_text(font, text, width)
    if out == text:
        assert font.size(text)[0] <= width
        return
    assert out.endswith(widgets.ELLIPSIS)
    kept = out[: -len(widgets.ELLIPSIS)]
    assert text.startswith(kept)
    # one more character would not have fitted (unless the cap cut it first)
    if len(kept) < min(len(text), widgets.MAX_LINE_CHARS):
        assert font.size(text[: len(kept) + 1] + widgets.ELLIPSIS)[0] > width


def test_wrap_text_of_a_huge_paragraph_is_bounded(theme):
    font = CountingFont(theme.font(20))
    lines = widgets.wrap_text(HUGE, font, 760, max_lines=widgets.BANNER_LINES)
    assert len(lines) == widgets.BANNER_LINES
    assert lines[-1].endswith(widgets.ELLIPSIS)
    assert all(font.font.size(line)[0] <= 760 for line in lines)
    # what it measured is bounded by what it reads, not by the text's length
    assert font.chars < 40 * widgets.MAX_WRAP_CHARS


def test_wrap_text_without_a_line_limit_reads_at_most_its_cap(theme):
    font = theme.font(20)
    lines = widgets.wrap_text(HUGE, font, 760)
    assert sum(len(line) + 1 for line in lines) <= widgets.MAX_WRAP_CHARS + 2
    assert lines[-1].endswith(widgets.ELLIPSIS)


def test_one_huge_word_renders_at_most_a_line_of_characters(theme):
    img = widgets.render_cached(theme.font(18), "W" * 100_000, (255, 255, 255))
    assert img.get_width() <= theme.font(18).size("W" * widgets.MAX_LINE_CHARS)[0]


def _long_seats(n: int) -> list[Seat]:
    return [Seat("person", None, f"{i}{HUGE}") for i in range(n)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_screen_draws_huge_names_toasts_and_banners(app, game_id):
    """Play (with a toast and a banner carrying the name, and moves animating), the
    results and the theatre, each with every seat named with 100,000 characters."""
    from scenes.play import play_scene_for
    from scenes.results import ResultsScene
    from scenes.theatre.screen import TheatreScene

    app.recover_errors = False  # a drawing error fails the test instead of a recovery
    spec = GAMES[game_id]
    setup = GameSetup(game_id, spec.default_players, spec.resolve_options()[1], 7)
    seats = _long_seats(setup.players)
    scene = play_scene_for(app, Match(spec, setup, seats, setup.start(GAMES)))
    app.push(scene)
    widgets.toast(app, HUGE, "warning")
    app.notices.append(HUGE)
    rng = random.Random(1)
    for i in range(12):
        m = scene.match
        if i % 4 == 0 and scene.anim is None and not scene.queue and not m.is_over():
            move = rng.choice(m.state.legal_moves())
            old, seat = m.state, m.to_move()
            m.submit(move)
            scene._after_move(old, m.state, move, seat)
        if i == 6 and hasattr(scene, "banner"):
            scene.banner, scene.banner_ticks = f"{m.seat_names()[0]} {HUGE}", 60
        app.update()
        app.draw(0.0)

    match = Match(spec, setup, seats, setup.start(GAMES))
    while not match.is_over() and len(match.entries) < 300:
        match.submit(rng.choice(match.state.legal_moves()))
    if match.is_over():
        app.reset_to(ResultsScene(app, match))
        app.run_ticks(3)
    app.reset_to(TheatreScene(app, match, name=HUGE, analyse=False))
    app.run_ticks(3)
    assert not app.errors


def test_bench_refuses_an_unknown_part_instead_of_an_empty_table(capsys):
    """--only with a misspelt part measured nothing and printed an empty table."""
    from tools import bench

    err = refused(bench.main, ["--only", "theater"], capsys)
    assert "--only 'theater': one of client, screens, window, theatre" in err
