"""Puzzles as data: positions from real bot games, one turn to find, read from
``seeds/puzzles-<game>.json``.

A puzzle is a position reached from a game id (its seed deals the same board every
time) by moves in the game's own notation, the seat to move, a goal in one sentence
and its solution: the accepted set of whole turns.  A turn is every action one seat
makes before another seat acts as mover (Crystal Connector's shifts, Chromatic
Collapse's two moves, Color Crossroads' placement and challenge with the answer).

    from game.content.puzzles import load_puzzles, check_attempt
    book = load_puzzles("chromatic-collapse")
    p = book.puzzles[0]
    state = p.position()
    check_attempt(p, ["a1-b2", "c3-d4"]).kind     # "solved", "wrong" or "illegal"

The engine decides everything: a refused move gets ``apply``'s own reason, and an
attempt is solved when the goal holds in the state after the turn (``outcome()``,
``scores()``).  The accepted set is what ``tools/puzzles.py verify`` checks by
exhaustive search to be exactly the turns that reach the goal (compared by the
position they leave: two orders of the same shifts are the same answer); the screen
shows its first turn after a miss and points at it for a hint.

Goals: ``win`` ("Win this turn.") and ``gain`` (raise your score by at least
``amount`` this turn: a Crystal Formation tree, a Color Crossroads point, Element
Shift's points for the round) and ``block`` (Crystal Formation with more players:
after your turn, no reply of the seat after you ends its turn with more trees than it
started it with; every reply is tried, so the goal is as exhaustive as the search of
your own turn).  Element Shift's turn is one plan; the seat to plan is the last of
the round, so every other plan is fixed (submitted in the setup moves) and the round
resolves with the solver's plan.

The daily puzzle of a game is picked by a hash of the date and the game id (no RNG
state: the same for everyone on that date); the rush order walks the puzzles from
easy to hard, shuffled within bands by a seed.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from datetime import date
from importlib import resources
from typing import Any, Mapping, Sequence

from game.rules.contract import GameSetup, IllegalMove, State, quoted
from game.storage.reading import FileProblem, parse_json, schema_errors
from game.text.clean import clean
from game.text.i18n import _

PUZZLE_FORMAT = 1
GOALS = ("win", "gain", "block")
LEVELS = ("random", "easy", "medium", "hard")
MAX_TURN_ACTIONS = 20
MAX_SETUP = 2000  # moves from the start to a position (the longest shipped is under 300)  # a turn of more actions is not a turn any game has
RUSH_TICKS = 3 * 60 * 60  # three minutes at 60 ticks a second
RUSH_MISSES = 3
RUSH_BANDS = 5  # the rush shuffles within fifths of the difficulty order

_MOVE = {"type": "string", "minLength": 1, "maxLength": 200}
_TURN = {"type": "array", "minItems": 1, "maxItems": MAX_TURN_ACTIONS, "items": _MOVE}
PUZZLE_SCHEMA: dict = {
    "type": "object",
    "required": ["format", "game", "puzzles"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": PUZZLE_FORMAT},
        "game": {"type": "string", "maxLength": 64},
        "puzzles": {
            "type": "array",
            "minItems": 1,
            "maxItems": 500,
            "items": {
                "type": "object",
                "required": ["id", "start", "setup", "seat", "goal", "text", "solution"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "minLength": 1, "maxLength": 40},
                    "start": {"type": "string", "minLength": 1, "maxLength": 400},
                    # each setup move is checked in parse_book: the schema's walk over
                    # thousands of moves cost most of a second (see _texts_ok)
                    "setup": {"type": "array", "maxItems": MAX_SETUP},
                    "seat": {"type": "integer", "minimum": 0, "maximum": 11},
                    "goal": {"enum": list(GOALS)},
                    "amount": {"type": "integer", "minimum": 1, "maximum": 1000},
                    "text": {"type": "string", "minLength": 1, "maxLength": 200},
                    "hint": {"type": "string", "maxLength": 200},
                    "solution": {"type": "array", "minItems": 1, "maxItems": 64, "items": _TURN},
                    "solved_by": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            k: {"type": "number", "minimum": 0, "maximum": 1} for k in LEVELS
                        },
                    },
                    "difficulty": {"type": "number", "minimum": 0, "maximum": 1},
                },
            },
        },
    },
}


class PuzzleError(ValueError):
    """A puzzle file that cannot be used; the message says which file and why."""


@dataclass(frozen=True)
class Puzzle:
    game: str
    id: str
    start: str
    setup: tuple[str, ...]
    seat: int
    goal: str
    text: str
    solution: tuple[tuple[str, ...], ...]
    amount: int = 1
    hint: str = ""
    difficulty: float = 0.5
    solved_by: Mapping[str, float] | None = None

    def __getattribute__(self, name: str) -> Any:
        # The goal and hint a player reads, translated when read (the book keeps the
        # English, which is the message id: "Win this turn.").
        value = object.__getattribute__(self, name)
        if name in ("text", "hint") and value:
            return _(value)
        return value

    def start_state(self, games: Mapping | None = None) -> State:
        games = _games(games)
        return GameSetup.parse(self.start, games).start(games)

    def position(self, games: Mapping | None = None) -> State:
        """The puzzle's position: the start replayed through the setup moves."""
        state = self.start_state(games)
        for i, text in enumerate(self.setup):
            try:
                state = state.apply(state.parse_move(text))
            except IllegalMove as exc:
                raise PuzzleError(
                    _("puzzle {id}: setup move {n} is illegal: {problem}").format(
                        id=self.id, n=i + 1, problem=exc
                    )
                ) from None
        return state

    def reached(self, before: State, after: State) -> bool:
        """Whether the state after a whole turn meets the goal (read from the engine)."""
        return goal_reached(self.goal, self.amount, self.seat, before, after)


