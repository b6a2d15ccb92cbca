"""The room phones join: a code, the seats they may take, tokens, presence, kicks.

The lobby is shared by the server thread (joins, disconnects) and the pygame thread
(drawing, kicking, bot takeover), so every method takes the lock.  It holds no game
state: which seat is to move is the table's business.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from game.records.profiles import NameProblem, check_name
from game.text.clean import clean
from game.text.i18n import N_, _
from party.guard import is_loopback

# No I/O/0/1: a code read off a big screen across a room must not be misread.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
NAME_LIMIT = 16
KICKED = N_("The host removed this phone from the game")  # translated where it is sent


class LobbyError(ValueError):
    """A join the room refuses; the message is shown on the phone as it is."""


@dataclass
class PhoneSeat:
    """One seat a phone may take.  ``token`` is the phone's key to it."""

    seat: int
    label: str  # the game's own name for the seat ("Red", "Player 3")
    name: str = ""  # what the person typed
    token: str = ""
    connected: int = 0  # open connections holding the token (a reload briefly has two)
    last_seen: float = 0.0  # monotonic time the phone was last connected
    taken: bool = False
    profile: str = ""  # the profile name the phone plays as ("" = none)
    addresses: set[str] = field(default_factory=set)  # where the phone connected from

    def public(self) -> dict:
        return {
            "seat": self.seat,
            "label": self.label,
            "name": self.name,
            "taken": self.taken,
            "connected": self.connected > 0,
        }


