#!/usr/bin/env python3
"""Make the release files for this platform from a checkout.

    python3 tools/release.py                # everything into dist/
    python3 tools/release.py --reuse        # keep a dist/CrystalArcade built from the same sources
    python3 tools/release.py --only python  # just the wheel and the sdist

On Linux the files are:

- ``crystal-arcade-<version>-linux-<machine>.tar.gz``: the one-folder app
  (``tools/build_app.py``); unpack it anywhere and start ``CrystalArcade/CrystalArcade``.
- ``crystal-arcade_<version>_<arch>.deb``: the same app under ``/opt/crystal-arcade``,
  a ``crystal-arcade`` command in ``/usr/bin``, a menu entry and its icon; ``apt remove
  crystal-arcade`` takes every file away again.
- ``crystal_arcade-<version>-py3-none-any.whl`` and ``crystal_arcade-<version>.tar.gz``
  (``python -m build``): for ``pipx install`` or pip, with the compiled catalogues, the
  rule cards, the assets and the phone page inside.

On Windows and macOS the app is zipped (``-windows-<machine>.zip``, ``-macos-<machine>.zip``)
and on macOS the ``.app`` is put in a ``.dmg`` (``hdiutil``); the workflow
``.github/workflows/release.yml`` runs this there.  The version is pyproject.toml's.
The sizes of what was made, and the app's ten largest parts, are printed at the end.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_app  # noqa: E402

PACKAGE = "crystal-arcade"
INSTALL_DIR = f"/opt/{PACKAGE}"
SUMMARY = "Five abstract strategy games with bots, party play on phones and a kiosk mode"


def version() -> str:
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import re

        text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
        return re.search(r'^version\s*=\s*"([^"]+)"', text, re.M).group(1)
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def machine() -> str:
    m = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "arm64", "aarch64": "aarch64"}.get(m, m)


def deb_arch() -> str:
    try:
        out = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except OSError:
        pass
    return {"x86_64": "amd64", "aarch64": "arm64"}.get(machine(), machine())


# -- the app as an archive ------------------------------------------------------------
def make_tarball(app: Path, out: Path) -> Path:
    with tarfile.open(out, "w:gz", compresslevel=6) as tar:
        tar.add(app, arcname=app.name)
    return out


def make_zip(folder: Path, out: Path) -> Path:
    """A zip that keeps symlinks and the executable bit (a macOS .app holds both):
    ``ditto`` on macOS, Python's zipfile elsewhere."""
    if sys.platform == "darwin":
        subprocess.run(
            ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(folder), str(out)],
            check=True,
        )
        return out
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(folder.rglob("*")):
            zf.write(path, Path(folder.name) / path.relative_to(folder))
    return out


