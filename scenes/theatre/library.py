"""The Replays screen: saved replays and the last finished games, newest first, each
with its game, seats, result, date and a thumbnail of the final position.

Up / Down (or a click) chooses a row; Enter or Open watches it; Rename (F2) and
Delete (Del, asks first; the file is moved aside, never erased).  Every row is read on
its own: a damaged file (or a FIFO, a link to a device, a huge or nested file) is
listed with its reason and can be deleted, but opening it only says why not, and it
never hides the other rows.  Thumbnails are made by a worker thread."""

from __future__ import annotations

import logging
import threading

import pygame
import pygame_gui

from game.midend.match import ReplayError
from game.storage.replays import (
    ReplayInfo,
    delete_replay,
    list_replays,
    open_replay,
    rename_replay,
    shown_name,
)
from game.storage.saves import SaveError
from game.text.i18n import _, ngettext, pgettext
from scenes import routes
from scenes.scene import LOGICAL_SIZE
from scenes.widgets import MenuScene, draw_panel, draw_text, lighten, toast

log = logging.getLogger(__name__)

LIST = pygame.Rect(40, 96, 1200, 520)
ROW_H = 86
THUMB = (128, 72)


def without_kept_copies(rows: list[ReplayInfo]) -> list[ReplayInfo]:
    """The rows less each game kept automatically that the player also saved: one
    game, one row (the saved one, which can be renamed and is never pruned)."""

    def same_game(r: ReplayInfo) -> tuple:
        return (r.game, r.played_at, r.moves, r.seats, r.result)

    saved = {same_game(r) for r in rows if not r.recent and not r.problem}
    return [r for r in rows if not (r.recent and not r.problem and same_game(r) in saved)]


