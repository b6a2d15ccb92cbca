"""Stop signals: SIGTERM and SIGINT end a session like Quit (the App's loop asks
``stop_requested`` every frame)."""

from __future__ import annotations

# Signals that end a session like a normal quit (a booth's shutdown script sends
# SIGTERM; Ctrl+C in a terminal is SIGINT).  The handler only records the signal: the
# loop checks it every frame and leaves through the same shutdown as Quit, so no save
# is ever cut in half by a signal arriving mid-write.
STOP_SIGNALS = ("SIGTERM", "SIGINT")
_stop_signals: list[int] = []


def install_stop_handlers() -> list[int]:
    """Make SIGTERM and SIGINT ask the loop to quit; returns the signals handled
    (none off the main thread, where Python cannot set handlers)."""
    import signal

    def on_signal(signum, frame) -> None:
        _stop_signals.append(signum)

    handled = []
    for name in STOP_SIGNALS:
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            signal.signal(sig, on_signal)
        except (ValueError, OSError):
            continue
        handled.append(int(sig))
    return handled


def stop_requested() -> int | None:
    """The first stop signal received, or None."""
    return _stop_signals[0] if _stop_signals else None
