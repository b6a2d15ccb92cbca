"""The hall of fame: three-letter initials on per-game boards, kept in SQLite and,
when an event names one, shared through a PostgreSQL server.

Boards (``board_ranking`` says how each ranks):

- ``rush:<game>``: a rush's score, highest first.
- ``racer:<game>``: puzzles solved in a puzzle race, highest first.
- ``beat-hard:<game>`` / ``beat-expert:<game>``: a win over Hard (or Expert) bots;
  per game, the fewest moves (games that end on a goal reached) or the most points.

The local SQLite file is the record every screen reads (it never waits on a network).
When a server is set, a background thread sends entries the server has not seen yet and
pulls the other kiosks' entries into the local file; an entry carries a unique id, so a
retry after a lost connection never counts a score twice.  Nothing here imports pygame.
"""

from __future__ import annotations

import logging
import os
import queue
import re
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable, Iterable, Protocol

from game.text.clean import clean
from game.text.i18n import _, ngettext

TABLE_SIZE = 10  # entries on each board and period
INITIALS = 3
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PERIODS = ("today", "week", "all")
PERIOD_TITLES = {"today": "Today", "week": "This week", "all": "All time"}
MAX_DETAIL = 80
MAX_SCORE = 1e12

# Three letters an attract screen at a family event should not show.  Short on purpose
# (an arcade's list, not a dictionary), and vulgar words and slurs only: words that
# name who someone is are not blocked.  The player is asked to pick others.
BLOCKED = frozenset(
    {
        "ASS", "CUM", "FAG", "FUK", "FUC", "FCK", "KKK", "NIG", "NGR", "SEX", "TIT",
        "DIK", "DIC", "COK", "CNT", "KUN", "NAZ", "WTF", "XXX", "PIS", "FAP", "VAG",
        "PUS", "SHT", "HOE", "SUK", "JIZ", "KYS",
    }
)  # fmt: skip

_log = logging.getLogger(__name__)


class FameError(Exception):
    """Something a player or operator can be told in one short sentence."""


def board_kind(board: object) -> str:
    if not isinstance(board, str):
        raise FameError(_("that is not a hall of fame board"))
    kind, sep, game = board.partition(":")
    if not sep or kind not in ("rush", "racer", "beat-hard", "beat-expert") or not game:
        raise FameError(_("that is not a hall of fame board"))
    if len(board) > 80 or not all(ch.isascii() and (ch.isalnum() or ch in "-_:") for ch in board):
        raise FameError(_("that is not a hall of fame board"))
    return kind


def board_ranking(board: str) -> str:
    """ "points" (highest first) or "moves" (fewest first)."""
    kind = board_kind(board)
    from game.registry import GAMES

    spec = GAMES.get(board.partition(":")[2])
    if kind not in ("rush", "racer") and spec is not None:
        return spec.fame_ranking  # each game's own (GameSpec.fame_ranking)
    return "points"


def initials_problem(text: object) -> str | None:
    """Why ``text`` cannot be shown as initials (a short sentence), or None."""
    if not isinstance(text, str) or len(text) != INITIALS or any(c not in LETTERS for c in text):
        return _("Initials are three letters, A to Z.")
    if text in BLOCKED:
        return _("Those initials are not allowed here; please pick others.")
    return None


@dataclass(frozen=True)
class Entry:
    board: str
    initials: str
    score: float
    at: float  # seconds since the epoch
    detail: str = ""
    id: str = field(default_factory=lambda: uuid.uuid4().hex)

    def __post_init__(self) -> None:
        board_kind(self.board)
        problem = initials_problem(self.initials)
        if problem:
            raise FameError(problem)
        score = self.score
        if isinstance(score, bool) or not isinstance(score, (int, float)):
            raise FameError(_("a score is a number"))
        if not (-MAX_SCORE <= score <= MAX_SCORE):  # also refuses NaN
            raise FameError(_("that score is out of range"))
        at = self.at
        if isinstance(at, bool) or not isinstance(at, (int, float)) or not (0 <= at < 1e11):
            raise FameError(_("that time is out of range"))
        if not isinstance(self.detail, str) or len(self.detail) > MAX_DETAIL:
            raise FameError(_("the detail is too long"))
        if not isinstance(self.id, str) or not (1 <= len(self.id) <= 64):
            raise FameError(_("an entry id is 1 to 64 characters"))


