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


# The text sizes a player can pick (Settings.text_size, in percent).
TEXT_SIZES = (100, 125, 150)
# The look the running app shows (apply_look sets it): part of every key of the drawing
# kit's cache, because the views' sprites and board layers are made from the theme's
# colours and fonts and their own keys do not name them.
DEFAULT_LOOK = (False, 100, False)
LOOK: tuple = DEFAULT_LOOK
# A font at a bigger text size -> the same font at the smaller sizes, biggest first.
SMALLER: dict[pygame.font.Font, tuple[pygame.font.Font, ...]] = {}
# A heading font -> (its file, Noto Sans Bold at the same size): Fredoka One has the
# Latin-1 letters (German included) but not Latin Extended, Greek or Cyrillic, so a
# heading holding a letter it lacks is drawn in the fallback (draw_text asks
# :func:`covers`), never as tofu boxes.
FALLBACK: dict[pygame.font.Font, tuple[str, pygame.font.Font]] = {}
# A font -> (the theme, its kind, its size): draw_text steps a line that is too long
# for its box (a long translation) down to 75 % of its size before cutting it.
ORIGIN: dict[pygame.font.Font, tuple["Theme", str, int]] = {}


class Theme:
    """The palette and fonts every screen reads each frame.  One object lives for the
    whole run (``app.theme``) and ``set_look`` changes it in place, so a text size or
    the high-contrast palette applies at once to every screen already open; a screen
    whose pygame-gui manager was themed earlier sees ``generation`` move and reloads."""

    def __init__(self, data: dict, *, high_contrast: bool = False, text_size: int = 100):
        self.base = data
        self.generation = 0
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self.set_look(high_contrast=high_contrast, text_size=text_size)

    def set_look(
        self, *, high_contrast: bool = False, text_size: int = 100, reduced_motion: bool = False
    ) -> None:
        self.high_contrast = bool(high_contrast)
        self.reduced_motion = bool(reduced_motion)
        self.text_size = text_size if text_size in TEXT_SIZES else 100
        self.text_scale = self.text_size / 100
        data = _merged(self.base, _high_contrast_data()) if self.high_contrast else self.base
        self.data = data
        palette = data["crystal"]
        self.colours: dict[str, pygame.Color] = {
            k: _hex(v) for k, v in palette.items() if isinstance(v, str) and v.startswith("#")
        }
        self.player_colours = [_hex(c) for c in palette["player_colours"]]
        self._fonts = {}
        SMALLER.clear()  # the old fonts go with the old look
        FALLBACK.clear()
        ORIGIN.clear()
        self.generation += 1

    def pitch(self, px: int) -> int:
        """A distance laid out for 100 % text (one line's top to the next, a row's
        height), grown with the player's text size: the one rule every panel that steps
        down line by line follows, so bigger text never runs into the line below."""
        return round(px * self.text_scale)

    def stepped_fonts(self, size: int, kind: str = "regular"):
        """(font, scale) at the player's text size, then each smaller text size down to
        the designed one: what a fixed box tries, biggest first."""
        for scale in [s for s in reversed(TEXT_SIZES) if s <= self.text_size]:
            yield self._font(kind, max(1, round(size * scale / 100))), scale / 100

    def font_within(self, size: int, kind: str, height: int) -> pygame.font.Font:
        """The font at ``size`` as big as the player's text size allows while a line of it
        is at most ``height`` px tall: a line in a box whose height the layout fixes
        (a palette swatch, a row the board's hit-testing shares) steps back towards
        its designed size, the way draw_text does where the width is short; never
        below the designed size."""
        for font, _ in self.stepped_fonts(size, kind):
            if font.get_height() <= height:
                return font
        return self._font(kind, size)

    def heading(self, size: int, kind: str = "display") -> pygame.font.Font:
        """The font of a decorative heading ("Paused", a screen's big title): its designed
        size at every text size.  It is already large; growing it only pushed the lines
        under it down and into each other, so the text size grows the reading text."""
        return self._font(kind, size)

    @staticmethod
    def load(*, high_contrast: bool = False, text_size: int = 100) -> "Theme":
        return Theme(_theme_data(), high_contrast=high_contrast, text_size=text_size)

    def __getitem__(self, name: str) -> pygame.Color:
        return self.colours[name]

    def font(self, size: int, kind: str = "bold") -> pygame.font.Font:
        """The font at ``size`` px as designed, scaled by the player's text size: every
        screen asks for its sizes here, so one setting grows all of them."""
        font = self._font(kind, max(1, round(size * self.text_scale)))
        if self.text_scale > 1 and font not in SMALLER:
            # Where a fixed box has no room for the bigger line, draw_text falls back to
            # these (never below the size the layout was drawn for) rather than cut it.
            SMALLER[font] = tuple(
                self._font(kind, max(1, round(size * s / 100)))
                for s in reversed(TEXT_SIZES)
                if s < self.text_scale * 100
            )
        return font

    def _font(self, kind: str, size: int) -> pygame.font.Font:
        key = (kind, size)
        font = self._fonts.get(key)
        if font is None:
            with resources.as_file(asset_path("fonts", FONT_FILES[kind])) as path:
                font = pygame.font.Font(str(path), size)
            self._fonts[key] = font
            ORIGIN[font] = (self, kind, size)
            if kind == "display":
                FALLBACK[font] = (font_paths()["display"], self._font("bold", size))
        return font

    def gui_theme(self) -> dict:
        """The pygame-gui part of theme.json, with font paths filled in."""
        theme = {k: v for k, v in self.data.items() if k != "crystal"}
        return _scaled_fonts(theme, self.text_scale)


