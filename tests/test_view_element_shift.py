"""Element Shift's play screen, driven headless with synthetic input only: clicks at the
positions the view computes, keys, finger events.  The person's choices go through the
screen (never ``match.submit``); the bots run in the worker (thread mode)."""

from __future__ import annotations

from functools import partial

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.rules.element_shift import CELLS, SIZE, STAY, Plan, StartPick, ray_cells
from scenes.play.element_shift import ElementShiftResults, ElementShiftView, cell_center
from scenes.select import SEAT_CHOICES, seat_caption
from tests import drive
from tests.drive import wait_seconds as wait

# a click or a key, then the tick that handles it (not drawn: quicker)
click = partial(drive.click, ticks=1, draw=False)
key = partial(drive.key, ticks=1, draw=False)

SPEC = GAMES["element-shift"]


# -- driving helpers ------------------------------------------------------------------
def click_cell(app, cell: int) -> None:
    click(app, cell_center(cell))


def click_control(app, view, name: str) -> None:
    click(app, view.control_rect(name).center)


def start_from_title(app, seats: list[str], seed: int) -> ElementShiftView:
    """Title -> Play -> the Element Shift card -> seats -> Start, all by clicks."""
    title = app.top
    play = next(c for c in title.controls if c.element.text == "Play")
    click(app, play.element.rect.center)
    select = app.top
    assert select.name == "select"
    card = select.card_rects["element-shift"]
    click(app, (card.centerx, card.y + 30))
    assert app.top.game_id == "element-shift"
    for i, kind in enumerate(seats):
        for _ in range(len(SEAT_CHOICES) - 1):  # at most once round the cycle
            ctrl = next(c for c in app.top.controls if c.element.text.startswith(f"P{i + 1}: "))
            if ctrl.element.text.endswith(f"‹ {seat_caption(kind, 'element-shift', short=True)} ›"):
                break
            click(app, ctrl.element.rect.center)
        assert ctrl.element.text.endswith(f"‹ {seat_caption(kind, 'element-shift', short=True)} ›")
    app.top.seed_entry.set_text(str(seed))
    start = next(c for c in app.top.controls if c.element.text.startswith("Start"))
    click(app, start.element.rect.center)
    view = app.top
    assert isinstance(view, ElementShiftView)
    view.bot_seconds = 0.05
    return view


def make_view(app, seats: list[str], seed: int = 7, upto_round: int = 0) -> ElementShiftView:
    """A view on a match whose earlier phases were played by a seeded bot (test set-up)."""
    import random

    setup = GameSetup("element-shift", 12, {}, seed)
    match = Match(
        SPEC,
        setup,
        [Seat.person() if k == "person" else Seat.bot(k) for k in seats],
        setup.start(GAMES),
    )
    bot, rng = GAMES[SPEC.id].make_bot("easy"), random.Random(seed)
    while match.state.round < upto_round:
        match.submit(bot.choose(match.state, rng=rng))
    from scenes.play import play_scene_for

    view = play_scene_for(app, match)
    app.push(view)
    app.run_ticks(2)
    view.bot_seconds = 0.03
    return view


def best_start(state, seat: int) -> int:
    el = state.elements[seat]
    return max(
        (c for c in range(CELLS) if state.board[c] == el),
        key=lambda c: (len(state.region_cells(c)), -c),
    )


def pick_start_by_clicks(app, view) -> int:
    state, seat = view.match.state, view.match.to_move()
    cell = best_start(state, seat)
    click_cell(app, cell)
    assert view.pick == cell
    click_cell(app, cell)  # a second click confirms
    return cell


def plan_by_clicks(app, view, switch: bool = False, use_ray: bool = False) -> Plan:
    """A simple policy entered by clicks: step onto tiles of one's element when one is
    reachable, else stay (a click on the path's end).  Returns the plan submitted."""
    state, seat = view.match.state, view.match.to_move()
    if switch:
        click_control(app, view, "switch")
    assert view.plan_switch == switch
    element = (state.elements[seat] + 1) % 3 if switch else state.elements[seat]
    if use_ray:
        ray = next(
            n
            for n, _, _ in view.controls()
            if n.startswith("ray ") and ray_cells(state.positions[seat], n[4:])
        )
        click_control(app, view, ray)
        assert view.plan_actions == [ray]
    for k in range(len(view.plan_actions), state.segments()):
        end = view.path_end()
        good = [
            a
            for a in state.menu(end, k)
            if a.kind in ("step", "jump") and state.board[a.dest] == element
        ]
        target = good[0].dest if good else end
        click_cell(app, target)
        assert len(view.plan_actions) == k + 1, view.banner
    plan = view.padded()
    click_control(app, view, "submit")
    return plan


