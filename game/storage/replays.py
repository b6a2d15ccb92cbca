"""The replay library and the theatre's timeline, without any drawing.

Where replays live (all under the user data folder, see ``game.storage.saves``)::

    replays/                 the ones a player saved ("Save replay" on the results)
    replays/recent/          every finished game, kept automatically (the last 50)

Reading a replay for the theatre never changes the file: a damaged or future-format
replay is refused with the reason (the move number and the engine's words for an
illegal move) and left exactly where it is.  Deleting from the list moves the file
aside (``name.deleted-<time>.json``, the same way a damaged save is set aside), so a
slip of the finger loses nothing::

    for info in list_replays(paths):          # newest first; damaged files included
        print(info.title, info.seats, info.result, info.problem)
    match = open_replay(info.path)            # ReplayError with the reason
    line = Timeline.of(match)                 # positions 0..len(moves)
    line.step_turn(+1)                        # to the next seat's turn (or round)
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.midend.match import Match, ReplayError, Seat, _game_problem, check_replay_schema
from game.rules.contract import quoted
from game.storage.reading import MAX_FILE_BYTES, FileProblem, load_json
from game.storage.saves import Paths, SaveError, set_aside, write_json_atomic
from game.text.clean import clean
from game.text.i18n import _

RECENT_KEEP = 50  # finished games kept automatically; the oldest goes first
SET_ASIDE_MARKS = (".corrupt-", ".deleted-")  # files moved aside are not listed


def recent_folder(paths: Paths) -> Path:
    return paths.replays / "recent"


# -- reading -------------------------------------------------------------------------

# A replay's file name is outside text too: a player copies files in, and a name the
# system cannot decode arrives with lone surrogates in it.  What the list and the
# messages show is the cleaned name; the path itself is never changed.
FILE_NAME_SHOWN = 120


def shown_name(path: Path, stem: bool = False) -> str:
    """``path``'s name (or its stem) as the list and the messages show it."""
    return clean(path.stem if stem else path.name, FILE_NAME_SHOWN)


def read_replay_data(path: Path) -> dict:
    """The JSON object in a replay file; ReplayError (file untouched) otherwise.  Read
    through ``game.storage.reading``: a FIFO, a device, a folder, a huge or deeply nested file
    is refused with a short reason, never waited on or read without end."""
    try:
        data = load_json(path, MAX_FILE_BYTES)
    except FileProblem as exc:
        raise ReplayError(
            _("{file} cannot be used: {problem}").format(file=shown_name(path), problem=exc)
        ) from None
    if data is None:
        raise ReplayError(_("there is no file {file}").format(file=shown_name(path)))
    if not isinstance(data, dict):
        raise ReplayError(
            _("{file} is not a Crystal Arcade replay (expected a JSON object)").format(
                file=shown_name(path)
            )
        )
    return data


def open_replay(path: Path, games=None) -> Match:
    """Rebuild the match in ``path`` by replaying its moves through the rules.
    Raises ReplayError whose message names the file and the reason; the file is
    never moved or rewritten."""
    data = read_replay_data(path)
    try:
        return Match.from_replay(data, games)
    except ReplayError as exc:
        raise ReplayError(
            _("{file} cannot be opened: {problem}").format(file=shown_name(path), problem=exc)
        ) from None


# -- the list -------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayInfo:
    """One row of the replay list, read from the file's summary (no moves replayed,
    so a long list comes up at once; the thumbnail is drawn later, row by row)."""

    path: Path
    name: str  # the file name without ".json", cleaned to show (rename changes the path)
    game: str  # game id, "" when unknown
    title: str  # the game's title
    seats: tuple[str, ...]
    result: str
    played_at: float  # when the game started (file time for old files)
    moves: int
    recent: bool  # kept automatically rather than saved by the player
    problem: str | None = None  # why it cannot be opened, when that is plain already

    @property
    def date_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.played_at))


def _seat_labels(spec, players: int, seats: Any) -> tuple[str, ...]:
    names = (
        spec.seat_names(players)
        if spec is not None
        else tuple(f"Player {i + 1}" for i in range(players))
    )
    out = []
    for i, name in enumerate(names):
        raw = seats[i] if isinstance(seats, list) and i < len(seats) else None
        try:
            seat = Seat.from_json(raw) if isinstance(raw, dict) else Seat.person()
        except ReplayError:
            seat = Seat.person()
        out.append(seat.label(name))
    return tuple(out)


def summarise(path: Path, recent: bool, games=None) -> ReplayInfo:
    """One row of the list, read from this file alone: a file that cannot be read
    (or whose summary cannot be made) is a row saying so, never an exception that
    would hide the other rows."""
    try:
        return _summarise(path, recent, games)
    except ReplayError as exc:
        problem = str(exc)
    except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError, OSError):
        problem = _("it is damaged")

    try:
        mtime = path.stat().st_mtime
    except (OSError, ValueError):
        mtime = 0.0
    name = shown_name(path, stem=True)
    return ReplayInfo(path, name, "", "Damaged file", (), "", mtime, 0, recent, problem)


