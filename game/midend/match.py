"""The midend: one match of one game with its seats, history, undo, clocks and replay.

A :class:`Match` never decides moves; people (through a play screen) and bots
(through the worker) do.  It checks and applies them, keeps the history, runs the
clock and writes the replay record::

    setup = GameSetup("crystal-connector", 2, {}, seed=12345)
    match = Match.new(setup, [Seat.person("Ada"), Seat.bot("hard")])
    match.submit_text("C up 2")            # IllegalMove with a reason if refused
    match.undo()                           # back to Ada's previous decision
    record = match.to_replay()             # JSON-ready dict; Match.from_replay(record)

Undo against bots goes back to the person's previous decision (the bots' replies
that followed are taken back too); redo replays them.  In a game between people
only, undo takes back one action.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Mapping

from game.midend.clock import ClockEvent, TurnClock
from game.records import ladder
from game.records.ladder import parse_strength_level
from game.rules.contract import (
    ClockPreset,
    GameSetup,
    GameSpec,
    IllegalMove,
    Outcome,
    State,
    apply_timeout,
    quoted,
)
from game.text.clean import clean
from game.text.i18n import N_, _

REPLAY_FORMAT = 1
BOT_LEVELS = ("random", "easy", "medium", "hard", "expert")
# The levels as a seat's label shows them (Seat.label title-cases and translates).
BOT_LEVEL_TITLES = (N_("Random"), N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"))


def is_strength_level(level: object) -> bool:
    """A bot level text between the named levels, ``at:2.35`` (game/records/ladder.py)."""
    return isinstance(level, str) and parse_strength_level(level) is not None


class ReplayError(ValueError):
    """A replay or autosave that cannot be loaded; the message says why."""


@dataclass(frozen=True)
class Seat:
    kind: str  # "person", "bot" or "phone" (a person playing from their phone at a party)
    level: str | None = None  # bot level: one of BOT_LEVELS
    name: str = ""

    @staticmethod
    def person(name: str = "") -> "Seat":
        return Seat("person", None, name)

    @staticmethod
    def bot(level: str, name: str = "") -> "Seat":
        return Seat("bot", level, name)

    @staticmethod
    def phone(name: str = "") -> "Seat":
        return Seat("phone", None, name)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_phone(self) -> bool:
        return self.kind == "phone"

    def label(self, seat_name: str, game_id: str | None = None) -> str:
        if self.name:
            return self.name
        if self.is_bot and self.level not in BOT_LEVELS:
            # A strength between levels (at:2.35): its rating when the game's ladder
            # has one ("Bot, about 1400"), else its nearest level.
            kind = ladder.bot_label(self.level, ladder.cached().get(game_id or ""))
            return f"{seat_name} ({kind})"
        if self.is_bot:
            return _("{seat} ({level} bot)").format(
                seat=seat_name, level=_(self.level.title()) if self.level else ""
            )
        return seat_name

    def to_json(self) -> dict:
        # A phone is how a person reached their seat at a party, not a kind of player:
        # the record says "person", so a party's replay opens anywhere (and in older
        # releases), and a resumed party game is played on the screen.
        d: dict[str, Any] = {"kind": "person" if self.is_phone else self.kind}
        if self.level:
            d["level"] = self.level
        if self.name:
            d["name"] = self.name
        return d

    @staticmethod
    def from_json(data: Mapping) -> "Seat":
        kind = data.get("kind")
        if kind not in ("person", "bot"):
            raise ReplayError(
                _("a seat must be a person or a bot, not {kind}").format(kind=quoted(kind))
            )
        level = data.get("level")
        if kind == "bot" and level not in BOT_LEVELS and not is_strength_level(level):
            raise ReplayError(_("unknown bot level {level}").format(level=quoted(level)))
        # A name from a file is cleaned here, where it enters: the theatre, the results
        # and a resumed game draw it, a party sends it to phones.
        return Seat(kind, level, clean(data.get("name", ""), MAX_SEAT_NAME))


@dataclass(frozen=True)
class Entry:
    """One applied action: who chose it (``by`` differs from ``seat`` for a proxy
    move) and its notation."""

    seat: int
    text: str
    by: int
    clock: bool = False  # played by the clock (a timeout action), not chosen by anyone


class Match:
    # Set by game/storage/autosave.py once the autosave has been read for this game.
    autosave_checked: bool

    def __init__(
        self,
        spec: GameSpec,
        setup: GameSetup,
        seats: list[Seat],
        start: State,
        clock_preset: str = "off",
    ):
        if len(seats) != start.num_players:
            raise ValueError(f"{spec.title} needs {start.num_players} seats, got {len(seats)}")
        self.spec = spec
        self.setup = setup
        self.seats = list(seats)
        self.clock_preset = clock_preset
        self.states: list[State] = [start]
        self.entries: list[Entry] = []
        self.redo_stack: list[tuple[Entry, State]] = []
        self.score_history: list[tuple[int, tuple[float, ...]]] = []
        self.started_at = time.time()
        preset = spec.clock(clock_preset)
        self.clock: TurnClock | None = TurnClock(preset, start.num_players) if preset else None
        self.rule_clock: TurnClock | None = None
        # Crystal Connector's rule: a seat whose reserve is empty is moved for by the
        # opponent until its turn ends.  late seat -> seat whose controller decides.
        self.proxy: dict[int, int] = {}
        # Party play: a phone seat whose phone has been gone too long is played by a bot
        # of this level until it returns (seat -> level).  Not part of the record.
        self.stand_ins: dict[int, str] = {}
        # Local player profiles (game/records/profiles.py): seat -> profile id, for the seats
        # whose players picked one.  Not part of the record: a replay or a resumed
        # autosave counts for nobody, so no game is ever rated twice.
        self.profiles: dict[int, str] = {}
        # The seat that resigned (resign): the game ended there, a loss for that seat.
        self.resigned: int | None = None
        self._begin_decision()

    # -- construction -----------------------------------------------------------
    @staticmethod
    def new(
        setup: GameSetup,
        seats: list[Seat],
        games: Mapping[str, GameSpec] | None = None,
        clock_preset: str = "off",
    ) -> "Match":
        if games is None:
            from game.registry import GAMES

            games = GAMES
        spec = games[setup.game]
        return Match(spec, setup, seats, setup.start(games), clock_preset)

    # -- reading ----------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def game_id(self) -> str:
        return self.setup.text(self.spec)

    def game_seat_names(self) -> tuple[str, ...]:
        """The rules' names of the seats ("Player 1", "Ruby"), in the current language."""
        return self.spec.seat_names(self.state.num_players)

    def seat_names(self) -> tuple[str, ...]:
        """How every screen names each seat: a person's own name where the seat has one
        (a profile's, a phone's), else the rules' name.  A bot keeps the rules' name
        (its own name, "Match me, about 1250", is a caption, shown by ``Seat.label``)."""
        return tuple(
            seat.name if seat.name and not seat.is_bot else game
            for seat, game in zip(self.seats, self.game_seat_names(), strict=True)
        )

    def named(self, text: str) -> str:
        """``text`` in the rules' words ("Player 1 wins 31 to 20") with each seat the
        rules name replaced by its player's name where it has one ("Ada wins 31 to
        20").  A whole name only ("Player 1" never inside "Player 10"), every seat in
        one pass (a player called "Player 2" is not renamed again)."""
        import re

        renames = {
            game: own
            for game, own in zip(self.game_seat_names(), self.seat_names(), strict=True)
            if game != own and game
        }
        if not renames or not text:
            return text
        pattern = re.compile(
            r"(?<!\w)("
            + "|".join(re.escape(g) for g in sorted(renames, key=len, reverse=True))
            + r")(?!\w)"
        )
        return pattern.sub(lambda found: renames[found.group(1)], text)

    def outcome(self) -> Outcome | None:
        """How the game ended: the rules' outcome, or a resignation's (the resigning
        seat last, the others placed by their scores as they stood); None while it
        goes on."""
        if self.resigned is None:
            return self.state.outcome()
        scores = [float(v) for v in self.state.scores()]
        scores[self.resigned] = float("-inf")
        name = self.seat_names()[self.resigned]
        return Outcome.ranked(scores, _("{name} resigned").format(name=name))

    def outcome_reason(self) -> str:
        """Why the game ended, naming the players as the screens do ("" while it goes on)."""
        out = self.outcome()
        return self.named(out.reason) if out is not None else ""

    def controller(self, seat: int) -> Seat:
        """Who decides for ``seat`` now (the proxy's seat while one is in charge; a
        stand-in bot for a phone seat whose phone is gone)."""
        decider = self.proxy.get(seat, seat)
        level = self.stand_ins.get(decider)
        if level is not None:
            return Seat.bot(level, self.seats[decider].name)
        return self.seats[decider]

    def to_move(self) -> int:
        return -1 if self.resigned is not None else self.state.current_player()

    def bot_to_move(self) -> bool:
        seat = self.to_move()
        return seat >= 0 and self.controller(seat).is_bot

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def is_over(self) -> bool:
        return self.resigned is not None or self.state.is_terminal()

    # -- acting -----------------------------------------------------------------
    def parse(self, text: str):
        return self.state.parse_move(text)

    def submit_text(self, text: str) -> State:
        return self.submit(self.parse(text))

    def submit(self, move) -> State:
        """Apply ``move`` for the seat to act.  Raises IllegalMove with the reason."""
        old = self.state
        seat = self.to_move()
        if seat < 0:
            raise IllegalMove(_("the game is over"))
        new = old.apply(move)  # raises IllegalMove
        self._push(Entry(seat, str(move), self.proxy.get(seat, seat)), new)
        self.redo_stack.clear()
        return new

    def _submit_timeout(self, move) -> State:
        """Apply the game's timeout action for the seat to act: only the clock calls
        this, when it really ran out, and the entry says so (replays keep the flag)."""
        old = self.state
        seat = old.current_player()
        new = apply_timeout(old, move)
        self._push(Entry(seat, str(move), self.proxy.get(seat, seat), clock=True), new)
        self.redo_stack.clear()
        return new

    def _push(self, entry: Entry, new: State) -> None:
        old = self.state
        self.entries.append(entry)
        self.states.append(new)
        # One chart point per finished round (leaving a setup phase, round 0, is not
        # a round), plus the final scores.
        if (new.round_number > old.round_number and old.round_number >= 1) or new.is_terminal():
            self.score_history.append((old.round_number, tuple(new.scores())))
        if new.current_player() != entry.seat:
            self.proxy.pop(entry.seat, None)
        self._begin_decision(previous=entry.seat, new_round=new.round_number != old.round_number)

    def _begin_decision(self, previous: int = -1, new_round: bool = False) -> None:
        seat = self.state.current_player()
        if seat < 0:
            if self.clock:
                self.clock.stop()
            self.rule_clock = None
            return
        # The rules' own timer (Color Crossroads' 120 s answer) runs whatever the preset.
        seconds = self.spec.rule_clock(self.state) if self.spec.rule_clock else None
        if not seconds:
            self.rule_clock = None
        elif self.rule_clock is None or seat != previous:
            self.rule_clock = TurnClock(ClockPreset(seconds, 0), self.state.num_players)
            self.rule_clock.start(seat)
        # A decision is one seat's run of actions within a round: three shifts, or two
        # moves, share one move time.  A new decision (fresh move time, the reserve as
        # it was) begins when the seat to act changes, when a new round begins (the
        # choice of starting side is the chooser's own decision; turn 1 starts afresh
        # whoever plays it) and after the clock ran out and made an action while the
        # same seat is still to act (otherwise that seat would wait forever with a
        # stopped clock).  A clock stopped for any other reason (a pause) runs on with
        # the decision's move time as it was: after every applied action, the seat to
        # act has a running clock.
        if self.clock:
            if seat != previous or new_round or self.clock.expired_seat >= 0:
                self.clock.start(seat)
            elif not self.clock.running:
                self.clock.resume()

    def resign(self, seat: int) -> None:
        """``seat`` gives the game up: it ends now, a loss for that seat (see
        ``outcome``).  IllegalMove when the game is over or there is no such seat."""
        if self.is_over():
            raise IllegalMove(_("the game is over"))
        if not 0 <= seat < len(self.seats):
            raise IllegalMove(_("there is no such seat"))
        self.resigned = seat
        self.redo_stack.clear()
        self.proxy.clear()
        for clock in (self.clock, self.rule_clock):
            if clock:
                clock.stop()
        self.rule_clock = None

    # -- undo / redo ------------------------------------------------------------
    def _undo_target(self) -> int | None:
        """Index into states to return to, or None when nothing can be undone."""
        if not self.entries or self.resigned is not None:
            return None
        people = set(self.people())
        if not people:
            return None
        if len(people) == len(self.seats):
            return len(self.states) - 2
        # Go back to the latest state in which a person was to decide, before the most
        # recent person decision (skipping the bots' replies that came after it).
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].by in people:
                return i
        return None

    def can_undo(self) -> bool:
        return self._undo_target() is not None

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> bool:
        target = self._undo_target()
        if target is None:
            return False
        while len(self.states) - 1 > target:
            entry = self.entries.pop()
            state = self.states.pop()
            self.redo_stack.append((entry, state))
        while self.score_history and self.score_history[-1][0] >= self.state.round_number:
            self.score_history.pop()
        self.proxy.clear()
        self._begin_decision()
        return True

    def redo(self) -> bool:
        """Re-apply what undo took back, up to and including the next person decision
        and the bots' replies after it."""
        if not self.redo_stack:
            return False
        people = set(self.people())
        first = True
        while self.redo_stack:
            entry, state = self.redo_stack[-1]
            if not first and entry.by in people:
                break
            self.redo_stack.pop()
            self._push(entry, state)
            first = False
        return True

    # -- time -------------------------------------------------------------------
    def tick(self, n: int = 1) -> list[str]:
        """Advance clocks by ``n`` ticks; applies timeout actions.  Returns messages
        for the screen ("Red's reserve is empty: Blue moves for Red")."""
        notes: list[str] = []
        if self.is_over():
            return notes
        clocks = [c for c in (self.rule_clock, self.clock) if c is not None]
        for clock in clocks:
            for event in clock.tick(n):
                notes.extend(self._on_clock(event, clock is self.rule_clock))
                if self.is_over():
                    return notes
        return notes

    def _on_clock(self, event: ClockEvent, rule_clock: bool) -> list[str]:
        if event.kind != "expired" or event.seat != self.to_move():
            return []
        names = self.seat_names()
        late = event.seat
        if (
            not rule_clock
            and self.spec.timeout_policy == "proxy"
            and late not in self.proxy
            and self.state.num_players == 2
        ):
            other = 1 - late
            self.proxy[late] = other
            # The proxy gets its own move time; when that runs out too, the game's
            # timeout action applies (Crystal Connector: the turn passes unplayed).
            assert self.clock is not None
            self.clock.start(late, self.clock.preset.move_seconds)
            self.clock.reserve[late] = 0
            return [
                _("{late} is out of time: {other} moves for {late}").format(
                    late=names[late], other=names[other]
                )
            ]
        move = self.state.timeout_move(late)
        if move is None:
            return []
        self._submit_timeout(move)
        return [_("{seat} ran out of time: {move}").format(seat=names[late], move=move)]

    # -- replay -----------------------------------------------------------------
    def to_replay(self) -> dict:
        state = self.state
        out = self.outcome()
        return {
            "format": REPLAY_FORMAT,
            "app": "crystal-arcade",
            "game_id": self.game_id,
            "game": self.setup.game,
            "players": self.setup.players,
            "options": dict(self.setup.options),
            "seed": self.setup.seed,
            "clock": self.clock_preset,
            "seats": [s.to_json() for s in self.seats],
            "moves": [e.text for e in self.entries],
            "proxies": [i for i, e in enumerate(self.entries) if e.by != e.seat],
            # Actions the clock made (a stand-in's pass, a loss on time, a timed
            # concession): only these may be clock-only actions when read back.
            "timeouts": [i for i, e in enumerate(self.entries) if e.clock],
            "finished": self.is_over(),
            "resigned": self.resigned,
            # The end words as the screens showed them (the players' names), so the
            # theatre's list says who won without replaying the game.
            "outcome": {**out.to_json(), "reason": self.outcome_reason()} if out else None,
            "scores": list(state.scores()),
            "started_at": self.started_at,
        }

    @staticmethod
    def from_replay(data: Any, games: Mapping[str, GameSpec] | None = None) -> "Match":
        """Rebuild a match by replaying its moves; every problem is a ReplayError whose
        message can be shown to a player."""
        # Types, ranges and text lengths are checked once, here at the boundary (the
        # schema is REPLAY_SCHEMA); the guard below is for what a schema cannot say
        # (an option value a game refuses, a start its rules cannot make).
        if isinstance(data, dict):
            check_replay_schema(data)
        try:
            return Match._from_replay(data, games)
        except ReplayError:
            raise
        except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError):
            raise ReplayError(_("the replay is damaged")) from None

    @staticmethod
    def _from_replay(data: Any, games: Mapping[str, GameSpec] | None = None) -> "Match":
        if games is None:
            from game.registry import GAMES

            games = GAMES
        if not isinstance(data, dict):
            raise ReplayError(_("the file is not a Crystal Arcade replay (expected a JSON object)"))
        fmt = data.get("format")
        if not isinstance(fmt, int):
            raise ReplayError(_("the file has no replay format number"))
        if fmt > REPLAY_FORMAT:
            raise ReplayError(
                _(
                    "the replay was written by a newer Crystal Arcade (format {fmt}; "
                    "this version reads format {ours})"
                ).format(fmt=fmt, ours=REPLAY_FORMAT)
            )
        game = data.get("game")
        if not isinstance(game, str) or game not in games:
            raise ReplayError(_game_problem(game))
        spec = games[game]
        missing = [k for k in ("seed", "players", "seats", "moves") if k not in data]
        if missing:
            raise ReplayError(
                _("the replay is incomplete (it has no {field})").format(field=missing[0])
            )
        seed = int(data["seed"])
        players = int(data["players"])
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise ReplayError(_("the replay's options are not a table"))
        try:
            players, resolved = spec.resolve_options(players, **options)
        except ValueError as exc:  # the game's own words ("option 'heaps' must be ...")
            raise ReplayError(
                _("the replay's setup cannot be used: {problem}").format(problem=exc)
            ) from None
        except TypeError:
            raise ReplayError(_("the replay's options cannot be used")) from None
        seats_data = data["seats"]
        moves = data["moves"]
        if not isinstance(seats_data, list) or not isinstance(moves, list):
            raise ReplayError(_("the replay's seats and moves must be lists"))
        seats = [Seat.from_json(s) if isinstance(s, dict) else Seat.person() for s in seats_data]
        clock = data.get("clock", "off")
        if clock not in ("off", "casual", "tournament"):
            clock = "off"
        setup = GameSetup(game, players, resolved, seed)
        try:
            match = Match(spec, setup, seats, setup.start(games), clock)
        except ValueError as exc:
            raise ReplayError(str(exc)) from None
        started = data.get("started_at")
        if isinstance(started, (int, float)) and not isinstance(started, bool):
            # The game keeps its identity when resumed (game/profiles.game_key): its
            # start time is the record's, not the moment it was loaded (the schema
            # bounds it; a new game from a replay's position sets its own).
            match.started_at = float(started)
        proxies = _index_set(data.get("proxies"))
        # Files written before the clock's actions were flagged have no "timeouts": there
        # a timeout action is accepted wherever a clock could have played it.
        legacy = "timeouts" not in data
        timeouts = _index_set(data.get("timeouts"))
        could_time_out = clock != "off" or spec.rule_clock is not None
        for i, text in enumerate(moves):
            if not isinstance(text, str):
                raise ReplayError(_("move {n} is not text").format(n=i + 1))
            by_clock = i in timeouts
            try:
                move = match.parse(text)
                seat = match.to_move()
                if seat < 0:
                    raise IllegalMove(_("the game is already over"))
                if (
                    by_clock
                    and match.clock is None
                    and not (spec.rule_clock and spec.rule_clock(match.state))
                ):
                    # Nothing could run out here, so nothing played for the clock.
                    raise IllegalMove(
                        _("it is marked as played by the clock, but no clock ran at that moment")
                    )

                if by_clock:
                    new = apply_timeout(match.state, move)
                else:
                    try:
                        new = match.state.apply(move)
                    except IllegalMove:
                        if not (
                            legacy and could_time_out and move == match.state.timeout_move(seat)
                        ):
                            raise
                        by_clock = True
                        new = apply_timeout(match.state, move)
            except IllegalMove as exc:
                raise ReplayError(
                    _("move {n} ({move}) is illegal: {problem}").format(
                        n=i + 1, move=quoted(text), problem=exc
                    )
                ) from None
            by = (1 - seat) if (i in proxies and len(seats) == 2) else seat
            match._push(Entry(seat, str(move), by, clock=by_clock), new)
        resigned = data.get("resigned")
        if resigned is not None:
            if (
                not isinstance(resigned, int)
                or isinstance(resigned, bool)
                or not 0 <= resigned < len(match.seats)
                or match.is_over()
            ):
                raise ReplayError(_(_FIELD_PROBLEMS["resigned"]))
            match.resign(resigned)
            return match
        if match.clock:
            # Replayed moves took no time; the clock restarts fresh at the next decision.
            match._begin_decision()
        return match