@dataclass(frozen=True)
class PuzzleBook:
    game: str
    puzzles: tuple[Puzzle, ...]  # sorted from easy to hard

    def by_id(self, puzzle_id: str) -> Puzzle | None:
        return next((p for p in self.puzzles if p.id == puzzle_id), None)


@dataclass(frozen=True)
class Attempt:
    kind: str  # "solved", "wrong", "illegal" or "partial" (the turn is not over yet)
    message: str
    state: State | None = None  # the state after the moves (None when illegal)


def _games(games: Mapping | None) -> Mapping:
    if games is not None:
        return games
    from game.registry import GAMES

    return GAMES


# -- turns and goals -------------------------------------------------------------------
def turn_owner(state: State) -> int:
    """The seat whose turn it is (Color Crossroads: the mover, also while the other
    seat answers a challenge); -1 when the game is over."""
    if state.is_terminal():
        return -1
    mover = getattr(state, "mover", None)
    if mover is not None and getattr(state, "phase", "") in ("turn", "answer"):
        return mover
    return state.current_player()


def answer_for(state: State):
    """Color Crossroads: the challenged seat shows a loop when one exists (the engine's
    finder puts it in ``legal_moves``), else concedes: the exact answer, as in play."""
    moves = state.legal_moves()
    for m in moves:
        if type(m).__name__ == "Answer":
            return m
    return moves[0]


def finish_answers(state: State, seat: int) -> tuple[State, list[str]]:
    """Play the other seat's forced answers inside ``seat``'s turn."""
    played = []
    while not state.is_terminal() and turn_owner(state) == seat and state.current_player() != seat:
        move = answer_for(state)
        played.append(str(move))
        state = state.apply(move)
    return state, played


def goal_reached(goal: str, amount: int, seat: int, before: State, after: State) -> bool:
    if goal == "win":
        out = after.outcome() if after.is_terminal() else None
        return out is not None and tuple(out.winners) == (seat,)
    if goal == "gain":
        return after.scores()[seat] - before.scores()[seat] >= amount
    if goal == "block":
        if after.is_terminal():
            out = after.outcome()
            return out is not None and tuple(out.winners) == (seat,)
        return growing_reply(after) is None
    return False


def growing_reply(state: State):
    """The first reply of the seat to move that ends its turn with more trees (its
    score) than it starts with, or None when no reply does."""
    nxt = state.current_player()
    have = state.scores()[nxt]
    for reply in state.legal_moves():
        if state.apply(reply).scores()[nxt] > have:
            return reply
    return None


def seat_name(puzzle: Puzzle, seat: int) -> str:
    setup = GameSetup.parse(puzzle.start, _games(None))
    names = _games(None)[puzzle.game].seat_names(setup.players)
    return names[seat % len(names)]


def next_seat(puzzle: Puzzle) -> int:
    return (puzzle.seat + 1) % GameSetup.parse(puzzle.start, _games(None)).players


def position_key(state: State) -> str:
    """Two turns are the same answer when they leave the same position.  Element
    Shift's ``trace`` is left out: it records the plans' words for the reveal, so two
    plans that end on the same tile having turned the same tiles (one walking round
    a tile it cannot turn, one staying) leave one position."""
    data = state.to_json()
    if isinstance(data, dict):
        data.pop("trace", None)
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def play_turn(state: State, moves: Sequence[str]) -> State:
    """Apply a turn's move texts (answers included); IllegalMove on a refused one."""
    for text in moves:
        state = state.apply(state.parse_move(text))
    return state


