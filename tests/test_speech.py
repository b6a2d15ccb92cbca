"""Speech: the speaker's thread and backends, and whole games played by ear.

The by-ear games use only the command line (F7, typed keys, Enter) and the transcript a
RecordingBackend writes: the test asks whose turn it is and the legal moves, chooses from
what it heard, and checks every announced move against the match's history and the
announced result against the outcome."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import threading
import wave

import numpy as np
import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from scenes.speech import NoBackend, RecordingBackend, Speaker
from scenes.speech.screens import COMMAND_KEY, REPEAT_KEY, TOGGLE_KEY
from tests import drive


class HungBackend:
    name = "hung"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.entered = threading.Event()

    def say(self, text: str) -> None:
        self.entered.set()
        self.release.wait(30)

    def stop(self) -> None:
        pass


def test_recording_backend_gets_every_text_in_order_and_the_same_text_twice(tmp_path):
    rec = RecordingBackend(tmp_path / "said.txt")
    s = Speaker(rec)
    s.enabled = True
    for text in ("one", "two", "two", "three"):
        s.say(text)
    s.wait()
    assert rec.lines == ["one", "two", "two", "three"]
    assert (tmp_path / "said.txt").read_text().splitlines() == rec.lines
    s.repeat()
    s.wait()
    assert rec.lines[-1] == "three" and len(rec.lines) == 5
    s.close()


def test_speech_off_says_nothing_but_remembers_the_last_text():
    rec = RecordingBackend()
    s = Speaker(rec)
    s.say("hello")
    s.wait()
    assert rec.lines == [] and s.last == "hello"


def test_a_hung_backend_never_blocks_the_caller_and_is_dropped_and_reported_once():
    hung = HungBackend()
    s = Speaker(hung, call_seconds=0.2)
    s.enabled = True
    s.say("first")
    assert hung.entered.wait(5)
    # The backend is stuck inside say(); the frame's side still returns at once.
    for i in range(50):
        s.say(f"more {i}")
    assert not hung.release.is_set()
    s.wait(10)
    assert s.dropped and "hung" in s.dropped
    assert isinstance(s.backend, NoBackend)
    assert s.take_report() == s.dropped
    assert s.take_report() == ""
    hung.release.set()
    s.close()


def test_a_failing_backend_is_dropped_with_its_reason():
    class Broken:
        name = "broken"

        def say(self, text):
            raise OSError("no device")

        def stop(self):
            pass

    s = Speaker(Broken())
    s.enabled = True
    s.say("x")
    s.wait()
    assert "no device" in s.dropped


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_ng_speaks_a_line_into_a_wav_that_holds_sound(tmp_path):
    out = tmp_path / "line.wav"
    subprocess.run(
        ["espeak-ng", "-w", str(out), "--", "Player 2 shifts column C down 3"],
        check=True,
        timeout=60,
    )
    with wave.open(str(out)) as w:
        frames = w.readframes(w.getnframes())
        assert w.getsampwidth() == 2
    samples = np.frombuffer(frames, dtype="<i2")
    assert len(samples) > 1000
    assert np.count_nonzero(np.abs(samples.astype(np.int32)) > 500) > 100


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_ng_speaks_in_the_screens_language(tmp_path):
    from game.text import i18n
    from scenes.speech import EspeakBackend

    backend = EspeakBackend(EspeakBackend.find())

    def voice() -> str:
        command = backend.command("x")
        return command[command.index("-v") + 1]

    assert voice() == "en"
    i18n.set_language("de")
    assert voice() == "de"
    # German words in the German voice, through the real program, hold sound.
    command = backend.command("Spieler 2 schiebt Spalte C um 3 nach unten")
    out = tmp_path / "de.wav"
    subprocess.run([command[0], "-w", str(out), *command[1:]], check=True, timeout=60)
    with wave.open(str(out)) as w:
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    assert np.count_nonzero(np.abs(samples.astype(np.int32)) > 500) > 100
    i18n.set_language("pseudo")  # no espeak-ng voice of that name: English
    assert voice() == "en"
    assert EspeakBackend(backend.program, voice="fr").command("x")[2] == "fr"


# -- the App's keys ---------------------------------------------------------------------
def test_f5_turns_speech_on_and_off_and_f6_repeats(app):
    rec = RecordingBackend()
    app.set_speech(True, backend=rec)
    app.run_ticks(2)
    app.speech.wait()
    assert rec.lines and rec.lines[0].startswith("Crystal Arcade")
    drive.key(app, pygame.K_DOWN, ticks=2)
    app.speech.wait()
    assert re.fullmatch(r".+, button, \d+ of \d+", rec.lines[-1])
    n = len(rec.lines)
    drive.key(app, REPEAT_KEY, ticks=1)
    app.speech.wait()
    assert rec.lines[n:] == [rec.lines[n - 1]]
    drive.key(app, TOGGLE_KEY, ticks=1)
    app.speech.wait()
    assert rec.lines[-1] == "Speech off" and not app.speech.enabled
    assert not app.settings.speech


# -- whole games by ear -----------------------------------------------------------------
class Ear:
    """The player's side: types command lines and listens to the transcript."""

    def __init__(self, app, rec: RecordingBackend) -> None:
        self.app, self.rec = app, rec

    def type(self, text: str) -> list[str]:
        """Type ``text`` on the open command line and press Enter; what was said then."""
        self.app.speech.wait()
        n = len(self.rec.lines)
        drive.type_text(self.app, text)
        drive.key(self.app, pygame.K_RETURN, ticks=1, draw=False)
        self.app.speech.wait()
        return self.rec.since(n)

    def ask(self, query: str) -> str:
        heard = self.type(query)
        assert heard, f"nothing said after {query!r}"
        return heard[-1]


