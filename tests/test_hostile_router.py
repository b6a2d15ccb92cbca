"""The router's boundary (scenes/routes.py): a screen name or a game id from anywhere in
the code.  Only the names in its table open anything; any other text is refused with a
LookupError that names it, imports nothing and leaves the screen stack as it was (never
a KeyError from deep inside, never a module looked up by the text itself)."""

from __future__ import annotations

import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.registry import GAMES
from scenes import routes

# Text that looks like what the table holds: module paths, "module:attribute", dunder
# names, the table's own names with a character more or less.
near_names = st.sampled_from(sorted(routes.SCREENS) + sorted(routes.play_views())).flatmap(
    lambda name: st.sampled_from(
        [
            name.upper(),
            name + " ",
            " " + name,
            name[:-1],
            name + "s",
            name.replace("-", "_"),
            routes.SCREENS.get(name, "scenes.play." + name.replace("-", "_")),
        ]
    )
)
odd_names = st.sampled_from(
    ["", "__class__", "__init__", "os:system", "scenes.title:TitleScene", "../title", "play\x00"]
)
names = st.one_of(st.text(), near_names, odd_names)


def _refused(call, text):
    before = set(sys.modules)
    with pytest.raises(LookupError) as caught:
        call(text)
    assert repr(text) in str(caught.value)
    assert set(sys.modules) == before  # the text itself never chose a module to import


@given(names)
def test_a_name_not_in_the_table_is_refused_by_name(text):
    if text in routes.SCREENS:
        return
    _refused(routes.builder, text)


@given(names)
def test_a_game_id_not_in_the_table_is_refused_by_name(text):
    if text in routes.play_views():
        return
    _refused(routes.play_package, text)
    _refused(routes.view_class, text)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=names, how=st.sampled_from(["open", "replace_with", "build"]))
def test_the_app_opens_nothing_for_a_name_not_in_the_table(app, text, how):
    if text in routes.SCREENS:
        return
    stack, pending = list(app.stack), list(app._pending)
    with pytest.raises(LookupError):
        getattr(app, how)(text)
    assert app.stack == stack and app._pending == pending


def test_every_name_in_the_table_builds_something():
    from scenes.play.base import PlayScene
    from scenes.scene import Scene

    for name in routes.SCREENS:
        built = routes.builder(name)
        assert callable(built), name
        if isinstance(built, type):
            assert issubclass(built, Scene), name
    for game_id in GAMES:
        assert issubclass(routes.view_class(game_id), PlayScene), game_id


def test_a_builder_that_declines_opens_nothing(app, monkeypatch):
    """A damaged tutorial file: the tutorial's builder says so and returns None; the
    screen below stays, nothing is queued."""
    from game.content.tutorials import TutorialError

    def broken(game_id):
        raise TutorialError("step 1: no such cell")

    monkeypatch.setattr("scenes.tutorial.load_tutorial", broken)
    app.run_ticks(1)
    stack = list(app.stack)
    assert app.open("tutorial", "crystal-connector") is None
    assert app.replace_with("tutorial", "crystal-connector") is None
    app.run_ticks(1)
    assert app.stack == stack and app.top.name == "title"
