"""Test-wide set-up: no screen, no sound device, and a scratch home for every file
the client writes (settings, autosaves, logs), so tests never touch the real ones."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def scratch_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("CRYSTAL_ARCADE_HOME", str(home))
    return home


@pytest.fixture
def paths(scratch_home):
    from game.saves import user_paths

    return user_paths()


@pytest.fixture
def app(paths):
    """A headless App on the title screen (threads for bots: quick to start in tests)."""
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    from scenes.boot import make_app

    a = make_app(headless=True, paths=paths)
    yield a
    a.shutdown()