class ReplayListScene(MenuScene):
    name = "replays"

    def __init__(self, app):
        super().__init__(app)
        self.rows: list[ReplayInfo] = []
        self.selected = 0
        self.top = 0
        self.thumbs: dict[tuple, pygame.Surface | None] = {}
        # The thumbnail worker's queue and results (guarded by its lock).  The thread
        # holds only this, never the screen, so a closed list is freed at once even
        # while a replay is still being rebuilt.
        self._jobs = _ThumbnailJobs()
        self._lock = self._jobs.lock
        self._todo = self._jobs.todo
        self._asked: set[tuple] = set()
        self._ready = self._jobs.ready
        self.problems: dict[str, str] = {}
        self.refresh()
        self.build()

    def build(self) -> None:
        """The buttons, in the current language (MenuScene.relabel calls it again after
        a language change)."""
        self.clear_controls()
        app = self.app
        bw, y = 220, LIST.bottom + 24
        x = LIST.x
        buttons = [
            (pgettext("button", "Open"), self.open_selected, "#primary"),
            (_("Rename"), self.rename, None),
            (_("Delete"), self.delete, None),
            (_("Back"), self.on_back, None),
        ]
        if app.kiosk:  # visitors at a booth watch; they do not tidy the operator's files
            buttons = [b for b in buttons if b[1] in (self.open_selected, self.on_back)]
        for text, fn, oid in buttons:
            self.button(pygame.Rect(x, y, bw, 56), text, fn, object_id=oid)
            x += bw + 20
        self.set_focus(0)

    @property
    def row_h(self) -> int:
        """A row's height: ROW_H as laid out for 100 % text, grown with the text (its
        three lines step down with it); fewer rows show, the list scrolls."""
        return self.app.theme.pitch(ROW_H)

    @property
    def visible(self) -> int:
        return LIST.h // self.row_h

    def refresh(self) -> None:
        self.rows = without_kept_copies(list_replays(self.app.paths))
        self.selected = max(0, min(self.selected, len(self.rows) - 1))
        self._scroll_to_selected()

    def _scroll_to_selected(self) -> None:
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible:
            self.top = self.selected - self.visible + 1
        self.top = max(0, min(self.top, max(0, len(self.rows) - self.visible)))

    def current(self) -> ReplayInfo | None:
        return self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None

    def select(self, i: int) -> None:
        if self.rows:
            self.selected = max(0, min(len(self.rows) - 1, i))
            self._scroll_to_selected()

    # -- actions ------------------------------------------------------------------------
    def open_selected(self) -> None:
        info = self.current()
        if info is None:
            toast(self.app, _("There are no replays yet: finished games appear here"), "warning")
            return
        try:
            match = open_replay(info.path)
        except ReplayError as exc:
            self.problems[str(info.path)] = str(exc)
            self.app.sound.play("error")
            toast(self.app, str(exc), "warning", 7)
            return
        self.app.open("theatre", match, name=info.name)

    def rename(self) -> None:
        info = self.current()
        if info is not None and not self.app.kiosk:
            self.app.push(RenameScene(self.app, self, info))

    def delete(self) -> None:
        info = self.current()
        if info is not None and not self.app.kiosk:
            self.app.push(ConfirmDeleteScene(self.app, self, info))

    def do_rename(self, info: ReplayInfo, name: str) -> bool:
        try:
            new = rename_replay(info.path, name)
        except SaveError as exc:
            toast(self.app, _("Not renamed: {reason}").format(reason=exc), "warning")
            return False
        self.refresh()
        for i, row in enumerate(self.rows):
            if row.path == new:
                self.select(i)
        return True

    def do_delete(self, info: ReplayInfo) -> None:
        try:
            aside = delete_replay(info.path)
        except SaveError as exc:
            toast(self.app, _("Not deleted: {reason}").format(reason=exc), "warning")
            return
        toast(
            self.app,
            _("Deleted; the file was moved aside as {name}").format(name=shown_name(aside)),
        )
        self.refresh()

    def resume(self) -> None:
        self.refresh()  # back from the theatre or a dialog

    # -- input ----------------------------------------------------------------------------
    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_UP:
            self.select(self.selected - 1)
        elif k == pygame.K_DOWN:
            self.select(self.selected + 1)
        elif k == pygame.K_PAGEUP:
            self.select(self.selected - self.visible)
        elif k == pygame.K_PAGEDOWN:
            self.select(self.selected + self.visible)
        elif k == pygame.K_F2:
            self.rename()
        elif k == pygame.K_DELETE:
            self.delete()
        else:
            super().handle_key(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and LIST.collidepoint(event.pos)
        ):
            i = self.top + (event.pos[1] - LIST.y) // self.row_h
            if 0 <= i < len(self.rows):
                if i == self.selected:
                    self.open_selected()  # a second tap on the chosen row opens it
                else:
                    self.select(i)
                    self.app.sound.play("click")
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(self.top - event.y, max(0, len(self.rows) - self.visible)))

    # -- drawing ---------------------------------------------------------------------------
    def thumbnail(self, info: ReplayInfo) -> pygame.Surface | None:
        """The final position, drawn by the game's own view.  Rebuilding the match
        (every move replayed through the rules) is a worker thread's job; the row
        shows a placeholder until it is done, then one is drawn per frame."""
        key = (str(info.path), info.played_at, info.moves)
        if key in self.thumbs:
            return self.thumbs[key]
        if info.problem:
            return None
        with self._lock:
            ready = self._ready.pop(key, None)
            if ready is None:
                if key not in self._asked:
                    self._asked.add(key)
                    self._todo.append((key, info.path))
                    if self._jobs.worker is None:
                        self._jobs.worker = threading.Thread(
                            target=self._jobs.work, name="replay-thumbnails", daemon=True
                        )
                        self._jobs.worker.start()
                return None
        if getattr(self, "_drawn_this_frame", False):
            with self._lock:
                self._ready[key] = ready  # drawn next frame
            return None
        self._drawn_this_frame = True
        surf = None
        if isinstance(ready, str):
            self.problems[str(info.path)] = ready
        else:
            spec_id, state = ready
            draw = getattr(routes.view_class(spec_id), "draw_thumbnail", None)
            if draw is not None:
                surf = pygame.Surface(THUMB, pygame.SRCALPHA)
                draw(surf, self.app.theme, state, self.app.settings, position=True)
        self.thumbs[key] = surf
        return surf

    def exit(self) -> None:
        super().exit()
        with self._lock:
            self._todo.clear()  # nobody will look: the worker stops after its replay

    def wait_for_thumbnails(self, timeout: float = 60.0) -> None:
        """Until the worker has rebuilt every replay asked for so far (for tests and
        screenshots; the screen itself never waits)."""
        while True:
            with self._lock:
                worker = self._jobs.worker
            if worker is None:
                return
            worker.join(timeout)
            if worker.is_alive():
                return

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        self._drawn_this_frame = False
        theme = self.app.theme
        title = draw_text(
            surface, _("Replays"), theme.font(44, "display"), theme["accent"], (40, 20), shadow=True
        )
        keys = _("Enter: watch") if self.app.kiosk else _("Enter: watch   F2: rename   Del: delete")
        # beside the title, however long the title is in this language: what the list
        # holds on one line, its keys on the next
        left = max(300, title.right + 24)
        # two lines between the top and the list (y 96): at a bigger text size they
        # step back to a size whose lines fit that band
        font = theme.font_within(18, "regular", 30)
        step = max(24, font.get_height())
        lines = [_("Saved replays and the last 50 finished games."), keys]
        # The lines step with the text size (a fixed 24 px ran them into each other at
        # 150 %), starting higher where two grown lines would reach the list below.
        step = theme.pitch(24)
        top = min(28, LIST.top - 4 - step * len(lines))
        for k, line in enumerate(lines):
            draw_text(
                surface,
                line,
                font,
                theme["text_dim"],
                (left, top + step * k),
                max_width=LOGICAL_SIZE[0] - left - 20,
            )
        draw_panel(surface, LIST, theme, alpha=220)
        if not self.rows:
            draw_text(
                surface,
                _(
                    "No replays yet: every finished game appears here, and "
                    "'Save replay' on the results keeps one for good."
                ),
                theme.font(22),
                theme["text_dim"],
                LIST.center,
                "center",
                max_width=LIST.w - 80,
            )
            return
        big, small = theme.font(21), theme.font(16, "regular")
        row_h, pitch = self.row_h, theme.pitch
        for row in range(self.visible):
            i = self.top + row
            if i >= len(self.rows):
                break
            info = self.rows[i]
            rect = pygame.Rect(LIST.x + 8, LIST.y + 6 + row * row_h, LIST.w - 16, row_h - 8)
            chosen = i == self.selected
            pygame.draw.rect(
                surface, lighten(theme["panel"], 0.14 if chosen else 0.04), rect, border_radius=10
            )
            if chosen:
                pygame.draw.rect(surface, theme["accent"], rect, 2, border_radius=10)
            pic = self.thumbnail(info)
            box = pygame.Rect(rect.x + 8, rect.y + 3, *THUMB)
            if pic is not None:
                surface.blit(pic, box)
            else:
                pygame.draw.rect(surface, theme["background"], box, border_radius=6)
            problem = self.problems.get(str(info.path)) or info.problem
            tx = box.right + 16
            title = draw_text(
                surface,
                info.title,
                big,
                theme["accent_2"] if not problem else theme["bad"],
                (tx, rect.y + 6),
            )
            tag = _("kept") if info.recent else _("saved")
            actions = ngettext("{n} action", "{n} actions", info.moves).format(n=info.moves)
            draw_text(
                surface,
                f"{info.date_text}   ·   {actions}   ·   {tag}",
                small,
                theme["text_dim"],
                (rect.right - 12, rect.y + 8),
                "topright",
                max_width=rect.right - 12 - title.right - 16,
            )
            seats = (
                _("  vs  ").join(info.seats)
                if len(info.seats) <= 4
                else ngettext("{n} player", "{n} players", len(info.seats)).format(
                    n=len(info.seats)
                )
            )
            draw_text(
                surface,
                f"{info.name}:  {seats}",
                small,
                theme["text"],
                (tx, rect.y + 6 + pitch(28)),
                max_width=rect.right - tx - 12,
            )
            line = (
                _("Cannot be opened: {reason}").format(reason=problem) if problem else info.result
            )
            draw_text(
                surface,
                line,
                small,
                theme["bad"] if problem else theme["text_dim"],
                (tx, rect.y + 6 + pitch(49)),
                max_width=rect.right - tx - 12,
            )
        if len(self.rows) > self.visible:
            draw_text(
                surface,
                _("{first}-{last} of {total}").format(
                    first=self.top + 1,
                    last=min(len(self.rows), self.top + self.visible),
                    total=len(self.rows),
                ),
                small,
                theme["text_dim"],
                (LIST.right - 10, LIST.bottom + 4),
                "topright",
            )


