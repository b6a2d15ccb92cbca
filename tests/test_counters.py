"""The operator's counters (game/records/counters.py): a scripted day of visitors
written by a real subprocess that is killed with SIGKILL in the middle and started
again, the figures against what the script did, the event reset, the CSV read back."""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from game.records.counters import SCOPES, Counters, read_csv

DAY = "2026-12-02"
ROOT = Path(__file__).resolve().parents[1]


def scripted_day() -> list[dict]:
    """The booth's day, event by event (the same list every run)."""
    games = ("crystal-connector", "chromatic-collapse", "color-crossroads")
    levels = ("easy", "medium", "hard")
    out = []
    for i in range(30):
        out.append({"kind": "visitor"})
        game, level = games[i % 3], levels[i % 3 if i % 4 else 1]
        out.append({"kind": "game-started", "game": game, "level": level})
        end = "game-abandoned" if i % 5 == 0 else "game-finished"
        out.append({"kind": end, "game": game, "level": level})
        if i % 6 == 0:
            out.append({"kind": "race", "game": "crystal-formation", "players": 2 + i % 11})
        if i % 7 == 0:
            out.append({"kind": "rush", "game": games[i % 3]})
        if i % 4 == 0:
            out.append({"kind": "tutorial-finished", "game": game})
        if i % 9 == 0:
            out.append({"kind": "fame-entry", "game": game})
        out.append({"kind": "session", "seconds": 60 + 17 * i})
    out.append({"kind": "screen-failed", "detail": "theatre"})
    return out


WRITER = """
import sys, json
sys.path.insert(0, {root!r})
from game.records.counters import Counters
from tests.test_counters import scripted_day, DAY
c = Counters(sys.argv[1])
start = c.db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
for n, ev in enumerate(scripted_day()[start:], start + 1):
    ev = dict(ev)
    c.add(ev.pop("kind"), day=DAY, **ev)
    print(n, flush=True)
print("done", flush=True)
"""


def write_day(db: Path, kill_after: int | None) -> int:
    """Run the writer; with ``kill_after``, SIGKILL it once it has said that many
    events are in.  Returns the last count it said."""
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER.format(root=str(ROOT)), str(db)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    said = 0
    try:
        for line in proc.stdout:
            if line.strip() == "done":
                break
            said = int(line)
            if kill_after is not None and said >= kill_after:
                os.kill(proc.pid, signal.SIGKILL)
                break
    finally:
        proc.wait(30)
        proc.stdout.close()
    return said


def expected(events: list[dict]) -> dict:
    want: dict = {}
    for ev in events:
        want[ev["kind"]] = want.get(ev["kind"], 0) + 1
        if ev.get("game"):
            key = f"{ev['kind']}:{ev['game']}"
            want[key] = want.get(key, 0) + 1
            if ev.get("level"):
                key += f":{ev['level']}"
                want[key] = want.get(key, 0) + 1
    want["race-players"] = sum(ev.get("players", 0) for ev in events if ev["kind"] == "race")
    return want


