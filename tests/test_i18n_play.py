"""The play screens and the replay theatre in other languages.

Each game's play screen (at its start and a few moves in), the theatre, the take-over
box and the replay list are drawn in the pseudo-locale and in German, and every line
of text the drawing kit and pygame-gui put on screen is read back:

- pseudo: every message is accented and bracketed there, so a word in plain ASCII is a
  string that skipped gettext.  Allowed in plain letters: notation (moves, cells, the
  log), names (seats, games) and the engines' own words (refusals, reasons, variation
  rules: the game/ side translates those, this part only shows them).
- German: every line stays on screen and inside the box its layout gave it, uncut, and
  every button's label fits its button (the checks of tests/test_accessibility.py).

The German catalogue is compiled for the test from the .po sources (the main file,
then the parts, as tools/i18n.py does), so the test never reads a stale .mo.
"""

from __future__ import annotations

import inspect
import re

import pytest

from game.text import i18n
from game.text.pseudo import _ACCENTS
from tests import locales
from tests.test_accessibility import (
    gui_problems,
    make,
    match_for,
    problems,
    render_layers,
    visible_buttons,
)

ACCENTED = set("".join(chr(c) for c in _ACCENTS.values()))


@pytest.fixture(scope="module")
def german_dir(tmp_path_factory):
    """game/locale's German sources compiled into a scratch locale folder."""
    return locales.compiled(tmp_path_factory.mktemp("locale"))


@pytest.fixture
def speak(german_dir, monkeypatch):
    """``speak("de")`` / ``speak("pseudo")``: the language for this test (conftest's
    ``english`` fixture puts English back afterwards)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", german_dir)

    def switch(code: str) -> None:
        assert i18n.set_language(code) == code

    return switch


# -- the screens ----------------------------------------------------------------------
def play(game_id: str, moves: int = 0):
    def build(app):
        from scenes.play import play_scene_for

        match = match_for(game_id, moves)
        scene = play_scene_for(app, match)
        scene.bot_think_seconds = 0.0
        app.push(scene)
        return match

    return build


def theatre(game_id: str):
    def build(app):
        from scenes.theatre.screen import TheatreScene

        match = match_for(game_id, finish=True)
        app.push(TheatreScene(app, match, name="t", analyse=False))
        return match

    return build


def take_over(app):
    from scenes.theatre.takeover import TakeOverScene

    match = theatre("crystal-formation:players=4#5")(app)
    app.push(TakeOverScene(app, match, 6))
    return match


def replays(app):
    from game.storage.replays import keep_recent

    matches = []
    for i, gid in enumerate(("chromatic-collapse#7", "color-crossroads#3")):
        m = match_for(gid, finish=True)
        m.started_at -= 3600 * (i + 1)
        keep_recent(m, app.paths)
        matches.append(m)
    from scenes.theatre.library import ReplayListScene

    app.push(ReplayListScene(app))
    return matches


SCREENS = {
    "crystal-connector-setup": play("crystal-connector:rocks,pylons,spikes#12", 0),
    "crystal-connector": play("crystal-connector:rocks,pylons,spikes,bombs#12", 6),
    "chromatic-collapse-setup": play("chromatic-collapse#7", 0),
    "chromatic-collapse": play("chromatic-collapse#7", 5),
    "element-shift-setup": play("element-shift#3", 0),
    "element-shift-plan": play("element-shift#3", 12),
    "crystal-formation": play("crystal-formation#5", 4),
    "crystal-formation-4": play("crystal-formation:players=4#5", 9),
    "color-crossroads-setup": play("color-crossroads#3", 0),
    "color-crossroads": play("color-crossroads#3", 5),
    "theatre-chromatic-collapse": theatre("chromatic-collapse#7"),
    "theatre-element-shift": theatre("element-shift#3"),
    "take-over": take_over,
    "replays": replays,
}


def draw(app, build):
    """Build the screen, then every line of text drawn and every button label shown;
    and the matches the screen shows (for their names, notation and engine words)."""
    made = []

    def building(app):
        made.append(build(app))

    layers = render_layers(app, building)
    drawn = [d for layer in layers for d in layer]
    labels = [text for text, _width, _room in visible_buttons(app)]
    found = made[0]
    matches = found if isinstance(found, list) else [found]
    return drawn, labels, matches


# -- what may stay plain in the pseudo-locale ----------------------------------------
WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def engine_texts(match) -> list[str]:
    """The words the engines and the match give the screens (names, notation, reasons,
    rules): the game/ side's to translate, shown here as they are."""
    from game.registry import GAMES

    texts = [spec.title for spec in GAMES.values()]
    texts += list(match.seat_names())
    texts += [s.label(n) for s, n in zip(match.seats, match.seat_names(), strict=True)]
    texts += [e.text for e in match.entries]
    for state in (match.states[0], match.state):
        out = state.outcome()
        texts += [out.reason] if out else []
        texts += [str(m) for m in state.legal_moves()[:400]]
        for name in ("step_banner", "banned_lines", "variation"):
            part = getattr(state, name, None)
            value = part() if callable(part) else part
            if isinstance(value, str):
                texts.append(value)
            elif isinstance(value, dict):
                texts += [str(k) for k in value] + [str(v) for v in value.values()]
            elif value is not None and name == "variation":
                allowed = value.allowed
                texts += [value.name, value.rule, allowed() if callable(allowed) else allowed]
        for name in ("last_result", "reason"):
            value = getattr(state, name, None)
            texts += [value] if isinstance(value, str) else []
        for breakdown in getattr(state, "breakdowns", ()) or ():
            texts += [line.explain() for line in breakdown]
    if match.spec.id == "element-shift":
        from game.rules.element_shift import ScoreLine

        # the words explain() may say of any plan (the plan editor's preview shows one)
        texts.append(inspect.getsource(ScoreLine.explain))
    return texts


