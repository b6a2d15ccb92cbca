"""Whatever position an event carries, in a window of any size, nothing crashes and a
screen is only ever handed presses on the canvas."""

import math

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenes.app import LOGICAL_SIZE

anything = st.one_of(
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.none(),
    st.text(max_size=3),
)
positions = st.one_of(st.tuples(anything, anything), anything, st.tuples(anything))
kinds = st.sampled_from(
    (
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.FINGERDOWN,
        pygame.FINGERUP,
        pygame.FINGERMOTION,
    )
)


# One app for every example: each sets its own window size and clears held presses.
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    size=st.tuples(st.integers(1, 5000), st.integers(1, 5000)),
    events=st.lists(
        st.tuples(kinds, positions, st.floats(allow_nan=True), st.floats(allow_nan=True)),
        max_size=8,
    ),
)
def test_any_position_in_any_window_is_mapped_or_ignored(app, size, events):
    app.resize(size)
    app._held.clear()
    seen = []
    downs = ups = 0
    for kind, pos, fx, fy in events:
        if kind in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            ev = pygame.event.Event(kind, x=fx, y=fy, dx=0.0, dy=0.0, finger_id=1, touch_id=1)
        else:
            ev = pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0), buttons=(0, 0, 0))
        mapped = app.to_canvas(ev)
        if mapped is None:
            continue
        if mapped.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            assert math.isfinite(mapped.x) and math.isfinite(mapped.y)
            point = (int(mapped.x * LOGICAL_SIZE[0]), int(mapped.y * LOGICAL_SIZE[1]))
        else:
            assert all(isinstance(n, int) for n in mapped.pos)
            point = mapped.pos
        if mapped.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            seen.append(point)
            downs += 1
        if mapped.type in (pygame.MOUSEBUTTONUP, pygame.FINGERUP):
            ups += 1
            assert ups <= downs  # never a release for a press no screen saw
    for x, y in seen:
        assert 0 <= x < LOGICAL_SIZE[0] and 0 <= y < LOGICAL_SIZE[1]
