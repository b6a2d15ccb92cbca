"""The engine contract every Crystal Arcade game shares.

A game is a :class:`GameSpec` (see ``game.registry``) whose ``new_game`` returns an
immutable :class:`State`.  A state never changes: ``apply`` returns a new one.

>>> from game.registry import GAMES
>>> spec = GAMES["color-crossroads"]                     # doctest: +SKIP
>>> state = spec.new_game(seed=7)                         # doctest: +SKIP
>>> move = spec.parse_move(state, "place E5 red")         # doctest: +SKIP
>>> state = state.apply(move)                             # doctest: +SKIP

Moves are small hashable values; ``str(move)`` is the game's notation and
``state.parse_move(text)`` reads it back.  Everything that is stored (saves,
replays, logs, tests) uses that text.

Nothing in ``game/`` imports pygame: the rules must run in tests, tools and the bot
worker without a display.
"""

from __future__ import annotations

import functools
import hashlib
import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping, Protocol, Sequence, runtime_checkable

from game.text.i18n import _, ngettext

Move = Hashable  # a value whose str() is the notation


class IllegalMove(ValueError):
    """A move that the rules refuse.  The message is shown to a player as it is."""


# The longest text a parser reads.  Every move's notation is far shorter (the longest,
# a Color Crossroads loop round all 81 cells, is under 300 characters); anything longer
# is refused before a parser splits, lowers or scans it, so a megabyte pasted into the
# move box costs no more than a typo.
MOVE_TEXT_LIMIT = 1000

# How much of a player's text a message repeats: enough to recognise it, short enough
# that a message stays one line on a toast.
QUOTE_LIMIT = 24


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a message shows it: in single quotes, at most ``limit`` characters
    shown (then an ellipsis), with control, format and other invisible characters
    written as escapes (``\\x00``, ``\\u202e``) so that a message can neither carry a
    line break, a NUL or a right-to-left override, nor hide what was typed.

    >>> quoted("C up 2")
    "'C up 2'"
    >>> quoted("x" * 100, limit=5)
    "'xxxxx...'"
    >>> quoted("a\\nb\\x00")
    "'a\\\\nb\\\\x00'"
    """
    if not isinstance(text, str):
        # Never repr() a foreign object: its repr may say anything, at any length.
        return _("something that is not text")

    out: list[str] = []
    used = 0
    for ch in text:
        shown = _shown(ch)
        # The limit counts what is shown (an escape is several characters), so a
        # message stays short whatever the text is made of.
        if used + len(shown) > limit:
            return "'" + "".join(out) + "...'"
        out.append(shown)
        used += len(shown)
    return "'" + "".join(out) + "'"


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "'": "\\'", "\\": "\\\\"}


def _shown(ch: str) -> str:
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    # Not printable: control, format (bidi overrides, zero-width), surrogate, private
    # use and unassigned characters, and every separator but the plain space (no-break,
    # line and paragraph separators).  Letters, digits, marks, punctuation, symbols and
    # the space are shown as they are.
    if not ch.isprintable():
        code = ord(ch)
        if code < 0x100:
            return f"\\x{code:02x}"
        return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
    return ch


def move_text(text: object, limit: int = MOVE_TEXT_LIMIT) -> str:
    """The text a parser may read, or :class:`IllegalMove`.  A parser calls this
    before any other work: only a ``str`` of at most ``limit`` characters gets past,
    and only in ASCII, because every game's notation is ASCII letters, digits and
    punctuation.  (``str.lower``, ``isdigit`` and ``int`` treat other scripts in ways
    no notation means: "ſ".upper() is "S", "²".isdigit() is true and int("²") fails.)
    Other spaces (a phone keyboard's no-break space) count as plain spaces."""
    if not isinstance(text, str):
        raise IllegalMove(_("A move is written as text, not as {text}").format(text=quoted(text)))
    if len(text) > limit:
        raise IllegalMove(_("{text} is too long to be a move").format(text=quoted(text)))
    if not text.isascii():
        text = "".join(" " if ch.isspace() else ch for ch in text)
        if not text.isascii():
            raise IllegalMove(
                _(
                    "{text} is not a move: moves use only plain letters (A-Z), "
                    "digits (0-9) and signs"
                ).format(text=quoted(text))
            )
    return text


def ascii_int(text: str, max_digits: int = 4) -> int | None:
    """The number ``text`` writes in 1 to ``max_digits`` ASCII digits, else None.

    ``str.isdigit`` and ``int`` also accept other scripts' digits ("²", "٣", "５"), so
    a parser that trusted them read text no notation uses, or crashed on it; notation
    numbers are plain 0-9, and short."""
    if not 0 < len(text) <= max_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


class BadState(ValueError):
    """State JSON that is not a position the engine could have written: the one error
    every game's ``from_json`` raises for bad input (whatever the JSON holds)."""


# The errors reading a JSON value the wrong shape can raise: a missing key, a list
# where an object belongs, int("x"), int(1e400), a value nested thousands deep.
_SHAPE_ERRORS = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    OverflowError,
    RecursionError,
)


