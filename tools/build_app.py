#!/usr/bin/env python3
"""Build a double-clickable Crystal Arcade for this platform with PyInstaller.

    python3 tools/build_app.py            # -> dist/CrystalArcade/ (one folder)
    python3 tools/build_app.py --smoke    # build, then start it headless to the title

The result is a one-folder app: ``dist/CrystalArcade/CrystalArcade`` (``.exe`` on
Windows, an ``.app`` bundle on macOS) with the assets, rule cards, theme and fonts
inside.  The bot worker's process starts from the frozen executable itself
(multiprocessing's freeze support).  On Linux a ``crystal-arcade.desktop`` launcher
is written next to it; copy it to ``~/.local/share/applications/`` to get a menu
entry.

Only what the client reads is kept (:func:`trim`): Babel's data for the shipped
languages, pygame-gui's Latin and symbols fonts, no test packages or test data; on
Linux the symbols are stripped where that is safe (:func:`strip_symbols`).
``tools/release.py`` packs the folder into the release files.

PyInstaller is installed into the checkout's .venv on first use (the ``app`` extra).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

NAME = "CrystalArcade"
LAUNCHER = """\
import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the bot worker process starts from this binary
    from scenes.boot import main

    sys.exit(main())
"""


def executable(dist: Path) -> Path:
    if sys.platform == "darwin" and (dist / f"{NAME}.app").exists():
        return dist / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return dist / NAME / (NAME + (".exe" if os.name == "nt" else ""))


def build(dist: Path, work: Path, py: str) -> Path:
    sep = ";" if os.name == "nt" else ":"
    with tempfile.TemporaryDirectory() as tmp:
        entry = Path(tmp) / "crystal_arcade_launcher.py"
        entry.write_text(LAUNCHER)
        cmd = [
            py,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--onedir",
            "--name",
            NAME,
            "--distpath",
            str(dist),
            "--workpath",
            str(work),
            "--specpath",
            tmp,
            "--paths",
            str(ROOT),
            # The registry imports games by name and the router (scenes/routes.py) the
            # screens and play views by name, so PyInstaller cannot see them: collect
            # every module of both packages.
            "--collect-submodules",
            "game",
            "--collect-submodules",
            "scenes",
            # pygame-gui's own hook brings its theme, fonts and translations; trim()
            # then keeps only what the client draws.
            "--add-data",
            f"{ROOT / 'assets'}{sep}assets",
            "--add-data",
            f"{ROOT / 'seeds'}{sep}seeds",
            # The translations (compiled just before, see main): game/text/i18n.py finds
            # them beside itself.
            "--add-data",
            f"{ROOT / 'game' / 'locale'}{sep}game/locale",
            "--hidden-import",
            "assets",
            "--hidden-import",
            "seeds",
            # Nothing the client imports needs them; the test extra's packages stay out.
            *[a for m in TEST_ONLY_MODULES + UNUSED_MODULES for a in ("--exclude-module", m)],
        ]
        if sys.platform in ("win32", "darwin"):
            cmd.append("--windowed")  # no console window behind the game
            icon = ROOT / "assets" / "icons" / "icon.png"
            try:
                import PIL  # noqa: F401  (PyInstaller converts the PNG icon with Pillow)

                cmd += ["--icon", str(icon)]
            except ImportError:
                print("Pillow is not installed: the app gets PyInstaller's default icon.")
        cmd.append(str(entry))
        print("Running:", " ".join(cmd[:6]), "...", flush=True)
        subprocess.run(cmd, check=True, cwd=ROOT)
    exe = executable(dist)
    for folder in (dist / NAME, dist / f"{NAME}.app"):  # the .app on macOS
        if folder.is_dir():
            trim(folder)
    if sys.platform.startswith("linux"):
        strip_symbols(dist / NAME)
    if sys.platform.startswith("linux"):
        write_desktop_file(dist / NAME, exe)
    return exe


TEST_ONLY_MODULES = ("pytest", "hypothesis", "selenium", "scipy", "choix", "tkinter")
# Pillow's AVIF support (5 MB of libavif): the client writes PNG and GIF only.
UNUSED_MODULES = ("PIL._avif", "PIL.AvifImagePlugin")
# pygame-gui loads its Latin default font and its symbols font at start; the client
# draws every text in its own Noto fonts (assets/fonts), so the fonts pygame-gui keeps
# for Japanese, Korean, Chinese, Arabic, Hebrew and Georgian are never used.
GUI_FONTS_KEPT = ("NotoSans-", "FiraCode-")
# Data the tests alone read.
SEEDS_TEST_ONLY = ("-golden.json", "-perft.json")


def shipped_languages() -> set[str]:
    """English (the source) and every language with a catalogue under game/locale."""
    found = {"en"}
    for child in (ROOT / "game" / "locale").iterdir():
        if (child / "LC_MESSAGES").is_dir():
            found.add(child.name)
    return found


def trim(folder: Path) -> int:
    """Remove from a built one-folder app what the client never reads: Babel's data
    for every locale but the shipped languages (and "root", which each inherits
    from), pygame-gui's fonts for scripts never drawn, and the tests' seed files.
    Returns the bytes removed."""
    removed = 0
    keep_locales = {"root", *shipped_languages()}

    def drop(path: Path) -> None:
        nonlocal removed
        removed += path.lstat().st_size
        path.unlink()

    for locale_data in folder.rglob("babel/locale-data"):
        for dat in locale_data.glob("*.dat"):
            if dat.stem not in keep_locales:
                drop(dat)
    for gui_data in folder.rglob("pygame_gui/data"):
        for font in [*gui_data.glob("*.ttf"), *gui_data.glob("*.otf")]:
            if not font.name.startswith(GUI_FONTS_KEPT):
                drop(font)
    for seeds in folder.rglob("seeds"):
        for path in seeds.glob("*.json"):
            if path.name.endswith(SEEDS_TEST_ONLY):
                drop(path)
    return removed


def strip_symbols(folder: Path) -> int:
    """Debugging symbols off the shared libraries Python and the pure extension
    modules bring (libpython alone shrinks from 22 MB to 6 MB).  Left as they are: the
    executable (its archive is appended to it) and every library a wheel's auditwheel
    step rewrote (those under ``*.libs`` and the modules that load them): strip
    breaks their page alignment.  PyInstaller's own --strip strips them all.
    Returns the bytes saved."""
    strip = shutil.which("strip")
    readelf = shutil.which("readelf")
    if not strip or not readelf:
        print("strip or readelf (binutils) is not installed: the symbols stay.")
        return 0
    saved = 0
    for path in sorted(folder.rglob("*.so*")):
        if path.is_symlink() or not path.is_file() or path.parent.name.endswith(".libs"):
            continue
        with open(path, "rb") as fh:
            if fh.read(4) != b"\x7fELF":
                continue
        dynamic = subprocess.run([readelf, "-d", str(path)], capture_output=True, text=True)
        if ".libs" in dynamic.stdout:  # its RPATH names a wheel's rewritten libraries
            continue
        before = path.stat().st_size
        subprocess.run([strip, "--strip-unneeded", str(path)], check=True)
        saved += before - path.stat().st_size
    return saved


def folder_size(folder: Path) -> int:
    """Bytes on disk of the files under ``folder`` (each file once, links not followed)."""
    seen, total = set(), 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            st = path.stat()
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                total += st.st_size
    return total


def largest_parts(folder: Path, n: int = 10) -> list[tuple[int, str]]:
    """The ``n`` largest entries directly inside the app's folder and its _internal."""
    inner = folder / "_internal"
    entries = [p for p in folder.iterdir() if p != inner]
    if inner.is_dir():
        entries += list(inner.iterdir())
    sizes = []
    for p in entries:
        if p.is_symlink():
            continue
        size = folder_size(p) if p.is_dir() else p.stat().st_size
        sizes.append((size, str(p.relative_to(folder))))
    return sorted(sizes, reverse=True)[:n]


