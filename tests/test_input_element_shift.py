"""Element Shift played from the title screen to the results with touch alone and with a
game controller alone (the issue "Kiosk mode, attract demo, touch and gamepad").

The person (seat 1) plays against eleven Easy bots.  Their choices come from a simple
policy (the Easy bot's own choice, a ray in round 6, the Hard bot's hint once) but are
ENTERED only through synthetic input: finger taps and drags (each with SDL's duplicated
``touch=True`` mouse events, which must be ignored), or controller buttons (d-pad, A, B,
X, Y, Back, Start).  Nothing here calls ``match.submit`` or ``view.try_move``."""

from __future__ import annotations

import random
from functools import partial

import pygame

from game.registry import GAMES
from game.rules.element_shift import SIZE, STAY, Plan, StartPick, ray_cells
from scenes.play.element_shift import ElementShiftResults, ElementShiftView, cell_center
from scenes.select import seat_caption
from tests import drive
from tests.drive import control

# a controller press and a tick (not drawn) after each
pad = partial(drive.pad, ticks=1, draw=False, each=True)

SPEC = GAMES["element-shift"]
W, H = 1280, 720

# SDL game-controller button numbers
A, B, X, Y, BACK, START = 0, 1, 2, 3, 4, 6
LEFTSHOULDER, RIGHTSHOULDER = 9, 10
DPAD_UP, DPAD_DOWN, DPAD_LEFT, DPAD_RIGHT = 11, 12, 13, 14


# -- driving helpers ------------------------------------------------------------------
# Element Shift's input test gives each wait 40 s before it fails.
wait = partial(drive.wait_seconds, seconds=40.0)


def finger(etype, pos, finger_id: int = 1, dx: float = 0.0, dy: float = 0.0):
    return pygame.event.Event(
        etype,
        x=pos[0] / W,
        y=pos[1] / H,
        dx=dx,
        dy=dy,
        finger_id=finger_id,
        touch_id=1,
        pressure=0.0 if etype == pygame.FINGERUP else 1.0,
    )


def sdl_copy(etype, pos):
    """SDL's own mouse copy of a touch (marked touch=True): must count for nothing."""
    if etype == pygame.MOUSEMOTION:
        return pygame.event.Event(etype, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=True)
    return pygame.event.Event(etype, pos=pos, button=1, touch=True)


def tap(app, pos) -> None:
    """A finger tap as SDL delivers it: the finger events and the mouse copies."""
    pos = (int(pos[0]), int(pos[1]))
    for ev in (
        finger(pygame.FINGERDOWN, pos),
        sdl_copy(pygame.MOUSEMOTION, pos),
        sdl_copy(pygame.MOUSEBUTTONDOWN, pos),
        finger(pygame.FINGERUP, pos),
        sdl_copy(pygame.MOUSEBUTTONUP, pos),
    ):
        app.post(ev)
    app.run_ticks(1, draw=False)


def drag(app, points) -> None:
    """A finger pressed at points[0], moved through the others, lifted at the last."""
    pts = [(int(x), int(y)) for x, y in points]
    app.post(finger(pygame.FINGERDOWN, pts[0]))
    app.post(sdl_copy(pygame.MOUSEBUTTONDOWN, pts[0]))
    prev = pts[0]
    for p in pts[1:]:
        app.post(finger(pygame.FINGERMOTION, p, dx=(p[0] - prev[0]) / W, dy=(p[1] - prev[1]) / H))
        app.post(sdl_copy(pygame.MOUSEMOTION, p))
        prev = p
    app.post(finger(pygame.FINGERUP, pts[-1]))
    app.post(sdl_copy(pygame.MOUSEBUTTONUP, pts[-1]))
    app.run_ticks(1, draw=False)


def focused(app):
    scene = app.top
    if 0 <= scene.focus_index < len(scene.controls):
        return scene.controls[scene.focus_index]
    return None


def menu_focus(app, prefix: str, button: int) -> None:
    """Press ``button`` (a d-pad direction, or Back = Tab: the next control) until the
    menu's focus is on the control whose text starts with ``prefix``.  (On the select
    screen Left/Right on a seat cycler change its value, so Back walks the seats.)"""
    for _ in range(len(app.top.controls) + 1):
        cur = focused(app)
        if cur is not None and cur.element.text.startswith(prefix):
            return
        pad(app, button)
    raise AssertionError(f"the controller never reached {prefix!r}")


def target_rect(view, name: str):
    return view.button(name).rect


