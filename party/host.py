"""One hosted party, from the lobby to the end of its game (no pygame: tests drive it).

The big screen (``scenes/party.py``) makes one from the player's settings, shows the
lobby, calls :meth:`Party.pump_lobby` every tick until the host presses Start, then
:meth:`Party.begin` builds the match and :meth:`Party.step` is called every tick by the
play scene.  Nothing here waits on the network.
"""

from __future__ import annotations

import queue
from typing import Any

from game.midend.match import Match, Seat
from game.rules.contract import GameSetup, GameSpec
from game.text.i18n import _
from party import protocol
from party.guard import Limits
from party.lobby import Lobby
from party.server import PartyServer, lan_address
from party.table import STAND_IN_LEVEL, TAKEOVER_SECONDS, PartyTable, StepResult


class Party:
    """The room, the server on its own thread and, once the game starts, the table."""

    def __init__(
        self,
        spec: GameSpec,
        setup: GameSetup,
        seats: list[Seat],
        clock_preset: str = "off",
        *,
        host: str = "",
        port: int = 0,
        takeover_seconds: float = TAKEOVER_SECONDS,
        glyphs: bool = False,
        rate: tuple[float, int] | None = None,
        lobby_clock=None,
        limits: Limits | None = None,
        server_clock=None,
    ):
        self.spec, self.setup, self.seats, self.clock_preset = (
            spec,
            setup,
            list(seats),
            clock_preset,
        )
        self.takeover_seconds = takeover_seconds
        self.glyphs = glyphs
        phone_seats = [i for i, s in enumerate(seats) if s.is_phone]
        if not phone_seats:
            raise ValueError(_("A party needs at least one Phone seat"))
        extra = {"clock": lobby_clock} if lobby_clock is not None else {}
        self.lobby = Lobby(
            list(spec.seat_names(setup.players)),
            phone_seats,
            names=lambda: spec.seat_names(setup.players),  # each phone's words (speaking)
            **extra,
        )
        self._rate = rate
        # tests make the bounds small and drive the throttle's clock
        self._server_extra: dict[str, Any] = {}
        if limits is not None:
            self._server_extra["limits"] = limits
        if server_clock is not None:
            self._server_extra["clock"] = server_clock
        self.server = self._server(host or lan_address(), port)
        self.table: PartyTable | None = None
        self._lobby_sent = ""

    def _server(self, host: str, port: int) -> PartyServer:
        extra = dict(self._server_extra)
        if self._rate is not None:
            extra["rate"] = self._rate
        return PartyServer(self.lobby, host, port, **extra)

    def start(self) -> None:
        """Listen; a busy port falls back to any free one.  OSError when neither works."""
        try:
            self.server.start()
        except OSError:
            if self.server.port == 0:
                raise
            self.server = self._server(self.server.host, 0)
            self.server.start()

    def stop(self) -> None:
        self.server.stop()

    @property
    def url(self) -> str:
        """What the QR code holds: the page, with the room code filled in."""
        return f"{self.server.url}?room={self.lobby.code}"

    # -- lobby --------------------------------------------------------------------------
    def pump_lobby(self) -> bool:
        """Before the game: answer phones (nothing to play yet) and tell every phone who
        has joined.  True when the seats changed."""
        if self.table is not None:
            # Started: the table answers everything in the inbox from now on (a move
            # sent just after the first state must reach it, not be told "not started").
            return False
        changed = False
        while True:
            try:
                event = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            if event.kind == "message":
                self.server.send_conn(
                    event.conn,
                    protocol.encode(
                        "error",
                        reason=_(
                            "The game has not started yet: the host starts it on the big screen"
                        ),
                        code="refused",
                    ),
                )
            else:
                changed = True
        text = protocol.encode("lobby", seats=self.lobby.snapshot(), game=self.spec.title)
        if text != self._lobby_sent:
            self._lobby_sent = text
            self.server.broadcast(text)
            changed = True
        return changed

    def begin(self, fill_with_bots: bool = True) -> Match:
        """Start the game: taken seats play from their phones; empty phone seats become
        Medium bots (or stay waiting for a phone when ``fill_with_bots`` is off)."""
        self.pump_lobby()  # joins that arrived since the last tick count
        seats = list(self.seats)
        for seat in list(self.lobby.phone_seats):
            name = self.lobby.name(seat)
            if name:
                seats[seat] = Seat.phone(name)
            elif fill_with_bots:
                seats[seat] = Seat.bot(STAND_IN_LEVEL)
                self.lobby.retire(seat)
            else:
                seats[seat] = Seat.phone()
        match = Match(
            self.spec,
            self.setup,
            seats,
            self.setup.start({self.spec.id: self.spec}),
            self.clock_preset,
        )
        self.lobby.mark_started()
        self.table = PartyTable(
            match,
            self.lobby,
            self.server,
            takeover_seconds=self.takeover_seconds,
            glyphs=self.glyphs,
        )
        self.server.broadcast(protocol.encode("started", game=self.spec.title))
        self.table.publish()
        return match

    def rematch(self, setup: GameSetup, seats: list[Seat]) -> Match:
        """A new game for the same room: every phone keeps its seat and token."""
        self.setup = setup
        match = Match(
            self.spec, setup, list(seats), setup.start({self.spec.id: self.spec}), self.clock_preset
        )
        self.table = PartyTable(
            match,
            self.lobby,
            self.server,
            takeover_seconds=self.takeover_seconds,
            glyphs=self.glyphs,
        )
        self.server.broadcast(protocol.encode("started", game=self.spec.title))
        self.table.publish()
        return match

    def step(self) -> StepResult:
        return self.table.step() if self.table else StepResult()
