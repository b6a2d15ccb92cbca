"""Which games' tutorials a player has finished: ``learned.json`` beside the settings.

Kept apart from ``Settings`` (whose fields are single toggles and numbers) so the
settings file format does not change.  A damaged file is set aside and reported, and
counts as nothing learned; a failed write is reported, never raised."""

from __future__ import annotations

from game.storage.reading import schema_errors
from game.storage.saves import (
    Paths,
    SaveError,
    UnreadableFile,
    read_json,
    set_aside,
    write_json_atomic,
)
from game.text.i18n import _

LEARNED_FORMAT = 1


def learned_path(paths: Paths):
    return paths.config / "learned.json"


LEARNED_SCHEMA: dict = {
    "type": "object",
    "maxProperties": 200,
    "properties": {
        "format": {"type": "integer"},
        "learned": {"type": "array", "maxItems": 200, "items": {"type": "string", "maxLength": 64}},
    },
}


def _read(paths: Paths) -> dict:
    """The file's table (read and checked through game.storage.reading; a damaged one is set
    aside by read_json), or {} when there is none or it does not fit the schema."""
    try:
        data = read_json(learned_path(paths))
    except UnreadableFile:
        return {}
    if data is None:
        return {}
    if not isinstance(data, dict) or schema_errors(data, LEARNED_SCHEMA):
        set_aside(learned_path(paths))  # kept for the player, never overwritten
        return {}
    return data


def learned_games(paths: Paths) -> set[str]:
    return set(_read(paths).get("learned") or [])


def mark_learned(paths: Paths, game_id: str) -> str | None:
    """Record ``game_id`` as learned; returns a message for the screen if it could not be saved.
    Keys a newer version wrote are kept."""
    data = _read(paths)
    games = set(data.get("learned") or []) | {game_id}
    try:
        write_json_atomic(
            learned_path(paths), {**data, "format": LEARNED_FORMAT, "learned": sorted(games)}
        )
    except SaveError as exc:
        return _("Could not remember the finished tutorial: {reason}").format(reason=exc)
    return None
