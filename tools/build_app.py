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
            "--collect-data",
            "pygame_gui",
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
    if sys.platform.startswith("linux"):
        write_desktop_file(dist / NAME, exe)
    return exe


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
    # Every language's .mo, built fresh from its .po (they are never checked in).
    subprocess.run(
        [py, str(ROOT / "tools" / "i18n.py"), "compile", "--quiet"], check=True, cwd=ROOT
    )
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
