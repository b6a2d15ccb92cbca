"""Tutorials as data: each game's guided lessons, read from ``seeds/tutorial-<game>.json``.

A tutorial is a list of short steps.  Each step is a real position, reached from the
tutorial's start (a game id, so the seed deals the same board every time) by moves in
the game's own notation, plus a caption, the cells that matter, and one thing to do::

    from game.content.tutorials import load_tutorial, judge
    tut = load_tutorial("color-crossroads")
    step = tut.steps[0]
    state = tut.position(0)                  # the start replayed through step.setup
    verdict = judge(tut, step, state, state.parse_move("place E5 red"))
    verdict.kind                             # "expected", "other" or "illegal"

The engine decides everything: legality and its refusal reasons come from ``apply``,
points from ``scores()``.  This module never repeats a rule; it only compares the
move a person made with the moves the step lists.

File format (JSON), one object:

- ``format`` (1), ``game`` (a game id in GAMES), ``start`` (a game id text with a
  seed, like ``color-crossroads:walls=open#3``), ``learner`` (the seat the person
  plays; the other seats are played by the tutorial's script).
- ``steps``: 5 to 9 objects with
  - ``caption``: one or two sentences.
  - ``setup``: move texts from the start to this step's position.
  - ``lit``: cell names to light up (everything else is dimmed).
  - ``expect``: the move texts that complete the step (any one of them), and
    ``expect_any``: kinds of move (``Answer``) of which any legal one completes it
    (``expect`` then holds one example, used by the tests and the Hint button), or
  - ``watch``: move texts the script plays while the person watches (a watch-only
    step has no ``expect``).
  - ``reply``: move texts the other seats play after the expected move (Element
    Shift's other eleven plans), so the result can be shown.
  - ``done``: what the expected move achieved ("+12: your red group grew to 6").
  - ``other``: why another legal move is not this step's lesson (it is taken back).
  - ``claims``: checked by the tests against the engine (see :func:`check_claims`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Mapping, Sequence

from game.rules.contract import GameSetup, IllegalMove, State, quoted
from game.storage.reading import FileProblem, parse_json
from game.text.clean import clean
from game.text.i18n import _, speaking


def _translated(obj: object, name: str, fields: frozenset[str]) -> Any:
    """An attribute, with a tutorial's words (caption, done, ...) in the current
    language: translated when read, not when loaded, so that a language change shows
    at once.  The file keeps the English source text, which is the message id."""
    value = object.__getattribute__(obj, name)
    if name in fields and isinstance(value, str) and value:
        return _(value)
    return value


TUTORIAL_FORMAT = 1
MIN_STEPS, MAX_STEPS = 5, 9
CLAIM_NAMES = (
    "score_change",
    "scores",
    "winner",
    "over",
    "to_move",
    "illegal",
    "legal_after",
    "illegal_after",
    "json_has",
    "json_lacks",
)


class TutorialError(ValueError):
    """A tutorial file that cannot be used; the message says which file, step and why."""


@dataclass(frozen=True)
class Step:
    caption: str
    setup: tuple[str, ...] = ()
    lit: tuple[str, ...] = ()
    expect: tuple[str, ...] = ()
    expect_any: tuple[str, ...] = ()  # kinds of move (Answer, Place): any legal one will do
    watch: tuple[str, ...] = ()
    reply: tuple[str, ...] = ()
    done: str = ""
    other: str = ""
    hint: str = ""
    claims: Mapping[str, Any] = field(default_factory=dict)

    def __getattribute__(self, name: str) -> Any:
        return _translated(self, name, _STEP_WORDS)

    @property
    def watch_only(self) -> bool:
        return not self.expect and not self.expect_any


@dataclass(frozen=True)
class Tutorial:
    game: str
    title: str
    start: str
    learner: int
    steps: tuple[Step, ...]
    handover: str = ""  # the last words before the real game against the Easy bot

    def __getattribute__(self, name: str) -> Any:
        return _translated(self, name, _TUTORIAL_WORDS)

    def setup(self, games: Mapping | None = None) -> GameSetup:
        return GameSetup.parse(self.start, _games(games))

    def start_state(self, games: Mapping | None = None) -> State:
        return self.setup(games).start(_games(games))

    def position(self, index: int, games: Mapping | None = None) -> State:
        """The state at step ``index``: the start replayed through its setup moves."""
        step = self.steps[index]
        return replay(self.start_state(games), step.setup, f"step {index + 1} setup")


# The fields a player reads; the tutorial extractor (tools/i18n.py) puts their text in
# the catalogue.
_STEP_WORDS = frozenset({"caption", "done", "other", "hint"})
_TUTORIAL_WORDS = frozenset({"title", "handover"})


@dataclass(frozen=True)
class Verdict:
    kind: str  # "expected", "other" or "illegal"
    message: str
    state: State | None = None  # the state after the move (None when illegal)


def _games(games: Mapping | None) -> Mapping:
    if games is not None:
        return games
    from game.registry import GAMES

    return GAMES


def replay(state: State, moves: Sequence[str], where: str) -> State:
    """Apply move texts one by one; a refused one is a TutorialError naming it."""
    for i, text in enumerate(moves):
        try:
            state = state.apply(state.parse_move(text))
        except IllegalMove as exc:
            raise TutorialError(
                f"{where}: move {i + 1} ({quoted(text)}) is illegal: {exc}"
            ) from None
    return state


def judge(tutorial: Tutorial, step: Step, state: State, move) -> Verdict:
    """What happens when the person plays ``move`` in ``state`` at ``step``.

    An illegal move gets the engine's own reason; one of the step's expected moves
    gets the step's ``done`` text; any other legal move gets the step's ``other``
    text (the scene takes it back)."""
    try:
        after = state.apply(move)
    except IllegalMove as exc:
        return Verdict("illegal", str(exc))
    text = str(move)
    if any(_same(state, text, e) for e in step.expect) or type(move).__name__ in step.expect_any:
        return Verdict("expected", step.done or _("Well done."), after)
    why = step.other or _("That is a legal move, but not the one this step is about.")

    return Verdict("other", why, after)


def _same(state: State, played: str, expected: str) -> bool:
    """Compare through the game's own reading, so 'e5 r' matches 'place E5 red'."""
    try:
        return str(state.parse_move(expected)) == played
    except IllegalMove:
        return False


