"""Every screen by name: the one table of screen names to the modules that build them.

Screens reach each other through here (``app.open("rules", game_id)``,
``app.replace_with("play", match)``, ``app.reset_to(app.build("title"))``) and never
import one another, so the import graph of ``scenes/`` runs one way: screens import
the shared pieces (widgets, theme, focus, input, the play base) and this module; this
module imports a screen only when it is opened (``importlib``, at run time), so it
sits under every screen and above none.  ``tests/test_imports.py`` holds both rules.

A table entry is ``"module:attribute"``: a Scene class, or a function that builds one
from ``(app, *args)`` and returns None when it has already told the player why it
cannot (a damaged tutorial file, a party that cannot listen): then nothing opens.
"""

from __future__ import annotations

import functools
import importlib

SCREENS: dict[str, str] = {
    "title": "scenes.title:TitleScene",
    "select": "scenes.select:SelectScene",
    "rules": "scenes.rules:RulesScene",
    "settings": "scenes.settings:SettingsScene",
    "pause": "scenes.pause:PauseScene",
    "results": "scenes.results:results_scene_for",
    "keypad": "scenes.keypad:NumberPad",
    "textpad": "scenes.keypad:TextPad",
    "lobby": "scenes.party:open_lobby",
    "tutorial": "scenes.tutorial:tutorial_scene",
    "replays": "scenes.theatre.library:ReplayListScene",
    "theatre": "scenes.theatre.screen:TheatreScene",
    "take-over": "scenes.theatre.takeover:TakeOverScene",
    "attract": "scenes.kiosk:AttractScene",
    "initials": "scenes.halloffame:initials_scene",
    "fame": "scenes.halloffame:HallOfFameScene",
    "play": "scenes.routes:play_scene_for",
    "puzzles": "scenes.puzzles:PuzzlesScene",
    "race": "scenes.race:RaceScene",
    "operator": "scenes.operator:OperatorScene",
    "profiles": "scenes.profiles:ProfileScene",
    "who": "scenes.profiles:WhoScene",
}


@functools.cache
def play_views() -> dict[str, str]:
    """The play screen of each game: game id -> its view package, ``scenes/play/<module>/``
    (``GameSpec.module``), which exports ``VIEW`` (its view class) and the game's
    scene-level hooks (docs/architecture.md): ``lit_rect`` and ``board_rect`` (where the
    tutorial points), ``PUZZLE_MIXIN`` where its puzzles need their own, and ``RESULTS``
    where its results screen is its own."""
    from game.registry import GAMES

    return {game_id: f"scenes.play.{spec.module}" for game_id, spec in GAMES.items()}


def screen_modules() -> set[str]:
    """The modules the table names (each a screen, or a package of one screen's parts)."""
    named = {target.partition(":")[0] for target in SCREENS.values()}
    return (named | set(play_views().values())) - {__name__}


def builder(name: str):
    """The class or function that builds screen ``name`` (its module imported now)."""
    try:
        module, _sep, attribute = SCREENS[name].partition(":")
    except KeyError:
        raise LookupError(f"no screen is called {name!r}") from None
    return getattr(importlib.import_module(module), attribute)


def build(app, name: str, /, *args, **kwargs):
    """Screen ``name`` built for ``app`` (not shown yet), or None (see above)."""
    return builder(name)(app, *args, **kwargs)


def play_package(game_id: str):
    """The package of ``game_id``'s play screen (a game id, e.g. ``"element-shift"``)."""
    try:
        module = play_views()[game_id]
    except KeyError:
        raise LookupError(f"no play screen for {game_id!r}") from None
    return importlib.import_module(module)


def view_class(game_id: str):
    return play_package(game_id).VIEW


_JUDGED: dict[tuple[type, str], type] = {}


def judged_view_class(mixin: type, game_id: str) -> type:
    """``game_id``'s own play view with ``mixin`` in front of it (a tutorial's or a
    puzzle's judge), made once per pair, so the normal controls work unchanged."""
    key = (mixin, game_id)
    if key not in _JUDGED:
        view = view_class(game_id)
        prefix = mixin.__name__.removesuffix("Mixin")
        _JUDGED[key] = type(f"{prefix}{view.__name__}", (mixin, view), {})
    return _JUDGED[key]


def play_scene_for(app, match):
    return view_class(match.spec.id)(app, match)