def announced_move(line: str, names) -> tuple[str, str] | None:
    """(seat name, notation) of the first move announced in a line, "Player 2 shifts
    column C down 3 (C down 3): plus 42. Player 1 to move"; None for any other line."""
    found = announced(line, names)
    return found[0][:2] if found else None


def announced(line: str, names) -> list[tuple[str, str, str]]:
    """(seat name, notation, words) of every move a line announces, in order (words ""
    when a move was said by its notation alone: "Player 1 plays C down 3").  A round
    revealed at once (Element Shift) is one line of several."""
    out: list[tuple[str, str, str]] = []
    for part in line.split(". "):  # the moves come first; whose turn or the result after
        part = re.sub(r": (?:plus|minus) [\d.,]+$", "", part.rstrip("."))
        found = None
        for name in sorted(set(names), key=len, reverse=True):
            if not part.startswith(name + " "):
                continue
            rest = part[len(name) + 1 :]
            move = re.fullmatch(r"(?P<words>.+) \((?P<notation>[^()]*)\)", rest)
            if move:
                found = (name, move["notation"], move["words"])
            elif rest.startswith("plays "):
                found = (name, rest[len("plays ") :], "")
            break
        if found is None:
            return out
        out.append(found)
    return out


def against_easy_by_ear(app, game_id: str):
    """A person in the first seat against Easy bots (seed 11), the board open with
    speech on into a RecordingBackend; the bots think 0.02 s.  (match, view, rec)."""
    from scenes.play import play_scene_for

    spec = GAMES[game_id]
    players = spec.min_players
    setup = GameSetup(game_id, players, {}, 11)
    seats = [Seat.person()] + [Seat.bot("easy") for _ in range(players - 1)]
    match = Match(spec, setup, seats, setup.start(GAMES))
    view = play_scene_for(app, match)
    app.push(view)
    rec = RecordingBackend()
    app.set_speech(True, backend=rec)
    app.run_ticks(2)
    view.bot_seconds = 0.02
    return match, view, rec


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_against_easy_by_ear(app, game_id):
    from scenes.speech.play import game_words

    match, view, rec = against_easy_by_ear(app, game_id)
    ear = Ear(app, rec)
    me, last_seat = match.seat_names()[0], match.seat_names()[-1]
    drive.key(app, COMMAND_KEY, ticks=1)
    rng = random.Random(5)
    heard_up_to, summary_open = 0, False
    for _turn in range(3000):
        if app.top is not view:
            break
        said = ear.ask("turn")
        if said.startswith("Game over"):
            break
        if said != f"{me} to move":
            new_lines = rec.lines[heard_up_to:]
            heard_up_to = len(rec.lines)
            if any("Continue (Enter)" in line for line in new_lines):
                summary_open = True
            elif any(announced(line, [last_seat]) for line in new_lines):
                summary_open = False  # the round went on: the summary was closed
            if summary_open:
                ear.type("")  # a round summary was read out: Enter goes on
            app.run_ticks(20, draw=False)
            continue
        listed = ear.ask("legal")
        moves = listed.split(": ", 1)[1].split(", ")
        heard = ear.type(rng.choice(moves))
        if heard and "round summary is open" in heard[-1]:
            ear.type("")  # as on the board: the summary is closed before the next plan
            continue
        # said at once, or (a secret plan) said as chosen until the round's reveal
        assert any(
            announced_move(h, [me]) or re.match(f"{me} (submitted a plan|picked a start tile)", h)
            for h in heard
        ), heard
    else:
        pytest.fail("the game did not end")
    app.speech.wait()
    assert match.is_over()
    names = match.seat_names()
    said = [m for line in rec.lines for m in announced(line, names)]
    assert [(name, notation) for name, notation, _words in said] == [
        (names[e.seat], e.text) for e in match.entries
    ]
    # every move was said in words as well as in notation, the words the game's own
    words = game_words(view)
    for (_name, _notation, spoken), before, e in zip(
        said, match.states, match.entries, strict=False
    ):
        assert spoken and spoken == match.named(words.move_words(before, before.parse_move(e.text)))
    out = match.outcome()
    ending = [line for line in rec.lines if "Game over" in line]
    assert ending, "the result was never said"
    if out.is_draw:
        assert "a draw" in ending[-1]
    else:
        winners = ", ".join(names[s] for s in out.winners)
        assert f"Game over: {winners} won" in ending[-1]
        assert match.outcome_reason() in ending[-1]