# What a replay record may hold (JSON Schema, checked by game.storage.reading): every text capped
# where it enters, every number in a range a real game can produce.
MAX_SEAT_NAME = 64
_NAME = {"type": "string", "maxLength": MAX_SEAT_NAME}
MAX_MOVES = 20000  # the longest real game is a few hundred actions
_INDICES = {
    "type": "array",
    "maxItems": MAX_MOVES,
    "items": {"type": "integer", "minimum": 0, "maximum": MAX_MOVES},
}
REPLAY_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "format": {"type": "integer"},
        "app": {"type": "string", "maxLength": 64},
        "game_id": {"type": "string", "maxLength": 400},
        "game": {"type": "string", "maxLength": 64},
        "players": {"type": "integer", "minimum": 1, "maximum": 16},
        "options": {
            "type": ["object", "null"],
            "maxProperties": 32,
            "propertyNames": {"maxLength": 64},
            "additionalProperties": {"type": ["boolean", "integer", "string"], "maxLength": 64},
        },
        "seed": {"type": "integer"},
        "clock": {"type": "string", "maxLength": 32},
        "seats": {
            "type": "array",
            "maxItems": 16,
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "maxLength": 16},
                    "level": {"type": ["string", "null"], "maxLength": 16},
                    "name": _NAME,
                },
            },
        },
        "moves": {
            "type": "array",
            "maxItems": MAX_MOVES,
            "items": {"type": "string", "maxLength": 200},
        },
        "proxies": {"anyOf": [_INDICES, {"type": "null"}]},
        "timeouts": {"anyOf": [_INDICES, {"type": "null"}]},
        "finished": {"type": "boolean"},
        "resigned": {"type": ["integer", "null"], "minimum": 0, "maximum": 15},
        "outcome": {"type": ["object", "null"]},
        "scores": {"type": "array", "maxItems": 16},
        "started_at": {"type": "number", "minimum": 0, "maximum": 1e11},
    },
}

