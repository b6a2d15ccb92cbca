"""Hostile input at the hall of fame's boundaries: initials, board names, scores and
details from a caller; kiosk.json's new fields; whatever bytes sit in the database
file; rows written into it by something else.  Refusals are FameError (a short
sentence) or a set-aside file; never a crash, never a lost good entry."""

import json
import sqlite3

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.records import hall_of_fame as hof

T0 = 1_790_000_000.0
ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.binary(max_size=20),
)


@given(
    board=st.one_of(ANY, st.sampled_from(["rush:crystal-connector", "beat-hard:x", "rush:"])),
    initials=st.one_of(ANY, st.text(alphabet="ABCXYZabc1 ", min_size=3, max_size=3)),
    score=ANY,
    detail=ANY,
    id_=st.one_of(ANY, st.text(max_size=100)),
)
def test_an_entry_is_valid_or_refused_in_one_short_sentence(board, initials, score, detail, id_):
    try:
        e = hof.Entry(board, initials, score, T0, detail, id_)
    except hof.FameError as exc:
        assert 0 < len(str(exc)) < 80 and "Traceback" not in str(exc)
        return
    assert hof.initials_problem(e.initials) is None
    assert e.initials not in hof.BLOCKED and e.initials.isascii() and e.initials.isupper()
    assert -hof.MAX_SCORE <= e.score <= hof.MAX_SCORE


@given(st.text(max_size=6))
def test_initials_problem_never_raises_and_accepts_only_three_capitals(text):
    problem = hof.initials_problem(text)
    ok = len(text) == 3 and all("A" <= c <= "Z" for c in text) and text not in hof.BLOCKED
    assert (problem is None) == ok


@given(value=ANY)
def test_kiosk_json_hall_of_fame_fields_never_crash_the_load(tmp_path_factory, value):
    from game.storage.saves import Paths
    from scenes.config import KioskConfig

    root = tmp_path_factory.mktemp("k")
    paths = Paths(root / "config", root / "data", root / "logs")
    paths.config.mkdir(parents=True)
    for key in ("day_starts_at_hour", "hall_of_fame_server"):
        try:
            raw = json.dumps({key: value})
        except (TypeError, ValueError):
            continue
        paths.kiosk.write_text(raw)
        cfg, problem = KioskConfig.load(paths)
        assert isinstance(cfg.day_starts_at_hour, int) and 0 <= cfg.day_starts_at_hour <= 23
        assert isinstance(cfg.hall_of_fame_server, str)
        if problem:
            assert "Traceback" not in problem and len(problem) < 200


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(garbage=st.binary(min_size=1, max_size=4096), header=st.booleans())
def test_any_bytes_in_the_database_file_are_set_aside_or_read(tmp_path, garbage, header):
    path = tmp_path / "fame.db"
    for old in tmp_path.glob("fame*"):
        old.unlink()
    path.write_bytes((b"SQLite format 3\x00" if header else b"") + garbage)
    store = hof.SqliteStore(path)
    try:
        if store.problem:
            assert store.aside is not None and store.aside.exists()
            assert "Traceback" not in store.problem
        e = hof.Entry("rush:element-shift", "OKA", 1.0, T0)
        assert store.add(e) and e in store.entries()
    finally:
        store.close()


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(st.tuples(st.text(max_size=70), ANY, ANY, ANY, ANY, ANY), min_size=1, max_size=8)
)
def test_foreign_rows_in_the_file_are_skipped_not_shown(tmp_path, rows):
    path = tmp_path / "fame.db"
    for old in tmp_path.glob("fame*"):
        old.unlink()
    store = hof.SqliteStore(path)
    good = hof.Entry("rush:crystal-connector", "GUD", 5.0, T0)
    store.add(good)
    db = sqlite3.connect(path)
    for i, (id_, board, initials, score, at, detail) in enumerate(rows):
        # what SQLite can hold (its integers are 64-bit); anything else as its repr
        vals = [
            v
            if isinstance(v, (str, float, type(None)))
            or (isinstance(v, int) and -(2**63) <= v < 2**63)
            else repr(v)
            for v in (board, initials, score, at, detail)
        ]
        db.execute(
            "INSERT OR IGNORE INTO entries (id, board, initials, score, at, detail, sent)"
            " VALUES (?, ?, ?, ?, ?, ?, 1)",
            (f"{i}-{id_}", *vals),
        )
    db.commit()
    db.close()
    try:
        shown = store.entries()
        assert good in shown
        for e in shown:
            assert hof.initials_problem(e.initials) is None
        table = hof.ranked(shown, good.board)
        assert good in table or len(table) == hof.TABLE_SIZE
    finally:
        store.close()
