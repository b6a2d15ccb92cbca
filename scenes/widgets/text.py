"""Text drawing and the one bounded cache: draw_text, Pen, fit_text, wrap_text,
render_cached, cached(key, make), and TEXT_LOG, the record of every line drawn (for
the text checks)."""

from __future__ import annotations

import dataclasses
import sys
import types
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

import pygame
import pygame_gui

from scenes import theme as theme_module
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
