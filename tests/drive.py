"""Driving a headless App the way a person does, for the view and input tests.

One home for the helpers the tests/test_view_* and tests/test_input_* modules share:
which screens are open, the pygame-gui control with a given text and
the focused one, a mouse click, a key press, mouse motion and controller presses.

Each helper posts its events through the App (so they reach the input mapper exactly as
SDL's would) and runs ``ticks`` ticks afterwards only when asked: some tests check the
state between posting and the next tick.  A test module that always wants a tick binds
its own default once, e.g. ``key = partial(drive.key, ticks=1, draw=False)``.

Finger events stay in their modules: each input test delivers SDL's mouse copies of a
touch in its own order (before, after, or around the finger event) on purpose.
"""

from __future__ import annotations

import time

import pygame


def names(app) -> list[str]:
    """The names of the open screens, bottom first."""
    return [s.name for s in app.stack]


def control(scene, prefix: str):
    """The scene's pygame-gui control whose text starts with ``prefix``."""
    return next(c for c in scene.controls if c.element.text.startswith(prefix))


def focused_text(app) -> str:
    """The text of the control the keyboard / controller focus is on, on the top screen."""
    scene = app.top
    return scene.controls[scene.focus_index].element.text


def run(app, ticks: int, draw: bool = True) -> None:
    if ticks:
        app.run_ticks(ticks, draw=draw)


def click(app, pos, *, ticks: int = 0, draw: bool = True) -> None:
    """A left click at ``pos`` (rounded down to a pixel, as a mouse reports it)."""
    app.post_click((int(pos[0]), int(pos[1])))
    run(app, ticks, draw)


def key(app, k: int, mod: int = 0, unicode: str = "", *, ticks: int = 0, draw: bool = True) -> None:
    """A key pressed and released."""
    app.post_key(k, mod, unicode)
    run(app, ticks, draw)


def type_text(app, text: str, *, ticks: int = 0, draw: bool = True) -> None:
    """Each character typed as SDL delivers it: the key pressed (its unicode set),
    the character's TEXTINPUT, the key released."""
    for ch in text:
        code = ord(ch.lower()) if ch.isascii() else 0
        app.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0))
        app.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=ch, scancode=0))
    run(app, ticks, draw)


def motion(app, pos, held: bool = False) -> None:
    """The mouse moved to ``pos`` (with the left button ``held`` or not)."""
    app.post(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=(int(pos[0]), int(pos[1])),
            rel=(0, 0),
            buttons=(1 if held else 0, 0, 0),
            touch=False,
        )
    )


def pad(
    app, button: int, n: int = 1, *, ticks: int = 0, draw: bool = True, each: bool = False
) -> None:
    """A controller button pressed and released ``n`` times; ``ticks`` ticks run after
    the presses, or after each press with ``each``."""
    for _ in range(n):
        app.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
        app.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0))
        if each:
            run(app, ticks, draw)
    if not each:
        run(app, ticks, draw)


# -- waiting for the screen ------------------------------------------------------------
# Bots think in real time in the worker's thread while ticks take almost none, so a wait
# lets real time pass while a request is out.  Every limit only stops a broken test from
# hanging; none is a timing check.


def _request_out(view) -> bool:
    return (
        getattr(view, "ticket", None) is not None or getattr(view, "hint_ticket", None) is not None
    )


def wait_ticks(app, view, predicate, max_ticks: int = 20000) -> None:
    """Run ticks (without drawing) until ``predicate``, sleeping a little per tick while
    ``view`` waits for a bot or a hint; bounded by ticks, so a stuck screen fails and a
    slow machine does not.  Fails with the banner when it never happens."""
    for _ in range(max_ticks):
        if predicate():
            return
        if _request_out(view):
            time.sleep(0.002)
        app.run_ticks(1, draw=False)
    assert predicate(), f"still waiting; banner: {view.banner!r}"


def wait_seconds(app, predicate, seconds: float = 60.0, draw_every: int = 0) -> bool:
    """Tick until ``predicate`` holds or ``seconds`` have passed, drawing every
    ``draw_every``-th tick when asked; answers whether it held.  No sleep of its own:
    run_ticks already gives a bot that is thinking 2 ms of real time per tick, and a
    tick with nothing out (an animation, a pause) need not wait at all."""
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        if predicate():
            return True
        n += 1
        app.run_ticks(1, draw=bool(draw_every) and n % draw_every == 0)
    return predicate()


def settle_for_person(app, view) -> None:
    """Until a person must act with nothing animating, or the game has left the screen."""

    def ready():
        if app.top is not view:
            return True
        return (
            view.person_to_act() and not view.anim and not view.queue and not view.match.is_over()
        )

    wait_ticks(app, view, ready)


def settle_or_over(app, view, seconds: float = 60.0) -> None:
    """Until a person may act, the game is over or the screen changed, yielding between
    batches of ticks while bots think."""

    def ready():
        if app.top is not view:
            return True
        idle = not view.anim and not view.queue
        return idle and (view.match.is_over() or view.person_to_act())

    deadline = time.monotonic() + seconds
    while not app.run_until(ready, max_ticks=30):
        assert time.monotonic() < deadline, "the bot never answered"
        time.sleep(0.002)