def _summarise(path: Path, recent: bool, games=None) -> ReplayInfo:
    if games is None:
        from game.registry import GAMES as games
    name = shown_name(path, stem=True)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    data = read_replay_data(path)
    check_replay_schema(data)  # ReplayError in the words opening it would use
    game = data.get("game")
    spec = games.get(game) if isinstance(game, str) else None
    problem = None
    fmt = data.get("format")
    if spec is None:
        problem = _game_problem(game)
    elif not isinstance(fmt, int):
        problem = _("the file has no replay format number")
    elif fmt > _format():
        problem = _("written by a newer Crystal Arcade (format {fmt})").format(fmt=fmt)
    moves = data.get("moves")
    n_moves = len(moves) if isinstance(moves, list) else 0
    try:
        players = int(data.get("players") or (spec.default_players if spec else 2))
    except (TypeError, ValueError):
        players = 2
    players = max(1, min(players, 16))
    seats = _seat_labels(spec, players, data.get("seats"))
    outcome = data.get("outcome")
    if isinstance(outcome, dict) and isinstance(outcome.get("reason"), str):
        result = clean(outcome["reason"], 120)  # a caption from a file, cleaned where it enters
    else:
        result = _("Not finished")

    started = data.get("started_at")
    played_at = float(started) if isinstance(started, (int, float)) and started > 0 else mtime
    title = spec.title if spec is not None else "Unknown game"
    return ReplayInfo(
        path,
        name,
        game if isinstance(game, str) and spec else "",
        title,
        seats,
        result,
        played_at,
        n_moves,
        recent,
        problem,
    )


def _format() -> int:
    from game.midend.match import REPLAY_FORMAT

    return REPLAY_FORMAT


def _listed(folder: Path) -> list[Path]:
    try:
        # Anything but a folder is listed (a FIFO or a link to a device too): it is
        # then a row that says it cannot be opened, and can be deleted.
        files = [p for p in folder.iterdir() if p.suffix == ".json" and not p.is_dir()]
    except OSError:
        return []
    return [p for p in files if not any(mark in p.name for mark in SET_ASIDE_MARKS)]


def list_replays(paths: Paths, games=None) -> list[ReplayInfo]:
    """Saved replays and kept finished games, newest first."""
    rows = [summarise(p, False, games) for p in _listed(paths.replays)]
    rows += [summarise(p, True, games) for p in _listed(recent_folder(paths))]
    rows.sort(key=lambda r: (-r.played_at, r.name))
    return rows


# -- keeping, renaming, deleting -------------------------------------------------------


def keep_recent(match: Match, paths: Paths, keep: int = RECENT_KEEP) -> Path | None:
    """Keep a finished game in ``replays/recent`` and drop the oldest beyond ``keep``.
    Returns the file written (None for a game with no moves).  SaveError when the
    folder cannot be written."""
    if not match.entries:
        return None
    folder = recent_folder(paths)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(match.started_at))
    path = folder / f"{match.setup.game}-{stamp}.json"
    n = 1
    while path.exists():
        path = folder / f"{match.setup.game}-{stamp}-{n}.json"
        n += 1
    write_json_atomic(path, match.to_replay())
    prune_recent(paths, keep)
    return path


def prune_recent(paths: Paths, keep: int = RECENT_KEEP) -> list[Path]:
    """Remove the oldest kept games beyond ``keep``.  These were never saved by the
    player (a saved one lives in ``replays/``), so they are removed, not set aside."""
    files = _listed(recent_folder(paths))

    def age(p: Path) -> tuple[float, str]:
        try:
            return (p.stat().st_mtime, p.name)
        except OSError:
            return (0.0, p.name)

    files.sort(key=age)
    dropped = files[: max(0, len(files) - keep)]
    for p in dropped:
        try:
            p.unlink()
        except OSError:
            pass
    return dropped


_BAD_NAME = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


