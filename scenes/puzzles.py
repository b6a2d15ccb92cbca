"""Puzzles: the daily puzzle of each game, every puzzle by difficulty with solved marks,
and the rush (three minutes, harder as you go, three misses end it).

The puzzles screen (:class:`PuzzlesScene`, the router's "puzzles") lists them; a
puzzle is played on the game's own play view with :class:`PuzzleMixin` in front of it,
the way the tutorial puts its judge in front (scenes/tutorial.py), so the board and
its mouse, touch, key and controller input are the real game's.  The mixin only:

- builds the puzzle's match (its game id replayed through the setup moves; no clock;
  the other seats never think: Color Crossroads' answer to a challenge is the exact
  one, as in play);
- judges the turn when it is over (``game.content.puzzles.check_from``): solved, or missed
  with why; a refused action keeps the engine's own reason, as in a real game;
- after a miss, shows the solution: the position again, the accepted turn played
  out on the board move by move;
- in a rush, counts the three minutes in ticks and moves on to the next puzzle.

Solved marks live in ``puzzles.json`` in the data folder (atomic writes); a kiosk
keeps them in memory only, for the session.
"""

from __future__ import annotations

import dataclasses
import random
from datetime import date

import pygame

from game.content import puzzles as P
from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup, IllegalMove
from game.storage.reading import schema_errors
from game.storage.saves import SaveError, UnreadableFile, read_json, set_aside, write_json_atomic
from game.text.i18n import _, ngettext
from scenes import routes
from scenes.scene import LOGICAL_SIZE
from scenes.widgets import (
    MIN_TARGET,
    MenuScene,
    draw_card_button,
    draw_panel,
    draw_text,
    fit_paragraph,
    fit_text,
    fitting_font,
    starfield_background,
    toast,
)

CARD = pygame.Rect(16, 2, 848, 68)  # the tutorial's card place, above the board
BUTTON_W = 100
SCRIPT_TICKS = 40  # each move of a shown solution waits this long, so people follow it
NEXT_TICKS = 70  # a rush moves on this long after a solved puzzle
MARKS_FORMAT = 1
GRID_COLS, CELL_W, CELL_H, GAP = 12, 62, 46, 8

MARKS_SCHEMA: dict = {
    "type": "object",
    "maxProperties": 20,
    "properties": {
        "format": {"type": "integer"},
        "solved": {
            "type": "object",
            "maxProperties": 20,
            "additionalProperties": {
                "type": "array",
                "maxItems": 1000,
                "items": {"type": "string", "maxLength": 40},
            },
        },
    },
}


# -- solved marks ----------------------------------------------------------------------
def marks_path(paths):
    return paths.data / "puzzles.json"


def _read_marks(paths) -> dict:
    """The marks file's table, or {} when there is none or it cannot be used.  Every reader
    and writer comes through here, so a damaged file is always set aside before anything
    is written: read_json moves one it cannot read, and one that parses but fails the
    schema is moved here (kept for the player, never overwritten)."""
    path = marks_path(paths)
    try:
        data = read_json(path)
    except UnreadableFile:
        return {}
    if data is None:
        return {}
    if not isinstance(data, dict) or schema_errors(data, MARKS_SCHEMA):
        set_aside(path)
        return {}
    return data


def solved_ids(app, game_id: str) -> set[str]:
    """The puzzles of ``game_id`` solved here (a kiosk's are kept for the session only)."""
    memory = getattr(app, "puzzle_marks", None)
    if app.kiosk:
        return set((memory or {}).get(game_id, ()))
    return set((_read_marks(app.paths).get("solved") or {}).get(game_id, ()))


def mark_solved(app, game_id: str, puzzle_id: str) -> None:
    if app.kiosk:
        memory = getattr(app, "puzzle_marks", None) or {}
        memory.setdefault(game_id, set()).add(puzzle_id)
        app.puzzle_marks = memory
        return
    path = marks_path(app.paths)
    data = _read_marks(app.paths)  # a damaged file is set aside first, never overwritten
    solved = dict(data.get("solved") or {})
    solved[game_id] = sorted(set(solved.get(game_id, ())) | {puzzle_id})
    try:
        write_json_atomic(path, {**data, "format": MARKS_FORMAT, "solved": solved})
    except SaveError as exc:
        toast(
            app, _("Could not remember the solved puzzle: {reason}").format(reason=exc), "warning"
        )


