"""Nothing a file or a crash can do breaks the client: hostile saves, settings and
replays are reported and set aside; a killed process resumes at its last move; every
engine survives any reachable state."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.midend.match import Match, ReplayError, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.storage import autosave

ROOT = Path(__file__).resolve().parent.parent


def real_match(game="color-crossroads", moves=4, seed=11):
    spec = GAMES[game]
    setup = GameSetup(game, spec.default_players, spec.resolve_options()[1], seed)
    m = Match(spec, setup, [Seat.person()] * setup.players, setup.start(GAMES))
    import random

    rng = random.Random(seed)
    for _ in range(moves):
        m.submit(rng.choice(m.state.legal_moves()))
    return m


def hostile_variants(record: dict) -> dict[str, bytes]:
    good = json.dumps(record).encode()
    wrong_types = dict(record, moves={"a": 1}, seed="twelve")
    unknown = dict(record, game="tic-tac-toe")
    illegal = dict(record, moves=record["moves"][:1] + ["this is not a move"])
    future = dict(record, format=record["format"] + 1)
    return {
        "truncated": good[: len(good) // 2],
        "empty": b"",
        "wrong-typed": json.dumps(wrong_types).encode(),
        "huge": b'{"format": 1, "pad": "' + b"x" * (9 * 1024 * 1024) + b'"}',
        "unknown-game": json.dumps(unknown).encode(),
        "illegal-move-in-history": json.dumps(illegal).encode(),
        "future-version": json.dumps(future).encode(),
        "not-utf8": b"\xff\xfe\x00garbage",
        "a-list": b"[1, 2, 3]",
    }


EXPECT = {
    "truncated": "not valid JSON",
    "empty": "empty",
    "wrong-typed": "",
    "huge": "too large",
    "unknown-game": "unknown game",
    "illegal-move-in-history": "move 2",
    "future-version": "newer",
    "not-utf8": "not valid JSON",
    "a-list": "not a Crystal Arcade replay",
}


@pytest.mark.parametrize("kind", list(EXPECT))
def test_hostile_autosave_is_reported_set_aside_and_the_title_carries_on(kind, paths, app):
    record = real_match().to_replay()
    paths.data.mkdir(parents=True, exist_ok=True)
    paths.autosave.write_bytes(hostile_variants(record)[kind])
    title = app.top
    title.checked_autosave = False
    app.run_ticks(2)
    shown = app.notices + [t.text for t in app.__dict__.get("_toasts", [])]
    assert any("could not be resumed" in s and EXPECT[kind] in s for s in shown), shown
    assert not paths.autosave.exists()
    assert len(list(paths.data.glob("autosave.corrupt-*"))) == 1
    assert title.resume_match is None
    assert next(c.element.text for c in title.controls) == "Play"


@pytest.mark.parametrize("kind", list(EXPECT))
def test_hostile_replay_file_gives_a_clear_error(kind, tmp_path):
    record = real_match().to_replay()
    path = tmp_path / "replay.json"
    path.write_bytes(hostile_variants(record)[kind])
    with pytest.raises(ReplayError) as err:
        autosave.load_replay(path)
    assert EXPECT[kind] in str(err.value)
    assert "Traceback" not in str(err.value)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b'{"format": 1, "fullscreen": "yes"}',
        b"\x00\x01",
        b'{"format": 99}',
        b"[]",
        b'{"format": 1, "pad": "' + b"y" * (9 << 20) + b'"}',
    ],
)
def test_hostile_settings_never_crash_the_client(content, paths):
    from scenes.boot import make_app

    paths.config.mkdir(parents=True)
    paths.settings.write_bytes(content)
    a = make_app(headless=True, paths=paths)
    try:
        assert any("Settings" in n for n in a.notices)
        a.run_ticks(3)
        assert a.top.name == "title"
    finally:
        a.shutdown()


def test_replay_round_trip_for_every_game(tmp_path, paths):
    for gid in GAMES:
        m = real_match(gid, moves=6, seed=3)
        path = autosave.save_replay(m, paths)
        again = autosave.load_replay(path)
        assert [e.text for e in again.entries] == [e.text for e in m.entries]
        assert again.state.to_json() == m.state.to_json()


def test_unwritable_data_folder_play_continues_with_a_warning(paths, app):
    from scenes.play import play_scene_for

    # Something saved earlier stays untouched.
    paths.config.mkdir(parents=True, exist_ok=True)
    app.settings.save(paths)
    before = paths.settings.read_bytes()
    paths.data.parent.mkdir(parents=True, exist_ok=True)
    paths.data.write_text("not a folder")  # the data folder cannot be created
    m = real_match(moves=0)
    scene = play_scene_for(app, m)
    app.push(scene)
    app.run_ticks(1)
    move = m.state.legal_moves()[0]
    assert scene.try_move(move)
    app.run_ticks(2)
    shown = [t.text for t in app.__dict__.get("_toasts", [])]
    assert any("Autosave is off" in s for s in shown)
    assert len(m.entries) == 1 and app.top is scene
    assert paths.settings.read_bytes() == before


CHILD = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, {root!r})
    os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    import random
    from scenes.boot import make_app
    from game.rules.contract import GameSetup
    from game.midend.match import Match, Seat
    from game.registry import GAMES
    from scenes.play import play_scene_for
    app = make_app(headless=True)
    spec = GAMES["color-crossroads"]
    setup = GameSetup("color-crossroads", 2, spec.resolve_options()[1], 5)
    m = Match(spec, setup, [Seat.person(), Seat.person()], setup.start(GAMES))
    scene = play_scene_for(app, m)
    app.push(scene); app.run_ticks(1)
    rng = random.Random(1)
    for i in range(5):
        scene.try_move(rng.choice(m.state.legal_moves()))
        app.run_ticks(2)
    print("moves", "|".join(e.text for e in m.entries), flush=True)
    while True:
        app.run_ticks(1)
        time.sleep(0.01)
""")


def test_killed_process_resumes_at_its_last_completed_move(paths):
    env = dict(os.environ)
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(root=str(ROOT))],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = ""
        deadline = time.time() + 120
        while time.time() < deadline:
            line = proc.stdout.readline()
            if line.startswith("moves"):
                break
        assert line.startswith("moves"), "the child never reported its moves"
        made = line.split(" ", 1)[1].strip().split("|")
        time.sleep(0.2)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    from scenes.boot import make_app

    a = make_app(headless=True, paths=paths)
    try:
        a.run_ticks(2)
        title = a.top
        assert title.resume_match is not None
        assert next(c.element.text for c in title.controls) == "Resume Color Crossroads"
        assert [e.text for e in title.resume_match.entries] == made
        title.activate(title.controls[0])
        a.run_ticks(2)
        assert a.top.name == "play" and len(a.top.match.entries) == len(made)
    finally:
        a.shutdown()


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=400)
)
def test_every_legal_move_applies_from_reachable_states_and_games_end(game_id, seed, picks):
    import random

    spec = GAMES[game_id]
    state = spec.new_game(seed)
    players, options = spec.resolve_options()
    bound = spec.move_bound(players, options)
    rng = random.Random(seed)
    for i, pick in enumerate(picks):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        assert len(moves) > 0
        if i % 25 == 0:  # every legal move applies (a sample where there are thousands)
            sample = (
                moves
                if len(moves) <= 150
                else [moves[rng.randrange(len(moves))] for _ in range(150)]
            )
            for mv in sample:
                state.apply(mv)
        state = state.apply(moves[pick % len(moves)])
    # ... and from there the game ends within its bound
    n = 0
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
        n += 1
        assert n <= bound
    assert state.outcome() is not None