# -- the board cursor -------------------------------------------------------------------
def engine_cell(view) -> str:
    """The cursor's cell in the engine's own notation."""
    from game.rules import crystal_formation

    state = view.match.state
    if view.spec.id == "crystal-formation":
        geo = crystal_formation.geometry(state.board_kind)
        return geo.cell_name(geo.index[view.cursor])
    rules = __import__(f"game.rules.{view.spec.id.replace('-', '_')}", fromlist=["cell_name"])
    return rules.cell_name(view.cursor)


def play_view(app, game_id: str):
    """A view where a person is to move on the board: every seat a person, the
    opening choices made by the first legal move until the cursor speaks."""
    from scenes.play import play_scene_for
    from scenes.speech.play import game_words

    spec = GAMES[game_id]
    setup = GameSetup(game_id, spec.min_players, {}, 7)
    match = Match(spec, setup, [Seat.person()] * spec.min_players, setup.start(GAMES))
    view = play_scene_for(app, match)
    app.push(view)
    rec = RecordingBackend()
    app.set_speech(True, backend=rec)
    app.run_ticks(2)
    words = game_words(view)
    for _step in range(12):
        if getattr(view, "curtain_seat", lambda: None)() is not None:
            drive.key(app, pygame.K_RETURN, ticks=1)  # Element Shift's hot-seat curtain
        drive.key(app, pygame.K_RIGHT, ticks=1)
        if words.cursor_words(view) is not None:
            break
        match.submit(match.state.legal_moves()[0])
        view.finish_animations()
        app.run_ticks(2)
    return view, rec, words


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_board_cursor_says_its_cell_as_it_moves(app, game_id):
    view, rec, words = play_view(app, game_id)
    assert words.cursor_words(view) is not None, "the keys never reached the board cursor"
    heard = []
    for k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_UP, pygame.K_UP, pygame.K_LEFT):
        app.speech.wait()
        n, at = len(rec.lines), view.cursor
        drive.key(app, k, ticks=1)
        app.speech.wait()
        said = rec.since(n)
        if view.cursor == at:  # the board's edge: the cursor stays, nothing is said
            assert said == []
            continue
        assert said, f"nothing said after {pygame.key.name(k)}"
        line = said[-1]
        cell = line.split(", ")[0]
        # the cell named is where the cursor now is, in the engine's notation
        assert cell == engine_cell(view)
        seat = max(0, view.match.to_move())
        assert line == words.cell_words(view.match.state, cell, seat)
        heard.append(cell)
    assert len(set(heard)) > 1, heard


