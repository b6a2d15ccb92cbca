"""The pseudo-locale: every message accented, about 40 % longer and bracketed.

Drawn on every screen by the tests: text still in plain ASCII skipped gettext, and
a missing closing bracket is text cut off by its box.  ``{placeholders}`` are kept
as they are, so ``.format`` still works on the result.
"""

from __future__ import annotations

import gettext
import re

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
PAD_WORD = 12
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\(?[a-z_]*\)?[sdif])")


def pseudo(message: str) -> str:
    """``message`` as the pseudo-locale shows it: ``[Šéţţîñĝš ~~~]``."""
    if not message:
        return message
    parts = _PLACEHOLDER.split(message)
    out = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    letters = sum(1 for p in parts[::2] for c in p if not c.isspace())
    tildes = max(1, round(letters * 0.4))
    # in words of at most PAD_WORD, as a long language's are: a paragraph still wraps
    pad = " ".join("~" * min(PAD_WORD, tildes - k) for k in range(0, tildes, PAD_WORD))
    return f"[{out} {pad}]"


class PseudoTranslations(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)
