"""The arcade's widget layer: pygame-gui buttons with a keyboard / controller focus
ring, value cyclers, toasts, and the drawing kit every screen and view shares (text,
fitted and wrapped lines, panels and sprites through one bounded cache; faceted
crystals with colour-blind glyphs).

Every button is at least 44 px tall (touch), shows hover and press feedback
(pygame-gui theme states) and can be reached with arrow keys or Tab and pressed with
Enter or Space; Escape is "back" on every menu.
"""

from __future__ import annotations

import dataclasses
import json
import math
import sys
import types
import warnings
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame
import pygame_gui

from game.text import i18n
from scenes import theme as theme_module
from scenes.focus import nearest, wrap_around
from scenes.input import PAUSE_KEY
from scenes.scene import AMBIENT, FULL, LOGICAL_SIZE, STILL, Scene
from scenes.theme import SMALLER

MIN_TARGET = 44
# How far a focus ring reaches outside the control it is drawn around: a line of text
# next to a control keeps at least this far away, or the ring runs into it.
RING = 5


# -- the drawing kit ---------------------------------------------------------------
# Every screen and view draws text, fitted and wrapped lines, panels and its own sprites
# through these few calls, and everything they make from their parameters lives in ONE
# bounded cache: draw_text / render_cached (a rendered line), fit_text (a line cut to a
# width with an ellipsis), wrap_text (a paragraph's lines), draw_panel (a rounded
# translucent panel) and cached(key, make) (a view's sprite, keyed by its parameters).
# Panels and labels are redrawn every frame, so rendering them once pays.  The cache is
# bounded by bytes, everything it holds counted: a surface's pixels (a board-sized layer
# weighs about a megabyte, the whole 1280x720 canvas 3.5 MB), an array's data, the
# Python objects of anything else (a fitted line, a paragraph's lines, a board's groups)
# and of its key (a board position, the text), and the cache's own bookkeeping per
# entry.  CACHE_BYTES is 64 MB: the busiest screen draws from about 25 MB of it a frame,
# so the rest keeps the screens visited last warm.  Evicting the least recently used
# entry (not clearing all) keeps a busy frame's working set warm.
CACHE_BYTES = 64 << 20
ENTRY_BYTES = 200  # an entry's own cost: the ordered dict's slot and link, its record
_CACHE: "OrderedDict[tuple, tuple[object, int]]" = OrderedDict()  # key -> (value, bytes)
_cache_bytes = 0
ELLIPSIS = "…"
# Walking a value's objects stops after this many: the weight of a huge value is then
# at least what was counted (nothing the views cache comes near it).
_WEIGH_AT_MOST = 50_000
_SHARED = (type(None), bool, type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)


def _weight(*values) -> int:
    """The bytes ``values`` hold: a surface's pixels, a numpy array's data, and for
    everything else the Python objects reachable through containers and the fields of
    dataclasses (a game's state, a turn's record), each counted once.  A font is the
    theme's (it lives as long as the look), and small ints are shared by Python:
    neither is counted; any other object counts as itself, not what it refers to."""

    seen: set[int] = set()
    todo = list(values)
    total = 0
    while todo and len(seen) < _WEIGH_AT_MOST:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _SHARED) or isinstance(obj, pygame.font.Font):
            continue
        if type(obj) is int and -5 <= obj <= 256:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj, 64)
        if isinstance(obj, pygame.Surface):
            total += obj.get_width() * obj.get_height() * obj.get_bytesize()
        elif isinstance(obj, (str, bytes, int, float)):
            pass
        elif isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
        elif isinstance(obj, (tuple, list, set, frozenset)):
            todo.extend(obj)
        elif hasattr(obj, "nbytes") and hasattr(obj, "dtype"):  # a numpy array
            total += int(obj.nbytes)
        elif dataclasses.is_dataclass(obj):
            todo.extend(getattr(obj, f.name, None) for f in dataclasses.fields(obj))
    return total


def cached(key: tuple, make: Callable[[], object]):
    """``make()`` once per ``key``, kept in the kit's one bounded LRU cache.  A key
    starts with a word naming what it holds (``("element_shift.tile", ...)``) so two
    modules never share one, and holds every parameter the value depends on (the font
    object itself, not its id: ids are reused)."""
    global _cache_bytes
    if theme_module.LOOK != theme_module.DEFAULT_LOOK:
        key = (*key, theme_module.LOOK)  # a sprite made for another look is another one
    entry = _CACHE.get(key)
    if entry is not None:
        _CACHE.move_to_end(key)
        return entry[0]
    value = make()
    weight = ENTRY_BYTES + _weight(key, value)
    _CACHE[key] = (value, weight)
    _cache_bytes += weight
    while len(_CACHE) > 1 and _cache_bytes > CACHE_BYTES:
        _cache_bytes -= _CACHE.popitem(last=False)[1][1]
    return value


def cache_bytes() -> int:
    """The bytes the kit's cache holds now (what its bound counts)."""
    return _cache_bytes


# The most characters one line of text on screen can show (1280 logical pixels at the
# smallest font is well under 300), so text from outside (a seat name, a move, a
# message) is cut to this before anything measures or renders it: a 100,000-character
# name costs what a 300-character one does.
MAX_LINE_CHARS = 300
# The most a wrapped paragraph keeps (a toast, a rules card's paragraph).
MAX_WRAP_CHARS = 4000
# The most lines a banner, toast or prompt that can carry a player's text (a seat name,
# a refused move) grows to; the last line kept ends with an ellipsis.
BANNER_LINES = 4


def text_width(font: pygame.font.Font, text: str) -> int:
    """``text``'s width in px, for "does it fit" decisions, measuring at most
    MAX_LINE_CHARS characters (a longer text fits nowhere, and measuring a
    100,000-character name took a frame's whole budget)."""
    return font.size(text[:MAX_LINE_CHARS])[0]