def test_the_cursor_in_crystal_connector_says_the_group_the_rules_count(app):
    from game.rules.crystal_connector import colour_groups

    view, rec, _words = play_view(app, "crystal-connector")
    state = view.match.state
    me = view.match.to_move()
    for _step in range(8):
        app.speech.wait()
        n = len(rec.lines)
        drive.key(app, pygame.K_DOWN, ticks=1)
        app.speech.wait()
        line = rec.since(n)[-1]
        piece = state.board[view.cursor]
        if piece < 4:
            size = next(g.size for g in colour_groups(state.board, piece) if view.cursor in g.cells)
            mine = piece in state.colours[me]
            assert line.endswith(("in your group of " if mine else "in a group of ") + str(size))
            return
    pytest.fail("the cursor met no crystal")


# -- focused controls -------------------------------------------------------------------
def test_a_focused_control_that_cycles_says_its_value_and_place(app):
    app.settings.text_size = 125
    app.open("settings", "Accessibility")
    app.run_ticks(2)
    rec = RecordingBackend()
    app.set_speech(True, backend=rec)
    scene = app.top
    index = next(i for i, c in enumerate(scene.controls) if c.data.get("label") == "Text size")
    scene.set_focus(index)
    app.run_ticks(2)
    app.speech.wait()
    assert rec.lines[-1].endswith("Text size, 125%, 2 of 3")
    drive.key(app, pygame.K_RIGHT, ticks=3)
    app.speech.wait()
    assert app.settings.text_size == 150
    assert rec.lines[-1] == "Text size, 150%, 3 of 3"


def test_element_shift_takes_no_plan_by_command_while_the_round_summary_is_open(app):
    from game.rules.element_shift import Plan

    view, rec, _words = play_view(app, "element-shift")
    match = view.match
    while match.state.round == 0:  # every seat picks a start tile
        match.submit(match.state.legal_moves()[0])
    view.finish_animations()
    for _seat in range(match.state.num_players):  # one round of plans: its summary opens
        match.submit(Plan.still(match.state.segments()))
        view.finish_animations()
    view.summary_round = match.state.round - 1
    assert view.mode() == "summary"
    ear = Ear(app, rec)
    drive.key(app, COMMAND_KEY, ticks=1)
    entries = len(match.entries)
    heard = ear.type(str(Plan.still(match.state.segments())))
    assert len(match.entries) == entries, "a plan went in behind the summary"
    assert heard[-1].startswith("The round summary is open")
    ear.type("")  # Enter on an empty line: the board's Continue
    assert view.mode() == "curtain"  # every seat is a person here: the hot-seat curtain
    heard = ear.type(str(Plan.still(match.state.segments())))
    assert len(match.entries) == entries and heard[-1].startswith("The board is hidden")
    ear.type("")
    assert view.mode() == "plan"
    ear.type(str(Plan.still(match.state.segments())))
    assert len(match.entries) == entries + 1


# -- German ---------------------------------------------------------------------------
def _crossroads_with_a_challenge(app):
    """Color Crossroads, a person against a bot, at a state where a challenge is legal."""
    from game.rules.color_crossroads import Challenge
    from scenes.play import play_scene_for

    spec = GAMES["color-crossroads"]
    setup = GameSetup("color-crossroads", 2, {}, 3)
    match = Match(spec, setup, [Seat.person(), Seat.bot("easy")], setup.start(GAMES))
    rng = random.Random(2)
    for _step in range(400):
        moves = match.state.legal_moves()
        challenges = [m for m in moves if isinstance(m, Challenge)]
        if challenges:
            break
        match.submit(rng.choice(moves))
    else:
        pytest.fail("no challenge came up")
    view = play_scene_for(app, match)
    app.push(view)
    return view, challenges[0]


