"""tools/arena.py on the Nim test game: table shape, scoring and ratings."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tests import nim_game

ARENA_PATH = Path(__file__).resolve().parent.parent / "tools" / "arena.py"


@pytest.fixture(scope="module")
def arena():
    spec = importlib.util.spec_from_file_location("crystal_arcade_arena", ARENA_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_perfect_nim_beats_random(arena):
    result = arena.run_arena(
        nim_game.SPEC,
        ["medium", "random", "easy"],
        games=12,
        seed=3,
        spec_module="tests.nim_game",
        progress=None,
    )
    assert [(p["a"], p["b"]) for p in result["pairings"]] == [
        ("medium", "random"),
        ("medium", "easy"),
        ("random", "easy"),
    ]
    for p in result["pairings"]:
        assert p["games"] == 12 and p["wins"] + p["draws"] + p["losses"] == 12
        assert 0.0 <= p["ci95"][0] <= p["score"] <= p["ci95"][1] <= 1.0
    first = result["pairings"][0]
    assert first["score"] > 0.5 and first["wins"] > first["losses"]
    assert result["ratings"]["random"] == 0.0
    assert result["ratings"]["medium"] > result["ratings"]["random"] + 100
    # Seats alternate and game k of every pairing starts from seed + k.
    seats = [r["seats"] for r in result["records"][:2]]
    assert seats == [["medium", "random"], ["random", "medium"]]
    assert [r["seed"] for r in result["records"][:3]] == [3, 4, 5]
    json.dumps(result)  # --json writes exactly this

    report = arena.format_report(result)
    lines = report.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("A "))
    table = lines[header : header + 5]  # header, rule, three pairings
    rule = table[1]
    assert set(rule) == {"-", " "} and len(rule.split()) == 13  # 13 columns
    # Aligned: the last column is right-aligned, so aligned lines are equally long,
    # and every cell ends where its column's rule ends.
    assert len({len(line) for line in table}) == 1
    ends = [
        i for i in range(len(rule)) if rule[i] == "-" and (i + 1 == len(rule) or rule[i + 1] == " ")
    ]
    for row in table[2:]:
        assert len(row.split()) == 13
        for end in ends[2:]:  # numeric columns are right-aligned
            assert row[end] != " ", (row, end)
    assert "medium" in lines[-3] or "medium" in lines[-2]


def test_three_players_rotate_the_lone_seat(arena):
    assert [arena.seat_levels("a", "b", k, 3) for k in range(4)] == [
        ("a", "b", "b"),
        ("b", "a", "a"),
        ("b", "a", "b"),
        ("a", "b", "a"),
    ]
    result = arena.run_arena(
        nim_game.SPEC,
        ["medium", "random"],
        games=6,
        players=3,
        spec_module="tests.nim_game",
        progress=None,
    )
    p = result["pairings"][0]
    assert p["games"] == 6 and 1.0 <= p["avg_place_a"] <= 2.0
    assert "one seat" in arena.format_report(result)


def test_main_with_spec_module(arena, tmp_path, capsys):
    out = tmp_path / "arena.json"
    assert (
        arena.main(
            [
                "--spec-module",
                "tests.nim_game",
                "--levels",
                "hard,random",
                "--games",
                "4",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "Nim (test game)" in text and "rating (random = 0)" in text
    assert json.loads(out.read_text())["results"][0]["games_per_pairing"] == 4


# -- reference players from outside the bot family ---------------------------------------------
def test_references_know_nim_only_through_the_contract(arena):
    """ref-ab and ref-uct beat a random player at Nim (perfect play exists and is
    short), with nothing but the engine contract."""
    result = arena.run_arena(
        nim_game.SPEC,
        ["ref-ab", "ref-uct", "random"],
        games=8,
        seed=5,
        seconds=0.05,
        spec_module="tests.nim_game",
        progress=None,
    )
    by_pair = {(p["a"], p["b"]): p for p in result["pairings"]}
    assert by_pair[("ref-ab", "random")]["wins"] >= 7
    assert by_pair[("ref-uct", "random")]["wins"] >= 6
    assert all(not r["note"] for r in result["records"])  # no forfeits, no illegal moves


def test_references_take_a_win_in_one():
    import random

    from tools.references import GreedyOnePly, ReferenceAlphaBeta, ReferenceUCT

    state = nim_game.NimState((0, 0, 3), 2)  # taking all three wins at once
    for bot in (ReferenceAlphaBeta(), ReferenceUCT(), GreedyOnePly()):
        bot.think_seconds = 0.2
        move = bot.choose(state, rng=random.Random(1))
        assert state.apply(move).is_terminal() and state.apply(move).outcome().winners == (0,)


@pytest.mark.parametrize(
    "game", ["crystal-connector", "chromatic-collapse", "crystal-formation", "color-crossroads"]
)
def test_references_play_whole_legal_games_of_every_two_player_game(arena, game):
    from game.registry import GAMES

    levels = ["ref-ab", "ref-uct", "ref-greedy"] + (
        ["ref-loa"] if game == "chromatic-collapse" else []
    )
    result = arena.run_arena(GAMES[game], levels, games=1, seed=2, seconds=0.01, progress=None)
    for record in result["records"]:
        assert not record["note"], record["note"]  # a bot error or illegal move forfeits
        assert record["actions"] > 0


def test_ref_greedy_refuses_secret_games_and_ref_loa_other_games(arena):
    from game.registry import GAMES

    with pytest.raises(ValueError, match="ref-loa"):
        arena.run_arena(GAMES["crystal-formation"], ["hard", "ref-loa"], games=1, progress=None)
    result = arena.run_arena(
        GAMES["element-shift"], ["ref-greedy", "random"], games=1, seconds=0.01, progress=None
    )
    assert "secret information" in result["records"][0]["note"]


def test_ref_uct_and_ref_ab_play_whole_legal_element_shift_games(arena):
    """Through the determinisation hook the generic searchers play the twelve-seat game
    of secret plans: legal plans every round, no forfeit, both as the lone seat and as
    the eleven others."""
    from game.registry import GAMES

    result = arena.run_arena(
        GAMES["element-shift"], ["ref-uct", "ref-ab"], games=2, seed=3, seconds=0.01, progress=None
    )
    for record in result["records"]:
        assert not record["note"], record["note"]
        assert record["actions"] == 12 * 8  # the start picks and seven rounds of plans
    # the table splits the points by which level sat alone
    alone = result["pairings"][0]["points_when_alone"]
    assert {k: v["games"] for k, v in alone.items()} == {"ref-uct": 1, "ref-ab": 1}
    lone = [
        p
        for r in result["records"]
        for s, p in zip(r["seats"], r["points"], strict=True)
        if s == "ref-uct" and r["seats"].count("ref-uct") == 1
    ]
    assert alone["ref-uct"]["ref-uct"] == lone[0]
    assert "ref-uct alone (1 games)" in arena.format_report(result)


def test_time_scale_multiplies_every_bots_own_seconds(arena, monkeypatch):
    """--time-scale 0.25 gives each bot a quarter of its own think time (Expert keeps
    its advantage over Hard), and says so in the table's head."""
    seen = []

    class Recorder:
        def __init__(self, name, seconds):
            self.name, self.think_seconds = name, seconds

        def choose(self, state, *, rng, budget):
            seen.append((self.name, budget.seconds))
            return state.legal_moves()[0]

    monkeypatch.setattr(
        arena,
        "make_bot",
        lambda spec, level: Recorder(level, {"medium": 4.0, "random": 1.5}[level]),
    )
    result = arena.run_arena(
        nim_game.SPEC,
        ["medium", "random"],
        games=2,
        time_scale=0.25,
        spec_module="tests.nim_game",
        progress=None,
    )
    assert dict(seen) == {"medium": 1.0, "random": 0.375}
    assert "each bot its own think time x 0.25" in arena.format_report(result)
