#!/usr/bin/env python3
"""The real client in a real X window: an X server, a window manager, the program a
player starts, input sent as a person would send it, and the window's own pixels.

    python3 tools/xwindow.py shot out.png --screen 1024x600          # the title as shown
    python3 tools/xwindow.py shot out.png --screen 1080x1920 --keys Return --wait 2
    python3 tools/xwindow.py cpu --screen 1366x768 --seconds 20       # CPU and memory
    python3 tools/xwindow.py shot out.png -- --game crystal-connector  # client arguments

Used by the real-window tests (``tests/test_real_window.py``), ``tools/screenshot.py
--real-window`` and ``tools/bench.py``'s CPU block.  The pieces:

- :class:`XScreen`: Debian's ``Xvfb`` on a free display number (``-displayfd``), and
  ``openbox`` on it, so windows get a frame and a title bar as on a desktop.  Software
  rendering only, like a computer without a graphics card: a fair worst case.
- :class:`Client`: ``python -m scenes.boot`` (the command ``tools/play.py`` runs) with
  its own home folder, so settings, saves and profiles start empty or as a test writes
  them.  Its window is found by its title; input goes through ``xdotool`` (the XTEST
  extension: the same path a real keyboard and mouse take, not events posted to the
  app); ``capture`` reads the window's pixels with ImageMagick's ``import``.
  ``cpu_percent`` and ``rss_mb`` read ``/proc`` for the client and its bot worker.

Where a program is missing, :func:`missing` names it, so a test can skip and say why.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ("Xvfb", "openbox", "xdotool", "xwininfo", "xprop", "import")
TITLE = "Crystal Arcade"


def missing() -> list[str]:
    """The programs this harness needs that are not installed (Debian packages xvfb,
    openbox, xdotool, x11-utils, imagemagick)."""
    return [p for p in PROGRAMS if shutil.which(p) is None]


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, like 1024x600, not {text!r}")
    return int(m.group(1)), int(m.group(2))


@dataclass(frozen=True)
class Geometry:
    """A window on the screen: its inside (what the program draws) at ``x, y`` of
    ``w`` x ``h`` pixels, and the frame the window manager puts round it."""

    x: int
    y: int
    w: int
    h: int
    top: int = 0
    left: int = 0
    bottom: int = 0
    right: int = 0
    viewable: bool = True

    @property
    def outer(self) -> tuple[int, int, int, int]:
        """The frame's left, top, right and bottom edges on the screen."""
        return (
            self.x - self.left,
            self.y - self.top,
            self.x + self.w + self.right,
            self.y + self.h + self.bottom,
        )

    def inside(self, screen: tuple[int, int]) -> bool:
        left, top, right, bottom = self.outer
        return left >= 0 and top >= 0 and right <= screen[0] and bottom <= screen[1]


