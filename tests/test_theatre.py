"""The replay theatre, headless: every game's replay stepped to the end and back with
each shown state equal to the state rebuilt from the moves; jumps by log and
timeline; take over and finish; the list's open / rename / delete; damaged files
refused and left in place; --replay; kiosk."""

import json
import random

import pygame
import pytest

from game.registry import GAMES
from game.storage import autosave
from game.storage.replays import keep_recent, list_replays
from tests.test_hardening import EXPECT, hostile_variants, real_match
from tests.test_replays import played


def rebuilt(match):
    """The states of a replay rebuilt from its move texts alone."""
    state = match.setup.start(GAMES)
    out = [state.to_json()]
    for e in match.entries:
        move = state.parse_move(e.text)
        state = state.apply(move)
        out.append(state.to_json())
    return out


def theatre_for(app, match, analyse=False):
    from scenes.theatre.screen import TheatreScene

    scene = TheatreScene(app, match, name="test", analyse=analyse)
    app.push(scene)
    app.run_ticks(1)
    return scene


def settle(app, scene):
    assert app.run_until(scene.idle, max_ticks=3000)
    app.run_ticks(1)


def key(app, k, mod=0):
    app.post_key(k, mod)
    app.run_ticks(1, draw=False)


@pytest.mark.parametrize("game", list(GAMES))
def test_step_to_the_end_and_back_shows_the_rebuilt_states(app, game):
    match = played(game, 21, limit=60)
    truth = rebuilt(match)
    scene = theatre_for(app, match)
    assert scene.view.read_only and scene.view.shown.to_json() == truth[0]
    for k in range(1, len(truth)):
        key(app, pygame.K_RIGHT)
        assert scene.cursor == k
        settle(app, scene)  # the view animates the action as in play, then settles
        assert scene.view.shown.to_json() == truth[k]
        assert scene.shown_state().to_json() == truth[k]
        assert scene.view.match.state is scene.view.shown  # the view draws its match's state
    key(app, pygame.K_RIGHT)  # at the end: stays
    assert scene.cursor == len(truth) - 1
    for k in range(len(truth) - 2, -1, -1):
        key(app, pygame.K_LEFT)
        assert scene.cursor == k and scene.idle()
        assert scene.view.shown.to_json() == truth[k]
    app.draw(0.0)  # draws without trouble at the start


def test_play_runs_to_the_end_by_itself_and_speed_changes(app):
    match = played("color-crossroads", 22, limit=30)
    scene = theatre_for(app, match)
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)
    assert scene.speed == 2.0 and scene.view.playback_speed == 2.0
    key(app, pygame.K_SPACE)
    assert scene.playing
    assert app.run_until(lambda: scene.line.at_end() and scene.idle(), max_ticks=20_000)
    app.run_ticks(3)
    assert not scene.playing
    assert scene.view.shown.to_json() == match.state.to_json()
    for _ in range(10):
        key(app, pygame.K_MINUS)
    assert scene.speed == 0.5


def test_turn_steps_stop_at_turn_starts(app):
    match = played("crystal-connector", 23, limit=40)
    scene = theatre_for(app, match)
    starts = scene.line.turn_starts()
    seen = [0]
    while scene.cursor < scene.line.last:
        key(app, pygame.K_DOWN)
        seen.append(scene.cursor)
    assert seen == starts
    key(app, pygame.K_HOME)
    assert scene.cursor == 0
    key(app, pygame.K_END)
    assert scene.cursor == scene.line.last
    key(app, pygame.K_PAGEUP)
    assert scene.cursor == starts[-2]


def test_jump_by_clicking_the_log_and_the_timeline(app):
    from scenes.theatre import graph
    from scenes.theatre.screen import STRIP

    match = played("chromatic-collapse", 24, limit=50)
    truth = rebuilt(match)
    scene = theatre_for(app, match)
    app.run_ticks(1)  # drawn once: the log rows are known
    rect, k = scene._log_rects[5]
    app.post_click(rect.center)
    app.run_ticks(1)
    assert scene.cursor == k
    settle(app, scene)
    assert scene.view.shown.to_json() == truth[k]
    x = graph.x_of(STRIP, 37, scene.line.last)
    app.post_click((round(x), STRIP.centery))
    app.run_ticks(1)
    assert scene.cursor == 37
    settle(app, scene)
    assert scene.view.shown.to_json() == truth[37]