def outcome_of(tutorial: Tutorial, index: int, games: Mapping | None = None) -> tuple[State, State]:
    """(position, state after the first expected move and the replies) for a step."""
    step = tutorial.steps[index]
    before = tutorial.position(index, games)
    moves = (step.expect[:1] if step.expect else step.watch) + step.reply
    return before, replay(
        before, moves, f"step {index + 1} {'expected move' if step.expect else 'demonstration'}"
    )


def check_claims(tutorial: Tutorial, index: int, games: Mapping | None = None) -> list[str]:
    """Problems with a step, checked against the engine; empty when every claim holds.

    Claims: ``score_change`` (per seat, after minus before), ``scores`` (after),
    ``winner`` (a seat, after), ``over`` (after), ``to_move`` (after), ``illegal``
    (move text -> a piece of the engine's reason, refused in the step's position),
    ``legal_after`` / ``illegal_after`` (move texts, in the state after),
    ``json_has`` / ``json_lacks`` (objects that must or must not appear inside the
    state's ``to_json()`` afterwards, e.g. a node ``{"cell": "E5"}``).  Every
    expected move is checked to be legal, and a "+N" in the ``done`` text must match
    the learner's ``score_change``."""
    step = tutorial.steps[index]
    where = f"step {index + 1}"
    problems: list[str] = []
    try:
        before, after = outcome_of(tutorial, index, games)
    except TutorialError as exc:
        return [str(exc)]
    for text in step.expect:
        try:
            before.apply(before.parse_move(text))
        except IllegalMove as exc:
            problems.append(f"{where}: expected move {text!r} is illegal: {exc}")
    if step.expect and before.current_player() != tutorial.learner:
        problems.append(f"{where}: seat {before.current_player()} is to move, not the learner")
    claims = step.claims
    if "score_change" in claims:
        got = [round(a - b, 6) for a, b in zip(after.scores(), before.scores(), strict=True)]
        if got != [float(x) for x in claims["score_change"]]:
            problems.append(
                f"{where}: score change is {got}, the step says {claims['score_change']}"
            )
    if "scores" in claims:
        got = [round(a, 6) for a in after.scores()]
        if got != [float(x) for x in claims["scores"]]:
            problems.append(f"{where}: scores are {got}, the step says {claims['scores']}")
    if "winner" in claims:
        out = after.outcome()
        if out is None or list(out.winners) != [claims["winner"]]:
            problems.append(
                f"{where}: outcome is {out}, the step says seat {claims['winner']} wins"
            )
    if "over" in claims and after.is_terminal() != bool(claims["over"]):
        problems.append(
            f"{where}: game over is {after.is_terminal()}, the step says {claims['over']}"
        )
    if "to_move" in claims and after.current_player() != claims["to_move"]:
        problems.append(
            f"{where}: seat {after.current_player()} is to move, the step says {claims['to_move']}"
        )
    for text, reason in dict(claims.get("illegal", {})).items():
        # The claims quote the engine's English; the player may be spoken to in
        # another language, so the reason is made in English for the comparison.
        with speaking("en"):
            try:
                before.apply(before.parse_move(text))
                problems.append(f"{where}: {text!r} should be refused but is legal")
            except IllegalMove as exc:
                if reason.lower() not in str(exc).lower():
                    problems.append(
                        f"{where}: {text!r} is refused with {str(exc)!r}, not {reason!r}"
                    )
    for text in claims.get("legal_after", ()):
        try:
            after.apply(after.parse_move(text))
        except IllegalMove as exc:
            problems.append(f"{where}: {text!r} should be legal afterwards: {exc}")
    for text in claims.get("illegal_after", ()):
        try:
            after.apply(after.parse_move(text))
            problems.append(f"{where}: {text!r} should be refused afterwards but is legal")
        except IllegalMove:
            pass
    snapshot = after.to_json()
    for want in claims.get("json_has", ()):
        if not _json_holds(snapshot, want):
            problems.append(f"{where}: the state afterwards holds no {want}")
    for unwanted in claims.get("json_lacks", ()):
        if _json_holds(snapshot, unwanted):
            problems.append(f"{where}: the state afterwards still holds {unwanted}")
    plus = re.match(r"\s*\+(\d+)\b", step.done)
    if plus:
        change = claims.get("score_change")
        if change is None or float(change[tutorial.learner]) != float(plus.group(1)):
            problems.append(
                f"{where}: the result says +{plus.group(1)} but the score change claimed is {change}"
            )
    return problems