def test_german_says_du_forderst_and_du_musst_to_the_person(app):
    from game.text import i18n
    from scenes.play.color_crossroads.layout import pair_text

    view, challenge = _crossroads_with_a_challenge(app)
    i18n.set_language("de")
    state = view.match.state
    seat = state.current_player()
    new = state.apply(challenge)
    view.on_moved(state, new, challenge, seat)
    pair = pair_text(challenge.pair)
    if view.is_you(seat):
        expected = f"Du forderst {pair} heraus: "
    else:
        expected = f"{view.match.seat_names()[seat]} fordert {pair} heraus: Du musst"
    assert view.banner.startswith(expected), view.banner
    view.on_moved(state, new, challenge, 1 - seat)  # the other seat challenging
    if view.is_you(seat):
        assert "Du musst binnen 2 Minuten" in view.banner, view.banner
    else:
        assert view.banner.startswith(f"Du forderst {pair} heraus: "), view.banner
    assert "Du fordert" not in view.banner and "Du muss " not in view.banner


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_board_says_its_game_whose_turn_and_the_command_key_as_it_opens(app, game_id):
    from game.text import i18n
    from scenes.boot import start_quick_game

    rec = RecordingBackend()
    app.set_speech(True, backend=rec)
    app.run_ticks(2)
    app.speech.wait()
    assert start_quick_game(app, game_id, 3) is None
    view = app.top
    header = view.status_text()
    app.run_ticks(1, draw=False)
    app.speech.wait()
    assert rec.lines[-1].startswith(f"{view.spec.title}. {header}"), rec.lines
    assert rec.lines[-1].endswith("F7 opens the command line."), rec.lines
    i18n.set_language("de")
    app.pop()
    assert start_quick_game(app, game_id, 3) is None
    app.run_ticks(2, draw=False)
    app.speech.wait()
    assert rec.lines[-1].endswith("F7 öffnet die Befehlszeile."), rec.lines


def test_the_command_line_takes_typed_text_as_sdl_delivers_it_umlauts_included(app):
    from game.text import i18n

    view, rec, _words = play_view(app, "crystal-connector")
    i18n.set_language("de")
    drive.key(app, COMMAND_KEY, ticks=1)
    # A letter from another layout's key, a dead key or an input method comes as a
    # TEXTINPUT alone, with no key of its own ("ü" typed through xdotool does too).
    for ch in "züge":
        app.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert view.command_text == "züge"
    app.speech.wait()
    n = len(rec.lines)
    drive.key(app, pygame.K_RETURN, ticks=1, draw=False)
    app.speech.wait()
    count = len(view.match.state.legal_moves())
    assert rec.since(n) and rec.since(n)[-1].startswith(f"{count} zulässige Züge: "), rec.since(n)
    # A key typed as SDL delivers it (its key with its unicode, then its text) counts once.
    drive.type_text(app, "dran")
    assert view.command_text == "dran"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_move_is_said_in_german_words(app, game_id):
    from game.text import i18n

    view, rec, words = play_view(app, game_id)
    i18n.set_language("de")
    match = view.match
    state = match.state
    move = state.legal_moves()[0]
    seat = match.to_move()
    name = match.seat_names()[seat]
    spoken = words.move_words(state, move)
    assert spoken
    app.speech.wait()
    n = len(rec.lines)
    view.try_move(move)
    secret = getattr(words, "secret_words", None)
    hidden = secret(state, match.state, move) if secret else ""
    if hidden:
        # a secret move: said as chosen, without its notation, until the reveal
        app.speech.wait()
        assert rec.since(n)[0].startswith(f"{name} {hidden}")
        assert str(move) not in rec.since(n)[0]
        assert hidden in ("hat ein Startfeld gewählt", "hat einen Plan abgegeben")
        while match.state.round == state.round:
            view.try_move(match.state.legal_moves()[0])
    app.speech.wait()
    heard = " | ".join(rec.since(n))
    assert f"{name} {spoken} ({move})" in heard, heard
    # the words are German: none of the English verbs the games' words begin with
    english = ("shifts", "slides", "places", "grows", "moves", "starts", "keeps", "switches")
    assert not spoken.startswith(english), spoken


