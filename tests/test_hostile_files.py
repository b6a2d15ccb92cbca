"""Hostile files at every way in: settings.json, kiosk.json,
autosave.json, replays, tutorials, learned.json, the analysis cache and ``--replay``.

Each reader goes through game/storage/reading.py.  For any bytes, any JSON value (any type, any
nesting), huge or non-finite numbers, FIFOs, links to /dev/zero, folders and huge
files, these tests assert: only the documented error escapes, the screen or loader
carries on, and nothing is lost (the file is kept where it was or set aside with the
same bytes, never deleted)."""

import json
import os
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.analysis.marks import AnalysisCache
from game.content.tutorials import TutorialError, load_tutorial, parse_tutorial
from game.midend.match import Match, ReplayError
from game.registry import GAMES
from game.storage import autosave
from game.storage.reading import (
    MAX_FILE_BYTES,
    STRAY_MIN_AGE,
    FileProblem,
    load_json,
    parse_json,
    read_bytes,
)
from game.storage.replays import list_replays, open_replay, summarise
from game.storage.saves import remove_stray_tmp, user_paths, write_json_atomic
from scenes.config import KioskConfig, Settings, last_good_kiosk_path
from scenes.learned import learned_games, learned_path, mark_learned
from tests.hostile_json import json_values
from tests.test_hardening import real_match

HAS_FIFO = hasattr(os, "mkfifo")
HAS_DEV_ZERO = os.path.exists("/dev/zero")

# -- what a hostile file holds ---------------------------------------------------------

SETTING_KEYS = [
    "format",
    "fullscreen",
    "master_volume",
    "effects_volume",
    "animation_speed",
    "colour_blind",
    "shift_preview",
    "party_address",
    "party_port",
    "party_takeover_seconds",
]
KIOSK_KEYS = [
    "attract_after_seconds",
    "idle_timeout_seconds",
    "still_there_seconds",
    "exit_pin",
    "demo_seconds_per_game",
    "party",
    "allow_replays",
    "day_starts_at_hour",
    "hall_of_fame_server",
]
REPLAY_KEYS = [
    "format",
    "game",
    "game_id",
    "players",
    "options",
    "seed",
    "clock",
    "seats",
    "moves",
    "proxies",
    "timeouts",
    "outcome",
    "started_at",
]


def tables(keys):
    """Tables using the file kind's own keys (and others) with values of any type."""
    return st.dictionaries(st.sampled_from(keys) | st.text(max_size=8), json_values, max_size=8)


def dump(value) -> bytes:
    return json.dumps(value, allow_nan=True).encode("utf-8")


def nested(depth: int) -> bytes:
    return b'{"a":' * depth + b"1" + b"}" * depth


HOSTILE_BYTES = {
    "deep-list": b"[" * 100_000 + b"]" * 100_000,
    "deep-object": nested(50_000),
    "infinity": b'{"format": 1, "master_volume": Infinity, "started_at": Infinity}',
    "nan": b'{"format": NaN}',
    "overflow": b'{"format": 1, "seed": 1e400, "started_at": 1e400}',
    "long-int": b'{"format": 1, "seed": ' + b"7" * 5000 + b', "players": 2}',
    "list-game": b'{"format": 1, "game": ["crystal-connector"], "seed": 1, "players": 2}',
    "not-utf8": b"\xff\xfe{}",
    "empty": b"",
    "a-list": b"[1, 2, 3]",
}


def kept_or_set_aside(folder: Path, name: str, raw: bytes) -> bool:
    """Nothing lost: ``raw`` is still in ``folder`` under ``name`` or a set-aside name."""
    stem = Path(name).stem
    for p in folder.iterdir():
        if p.name == name or p.name.startswith(stem + ".corrupt-"):
            if p.is_file() and p.read_bytes() == raw:
                return True
    return False


def fresh_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    os.environ["CRYSTAL_ARCADE_HOME"] = str(home)
    p = user_paths()
    p.config.mkdir(parents=True)
    p.data.mkdir(parents=True)
    p.replays.mkdir(parents=True)
    return p


# -- the reader itself --------------------------------------------------------------------


@given(st.binary(max_size=300))
def test_any_bytes_parse_or_give_the_one_documented_error(raw):
    try:
        parse_json(raw)
    except FileProblem as exc:
        assert str(exc).startswith("it ") and "Error" not in str(exc)