def _json_holds(tree: Any, want: Mapping) -> bool:
    """Whether some object inside the engine's own JSON has every key/value of ``want``
    (a node {"cell": "E5", "owner": 0}): claims read the state, never re-derive it."""
    if isinstance(tree, dict):
        if all(k in tree and tree[k] == v for k, v in want.items()):
            return True
        return any(_json_holds(v, want) for v in tree.values())
    if isinstance(tree, list):
        return any(_json_holds(v, want) for v in tree)
    return False


# -- reading the files ------------------------------------------------------------------
def tutorial_file(game_id: str) -> str:
    return f"tutorial-{game_id}.json"


def load_tutorial(game_id: str, text: str | None = None) -> Tutorial:
    """The tutorial for ``game_id`` from seeds/ (or from ``text``).  Raises
    TutorialError with a readable reason for a missing or damaged file."""
    name = tutorial_file(game_id)
    if text is None:
        try:
            text = (resources.files("seeds") / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TutorialError(
                _("{file} could not be read ({problem})").format(
                    file=name, problem=exc.__class__.__name__
                )
            ) from None
    try:
        data = parse_json(text)  # depth, number and size checks: game.storage.reading
    except FileProblem as exc:
        raise TutorialError(
            _("{file} could not be used: {problem}").format(file=name, problem=exc)
        ) from None
    tutorial = parse_tutorial(data, name)
    if tutorial.game != game_id:
        raise TutorialError(
            _("{file} holds the tutorial of {other}, not {game}").format(
                file=name, other=repr(tutorial.game), game=repr(game_id)
            )
        )

    return tutorial


def parse_tutorial(data: Any, name: str = "tutorial", games: Mapping | None = None) -> Tutorial:
    """The tutorial in ``data``; TutorialError (and nothing else) for any JSON value."""
    try:
        return _parse_tutorial(data, name, games)
    except TutorialError:
        raise
    except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError):
        raise TutorialError(f"{name} is damaged") from None