# -- the theatre, the puzzles, the hall of fame ---------------------------------------
def _listen(app):
    rec = RecordingBackend()
    app.set_speech(True, backend=rec)
    return rec


def test_the_theatre_says_each_move_stepped_to_and_the_coachs_mark_with_its_reason(app):
    from game.analysis.marks import Mistake
    from tests.test_theatre import played, settle, theatre_for

    m = played("chromatic-collapse", 3, limit=20)
    scene = theatre_for(app, m, analyse=True)
    marked = 5
    scene.analyst.mistakes = lambda: [Mistake(marked, m.entries[marked].seat, 0.5, 0.2, -0.3)]
    scene.analyst.cache.alternatives[marked] = str(m.states[marked].legal_moves()[0])
    scene.analyst.explanation = lambda action: "The engine's reason." if action == marked else ""
    rec = _listen(app)
    scene.pause_play()
    app.run_ticks(2)
    app.speech.wait()
    assert rec.lines[-1].startswith("Replay theatre. ")
    scene.go(3)
    settle(app, scene)
    app.speech.wait()
    names = m.seat_names()
    e = m.entries[2]
    assert rec.lines[-1] == f"Move 3 of {len(m.entries)}: {names[e.seat]} {e.text}"
    scene.go(marked)
    settle(app, scene)
    app.speech.wait()
    line = rec.lines[-1]
    hard = scene.analyst.cache.alternatives[marked]
    assert f"Mistake next: {names[m.entries[marked].seat]} played {m.entries[marked].text}" in line
    assert f"the Hard bot plays {hard}" in line and line.endswith("The engine's reason")


def test_a_puzzle_says_its_goal_and_its_verdict(app):
    from game.content import puzzles as P
    from scenes.puzzles import open_puzzle

    rec = _listen(app)
    puzzle = P.load_puzzles("chromatic-collapse").puzzles[0]
    scene = open_puzzle(app, "chromatic-collapse", puzzle.id, "list")
    app.run_ticks(2, draw=False)
    app.speech.wait()
    assert any(P.goal_text(puzzle) in line for line in rec.lines), rec.lines
    for text in puzzle.solution[0]:
        scene.try_move(scene.match.parse(text))
        app.run_until(lambda: not scene.anim and not scene.queue, max_ticks=600)
    app.run_until(lambda: scene.phase == "solved", max_ticks=3000)
    app.run_ticks(2, draw=False)
    app.speech.wait()
    assert "Solved!" in rec.lines


def test_a_missed_puzzle_says_why_and_the_whole_answer_in_one_line_that_nothing_cuts(app):
    from game.content import puzzles as P
    from scenes.puzzles import open_puzzle

    rec = _listen(app)
    puzzle = P.load_puzzles("chromatic-collapse").puzzles[0]
    scene = open_puzzle(app, "chromatic-collapse", puzzle.id, "list")
    app.run_ticks(2, draw=False)
    answer = puzzle.solution[0]
    first = scene.match.parse(answer[0])
    scene.try_move(next(m for m in scene.match.state.legal_moves() if m != first))
    for _ in range(20):  # the rest of the turn, any legal actions, until it is judged
        app.run_until(lambda: not scene.anim and not scene.queue, max_ticks=600)
        app.run_ticks(2, draw=False)
        if app.top is not scene or scene.phase != "doing":
            break
        scene.try_move(scene.match.state.legal_moves()[0])
    assert app.top is not scene and app.top.phase == "showing"
    app.speech.wait()
    said = len(rec.lines)
    shown = app.top
    app.run_until(lambda: shown.phase == "missed", max_ticks=3000)
    app.run_ticks(30, draw=False)
    app.speech.wait()
    line = rec.lines[said - 1]
    assert "Missed:" in line and line.endswith(", ".join(answer) + "."), line
    # The answer's moves play out unsaid, and the card's last words were said already.
    assert rec.lines[said:] == [], rec.lines[said:]
    assert shown.card_text() in line