def load_book(app, game_id: str) -> P.PuzzleBook | None:
    try:
        return P.load_puzzles(game_id)
    except P.PuzzleError as exc:
        app.sound.play("error")
        toast(app, _("The puzzles cannot be shown: {reason}").format(reason=exc), "warning")
        return None


# -- the list screen ----------------------------------------------------------------------
class PuzzlesScene(MenuScene):
    name = "puzzles"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.games = P.puzzle_games()
        if game_id not in self.games:  # the game last chosen here (the settings file's)
            game_id = app.settings.last_puzzle_game
        self.game_id = game_id if game_id in self.games else (self.games or [None])[0]
        self.book = None
        self.solved: set[str] = set()
        self.today = date.today()
        self.build(focus_puzzle=True)

    def build(self, focus_puzzle: bool = False) -> None:
        """The list; ``focus_puzzle`` puts the focus on the puzzle last opened of this
        game (a visit, or back from a puzzle), else on the game's button."""
        self.clear_controls()
        self.book = load_book(self.app, self.game_id) if self.game_id else None
        self.solved = solved_ids(self.app, self.game_id) if self.book else set()
        y = 110
        for game_id in self.games:
            self.button(
                pygame.Rect(40, y, 300, 52),
                GAMES[game_id].title,
                lambda g=game_id: self.choose(g),
                object_id="#primary" if game_id == self.game_id else None,
            )
            y += 62
        if self.book is not None:
            daily = P.daily_puzzle(self.book, self.today)
            daily_text = (
                _("Daily puzzle (solved)") if daily.id in self.solved else _("Daily puzzle")
            )
            self.button(pygame.Rect(380, 110, 420, 56), daily_text, self.play_daily)
            minutes = P.RUSH_TICKS // 3600
            rush_text = ngettext("Rush: {n} minute", "Rush: {n} minutes", minutes).format(n=minutes)
            self.button(pygame.Rect(820, 110, 420, 56), rush_text, self.play_rush)
            for i, puzzle in enumerate(self.book.puzzles):
                r, c = divmod(i, GRID_COLS)
                rect = pygame.Rect(
                    380 + c * (CELL_W + GAP), 236 + r * (CELL_H + GAP), CELL_W, CELL_H
                )
                solved = puzzle.id in self.solved
                self.button(
                    rect,
                    str(i + 1),
                    lambda k=i: self.play_index(k),
                    object_id="#primary_small" if solved else "#small",
                    tooltip=_("{goal} (solved)").format(goal=P.goal_text(puzzle))
                    if solved
                    else P.goal_text(puzzle),
                )
        self.button(pygame.Rect(40, 640, 200, 52), _("Back"), self.on_back)
        # the focus starts on the chosen game's button (the ring and the lit button agree)
        self.set_focus(self.games.index(self.game_id) if self.game_id in self.games else 0)
        last = self.app.settings.last_puzzle.get(self.game_id)
        ids = [p.id for p in self.book.puzzles] if self.book is not None else []
        if focus_puzzle and last in ids:
            self.set_focus(len(self.games) + 2 + ids.index(last))  # after Daily and Rush

    def choose(self, game_id: str) -> None:
        self.game_id = game_id
        self.build()
        self.remember(last_puzzle_game=game_id)

    def remember(self, **values) -> None:
        """Kept for the next visit and the next start (the settings file)."""
        problem = self.app.settings.remember(self.app.paths, self.app.kiosk, **values)
        if problem:
            toast(self.app, problem, "warning")

    def resume(self) -> None:  # back from a puzzle: its solved mark shows
        self.build(focus_puzzle=True)

    def play_daily(self) -> None:
        daily = P.daily_puzzle(self.book, self.today)
        open_puzzle(self.app, self.game_id, daily.id, "daily")

    def play_index(self, index: int) -> None:
        puzzle_id = self.book.puzzles[index].id
        last = {g: v for g, v in self.app.settings.last_puzzle.items() if g in self.games}
        self.remember(last_puzzle_game=self.game_id, last_puzzle={**last, self.game_id: puzzle_id})
        open_puzzle(self.app, self.game_id, puzzle_id, "list")

    def play_rush(self) -> None:
        rush = P.Rush(P.rush_order(self.book, random.randrange(1 << 30)))
        from scenes.counting import count

        count(self.app, "rush", game=self.game_id)
        open_puzzle(self.app, self.game_id, rush.current.id, "rush", rush=rush)

    def on_back(self) -> None:
        self.app.pop()

    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, self.motion_ticks)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        self.title(surface, _("Puzzles"), 30)
        if self.book is None:
            return
        count = len(self.book.puzzles)
        # Two lines between the Daily / Rush buttons and the grid, whose rows fill the
        # screen down to its foot: the band is fixed, so they are as big as fits it.
        width = LOGICAL_SIZE[0] - 40 - 384
        draw_text(
            surface,
            _("{solved} of {count} solved · easiest first · solved ones are lit").format(
                solved=len(self.solved & {p.id for p in self.book.puzzles}), count=count
            ),
            theme.font_within(18, "regular", 28),
            theme["text_dim"],
            (380, 200),
            max_width=width,
        )
        daily = P.daily_puzzle(self.book, self.today)
        draw_text(
            surface,
            _("Today: {goal}").format(goal=P.goal_text(daily)),
            theme.font_within(16, "regular", 26),
            theme["accent_2"],
            (384, 172),
            max_width=width,
        )