class XScreen:
    """An X server with a window manager, for as long as the ``with`` block lasts."""

    def __init__(self, size: tuple[int, int] = (1280, 800), depth: int = 24):
        self.size = (int(size[0]), int(size[1]))
        self.depth = depth
        self.display = ""
        self._procs: list[subprocess.Popen] = []

    def __enter__(self) -> XScreen:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env["DISPLAY"] = self.display
        return env

    def start(self, timeout: float = 20.0) -> None:
        lack = missing()
        if lack:
            raise RuntimeError("not installed: " + ", ".join(lack))
        read, write = os.pipe()
        w, h = self.size
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{w}x{h}x{self.depth}"]
            + ["-nolisten", "tcp", "-noreset"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        self._procs.append(server)
        number = b""
        deadline = time.monotonic() + timeout
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        os.close(read)
        if not number.strip().isdigit():
            self.close()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{int(number)}"
        wm = subprocess.Popen(
            ["openbox", "--sm-disable"],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._procs.append(wm)
        while time.monotonic() < deadline:
            if "window id #" in self.run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK"):
                return
            time.sleep(0.05)
        self.close()
        raise RuntimeError("openbox did not start")

    def run(self, *cmd: str, timeout: float = 10.0) -> str:
        done = subprocess.run(
            list(cmd), env=self.env, capture_output=True, text=True, timeout=timeout
        )
        return done.stdout

    def capture(self):
        """The whole screen's pixels (every window with its frame), as a PIL image."""
        from PIL import Image

        done = subprocess.run(
            ["import", "-window", "root", "png:-"], env=self.env, capture_output=True, timeout=20
        )
        if done.returncode != 0 or not done.stdout:
            raise RuntimeError("import could not read the screen: " + done.stderr.decode()[-500:])
        return Image.open(io.BytesIO(done.stdout)).convert("RGB")

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, capture_output=True, timeout=10)

    def close(self) -> None:
        for proc in reversed(self._procs):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        self._procs.clear()


class Client:
    """The real client on an :class:`XScreen`.  ``settings`` (a dict) is written as
    its settings file before it starts; ``args`` go to its command line."""

    def __init__(
        self,
        screen: XScreen,
        args: tuple[str, ...] | list[str] = (),
        *,
        settings: dict | None = None,
        home: Path | None = None,
        env: dict | None = None,
        root: Path | None = None,
    ):
        self.screen = screen
        self.root = Path(root) if root else ROOT  # the checkout whose client runs
        self.home = Path(home) if home else Path(tempfile.mkdtemp(prefix="crystal-xwindow-"))
        self.args = list(args)
        self.window = ""
        self.proc: subprocess.Popen | None = None
        self.log = self.home / "client.log"
        if settings is not None:
            self.write_settings(settings)
        self.env = {**screen.env, **self.paths_env(), "SDL_AUDIODRIVER": "dummy", **(env or {})}

    def paths_env(self) -> dict[str, str]:
        # CRYSTAL_ARCADE_HOME puts settings, saves and logs under one folder
        # (game/storage/saves.py); HOME and the XDG folders too, so nothing else is touched.
        h = self.home
        return {
            "CRYSTAL_ARCADE_HOME": str(h / "arcade"),
            "HOME": str(h),
            "XDG_CONFIG_HOME": str(h / "config"),
            "XDG_DATA_HOME": str(h / "data"),
            "XDG_STATE_HOME": str(h / "state"),
            "XDG_CACHE_HOME": str(h / "cache"),
        }

    def settings_path(self) -> Path:
        return self.home / "arcade" / "config" / "settings.json"

    def write_settings(self, settings: dict) -> None:
        import json

        path = self.settings_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings), encoding="utf-8")

    def read_settings(self) -> dict:
        import json

        return json.loads(self.settings_path().read_text(encoding="utf-8"))

    def __enter__(self) -> Client:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self, timeout: float = 60.0) -> None:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "scenes.boot", *self.args],
                cwd=self.root,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the client ended at start:\n{self.log_text()[-3000:]}")
            found = self.find_window()
            if found:
                # The same window a moment later: a program may make its window again
                # while it starts (SDL does, for an OpenGL renderer).
                time.sleep(0.3)
                if self.find_window() == found:
                    self.window = found
                    self.wait_until(lambda: self.geometry().viewable, 10)
                    return
            time.sleep(0.1)
        raise RuntimeError(f"no window appeared:\n{self.log_text()[-3000:]}")

    def log_text(self) -> str:
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def find_window(self) -> str:
        """The id of the client's viewable window titled exactly TITLE."""
        tree = self.screen.run("xwininfo", "-root", "-tree")
        for line in tree.splitlines():
            m = re.match(r'\s*(0x[0-9a-f]+) "' + re.escape(TITLE) + r'":', line)
            if m and "IsViewable" in self.screen.run("xwininfo", "-id", m.group(1)):
                return m.group(1)
        return ""

    def geometry(self) -> Geometry:
        info = self.screen.run("xwininfo", "-id", self.window)

        def field(name: str) -> int:
            m = re.search(rf"{name}:\s*(-?\d+)", info)
            return int(m.group(1)) if m else 0

        extents = self.screen.run("xprop", "-id", self.window, "_NET_FRAME_EXTENTS")
        nums = (
            [int(n) for n in re.findall(r"-?\d+", extents.split("=")[-1])] if "=" in extents else []
        )
        left, right, top, bottom = (nums + [0, 0, 0, 0])[:4]
        return Geometry(
            field("Absolute upper-left X"),
            field("Absolute upper-left Y"),
            field("Width"),
            field("Height"),
            top,
            left,
            bottom,
            right,
            "IsViewable" in info,
        )

    def capture(self):
        """The window's own pixels now, as a PIL image (RGB)."""
        from PIL import Image

        done = subprocess.run(
            ["import", "-window", self.window, "png:-"],
            env=self.screen.env,
            capture_output=True,
            timeout=20,
        )
        if done.returncode != 0 or not done.stdout:
            raise RuntimeError("import could not read the window: " + done.stderr.decode()[-500:])
        return Image.open(io.BytesIO(done.stdout)).convert("RGB")

    def settled_capture(self, timeout: float = 10.0, still: float = 0.5):
        """The window's pixels once they stop changing for ``still`` seconds (a still
        screen); the last capture if they keep changing (an animation)."""
        last = self.capture()
        since = time.monotonic()
        deadline = since + timeout
        while time.monotonic() < deadline:
            time.sleep(0.15)
            shot = self.capture()
            if shot.size == last.size and shot.tobytes() == last.tobytes():
                if time.monotonic() - since >= still:
                    return shot
            else:
                last, since = shot, time.monotonic()
        return last

    # -- input, as a person gives it (XTEST through xdotool) ---------------------------
    def focus(self) -> None:
        self.screen.xdotool("windowactivate", "--sync", self.window)

    def key(self, *keys: str) -> None:
        """Press keys by X keysym name (``Return``, ``F11``, ``Down``, ``ctrl+z``)."""
        self.focus()
        for k in keys:
            self.screen.xdotool("key", "--delay", "60", k)
            time.sleep(0.05)

    def type(self, text: str) -> None:
        self.focus()
        self.screen.xdotool("type", "--delay", "60", text)

    def click(self, x: int, y: int, button: int = 1, repeat: int = 1) -> None:
        """Click at ``x, y`` of the window's inside."""
        self.focus()
        self.screen.xdotool("mousemove", "--window", self.window, str(x), str(y))
        time.sleep(0.05)
        self.screen.xdotool("click", "--repeat", str(repeat), "--delay", "80", str(button))

    def click_screen(self, x: int, y: int, button: int = 1, repeat: int = 1) -> None:
        """Click at ``x, y`` of the screen (a window's title bar, say)."""
        self.screen.xdotool("mousemove", str(x), str(y))
        time.sleep(0.05)
        self.screen.xdotool("click", "--repeat", str(repeat), "--delay", "80", str(button))

    def move_pointer(self, x: int, y: int) -> None:
        self.screen.xdotool("mousemove", "--window", self.window, str(x), str(y))

    def toggle_maximised(self) -> None:
        """A double click on the title bar: openbox maximises a window, or restores it."""
        g = self.geometry()
        self.click_screen(g.x + g.w // 3, g.y - max(4, g.top // 2), repeat=2)

    def resize(self, w: int, h: int) -> None:
        self.screen.xdotool("windowsize", self.window, str(w), str(h))

    def wait_until(self, predicate, timeout: float = 10.0, step: float = 0.1) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            time.sleep(step)
        return bool(predicate())

    # -- what it costs ---------------------------------------------------------------
    def pids(self) -> list[int]:
        """The client and every process it started (the bot worker)."""
        if self.proc is None:
            return []
        out, todo = [], [self.proc.pid]
        while todo:
            pid = todo.pop()
            out.append(pid)
            try:
                kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            except OSError:
                kids = []
            todo += [int(k) for k in kids]
        return out

    @staticmethod
    def cpu_seconds(pid: int) -> float:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    @staticmethod
    def rss_of(pid: int) -> float:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0.0

    def cpu_percent(self, seconds: float, worker: bool = False) -> float:
        """Per cent of one core the client used over the next ``seconds`` (its bot
        worker's too when ``worker``)."""
        pids = self.pids() if worker else [self.proc.pid]
        before = sum(self.cpu_seconds(p) for p in pids)
        t0 = time.monotonic()
        time.sleep(seconds)
        after = sum(self.cpu_seconds(p) for p in pids)
        return 100.0 * (after - before) / (time.monotonic() - t0)

    def cpu_split(self, seconds: float) -> tuple[float, float]:
        """Per cent of one core over the next ``seconds``: the client's, and that of
        the processes it started (its bot worker)."""
        main = self.proc.pid
        others = [p for p in self.pids() if p != main]
        before = self.cpu_seconds(main), sum(self.cpu_seconds(p) for p in others)
        t0 = time.monotonic()
        time.sleep(seconds)
        after = self.cpu_seconds(main), sum(self.cpu_seconds(p) for p in others)
        wall = time.monotonic() - t0
        return 100.0 * (after[0] - before[0]) / wall, 100.0 * (after[1] - before[1]) / wall

    def rss_mb(self, worker: bool = False) -> float:
        pids = self.pids() if worker else [self.proc.pid]
        return sum(self.rss_of(p) for p in pids)

    def stop(self, timeout: float = 15.0) -> int | None:
        """End the client as a booth's shutdown script would (SIGTERM)."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _bootstrap import reexec_in_venv

    reexec_in_venv(("pygame", "PIL"))
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("what", choices=("shot", "cpu"))
    p.add_argument("out", nargs="?", help="shot: the PNG to write")
    p.add_argument("--screen", type=parse_size, default=(1280, 800), help="the X screen's size")
    p.add_argument("--keys", default="", help="keys to press first, space-separated keysyms")
    p.add_argument("--wait", type=float, default=1.0, help="seconds to wait after the keys")
    p.add_argument("--seconds", type=float, default=20.0, help="cpu: how long to measure")
    p.add_argument("--settings", default="", help="settings as JSON, written before start")
    argv = list(sys.argv[1:] if argv is None else argv)
    client_args = argv[argv.index("--") + 1 :] if "--" in argv else []
    a = p.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    a.args = client_args
    if missing():
        print("not installed: " + ", ".join(missing()), file=sys.stderr)
        return 2
    import json

    settings = json.loads(a.settings) if a.settings else None
    with XScreen(a.screen) as screen, Client(screen, a.args, settings=settings) as client:
        time.sleep(1.0)
        if a.keys:
            client.key(*a.keys.split())
        time.sleep(a.wait)
        g = client.geometry()
        print(f"window {g.w}x{g.h} at {g.x},{g.y}; frame {g.outer}; screen {a.screen}")
        if a.what == "shot":
            if not a.out:
                p.error("shot needs the PNG to write")
            client.settled_capture().save(a.out)
            print(a.out)
        else:
            cpu = client.cpu_percent(a.seconds)
            print(f"cpu {cpu:.1f} % of a core over {a.seconds:g} s; rss {client.rss_mb():.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
