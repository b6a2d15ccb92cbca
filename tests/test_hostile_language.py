"""Hostile language codes, wherever one can come from: settings.json, kiosk.json, the
environment's locale variables, a caller of set_language.  Whatever the value, the
client speaks a shipped language (English when in doubt), never touches a path built
from it, and says once what it did not use."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.text import i18n

SHIPPED = {"en", "de", i18n.PSEUDO}
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=6,
)


@given(st.text())
def test_set_language_always_lands_on_a_shipped_language(code):
    got = i18n.set_language(code)
    try:
        assert got in SHIPPED and i18n.language() == got
        assert got == "en" or code.strip() == got
    finally:
        i18n.set_language("en")


@given(st.dictionaries(st.sampled_from(["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]), st.text()))
def test_any_locale_environment_picks_a_shipped_language(env):
    assert i18n.system_language(env) in {"en", "de"}


@given(JSON_VALUES)
def test_any_language_value_in_settings_loads(tmp_path_factory, value):
    from game.storage.saves import Paths
    from scenes.config import Settings

    home = tmp_path_factory.mktemp("home")
    paths = Paths(home / "config", home / "data", home / "logs")
    paths.config.mkdir(parents=True)
    paths.settings.write_text(json.dumps({"language": value}))
    settings, problem = Settings.load(paths)
    assert settings.language == "" or i18n.valid_code(settings.language)
    if settings.language != value:
        # Reported: the language named (a bad value), or the whole file (a number no
        # JSON reader should trust, files.py's caps).
        assert problem


@pytest.mark.parametrize("value", ["../../etc", "x" * 10_000, "de\x00", 7, None, ["de"]])
def test_hostile_languages_in_settings_fall_back_to_english_and_say_so(paths, value):
    from scenes.config import Settings

    paths.config.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text(json.dumps({"language": value, "text_size": 125}))
    settings, problem = Settings.load(paths)
    assert settings.language == ""
    assert settings.text_size == 125  # the rest of the file is kept
    assert problem and "language" in problem


def test_an_unknown_but_well_formed_language_is_english_with_a_message(paths):
    from scenes.boot import make_app
    from scenes.config import Settings

    app = make_app(headless=True, paths=paths, settings=Settings(language="fr"))
    try:
        assert i18n.language() == "en"
        assert any("fr" in n and "English" in n for n in app.notices)
    finally:
        app.shutdown()


@pytest.mark.parametrize("value", ["../../etc", "x" * 10_000, 3])
def test_hostile_languages_in_kiosk_json_are_reported(paths, value):
    from scenes.config import KioskConfig

    paths.config.mkdir(parents=True, exist_ok=True)
    paths.kiosk.write_text(json.dumps({"language": value, "exit_pin": "1234"}))
    cfg, problem = KioskConfig.load(paths)
    assert cfg.language == ""
    assert problem and "language" in problem
    assert cfg.exit_pin == "1234"  # a bad language does not open the exit


def test_set_language_never_reaches_a_path():
    for code in ("../../etc", "/tmp/x", "de/../../x", "x" * 10_000, "\x00"):
        assert i18n.set_language(code) == "en"
    assert not i18n.valid_code("../de")