def view_focus(app, view, name: str) -> None:
    """Move the play screen's focus ring onto button ``name`` with the d-pad: Right
    walks the cursor off the board's right edge, then toward the button."""
    for _ in range(40):
        if view.focus == name:
            app.run_ticks(1, draw=True)  # the focus ring is drawn
            return
        if view.focus is None:
            pad(app, DPAD_RIGHT)
            continue
        cur, target = view.focus_rect(), target_rect(view, name)
        dx, dy = target.centerx - cur.centerx, target.centery - cur.centery
        if abs(dy) > cur.h // 2:
            pad(app, DPAD_DOWN if dy > 0 else DPAD_UP)
        else:
            pad(app, DPAD_RIGHT if dx > 0 else DPAD_LEFT)
    raise AssertionError(f"the d-pad never reached the {name!r} button")


def back_to_board(app, view) -> None:
    for _ in range(20):
        if view.focus is None:
            return
        pad(app, DPAD_LEFT)
    raise AssertionError("Left never brought the focus back to the board")


def cursor_to(app, view, cell: int) -> None:
    assert view.focus is None
    for _ in range(2 * SIZE + 2):
        if view.cursor == cell:
            return
        dc = cell % SIZE - view.cursor % SIZE
        dr = cell // SIZE - view.cursor // SIZE
        if dc:
            pad(app, DPAD_RIGHT if dc > 0 else DPAD_LEFT)
        else:
            pad(app, DPAD_DOWN if dr > 0 else DPAD_UP)
    assert view.cursor == cell


def policy(view, rng: random.Random):
    """The person's choice: the Easy bot's, except a ray first in round 6."""
    state = view.match.state
    move = GAMES[SPEC.id].make_bot("easy").choose(state, rng=rng)
    if state.round == 6:
        pos = state.positions[view.match.to_move()]
        d = max("NESW", key=lambda x: len(ray_cells(pos, x)))
        # a ray does not move the player: the Easy plan's other actions still fit after it
        rest = [t for t in move.actions if not t.startswith("ray ")][:4]
        move = Plan(move.switch, (f"ray {d}", *rest))
        assert state.why_illegal(move) is None
    return move


def action_target(view, token: str) -> int:
    """The tile that enters ``token`` as the next action (the path's end for stay)."""
    state, end, k = view.match.state, view.path_end(), len(view.plan_actions)
    if token == STAY:
        return end
    return next(a.dest for a in state.menu(end, k) if a.token == token)


def wait_for_decision(app, view) -> bool:
    return wait(
        app,
        lambda: app.top is not view or view.mode() in ("setup", "plan", "summary"),
        draw_every=9,
    )


def assert_results(app, view, mine: list[str]) -> None:
    assert wait(app, lambda: app.top is not view)
    assert app.top.name == "results" and isinstance(app.top, ElementShiftResults)
    match = view.match
    assert match.is_over()
    assert [e.text for e in match.entries if e.seat == 0] == mine
    assert len(match.entries) == 12 * 8
    app.run_ticks(2)  # the results screen draws


