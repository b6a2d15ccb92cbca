"""The phone page in the phone's own language.

The page's words are the ``t("...")`` calls in ``party/static/app.js`` (the extractor
reads them into the same catalogue as the rest of the game, function name ``t``).  The
server picks a language from the request's ``Accept-Language`` header and hands the
page those words translated, as one JSON object: inlined into the page it serves, and
at ``/i18n.json``.  Anything it cannot read, or a language without a catalogue, gives
English: the page's own text, so the page works when no translation is there at all.

Phone strings are kept free of plurals (a count stands apart: "Moves: 3"), so a plain
table of ``msgid -> msgstr`` is all a phone needs.

Messages the host makes for a phone are in that phone's language too: the server
remembers each connection's language (the same pick, from the socket's request), answers
it in that language, and the table builds each seat's view and words each refusal and
preview inside ``game.text.i18n.speaking(language)``.  The engines keep no words in their
states (an end is a code worded when read), so one position reads in any language.
Seat names and game titles follow; the big screen keeps the host's language.
"""

from __future__ import annotations

import gettext
import json
import re
from functools import lru_cache
from pathlib import Path

from game.text import i18n

SOURCE = Path(__file__).resolve().parent / "static" / "app.js"
# A header longer than this is not a browser's (theirs are a few dozen characters).
HEADER_LIMIT = 1024
# At most this many languages are looked at (a browser sends a handful).
MAX_RANGES = 16
_T_CALL = re.compile(r'\bt\(\s*"((?:[^"\\\n]|\\.)*)"')
# A language range as RFC 9110 writes it ("de", "de-DE", "zh-Hant-TW", "*").
_RANGE = re.compile(r"^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$")
_QVALUE = re.compile(r"^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$")


@lru_cache(maxsize=1)
def phone_messages() -> tuple[str, ...]:
    """The message ids the phone page asks for, in the order app.js has them."""
    text = SOURCE.read_text(encoding="utf-8")
    seen: dict[str, None] = {}
    for raw in _T_CALL.findall(text):
        seen.setdefault(json.loads(f'"{raw}"'), None)
    return tuple(seen)


def available_languages() -> frozenset[str]:
    """English and every language with a compiled catalogue."""
    found = {i18n.SOURCE_LANGUAGE}
    base = Path(i18n.LOCALE_DIR)
    if base.is_dir():
        for folder in base.iterdir():
            if (folder / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").is_file():
                found.add(folder.name)
    return frozenset(found)


def pick_language(header: object, available: frozenset[str] | None = None) -> str:
    """The language to serve for an ``Accept-Language`` header: the first one the
    browser prefers (by q-value, ties in the header's order) that has a catalogue;
    English for anything else (no header, garbage, a header far too long)."""
    if available is None:
        available = available_languages()
    if not isinstance(header, str) or not header or len(header) > HEADER_LIMIT:
        return i18n.SOURCE_LANGUAGE
    ranges: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")[:MAX_RANGES]):
        tag, *params = (p.strip() for p in part.split(";"))
        if not _RANGE.match(tag):
            continue
        q = 1.0
        for param in params:
            name, _sep, value = param.partition("=")
            if name.strip().lower() == "q":
                value = value.strip()
                q = float(value) if _QVALUE.match(value) else -1.0
        if q > 0:
            ranges.append((-q, order, tag.lower()))
    for _q, _order, tag in sorted(ranges):
        if tag == "*":
            return i18n.SOURCE_LANGUAGE
        for candidate in (tag, tag.split("-")[0]):
            if candidate in available:
                return candidate
    return i18n.SOURCE_LANGUAGE


def phone_catalogue(language: str) -> dict:
    """``{"lang": ..., "messages": {english: translated}}`` for the phone page; only
    messages with a translation are listed (``t()`` shows the English otherwise)."""
    return {"lang": language, "messages": dict(_messages(str(i18n.LOCALE_DIR), language))}


@lru_cache(maxsize=16)
def _messages(locale_dir: str, language: str) -> tuple[tuple[str, str], ...]:
    if language == i18n.SOURCE_LANGUAGE:
        return ()
    try:
        found = gettext.translation(i18n.DOMAIN, localedir=locale_dir, languages=[language])
    except OSError:
        return ()
    out = []
    for message in phone_messages():
        text = found.gettext(message)
        if text != message:
            out.append((message, text))
    return tuple(out)


def page_script(language: str) -> bytes:
    """The inline script that gives the page its words before app.js runs (``<`` is
    escaped so no text can close the script element)."""
    body = json.dumps(phone_catalogue(language), ensure_ascii=False).replace("<", "\\u003c")
    return f"<script>window.I18N = {body};</script>".encode()
