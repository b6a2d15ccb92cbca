"""Every word a player or operator sees goes through this module (GNU gettext).

Use it like this, everywhere (engines, bots, screens, party)::

    from game.text.i18n import _, ngettext, N_

    raise IllegalMove(_("{cell} is not a cell: use a column A-F and a row 1-6, like B3")
                      .format(cell=quoted(text)))
    label = ngettext("{n} move", "{n} moves", n).format(n=n)
    TITLES = {"easy": N_("Easy")}          # marked at import time ...
    text = _(TITLES[level])                # ... translated when it is shown

Rules for message ids (they are what translators see):

- Whole sentences with named ``{placeholders}`` (``str.format``), never pieces glued
  together: word order differs between languages.
- Plurals with :func:`ngettext`, numbers through :func:`number` (a German 1.234,5).
- Notation never goes through gettext: ``a1``, ``place D4 red``, ``take blue green``
  read the same in every language, so a saved game or a phone's move is one text.
- Text defined at import time (tables, class attributes) is marked with :func:`N_`
  and translated with :func:`_` where it is drawn, so a language change shows at once.

The catalogues: the sources are ``game/locale/<lang>/LC_MESSAGES/crystal_arcade.po``;
the compiled ``.mo`` files beside them are built by ``tools/i18n.py compile`` (the
README's commands run it), never checked in.  ``pseudo`` is the pseudo-locale the
tests draw every screen in: each message accented, about 40 % longer and bracketed,
so plain ASCII on screen is a string that skipped gettext and a cut bracket is a
string that overflows its box.

This module is pure (no pygame): engines may raise translated refusals.  The current
language is process-wide; :func:`set_language` changes it at once.  For a moment, one
thread may speak another (:func:`speaking`): the party host words each phone's view and
refusals in that phone's language while the big screen keeps its own.
"""

from __future__ import annotations

import copy
import gettext as _gettext
import os
import re
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator

DOMAIN = "crystal_arcade"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
SOURCE_LANGUAGE = "en"
PSEUDO = "pseudo"

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE
# Moves on every set_language: a screen that built its widgets (labels fixed at build
# time) under an older generation rebuilds them, so a change shows at once.
_generation = 0
# What a language code may look like (a settings file or kiosk.json may hold anything:
# "../../etc" must never reach a path).
_CODE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")


# The language of this thread or asyncio task for the moment, set by speaking():
# (translations, code).  A context variable, not a thread-local: the party server's
# connections are tasks on one thread, each in its phone's language across its awaits.
_spoken: ContextVar[tuple | None] = ContextVar("spoken", default=None)


def _active() -> _gettext.NullTranslations:
    spoken = _spoken.get()
    return _translations if spoken is None else spoken[0]


def _(message: str) -> str:
    """``message`` in the current language (itself when there is no translation)."""
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, by the current language's plural rule."""
    return _active().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context``: for short words that two places use
    with different meanings (``pgettext("button", "Play")``)."""
    return _active().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (tables built at
    import time); translate with :func:`_` where it is shown."""
    return message


def language() -> str:
    """The code of the current language: "en", "de", "pseudo", ..."""
    spoken = _spoken.get()
    return _language if spoken is None else spoken[1]


def generation() -> int:
    """A number that changes whenever the language is set (screens compare it with the
    one they built their widgets under)."""
    return _generation


def valid_code(code: object) -> bool:
    """``code`` looks like a language code ("de", "pt_BR"): never a path or a 10 kB
    string."""
    return isinstance(code, str) and len(code) <= 8 and bool(_CODE.match(code))


def available() -> tuple[str, ...]:
    """The languages shipped: English (the source) and every language with a compiled
    catalogue, in code order."""
    found = set()
    try:
        for child in LOCALE_DIR.iterdir():
            if valid_code(child.name) and (child / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
                found.add(child.name)
    except OSError:
        pass
    return (SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE}))


def native_name(code: str) -> str:
    """A language named in itself ("Deutsch", "English"): how a player finds their own
    language in a list whatever the screen is showing now."""
    try:
        from babel import Locale

        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, TypeError, LookupError):
        return code
    return name[:1].upper() + name[1:]