# -- touch ----------------------------------------------------------------------------
def test_a_whole_game_with_finger_taps_and_drags_only(app):
    app.settings.animation_speed = 4.0
    # title -> select
    tap(app, control(app.top, "Play").element.rect.center)
    assert [s.name for s in app.stack] == ["title", "select"]  # one tap, one push
    select = app.top
    card = select.card_rects["element-shift"]
    tap(app, (card.centerx, card.y + 30))
    assert select.game_id == "element-shift"
    # seats 2-12: Medium -> Hard -> Expert -> Person -> Easy, one step per tap (Phone is
    # offered only while Host party is on)
    for i in range(1, 12):
        cyc = control(app.top, f"P{i + 1}: ")
        assert cyc.element.text.endswith(
            f"‹ {seat_caption('medium', 'element-shift', short=True)} ›"
        )
        tap(app, cyc.element.rect.center)
        assert cyc.element.text.endswith(
            f"‹ {seat_caption('hard', 'element-shift', short=True)} ›"
        )  # not counted twice
        tap(app, cyc.element.rect.center)
        assert cyc.element.text.endswith(
            f"‹ {seat_caption('expert', 'element-shift', short=True)} ›"
        )
        tap(app, cyc.element.rect.center)
        assert cyc.element.text.endswith(
            f"‹ {seat_caption('person', 'element-shift', short=True)} ›"
        )
        tap(app, cyc.element.rect.center)
        cyc = control(app.top, f"P{i + 1}: ")
        assert cyc.element.text.endswith(f"‹ {seat_caption('easy', 'element-shift', short=True)} ›")
    assert control(app.top, "P1: ").element.text.endswith(
        f"‹ {seat_caption('person', 'element-shift', short=True)} ›"
    )
    select.seed_entry.set_text("31")  # test set-up: a reproducible board (typing is not tested)
    tap(app, control(app.top, "Start").element.rect.center)
    view = app.top
    assert isinstance(view, ElementShiftView)
    view.bot_seconds = 0.05
    match = view.match
    assert [s.level for s in match.seats[1:]] == ["easy"] * 11 and not match.seats[0].is_bot

    rng = random.Random(1)
    mine: list[str] = []
    summaries: list[int] = []
    for _ in range(60):
        assert wait_for_decision(app, view)
        if app.top is not view:
            break
        mode = view.mode()
        if mode == "setup":
            cell = policy(view, rng).cell
            tap(app, cell_center(cell))
            # one tap chooses; a double-counted tap would also have confirmed it
            assert view.pick == cell and not match.entries
            tap(app, cell_center(cell))
            assert match.entries[-1].seat == 0 and match.entries[-1].text == str(StartPick(cell))
            mine.append(str(StartPick(cell)))
        elif mode == "plan":
            rnd = match.state.round
            plan = policy(view, rng)
            if plan.switch:
                tap(app, view.control_rect("switch").center)
            assert view.plan_switch == plan.switch
            actions = list(plan.actions)
            k = 0
            if rnd == 1:
                # a tap on a tile one step away adds exactly one action; Step back removes it
                step = next(a for a in match.state.menu(view.path_end(), 0) if a.kind == "step")
                tap(app, cell_center(step.dest))
                assert view.plan_actions == [step.token]
                tap(app, view.control_rect("undo_step").center)
                assert view.plan_actions == []
            if rnd == 2:
                # one tap on the path's end is exactly one stay; Clear empties the plan
                tap(app, cell_center(view.path_end()))
                assert view.plan_actions == [STAY]
                tap(app, view.control_rect("clear").center)
                assert view.plan_actions == []
            while k < len(actions):
                token = actions[k]
                if token.startswith("ray "):
                    tap(app, view.control_rect(token).center)
                    k += 1
                    assert view.plan_actions == actions[:k]
                    continue
                # a run of steps is drawn with one drag from the path's end
                run = []
                end = view.path_end()
                for t in actions[k:]:
                    a = next(a for a in match.state.menu(end, k + len(run)) if a.token == t)
                    if a.kind != "step":
                        break
                    run.append(a.dest)
                    end = a.dest
                if len(run) >= 2:
                    drag(app, [cell_center(c) for c in [view.path_end()] + run])
                    k += len(run)
                else:
                    tap(app, cell_center(action_target(view, token)))
                    k += 1
                assert view.plan_actions == actions[:k], view.banner
            assert view.padded() == plan
            tap(app, view.control_rect("submit").center)
            mine.append(str(plan))
            assert [e.text for e in match.entries if e.seat == 0] == mine
        elif mode == "summary":
            summaries.append(view.summary_round)
            app.run_ticks(1, draw=True)
            tap(app, view.control_rect("continue").center)
            assert view.summary_round is None
    assert summaries == [1, 2, 3, 4, 5, 6, 7]
    assert any(t.startswith("switch;") for t in mine) and any("ray" in t for t in mine)
    assert_results(app, view, mine)


