"""The operator's counters shared across booths on the hall of fame's PostgreSQL
server, against a real one started here on 127.0.0.1 (tests/test_halloffame_postgres.py's
throwaway cluster).  Skipped, with the reason, where PostgreSQL or psycopg is missing."""

import json

import pytest

from game.records.counters import SCOPES, TOTAL, Counters, SharedCounters, read_csv, share
from game.records.hall_of_fame import FameError

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed")

from tests.test_halloffame_postgres import Server  # noqa: E402

DAY = "2026-12-02"


@pytest.fixture(scope="module")
def server():
    s = Server()
    yield s
    s.remove()


def booth_day(counters: Counters, visitors: int, game: str) -> None:
    for _ in range(visitors):
        counters.add("visitor", day=DAY)
        counters.add("game-started", day=DAY, game=game, level="easy")
        counters.add("game-finished", day=DAY, game=game, level="easy")
    counters.add("race", day=DAY, game="crystal-formation", players=visitors)


def test_booths_share_their_counters_each_apart_and_a_total(server, tmp_path):
    """Two booths send their events; each booth's rows stay its own, the total is
    both, a second round sends nothing twice, and a server that is away loses
    nothing: what waited is sent when it is back.  The CSV carries them."""
    a = Counters(tmp_path / "a.db", booth="hall-a")
    b = Counters(tmp_path / "b.db", booth="hall-b")
    shared = SharedCounters(server.url)
    booth_day(a, 3, "crystal-connector")
    booth_day(b, 5, "color-crossroads")
    share(a, shared, DAY)
    got = share(b, shared, DAY)
    for scope in SCOPES:
        assert got[scope]["hall-a"]["visitor"] == 3
        assert got[scope]["hall-b"]["visitor"] == 5
        assert got[scope][TOTAL]["visitor"] == 8
        assert got[scope][TOTAL]["race-players"] == 8
    assert got["today"]["hall-a"].get("game-started:color-crossroads:easy", 0) == 0
    assert got["today"][TOTAL]["game-finished:color-crossroads:easy"] == 5
    assert share(a, shared, DAY)["lifetime"][TOTAL]["visitor"] == 8  # not sent twice
    server.stop()
    try:
        a.add("visitor", day=DAY)
        with pytest.raises(FameError):
            share(a, shared, DAY)
        assert len(a.unsent()) == 1  # kept for the next round
    finally:
        server.start()
    got = share(a, shared, DAY)
    assert got["today"]["hall-a"]["visitor"] == 4 and got["today"][TOTAL]["visitor"] == 9
    assert a.unsent() == []
    back = read_csv(a.export_csv(tmp_path / "usb", DAY, booths=got))
    assert back["booth:hall-a:visitor"]["today"] == 4
    assert back["booth:hall-b:visitor"]["lifetime"] == 5
    assert back["booths:visitor"]["event"] == 9
    assert back["visitor"]["today"] == 4  # this booth's own, as before
    shared.close()
    a.close()
    b.close()


def test_a_file_from_before_sharing_gets_its_ids_and_sends_its_events(server, tmp_path):
    import sqlite3

    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.execute(
        "CREATE TABLE events (id INTEGER PRIMARY KEY, at REAL NOT NULL, day TEXT NOT NULL,"
        " kind TEXT NOT NULL, game TEXT NOT NULL DEFAULT '', level TEXT NOT NULL DEFAULT '',"
        " players INTEGER NOT NULL DEFAULT 0, seconds REAL NOT NULL DEFAULT 0,"
        " detail TEXT NOT NULL DEFAULT '')"
    )
    for _ in range(2):
        db.execute("INSERT INTO events (at, day, kind) VALUES (1.0, ?, 'visitor')", (DAY,))
    db.commit()
    db.close()
    old = Counters(path, booth="hall-old")
    assert len({r[0] for r in old.unsent()}) == 2  # an id each
    got = share(old, SharedCounters(server.url), DAY)
    assert got["lifetime"]["hall-old"]["visitor"] == 2
    old.close()


def test_a_kiosk_shares_its_counters_and_the_operator_sees_every_booth(server, paths):
    """A kiosk with a server counts a visitor; its sharing thread sends it; the
    operator's Booths view shows this booth, another booth and all of them, and the
    CSV carries the booths' rows."""
    import time

    from scenes import widgets
    from scenes.boot import make_app
    from scenes.counting import count

    other = Counters(paths.data.parent / "other.db", booth="hall-z")
    booth_day(other, 2, "crystal-connector")
    share(other, SharedCounters(server.url), DAY)
    # The booth's name from kiosk.json, not the machine's.
    paths.config.mkdir(parents=True, exist_ok=True)
    paths.kiosk.write_text(json.dumps({"booth_name": "Stand 12 · Halle B"}), encoding="utf-8")
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        app.kiosk_config.hall_of_fame_server = server.url
        count(app, "visitor")
        sharing = app.counter_sharing
        me = app.counters.booth()
        assert me == "Stand 12 · Halle B"
        for _ in range(200):  # a round after the visitor was counted
            sharing.wake()
            if sharing.figures.get("today", {}).get(me):
                break
            time.sleep(0.05)
        assert sharing.figures["today"][me]["visitor"] == 1
        lifetime = sharing.figures["lifetime"]
        assert lifetime["hall-z"]["visitor"] == 2
        assert lifetime[TOTAL]["visitor"] == sum(
            figures["visitor"] for booth, figures in lifetime.items() if booth != TOTAL
        )
        app.open("operator")
        app.run_ticks(2)
        screen = app.top
        assert "booths" in screen.views()
        screen.show("lifetime")
        screen.show("booths")
        widgets.text.TEXT_LOG = []
        app.draw(0.0)
        lines = [t.text for t in widgets.text.TEXT_LOG]
        assert me in lines and "All booths" in lines
        screen.export()
        files = list((paths.data / "counters").glob("*.csv"))
        back = read_csv(files[0])
        assert back[f"booth:{me}:visitor"]["today"] == 1
        assert back["booth:hall-z:visitor"]["lifetime"] == 2
        assert back["booths:visitor"]["lifetime"] == lifetime[TOTAL]["visitor"]
    finally:
        widgets.text.TEXT_LOG = None
        app.shutdown()
        other.close()
    assert getattr(app, "counter_sharing", None) is None  # its thread stopped
