"""Short arcade sound effects, synthesised with numpy at start-up (no sound files).

With no audio device (SDL_AUDIODRIVER=dummy, a server with no sound card) every call
is silently a no-op: sound is never a reason for an error.
"""

from __future__ import annotations

import threading

import pygame

RATE = 22050


def _np():
    import numpy  # imported on first use: start-up does not wait for numpy

    return numpy


def _envelope(n: int, attack: float = 0.01, release: float = 0.6) -> "numpy.ndarray":  # noqa: F821
    np = _np()
    t = np.linspace(0.0, 1.0, n, endpoint=False)
    a = np.clip(t / max(attack, 1e-6), 0, 1)
    r = np.clip((1.0 - t) / max(release, 1e-6), 0, 1)
    return a * r


def _tone(freqs, seconds: float, wave: str = "sine", sweep: float = 1.0, volume: float = 0.4):
    np = _np()
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    out = np.zeros(n)
    for f in freqs:
        f_t = f * (sweep ** (t / seconds))  # exponential glide from f to f*sweep
        phase = 2 * np.pi * np.cumsum(f_t) / RATE
        if wave == "square":
            out += np.sign(np.sin(phase)) * 0.5
        elif wave == "triangle":
            out += 2 / np.pi * np.arcsin(np.sin(phase))
        else:
            out += np.sin(phase)
    out = out / max(1, len(freqs)) * _envelope(n) * volume
    return out


def _noise(seconds: float, volume: float = 0.3, seed: int = 7):
    np = _np()
    n = int(RATE * seconds)
    rng = np.random.default_rng(seed)  # fixed: the same sound every start
    return rng.uniform(-1, 1, n) * _envelope(n, 0.005, 0.9) * volume


RECIPES = {
    "hover": lambda: _tone([1320], 0.03, "triangle", volume=0.15),
    "click": lambda: _tone([880, 1320], 0.07, "triangle", sweep=1.3, volume=0.35),
    "back": lambda: _tone([660], 0.08, "triangle", sweep=0.7, volume=0.3),
    "shift": lambda: _tone([300], 0.12, "triangle", sweep=1.8, volume=0.35),
    "place": lambda: _tone([523, 784], 0.1, "sine", sweep=1.05, volume=0.4),
    "capture": lambda: _np().concatenate(
        [_noise(0.12, 0.35), _tone([220], 0.1, "square", 0.5, 0.2)]
    ),
    "bump": lambda: _tone([110], 0.12, "square", sweep=0.8, volume=0.3),
    "error": lambda: _tone([200, 190], 0.18, "square", volume=0.25),
    "score": lambda: _tone([784, 988, 1175], 0.2, "sine", sweep=1.1, volume=0.35),
    "win": lambda: _np().concatenate(
        [_tone([523], 0.12), _tone([659], 0.12), _tone([784], 0.12), _tone([1047, 784], 0.4)]
    ),
    "tick": lambda: _tone([1800], 0.02, "square", volume=0.12),
}


class Sound:
    """Effects are synthesised on a background thread after start-up, so the first
    frame never waits for them; until they are ready ``play`` is silent."""

    def __init__(self, settings, *, background: bool = True):
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.enabled = False
        self._cooldown: dict[str, int] = {}
        if background:
            threading.Thread(target=self._build, name="sound-synth", daemon=True).start()
        else:
            self._build()

    def _build(self) -> None:
        try:
            np = _np()
            pygame.mixer.pre_init(RATE, -16, 1, 512)
            pygame.mixer.init(RATE, -16, 1, 512)
            freq, _fmt, channels = pygame.mixer.get_init()
            sounds = {}
            for name, recipe in RECIPES.items():
                wave = recipe()
                if freq != RATE:
                    idx = np.linspace(0, len(wave) - 1, int(len(wave) * freq / RATE))
                    wave = np.interp(idx, np.arange(len(wave)), wave)
                pcm = (np.clip(wave, -1, 1) * 32000).astype(np.int16)
                if channels > 1:
                    pcm = np.repeat(pcm[:, None], channels, axis=1)
                sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(pcm))
            self.sounds = sounds
            self.enabled = True
        except (pygame.error, ValueError, TypeError, NotImplementedError, ImportError):
            self.enabled = False

    def play(self, name: str) -> None:
        if not self.enabled or self._cooldown.get(name, 0) > 0:
            return
        sound = self.sounds.get(name)
        if sound is None:
            return
        volume = self.settings.master_volume * self.settings.effects_volume
        if volume <= 0:
            return
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            return
        self._cooldown[name] = 3  # the same effect at most every 3 ticks

    def update(self) -> None:
        for k in list(self._cooldown):
            self._cooldown[k] -= 1
            if self._cooldown[k] <= 0:
                del self._cooldown[k]