# -- the whole game -------------------------------------------------------------------
def test_one_person_and_eleven_hard_bots_from_the_title_to_the_results(app):
    app.settings.animation_speed = 4.0
    view = start_from_title(app, ["person"] + ["hard"] * 11, seed=2024)
    match = view.match
    assert [s.level for s in match.seats[1:]] == ["hard"] * 11
    mine: list[str] = []
    summaries: list[int] = []
    reveal_frames = 0
    for _ in range(200):
        wait(
            app,
            lambda: app.top is not view or view.mode() in ("setup", "plan", "summary"),
            draw_every=7,
        )
        if app.top is not view:
            break
        mode = view.mode()
        if mode == "setup":
            cell = pick_start_by_clicks(app, view)
            mine.append(f"start {'ABCDEFGHIJK'[cell % SIZE]}{cell // SIZE + 1}")
        elif mode == "plan":
            rnd = match.state.round
            plan = plan_by_clicks(app, view, switch=rnd == 4, use_ray=rnd == 6)
            mine.append(str(plan))
            # the reveal plays once the bots are in: draw some of its frames
            if wait(app, lambda: view.anim is not None and view.animating_resolution()):
                for _ in range(6):
                    app.run_ticks(3, draw=True)
                    reveal_frames += 1
        elif mode == "summary":
            summaries.append(view.summary_round)
            app.run_ticks(1, draw=True)
            click_control(app, view, "continue")
    wait(app, lambda: app.top is not view)
    assert app.top.name == "results" and isinstance(app.top, ElementShiftResults)
    assert match.is_over()
    assert summaries == [1, 2, 3, 4, 5, 6, 7]
    assert reveal_frames > 0
    assert [e.text for e in match.entries if e.seat == 0] == mine
    assert len(match.entries) == 12 * 8
    assert any(t.startswith("switch;") for t in mine) and any("ray" in t for t in mine)
    app.run_ticks(2)  # the results screen draws its chart from the rounds


def test_three_people_pass_the_device_behind_a_curtain(app):
    app.settings.animation_speed = 4.0
    people = (0, 5, 10)
    seats = ["person" if s in people else "easy" for s in range(12)]
    view = start_from_title(app, seats, seed=99)
    match = view.match
    tiles_drawn = []
    original = view.draw_tiles
    view.draw_tiles = lambda surface, board: (tiles_drawn.append(1), original(surface, board))
    curtains: list[tuple[int, int]] = []
    previous_plan = None
    for _ in range(400):
        wait(
            app,
            lambda: app.top is not view or view.mode() in ("curtain", "setup", "plan", "summary"),
        )
        if app.top is not view:
            break
        mode = view.mode()
        if mode == "curtain":
            seat = view.curtain_seat()
            assert seat == match.to_move() and seat in people
            curtains.append((match.state.round, seat))
            # the board and every plan are hidden: no tiles drawn, no plan text anywhere
            del tiles_drawn[:]
            app.run_ticks(1, draw=True)
            assert not tiles_drawn
            # this round's earlier submissions are listed without their content
            now = match.state.round
            this_round = [
                t for i, (_, t) in enumerate(view.log_lines()) if match.states[i].round == now
            ]
            assert all(t.endswith(("submitted a plan", "picked a start tile")) for t in this_round)
            if previous_plan is not None and previous_plan[0] == now:
                assert not any(previous_plan[1] in t for t in this_round + [view.status_text()])
            if len(curtains) % 2:
                key(app, pygame.K_RETURN)
            else:
                click_control(app, view, "reveal")
            assert view.mode() in ("setup", "plan")
        elif mode == "setup":
            pick_start_by_clicks(app, view)
        elif mode == "plan":
            now = match.state.round
            previous_plan = (now, str(plan_by_clicks(app, view, switch=match.to_move() == 5)))
        elif mode == "summary":
            click_control(app, view, "continue")
    wait(app, lambda: app.top is not view)
    assert app.top.name == "results"
    decisions = [
        (match.states[i].round, e.seat) for i, e in enumerate(match.entries) if e.seat in people
    ]
    assert curtains == decisions  # a curtain before every secret choice of a person
    assert len(curtains) == 3 * 8


