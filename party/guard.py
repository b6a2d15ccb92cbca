"""What keeps strangers on the network from wearing the party down (pure; no I/O).

* :class:`Limits` -- every bound the server enforces, in one place, so a test can make
  them small (a join window of a fraction of a second, a handful of sockets).
* :class:`CodeThrottle` -- room-code guesses per address: a few wrong codes are free,
  then every code (right or wrong) is refused for a wait that doubles with each further
  wrong one.  There are 24^4 codes; at most a few dozen guesses an hour get through.
* :func:`static_name` -- the one shape of static file name the page uses; anything
  else (too long, NUL, dots, slashes, backslashes, escapes) is simply not found.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from ipaddress import ip_address


@dataclass(frozen=True)
class Limits:
    # A socket that has not taken (or resumed) a seat this long after opening is closed;
    # the page opens a fresh one when its player taps Find or a seat.
    join_seconds: float = 8.0
    # An HTTP connection that has not sent a whole request this long after opening or
    # after its last answer (a slowloris, a half-open socket, an idle keep-alive) is
    # dropped (PartyServer._sweep).
    http_idle_seconds: float = 5.0
    # Sockets without a seat: in all, and from one address.  A new one past either
    # bound closes the oldest such socket (of that address first) rather than being
    # refused, so a seated phone's reload always gets in long enough to resume.
    max_pending: int = 48
    max_pending_per_address: int = 16
    # Sockets holding one seat's token (a reload briefly has two; more are old tabs):
    # past this the oldest is closed.
    max_per_seat: int = 4
    # Room codes: wrong guesses free per address, then the first wait, doubling to max.
    free_code_guesses: int = 5
    code_wait_seconds: float = 2.0
    code_wait_max: float = 600.0
    code_forget_seconds: float = 1800.0  # an address quiet this long starts afresh


class CodeThrottle:
    """Wrong room codes per address (``clock``: monotonic seconds, injectable)."""

    MAX_ADDRESSES = 4096  # past this the stalest address is forgotten: memory stays bounded

    def __init__(self, limits: Limits = Limits(), clock=time.monotonic):
        self.limits = limits
        self.clock = clock
        self._seen: dict[str, tuple[int, float, float]] = {}  # addr -> (wrong, until, last)

    def wait(self, address: str) -> float:
        """Seconds before ``address`` may try a code again (0: now)."""
        now = self.clock()
        entry = self._seen.get(address)
        if entry is None:
            return 0.0
        _wrong, until, last = entry
        if now - last > self.limits.code_forget_seconds:
            del self._seen[address]
            return 0.0
        return max(0.0, until - now)

    def wrong(self, address: str) -> None:
        now = self.clock()
        wrong, until, last = self._seen.pop(address, (0, 0.0, now))
        if now - last > self.limits.code_forget_seconds:
            wrong = 0
        wrong += 1
        lim = self.limits
        if wrong >= lim.free_code_guesses:
            extra = wrong - lim.free_code_guesses
            until = now + min(lim.code_wait_max, lim.code_wait_seconds * 2 ** min(extra, 32))
        self._seen[address] = (wrong, until, now)  # re-inserted: the dict stays oldest first
        while len(self._seen) > self.MAX_ADDRESSES:
            del self._seen[next(iter(self._seen))]

    def right(self, address: str) -> None:
        self._seen.pop(address, None)


_STATIC_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,40}\.[a-z0-9]{1,8}")


def static_name(name: str) -> bool:
    """True for a plain file name such as ``app.js``: no path, no dot files, short."""
    return bool(_STATIC_NAME.fullmatch(name))


def is_loopback(address: str) -> bool:
    """The host's own machine: never banned by address (everyone is there when the
    party listens on 127.0.0.1, and the host must not lock itself out)."""
    try:
        return ip_address(address.split("%", 1)[0]).is_loopback
    except ValueError:
        return False