def replay_texts(app) -> list[str]:
    from game.storage.replays import list_replays

    out = []
    for info in list_replays(app.paths):
        out += [info.title, info.name, info.result, info.date_text, *info.seats]
    return out


def plain_words(text: str, allowed: set[str]) -> list[str]:
    """The words of ``text`` that skipped gettext: plain-ASCII words outside the
    pseudo-locale's accented, bracketed messages, and not a name or notation."""
    out = []
    for token in text.split():
        if any(c in ACCENTED for c in token) or any(c in "[]~" for c in token):
            continue  # inside a translated message
        for word in WORD.findall(token):
            if word.lower() not in allowed:
                out.append(word)
    return out


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_word_on_the_play_screens_went_through_gettext(paths, speak, screen):
    """In the pseudo-locale nothing on the screen is plain English but names, notation
    and the engines' words."""
    app = make(paths, {})
    speak("pseudo")  # after the App: it sets the language of its settings as it starts
    try:
        drawn, labels, matches = draw(app, SCREENS[screen])
        sources = [t for m in matches for t in engine_texts(m)]
        if screen == "replays":
            sources += replay_texts(app)
        allowed = {w.lower() for t in sources for w in WORD.findall(t)}
        allowed |= {"png", "gif", "esc", "vs"}  # file formats and key names
        texts = [d.text for d in drawn if d.text.strip()] + labels
        assert any(any(c in ACCENTED for c in t) for t in texts), "nothing was translated"
        skipped = {t: words for t in texts if (words := plain_words(t, allowed))}
        assert not skipped, "\n".join(f"{t!r}: {w}" for t, w in list(skipped.items())[:20])
    finally:
        app.shutdown()


@pytest.mark.parametrize("screen", list(SCREENS))
def test_german_fits_every_box_on_the_play_screens(paths, speak, screen):
    """In German (about 30 % longer) every line is on screen, inside its box and
    uncut, and every button's label fits its button."""
    app = make(paths, {})
    speak("de")
    try:
        drawn, labels, _matches = draw(app, SCREENS[screen])
        assert any(
            "ä" in t or "ü" in t or "ö" in t or "ß" in t for t in labels + [d.text for d in drawn]
        ), "the screen is not in German"
        found = problems(drawn) + gui_problems(app)
        assert not found, "\n".join(found[:20])
    finally:
        app.shutdown()


# -- a language change shows at once -------------------------------------------------
def test_the_panel_buttons_follow_a_language_change_and_keep_the_focus(paths, speak):
    app = make(paths, {})
    try:
        match = play("chromatic-collapse#7", 2)(app)
        app.run_ticks(2)
        view = app.top
        assert match is view.match
        view.focus_key = "panel:undo"
        assert [b.label for b in view.panel_buttons()] == ["Hint", "Undo", "Rules", "Menu"]
        speak("de")
        app.run_ticks(2)
        labels = [b.label for b in view.panel_buttons()]
        assert labels == ["Tipp", "Rückgängig", "Regeln", "Menü"]
        assert [b.key for b in view.panel_buttons()] == [
            "panel:hint",
            "panel:undo",
            "panel:rules",
            "panel:menu",
        ]
        assert view.focus_key == "panel:undo"
        # the longest label got the widest button, and each still fits
        widths = {b.label: b.rect.w for b in view.panel_buttons()}
        assert widths["Rückgängig"] == max(widths.values())
        assert not gui_problems(app)
    finally:
        app.shutdown()


def test_the_theatre_relabels_its_controls_in_a_new_language(paths, speak):
    app = make(paths, {})
    try:
        theatre("color-crossroads#3")(app)
        app.run_ticks(2)
        stage = app.top
        assert stage.name == "theatre"
        before = [c.element.text for c in stage.controls]
        assert "Take over" in before and "Play" in before
        speak("de")
        app.run_ticks(2)
        after = [c.element.text for c in stage.controls]
        assert "Übernehmen" in after and "Abspielen" in after
        assert len(after) == len(before)
    finally:
        app.shutdown()


# -- the shared words -------------------------------------------------------------------
def test_colours_elements_and_lists_are_words_of_the_current_language(speak):
    from scenes.play.words import and_list, colour_name, colour_title, element_name, level_name

    assert colour_name("red") == "red" and colour_title("red") == "Red"
    assert and_list(["red", "blue", "green"]) == "red, blue and green"
    speak("de")
    assert [colour_name(c) for c in ("red", "blue", "green", "yellow")] == [
        "Rot",
        "Blau",
        "Grün",
        "Gelb",
    ]
    assert [element_name(e) for e in ("fire", "water", "grass")] == ["Feuer", "Wasser", "Gras"]
    assert and_list([colour_name("red"), colour_name("blue")]) == "Rot und Blau"
    assert level_name("hard") == "Schwer"
    # a word the tables do not know is shown as it is, never an error
    assert colour_name("purple") == "purple" and and_list([]) == ""


def test_a_count_takes_its_plural_form_in_german(speak):
    from scenes.play.chromatic_collapse.view import ChromaticCollapseView

    speak("de")

    class State:
        phase, turn = "first", 48

    lines, warn = ChromaticCollapseView.sudden_death_lines(None, State())
    assert warn and lines[0] == "in 2 Runden"
    State.turn = 49
    lines, _warn = ChromaticCollapseView.sudden_death_lines(None, State())
    assert lines[0] == "in 1 Runde"
