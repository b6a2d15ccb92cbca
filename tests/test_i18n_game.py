"""The engines', tutorials', puzzles' and phone page's words in other languages.

German comes from the shipped catalogue, compiled here into a scratch locale folder by
tools/i18n.py's own code (tests/locales.py); the pseudo-locale shows which messages
went through gettext at all.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import aiohttp
import pytest

from game.content.puzzles import load_puzzles
from game.content.tutorials import judge, load_tutorial
from game.midend.match import Seat
from game.rules.chromatic_collapse import SPEC as COLLAPSE
from game.rules.color_crossroads import SPEC as CROSSROADS
from game.rules.contract import IllegalMove
from game.rules.crystal_connector import SPEC as CONNECTOR
from game.rules.crystal_formation import SPEC as FORMATION
from game.rules.element_shift import SPEC as SHIFT
from game.text import i18n
from game.text.pseudo import pseudo
from party import i18n as phone_i18n
from tests import locales
from tests.party_phones import run_party
from tests.test_party import make_party

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL_GAMES = (
    "chromatic-collapse",
    "color-crossroads",
    "crystal-connector",
    "crystal-formation",
    "element-shift",
)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _catalogue():
    return locales.catalogue("de")


@pytest.fixture
def german(tmp_path, monkeypatch):
    """The shipped German, for one test; English again afterwards."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", locales.compiled(tmp_path / "locale"))
    assert i18n.set_language("de") == "de"
    yield
    i18n.set_language("en")


@pytest.fixture
def pseudo_locale():
    i18n.set_language("pseudo")
    yield
    i18n.set_language("en")


def refusal(action) -> str:
    with pytest.raises(IllegalMove) as caught:
        action()
    return str(caught.value)


# -- German --------------------------------------------------------------------------------


def test_a_refused_move_in_german_keeps_the_notation(german):
    state = CONNECTOR.new_game(seed=3)
    assert refusal(lambda: state.parse_move("convert Q9 red")) == (
        "'q9' ist kein Feld: nimm eine Spalte A-F und eine Zeile 1-6, etwa B3"
    )
    # A refusal that quotes a move in notation keeps it: 'take red' is what one types.
    picked = state.apply(state.parse_move("pick first"))
    assert refusal(lambda: picked.apply(picked.parse_move("take blue green"))) == (
        "Die erste Wahl ist eine Farbe, etwa 'take red'"
    )
    s = state
    for text in ("pick first", "take red", "take blue green", "move second"):
        s = s.apply(s.parse_move(text))
    assert refusal(lambda: s.apply(s.parse_move("convert B3 blue"))) == (
        "Umwandeln geht nur mit der Anomalie Farbwandler"
    )


def test_german_plurals_and_names_in_a_chromatic_collapse_refusal(german):
    state = COLLAPSE.new_game(seed=1)
    assert refusal(lambda: state.apply(state.parse_move("b1-b3"))) == (
        "Zuerst wählt Raute die beginnende Seite (start Diamond oder start Circle)"
    )
    state = state.apply(state.parse_move("start diamond"))
    # d1's file holds two pieces: one square is refused with the count, in German.
    text = refusal(lambda: state.apply(state.parse_move("d1-d2")))
    assert text.startswith("Der Stein auf d1 muss genau 2 Felder nach Norden ziehen"), text


def test_german_results_and_colour_words(german):
    state = CROSSROADS.new_game(seed=2, walls="open")
    state = state.apply(state.parse_move("player 1 starts"))
    state = state.apply(state.parse_move("place E5 red"))
    state = state.apply(state.parse_move("end turn"))
    assert refusal(lambda: state.apply(state.parse_move("place E6 red"))) == (
        "Rot wurde zuletzt gesetzt"
    )
    assert refusal(lambda: state.apply(state.parse_move("place E5 blue"))) == ("E5 ist schon rot")


def test_every_message_keeps_its_placeholders():
    """A translation that drops or invents a {name} breaks .format() at run time."""
    for message in _catalogue():
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            wanted = set(PLACEHOLDER.findall(" ".join(message.id)))
            got = [set(PLACEHOLDER.findall(s)) for s in message.string]
            assert all(g <= wanted for g in got), message.id
            assert set().union(*got) == wanted, message.id
        else:
            wanted = set(PLACEHOLDER.findall(message.id))
            assert set(PLACEHOLDER.findall(message.string)) == wanted, message.id
        assert message.string and all(message.string), f"untranslated: {message.id!r}"