# -- other screen criteria ------------------------------------------------------------
def test_refusals_show_the_engines_reason(app):
    view = make_view(app, ["person"] + ["easy"] * 11)
    state = view.match.state
    wrong = next(c for c in range(CELLS) if state.board[c] != state.elements[0])
    click_cell(app, wrong)
    assert view.banner == state.why_illegal(StartPick(wrong), 0) and view.banner_kind == "error"
    assert "must start on a" in view.banner and not view.match.entries

    app.pop()
    app.run_ticks(1)
    view = make_view(app, ["person"] + ["easy"] * 11, upto_round=3)  # Catholic Conversion
    state = view.match.state
    pos = state.positions[0]
    side = pos + 1 if pos % SIZE < SIZE - 1 else pos - 1  # an orthogonal neighbour
    click_cell(app, side)
    token = "R" if side == pos + 1 else "L"
    expected = state.why_illegal(Plan(False, (token,) + (STAY,) * 4), 0)
    assert view.banner == expected and "diagonal" in expected
    assert view.plan_actions == []
    # a diagonal neighbour is accepted
    diag = next(a for a in state.menu(pos, 0) if a.kind == "step")
    click_cell(app, diag.dest)
    assert view.plan_actions == [diag.token]


def test_undo_against_the_bots_gives_the_plan_back(app):
    app.settings.animation_speed = 4.0
    view = make_view(app, ["person"] + ["hard"] * 11, seed=5, upto_round=1)
    match = view.match
    plan = plan_by_clicks(app, view)
    assert wait(app, lambda: view.mode() == "summary")
    assert match.state.round == 2
    key(app, pygame.K_u)
    assert match.state.round == 1 and match.to_move() == 0
    assert view.summary_round is None and view.mode() == "plan"
    assert view.padded() == plan  # the plan is back in the editor
    restored = list(view.plan_actions)
    key(app, pygame.K_BACKSPACE)
    assert view.plan_actions == restored[:-1]
    expected = view.padded()
    key(app, pygame.K_RETURN, pygame.KMOD_SHIFT)  # submit with the rest as stay
    mine = [e for e in match.entries if e.seat == 0]
    assert mine[-1].text == str(expected) and len(mine) == 2  # the start pick and this plan


def test_keyboard_alone_picks_plans_and_continues(app):
    app.settings.animation_speed = 4.0
    view = make_view(app, ["person"] + ["easy"] * 11, seed=11)
    match = view.match
    state = match.state
    target = best_start(state, 0)
    # walk the cursor there with the arrow keys
    while view.cursor != target:
        dc = target % SIZE - view.cursor % SIZE
        dr = target // SIZE - view.cursor // SIZE
        key(
            app,
            pygame.K_RIGHT
            if dc > 0
            else pygame.K_LEFT
            if dc < 0
            else pygame.K_DOWN
            if dr > 0
            else pygame.K_UP,
        )
    key(app, pygame.K_RETURN)
    assert view.pick == target
    key(app, pygame.K_SPACE)
    assert match.entries[0].text.startswith("start ")
    assert wait(app, lambda: view.mode() == "plan")
    state = match.state
    key(app, pygame.K_TAB)
    assert view.plan_switch
    start = state.positions[0]
    step = next(a for a in state.menu(start, 0) if a.kind == "step")
    arrow = {"U": pygame.K_UP, "D": pygame.K_DOWN, "L": pygame.K_LEFT, "R": pygame.K_RIGHT}[
        step.token
    ]
    key(app, arrow)
    key(app, pygame.K_RETURN)
    assert view.plan_actions == [step.token] and view.cursor == step.dest
    key(app, pygame.K_s)
    key(app, pygame.K_BACKSPACE)
    assert view.plan_actions == [step.token]
    for _ in range(4):
        key(app, pygame.K_SPACE)  # Space on the path's end: stay
    assert view.plan_actions == [step.token] + [STAY] * 4
    key(app, pygame.K_RETURN)  # a full plan: Enter submits
    assert match.entries[-1].text == f"switch; {step.token} stay stay stay stay"
    assert wait(app, lambda: view.mode() == "summary")
    key(app, pygame.K_RETURN)
    assert view.mode() == "plan" and match.state.round == 2


def test_variation_editors_rays_knight_jumps_and_a_finger_drag(app):
    view = make_view(app, ["person"] + ["easy"] * 11, seed=3, upto_round=6)  # Elemental Ray
    state = view.match.state
    pos = state.positions[0]
    d = next(x for x in "NESW" if ray_cells(pos, x))
    key(app, pygame.K_r)
    assert view.ray_aim
    key(app, {"N": pygame.K_UP, "E": pygame.K_RIGHT, "S": pygame.K_DOWN, "W": pygame.K_LEFT}[d])
    assert view.plan_actions == [f"ray {d}"] and not view.ray_aim
    assert not any(n.startswith("ray ") for n, _, _ in view.controls())  # first action only
    app.run_ticks(1, draw=True)
    app.pop()
    app.run_ticks(1)

    view = make_view(app, ["person"] + ["easy"] * 11, seed=3, upto_round=5)  # Horsing Around
    state = view.match.state
    jump = next(a for a in state.menu(state.positions[0], 0) if a.kind == "jump")
    click_cell(app, jump.dest)
    assert view.plan_actions == [jump.token]
    # a finger drag across two tiles adds two steps (and no stay for the press)
    end = view.path_end()
    first = next(a for a in state.menu(end, 1) if a.kind == "step")
    second = next(a for a in state.menu(first.dest, 2) if a.kind == "step")
    w, h = app.canvas.get_size()
    for etype, cell in (
        (pygame.FINGERDOWN, end),
        (pygame.FINGERMOTION, first.dest),
        (pygame.FINGERMOTION, second.dest),
        (pygame.FINGERUP, second.dest),
    ):
        x, y = cell_center(cell)
        app.post(
            pygame.event.Event(
                etype, x=x / w, y=y / h, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1
            )
        )
    assert view.plan_actions == [jump.token, first.token, second.token]
    app.run_ticks(1, draw=True)


