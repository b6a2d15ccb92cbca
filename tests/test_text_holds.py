"""Text that holds: every screen and dialog (tests/screens.py) drawn in English, German
and the pseudo-locale, at 100, 125 and 150 % text, in the normal and the high-contrast
palette, with every line of text the client draws recorded (``widgets.text.TEXT_LOG``:
draw_text, the lines blitted by hand, every pygame-gui button, text box and tooltip).
A look fails on:

- two lines of one screen whose glyphs meet, or a line running into a button (its
  area and its focus ring belong to its label);
- a line outside the box its layout gave it (a button's inside, a card, a panel) or
  outside the window;
- a character the font it was drawn in has no glyph for (a box where a letter
  should be).

A line shortened with an ellipsis (the kit's last resort, after stepping down to 75 %
of its size) holds: it is counted (kind "cut") but does not fail here; English and the
pseudo-locale at 100 % fail on it in tests/test_accessibility.py and
tests/test_i18n_screens.py.

A finding names the screen, the look, the language and the two texts (or the text and
its box).  ``CRYSTAL_ARCADE_TEXT_FINDINGS=FILE`` appends every finding to FILE, one a
line (screen, language, size, contrast, kind, what): the figures per language and size.
"""

from __future__ import annotations

import os

import pygame
import pytest

from game.storage.saves import Paths
from scenes import widgets
from scenes.scene import LOGICAL_SIZE
from tests.screens import KIOSK, SCREENS
from tests.test_accessibility import make
from tests.test_i18n_screens import _RESTORE

LANGUAGES = ("en", "de", "pseudo")
SIZES = (100, 125, 150)
CONTRASTS = (False, True)
WINDOW = pygame.Rect((0, 0), LOGICAL_SIZE)
FAILING = {"overlap", "box", "window", "glyph"}


@pytest.fixture(autouse=True)
def default_look_after():
    yield
    from scenes import theme
    from scenes.play import motion

    theme.LOOK = theme.DEFAULT_LOOK
    motion.PLAIN = False


def record(app, build) -> tuple[list[list[widgets.DrawnText]], list[widgets.DrawnText]]:
    """(the lines each visible screen drew in one frame, screen by screen, the message
    on top as a last layer; the lines drawn on sprites and layers since the App began,
    which a frame may show without drawing them again)."""
    widgets.text.TEXT_LOG = []
    try:
        build(app)
        app.run_ticks(3, draw=False)
        early = [d for d in widgets.text.TEXT_LOG if d.surface != LOGICAL_SIZE]
        start = len(app.stack) - 1
        while start > 0 and app.stack[start].overlay:
            start -= 1
        layers = []
        for scene in app.stack[start:]:
            widgets.text.TEXT_LOG = []
            scene.draw(app.canvas, 0.0)
            layers.append(widgets.text.TEXT_LOG)
        widgets.text.TEXT_LOG = []
        widgets.draw_toasts(app, app.canvas)
        layers.append(widgets.text.TEXT_LOG)
        return layers, early
    finally:
        widgets.text.TEXT_LOG = None


def _plane(d: widgets.DrawnText):
    """What a line is drawn on: the screen (the window's size: the canvas, or a stage's
    canvas whose lines were moved to where they show), else its own sprite or layer."""
    return "screen" if d.surface == LOGICAL_SIZE else id(d.target)


def _name(d: widgets.DrawnText) -> str:
    kind = "" if d.source == "kit" else f"{d.source} "
    return f"{kind}{d.text[:40]!r}"


def _meet(a: pygame.Rect, b: pygame.Rect) -> bool:
    hit = a.clip(b)
    return hit.w > 0 and hit.h > 0


_MASKS: dict[int, pygame.mask.Mask] = {}


def _mask(d: widgets.DrawnText) -> pygame.mask.Mask | None:
    """The line's glyph pixels at its rect's size (a line moved from a stage was
    scaled with it), or None when the record has no image."""
    if d.image is None:
        return None
    mask = _MASKS.get(id(d))
    if mask is None:
        mask = pygame.mask.from_surface(d.image)
        if mask.get_size() != d.rect.size and d.rect.w and d.rect.h:
            mask = mask.scale(d.rect.size)
        _MASKS[id(d)] = mask
    return mask


def _collide(a: widgets.DrawnText, b: widgets.DrawnText) -> bool:
    """The glyphs of two lines touch (not only the boxes around them: a descender
    far from the next line's accents is no collision)."""
    if not _meet(a.ink, b.ink):
        return False
    ma, mb = _mask(a), _mask(b)
    if ma is None or mb is None:
        return True
    return ma.overlap(mb, (b.rect.x - a.rect.x, b.rect.y - a.rect.y)) is not None


