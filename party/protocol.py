"""The party protocol, version 1: what a phone may send, checked before use.

``docs/party.md`` lists every message in both directions with an example.  A message is
one JSON object per WebSocket text frame with a ``type``.  Anything else (binary frames,
oversized frames, malformed JSON, unknown types, missing or extra fields, wrong kinds of
values) is refused here with a reason the phone can show, and changes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from game.text.i18n import _

VERSION = 1
MAX_BYTES = 8192  # a phone's message; the longest real one (a plan) is under 100 bytes
MAX_TEXT = 200  # move notation
MAX_NAME = 64  # before clean_name trims it to the lobby's limit
MAX_SEAT = 63
MAX_TOKEN = 64  # a real one is 24 characters
MAX_REASON = 240  # a refusal's text (the rules' own words, capped: they may quote a move)
KEYS = ("up", "down", "left", "right", "confirm", "back")
# Per connection: a burst of RATE_BURST, refilled at RATE_PER_SECOND (a thumb on a
# d-pad sends a few a second; a script sending hundreds is slowed, not served).
RATE_PER_SECOND = 20.0
RATE_BURST = 40

# type -> {field: (kinds, required)}
_STR, _INT, _NONE = (str,), (int,), (type(None),)
FIELDS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "seats": {"v": (_INT, True), "room": (_STR, True)},
    "hello": {
        "v": (_INT, True),
        "room": (_STR, True),
        "name": (_STR, True),
        "seat": (_INT + _NONE, False),
        # The profile to play as (game/records/profiles.py): a name the host matches to a
        # profile or makes one for; null or absent for none.
        "profile": (_STR + _NONE, False),
    },
    "resume": {"v": (_INT, True), "token": (_STR, True)},
    "move": {"text": (_STR, True)},
    "preview": {"text": (_STR, True)},
    "key": {"key": (_STR, True)},
    "initials": {"text": (_STR, True)},  # a race's hall of fame entry (three letters)
    "ping": {},
}


class ProtocolError(ValueError):
    """A message refused before it reached the room or the game."""


def parse(raw: Any) -> dict:
    """The checked message, or ProtocolError saying what is wrong with it."""
    if isinstance(raw, (bytes, bytearray)):
        raise ProtocolError(_("Send text frames of JSON, not binary"))
    if not isinstance(raw, str):
        raise ProtocolError(_("Send text frames of JSON"))
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ProtocolError(_("Message too long (the limit is {n} bytes)").format(n=MAX_BYTES))
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        # (never the parser's own words: they quote the input and mean nothing on a phone)
        raise ProtocolError(_("Not JSON: send one JSON object per message")) from None
    if not isinstance(msg, dict):
        raise ProtocolError(_("A message must be a JSON object with a 'type'"))
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(
            _("A message needs a 'type' in text: one of {kinds}").format(kinds=", ".join(FIELDS))
        )
    if kind not in FIELDS:
        raise ProtocolError(
            _("Unknown message type {kind}; known: {kinds}").format(
                kind=repr(str(kind)[:30]), kinds=", ".join(FIELDS)
            )
        )
    if kind == "resume" and "token" in msg and not _token_shaped(msg["token"]):
        # A token of the wrong kind, length or alphabet is simply one that holds no
        # seat: the phone gets the usual "not valid" refusal and forgets it.
        msg["token"] = ""
    fields = FIELDS[kind]
    extra = sorted(set(msg) - set(fields) - {"type"})
    if extra:
        raise ProtocolError(
            _("'{kind}' has no field {field}").format(kind=kind, field=repr(extra[0][:30]))
        )
    for name, (kinds, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError(
                    _("'{kind}' needs a field '{field}'").format(kind=kind, field=name)
                )
            continue
        value = msg[name]
        if isinstance(value, bool) or not isinstance(value, kinds):
            if kinds == _STR:
                why = _("'{field}' must be text")
            elif kinds == _INT:
                why = _("'{field}' must be a whole number")
            elif kinds == _STR + _NONE:
                why = _("'{field}' must be text or null")
            else:
                why = _("'{field}' must be a whole number or null")
            raise ProtocolError(why.format(field=name))
    if "v" in msg and msg["v"] != VERSION:
        raise ProtocolError(
            _("This host speaks party protocol version {v}; reload the page").format(v=VERSION)
        )
    if msg.get("seat") is not None and not 0 <= msg["seat"] <= MAX_SEAT:
        raise ProtocolError(_("No such seat"))
    for name, limit in (
        ("text", MAX_TEXT),
        ("name", MAX_NAME),
        ("profile", MAX_NAME),
        ("room", 16),
        ("token", MAX_TOKEN),
        ("key", 16),
    ):
        if isinstance(msg.get(name), str) and len(msg[name]) > limit:
            raise ProtocolError(_("'{field}' is too long").format(field=name))
    if kind == "key" and msg["key"] not in KEYS:
        raise ProtocolError(
            _("Unknown key {key}; keys are {keys}").format(
                key=repr(msg["key"]), keys=", ".join(KEYS)
            )
        )

    return msg


def _token_shaped(token: Any) -> bool:
    return isinstance(token, str) and 0 < len(token) <= MAX_TOKEN and token.isascii()


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number this protocol accepts")


def encode(kind: str, **fields: Any) -> str:
    return json.dumps({"type": kind, **fields}, separators=(",", ":"))


class RateLimit:
    """A token bucket per connection (``now`` is monotonic seconds)."""

    def __init__(self, now: float, per_second: float = RATE_PER_SECOND, burst: int = RATE_BURST):
        self.per_second, self.burst = per_second, burst
        self.tokens, self.at = float(burst), now

    def allow(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
