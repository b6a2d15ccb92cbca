"""The wheel and the sdist (``python -m build``): what pip installs must hold every
module, the compiled catalogues, the rule cards, the assets and the phone page, and
start to the title from a fresh virtual environment."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import release  # noqa: E402

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("build") is None,
    reason="the 'build' package is not installed (it is in the test extra)",
)

PACKAGES = ("game", "scenes", "assets", "seeds", "party")
TEST_ONLY = ("-golden.json", "-perft.json")


def tracked(folder: str) -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return out.stdout.split()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    made = release.make_python_packages(out, sys.executable)
    return {p.suffix if p.suffix == ".whl" else ".tar.gz": p for p in made}


def test_wheel_carries_modules_catalogues_rule_cards_assets_and_the_phone_page(built):
    names = set(zipfile.ZipFile(built[".whl"]).namelist())
    wanted = set()
    for package in PACKAGES:
        for path in tracked(package):
            if path.endswith((".po", ".pot")) or "/parts/" in path:
                continue  # translation sources: the compiled .mo ships
            if path.endswith(TEST_ONLY):
                assert path not in names, f"{path} is for the tests alone"
                continue
            wanted.add(path)
    for po in (ROOT / "game" / "locale").glob("*/LC_MESSAGES/crystal_arcade.po"):
        wanted.add(str(po.with_suffix(".mo").relative_to(ROOT)))
    missing = sorted(wanted - names)
    assert not missing, missing
    assert "seeds/element-shift.de.md" in names and "party/static/index.html" in names
    assert not any(n.startswith("tests/") for n in names)
    info = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    entry_points = zipfile.ZipFile(built[".whl"]).read(info).decode()
    assert "crystal-arcade = scenes.boot:main" in entry_points
    # The licence travels as an SPDX expression with its text (core metadata 2.4).
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    headers = zipfile.ZipFile(built[".whl"]).read(metadata).decode().split("\n\n")[0]
    assert "License-Expression: MIT" in headers.splitlines()
    assert "License-File: LICENSE" in headers.splitlines()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_sdist_carries_the_compiled_catalogues(built):
    import tarfile

    with tarfile.open(built[".tar.gz"]) as tar:
        names = tar.getnames()
    assert any(n.endswith("game/locale/de/LC_MESSAGES/crystal_arcade.mo") for n in names)
    assert any(n.endswith("party/static/app.js") for n in names)


def test_wheel_in_a_fresh_venv_starts_to_the_title_in_german_and_as_a_kiosk(built, tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    pip = subprocess.run(
        [str(bindir / "python"), "-m", "pip", "install", "-q", str(built[".whl"])],
        capture_output=True,
        text=True,
    )
    if pip.returncode != 0:
        pytest.skip(f"pip could not install the wheel's dependencies here: {pip.stderr[-500:]}")
    command = bindir / "crystal-arcade"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LANGUAGE="de")
    env["CRYSTAL_ARCADE_HOME"] = tempfile.mkdtemp(prefix="crystal-wheel-")
    out = subprocess.run([str(command), "--help"], capture_output=True, text=True, env=env)
    assert "im Fenster starten" in out.stdout, out.stdout + out.stderr
    for extra in ([], ["--kiosk"]):
        out = subprocess.run(
            [str(command), "--headless", "--quit-after-ticks", "30", *extra],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,  # not the checkout: the installed package only
            timeout=180,
        )
        assert out.returncode == 0, out.stdout + out.stderr
        assert "screen" in out.stdout, out.stdout