def test_take_over_from_the_middle_and_finish_the_game(app):
    match = played("chromatic-collapse", 25, limit=400)
    scene = theatre_for(app, match)
    scene._snap(20)
    key(app, pygame.K_t)
    box = app.top
    assert box.name == "take-over"
    box.choices = ["person", "random"]
    box.start()
    app.run_ticks(1)
    play = app.top
    assert play.name == "play" and not play.read_only
    assert play.match.state.to_json() == match.states[20].to_json()
    assert [s.kind for s in play.match.seats] == ["person", "bot"]
    play.bot_seconds = 0.01
    app.settings.animation_speed = 4.0  # quick bot pacing and animations
    rng = random.Random(3)
    for _ in range(8000):
        if play.match.is_over() or app.top is not play:
            break
        if not play.match.bot_to_move():
            play.try_move(rng.choice(play.match.state.legal_moves()))
        app.run_ticks(2, draw=False)
    assert play.match.is_over()
    assert app.run_until(lambda: app.top.name == "results", max_ticks=2000)
    # The finished take-over game is kept for the theatre too.
    assert any(r.moves == len(play.match.entries) for r in list_replays(app.paths))


def test_take_over_at_the_end_is_refused(app):
    match = played("color-crossroads", 26)
    scene = theatre_for(app, match)
    key(app, pygame.K_END)
    key(app, pygame.K_t)
    assert app.top is scene


def test_a_resigned_game_says_so_at_its_end_and_is_not_taken_over(app):
    from game.midend.match import Match
    from scenes import widgets

    match = played("crystal-connector", 27, limit=12)
    match.resign(1)
    # as the theatre gets it: from the replay file
    match = Match.from_replay(match.to_replay(), GAMES)
    scene = theatre_for(app, match)
    widgets.text.TEXT_LOG = []
    try:
        app.draw(0.0)
        assert not any("resigned" in t.text for t in widgets.text.TEXT_LOG)  # not at the start
        key(app, pygame.K_END)
        widgets.text.TEXT_LOG = []
        app.draw(0.0)
        name = match.seat_names()[1]
        assert any(f"{name} resigned" in t.text for t in widgets.text.TEXT_LOG)
    finally:
        widgets.text.TEXT_LOG = None
    key(app, pygame.K_t)
    assert app.top is scene  # nothing to play on from: the game ended here
    key(app, pygame.K_LEFT)
    key(app, pygame.K_t)
    assert app.top is not scene and app.top.name == "take-over"  # one action back it can


def test_replays_on_the_title_list_open_rename_and_delete(app, paths):
    m = played("chromatic-collapse", 27, limit=400)
    keep_recent(m, paths)
    title = app.top
    names = [c.element.text for c in title.controls]
    assert "Replays" in names
    title.replays()
    app.run_ticks(2)
    lib = app.top
    assert lib.name == "replays" and len(lib.rows) == 1
    lib.thumbnail(lib.rows[0])  # asks the worker (the row shows a placeholder till then)
    lib.wait_for_thumbnails()
    app.run_ticks(1)
    assert lib.thumbs.get(next(iter(lib.thumbs))) is not None  # drawn by the game's view
    key(app, pygame.K_F2)
    dialog = app.top
    assert dialog.name == "rename"
    dialog.entry.set_text("Best of the day")
    dialog.ok()
    app.run_ticks(1)
    assert app.top is lib and lib.rows[0].name == "Best of the day"
    key(app, pygame.K_RETURN)  # Open is focused
    assert app.top.name == "theatre"
    key(app, pygame.K_ESCAPE)
    assert app.top is lib
    key(app, pygame.K_DELETE)
    assert app.top.name == "confirm-delete"
    app.top.yes()
    app.run_ticks(1)
    assert lib.rows == [] and len(list((paths.replays / "recent").glob("*.deleted-*"))) == 1


