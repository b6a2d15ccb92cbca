"""A hosted puzzle race: phones join a room of lanes, race the same puzzles, and type
initials for the hall of fame (no pygame: the tests drive it without a window).

The big screen (``scenes/race.py``) makes a :class:`RaceRoom`, calls :meth:`pump`
every tick, :meth:`start` when the host presses Start, and reads :attr:`race` to draw
the lanes.  The race itself is :class:`game.content.race.Race` (pure); this module
turns phone messages into its answers and writes each phone its own view:

* the current puzzle's position as the party page draws it (``party.phone_board``)
  and the legal moves there, in the engine's own order;
* the answer only after that phone has missed it (``race.last.answer``).

A phone that drops keeps its lane (its seat token resumes it); a phone that joins
while a race runs watches and gets a lane in the next race.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from dataclasses import dataclass, field

from game.content import puzzles as P
from game.content.race import BOT_LEVELS, MISS_SECONDS, RACE_SECONDS, Race
from game.records import hall_of_fame as fame
from game.text import i18n
from game.text.i18n import _
from party import protocol
from party.guard import Limits
from party.lobby import Lobby
from party.phone_board import board_view
from party.server import Event, PartyServer, lan_address

MAX_LANES = 12
MIN_RACERS = 2  # people and bots together
RACE_PUZZLES = 60  # more than anyone solves in a few minutes
# A puzzle position's legal moves all go to the phone (its board filters them by tap);
# the most any shipped puzzle has is about 600.
MOVE_LIST_LIMIT = 1500


def racer_board(game_id: str) -> str:
    return f"racer:{game_id}"


_GAMES: list[str] = []


def race_games() -> list[str]:
    """The games a race can be run in: shipped puzzles the party page can draw."""
    if _GAMES:
        return list(_GAMES)
    out = []
    for game_id in P.puzzle_games():
        try:
            book = P.load_puzzles(game_id)
            p = book.puzzles[0]
            if board_view(game_id, p.position(), p.seat) is not None:
                out.append(game_id)
        except P.PuzzleError:
            continue
    _GAMES[:] = out
    return out


@dataclass
class RaceSettings:
    seconds: float = RACE_SECONDS
    miss_seconds: float = MISS_SECONDS
    bots: int = 0  # lanes bots fill (up to MAX_LANES in all)
    bot_level: str = "medium"


@dataclass
class StepNews:
    heard: int = 0  # phone events handled (the booth is busy)
    changed: bool = False
    answers: list[tuple[int, str]] = field(default_factory=list)  # (lane, reply kind)
    fame_entries: int = 0  # initials taken onto the racer board


class RaceRoom:
    def __init__(
        self,
        spec,
        settings: RaceSettings | None = None,
        *,
        host: str = "",
        port: int = 0,
        seed: int | None = None,
        clock=time.monotonic,
        rate: tuple[float, int] | None = None,
        limits: Limits | None = None,
        fame_store: fame.HallOfFame | None = None,
        wall_clock=time.time,
    ):
        self.spec = spec
        self.settings = settings or RaceSettings()
        self.book = P.load_puzzles(spec.id)
        self.clock = clock
        self.wall_clock = wall_clock
        self.seed = random.randrange(1 << 30) if seed is None else seed
        # The lanes' names in each language asked for (the big screen's, each phone's),
        # made once: the lobby asks for a seat's name a dozen times a tick.
        self._lane_names: dict[str, list[str]] = {}
        self.lobby = Lobby(self.lane_names(), list(range(MAX_LANES)), names=self.lane_names)
        extra: dict = {}
        if rate is not None:
            extra["rate"] = rate
        if limits is not None:
            extra["limits"] = limits
        self.server = PartyServer(self.lobby, host or lan_address(), port, **extra)
        self.race: Race | None = None
        self.races = 0
        self.fame = fame_store
        self.initials: dict[int, str] = {}  # lane -> initials given for the last race
        self._sent: dict[int, tuple] = {}
        self._lobby_sent = ""
        self._lobby_seen: tuple | None = None  # (seats, game title) last sent
        self._bot_keys: list[int] = []
        self._parts: dict[tuple, tuple] = {}  # (puzzle index, turn so far) -> (board, moves)
        self._closed = False
        self._warming: dict[int, tuple[list, dict]] = {}
        self._upcoming(0)

    def lane_names(self) -> list[str]:
        """ "Lane 1" ... "Lane 12" in the language of the moment."""
        code = i18n.language()
        names = self._lane_names.get(code)
        if names is None:
            names = [_("Lane {n}").format(n=i + 1) for i in range(MAX_LANES)]
            self._lane_names[code] = names
        return names

    # -- life ---------------------------------------------------------------------------
    def start_server(self) -> None:
        try:
            self.server.start()
        except OSError:
            if self.server.port == 0:
                raise
            self.server = PartyServer(self.lobby, self.server.host, 0)
            self.server.start()

    def stop(self) -> None:
        self._closed = True
        self.server.stop()

    @property
    def url(self) -> str:
        return f"{self.server.url}?room={self.lobby.code}"

    def phones(self) -> list[int]:
        """Lanes a phone holds now (taken seats)."""
        return [s["seat"] for s in self.lobby.snapshot() if s["taken"]]

    def racers_ready(self) -> int:
        return len(self.phones()) + self.bot_lanes(len(self.phones()))

    def bot_lanes(self, people: int) -> int:
        return max(0, min(self.settings.bots, MAX_LANES - people))

    def can_start(self) -> bool:
        return self.racers_ready() >= MIN_RACERS and bool(self.phones())

    def running(self, now: float | None = None) -> bool:
        now = self.clock() if now is None else now
        return self.race is not None and not self.race.over(now)

    # -- the race -------------------------------------------------------------------------
    def start(self) -> Race:
        """Start a race for every phone in the room now (and the bots the settings ask
        for); a rematch is the same call once a race has ended."""
        now = self.clock()
        people = self.phones()
        lanes = [(seat, self.lobby.name(seat) or self.lobby.label(seat), "") for seat in people]
        level = self.settings.bot_level if self.settings.bot_level in BOT_LEVELS else "medium"
        self._bot_keys = []
        key = MAX_LANES
        for i in range(self.bot_lanes(len(people))):
            lanes.append((key, _("Bot {n}").format(n=i + 1), level))
            self._bot_keys.append(key)
            key += 1
        seed = self.seed + self.races
        # the order and the positions the warming thread has made (and goes on making)
        order, positions = self._upcoming(self.races)
        self.race = Race(
            order,
            lanes,
            seed,
            now,
            self.settings.seconds,
            self.settings.miss_seconds,
            positions=positions,
        )
        self.races += 1
        self.initials = {}
        self.lobby.mark_started()
        self._sent.clear()
        self.publish(now)
        return self.race

    def _upcoming(self, number: int) -> tuple[list, dict]:
        """Race ``number``'s puzzles and their positions.  A position replays its setup
        moves (tens of milliseconds each), so a thread makes them from the moment the
        room opens (and, for a rematch, once the race before it is over): no frame of
        the race waits for one."""
        if number not in self._warming:
            order = P.rush_order(self.book, self.seed + number)[:RACE_PUZZLES]
            positions: dict = {}

            def warm() -> None:
                for i, p in enumerate(order):
                    if self._closed:
                        return
                    positions.setdefault(i, p.position())

            threading.Thread(target=warm, name="race-positions", daemon=True).start()
            self._warming = {k: v for k, v in self._warming.items() if k >= number - 1}
            self._warming[number] = (order, positions)
        return self._warming[number]

    def warmed(self) -> bool:
        """Whether the next race's positions are all made (the bench waits for it)."""
        order, positions = self._upcoming(self.races)
        return len(positions) == len(order)

    def pump(self) -> StepNews:
        """Answer every phone message waiting, move the bots on, send changed views."""
        now = self.clock()
        news = StepNews()
        while True:
            try:
                event = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            news.heard += 1
            news.changed = True
            with i18n.speaking(event.language):
                self._on_event(event, now, news)
        if self.race is not None and self.race.tick(now):
            news.changed = True
        if self.race is not None and self.race.over(now):
            self._upcoming(self.races)  # the rematch's, made while the ranking shows
        self.publish(now)
        return news

    def _on_event(self, event: Event, now: float, news: StepNews) -> None:
        if event.kind == "joined":
            self._sent.pop(event.seat, None)
            return
        if event.kind == "left":
            return
        msg = event.msg
        kind = msg.get("type")
        if kind == "move":
            self._answer(event, now, news)
        elif kind == "initials":
            news.fame_entries += self._initials(event, now)
        else:
            self._refuse(event, _("Tap a move on the board"))

    def _answer(self, event: Event, now: float, news: StepNews) -> None:
        race = self.race
        seat = event.seat
        if race is None or not race.has(seat):
            self._refuse(event, _("You race in the next race: watch the big screen"))
            return
        reply = race.answer(seat, event.msg["text"], now)
        if reply.kind == "refused":
            why = {
                "over": _("The race is over"),
                "held": _("Look at the answer: the next puzzle comes in a moment"),
            }.get(reply.message, _("No puzzle to answer now"))
            self._refuse(event, why)
            return
        if reply.kind == "illegal":
            self._refuse(event, reply.message)
            return
        # one "judged" for every action taken ("partial": the turn goes on)
        news.answers.append((seat, reply.kind))
        self.server.send_conn(
            event.conn,
            protocol.encode(
                "judged",
                verdict=reply.kind,
                message=str(reply.message)[: protocol.MAX_REASON],
                answer=list(reply.answer),
                seconds=reply.seconds,
            ),
        )

    def _initials(self, event: Event, now: float) -> int:
        """Initials for the racer board; 1 when an entry went onto it."""
        race, seat = self.race, event.seat
        text = event.msg["text"].strip().upper()
        if race is None or not race.over(now) or not race.has(seat):
            self._refuse(event, _("Initials go in after a race you raced"))
            return 0
        if seat in self.initials:
            self._refuse(event, _("Your initials are in"))
            return 0
        problem = fame.initials_problem(text)
        if problem:
            self._refuse(event, problem)
            return 0
        lane = race.lanes[seat]
        self.initials[seat] = text
        if self.fame is not None and lane.score > 0:
            try:
                self.fame.add(
                    fame.Entry(
                        racer_board(self.spec.id),
                        text,
                        lane.score,
                        self.wall_clock(),
                        detail=f"{lane.score}/{lane.answers}",
                    )
                )
            except fame.FameError as exc:
                self._refuse(event, str(exc))
                return 0
        self.server.send_conn(event.conn, protocol.encode("ok", text=text))
        self._sent.pop(seat, None)
        return 1 if self.fame is not None and lane.score > 0 else 0

    def _refuse(self, event: Event, reason: str) -> None:
        self.server.send_conn(
            event.conn,
            protocol.encode("error", reason=reason[: protocol.MAX_REASON], code="refused"),
        )

    # -- views ----------------------------------------------------------------------------
    def publish(self, now: float) -> None:
        if self.race is None:
            # Asked every tick: encoded only when who has joined (or the language) changed.
            seen = (self.lobby.snapshot(), _(self.spec.title))
            if seen == self._lobby_seen:
                return
            self._lobby_seen = seen
            text = protocol.encode("lobby", seats=seen[0], game=seen[1])
            if text != self._lobby_sent:
                self._lobby_sent = text
                self.server.broadcast(text)
            return
        standings = tuple(
            (ln.key, ln.score, self.lobby.connected(ln.key)) for ln in self.race.ranking()
        )
        left = round(self.race.time_left(now))
        # over as well as the seconds left: in the race's last half second "0 s left"
        # is sent while it still runs, and the end must be sent too
        over = self.race.over(now)
        for seat in self.phones():
            lane = self.race.lanes.get(seat)
            # a view is built only when something in it changed (a tick is 1/60 s)
            key = (
                standings,
                left,
                over,
                self.initials.get(seat),
                self.server.seat_languages.get(seat),
                (lane.index, len(lane.moves), self.race.held(seat, now), lane.answers)
                if lane
                else None,
            )
            if self._sent.get(seat) == key:
                continue
            self._sent[seat] = key
            with i18n.speaking(self.server.seat_languages.get(seat)):
                text = protocol.encode("state", **self.view(seat, now))
            self.server.send_seat(seat, text)

    def standings(self, now: float) -> list[dict]:
        race = self.race
        if race is None:
            return []
        return [
            {
                "name": lane.name,
                "score": lane.score,
                "bot": lane.is_bot,
                "connected": lane.is_bot or self.lobby.connected(lane.key),
            }
            for lane in race.ranking()
        ]

    def view(self, seat: int, now: float) -> dict:
        """What the phone of ``seat`` shows: the party page's turn view, with the race."""
        race = self.race
        racing = race is not None and race.has(seat)
        over = race is None or race.over(now)
        # (race is not None) repeats what racing says, for the type checker
        state = race.state(seat) if race is not None and racing and not over else None
        held = race is not None and racing and race.held(seat, now)
        your_turn = state is not None and not held
        lane = race.lanes[seat] if race is not None and racing else None
        standings = self.standings(now)
        view = {
            "game": self.spec.id,
            "title": _(self.spec.title),
            "seat": seat,
            "label": self.lobby.label(seat),
            "seats": [
                {
                    "label": s["name"],
                    "name": s["name"],
                    "kind": "bot" if s["bot"] else "phone",
                    "connected": s["connected"],
                }
                for s in standings
            ],
            "to_move": -1,
            "your_turn": your_turn,
            "stand_in": False,
            "round": 0,
            "glyphs": False,
            "scores": [s["score"] for s in standings],
            "over": False,
            "outcome": None,
            # changes with every puzzle and every action: the page clears its taps
            "ply": (lane.index * 64 + len(lane.moves)) if lane else 0,
            "log": [],
            "moves": [],
            "board": None,
            "race": {
                "racing": racing,
                "watching": not racing,
                "ended": over,
                "time_left": round(race.time_left(now)) if race else 0,
                "place": (next(i for i, ln in enumerate(race.ranking()) if ln.key == seat) + 1)
                if race is not None and racing
                else 0,
                "lanes": len(race.lanes) if race else 0,
                "initials": self.initials.get(seat, ""),
            },
        }
        if race is not None and lane is not None:
            view["race"].update(race.view(seat, now))
            view["race"]["time_left"] = round(race.time_left(now))
        if state is not None:
            board, moves = self._part(lane, state)
            view["board"] = board
            if your_turn:
                view["moves"] = moves
        return view

    def _part(self, lane, state) -> tuple:
        """The board and the legal moves of a lane's position, made once for every
        lane that reaches it (they all race the same puzzles)."""
        key = (lane.index, tuple(lane.moves))
        part = self._parts.get(key)
        if part is None:
            assert self.race is not None  # a lane is in a race
            p = self.race.puzzle(lane.key)
            assert p is not None  # a lane with a state has a puzzle
            moves = state.legal_moves()
            part = (
                board_view(self.spec.id, state, p.seat),
                [str(m) for m in moves] if len(moves) <= MOVE_LIST_LIMIT else [],
            )
            if len(self._parts) > 256:
                self._parts.clear()
            self._parts[key] = part
        return part
