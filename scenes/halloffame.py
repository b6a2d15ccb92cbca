"""The hall of fame screens: arcade initials entry, and the tables (today, this week,
all time) with a quiet version for the kiosk's attract cycle.

Built through the router: ``app.open("initials", board=..., score=..., detail=...)``
opens nothing (returns None) when the score does not make today's table;
``app.open("fame")`` shows the tables.  The records live in ``game.records.hall_of_fame``.
"""

from __future__ import annotations

import time
from datetime import datetime

import pygame

from game.records import hall_of_fame as hof
from game.registry import GAMES
from game.text import i18n
from game.text.i18n import N_, _, ngettext, number
from scenes.config import valid_exit_pin
from scenes.counting import count
from scenes.scene import LOGICAL_SIZE, Scene
from scenes.widgets import (
    MenuScene,
    draw_panel,
    draw_pin_box,
    draw_text,
    fit_paragraph,
    lighten,
    text_width,
    toast,
)

KIND_TITLES = {
    "rush": N_("Rush"),
    "racer": N_("Puzzle race"),
    "beat-hard": N_("Beat Hard"),
    "beat-expert": N_("Beat Expert"),
}
# The periods' names, translated where drawn (game/records/hall_of_fame.py keeps the English).
PERIOD_NAMES = {"today": N_("Today"), "week": N_("This week"), "all": N_("All time")}


def fame_for(app) -> hof.HallOfFame:
    """The app's one hall of fame (opened on first use, its problem told once)."""
    fame = getattr(app, "hall_of_fame", None)
    if fame is None:
        fame = hof.HallOfFame(
            app.paths.data / "halloffame.db", app.kiosk_config.hall_of_fame_server
        )
        app.hall_of_fame = fame
        if fame.problem:
            app.notices.append(fame.problem)
    return fame


def since(app, period: str) -> float | None:
    return hof.period_since(period, day_starts_at_hour=int(app.kiosk_config.day_starts_at_hour))


def board_title(board: str) -> str:
    kind, _sep, game = board.partition(":")
    spec = GAMES.get(game)
    kind_title = _(KIND_TITLES[kind]) if kind in KIND_TITLES else kind
    return _("{board}: {game}").format(board=kind_title, game=spec.title if spec else game)


def score_text(board: str, score: float) -> str:
    if hof.board_ranking(board) == "moves":
        moves = int(score) if float(score).is_integer() else 2  # the plural of a fraction
        return ngettext("{n} move", "{n} moves", moves).format(n=number(score))
    return number(score)


def when_text(at: float, period: str) -> str:
    """When a score was made, the language's way: a time today, else a short date
    ("Nov 26", "26. Nov.")."""
    from babel.dates import format_skeleton

    moment = datetime.fromtimestamp(at)
    skeleton = "Hm" if period == "today" else "MMMd"
    try:
        return format_skeleton(skeleton, moment, locale=i18n.number_locale())
    except (ValueError, LookupError):
        return moment.strftime("%H:%M" if period == "today" else "%b %d")


def all_boards() -> list[str]:
    return [f"{kind}:{game}" for game in GAMES for kind in KIND_TITLES]


def initials_scene(app, board: str, score: float, detail: str = ""):
    """The initials screen, or None when the score does not make today's table (the
    easiest one: a score on this week's or the all-time table is on today's too)."""
    try:
        hof.board_kind(board)
        fame = fame_for(app)
        if not fame.qualifies(board, score, since(app, "today")):
            return None
    except hof.FameError:
        return None
    return InitialsScene(app, board, float(score), str(detail)[: hof.MAX_DETAIL])


LETTER_W, LETTER_H, LETTER_GAP = 80, 56, 8


