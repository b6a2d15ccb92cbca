"""Pictures out of the theatre: the position on screen as a PNG, the whole game as an
animated GIF (Pillow), both into the user's pictures folder (``Crystal Arcade``
inside it; the data folder's ``exports`` when there is no pictures folder or
``CRYSTAL_ARCADE_HOME`` points elsewhere, as in tests).

The GIF is drawn a few frames per tick by the game's own view (so the UI keeps its
frame rate) and written by Pillow in a thread at the end."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pygame

from game.text.i18n import _
from scenes.play.base import BOARD_AREA

GIF_SIZE = (BOARD_AREA.w // 2, BOARD_AREA.h // 2)
FRAMES_PER_TICK = 2
FRAME_MS = 700
LAST_FRAME_MS = 2500


def export_folder(paths) -> Path:
    if not os.environ.get("CRYSTAL_ARCADE_HOME"):
        try:
            import platformdirs

            pictures = Path(platformdirs.user_pictures_dir())
            if pictures.is_dir():
                return pictures / "Crystal Arcade"
        except Exception:
            pass
    return paths.data / "exports"


def _target(theatre, suffix: str) -> Path:
    folder = export_folder(theatre.app.paths)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = f"{theatre.spec.id}-{stamp}"
    path = folder / f"{base}{suffix}"
    n = 1
    while path.exists():
        path = folder / f"{base}-{n}{suffix}"
        n += 1
    return path


def save_position_png(theatre) -> Path:
    """The board at the theatre's position, full size.  OSError when it cannot be
    written."""
    canvas = pygame.Surface(BOARD_AREA.bottomright)
    theatre.render_board(canvas)
    path = _target(theatre, ".png")
    try:
        pygame.image.save(canvas.subsurface(BOARD_AREA).copy(), str(path))
    except pygame.error as exc:
        raise OSError(str(exc)) from None
    return path


class GifExport:
    """One frame per position, drawn by the theatre's view on a stage of its own, so
    the position on screen does not move while the GIF is made."""

    def __init__(self, theatre):
        self.theatre = theatre
        self.k = 0
        self.frames: list = []
        self.thread: threading.Thread | None = None
        self.result: str | None = None
        self.failed = False  # the message is a failure (a warning toast), in any language
        self.path: Path | None = None

    def _frame(self, k: int):
        from PIL import Image

        th = self.theatre
        view, stage = th.view, th.stage
        saved = (stage.states, stage.entries, view.shown, view.anim, list(view.queue))
        stage.states = list(th.full.states[: k + 1])
        stage.entries = list(th.full.entries[:k])
        view.anim, view.queue, view.shown = None, [], stage.state
        canvas = pygame.Surface(BOARD_AREA.bottomright)
        try:
            th.render_board(canvas, ghost=False)
        finally:
            stage.states, stage.entries, view.shown, view.anim, queue = saved
            view.queue[:] = queue
        small = pygame.transform.smoothscale(canvas.subsurface(BOARD_AREA), GIF_SIZE)
        raw = pygame.image.tobytes(small, "RGB")
        return Image.frombytes("RGB", GIF_SIZE, raw)

    def update(self) -> str | None:
        """Called once a tick; returns the message to show when done."""
        last = self.theatre.line.last
        if self.thread is None:
            try:
                for _frame in range(FRAMES_PER_TICK):
                    if self.k > last:
                        break
                    self.frames.append(self._frame(self.k))
                    self.k += 1
            except ImportError:
                self.failed = True
                return _("Could not make the animation: Pillow is not installed")
            if self.k > last:
                self.path = _target(self.theatre, ".gif")
                self.thread = threading.Thread(target=self._write, daemon=True)
                self.thread.start()
            return None
        if self.thread.is_alive():
            return None
        return self.result

    def _write(self) -> None:
        try:
            durations = [FRAME_MS] * (len(self.frames) - 1) + [LAST_FRAME_MS]
            first, rest = self.frames[0], self.frames[1:]
            first.save(
                self.path,
                save_all=True,
                append_images=rest,
                duration=durations,
                loop=0,
                optimize=False,
            )
            self.result = _("Animation saved: {path}").format(path=self.path)
        except (OSError, ValueError):
            # the player is told where, not Python's words for why
            self.failed = True
            self.result = _("Could not save the animation in {folder}").format(
                folder=self.path.parent
            )
        self.frames = []

    def wait(self, timeout: float = 30.0) -> str | None:
        """Finish at once (tools and tests)."""
        while self.thread is None:
            message = self.update()
            if message is not None:
                return message
        self.thread.join(timeout)
        return self.update()