# Bounds no position comes near (the largest, Element Shift's, has a few hundred
# values, nested four deep, numbers far below 2**63), checked before a reader looks:
# so that nothing it reads is too deep to walk, too long to scan, or a number too big
# to write back (json.dumps of a 5,000-digit int fails) or to use (inf, nan).
STATE_MAX_DEPTH = 16
STATE_MAX_VALUES = 100_000
STATE_MAX_TEXT = 10_000
STATE_MAX_INT = 2**63


def _check_shape(data: Any, title: str) -> None:
    title = _(title)
    stack = [(data, 0)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if depth > STATE_MAX_DEPTH or count > STATE_MAX_VALUES:
            raise BadState(
                _("This saved {game} position is far too large or deep").format(game=title)
            )
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1) for v in value.values())
            stack.extend((k, depth + 1) for k in value.keys())
        elif isinstance(value, (list, tuple)):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if not -STATE_MAX_INT < value < STATE_MAX_INT:
                raise BadState(
                    _("This saved {game} position holds a number far too large").format(game=title)
                )
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) >= STATE_MAX_INT:
                raise BadState(
                    _("This saved {game} position holds a number out of range").format(game=title)
                )
        elif isinstance(value, str):
            if len(value) > STATE_MAX_TEXT:
                raise BadState(
                    _("This saved {game} position holds a text far too long").format(game=title)
                )
        else:
            raise BadState(
                _("This saved {game} position holds a value JSON cannot").format(game=title)
            )


def state_reader(title: str):
    """Decorate a game's ``from_json`` so that bad input of any shape raises only
    :class:`BadState`, with a message in the project's words (Python's own stays on
    the exception's ``__cause__`` for a log, never in the message)."""

    def wrap(read: Callable[[Mapping], Any]) -> Callable[[Mapping], Any]:
        @functools.wraps(read)
        def from_json(data: Mapping):
            if not isinstance(data, Mapping):
                raise BadState(_("A saved {game} position is a JSON object").format(game=_(title)))
            _check_shape(data, title)
            try:
                return read(data)
            except BadState:
                raise
            except KeyError as exc:
                missing = quoted(str(exc.args[0])) if exc.args else "a value"
                raise BadState(
                    _("This saved {game} position has no {missing}").format(
                        game=_(title), missing=missing
                    )
                ) from exc
            except _SHAPE_ERRORS as exc:
                raise BadState(
                    _(
                        "This is not a saved {game} position: a value is missing, "
                        "out of range or of the wrong kind"
                    ).format(game=_(title))
                ) from exc

        return from_json

    return wrap


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``places[seat]`` is 1 for first place; tied seats share a place (1, 1, 3, ...).
    ``reason`` is a sentence for the results screen ("Red reached 250 points").
    """

    places: tuple[int, ...]
    reason: str

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats in first place; empty for a draw (everyone shares first place)."""
        if self.is_draw:
            return ()
        return tuple(i for i, p in enumerate(self.places) if p == 1)

    @property
    def is_draw(self) -> bool:
        return len(self.places) > 1 and all(p == 1 for p in self.places)

    @staticmethod
    def win(winner: int, players: int, reason: str) -> "Outcome":
        return Outcome(tuple(1 if s == winner else 2 for s in range(players)), reason)

    @staticmethod
    def draw(players: int, reason: str) -> "Outcome":
        return Outcome(tuple(1 for _ in range(players)), reason)

    @staticmethod
    def ranked(values: Sequence[float], reason: str) -> "Outcome":
        """Places from per-seat values, higher is better, ties share a place."""
        places = tuple(1 + sum(1 for w in values if w > v) for v in values)
        return Outcome(places, reason)

    def to_json(self) -> dict:
        return {"places": list(self.places), "reason": self.reason}

    @staticmethod
    def from_json(data: Mapping) -> "Outcome":
        return Outcome(tuple(int(p) for p in data["places"]), str(data["reason"]))

    def returns(self) -> tuple[float, ...]:
        """Per-seat payoff in [-1, 1] for search: first place 1, last place -1."""
        n = len(self.places)
        if self.is_draw:
            return tuple(0.0 for _ in range(n))
        worst = max(self.places)
        if worst == 1:
            return tuple(0.0 for _ in range(n))
        return tuple(1.0 - 2.0 * (p - 1) / (worst - 1) for p in self.places)


