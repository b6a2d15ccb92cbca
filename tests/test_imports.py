"""Imports run one way.

Read from the source with ``ast`` (every import, also those inside functions):
- the rules never import their bots: ``game/rules/<game>.py`` (and every layer of
  game/ but the bots, the analysis and the registry) -> ``game.ai`` is forbidden, the
  spec that ties a game to its bots is assembled in ``game/registry.py``;
- no two modules anywhere import each other, and no longer circle either (the strongly
  connected components of the graph), named when one appears;
- screens reach each other by name through scenes/routes.py, the one table of them: no
  screen module imports another (a screen may only extend another's class), no shared
  helper imports a screen, and every Scene under scenes/ belongs to a screen in the table;
- the app loop (scenes/app.py) imports no screen: scenes/boot.py hands it its home and the
  kiosk policy.
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


def from_base(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` reads from, relative imports resolved."""
    base = node.module or ""
    if node.level:
        anchor = package.split(".")
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join(anchor + ([base] if base else []))
    return base


def imports_of(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = from_base(node, package)
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            # the longest known module the import names (a.b.c -> a.b if c is a name)
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
            # importing a.b.c runs a/b/__init__.py first: an edge to that package too,
            # unless it is one of this module's own (already running when this one is)
            parent = target.rpartition(".")[0]
            while parent:
                if parent in known and not (name + ".").startswith(parent + "."):
                    out.add(parent)
                parent = parent.rpartition(".")[0]
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


def circles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next((c for c in children if c in g), None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(g[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def one_circle(g: dict[str, set[str]], component: list[str]) -> list[str]:
    """A path through ``component`` that comes back to its start (to name in a failure)."""
    inside = set(component)
    start = component[0]
    came_from = {start: None}
    queue = [start]
    for node in queue:
        for child in sorted(g[node] & inside):
            if child == start:
                path = [node]
                while came_from[path[-1]] is not None:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if child not in came_from:
                came_from[child] = node
                queue.append(child)
    return component


def test_the_graph_is_read_from_the_source():
    g = graph()
    assert "game.rules.contract" in g["game.midend.match"]
    assert "game.rules.chromatic_collapse" in g["game.ai.chromatic_collapse"]
    # imports inside functions count, and importing a package's module runs the package
    assert "scenes.routes" in g["scenes.app"]
    assert "scenes.play" in g["scenes.tutorial"]


def test_circles_are_found_whatever_their_length():
    ring = {"a": {"b"}, "b": {"c"}, "c": {"d"}, "d": {"a"}, "e": {"a"}, "f": set()}
    assert circles(ring) == [["a", "b", "c", "d"]]
    assert one_circle(ring, ["a", "b", "c", "d"]) == ["a", "b", "c", "d", "a"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_circle_of_imports_of_any_length():
    g = graph()
    found = [" -> ".join(one_circle(g, c)) + f" ({len(c)} modules)" for c in circles(g)]
    assert found == [], "import circles: " + "; ".join(found)


def test_rules_never_import_their_bots():
    g = graph()
    # The bots, the coach's analysis (which asks each game's Hard bot) and the registry
    # (which ties a spec to its bots) may import bots; the rules and every other layer
    # of game/ may not.
    may = ("game.ai", "game.analysis", "game.registry")
    engines = [m for m in g if m.startswith("game.") and not m.startswith(may)]
    offenders = {m: sorted(t for t in g[m] if t.startswith("game.ai")) for m in engines}
    assert {m: t for m, t in offenders.items() if t} == {}


def test_no_two_modules_import_each_other():
    pairs = mutual_pairs(graph())
    assert pairs == set(), f"import circles: {sorted(map(sorted, pairs))}"


def test_the_app_loop_imports_no_screen():
    """The App is handed its first screen and its kiosk policy (scenes/boot.py): the
    loop depends only on what every screen shares."""
    shared = {"scenes.scene", "scenes.input", "scenes.widgets", "scenes.config", "scenes.theme"}
    shared |= {"scenes.sound", "scenes", "scenes.routes"}  # the router: by name, at run time
    shared |= {"scenes.language"}  # which language to speak: no screen either
    shared |= {"scenes.window"}  # the window the canvas is shown in
    shared |= {"scenes.stops"}  # the stop signals the loop answers
    shared |= {"scenes.speech", "scenes.speech.screens"}  # speech, like sound: no screen
    front_end = {t for t in graph()["scenes.app"] if t.startswith("scenes")}
    assert front_end <= shared, sorted(front_end - shared)
    assert "scenes.title" not in front_end and "scenes.kiosk" not in front_end


def test_pure_layers_do_not_import_the_front_end():
    g = graph()
    for name, targets in g.items():
        if name.split(".")[0] in ("game", "party"):
            assert not any(t.startswith("scenes") for t in targets), name


# -- screens by name --------------------------------------------------------------------
SCENE_BASES = {"scenes.scene", "scenes.widgets", "scenes.play.base"}  # what screens build on
SCENE_BASES |= {"scenes.widgets.menus"}  # MenuScene, in the widgets package
COMPOSITION_ROOT = "scenes.boot"  # names the first screen, the kiosk policy, --game, --replay


def screen_of(module: str, screens: set[str]) -> str | None:
    """The screen ``module`` belongs to: a module the table names, or a part of a package
    the table names (scenes/play/<game>/*.py are parts of that game's play screen)."""
    owners = [s for s in screens if module == s or module.startswith(s + ".")]
    return max(owners, key=len) if owners else None


def names_only_extended(path: Path, imported: set[str]) -> bool:
    """True when each name in ``imported`` is used in the module only as a class's base."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    as_base = {
        id(b) for node in ast.walk(tree) if isinstance(node, ast.ClassDef) for b in node.bases
    }
    uses = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in imported]
    return bool(uses) and all(id(n) in as_base for n in uses)


def screen_imports(module: str, path: Path, target: str, known) -> set[str]:
    """The names ``module`` imports from ``target`` (None in the set: the module itself)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            if any(a.name == target or a.name.startswith(target + ".") for a in node.names):
                names.add(None)
        elif isinstance(node, ast.ImportFrom):
            base = from_base(node, package)
            for alias in node.names:
                if f"{base}.{alias.name}" in known and (
                    f"{base}.{alias.name}" == target
                    or f"{base}.{alias.name}".startswith(target + ".")
                ):
                    names.add(None)  # a module, not a class to extend
                elif base == target or base.startswith(target + "."):
                    names.add(alias.asname or alias.name)
    return names


def test_the_router_names_every_screen_and_every_game():
    from game.registry import GAMES
    from scenes import routes

    assert set(routes.play_views()) == set(GAMES)
    known = modules()
    for name, target in routes.SCREENS.items():
        module, _, attribute = target.partition(":")
        assert module in known and attribute, name
    for module in routes.play_views().values():
        assert module in known
    # a name that is not in the table is refused in words, not with a KeyError
    try:
        routes.builder("no-such-screen")
    except LookupError as exc:
        assert "no-such-screen" in str(exc)
    else:
        raise AssertionError("an unknown screen name was accepted")


def test_no_screen_module_imports_another():
    """The router's table is the one place that names screens: a screen reaches another
    by name (``app.open("rules", ...)``), never by importing it, at module level or in a
    function.  Extending another screen's class (Element Shift's results extend the
    shared results) is the one import allowed: it names no screen to go to."""
    from scenes import routes

    screens = routes.screen_modules()
    known = modules()
    g = graph()
    offenders = []
    for module, targets in sorted(g.items()):
        if not module.startswith("scenes") or module in (routes.__name__, COMPOSITION_ROOT):
            continue
        mine = screen_of(module, screens)
        for target in sorted(targets):
            theirs = screen_of(target, screens)
            if theirs is None or theirs == mine:
                continue
            if target in screens or target == theirs:
                imported = screen_imports(module, known[module], target, known)
                if None not in imported and names_only_extended(known[module], imported):
                    continue
            offenders.append(f"{module} ({mine or 'not a screen'}) imports {target}")
    assert offenders == [], offenders


def test_nothing_in_scenes_imports_the_composition_root():
    g = graph()
    assert [m for m, t in g.items() if COMPOSITION_ROOT in t and m.startswith("scenes")] == []


def test_every_scene_belongs_to_a_screen_in_the_table():
    """A module under scenes/ that defines a Scene (read from the class bases) is a screen
    the router names, or part of one, or one of the bases screens are built on."""
    from scenes import routes

    screens = routes.screen_modules()
    trees = {m: ast.parse(p.read_text(encoding="utf-8")) for m, p in modules().items()}
    trees = {m: t for m, t in trees.items() if m.startswith("scenes")}

    def base_names(node: ast.ClassDef) -> set[str]:
        return {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}

    family = {"Scene"}
    while True:
        grown = family | {
            node.name
            for tree in trees.values()
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef) and base_names(node) & family
        }
        if grown == family:
            break
        family = grown
    with_scenes = {
        m
        for m, tree in trees.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and base_names(node) & family
    }
    assert {"scenes.title", "scenes.kiosk", "scenes.play.crystal_connector.view"} <= with_scenes
    stray = sorted(m for m in with_scenes - SCENE_BASES if screen_of(m, screens) is None)
    assert stray == [], f"screens the router does not name: {stray}"
