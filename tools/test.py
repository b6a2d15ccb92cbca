#!/usr/bin/env python3
"""Run the whole test suite headless: ``python3 tools/test.py [pytest arguments]``.

Creates .venv beside the checkout on first use and installs the game with its test
extra; runs ``ruff check`` (the rules in pyproject.toml), ``ruff format --check`` and
the type checker (``mypy`` over game/ and party/, pyproject.toml [tool.mypy]), then
pytest with SDL_VIDEODRIVER=dummy and SDL_AUDIODRIVER=dummy so no screen or sound
device is needed.

The whole suite runs on every core (pytest-xdist, ``-n <cores> --dist worksteal``).
A small selection runs in this one process, where a worker would cost more to start
than it saves: when the arguments name test files or tests (``tests/test_clock.py``,
``tests/test_ai.py::test_x``), choose by keyword (``-k clock``), or pick the worker
count themselves (``-n 0``, ``-n 4``, ``-p no:xdist``).

``--fast`` runs the edit-test loop's subset: every test not marked ``slow`` (whole-game
screen runs, bot searches, the monkey, the browser; the list is SLOW in
tests/conftest.py), in under a minute on two idle cores.  CI (.ci/run) runs everything.

Examples::

    python3 tools/test.py                       # everything, on every core
    python3 tools/test.py --fast                # the quick subset
    python3 tools/test.py -k clock              # one keyword, in this process
    python3 tools/test.py tests/test_clock.py -x -q
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import compile_catalogues, ensure_venv, run

ROOT = Path(__file__).resolve().parent.parent

# Options whose value is the next argument, so that value is not read as a test path.
_TAKES_VALUE = {
    "-k",
    "-m",
    "-n",
    "-p",
    "-c",
    "-o",
    "-W",
    "--numprocesses",
    "--dist",
    "--maxfail",
    "--durations",
    "--durations-min",
    "--tb",
    "--rootdir",
    "--basetemp",
    "--deselect",
    "--ignore",
    "--ignore-glob",
    "--confcutdir",
    "--junitxml",
    "--log-level",
    "--maxprocesses",
    "--hypothesis-profile",
    "--hypothesis-seed",
}


def cores() -> int:
    """The cores this process may run on (a container's limit, not the host's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def wants_workers(args: list[str]) -> bool:
    """Whether to add ``-n``: not when the caller chose the worker count or asked for a
    small selection (named files or tests, or a keyword)."""
    skip_next = False
    for i, arg in enumerate(args):
        if skip_next:
            skip_next = False
            continue
        name = arg.split("=", 1)[0]
        if name in ("-n", "--numprocesses", "-k") or (
            arg.startswith(("-n", "-k")) and len(arg) > 2
        ):
            return False
        if name == "-p" and i + 1 < len(args) and args[i + 1] == "no:xdist":
            return False
        if arg in ("-pno:xdist", "-p=no:xdist"):
            return False
        if arg in _TAKES_VALUE:
            skip_next = True
            continue
        if arg.startswith("-"):
            continue
        # A positional argument: a directory (``tests``) is still the whole suite; a file
        # or a node id (``tests/test_ai.py::test_x``) is a small selection.
        if not (ROOT / arg.split("::", 1)[0]).is_dir():
            return False
    return True


def pytest_args(argv: list[str]) -> list[str]:
    args = [a for a in argv if a != "--fast"]
    if len(args) != len(argv):
        args = ["-m", "not slow", *args]
    if wants_workers(args) and cores() > 1:
        # worksteal: a worker that finishes early takes queued tests from the other, so
        # one long whole-game run at the end does not leave a core idle.
        args = ["-n", str(cores()), "--dist", "worksteal", *args]
    return args


if __name__ == "__main__":
    py = ensure_venv("test")
    compile_catalogues(py)
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # The house rules run first (the rule set is in pyproject.toml): a stray unused
    # import or an undefined name fails the run like a failing test.
    lint = run(py, ["-m", "ruff", "check", "--quiet", str(ROOT)], env=env)
    if lint:
        print(
            "ruff check found problems (above); fix them, or see pyproject.toml [tool.ruff]",
            file=sys.stderr,
        )
        sys.exit(lint)
    # One layout for every file, so a diff shows what changed and not who typed it.
    # The ruff version is pinned to a minor release in pyproject.toml because the
    # formatter's style may move between minor releases.
    layout = run(py, ["-m", "ruff", "format", "--check", "--quiet", str(ROOT)], env=env)
    if layout:
        print(
            "ruff format --check: the files above are not in the house layout;"
            " run `.venv/bin/python -m ruff format .`",
            file=sys.stderr,
        )
        sys.exit(layout)
    # The annotations are checked: an Optional read without its check, or a value of
    # the wrong type, fails the run before the tests do.
    types = run(py, ["-m", "mypy"], env=env)
    if types:
        print(
            "mypy found type errors (above); fix them, or see pyproject.toml [tool.mypy]",
            file=sys.stderr,
        )
        sys.exit(types)
    sys.exit(run(py, ["-m", "pytest", *pytest_args(sys.argv[1:])], env=env))