def open_file(app, path) -> str | None:
    """``--replay FILE``: open the theatre on a replay file.  Returns a problem to
    print (the file is never changed), or None."""
    from pathlib import Path

    path = Path(path)
    try:
        match = open_replay(path)
    except ReplayError as exc:
        return str(exc)
    app.open("theatre", match, name=shown_name(path, stem=True))
    app._apply_pending()
    return None


class _Dialog(MenuScene):
    overlay = True

    def draw_background(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((5, 6, 12, 170))
        surface.blit(shade, (0, 0))


class ConfirmDeleteScene(_Dialog):
    name = "confirm-delete"
    BOX = pygame.Rect(290, 230, 700, 250)

    def __init__(self, app, library: ReplayListScene, info: ReplayInfo):
        super().__init__(app)
        self.library, self.info = library, info
        self.button(
            pygame.Rect(self.BOX.centerx - 230, self.BOX.bottom - 76, 220, 56),
            _("Delete"),
            self.yes,
        )
        self.button(
            pygame.Rect(self.BOX.centerx + 10, self.BOX.bottom - 76, 220, 56),
            _("Keep it"),
            self.on_back,
            object_id="#primary",
        )
        self.set_focus(1)

    def yes(self) -> None:
        self.app.pop()
        self.library.do_delete(self.info)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        draw_panel(surface, self.BOX, theme, fill="background_2", edge="bad", width=3)
        draw_text(
            surface,
            _("Delete {name}?").format(name=self.info.name),
            theme.font(28, "display"),
            theme["text"],
            (self.BOX.centerx, self.BOX.y + 24),
            "midtop",
            max_width=self.BOX.w - 40,
        )
        draw_text(
            surface,
            _("It leaves the list; the file is moved aside in the replays folder, not erased."),
            theme.font(18, "regular"),
            theme["text_dim"],
            (self.BOX.centerx, self.BOX.y + 80),
            "midtop",
            max_width=self.BOX.w - 40,
        )


class RenameScene(_Dialog):
    name = "rename"
    BOX = pygame.Rect(290, 220, 700, 270)

    def __init__(self, app, library: ReplayListScene, info: ReplayInfo):
        super().__init__(app)
        self.library, self.info = library, info
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.BOX.x + 30, self.BOX.y + 90, self.BOX.w - 160, 52), self.ui
        )
        self.entry.set_text(info.name)
        # On-screen keys for a controller or a touch screen (the focus ring reaches
        # this button, not the box).
        self.button(
            pygame.Rect(self.BOX.right - 120, self.BOX.y + 90, 90, 52),
            _("Keys"),
            self.open_keys,
            object_id="#small",
            tooltip=_("Type the name with on-screen keys"),
        )
        # Typing goes straight into the box: the manager's focus set must hold it
        # (the element's own focus() draws it focused but leaves keys unheard).
        self.ui.set_focus_set(self.entry)
        self.entry.edit_position = len(info.name)
        self.button(
            pygame.Rect(self.BOX.centerx - 230, self.BOX.bottom - 76, 220, 56),
            _("Rename"),
            self.ok,
            object_id="#primary",
        )
        self.button(
            pygame.Rect(self.BOX.centerx + 10, self.BOX.bottom - 76, 220, 56),
            _("Cancel"),
            self.on_back,
        )

    def open_keys(self) -> None:
        self.app.open(
            "textpad", _("Rename replay"), self.entry.get_text(), self.keys_done, limit=80
        )

    def keys_done(self, name: str) -> None:
        self.entry.set_text(name)
        self.entry.edit_position = len(name)
        primary = next(c for c in self.controls if c.primary)
        self.set_focus(self.controls.index(primary))  # next: Rename

    def ok(self) -> None:
        if self.library.do_rename(self.info, self.entry.get_text()):
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self._typing()
        ):
            self.ok()
            return
        super().handle(event)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        draw_panel(surface, self.BOX, theme, fill="background_2", edge="accent", width=3)
        draw_text(
            surface,
            _("Rename replay"),
            theme.font(28, "display"),
            theme["text"],
            (self.BOX.centerx, self.BOX.y + 24),
            "midtop",
        )


class _ThumbnailJobs:
    """The replays to rebuild for thumbnails and what came back, shared by the list
    and its worker thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.todo: list[tuple[tuple, object]] = []
        self.ready: dict[tuple, tuple | str] = {}
        self.worker: threading.Thread | None = None

    def work(self) -> None:
        """The worker: rebuild each asked-for replay, hand back (game, final state) or
        the reason it cannot be opened.  Ends when nothing is left to do."""
        while True:
            with self.lock:
                if not self.todo:
                    self.worker = None
                    return
                key, path = self.todo.pop(0)
            try:
                match = open_replay(path)
                result: tuple | str = (match.spec.id, match.state)
            except ReplayError as exc:
                result = str(exc)
            except Exception:
                log.exception("thumbnail of %s", path)
                result = _("it could not be drawn")
            with self.lock:
                self.ready[key] = result