def test_a_day_killed_in_the_middle_counts_every_event_once(tmp_path):
    db = tmp_path / "counters.db"
    day = scripted_day()
    said = write_day(db, kill_after=len(day) // 2)
    c = Counters(db)
    kept = c.db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    # every event the writer said was in survived the kill (at most one more was
    # being written when it died, and a transaction is all or nothing)
    assert said <= kept <= said + 1
    assert kept < len(day)
    c.close()
    write_day(db, kill_after=None)  # the booth starts again and the day goes on
    c = Counters(db)
    got = c.figures("today", DAY)
    for key, value in expected(day).items():
        assert got.get(key, 0) == value, key
    sessions = sorted(ev["seconds"] for ev in day if ev["kind"] == "session")
    assert got["median-session-seconds"] == (sessions[14] + sessions[15]) / 2
    assert got["screen-failed"] == 1
    assert c.figures("lifetime", DAY)["visitor"] == 30
    c.close()


def test_the_event_resets_the_lifetime_never(tmp_path):
    now = [1000.0]
    c = Counters(tmp_path / "c.db", clock=lambda: now[0])
    for _ in range(3):
        c.add("visitor", day=DAY)
    now[0] = 2000.0
    c.reset_event()
    now[0] = 2001.0
    c.add("visitor", day="2026-12-03")
    c.add("race", day="2026-12-03", game="crystal-formation", players=7)
    assert c.figures("event", "2026-12-03")["visitor"] == 1
    assert c.figures("today", "2026-12-03")["visitor"] == 1
    assert c.figures("today", DAY)["visitor"] == 3
    assert c.figures("lifetime", DAY)["visitor"] == 4
    assert c.figures("event", DAY)["race-players"] == 7
    with pytest.raises(ValueError):
        c.add("coins", day=DAY)
    c.close()


def test_the_csv_reads_back_as_the_figures(tmp_path):
    c = Counters(tmp_path / "c.db")
    for ev in scripted_day():
        ev = dict(ev)
        c.add(ev.pop("kind"), day=DAY, **ev)
    path = c.export_csv(tmp_path / "usb", DAY)
    back = read_csv(path)
    for scope in SCOPES:
        figures = c.figures(scope, DAY)
        assert {k: back[k][scope] for k in back} == {k: float(v) for k, v in figures.items()}
    assert back["game-started:crystal-connector:easy"]["lifetime"] >= 1
    c.close()


def test_the_operator_opens_the_counters_behind_the_pin_and_exports_them(paths):
    """Ctrl+Shift+O, the PIN (wrong ones back off as for the exit), the counters of a
    visitor who ended the attract demo, Export CSV, Reset event."""
    import pygame

    from scenes.boot import make_app
    from scenes.kiosk import PIN_FREE_TRIES

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        app.kiosk_config.attract_after_seconds = 1
        app.kiosk_config.exit_pin = "2468"
        app.run_ticks(70, draw=False)
        assert app.top.name == "attract"
        app.post_key(pygame.K_SPACE)  # a visitor
        app.run_ticks(3)
        assert app.top.name == "title"
        chord = pygame.KMOD_CTRL | pygame.KMOD_SHIFT
        app.post_key(pygame.K_o, mod=chord)
        app.run_ticks(1)
        assert app.top.name == "pin"
        for _try in range(PIN_FREE_TRIES):
            for ch in "1111":
                app.post_key(pygame.K_1, unicode=ch)
            app.post_key(pygame.K_RETURN)
        assert app.top.locked_ticks() > 0  # backing off: the right PIN is not taken now
        for ch in "2468":
            app.post_key(getattr(pygame, f"K_{ch}"), unicode=ch)
        app.post_key(pygame.K_RETURN)
        app.run_ticks(1)
        assert app.top.name == "pin" and app.running
        app.policy.locked_until = 0  # (the wait is over)
        for ch in "2468":
            app.post_key(getattr(pygame, f"K_{ch}"), unicode=ch)
        app.post_key(pygame.K_RETURN)
        app.run_ticks(3)
        assert app.top.name == "operator" and app.running
        screen = app.top
        assert screen.figures["today"]["visitor"] == 1
        assert screen.figures["lifetime"]["visitor"] == 1
        screen.export()
        files = list((paths.data / "counters").glob("*.csv"))
        assert len(files) == 1 and read_csv(files[0])["visitor"]["today"] == 1
        screen.reset()
        assert screen.figures["event"]["visitor"] == 0
        assert screen.figures["lifetime"]["visitor"] == 1
    finally:
        app.shutdown()


# -- a day of visitors through the real kiosk ----------------------------------------
def run_day(home: Path, first: int, stop_at: int | None = None) -> list[dict]:
    """tests/kiosk_day.py in a child process from visitor ``first``; with ``stop_at``
    it is killed (SIGKILL) in the middle of that visitor's game.  Returns the lines it
    said."""
    args = [sys.executable, str(ROOT / "tests" / "kiosk_day.py"), str(home), str(first)]
    if stop_at is not None:
        args.append(str(stop_at))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env
    )
    said = []
    try:
        for line in proc.stdout:
            said.append(json.loads(line))
            if "waiting" in said[-1]:
                os.kill(proc.pid, signal.SIGKILL)  # mid-game: its start counted, no end
                break
            if "done" in said[-1]:
                break
    finally:
        proc.wait(60)
        proc.stdout.close()
        proc.stdin.close()
    return said


