"""game.text.clean.clean, the one sanitiser for text from outside: whatever it is given, what
comes out holds no control, surrogate, bidi, invisible format, private-use,
unassigned or odd space character; cleaning twice changes nothing more; and plain
printable text (words of letters, marks, digits, punctuation and symbols, one space
apart) comes out exactly as it went in."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from game.text.clean import clean

BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
JOINERS = {"\u200c", "\u200d"}
HOSTILE = [
    "\x00",
    "\x1b[2J",
    "\x85",
    "\x9b",
    "\ud800",
    "\udfff",
    "\udc80",  # what an undecodable byte in a file name becomes
    "\u202e",
    "\u2066",
    "\u200b",
    "\u00ad",
    "\ufeff",
    "\U000e0041",  # a tag character
    "\ue000",  # private use
    "\U0010ffff",
    "\u2028",
    "\u00a0",
    "\t",
    "\n",
    "\u200d",
]

# Any code point at all, surrogates included (hypothesis leaves them out by default).
anything = st.text(st.characters(exclude_categories=()), max_size=60)
hostile_mix = st.lists(st.sampled_from(HOSTILE) | st.text(max_size=4) | anything, max_size=12).map(
    "".join
)
printable_word = st.text(
    st.characters(categories=("L", "M", "N", "P", "S")), min_size=1, max_size=12
)
printable = st.lists(printable_word, min_size=0, max_size=6).map(
    lambda words: unicodedata.normalize("NFC", " ".join(words))
)


def assert_shown_safely(out: str) -> None:
    for i, ch in enumerate(out):
        category = unicodedata.category(ch)
        assert category not in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp"), (ch, out)
        assert ch not in BIDI, out
        assert category != "Zs" or ch == " ", out
        if category == "Cf":
            # only a joiner, and only between two visible characters
            assert ch in JOINERS, out
            assert 0 < i < len(out) - 1, out
            assert out[i - 1] not in " \u200c\u200d" and out[i + 1] not in " \u200c\u200d"
    assert "  " not in out and out == out.strip(" ")
    assert unicodedata.is_normalized("NFC", out)
    out.encode("utf-8")  # never raises: no lone surrogate is left


@given(hostile_mix | anything)
@example("Ada\x00\ud800\u202eLovelace")
@example("\u200d" * 5)
@example("a\u200d")
def test_clean_text_holds_none_of_the_dropped_characters(text):
    assert_shown_safely(clean(text))


@given(hostile_mix | anything | printable, st.none() | st.integers(0, 30))
def test_cleaning_twice_changes_nothing_more(text, limit):
    once = clean(text, limit)
    assert clean(once, limit) == once
    assert clean(once) == once
    if limit is not None:
        assert len(once) <= limit
    assert_shown_safely(once)


@given(printable)
def test_plain_printable_text_is_unchanged(text):
    assert clean(text) == text


@given(printable, st.integers(0, 80))
def test_a_limit_keeps_the_start_of_the_text(text, limit):
    out = clean(text, limit)
    assert text.startswith(out)
    assert len(out) == len(text[:limit].rstrip(" "))


@pytest.mark.parametrize(
    "raw, shown",
    [
        ("Ada\x00", "Ada"),
        ("\u202eAda wins", "Ada wins"),
        ("Ada\nLovelace", "Ada Lovelace"),
        ("  Ada \t Lovelace  ", "Ada Lovelace"),
        ("Ren\u0065\u0301e", "Renée"),  # composed, so one name and one width
        ("\ud800\udc00", ""),  # two lone surrogates (JSON's escapes), not a pair
        ("\U0001f468\u200d\U0001f469\u200d\U0001f467", "👨\u200d👩\u200d👧"),  # a family
        ("\u200dAda\u200d", "Ada"),
        ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "می\u200cخواهم"),  # Persian
        ("x\u200by", "xy"),
        (None, ""),
        (42, ""),
    ],
)
def test_what_is_kept_and_what_goes(raw, shown):
    assert clean(raw) == shown


def test_a_limit_counts_what_is_shown_and_never_ends_on_a_joiner():
    assert clean("\x00" * 1000 + "Ada", 3) == "Ada"
    assert clean("ab\u200dc", 3) == "ab"
    assert clean("ab c", 3) == "ab"
    assert clean("W" * 100_000, 20) == "W" * 20
