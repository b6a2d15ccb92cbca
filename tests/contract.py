"""The engine contract, as checks any game's tests can call with its spec.

``tests/test_contract.py`` runs them over every entry of GAMES plus the test game;
a game's own test module may call them while it is being written.
"""

from __future__ import annotations

import json
import random

import pytest

from game.rules.contract import GameSpec, IllegalMove


def deep_snapshot(state):
    return json.dumps(state.to_json(), sort_keys=True)


def random_playout_checks(
    spec: GameSpec, seed: int, players: int | None = None, options=None, check_every: int = 1
) -> int:
    """One seeded random playout with every contract check on the way.  Returns the
    number of actions played."""
    options = options or {}
    state = spec.new_game(seed, players, **options)
    players_n, resolved = spec.resolve_options(players, **options)
    bound = spec.move_bound(players_n, resolved)
    rng = random.Random(seed)
    actions = 0
    while not state.is_terminal():
        assert actions < bound, f"{spec.id} seed {seed}: no end within {bound} actions"
        seat = state.current_player()
        assert 0 <= seat < state.num_players
        moves = state.legal_moves()
        assert moves, f"{spec.id}: a live state with no legal moves"
        move = rng.choice(moves)
        if actions % check_every == 0:
            before = deep_snapshot(state)
            # notation round trip
            text = str(move)
            assert spec.parse_move(state, text) == move, f"{text!r} does not read back"
            # JSON round trip of the state
            data = json.loads(json.dumps(state.to_json()))
            again = spec.from_json(data)
            assert deep_snapshot(again) == before
            assert again.legal_moves() == moves
        nxt = state.apply(move)
        if actions % check_every == 0:
            assert deep_snapshot(state) == before, f"{spec.id}: apply mutated the state"
        state = nxt
        actions += 1
    out = state.outcome()
    assert out is not None and len(out.places) == state.num_players
    assert state.current_player() == -1
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove):
        state.apply(move)
    return actions


def illegal_text_checks(spec: GameSpec, seed: int = 1) -> None:
    state = spec.new_game(seed)
    for junk in ("", "   ", "banana", "zz99 up 7", "\x00", "x" * 500):
        with pytest.raises(IllegalMove):
            state.apply(spec.parse_move(state, junk))