def check_attempt(puzzle: Puzzle, moves: Sequence[str], games: Mapping | None = None) -> Attempt:
    """Judge a turn played from the puzzle's position, move by move.

    ``illegal``: a move the engine refuses (with its reason; nothing is played).
    ``partial``: legal so far, the turn is not over.  ``solved``: the turn is over and
    leaves a position one of the accepted turns leaves.  ``wrong``: the turn is over
    and misses, with why."""
    before = puzzle.position(games)
    return check_from(puzzle, before, moves)


def check_from(puzzle: Puzzle, before: State, moves: Sequence[str]) -> Attempt:
    seat = puzzle.seat
    state = before
    for text in moves:
        try:
            state = state.apply(state.parse_move(text))
        except IllegalMove as exc:
            return Attempt("illegal", str(exc))
    # The other seat's forced answers (a challenged Color Crossroads seat) may be in
    # ``moves`` (an accepted turn, the screen's match) or left to play here.
    state, _answered = finish_answers(state, seat)
    if not state.is_terminal() and turn_owner(state) == seat:
        return Attempt("partial", "", state)
    # Judged by the goal in the engine's state, never by the list alone: a turn that
    # wins is never called wrong (the list is what the verifier proves complete).
    if puzzle.reached(before, state):
        return Attempt("solved", _("Solved!"), state)
    return Attempt("wrong", why_missed(puzzle, before, state), state)


def why_missed(puzzle: Puzzle, before: State, after: State) -> str:
    """Why a whole turn misses the goal, in the project's words."""
    seat = puzzle.seat
    resolved = getattr(after, "breakdowns", ())
    rnd = getattr(before, "round", 0)  # only a game with score lines counts rounds
    if resolved and 1 <= rnd <= len(resolved):
        # the engine's own score line says where the points came from
        line = resolved[rnd - 1][seat]
        return _("That plan scores {got} this round ({how}); {amount} is possible.").format(
            got=line.total, how=line.explain(), amount=puzzle.amount
        )
    if after.is_terminal():
        out = after.outcome()
        if out is not None and seat not in out.winners:
            return _("That turn loses the game.")
    if puzzle.goal == "win":
        return _("The game goes on after that turn: it does not win.")
    if puzzle.goal == "block":
        reply = growing_reply(after)
        return _("After that turn {name} grows a new tree with {reply}.").format(
            name=seat_name(puzzle, next_seat(puzzle)), reply=str(reply)
        )
    gained = after.scores()[seat] - before.scores()[seat]
    return _("That turn gains {gained}; the goal is {goal}.").format(
        gained=f"{gained:g}", goal=puzzle.amount
    )


def goal_text(puzzle: Puzzle) -> str:
    """The goal as the player reads it: the file holds a message id (with an
    ``{amount}`` placeholder where it needs one), translated when shown."""
    # Plain replacement, never str.format: the text comes from a file (a stray brace
    # or "{amount.__class__}" must show as written, not raise or reach into objects).
    text = _(puzzle.text).replace("{amount}", str(puzzle.amount))
    if "{next}" in text:  # only a block goal names a seat (the parse is not free)
        text = text.replace("{next}", seat_name(puzzle, next_seat(puzzle)))
    return text


def hint_text(puzzle: Puzzle) -> str:
    return _(puzzle.hint) if puzzle.hint else goal_text(puzzle)


