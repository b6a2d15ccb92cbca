"""Test-wide set-up: no screen, no sound device, and a scratch home for every file
the client writes (settings, autosaves, logs), so tests never touch the real ones."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# Property and fuzz tests run a modest number of examples in the suite; the "fuzz"
# profile (HYPOTHESIS_PROFILE=fuzz, used by tools/fuzz.py) runs many more.  No
# deadline: a loaded 2-core machine must not turn a slow example into a failure.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("CRYSTAL_ARCADE_FUZZ_EXAMPLES", "3000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


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