def test_colour_blind_glyphs_and_the_select_thumbnail(app):
    make_view(app, ["person"] + ["easy"] * 11, upto_round=1)
    x, y = cell_center(60)
    app.draw()
    plain = [
        app.canvas.get_at((int(x) + dx, int(y) + dy))
        for dx in range(-12, 13, 3)
        for dy in range(-12, 13, 3)
    ]
    app.settings.colour_blind = True
    app.draw()
    glyphs = [
        app.canvas.get_at((int(x) + dx, int(y) + dy))
        for dx in range(-12, 13, 3)
        for dy in range(-12, 13, 3)
    ]
    assert plain != glyphs
    for size in ((214, 120), (50, 300), (400, 400)):
        surf = pygame.Surface(size, pygame.SRCALPHA)
        ElementShiftView.draw_thumbnail(surf, app.theme, SPEC.new_game(seed=1), app.settings)
        assert surf.get_bounding_rect().w > min(size) * 0.8


@pytest.mark.parametrize("name", ["keep", "switch", "undo_step", "clear", "submit"])
def test_every_button_is_a_comfortable_touch_target(app, name):
    view = make_view(app, ["person"] + ["easy"] * 11, upto_round=6)
    rect = view.control_rect(name)
    assert rect.w >= 44 and rect.h >= 44


def test_a_hint_is_drawn_and_taken_with_h_or_the_button(app):
    view = make_view(app, ["person"] + ["easy"] * 11, seed=8, upto_round=2)
    key(app, pygame.K_h)
    assert wait(app, lambda: isinstance(view.hint, Plan), seconds=30)
    hint = view.hint
    assert hint in view.match.state.legal_moves()
    app.run_ticks(1, draw=True)  # its route is drawn over the board
    click_control(app, view, "use_hint")
    assert view.padded() == hint
    click_control(app, view, "clear")
    assert view.plan_actions == []
    key(app, pygame.K_h)  # H again takes the hint shown
    assert view.padded() == hint
    key(app, pygame.K_RETURN)  # the plan is full: Enter submits it
    assert view.match.entries[-1].text == str(hint) and view.match.entries[-1].seat == 0


def test_a_start_hint_is_chosen_with_h_again(app):
    view = make_view(app, ["person"] + ["easy"] * 11, seed=4)
    key(app, pygame.K_h)
    assert wait(app, lambda: isinstance(view.hint, StartPick), seconds=30)
    hint = view.hint
    key(app, pygame.K_h)
    assert view.pick == hint.cell
    key(app, pygame.K_RETURN)
    assert view.match.entries[0].text == str(hint)


@pytest.mark.parametrize("language", ["en", "de", "pseudo"])
@pytest.mark.parametrize("size", [100, 150])
def test_the_key_help_keeps_every_key_at_every_text_size(paths, language, size):
    """The side panel's key help was cut to three lines: in German at 150 % the
    plan's Shift+Enter (submit) and H (hint) were left out, with no sign of it."""
    from game.text import i18n
    from scenes import widgets
    from tests.test_accessibility import make

    app = make(paths, {"language": language, "text_size": size})
    i18n.set_language(language)
    try:
        view = make_view(app, ["person"] + ["easy"] * 11, upto_round=1)
        assert view.mode() == "plan"
        widgets.text.TEXT_LOG = []
        try:
            view.draw(app.canvas, 0.0)
            drawn = " ".join(d.shown for d in widgets.text.TEXT_LOG)
        finally:
            widgets.text.TEXT_LOG = None
        for part in (
            _t("Shift+Enter submit"),
            _t("H hint (again: use it)"),
            _t("Right past the board: buttons"),
            _t("Click tiles or drag"),
        ):
            assert " ".join(part.split()) in " ".join(drawn.split()), (part, drawn)
    finally:
        app.shutdown()


def _t(message: str) -> str:
    from game.text.i18n import _

    return _(message)
