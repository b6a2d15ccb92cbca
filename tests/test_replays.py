"""The replay library and the timeline (no drawing): listing, keeping the last 50,
rename, delete (set aside), refusing damaged files without touching them, stepping
and taking over."""

import itertools
import json
import os
import random

import pytest

from game.midend.match import Match, ReplayError, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.storage import autosave
from game.storage.replays import (
    RECENT_KEEP,
    Timeline,
    delete_replay,
    keep_recent,
    list_replays,
    open_replay,
    recent_folder,
    rename_replay,
    replay_key,
    take_over,
)
from game.storage.saves import SaveError
from tests.test_hardening import EXPECT, hostile_variants, real_match


def played(game: str, seed: int = 5, limit: int = 400) -> Match:
    """A whole game between seeded random players (finished unless ``limit`` hit)."""
    spec = GAMES[game]
    setup = GameSetup(game, spec.default_players, spec.resolve_options()[1], seed)
    m = Match(spec, setup, [Seat.bot("easy")] * setup.players, setup.start(GAMES))
    rng = random.Random(seed)
    while not m.is_over() and len(m.entries) < limit:
        m.submit(rng.choice(m.state.legal_moves()))
    return m


def test_saved_and_kept_replays_are_listed_newest_first(paths):
    a = played("chromatic-collapse", 1)
    b = played("color-crossroads", 2)
    a.started_at, b.started_at = 1_000_000.0, 2_000_000.0
    saved = autosave.save_replay(a, paths)
    kept = keep_recent(b, paths)
    rows = list_replays(paths)
    assert [r.path for r in rows] == [kept, saved]
    assert rows[0].recent and not rows[1].recent
    assert rows[1].title == "Chromatic Collapse"
    assert rows[1].moves == len(a.entries)
    assert rows[1].result == a.state.outcome().reason
    assert len(rows[1].seats) == 2 and "Easy bot" in rows[1].seats[0]
    assert all(r.problem is None for r in rows)


def test_only_the_last_fifty_finished_games_are_kept(paths):
    m = played("color-crossroads", 3, limit=6)
    for i in range(RECENT_KEEP + 3):
        path = keep_recent(m, paths)
        os.utime(path, (1000 + i, 1000 + i))  # distinct ages, oldest first
    files = sorted(recent_folder(paths).glob("*.json"))
    assert len(files) == RECENT_KEEP
    ages = sorted(p.stat().st_mtime for p in files)
    assert ages[0] == 1003  # the three oldest went


def test_rename_changes_the_listed_name_and_refuses_bad_names(paths):
    path = autosave.save_replay(played("color-crossroads", 4, limit=8), paths)
    new = rename_replay(path, "Final of the day")
    assert new.name == "Final of the day.json" and not path.exists()
    assert [r.name for r in list_replays(paths)] == ["Final of the day"]
    other = autosave.save_replay(played("color-crossroads", 5, limit=8), paths)
    for bad in ("", "a/b", "Final of the day", ".hidden", "x" * 81):
        with pytest.raises(SaveError):
            rename_replay(other, bad)
    assert other.exists()


def test_delete_sets_the_file_aside_and_it_leaves_the_list(paths):
    path = autosave.save_replay(played("color-crossroads", 6, limit=8), paths)
    content = path.read_bytes()
    aside = delete_replay(path)
    assert not path.exists() and aside.exists() and ".deleted-" in aside.name
    assert aside.read_bytes() == content
    assert list_replays(paths) == []


@pytest.mark.parametrize("kind", list(EXPECT))
def test_a_damaged_replay_is_refused_with_the_reason_and_left_in_place(kind, paths):
    record = real_match().to_replay()
    paths.replays.mkdir(parents=True)
    path = paths.replays / "damaged.json"
    raw = hostile_variants(record)[kind]
    path.write_bytes(raw)
    with pytest.raises(ReplayError) as err:
        open_replay(path)
    assert EXPECT[kind] in str(err.value) and "damaged.json" in str(err.value)
    assert path.read_bytes() == raw  # untouched, not moved
    assert sorted(p.name for p in paths.replays.iterdir()) == ["damaged.json"]
    rows = list_replays(paths)  # listed (so it can be deleted), never moved by listing
    assert len(rows) == 1 and path.exists()


def test_an_illegal_move_names_the_move_number_and_the_engines_reason(paths):
    m = played("chromatic-collapse", 7, limit=10)
    data = m.to_replay()
    data["moves"][4] = data["moves"][3]  # the same piece move again: no longer legal
    paths.replays.mkdir(parents=True)
    path = paths.replays / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError) as err:
        open_replay(path)
    assert "move 5" in str(err.value) and "illegal" in str(err.value)


def test_a_replay_of_the_first_format_without_newer_fields_still_opens(paths):
    m = played("crystal-connector", 8, limit=12)
    data = m.to_replay()
    for newer in ("timeouts", "proxies", "clock", "started_at", "outcome", "scores", "app"):
        data.pop(newer, None)
    paths.replays.mkdir(parents=True)
    path = paths.replays / "old.json"
    path.write_text(json.dumps(data))
    again = open_replay(path)
    assert again.state.to_json() == m.state.to_json()


def test_timeline_steps_by_action_turn_and_round():
    m = played("crystal-connector", 9, limit=40)
    line = Timeline.of(m)
    assert line.last == len(m.entries)
    starts = line.turn_starts()
    assert starts[0] == 0 and starts[-1] == line.last
    for a, b in itertools.pairwise(starts):
        assert a < b
    # Every turn start is a change of seat or round; inside a turn neither changes.
    for k in range(1, line.last):
        boundary = (
            m.entries[k].seat != m.entries[k - 1].seat
            or m.states[k].round_number != m.states[k - 1].round_number
        )
        assert (k in starts) == boundary
    line.go(0)
    seen = [0]
    while not line.at_end():
        seen.append(line.step_turn(+1))
    assert seen == starts
    while line.cursor:
        line.step_turn(-1)
    assert line.step(+1) == 1 and line.step(-5) == 0 and line.go(10_000) == line.last
    rs = line.round_starts()
    assert all(m.states[k].round_number != m.states[k - 1].round_number for k in rs[1:-1])


@pytest.mark.parametrize("game", list(GAMES))
def test_take_over_mid_game_and_finish(game):
    m = played(game, 11)
    k = len(m.entries) // 2
    seats = [Seat.person()] + [Seat.bot("easy")] * (len(m.seats) - 1)
    fresh = take_over(m, k, seats)
    assert fresh.state.to_json() == m.states[k].to_json()
    assert [e.text for e in fresh.entries] == [e.text for e in m.entries[:k]]
    assert fresh.seats == seats and not fresh.is_over()
    rng = random.Random(2)
    while not fresh.is_over():
        fresh.submit(rng.choice(fresh.state.legal_moves()))
    assert fresh.state.outcome() is not None
    assert m.states[-1].is_terminal()  # the replay itself is unchanged


def test_replay_key_ignores_the_file_name_and_seats_but_not_the_moves():
    m = played("color-crossroads", 12, limit=10)
    a = m.to_replay()
    b = dict(a, seats=[{"kind": "person"}] * 2)
    c = dict(a, moves=a["moves"][:-1])
    assert replay_key(a) == replay_key(b) != replay_key(c)
