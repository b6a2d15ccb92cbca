"""Translations: the catalogues (every message translated in every shipped language,
placeholders and plural forms right), numbers the language's way, the language the
client picks (system locale on a first start, the setting, kiosk.json) and changing
it at once on every open screen."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.text import i18n

ROOT = Path(__file__).resolve().parent.parent

# Sources whose messages another branch wraps and translates: until it is merged their
# German may be missing here.  Empty: every message in the code must be translated.
PENDING_SOURCES: tuple[str, ...] = ()


def _tool():
    spec = importlib.util.spec_from_file_location("crystal_i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return _tool()


@pytest.fixture(scope="module")
def template(tool):
    return tool.extract_catalog()


def _pending(message) -> bool:
    return bool(message.locations) and all(
        path.startswith(PENDING_SOURCES) for path, _line in message.locations
    )


def test_every_message_is_translated_with_matching_placeholders(tool, template):
    """tools/i18n.py check's own rules over the catalogue as the game loads it (main
    .po, then the parts): a message in the code with no German, a placeholder lost or
    invented, a plural form missing, fails."""
    assert tool.languages() == ["de"]
    from babel.messages.catalog import Catalog

    mine = Catalog()
    for message in template:
        if message.id and not _pending(message):
            mine[message.id] = message
    found, figures = tool.problems("de", mine)
    assert not found, "\n".join(found[:30])
    assert figures["translated"] == figures["messages"] > 250


def test_the_check_catches_what_it_promises(tool, tmp_path, monkeypatch):
    """A wrong placeholder, a missing plural form and an untranslated message are each
    reported, and check exits 1."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    lang = tmp_path / "xx" / "LC_MESSAGES"
    lang.mkdir(parents=True)
    po = Catalog(locale="de")
    po.add("{n} apples", "{anzahl} Äpfel")
    po.add(("{n} pear", "{n} pears"), ("{n} Birne", ""))
    po.add("Hello {name}", "Hallo {name}")
    with open(lang / "crystal_arcade.po", "wb") as fh:
        write_po(fh, po)
    template = Catalog()
    template.add("{n} apples")
    template.add(("{n} pear", "{n} pears"))
    template.add("Hello {name}")
    template.add("Not here")
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    found, figures = tool.problems("xx", template)
    text = "\n".join(found)
    assert "placeholders ['anzahl'] do not match ['n']" in text
    assert "needs 2 plural forms, has 1" in text
    assert "'Not here'" in text and "not translated" in text
    assert figures == {"messages": 4, "translated": 1, "notes": []}
    assert tool.placeholders("%(n)d of {total}") == (["total"], ["%(n)d"])


