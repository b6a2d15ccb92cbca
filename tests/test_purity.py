"""game/ is pure: no module there imports pygame (checked in source and at runtime).
The party host (party/) is held to the same rule: network code never draws."""

import ast
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
PARTY = GAME.parent / "party"


def test_no_game_module_imports_pygame_in_source():
    offenders = []
    for path in [*GAME.rglob("*.py"), *PARTY.rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(
                n == "pygame" or n.startswith("pygame.") or n.startswith("pygame_gui")
                for n in names
            ):
                offenders.append(str(path.relative_to(GAME.parent)))
    assert offenders == []


def test_importing_every_game_module_loads_no_pygame():
    code = (
        "import importlib, pkgutil, sys, game, party\n"
        "for pkg in (game, party):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "print('pygame' in sys.modules, 'party.table' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=GAME.parent, check=True
    )
    assert out.stdout.strip() == "False True"