# -- playing a puzzle ---------------------------------------------------------------------
def build_match(puzzle: P.Puzzle) -> Match:
    """The puzzle's match: no clocks, the person in the puzzle's seat, the other seats
    never thinking (the mixin plays their forced answers)."""
    spec = dataclasses.replace(GAMES[puzzle.game], rule_clock=None)
    setup = GameSetup.parse(puzzle.start, GAMES)
    names = spec.seat_names(setup.players)
    seats = [
        # The other seats are named plainly: their kind line says "Puzzle" (no bot plays
        # them; the mixin plays their forced answers), as a lesson's say "Lesson".
        Seat.person() if s == puzzle.seat else Seat.bot("easy", names[s])
        for s in range(setup.players)
    ]
    match = Match(spec, setup, seats, setup.start({spec.id: spec}))
    for i, text in enumerate(puzzle.setup):
        try:
            match.submit(match.parse(text))
        except IllegalMove as exc:
            raise P.PuzzleError(
                _("puzzle {id}: setup move {number} is illegal: {reason}").format(
                    id=puzzle.id, number=i + 1, reason=exc
                )
            ) from None
    return match


def puzzle_class(game_id: str) -> type:
    # a game whose puzzles play differently names its own mixin in its view package
    mixin = getattr(routes.play_package(game_id), "PUZZLE_MIXIN", PuzzleMixin)
    return routes.judged_view_class(mixin, game_id)


def puzzle_scene(app, game_id: str, puzzle_id: str, mode: str = "list", rush=None, reveal=False):
    """The puzzle ``puzzle_id`` of ``game_id`` on its game's view, or None when its
    file is damaged (said on screen)."""
    book = load_book(app, game_id)
    if book is None:
        return None
    puzzle = book.by_id(puzzle_id)
    try:
        if puzzle is None:
            raise P.PuzzleError(_("there is no such puzzle"))
        match = build_match(puzzle)
    except P.PuzzleError as exc:
        app.sound.play("error")
        toast(app, _("The puzzle cannot start: {reason}").format(reason=exc), "warning")
        return None
    scene = puzzle_class(game_id)(app, match)
    scene.setup_puzzle(book, puzzle, mode, rush, reveal)
    return scene


def open_puzzle(app, game_id, puzzle_id, mode="list", rush=None, reveal=False, replace=False):
    scene = puzzle_scene(app, game_id, puzzle_id, mode, rush, reveal)
    if scene is not None:
        (app.replace if replace else app.push)(scene)
    return scene


