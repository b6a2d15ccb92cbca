"""A screen shown scaled beside another's own band (scenes/stage.py): the kiosk's attract
demo above its call-to-play band, a tutorial's play view under a caption card grown for
large text.  Positions map both ways, what the view draws is never under the band or
the card, no caption line is left out, and whole tutorials are played at 150 % by mouse
and by finger with every press landing where it is drawn."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenes import widgets
from scenes.stage import Stage
from tests import test_tutorial_input as TI
from tests.test_accessibility import LOOKS, make, overlaps, problems

GAMES = [
    "crystal-connector",
    "chromatic-collapse",
    "element-shift",
    "crystal-formation",
    "color-crossroads",
]

rects = st.builds(
    pygame.Rect,
    st.integers(0, 600),
    st.integers(0, 400),
    st.integers(40, 1280),
    st.integers(40, 720),
)


@given(source=rects, area=rects, x=st.floats(-200, 1500), y=st.floats(-200, 900))
def test_a_position_shown_on_the_stage_maps_back_to_where_it_was(source, area, x, y):
    stage = Stage(source, area)
    assert area.contains(stage.dest)
    sx, sy = stage.to_screen_xy(x, y)
    back = stage.to_view((round(sx), round(sy)))  # a mouse reports whole pixels
    # One screen pixel is at most 1/scale view pixels: the rounding loses no more.
    slack = 0.5 + 0.5 / max(stage.scale, 1e-9)
    assert abs(back[0] - x) <= slack and abs(back[1] - y) <= slack


# Areas at least a sixth of the canvas across, lines at least 10 px: a line never
# shrinks to nothing (pygame's Rect.contains is false for an empty rectangle).
areas = st.builds(
    pygame.Rect,
    st.integers(0, 600),
    st.integers(0, 400),
    st.integers(220, 1280),
    st.integers(220, 720),
)


@given(
    source=rects,
    area=areas,
    outer=st.tuples(st.integers(-50, 1300), st.integers(-50, 800), st.integers(10, 600)),
    inner=st.tuples(st.integers(0, 600), st.integers(0, 600), st.integers(10, 300)),
)
def test_a_line_inside_its_box_stays_inside_it_when_shown_scaled(source, area, outer, inner):
    box = pygame.Rect(outer[0], outer[1], outer[2], outer[2])
    line = pygame.Rect(box.x + inner[0] % (box.w - 9), box.y + inner[1] % (box.h - 9), 0, 0)
    line.w = min(inner[2], box.right - line.x)
    line.h = min(inner[2], box.bottom - line.y)
    assert box.contains(line) and line.w >= 10 and line.h >= 10
    stage = Stage(source, area)
    assert stage.to_screen(box).contains(stage.to_screen(line))


def render(app) -> list[widgets.DrawnText]:
    widgets.text.TEXT_LOG = []
    try:
        app.top.draw(app.canvas, 0.0)
        return widgets.text.TEXT_LOG
    finally:
        widgets.text.TEXT_LOG = None


@pytest.mark.parametrize("look", ["text100", "text150"])
@pytest.mark.parametrize("party", [False, True])
@pytest.mark.parametrize("fame", [False, True])
def test_the_attract_demo_and_hall_of_fame_stay_above_the_call_to_play_band(
    paths, look, party, fame
):
    from scenes.kiosk import AttractScene

    app = make(paths, LOOKS[look], kiosk=True)
    try:
        app.kiosk_config.party = party
        scene = AttractScene(app, start_index=1)
        app.push(scene)
        app.run_ticks(3, draw=False)
        hidden = [0]  # the hall of fame hides the demo beneath it: its lines come first
        if fame:
            scene.interlude = app.build("fame", attract=True)
            app.run_ticks(2, draw=False)
            fame_draw = scene.interlude.draw

            def draw(surface, alpha):
                hidden[0] = len(widgets.text.TEXT_LOG)
                fame_draw(surface, alpha)

            scene.interlude.draw = draw
        log = render(app)
        on_screen = [d.text.strip() and d.surface == (1280, 720) for d in log]
        drawn = [d for d, keep in zip(log, on_screen, strict=True) if keep]
        seen = [d for d, keep in zip(log[hidden[0] :], on_screen[hidden[0] :], strict=True) if keep]
        band = scene.band_top()
        stage = scene.stage()
        assert stage.dest.bottom <= band and stage.dest.w >= 0.7 * 1280
        shown = [d for d in drawn if stage.dest.contains(d.rect)]
        calls = [d for d in drawn if d.rect.top >= band]
        assert shown and calls and len(shown) + len(calls) == len(drawn), [
            (d.text, tuple(d.rect)) for d in drawn if d not in shown and d not in calls
        ]
        found = problems(drawn) + overlaps(seen)
        assert not found, found
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("look", ["text100", "text125", "text150"])
def test_a_tutorials_card_holds_every_caption_and_covers_nothing_of_the_view(paths, game_id, look):
    from scenes.tutorial import CAPTION_LINE, CARD, open_tutorial

    app = make(paths, LOOKS[look])
    try:
        assert open_tutorial(app, game_id)
        app.run_ticks(2, draw=False)
        scene = app.top
        card = scene.card_rect()
        stage = scene.play_stage()
        if look == "text100":
            assert card == CARD and stage is None  # 100 % is drawn exactly as laid out
        else:
            assert stage is not None and stage.dest.top > card.bottom
        # Every caption and result fits the lines the card holds, and they fit the card.
        room = scene.card_lines()
        for step in scene.tutorial.steps:
            for text in (step.caption, step.done):
                assert len(scene.caption_lines(text)) <= room, (look, text)
        assert 10 + app.theme.pitch(CAPTION_LINE) * room <= card.h + 2
        drawn = [d for d in render(app) if d.text.strip() and d.surface == (1280, 720)]
        on_card = [d for d in drawn if card.contains(d.rect)]
        view = [d for d in drawn if d not in on_card]
        assert on_card and view
        under = [d.text for d in view if d.rect.colliderect(card)]
        assert not under, under
        found = problems(drawn) + overlaps(drawn)
        assert not found, found
    finally:
        app.shutdown()


def screen_event(stage: Stage, event: pygame.event.Event) -> pygame.event.Event:
    """``event`` with a position given in the view's pixels moved to where the stage
    shows that point (what a player's mouse or finger would report)."""
    fields = dict(event.dict)
    if "pos" in fields and fields["pos"][0] < stage.source.right:
        x, y = stage.to_screen_xy(*fields["pos"])
        fields["pos"] = (round(x), round(y))
        if "rel" in fields:
            fields["rel"] = (round(fields["rel"][0] * stage.sx), round(fields["rel"][1] * stage.sy))
    elif "x" in fields and fields["x"] * 1280 < stage.source.right:
        x, y = stage.to_screen_xy(fields["x"] * 1280, fields["y"] * 720)
        fields["x"], fields["y"] = x / 1280, y / 720
        for k, s in (("dx", stage.sx), ("dy", stage.sy)):
            if k in fields:
                fields[k] = fields[k] * s
    return pygame.event.Event(event.type, fields)


@pytest.mark.slow
@pytest.mark.parametrize("how", ["mouse", "finger"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_tutorial_at_150_percent_lands_every_press_where_it_is_drawn(
    paths, monkeypatch, game_id, how
):
    """The input tests' own moves, given in the view's pixels, are sent where the scaled
    view shows them: the whole tutorial plays to the hand-over.  The card's buttons are
    pressed where the card is (it is not scaled)."""
    app = make(paths, LOOKS["text150"])
    try:
        real = app.dispatch
        on_card = [False]

        def dispatch(event):
            stage = getattr(app.top, "play_stage", lambda: None)()
            if stage is not None and not on_card[0]:
                event = screen_event(stage, event)
            real(event)

        original = TI.press_next

        def press_next(app_, view, how_):
            on_card[0] = True
            try:
                original(app_, view, how_)
            finally:
                on_card[0] = False

        monkeypatch.setattr(app, "dispatch", dispatch)
        monkeypatch.setattr(TI, "press_next", press_next)
        TI.run_whole_tutorial(app, game_id, how)
    finally:
        app.shutdown()


@pytest.mark.parametrize("look", ["text100", "text150"])
def test_element_shifts_round_summary_in_its_lesson_keeps_every_line_whole(paths, look):
    """The round summary's table over the staged board: headings, the 'switched' mark
    and the note fit their columns at 150 % (they ran into each other there), and 100 %
    is drawn as laid out."""
    from scenes.tutorial import open_tutorial

    app = make(paths, LOOKS[look])
    try:
        assert open_tutorial(app, "element-shift", 2)
        app.run_ticks(2, draw=False)
        scene = app.top
        if scene.phase == "doing":
            scene.try_move(scene.match.parse(scene.step.expect[0]))
        assert app.run_until(lambda: scene.phase == "done", max_ticks=20000)
        app.run_ticks(30, draw=False)
        assert scene.mode() == "summary"
        log = [d for d in render(app) if d.text.strip() and d.surface == (1280, 720)]
        start = next(i for i, d in enumerate(log) if d.text.startswith("Round 2 scored"))
        table = [d for d in log[start:] if d.rect.centerx < 880]  # the board is beneath
        assert any(d.text == "switched" for d in table)
        found = problems(table) + overlaps(table)
        assert not found, found
    finally:
        app.shutdown()
