"""The shipped catalogues as the game loads them, compiled into a scratch folder by
tools/i18n.py's own code (main .po, then any parts), so a test never reads a stale
or missing .mo and never depends on which parts are still unfolded."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@cache
def tool():
    # Loaded by path: tools/ on sys.path would shadow pygame-gui's own ``i18n`` package.
    spec = importlib.util.spec_from_file_location("crystal_i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled(folder: Path, lang: str = "de") -> Path:
    """``lang``'s catalogue compiled into ``folder`` (a locale dir); returns ``folder``."""
    assert tool().compile_language(lang, folder) > 0, f"no {lang} messages"
    return folder


def catalogue(lang: str = "de"):
    """``lang``'s merged Babel catalogue (main .po, then parts)."""
    return tool().merged(lang)[0]