def _merged(base: dict, over: dict) -> dict:
    """``base`` with ``over``'s values laid on top, table by table."""
    out = dict(base)
    for k, v in over.items():
        if k == "comment":
            continue
        out[k] = _merged(base[k], v) if isinstance(v, dict) and isinstance(base.get(k), dict) else v
    return out


# What grows with the text size in pygame-gui's theme: every font size, and a
# tooltip's width (its lines would wrap after a word or two at 150 %).
_SCALED_KEYS = ("size", "rect_width")


def _scaled_fonts(node, scale: float):
    """pygame-gui's theme with every font size (and a tooltip's width) scaled (sizes
    are strings there)."""
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if k in _SCALED_KEYS and isinstance(v, str) and v.isdigit():
                out[k] = str(round(int(v) * scale))
            else:
                out[k] = _scaled_fonts(v, scale)
        return out
    return node


def apply_look(app) -> None:
    """Put the player's look settings (text size, high contrast, reduced motion) into
    effect everywhere: the shared theme object and the play screens' motion curves."""
    from scenes.play import motion

    s = app.settings
    app.theme.set_look(
        high_contrast=s.high_contrast, text_size=s.text_size, reduced_motion=s.reduced_motion
    )
    motion.PLAIN = bool(s.reduced_motion)
    global LOOK
    LOOK = (app.theme.high_contrast, app.theme.text_size, app.theme.reduced_motion)


@lru_cache(maxsize=1)
def _theme_data() -> dict:
    return json.loads(asset_path("theme.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _high_contrast_data() -> dict:
    return json.loads(asset_path("theme_high_contrast.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def font_paths() -> dict[str, str]:
    out = {}
    for kind, name in FONT_FILES.items():
        with resources.as_file(asset_path("fonts", name)) as path:
            out[kind] = str(path)
    return out


@lru_cache(maxsize=4096)
def _has_glyph(path: str, char: str) -> bool:
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    face = _faces.get(path)
    if face is None:
        face = _faces[path] = pygame.freetype.Font(path, 16)
    return face.get_metrics(char)[0] is not None


_faces: dict = {}


def covers(path: str, text: str) -> bool:
    """Every character of ``text`` (but spaces) has a glyph in the font file ``path``."""
    return all(ch.isspace() or _has_glyph(path, ch) for ch in text)
