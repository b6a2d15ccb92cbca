"""A view changes the base only through the hooks the base documents (``VIEW_HOOKS``)."""

from __future__ import annotations

import inspect

import pytest

from game.registry import GAMES
from scenes.play import view_class
from scenes.play.base import VIEW_HOOKS, PlayScene


def base_methods() -> set[str]:
    return {
        name
        for cls in PlayScene.__mro__
        for name, value in vars(cls).items()
        if inspect.isfunction(value) and not name.startswith("__")
    }


def view_overrides(view) -> dict[str, str]:
    """Each base method that a class of the game's own package defines again, with
    the class that does."""
    base = base_methods()
    found = {}
    for cls in view.__mro__:
        if not cls.__module__.startswith("scenes.play.") or cls.__module__.count(".") < 3:
            continue  # the base's own modules (scenes.play.base, .frame, .buttons)
        for name, value in vars(cls).items():
            if name in base and inspect.isfunction(value):
                found.setdefault(name, cls.__qualname__)
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_views_override_only_documented_hooks(game_id):
    overrides = view_overrides(view_class(game_id))
    assert overrides, "the test found no override: it would pass for any view"
    undocumented = {n: c for n, c in overrides.items() if n not in VIEW_HOOKS}
    assert not undocumented, f"not a hook in VIEW_HOOKS: {undocumented}"


def test_every_hook_is_a_base_method_and_some_view_uses_it():
    base = base_methods()
    assert set(VIEW_HOOKS) <= base, set(VIEW_HOOKS) - base
    used = set()
    for game_id in GAMES:
        used |= set(view_overrides(view_class(game_id)))
    assert set(VIEW_HOOKS) - used == set(), "hooks no view uses: drop them from the list"


def test_a_private_override_would_be_caught():
    """The check sees a view's subclass that redefines a private base method."""

    class Sneaky(view_class("crystal-connector")):
        def _drive_bots(self):  # pragma: no cover - never called
            pass

    Sneaky.__module__ = "scenes.play.crystal_connector.sneaky"
    assert "_drive_bots" in view_overrides(Sneaky)
    assert "_drive_bots" not in VIEW_HOOKS
