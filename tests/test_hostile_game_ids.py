"""Hostile game ids (``crystal-connector:rocks#42``, typed on the command line, read
from a replay, sent by a phone): ``GameSetup.parse`` answers a setup or a ValueError
whose message is short, printable and in the project's words, whatever the text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.registry import GAMES
from game.rules.contract import GameSetup

LOOKALIKES = "²٣５⁹\x00\n\u202e\u00a0-#:,= "


def check(text: str) -> None:
    try:
        setup = GameSetup.parse(text, GAMES)
    except ValueError as exc:
        msg = str(exc)
        assert msg and len(msg) <= 200, msg[:300]
        assert msg.isprintable(), repr(msg[:300])
        assert "invalid literal" not in msg and "Exceeds the limit" not in msg, msg
        return
    # A setup read is one the game starts, and whose id reads back to itself.
    assert GameSetup.parse(setup.text(GAMES[setup.game]), GAMES) == setup


@given(text=st.text())
def test_any_text(text):
    check(text)


@given(data=st.data())
def test_near_miss_ids(data):
    game = data.draw(st.sampled_from(list(GAMES)))
    opts = data.draw(st.sampled_from(["", ":players=3", ":rocks", ":walls=open", ":players="]))
    seed = data.draw(st.one_of(st.integers(-(10**30), 10**30).map(str), st.text(LOOKALIKES)))
    text = f"{game}{opts}#{seed}"
    i = data.draw(st.integers(0, len(text)))
    extra = data.draw(st.text(LOOKALIKES, max_size=2))
    check(text[:i] + extra + text[i:])


@pytest.mark.parametrize(
    "text",
    [
        "crystal-connector#²",
        "crystal-connector#" + "9" * 100_000,
        "crystal-connector:players=²#4",
        "x" * 1_000_000,
        "crystal-connector:" + "rocks," * 10_000 + "#1",
    ],
)
def test_known_hostile_ids(text):
    check(text)