@pytest.mark.parametrize("kind", list(HOSTILE_BYTES))
def test_hostile_bytes_are_refused_with_a_short_reason(kind):
    raw = HOSTILE_BYTES[kind]
    if kind == "list-game":
        assert isinstance(parse_json(raw), dict)  # valid JSON: the schema refuses it
        return
    if kind == "a-list":
        assert parse_json(raw) == [1, 2, 3]
        return
    with pytest.raises(FileProblem) as err:
        parse_json(raw)
    assert len(str(err.value)) < 60 and "7777" not in str(err.value)


def test_depth_is_counted_outside_strings_only():
    assert parse_json(b'{"a": "' + b"[" * 10_000 + b'"}') == {"a": "[" * 10_000}
    assert parse_json(nested(32)) is not None
    with pytest.raises(FileProblem, match="nested too deeply"):
        parse_json(nested(33))


def test_missing_file_is_none_and_folder_is_refused(tmp_path):
    assert read_bytes(tmp_path / "nothing.json") is None
    with pytest.raises(FileProblem, match="folder"):
        read_bytes(tmp_path)


def test_a_link_to_nothing_or_a_loop_of_links_is_refused_not_missing(tmp_path):
    gone = tmp_path / "gone.json"
    gone.symlink_to(tmp_path / "unmounted" / "settings.json")
    with pytest.raises(FileProblem, match="link to nothing"):
        read_bytes(gone)
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    with pytest.raises(FileProblem, match="circle"):
        read_bytes(loop)


def test_settings_that_link_to_nothing_are_reported_and_the_link_kept(paths):
    paths.config.mkdir(parents=True)
    paths.settings.symlink_to(paths.config / "elsewhere.json")
    for _ in range(2):  # twice in one second: the second link is set aside beside the first
        settings_, problem = Settings.load(paths)
        assert settings_ == Settings() and "link to nothing" in problem
        paths.settings.symlink_to(paths.config / "elsewhere.json")
    kept = [p for p in paths.config.iterdir() if p.name.startswith("settings.corrupt-")]
    assert len(kept) == 2 and all(p.is_symlink() for p in kept)


@pytest.mark.skipif(not HAS_FIFO, reason="no FIFOs here")
def test_a_fifo_never_blocks(tmp_path):
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    done = []
    reader = threading.Thread(target=lambda: done.append(_problem(fifo)), daemon=True)
    reader.start()
    reader.join(30)  # bounded: a blocked open would leave the thread alive
    assert done == ["it is not a regular file"]


def _problem(path):
    try:
        load_json(path)
    except FileProblem as exc:
        return str(exc)
    return None


@pytest.mark.skipif(not HAS_DEV_ZERO, reason="no /dev/zero here")
def test_a_link_to_dev_zero_is_refused_without_reading_it(tmp_path):
    link = tmp_path / "autosave.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(FileProblem, match="not a regular file"):
        read_bytes(link)


def test_a_huge_file_is_refused_by_its_size(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # sparse: costs no disk
        fh.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(FileProblem, match="too large"):
        read_bytes(big)
    assert read_bytes(big, cap=MAX_FILE_BYTES + 1) is not None


# -- every file kind, any JSON value -------------------------------------------------------


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=json_values | tables(SETTING_KEYS))
def test_settings_any_value_loads_and_nothing_is_lost(tmp_path_factory, value):
    paths = fresh_home(tmp_path_factory)
    raw = dump(value)
    paths.settings.write_bytes(raw)
    settings_, problem = Settings.load(paths)
    assert isinstance(settings_, Settings)
    assert 0.0 <= settings_.master_volume <= 1.0 and 0 <= settings_.party_port <= 65535
    assert problem is None or ("Traceback" not in problem and len(problem) < 300)
    assert kept_or_set_aside(paths.config, "settings.json", raw)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=json_values | tables(KIOSK_KEYS))
