"""Imports run one way.

Read from the source with ``ast`` (every import, also those inside functions):
- the rules never import their bots: ``game/<game>.py`` -> ``game.ai`` is forbidden,
  the spec that ties a game to its bots is assembled in ``game/registry.py``;
- no two modules of game/, tools/ or party/ import each other;
- scenes/ still has pairs that import each other (app.py and the screens, through
  function-local imports).  They are listed here so the list can only shrink: a new
  pair fails this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes", "tools", "party")

# Known pairs in scenes/: App finds its first screens and kiosk policy by importing
# them, and they import App.  Issue 16 moves kiosk policy and screen lookup out of App.
SCENES_PAIRS_TO_REMOVE = {
    frozenset(pair)
    for pair in [
        ("scenes.app", "scenes.kiosk"),
        ("scenes.app", "scenes.select"),
        ("scenes.app", "scenes.title"),
        ("scenes.app", "scenes.widgets"),
    ]
}


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        base = ROOT / package
        if not base.is_dir():
            continue
        for path in base.rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imports_of(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            # the longest known module the import names (a.b.c -> a.b if c is a name)
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(path, name, known) for name, path in known.items()}


def mutual_pairs(g: dict[str, set[str]]) -> set[frozenset]:
    return {frozenset((a, b)) for a, targets in g.items() for b in targets if a in g.get(b, ())}


def test_the_graph_is_read_from_the_source():
    g = graph()
    assert "game.core" in g["game.match"]
    assert "game.chromatic_collapse" in g["game.ai.chromatic_collapse"]


def test_rules_never_import_their_bots():
    g = graph()
    engines = [
        m
        for m in g
        if m.startswith("game.") and not m.startswith("game.ai") and m != "game.registry"
    ]
    offenders = {m: sorted(t for t in g[m] if t.startswith("game.ai")) for m in engines}
    assert {m: t for m, t in offenders.items() if t} == {}


def test_no_two_modules_of_game_or_tools_import_each_other():
    pairs = {
        p
        for p in mutual_pairs(graph())
        if all(m.split(".")[0] in ("game", "tools", "party") for m in p)
    }
    assert pairs == set()


def test_scenes_import_circles_only_shrink():
    pairs = {p for p in mutual_pairs(graph()) if all(m.startswith("scenes") for m in p)}
    new = pairs - SCENES_PAIRS_TO_REMOVE
    assert new == set(), f"new import circles in scenes/: {sorted(map(sorted, new))}"


def test_pure_layers_do_not_import_the_front_end():
    g = graph()
    for name, targets in g.items():
        if name.split(".")[0] in ("game", "party"):
            assert not any(t.startswith("scenes") for t in targets), name
