"""The kiosk operator's counters (behind the exit PIN: Ctrl+Shift+O, then the PIN,
with the PIN's own back-off): today, the event and the machine's lifetime side by
side, or the games by game and bot level for one of them (Show); the folder Export
CSV writes to (kiosk.json's ``counters_folder``, or one the operator names here for
the running kiosk), Export CSV and Reset event.

The counters are :mod:`game.records.counters`, in ``counters.db`` beside the hall of
fame; :func:`scenes.counting.count` is what the screens call when something happens.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.midend.match import BOT_LEVEL_TITLES, BOT_LEVELS
from game.records.counters import MAX_FOLDER, SCOPES, folder_problem
from game.registry import GAMES
from game.text.clean import clean
from game.text.i18n import N_, _
from scenes.app import LOGICAL_SIZE
from scenes.counting import counters_for, kiosk_day
from scenes.widgets import MenuScene, draw_panel, draw_text, starfield_background, toast

ROWS = (
    ("visitor", N_("Visitors")),
    ("game-started", N_("Games started")),
    ("game-finished", N_("Games finished")),
    ("game-abandoned", N_("Games abandoned")),
    ("rush", N_("Rushes")),
    ("race", N_("Puzzle races")),
    ("race-players", N_("Players in races")),
    ("tutorial-finished", N_("Tutorials finished")),
    ("fame-entry", N_("Hall of fame entries")),
    ("median-session-seconds", N_("Median session (s)")),
    ("screen-failed", N_("Screens that failed")),
)
SCOPE_NAMES = {"today": N_("Today"), "event": N_("This event"), "lifetime": N_("Lifetime")}
GAME_KINDS = (
    ("game-started", N_("Started")),
    ("game-finished", N_("Finished")),
    ("game-abandoned", N_("Abandoned")),
)
BOOTH_FIGURES = (
    ("visitor", N_("Visitors")),
    ("game-started", N_("Games started")),
    ("game-finished", N_("Games finished")),
)
# What Show offers: the three scopes side by side, or one scope's games by level; with
# a shared server, today's figures of every booth too.
VIEWS = ("totals", *SCOPES)
BAR_Y = LOGICAL_SIZE[1] - 70  # the row of buttons


def game_rows(figures: dict) -> list[tuple[str, str]]:
    """(game id, bot level) of every game counted in ``figures`` (the lifetime's: a
    row stays when another scope has none of it), in the registry's order of games."""
    pairs = set()
    for key in figures:
        kind, _sep, rest = key.partition(":")
        game, sep, level = rest.partition(":")
        if kind == "game-started" and sep:
            pairs.add((game, level))
    order = {gid: i for i, gid in enumerate(GAMES)}
    return sorted(pairs, key=lambda p: (order.get(p[0], len(order)), p[0], p[1]))


