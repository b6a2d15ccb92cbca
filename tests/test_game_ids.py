"""Each game in one place: shared modules name no game.

Read from the source with ``ast``: a string constant in code (docstrings aside; comments
are not in the tree) that holds a game's id (``"element-shift"``, also inside a longer
text such as ``"element-shift#7"``), or is exactly its module name (``"element_shift"``)
or its title, is allowed only in that game's own modules and in ``game/registry.py``.
A game's own module is one whose path has its module name as a part or as the start of
a file name: ``game/rules/<module>.py``, ``game/ai/<module>.py``,
``scenes/play/<module>/``, ``party/phone_boards/<module>.py``,
``tools/benchmarks/<module>*.py``, ``tools/games/<module>.py``.  Everything else asks the
game's ``GameSpec`` (``game.registry.game_module``), so a shared module never compares a
game id (``if game == "..."``) and a sixth game touches no shared file.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes", "party", "tools")
REGISTRY = "game/registry.py"

IDS = re.compile(
    r"(?<![\w-])("
    + "|".join(re.escape(g) for g in sorted(GAMES, key=len, reverse=True))
    + r")(?![\w-])"
)
MODULES = {spec.module: spec.id for spec in GAMES.values()}
TITLES = {spec.title: spec.id for spec in GAMES.values()}


def owner(relative: Path) -> str | None:
    """The game whose own module ``relative`` is, or None for a shared module."""
    for part in relative.with_suffix("").parts:
        for module, game_id in MODULES.items():
            if part == module or part.startswith(module + "_"):
                return game_id
    return None


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def games_named(value: str) -> set[str]:
    named = set(IDS.findall(value))
    for table in (MODULES, TITLES):
        if value in table:
            named.add(table[value])
    return named


def scanned():
    """(path from the top, its game or None, its syntax tree) of every module checked."""
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative.as_posix() != REGISTRY:
                yield relative, owner(relative), ast.parse(path.read_text(encoding="utf-8"))


def game_literals() -> list[str]:
    """``path:line: 'text'`` for each game named outside its own modules."""
    out = []
    for relative, mine, tree in scanned():
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if id(node) in skip:
                continue
            if games_named(node.value) - {mine}:
                out.append(f"{relative.as_posix()}:{node.lineno}: {node.value[:60]!r}")
    return out


def imported_games(node: ast.AST) -> set[str]:
    """The games whose own modules an ``import`` statement names (``game.rules.<module>``,
    ``from game.ai import <module>``)."""
    if isinstance(node, ast.Import):
        dotted = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        dotted = [base] + [f"{base}.{alias.name}" for alias in node.names]
    else:
        return set()
    found = set()
    for name in dotted:
        for part in name.split("."):
            for module, game_id in MODULES.items():
                if part == module or part.startswith(module + "_"):
                    found.add(game_id)
    return found


def game_imports() -> list[str]:
    """``path:line: import`` for each game's own module imported outside that game's
    modules: shared code reaches a game through its ``GameSpec`` and the registry."""
    out = []
    for relative, mine, tree in scanned():
        for node in ast.walk(tree):
            if imported_games(node) - {mine}:
                out.append(f"{relative.as_posix()}:{node.lineno}: {ast.unparse(node)[:80]}")
    return out


def test_no_shared_module_imports_a_games_own_module():
    offenders = game_imports()
    assert offenders == [], "\n".join(offenders)


def test_no_shared_module_names_a_game():
    offenders = game_literals()
    assert offenders == [], "\n".join(offenders)


def test_the_check_sees_a_comparison_and_spares_docstrings(tmp_path):
    """The scan itself: a comparison in code is found, a docstring is not."""
    some = next(iter(GAMES))
    source = f'"""About {some}."""\n\ndef f(game):\n    return game == {some!r}\n'
    tree = ast.parse(source)
    skip = docstrings(tree)
    hits = [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
        if games_named(n.value)
    ]
    assert hits == [4]
    assert owner(Path("scenes/play") / GAMES[some].module / "view.py") == some
    assert owner(Path("scenes/tutorial.py")) is None