def _library_with_one(app, paths):
    keep_recent(played("chromatic-collapse", 27, limit=400), paths)
    app.top.replays()
    app.run_ticks(2)
    assert app.top.name == "replays"
    return app.top


def test_f2_rename_takes_typing_at_once_and_enter_renames(app, paths):
    """The box is ready for typing when the dialog opens: keys go in at its end and
    Enter renames (a box that looks focused must take Enter)."""
    lib = _library_with_one(app, paths)
    old = lib.rows[0].name
    key(app, pygame.K_F2)
    for ch in " B":
        app.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode=ch))
        app.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.run_ticks(1)
    assert app.top.entry.get_text() == old + " B"
    key(app, pygame.K_RETURN)
    app.run_ticks(1)
    assert app.top is lib and lib.rows[0].name == old + " B"


def test_a_controller_renames_a_replay_with_the_on_screen_keys(app, paths):
    from tests.drive import focused_text, pad
    from tests.test_input_chromatic_collapse import pad_focus

    A, START = 0, 6
    lib = _library_with_one(app, paths)
    pad_focus(app, "Rename")
    pad(app, A, ticks=2)
    dialog = app.top
    assert dialog.name == "rename"
    pad_focus(app, "Keys")  # the d-pad leaves the box it opened in
    pad(app, A, ticks=2)
    assert app.top.name == "textpad"
    app.top.clear()
    for letter in "Fin":
        pad_focus(app, letter)
        pad(app, A, ticks=1)
    pad(app, START, ticks=2)  # the pad's OK
    assert app.top is dialog and dialog.entry.get_text() == "Fin"
    assert focused_text(app) == "Rename"
    pad(app, A, ticks=2)
    assert app.top is lib and lib.rows[0].name == "Fin"


@pytest.mark.parametrize("kind", list(EXPECT))
def test_a_damaged_replay_in_the_list_is_refused_and_left_in_place(app, paths, kind):
    from scenes.theatre.library import ReplayListScene

    raw = hostile_variants(real_match().to_replay())[kind]
    paths.replays.mkdir(parents=True)
    path = paths.replays / "damaged.json"
    path.write_bytes(raw)
    lib = ReplayListScene(app)
    app.push(lib)
    app.run_ticks(3)
    lib.open_selected()
    app.run_ticks(1)
    assert app.top is lib  # no theatre
    shown = [t.text for t in app.__dict__.get("_toasts", [])] + list(lib.problems.values())
    assert any(EXPECT[kind] in s for s in shown), shown
    assert path.read_bytes() == raw


def test_replay_flag_opens_the_theatre_or_says_why_not(paths, tmp_path, capsys, monkeypatch):
    from scenes import app as app_module
    from scenes import boot

    good = autosave.save_replay(played("color-crossroads", 28, limit=10), paths)
    seen = {}

    def fake_run(self, quit_after_ticks=None):
        seen["top"] = self.top.name
        self.shutdown()

    monkeypatch.setattr(app_module.App, "run", fake_run)
    assert boot.main(["--headless", "--replay", str(good)]) == 0
    assert seen["top"] == "theatre"
    bad = tmp_path / "bad.json"
    data = json.loads(good.read_text())
    data["format"] = 99
    bad.write_text(json.dumps(data))
    before = bad.read_bytes()
    assert boot.main(["--headless", "--replay", str(bad)]) == 2
    assert "newer" in capsys.readouterr().err
    assert bad.read_bytes() == before


def test_kiosk_hides_replays_unless_allowed(paths):
    from scenes.boot import make_app

    paths.config.mkdir(parents=True, exist_ok=True)
    for allowed in (False, True):
        paths.kiosk.write_text(json.dumps({"allow_replays": allowed}))
        a = make_app(headless=True, paths=paths, kiosk=True)
        try:
            names = [c.element.text for c in a.top.controls]
            assert ("Replays" in names) == allowed
        finally:
            a.shutdown()


