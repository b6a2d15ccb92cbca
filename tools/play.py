#!/usr/bin/env python3
"""Play Crystal Arcade: ``python3 tools/play.py [--help | --fullscreen | --game ID ...]``.

Creates .venv beside the checkout on first use, installs the game into it, then
starts the client with the arguments you gave.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import compile_catalogues, ensure_venv, run

if __name__ == "__main__":
    py = ensure_venv("")
    compile_catalogues(py)
    sys.exit(run(py, ["-m", "scenes.boot", *sys.argv[1:]]))