# -- controller -----------------------------------------------------------------------
def test_a_whole_game_with_a_game_controller_only(app):
    app.settings.animation_speed = 4.0
    # title: Play has the focus; A opens the game select
    assert focused(app).element.text == "Play"
    pad(app, A)
    select = app.top
    assert select.name == "select"
    assert focused(app).element.text == GAMES[select.ids[0]].title  # the first card
    right = select.ids.index("element-shift") > select.ids.index(select.game_id)
    menu_focus(app, SPEC.title, DPAD_RIGHT if right else DPAD_LEFT)
    pad(app, A)
    assert select.game_id == "element-shift"
    pad(app, DPAD_DOWN)  # from the card down into the seats
    assert focused(app).element.text.startswith("P")
    for i in range(1, 12):
        menu_focus(app, f"P{i + 1}: ", BACK)
        pad(app, DPAD_LEFT)  # Medium -> Easy: one press, one step
        assert focused(app).element.text.endswith(
            f"‹ {seat_caption('easy', 'element-shift', short=True)} ›"
        )
    select.seed_entry.set_text("77")  # test set-up: a reproducible board (typing is not tested)
    menu_focus(app, "Start", BACK)
    pad(app, A)
    view = app.top
    assert isinstance(view, ElementShiftView)
    view.bot_seconds = 0.05
    match = view.match
    assert [s.level for s in match.seats[1:]] == ["easy"] * 11 and not match.seats[0].is_bot

    rng = random.Random(2)
    mine: list[str] = []
    summaries: list[int] = []
    undone = did_undo = paused = False
    for _ in range(60):
        assert wait_for_decision(app, view)
        if app.top is not view:
            break
        mode = view.mode()
        if mode == "setup":
            cell = policy(view, rng).cell
            # the left stick moves the cursor too: one push right, one tile
            before = view.cursor
            for value in (32767, 0):
                app.post(
                    pygame.event.Event(
                        pygame.CONTROLLERAXISMOTION, axis=0, value=value, instance_id=0
                    )
                )
            app.run_ticks(1, draw=False)
            assert view.cursor == before + 1
            cursor_to(app, view, cell)
            pad(app, A)
            assert view.pick == cell and not match.entries
            view_focus(app, view, "start")  # Start here, pressed with X (Space)
            pad(app, X)
            mine.append(str(StartPick(cell)))
            assert [e.text for e in match.entries if e.seat == 0] == mine
        elif mode == "plan":
            rnd = match.state.round
            if not paused:
                paused = True
                pad(app, START)  # Start pauses; B goes back to the game
                assert app.top.name == "pause"
                pad(app, B)
                assert app.top is view and view.mode() == "plan"
            if rnd == 2 and not view.plan_actions:
                # Y asks for a hint, Y again takes it; the plan is full: A submits it
                pad(app, Y)
                assert wait(app, lambda: isinstance(view.hint, Plan))
                hint = view.hint
                pad(app, Y)
                assert view.padded() == hint
                pad(app, A)
                mine.append(str(hint))
                assert [e.text for e in match.entries if e.seat == 0] == mine
                continue
            if undone:
                # the undone plan is back in the editor: submit it again
                plan = view.padded()
            else:
                plan = policy(view, rng)
                if plan.switch != view.plan_switch:
                    pad(app, BACK)  # Back = Tab: keep / switch
                assert view.plan_switch == plan.switch
                if rnd == 1:
                    # A on a neighbour adds one step; the Step back and Clear buttons
                    step = next(a for a in match.state.menu(view.path_end(), 0) if a.kind == "step")
                    cursor_to(app, view, step.dest)
                    pad(app, A)
                    assert view.plan_actions == [step.token]
                    pad(app, A)  # A on the path's end: stay
                    assert view.plan_actions == [step.token, STAY]
                    view_focus(app, view, "undo_step")
                    pad(app, A)
                    assert view.plan_actions == [step.token]
                    view_focus(app, view, "clear")
                    pad(app, A)
                    assert view.plan_actions == []
                    back_to_board(app, view)
                actions = list(plan.actions)
                while actions and actions[-1] == STAY:
                    actions.pop()  # the rest is left to Submit (stay)
                for k, token in enumerate(actions):
                    if token.startswith("ray "):
                        view_focus(app, view, token)
                        pad(app, A)
                        assert view.focus is None  # the ray buttons are gone
                    else:
                        cursor_to(app, view, action_target(view, token))
                        pad(app, A)
                    assert view.plan_actions == actions[: k + 1], view.banner
            assert view.padded() == plan
            if len(view.plan_actions) == match.state.segments():
                pad(app, A)  # a full plan: A submits
            else:
                view_focus(app, view, "submit")
                pad(app, A)
            mine.append(str(plan))
            assert [e.text for e in match.entries if e.seat == 0] == mine
            undone = False
        elif mode == "summary":
            if view.summary_round == 3 and not did_undo:
                # the panel's Undo through the focus ring: round 3 comes back, with the
                # person's plan in the editor
                view_focus(app, view, "panel:undo")
                pad(app, A)
                assert match.state.round == 3 and view.mode() == "plan"
                assert str(view.padded()) == mine.pop()
                undone = did_undo = True
                back_to_board(app, view)
                continue
            summaries.append(view.summary_round)
            app.run_ticks(1, draw=True)
            if view.summary_round == 5:
                # the shoulders scroll the move log (up, then back down)
                pad(app, LEFTSHOULDER)
                app.run_ticks(1, draw=True)
                assert view.log_scroll > 0
                pad(app, RIGHTSHOULDER)
                assert view.log_scroll == 0
            pad(app, A)
            assert view.summary_round is None
    assert summaries == [1, 2, 3, 4, 5, 6, 7]
    assert any("ray" in t for t in mine)
    assert_results(app, view, mine)