def sort_key(board: str) -> Callable[[Entry], tuple]:
    """Best first; a tie goes to whoever got there first."""
    sign = 1 if board_ranking(board) == "moves" else -1
    return lambda e: (sign * e.score, e.at, e.id)


def ranked(entries: Iterable[Entry], board: str, since: float | None = None) -> list[Entry]:
    """The board's table (best TABLE_SIZE) from ``since`` on (None: all time)."""
    mine = [e for e in entries if e.board == board and (since is None or e.at >= since)]
    return sorted(mine, key=sort_key(board))[:TABLE_SIZE]


def makes_table(entries: Iterable[Entry], board: str, score: float, since: float | None) -> bool:
    """Would ``score`` (got now) get onto the board's table from ``since`` on?  A tie
    with the last place does not: the earlier score keeps it."""
    table = ranked(entries, board, since)
    if len(table) < TABLE_SIZE:
        return True
    last = table[-1].score
    return score < last if board_ranking(board) == "moves" else score > last


# -- periods -------------------------------------------------------------------------


def day_start(now: datetime, day_starts_at_hour: int = 0) -> datetime:
    """When the current "today" began: the latest ``day_starts_at_hour`` o'clock at or
    before ``now`` (an event open till 2 am sets 6 so its night counts as one day).
    ``now`` is a local time (naive or aware alike)."""
    if not 0 <= day_starts_at_hour <= 23:
        raise FameError(_("the day starts at an hour from 0 to 23"))
    start = now.replace(hour=day_starts_at_hour, minute=0, second=0, microsecond=0)
    if start > now:
        start -= timedelta(days=1)
    return start


def period_since(
    period: str, now: datetime | None = None, day_starts_at_hour: int = 0
) -> float | None:
    """The epoch second a period began: today (from the operator's hour), this week
    (Monday's day start) or all time (None)."""
    if period == "all":
        return None
    now = now or datetime.now().astimezone()
    today = day_start(now, day_starts_at_hour)
    if period == "today":
        return today.timestamp()
    if period == "week":
        return (today - timedelta(days=today.weekday())).timestamp()
    raise FameError(_("a period is today, week or all"))


# -- storage -------------------------------------------------------------------------


class Store(Protocol):
    """Where entries are kept: ``add`` is idempotent by entry id."""

    def add(self, entry: Entry) -> bool: ...  # True when it was new

    def entries(self, board: str | None = None, since: float | None = None) -> list[Entry]: ...

    def clear(self) -> None: ...

    def close(self) -> None: ...


# Each step takes the file from version i to i + 1 (index i); a newer file than this
# list knows is refused, never rewritten.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE entries (id TEXT PRIMARY KEY, board TEXT NOT NULL,"
        " initials TEXT NOT NULL, score REAL NOT NULL, at REAL NOT NULL,"
        " detail TEXT NOT NULL DEFAULT '')",
        "CREATE INDEX entries_board ON entries (board, at)",
    ),
    # 2: whether the shared server has the entry yet (1 for entries made before a
    # server was ever named: nothing to send).
    ("ALTER TABLE entries ADD COLUMN sent INTEGER NOT NULL DEFAULT 1",),
)
SCHEMA_VERSION = len(MIGRATIONS)


def _row_entry(row) -> Entry | None:
    # A row is outside text (another booth, another tool): its detail is shown as it
    # was written, so it is cleaned here, where it is read from either store.
    detail = clean(row[5], MAX_DETAIL) if isinstance(row[5], str) else row[5]
    try:
        return Entry(row[1], row[2], float(row[3]), float(row[4]), detail, row[0])
    except (FameError, TypeError, ValueError):
        return None  # a row written by hand or by a broken tool is not shown


