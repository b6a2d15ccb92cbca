"""Hostile text from outside on every screen that shows it: seat names, an outcome and
a file name in a replay, a profile's name and its history, a phone's name at a party,
a hall of fame row's detail, holding NULs, lone surrogates (JSON's ``\\ud800``, an
undecodable file name), bidi overrides, zero-width and private-use characters, line
breaks, or 100,000 characters.  Each is written where a player, a phone or a tool
would put it; then the replays list, the theatre, the results, game select with
profiles, Who's playing?, the profile screen, the party lobby and the hall of fame
are drawn headless: no exception, every text drawn (``draw_text`` and pygame-gui's
labels) holds none of the characters game.text.clean.clean drops, a replay with dirty
names still opens, and its names are the cleaned ones."""

from __future__ import annotations

import json
import os
import sqlite3
import time
import unicodedata

import pygame_gui
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.records import profiles as gp
from game.registry import GAMES
from game.storage.replays import list_replays, open_replay
from game.text.clean import clean
from scenes import widgets
from tests.test_replays import played

BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
PIECES = [
    "\x00",
    "\x07",
    "\x1b[31m",
    "\x9b",
    "\ud800",
    "\udfff",
    "\udc80",
    "\u202e",
    "\u2067",
    "\u200f",
    "\u200b",
    "\u200d",
    "\ufeff",
    "\U000e0001",
    "\ue000",
    "\U0010fffd",
    "\u2028",
    "\n",
    "\t",
    "\u00a0",
    "Ada",
    " ",
    "é",
    "中",
    "W",
]
HUGE = "W\x00\u202e\ud800" * 25_000  # 100,000 characters
dirty = st.one_of(
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=10).map("".join),
    st.text(st.characters(exclude_categories=()), min_size=1, max_size=20),
    st.just("HUGE"),  # stands for HUGE (a failing example is then printed short)
)


def real(text: str) -> str:
    return HUGE if text == "HUGE" else text


GAME = "color-crossroads"
BOARD = f"rush:{GAME}"


def assert_safe(text: str, where: str) -> None:
    for ch in text:
        category = unicodedata.category(ch)
        assert category not in ("Cc", "Cs", "Co", "Cn"), (where, ascii(text[:80]))
        assert ch not in BIDI, (where, ascii(text[:80]))
        assert category != "Cf" or ch in "\u200c\u200d", (where, ascii(text[:80]))


def gui_texts(app) -> list[str]:
    out = []
    for scene in app.stack:
        ui = getattr(scene, "ui", None)
        if ui is None:
            continue
        for el in ui.get_sprite_group().sprites():
            if isinstance(el, pygame_gui.elements.UITextEntryLine):
                out.append(el.get_text())
            elif isinstance(el, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel)):
                out.append(el.text or "")
    return out


def drawn(app, where: str) -> list[str]:
    """Every line the stack and the app draw in one frame, checked."""
    widgets.text.TEXT_LOG = []
    try:
        app.run_ticks(2)
        app.draw(0.0)
        lines = [d.text for d in widgets.text.TEXT_LOG] + [d.shown for d in widgets.text.TEXT_LOG]
    finally:
        widgets.text.TEXT_LOG = None
    lines += gui_texts(app)
    for line in lines:
        assert_safe(line, where)
    return lines


def file_name(text: str) -> str:
    """``text`` as a file name this system can hold (no NUL or slash, 60 bytes)."""
    out = ""
    for ch in text.replace("\x00", "").replace("/", ""):
        try:
            if len(os.fsencode(out + ch)) > 60:
                break
        except UnicodeEncodeError:
            continue  # a surrogate no file name can hold here
        out += ch
    return out.strip(".") or "x"


# -- what the outside writes -----------------------------------------------------------


FINISHED = played(GAME, 3)


def write_replay(paths, names, reason, stem) -> os.PathLike:
    data = FINISHED.to_replay()
    data["seats"] = [
        {"kind": "person", "name": names[0]},
        {"kind": "bot", "level": "easy", "name": names[1]},
    ]
    if isinstance(data.get("outcome"), dict):
        data["outcome"]["reason"] = reason
    paths.replays.mkdir(parents=True, exist_ok=True)
    for old in [*paths.replays.glob("*.json"), *paths.replays.glob("recent/*.json")]:
        old.unlink()  # the last example's file, and the copy its results screen kept
    path = paths.replays / f"{stem}.json"
    path.write_text(json.dumps(data))  # a lone surrogate goes in as "\ud800"
    return path


