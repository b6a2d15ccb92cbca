"""The hall of fame: ranking, periods, the block list, the SQLite file (migrations, a
damaged file, a writer killed mid-write) and the screens driven headless."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from game.records import hall_of_fame as hof

ROOT = Path(__file__).resolve().parent.parent
T0 = datetime(2026, 11, 26, 12, 0).timestamp()


def entry(board="rush:crystal-connector", initials="ABC", score=10.0, at=T0, **kw):
    return hof.Entry(board, initials, score, at, **kw)


# -- pure rules ----------------------------------------------------------------------


def test_rush_ranks_highest_first_and_ties_go_to_the_earlier_score():
    es = [entry(score=5, at=T0), entry(score=9, at=T0 + 2), entry(score=9, at=T0 + 1)]
    table = hof.ranked(es, "rush:crystal-connector")
    assert [(e.score, e.at) for e in table] == [(9, T0 + 1), (9, T0 + 2), (5, T0)]


def test_beat_boards_rank_fewest_moves_for_goal_games_and_points_for_the_others():
    assert hof.board_ranking("beat-hard:chromatic-collapse") == "moves"
    assert hof.board_ranking("beat-expert:crystal-formation") == "moves"
    assert hof.board_ranking("beat-hard:crystal-connector") == "points"
    assert hof.board_ranking("rush:chromatic-collapse") == "points"
    b = "beat-hard:chromatic-collapse"
    es = [entry(board=b, score=30), entry(board=b, score=12), entry(board=b, score=20)]
    assert [e.score for e in hof.ranked(es, b)] == [12, 20, 30]


def test_a_full_table_takes_only_a_better_score():
    b = "rush:element-shift"
    es = [entry(board=b, score=s) for s in range(10, 20)]
    assert not hof.makes_table(es, b, 10, None)  # a tie with the last place stays out
    assert hof.makes_table(es, b, 11, None)
    assert hof.makes_table(es[:9], b, 0, None)  # room left: anything goes on
    m = "beat-hard:color-crossroads"
    es = [entry(board=m, score=s) for s in range(10, 20)]
    assert hof.makes_table(es, m, 18, None) and not hof.makes_table(es, m, 19, None)


def test_today_starts_at_the_operators_hour_and_the_week_on_monday():
    thursday_1am = datetime(2026, 11, 26, 1, 30)
    assert hof.day_start(thursday_1am, 0) == datetime(2026, 11, 26, 0, 0)
    # open till 2 am: 1:30 on Thursday is still Wednesday's night
    assert hof.day_start(thursday_1am, 6) == datetime(2026, 11, 25, 6, 0)
    assert hof.period_since("week", thursday_1am, 6) == datetime(2026, 11, 23, 6).timestamp()
    assert hof.period_since("all", thursday_1am, 6) is None
    old = entry(at=datetime(2026, 11, 25, 5, 0).timestamp())
    new = entry(at=datetime(2026, 11, 25, 7, 0).timestamp())
    since = hof.period_since("today", thursday_1am, 6)
    assert hof.ranked([old, new], old.board, since) == [new]


def test_initials_are_three_letters_and_blocked_ones_are_refused_plainly():
    assert hof.initials_problem("ABC") is None
    for bad in ("AB", "ABCD", "abc", "A1C", "ÄBC", "", None, 123):
        assert hof.initials_problem(bad) == "Initials are three letters, A to Z."
    assert "pick others" in hof.initials_problem("ASS")
    with pytest.raises(hof.FameError):
        entry(initials="KKK")
    with pytest.raises(hof.FameError):
        entry(board="nope:crystal-connector")
    with pytest.raises(hof.FameError):
        entry(score=float("nan"))


# -- the SQLite file -----------------------------------------------------------------


def test_entries_survive_reopening_and_an_id_is_kept_once(tmp_path):
    path = tmp_path / "fame.db"
    store = hof.SqliteStore(path)
    e = entry()
    assert store.add(e) and not store.add(e)
    store.close()
    again = hof.SqliteStore(path)
    assert again.entries() == [e] and again.problem is None
    assert again.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert again.db.execute("SELECT version FROM schema_version").fetchall() == [
        (hof.SCHEMA_VERSION,)
    ]
    again.close()


def test_a_version_one_file_is_migrated_and_keeps_its_entries(tmp_path):
    path = tmp_path / "fame.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (1)")
    for sql in hof.MIGRATIONS[0]:
        db.execute(sql)
    db.execute("INSERT INTO entries VALUES ('x1', 'rush:element-shift', 'ZED', 42, ?, '')", (T0,))
    db.commit()
    db.close()
    store = hof.SqliteStore(path)
    assert [(e.id, e.initials, e.score) for e in store.entries()] == [("x1", "ZED", 42)]
    assert store.unsent() == []  # entries from before any server: nothing to send
    store.close()


def test_a_damaged_or_newer_file_is_set_aside_reported_and_a_new_one_started(tmp_path):
    path = tmp_path / "fame.db"
    path.write_bytes(b"SQLite format 3\x00" + os.urandom(3000))
    store = hof.SqliteStore(path)
    assert store.problem and "could not be read" in store.problem
    assert store.aside is not None and store.aside.name.startswith("fame.corrupt-")
    assert store.aside.suffix == ".db" and store.aside.exists()
    assert store.add(entry()) and len(store.entries()) == 1
    store.close()

    newer = tmp_path / "newer.db"
    db = sqlite3.connect(newer)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (99)")
    db.commit()
    db.close()
    store = hof.SqliteStore(newer)
    assert "newer version" in store.problem and store.aside.exists()
    store.close()


WRITER = """
import sys, time
sys.path.insert(0, {root!r})
from game.records import hall_of_fame as hof
store = hof.SqliteStore({path!r})
n = 0
while True:
    store.add(hof.Entry("rush:crystal-connector", "KIL", float(n), time.time(), id=f"{{sys.argv[1]}}-{{n}}"))
    n += 1
    print(n, flush=True)