class InitialsScene(MenuScene):
    """Three letters, arcade style: Up/Down (d-pad) change the letter under the cursor,
    Left/Right move it, typed letters fill it in, the letter buttons take a tap; OK
    (or Enter on the last letter) keeps the score, Skip or Escape leaves it out."""

    name = "initials"

    def __init__(self, app, board: str, score: float, detail: str = ""):
        super().__init__(app)
        self.board, self.score, self.detail = board, score, detail
        self.letters = ["A", "A", "A"]
        self.cursor = 0
        self.problem: str | None = None
        x0 = (LOGICAL_SIZE[0] - (13 * LETTER_W + 12 * LETTER_GAP)) // 2
        for i, ch in enumerate(hof.LETTERS):
            r, c = divmod(i, 13)
            rect = pygame.Rect(
                x0 + c * (LETTER_W + LETTER_GAP), 420 + r * (LETTER_H + LETTER_GAP), LETTER_W, 0
            )
            self.button(rect, ch, lambda ch=ch: self.type_letter(ch))
        y = 570
        self.button(pygame.Rect(300, y, 200, 64), _("Delete"), self.delete, object_id="#small")
        self.button(pygame.Rect(540, y, 200, 64), _("OK"), self.confirm, object_id="#primary")
        self.button(pygame.Rect(780, y, 200, 64), _("Skip"), self.skip, object_id="#small")
        self.set_focus(len(self.controls) - 2)

    # -- editing --------------------------------------------------------------------
    def type_letter(self, ch: str) -> None:
        self.letters[self.cursor] = ch
        self.problem = None
        self.cursor = min(self.cursor + 1, hof.INITIALS - 1)

    def step_letter(self, d: int) -> None:
        i = hof.LETTERS.index(self.letters[self.cursor])
        self.letters[self.cursor] = hof.LETTERS[(i + d) % len(hof.LETTERS)]
        self.problem = None

    def delete(self) -> None:
        self.cursor = max(0, self.cursor - 1)

    @property
    def initials(self) -> str:
        return "".join(self.letters)

    def confirm(self) -> None:
        problem = hof.initials_problem(self.initials)
        if problem:
            self.problem = problem
            self.app.sound.play("error")
            return
        entry = hof.Entry(self.board, self.initials, self.score, time.time(), self.detail)
        fame_for(self.app).add(entry)
        kind, _sep, game = self.board.partition(":")
        count(self.app, "fame-entry", game=game, detail=kind)
        self.app.replace_with("fame", board=self.board, highlight=entry.id)

    def skip(self) -> None:
        self.app.pop()

    def on_back(self) -> None:
        self.app.sound.play("back")
        self.skip()

    def handle_key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_UP:
            self.step_letter(1)
        elif k == pygame.K_DOWN:
            self.step_letter(-1)
        elif k == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif k == pygame.K_RIGHT:
            self.cursor = min(hof.INITIALS - 1, self.cursor + 1)
        elif k == pygame.K_BACKSPACE:
            self.delete()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor < hof.INITIALS - 1:
            self.cursor += 1
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif event.unicode and event.unicode.upper() in hof.LETTERS and len(event.unicode) == 1:
            self.type_letter(event.unicode.upper())
        else:
            super().handle_key(event)

    # -- drawing --------------------------------------------------------------------
    def slot_rect(self, i: int) -> pygame.Rect:
        rect = pygame.Rect(0, 200, 120, 150)
        rect.centerx = LOGICAL_SIZE[0] // 2 + (i - 1) * 150
        return rect

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        self.title(surface, _("New high score!"), 24)
        # The letters and the keys below them fix this screen's layout: the lines above
        # the letters keep to the room there, as big as the text size lets them fit.
        cx = LOGICAL_SIZE[0] // 2
        font = theme.font_within(30, "bold", 46)
        line = draw_text(
            surface,
            f"{board_title(self.board)}   {score_text(self.board, self.score)}",
            font,
            theme["accent_2"],
            (cx, 100),
            "midtop",
            max_width=1200,
        )
        top = max(146, line.bottom)
        room = self.slot_rect(0).y - 28 - top  # above the arrow over the letter
        words = _("Enter your initials: Up/Down change a letter, Left/Right move, or type or tap")
        font, lines, step = fit_paragraph(theme, words, 20, 1200, room, line=26)
        for k, text in enumerate(lines):
            at = (cx, top + step * k)
            draw_text(surface, text, font, theme["text_dim"], at, "midtop", max_width=1200)
        pulse = 0.5 + 0.5 * pygame.math.Vector2(1, 0).rotate(self.motion_ticks * 6).x
        for i, ch in enumerate(self.letters):
            rect = self.slot_rect(i)
            here = i == self.cursor
            draw_panel(
                surface, rect, theme, fill="background", edge="focus" if here else "panel_edge"
            )
            colour = lighten(theme["accent"], 0.3 * pulse) if here else theme["text"]
            draw_text(surface, ch, theme.font(96, "display"), colour, rect.center, "center")
            if here:
                cx = rect.centerx
                up = [(cx, rect.y - 26), (cx - 16, rect.y - 8), (cx + 16, rect.y - 8)]
                down = [
                    (cx, rect.bottom + 26),
                    (cx - 16, rect.bottom + 8),
                    (cx + 16, rect.bottom + 8),
                ]
                pygame.draw.polygon(surface, theme["focus"], up)
                pygame.draw.polygon(surface, theme["focus"], down)
        if self.problem:
            # between the arrow under the letter and the letter keys
            draw_text(
                surface,
                self.problem,
                theme.font_within(22, "bold", 420 - 4 - 384),
                theme["bad"],
                (LOGICAL_SIZE[0] // 2, 384),
                "midtop",
                max_width=1200,
            )


class HallOfFameScene(MenuScene):
    """The tables: one board at a time (Left/Right or the board button), today / this
    week / all time as tabs.  ``attract=True`` is the kiosk's quiet version: no
    buttons, the three periods side by side, the board with the latest score."""

    name = "fame"

    def __init__(
        self, app, board: str | None = None, highlight: str | None = None, *, attract=False
    ):
        super().__init__(app)
        self.fame = fame_for(app)
        self.boards = all_boards()
        self.highlight = highlight
        self.attract = attract
        self.period = "today"
        if board is None or board not in self.boards:
            board = self.latest_board() or self.boards[0]
        self.board_index = self.boards.index(board)
        self.tables: dict[str, list[hof.Entry]] = {}
        if not attract:
            self.build()
        self.refresh()

    def latest_board(self) -> str | None:
        entries = self.fame.local.entries()
        known = [e for e in entries if e.board in self.boards]
        return max(known, key=lambda e: e.at).board if known else None

    @property
    def board(self) -> str:
        return self.boards[self.board_index]

    def build(self) -> None:
        self.clear_controls()
        x = 240
        for period in hof.PERIODS:
            oid = "#primary" if period == self.period else None
            self.button(
                pygame.Rect(x, 110, 250, 56),
                _(PERIOD_NAMES.get(period, period)),
                lambda p=period: self.show_period(p),
                object_id=oid,
            )
            x += 270
        self.cycler(
            pygame.Rect(290, 180, 700, 56),
            "",
            [board_title(b) for b in self.boards],
            board_title(self.board),
            self.show_board,
        )
        self.button(pygame.Rect(80, 630, 220, 60), _("Back"), self.on_back, object_id="#small")
        if self.app.kiosk and self.app.kiosk_config.exit_pin:
            self.button(
                pygame.Rect(980, 630, 220, 60), _("Clear (PIN)"), self.ask_pin, object_id="#small"
            )
        self.set_focus(hof.PERIODS.index(self.period))

    # -- speech (scenes/speech/screens.py) ---------------------------------------------
    FAME_SPOKEN = 10  # places read out

    def table_words(self) -> str:
        """The board, the period and its places: "Crystal Connector, today: 1, ADA,
        1,234 points; 2, ..." or that there are no scores yet."""
        rows = self.tables.get(self.period, [])[: self.FAME_SPOKEN]
        places = "; ".join(
            _("{place}, {initials}, {score}").format(
                place=i + 1, initials=e.initials, score=score_text(self.board, e.score)
            )
            for i, e in enumerate(rows)
        )
        return _("{board}, {period}: {places}").format(
            board=board_title(self.board),
            period=_(PERIOD_NAMES.get(self.period, self.period)),
            places=places or _("no scores yet"),
        )

    def spoken_title(self) -> str:
        if self._focus_reads_table():
            return _("Hall of fame")  # the focused period or board reads the table next
        return _("Hall of fame. {table}").format(table=self.table_words())

    def _focus_reads_table(self) -> bool:
        return 0 <= self.focus_index <= len(hof.PERIODS)

    def spoken_focus(self) -> str:
        """The focused control, and the table when the focus is on a period or the
        board (so each change of period or board reads the new table)."""
        from scenes.speech.screens import focused_control

        control = focused_control(self)
        if self._focus_reads_table():
            return f"{control}. {self.table_words()}" if control else self.table_words()
        return control

    def relabel(self) -> None:
        if not self.attract:  # the attract cycle's tables have no buttons to rebuild
            super().relabel()

    def show_period(self, period: str) -> None:
        self.period = period
        self.build()
        self.refresh()

    def show_board(self, title: str) -> None:
        self.board_index = [board_title(b) for b in self.boards].index(title)
        self.refresh()

    def refresh(self) -> None:
        periods = hof.PERIODS if self.attract else (self.period,)
        self.tables = {p: self.fame.table(self.board, since(self.app, p)) for p in periods}

    def ask_pin(self) -> None:
        self.app.push(PinPrompt(self.app, self.clear_with_pin))

    def clear_with_pin(self, pin: str) -> bool:
        wanted = self.app.kiosk_config.exit_pin
        if not (valid_exit_pin(pin) and pin == wanted):
            return False
        self.fame.clear()
        self.refresh()
        toast(self.app, _("The hall of fame was cleared."))
        return True

    def update(self) -> None:
        super().update()
        if self.ticks % 120 == 0:  # another kiosk's scores arrive through the local file
            before = self.tables
            self.refresh()
            if self.tables != before:
                self.app.request_frame()

    def draw_background(self, surface: pygame.Surface) -> None:
        # In the attract cycle too: the demo game plays on beneath, hidden until the
        # interlude ends (its board showing through made the tables hard to read).
        super().draw_background(surface)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        if self.attract:
            self.title(surface, _("Hall of fame"), 20)
            draw_text(
                surface,
                board_title(self.board),
                theme.font(30),
                theme["accent_2"],
                (LOGICAL_SIZE[0] // 2, 92),
                "midtop",
            )
            w = 390
            for i, period in enumerate(hof.PERIODS):
                rect = pygame.Rect(40 + i * (w + 15), 150, w, 400)
                self.draw_table(surface, rect, period, compact=True)
            return
        self.title(surface, _("Hall of fame"), 24)
        self.draw_table(surface, pygame.Rect(240, 250, 800, 370), self.period)
        if self.fame.online is False:
            draw_text(
                surface,
                _("Server not reachable: scores are kept here and sent later"),
                theme.font(18, "regular"),
                theme["text_dim"],
                (LOGICAL_SIZE[0] // 2, 700),
                "midbottom",
            )

    def draw_table(self, surface, rect: pygame.Rect, period: str, compact: bool = False) -> None:
        theme = self.app.theme
        draw_panel(surface, rect, theme)
        draw_text(
            surface,
            _(PERIOD_NAMES.get(period, period)),
            theme.font(24),
            theme["accent_2"],
            (rect.x + 18, rect.y + 10),
        )
        table = self.tables.get(period, [])
        if not table:
            draw_text(
                surface,
                _("No scores yet: be the first!"),
                theme.font(20, "regular"),
                theme["text_dim"],
                rect.center,
                "center",
            )
            return
        line_h = (rect.h - 56) // hof.TABLE_SIZE
        # a full table's rows share the panel's height: the text is as big as fits a row
        font = theme.font_within(22 if not compact else 21, "bold", line_h + 2)
        small = theme.font_within(16, "regular", line_h - 4)
        # the columns as wide as their widest entry in this language and size
        places = [_("{place}.").format(place=n) for n in range(1, hof.TABLE_SIZE + 1)]
        x_initials = rect.x + 18 + max(48, max(text_width(font, p) for p in places) + 10)
        x_score = max(rect.x + 150, x_initials + text_width(font, "WWW") + 16)
        y = rect.y + 48
        for place, e in enumerate(table, 1):
            mine = e.id == self.highlight
            colour = theme["accent"] if mine else theme["text"]
            draw_text(surface, places[place - 1], font, theme["text_dim"], (rect.x + 18, y))
            draw_text(surface, e.initials, font, colour, (x_initials, y))
            when = when_text(e.at, period)
            at = (rect.right - 18, y + 4)
            shown = draw_text(surface, when, small, theme["text_dim"], at, "topright")
            room = shown.left - 10 - x_score
            draw_text(
                surface, score_text(self.board, e.score), font, colour, (x_score, y), max_width=room
            )
            if not compact and e.detail:
                draw_text(
                    surface,
                    hof.detail_text(e.detail),
                    small,
                    theme["text_dim"],
                    (rect.x + 330, y + 4),
                    max_width=rect.w - 460,
                )
            y += line_h


class PinPrompt(Scene):
    """The operator's PIN before the hall of fame is cleared: digits (shown as dots),
    Enter, Esc cancels.  The kiosk's own prompt ends the app on success, so this one
    calls back instead; but it is the same PIN, so it counts wrong tries with the
    kiosk's own back-off (``app.policy``): otherwise a visitor could guess the exit
    PIN here, at full speed, and then walk out of the kiosk with it."""

    name = "fame-pin"
    overlay = True

    def __init__(self, app, on_pin):
        super().__init__(app)
        self.on_pin = on_pin
        self.digits = ""
        self.wrong = False
        self.short = False  # Enter on something that cannot be a PIN: not a try
        self.last_key = 0  # own ticks at the last key: a forgotten prompt closes

    def locked_ticks(self) -> int:
        policy = getattr(self.app, "policy", None)
        return policy.lock_ticks_left(self.app) if policy is not None else 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        self.last_key = self.ticks
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif self.locked_ticks():
            return  # backing off: no digit and no Enter counts
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            entered, self.digits = self.digits, ""
            if not valid_exit_pin(entered):
                self.short, self.wrong = True, False
            elif self.on_pin(entered):
                self.app.pop()
            else:
                self.wrong, self.short = True, False
                policy = getattr(self.app, "policy", None)
                if policy is not None:
                    policy.pin_wrong(self.app)
        elif event.key == pygame.K_BACKSPACE:
            self.digits = self.digits[:-1]
        elif event.unicode and "0" <= event.unicode <= "9" and len(self.digits) < 12:
            self.digits += event.unicode
            self.wrong = self.short = False

    def update(self) -> None:
        super().update()
        if self.locked_ticks():
            self.last_key = self.ticks  # the idle clock starts when the wait is over
        elif self.ticks - self.last_key > 60 * 30:  # a forgotten prompt closes by itself
            self.app.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        left = self.locked_ticks()
        if left:
            wait = (left + 59) // 60
            note = _("Too many wrong PINs: wait {n} s").format(n=wait)
        elif self.short:
            note = _("The PIN has {low} to {high} digits").format(low=4, high=12)
        else:
            note = (
                _("Wrong PIN") if self.wrong else _("Operator PIN, Enter to clear, Esc to cancel")
            )
        colour = "bad" if (self.wrong or self.short or left) else "text_dim"
        title = _("Clear the hall of fame")
        draw_pin_box(surface, self.app.theme, title, self.digits, note, colour, 560, 32)