def test_kiosk_any_value_fails_closed(tmp_path_factory, value):
    paths = fresh_home(tmp_path_factory)
    raw = dump(value)
    paths.kiosk.write_bytes(raw)
    cfg, problem = KioskConfig.load(paths)
    assert cfg.exit_pin == "" or (cfg.exit_pin.isascii() and cfg.exit_pin.isdigit())
    if cfg.exit_pin == "" and not cfg.exit_locked:
        # no PIN only when the file really says so (or leaves it out)
        assert isinstance(value, dict) and value.get("exit_pin", "") == ""
    assert paths.kiosk.read_bytes() == raw  # left in place for the operator
    assert problem is None or len(problem) < 300


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=json_values | tables(REPLAY_KEYS))
def test_autosave_any_value_is_resumed_or_reported_and_kept(tmp_path_factory, value):
    paths = fresh_home(tmp_path_factory)
    raw = dump(value)
    paths.autosave.write_bytes(raw)
    match, problem = autosave.load(paths)
    assert match is None and problem is not None  # nothing here is a real game
    assert problem.startswith("The saved game could not be resumed")
    assert kept_or_set_aside(paths.data, "autosave.json", raw)


RECORD = real_match().to_replay()


@given(changes=tables(REPLAY_KEYS))
def test_from_replay_raises_only_replay_error(changes):
    record = dict(RECORD, **changes)
    try:
        Match.from_replay(record, GAMES)
    except ReplayError as exc:
        assert len(str(exc)) < 400 and "Traceback" not in str(exc)


@given(value=json_values)
def test_from_replay_of_any_value(value):
    with pytest.raises(ReplayError):
        Match.from_replay(value, GAMES)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=tables(REPLAY_KEYS))
def test_replay_file_rows_and_opening_never_raise_else(tmp_path_factory, changes):
    folder = tmp_path_factory.mktemp("replays")
    path = folder / "r.json"
    raw = dump(dict(RECORD, **changes))
    path.write_bytes(raw)
    row = summarise(path, False, GAMES)
    assert row.path == path and all(len(s) <= 200 for s in row.seats)
    try:
        open_replay(path, GAMES)
    except ReplayError:
        pass
    assert path.read_bytes() == raw  # reading a replay never changes it


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=json_values | tables(["format", "learned"]))
def test_learned_any_value_is_a_set_and_nothing_is_lost(tmp_path_factory, value):
    paths = fresh_home(tmp_path_factory)
    raw = dump(value)
    learned_path(paths).write_bytes(raw)
    games = learned_games(paths)
    assert all(isinstance(g, str) and len(g) <= 64 for g in games)
    assert kept_or_set_aside(paths.config, "learned.json", raw)


@given(value=json_values | tables(["format", "game", "start", "steps", "learner", "title"]))
def test_tutorial_any_value_is_a_tutorial_error(value):
    try:
        parse_tutorial(value, "tutorial-x.json", GAMES)
    except TutorialError:
        pass


@pytest.mark.parametrize("kind", list(HOSTILE_BYTES))
def test_tutorial_text_hostile_bytes(kind):
    try:
        text = HOSTILE_BYTES[kind].decode("utf-8")
    except UnicodeDecodeError:
        return
    with pytest.raises(TutorialError):
        load_tutorial("crystal-connector", text)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=json_values | tables(["format", "key", "positions", "budget", "values"]))
def test_analysis_cache_any_value_is_redone(tmp_path_factory, value):
    folder = tmp_path_factory.mktemp("analysis")
    if isinstance(value, dict):
        value = dict({"format": 1, "key": "k", "positions": 3, "budget": "b"}, **value)
    AnalysisCache.path(folder, "k").write_bytes(dump(value))
    cache = AnalysisCache.load(folder, "k", 3, "b")
    assert cache.key == "k"
    for v in cache.values:
        assert v is None or all(isinstance(x, float) for x in v)


@pytest.mark.parametrize("kind", list(HOSTILE_BYTES))
def test_every_loader_survives_each_hostile_file(tmp_path_factory, kind):
    paths = fresh_home(tmp_path_factory)
    raw = HOSTILE_BYTES[kind]
    for name in ("settings.json", "kiosk.json", "learned.json"):
        (paths.config / name).write_bytes(raw)
    paths.autosave.write_bytes(raw)
    (paths.replays / "x.json").write_bytes(raw)
    Settings.load(paths)
    cfg, _ = KioskConfig.load(paths)
    if kind != "list-game":  # that one is a valid kiosk table (keys it does not know)
        assert cfg.exit_pin == "" and cfg.exit_locked  # no last good copy: locked
    assert autosave.load(paths)[0] is None
    learned_games(paths)
    [row] = list_replays(paths, GAMES)
    assert row.problem
    with pytest.raises(ReplayError):
        open_replay(paths.replays / "x.json", GAMES)
    for folder, name in [
        (paths.config, "settings.json"),
        (paths.config, "kiosk.json"),
        (paths.config, "learned.json"),
        (paths.data, "autosave.json"),
        (paths.replays, "x.json"),
    ]:
        assert kept_or_set_aside(folder, name, raw), (folder, name)