_FIELD_PROBLEMS = {
    "format": N_("the file has no usable replay format number"),
    "players": N_("the replay's number of players cannot be used"),
    "options": N_("the replay's options are not a table of short values"),
    "seed": N_("the replay's seed is not a whole number in range"),
    "seats": N_("the replay's seats and moves must be lists (of at most 16 seats)"),
    "moves": N_("the replay's seats and moves must be lists (of short texts)"),
    "proxies": N_("the replay's move index lists must be lists of numbers"),
    "timeouts": N_("the replay's move index lists must be lists of numbers"),
    "started_at": N_("the replay's start time cannot be used"),
    "resigned": N_("the replay's resigning seat is not a seat of an unfinished game"),
}


def check_replay_schema(data: dict) -> None:
    """ReplayError with a short reason when ``data`` breaks REPLAY_SCHEMA."""
    from game.storage.reading import schema_errors

    errors = schema_errors(data, REPLAY_SCHEMA)
    if not errors:
        return
    where = errors[0][0] if errors[0] else ""
    if where == "game":
        raise ReplayError(_game_problem(data.get("game")))
    raise ReplayError(_(_FIELD_PROBLEMS.get(where, N_("the replay is damaged"))))


def _game_words(game: Any) -> str:
    """An unknown game named for the player only when its id is a plain short id
    (a newer release's game); anything else is not echoed."""
    import re

    if isinstance(game, str) and re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", game):
        return f"an unknown game '{game}'"
    return "an unknown game"


def _game_problem(game: Any) -> str:
    """The refusal of a replay of a game this version does not have (its id shown
    only when it is a plain short id, as in :func:`_game_words`)."""
    import re

    if isinstance(game, str) and re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", game):
        return _("the replay is of an unknown game '{game}'").format(game=game)
    return _("the replay is of an unknown game")


def _index_set(value: Any) -> set[int]:
    """A replay's list of move indices ("proxies", "timeouts"); junk is a ReplayError."""
    if value is None:
        return set()
    if not isinstance(value, list) or not all(isinstance(i, int) for i in value):
        raise ReplayError(_("the replay's move index lists must be lists of numbers"))
    return set(value)