def fit_text(font: pygame.font.Font, text: str, width: int, *, cut: bool = False) -> str:
    """``text`` as it fits in ``width`` px: unchanged when it fits, else shortened and
    ended with an ellipsis.  ``cut`` says the text was already cut elsewhere (the last
    line kept of a longer paragraph), so it ends with an ellipsis even when it fits.

    The longest prefix that fits is found by halving (a few measurements, not one per
    character), among at most MAX_LINE_CHARS characters."""

    def make() -> str:
        out, was_cut = text, cut
        if len(out) > MAX_LINE_CHARS:
            out, was_cut = out[:MAX_LINE_CHARS], True
        if not was_cut and font.size(out)[0] <= width:
            return out
        # Widths grow with the prefix, so the longest prefix that fits with its
        # ellipsis is found by bisection on its length.
        lo, hi = 0, len(out)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(out[:mid] + ELLIPSIS)[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return out[:lo] + ELLIPSIS

    return cached(("fit", font, text, width, cut), make)


def wrap_text(
    text: str, font: pygame.font.Font, width: int, *, max_lines: int | None = None
) -> list[str]:
    """``text`` broken into lines no wider than ``width`` px at spaces; newlines start
    paragraphs.  Every word is kept (one wider than the line gets a line of its own,
    which draw_text shortens if it is given a max_width).  At most
    ``max_lines`` lines (the last ends with an ellipsis when text was left out), and
    at most MAX_WRAP_CHARS characters of ``text`` are read."""

    def make() -> tuple[str, ...]:
        body = text[:MAX_WRAP_CHARS]
        truncated = len(text) > MAX_WRAP_CHARS
        lines: list[str] = []
        for para in body.split("\n"):
            line = ""
            for w in para.split():
                trial = f"{line} {w}".strip()
                if font.size(trial)[0] <= width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                line = w  # a word wider than the line gets a line of its own
                if max_lines is not None and len(lines) > max_lines:
                    break
            lines.append(line)
            if max_lines is not None and len(lines) > max_lines:
                break
        if max_lines is not None and len(lines) > max_lines:
            lines = lines[:max_lines]
            truncated = True
        if truncated and lines:
            lines[-1] = fit_text(font, lines[-1], width, cut=True)
        return tuple(lines)

    return list(cached(("wrap", font, text, width, max_lines), make))


def clear_pitch(font: pygame.font.Font) -> int:
    """The closest two lines of ``font`` can be set, top to top, with no mark over a
    capital of one line (Ä, É, Å, Ĵ) meeting a descender of the line above (g, j, ǫ):
    what a paragraph's pitch must not go below, whatever its layout asks."""

    def make() -> int:
        top = font.render("ÄÅÉÖÜĴŔĥ", True, (255, 255, 255)).get_bounding_rect().top
        bottom = font.render("gjpqyǫ", True, (255, 255, 255)).get_bounding_rect().bottom
        return bottom - top + 1

    return cached(("clear_pitch", font), make)


def line_step(theme, font: pygame.font.Font, designed: int) -> int:
    """From one line of a paragraph in ``font`` to the next: ``designed`` (laid out for
    100 %) grown with the text size, and never below the font's clear_pitch."""
    return max(theme.pitch(designed), clear_pitch(font))


def fit_paragraph(
    theme, text: str, size: int, width: int, height: int, *, kind: str = "regular", line: int = 0
) -> tuple[pygame.font.Font, list[str], int]:
    """``text`` wrapped to ``width`` for a box ``height`` px tall whose size the layout
    fixes (a card beside the board): (font, lines, pitch) at the player's text size
    when its lines fit, else at the next smaller text size, down to the designed
    ``size`` (what the box was laid out for).  ``line`` is the designed pitch
    (``size + 5`` when 0); it grows with the font, and is never below the font's
    clear_pitch.  Every word is kept."""
    base = line or size + 5
    for font, scale in theme.stepped_fonts(size, kind):
        pitch = max(round(base * scale), clear_pitch(font))
        lines = wrap_text(text, font, width)
        if len(lines) * pitch <= height or scale <= 1:
            return font, lines, pitch
    font = theme.font(size, kind)  # not reached: the designed size always answers
    return font, wrap_text(text, font, width), max(base, clear_pitch(font))


def render_cached(font: pygame.font.Font, text: str, colour, alpha: int = 255) -> pygame.Surface:
    """``font.render`` through the kit's cache (``alpha`` below 255 makes it see-through).
    At most MAX_LINE_CHARS characters are rendered: a longer line could not be seen,
    and its surface could exceed what SDL can make."""
    c = pygame.Color(colour)
    text = text[:MAX_LINE_CHARS]

    def make() -> pygame.Surface:
        img = font.render(text, True, c)
        if alpha < 255:
            img.set_alpha(alpha)
        return img

    return cached(("text", font, text, (c.r, c.g, c.b, c.a), alpha), make)


# Arrows that Noto Sans and Fredoka One (as shipped) have no glyph for, and the marks
# drawn in their place: the angle quotes every font here has, which the menus already
# use as arrows ("Next  ›", "‹ 2 ›").
STAND_INS = {"→": "›", "←": "‹", "⇒": "»", "⇐": "«", "⟶": "›", "⟵": "‹"}
_STAND_IN_TABLE = str.maketrans(STAND_INS)


def draw_text(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    colour,
    pos: tuple[float, float],
    anchor: str = "topleft",
    shadow: bool = False,
    max_width: int | None = None,
    alpha: int = 255,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Blit one line of text; ``anchor`` is a pygame.Rect attribute name.  Text wider
    than ``max_width`` is shortened with an ellipsis (fit_text) rather than clipped.
    ``box`` is the room the layout gave the line (for TEXT_LOG's checks).  An arrow
    the shipped fonts lack (a translation's, a player's) is drawn as the nearest mark
    they have (STAND_INS)."""
    if any(ch in text for ch in STAND_INS):
        text = text.translate(_STAND_IN_TABLE)
    fallback = theme_module.FALLBACK.get(font)
    if fallback is not None and not theme_module.covers(fallback[0], text):
        font = fallback[1]  # a heading with a letter the heading font lacks
    if max_width is not None and text_width(font, text) > max_width:
        # A bigger text size in a box with no room for it: the line steps back towards
        # the size its layout was drawn for before anything is cut.
        for smaller in SMALLER.get(font, ()):
            font = smaller
            if text_width(font, text) <= max_width:
                break
        if text_width(font, text) > max_width:
            font = _shrunk(font, text, max_width)
    shown = fit_text(font, text, max_width) if max_width is not None else text
    img = render_cached(font, shown, colour, alpha)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if TEXT_LOG is not None:
        record_text(surface, text, rect, font, image=img, box=box, shown=shown, max_width=max_width)
    text = shown
    if shadow:
        sh = render_cached(font, text, (0, 0, 0), 150)
        surface.blit(sh, rect.move(2, 3))
    surface.blit(img, rect)
    return rect


def _shrunk(font: pygame.font.Font, text: str, width: int, floor: float = 0.75):
    """``font`` less 1 px at a time, down to ``floor`` of its size (as fitting_font and
    the play panels' labels), until ``text`` fits
    ``width`` (a translation longer than the line's box: German, the pseudo-locale);
    the smallest tried when none fits, and the ellipsis cuts what is left."""
    origin = theme_module.ORIGIN.get(font)
    if origin is None:
        return font

    def make():
        theme, kind, size = origin
        found = font
        for px in range(size - 1, max(1, round(size * floor)) - 1, -1):
            found = theme._font(kind, px)
            if text_width(found, text) <= width:
                break
        return found

    return cached(("shrunk", font, text[:MAX_LINE_CHARS], width), make)


def fitting_font(theme, text: str, size: int, kind: str, width: int, floor: float = 0.75):
    """The font of ``kind`` at ``size`` or, where ``text`` is wider than ``width`` (a
    long translation), a smaller one that fits: first the smaller text sizes back to
    the designed one (as draw_text steps), then the designed size less 1 px at a time
    down to ``floor`` of it.  draw_text's ellipsis is the last resort below that."""
    font = theme.font(size, kind)
    if text_width(font, text) <= width:
        return font
    for smaller in SMALLER.get(font, ()):
        if text_width(smaller, text) <= width:
            return smaller
    for px in range(size - 1, max(1, round(size * floor)) - 1, -1):
        font = theme._font(kind, px)
        if text_width(font, text) <= width:
            break
    return font


@dataclass
class DrawnText:
    """One line of text put on screen, with the room it was given: ``box`` (the
    layout's rectangle, when the caller names one) and ``max_width``.  ``font`` is the
    font it was drawn in (a heading's fallback, a stepped-down size: the one used), so
    a test can ask it for every character's glyph; ``ink`` is where its glyphs are
    (the line's rectangle without the empty rows above and below them, nor the
    side bearings); ``source`` says which path drew it ("kit": draw_text or
    record_text, "rule card": a word of a rules screen's card, "button", "entry",
    "tooltip", "text box": a pygame-gui element's label);
    ``owner`` is the area that belongs to the line's element (a button and its focus
    ring) where no other text may go."""

    text: str
    shown: str  # what was drawn: ``text``, or its start and an ellipsis when cut
    rect: pygame.Rect
    box: pygame.Rect | None
    max_width: int | None
    surface: tuple[int, int]
    font: object = None
    ink: pygame.Rect | None = None
    source: str = "kit"
    owner: pygame.Rect | None = None
    # the surface it was drawn on (kept while the record lives, so lines of two
    # short-lived cards are never taken for lines of one)
    target: object = field(default=None, repr=False, compare=False)
    # the line as rendered (drawn at ``rect``): which pixels are its glyphs
    image: pygame.Surface | None = field(default=None, repr=False, compare=False)

    @property
    def cut(self) -> bool:
        return self.shown != self.text[:MAX_LINE_CHARS]

    def missing_glyphs(self) -> str:
        """The characters of what was drawn that its font has no glyph for (drawn as
        a box: "tofu"); empty when every one is there or the font is not known."""
        if not isinstance(self.font, pygame.font.Font):
            return ""
        return "".join(sorted({ch for ch in self.shown if not has_glyph(self.font, ch)}))


# A code point no font has (the last private-use one of plane 16): what a font draws for
# a character it lacks (its .notdef box).
_NO_SUCH_CHARACTER = "\U0010fffd"
_GLYPHS: dict[tuple, bool] = {}


def has_glyph(font: pygame.font.Font, ch: str) -> bool:
    """``font`` has a glyph of its own for ``ch`` (a space always counts).  SDL_ttf
    measures a missing character as its .notdef box, so ``Font.metrics`` cannot tell;
    a character drawn exactly like a code point no font has is one the font lacks."""
    if ch.isspace():
        return True
    key = (font, ch)
    known = _GLYPHS.get(key)
    if known is None:

        def look(c: str) -> tuple:
            img = font.render(c, True, (255, 255, 255), (0, 0, 0))
            return img.get_size(), pygame.image.tobytes(img, "RGB")

        known = _GLYPHS[key] = look(ch) != look(_NO_SUCH_CHARACTER)
    return known


# When a list, draw_text, record_text and every GuiManager's draw append a DrawnText
# for every line they draw: the text sweeps render each screen in each look and
# language and check that every line stays inside its box and on screen, that no two
# lines meet, and that every character has its glyph.  None (the default) costs
# nothing.
TEXT_LOG: list[DrawnText] | None = None


def _ink(image: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    ink = image.get_bounding_rect()
    if not ink.w or not ink.h:
        return pygame.Rect(rect.x, rect.y, 0, 0)
    return ink.move(rect.topleft)


def record_text(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    font,
    *,
    image: pygame.Surface | None = None,
    box: pygame.Rect | None = None,
    shown: str | None = None,
    max_width: int | None = None,
    source: str = "kit",
    owner: pygame.Rect | None = None,
) -> None:
    """Note a line of text drawn at ``rect`` on ``surface`` in TEXT_LOG (nothing when
    no test is recording).  draw_text calls it; so does every place that blits a
    rendered line of its own (a rules page, a board's letters), so the checks see
    every text the client draws.  ``image`` is the rendered line (its glyphs' extent
    becomes the record's ``ink``)."""
    log = TEXT_LOG
    if log is None:
        return
    rect = pygame.Rect(rect)
    if image is None and isinstance(font, pygame.font.Font):
        image = font.render((shown if shown is not None else text)[:MAX_LINE_CHARS], True, "white")
    ink = _ink(image, rect) if image is not None else rect.copy()
    log.append(
        DrawnText(
            text,
            text[:MAX_LINE_CHARS] if shown is None else shown,
            rect,
            None if box is None else pygame.Rect(box),
            max_width,
            surface.get_size(),
            font,
            ink,
            source,
            None if owner is None else pygame.Rect(owner),
            surface,
            image,
        )
    )


def blit_line(
    surface: pygame.Surface,
    image: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    font,
    *,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Blit a line already rendered (by render_cached, sized before it is placed) at
    ``rect`` and note it for the text checks, as draw_text would: for the few places
    that measure a line's image to draw a badge or a card around it first."""
    surface.blit(image, rect)
    record_text(surface, text, rect, font, image=image, box=box)
    return rect


def _gui_font(font):
    """The pygame Font inside a pygame-gui font (its glyphs are that font's)."""
    return getattr(font, "_GUIFontPygame__internal_font", font)


def record_gui(ui: pygame_gui.UIManager, surface: pygame.Surface) -> None:
    """Note every label a pygame-gui manager just drew (buttons, text boxes, tooltips)
    in TEXT_LOG, each line where pygame-gui laid it out, with the element's inside
    (within its border) as its box and, for a button, the button and its focus ring
    as the part of the screen no other text may enter."""
    if TEXT_LOG is None:
        return
    for el in ui.get_sprite_group().sprites():
        if not el.visible or not el.alive():
            continue
        if isinstance(el, pygame_gui.elements.UITextBox):
            layout = el.text_box_layout
            source = "tooltip" if "tool_tip" in el.most_specific_combined_id else "text box"
            b = el.border_width
            left = el.padding[0] + b["left"] + el.shadow_width + el.rounded_corner_width_offsets[0]
            top = el.padding[1] + b["top"] + el.shadow_width + el.rounded_corner_height_offsets[0]
            right = (
                el.padding[0] + b["right"] + el.shadow_width + el.rounded_corner_width_offsets[1]
            )
            bottom = (
                el.padding[1] + b["bottom"] + el.shadow_width + el.rounded_corner_height_offsets[1]
            )
            box = pygame.Rect(
                el.rect.x + left,
                el.rect.y + top,
                el.rect.w - left - right,
                el.rect.h - top - bottom,
            )
            scroll = 0
            if layout is not None and el.scroll_bar is not None:
                scroll = round(el.scroll_bar.start_percentage * layout.layout_rect.height)
            offset = (box.x, box.y - scroll)
            owner = None
        else:
            shape = getattr(el, "drawable_shape", None)
            layout = getattr(shape, "text_box_layout", None)
            source = "entry" if isinstance(el, pygame_gui.elements.UITextEntryLine) else "button"
            offset = el.rect.topleft
            border = getattr(shape, "border_width", 0) or 0
            if isinstance(border, dict):
                border = max(border.values(), default=0)
            box = el.rect.inflate(-2 * border, -2 * border)
            owner = el.rect.inflate(2 * RING, 2 * RING) if el.is_enabled else el.rect.copy()
        if layout is None:
            continue
        for row in layout.layout_rows:
            for chunk in row.items:
                text = getattr(chunk, "text", None)
                if not isinstance(text, str) or not text.strip():
                    continue
                font = _gui_font(getattr(chunk, "font", None))
                rect = pygame.Rect(chunk).move(offset)
                image = None
                if isinstance(font, pygame.font.Font):
                    # pygame-gui centres a line on its row; across, the line as laid out
                    # (a label wider than its button is drawn cut, and that must show)
                    image = font.render(text[:MAX_LINE_CHARS], True, "white")
                    rect = image.get_rect(midleft=(rect.x, rect.centery))
                record_text(
                    surface, text, rect, font, image=image, box=box, source=source, owner=owner
                )
                if source == "entry" and el.get_text():
                    # typed text longer than its box scrolls in it (the placeholder
                    # does not, and must fit): what shows is the part inside the box
                    drawn = TEXT_LOG[-1]
                    for name in ("rect", "ink"):
                        r = getattr(drawn, name)
                        left, right = max(r.left, box.left), min(r.right, box.right)
                        setattr(drawn, name, pygame.Rect(left, r.y, max(0, right - left), r.h))


class Pen:
    """``draw_text`` bound to one surface and the theme, so a panel's many labels read
    as one short line each: the font by size and kind, a colour by its theme name
    ("accent") or as a colour.  ``write = Pen(surface, theme)``, then
    ``write("Moves", 18, "text_dim", (x, y))``."""

    __slots__ = ("surface", "theme")

    def __init__(self, surface: pygame.Surface, theme) -> None:
        self.surface = surface
        self.theme = theme

    def __call__(
        self,
        text: str,
        size: int,
        colour,
        pos: tuple[float, float],
        anchor: str = "topleft",
        *,
        kind: str = "bold",
        max_width: int | None = None,
    ) -> pygame.Rect:
        if isinstance(colour, str):
            colour = self.theme[colour]
        font = self.theme.font(size, kind)
        return draw_text(self.surface, text, font, colour, pos, anchor, max_width=max_width)


def draw_panel(
    surface: pygame.Surface,
    rect,
    theme,
    *,
    fill: str = "panel",
    edge: str = "panel_edge",
    radius: int = 14,
    alpha: int = 235,
    width: int = 2,
) -> None:
    """A rounded translucent panel, its image from the kit's cache (every screen draws
    the same few panels every frame)."""
    rect = pygame.Rect(rect)
    colour = pygame.Color(theme[fill])
    colour.a = alpha
    edge_colour = pygame.Color(theme[edge])

    def make() -> pygame.Surface:
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, colour, panel.get_rect(), border_radius=radius)
        if width:
            pygame.draw.rect(panel, edge_colour, panel.get_rect(), width, border_radius=radius)
        return panel

    key = ("panel", rect.size, tuple(colour), tuple(edge_colour), radius, width)
    surface.blit(cached(key, make), rect)
    if TEXT_LOG is not None and alpha >= COVERING:
        # a panel this opaque hides the lines drawn under it (a banner over the board)
        TEXT_LOG.append(
            DrawnText(
                "",
                "",
                rect.copy(),
                None,
                None,
                surface.get_size(),
                None,
                rect.copy(),
                "cover",
                None,
                surface,
            )
        )


# A panel at least this opaque hides the text under it (for the text checks).
COVERING = 200


def lighten(colour, amount: float) -> pygame.Color:
    c = pygame.Color(colour)
    return pygame.Color(*(int(v + (255 - v) * amount) for v in (c.r, c.g, c.b)), c.a)


def darken(colour, amount: float) -> pygame.Color:
    c = pygame.Color(colour)
    return pygame.Color(*(int(v * (1 - amount)) for v in (c.r, c.g, c.b)), c.a)


# Colour-blind glyphs: one distinct shape per colour name, drawn on the piece.
GLYPHS = {
    "red": "triangle",
    "blue": "circle",
    "green": "square",
    "yellow": "star",
    "purple": "diamond",
    "orange": "cross",
    "fire": "flame",
    "water": "drop",
    "grass": "leaf",
}


def draw_glyph(
    surface: pygame.Surface, kind: str, center, size: float, colour=(15, 15, 25), width: int = 0
) -> None:
    cx, cy = center
    s = size
    if kind == "triangle":
        pts = [(cx, cy - s), (cx + s * 0.9, cy + s * 0.7), (cx - s * 0.9, cy + s * 0.7)]
        pygame.draw.polygon(surface, colour, pts, width)
    elif kind == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), s * 0.8, width)
    elif kind == "square":
        r = pygame.Rect(0, 0, s * 1.5, s * 1.5)
        r.center = (round(cx), round(cy))
        pygame.draw.rect(surface, colour, r, width)
    elif kind == "star":
        pts = []
        for i in range(10):
            rad = s if i % 2 == 0 else s * 0.42
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        pygame.draw.polygon(surface, colour, pts, width)
    elif kind == "diamond":
        pts = [(cx, cy - s), (cx + s * 0.75, cy), (cx, cy + s), (cx - s * 0.75, cy)]
        pygame.draw.polygon(surface, colour, pts, width)
    elif kind == "cross":
        t = max(2, s * 0.45)
        pygame.draw.rect(surface, colour, pygame.Rect(cx - t / 2, cy - s, t, 2 * s))
        pygame.draw.rect(surface, colour, pygame.Rect(cx - s, cy - t / 2, 2 * s, t))
    elif kind == "flame":
        pts = [
            (cx, cy - s),
            (cx + s * 0.7, cy + s * 0.1),
            (cx + s * 0.45, cy + s * 0.8),
            (cx, cy + s * 0.45),
            (cx - s * 0.45, cy + s * 0.8),
            (cx - s * 0.7, cy + s * 0.1),
        ]
        pygame.draw.polygon(surface, colour, pts, width)
    elif kind == "drop":
        pygame.draw.circle(surface, colour, (cx, cy + s * 0.25), s * 0.62, width)
        pygame.draw.polygon(
            surface, colour, [(cx, cy - s), (cx + s * 0.55, cy), (cx - s * 0.55, cy)], width
        )
    elif kind == "leaf":
        r = pygame.Rect(0, 0, s * 1.1, s * 1.9)
        r.center = (round(cx), round(cy))
        pygame.draw.ellipse(surface, colour, r, width)
        pygame.draw.line(surface, lighten(colour, 0.5), (cx, cy - s * 0.8), (cx, cy + s * 0.8), 2)


def draw_gem(
    surface: pygame.Surface,
    center,
    radius: float,
    colour,
    *,
    glyph: str | None = None,
    shape: str = "octagon",
    alpha: int = 255,
    outline=None,
) -> None:
    """A faceted crystal: a bevelled polygon with a light top-left facet and a dark
    bottom-right one, so pieces read as crystals at any size."""
    cx, cy = center
    base = pygame.Color(colour)
    sides = {"octagon": 8, "hexagon": 6, "diamond": 4, "square": 4}.get(shape, 8)
    rot = {"octagon": math.pi / 8, "hexagon": 0.0, "diamond": 0.0, "square": math.pi / 4}.get(
        shape, 0.0
    )
    size = int(radius * 2 + 4)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    outer = [
        (
            c + radius * math.cos(rot + i * 2 * math.pi / sides),
            c + radius * math.sin(rot + i * 2 * math.pi / sides),
        )
        for i in range(sides)
    ]
    inner_r = radius * 0.55
    inner = [
        (
            c + inner_r * math.cos(rot + i * 2 * math.pi / sides) - radius * 0.08,
            c + inner_r * math.sin(rot + i * 2 * math.pi / sides) - radius * 0.08,
        )
        for i in range(sides)
    ]
    pygame.draw.polygon(layer, darken(base, 0.35), outer)
    # facets: each outer edge to the inner ring, shaded by the edge's direction
    for i in range(sides):
        a, b = outer[i], outer[(i + 1) % sides]
        ia, ib = inner[i], inner[(i + 1) % sides]
        mid_angle = rot + (i + 0.5) * 2 * math.pi / sides
        light = -math.cos(mid_angle - math.pi * 1.25)  # light from the top-left
        shade = lighten(base, 0.35 * light) if light > 0 else darken(base, -0.45 * light)
        pygame.draw.polygon(layer, shade, [a, b, ib, ia])
    pygame.draw.polygon(layer, lighten(base, 0.18), inner)
    hl = [(inner[k][0], inner[k][1]) for k in range(sides)]
    pygame.draw.polygon(
        layer,
        lighten(base, 0.55),
        [hl[sides // 2], hl[sides // 2 + 1], (c - radius * 0.1, c - radius * 0.1)],
    )
    pygame.draw.polygon(layer, outline or darken(base, 0.6), outer, 2)
    if glyph:
        draw_glyph(layer, glyph, (c, c), radius * 0.42, (12, 12, 20))
        draw_glyph(layer, glyph, (c, c), radius * 0.42, (245, 245, 255), 2)
    if alpha < 255:
        layer.set_alpha(alpha)
    surface.blit(layer, (cx - c, cy - c))


# -- toasts -----------------------------------------------------------------------
# One toast at a time, over the screen that was on top when it first showed: a screen
# pushed over it (the pause menu) hides it until that screen goes. It is placed where
# it covers none of the screen's controls, and a long word (a file path) is broken to
# the toast's width.
TOAST_W, TOAST_TEXT_W, TOAST_LINE = 800, 760, 26
TOAST_MIN_TICKS = 90  # a toast shows this long at least before the next one replaces it
TOAST_QUEUE = 3  # the most waiting; the oldest waiting is dropped past it


@dataclass
class Toast:
    text: str
    ticks_left: int = 60 * 5
    kind: str = "info"
    scene: object = None  # the screen it belongs to, set when it first shows
    shown: int = 0  # ticks it has been on screen


def toast(app, text: str, kind: str = "info", seconds: float = 4.5) -> None:
    toasts = app.__dict__.setdefault("_toasts", [])
    if toasts and toasts[-1].text == text:  # the same words again: show them longer
        toasts[-1].ticks_left = max(toasts[-1].ticks_left, int(seconds * 60))
        return
    toasts.append(Toast(text, int(seconds * 60), kind))
    del toasts[1 : max(1, len(toasts) - TOAST_QUEUE)]


def toast_lines(text: str, font: pygame.font.Font, width: int = TOAST_TEXT_W) -> list[str]:
    """``text`` in lines no wider than ``width``: words wrap at spaces, and a word
    wider than a line (a path) breaks after a slash, or anywhere when it has none."""
    words: list[str] = []
    for word in text[:MAX_WRAP_CHARS].replace("\n", " ").split(" "):
        while word and text_width(font, word) > width and len(words) <= 8 * BANNER_LINES:
            lo, hi = 1, min(len(word), MAX_LINE_CHARS)  # the longest head that fits
            while lo < hi:
                mid = (lo + hi + 1) // 2
                lo, hi = (mid, hi) if text_width(font, word[:mid]) <= width else (lo, mid - 1)
            cut = lo
            slash = max(word.rfind("/", 0, cut), word.rfind("\\", 0, cut))
            if slash > cut // 2:
                cut = slash + 1
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    lines: list[str] = []
    for w in words:
        glue = "" if lines and lines[-1].endswith(("/", "\\")) and w and w[0] != "/" else " "
        trial = f"{lines[-1]}{glue}{w}" if lines else w
        if lines and text_width(font, trial) <= width:
            lines[-1] = trial
        elif w or not lines:
            lines.append(w)
    if len(lines) > BANNER_LINES:
        lines = lines[:BANNER_LINES]
        lines[-1] = fit_text(font, lines[-1] + " ...", width)
    return lines


def toast_avoid(scene) -> list[pygame.Rect]:
    """The rectangles a toast must not cover on ``scene``: its own ``toast_avoid()``
    when it has one, else its controls (a play view's buttons, a menu's)."""
    own = getattr(scene, "toast_avoid", None)
    if callable(own):
        return [pygame.Rect(r) for r in own()]
    rects: list[pygame.Rect] = []
    buttons = getattr(scene, "play_buttons", None)
    if callable(buttons):
        rects += [pygame.Rect(b.rect) for b in buttons()]
    # A play view's set-up choices (Crystal Connector's pick cards, Chromatic
    # Collapse's who-starts buttons) are pressed like buttons too.
    choices = getattr(scene, "choice_rects", None)
    if callable(choices):
        rects += [pygame.Rect(r) for _, r in choices()]
    setup = getattr(scene, "setup_buttons", None)
    match = getattr(scene, "match", None)
    if callable(setup) and getattr(getattr(match, "state", None), "phase", "") == "setup":
        rects += [pygame.Rect(r) for r in setup()]
    if isinstance(scene, MenuScene):
        rects += [pygame.Rect(c.element.rect) for c in scene.controls if c.element.visible]
    return rects


def toast_rect(scene, height: int) -> pygame.Rect:
    """Where a toast ``height`` px tall goes: bottom centre, raised above any control
    it would cover; at the top when no place lower down is free."""
    avoid = toast_avoid(scene)
    rect = pygame.Rect(0, 0, TOAST_W, height)
    rect.midbottom = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 20)
    while rect.top >= 8:
        hits = [r for r in avoid if r.colliderect(rect)]
        if not hits:
            return rect
        rect.bottom = min(r.top for r in hits) - 8
    rect.top = 8
    return rect


# Background gems (the title's crystals, the results' confetti) fade out near a
# screen's words, panels and buttons (within FADE px) rather than crossing them.
FADE = 28


def clear_alpha(pos, r: float, keep_clear, full: int) -> int:
    """``full`` for a gem of radius ``r`` at ``pos`` far from every rect of
    ``keep_clear``, falling to 0 as it comes within FADE px of one."""
    x, y = pos
    gap = math.inf
    for rect in keep_clear:
        dx = max(rect.left - x, 0, x - rect.right)
        dy = max(rect.top - y, 0, y - rect.bottom)
        gap = min(gap, math.hypot(dx, dy) - r)
    return int(full * max(0.0, min(1.0, gap / FADE)))


def tick_toasts(app) -> None:
    """Age the toast on show by one tick (called from the App's update, so a toast's
    time is counted in ticks like every other timer, whatever the frame rate), drop
    the ones whose time is up or that a newer one replaces, and queue new notices."""
    toasts = app.__dict__.setdefault("_toasts", [])
    while app.notices:
        toast(app, app.notices.pop(0), "warning", 7)
    stack = getattr(app, "stack", [])
    top = stack[-1] if stack else None
    while toasts:
        t = toasts[0]
        if t.scene is not None and t.scene not in stack:
            t.scene = None  # its screen went: it carries on over the one now on top
        if t.ticks_left > 0 and not (len(toasts) > 1 and t.shown >= TOAST_MIN_TICKS):
            break
        toasts.pop(0)
    if not toasts:
        return
    t = toasts[0]
    if t.scene is None:
        t.scene = top
    if t.scene is not top:  # a screen over it (the pause menu): hidden, and waiting
        return
    t.ticks_left -= 1
    t.shown += 1


def toast_key(app):
    """What toast would be drawn now (its identity and words), or None: the loop draws
    a frame when this changes, since a toast showing or going changes the screen."""
    toasts = app.__dict__.get("_toasts") or []
    if app.notices:
        return ("notices", len(app.notices))
    if not toasts or toasts[0].ticks_left <= 0:
        return None
    t = toasts[0]
    stack = getattr(app, "stack", [])
    top = stack[-1] if stack else None
    if (t.scene if t.scene is not None and t.scene in stack else top) is not top:
        return None
    return (id(t), t.text)


def draw_toasts(app, surface: pygame.Surface) -> None:
    """Draw the toast on show (what tick_toasts left at the front), if its screen is on
    top; drawing changes nothing, so a frame drawn or skipped cannot change its time."""
    toasts = app.__dict__.setdefault("_toasts", [])
    while app.notices:  # a notice raised since the last tick shows at once
        toast(app, app.notices.pop(0), "warning", 7)
    stack = getattr(app, "stack", [])
    top = stack[-1] if stack else None
    if not toasts or toasts[0].ticks_left <= 0:
        return
    t = toasts[0]
    if (t.scene if t.scene is not None and t.scene in stack else top) is not top:
        return  # a screen over it (the pause menu): hidden, and waiting
    font = app.theme.font(20)
    # the lines step down with the text size, never closer than the font's own line
    pitch = max(app.theme.pitch(TOAST_LINE), font.get_linesize())
    place = getattr(top, "place_message", None)
    if callable(place):
        # A play screen: where it covers none of the board's cells, key hints and
        # buttons, nor the banner up now.
        banner = getattr(top, "banner_drawn", None)
        showing = getattr(top, "banner_ticks", 0) > 0 and banner is not None
        rect, lines = place(
            t.text, font, pitch, 8, 40, wrap=toast_lines, avoid=[banner] if showing else []
        )
    else:
        lines = toast_lines(t.text, font)
        rect = toast_rect(top, 16 + pitch * len(lines))
    app.__dict__["_toast_rect"] = rect  # where the last toast was drawn (tests look)
    edge = "bad" if t.kind in ("warning", "error") else "accent_2"
    draw_panel(surface, rect, app.theme, fill="background_2", edge=edge, alpha=240, width=3)
    for i, line in enumerate(lines):
        draw_text(
            surface,
            line,
            font,
            app.theme["text"],
            (rect.centerx, rect.y + 8 + pitch * i),
            "midtop",
            max_width=min(TOAST_TEXT_W, rect.w - 40),
            box=rect,
        )


def theme_still(theme) -> bool:
    """The player asked for reduced motion (kept on the theme every screen holds)."""
    return getattr(theme, "reduced_motion", False)


class GuiManager(pygame_gui.UIManager):
    """A pygame-gui manager on the app's look whose parsed theme is shared.

    Parsing the theme (its colours, fonts and shapes) took 25-40 ms, and every screen
    parsed it again when it opened: a fifth of the time the pause menu, game select
    or the rules took to appear.  The parsed theme is kept on the App, one per look
    (the theme's content is the key, so a text size or palette change gets its own),
    and only for that App's life: pygame's fonts inside it end with the App."""

    def __init__(self, app, **kwargs):
        self._themes = app.__dict__.setdefault("_gui_themes", {})
        self._look = app.theme.gui_theme()
        self._app = app
        super().__init__(LOGICAL_SIZE, self._look, **kwargs)
        # pygame-gui keeps the first manager made as the default for elements given
        # none (every element here is given its screen's): kept, it would hold the first
        # screen's buttons and their images for the whole run.
        if pygame_gui.core.utility.get_default_manager() is self:
            pygame_gui.core.utility.set_default_manager(None)

    def _update_mouse_position(self):
        # The pointer on the canvas as the App mapped it from the window (SDL's own
        # position is in window pixels, which differ from the canvas's in any window
        # not exactly 1280x720).
        self.mouse_position = tuple(self._app.pointer)

    def look_key(self) -> tuple:
        """What the manager's elements show now: each visible element's image and
        place.  A change means a frame must be drawn (a hover fading in, a tooltip
        appearing, a text cursor blinking), though no input came."""
        return tuple(
            (id(sp.image), sp.rect.topleft, sp.rect.size, getattr(sp, "cursor_on", None))
            for sp in self.ui_group.sprites()
            if getattr(sp, "visible", True) and sp.image is not None
        )

    def create_new_theme(self, theme_path=None):
        if not isinstance(theme_path, dict):
            return super().create_new_theme(theme_path)
        key = json.dumps(theme_path, sort_keys=True, default=str)
        theme = self._themes.get(key)
        if theme is None:
            theme = super().create_new_theme(theme_path)
            while len(self._themes) >= 4:  # older looks: drop the oldest
                self._themes.pop(next(iter(self._themes)))
            self._themes[key] = theme
        return theme

    def draw_ui(self, window_surface: pygame.Surface) -> None:
        super().draw_ui(window_surface)
        if TEXT_LOG is not None:
            record_gui(self, window_surface)

    def follow(self, look: dict) -> None:
        """Re-theme every element with the (shared) theme of ``look``."""
        self.set_ui_theme(self.create_new_theme(look), update_all_sprites=True)


def follow_look(ui: pygame_gui.UIManager, theme, seen: int) -> int:
    """Re-theme a pygame-gui manager built before the player changed the text size or
    palette (the settings page changes them while the screens below stay open)."""
    if seen == theme.generation:
        return seen
    if isinstance(ui, GuiManager):
        # never load into the shared theme in place: other screens' managers use it
        ui.follow(theme.gui_theme())
    else:
        ui.get_theme().load_theme(theme.gui_theme())
        ui.rebuild_all_from_changed_theme_data()
    return theme.generation


def fit_buttons(ui: pygame_gui.UIManager, theme) -> None:
    """Buttons whose label does not fit get a smaller font: at a bigger text size it
    steps back towards the designed size (a fixed-size button on a play screen has no
    room to grow), and a long translation ("Barrierefreiheit" on a settings tab) may
    go down to 75 % of the designed size before anything is cut (as a line of text
    does in draw_text).  A label that fits
    is left alone; each button is measured again only when its text, width or the
    look changed."""
    fonts = None
    for el in ui.get_sprite_group().sprites():
        if not isinstance(el, pygame_gui.elements.UIButton) or not el.text:
            continue
        seen = (el.text, el.rect.w, theme.generation)
        if getattr(el, "_fit_seen", None) == seen:
            continue
        el._fit_seen = seen
        font = getattr(el, "font", None)
        if font is None or font.size(el.text)[0] <= el.rect.w - 12:
            continue
        size = font.point_size if hasattr(font, "point_size") else None
        if not size:
            continue
        designed = round(size / theme.text_scale)
        floor = min(designed, max(1, round(designed * 0.75)))
        fonts = fonts or ui.get_theme().get_font_dictionary()
        for step in range(size - 1, floor - 1, -1):
            with warnings.catch_warnings():
                # pygame-gui loads a size it has not seen yet, and says so: expected here.
                warnings.simplefilter("ignore", UserWarning)
                smaller = fonts.find_font(step, "noto_sans", bold=True)
            if smaller.size(el.text)[0] <= el.rect.w - 12 or step == floor:
                el.font = smaller
                el.rebuild()
                break


# -- menus ------------------------------------------------------------------------
@dataclass
class Control:
    element: pygame_gui.core.UIElement
    action: Callable[[], None] | None = None
    left: Callable[[], None] | None = None  # cyclers: arrow keys change the value
    right: Callable[[], None] | None = None
    sound: str = "click"
    data: dict = field(default_factory=dict)
    primary: bool = False  # the screen's main action: what Start (Pause) presses


class MenuScene(Scene):
    """A screen of pygame-gui controls with a focus ring for keys and controllers.

    A menu is still: its dust and its focus ring's pulse move while the player acts
    (``Scene.active``) and then hold, and a frame is drawn only when a control's look
    changes (``GuiManager.look_key``, checked every tick).  A screen with motion of its
    own sets ``animated`` (the title's crystals) or answers ``frame_rate`` itself."""

    background = "background"
    animated = False

    def __init__(self, app):
        super().__init__(app)
        self.ui = GuiManager(app, enable_live_theme_updates=False)
        self.ui_look = app.theme.generation
        self.ui_language = i18n.generation()
        self.controls: list[Control] = []
        self.focus_index = -1
        self._by_element: dict[int, Control] = {}
        self._ui_drawn: tuple | None = None

    # building
    def button(
        self,
        rect,
        text: str,
        action=None,
        *,
        object_id: str | None = None,
        tooltip: str | None = None,
        sound: str = "click",
        left=None,
        right=None,
        enabled: bool = True,
    ) -> Control:
        rect = pygame.Rect(rect)
        rect.h = max(rect.h, MIN_TARGET)
        rect.w = max(rect.w, MIN_TARGET)
        el = pygame_gui.elements.UIButton(
            rect, text, self.ui, tool_tip_text=tooltip, object_id=object_id
        )
        if not enabled:
            el.disable()
        c = Control(el, action, left, right, sound, primary=object_id == "#primary")
        self.controls.append(c)
        self._by_element[id(el)] = c
        return c

    def cycler(
        self,
        rect,
        label: str,
        values: Sequence,
        current,
        on_change,
        *,
        fmt: Callable = str,
        tooltip: str | None = None,
        object_id: str | None = None,
    ) -> Control:
        """A button showing ``label: value``; press or Right for the next value, Left
        for the previous one."""
        state = {"i": list(values).index(current) if current in values else 0}

        def text() -> str:
            return (
                # Not a message of its own: the label and the value are translated, and
                # a gettext wrapper here would hide an untranslated label from the
                # pseudo-locale sweep inside its brackets.
                f"{label}:  ‹ {fmt(values[state['i']])} ›"
                if label
                else f"‹ {fmt(values[state['i']])} ›"
            )

        def step(d: int) -> None:
            state["i"] = (state["i"] + d) % len(values)
            control.element.set_text(text())
            on_change(values[state["i"]])

        control = self.button(
            rect,
            text(),
            lambda: step(1),
            tooltip=tooltip,
            object_id=object_id,
            left=lambda: step(-1),
            right=lambda: step(1),
        )
        control.data["values"] = values
        control.data["state"] = state
        control.data["step"] = step
        return control

    def clear_controls(self) -> None:
        for c in self.controls:
            c.element.kill()
        self.controls.clear()
        self._by_element.clear()
        self.focus_index = -1

    # focus
    def focusable(self) -> list[int]:
        return [
            i for i, c in enumerate(self.controls) if c.element.is_enabled and c.element.visible
        ]

    def set_focus(self, index: int) -> None:
        if 0 <= self.focus_index < len(self.controls):
            el = self.controls[self.focus_index].element
            if hasattr(el, "unselect"):
                el.unselect()
        self.focus_index = index
        if 0 <= index < len(self.controls):
            el = self.controls[index].element
            if hasattr(el, "select"):
                el.select()

    def move_focus(self, dx: int, dy: int) -> None:
        options = self.focusable()
        if not options:
            return
        if self.focus_index not in options:
            self.set_focus(options[0])
            return
        cur = self.controls[self.focus_index].element.rect
        others = [(i, self.controls[i].element.rect) for i in options if i != self.focus_index]
        best = nearest(cur, others, dx, dy)
        if best is None:
            best = wrap_around([(i, self.controls[i].element.rect) for i in options], dx, dy)
        self.set_focus(best)
        self.app.sound.play("hover")

    def tab_focus(self, d: int) -> None:
        options = self.focusable()
        if not options:
            return
        if self.focus_index not in options:
            self.set_focus(options[0] if d > 0 else options[-1])
        else:
            k = options.index(self.focus_index)
            self.set_focus(options[(k + d) % len(options)])
        self.app.sound.play("hover")

    def activate(self, control: Control) -> None:
        if control.action:
            self.app.sound.play(control.sound)
            control.action()

    # scene protocol
    def on_back(self) -> None:
        """Escape / controller B.  Menus go back one screen."""
        self.app.sound.play("back")
        self.app.pop()

    def on_start(self) -> None:
        """Pause / controller Start: the screen's main action (Play, Start, Resume,
        Rematch, OK) when it has one, else the same as Back."""
        for c in self.controls:
            if c.primary and c.element.is_enabled and c.element.visible:
                self.activate(c)
                return
        self.on_back()

    def handle(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
            and self._typing()
        ):
            # A one-line box has no use for Up, Down or Tab: they leave it and move the
            # focus ring, so a d-pad (its Up and Down arrive as these keys) is never
            # stuck in a box that was focused for typing.
            self.ui.set_focus_set(None)
            self.handle_key(event)
            return
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            c = self._by_element.get(id(event.ui_element))
            if c:
                # A click moves the focus ring to what it pressed (the keys go on from
                # there); an action that rebuilds the screen places the ring itself.
                index = self.controls.index(c)
                if index in self.focusable():
                    self.set_focus(index)
                self.activate(c)
            return
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            self.app.sound.play("hover")
            return
        if event.type == pygame.KEYDOWN and not consumed and not self._typing():
            self.handle_key(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_back()
            return
        if event.type == pygame.KEYDOWN and event.key == PAUSE_KEY:
            self.on_start()
            return
        if not consumed:
            self.handle_other(event)

    def _typing(self) -> bool:
        focused = self.ui.get_focus_set()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in (focused or ()))

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        focused = (
            self.controls[self.focus_index] if 0 <= self.focus_index < len(self.controls) else None
        )
        if k == pygame.K_ESCAPE:
            self.on_back()
        elif k == PAUSE_KEY:
            self.on_start()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if focused is None:
                self.tab_focus(1)
            else:
                self.activate(focused)
        elif k == pygame.K_TAB:
            self.tab_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and focused and focused.left:
            self.app.sound.play("click")
            (focused.left if k == pygame.K_LEFT else focused.right)()
        elif k == pygame.K_UP:
            self.move_focus(0, -1)
        elif k == pygame.K_DOWN:
            self.move_focus(0, 1)
        elif k == pygame.K_LEFT:
            self.move_focus(-1, 0)
        elif k == pygame.K_RIGHT:
            self.move_focus(1, 0)
        else:
            self.handle_other(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        """Input that no control took (drags, wheel, letters)."""

    def update(self) -> None:
        super().update()
        self.follow_language()
        if self.gui_step(self.ui) and self.ui.look_key() != self._ui_drawn:
            self.app.request_frame()  # a hover fading, a tooltip, a caret blinking

    def frame_rate(self) -> int:
        if self.animated and not theme_still(self.app.theme):
            return AMBIENT
        return FULL if self.active() else STILL

    def follow_language(self) -> None:
        """Relabel once after the language changed (Settings > Language): the screens
        below the settings are rebuilt when they come back on top, before they are
        drawn."""
        if self.ui_language != i18n.generation():
            self.ui_language = i18n.generation()
            self.relabel()

    def relabel(self) -> None:
        """Build the widgets again in the new language, the focus kept where it was.
        A screen that builds its controls in ``build()`` needs nothing more; one that
        builds them elsewhere overrides this."""
        build = getattr(self, "build", None)
        if not callable(build):
            return
        focus = self.focus_index
        build()
        if 0 <= focus < len(self.controls):
            self.set_focus(focus)

    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, self.motion_ticks)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.follow_language()
        self.ui_look = follow_look(self.ui, self.app.theme, self.ui_look)
        fit_buttons(self.ui, self.app.theme)
        self.draw_background(surface)
        self.draw_content(surface, alpha)
        self.ui.draw_ui(surface)
        self._ui_drawn = self.ui.look_key()
        self.draw_focus(surface)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None: ...

    def draw_focus(self, surface: pygame.Surface) -> None:
        if 0 <= self.focus_index < len(self.controls):
            el = self.controls[self.focus_index].element
            if el.visible:
                pulse = (
                    0.5
                    if theme_still(self.app.theme)
                    else 0.5 + 0.5 * math.sin(self.motion_ticks * 0.15)
                )
                colour = lighten(self.app.theme["focus"], 0.3 * pulse)
                ring = el.rect.inflate(2 * RING, 2 * RING)
                pygame.draw.rect(surface, colour, ring, 3, border_radius=16)

    # helpers for screens
    def title(self, surface: pygame.Surface, text: str, y: int = 40) -> pygame.Rect:
        """A screen's decorative heading, centred at ``y``; returns where it was drawn."""
        return draw_text(
            surface,
            text,
            self.app.theme.heading(52),  # decorative: its size at every text size
            self.app.theme["accent"],
            (LOGICAL_SIZE[0] // 2, y),
            "midtop",
            shadow=True,
        )


def starfield_background(surface: pygame.Surface, theme, ticks: int, seed: int = 3) -> None:
    """The arcade backdrop: a vertical gradient with slowly drifting crystal dust."""
    w, h = surface.get_size()
    top, bottom = theme["background"], theme["background_2"]
    grad = cached(
        ("widgets.gradient", w, h, tuple(top), tuple(bottom)), lambda: _gradient(w, h, top, bottom)
    )
    surface.blit(grad, (0, 0))
    if theme_still(theme):
        return  # reduced motion: no drifting crystals behind the text
    rnd = _dust(seed)
    for x, y, speed, size, hue in rnd:
        yy = (y + ticks * speed) % (h + 20) - 10
        c = theme.player_colours[hue]
        pygame.draw.circle(surface, darken(c, 0.55), (int(x), int(yy)), size)


def _gradient(w: int, h: int, top, bottom) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    for y in range(h):
        t = y / max(1, h - 1)
        colour = [int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)]
        pygame.draw.line(surf, colour, (0, y), (w, y))
    return surf


_DUST: dict = {}


def _dust(seed: int):
    if seed not in _DUST:
        import random

        r = random.Random(seed)
        _DUST[seed] = [
            (
                r.uniform(0, LOGICAL_SIZE[0]),
                r.uniform(0, LOGICAL_SIZE[1]),
                r.uniform(0.05, 0.3),
                r.choice((1, 1, 2, 2, 3)),
                r.randrange(6),
            )
            for _ in range(70)
        ]
    return _DUST[seed]


def draw_pin_box(
    surface: pygame.Surface,
    theme,
    title: str,
    digits: str,
    note: str,
    colour: str,
    width: int = 520,
    title_size: int = 36,
) -> None:
    """An operator's PIN prompt (the kiosk's exit, clearing the hall of fame): a panel
    in the middle of the screen with its title, a dot per digit typed and one line of
    note in the theme colour ``colour``.  One drawing, so the two prompts stay alike."""
    box = pygame.Rect(0, 0, width, 240)
    box.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
    # near opaque: the menu under it must not read through the digits and the note
    draw_panel(surface, box, theme, alpha=250, width=3)
    at = (box.centerx, box.y + 24)
    draw_text(surface, title, theme.font(title_size, "display"), theme["accent"], at, "midtop")
    dots = "•" * len(digits) or "_"
    draw_text(surface, dots, theme.font(40), theme["text"], (box.centerx, box.y + 100), "midtop")
    draw_text(surface, note, theme.font(20), theme[colour], (box.centerx, box.y + 180), "midtop")


def draw_card_button(
    surface: pygame.Surface, theme, rect: pygame.Rect, label: str, primary: bool, dy: int = 0
) -> tuple:
    """A button on a tutorial's or a puzzle's caption card: the accent fill for the main
    one, the label shrunk to fit, ``dy`` pixels off the middle (room for a key hint
    below it).  Returns the label's colour, for what the caller writes under it."""
    draw_panel(
        surface,
        rect,
        theme,
        fill="accent" if primary else "panel",
        edge="accent" if primary else "panel_edge",
        alpha=250,
        width=2,
        radius=10,
    )
    fg = theme["background"] if primary else theme["text"]
    font = fitting_font(theme, label, 17, "bold", rect.w - 10)
    draw_text(surface, label, font, fg, (rect.centerx, rect.centery + dy), "center")
    return fg