# -- daily puzzle and rush order --------------------------------------------------------
def daily_index(game_id: str, day: date, count: int) -> int:
    """The daily puzzle's index: a hash of the date and the game id, the same for
    everyone on that date (no random state)."""
    digest = hashlib.sha256(f"{day.isoformat()}|{game_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def daily_puzzle(book: PuzzleBook, day: date) -> Puzzle:
    return book.puzzles[daily_index(book.game, day, len(book.puzzles))]


def rush_order(book: PuzzleBook, seed: int) -> list[Puzzle]:
    """Every puzzle, easy to hard: the difficulty order cut in RUSH_BANDS bands, each
    band shuffled by ``seed`` (so two rushes differ, and later ones are harder)."""
    ordered = sorted(book.puzzles, key=lambda p: (p.difficulty, p.id))
    rng = random.Random(seed)
    n = len(ordered)
    out: list[Puzzle] = []
    for b in range(RUSH_BANDS):
        band = ordered[b * n // RUSH_BANDS : (b + 1) * n // RUSH_BANDS]
        rng.shuffle(band)
        out.extend(band)
    return out


@dataclass
class Rush:
    """A rush: RUSH_TICKS to solve as many as possible, RUSH_MISSES misses end it.
    Counted in ticks (the screen calls ``tick`` once a frame), never the wall clock."""

    order: list
    ticks_left: int = RUSH_TICKS
    misses: int = 0
    score: int = 0
    index: int = 0

    @property
    def over(self) -> bool:
        return self.ticks_left <= 0 or self.misses >= RUSH_MISSES or self.index >= len(self.order)

    @property
    def current(self):
        return None if self.over else self.order[self.index]

    def tick(self, n: int = 1) -> None:
        if not self.over:
            self.ticks_left = max(0, self.ticks_left - n)

    def solved(self) -> None:
        if not self.over:
            self.score += 1
            self.index += 1

    def missed(self) -> None:
        if not self.over:
            self.misses += 1
            self.index += 1


# -- reading the files ------------------------------------------------------------------
def puzzle_file(game_id: str) -> str:
    return f"puzzles-{game_id}.json"


_SHIPPED: dict[str, PuzzleBook] = {}  # the shipped files do not change while we run


def load_puzzles(game_id: str, text: str | bytes | None = None) -> PuzzleBook:
    """The puzzles of ``game_id`` from seeds/ (or from ``text``), sorted by
    difficulty.  Raises PuzzleError with a short reason for a missing or damaged file.
    A shipped file is read and checked once per run."""
    if text is None and game_id in _SHIPPED:
        return _SHIPPED[game_id]
    book = _load(game_id, text)
    if text is None:
        _SHIPPED[game_id] = book
    return book


def _texts_ok(value: Any) -> bool:
    return all(isinstance(t, str) and 0 < len(t) <= 200 for t in value)


def _load(game_id: str, text: str | bytes | None) -> PuzzleBook:
    name = puzzle_file(game_id)
    if text is None:
        try:
            text = (resources.files("seeds") / name).read_bytes()
        except OSError:
            raise PuzzleError(_("{file} could not be read").format(file=name)) from None
    try:
        data = parse_json(text)
    except FileProblem as exc:
        raise PuzzleError(
            _("{file} could not be used: {problem}").format(file=name, problem=exc)
        ) from None
    return parse_book(data, name, game_id)


def parse_book(data: Any, name: str, game_id: str) -> PuzzleBook:
    """The book in ``data``; PuzzleError (and nothing else) for any JSON value."""
    problems = schema_errors(data, PUZZLE_SCHEMA)
    if problems:
        where = "/".join(problems[0]) or "the top"
        raise PuzzleError(
            _("{file} could not be used: it does not fit the puzzle format at {where}").format(
                file=name, where=where
            )
        )
    if data["game"] != game_id:
        raise PuzzleError(
            _("{file} holds the puzzles of {other}, not {game}").format(
                file=name, other=quoted(data["game"]), game=game_id
            )
        )
    games = _games(None)
    puzzles = []
    for raw in data["puzzles"]:
        if not _texts_ok(raw["setup"]):
            raise PuzzleError(
                _("{file}: puzzle {id} has a setup move that is not a move").format(
                    file=name, id=quoted(raw["id"])
                )
            )
        try:
            setup = GameSetup.parse(raw["start"], games)
        except ValueError:
            raise PuzzleError(
                _("{file}: puzzle {id} has a start that is not a game id").format(
                    file=name, id=quoted(raw["id"])
                )
            ) from None
        if setup.game != game_id or raw["seat"] >= setup.players:
            raise PuzzleError(
                _("{file}: puzzle {id} is not a {game} position").format(
                    file=name, id=quoted(raw["id"]), game=game_id
                )
            )
        if raw["goal"] not in games[game_id].puzzle_goals:
            # its check tries every reply: only where a reply is one small move
            raise PuzzleError(
                _("{file}: puzzle {id} has a goal {game} lacks").format(
                    file=name, id=quoted(raw["id"]), game=game_id
                )
            )
        puzzles.append(
            Puzzle(
                game=game_id,
                id=raw["id"],
                start=raw["start"],
                setup=tuple(raw["setup"]),
                seat=raw["seat"],
                goal=raw["goal"],
                # the words a player reads, cleaned where the file is read
                text=clean(raw["text"]),
                solution=tuple(tuple(t) for t in raw["solution"]),
                amount=raw.get("amount", 1),
                hint=clean(raw.get("hint", "")),
                difficulty=float(raw.get("difficulty", 0.5)),
                solved_by=dict(raw.get("solved_by", {})),
            )
        )
    if len({p.id for p in puzzles}) != len(puzzles):
        raise PuzzleError(_("{file}: two puzzles share an id").format(file=name))

    puzzles.sort(key=lambda p: (p.difficulty, p.id))
    return PuzzleBook(game_id, tuple(puzzles))


def puzzle_games() -> list[str]:
    """The games that ship puzzles, in the registry's order."""
    out = []
    for game_id in _games(None):
        if (resources.files("seeds") / puzzle_file(game_id)).is_file():
            out.append(game_id)
    return out