# -- every engine's refusals go through gettext ---------------------------------------------


def _connector_refusals():
    s = CONNECTOR.new_game(seed=3)
    yield lambda: s.parse_move("convert Q9 red")
    yield lambda: s.parse_move("C sideways 2")
    yield lambda: s.apply(s.parse_move("take red"))
    for text in ("pick first", "take red", "take blue green", "move second"):
        s = s.apply(s.parse_move(text))
    play = s
    yield lambda: play.apply(play.parse_move("C left 2"))
    yield lambda: play.apply(play.parse_move("convert B3 blue"))


def _collapse_refusals():
    s = COLLAPSE.new_game(seed=1)
    yield lambda: s.parse_move("z9-a1")
    yield lambda: s.apply(s.parse_move("b1-b3"))
    started = s.apply(s.parse_move("start diamond"))
    yield lambda: started.apply(started.parse_move("d1-d2"))
    yield lambda: started.apply(started.parse_move("a1-a2"))


def _crossroads_refusals():
    s = CROSSROADS.new_game(seed=2, walls="open")
    yield lambda: s.parse_move("place Z99 red")
    yield lambda: s.parse_move("place E5 purple")
    yield lambda: s.apply(s.parse_move("place E5 red"))
    started = s.apply(s.parse_move("player 1 starts"))
    yield lambda: started.apply(started.parse_move("end turn"))
    yield lambda: started.apply(started.parse_move("challenge red-red"))


def _formation_refusals():
    s = FORMATION.new_game(seed=4)
    yield lambda: s.parse_move("place z99")
    yield lambda: s.parse_move("grow d4 X")
    yield lambda: s.apply(s.parse_move("pass"))
    yield lambda: s.apply(s.parse_move("place h8"))


def _shift_refusals():
    s = SHIFT.new_game(seed=5)
    yield lambda: s.parse_move("start Z1")
    yield lambda: s.parse_move("keep; R R fly")
    yield lambda: s.apply(s.parse_move("keep; R R R D D"))


@pytest.mark.parametrize(
    "refusals",
    [
        _connector_refusals,
        _collapse_refusals,
        _crossroads_refusals,
        _formation_refusals,
        _shift_refusals,
    ],
)
def test_every_engine_refuses_in_the_current_language(refusals, pseudo_locale):
    for action in refusals():
        text = refusal(action)
        assert text.startswith("[") and text.endswith("]"), text
        # The words are accented; what the player typed is quoted as typed.
        assert any(ch in text for ch in "åéîöûÅÉÎÖÛ"), text
        assert "Traceback" not in text


def test_a_typed_move_is_quoted_as_typed_in_any_language(pseudo_locale):
    state = SHIFT.new_game(seed=5)
    assert "'Zz9'" in refusal(lambda: state.parse_move("start Zz9"))


def test_results_and_banners_are_in_the_current_language(pseudo_locale):
    state = COLLAPSE.new_game(seed=1)
    assert state.step_banner() == pseudo(
        "{side} has the Advantage: choose the side that starts"
    ).format(side=pseudo("Diamond"))


# -- tutorials and puzzles ------------------------------------------------------------------


@pytest.mark.parametrize("game", TUTORIAL_GAMES)
def test_every_tutorial_word_has_german(game, german):
    tutorial = load_tutorial(game)
    english = {}
    i18n.set_language("en")
    for i, step in enumerate(tutorial.steps):
        english[i] = (step.caption, step.done, step.other, step.hint)
    title, handover = tutorial.title, tutorial.handover
    i18n.set_language("de")
    assert tutorial.title != title and tutorial.handover != handover
    for i, step in enumerate(tutorial.steps):
        for en, de in zip(
            english[i], (step.caption, step.done, step.other, step.hint), strict=True
        ):
            if en:
                assert de != en, f"{game} step {i + 1}: {en!r} has no German"


