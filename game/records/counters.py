"""The operator's counters: what happened at the booth, kept in SQLite beside the hall
of fame (no pygame).

Every event is one row written in its own transaction (WAL journal, ``synchronous``
FULL), so a kill -9 or a power cut loses at most the event being written, never one
already counted.  Rows are never deleted: the machine's lifetime is every row; "the
event" is every row since the operator's last reset (a time kept in the same file);
"today" is every row of the kiosk's day (``day`` is given by the caller, who knows
when the kiosk's day starts).

Kinds: ``visitor`` (a touch that ended an attract demo), ``game-started`` /
``game-finished`` / ``game-abandoned`` (with the game and the bot level), ``rush``,
``race`` (with its players), ``tutorial-finished``, ``fame-entry``, ``session`` (with
its length in seconds), ``screen-failed`` (with the screen's name in ``detail``).

    counters = Counters(path)
    counters.add("race", game="crystal-formation", players=5, day="2026-12-02")
    counters.figures("today", day="2026-12-02")   # {"race": 1, "race-players": 5, ...}
    counters.export_csv(folder, day="2026-12-02")
"""

from __future__ import annotations

import csv
import os
import socket
import sqlite3
import statistics
import time
import uuid
from pathlib import Path

from game.records.hall_of_fame import PostgresConnection
from game.text.clean import clean
from game.text.i18n import _

KINDS = (
    "visitor",
    "game-started",
    "game-finished",
    "game-abandoned",
    "rush",
    "race",
    "tutorial-finished",
    "fame-entry",
    "session",
    "screen-failed",
)
SCOPES = ("today", "event", "lifetime")
CSV_NAME = "crystal-arcade-counters-{day}.csv"
MAX_FOLDER = 1000  # characters of an export folder's path


def folder_form_problem(text: object) -> str | None:
    """Why ``text`` cannot name an export folder (None when it can): a full path of
    at most MAX_FOLDER characters, nothing in it the sanitiser would drop (a control
    character, an invisible one), a ``~`` allowed at its start.  Whether the folder
    is there and takes files is :func:`folder_problem`'s question, asked when the CSV
    is written (a USB stick is plugged in after the booth starts)."""
    if not isinstance(text, str) or not text:
        return _("Name the folder by its full path, e.g. /media/usb")
    if len(text) > MAX_FOLDER or clean(text) != text:
        return _("That folder's name holds characters a path cannot have")
    if not Path(text).expanduser().is_absolute():
        return _("Name the folder by its full path, e.g. /media/usb")
    return None


def folder_problem(text: object) -> tuple[Path | None, str | None]:
    """The export folder named by ``text`` (typed by the operator, or kiosk.json's
    ``counters_folder``), cleaned and checked: ``(path, None)`` when it is a folder
    that exists and takes files, else ``(None, why)`` in a sentence for the operator."""
    named = clean(text, MAX_FOLDER) if isinstance(text, str) else ""
    why = folder_form_problem(named)
    if why:
        return None, why
    path = Path(named).expanduser()
    try:
        if not path.exists():
            return None, _("There is no folder {path} (is the stick plugged in?)").format(
                path=named
            )
        if not path.is_dir():
            return None, _("{path} is a file, not a folder").format(path=named)
        if not os.access(path, os.W_OK | os.X_OK):
            return None, _("{path} cannot be written to (is the stick locked?)").format(path=named)
    except OSError as exc:  # a stick pulled out while it was looked at
        return None, _("{path} cannot be used: {problem}").format(path=named, problem=exc)
    return path, None


