"""settings.json's key_bindings / button_bindings come from a file anyone can edit:
whatever they hold, the settings load without an exception and every action keeps
exactly one key and one button of its own (a table that would collide, name unknown
keys or leave an action without a key is dropped whole and reported)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from scenes.config import Settings
from scenes.input import (
    ACTIONS,
    BINDABLE_KEYS,
    BUTTON_NAMES,
    ESSENTIAL,
    action_buttons,
    action_keys,
    binding_problem,
)

names = st.one_of(
    st.sampled_from(sorted(BINDABLE_KEYS) + sorted(BUTTON_NAMES)),
    st.text(max_size=40),
    st.integers(),
    st.none(),
    st.lists(st.integers(), max_size=3),
)
actions = st.one_of(st.sampled_from(sorted(ACTIONS)), st.text(max_size=20))
tables = st.one_of(st.dictionaries(actions, names, max_size=14), names)


@given(keys=tables, buttons=tables)
def test_any_bindings_in_the_file_leave_every_action_its_own_key(tmp_path_factory, keys, buttons):
    from game.storage.saves import Paths

    home = tmp_path_factory.mktemp("b")
    paths = Paths(home / "config", home / "data", home / "logs")
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text(json.dumps({"key_bindings": keys, "button_bindings": buttons}))
    settings, problem = Settings.load(paths)
    assert binding_problem(settings.key_bindings, settings.button_bindings) is None
    chosen = action_keys(settings.key_bindings)
    pads = action_buttons(settings.button_bindings)
    assert len(set(chosen.values())) == len(ACTIONS)
    assert len(set(pads.values())) == len(ACTIONS)
    assert all(chosen[a] and pads[a] for a in ESSENTIAL)
    if settings.key_bindings != keys or settings.button_bindings != buttons:
        assert problem  # anything dropped was said
