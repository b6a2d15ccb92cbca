"""Every word a player or operator sees goes through this module (GNU gettext).

Use it like this, everywhere (engines, bots, screens, party)::

    from game.i18n import _, ngettext, N_

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
language is process-wide; :func:`set_language` changes it at once.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "crystal_arcade"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"
PSEUDO = "pseudo"

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` in the current language (itself when there is no translation)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, by the current language's plural rule."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context``: for short words that two places use
    with different meanings (``pgettext("button", "Play")``)."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (tables built at
    import time); translate with :func:`_` where it is shown."""
    return message


def language() -> str:
    """The code of the current language: "en", "de", "pseudo", ..."""
    return _language


def set_language(code: str | None) -> str:
    """Make ``code`` the current language and return the code now in effect.  An
    unknown code, or one whose catalogue is missing, falls back to English (never
    an error: a player's settings file may name anything)."""
    global _translations, _language
    code = (code or SOURCE_LANGUAGE).strip()
    if code == PSEUDO:
        from game.i18n_pseudo import PseudoTranslations

        _translations, _language = PseudoTranslations(), PSEUDO
        return _language
    if code != SOURCE_LANGUAGE:
        try:
            found = _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])
        except OSError:
            found = None
        if found is not None:
            _translations, _language = found, code
            return _language
    _translations, _language = _gettext.NullTranslations(), SOURCE_LANGUAGE
    return _language