def test_a_day_of_visitors_through_the_kiosk_killed_mid_game_counts_what_they_did(tmp_path):
    """Twelve visitors through the real App in kiosk mode (games played out, resigned,
    walked away from and quit, lessons, a hall of fame entry, a screen that fails), the
    kiosk killed with SIGKILL in the middle of the seventh visitor's game and started
    again: every figure equals what the visitors did; the operator's CSV reads back
    the same."""
    from tests import kiosk_day

    home = tmp_path / "home"
    stop = 6
    first = run_day(home, 0, stop_at=stop)
    assert first[-1] == {"waiting": stop}
    assert [s["visitor"] for s in first[:-1]] == list(range(stop))
    rest = run_day(home, stop + 1)
    assert rest[-1] == {"done": True}
    assert [s["visitor"] for s in rest[:-1]] == list(range(stop + 1, len(kiosk_day.plan())))
    visits = kiosk_day.plan()
    done = [v for i, v in enumerate(visits) if i != stop]
    want = kiosk_day.expected(done, interrupted=visits[stop])
    sessions = [s["ticks"] / 60 for s in first[:-1] + rest[:-1]]
    want["median-session-seconds"] = round(statistics.median(sessions), 1)

    counters = Counters(home / "data" / "counters.db")
    day = counters.db.execute("SELECT DISTINCT day FROM events").fetchall()
    for scope in SCOPES:
        got = counters.figures(scope, day[-1][0])
        if scope == "today" and len(day) > 1:
            continue  # the kiosk's day turned during the test
        for key in set(got) | set(want):
            assert got.get(key, 0) == want.get(key, 0), (scope, key)
    assert want["game-started:crystal-connector:easy"] >= 2  # the plan does count per level
    path = counters.export_csv(tmp_path / "usb", day[-1][0])
    back = read_csv(path)
    assert {k: v["lifetime"] for k, v in back.items() if v["lifetime"]} == {
        k: float(v) for k, v in want.items() if v
    }
    counters.close()


# -- the export folder ------------------------------------------------------------------
@pytest.mark.parametrize(
    "value",
    ["relative/usb", "/media/usb\x00", "/media/\u202eusb", "/media/usb\n", 7, None, "x" * 1001],
)
def test_a_bad_counters_folder_in_kiosk_json_is_refused_by_name(paths, value):
    """kiosk.json's counters_folder: a full path or "", nothing the sanitiser would
    drop; anything else is named in the message and its default ("") is in use."""
    from scenes.config import KioskConfig

    paths.config.mkdir(parents=True, exist_ok=True)
    paths.kiosk.write_text(json.dumps({"counters_folder": value, "exit_pin": "2468"}))
    cfg, problem = KioskConfig.load(paths)
    assert cfg.counters_folder == ""
    assert problem is not None and "counters_folder" in problem
    assert cfg.exit_pin == "2468" and not cfg.exit_locked  # only the bad key is dropped


def test_a_good_counters_folder_in_kiosk_json_is_kept(paths, tmp_path):
    from scenes.config import KioskConfig

    paths.config.mkdir(parents=True, exist_ok=True)
    for value in (str(tmp_path / "usb"), "~/usb", ""):
        paths.kiosk.write_text(json.dumps({"counters_folder": value}))
        cfg, problem = KioskConfig.load(paths)
        assert problem is None and cfg.counters_folder == value


@pytest.mark.parametrize(
    "value", ["Hall\x00A", "Stand \u202e12", "two\nlines", " Stand 12", "x" * 41, 7, None]
)
def test_a_bad_booth_name_in_kiosk_json_is_refused_by_name(paths, value):
    """kiosk.json's booth_name travels to every booth's operator screen: one line of
    at most 40 characters the sanitiser leaves as it is, or "" (the machine's name)."""
    from scenes.config import KioskConfig

    paths.config.mkdir(parents=True, exist_ok=True)
    paths.kiosk.write_text(json.dumps({"booth_name": value, "exit_pin": "2468"}))
    cfg, problem = KioskConfig.load(paths)
    assert cfg.booth_name == ""
    assert problem is not None and "booth_name" in problem
    assert cfg.exit_pin == "2468" and not cfg.exit_locked


def test_a_kiosk_counts_under_its_booth_name_and_keeps_it(paths):
    """The counters file takes kiosk.json's name; with "" later it keeps that name
    (events already shared stay under one booth), and a new file takes the host name."""
    import socket

    from game.records.counters import MAX_BOOTH
    from scenes.boot import make_app
    from scenes.counting import counters_for

    paths.config.mkdir(parents=True, exist_ok=True)
    for written, expected in (
        ("Halle B · Stand 12", "Halle B · Stand 12"),
        ("", "Halle B · Stand 12"),
    ):
        paths.kiosk.write_text(json.dumps({"booth_name": written}), encoding="utf-8")
        app = make_app(headless=True, paths=paths, kiosk=True)
        try:
            assert app.kiosk_config.booth_name == written
            assert counters_for(app).booth() == expected
        finally:
            app.shutdown()
    (paths.data / "counters.db").unlink()
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        assert counters_for(app).booth() == socket.gethostname()[:MAX_BOOTH]
    finally:
        app.shutdown()


