"""Hostile text in a toast (a file path, a name, an engine's reason of any length):
it is broken into lines that fit the toast, at most BANNER_LINES of them, and no
character is lost while it fits."""

import re

import pygame
from hypothesis import given
from hypothesis import strategies as st


@given(st.text(alphabet=st.sampled_from("ab/\\. -_é中W"), max_size=600) | st.text(max_size=300))
def test_toast_lines_fit_the_toast_and_keep_every_character(text):
    from scenes.widgets import BANNER_LINES, TOAST_TEXT_W, text_width, toast_lines

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    lines = toast_lines(text, font)
    assert 1 <= len(lines) <= BANNER_LINES
    assert all(text_width(font, line) <= TOAST_TEXT_W for line in lines)
    if len(lines) < BANNER_LINES:
        assert re.sub(r"\s", "", "".join(lines)) == re.sub(r"\s", "", text)
