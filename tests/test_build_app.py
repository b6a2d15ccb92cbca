"""The double-click app: built with PyInstaller, it must start and reach the title.

Building takes minutes, so this runs only where PyInstaller is installed (the
``app`` extra: ``pip install '.[app]'`` or ``python3 tools/build_app.py`` once)."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("PyInstaller") is None,
    reason="PyInstaller is not installed (install the 'app' extra to build and smoke-test the app)",
)


def test_built_app_reaches_the_title_headless(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    import build_app

    exe = build_app.build(tmp_path / "dist", tmp_path / "work", sys.executable)
    assert exe.exists()
    if sys.platform.startswith("linux"):
        desktop = (exe.parent / "crystal-arcade.desktop").read_text()
        assert "Exec=" in desktop and str(exe.resolve()) in desktop
    ok, text = build_app.smoke(exe)
    assert ok, text