def rename_replay(path: Path, new_name: str) -> Path:
    """Rename a replay file (the name shown in the list).  SaveError with a reason a
    player can read when the name is unusable or taken; the file is then unchanged.
    The name is cleaned first (game.text.clean.clean): what can be typed or pasted into the
    box never puts a control, bidi or invisible character in a file name."""
    name = clean(new_name)
    if name.lower().endswith(".json"):
        name = name[:-5].strip()
    if not name:
        raise SaveError(_("a replay needs a name"))
    if _BAD_NAME.search(name) or name in (".", "..") or name.startswith("."):
        raise SaveError(
            _('{name} cannot be a file name (no / \\ : * ? " < > | or leading dot)').format(
                name=quoted(name)
            )
        )
    if len(name) > 80:
        raise SaveError(_("that name is too long (80 characters at most)"))
    if any(mark in name for mark in SET_ASIDE_MARKS):
        raise SaveError(
            _("{name} looks like a set-aside file; choose another name").format(name=quoted(name))
        )
    target = path.with_name(name + ".json")
    if target == path:
        return path
    if target.exists():
        raise SaveError(_("there is already a replay called {name}").format(name=name))
    try:
        os.rename(path, target)
    except OSError as exc:
        raise SaveError(
            _("could not rename {file}: {problem}").format(
                file=shown_name(path), problem=exc.strerror or exc
            )
        ) from None
    return target


def delete_replay(path: Path) -> Path:
    """Move a replay aside (``name.deleted-<time>.json``) rather than erase it.
    Returns where it went; SaveError when it could not be moved."""
    aside = set_aside(path, "deleted")
    if aside is None:
        raise SaveError(_("could not move {file} aside").format(file=shown_name(path)))
    return aside


# -- the timeline ----------------------------------------------------------------------


@dataclass
class Timeline:
    """Positions 0..n of a finished (or abandoned) match and a cursor on them.

    Position ``k`` is the state after ``k`` actions.  A *turn* starts where the seat
    to act changes or a new round begins (three shifts by one seat are one turn; an
    Element Shift round is one plan per seat).  A *round* starts where the engine's
    round number changes."""

    seats: tuple[int, ...]  # who made action i
    rounds: tuple[int, ...]  # round number of position k (k = 0..n)
    cursor: int = 0

    @staticmethod
    def of(match: Match) -> "Timeline":
        return Timeline(
            tuple(e.seat for e in match.entries), tuple(s.round_number for s in match.states)
        )

    @property
    def last(self) -> int:
        return len(self.seats)

    def go(self, k: int) -> int:
        self.cursor = max(0, min(self.last, int(k)))
        return self.cursor

    def step(self, d: int) -> int:
        return self.go(self.cursor + d)

    def turn_starts(self) -> list[int]:
        """Positions at which a turn begins (always 0 and the end)."""
        out = [0]
        for i in range(1, self.last):
            if self.seats[i] != self.seats[i - 1] or self.rounds[i] != self.rounds[i - 1]:
                out.append(i)
        if self.last and out[-1] != self.last:
            out.append(self.last)
        return out

    def round_starts(self) -> list[int]:
        out = [0]
        for k in range(1, self.last + 1):
            if self.rounds[k] != self.rounds[k - 1]:
                out.append(k)
        if out[-1] != self.last:
            out.append(self.last)
        return out

    def _jump(self, marks: Sequence[int], d: int) -> int:
        if d > 0:
            later = [k for k in marks if k > self.cursor]
            return self.go(later[0] if later else self.last)
        earlier = [k for k in marks if k < self.cursor]
        return self.go(earlier[-1] if earlier else 0)

    def step_turn(self, d: int) -> int:
        return self._jump(self.turn_starts(), d)

    def step_round(self, d: int) -> int:
        return self._jump(self.round_starts(), d)

    def at_end(self) -> bool:
        return self.cursor >= self.last


def replay_until(match: Match, k: int) -> dict:
    """The replay record of ``match`` cut after ``k`` actions: the start of a game
    taken over from position ``k``."""
    data = match.to_replay()
    k = max(0, min(k, len(match.entries)))
    data["moves"] = data["moves"][:k]
    data["proxies"] = [i for i in data.get("proxies", []) if i < k]
    data["timeouts"] = [i for i in data.get("timeouts", []) if i < k]
    data["finished"] = False
    data["outcome"] = None
    return data


def take_over(match: Match, k: int, seats: Sequence[Seat], games=None) -> Match:
    """A new match that starts from position ``k`` of ``match`` (its history up to
    there, so the log and undo make sense), with ``seats`` deciding from now on."""
    data = replay_until(match, k)
    data["seats"] = [s.to_json() for s in seats]
    fresh = Match.from_replay(data, games)
    fresh.started_at = time.time()  # a new game: it is dated (and kept) as played now
    return fresh


def replay_key(data: Mapping) -> str:
    """A stable key for a replay's content (game id and moves): an analysis cached
    under it stays valid when the file is renamed or moved."""
    import hashlib

    text = json.dumps(
        {
            "game_id": data.get("game_id"),
            "game": data.get("game"),
            "players": data.get("players"),
            "options": data.get("options"),
            "seed": data.get("seed"),
            "moves": data.get("moves"),
            "timeouts": data.get("timeouts"),
        },
        sort_keys=True,
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
