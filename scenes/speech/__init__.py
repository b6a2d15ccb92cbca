"""Speech for blind and low-vision players: the player's own screen reader, espeak-ng, or none.

``Speaker`` owns one thread that makes every backend call, each with a time-out, so a
frame never waits on speech.  A backend that hangs is dropped and reported once; the
speaker then goes on silent.  Backends share one small interface (``say(text)`` and
``stop()``); ``RecordingBackend`` writes a transcript and stands in for a screen reader
in the tests.
"""

from __future__ import annotations

import logging
import queue
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from game.text import i18n
from game.text.i18n import _

log = logging.getLogger(__name__)

CALL_SECONDS = 2.0  # longest a backend call may take before the backend is dropped


class NoBackend:
    """Nothing can speak here: every text is dropped."""

    name = "none"

    def say(self, text: str) -> None:
        pass

    def stop(self) -> None:
        pass


class RecordingBackend:
    """Speaks into a transcript: the list ``lines`` and, if given, a text file (one line
    per text spoken)."""

    name = "recording"

    def __init__(self, path: Path | None = None) -> None:
        self.lines: list[str] = []
        self.path = path
        self._lock = threading.Lock()
        if path is not None:
            path.write_text("", encoding="utf-8")

    def say(self, text: str) -> None:
        with self._lock:
            self.lines.append(text)
            if self.path is not None:
                with self.path.open("a", encoding="utf-8") as f:
                    f.write(text.replace("\n", " ") + "\n")

    def stop(self) -> None:
        pass

    def since(self, n: int) -> list[str]:
        with self._lock:
            return self.lines[n:]


class EspeakBackend:
    """Debian's ``espeak-ng`` program: one process per text, the last one stopped when a
    new text comes (so each new text interrupts the last).  The voice is the screens'
    language at the time of each text (German words read with an English voice are
    hard to follow), English where espeak-ng has no voice of that name; ``voice``
    fixes one instead."""

    name = "espeak-ng"

    def __init__(self, program: str, voice: str | None = None) -> None:
        self.program = program
        self.voice = voice
        self._proc: subprocess.Popen | None = None
        self._voices: set[str] | None = None

    @staticmethod
    def find() -> str | None:
        return shutil.which("espeak-ng")

    def voices(self) -> set[str]:
        """The language names espeak-ng has voices for ("de", "en-gb", ...), asked once
        (inside the first text's call: within its time-out, so a slow answer means
        English, not a dropped backend)."""
        if self._voices is None:
            try:
                listing = subprocess.run(
                    [self.program, "--voices"], capture_output=True, text=True, timeout=1.5
                ).stdout
            except (OSError, subprocess.SubprocessError):
                listing = ""
            self._voices = {
                line.split()[1].lower() for line in listing.splitlines()[1:] if line.split()[1:]
            }
        return self._voices

    def voice_now(self) -> str:
        """The voice for the next text: the fixed one, else the screens' language."""
        if self.voice:
            return self.voice
        code = i18n.language().replace("_", "-").lower()
        known = self.voices()
        for name in (code, code.split("-")[0]):
            if name in known:
                return name
        return "en"

    def command(self, text: str) -> list[str]:
        return [self.program, "-v", self.voice_now(), "--", text]

    def say(self, text: str) -> None:
        self.stop()
        self._proc = subprocess.Popen(
            self.command(text),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
        self._proc = None


class ScreenReaderBackend:
    """The player's own screen reader through speechlight: NVDA, JAWS, System Access or
    SAPI on Windows, VoiceOver on macOS, Orca on Linux."""

    name = "screen reader"

    def __init__(self, speech) -> None:
        self.speech = speech

    def say(self, text: str) -> None:
        self.speech.output(text, interrupt=True)

    def stop(self) -> None:
        self.speech.silence()


def screen_reader():
    """speechlight's speech object when a screen reader runs, else None."""
    try:
        if sys.platform == "linux":
            from speechlight.orca import Orca, Speech

            probe = Orca()
            probe.open_connection()
            running = probe.available
            probe.close()
            return Speech() if running else None
        if sys.platform == "win32":
            from speechlight.windows import Speech

            s = Speech()
            running = s.nvda_running() or s.jfw_running() or s.sa_running()
            return s if running else None
        if sys.platform == "darwin":
            from speechlight.darwin import Speech

            return Speech()
    except Exception as exc:
        log.info("no screen reader: %s", exc)
    return None


def choose_backend():
    """(backend, message): the screen reader if one runs, else espeak-ng, else none."""
    sr = screen_reader()
    if sr is not None:
        return ScreenReaderBackend(sr), ""
    program = EspeakBackend.find()
    if program:
        return EspeakBackend(program), _("No screen reader found: speaking with espeak-ng")
    return NoBackend(), _(
        "Speech is on, but nothing here can speak: no screen reader and no espeak-ng"
    )


class Speaker:
    """Speech that never blocks a frame.

    ``say(text)`` only queues; a thread hands each text in turn to the backend (which
    interrupts the text before it where it can), in a helper thread it waits on for at
    most ``CALL_SECONDS``.  A call that does not return in
    time drops the backend (``dropped`` holds why, reported once by ``take_report``).
    """

    def __init__(self, backend=None, call_seconds: float = CALL_SECONDS) -> None:
        self.backend = backend if backend is not None else NoBackend()
        self.call_seconds = call_seconds
        self.enabled = False
        self.last = ""
        self.dropped = ""
        self._reported = False
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self.spoken = 0  # texts handed to the backend (for tests and tools/bench.py)
        self.asked = 0  # texts asked for (spoken or not): "was anything said since?"
        self.said_at: float | None = None  # perf_counter when the last call began

    # -- the frame's side: never waits --------------------------------------------
    def say(self, text: str) -> None:
        text = " ".join(str(text).split())
        if not text:
            return
        self.last = text
        self.asked += 1
        if not self.enabled or self.dropped:
            return
        self._start()
        self._queue.put(text)

    def repeat(self) -> None:
        if self.last:
            self.say(self.last)

    def take_report(self) -> str:
        """Why the backend was dropped, once; "" after that and while all is well."""
        if self.dropped and not self._reported:
            self._reported = True
            return self.dropped
        return ""

    def idle(self) -> bool:
        return self._queue.unfinished_tasks == 0

    def wait(self, seconds: float = 5.0) -> None:
        """Tests and tools: until every queued text reached the backend (or time)."""
        import time

        end = time.monotonic() + seconds
        while not self.idle() and time.monotonic() < end:
            time.sleep(0.002)

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread = None

    # -- the speech thread -------------------------------------------------------------
    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        import time

        while True:
            text = self._queue.get()
            if text is None:
                self._queue.task_done()
                return
            if not self.dropped:
                self.said_at = time.perf_counter()
                self._call(text)
            self._queue.task_done()

    def _call(self, text: str) -> None:
        done = threading.Event()
        failure: list[BaseException] = []

        def call() -> None:
            try:
                self.backend.say(text)
            except Exception as exc:
                failure.append(exc)
            done.set()

        threading.Thread(target=call, name="speech-call", daemon=True).start()
        if not done.wait(self.call_seconds):
            self._drop(
                _("Speech stopped: {backend} did not answer").format(backend=self.backend.name)
            )
        elif failure:
            self._drop(
                _("Speech stopped: {backend} failed ({reason})").format(
                    backend=self.backend.name, reason=failure[0]
                )
            )
        else:
            self.spoken += 1

    def _drop(self, why: str) -> None:
        log.warning("%s", why)
        self.dropped = why
        self.backend = NoBackend()