@runtime_checkable
class State(Protocol):
    """What every game's state offers.  Implementations are frozen dataclasses or
    classes with read-only attributes; ``apply`` never mutates ``self``."""

    @property
    def num_players(self) -> int: ...

    def current_player(self) -> int:
        """Seat to act, or -1 when the game is over.  For simultaneous turns (Element
        Shift) the lowest seat that has not yet acted this round."""

    def legal_moves(self) -> list:
        """Every legal action for the current player, in a stable order."""

    def apply(self, move) -> "State":
        """The state after ``move``; raises :class:`IllegalMove` with a readable reason."""

    def is_terminal(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def scores(self) -> tuple[float, ...]:
        """Points per seat as shown to players (0s for games without points)."""

    def returns(self) -> tuple[float, ...]:
        """Per-seat value for search: the outcome's returns when terminal, else 0s."""

    def parse_move(self, text: str):
        """Read a move in notation; raises :class:`IllegalMove` for unreadable text."""

    def to_json(self) -> dict: ...

    @property
    def round_number(self) -> int:
        """The round (or turn) the game is in, counted from 1, for score charts and
        turn counters.  0 during a setup phase."""

    def timeout_move(self, seat: int):
        """The action the match applies when ``seat``'s clock runs out (a default
        plan, a concession, a loss on time...).  Return None when the game has no
        time rule for this moment.

        Some of these are clock-only actions (Crystal Connector's ``pass``, Chromatic
        Collapse's ``time <side>``): ``apply`` refuses them, because nobody may choose
        them, and the game offers ``apply_timeout(move)`` which accepts them.  Only
        the match calls that (through :func:`apply_timeout`), when a clock really
        ran out."""


@dataclass(frozen=True)
class Option:
    """A declared variant, shown on the game-select screen.

    ``kind`` is "bool" (a toggle) or "choice" (one of ``choices``)."""

    name: str
    label: str
    kind: str = "bool"
    default: Any = False
    choices: tuple = ()
    help: str = ""

    def coerce(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, str):
                v = value.strip().lower()
                if v in ("1", "true", "yes", "on", ""):
                    return True
                if v in ("0", "false", "no", "off"):
                    return False
                raise ValueError(
                    _("option {name} is on or off, not {value}").format(
                        name=quoted(self.name), value=quoted(value)
                    )
                )
            return bool(value)
        for choice in self.choices:
            # Game ids carry values as text ("heaps=3"), so match on the text form too.
            if value == choice or str(value).lower() == str(choice).lower():
                return choice
        names = ", ".join(str(c) for c in self.choices)
        raise ValueError(
            _("option {name} must be one of {choices}, not {value}").format(
                name=quoted(self.name), choices=names, value=quoted(str(value))
            )
        )


@dataclass(frozen=True)
class ClockPreset:
    """Per-move time then a reserve that drains, in seconds.  What happens when both are
    spent is the game's: ``GameSpec.timeout_policy`` and ``State.timeout_move``."""

    move_seconds: float
    reserve_seconds: float = 0.0

    def to_json(self) -> dict:
        return {"move_seconds": self.move_seconds, "reserve_seconds": self.reserve_seconds}


# Presets offered on the game-select screen.  "Tournament" is each game's ruled clock;
# "Casual" doubles it; "Off" (the default against the computer) has no clock at all.
CLOCK_PRESETS = ("off", "casual", "tournament")


@dataclass(frozen=True)
class GameSpec:
    """Everything the client, the tools and the tests need to know about one game.

    ``new_game(seed, players, **options)`` builds a start position from one seeded RNG.
    ``bots`` maps a level ("easy", "medium", "hard", plus "random") to a factory
    ``make(seat_count) -> Bot``; factories must be importable top-level callables so
    the bot worker process can build the same bot from its name.
    """

    id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    new_state: Callable[..., State]  # (rng: random.Random, players: int, options: dict)
    from_json: Callable[[Mapping], State]
    move_bound: Callable[[int, Mapping], int]  # (players, options) -> max actions
    # Level -> bot factory.  An engine's own SPEC has none: engines never import their
    # bots (the bots import the engine); game.registry joins the two.
    bots: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    seat_names: Callable[[int], tuple[str, ...]] = field(
        default=lambda n: tuple(_("Player {n}").format(n=i + 1) for i in range(n))
    )
    tournament_clock: ClockPreset | None = None
    # "move": apply state.timeout_move(seat) when the clock runs out.
    # "proxy": the opponent's controller moves for the late seat (Crystal Connector);
    #          if the proxy also runs out of move time, timeout_move(seat) is applied.
    timeout_policy: str = "move"
    validate: Callable[[int, Mapping], None] | None = None  # raise ValueError if unfit
    # Seconds the rules themselves give a decision whatever the clock preset (Color
    # Crossroads: 120 s to show a loop), or None.  The match times it like a move clock
    # and applies state.timeout_move(seat) when it runs out.
    rule_clock: Callable[[State], float | None] | None = None
    rules_card: str = ""  # file name under seeds/, e.g. "crystal-connector.md"
    # (bots, strength) -> the bot that plays at a strength between levels ("at:2.35"):
    # game.ai.strength.mixed, joined in by game.registry like the bots themselves.
    strength_bot: Callable[[Mapping[str, Callable[[], Any]], float], Any] | None = None
    # The game's module name ("crystal_connector"), joined in by game.registry: every
    # package that holds one module per game names it so (game/rules/<module>.py,
    # game/ai/<module>.py, scenes/play/<module>/, party/phone_boards/<module>.py,
    # tools/benchmarks/<module>.py); game.registry.game_module finds them.
    module: str = ""
    # How its hall of fame's beat-* boards rank: "points" (the winner's total, highest
    # first) or "moves" (a game won by reaching a goal: the fewest moves first).
    fame_ranking: str = "points"
    # The puzzle goals its puzzle files may set ("block" only where each reply to a
    # turn is one small move, so the check can try them all).
    puzzle_goals: tuple[str, ...] = ("win", "gain")

    # -- helpers built on the fields ------------------------------------------------
    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise ValueError(
            _("{game} has no option {name}").format(game=_(self.title), name=quoted(name))
        )

    def resolve_options(self, players: int | None = None, **options) -> tuple[int, dict]:
        """Fill defaults, coerce values and check the combination; returns
        (players, options).  Raises ValueError with a readable message."""
        if players is None:
            players = self.default_players
        players = int(players)
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                raise ValueError(
                    ngettext(
                        "{game} is for {n} player", "{game} is for {n} players", self.min_players
                    ).format(game=_(self.title), n=self.min_players)
                )
            raise ValueError(
                _("{game} is for {low} to {high} players").format(
                    game=_(self.title), low=self.min_players, high=self.max_players
                )
            )
        resolved = {o.name: o.default for o in self.options}
        for name, value in options.items():
            resolved[name] = self.option(name).coerce(value)
        if self.validate is not None:
            self.validate(players, resolved)
        return players, resolved

    def new_game(self, seed: int = 0, players: int | None = None, **options) -> State:
        players, resolved = self.resolve_options(players, **options)
        return self.new_state(random.Random(seed), players, resolved)

    def parse_move(self, state: State, text: str):
        return state.parse_move(text)

    def make_bot(self, level: str):
        """The bot of a named level, or of a strength between levels (``at:2.35``,
        see game/records/ladder.py and game/ai/strength.py)."""
        factory = self.bots.get(level) if isinstance(level, str) else None
        if factory is not None:
            return factory()
        from game.records.ladder import parse_strength_level

        strength = parse_strength_level(level)
        if strength is None or self.strength_bot is None:
            raise ValueError(
                _("{game} has no {level} bot").format(game=_(self.title), level=quoted(str(level)))
            )
        return self.strength_bot(self.bots, strength)

    def clock(self, preset: str) -> ClockPreset | None:
        """The clock for a preset name ("off", "casual", "tournament")."""
        if preset == "off" or self.tournament_clock is None:
            return None
        if preset == "tournament":
            return self.tournament_clock
        if preset == "casual":
            t = self.tournament_clock
            return ClockPreset(t.move_seconds * 2, t.reserve_seconds * 2)
        raise ValueError(_("unknown clock preset {name}").format(name=quoted(str(preset))))


# A game id is a game, a few options and a seed: a few dozen characters.  Seeds are
# chosen below a million; a saved one may be any 64-bit number (18 digits).
GAME_ID_LIMIT = 400
SEED_DIGITS = 18


@dataclass(frozen=True)
class GameSetup:
    """A reproducible start: game, players, options and seed.

    Its text form is the *game id* shown to players and stored in replays:
    ``crystal-connector:rocks,pylons#12345``, ``crystal-formation:players=5#7``,
    ``color-crossroads:walls=open#3``.  Only values differing from the defaults are
    written; ``parse`` accepts any order and fills the rest from defaults.
    """

    game: str
    players: int
    options: Mapping[str, Any]
    seed: int

    def text(self, spec: GameSpec) -> str:
        parts = []
        if self.players != spec.default_players:
            parts.append(f"players={self.players}")
        for o in spec.options:
            value = self.options.get(o.name, o.default)
            if value == o.default:
                continue
            if o.kind == "bool":
                parts.append(o.name if value else f"{o.name}=off")
            else:
                parts.append(f"{o.name}={value}")
        body = self.game + (":" + ",".join(parts) if parts else "")
        return f"{body}#{self.seed}"

    @staticmethod
    def parse(text: str, games: Mapping[str, GameSpec]) -> "GameSetup":
        if not isinstance(text, str) or len(text) > GAME_ID_LIMIT:
            raise ValueError(
                _("{text} is not a game id (like '{example}')").format(
                    text=quoted(text), example=f"{next(iter(games), 'game')}#42"
                )
            )
        text = text.strip()
        body, sep, seed_text = text.partition("#")
        seed_text = seed_text.strip()
        # ASCII digits only, and few of them: "²".isdigit() is true but int() refuses
        # it, and int() of 5,000 digits refuses in Python's own words.
        digits = seed_text[1:] if seed_text.startswith("-") else seed_text
        if not sep or ascii_int(digits, SEED_DIGITS) is None:
            game = body.partition(":")[0]
            example = f"{game if game in games else next(iter(games), 'game')}#42"
            raise ValueError(
                _("game id {text} needs a seed after '#', like '{example}'").format(
                    text=quoted(text), example=example
                )
            )
        game, _colon, opts = body.partition(":")
        if game not in games:
            known = ", ".join(games)
            raise ValueError(
                _("unknown game {game}; known games: {known}").format(
                    game=quoted(game), known=known
                )
            )
        spec = games[game]
        players = None
        options: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in opts.split(","))):
            name, eq, value = part.partition("=")
            if name == "players":
                players = ascii_int(value, 2)
                if players is None:
                    raise ValueError(
                        _("players must be a number, not {value}").format(value=quoted(value))
                    )
                continue
            opt = spec.option(name)
            options[name] = opt.coerce(value if eq else True)
        players, resolved = spec.resolve_options(players, **options)
        return GameSetup(game, players, resolved, int(seed_text))

    def start(self, games: Mapping[str, GameSpec]) -> State:
        return games[self.game].new_game(self.seed, self.players, **dict(self.options))


