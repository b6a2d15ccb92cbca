"""Driving a headless App the way a person does, for the view and input tests.

One home for the helpers every tests/test_view_* and tests/test_input_* module used to
define for itself: which screens are open, the pygame-gui control with a given text and
the focused one, a mouse click, a key press, mouse motion and controller presses.

Each helper posts its events through the App (so they reach the input mapper exactly as
SDL's would) and runs ``ticks`` ticks afterwards only when asked: some tests check the
state between posting and the next tick.  A test module that always wants a tick binds
its own default once, e.g. ``key = partial(drive.key, ticks=1, draw=False)``.

Finger events stay in their modules: each input test delivers SDL's mouse copies of a
touch in its own order (before, after, or around the finger event) on purpose.
"""

from __future__ import annotations

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
