"""Sizes a maintainer leans on: every module under scenes/ stays under 900 lines (a
bigger screen is a package whose docstring says where each part goes), and each
reference doc stays short enough to read whole (at most 300 lines: what is, with the
command that measures it; a measurement log belongs nowhere in docs/, and what changed
for players goes in CHANGELOG.md)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENE_LINES = 900
DOC_LINES = 300
REFERENCE_DOCS = ("bots.md", "performance.md", "reliability.md", "architecture.md")


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_every_scenes_module_is_under_900_lines():
    long = {
        p.relative_to(ROOT).as_posix(): lines_of(p)
        for p in sorted((ROOT / "scenes").rglob("*.py"))
        if lines_of(p) >= SCENE_LINES
    }
    assert long == {}


def test_each_reference_doc_is_at_most_300_lines():
    long = {
        name: lines_of(ROOT / "docs" / name)
        for name in REFERENCE_DOCS
        if lines_of(ROOT / "docs" / name) > DOC_LINES
    }
    assert long == {}