class OperatorScene(MenuScene):
    name = "operator"

    def __init__(self, app):
        super().__init__(app)
        self.counters = counters_for(app)
        self.figures: dict = {}
        self.view = "totals"
        self.folder_entry: pygame_gui.elements.UITextEntryLine | None = None
        # under the box: where Export CSV writes, or why the folder typed is refused
        configured = app.kiosk_config.counters_folder
        self.folder_note = _("Export CSV writes to {path}").format(
            path=configured or str(self.default_folder())
        )
        self.folder_bad = False
        self.refresh()
        self.build()

    def refresh(self) -> None:
        day = kiosk_day(self.app)
        if self.counters is not None:
            self.figures = {s: self.counters.figures(s, day) for s in SCOPES}

    def build(self) -> None:
        typed = self.folder_entry.get_text() if self.folder_entry is not None else None
        self.clear_controls()
        if self.folder_entry is not None:
            self.folder_entry.kill()
        folder_y = self.folder_y()
        entry = pygame.Rect(300, folder_y, 700, 54)
        self.folder_entry = pygame_gui.elements.UITextEntryLine(entry, self.ui)
        self.folder_entry.length_limit = MAX_FOLDER
        self.folder_entry.set_text(typed if typed is not None else self.configured_folder())
        self.button(
            pygame.Rect(entry.right + 16, folder_y, LOGICAL_SIZE[0] - 40 - entry.right - 16, 54),
            _("Use folder"),
            self.use_folder,
            object_id="#small",
            tooltip=_("Check the folder and export there until the kiosk ends"),
        )
        by = BAR_Y
        self.button(pygame.Rect(40, by, 150, 54), _("Back"), self.on_back)
        self.show_control = self.cycler(
            pygame.Rect(205, by, 330, 54),
            _("Show"),
            self.views(),
            self.view,
            self.show,
            fmt=view_name,
            tooltip=_("Every figure side by side, or the games by bot level"),
        )
        self.button(pygame.Rect(550, by, 300, 54), _("Export CSV"), self.export)
        self.button(
            pygame.Rect(865, by, LOGICAL_SIZE[0] - 40 - 865, 54), _("Reset event"), self.reset
        )
        # beside the heading, away from the row a visitor's finger might reach for
        self.button(pygame.Rect(LOGICAL_SIZE[0] - 220, 14, 180, 54), _("Quit"), self.app.quit)
        self.set_focus(1)

    # -- where things are: the folder's row and its note grow with the text size --------
    def folder_y(self) -> int:
        # the note starts clear of the box's focus ring and ends clear of the buttons'
        return BAR_Y - 8 - self.app.theme.font(16).get_height() - 60

    def panel(self) -> pygame.Rect:
        top = 84
        return pygame.Rect(40, top, LOGICAL_SIZE[0] - 80, self.folder_y() - 10 - top)

    def relabel(self) -> None:
        focus = self.focus_index
        self.build()
        self.set_focus(focus)

    def show(self, view: str) -> None:
        """Turn to ``view``; the Show button says the same, whoever asked (the button
        itself, or a caller naming a view)."""
        if view not in self.views():
            return  # the Booths view without a shared server: nothing to show
        self.view = view
        control = self.show_control
        values = list(control.data["values"])
        if view not in values:  # the Booths view, when sharing began after the build
            self.relabel()
        elif control.data["state"]["i"] != values.index(view):
            control.data["state"]["i"] = values.index(view)
            control.data["step"](0)  # redraws its label; calls back here, in step now

    def sharing(self):
        return getattr(self.app, "counter_sharing", None)

    def views(self) -> tuple[str, ...]:
        return VIEWS + (("booths",) if self.sharing() is not None else ())

    # -- the export folder -------------------------------------------------------------
    def default_folder(self) -> Path:
        return self.app.paths.data / "counters"

    def configured_folder(self) -> str:
        return self.app.kiosk_config.counters_folder

    def use_folder(self) -> Path | None:
        """The folder typed in the box, cleaned and checked; kept for Export CSV until
        the kiosk ends (kiosk.json's ``counters_folder`` keeps one across starts).  An
        empty box goes back to the user data folder's ``counters``."""
        typed = clean(self.folder_entry.get_text() if self.folder_entry else "", MAX_FOLDER)
        if self.folder_entry is not None and typed != self.folder_entry.get_text():
            self.folder_entry.set_text(typed)
        if not typed:
            self.app.kiosk_config.counters_folder = ""
            self.folder_note, self.folder_bad = (
                _("Export CSV writes to {path}").format(path=str(self.default_folder())),
                False,
            )
            return self.default_folder()
        path, problem = folder_problem(typed)
        if path is None:
            self.folder_note, self.folder_bad = problem or "", True
            self.app.sound.play("error")
            return None
        self.app.kiosk_config.counters_folder = typed
        self.folder_note, self.folder_bad = (
            _("Export CSV writes to {path}").format(path=str(path)),
            False,
        )
        return path

    def export(self) -> None:
        if self.counters is None:
            return
        folder = self.use_folder()
        if folder is None:
            toast(self.app, self.folder_note, "warning")
            return
        try:
            sharing = self.sharing()
            booths = sharing.figures if sharing is not None else None
            path = self.counters.export_csv(folder, kiosk_day(self.app), booths=booths)
        except (OSError, ValueError) as exc:
            self.folder_note, self.folder_bad = (
                _("The CSV could not be written: {problem}").format(problem=exc),
                True,
            )
            toast(self.app, self.folder_note, "warning")
            return
        self.folder_note, self.folder_bad = _("Written: {path}").format(path=str(path)), False
        toast(self.app, self.folder_note, "info")

    def reset(self) -> None:
        if self.counters is None:
            return
        self.counters.reset_event()
        self.refresh()
        toast(self.app, _("A new event starts now"), "info")

    def on_back(self) -> None:
        self.app.sound.play("back")
        self.app.pop()

    def handle_other(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and event.ui_element is self.folder_entry
        ):
            self.use_folder()

    # -- drawing --------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, 0)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        draw_text(
            surface,
            _("Counters"),
            theme.heading(40),
            theme["accent"],
            (40, 14),
            shadow=True,
            max_width=LOGICAL_SIZE[0] - 80,
        )
        self.draw_folder(surface)
        panel = self.panel()
        draw_panel(surface, panel, theme)
        if self.counters is None:
            draw_text(
                surface,
                _("The counters could not be opened"),
                theme.font(22),
                theme["bad"],
                (panel.x + 24, panel.y + 24),
                max_width=panel.w - 48,
            )
            return
        if self.view == "totals":
            self.draw_totals(surface)
        elif self.view == "booths":
            self.draw_booths(surface)
        else:
            self.draw_games(surface, self.view)

    def draw_folder(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        folder_y = self.folder_y()
        draw_text(
            surface,
            _("Export to"),
            theme.font(20, "bold"),
            theme["text"],
            (40, folder_y + 27),
            "midleft",
            max_width=250,
        )
        if self.folder_note:
            draw_text(
                surface,
                self.folder_note,
                theme.font(16),
                theme["bad"] if self.folder_bad else theme["text_dim"],
                (300, folder_y + 60),
                max_width=LOGICAL_SIZE[0] - 340,
            )

    def table_columns(self, n: int) -> list[int]:
        """The right edges of ``n`` figure columns, after the labels' 380 px."""
        panel = self.panel()
        width = (panel.w - 24 - 400) // n
        return [panel.x + 400 + (i + 1) * width for i in range(n)]

    def draw_header(self, surface: pygame.Surface, cols: list[int], names: list[str]) -> None:
        theme = self.app.theme
        panel = self.panel()
        width = cols[1] - cols[0] - 10 if len(cols) > 1 else 200
        for x, name in zip(cols, names, strict=True):
            draw_text(
                surface,
                name,
                theme.font(20, "bold"),
                theme["accent"],
                (x, panel.y + 16),
                "topright",
                max_width=width,
            )

    def draw_row(
        self,
        surface: pygame.Surface,
        y: int,
        label: str,
        values: list,
        cols: list[int],
        font: pygame.font.Font,
        ink=None,
    ) -> None:
        """One line of a table view: its label on the left, each figure right-aligned
        under its column's heading (``cols`` are the columns' right edges)."""
        ink = self.app.theme["text"] if ink is None else ink
        x0 = self.panel().x + 24
        # centred on the row's middle: a long label drawn smaller stays level with its figures
        mid = y + font.get_height() // 2
        draw_text(surface, label, font, ink, (x0, mid), "midleft", max_width=370)
        for x, value in zip(cols, values, strict=True):
            draw_text(surface, _num(value), font, ink, (x, mid), "midright")

    def draw_totals(self, surface: pygame.Surface) -> None:
        theme, panel = self.app.theme, self.panel()
        cols = self.table_columns(len(SCOPES))
        self.draw_header(surface, cols, [_(SCOPE_NAMES[s]) for s in SCOPES])
        step = min(44, (panel.h - 64) // len(ROWS))
        font = theme.font(19)
        for i, (key, label) in enumerate(ROWS):
            values = [self.figures.get(scope, {}).get(key, 0) for scope in SCOPES]
            self.draw_row(surface, panel.y + 56 + i * step, _(label), values, cols, font)

    def draw_games(self, surface: pygame.Surface, scope: str) -> None:
        theme, panel = self.app.theme, self.panel()
        cols = self.table_columns(len(GAME_KINDS))
        self.draw_header(surface, cols, [_(name) for _kind, name in GAME_KINDS])
        rows = game_rows(self.figures.get("lifetime", {}))
        font = theme.font(19)
        step = max(font.get_height() + 4, 34)
        room = (panel.h - 64) // step
        if not rows:
            draw_text(
                surface,
                _("No game has been played here yet"),
                font,
                theme["text_dim"],
                (panel.x + 24, panel.y + 56),
                max_width=panel.w - 48,
            )
            return
        shown = rows if len(rows) <= room else rows[: room - 1]
        figures = self.figures.get(scope, {})
        for i, (game, level) in enumerate(shown):
            spec = GAMES.get(game)
            title = _(spec.title) if spec is not None else game
            line = _("{game}, {level}").format(game=title, level=level_words(level))
            values = [figures.get(f"{kind}:{game}:{level}", 0) for kind, _name in GAME_KINDS]
            self.draw_row(surface, panel.y + 56 + i * step, line, values, cols, font)
        if len(shown) < len(rows):
            draw_text(
                surface,
                _("and {n} more in the CSV").format(n=len(rows) - len(shown)),
                font,
                theme["text_dim"],
                (panel.x + 24, panel.y + 56 + len(shown) * step),
                max_width=panel.w - 48,
            )

    def draw_booths(self, surface: pygame.Surface) -> None:
        """Today's figures of every booth on the shared server, and all of them."""
        theme, panel = self.app.theme, self.panel()
        cols = self.table_columns(len(BOOTH_FIGURES))
        self.draw_header(surface, cols, [_(name) for _key, name in BOOTH_FIGURES])
        sharing = self.sharing()
        booths = dict(sharing.figures.get("today", {})) if sharing is not None else {}
        font = theme.font(19)
        step = max(font.get_height() + 4, 34)
        if sharing is not None and sharing.online is False:
            note = _("The hall of fame server cannot be reached; counting goes on here")
            draw_text(
                surface,
                note,
                theme.font(16),
                theme["bad"],
                (panel.x + 24, panel.bottom - 34),
                max_width=panel.w - 48,
            )
        if not booths:
            draw_text(
                surface,
                _("No booth's figures from the server yet"),
                font,
                theme["text_dim"],
                (panel.x + 24, panel.y + 56),
                max_width=panel.w - 48,
            )
            return
        total = booths.pop("", {})
        room = (panel.h - 64 - 40) // step - 1
        names = sorted(booths)[:room]
        lines = [(name, booths[name]) for name in names] + [(_("All booths"), total)]
        for i, (name, figures) in enumerate(lines):
            ink = theme["accent"] if i == len(lines) - 1 else theme["text"]
            values = [figures.get(key, 0) for key, _label in BOOTH_FIGURES]
            self.draw_row(surface, panel.y + 56 + i * step, name, values, cols, font, ink)


def view_name(view: str) -> str:
    if view == "totals":
        return _("All")
    if view == "booths":
        return _("Booths today")
    return _(SCOPE_NAMES[view])


def level_words(level: str) -> str:
    """A counted bot level as the operator reads it: "Easy", "Easy + Hard", "people"."""
    if level == "people":
        return _("no bot")
    titles = dict(zip(BOT_LEVELS, BOT_LEVEL_TITLES, strict=True))
    return " + ".join(_(titles[p]) if p in titles else p for p in level.split("+"))


def _num(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