def _decoded(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


class SqliteStore:
    """The hall of fame file in the data folder (WAL: a killed writer leaves the last
    committed entry in place).  A file SQLite cannot use is set aside
    (``halloffame.corrupt-<time>.db``), ``problem`` says so once, and a fresh one starts."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.problem: str | None = None
        self.aside: Path | None = None
        self._lock = threading.Lock()
        try:
            self.db = self._open()
        except (sqlite3.DatabaseError, FameError) as exc:
            why = str(exc) if isinstance(exc, FameError) else _("it is damaged")
            self.aside = _set_aside_db(self.path)
            if self.aside:
                text = _(
                    "The hall of fame could not be read ({why}); a new one was started; "
                    "it was moved to {aside}."
                )
            else:
                text = _("The hall of fame could not be read ({why}); a new one was started.")
            self.problem = text.format(why=why, aside=self.aside.name if self.aside else "")
            _log.warning("%s", self.problem)
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=5, check_same_thread=False, isolation_level=None)
        # Text that is not UTF-8 (bytes another tool wrote) is read with U+FFFD in place
        # of what cannot be decoded, rather than failing the whole table's query.
        db.text_factory = _decoded
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable against a crash
            row = db.execute("PRAGMA quick_check").fetchone()
            if row is None or row[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            self._migrate(db)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = db.execute("SELECT max(version) FROM schema_version").fetchone()
            version = row[0] or 0
            if version > SCHEMA_VERSION:
                raise FameError(
                    _("it is from a newer version (schema {version})").format(version=version)
                )
            for step in MIGRATIONS[version:]:
                for sql in step:
                    db.execute(sql)
            if version < SCHEMA_VERSION:
                db.execute("DELETE FROM schema_version")
                db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def add(self, entry: Entry, sent: bool = True) -> bool:
        with self._lock:
            cur = self.db.execute(
                "INSERT OR IGNORE INTO entries (id, board, initials, score, at, detail, sent)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (entry.id, entry.board, entry.initials, entry.score, entry.at, entry.detail, sent),
            )
            return cur.rowcount == 1

    def entries(self, board: str | None = None, since: float | None = None) -> list[Entry]:
        sql = "SELECT id, board, initials, score, at, detail FROM entries WHERE 1=1"
        args: list = []
        if board is not None:
            sql += " AND board = ?"
            args.append(board)
        if since is not None:
            sql += " AND at >= ?"
            args.append(since)
        with self._lock:
            rows = self.db.execute(sql, args).fetchall()
        return [e for e in map(_row_entry, rows) if e is not None]

    def unsent(self) -> list[Entry]:
        with self._lock:
            rows = self.db.execute(
                "SELECT id, board, initials, score, at, detail FROM entries WHERE sent = 0"
            ).fetchall()
        return [e for e in map(_row_entry, rows) if e is not None]

    def mark_sent(self, ids: Iterable[str]) -> None:
        with self._lock:
            self.db.executemany("UPDATE entries SET sent = 1 WHERE id = ?", [(i,) for i in ids])

    def clear(self) -> None:
        with self._lock:
            self.db.execute("DELETE FROM entries")

    def close(self) -> None:
        with self._lock:
            self.db.close()


def _set_aside_db(path: Path) -> Path | None:
    """Rename a damaged database (and its -wal / -shm companions) out of the way."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.corrupt-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.corrupt-{stamp}-{n}{path.suffix}")
        n += 1
    moved = None
    try:
        os.replace(path, target)
        moved = target
    except OSError:
        pass
    for suffix in ("-wal", "-shm"):
        side = Path(str(path) + suffix)
        try:
            if moved is not None:
                os.replace(side, Path(str(target) + suffix))
            else:
                side.unlink()
        except OSError:
            pass
    return moved


CONNECT_TIMEOUT = 3  # seconds; only the background thread ever waits this long