def test_parts_fill_in_and_the_main_catalogue_wins(tool, tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    main = tmp_path / "de" / "LC_MESSAGES"
    parts = tmp_path / "de" / "parts"
    main.mkdir(parents=True)
    parts.mkdir()
    a = Catalog(locale="de")
    a.add("Back", "Zurück")
    a.add("Empty", "")
    b = Catalog(locale="de")
    b.add("Back", "Rückwärts")
    b.add("Empty", "Leer")
    b.add("New", "Neu")
    for path, cat in ((main / "crystal_arcade.po", a), (parts / "branch.po", b)):
        with open(path, "wb") as fh:
            write_po(fh, cat)
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    merged, notes = tool.merged("de")
    assert merged.get("Back").string == "Zurück"
    assert merged.get("Empty").string == "Leer"
    assert merged.get("New").string == "Neu"
    assert notes and "branch.po" in notes[0]
    assert tool.stale("de")
    tool.compile_language("de")
    assert not tool.stale("de")


def test_the_extractor_finds_the_seeds_texts_and_not_their_notation(template):
    ids = {m.id for m in template}
    assert "Win this turn." in ids  # a puzzle's goal
    tutorial = json.loads((ROOT / "seeds" / "tutorial-crystal-connector.json").read_text())
    assert tutorial["steps"][0]["caption"] in ids
    assert tutorial["steps"][0]["expect"][0] not in ids  # "C down 3" is notation


def test_tools_i18n_never_shadows_pygame_guis_i18n_package():
    """pygame-gui imports python-i18n as ``i18n``; a tool or test with tools/ first on
    sys.path must still get that package, not tools/i18n.py."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import i18n; "
        "assert hasattr(i18n, 'set'), i18n.__file__; import pygame_gui"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "tools")], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


# -- numbers and plurals ---------------------------------------------------------------
def test_numbers_and_plurals_follow_the_language():
    assert i18n.set_language("de") == "de"
    assert i18n.number(1234.5) == "1.234,5"
    assert i18n.number(1234.567, 2) == "1.234,57"
    assert i18n.number(3.0, 0) == "3"
    assert i18n.percent(0.8) == "80\xa0%"  # a space that never breaks the line
    assert i18n.ngettext("{n} seat", "{n} seats", 1).format(n=1) == "1 Platz"
    assert i18n.ngettext("{n} seat", "{n} seats", 3).format(n=3) == "3 Plätze"
    i18n.set_language("en")
    assert i18n.number(1234.5) == "1,234.5"
    assert i18n.percent(0.8) == "80%"
    i18n.set_language("pseudo")
    assert i18n.number(1234.5) == "1,234.5"  # the pseudo-locale checks words only


def test_speaking_another_language_is_for_this_thread_and_the_moment_only():
    """What the party host uses to word a phone's view: no screen rebuilds, other
    threads keep the screens' language, it nests, it restores after an error, and a
    code without a catalogue (or no code at all) speaks English."""
    import threading

    assert i18n.set_language("en") == "en"
    generation = i18n.generation()
    seen = {}
    inside = threading.Event()
    done = threading.Event()

    def other_thread():
        inside.wait(5)
        seen["other"] = (i18n.language(), i18n._("Diamond"))
        done.set()

    t = threading.Thread(target=other_thread)
    t.start()
    with i18n.speaking("de") as code:
        assert code == "de" and i18n.language() == "de" and i18n._("Diamond") == "Raute"
        assert i18n.number(1234.5) == "1.234,5"
        inside.set()
        done.wait(5)
        with i18n.speaking("en"):
            assert i18n._("Diamond") == "Diamond"
        assert i18n._("Diamond") == "Raute"
    t.join(5)
    assert seen["other"] == ("en", "Diamond")
    assert i18n.language() == "en" and i18n._("Diamond") == "Diamond"
    with pytest.raises(RuntimeError):
        with i18n.speaking("de"):
            raise RuntimeError("a refusal went wrong")
    assert i18n.language() == "en"
    for odd in (None, "", "xx", "../../etc", "de" * 500, 7):
        with i18n.speaking(odd) as code:
            assert code == "en" and i18n._("Diamond") == "Diamond"
    assert i18n.generation() == generation  # nothing on screen was asked to rebuild


# -- which language ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "env, expected",
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"),
        ({"LC_MESSAGES": "de_CH"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "../../etc/passwd"}, "en"),
        ({"LANG": "x" * 10_000}, "en"),
        ({}, "en"),
    ],
)
def test_the_system_locale_picks_a_shipped_language(env, expected):
    assert i18n.system_language(env) == expected


def test_a_first_start_follows_the_system_locale(paths, monkeypatch):
    from scenes.boot import make_app

    monkeypatch.setenv("LANGUAGE", "de")
    app = make_app(headless=True, paths=paths)
    try:
        assert app.settings.language == ""
        assert i18n.language() == "de"
        assert _labels(app)[0] == "Spielen"
    finally:
        app.shutdown()


def _labels(app) -> list[str]:
    return [c.element.text for c in app.top.controls]


def test_changing_the_language_shows_at_once_on_every_open_screen(app):
    """Settings > General > Language, with the title below: the settings page and the
    title come back in German, nothing restarted, the choice saved."""
    from scenes.config import Settings

    assert _labels(app)[0] == "Play"
    app.open("settings")
    app.run_ticks(2)
    settings = app.top
    row = next(i for i, c in enumerate(settings.controls) if c.element.text.startswith("Language:"))
    settings.set_focus(row)
    app.post_key(pygame.K_RIGHT)  # System -> English -> Deutsch
    app.run_ticks(2)
    app.post_key(pygame.K_RIGHT)
    app.run_ticks(2)
    assert i18n.language() == "de"
    assert app.settings.language == "de"
    assert any(t.startswith("Sprache:") for t in _labels(app))
    assert settings.focus_index == row  # the focus stays on the row
    app.post_key(pygame.K_ESCAPE)
    app.run_ticks(3)
    assert app.top.name == "title"
    assert _labels(app)[:2] == ["Spielen", "Regeln"]
    saved, problem = Settings.load(app.paths)
    assert problem is None and saved.language == "de"


def test_the_setting_outranks_the_system_and_system_goes_back_to_it(paths, monkeypatch):
    from scenes.boot import make_app
    from scenes.config import Settings
    from scenes.language import apply_language

    monkeypatch.setenv("LANGUAGE", "de")
    app = make_app(headless=True, paths=paths, settings=Settings(language="en"))
    try:
        assert i18n.language() == "en"
        app.settings.language = ""
        assert apply_language(app) is None
        assert i18n.language() == "de"
    finally:
        app.shutdown()


def test_kiosk_json_fixes_the_language(paths, monkeypatch):
    from scenes.boot import make_app
    from scenes.config import Settings

    paths.config.mkdir(parents=True, exist_ok=True)
    paths.kiosk.write_text(json.dumps({"language": "de"}))
    monkeypatch.setenv("LANGUAGE", "en")
    app = make_app(headless=True, paths=paths, kiosk=True, settings=Settings(language="en"))
    try:
        assert app.kiosk_config.language == "de"
        assert i18n.language() == "de"
        assert not paths.settings.exists()  # the kiosk never writes settings
    finally:
        app.shutdown()


def test_rule_cards_fall_back_to_english(monkeypatch):
    from scenes import rules

    assert rules.card_name("crystal-connector", "en") == "crystal-connector.md"
    assert rules.card_name("crystal-connector", "zz") == "crystal-connector.md"
    assert rules.card_name("crystal-connector", "../x") == "crystal-connector.md"
    if (ROOT / "seeds" / "crystal-connector.de.md").exists():
        assert rules.card_name("crystal-connector", "de") == "crystal-connector.de.md"


def test_the_help_is_in_the_system_language(monkeypatch, capsys):
    from scenes import boot

    monkeypatch.setenv("LANGUAGE", "de")
    with pytest.raises(SystemExit):
        boot.main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: crystal-arcade")
    assert "im Vollbild starten" in out and "diese Hilfe zeigen und beenden" in out


def test_the_bootstrap_compiles_only_when_a_catalogue_changed(tool, tmp_path, monkeypatch):
    """tools/play.py and tools/test.py ask _bootstrap.catalogues_stale() (standard library
    only) on every start: true for a missing .mo or a newer .po or part, else false."""
    import os

    sys.path.insert(0, str(ROOT / "tools"))
    import _bootstrap

    po_dir = tmp_path / "de" / "LC_MESSAGES"
    po_dir.mkdir(parents=True)
    (tmp_path / "de" / "parts").mkdir()
    po = po_dir / "crystal_arcade.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
    monkeypatch.setattr(_bootstrap, "LOCALE", tmp_path)
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    assert _bootstrap.catalogues_stale()  # no .mo yet
    tool.compile_language("de")
    mo = po.with_suffix(".mo")
    assert mo.is_file() and not _bootstrap.catalogues_stale()
    part = tmp_path / "de" / "parts" / "branch.po"
    part.write_text(po.read_text())
    later = mo.stat().st_mtime + 5
    os.utime(part, (later, later))
    assert _bootstrap.catalogues_stale()  # a part newer than the .mo
    tool.compile_language("de")
    os.utime(mo, (later + 5, later + 5))
    assert not _bootstrap.catalogues_stale()


def test_update_folds_the_parts_into_the_main_catalogue_and_deletes_them(
    tool, tmp_path, monkeypatch
):
    from types import SimpleNamespace

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = Catalog()
    template.add("Play", locations=[("scenes/title.py", 1)])
    template.add("Win this turn.", locations=[("seeds/puzzles-x.json", 1)])
    pot = tmp_path / "crystal_arcade.pot"
    with open(pot, "wb") as fh:
        write_po(fh, template)
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "parts").mkdir()
    main, part = Catalog(locale="de"), Catalog(locale="de")
    main.add("Play", "Spielen")
    main.add("Gone", "Weg")  # no longer in the code: dropped
    part.add("Win this turn.", "Gewinne in diesem Zug.")
    with open(tmp_path / "de" / "LC_MESSAGES" / "crystal_arcade.po", "wb") as fh:
        write_po(fh, main)
    with open(tmp_path / "de" / "parts" / "i18n-game.po", "wb") as fh:
        write_po(fh, part)
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    monkeypatch.setattr(tool, "POT", pot)
    tool.cmd_update(SimpleNamespace(extract=False, languages=[], keep_parts=False))
    assert not list((tmp_path / "de" / "parts").glob("*.po"))
    with open(tmp_path / "de" / "LC_MESSAGES" / "crystal_arcade.po", "rb") as fh:
        folded = read_po(fh)
    assert folded.get("Play").string == "Spielen"
    assert folded.get("Win this turn.").string == "Gewinne in diesem Zug."
    assert folded.get("Gone") is None