# -- settings keep what they do not know --------------------------------------------------


def test_unknown_keys_are_kept_and_null_is_reported(paths):
    paths.config.mkdir(parents=True)
    paths.settings.write_text(
        json.dumps({"format": 1, "master_volume": 0.3, "from_the_future": {"x": [1]}})
    )
    s, problem = Settings.load(paths)
    assert problem is None and s.master_volume == 0.3
    s.fullscreen = True
    assert s.save(paths) is None
    data = json.loads(paths.settings.read_text())
    assert data["from_the_future"] == {"x": [1]} and data["fullscreen"] is True
    paths.settings.write_text(json.dumps({"format": 1, "effects_volume": None, "other": 2}))
    s, problem = Settings.load(paths)
    assert s.effects_volume == 0.8 and "effects volume" in problem
    # the file with its null was kept aside, and the unknown key survives the next save
    [aside] = paths.config.glob("settings.corrupt-*")
    assert json.loads(aside.read_text())["effects_volume"] is None
    s.save(paths)
    assert json.loads(paths.settings.read_text())["other"] == 2


def test_learned_keeps_other_keys(paths):
    paths.config.mkdir(parents=True)
    learned_path(paths).write_text(json.dumps({"format": 1, "learned": ["nim"], "later": 5}))
    assert mark_learned(paths, "crystal-connector") is None
    data = json.loads(learned_path(paths).read_text())
    assert data["later"] == 5 and data["learned"] == ["crystal-connector", "nim"]


# -- the kiosk fails closed ------------------------------------------------------------------


def test_kiosk_pin_rules_and_last_good(paths):
    paths.config.mkdir(parents=True)
    paths.kiosk.write_text(json.dumps({"exit_pin": "1234567890123"}))  # 13 digits
    cfg, problem = KioskConfig.load(paths)
    assert cfg.exit_locked and "locked" in problem
    paths.kiosk.write_text(json.dumps({"exit_pin": "", "party": True}))
    cfg, problem = KioskConfig.load(paths)
    assert problem is None and not cfg.exit_locked and cfg.exit_pin == ""
    paths.kiosk.write_text(json.dumps({"exit_pin": "2468", "idle_timeout_seconds": 30}))
    cfg, problem = KioskConfig.load(paths)
    assert problem is None and cfg.exit_pin == "2468"
    assert json.loads(last_good_kiosk_path(paths).read_text())["exit_pin"] == "2468"
    for damaged in (b"{", nested(10_000), b'{"exit_pin": 2468}', b'{"exit_pin": "12a4"}'):
        paths.kiosk.write_bytes(damaged)
        cfg, problem = KioskConfig.load(paths)
        assert cfg.exit_pin == "2468" and not cfg.exit_locked, damaged
        assert cfg.idle_timeout_seconds == 30 and "last good" in problem
        assert paths.kiosk.read_bytes() == damaged
    paths.kiosk.unlink()  # a missing kiosk.json comes back as the last good one
    cfg, problem = KioskConfig.load(paths)
    assert cfg.exit_pin == "2468" and json.loads(paths.kiosk.read_text())["exit_pin"] == "2468"
    assert KioskConfig().exit_locked is False
    assert "exit_locked" not in json.loads(last_good_kiosk_path(paths).read_text())


def test_a_nested_settings_or_kiosk_file_never_stops_the_client(paths):
    from scenes.boot import make_app

    paths.config.mkdir(parents=True)
    paths.data.mkdir(parents=True)
    paths.settings.write_bytes(nested(100_000))
    paths.kiosk.write_bytes(nested(100_000))
    paths.autosave.write_bytes(nested(100_000))
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        assert app.kiosk_config.exit_locked
        assert sum("nested too deeply" in n for n in app.notices) == 2  # settings and kiosk
        app.run_ticks(3)
        app.top.checked_autosave = False
        app.run_ticks(2)
        assert app.running
    finally:
        app.shutdown()
    assert paths.kiosk.read_bytes() == nested(100_000)
    assert list(paths.config.glob("settings.corrupt-*"))


# -- stray temporary files -----------------------------------------------------------------