class PostgresConnection:
    """One connection to a PostgreSQL server (psycopg 3) for a table of the booths'
    shared records: opened on first use with the table made if it is missing
    (``TABLE``), opened again after a failure, so a server that went away and came back
    is found again.  Every failure is a FameError with a short reason, never a
    psycopg error."""

    TABLE = ""  # the CREATE TABLE IF NOT EXISTS statement of the subclass's table

    def __init__(self, conninfo: str, connect_timeout: int = CONNECT_TIMEOUT):
        self.conninfo = conninfo
        self.connect_timeout = connect_timeout
        self.conn = None

    def _connection(self):
        try:
            import psycopg
        except ImportError:  # an install without it: the booth keeps its records locally
            raise FameError(_("the hall of fame server needs psycopg, which is missing")) from None

        if self.conn is not None and not self.conn.closed:
            return self.conn
        try:
            self.conn = psycopg.connect(
                self.conninfo, connect_timeout=self.connect_timeout, autocommit=True
            )
            self.conn.execute(self.TABLE)
        except psycopg.Error:
            self.close()
            raise FameError(_("the hall of fame server cannot be reached")) from None
        return self.conn

    def _run(self, fn):
        conn = self._connection()
        import psycopg

        try:
            return fn(conn)
        except psycopg.Error:
            self.close()
            raise FameError(_("the hall of fame server cannot be reached")) from None

    def close(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:  # closing a broken connection: nothing left to save
                pass
        self.conn = None


class PostgresStore(PostgresConnection):
    """The shared hall of fame table on a PostgreSQL server."""

    TABLE = (
        "CREATE TABLE IF NOT EXISTS crystal_hall_of_fame (id TEXT PRIMARY KEY,"
        " board TEXT NOT NULL, initials TEXT NOT NULL, score DOUBLE PRECISION NOT NULL,"
        " at DOUBLE PRECISION NOT NULL, detail TEXT NOT NULL DEFAULT '')"
    )

    def add_many(self, entries: list[Entry]) -> None:
        def go(conn):
            with conn.transaction(), conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO crystal_hall_of_fame (id, board, initials, score, at, detail)"
                    " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                    [(e.id, e.board, e.initials, e.score, e.at, e.detail) for e in entries],
                )

        self._run(go)

    def add(self, entry: Entry) -> bool:
        def go(conn):
            cur = conn.execute(
                "INSERT INTO crystal_hall_of_fame (id, board, initials, score, at, detail)"
                " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                (entry.id, entry.board, entry.initials, entry.score, entry.at, entry.detail),
            )
            return cur.rowcount == 1

        return self._run(go)

    def entries(self, board: str | None = None, since: float | None = None) -> list[Entry]:
        sql = "SELECT id, board, initials, score, at, detail FROM crystal_hall_of_fame WHERE true"
        args: list = []
        if board is not None:
            sql += " AND board = %s"
            args.append(board)
        if since is not None:
            sql += " AND at >= %s"
            args.append(since)
        rows = self._run(lambda conn: conn.execute(sql, args).fetchall())
        return [e for e in map(_row_entry, rows) if e is not None]

    def clear(self) -> None:
        self._run(lambda conn: conn.execute("DELETE FROM crystal_hall_of_fame"))