def make_dmg(app_bundle: Path, out: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / "Crystal Arcade"
        stage.mkdir()
        shutil.copytree(app_bundle, stage / app_bundle.name, symlinks=True)
        os.symlink("/Applications", stage / "Applications")  # drag the app onto it
        subprocess.run(
            ["hdiutil", "create", "-volname", "Crystal Arcade", "-srcfolder", str(stage)]
            + ["-ov", "-format", "UDZO", str(out)],
            check=True,
        )
    return out


# -- the Debian package ---------------------------------------------------------------
DESKTOP = """\
[Desktop Entry]
Type=Application
Name=Crystal Arcade
Comment={summary}
Exec={package}
Icon={package}
Terminal=false
Categories=Game;BoardGame;
Keywords=board;strategy;bots;party;
"""

WRAPPER = """\
#!/bin/sh
exec {install_dir}/{name} "$@"
"""

CONTROL = """\
Package: {package}
Version: {version}
Section: games
Priority: optional
Architecture: {arch}
Maintainer: Crystal Arcade <crystal-arcade@users.noreply.github.com>
Installed-Size: {installed_kb}
Description: {summary}
 Crystal Connector, Chromatic Collapse, Element Shift, Crystal Formation and
 Color Crossroads in one arcade-style client: against bots at four levels, with
 friends at one screen, or with a party on their phones.  The program and
 everything it needs are under {install_dir}; no Python is needed.
"""


def desktop_entry() -> str:
    return DESKTOP.format(summary=SUMMARY, package=PACKAGE)


def validate_desktop(path: Path) -> str | None:
    """desktop-file-validate's complaints, or None when it passes (or is not installed)."""
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return None
    out = subprocess.run([tool, str(path)], capture_output=True, text=True)
    text = (out.stdout + out.stderr).strip()
    return text if out.returncode != 0 or text else None


def make_deb(app: Path, out: Path, ver: str, compression: str = "xz") -> Path:
    """``app`` (the one-folder build) as a .deb: the folder under /opt, a command, a
    menu entry and an icon.  Every file is the package's own, so removing the
    package removes them all; the menu and icon caches are refreshed by the
    triggers of desktop-file-utils and hicolor-icon-theme where they are installed.
    ``compression`` is dpkg-deb's: xz for the release, none for a quick check."""
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / "pkg"
        opt = stage / INSTALL_DIR.lstrip("/")
        shutil.copytree(app, opt, symlinks=True)
        for extra in ("crystal-arcade.desktop", "crystal-arcade.png"):
            (opt / extra).unlink(missing_ok=True)  # the unpacked archive's launcher
        bindir = stage / "usr" / "bin"
        bindir.mkdir(parents=True)
        wrapper = bindir / PACKAGE
        wrapper.write_text(WRAPPER.format(install_dir=INSTALL_DIR, name=build_app.NAME))
        wrapper.chmod(0o755)
        apps = stage / "usr" / "share" / "applications"
        apps.mkdir(parents=True)
        desktop = apps / f"{PACKAGE}.desktop"
        desktop.write_text(desktop_entry())
        problem = validate_desktop(desktop)
        if problem:
            raise SystemExit(f"desktop-file-validate: {problem}")
        icons = stage / "usr" / "share" / "icons" / "hicolor" / "256x256" / "apps"
        icons.mkdir(parents=True)
        shutil.copyfile(ROOT / "assets" / "icons" / "icon.png", icons / f"{PACKAGE}.png")
        doc = stage / "usr" / "share" / "doc" / PACKAGE
        doc.mkdir(parents=True)
        (doc / "copyright").write_text(
            "Crystal Arcade is released under the MIT licence, below.\n"
            "The fonts under assets/fonts are under the SIL Open Font Licence"
            " (the licence files are beside them).\n\n" + (ROOT / "LICENSE").read_text()
        )
        for path in [stage, *stage.rglob("*")]:
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        debian = stage / "DEBIAN"
        debian.mkdir()
        installed_kb = (build_app.folder_size(stage) + 1023) // 1024
        (debian / "control").write_text(
            CONTROL.format(
                package=PACKAGE,
                version=ver,
                arch=deb_arch(),
                installed_kb=installed_kb,
                summary=SUMMARY,
                install_dir=INSTALL_DIR,
            )
        )
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", f"-Z{compression}", "--build", str(stage), str(out)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return out


# -- the wheel and the sdist ----------------------------------------------------------
def make_python_packages(out_dir: Path, py: str, isolated: bool = True) -> list[Path]:
    """``python -m build``: the sdist, then the wheel built from it.  The catalogues are
    compiled first (they are never checked in, and package-data carries the .mo)."""
    subprocess.run([py, str(ROOT / "tools" / "i18n.py"), "compile", "--quiet"], check=True)
    before = set(out_dir.glob("*")) if out_dir.exists() else set()
    cmd = [py, "-m", "build", "--outdir", str(out_dir)]
    if not isolated:
        cmd.append("--no-isolation")
    subprocess.run(cmd, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    made = sorted(set(out_dir.glob("*")) - before)
    return made or sorted(out_dir.glob("crystal_arcade-*"))


def human(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    p.add_argument("--only", choices=("app", "python"), help="only the app's files, or the wheel")
    p.add_argument(
        "--reuse",
        action="store_true",
        help="reuse dist/CrystalArcade when it was built from the same sources",
    )
    p.add_argument("--python", help="interpreter with the project, PyInstaller and build")
    args = p.parse_args(argv)
    if args.python:
        py = args.python
    else:
        from _bootstrap import ensure_venv

        py = str(ensure_venv("test,app"))
    dist = args.dist.resolve()
    dist.mkdir(parents=True, exist_ok=True)
    ver = version()
    made: list[Path] = []
    app = None
    if args.only != "python":
        app = build_app.build_cached(dist, ROOT / "build", py, reuse=args.reuse)
        name = f"{PACKAGE}-{ver}"
        if sys.platform.startswith("linux"):
            made.append(make_tarball(app, dist / f"{name}-linux-{machine()}.tar.gz"))
            if shutil.which("dpkg-deb"):
                made.append(make_deb(app, dist / f"{PACKAGE}_{ver}_{deb_arch()}.deb", ver))
            else:
                print("dpkg-deb is not installed: no .deb made.")
        elif sys.platform == "darwin":
            bundle = dist / f"{build_app.NAME}.app"
            made.append(make_zip(bundle, dist / f"{name}-macos-{machine()}.zip"))
            made.append(make_dmg(bundle, dist / f"{name}-macos-{machine()}.dmg"))
        else:
            made.append(make_zip(app, dist / f"{name}-windows-{machine()}.zip"))
    if args.only != "app":
        made += make_python_packages(dist, py)
    print()
    if app is not None:
        print(f"{app}: {human(build_app.folder_size(app))} on disk; the largest parts:")
        for size, part in build_app.largest_parts(app):
            print(f"  {human(size):>9}  {part}")
    for path in made:
        print(f"{path.name}: {human(path.stat().st_size)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