class Counters:
    def __init__(self, path: Path | str, clock=time.time, booth: str = ""):
        """``booth``: this booth's name on the shared server (kept in the file; by
        default the machine's name when the file is made)."""
        self.path = Path(path)
        self.clock = clock
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(self.path), isolation_level=None, timeout=5.0)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, at REAL NOT NULL,"
            " day TEXT NOT NULL, kind TEXT NOT NULL, game TEXT NOT NULL DEFAULT '',"
            " level TEXT NOT NULL DEFAULT '', players INTEGER NOT NULL DEFAULT 0,"
            " seconds REAL NOT NULL DEFAULT 0, detail TEXT NOT NULL DEFAULT '')"
        )
        self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
        # Each event's own id and whether the shared server has it (see SharedCounters):
        # added to a file from before booths shared their counters.
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(events)")}
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            if "uid" not in columns:
                self.db.execute("ALTER TABLE events ADD COLUMN uid TEXT")
                self.db.execute("UPDATE events SET uid = lower(hex(randomblob(16)))")
            if "sent" not in columns:
                self.db.execute("ALTER TABLE events ADD COLUMN sent INTEGER NOT NULL DEFAULT 0")
            self.db.execute(
                f"INSERT OR {'REPLACE' if booth else 'IGNORE'} INTO meta (key, value)"
                " VALUES ('booth', ?)",
                (clean(booth or socket.gethostname(), MAX_BOOTH) or "booth",),
            )

    def close(self) -> None:
        self.db.close()

    # -- writing ---------------------------------------------------------------------
    def add(
        self,
        kind: str,
        *,
        day: str,
        game: str = "",
        level: str = "",
        players: int = 0,
        seconds: float = 0.0,
        detail: str = "",
    ) -> None:
        """One event, in one transaction of its own."""
        if kind not in KINDS:
            raise ValueError(f"not a counter: {kind!r}")
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute(
                "INSERT INTO events (at, day, kind, game, level, players, seconds, detail, uid)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    self.clock(),
                    day,
                    kind,
                    game,
                    level,
                    int(players),
                    float(seconds),
                    detail[:80],
                    uuid.uuid4().hex,
                ),
            )

    def reset_event(self) -> None:
        """The operator starts a new event: its counts start from now (the lifetime's
        and today's do not change)."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('event_since', ?)",
                (repr(self.clock()),),
            )

    def booth(self) -> str:
        """This booth's name on the shared server (the machine's name when first
        opened; kept in the file so a renamed machine stays the same booth)."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'booth'").fetchone()
        return str(row[0]) if row else "booth"

    def unsent(self, limit: int = 5000) -> list[tuple]:
        """Events the shared server does not have yet, oldest first."""
        return self.db.execute(
            "SELECT uid, at, day, kind, game, level, players, seconds, detail FROM events"
            " WHERE sent = 0 ORDER BY id LIMIT ?",
            (limit,),
        ).fetchall()

    def mark_sent(self, uids: list[str]) -> None:
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.executemany("UPDATE events SET sent = 1 WHERE uid = ?", [(u,) for u in uids])

    def event_since(self) -> float:
        row = self.db.execute("SELECT value FROM meta WHERE key = 'event_since'").fetchone()
        return float(row[0]) if row else 0.0

    # -- reading ---------------------------------------------------------------------
    def _rows(self, scope: str, day: str) -> list[tuple]:
        query = "SELECT kind, game, level, players, seconds FROM events"
        if scope == "today":
            return self.db.execute(query + " WHERE day = ?", (day,)).fetchall()
        if scope == "event":
            return self.db.execute(query + " WHERE at >= ?", (self.event_since(),)).fetchall()
        if scope == "lifetime":
            return self.db.execute(query).fetchall()
        raise ValueError(f"not a scope: {scope!r}")

    def figures(self, scope: str, day: str) -> dict[str, float]:
        """The counts of one scope: each kind, each kind per game (``kind:game``) and
        per game and bot level (``kind:game:level``), the players of the races
        (``race-players``), and the median session length in seconds."""
        return figures_of(self._rows(scope, day))

    def export_csv(self, folder: Path | str, day: str, booths: dict | None = None) -> Path:
        """Every figure of every scope as ``figure,today,event,lifetime`` rows, written to
        ``folder`` (a USB stick the operator names) beside any earlier day's file.
        ``booths`` (scope -> booth -> figures, from the shared server) adds each booth's
        rows as ``booth:<name>:<figure>`` and the booths' total as ``booths:<figure>``."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        scopes = {s: dict(self.figures(s, day)) for s in SCOPES}
        for scope, per_booth in (booths or {}).items():
            for booth, figures in per_booth.items():
                prefix = "booths" if booth == TOTAL else f"booth:{booth}"
                for name, value in figures.items():
                    scopes[scope][f"{prefix}:{name}"] = value
        names = sorted(set().union(*scopes.values()))
        path = folder / CSV_NAME.format(day=day)
        part = path.with_suffix(".part")
        with part.open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(["figure", *SCOPES])
            for name in names:
                writer.writerow([name, *(_num(scopes[s].get(name, 0)) for s in SCOPES)])
        part.replace(path)
        return path


TOTAL = ""  # the booths' total in SharedCounters.figures
MAX_BOOTH = 40  # characters of a booth's name


def figures_of(rows) -> dict[str, float]:
    """The figures of (kind, game, level, players, seconds) rows: see Counters.figures."""
    out: dict[str, float] = {kind: 0 for kind in KINDS}
    sessions = []
    out["race-players"] = 0
    for kind, game, level, players, seconds in rows:
        if kind not in out:
            continue  # a kind a newer booth counts: not this booth's to show
        out[kind] += 1
        if game:
            out[f"{kind}:{game}"] = out.get(f"{kind}:{game}", 0) + 1
            if level:
                key = f"{kind}:{game}:{level}"
                out[key] = out.get(key, 0) + 1
        if kind == "race":
            out["race-players"] += players
        if kind == "session":
            sessions.append(seconds)
    out["median-session-seconds"] = round(statistics.median(sessions), 1) if sessions else 0
    return out


class SharedCounters(PostgresConnection):
    """Every booth's counters on the hall of fame's PostgreSQL server (psycopg 3): each
    booth sends its events (``send``; an event's id keeps it from counting twice) and
    reads every booth's figures and their total (``figures``).  Every failure is a
    FameError with a short reason; the booth keeps counting in its own file."""

    TABLE = (
        "CREATE TABLE IF NOT EXISTS crystal_counters (uid TEXT PRIMARY KEY,"
        " booth TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, day TEXT NOT NULL,"
        " kind TEXT NOT NULL, game TEXT NOT NULL, level TEXT NOT NULL,"
        " players INTEGER NOT NULL, seconds DOUBLE PRECISION NOT NULL,"
        " detail TEXT NOT NULL)"
    )

    def send(self, booth: str, rows: list[tuple]) -> None:
        """``rows`` as Counters.unsent gives them, from booth ``booth``."""

        def go(conn):
            with conn.transaction(), conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO crystal_counters (uid, booth, at, day, kind, game, level,"
                    " players, seconds, detail) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
                    " ON CONFLICT (uid) DO NOTHING",
                    [(r[0], booth, *r[1:]) for r in rows],
                )

        self._run(go)

    def figures(self, scope: str, day: str, since: float = 0.0) -> dict[str, dict[str, float]]:
        """booth -> its figures for ``scope`` (``since``: the event's start, this
        booth's Reset event), and TOTAL -> every booth's together."""
        sql = "SELECT booth, kind, game, level, players, seconds FROM crystal_counters"
        args: tuple = ()
        if scope == "today":
            sql, args = sql + " WHERE day = %s", (day,)
        elif scope == "event":
            sql, args = sql + " WHERE at >= %s", (since,)
        elif scope != "lifetime":
            raise ValueError(f"not a scope: {scope!r}")
        rows = self._run(lambda conn: conn.execute(sql, args).fetchall())
        by_booth: dict[str, list] = {}
        for booth, *row in rows:
            name = clean(booth, MAX_BOOTH) or "?"  # another booth's text: outside text
            by_booth.setdefault(name, []).append(row)
        out = {booth: figures_of(r) for booth, r in sorted(by_booth.items())}
        out[TOTAL] = figures_of([row for r in by_booth.values() for row in r])
        return out


def share(counters: Counters, shared: SharedCounters, day: str) -> dict:
    """One round: send the server what it lacks, then read every booth's figures of
    each scope (scope -> booth -> figures).  Raises FameError when it is away (what
    was not sent is sent next round)."""
    while True:
        rows = counters.unsent()
        if not rows:
            break
        shared.send(counters.booth(), rows)
        counters.mark_sent([r[0] for r in rows])
    since = counters.event_since()
    return {scope: shared.figures(scope, day, since) for scope in SCOPES}


def read_csv(path: Path | str) -> dict[str, dict[str, float]]:
    """A counters CSV read back: figure -> scope -> value."""
    out: dict[str, dict[str, float]] = {}
    with Path(path).open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            out[row["figure"]] = {s: float(row[s]) for s in SCOPES}
    return out


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
