"""Autosave after every move, resume at the next start, replays on request.

The autosave is a replay record (see ``Match.to_replay``) with ``finished`` false;
a finished match removes it.  Loading replays every move through the rules, so a
damaged or tampered file is caught, reported and set aside rather than trusted.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from game.midend.match import Match, ReplayError
from game.storage.saves import (
    Paths,
    SaveError,
    UnreadableFile,
    read_json,
    set_aside,
    write_json_atomic,
)
from game.text.i18n import _

PROFILE_ID = re.compile(r"^p[0-9]{1,6}$")  # game/records/profiles.py's ids


def save(match: Match, paths: Paths) -> str | None:
    """Write the autosave (or remove it when the match is over).  Returns a warning
    for the screen when the data folder cannot be written, else None."""
    given_up = None
    if not getattr(match, "autosave_checked", False):
        match.autosave_checked = True
        given_up = count_replaced(match, paths)
    try:
        if match.is_over():
            clear(paths)
            return None
        record = match.to_replay()
        if match.profiles:
            # Who played as which profile, so a resumed game still counts for them.
            # Only here: a replay file (theatre, saved) names nobody's profile.
            record["profiles"] = {str(s): pid for s, pid in sorted(match.profiles.items())}
        write_json_atomic(paths.autosave, record)
    except SaveError as exc:
        return _("Autosave is off: {problem}").format(problem=exc)
    return given_up


def count_replaced(match: Match, paths: Paths) -> str | None:
    """Before ``match`` first takes the autosave: the unfinished game it replaces is
    given up, so its profile seats count it as Restart would (played and abandoned,
    rating untouched).  Without this, quitting a losing rated game to the title and
    starting another would leave no trace of it.  The game being resumed is the same
    game (same start time) and counts nothing; each game counts once.  A message for
    the screen when the old save or the profiles file could not be used, else None."""
    from game.records import profiles  # (profiles reads the ladder; only needed here, rarely)

    if not paths.autosave.exists():
        return None
    old, problem = load(paths)
    if old is None:
        return problem  # unreadable: load() set it aside and said so; nothing to count
    if profiles.game_key(old) == profiles.game_key(match) or not old.profiles:
        return None
    return profiles.record_restart(old, paths)


def clear(paths: Paths) -> None:
    try:
        paths.autosave.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass


def load(paths: Paths, games=None) -> tuple[Match | None, str | None]:
    """The unfinished match to offer for resuming, and a message when the autosave
    was unusable (it is then set aside, never deleted)."""
    try:
        data = read_json(paths.autosave)
    except UnreadableFile as exc:
        return None, _("The saved game could not be resumed: {problem}").format(problem=exc)
    if data is None:
        return None, None
    try:
        match = Match.from_replay(data, games)
    except ReplayError as exc:
        aside = set_aside(paths.autosave)
        if aside:
            text = _("The saved game could not be resumed: {problem}. It was moved to {aside}.")
        else:
            text = _("The saved game could not be resumed: {problem}.")
        return None, text.format(problem=exc, aside=aside.name if aside else "")

    if match.is_over():
        clear(paths)
        return None, None
    match.profiles = saved_profiles(data.get("profiles"), len(match.seats))
    match.autosave_checked = True  # it is the autosave's own game: nothing to count
    return match, None


def saved_profiles(value, seats: int) -> dict[int, str]:
    """The autosave's seat -> profile id map; anything malformed is dropped (the game
    still resumes, counted for nobody)."""
    if not isinstance(value, dict) or len(value) > seats:
        return {}
    out = {}
    for key, pid in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 2):
            return {}
        if not (isinstance(pid, str) and PROFILE_ID.match(pid)) or int(key) >= seats:
            return {}
        out[int(key)] = pid
    return out


def save_replay(match: Match, paths: Paths) -> Path:
    """Write a replay file named after the game and time; returns its path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = paths.replays / f"{match.setup.game}-{stamp}.json"
    n = 1
    while path.exists():
        path = paths.replays / f"{match.setup.game}-{stamp}-{n}.json"
        n += 1
    write_json_atomic(path, match.to_replay())
    return path


def load_replay(path: Path, games=None) -> Match:
    try:
        data = read_json(path)
    except UnreadableFile as exc:
        raise ReplayError(str(exc)) from None
    if data is None:
        raise ReplayError(_("there is no file {file}").format(file=path))

    return Match.from_replay(data, games)
