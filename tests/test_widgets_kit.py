"""The drawing kit in scenes/widgets/text.py: one bounded cache, text fitted with an ellipsis,
paragraphs wrapped without losing a word."""

import sys

import pygame
import pytest

from scenes import widgets
from scenes.theme import Theme


@pytest.fixture(scope="module")
def theme():
    pygame.font.init()
    return Theme.load()


def fresh_cache(monkeypatch) -> None:
    """An empty cache for one test; the real one (and its byte count) comes back after."""
    monkeypatch.setattr(widgets.text, "_CACHE", widgets.text.OrderedDict())
    monkeypatch.setattr(widgets.text, "_cache_bytes", 0)


def entry_bytes(key, value) -> int:
    """What one entry of the kit's cache weighs against its bound."""
    return widgets.ENTRY_BYTES + widgets._weight(key, value)


def test_the_cache_filled_past_its_bytes_with_small_values_keeps_the_last_made(monkeypatch):
    one = entry_bytes(("test.fill", 0), 0)  # every entry below weighs the same
    monkeypatch.setattr(widgets.text, "CACHE_BYTES", 50 * one)
    fresh_cache(monkeypatch)
    for i in range(200):
        widgets.cached(("test.fill", i), lambda i=i: i)
    assert len(widgets.text._CACHE) == 50
    assert widgets.cache_bytes() == 50 * one
    # the least recently used went first: the last 50 made are the ones kept
    assert [k[1] for k in widgets.text._CACHE] == list(range(150, 200))


def test_the_cache_filled_past_its_bytes_keeps_under_them(monkeypatch):
    layer = entry_bytes(("test.layer", 0), pygame.Surface((100, 100), pygame.SRCALPHA))
    monkeypatch.setattr(widgets.text, "CACHE_BYTES", layer * 5)  # five 100 px layers
    fresh_cache(monkeypatch)
    for i in range(12):
        widgets.cached(("test.layer", i), lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    assert len(widgets.text._CACHE) == 5
    assert widgets.text._cache_bytes == sum(w for _, w in widgets.text._CACHE.values()) <= layer * 5


def test_the_cache_keeps_what_was_used_last(monkeypatch):
    monkeypatch.setattr(widgets.text, "CACHE_BYTES", 3 * entry_bytes(("test.lru", "a"), "a"))
    fresh_cache(monkeypatch)
    made = []

    def make(k):
        made.append(k)
        return k

    for k in ("a", "b", "c"):
        widgets.cached(("test.lru", k), lambda k=k: make(k))
    widgets.cached(("test.lru", "a"), lambda: make("a"))  # used again: now the newest
    widgets.cached(("test.lru", "d"), lambda: make("d"))  # pushes out "b", not "a"
    widgets.cached(("test.lru", "a"), lambda: make("a"))
    assert made == ["a", "b", "c", "d"]
    assert ("test.lru", "b") not in widgets.text._CACHE


def test_values_without_pixels_count_against_the_bound(monkeypatch):
    """A paragraph's lines, a board's groups, a long text in a key: Python objects the
    cache keeps alive, counted in bytes like pixels, so a screen of small values cannot
    grow the cache past its bound either."""
    fresh_cache(monkeypatch)
    lines = tuple(
        f"line {i} of a long paragraph, each line a string of its own" for i in range(400)
    )
    widgets.cached(("test.wrap",), lambda: lines)
    at_least = sum(sys.getsizeof(line) for line in lines) + sys.getsizeof(lines)
    assert widgets.cache_bytes() >= at_least
    groups = [frozenset(range(k * 300, k * 300 + 300)) for k in range(20)]
    before = widgets.cache_bytes()
    widgets.cached(("test.groups", tuple(range(1000, 3000))), lambda: groups)
    counted = widgets.cache_bytes() - before
    assert counted >= sum(sys.getsizeof(g) for g in groups) + 2000 * sys.getsizeof(10**6)
    monkeypatch.setattr(widgets.text, "CACHE_BYTES", 2 * at_least)
    for i in range(50):
        widgets.cached(("test.wrap", i), lambda i=i: tuple(f"{line} ({i})" for line in lines))
    assert widgets.cache_bytes() <= 2 * at_least
    assert len(widgets.text._CACHE) < 5


def test_a_font_in_a_key_or_a_value_is_the_themes_and_not_counted(theme, monkeypatch):
    fresh_cache(monkeypatch)
    font = theme.font(20)
    assert widgets._weight(font) == 0
    assert widgets._weight(("fit", font, "text")) == widgets._weight(("fit", None, "text"))


def test_every_kind_of_drawing_shares_the_one_cache(theme, monkeypatch):
    fresh_cache(monkeypatch)
    font = theme.font(20)
    surface = pygame.Surface((400, 200), pygame.SRCALPHA)
    widgets.draw_text(surface, "Crystal Arcade", font, theme["text"], (0, 0), max_width=60)
    widgets.wrap_text("a few words to wrap", font, 80)
    widgets.draw_panel(surface, (0, 0, 100, 50), theme)
    kinds = {key[0] for key in widgets.text._CACHE}
    assert kinds == {"fit", "text", "wrap", "panel", "shrunk"}  # shrunk: a long line's smaller font


@pytest.mark.parametrize("width", [10, 40, 90, 160, 400])
def test_fit_is_never_wider_than_asked_and_ends_in_an_ellipsis_when_it_cut(theme, width):
    font = theme.font(22)
    text = "Elements shift, crystals collapse"
    out = widgets.fit_text(font, text, width)
    if font.size(text)[0] <= width:
        assert out == text
    else:
        assert out.endswith("…")
        assert text.startswith(out[:-1])
        assert font.size(out)[0] <= width or out == "…"  # nothing but the mark is left


def test_fit_of_a_line_cut_elsewhere_ends_in_an_ellipsis_even_when_it_fits(theme):
    font = theme.font(18)
    out = widgets.fit_text(font, "short", 300, cut=True)
    assert out == "short…"
    narrow = widgets.fit_text(font, "a longer last line of a cut paragraph", 120, cut=True)
    assert narrow.endswith("…") and font.size(narrow)[0] <= 120


@pytest.mark.parametrize("width", [30, 120, 300])
def test_wrap_keeps_every_word_in_order_and_fits_lines_of_several_words(theme, width):
    font = theme.font(18, "regular")
    text = "Shift a row or a column; the rock on A2 is at the edge.\nA new paragraph here"
    lines = widgets.wrap_text(text, font, width)
    assert " ".join(lines).split() == text.split()
    for line in lines:
        assert font.size(line)[0] <= width or " " not in line  # only a lone word may overflow
    assert len(lines) >= 2  # the newline always starts a line


def test_a_caller_changing_its_wrapped_lines_does_not_change_the_cache(theme):
    font = theme.font(18, "regular")
    lines = widgets.wrap_text("one two three four five six", font, 60)
    lines[0] = "changed"
    assert widgets.wrap_text("one two three four five six", font, 60)[0] != "changed"


def test_draw_text_with_alpha_is_see_through(theme):
    font = theme.font(24)
    img = widgets.render_cached(font, "A", (255, 255, 255), 100)
    assert img.get_alpha() == 100
    assert widgets.render_cached(font, "A", (255, 255, 255)) is not img