def _enters(d: widgets.DrawnText, area: pygame.Rect) -> bool:
    """A glyph of ``d`` lies in ``area``."""
    if not _meet(d.ink, area):
        return False
    mask = _mask(d)
    if mask is None:
        return True
    part = area.clip(d.rect)
    if not part.w or not part.h:
        return False
    block = pygame.mask.Mask(part.size, fill=True)
    return mask.overlap(block, (part.x - d.rect.x, part.y - d.rect.y)) is not None


def findings(layers: list[list[widgets.DrawnText]], early=()) -> list[tuple[str, str]]:
    """(kind, what) for every way the recorded lines fail to hold."""
    out: list[tuple[str, str]] = []
    seen_layer_lines = set()
    early = list(early)
    for layer in [*layers, early]:
        lines = [d for d in layer if d.text.strip()]
        for d in lines:
            if d.surface != LOGICAL_SIZE:
                key = (d.text, tuple(d.rect), d.surface, tuple(d.box or ()))
                if key in seen_layer_lines:
                    continue
                seen_layer_lines.add(key)
            ink = d.ink if d.ink is not None else d.rect
            if d.box is not None and not d.box.contains(ink):
                out.append(("box", f"{_name(d)} at {tuple(ink)} is outside its box {tuple(d.box)}"))
            if _plane(d) == "screen" and not WINDOW.contains(ink):
                out.append(("window", f"{_name(d)} at {tuple(ink)} is outside the window"))
            elif _plane(d) != "screen" and not pygame.Rect((0, 0), d.surface).contains(ink):
                # a sprite or a cached panel cuts what runs past its edge
                out.append(("window", f"{_name(d)} at {tuple(ink)} runs off its {d.surface} layer"))
            if d.cut:
                out.append(("cut", f"{_name(d)} is cut to {d.shown[-30:]!r}"))
            missing = d.missing_glyphs()
            if missing:
                out.append(("glyph", f"{_name(d)} has no glyph for {missing!r} in its font"))
        if layer is early:
            continue
        order = {id(d): k for k, d in enumerate(layer)}
        covers = [(k, d) for k, d in enumerate(layer) if d.source == "cover"]

        def hidden(a: widgets.DrawnText, b: widgets.DrawnText, order=order, covers=covers) -> bool:
            """The earlier of two lines is under an opaque panel drawn after it where
            they meet (a banner over the board): it no longer shows there."""
            meet = a.ink.clip(b.ink)
            first = min(order[id(a)], order[id(b)])
            return any(
                first < k and _plane(c) == _plane(a) and c.rect.contains(meet) for k, c in covers
            )

        for i, a in enumerate(lines):
            for b in lines[i + 1 :]:
                if _plane(a) != _plane(b) or (a.source == "tooltip") != (b.source == "tooltip"):
                    continue  # another sprite; a tooltip floats over the screen
                if a.text == b.text and a.rect == b.rect:
                    continue  # one line drawn twice (a glow under it)
                if _collide(a, b) and not hidden(a, b):
                    out.append(("overlap", f"{_name(a)} runs into {_name(b)}"))
                    continue
                for x, y in ((a, b), (b, a)):
                    if x.owner is None or y.source == "tooltip" or y.owner == x.owner:
                        continue
                    if _enters(y, x.owner):
                        out.append(("overlap", f"{_name(y)} runs into the button of {_name(x)}"))
    return out


def sweep_one(tmp_path, screen: str, language: str, size: int, contrast: bool):
    home = tmp_path / f"{language}-{size}-{int(contrast)}"
    paths = Paths(home / "config", home / "data", home / "logs")
    look = {"language": language, "text_size": size, "high_contrast": contrast}
    app = make(paths, look, kiosk=screen in KIOSK)
    try:
        layers, early = record(app, SCREENS[screen])
        assert any(layer for layer in layers), "the screen drew no text"
        return findings(layers, early)
    finally:
        _MASKS.clear()
        app.shutdown()
        while _RESTORE:
            setattr(*_RESTORE.pop())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_text_holds(tmp_path, screen, language):
    """One screen in one language at every text size and in both palettes."""
    found = []
    log = os.environ.get("CRYSTAL_ARCADE_TEXT_FINDINGS")
    for size in SIZES:
        for contrast in CONTRASTS:
            look = f"{size}%{' high contrast' if contrast else ''}"
            for kind, what in sweep_one(tmp_path, screen, language, size, contrast):
                if kind in FAILING:
                    found.append(f"{screen}, {language}, {look}: {what}")
                if log:
                    with open(log, "a", encoding="utf-8") as fh:
                        fh.write(f"{screen}\t{language}\t{size}\t{int(contrast)}\t{kind}\t{what}\n")
    assert not found, f"{len(found)} findings:\n" + "\n".join(found[:40])