def system_language(environ: dict | None = None) -> str:
    """The shipped language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG,
    as gettext reads them; then the locale module's default), else English."""
    import locale

    env = os.environ if environ is None else environ
    shipped = available()
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            wanted += value.split(":")
            if var != "LANGUAGE":
                break  # gettext stops at the first of these that is set
    if not wanted and environ is None:
        try:
            found = locale.getlocale()[0]
        except (ValueError, TypeError):
            found = None
        if found:
            wanted.append(found)
    for raw in wanted:
        if not isinstance(raw, str) or len(raw) > 64:
            continue
        name = locale.normalize(raw).split(".")[0].split("@")[0]
        for code in (name, name.split("_")[0].lower()):
            if code in shipped:
                return code
            if code in ("C", "POSIX", "c", "posix"):
                return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


_SPOKEN: dict[str, tuple[_gettext.NullTranslations, str]] = {}  # code -> catalogue


def _catalogue(code: object) -> tuple[_gettext.NullTranslations, str]:
    """(translations, the code in effect) for ``code``: English for an unknown code or
    a missing catalogue."""
    code = code.strip() if isinstance(code, str) else ""
    code = code or SOURCE_LANGUAGE
    if code == PSEUDO:
        from game.text.pseudo import PseudoTranslations

        return PseudoTranslations(), PSEUDO
    if code != SOURCE_LANGUAGE and valid_code(code):
        try:
            found = _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])
        except OSError:
            found = None
        if found is not None:
            return found, code
    return _gettext.NullTranslations(), SOURCE_LANGUAGE


def set_language(code: str | None) -> str:
    """Make ``code`` the current language and return the code now in effect.  An
    unknown code, or one whose catalogue is missing, falls back to English (never
    an error: a player's settings file may name anything)."""
    global _translations, _language, _generation
    _generation += 1
    _translations, _language = _catalogue(code)
    _SPOKEN.clear()  # (a catalogue rebuilt since is read again)
    return _language


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Within the block, words made on this thread (or asyncio task) are in ``code``
    (English when it has no catalogue); other threads and tasks, and the screens'
    language, are untouched and no screen rebuilds.  Yields the code in effect.
    Nests; always restores."""
    key = code if isinstance(code, str) else ""
    found = _SPOKEN.get(key)
    if found is None:
        if len(_SPOKEN) > 16:  # (codes come from phones: never an unbounded cache)
            _SPOKEN.clear()
        found = _SPOKEN[key] = _catalogue(code)
    token = _spoken.set(found)
    try:
        yield found[1]
    finally:
        _spoken.reset(token)


# -- numbers, the way the current language writes them -------------------------------
def number_locale() -> str:
    """The Babel locale numbers, lists and dates are written in now (the pseudo-locale
    checks words, not numbers: it writes them as English does)."""
    return SOURCE_LANGUAGE if language() == PSEUDO else language()


def _formatted(value: float, kind: str, digits: int | None) -> str:
    from babel import Locale

    loc = Locale.parse(number_locale())
    pattern = (loc.percent_formats if kind == "percent" else loc.decimal_formats)[None]
    if digits is not None:
        # The language's own pattern (grouping, symbols, "25 %" spacing) with the
        # digits after the point fixed.
        pattern = copy.copy(pattern)
        pattern.frac_prec = (max(0, digits), max(0, digits))
    return pattern.apply(value, loc)


def number(value: float, digits: int | None = None) -> str:
    """``value`` written in the current language: 1,234.5 in English, 1.234,5 in
    German.  ``digits`` fixes the digits after the point (0 rounds to a whole
    number); None shows up to three, as many as the value has."""
    try:
        return _formatted(value, "decimal", digits)
    except (ValueError, TypeError, LookupError, ArithmeticError):
        return str(value)


def percent(fraction: float, digits: int = 0) -> str:
    """``fraction`` (0.25) as a percentage in the current language: "25%", "25 %"."""
    try:
        return _formatted(fraction, "percent", digits)
    except (ValueError, TypeError, LookupError, ArithmeticError):
        return f"{fraction * 100:.{max(0, digits)}f}%"