class HallOfFame:
    """What the screens use: a local SqliteStore, and optionally a server synced by a
    background thread (``sync_now`` runs one round in the caller's thread, for tests
    and tools).  ``add`` writes the local file at once (one small SQLite insert) and
    only wakes the thread; no call here waits for the network."""

    SYNC_SECONDS = 20.0

    def __init__(self, path: Path | str, server: str = "", *, background: bool = True):
        self.local = SqliteStore(path)
        self.problem = self.local.problem
        self.server = PostgresStore(server) if server else None
        self.online: bool | None = None  # None until the first try
        self._wake: queue.Queue = queue.Queue()
        self._stop = threading.Event()
        self._clear_server = False
        self._sync_lock = threading.Lock()
        self.synced = threading.Event()  # set after each round the server answered
        self._thread = None
        if self.server is not None and background:
            self._thread = threading.Thread(target=self._loop, name="halloffame", daemon=True)
            self._thread.start()

    def add(self, entry: Entry) -> bool:
        new = self.local.add(entry, sent=self.server is None)
        if self.server is not None:
            self._wake.put("add")
        return new

    def table(self, board: str, since: float | None) -> list[Entry]:
        return ranked(self.local.entries(board, since), board, since)

    def qualifies(self, board: str, score: float, since: float | None) -> bool:
        return makes_table(self.local.entries(board, since), board, score, since)

    def clear(self) -> None:
        """The operator's reset: every board, here and (next round) on the server."""
        self.local.clear()
        if self.server is not None:
            self._clear_server = True
            self._wake.put("clear")

    def sync_now(self) -> bool:
        """One round: clear the server if asked, send what it lacks, pull the rest.
        True when the server answered."""
        if self.server is None:
            return False
        with self._sync_lock:
            try:
                if self._clear_server:
                    self.server.clear()
                    self._clear_server = False
                pending = self.local.unsent()
                if pending:
                    self.server.add_many(pending)
                    self.local.mark_sent(e.id for e in pending)
                for e in self.server.entries():
                    self.local.add(e, sent=True)
            except FameError:
                self.online = False
                return False
            self.online = True
            self.synced.set()
            return True

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self.sync_now()
            except Exception:  # a local file error: logged; the next round tries again
                _log.exception("hall of fame sync failed")
            try:
                self._wake.get(timeout=self.SYNC_SECONDS)
            except queue.Empty:
                pass

    def close(self) -> None:
        self._stop.set()
        self._wake.put("stop")
        if self._thread is not None:
            self._thread.join(timeout=CONNECT_TIMEOUT + 2)
        if self.server is not None:
            self.server.close()
        self.local.close()


def beat_board(match) -> tuple[str, float, str] | None:
    """(board, score, detail) when one person alone beat only Hard or Expert bots in
    ``match`` (a finished game.midend.match.Match), else None.  The board is the weakest
    bot's level: a win over Hard and Expert together counts as beating Hard."""
    outcome = match.outcome()
    if outcome is None or outcome.is_draw or len(outcome.winners) != 1:
        return None
    people = [i for i, s in enumerate(match.seats) if s.kind == "person"]
    bots = [s for s in match.seats if s.is_bot]
    if len(people) != 1 or len(bots) != len(match.seats) - 1 or not bots:
        return None
    if outcome.winners[0] != people[0]:
        return None
    if any(e.seat == people[0] and e.by != people[0] for e in match.entries):
        return None  # someone else played some of the person's turns
    levels = {s.level for s in bots}
    if not levels <= {"hard", "expert"}:
        return None
    level = "hard" if "hard" in levels else "expert"
    game = match.spec.id
    board = f"beat-{level}:{game}"
    seat = people[0]
    if board_ranking(board) == "moves":
        moves = sum(1 for e in match.entries if e.seat == seat and not e.clock)
        return board, float(moves), f"{level}-bots:{len(bots)}"
    players = match.setup.players
    return board, float(match.state.scores()[seat]), f"players:{players}"


# An entry's detail is kept as a code ("hard-bots:2", "players:4") and worded when shown:
# kiosks at one event may share a table while each speaks its own language, and a home
# player may switch language; the words are the reader's, not the writer's.  Anything
# else (a detail written before the codes) is shown as it was written.
_DETAIL = re.compile(r"(hard-bots|expert-bots|players):([0-9]{1,3})")


def detail_text(detail: str) -> str:
    """An entry's detail in the current language ("2 hard bots", "4 Spieler")."""
    found = _DETAIL.fullmatch(detail or "")
    if found is None:
        return detail or ""
    kind, n = found.group(1), int(found.group(2))
    if kind == "hard-bots":
        words = ngettext("{n} hard bot", "{n} hard bots", n)
    elif kind == "expert-bots":
        words = ngettext("{n} expert bot", "{n} expert bots", n)
    else:
        words = ngettext("{n} player", "{n} players", n)
    return words.format(n=n)
