"""The rules screen: renders a game's rule card (seeds/<game>.md) with scrolling.

The card is a small Markdown subset: ``#``/``##``/``###`` headings, paragraphs,
``-`` lists and ``**bold**`` runs.  The page is laid out once per game into a tall
surface, and scrolling just moves a window over it (wheel, drag, arrows, Page
Up/Down, Home/End; Left/Right or the tabs switch game).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from importlib import resources

import pygame

from game.registry import GAMES
from game.text import i18n
from game.text.i18n import _
from scenes import widgets
from scenes.app import LOGICAL_SIZE
from scenes.widgets import MenuScene, draw_panel, draw_text, wrap_text

PAGE = pygame.Rect(150, 110, 980, 510)
BOLD = re.compile(r"\*\*(.+?)\*\*")
INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")


def card_name(game_id: str, lang: str | None = None) -> str:
    """The rule card to show: ``seeds/<game>.<lang>.md`` where that language has one,
    else the English ``seeds/<game>.md``."""
    spec = GAMES.get(game_id)
    name = spec.rules_card if spec and spec.rules_card else f"{game_id}.md"
    lang = i18n.language() if lang is None else lang
    if lang != i18n.SOURCE_LANGUAGE and i18n.valid_code(lang) and name.endswith(".md"):
        local = f"{name[:-3]}.{lang}.md"
        try:
            if (resources.files("seeds") / local).is_file():
                return local
        except OSError:
            pass
    return name


def read_card(game_id: str) -> str:
    spec = GAMES.get(game_id)
    name = card_name(game_id)
    try:
        return (resources.files("seeds") / name).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        title = spec.title if spec else game_id
        missing = _("The rule card ({name}) is missing from this installation.").format(name=name)
        return f"# {title}\n\n{missing}"


def parse_markdown(text: str) -> list[tuple[str, str]]:
    """Blocks as (kind, text): h1, h2, h3, li, p."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        m = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        if m:
            flush()
            blocks.append((f"h{len(m.group(1))}", m.group(2)))
        elif re.match(r"^[-*]\s+", stripped):
            flush()
            indent = len(line) - len(line.lstrip())
            blocks.append(("li2" if indent >= 2 else "li", re.sub(r"^[-*]\s+", "", stripped)))
        elif re.match(r"^\d+[.)]\s+", stripped):
            flush()
            blocks.append(("ol", stripped))
        elif blocks and blocks[-1][0] in ("li", "li2", "ol") and not para and raw.startswith("  "):
            kind, prev = blocks[-1]
            blocks[-1] = (kind, prev + " " + stripped)  # a list item's continuation line
        else:
            para.append(stripped)
    flush()
    return blocks


def _runs(text: str) -> list[tuple[str, bool | str]]:
    """Split text into (words, style) runs: False plain, True bold, "code" for
    `notation` spans."""
    out: list[tuple[str, bool | str]] = []
    pos = 0
    for m in INLINE.finditer(text):
        if m.start() > pos:
            out.append((text[pos : m.start()], False))
        out.append((m.group(1), True) if m.group(1) is not None else (m.group(2), "code"))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], False))
    return out


def layout(theme, blocks, width: int) -> pygame.Surface:
    fonts = {
        "h1": theme.font(34, "display"),
        "h2": theme.font(28, "bold"),
        "h3": theme.font(23, "bold"),
        "p": theme.font(20, "regular"),
        "b": theme.font(20, "bold"),
        "code": theme.font(19, "bold"),
    }
    colours = {
        "h1": theme["accent"],
        "h2": theme["accent_2"],
        "h3": theme["accent"],
        "p": theme["text"],
    }
    items: list[tuple[pygame.Surface, int, int]] = []
    texts: list[tuple[str, pygame.font.Font, pygame.Rect]] = []
    y = 0
    for kind, text in blocks:
        if kind in ("h1", "h2", "h3"):
            y += {"h1": 4, "h2": 22, "h3": 14}[kind]
            heading = INLINE.sub(lambda m: m.group(1) or m.group(2), text)
            img = fonts[kind].render(heading, True, colours[kind])
            items.append((img, 0, y))
            texts.append((heading, fonts[kind], img.get_rect(topleft=(0, y))))
            y += img.get_height() + 8
            if kind == "h2":
                line = pygame.Surface((width, 2))
                line.fill(theme["grid"])
                items.append((line, 0, y - 4))
            continue
        indent = {"li": 34, "li2": 64, "ol": 34}.get(kind, 0)
        if kind in ("li", "li2"):
            bullet = pygame.Surface((10, 10), pygame.SRCALPHA)
            pygame.draw.polygon(
                bullet,
                theme["accent_2"] if kind == "li" else theme["text_dim"],
                [(5, 0), (10, 5), (5, 10), (0, 5)],
            )
            items.append((bullet, indent - 20, y + 9))
        # (word, bold, glued): glued words follow the previous one with no space, so
        # "**Circle**, each" keeps its comma against the bold word.
        words: list[tuple[str, bool, bool]] = []
        prev_space = True
        for run, bold in _runs(text):
            parts = run.split()
            for i, w in enumerate(parts):
                glued = i == 0 and bool(words) and not prev_space and not run[:1].isspace()
                words.append((w, bold, glued))
            if run:
                prev_space = run[-1:].isspace()
        x = indent
        line_h = fonts["p"].get_linesize() + 3
        space = fonts["p"].size(" ")[0]
        for w, bold, glued in words:
            font = fonts["code"] if bold == "code" else (fonts["b"] if bold else fonts["p"])
            ww = font.size(w)[0]
            if glued and x > indent:
                x -= space
            if x + ww > width and x > indent:
                x = indent
                y += line_h
            colour = (
                theme["accent_2"] if bold == "code" else (theme["accent"] if bold else colours["p"])
            )
            items.append((font.render(w, True, colour), x, y))
            texts.append((w, font, pygame.Rect(x, y, ww, font.get_height())))
            x += ww + space
        y += line_h + 8
    height = y + 20
    page = Page((width, max(height, 10)), pygame.SRCALPHA)
    for img, x, yy in items:
        page.blit(img, (x, yy))
    page.texts = texts
    return page


