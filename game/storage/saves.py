"""Where Crystal Arcade keeps files, and how it writes them without ever losing one.

Settings live in the user config directory, autosaves and replays in the user data
directory, logs in the user log directory (all from platformdirs).  Tests and tools
point everything at a scratch folder with the environment variable
``CRYSTAL_ARCADE_HOME``.

Every write is atomic (write a temporary file beside the target, flush, fsync, then
``os.replace``), so a crash or a killed process leaves either the old file or the new
one, never half of one (the temporary files an interrupted write leaves are removed at
the next start: ``remove_stray_tmp``).  Reading goes through ``game.storage.reading``, the one
way in for every file.  A file that cannot be read is renamed aside
(``name.corrupt-20261122-101500.json``) and reported; it is never deleted.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.storage.reading import MAX_FILE_BYTES, FileProblem, load_json
from game.storage.reading import remove_stray_tmp as _remove_stray_tmp
from game.text.i18n import _

APP_NAME = "CrystalArcade"


@dataclass(frozen=True)
class Paths:
    config: Path
    data: Path
    logs: Path

    @property
    def settings(self) -> Path:
        return self.config / "settings.json"

    @property
    def kiosk(self) -> Path:
        return self.config / "kiosk.json"

    @property
    def autosave(self) -> Path:
        return self.data / "autosave.json"

    @property
    def replays(self) -> Path:
        return self.data / "replays"


def user_paths() -> Paths:
    home = os.environ.get("CRYSTAL_ARCADE_HOME")
    if home:
        root = Path(home)
        return Paths(root / "config", root / "data", root / "logs")
    import platformdirs

    return Paths(
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )


class SaveError(OSError):
    """A file could not be written; the message says where and why."""


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically.  Raises SaveError (with the
    old file untouched) when the folder is not writable or the disk is full.  The text
    ends with a newline, as a text file should: files kept in the project (the ladder
    in ``seeds/``) then diff cleanly."""
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as exc:
        raise SaveError(
            _("could not save {file} in {folder}: {problem}").format(
                file=path.name, folder=path.parent, problem=exc.strerror or exc
            )
        ) from None


class UnreadableFile(ValueError):
    """A file exists but is not usable; ``aside`` is where it was moved (or None)."""

    def __init__(self, message: str, aside: Path | None):
        super().__init__(message)
        self.aside = aside


def read_json(path: Path) -> Any:
    """The JSON in ``path``, or None when there is no such file.  Raises
    UnreadableFile (after moving the file aside) when it is not a regular file, too
    large, empty, not UTF-8, not JSON, nested too deeply or holds a number out of
    range: the checks of ``game.storage.reading``, the one way in for every file."""
    try:
        return load_json(path, MAX_FILE_BYTES)
    except FileProblem as exc:
        aside = set_aside(path)
        if aside:
            text = _("{file} could not be used: {problem}; it was moved to {aside}")
        else:
            text = _("{file} could not be used: {problem}")
        raise UnreadableFile(
            text.format(file=path.name, problem=exc, aside=aside.name if aside else ""), aside
        ) from None


def stray_folders(paths: Paths) -> list[Path]:
    """Every folder write_json_atomic writes into (for remove_stray_tmp at start)."""
    return [
        paths.config,
        paths.data,
        paths.replays,
        paths.replays / "recent",
        paths.data / "analysis",
    ]


def remove_stray_tmp(paths: Paths, now: float | None = None) -> list[Path]:
    """Remove what interrupted atomic writes left in the app's folders (see
    ``game.storage.reading.remove_stray_tmp``: only the writer's own names, older than a minute)."""
    return _remove_stray_tmp(stray_folders(paths), now)


def set_aside(path: Path, label: str = "corrupt") -> Path | None:
    """Rename an unusable file out of the way, keeping it for the player to inspect.
    ``label`` says why (a replay deleted from the list is set aside as "deleted")."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):  # a link set aside before it (to nothing) counts too
        target = path.with_name(f"{path.stem}.{label}-{stamp}-{n}{path.suffix}")
        n += 1
    try:
        os.replace(path, target)
        return target
    except OSError:
        return None
