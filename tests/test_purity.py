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


def test_board_input_objects_import_no_pygame():
    """Each game's ui.py and the shared scenes/play/interpret.py turn plain inputs into
    moves; they are tested without a window, so they must not need one."""
    play = GAME.parent / "scenes" / "play"
    modules = ["scenes.play.interpret"] + [
        f"scenes.play.{p.parent.name}.ui" for p in sorted(play.glob("*/ui.py"))
    ]
    assert "scenes.play.chromatic_collapse.ui" in modules
    # A game's package __init__ re-exports its view (which draws), so each package is
    # stood in by a bare one: what is checked is ui.py and everything it imports.
    code = (
        "import importlib, sys, types\n"
        "import scenes.play\n"
        f"for name in {modules!r}:\n"
        "    package = name.rpartition('.')[0]\n"
        "    if package != 'scenes.play':\n"
        "        bare = types.ModuleType(package)\n"
        "        bare.__path__ = [scenes.play.__path__[0] + '/' + package.split('.')[-1]]\n"
        "        sys.modules[package] = bare\n"
        "    importlib.import_module(name)\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=GAME.parent, check=True
    )
    assert out.stdout.strip() == "False"