def test_a_caption_follows_a_language_change_without_reloading(german):
    tutorial = load_tutorial("crystal-connector")
    step = tutorial.steps[0]
    assert step.caption.startswith("Dir gehören Rot und Gelb")
    i18n.set_language("en")
    assert step.caption.startswith("You own red and yellow")
    i18n.set_language("de")
    state = tutorial.position(0)
    verdict = judge(tutorial, step, state, state.parse_move(step.expect[0]))
    assert verdict.kind == "expected" and verdict.message == step.done
    assert verdict.message.startswith("Deine rote Gruppe")


def test_a_puzzle_goal_is_shown_in_german(german):
    book = load_puzzles("crystal-connector")
    goals = {p.text for p in book.puzzles}
    assert "Gewinne mit diesem Zug." in goals and "Win this turn." not in goals


# -- the phone page -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "header, expected",
    [
        ("de", "de"),
        ("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "de"),
        ("en-US,en;q=0.9,de;q=0.8", "en"),
        ("fr-FR, fr;q=0.9, de;q=0.5", "de"),
        ("de;q=0, fr", "en"),
        ("de;q=2", "en"),
        ("*", "en"),
        ("DE-at", "de"),
        ("", "en"),
        (None, "en"),
        ("\x00\x01;;;q=abc,,,", "en"),
        ("de-" + "x" * 20, "en"),
        ("de;q=0.5," * 2000, "en"),
    ],
)
def test_the_phone_language_is_picked_from_accept_language(header, expected):
    assert phone_i18n.pick_language(header, frozenset({"en", "de"})) == expected


def test_every_phone_word_has_german(german):
    words = phone_i18n.phone_catalogue("de")["messages"]
    missing = [m for m in phone_i18n.phone_messages() if m not in words and m != "OK"]
    assert not missing
    assert len(phone_i18n.phone_messages()) > 50  # the extractor's reading of app.js


def test_the_phone_page_is_served_in_the_browsers_language(german):
    party = make_party("crystal-connector", [Seat.phone(), Seat.phone()])

    async def main():
        async with aiohttp.ClientSession() as session:
            url = party.server.url
            german_page = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
            async with session.get(url, headers=german_page) as r:
                page = await r.text()
                assert r.status == 200 and r.headers.get("Vary") == "Accept-Language"
            assert '<html lang="de">' in page
            inline = re.search(r"<script>window\.I18N = (.*?);</script>", page)
            assert inline and json.loads(inline.group(1))["messages"]["Find a seat"] == (
                "Platz suchen"
            )
            async with session.get(url + "i18n.json", headers=german_page) as r:
                words = await r.json()
            assert words["lang"] == "de" and words["messages"]["Submit plan"] == "Plan abgeben"
            for header in ("xx-yy;q=0.3", "de;q=x;;", "", "en"):
                async with session.get(url + "i18n.json", headers={"Accept-Language": header}) as r:
                    assert r.status == 200 and await r.json() == {"lang": "en", "messages": {}}
                async with session.get(url, headers={"Accept-Language": header}) as r:
                    page = await r.text()
                    assert '<html lang="en">' in page and "window.I18N" not in page

    run_party(party, main)


def test_a_refusal_the_host_sends_is_in_the_hosts_language(german):
    from party import protocol

    with pytest.raises(protocol.ProtocolError) as caught:
        protocol.parse('{"type": "move", "text": 5}')
    assert str(caught.value) == "'text' muss Text sein"


# -- the German rule cards ------------------------------------------------------------------

CARD_GAMES = TUTORIAL_GAMES


def _sections(path: Path) -> list[tuple[int, int, int]]:
    """Per heading: its level, the bullets under it and the paragraphs under it."""
    out: list[list[int]] = []
    in_paragraph = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            out.append([len(line) - len(line.lstrip("#")), 0, 0])
            in_paragraph = False
        elif line.startswith("- "):
            out[-1][1] += 1
            in_paragraph = False
        elif line.strip():
            if not in_paragraph:
                out[-1][2] += 1
            in_paragraph = True
        else:
            in_paragraph = False
    return [tuple(s) for s in out]