def _parse_tutorial(data: Any, name: str, games: Mapping | None) -> Tutorial:
    if not isinstance(data, dict):
        raise TutorialError(f"{name} is not a JSON object")
    fmt = data.get("format")
    if fmt != TUTORIAL_FORMAT:
        raise TutorialError(
            f"{name} has format {fmt!r}; this version reads format {TUTORIAL_FORMAT}"
        )
    game = _text(data, "game", name)
    start = _text(data, "start", name)
    learner = data.get("learner", 0)
    if not isinstance(learner, int) or isinstance(learner, bool) or learner < 0:
        raise TutorialError(f"{name}: learner must be a seat number")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not MIN_STEPS <= len(raw_steps) <= MAX_STEPS:
        raise TutorialError(f"{name}: steps must be a list of {MIN_STEPS} to {MAX_STEPS} steps")
    steps = []
    for i, raw in enumerate(raw_steps):
        where = f"{name} step {i + 1}"
        if not isinstance(raw, dict):
            raise TutorialError(f"{where} is not an object")
        unknown = set(raw) - {
            "caption",
            "setup",
            "lit",
            "expect",
            "expect_any",
            "watch",
            "reply",
            "done",
            "other",
            "hint",
            "claims",
        }
        if unknown:
            shown = ", ".join(sorted(str(k)[:30] for k in unknown)[:3])
            raise TutorialError(f"{where} has unknown fields: {shown}")
        claims = raw.get("claims", {})
        if not isinstance(claims, dict) or set(claims) - set(CLAIM_NAMES):
            raise TutorialError(f"{where}: claims must be an object using {', '.join(CLAIM_NAMES)}")
        step = Step(
            caption=_text(raw, "caption", where),
            setup=_texts(raw, "setup", where),
            lit=_texts(raw, "lit", where),
            expect=_texts(raw, "expect", where),
            expect_any=_texts(raw, "expect_any", where),
            watch=_texts(raw, "watch", where),
            reply=_texts(raw, "reply", where),
            done=_text(raw, "done", where, ""),
            other=_text(raw, "other", where, ""),
            hint=_text(raw, "hint", where, ""),
            claims=claims,
        )
        if step.expect_any and not step.expect:
            raise TutorialError(f"{where}: expect_any needs one example move in expect")
        if not step.expect and not step.watch:
            raise TutorialError(
                f"{where} needs either expect (moves to make) or watch (a demonstration)"
            )
        steps.append(step)
    tutorial = Tutorial(
        game,
        _text(data, "title", name, game),
        start,
        learner,
        tuple(steps),
        _text(data, "handover", name, ""),
    )
    try:
        setup = tutorial.setup(games)
    except ValueError as exc:
        raise TutorialError(f"{name}: its start {start!r} cannot be used ({exc})") from None
    if setup.game != game:
        raise TutorialError(f"{name} is for {game!r} but starts a game of {setup.game!r}")
    if learner >= setup.players:
        raise TutorialError(
            f"{name}: the learner's seat {learner} is not at a {setup.players}-seat table"
        )
    return tutorial


MAX_CAPTION = 400  # the longest shipped caption is 162 characters
MAX_TEXTS = 64  # moves or cells in one step's list
MAX_MOVE_TEXT = 200


def _text(data: Mapping, key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or (default is None and not value.strip()):
        raise TutorialError(f"{where}: {key} must be text")
    if len(value) > MAX_CAPTION:
        raise TutorialError(f"{where}: {key} is too long ({MAX_CAPTION} characters at most)")
    return clean(value)  # shown (and looked up as a message id) as cleaned here


def _texts(data: Mapping, key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if (
        not isinstance(value, list)
        or len(value) > MAX_TEXTS
        or not all(isinstance(v, str) and len(v) <= MAX_MOVE_TEXT for v in value)
    ):
        raise TutorialError(f"{where}: {key} must be a list of short texts")
    return tuple(value)