def test_stray_tmp_files_are_removed_at_start_only_when_old_and_ours(paths):
    from scenes.boot import make_app

    write_json_atomic(paths.settings, {"format": 1})
    folders = [paths.config, paths.data, paths.replays, paths.replays / "recent"]
    for f in folders:
        f.mkdir(parents=True, exist_ok=True)
    old = time.time() - 10 * STRAY_MIN_AGE
    stray = [f / "autosave.json.k2j_x9ab.tmp" for f in folders]
    for p in stray:
        p.write_text("{half")
        os.utime(p, (old, old))
    fresh = paths.config / "settings.json.abcd1234.tmp"  # another instance writing now
    fresh.write_text("{")
    other = paths.config / "notes.tmp"  # not the writer's name
    other.write_text("mine")
    os.utime(other, (old, old))
    app = make_app(headless=True, paths=paths)
    app.shutdown()
    assert not any(p.exists() for p in stray)
    assert fresh.exists() and other.exists() and paths.settings.exists()
    assert remove_stray_tmp(paths, now=time.time() + 10 * STRAY_MIN_AGE) == [fresh]


@pytest.mark.skipif(not HAS_DEV_ZERO, reason="no /dev/zero here")
def test_a_stray_name_on_a_link_is_not_followed(paths):
    paths.config.mkdir(parents=True)
    link = paths.config / "settings.json.abcd1234.tmp"
    link.symlink_to("/dev/zero")
    assert remove_stray_tmp(paths, now=time.time() + 10 * STRAY_MIN_AGE) == []
    assert link.is_symlink()


# -- --replay and the Replays screen ---------------------------------------------------------


@pytest.mark.skipif(not (HAS_FIFO and HAS_DEV_ZERO), reason="no FIFOs or /dev/zero here")
def test_replay_flag_on_a_fifo_or_a_device_says_why(paths, tmp_path, capsys):
    from scenes import boot

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    for target in (fifo, zero, tmp_path):
        result = []
        t = threading.Thread(
            target=lambda result=result, target=target: result.append(
                boot.main(["--headless", "--replay", str(target)])
            ),
            daemon=True,
        )
        t.start()
        t.join(60)  # bounded: a hang leaves the thread alive and the list empty
        assert result == [2], target
        err = capsys.readouterr().err
        assert "cannot be used" in err and "Traceback" not in err


def test_replays_screen_lists_good_rows_and_unreadable_ones(app, paths):
    from scenes.theatre.library import ReplayListScene
    from tests.test_theatre import key

    good = [autosave.save_replay(real_match(seed=s), paths) for s in (3, 4)]
    bad = {}
    for kind in ("deep-list", "infinity", "long-int", "list-game", "overflow"):
        bad[kind] = paths.replays / f"bad-{kind}.json"
        bad[kind].write_bytes(HOSTILE_BYTES[kind])
    if HAS_FIFO:
        bad["fifo"] = paths.replays / "bad-fifo.json"
        os.mkfifo(bad["fifo"])
    if HAS_DEV_ZERO:
        (paths.replays / "bad-zero.json").symlink_to("/dev/zero")
    for p in bad.values():  # older than the good ones: the good rows come first
        os.utime(p, (1_000_000, 1_000_000))
    lib = ReplayListScene(app)
    app.push(lib)
    app.run_ticks(2)
    lib.wait_for_thumbnails()
    for _ in range(3):  # one thumbnail drawn per frame, so every frame drawn
        app.run_ticks(1)
    names = {r.name: r for r in lib.rows}
    assert {p.stem for p in good} <= set(names)
    assert all(names[p.stem].problem is None for p in good)
    unreadable = [r for r in lib.rows if r.problem]
    assert len(unreadable) == len(bad) + HAS_DEV_ZERO
    assert all("Error" not in r.problem and len(r.problem) < 200 for r in unreadable)
    assert sum(1 for v in lib.thumbs.values() if v is not None) == 2  # the good ones
    # the unreadable row can be deleted (moved aside), the others stay
    lib.select(lib.rows.index(names["bad-infinity"]))
    key(app, pygame_key("K_DELETE"))
    assert app.top.name == "confirm-delete"
    app.top.yes()
    app.run_ticks(1)
    assert "bad-infinity" not in {r.name for r in lib.rows}
    assert list(paths.replays.glob("bad-infinity.deleted-*"))
    assert {p.stem for p in good} <= {r.name for r in lib.rows}


def pygame_key(name):
    import pygame

    return getattr(pygame, name)