def write_profiles(paths, name, opponent) -> None:
    ps = gp.Profiles()
    ps, ada = ps.add("Ada", "sapphire", "2026-10-02")
    data = gp.to_json(ps)
    data["profiles"].append(
        {
            "id": "p9",
            "name": name,
            "colour": "ruby",
            "created": "2026-10-03",
            "games": {
                GAME: {
                    "played": 1,
                    "won": 1,
                    "rating": 1500.0,
                    "rd": 200.0,
                    "volatility": 0.06,
                    "history": [["2026-10-03", 1510.0, 190.0, f"profile:{opponent}"]],
                }
            },
        }
    )
    data["last"] = ["p9", ada.id]
    paths.data.mkdir(parents=True, exist_ok=True)
    gp.profiles_path(paths).write_text(json.dumps(data))


def write_fame_row(app, detail) -> None:
    from scenes.halloffame import fame_for

    fame = fame_for(app)
    fame.clear()
    db = sqlite3.connect(fame.local.path)
    db.execute(
        "INSERT INTO entries (id, board, initials, score, at, detail, sent)"
        " VALUES (?, ?, 'ADA', 7, ?, CAST(? AS TEXT), 1)",
        ("a", BOARD, time.time(), detail.encode("utf-8", "surrogatepass")),
    )
    # bytes that are not UTF-8 at all, as another tool may leave them
    db.execute(
        "INSERT INTO entries (id, board, initials, score, at, detail, sent)"
        " VALUES ('b', ?, 'BOB', 5, ?, CAST(X'41FF80C0' AS TEXT), 1)",
        (BOARD, time.time()),
    )
    db.commit()
    db.close()


# -- the screens -----------------------------------------------------------------------


@pytest.fixture
def booth(paths, monkeypatch):
    """One App for all of a property's examples: a fresh App and title per example
    would be most of the cost (the kiosk's heap trim is skipped: it changes nothing
    a player sees)."""
    monkeypatch.setattr("scenes.app.release_memory", lambda: None)
    holder: dict = {}
    yield holder
    if "party" in holder:
        holder["party"].stop()
    if "app" in holder:
        holder["app"].shutdown()


def fresh(booth, paths):
    from scenes.boot import make_app

    if "app" not in booth:
        os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
        booth["app"] = make_app(headless=True, paths=paths)
    app = booth["app"]
    app.run_ticks(1, draw=False)
    for _ in app.stack[1:]:  # what an example that failed left open
        app.pop()
    app.__dict__.pop("_toasts", None)
    app.notices.clear()
    app.run_ticks(1, draw=False)
    return app


def hosted_party(booth):
    from game.midend.match import Seat
    from game.rules.contract import GameSetup
    from party.host import Party

    if "party" not in booth:
        spec = GAMES[GAME]
        players, options = spec.resolve_options(2)
        party = Party(
            spec,
            GameSetup(GAME, players, options, 1),
            [Seat.phone()] * players,
            host="127.0.0.1",
            port=0,
        )
        party.start()
        booth["party"] = party
    return booth["party"]


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(names=st.tuples(dirty, dirty), reason=dirty, stem=dirty, profile=dirty, detail=dirty)
def test_outside_text_is_cleaned_on_every_screen_that_shows_it(
    booth, paths, names, reason, stem, profile, detail
):
    from scenes.halloffame import HallOfFameScene
    from scenes.party import LobbyScene
    from scenes.results import ResultsScene
    from scenes.select import SelectScene
    from scenes.theatre.library import ReplayListScene
    from scenes.theatre.screen import TheatreScene

    names = tuple(real(n) for n in names)
    reason, stem, profile, detail = (real(t) for t in (reason, stem, profile, detail))
    app = fresh(booth, paths)
    path = write_replay(paths, names, reason, file_name(stem))
    write_profiles(paths, profile[:16], profile)
    write_fame_row(app, detail)

    # the replays list: one row, named and labelled in clean text
    rows = list_replays(paths, GAMES)
    assert len(rows) == 1
    for text in (rows[0].name, rows[0].result, rows[0].problem or "", *rows[0].seats):
        assert_safe(text, "replay row")
    lib = ReplayListScene(app)
    app.push(lib)
    lib.wait_for_thumbnails()
    drawn(app, "replays")

    # the theatre and the results: a replay with dirty names still opens (a name past
    # the replay's 64 characters makes it a damaged file, refused with the reason)
    if all(len(n) <= 64 for n in names):
        match = open_replay(path, GAMES)
        assert [s.name for s in match.seats] == [clean(n, 64) for n in names]
        app.push(TheatreScene(app, match, name=rows[0].name, analyse=False))
        drawn(app, "theatre")
        app.pop()
        app.push(ResultsScene(app, match))
        drawn(app, "results")
        app.pop()
    app.pop()

    # game select with the profiles on its seats, Who's playing?, the profile screen
    app.push(SelectScene(app, GAME))
    drawn(app, "select")
    app.pop()
    app.push(app.build("who", seat_name="Player 1"))
    drawn(app, "who")
    app.pop()
    app.push(app.build("profiles", profile_id="p9", game_id=GAME))
    drawn(app, "profiles")
    app.pop()

    # a phone joins the party under that name
    party = hosted_party(booth)
    lobby = party.lobby
    for seat in list(lobby.seats):
        lobby.seats[seat].taken = False
    lobby.join(lobby.code, names[0][:64])
    scene = LobbyScene(app, party)
    app.push(scene)
    drawn(app, "lobby")
    app.pop()

    # the hall of fame: the row with the dirty detail, and the row of broken bytes
    fame = HallOfFameScene(app, BOARD)
    fame.show_period("all")
    assert {e.initials for e in fame.tables["all"]} == {"ADA", "BOB"}
    app.push(fame)
    drawn(app, "hall of fame")
    app.pop()
    app.run_ticks(1, draw=False)
    assert app.running and [s.name for s in app.stack] == ["title"]