def test_the_hall_of_fame_reads_its_table_and_the_next_board_when_it_changes(app):
    from scenes.halloffame import board_title
    from tests.screens import _fame_with_scores

    rec = _listen(app)
    _fame_with_scores(app)
    app.run_ticks(2, draw=False)
    app.speech.wait()
    assert rec.lines[-1].startswith("Hall of fame. ")
    assert "1, ADA, 12; 2, BOB, 11" in rec.lines[-1]
    assert rec.lines[-1].count(board_title(app.top.board)) == 1, rec.lines[-1]  # read once
    scene = app.top
    cycler = next(i for i, c in enumerate(scene.controls) if "values" in c.data)
    scene.set_focus(cycler)
    drive.key(app, pygame.K_RIGHT, ticks=2)
    app.speech.wait()

    assert rec.lines[-1].endswith(f"{board_title(scene.board)}, Today: no scores yet")


def test_element_shift_reveals_every_plan_and_its_summary_in_one_line(app):
    from game.rules.element_shift import Plan

    view, rec, words = play_view(app, "element-shift")
    match = view.match
    while match.state.round == 0:
        match.submit(match.state.legal_moves()[0])
    view.finish_animations()
    app.speech.wait()
    n = len(rec.lines)
    names = match.seat_names()
    plans = []
    for seat in range(match.state.num_players):
        plan = Plan(seat % 2 == 0, ("stay",) * match.state.segments())
        plans.append((seat, plan, words.move_words(match.state, plan)))
        view.unlocked = (match.state.round, match.to_move())  # past the hot-seat curtain
        assert view.try_move(plan)
    app.speech.wait()
    heard = rec.since(n)
    # each plan is said as submitted (without its notation) and all at the reveal
    for seat, plan, _w in plans[:-1]:
        assert f"{names[seat]} submitted a plan. " in " | ".join(heard)
        assert not any(f"({plan})" in line for line in heard[:-1])
    reveal = heard[-1]
    assert [a[:2] for a in announced(reveal, names)] == [(names[s], str(p)) for s, p, _w in plans]
    assert "Round 1 scored: Continue (Enter) when ready" in reveal


def test_crystal_connectors_colours_are_said_as_the_board_names_them():
    """German names a colour on its own as a noun ("nimmt Rot"), as the board's own
    messages do; the move's words said "nimmt rot"."""
    from game.rules.crystal_connector import Convert, TakeColours
    from game.text import i18n
    from scenes.play.crystal_connector.speech import move_words

    i18n.set_language("de")
    assert move_words(None, TakeColours((1, 2))) == "nimmt Blau und Grün"
    assert move_words(None, Convert(0, 0)) == "wandelt A1 in Rot um"
    i18n.set_language("en")
    assert move_words(None, TakeColours((0,))) == "takes red"


def test_a_bots_pick_of_two_colours_is_said_once_with_the_colour_it_leaves(app):
    """Crystal Connector: the person takes a colour first, the bot takes two, and the
    last colour falls to the person.  The bot's pick is said once, in the move's line
    with who gets the last colour; the banner shows the same without saying it again."""
    match, view, rec = against_easy_by_ear(app, "crystal-connector")
    ear = Ear(app, rec)
    me, bot = match.seat_names()
    drive.key(app, COMMAND_KEY, ticks=1)
    ear.type("pick first")
    ear.type("take red")
    start = len(rec.lines)
    for _tick in range(600):
        if len(match.entries) >= 3:
            break
        app.run_ticks(5, draw=False)
    app.run_ticks(30, draw=False)
    app.speech.wait()
    taken = match.entries[2]
    assert taken.seat == 1 and taken.text.startswith("take ")
    heard = rec.since(start)
    gets = [line for line in heard if f"{me} gets " in line]
    assert len(gets) == 1, heard
    assert announced_move(gets[0], [bot]) == (bot, taken.text)
    assert f"{me} gets " in view.banner and bot in view.banner
