"""Product text says what is; how it came to be is in git and in CHANGELOG.md.

Every tracked ``.py``, ``.md``, ``.txt`` and ``.json`` file but CHANGELOG.md is read
line by line, and a line fails when it tells the story of the project's making:

- a work step by number (``\\bstops? \\d+``), or the word for a step after "before",
  "since", "until" or "after";
- an issue by number (``\\bissues? \\d+``), unless the line also holds a link a reader
  can open (``https://``);
- a dated experiment: "until", "since", "before", "after" or "as of" followed by an
  ISO date, or an ISO date right after an opening parenthesis;
- in Markdown, any ISO date: a figure in the docs names the commit it was measured on,
  which a reader can check out, not the day;
- a module's past size: "moved from the one N-line module";
- a past value in brackets: an opening bracket, then "was", "formerly" or "previously";
- a past habit ("used" followed by "to" on its own), told apart from "is used to",
  "be used to" and the like.

Dates that are data (a profile's creation day in a test, a ladder's measurement date
in seeds/ladder.json) are neither in Markdown nor after those words, so they pass.

The screenshots in docs/ are checked here too: each one is named by some Markdown file
of the project, and no two hold the same bytes.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "docs" / "screenshots"
CHECKED = (".py", ".md", ".txt", ".json")
EXEMPT = {"CHANGELOG.md"}
ISO_DATE = r"20\d\d-\d\d-\d\d"

# (what the line tells, the pattern), every pattern matched case-insensitively.
STORY = [
    ("a work step by number", r"\bstops? \d+"),
    ("a work step", r"\b(before|since|until|after) stop\b"),
    ("an issue by number", r"\bissues? \d+"),
    ("a dated experiment", rf"\b(until|since|before|after|as of) {ISO_DATE}"),
    ("a dated experiment", rf"\({ISO_DATE}\b"),
    ("a module's past size", r"\bmoved from the one [\d,]+-line\b"),
    ("a past value", r"\((was|formerly|previously) "),
    (
        "a story of how it was",
        r"(?<!\bis )(?<!\bbe )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbeen )(?<!\bget )"
        r"\bused to\b",
    ),
]
MARKDOWN_ONLY = [("a day where a commit belongs", rf"\b{ISO_DATE}\b")]
_STORY = [(what, re.compile(p, re.IGNORECASE)) for what, p in STORY]
_MARKDOWN = [(what, re.compile(p)) for what, p in MARKDOWN_ONLY]


def tracked_files() -> list[Path]:
    """The files git tracks (a fresh clone's), or every file outside the virtual
    environment and caches where there is no git."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        names = [n for n in out.decode("utf-8").split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        skip = {".venv", ".git", "build", "dist", "__pycache__", ".pytest_cache"}
        names = [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not skip.intersection(p.relative_to(ROOT).parts)
        ]
    return [ROOT / n for n in sorted(names)]


def story_in(text: str, markdown: bool) -> list[tuple[int, str, str]]:
    """``(line number, what it tells, the line)`` for every line of ``text`` that tells
    the project's history."""
    found = []
    patterns = _STORY + (_MARKDOWN if markdown else [])
    for number, line in enumerate(text.splitlines(), 1):
        for what, pattern in patterns:
            if not pattern.search(line):
                continue
            if what == "an issue by number" and "https://" in line:
                continue
            found.append((number, what, line.strip()))
            break
    return found


def test_no_product_text_tells_its_history():
    problems = []
    for path in tracked_files():
        rel = path.relative_to(ROOT).as_posix()
        if path.suffix not in CHECKED or rel in EXEMPT or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, what, line in story_in(text, markdown=path.suffix == ".md"):
            problems.append(f"{rel}:{number}: {what}: {line[:100]}")
    assert problems == [], "\n".join(problems)


# Built from pieces, so this file's own source holds none of them.
STEP, ISSUE, DAY = "st" + "op", "iss" + "ue", "2026" + "-11-27"
MOVED, USED = "moved" + " from", "used" + " to"


@pytest.mark.parametrize(
    "line",
    [
        f"Ratings from before {STEP} 35 carry no ladder",
        f"decision draws from its own rng, as before {STEP} 40.",
        f"{STEP.title()} 39 (quiet machine): whole analysis 11.9 s",
        f"Hard before {ISSUE} 15 (kept for the bench)",
        f"## Translations ({ISSUE} 27)",
        f"standing still.  Until {DAY} it drew eight",
        f"# Six draws, not three ({DAY}): Hard samples",
        "selection, the cursor): they " + MOVED + " the one 1,500-line module as",
        "Enter renames (the box " + USED + " look focused while Enter did nothing).",
        "    candidates = 24  # its best plans (" + "was" + " 16)",
    ],
)
def test_each_kind_of_story_is_found(line):
    assert story_in(line, markdown=False), line


@pytest.mark.parametrize(
    "line",
    [
        "Software shall not be " + USED + " promote, endorse or advertise any",
        "the font is " + USED + " draw headings",
        f'ps, ada = gp.Profiles().add("Ada", gp.COLOURS[0], "{DAY}")',
        f'   "date": "{DAY}",',
        f"see https://github.com/pygame-community/pygame-ce/issues/1 ({ISSUE} 1)",
        "a plan's stop badge as tall as its numbers",
    ],
)
def test_what_is_passes(line):
    assert story_in(line, markdown=False) == [], line


def test_markdown_names_commits_not_days():
    assert story_in(f"measured on {DAY}, load 3", markdown=True)
    assert story_in("measured on commit 818f572, load 3", markdown=True) == []


def test_the_first_of_the_kinds_matches_a_real_file(tmp_path):
    """The walk reads real files and names file and line."""
    (tmp_path / "x.md").write_text(f"fine\nas before {STEP} 36\n", encoding="utf-8")
    found = story_in((tmp_path / "x.md").read_text(encoding="utf-8"), markdown=True)
    assert [n for n, _what, _line in found] == [2]


def _markdown_texts() -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in tracked_files() if p.suffix == ".md" and p.is_file()
    )


def _screenshots() -> list[Path]:
    return sorted(p for p in SCREENSHOTS.rglob("*") if p.is_file())


def test_every_screenshot_is_shown_somewhere():
    """A picture in docs/screenshots is named, by its path, in the README or a doc
    (``docs/screenshots/x.png`` from the top, ``screenshots/x.png`` from docs/)."""
    texts = _markdown_texts()
    unshown = []
    for path in _screenshots():
        from_top = path.relative_to(ROOT).as_posix()
        from_docs = path.relative_to(ROOT / "docs").as_posix()
        if from_top not in texts and f"({from_docs})" not in texts:
            unshown.append(from_top)
    assert unshown == []


def test_no_two_screenshots_are_the_same_picture():
    seen: dict[str, str] = {}
    copies = []
    for path in _screenshots():
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        rel = path.relative_to(ROOT).as_posix()
        if digest in seen:
            copies.append(f"{rel} is {seen[digest]}")
        else:
            seen[digest] = rel
    assert copies == []