"""


def test_a_writer_killed_mid_write_loses_nothing_committed(tmp_path):
    """SIGKILL a process that writes as fast as it can, over and over; every reopen
    finds a healthy file holding every entry the writer had reported written."""
    path = tmp_path / "fame.db"
    code = WRITER.format(root=str(ROOT), path=str(path))
    total = 0
    for round_ in range(8):
        proc = subprocess.Popen(
            [sys.executable, "-c", code, str(round_)], stdout=subprocess.PIPE, text=True
        )
        reported = 0
        for _ in range(20 + 15 * round_):  # kill it at a different point each round
            line = proc.stdout.readline()
            if not line:
                break
            reported = int(line)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        # what it printed before it died: each line follows a committed entry
        for line in proc.stdout.read().split():
            reported = int(line)
        proc.stdout.close()
        store = hof.SqliteStore(path)
        assert store.problem is None
        got = len(store.entries())
        # every entry reported written is there (one more may have committed unreported)
        assert total + reported <= got <= total + reported + 1
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        total = got
        store.close()
    assert total > 0


# -- screens -------------------------------------------------------------------------


def fame(app):
    from scenes.halloffame import fame_for

    return fame_for(app)


def test_a_rush_score_that_makes_the_table_is_entered_with_arrows_and_shown(app):
    scene = app.open("initials", board="rush:crystal-connector", score=1200)
    app.run_ticks(1)
    assert app.top is scene and scene.name == "initials"
    for key in (pygame.K_UP, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT):
        app.post_key(key)
    app.post_key(pygame.K_z, unicode="z")
    app.run_ticks(2)
    assert scene.initials == "CZZ"
    app.post_key(pygame.K_RETURN, unicode="\r")
    app.run_ticks(2)
    assert app.top.name == "fame"
    (kept,) = fame(app).table("rush:crystal-connector", None)
    assert (kept.initials, kept.score) == ("CZZ", 1200) and app.top.highlight == kept.id


def test_blocked_initials_are_refused_with_a_message_and_nothing_is_kept(app):
    scene = app.open("initials", board="rush:element-shift", score=5)
    app.run_ticks(1)
    for ch in "ass":
        app.post_key(getattr(pygame, f"K_{ch}"), unicode=ch)
    app.post_key(pygame.K_RETURN, unicode="\r")
    app.run_ticks(2)
    assert app.top is scene and "pick others" in scene.problem
    assert fame(app).table("rush:element-shift", None) == []
    # the cursor stays on the last letter: a tapped letter replaces it
    assert scene.cursor == 2
    scene.type_letter("K")
    scene.confirm()
    app.run_ticks(1)
    assert [e.initials for e in fame(app).table("rush:element-shift", None)] == ["ASK"]


def test_a_score_that_misses_todays_table_opens_nothing(app):
    f = fame(app)
    for s in range(100, 110):
        f.add(entry(board="rush:crystal-formation", score=s, at=time.time()))
    assert app.build("initials", board="rush:crystal-formation", score=50) is None
    assert app.build("initials", board="not-a-board", score=50) is None
    assert app.build("initials", board="rush:crystal-formation", score=200) is not None


def won_by_the_person(level="hard"):
    """A real Chromatic Collapse game, random moves from seeded generators, that seat 0
    (the person) won: the first seed that gives one."""
    import random

    from game.midend.match import Match, Seat
    from game.registry import GAMES
    from game.rules.contract import GameSetup

    spec = GAMES["chromatic-collapse"]
    for seed in range(40):
        setup = GameSetup(spec.id, 2, spec.resolve_options(2)[1], seed + 1)
        match = Match(spec, setup, [Seat.person(), Seat.bot(level)], setup.start(GAMES))
        rng = random.Random(seed)
        while not match.is_over():
            match.submit(rng.choice(match.state.legal_moves()))
        if match.state.outcome().winners == (0,):
            return match
    raise AssertionError("no seed gave the person a win")


def test_beating_a_hard_bot_offers_the_initials_on_the_results_screen(app):
    match = won_by_the_person()
    board, score, _ = hof.beat_board(match)
    assert board == "beat-hard:chromatic-collapse"
    assert score == sum(1 for e in match.entries if e.seat == 0)
    app.open("results", match)
    app.run_ticks(3)
    assert app.top.name == "initials" and app.top.board == board


def test_beating_a_medium_bot_offers_nothing(app):
    match = won_by_the_person("medium")
    assert hof.beat_board(match) is None
    app.open("results", match)
    app.run_ticks(3)
    assert app.top.name == "results"


def test_beat_board_needs_one_person_winning_against_hard_or_expert_only():
    class Outcome:
        def __init__(self, winners):
            self.winners, self.is_draw = winners, False

    from game.midend.match import Seat

    class FakeState:
        def __init__(self, winners):
            self._o = Outcome(winners)

        def outcome(self):
            return self._o

        def scores(self):
            return (77, 3)

    class FakeMatch:
        def __init__(self, seats, winners, game="crystal-connector"):
            from game.registry import GAMES

            self.seats, self.state, self.entries = seats, FakeState(winners), []
            self.spec = GAMES[game]
            self.setup = type("S", (), {"players": len(seats)})()

        def outcome(self):  # as game.midend.match.Match answers it
            return self.state.outcome()

    assert hof.beat_board(FakeMatch([Seat.person(), Seat.bot("expert")], (0,)))[:2] == (
        "beat-expert:crystal-connector",
        77.0,
    )
    assert hof.beat_board(FakeMatch([Seat.person(), Seat.bot("medium")], (0,))) is None
    assert hof.beat_board(FakeMatch([Seat.person(), Seat.bot("hard")], (1,))) is None
    assert hof.beat_board(FakeMatch([Seat.person(), Seat.person()], (0,))) is None
    mixed = FakeMatch([Seat.person(), Seat.bot("expert"), Seat.bot("hard")], (0,))
    assert hof.beat_board(mixed)[0] == "beat-hard:crystal-connector"


def test_the_hall_of_fame_screen_switches_periods_and_boards(app):
    f = fame(app)
    f.add(entry(board="rush:color-crossroads", initials="NEW", score=3, at=time.time()))
    f.add(entry(board="rush:color-crossroads", initials="OLD", score=9, at=T0 - 86400 * 30))
    app.open("title")
    app.run_ticks(1)
    title = app.top
    button = next(c for c in title.controls if c.element.text == "Hall of fame")
    title.activate(button)
    app.run_ticks(2)
    scene = app.top
    assert scene.name == "fame" and scene.board == "rush:color-crossroads"
    assert [e.initials for e in scene.tables["today"]] == ["NEW"]
    scene.show_period("all")
    assert [e.initials for e in scene.tables["all"]] == ["OLD", "NEW"]
    app.run_ticks(1)
    app.post_key(pygame.K_ESCAPE)
    app.run_ticks(2)
    assert app.top is title


def test_the_operator_clears_the_hall_of_fame_only_with_the_pin(paths):
    from scenes.boot import make_app

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        app.kiosk_config.exit_pin = "2468"
        fame(app).add(entry(at=time.time()))
        scene = app.open("fame")
        app.run_ticks(1)
        assert any(c.element.text == "Clear (PIN)" for c in scene.controls)
        scene.ask_pin()
        app.run_ticks(1)
        for d in "1111":
            app.post_key(getattr(pygame, f"K_{d}"), unicode=d)
        app.post_key(pygame.K_RETURN, unicode="\r")
        app.run_ticks(2)
        assert app.top.wrong and len(fame(app).local.entries()) == 1
        for d in "2468":
            app.post_key(getattr(pygame, f"K_{d}"), unicode=d)
        app.post_key(pygame.K_RETURN, unicode="\r")
        app.run_ticks(2)
        assert app.top is scene and fame(app).local.entries() == []
    finally:
        app.shutdown()


def test_the_clear_prompt_backs_off_with_the_kiosk_exit_prompt(paths):
    """The clear prompt takes the kiosk's exit PIN, so guessing it here must cost as
    much as at the exit chord: wrong tries count in the kiosk's own back-off, and
    while it lasts even the right PIN is not taken (a visitor cannot learn the exit
    PIN here at full speed)."""
    from scenes.boot import make_app
    from scenes.kiosk import PIN_FREE_TRIES

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        app.kiosk_config.exit_pin = "2468"
        fame(app).add(entry(at=time.time()))
        scene = app.open("fame")
        app.run_ticks(1)
        scene.ask_pin()
        app.run_ticks(1)
        prompt = app.top

        def enter(pin: str) -> None:
            for d in pin:
                app.post_key(getattr(pygame, f"K_{d}"), unicode=d)
            app.post_key(pygame.K_RETURN, unicode="\r")
            app.run_ticks(1)

        enter("12")  # cannot be a PIN: refused, not counted
        assert prompt.short and app.policy.wrong_pins == 0
        for _ in range(PIN_FREE_TRIES):
            enter("1111")
        assert app.policy.wrong_pins == PIN_FREE_TRIES and prompt.locked_ticks() > 0
        enter("2468")  # the right PIN during the wait is not taken
        assert app.top is prompt and len(fame(app).local.entries()) == 1
        app.run_ticks(prompt.locked_ticks() + 1, draw=False)
        enter("2468")
        assert app.top is scene and fame(app).local.entries() == []
    finally:
        app.shutdown()


def test_the_attract_cycle_shows_the_hall_of_fame_between_demo_games(paths):
    from scenes.boot import make_app
    from scenes.kiosk import FAME_SECONDS, AttractScene

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        fame(app).add(entry(board="rush:chromatic-collapse", at=time.time()))
        demo = AttractScene(app)
        app.push(demo)
        app.run_ticks(1)
        assert demo.interlude is None  # the first game shows at once
        demo.index = (demo.index + 1) % len(demo.ids)
        demo.start_game()
        assert demo.interlude is not None and demo.interlude.attract
        assert demo.interlude.board == "rush:chromatic-collapse"
        assert [e.initials for e in demo.interlude.tables["today"]] == ["ABC"]
        app.run_ticks(FAME_SECONDS * 60 + 2, draw=False)
        assert demo.interlude is None and demo.inner is not None
    finally:
        app.shutdown()


def test_kiosk_json_takes_the_day_hour_and_a_server_and_refuses_bad_ones(paths):
    import json

    from scenes.config import KioskConfig, valid_fame_server

    paths.config.mkdir(parents=True, exist_ok=True)
    good = {"day_starts_at_hour": 6, "hall_of_fame_server": "host=127.0.0.1 dbname=x"}
    paths.kiosk.write_text(json.dumps(good))
    cfg, problem = KioskConfig.load(paths)
    assert (
        problem is None and cfg.day_starts_at_hour == 6 and isinstance(cfg.day_starts_at_hour, int)
    )
    assert cfg.hall_of_fame_server == "host=127.0.0.1 dbname=x"
    for bad in ({"day_starts_at_hour": 24}, {"hall_of_fame_server": "host='unclosed"}):
        paths.kiosk.write_text(json.dumps(bad))
        cfg, problem = KioskConfig.load(paths)
        assert problem and next(iter(bad)) in problem
        assert cfg.day_starts_at_hour == 6  # the last good file, whole
    assert valid_fame_server("postgresql://booth@10.0.0.5/arcade")
    assert not valid_fame_server("postgresql:///no-host")
    assert not valid_fame_server("host=a\nb")


def test_a_detail_is_kept_as_a_code_and_worded_in_the_readers_language():
    """Kiosks sharing one table may each speak another language: the stored detail is a
    code, worded when shown; a detail written before the codes is shown as written."""
    from game.text import i18n

    match = won_by_the_person()
    _board, _score, detail = hof.beat_board(match)
    assert detail == "hard-bots:1"
    assert hof.detail_text(detail) == "1 hard bot"
    assert hof.detail_text("expert-bots:3") == "3 expert bots"
    assert hof.detail_text("players:4") == "4 players"
    before = i18n.language()
    try:
        i18n.set_language("de")
        assert hof.detail_text("players:4") == "4 Spieler"
        assert hof.detail_text("hard-bots:2") != "2 hard bots"
    finally:
        i18n.set_language(before)
    # hostile or old details: shown as they are, never an error
    for text in (
        "",
        "2 hard bots",
        "players:",
        "players:-1",
        "players:9999",
        "x" * 80,
        "hard-bots:1\n",
    ):
        assert hof.detail_text(text) == text