def seat_view(state: State, seat: int) -> State:
    """What ``seat`` may know of ``state``: ``state.public_view(seat)`` for a game with
    secrets (Element Shift's pending plans), the state itself for the others.  Every
    consumer acting for one seat (a bot request, a hint, a phone) gets only this."""
    view = getattr(state, "public_view", None)
    return view(seat) if view is not None and seat >= 0 else state


def determinise(state: State, seat: int, rng: random.Random) -> State:
    """A full state ``seat`` could be in, for a searcher that needs one to play on:
    ``state.determinise(seat, rng)`` for a game with secrets (Element Shift: the other
    seats' submitted plans replaced by legal guesses drawn from ``rng``), the state
    itself for the others.  It holds nothing ``seat_view(state, seat)`` hides."""
    own = getattr(state, "determinise", None)
    return own(seat, rng) if own is not None and seat >= 0 else state


def apply_timeout(state: State, move) -> State:
    """Apply the action the clock makes for the seat to act.

    ``move`` must be the game's own ``timeout_move`` for that seat (a replay that marks
    another action as the clock's is refused).  Games whose timeout actions are
    ordinary moves need nothing more; games with clock-only actions define
    ``state.apply_timeout(move)``, which accepts them where ``apply`` refuses."""
    seat = state.current_player()
    expected = state.timeout_move(seat) if seat >= 0 else None
    if expected is None or move != expected:
        if expected is None:
            raise IllegalMove(_("{move} is not what the clock plays here").format(move=move))
        raise IllegalMove(
            _("{move} is not what the clock plays here (that is {expected})").format(
                move=move, expected=expected
            )
        )

    own = getattr(state, "apply_timeout", None)
    return own(move) if own is not None else state.apply(move)


def derived_rng(seed: int, *salt: Any) -> random.Random:
    """A derived RNG, so that different consumers of one seed never share a stream.
    (Uses a digest, not hash(): str hashes change between processes.)"""
    digest = hashlib.sha256(repr((seed,) + tuple(str(s) for s in salt)).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))
