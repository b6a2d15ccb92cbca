"""Files the client wrote keep loading: settings, the autosave, replays and profiles
as the 0.1.0 client wrote them (``tests/data/files-0.1.0``, written before game/ was
split into packages) load in full.  They store game ids and move notation, never a
module's path, so moving code does not touch them; this test holds that to be so."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game.registry import GAMES
from game.storage import autosave
from game.storage.saves import Paths

DATA = Path(__file__).resolve().parent / "data" / "files-0.1.0"


def copied(tmp_path) -> Paths:
    shutil.copytree(DATA, tmp_path / "home")
    home = tmp_path / "home"
    return Paths(home / "config", home / "data", home / "logs")


def test_settings_profiles_autosave_and_replays_written_by_0_1_0_load(tmp_path):
    from game.records import profiles
    from scenes.config import Settings

    paths = copied(tmp_path)
    expected = json.loads((DATA / "expected.json").read_text())
    settings, problem = Settings.load(paths)
    assert problem is None
    assert (settings.text_size, settings.language, settings.high_contrast) == (125, "de", True)
    assert (settings.window_width, settings.window_height) == (1100, 650)
    book, problem = profiles.load(paths)
    assert problem is None and book.find("Ada") is not None
    match, problem = autosave.load(paths, GAMES)
    assert problem is None and match is not None
    assert match.spec.id == expected["autosave"]["game"]
    assert len(match.entries) == expected["autosave"]["entries"]
    replays = sorted((paths.data / "replays").glob("*.json"))
    assert len(replays) == len(GAMES)
    for path in replays:
        want = expected[path.name]
        replay = autosave.load_replay(path, GAMES)
        assert replay.spec.id == want["game"]
        assert len(replay.entries) == want["entries"] and replay.is_over()
        assert [round(s, 6) for s in replay.state.scores()] == [round(s, 6) for s in want["scores"]]
