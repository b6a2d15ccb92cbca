"""Which games' tutorials a player has finished: ``learned.json`` beside the settings.

Kept apart from ``Settings`` (whose fields are single toggles and numbers) so the
settings file format does not change.  A damaged file is set aside and reported, and
counts as nothing learned; a failed write is reported, never raised."""

from __future__ import annotations

from game.saves import Paths, SaveError, UnreadableFile, read_json, write_json_atomic

LEARNED_FORMAT = 1


def learned_path(paths: Paths):
    return paths.config / "learned.json"


def learned_games(paths: Paths) -> set[str]:
    try:
        data = read_json(learned_path(paths))
    except UnreadableFile:
        return set()
    if not isinstance(data, dict) or not isinstance(data.get("learned"), list):
        return set()
    return {g for g in data["learned"] if isinstance(g, str)}


def mark_learned(paths: Paths, game_id: str) -> str | None:
    """Record ``game_id`` as learned; returns a message for the screen if it could not be saved."""
    games = learned_games(paths) | {game_id}
    try:
        write_json_atomic(learned_path(paths), {"format": LEARNED_FORMAT, "learned": sorted(games)})
    except SaveError as exc:
        return f"Could not remember the finished tutorial: {exc}"
    return None
