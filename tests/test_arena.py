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
    result = arena.run_arena(nim_game.SPEC, ["medium", "random", "easy"], games=12, seed=3,
                             spec_module="tests.nim_game", progress=None)
    assert [(p["a"], p["b"]) for p in result["pairings"]] == [
        ("medium", "random"), ("medium", "easy"), ("random", "easy")]
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
    table = lines[header:header + 5]  # header, rule, three pairings
    rule = table[1]
    assert set(rule) == {"-", " "} and len(rule.split()) == 13  # 13 columns
    # Aligned: the last column is right-aligned, so aligned lines are equally long,
    # and every cell ends where its column's rule ends.
    assert len({len(line) for line in table}) == 1
    ends = [i for i in range(len(rule))
            if rule[i] == "-" and (i + 1 == len(rule) or rule[i + 1] == " ")]
    for row in table[2:]:
        assert len(row.split()) == 13
        for end in ends[2:]:  # numeric columns are right-aligned
            assert row[end] != " ", (row, end)
    assert "medium" in lines[-3] or "medium" in lines[-2]


def test_three_players_rotate_the_lone_seat(arena):
    assert [arena.seat_levels("a", "b", k, 3) for k in range(4)] == [
        ("a", "b", "b"), ("b", "a", "a"), ("b", "a", "b"), ("a", "b", "a")]
    result = arena.run_arena(nim_game.SPEC, ["medium", "random"], games=6, players=3,
                             spec_module="tests.nim_game", progress=None)
    p = result["pairings"][0]
    assert p["games"] == 6 and 1.0 <= p["avg_place_a"] <= 2.0
    assert "one seat" in arena.format_report(result)


def test_main_with_spec_module(arena, tmp_path, capsys):
    out = tmp_path / "arena.json"
    assert arena.main(["--spec-module", "tests.nim_game", "--levels", "hard,random",
                       "--games", "4", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Nim (test game)" in text and "rating (random = 0)" in text
    assert json.loads(out.read_text())["results"][0]["games_per_pairing"] == 4
