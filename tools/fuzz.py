#!/usr/bin/env python3
"""Fuzz every boundary for longer than the suite does, and print what came of it.

    python3 tools/fuzz.py                      # 3,000 examples a property, every boundary
    python3 tools/fuzz.py --examples 20000 --only files,moves
    python3 tools/fuzz.py --timeout 1800       # a boundary still running after this is a hang

The boundaries are the suite's own hostile tests (``tests/test_hostile_<boundary>.py``),
run with the hypothesis profile ``fuzz`` (tests/conftest.py), so the fuzzers and the suite
can never drift apart: what the suite checks in 100 examples, this checks in thousands.
Each boundary runs in its own pytest process with a wall-clock limit: a process that does
not finish is counted as a hang.  The table counts, per boundary, the inputs tried (the
examples hypothesis generated and ran, plus one for each fixed hostile case), the
failures (a crash: anything but the documented refusal, or a lost file: every hostile
test asserts that the file was kept or set aside) and the hangs.  Exits non-zero when any
count but "inputs" is not 0.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import reexec_in_venv  # noqa: E402

reexec_in_venv(("pytest", "hypothesis"))

# "- 100 passing, 0 failing, and 3 invalid test cases" (one line per phase; older
# hypothesis said "100 passing examples, 0 failing examples")
_EXAMPLES = re.compile(r"(\d+) passing(?: examples?)?, (\d+) failing")
_TEST_HEADER = re.compile(r"^(tests/\S+::\S+):\s*$")
_SUMMARY = re.compile(r"(\d+) (passed|failed|error|errors|skipped)")
# pytest's closing line, e.g. "12 passed, 1 skipped in 3.21s" (statistics may follow it)
_CLOSING = re.compile(r"^=*\s*\d+ (passed|failed|error|errors|skipped).* in [\d.]+s")


def boundaries() -> list[str]:
    return sorted(
        p.stem.removeprefix("test_hostile_") for p in ROOT.glob("tests/test_hostile_*.py")
    )


def run_boundary(name: str, examples: int, timeout: float) -> dict:
    env = dict(os.environ)
    env.update(
        HYPOTHESIS_PROFILE="fuzz",
        CRYSTAL_ARCADE_FUZZ_EXAMPLES=str(examples),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        f"tests/test_hostile_{name}.py",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:xdist",
        "--hypothesis-show-statistics",
    ]
    start = time.monotonic()
    try:
        proc = subprocess.run(
            cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
        )
        out, hung = proc.stdout + proc.stderr, False
    except subprocess.TimeoutExpired as exc:
        out = (exc.stdout or b"").decode(errors="replace") if isinstance(exc.stdout, bytes) else ""
        hung = True
    seconds = time.monotonic() - start
    generated: dict[str, int] = {}
    current = None
    for line in out.splitlines():
        header = _TEST_HEADER.match(line.strip())
        if header:
            current = header.group(1)
            generated.setdefault(current, 0)
            continue
        found = _EXAMPLES.search(line)
        if found and current:
            generated[current] += int(found.group(1)) + int(found.group(2))
    counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
    closing = [line for line in out.splitlines() if _CLOSING.match(line.strip())]
    tail = closing[-1] if closing else ""
    for n, word in _SUMMARY.findall(tail):
        counts["error" if word.startswith("error") else word] += int(n)
    tests = counts["passed"] + counts["failed"] + counts["error"]
    fixed_cases = max(0, tests - len(generated))
    return {
        "boundary": name,
        "tests": tests,
        "inputs": sum(generated.values()) + fixed_cases,
        "failures": counts["failed"] + counts["error"],
        "skipped": counts["skipped"],
        "hangs": int(hung),
        "seconds": seconds,
        "output": out,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=3000, help="examples per property")
    parser.add_argument("--only", default="", help="comma-separated boundaries (default: all)")
    parser.add_argument(
        "--timeout", type=float, default=1800, help="seconds a boundary may run (else: a hang)"
    )
    args = parser.parse_args(argv)
    if args.examples < 1:
        parser.error(f"--examples {args.examples}: at least 1")
    if not args.timeout > 0:
        parser.error(f"--timeout {args.timeout}: more than 0 seconds")
    names = [n for n in boundaries() if not args.only or n in args.only.split(",")]
    if not names:
        print("no boundary matches", file=sys.stderr)
        return 2
    rows = []
    for name in names:
        print(f"fuzzing {name} ...", flush=True)
        row = run_boundary(name, args.examples, args.timeout)
        if row["failures"] or row["hangs"]:
            print(row["output"][-4000:])
        rows.append(row)
    print()
    print(
        f"{'boundary':<12}{'tests':>7}{'inputs':>10}{'crashes':>9}{'hangs':>7}{'skipped':>9}{'s':>8}"
    )
    for r in rows:
        print(
            f"{r['boundary']:<12}{r['tests']:>7}{r['inputs']:>10}{r['failures']:>9}"
            f"{r['hangs']:>7}{r['skipped']:>9}{r['seconds']:>8.0f}"
        )
    total = {k: sum(r[k] for r in rows) for k in ("tests", "inputs", "failures", "hangs")}
    print(
        f"{'all':<12}{total['tests']:>7}{total['inputs']:>10}{total['failures']:>9}"
        f"{total['hangs']:>7}"
    )
    return 1 if total["failures"] or total["hangs"] else 0


if __name__ == "__main__":
    sys.exit(main())
