#!/usr/bin/env python3
"""Run the whole test suite headless: ``python3 tools/test.py [pytest arguments]``.

Creates .venv beside the checkout on first use and installs the game with its test
extra; runs ``ruff check`` (the rules in pyproject.toml) and ``ruff format --check``,
then pytest with SDL_VIDEODRIVER=dummy and SDL_AUDIODRIVER=dummy so no screen or sound
device is needed.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import ensure_venv, run  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    py = ensure_venv("test")
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
    sys.exit(run(py, ["-m", "pytest", *sys.argv[1:]], env=env))
