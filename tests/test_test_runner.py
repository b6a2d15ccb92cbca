"""tools/test.py: which runs spread over every core (pytest-xdist) and which stay in one
process, and what ``--fast`` selects."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# tools/test.py by its path: "test" is also the standard library's own test package.
sys.path.insert(0, str(ROOT / "tools"))  # for its "from _bootstrap import ..."
_spec = importlib.util.spec_from_file_location("crystal_test_runner", ROOT / "tools" / "test.py")
runner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(runner)


@pytest.fixture
def four_cores(monkeypatch):
    monkeypatch.setattr(runner, "cores", lambda: 4)


def test_the_whole_suite_runs_on_every_core(four_cores):
    assert runner.pytest_args([]) == ["-n", "4", "--dist", "worksteal"]
    # Output options and a directory are still the whole suite.
    assert runner.pytest_args(["-q", "--durations=15", "tests"])[:2] == ["-n", "4"]
    assert runner.pytest_args(["--durations", "15", "-x"])[:2] == ["-n", "4"]


@pytest.mark.parametrize(
    "args",
    [
        ["-k", "clock"],
        ["-kclock"],
        ["tests/test_clock.py"],
        ["tests/test_clock.py", "-x", "-q"],
        ["tests/test_ai.py::test_worker_survives_a_broken_bot"],
        ["-n", "0"],
        ["-n0"],
        ["--numprocesses=3"],
        ["-p", "no:xdist"],
    ],
)
def test_a_small_selection_or_a_chosen_worker_count_stays_as_asked(four_cores, args):
    out = runner.pytest_args(args)
    assert out == args
    assert "--dist" not in out


def test_a_value_is_not_taken_for_a_test_file(four_cores):
    # "not slow" and "short" are option values, not paths: still the whole suite.
    assert runner.pytest_args(["-m", "not slow", "--tb", "short"])[:2] == ["-n", "4"]


def test_fast_deselects_slow_tests_and_still_uses_every_core(four_cores):
    out = runner.pytest_args(["--fast"])
    assert "--fast" not in out
    assert out[:2] == ["-n", "4"]
    i = out.index("-m")
    assert out[i + 1] == "not slow"
    # With a file named, --fast still deselects but runs in one process.
    assert runner.pytest_args(["--fast", "tests/test_clock.py"]) == [
        "-m",
        "not slow",
        "tests/test_clock.py",
    ]


def test_one_core_runs_in_one_process(monkeypatch):
    monkeypatch.setattr(runner, "cores", lambda: 1)
    assert runner.pytest_args([]) == []


def test_the_slow_marker_is_registered():
    # --fast is "-m 'not slow'": a misspelt marker would silently select everything.
    text = (ROOT / "pyproject.toml").read_text()
    assert '"slow:' in text and "--strict-markers" in text


def test_every_slow_mark_names_a_test_that_exists():
    """A renamed test would quietly leave the slow list (and join --fast): every name in
    tests/conftest.py's SLOW must still be a test function in its module."""
    from tests.conftest import SLOW

    for module, names in SLOW.items():
        source = (ROOT / "tests" / f"{module}.py").read_text(encoding="utf-8")
        for name in names:
            assert name == "*" or f"def {name}(" in source, f"{module}.{name}"


def test_fast_leaves_out_the_slow_tests_and_keeps_the_rest():
    """What `-m "not slow"` collects from a slow module and a quick one."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
        + ["-p", "no:xdist", "-m", "not slow", "tests/test_monkey.py", "tests/test_clock.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    # pyproject's -q and this one: one "file: count" line per module with tests chosen
    files = [line.split(":")[0] for line in out.splitlines() if line.startswith("tests/")]
    assert files == ["tests/test_clock.py"], out
