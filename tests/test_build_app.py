"""The double-click app and its Debian package: built with PyInstaller, the app must
start and reach the title; the .deb must install, start from where it installed, and
go away again without a trace.

Building takes minutes, so this runs only where PyInstaller is installed (the
``app`` extra: ``pip install '.[app]'`` or ``python3 tools/build_app.py`` once), and
the build is reused while the sources it was built from are unchanged: the one
``tools/release.py`` left in ``dist/``, else one kept in pytest's cache
(``.pytest_cache``)."""

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_app  # noqa: E402
import release  # noqa: E402

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("PyInstaller") is None,
    reason="PyInstaller is not installed (install the 'app' extra to build and smoke-test the app)",
)


@pytest.fixture(scope="module")
def app_folder(request) -> Path:
    # tools/release.py's build in dist/, when it is of these sources; else one of our own.
    if build_app.is_current(ROOT / "dist", sys.executable):
        return ROOT / "dist" / build_app.NAME
    cache = Path(request.config.cache.mkdir("crystal-arcade-app"))
    # pytest-xdist may run these tests in several workers: one builds, the others
    # wait for it and reuse its build.
    with open(cache / "lock", "w") as lock:
        try:
            import fcntl

            fcntl.flock(lock, fcntl.LOCK_EX)
        except ImportError:  # Windows: one worker at a time is not enforced
            pass
        return build_app.build_cached(cache / "dist", cache / "work", sys.executable)


def headless_env() -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["CRYSTAL_ARCADE_HOME"] = tempfile.mkdtemp(prefix="crystal-app-test-")
    return env


def test_built_app_reaches_the_title_headless(app_folder):
    exe = build_app.executable(app_folder.parent)
    assert exe.exists()
    if sys.platform.startswith("linux"):
        desktop = (exe.parent / "crystal-arcade.desktop").read_text()
        assert "Exec=" in desktop and str(exe.resolve()) in desktop
    ok, text = build_app.smoke(exe)
    assert ok, text


def test_built_app_speaks_german_and_carries_only_the_shipped_locales(app_folder):
    exe = build_app.executable(app_folder.parent)
    env = headless_env()
    env["LANGUAGE"] = "de"
    out = subprocess.run([str(exe), "--help"], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert "im Fenster starten" in out.stdout  # the German catalogue inside the app
    locales = {p.stem for p in app_folder.rglob("babel/locale-data/*.dat")}
    assert locales == {"root", "en", "de"}
    fonts = {p.name for p in app_folder.rglob("pygame_gui/data/*.[to]tf")}
    assert "NotoSans-Regular.ttf" in fonts and not any("JP" in f or "SC" in f for f in fonts)
    assert not list(app_folder.rglob("*-golden.json"))


needs_dpkg = pytest.mark.skipif(
    not (sys.platform.startswith("linux") and shutil.which("dpkg-deb") and shutil.which("dpkg")),
    reason="dpkg and dpkg-deb are needed to build and install the .deb (Debian, Ubuntu)",
)


def install(deb: Path, root: Path) -> str:
    """Install into a scratch root: a real ``dpkg --root`` with a database of its own
    where this user may (root), else ``dpkg -x`` (unpacking only)."""
    if os.geteuid() == 0:
        db = root / "var" / "lib" / "dpkg"
        for sub in ("info", "updates", "triggers"):
            (db / sub).mkdir(parents=True, exist_ok=True)
        for name in ("status", "available"):
            (db / name).touch()
        out = subprocess.run(
            ["dpkg", f"--root={root}", "--install", str(deb)], capture_output=True, text=True
        )
        assert out.returncode == 0, out.stdout + out.stderr
        return "dpkg --root"
    subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
    return "dpkg -x"


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate is not installed (Debian package desktop-file-utils)",
)
def test_the_menu_entry_passes_desktop_file_validate_and_a_broken_one_does_not(tmp_path):
    # release.validate_desktop passes when the validator is missing, so the .deb test's
    # check means something only where it is installed: here it must be.
    good = tmp_path / "crystal-arcade.desktop"
    good.write_text(release.desktop_entry(), encoding="utf-8")
    assert release.validate_desktop(good) is None
    broken = tmp_path / "broken.desktop"
    broken.write_text(release.desktop_entry().replace("Type=Application", "Type=Gadget"))
    assert release.validate_desktop(broken)


@needs_dpkg
def test_deb_installs_starts_to_the_title_and_removes_cleanly(app_folder, tmp_path):
    ver = release.version()
    # Uncompressed: the same files and scripts as the release's xz, in seconds.
    deb = release.make_deb(app_folder, tmp_path / f"crystal-arcade_{ver}.deb", ver, "none")
    info = subprocess.run(["dpkg-deb", "--field", str(deb)], capture_output=True, text=True)
    assert "Package: crystal-arcade" in info.stdout and f"Version: {ver}" in info.stdout
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True).stdout
    for path in (
        "./opt/crystal-arcade/CrystalArcade",
        "./usr/bin/crystal-arcade",
        "./usr/share/applications/crystal-arcade.desktop",
        "./usr/share/icons/hicolor/256x256/apps/crystal-arcade.png",
    ):
        assert path in listing, path

    root = tmp_path / "root"
    how = install(deb, root)
    desktop = root / "usr/share/applications/crystal-arcade.desktop"
    assert "Exec=crystal-arcade" in desktop.read_text()
    assert release.validate_desktop(desktop) is None
    command = root / "usr/bin/crystal-arcade"
    assert os.access(command, os.X_OK)
    assert "exec /opt/crystal-arcade/CrystalArcade" in command.read_text()
    # The command runs /opt/...; in the scratch root, the same program under root/opt.
    installed = root / "opt/crystal-arcade/CrystalArcade"
    out = subprocess.run(
        [str(installed), "--headless", "--quit-after-ticks", "30"],
        capture_output=True,
        text=True,
        timeout=180,
        env=headless_env(),
    )
    assert out.returncode == 0 and "on the title screen" in out.stdout, out.stdout + out.stderr
    print(f"installed with {how}; {out.stdout.strip()}")

    if how == "dpkg --root":
        out = subprocess.run(
            ["dpkg", f"--root={root}", "--purge", "crystal-arcade"], capture_output=True, text=True
        )
        assert out.returncode == 0, out.stdout + out.stderr
        left = [
            str(p.relative_to(root))
            for p in root.rglob("*")
            if not str(p.relative_to(root)).startswith("var")
        ]
        assert left == [], left
        print("removed with dpkg --purge: nothing left outside the dpkg database")