def test_a_replay_with_dirty_names_opens_with_the_names_cleaned(paths):
    path = write_replay(paths, ("Ada\x00\u202e", "\ud800Bo\nB"), "won\x00", "r")
    match = open_replay(path, GAMES)
    assert [s.name for s in match.seats] == ["Ada", "Bo B"]
    [row] = list_replays(paths, GAMES)
    assert row.problem is None and row.result == "won"
    assert row.seats[0] == "Ada" and row.seats[1] == "Bo B"
    assert json.loads(path.read_text())["seats"][0]["name"] == "Ada\x00\u202e"  # untouched


def test_a_profiles_file_with_dirty_names_loads_with_the_names_cleaned(paths):
    write_profiles(paths, "Bo\x00\u202e\u200db", "Ada\ud800\n")
    profiles, problem = gp.load(paths)
    assert problem is None
    assert [p.name for p in profiles.profiles] == ["Ada", "Bob"]
    [point] = profiles.get("p9").games[GAME].history
    assert point.opponent == "profile:Ada" and gp.opponent_text(point.opponent) == "Ada"
    write_profiles(paths, "\x00\u202e", "Ada")  # nothing left to show: refused, kept aside
    profiles, problem = gp.load(paths)
    assert profiles.profiles == () and "could not be read" in problem
    assert list(paths.data.glob("profiles.corrupt-*"))


def test_hall_of_fame_rows_of_broken_bytes_or_dirty_details_are_read_cleaned(tmp_path):
    from game.records import hall_of_fame as hof

    store = hof.SqliteStore(tmp_path / "fame.db")
    db = sqlite3.connect(tmp_path / "fame.db")
    db.execute(
        "INSERT INTO entries (id, board, initials, score, at, detail, sent)"
        " VALUES ('a', ?, 'ADA', 7, 1e9, ?, 1),"
        " ('b', ?, 'BOB', 5, 1e9, CAST(X'41FF80' AS TEXT), 1),"
        " ('c', ?, CAST(X'C0C1C2' AS TEXT), 5, 1e9, '', 1)",
        (BOARD, "3 \x00\u202ebots", BOARD, BOARD),
    )
    db.commit()
    db.close()
    try:
        shown = {e.id: e.detail for e in store.entries()}
    finally:
        store.close()
    assert shown == {"a": "3 bots", "b": "A\ufffd\ufffd"}  # broken initials: not shown


def test_a_replay_renamed_to_a_dirty_name_gets_the_clean_one(paths):
    from game.storage.replays import rename_replay

    path = write_replay(paths, ("Ada", "Bo"), "won", "r")
    new = rename_replay(path, "Final\u202e\x00 of\tthe day\u200b")
    assert new.name == "Final of the day.json"


def test_a_phone_name_is_cleaned_where_it_joins():
    from party.lobby import NAME_LIMIT, Lobby

    lobby = Lobby(["Player 1", "Player 2"], [0, 1])
    seat = lobby.join(lobby.code, "\u202eAda\x00\ud800 " + "W" * 100)
    assert seat.name == ("Ada " + "W" * 100)[:NAME_LIMIT]
