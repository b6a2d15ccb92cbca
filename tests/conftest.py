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


def _fsync_checked(fd: int) -> None:
    os.fstat(fd)  # a closed or bad descriptor still raises OSError, as fsync would


@pytest.fixture(autouse=True)
def no_disk_flush(monkeypatch):
    """Every autosave and settings write fsyncs; in a scratch home that is thrown away
    the flush to disk proves nothing a test can see and costs tens of milliseconds per
    move on a busy disk (hundreds of moves in a whole-game run).  The write, rename and
    error paths are unchanged; the crash-safety test (test_hardening, killing a real
    process) runs in a child process that keeps the real fsync."""
    monkeypatch.setattr(os, "fsync", _fsync_checked)


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
    # A test sees the screen only after run_ticks returns: the batch's other frames are
    # not drawn (a whole-game run ticks thousands of them).  run_ticks(1) still draws
    # every tick, so a test that looks at each frame does so one tick at a time.
    a.draw_last_tick_only = True
    yield a
    a.shutdown()


# -- what each test costs ------------------------------------------------------------
# CRYSTAL_ARCADE_TEST_CPU=FILE appends "<cpu seconds> <wall seconds> <test id>" per test
# (the process's CPU time, bot threads included).  On a shared machine wall time says
# more about the neighbours than about the test; this is what chose the slow marks.
_CPU_LOG = os.environ.get("CRYSTAL_ARCADE_TEST_CPU")
if _CPU_LOG:
    import time

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item, nextitem):
        cpu, wall = time.process_time(), time.perf_counter()
        yield
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        with open(_CPU_LOG, "a", encoding="utf-8") as fh:
            fh.write(f"{cpu:.2f} {wall:.2f} {item.nodeid}\n")