@pytest.mark.parametrize("game", CARD_GAMES)
def test_every_german_rule_card_has_the_english_cards_structure(game):
    english = ROOT / "seeds" / f"{game}.md"
    german = ROOT / "seeds" / f"{game}.de.md"
    assert german.is_file(), f"no German card for {game}"
    assert _sections(german) == _sections(english)
    # Notation is the same in every language: each `code` span of the English card is
    # in the German one, as it is.
    code = re.compile(r"`[^`]+`")
    assert sorted(code.findall(german.read_text("utf-8"))) == sorted(
        code.findall(english.read_text("utf-8"))
    )
    assert german.read_text("utf-8").splitlines()[0] == english.read_text("utf-8").splitlines()[0]


def test_seat_names_are_shown_in_german_and_kept_as_data(german):
    assert COLLAPSE.seat_names(2) == ("Raute", "Kreis")
    assert FORMATION.seat_names(3) == ("Rubin", "Saphir", "Smaragd")
    assert SHIFT.seat_names(12)[11] == "Spieler 12"
    # The data a save or a move holds stays English: 'start Diamond' reads in any language.
    state = COLLAPSE.new_game(seed=1)
    assert str(state.parse_move("start diamond")) == "start Diamond"
    assert COLLAPSE.new_game(seed=1, advantage="Circle").to_json()["advantage"] == 1


@pytest.fixture
def english_host(tmp_path, monkeypatch):
    """The big screen in English with the German catalogue on hand (for the phones)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", locales.compiled(tmp_path / "locale"))
    assert i18n.set_language("en") == "en"
    yield
    i18n.set_language("en")


def test_each_phone_hears_the_host_in_its_own_language(english_host):
    """An English big screen, a German phone and an English one: the server's own
    answers, each seat's view (seat names, the game's title) and each refusal come in the
    phone's language, and the big screen's language never moves."""
    import aiohttp

    from tests.party_phones import Host, Phone, until
    from tests.test_party import FAST

    party = make_party("chromatic-collapse", [Seat.phone(), Seat.phone()], rate=FAST)
    generation = i18n.generation()

    async def main():
        async with aiohttp.ClientSession() as session:
            de = await Phone(session, party.server.url).open("de-DE,de;q=0.9,en;q=0.5")
            en = await Phone(session, party.server.url).open("en-GB")
            early = await de.ask(("error",), type="move", text="e4-e5")
            assert early["reason"] == "Nimm zuerst einen Platz ein (Raumcode und Name)"
            early = await en.ask(("error",), type="move", text="e4-e5")
            assert early["reason"] == "Join a seat first (room code and name)"
            listed = await de.ask(("seats",), type="seats", v=1, room=party.lobby.code)
            assert next(x["label"] for x in listed["seats"]) == "Raute"
            listed = await en.ask(("seats",), type="seats", v=1, room=party.lobby.code)
            assert next(x["label"] for x in listed["seats"]) == "Diamond"
            assert (await de.join(party.lobby.code, "Ada", 0))["type"] == "welcome"
            assert (await en.join(party.lobby.code, "Bo", 1))["type"] == "welcome"
            party.begin()
            async with Host(party.table):
                await until(lambda: de.state is not None and en.state is not None)
                assert de.state["seats"][0]["label"] == "Raute"
                assert en.state["seats"][0]["label"] == "Diamond"
                waiting, mover = (en, de) if de.state["your_turn"] else (de, en)
                await until(lambda: mover.state["moves"])
                no = await waiting.ask(("error",), type="move", text=mover.state["moves"][0])
                assert no["code"] == "refused"
                if waiting is de:
                    assert no["reason"].endswith("ist am Zug, nicht du"), no
                else:
                    assert no["reason"].endswith("'s turn, not yours"), no
                # the engine's own reason for a move it cannot read, in the mover's words
                said = {}
                for code in ("de", "en"):
                    with i18n.speaking(code):
                        with pytest.raises(IllegalMove) as caught:
                            party.table.match.state.parse_move("z9")
                        said[code] = str(caught.value)
                assert said["de"] != said["en"]
                bad = await mover.ask(("error",), type="move", text="z9")
                assert bad["reason"] == said["de" if mover is de else "en"]
            assert i18n.language() == "en" and i18n.generation() == generation

    run_party(party, main)
