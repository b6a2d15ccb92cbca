"""Toasts: one at a time over the screen that showed it, placed clear of its controls."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.scene import LOGICAL_SIZE
from scenes.widgets.menus import MenuScene
from scenes.widgets.panels import draw_panel
from scenes.widgets.text import (
    BANNER_LINES,
    MAX_LINE_CHARS,
    MAX_WRAP_CHARS,
    draw_text,
    fit_text,
    text_width,
)

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
