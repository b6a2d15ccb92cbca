"""Imports run one way.

Read from the source with ``ast`` (every import, also those inside functions):
- the rules never import their bots: ``game/<game>.py`` -> ``game.ai`` is forbidden,
  the spec that ties a game to its bots is assembled in ``game/registry.py``;
- no two modules anywhere import each other, and the app loop (scenes/app.py)
  imports no screen: scenes/boot.py hands it the title and the kiosk policy.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes", "tools", "party")


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


@functools.lru_cache(maxsize=1)
def _graph_once() -> dict[str, frozenset[str]]:
    known = modules()
    return {name: frozenset(imports_of(path, name, known)) for name, path in known.items()}


def graph() -> dict[str, set[str]]:
    """Every module's imports.  The source is parsed once per test process (it does not
    change during a run; parsing it costs over a second a test); each caller gets its
    own copy to change."""
    return {name: set(targets) for name, targets in _graph_once().items()}


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


def test_no_two_modules_import_each_other():
    pairs = mutual_pairs(graph())
    assert pairs == set(), f"import circles: {sorted(map(sorted, pairs))}"


def test_the_app_loop_imports_no_screen():
    """The App is handed its first screen and its kiosk policy (scenes/boot.py): the
    loop depends only on what every screen shares."""
    shared = {"scenes.scene", "scenes.input", "scenes.widgets", "scenes.config", "scenes.theme"}
    shared |= {"scenes.sound", "scenes"}
    front_end = {t for t in graph()["scenes.app"] if t.startswith("scenes")}
    assert front_end <= shared, sorted(front_end - shared)
    assert "scenes.title" not in front_end and "scenes.kiosk" not in front_end


def test_pure_layers_do_not_import_the_front_end():
    g = graph()
    for name, targets in g.items():
        if name.split(".")[0] in ("game", "party"):
            assert not any(t.startswith("scenes") for t in targets), name
