"""The game side of a party, run on the pygame thread (or a test's thread).

:class:`PartyTable` owns no game: it acts on the :class:`~game.midend.match.Match` the big
screen shows.  Each :meth:`PartyTable.step` drains the server's inbox, applies what the
rules accept (a refusal goes back to that phone with the engine's reason), hands the
d-pad presses of the seat to act to the screen, puts a bot in for a phone that has been
gone too long and takes it out again when the phone returns, and sends every phone its
seat's view when anything it can see changed.

Languages: each phone is answered in its own (``server.seat_languages``, from its
Accept-Language); its views, refusals and previews are built inside
``game.text.i18n.speaking``.  Notes for the big screen stay in the host's language.

Secrets: a seat's view is built from ``seat_view(state, seat)``, the same view a bot
gets, so a phone never receives another seat's pending plan.

Games whose seats decide at the same time (Element Shift: ``state.submitted``) take a
phone's choice whenever that seat has not yet chosen; the table holds it and submits
it when the engine's order reaches the seat, so twelve phones plan at once.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeGuard

from game.midend.match import Match
from game.rules.contract import IllegalMove, seat_view
from game.text import i18n
from game.text.i18n import _
from party import protocol
from party.lobby import Lobby
from party.phone_board import board_view, plan_view
from party.server import Event, PartyServer


class SimultaneousState(Protocol):
    """A state whose seats submit their moves at once (a simultaneous-move game)."""

    def submitted(self, seat: int) -> bool: ...

    def why_illegal(self, move: Any, seat: int | None = None) -> str | None: ...


def is_simultaneous(state: object) -> TypeGuard[SimultaneousState]:
    return hasattr(state, "submitted")


TAKEOVER_SECONDS = 60.0
STAND_IN_LEVEL = "medium"
MOVE_LIST_LIMIT = 400  # every real position has fewer legal moves than this


@dataclass
class StepResult:
    """What one step did, for the screen: actions applied (old, new, move, seat) to
    animate, d-pad presses (seat, key) to feed the view, and lines to announce."""

    applied: list[tuple] = field(default_factory=list)
    keys: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    heard: int = 0  # phone events handled: people are playing (a kiosk is not idle)


class PartyTable:
    def __init__(
        self,
        match: Match,
        lobby: Lobby,
        server: PartyServer,
        takeover_seconds: float = TAKEOVER_SECONDS,
        glyphs: bool = False,
    ):
        self.match = match
        self.lobby = lobby
        self.server = server
        self.takeover_seconds = takeover_seconds
        self.glyphs = glyphs  # the host's colour-blind setting: phones draw the glyphs too
        self.queued: dict[int, object] = {}  # seat -> a simultaneous choice not yet due
        self._sent: dict[int, str] = {}  # seat -> the last view text sent
        self._entries_seen = -1

    # -- who may act ----------------------------------------------------------------------
    @property
    def phone_seats(self) -> list[int]:
        return list(self.lobby.phone_seats)

    def simultaneous(self) -> bool:
        return is_simultaneous(self.match.state)

    def deciding_seat(self) -> int:
        """The seat whose phone decides now (Crystal Connector's proxy: the opponent
        moves for a late seat), or -1."""
        seat = self.match.to_move()
        return -1 if seat < 0 else self.match.proxy.get(seat, seat)

    def may_act(self, seat: int) -> bool:
        if self.match.is_over() or seat in self.match.stand_ins:
            return False
        state = self.match.state
        if is_simultaneous(state):
            return not state.submitted(seat) and seat not in self.queued
        return self.deciding_seat() == seat

    # -- the step ---------------------------------------------------------------------------
    def step(self) -> StepResult:
        result = StepResult()
        changed = False
        while True:
            try:
                event = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            result.heard += 1
            # A refusal or preview is worded in the language of the phone that sent it.
            with i18n.speaking(event.language):
                changed |= self._on_event(event, result)
        changed |= self._stand_ins(result)
        self._flush_queued(result)
        if changed or result.applied or len(self.match.entries) != self._entries_seen:
            self.publish()
        return result

    def _on_event(self, event: Event, result: StepResult) -> bool:
        if event.kind == "joined":
            # A new connection for the seat (a reload, a resume) has seen nothing yet, even
            # when the view is the same as the last one sent: send it again.
            self.resend(event.seat)
            return True
        if event.kind == "left":
            return True
        msg = event.msg
        kind = msg.get("type")
        seat = event.seat
        if seat not in self.lobby.seats:
            return False
        if kind == "key":
            if self.may_act(seat) and not self.simultaneous():
                result.keys.append((seat, msg["key"]))
            else:
                self._refuse(event, self._why_not(seat))
            return False
        if kind == "preview":
            self._preview(event)
            return False
        if kind == "move":
            self._move(event, result)
            return True
        return False

    def _why_not(self, seat: int) -> str:
        m = self.match
        if m.is_over():
            return _("The game is over")
        if seat in m.stand_ins:
            return _("A bot is playing your seat; it hands back on your next turn")
        if self.simultaneous():
            return _("Your choice is in: wait for the others and the reveal")
        names = m.seat_names()
        mover = self.deciding_seat()
        return _("It is {name}'s turn, not yours").format(
            name=self.lobby.name(mover) or names[mover]
        )

    def _refuse(self, event: Event, reason: str) -> None:
        reason = reason[: protocol.MAX_REASON]  # the rules' words may quote the move sent
        self.server.send_conn(event.conn, protocol.encode("error", reason=reason, code="refused"))

    def _move(self, event: Event, result: StepResult) -> None:
        seat, text = event.seat, event.msg["text"]
        if not self.may_act(seat):
            self._refuse(event, self._why_not(seat))
            return
        m = self.match
        state = m.state
        try:
            move = state.parse_move(text)
            if is_simultaneous(state):
                reason = state.why_illegal(move, seat)
                if reason:
                    raise IllegalMove(reason)
        except IllegalMove as exc:
            self._refuse(event, str(exc))
            return
        if self.simultaneous() and m.to_move() != seat:
            self.queued[seat] = move
        else:
            if not self._submit(move, seat, result, event):
                return
        self.server.send_conn(event.conn, protocol.encode("ok", text=str(move)))

    def _submit(self, move, seat: int, result: StepResult, event: Event | None = None) -> bool:
        old = self.match.state
        mover = self.match.to_move()
        try:
            new = self.match.submit(move)
        except IllegalMove as exc:
            if event is not None:
                self._refuse(event, str(exc))
            return False
        result.applied.append((old, new, move, mover))
        return True

    def _flush_queued(self, result: StepResult) -> None:
        """Submit held choices as the engine's order reaches their seats."""
        m = self.match
        while not m.is_over() and self.simultaneous():
            seat = m.to_move()
            move = self.queued.pop(seat, None)
            if move is None:
                break
            if not self._submit(move, seat, result):
                break
            if seat in m.stand_ins:
                # (a note also makes the play screen drop any bot answer in flight)
                who = self.lobby.name(seat) or _(m.seat_names()[seat])
                result.notes.append(
                    _("{name}'s plan, sent before the phone went, is played").format(name=who)
                )
        if not self.simultaneous() or m.is_over():
            self.queued.clear()

    def _preview(self, event: Event) -> None:
        state = seat_view(self.match.state, event.seat)
        preview = getattr(state, "preview", None)
        if preview is None or getattr(state, "phase", "") != "plan":
            self._refuse(event, _("Nothing to preview now"))
            return
        try:
            plan = state.parse_move(event.msg["text"])
            p = preview(event.seat, plan)
        except IllegalMove as exc:
            self.server.send_conn(
                event.conn,
                protocol.encode(
                    "preview",
                    text=event.msg["text"],
                    ok=False,
                    reason=str(exc)[: protocol.MAX_REASON],
                ),
            )
            return
        self.server.send_conn(
            event.conn,
            protocol.encode(
                "preview",
                text=str(plan),
                ok=True,
                path=list(p.path),
                entered=list(p.entered),
                converts=list(p.converts),
                element=p.element,
                points=p.score.total,
                explain=p.score.explain(),
            ),
        )

    # -- bots for absent phones ----------------------------------------------------------------
    def _stand_ins(self, result: StepResult) -> bool:
        m = self.match
        changed = False
        names = m.seat_names()
        for seat in self.phone_seats:
            gone = self.lobby.absent_seconds(seat)
            if seat in m.stand_ins:
                if self.lobby.connected(seat):
                    del m.stand_ins[seat]
                    result.notes.append(
                        _("{name} is back on their phone").format(
                            name=self.lobby.name(seat) or names[seat]
                        )
                    )
                    changed = True
            elif not m.is_over() and gone >= self.takeover_seconds:
                # A plan this table already confirmed with "ok" stays held and is
                # played when the seat's turn comes (_flush_queued runs before any bot
                # is asked): the bot plays only what the phone had not decided.
                m.stand_ins[seat] = STAND_IN_LEVEL
                who = self.lobby.name(seat) or names[seat]
                result.notes.append(
                    _("{name}'s phone is gone: a Medium bot plays {seat} until it returns").format(
                        name=who, seat=names[seat]
                    )
                )

                changed = True
        return changed

    # -- views --------------------------------------------------------------------------------
    def publish(self) -> None:
        """Send each phone seat its view, if it changed since the last one."""
        self._entries_seen = len(self.match.entries)
        for seat in self.phone_seats:
            # each phone's view in its own language (the big screen keeps the host's)
            with i18n.speaking(self.server.seat_languages.get(seat)):
                text = protocol.encode("state", **self.view(seat))
            if self._sent.get(seat) != text:
                self._sent[seat] = text
                self.server.send_seat(seat, text)

    def resend(self, seat: int) -> None:
        self._sent.pop(seat, None)

    def view(self, seat: int) -> dict:
        """What the phone of ``seat`` shows: public state and this seat's own secrets."""
        m = self.match
        state = seat_view(m.state, seat)
        # "label" is the seat's name in the rules (in this phone's language); "name"
        # is who plays it
        names = m.game_seat_names()
        out = m.outcome()  # the rules' end, or a resignation on the big screen
        seats = []
        for s, who in enumerate(m.seats):
            entry = {
                "label": names[s],  # in this phone's language (publish speaks it)
                "name": self.lobby.name(s) or who.label(names[s]),
                "kind": "bot" if s in m.stand_ins else who.kind,
                "connected": self.lobby.connected(s) if who.is_phone else True,
            }
            if hasattr(state, "submitted") and not state.is_terminal():
                entry["submitted"] = bool(state.submitted(s)) or s in self.queued
            seats.append(entry)
        view = {
            "game": m.spec.id,
            "title": _(m.spec.title),
            "seat": seat,
            "label": names[seat],
            "seats": seats,
            "to_move": self.deciding_seat(),
            "your_turn": self.may_act(seat),
            "stand_in": seat in m.stand_ins,
            "round": state.round_number,
            "glyphs": self.glyphs,
            "scores": [round(float(x), 2) for x in state.scores()],
            "over": m.is_over(),
            "outcome": (
                {"places": list(out.places), "reason": m.named(out.reason)} if out else None
            ),
            "ply": len(m.entries),
            "log": self._log(seat),
            "moves": [],
        }
        if hasattr(state, "submitted"):
            # the board and the plan editor's data (party/phone_board.py; docs/party.md)
            view.update(plan_view(m.spec.id, state, seat, self.queued.get(seat)))
        else:  # the position, drawn on the phone (party/phone_board.py; docs/party.md)
            view["board"] = board_view(m.spec.id, state, seat)
        if not hasattr(state, "submitted") and view["your_turn"]:
            moves = state.legal_moves()
            if len(moves) <= MOVE_LIST_LIMIT:
                view["moves"] = [str(mv) for mv in moves]
        return view

    def _log(self, seat: int, last: int = 6) -> list[dict]:
        """The last actions.  In a game of secret plans an entry of the round still
        being planned names only who is in: the plan itself is that seat's secret until
        the reveal (the big screen's log does the same)."""
        m = self.match
        out = []
        start = max(0, len(m.entries) - last)
        now = m.state.round_number
        for i in range(start, len(m.entries)):
            e = m.entries[i]
            text = e.text
            secret = (
                self.simultaneous()
                and not m.is_over()
                and e.seat != seat
                and m.states[i].round_number == now
            )
            if secret:
                text = _("picked a start tile") if now == 0 else _("submitted a plan")
            out.append({"seat": e.seat, "text": text})
        return out