# What the app is built from: a build whose fingerprint matches these is reused.
SOURCES = ("game", "scenes", "assets", "seeds", "party", "pyproject.toml", "tools/build_app.py")


def fingerprint(py: str) -> str:
    """A hash of every source file the app is built from, and of the interpreter."""
    import hashlib

    h = hashlib.sha256(py.encode())
    for name in SOURCES:
        top = ROOT / name
        files = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in files:
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".mo":
                h.update(str(path.relative_to(ROOT)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()


def compile_catalogues(py: str) -> None:
    """Every language's .mo, built fresh from its .po (they are never checked in)."""
    subprocess.run(
        [py, str(ROOT / "tools" / "i18n.py"), "compile", "--quiet"], check=True, cwd=ROOT
    )


def is_current(dist: Path, py: str) -> bool:
    """Whether ``dist`` holds an app built from the sources as they are now."""
    stamp = dist / f"{NAME}.fingerprint"
    return executable(dist).exists() and stamp.is_file() and stamp.read_text() == fingerprint(py)


def build_cached(dist: Path, work: Path, py: str, reuse: bool = True) -> Path:
    """The app's folder in ``dist``: built, or with ``reuse`` the one already there
    when it was built from the same sources (its fingerprint is kept beside it)."""
    stamp = dist / f"{NAME}.fingerprint"
    if reuse and is_current(dist, py):
        print(f"Reusing {executable(dist)} (built from the same sources)")
        return dist / NAME
    wanted = fingerprint(py)
    stamp.unlink(missing_ok=True)
    compile_catalogues(py)
    build(dist, work, py)
    stamp.write_text(wanted)
    return dist / NAME


def write_desktop_file(folder: Path, exe: Path) -> Path:
    icon = folder / "crystal-arcade.png"
    shutil.copyfile(ROOT / "assets" / "icons" / "icon.png", icon)
    desktop = folder / "crystal-arcade.desktop"
    desktop.write_text(
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Name=Crystal Arcade\n"
        "Comment=Five abstract strategy games with bots\n"
        f'Exec="{exe.resolve()}"\n'
        f"Icon={icon.resolve()}\n"
        "Terminal=false\n"
        "Categories=Game;BoardGame;\n"
    )
    desktop.chmod(0o755)
    return desktop


def smoke(exe: Path, timeout: float = 180) -> tuple[bool, str]:
    """Start the built app headless; it must reach the title and quit cleanly."""
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env["CRYSTAL_ARCADE_HOME"] = tempfile.mkdtemp(prefix="crystal-app-smoke-")
    out = subprocess.run(
        [str(exe), "--headless", "--quit-after-ticks", "30"],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
    text = out.stdout + out.stderr
    ok = out.returncode == 0 and "on the title screen" in text
    return ok, text


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's work folder")
    p.add_argument("--smoke", action="store_true", help="start the built app headless afterwards")
    p.add_argument(
        "--python",
        help="interpreter with the project and PyInstaller installed "
        "(default: the checkout's .venv, set up with the 'app' extra)",
    )
    args = p.parse_args(argv)
    if args.python:
        py = args.python
    else:
        from _bootstrap import ensure_venv

        py = str(ensure_venv("app"))
    compile_catalogues(py)
    exe = build(args.dist, args.work, py)
    print(f"Built {exe}")
    if args.smoke:
        ok, text = smoke(exe)
        print(text.strip())
        print("Smoke run:", "reached the title" if ok else "FAILED")
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
