"""Set up (once) and use the checkout's own virtual environment.

``tools/play.py`` and ``tools/test.py`` call :func:`ensure_venv`, which creates
``.venv`` beside the checkout when there is none, installs the project into it
(editable, so a code change needs no reinstall) and records a stamp of what was
installed.  A later run whose pyproject.toml and extras are unchanged skips pip
entirely, so the game starts at once.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / ".crystal-arcade-installed"


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def _fingerprint(extras: str) -> str:
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    h.update(extras.encode())
    h.update(sys.version.encode())
    return h.hexdigest()


def ensure_venv(extras: str = "") -> Path:
    """Return the venv's python, creating and installing into it when needed.
    ``extras`` is e.g. "test"; an environment installed with the test extra also
    serves play.py (the stamp lists every extra installed)."""
    if sys.version_info < (3, 10):
        sys.exit(f"Crystal Arcade needs Python 3.10 or newer; this is {sys.version.split()[0]}.")
    py = venv_python()
    wanted = _fingerprint(extras)
    installed = STAMP.read_text().split() if STAMP.exists() else []
    # An environment installed with the test extra holds everything play needs too.
    enough = {wanted} | ({_fingerprint("test")} if not extras else set())
    if py.exists() and enough & set(installed):
        return py
    if not py.exists():
        print("Creating a virtual environment in .venv ...", flush=True)
        try:
            venv.EnvBuilder(with_pip=True, clear=False).create(VENV)
        except (OSError, subprocess.CalledProcessError) as exc:
            sys.exit(
                f"Could not create a virtual environment in {VENV}: {exc}\n"
                "On Debian or Ubuntu install the venv module first: sudo apt install python3-venv"
            )
    target = f".[{extras}]" if extras else "."
    print(f"Installing Crystal Arcade and its packages into .venv ({target}) ...", flush=True)
    cmd = [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", target]
    result = subprocess.run(cmd, cwd=ROOT)
    if result.returncode != 0:
        sys.exit("Installing the packages failed (see pip's message above).")
    keep = [f for f in installed if f != wanted][-4:]
    STAMP.write_text("\n".join(keep + [wanted]) + "\n")
    return py


LOCALE = ROOT / "game" / "locale"


def catalogues_stale() -> bool:
    """A language whose compiled catalogue (.mo) is missing or older than one of its
    sources (its .po and the parts parallel branches write).  Standard library only,
    so the check costs nothing on a start where all is built."""
    if not LOCALE.is_dir():
        return False
    for lang in LOCALE.iterdir():
        po = lang / "LC_MESSAGES" / "crystal_arcade.po"
        sources = [p for p in [po, *sorted((lang / "parts").glob("*.po"))] if p.is_file()]
        if not sources:
            continue
        mo = po.with_suffix(".mo")
        try:
            built = mo.stat().st_mtime
        except OSError:
            return True
        if any(p.stat().st_mtime > built for p in sources):
            return True
    return False


def compile_catalogues(py: Path) -> None:
    """Build the .mo files the game loads when a .po changed (they are never checked
    in): quiet, and no process at all when they are up to date."""
    if not catalogues_stale():
        return
    code = subprocess.call(
        [str(py), str(ROOT / "tools" / "i18n.py"), "compile", "--if-stale", "--quiet"], cwd=ROOT
    )
    if code != 0:
        print("Compiling the translations failed (above); the game shows English.", flush=True)


def run(py: Path, args: list[str], env: dict | None = None) -> int:
    """Run the venv's python with ``args``, passing Ctrl+C through quietly."""
    try:
        return subprocess.call([str(py), *args], cwd=ROOT, env=env)
    except KeyboardInterrupt:
        return 130


def reexec_in_venv(modules: tuple[str, ...] = ("numpy", "pygame")) -> None:
    """Run the calling tool under the checkout's .venv when this interpreter lacks
    the project's packages (so ``python3 tools/bench.py`` works like the venv's
    python).  Exits with a clear message when there is no .venv yet."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        for name in modules:
            __import__(name)
        return
    except ImportError:
        pass
    py = venv_python()
    # Compare unresolved paths: a venv's python is a symlink to the system one.
    if (
        py.exists()
        and os.path.abspath(sys.executable) != str(py)
        and not os.environ.get("CRYSTAL_ARCADE_TOOL_REEXEC")
    ):
        os.environ["CRYSTAL_ARCADE_TOOL_REEXEC"] = "1"
        args = [str(py), os.path.abspath(sys.argv[0]), *sys.argv[1:]]
        if os.name == "nt":  # exec on Windows does not replace the process
            sys.exit(subprocess.call(args))
        os.execv(str(py), args)
    sys.exit(
        f"{Path(sys.argv[0]).name} needs the project's packages: run python3 tools/test.py "
        "(or tools/play.py) once to create .venv, or use .venv's python."
    )


def headless_tool() -> None:
    """The start of a tool that draws without a window (bench, soak, screenshot): run
    under .venv (see above), import the checkout's own packages, SDL's dummy drivers."""
    reexec_in_venv()
    sys.path.insert(0, str(ROOT))
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
