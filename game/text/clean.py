"""Text from outside, made fit to show: the one sanitiser every way in uses.

A name or a caption that Crystal Arcade did not write itself (a replay's seat names
and outcome, a replay's file name, a phone's name at a party, a profile's name, the
hall of fame's rows, a tutorial's or a puzzle's words) is cleaned by :func:`clean`
where it is read, so every screen, every phone and every later file sees the same
safe text, and the drawing never has to guess::

    name = clean(raw_name, limit=20)   # "Ada\\u202e\\x00  Lovelace" -> "Ada Lovelace"

What it keeps: letters, marks (accents, vowel signs, emoji variation selectors),
digits and other numbers, punctuation, symbols (emoji included) and the plain space;
the text is put in Unicode's composed form (NFC), so "e" + combining acute and "é"
are one name and one width.

What it drops, and why:

- C0 and C1 control characters (NUL, escape, the bell, U+0080-U+009F): pygame
  refuses to draw a NUL at all ("A null character was found in the text"), and the
  rest draw as boxes or move the cursor in a terminal log.
- lone surrogates (U+D800-U+DFFF on their own, as JSON's ``"\\ud800"`` or an
  undecodable file name gives them): they cannot be encoded, so measuring or drawing
  them raises ``UnicodeEncodeError``.
- bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069)
  and the direction marks (U+200E, U+200F, U+061C): a phone's browser obeys them, so
  a name holding U+202E would turn round every word after it on the other phones
  ("Ada wins" shown as "sniw adA"), and a file name could hide its real ending.
- every other invisible format character (zero-width space, soft hyphen, the byte
  order mark, tag characters, invisible operators): they make two names that look
  the same different, pad a name that looks empty, or carry hidden text.  The two
  joiners (U+200C zero-width non-joiner, U+200D zero-width joiner) are the one
  exception: Persian and Indic spelling and emoji sequences (a family, a flag with
  a rainbow) need them, and between two visible characters they can only join or
  part those two; anywhere else (at an end, beside a space, beside another joiner)
  they are dropped.
- private-use characters and code points this Python's Unicode tables do not
  assign: no font here has a glyph for them, so they would draw as boxes.

Every kind of space and line break (tab, newline, no-break space, the line and
paragraph separators) becomes one plain space, runs of spaces become one and the
ends are trimmed: a name or a caption is one line wherever it is drawn.

``limit`` caps the result at that many characters (after cleaning, so hidden
characters never use up a name's room).  Something that is not a ``str`` is "".
"""

from __future__ import annotations

import unicodedata

JOINERS = frozenset("\u200c\u200d")


def clean(text: object, limit: int | None = None) -> str:
    """``text`` fit to show: see the module's docstring for what is kept.

    >>> clean("Ada\\u202e\\x00  Lovelace\\n")
    'Ada Lovelace'
    >>> clean("Ren\\u0065\\u0301e", limit=4)
    'René'
    >>> clean("\\ud800")
    ''
    """
    if not isinstance(text, str):
        return ""
    if not text.isprintable():  # C-speed test: most names and captions are plain
        text = _visible(text)
    if "  " in text or text[:1] == " " or text[-1:] == " ":
        text = " ".join(text.split())  # only plain spaces are left to split on
    if not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    if limit is not None and len(text) > limit:
        text = text[: max(0, limit)].rstrip(" ")
        while text[-1:] in JOINERS and text:  # a joiner cut from what it joined
            text = text[:-1].rstrip(" ")
    return text


def _visible(text: str) -> str:
    """``text`` with every character :func:`clean` drops removed and every space
    made a plain one (runs of spaces are left for the caller to fold)."""
    out: list[str] = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif ch.isspace():
            out.append(" ")
        elif ch in JOINERS:
            out.append(ch)  # judged below, once its neighbours are known
        # else: a control, format, surrogate, private-use or unassigned character
    if not JOINERS.isdisjoint(out):
        out = [
            ch
            for i, ch in enumerate(out)
            if ch not in JOINERS
            or (0 < i < len(out) - 1 and _seen(out[i - 1]) and _seen(out[i + 1]))
        ]
    return "".join(out)


def _seen(ch: str) -> bool:
    return ch != " " and ch not in JOINERS