# -- the recorder and the kit's parts of the fixes, one by one --------------------------
def test_a_missing_glyph_is_told_from_one_the_font_has(paths):
    """SDL_ttf measures a missing character as its box, so the check renders it."""
    from scenes.theme import Theme

    app = make(paths, {})
    try:
        font = Theme.load().font(20, "regular")
        assert widgets.has_glyph(font, "ä") and widgets.has_glyph(font, "›")
        assert not widgets.has_glyph(font, "→")
        widgets.text.TEXT_LOG = []
        widgets.record_text(app.canvas, "a → b", pygame.Rect(0, 0, 50, 20), font)
        assert widgets.text.TEXT_LOG[0].missing_glyphs() == "→"
    finally:
        widgets.text.TEXT_LOG = None
        app.shutdown()


def test_an_arrow_the_fonts_lack_is_drawn_as_a_mark_they_have(paths):
    """The results' "rating 2040 → 2041" showed a box where the arrow should be."""
    from scenes.theme import Theme

    app = make(paths, {"language": "de"})
    try:
        font = Theme.load().font(20)
        widgets.text.TEXT_LOG = []
        widgets.draw_text(app.canvas, "Ada: Wertung 2040 → 2041", font, (255, 255, 255), (0, 0))
        (line,) = widgets.text.TEXT_LOG
        assert line.missing_glyphs() == "" and "2040 › 2041" in line.shown
    finally:
        widgets.text.TEXT_LOG = None
        app.shutdown()


def _tooltip_height(paths, size: int) -> int:
    from tests.screens import with_tooltip
    from tests.test_accessibility import simple

    app = make(paths, {"text_size": size})
    try:
        layers, _early = record(
            app, with_tooltip(simple("scenes.select", "SelectScene", "crystal-formation"))
        )
        tips = [d for layer in layers for d in layer if d.source == "tooltip"]
        assert tips, "no tooltip drawn"
        return max(d.font.get_height() for d in tips)
    finally:
        app.shutdown()


def test_a_tooltip_grows_with_the_text_size(paths):
    """Tooltips stayed at pygame-gui's own 14 px at every text size."""
    assert _tooltip_height(paths, 150) >= 1.4 * _tooltip_height(paths, 100)


def test_a_message_of_four_lines_keeps_its_lines_apart_and_in_its_panel(paths):
    """A toast's lines stepped 26 px at every text size: at 150 % they ran into each
    other and out of the panel."""
    app = make(paths, {"language": "de", "text_size": 150})
    try:
        layers, _early = record(app, SCREENS["long-message"])
        toast = layers[-1]
        assert len([d for d in toast if d.text.strip()]) >= 2
        assert not findings([toast])
    finally:
        app.shutdown()


def test_the_checks_catch_lines_that_meet_and_lines_out_of_their_box(paths):
    """What the sweep fails on, drawn on purpose: two lines one on the other, a line
    wider than its box, a line past the window's edge, an arrow without its glyph."""
    from scenes.theme import Theme

    app = make(paths, {})
    try:
        font = Theme.load().font(20)
        widgets.text.TEXT_LOG = []
        widgets.draw_text(app.canvas, "Grün-Gelb", font, (255, 255, 255), (10, 10))
        widgets.draw_text(app.canvas, "herausgefordert", font, (255, 255, 255), (30, 14))
        widgets.draw_text(
            app.canvas,
            "Bild ab · RB",
            font,
            (255, 255, 255),
            (300, 10),
            box=pygame.Rect(300, 5, 60, 40),
        )
        widgets.draw_text(app.canvas, "Regeln", font, (255, 255, 255), (1260, 700))
        widgets.record_text(app.canvas, "2040 → 2041", pygame.Rect(500, 100, 90, 25), font)
        kinds = sorted({kind for kind, _what in findings([widgets.text.TEXT_LOG])})
        assert kinds == ["box", "glyph", "overlap", "window"], findings([widgets.text.TEXT_LOG])
        widgets.text.TEXT_LOG = []
        widgets.draw_text(app.canvas, "Grün-Gelb", font, (255, 255, 255), (10, 10))
        widgets.draw_text(app.canvas, "herausgefordert", font, (255, 255, 255), (10, 40))
        assert not findings([widgets.text.TEXT_LOG])
    finally:
        widgets.text.TEXT_LOG = None
        app.shutdown()