def test_exports_write_a_png_and_an_animated_gif(app, paths):
    from PIL import Image

    from scenes.theatre.export import GifExport, save_position_png

    match = played("color-crossroads", 29, limit=12)
    scene = theatre_for(app, match)
    scene._snap(5)
    png = save_position_png(scene)
    assert png.exists() and png.parent == paths.data / "exports"
    message = GifExport(scene).wait()
    assert message.startswith("Animation saved: ")
    gif = Image.open(message.split(": ", 1)[1])
    assert gif.n_frames == len(match.entries) + 1
    assert scene.cursor == 5 and scene.view.shown.to_json() == match.states[5].to_json()


def test_kiosk_list_is_watch_only_and_a_playing_replay_is_not_idle(paths):
    from scenes.boot import make_app

    paths.config.mkdir(parents=True, exist_ok=True)
    paths.kiosk.write_text(json.dumps({"allow_replays": True, "idle_timeout_seconds": 1}))
    keep_recent(played("chromatic-collapse", 30, limit=40), paths)
    a = make_app(headless=True, paths=paths, kiosk=True)
    try:
        a.top.replays()
        a.run_ticks(2)
        lib = a.top
        assert [c.element.text for c in lib.controls] == ["Open", "Back"]
        lib.rename()
        lib.delete()
        a.run_ticks(1)
        assert a.top is lib
        lib.open_selected()
        a.run_ticks(1)
        theatre = a.top
        theatre.toggle_play()
        a.run_ticks(200)  # more than the idle timeout, while the replay plays
        assert a.top is theatre and theatre.playing
        theatre.pause_play()
        a.run_ticks(120)
        assert a.top.name == "still-there"
    finally:
        a.shutdown()


def test_touch_and_controller_drive_the_timeline(app):
    from scenes.theatre import graph
    from scenes.theatre.screen import STRIP
    from tests.test_input_chromatic_collapse import pad, tap

    match = played("color-crossroads", 32, limit=30)
    scene = theatre_for(app, match)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert scene.cursor == 1
    pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert scene.cursor == min(k for k in scene.line.turn_starts() if k > 1)  # one turn on
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)
    here = scene.cursor
    pad(app, pygame.CONTROLLER_BUTTON_X)  # X is Space: play
    assert scene.playing
    pad(app, pygame.CONTROLLER_BUTTON_X)
    assert not scene.playing and scene.cursor >= here
    tap(app, (int(graph.x_of(STRIP, 12, scene.line.last)), STRIP.centery))
    assert scene.cursor == 12
    settle(app, scene)
    assert scene.view.shown.to_json() == match.states[12].to_json()
    pad(app, pygame.CONTROLLER_BUTTON_B)
    app.run_ticks(1)
    assert app.top is not scene