@dataclass
class Lobby:
    """The seats of one hosted game that phones may take (``phone_seats``)."""

    labels: list[str]  # every seat's label, by seat number
    phone_seats: list[int]
    code: str = ""
    clock: Callable[[], float] = time.monotonic
    seats: dict[int, PhoneSeat] = field(default_factory=dict)
    kicked: set[str] = field(default_factory=set)
    banned: set[str] = field(default_factory=set)  # addresses of kicked phones
    started: bool = False
    # Phones may play as a local profile (game/records/profiles.py); never at a booth.
    profiles_allowed: bool = False
    # The seats' names in the current language, asked each time they are shown (a
    # phone's answers are worded in its own language: game.text.i18n.speaking); None keeps
    # ``labels`` as they are.
    names: Callable[[], Sequence[str]] | None = None

    def __post_init__(self) -> None:
        self._lock = threading.RLock()
        if not self.code:
            self.code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
        self.seats = {s: PhoneSeat(s, self.labels[s]) for s in self.phone_seats}

    # -- joining ------------------------------------------------------------------------
    def check_code(self, code: object) -> None:
        if not isinstance(code, str) or code.strip().upper() != self.code:
            raise LobbyError(
                _("That room code is not this room's: read the 4 letters on the big screen")
            )

    def join(
        self,
        code: object,
        name: object,
        seat: object = None,
        address: str = "",
        profile: object = None,
    ) -> PhoneSeat:
        """Take a free seat (``seat``, or the first free one); returns it with its token.
        ``address`` is the phone's network address: a kicked phone's is refused.
        ``profile``: the name of the profile to play as (checked here, matched to a
        profile or made by the host when the game starts)."""
        self.check_code(code)
        name = clean_name(name)
        profile_name = ""
        if profile is not None:
            if not self.profiles_allowed:
                raise LobbyError(_("Profiles are off at this table: join without one"))
            try:
                profile_name = check_name(profile)
            except NameProblem as exc:
                raise LobbyError(str(exc)) from None
        with self._lock:
            if address and address in self.banned:
                raise LobbyError(_(KICKED))
            if seat is None:
                free = [s for s in self.seats.values() if not s.taken]
                if not free:
                    raise LobbyError(_("Every phone seat is taken"))
                slot = free[0]
            else:
                if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.seats:
                    raise LobbyError(_("That seat is not one a phone can take here"))
                slot = self.seats[seat]
                if slot.taken:
                    raise LobbyError(
                        _("{seat} is taken; pick another seat").format(seat=self.label(slot.seat))
                    )
            slot.taken = True
            slot.name = name or slot.label
            slot.profile = profile_name
            slot.token = secrets.token_urlsafe(18)
            slot.connected += 1
            slot.last_seen = self.clock()
            if address:
                slot.addresses.add(address)
            return slot

    def resume(self, token: object, address: str = "") -> PhoneSeat:
        """Back in one's seat after a reload, a screen lock or lost Wi-Fi."""
        if not isinstance(token, str) or not token:
            raise LobbyError(_("No seat token: join with the room code"))
        with self._lock:
            if token in self.kicked:
                raise LobbyError(_(KICKED))
            slot = self._slot_of(token)
            if slot is not None:
                slot.connected += 1
                slot.last_seen = self.clock()
                if address and len(slot.addresses) < 8:  # a phone roams; a few at most
                    slot.addresses.add(address)
                return slot
        raise LobbyError(_("That seat token is not valid in this game: join with the room code"))

    def seat_of(self, token: object) -> int | None:
        with self._lock:
            slot = self._slot_of(token)
            return None if slot is None else slot.seat

    def _slot_of(self, token: object) -> PhoneSeat | None:
        # Tokens are ASCII (token_urlsafe); anything else matches no seat.  The check
        # comes first because compare_digest raises on non-ASCII text.
        if not isinstance(token, str) or not token or not token.isascii():
            return None
        for slot in self.seats.values():
            if slot.taken and secrets.compare_digest(slot.token, token):
                return slot
        return None

    def disconnected(self, seat: int, token: str) -> None:
        with self._lock:
            slot = self.seats.get(seat)
            if slot and slot.token == token and slot.connected > 0:
                slot.connected -= 1
                slot.last_seen = self.clock()

    def kick(self, seat: int) -> str | None:
        """Free ``seat``; its token can never come back, nor can a phone from the
        addresses it used join again (the host's own machine is never banned) until
        the host lets removed phones back (:meth:`forgive`).  Returns the old token."""
        with self._lock:
            slot = self.seats.get(seat)
            if not slot or not slot.taken:
                return None
            old = slot.token
            self.kicked.add(old)
            self.banned.update(a for a in slot.addresses if not is_loopback(a))
            self.seats[seat] = PhoneSeat(seat, slot.label)
            return old

    def forgive(self) -> None:
        """Removed phones may join again (with a new token: the old ones stay dead)."""
        with self._lock:
            self.banned.clear()

    def retire(self, seat: int) -> None:
        """``seat`` is no longer a phone's (a bot took it at the start)."""
        with self._lock:
            self.seats.pop(seat, None)
            if seat in self.phone_seats:
                self.phone_seats.remove(seat)

    # -- reading ------------------------------------------------------------------------
    def absent_seconds(self, seat: int) -> float:
        """How long ``seat``'s phone has been gone (0 while connected; an empty seat
        counts from the start of the game)."""
        with self._lock:
            slot = self.seats.get(seat)
            if slot is None or slot.connected > 0:
                return 0.0
            return max(0.0, self.clock() - slot.last_seen)

    def connected(self, seat: int) -> bool:
        with self._lock:
            slot = self.seats.get(seat)
            return bool(slot and slot.connected > 0)

    def name(self, seat: int) -> str:
        with self._lock:
            slot = self.seats.get(seat)
            return slot.name if slot and slot.taken else ""

    def profiles(self) -> dict[int, str]:
        """The profile name of each taken seat that asked for one."""
        with self._lock:
            return {
                s: slot.profile for s, slot in self.seats.items() if slot.taken and slot.profile
            }

    def label(self, seat: int) -> str:
        """Seat ``seat``'s name in the current language."""
        if self.names is not None:
            names = self.names()
            if 0 <= seat < len(names):
                return names[seat]
        return self.labels[seat]

    def snapshot(self) -> list[dict]:
        with self._lock:
            return [dict(self.seats[s].public(), label=self.label(s)) for s in sorted(self.seats)]

    def free_seats(self) -> list[int]:
        with self._lock:
            return [s for s, slot in sorted(self.seats.items()) if not slot.taken]

    def mark_started(self) -> None:
        with self._lock:
            self.started = True
            now = self.clock()
            for slot in self.seats.values():
                if slot.connected == 0:
                    slot.last_seen = now


def clean_name(name: object) -> str:
    """A phone's display name, cleaned by game.text.clean.clean (one line, no control, bidi
    or invisible character: it is drawn on the big screen and sent to every phone),
    at most NAME_LIMIT characters."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise LobbyError(_("A name must be text"))
    return clean(name, NAME_LIMIT)