class Page(pygame.Surface):
    """A laid-out rule card: its pixels, and each heading and word with where it is
    (``texts``: text, font, rect), so the screen can say what it shows for the
    text checks."""

    texts: Sequence[tuple[str, pygame.font.Font, pygame.Rect]] = ()


class RulesScene(MenuScene):
    name = "rules"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.ids = list(GAMES)
        self.game_id = game_id if game_id in GAMES else (self.ids[0] if self.ids else "")
        self.scroll = 0.0
        self.target = 0.0
        self.page: pygame.Surface | None = None
        self.dragging = False
        self.build()
        self.set_focus(len(self.controls) - 1)

    def build(self) -> None:
        """The game tabs and Back (again after a language change, with the card in
        the new language)."""
        self.clear_controls()
        self.tabs = {}
        x = 40
        tab_w = (LOGICAL_SIZE[0] - 80 - 8 * (len(self.ids) - 1)) // max(1, len(self.ids))
        for gid in self.ids:
            c = self.button(
                pygame.Rect(x, 48, tab_w, 48),
                GAMES[gid].title,
                lambda g=gid: self.show(g),
                object_id="#small",
            )
            self.tabs[gid] = c
            x += tab_w + 8
        self.back = self.button(pygame.Rect(40, 640, 200, 56), _("Back"), self.on_back)
        self.show(self.game_id)

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        self.page = layout(self.app.theme, parse_markdown(read_card(game_id)), PAGE.w - 40)
        self.scroll = self.target = 0.0
        for gid, c in self.tabs.items():
            c.element.change_object_id("#primary_small" if gid == game_id else "#small")

    def max_scroll(self) -> float:
        return max(0.0, (self.page.get_height() if self.page else 0) - (PAGE.h - 30))

    def scroll_by(self, dy: float) -> None:
        self.target = max(0.0, min(self.max_scroll(), self.target + dy))

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        step = {
            pygame.K_UP: -60,
            pygame.K_DOWN: 60,
            pygame.K_PAGEUP: -(PAGE.h - 80),
            pygame.K_PAGEDOWN: PAGE.h - 80,
        }.get(k)
        if step is not None:
            self.scroll_by(step)
        elif k == pygame.K_HOME:
            self.target = 0
        elif k == pygame.K_END:
            self.target = self.max_scroll()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.ids:
            i = self.ids.index(self.game_id) + (1 if k == pygame.K_RIGHT else -1)
            self.show(self.ids[i % len(self.ids)])
            self.app.sound.play("click")
        else:
            super().handle_key(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 60)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and PAGE.collidepoint(event.pos)
        ):
            self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.scroll_by(-event.rel[1])
            self.scroll = self.target

    def update(self) -> None:
        super().update()
        self.scroll += (self.target - self.scroll) * 0.3

    def record_page(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Note the card's lines the page window shows in full (one the window's edge
        cuts is half scrolled in: scrolling, not a line too long) where they show."""
        shown = pygame.Rect(PAGE.x, PAGE.y, view.w, view.h)
        for text, font, rect in getattr(self.page, "texts", ()):
            if view.top <= rect.top and rect.bottom <= view.bottom:
                at = rect.move(PAGE.x, PAGE.y - view.y)
                widgets.record_text(surface, text, at, font, box=shown, source="rule card")

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        # decorative: its designed size at every text size (grown, it ran into the tabs)
        draw_text(surface, _("Rules"), theme.heading(30), theme["accent"], (40, 2))
        draw_panel(surface, PAGE.inflate(40, 20), theme)
        if self.page is None:
            return
        view = pygame.Rect(0, int(self.scroll), PAGE.w - 40, PAGE.h - 10)
        surface.blit(self.page, (PAGE.x, PAGE.y), view.clip(self.page.get_rect()))
        if widgets.text.TEXT_LOG is not None:
            self.record_page(surface, view)
        # scroll bar
        total = self.page.get_height()
        if total > PAGE.h:
            bar = pygame.Rect(PAGE.right + 4, PAGE.y, 8, PAGE.h)
            pygame.draw.rect(surface, theme["grid"], bar, border_radius=4)
            h = max(30, bar.h * PAGE.h / total)
            y = bar.y + (bar.h - h) * (self.scroll / max(1, self.max_scroll()))
            pygame.draw.rect(surface, theme["accent_2"], (bar.x, y, bar.w, h), border_radius=4)
        # right of Back, in as many lines as the text size needs, up from the bottom
        hint = _("Arrows or wheel to scroll  ·  Left/Right: another game  ·  Esc: back")
        font = theme.font(18, "regular")
        room = pygame.Rect(self.back.element.rect.right + 20, PAGE.bottom + 14, 0, 0)
        room.width = LOGICAL_SIZE[0] - 40 - room.x
        room.height = LOGICAL_SIZE[1] - 4 - room.y
        lines = wrap_text(hint, font, room.w)
        pitch = font.get_linesize()
        top = max(room.y, room.bottom - pitch * len(lines))
        for i, line in enumerate(lines):
            at = (room.right, top + pitch * i)
            draw_text(surface, line, font, theme["text_dim"], at, "topright", box=room)