def test_the_list_answers_taps_and_keys(app, paths):
    from scenes.theatre.library import LIST, ROW_H, ReplayListScene

    for seed in (33, 34, 35):
        m = played("color-crossroads", seed, limit=10)
        m.started_at = 1_000_000.0 + seed  # newest (seed 35) first
        keep_recent(m, paths)
    lib = ReplayListScene(app)
    app.push(lib)
    app.run_ticks(1)  # the rows ask the worker for their thumbnails
    lib.wait_for_thumbnails()
    for _ in range(4):  # one thumbnail drawn per frame, so every frame drawn
        app.run_ticks(1)
    assert len(lib.rows) == 3 and sum(1 for v in lib.thumbs.values() if v is not None) == 3
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert lib.selected == 2
    key(app, pygame.K_UP)
    assert lib.selected == 1
    row0 = (LIST.centerx, LIST.y + 6 + ROW_H // 2)
    app.post_click(row0)
    app.run_ticks(1)
    assert lib.selected == 0 and app.top is lib  # a first tap chooses
    app.post_click(row0)
    app.run_ticks(1)
    assert app.top.name == "theatre"  # a second tap opens
    assert app.top.full.setup.seed == 35


def test_element_shift_shows_every_submitted_plan(app, monkeypatch):
    match = played("element-shift", 36, limit=400)
    scene = theatre_for(app, match)
    # A position inside round 1's planning with several plans submitted.
    k = next(
        i
        for i, s in enumerate(match.states)
        if s.round_number >= 1 and sum(1 for p in s.pending if getattr(p, "actions", None)) >= 3
    )
    scene._snap(k)
    drawn = []
    real = scene.view.draw_path
    monkeypatch.setattr(
        scene.view,
        "draw_path",
        lambda surface, state, seat, *a, **kw: (
            drawn.append(seat),
            real(surface, state, seat, *a, **kw),
        ),
    )
    app.run_ticks(1)
    submitted = [
        s for s, p in enumerate(match.states[k].pending) if getattr(p, "actions", None) is not None
    ]
    assert sorted(set(drawn)) == submitted and len(submitted) >= 3


@pytest.mark.parametrize("game", ["chromatic-collapse", "crystal-connector"])
def test_actions_the_clock_made_step_like_any_other(app, game):
    from tests.test_clock_edges import RATE, people_match

    m = people_match(game, clock="tournament", seed=8)
    rng = random.Random(8)
    for _ in range(6):  # a few real moves, then nobody moves and the clock plays on
        m.submit(rng.choice(m.state.legal_moves()))
    for _ in range(400):
        if m.is_over() or sum(e.clock for e in m.entries) >= 3:
            break
        m.tick(RATE)
    assert any(e.clock for e in m.entries)
    data = m.to_replay()
    from game.midend.match import Match

    again = Match.from_replay(data)
    truth = rebuilt_with_clock(again)
    scene = theatre_for(app, again)
    for k in range(1, len(truth)):
        key(app, pygame.K_RIGHT)
        settle(app, scene)
        assert scene.view.shown.to_json() == truth[k]


def rebuilt_with_clock(match):
    from game.rules.contract import apply_timeout

    state = match.setup.start(GAMES)
    out = [state.to_json()]
    for e in match.entries:
        move = state.parse_move(e.text)
        state = apply_timeout(state, move) if e.clock else state.apply(move)
        out.append(state.to_json())
    return out


def test_the_mistake_list_follows_the_position_past_its_first_marks(app):
    """Only six marks fit in the list; with more (an Element Shift game marks a plan in
    most rounds) the list shows those around the position on screen, so a mark late in
    the game can be clicked from the list once the game is stepped there."""
    from game.analysis.marks import Mistake
    from scenes.theatre.screen import MARKS_SHOWN, _marks_in_view

    m = played("chromatic-collapse", 3, limit=40)
    marks = [Mistake(a, m.entries[a].seat, 0.5, 0.2, -0.3) for a in range(1, 31, 3)]
    assert len(marks) == 10 > MARKS_SHOWN
    assert [x.action for x in _marks_in_view(marks, 0)] == [1, 4, 7, 10, 13, 16]
    assert [x.action for x in _marks_in_view(marks, 10)] == [7, 10, 13, 16, 19, 22]
    assert [x.action for x in _marks_in_view(marks, 26)] == [13, 16, 19, 22, 25, 28]
    assert [x.action for x in _marks_in_view(marks[:4], 26)] == [1, 4, 7, 10]
    scene = theatre_for(app, m, analyse=True)
    scene.analyst.mistakes = lambda: marks  # the analysis itself is tested elsewhere
    scene.pause_play()
    scene.go(26)
    settle(app, scene)
    app.draw(0.0)
    listed = [k for _rect, k in scene._mistake_rects]
    assert len(listed) == MARKS_SHOWN and 28 in listed and 1 not in listed
    rect = next(r for r, k in scene._mistake_rects if k == 28)
    app.post_click(rect.center)
    app.run_ticks(1)
    settle(app, scene)
    assert scene.cursor == 28  # the position before the marked action


def test_a_mark_row_without_room_drops_the_hard_move_before_its_text_shrinks(app):
    """At the largest text size a long Element Shift plan and the Hard bot's plan do not
    both fit in a mark's row: the Hard move (drawn on the board when the mark is stepped
    to) is left out, and the row keeps its text size.  At the default size and with a
    short move, both are shown."""
    from game.analysis.marks import Mistake
    from scenes import widgets

    m = played("element-shift", 4, limit=30)
    long_one = max(range(12, 30), key=lambda a: len(m.entries[a].text))
    marks = [Mistake(long_one, m.entries[long_one].seat, 0.5, 0.2, -0.3)]
    scene = theatre_for(app, m, analyse=True)
    scene.analyst.mistakes = lambda: marks
    scene.analyst.cache.alternatives[long_one] = "switch; ray N UL UL DR DR stay"
    settle(app, scene)

    def row_texts():
        widgets.text.TEXT_LOG = []
        scene._side_key = None  # the side panel is cached: draw it afresh
        try:
            app.draw(0.0)
            return [d for d in widgets.text.TEXT_LOG if d.text.startswith(f"{long_one + 1}. ")]
        finally:
            widgets.text.TEXT_LOG = None

    try:
        app.theme.set_look(text_size=150)
        (row,) = row_texts()
        assert "Hard:" not in row.text and row.shown == row.text  # whole, not cut
        app.theme.set_look(text_size=100)
        (row,) = row_texts()
        assert "Hard: switch; ray N UL UL DR DR stay" in row.text
    finally:
        app.theme.set_look(text_size=100)


def test_twelve_seat_rows_at_a_large_text_size_keep_the_size_and_drop_the_bot_kind(app):
    """Element Shift's twelve seat rows share two columns: in an 800x600 window at the
    largest text size "Player 3 (Medium bot)" and its expected place have no room, and
    the row shows the seat's name alone at the size chosen instead of shrinking the
    whole label.  At the default size the kind is shown."""
    from game.midend.match import Match, Seat
    from game.rules.contract import GameSetup
    from scenes import widgets

    spec = GAMES["element-shift"]
    setup = GameSetup("element-shift", 12, spec.resolve_options()[1], 4)
    seats = [Seat.person()] + [Seat.bot("medium")] * 11
    m = Match(spec, setup, seats, setup.start(GAMES))
    rng = random.Random(4)
    while len(m.entries) < 30:
        m.submit(rng.choice(m.state.legal_moves()))
    scene = theatre_for(app, m, analyse=True)
    # Values that place the seats 1st to 12th ("~10th" is the widest): the analysis
    # itself is tested elsewhere.
    scene.analyst.value = lambda k: tuple(1.0 - i / 6 for i in range(12))
    scene.pause_play()
    settle(app, scene)
    names = m.seat_names()

    def seat_rows():
        widgets.text.TEXT_LOG = []
        scene._side_key = None  # the side panel is cached: draw it afresh
        try:
            app.draw(0.0)
            return {d.text: d for d in widgets.text.TEXT_LOG if d.text.split(" (")[0] in names}
        finally:
            widgets.text.TEXT_LOG = None

    try:
        rows = seat_rows()
        assert len(rows) == 12
        normal = max(d.rect.h for d in rows.values())
        app.theme.set_look(text_size=150)
        app.resize((800, 600))
        rows = seat_rows()
        assert sorted(rows) == sorted(names)  # the names alone, every row alike
        for text, drawn in rows.items():
            assert drawn.shown == text and drawn.rect.h > normal, text
        # With shorter right-hand text (no analysis yet) the whole labels fit again.
        scene.analyst.value = lambda k: None
        app.theme.set_look(text_size=100)
        rows = seat_rows()
        assert sum("(Medium bot)" in t for t in rows) == 11
        assert all(d.shown == t and d.rect.h == normal for t, d in rows.items())
    finally:
        app.theme.set_look(text_size=100)