def operator_screen(paths):
    import pygame

    from scenes.boot import make_app
    from scenes.counting import count

    app = make_app(headless=True, paths=paths, kiosk=True)
    count(app, "visitor")
    count(app, "game-started", game="crystal-connector", level="easy")
    count(app, "game-abandoned", game="crystal-connector", level="easy")
    count(app, "game-started", game="color-crossroads", level="people")
    count(app, "game-finished", game="color-crossroads", level="people")
    app.open("operator")
    app.run_ticks(2)
    assert app.top.name == "operator"
    return app, app.top, pygame


def test_the_show_button_says_the_view_shown_whoever_turned_to_it(paths):
    """show() from outside (a link, a test, a restored view) turns the Show button too,
    and a view that cannot be shown (Booths with no shared server) is not taken."""
    app, screen, _pygame = operator_screen(paths)
    try:
        label = lambda: screen.show_control.element.text  # noqa: E731
        assert "All" in label()
        screen.show("event")
        assert screen.view == "event" and "This event" in label()
        screen.show("booths")
        assert screen.view == "event" and "This event" in label()
        screen.show_control.data["step"](1)  # the button pressed: the next view
        assert screen.view == "lifetime" and "Lifetime" in label()
    finally:
        app.shutdown()


def test_the_operator_names_the_export_folder_and_a_bad_one_is_said_plainly(paths, tmp_path):
    """The folder box: a folder that is not there, a file, one that cannot be written
    are each refused in a sentence and nothing is written; a good one (typed with a
    stray control character, cleaned away) takes the CSV, which reads back."""
    app, screen, pygame = operator_screen(paths)
    try:
        a_file = tmp_path / "notes.txt"
        a_file.write_text("x")
        locked = tmp_path / "locked"
        locked.mkdir()
        refusals = [
            (str(tmp_path / "absent"), "There is no folder"),
            (str(a_file), "is a file, not a folder"),
            ("usb", "full path"),
        ]
        if os.geteuid() != 0:  # root writes anywhere: a locked folder is no test there
            locked.chmod(0o500)
            refusals.append((str(locked), "cannot be written to"))
        for typed, said in refusals:
            screen.folder_entry.set_text(typed)
            screen.export()
            assert said in screen.folder_note and screen.folder_bad, typed
            assert app.kiosk_config.counters_folder == ""
        assert not list(tmp_path.rglob("*.csv"))
        stick = tmp_path / "stick"
        stick.mkdir()
        screen.folder_entry.set_text(str(stick) + "\x07")
        screen.folder_entry.focus()
        app.post_key(pygame.K_RETURN)  # Enter in the box checks it too
        app.run_ticks(1)
        assert not screen.folder_bad and str(stick) in screen.folder_note
        assert app.kiosk_config.counters_folder == str(stick)
        screen.export()
        files = list(stick.glob("*.csv"))
        assert len(files) == 1 and not screen.folder_bad
        back = read_csv(files[0])
        assert back["game-started:crystal-connector:easy"]["lifetime"] == 1
        assert back["game-finished:color-crossroads:people"]["today"] == 1
        # an empty box goes back to the user data folder's counters
        screen.folder_entry.set_text("")
        screen.export()
        assert list((paths.data / "counters").glob("*.csv"))
    finally:
        locked.chmod(0o700)
        app.shutdown()


def test_the_operator_sees_the_games_by_game_and_bot_level(paths):
    from scenes import widgets

    app, screen, _pygame = operator_screen(paths)
    try:
        screen.show("today")
        widgets.text.TEXT_LOG = []
        app.draw(0.0)
        lines = [t.text for t in widgets.text.TEXT_LOG]
        assert "Crystal Connector, Easy" in lines and "Color Crossroads, no bot" in lines
        assert ["Started", "Finished", "Abandoned"] == [t for t in lines if t in GAME_WORDS]
        cc = next(t for t in widgets.text.TEXT_LOG if t.text == "Crystal Connector, Easy")
        row = sorted(
            (t for t in widgets.text.TEXT_LOG if abs(t.rect.y - cc.rect.y) < 4 and t is not cc),
            key=lambda t: t.rect.x,
        )
        assert [t.text for t in row] == ["1", "0", "1"]  # started, finished, abandoned
    finally:
        widgets.text.TEXT_LOG = None
        app.shutdown()


GAME_WORDS = {"Started", "Finished", "Abandoned"}
