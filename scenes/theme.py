"""Colours and fonts, loaded once from the package (importlib.resources), so an
installed copy finds them wherever it is started from."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

import pygame

FONT_FILES = {
    "display": "FredokaOne-Regular.ttf",  # the logo and big headings
    "bold": "NotoSans-Bold.ttf",
    "regular": "NotoSans-Regular.ttf",
}


def asset_path(*parts: str):
    """A Traversable for a file under assets/."""
    node = resources.files("assets")
    for p in parts:
        node = node / p
    return node


def _hex(value: str) -> pygame.Color:
    return pygame.Color(value)


class Theme:
    def __init__(self, data: dict):
        self.data = data
        palette = data["crystal"]
        self.colours: dict[str, pygame.Color] = {
            k: _hex(v) for k, v in palette.items() if isinstance(v, str) and v.startswith("#")
        }
        self.player_colours = [_hex(c) for c in palette["player_colours"]]
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    @staticmethod
    def load() -> "Theme":
        return Theme(_theme_data())

    def __getitem__(self, name: str) -> pygame.Color:
        return self.colours[name]

    def font(self, size: int, kind: str = "bold") -> pygame.font.Font:
        key = (kind, size)
        font = self._fonts.get(key)
        if font is None:
            with resources.as_file(asset_path("fonts", FONT_FILES[kind])) as path:
                font = pygame.font.Font(str(path), size)
            self._fonts[key] = font
        return font

    def gui_theme(self) -> dict:
        """The pygame-gui part of theme.json, with font paths filled in."""
        theme = {k: v for k, v in self.data.items() if k != "crystal"}
        return theme


@lru_cache(maxsize=1)
def _theme_data() -> dict:
    return json.loads(asset_path("theme.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def font_paths() -> dict[str, str]:
    out = {}
    for kind, name in FONT_FILES.items():
        with resources.as_file(asset_path("fonts", name)) as path:
            out[kind] = str(path)
    return out