class PuzzleMixin:
    """Goes in front of a play view's class: see the module's docstring."""

    autosave_enabled = False
    is_tutorial = True  # the view's lesson behaviour: no rematch, no results screen
    hold_turn = False  # Crystal Connector: each shift goes to the match at once

    def setup_puzzle(self, book, puzzle, mode, rush, reveal) -> None:
        self.book, self.puzzle, self.puzzle_mode, self.rush = book, puzzle, mode, rush
        self.position = self.match.state
        self.setup_len = len(self.match.entries)
        # doing: the person plays; showing: the solution plays out; solved / missed:
        # the result is on the card; over: the rush has ended.
        self.phase = "doing"
        self.result = P.goal_text(puzzle)
        self.script: list[str] = []
        self.script_wait = SCRIPT_TICKS
        self.next_wait = -1
        self.bot_seconds = 0.1
        if reveal:
            self.phase = "showing"
            self.script = list(puzzle.solution[0])
            self.result = reveal if isinstance(reveal, str) else _("The answer:")
        # The card once the answer has played out.  Speech says it whole as the answer
        # starts and leaves the answer's moves unsaid: each move's words would cut off
        # the line before it, the reason with them.
        self.answer_text = self.result + " " + ", ".join(puzzle.solution[0]) + "."

    # -- the card's buttons ---------------------------------------------------------------
    def puzzle_buttons(self) -> dict[str, pygame.Rect]:
        names = []
        if self.phase == "over":
            names = ["done"]
        elif self.phase in ("solved", "missed") and self.puzzle_mode != "rush":
            names = ["next", "retry"]
        elif self.phase == "doing":
            names = ["retry"] if self.played() else []
        out = {}
        x = CARD.right - 8 - BUTTON_W
        for name in names:
            out[name] = pygame.Rect(x, CARD.bottom - MIN_TARGET - 3, BUTTON_W, MIN_TARGET)
            x -= BUTTON_W + 8
        return out

    def press_puzzle(self, name: str) -> None:
        self.app.sound.play("click")
        if name == "retry":
            open_puzzle(self.app, self.puzzle.game, self.puzzle.id, self.puzzle_mode, replace=True)
        elif name == "next":
            ids = [p.id for p in self.book.puzzles]
            nxt = ids[(ids.index(self.puzzle.id) + 1) % len(ids)]
            open_puzzle(self.app, self.puzzle.game, nxt, "list", replace=True)
        elif name == "done":
            self.app.pop()

    def toast_avoid(self) -> list[pygame.Rect]:
        """A message covers neither the view's buttons nor the puzzle card."""
        return [b.rect for b in self.play_buttons()] + [CARD.copy()]

    def played(self) -> list[str]:
        return [e.text for e in self.match.entries[self.setup_len :]]

    # -- the person's actions ---------------------------------------------------------------
    def try_move(self, move) -> bool:
        if self.phase != "doing":
            self.say(
                _("Watch the answer") if self.phase == "showing" else _("Press Next to go on"),
                "info",
            )
            return False
        return super().try_move(move)  # a refusal keeps the engine's own reason

    def request_hint(self) -> None:
        if self.phase != "doing":
            return
        done = self.played()
        for turn in self.puzzle.solution:
            if list(turn[: len(done)]) == done and len(turn) > len(done):
                try:
                    self.hint = self.match.state.parse_move(turn[len(done)])
                except IllegalMove:
                    self.hint = None
                break
        self.say(_("Hint: {hint}").format(hint=P.hint_text(self.puzzle)), "info", 5)

    def restart(self) -> None:
        self.press_puzzle("retry")

    def back_to_list(self) -> None:
        """The pause menu's Puzzle list: the list this puzzle was opened from, or a new
        one of this game when it was opened some other way."""
        stack = self.app.stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None
        if below is not None and below.name == "puzzles":
            self.app.pop()
        else:
            self.app.replace_with("puzzles", self.puzzle.game)

    def undo(self) -> None:  # within a puzzle, undo means: try it again
        if self.phase == "doing":
            self.press_puzzle("retry")

    def seat_kind(self, seat: int) -> str:
        puzzle = getattr(self, "puzzle", None)
        if puzzle is None:
            return super().seat_kind(seat)
        return _("You") if seat == puzzle.seat else _("Puzzle")

    def show_results(self) -> None:
        """A winning turn ends the game: the puzzle stays on the board."""

    # No bot plays the other seats: after the turn they wait, never "thinking".
    def waiting_short(self, seat: int) -> str:
        return _("waits")

    def waiting_help(self, text: str) -> str:
        if self.phase == "showing":
            return _("Watch the answer play out on the board.")
        if self.rush is not None:
            return _("The next puzzle comes in a moment.")
        return _("The puzzle is over: press Next or Again on the card above.")

    # -- judging, answers and the shown solution -------------------------------------------
    def _drive_bots(self) -> None:
        m = self.match
        if self.anim or self.queue:
            return
        if self.phase == "doing":
            seat = self.puzzle.seat
            if not m.is_over() and P.turn_owner(m.state) == seat and m.to_move() != seat:
                self._submit(P.answer_for(m.state))  # a challenged seat answers exactly
                return
            if m.is_over() or P.turn_owner(m.state) != seat:
                self.judge()
            return
        if self.phase == "showing":
            if not self.script:
                self.phase = "missed"
                self.result = self.answer_text
                if self.rush is not None:
                    self.next_wait = NEXT_TICKS
                return
            self.script_wait -= 1
            if self.script_wait > 0:
                return
            self.script_wait = SCRIPT_TICKS
            text = self.script.pop(0)
            try:
                self._submit(m.parse(text))
            except IllegalMove:
                self.script.clear()
            return
        if self.next_wait > 0:
            self.next_wait -= 1
            if self.next_wait == 0:
                self.next_in_rush()

    def _submit(self, move) -> None:
        old, seat = self.match.state, self.match.to_move()
        new = self.match.submit(move)
        self._after_move(old, new, move, seat)

    def judge(self) -> None:
        verdict = P.check_from(self.puzzle, self.position, self.played())
        if verdict.kind == "solved":
            self.phase = "solved"
            self.result = _("Solved!")
            self.app.sound.play("win")
            mark_solved(self.app, self.puzzle.game, self.puzzle.id)
            if self.rush is not None:
                self.rush.solved()
                self.next_wait = NEXT_TICKS
            return
        self.app.sound.play("error")
        if self.rush is not None:
            self.rush.missed()
        why = _("Missed: {reason} The answer:").format(reason=verdict.message)
        # The position again, and the accepted turn played out on it.
        scene = open_puzzle(
            self.app,
            self.puzzle.game,
            self.puzzle.id,
            self.puzzle_mode,
            rush=self.rush,
            reveal=why,
            replace=True,
        )
        if scene is None:
            self.phase = "missed"
            self.result = why

    def next_in_rush(self) -> None:
        rush = self.rush
        if rush is None:
            return
        if rush.over:
            self.end_rush()
            return
        open_puzzle(self.app, self.puzzle.game, rush.current.id, "rush", rush=rush, replace=True)

    def end_rush(self) -> None:
        if self.phase == "over":
            return
        self.phase = "over"
        self.script.clear()
        score = self.rush.score
        if self.rush.index >= len(self.rush.order) and self.rush.misses < P.RUSH_MISSES:
            text = ngettext(
                "Every puzzle done: the rush is over. You solved {n}.",
                "Every puzzle done: the rush is over. You solved {n}.",
                score,
            )
        elif self.rush.ticks_left <= 0:
            text = ngettext(
                "Time is up: the rush is over. You solved {n}.",
                "Time is up: the rush is over. You solved {n}.",
                score,
            )
        else:
            text = ngettext(
                "Three misses: the rush is over. You solved {n}.",
                "Three misses: the rush is over. You solved {n}.",
                score,
            )
        self.result = text.format(n=score)
        self.app.sound.play("win")
        if "initials" in routes.SCREENS:
            self.app.open("initials", board=f"rush:{self.puzzle.game}", score=score)

    def card_text(self) -> str:
        """The card's words: the goal while the person plays, else the verdict."""
        if self.phase == "doing":
            seat = self.seat_label(self.puzzle.seat) if hasattr(self, "seat_label") else ""
            goal = P.goal_text(self.puzzle)
            return _("{player} to play. {goal}").format(player=seat, goal=goal) if seat else goal
        return self.result

    def spoken_title(self) -> str:
        """Speech (scenes/speech/screens.py): the puzzle's title and its goal, or while
        the answer is shown, why it was missed and the whole answer."""
        self._card_said = self.card_text()
        said = self.answer_text if self.phase == "showing" else self._card_said
        self._said_ahead = said
        return _("{title}. {text}").format(title=self.card_title(), text=said)

    _card_said: str | None = None
    _said_ahead: str | None = None

    def move_said(self, old, new, move, seat: int) -> bool:
        return self.phase != "showing"  # the answer's moves were said with the reason

    def update(self) -> None:
        super().update()
        if self.app.speech.enabled and self._card_said is not None:
            text = self.card_text()
            if text != self._card_said:  # a verdict, the answer shown, the next goal
                self._card_said = text
                if text != self._said_ahead:
                    self.app.speech.say(text)
        if self.rush is not None and self.phase != "over":
            self.rush.tick()
            if self.rush.ticks_left <= 0:
                self.end_rush()
            self._pace_frames()  # the rush's seconds, counted after the view's own tick

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for name, rect in self.puzzle_buttons().items():
                if rect.collidepoint(event.pos):
                    self.press_puzzle(name)
                    return
        if event.type == pygame.KEYDOWN:
            buttons = self.puzzle_buttons()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.phase != "doing":
                for name in ("done", "next"):
                    if name in buttons:
                        self.press_puzzle(name)
                        return
            if event.key == pygame.K_PAGEDOWN and "next" in buttons:
                self.press_puzzle("next")
                return
        if (
            self.phase != "doing"
            and event.type
            in (
                pygame.MOUSEBUTTONDOWN,
                pygame.MOUSEBUTTONUP,
            )
            and CARD.collidepoint(getattr(event, "pos", (-1, -1)))
        ):
            return
        super().handle(event)

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self.draw_card(surface)
        self.draw_banner(surface)

    def draw_header(self, surface: pygame.Surface) -> None:
        """The puzzle card takes the header's place."""

    def shown_key(self) -> tuple:
        # the card: its verdict and, in a rush, the seconds left
        return (*super().shown_key(), self.phase, self.card_title(), self.result)

    def card_title(self) -> str:
        if self.rush is not None:
            seconds = (self.rush.ticks_left + 59) // 60
            return _("Rush · {time} · solved {solved} · misses {misses} of {most}").format(
                time=f"{seconds // 60}:{seconds % 60:02d}",
                solved=self.rush.score,
                misses=self.rush.misses,
                most=P.RUSH_MISSES,
            )
        index = [p.id for p in self.book.puzzles].index(self.puzzle.id) + 1
        if self.puzzle_mode == "daily":
            text = _("Daily puzzle · {index} of {count}")
        else:
            text = _("Puzzle · {index} of {count}")
        return text.format(index=index, count=len(self.book.puzzles))

    def draw_card(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        good = self.phase in ("solved", "over")
        edge = "good" if good else ("bad" if self.phase in ("showing", "missed") else "accent")
        draw_panel(
            surface, CARD, theme, fill="background_2", edge=edge, alpha=245, width=3, radius=12
        )
        # The card keeps the header's place at every text size (the board under it does
        # not move), so its words step back towards their designed size to fit it: the
        # counter above the buttons, the text beside both.
        title = self.card_title()
        counter = fitting_font(theme, title, 14, "bold", CARD.w // 2)
        shown = draw_text(
            surface,
            title,
            counter,
            theme["accent"],
            (CARD.right - 12, CARD.y + 3),
            "topright",
            max_width=CARD.w // 2,
        )
        text = self.card_text()
        width = CARD.w - 28 - max(2 * (BUTTON_W + 8), shown.w + 20)
        room = CARD.h - 8
        # At a bigger text size the lines step back towards their designed size to fit
        # the card; a miss whose reason and answer still do not fit keeps the answer
        # whole (the reason was on the card while the answer played).
        font, lines, pitch = fit_paragraph(theme, text, 17, width, room, line=20)
        if self.phase == "missed" and len(lines) * pitch > room:
            text = _("Missed. The answer: {moves}.").format(
                moves=", ".join(self.puzzle.solution[0])
            )
            font, lines, pitch = fit_paragraph(theme, text, 17, width, room, line=20)
        colour = theme["good"] if good else theme["text"]
        fits = max(1, room // pitch)
        if len(lines) > fits:  # cut with an ellipsis, never silently
            lines = lines[:fits]
            lines[-1] = fit_text(font, lines[-1], width, cut=True)
        top = CARD.centery - (pitch * len(lines)) // 2
        for i, line in enumerate(lines):
            at = (CARD.x + 14, top + pitch * i)
            draw_text(surface, line, font, colour, at, max_width=width, box=CARD)
        for name, rect in self.puzzle_buttons().items():
            label = {"next": _("Next  ›"), "retry": _("Again"), "done": _("Done")}[name]
            draw_card_button(surface, theme, rect, label, name in ("next", "done"))
