"""Crystal Formation from the title screen to the results screen with touch only and
with a game controller only.

Every action goes in as SDL would deliver it: finger taps and drags (with SDL's own
mouse copies marked ``touch=True``, which must be ignored), or controller button
presses (CONTROLLERBUTTONDOWN / UP, never keys or the mouse).  The engine is
consulted only to choose what a simple player would do (the Easy bot's greedy choice)
and to check what happened; moves are never submitted to the match directly.
"""

from __future__ import annotations

import random
import re
import time

import pygame

from game.ai.base import Budget
from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.rules.crystal_formation import Grow, Pass, Place
from scenes.play import crystal_formation as V
from tests.drive import control, pad

SPEC = GAMES["crystal-formation"]
W, H = 1280, 720

# SDL game controller button numbers
A, B, X, Y, BACK, START = 0, 1, 2, 3, 4, 6
LEFTSHOULDER, RIGHTSHOULDER = 9, 10
UP, DOWN, LEFT, RIGHT = 11, 12, 13, 14


# -- synthetic devices ---------------------------------------------------------------------
def sdl_copy(app, kind, pos, rel=(0, 0)) -> None:
    """SDL's own mouse copy of a finger event (touch=True): it must be ignored."""
    ipos = (int(pos[0]), int(pos[1]))
    if kind == pygame.FINGERDOWN:
        app.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=ipos, rel=(0, 0), buttons=(0, 0, 0), touch=True
            )
        )
        app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ipos, button=1, touch=True))
    elif kind == pygame.FINGERUP:
        app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ipos, button=1, touch=True))
    else:
        app.post(
            pygame.event.Event(
                pygame.MOUSEMOTION,
                pos=ipos,
                rel=(int(rel[0]), int(rel[1])),
                buttons=(1, 0, 0),
                touch=True,
            )
        )


def finger(app, kind, pos, rel=(0, 0), copy: bool = True) -> None:
    """One finger event as SDL 2 delivers it: first its mouse copy (synthesised before
    the finger event is queued), then the finger event itself."""
    if copy:
        sdl_copy(app, kind, pos, rel)
    app.post(
        pygame.event.Event(
            kind,
            x=pos[0] / W,
            y=pos[1] / H,
            dx=rel[0] / W,
            dy=rel[1] / H,
            finger_id=1,
            touch_id=1,
            pressure=0.0 if kind == pygame.FINGERUP else 1.0,
        )
    )


def tap(app, pos, copies_after: bool = False) -> None:
    """A finger tap.  Normally each mouse copy comes just before its finger event;
    ``copies_after`` delivers both copies after the whole tap, a complete second click
    that would count twice if the copies were not dropped."""
    finger(app, pygame.FINGERDOWN, pos, copy=not copies_after)
    finger(app, pygame.FINGERUP, pos, copy=not copies_after)
    if copies_after:
        sdl_copy(app, pygame.FINGERDOWN, pos)
        sdl_copy(app, pygame.FINGERUP, pos)


def finger_drag(app, start, end, steps: int = 6) -> None:
    finger(app, pygame.FINGERDOWN, start)
    last = start
    for k in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
        finger(app, pygame.FINGERMOTION, p, (p[0] - last[0], p[1] - last[1]))
        last = p
    finger(app, pygame.FINGERUP, end)


class NoKeysOrMouse:
    """Fails the test if anything but finger / controller events (and SDL's ignored
    touch copies) is posted."""

    FINGER = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
    PAD = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)

    def __init__(self, app, allowed):
        self.allowed = allowed
        self.app = app
        self.real = app.post
        app.post = self.post

    def post(self, event):
        mouse_copy = event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
        ) and getattr(event, "touch", False)
        ok = event.type in self.allowed or (mouse_copy and self.allowed is self.FINGER)
        assert ok, (
            f"not a {'finger' if self.allowed is self.FINGER else 'controller'} event: {event}"
        )
        self.real(event)


def wait(app, view, predicate, ticks: int = 6000) -> None:
    """Tick (without drawing) until ``predicate``; bots think in real time in the
    worker's thread, so a tick sleeps a little while a ticket is out.  The bound is
    in ticks, not seconds: a stuck screen fails, a slow machine does not."""
    for _ in range(ticks):
        if predicate():
            return
        if view.ticket is not None or view.hint_ticket is not None:
            time.sleep(0.002)
        app.run_ticks(1, draw=False)
    assert predicate(), f"never happened; banner: {view.banner!r}"


def settle(app, view) -> None:
    """Until the person may act with nothing animating, or the game has left the screen."""
    wait(
        app,
        view,
        lambda: (
            app.top is not view
            or (view.my_turn() and not view.anim and not view.queue and not view.match.is_over())
        ),
    )


def focused(scene):
    return scene.controls[scene.focus_index].element.text


def pad_tab(app, scene, prefix: str) -> None:
    """The controller's Back button (Tab) steps a menu's focus through its controls in
    order, to the one whose text starts with ``prefix``."""
    for _ in range(len(scene.controls)):
        if focused(scene).startswith(prefix):
            return
        pad(app, BACK)
        app.run_ticks(1)
    assert focused(scene).startswith(prefix), focused(scene)


def choose(view, rng, seen: set):
    """The person's policy: the first legal action of a kind not played yet (so every
    kind goes through the input path), else the Easy bot's greedy choice."""
    state = view.match.state
    for move in state.legal_moves():
        if type(move).__name__ not in seen:
            return move
    return GAMES[SPEC.id].make_bot("easy").choose(state, rng=rng, budget=Budget(seconds=0.3))


def centre(view, cell):
    return view.geom.center(cell)


# -- touch ---------------------------------------------------------------------------------
def touch_move(app, view, move, turn: int) -> None:
    """Enter ``move`` with finger taps and drags only; a tap proposes, a second tap (or
    End turn) plays."""
    m = view.match
    before = len(m.entries)
    state = m.state

    def proposed():
        assert view.pending == move and view.candidate() == move
        assert len(m.entries) == before, "a single tap played an action: counted twice?"

    if isinstance(move, Pass):
        tap(app, view.button_rect("pass").center)
        proposed()
        tap(app, view.button_rect("end").center)
    elif isinstance(move, Place):
        tap(app, centre(view, move.cell), copies_after=turn % 3 == 0)
        proposed()  # one tap (plus SDL's mouse copies) = one action: a proposal only
        if turn % 2:
            tap(app, centre(view, move.cell))
        else:
            tap(app, view.button_rect("end").center)
    elif isinstance(move, Grow):
        tap(app, centre(view, move.cell))
        assert view.selected == move.cell and view.pending is None
        tap(app, view.button_rect(f"grow:{move.size}").center)
        proposed()
        tap(app, view.button_rect("end").center)
    elif turn % 2:
        finger_drag(app, centre(view, move.source), centre(view, move.target))
        proposed()
        tap(app, view.button_rect("end").center)
    else:
        tap(app, centre(view, move.source))
        assert view.selected == move.source
        tap(app, centre(view, move.target))
        proposed()
        tap(app, centre(view, move.target))
    assert len(m.entries) == before + 1, f"{move} was not played: {view.banner!r}"
    assert m.entries[before].text == str(move) and m.states[before] is state


def test_touch_only_game_from_title_to_results(app):
    guard = NoKeysOrMouse(app, NoKeysOrMouse.FINGER)
    app.settings.animation_speed = 4.0
    title = app.top
    tap(app, control(title, "Play").element.rect.center)
    app.run_ticks(2)
    select = app.top
    assert select.name == "select"
    tap(app, select.card_rects["crystal-formation"].center)
    app.run_ticks(2)
    assert select.game_id == "crystal-formation"
    assert select.cfg()["players"] == 2
    names = SPEC.seat_names(2)
    assert select.cfg()["seats"][:2] == ["person", "medium"]
    # one tap on Sapphire's cycler steps it exactly once: Medium -> Hard (not on to Person)
    tap(app, control(select, f"{names[1]}:").element.rect.center, copies_after=True)
    app.run_ticks(1)
    assert select.cfg()["seats"][:2] == ["person", "hard"]
    assert re.search(r"‹ Bot: Hard(,| ›)", control(select, f"{names[1]}:").element.text)
    tap(app, control(select, "Start").element.rect.center)
    app.run_ticks(2)
    view = app.top
    assert isinstance(view, V.CrystalFormationView)
    assert [s.level for s in view.match.seats] == [None, "hard"] and view.kind == "square"
    view.bot_seconds = 0.05

    settle(app, view)
    # the threat view's switch, and Cancel, by finger (one tap = one toggle)
    tap(app, view.button_rect("threat").center, copies_after=True)
    assert view.threat_view
    home = view.match.state.nodes(0)[0].cell
    tap(app, centre(view, home))
    assert view.selected == home
    tap(app, view.button_rect("cancel").center)
    assert view.selected is None
    tap(app, view.button_rect("threat").center)
    assert not view.threat_view and view.match.entries == []

    rng = random.Random(7)
    turns = 0
    kinds = set()
    while True:
        settle(app, view)
        if app.top is not view:
            break
        move = choose(view, rng, kinds)
        kinds.add(type(move).__name__)
        touch_move(app, view, move, turns)
        turns += 1
        assert turns <= 120
    assert turns >= 3 and {"Place", "Grow", "MoveNode"} <= kinds
    assert view.match.is_over() and app.top.name == "results"
    assert len([e for e in view.match.entries if e.seat == 0]) == turns
    results = app.top
    app.run_ticks(2)
    tap(app, control(results, "Title").element.rect.center)
    app.run_ticks(2)
    assert [s.name for s in app.stack] == ["title"]
    app.post = guard.real


# -- controller ----------------------------------------------------------------------------
def pad_cursor(app, view, target) -> None:
    """The d-pad walks the board cursor to ``target`` (the first press shows it)."""
    assert view.strip_focus is None
    if not view.keyboard:
        pad(app, DOWN)
        assert view.keyboard
    for _ in range(20):
        if view.cursor == target:
            return
        (c, r), (tc, tr) = view.cursor, target
        if r != tr:
            pad(app, DOWN if tr > r else UP)
        else:
            pad(app, RIGHT if tc > c else LEFT)
    assert view.cursor == target


def pad_button(app, view, name: str) -> None:
    """Right off the board's edge onto the strip, then the d-pad to button ``name``."""
    for _ in range(9):
        if view.strip_focus is not None:
            break
        pad(app, RIGHT)
    assert view.strip_focus is not None
    for _ in range(8):
        if view.strip_focus == name:
            return
        rows = view.strip_rows()
        where = {n: (i, j) for i, row in enumerate(rows) for j, n in enumerate(row)}
        (i, j), (ti, tj) = where[view.strip_focus], where[name]
        if i != ti:
            pad(app, DOWN if ti > i else UP)
        else:
            pad(app, RIGHT if tj > j else LEFT)
    assert view.strip_focus == name


def controller_move(app, view, move, turn: int) -> None:
    m = view.match
    before = len(m.entries)
    state = m.state
    if isinstance(move, Pass):
        if turn % 2:
            pad_button(app, view, "pass")
            assert view.candidate() == move
        pad(app, A)
    elif isinstance(move, Place):
        pad_cursor(app, view, move.cell)
        assert view.candidate() == move  # its end-of-turn marks are on the board
        pad(app, A)
    elif isinstance(move, Grow):
        pad_cursor(app, view, move.cell)
        if turn % 2:
            pad(app, A)
            assert view.selected == move.cell
            pad_button(app, view, f"grow:{move.size}")
            assert view.candidate() == move and len(m.entries) == before
        else:
            for _ in range(3):  # X proposes the next legal grow
                pad(app, X)
                if view.pending == move:
                    break
            assert view.pending == move and len(m.entries) == before
        pad(app, A)
    else:
        pad_cursor(app, view, move.source)
        pad(app, A)
        assert view.selected == move.source
        pad_cursor(app, view, move.target)
        assert view.candidate() == move
        pad(app, A)
    assert len(m.entries) == before + 1, f"{move} was not played: {view.banner!r}"
    assert m.entries[before].text == str(move) and m.states[before] is state
    assert view.strip_focus is None  # the played button hands the focus back to the board


def test_controller_only_game_from_title_to_results(app):
    guard = NoKeysOrMouse(app, NoKeysOrMouse.PAD)
    app.settings.animation_speed = 4.0
    title = app.top
    assert focused(title) == "Play"
    pad(app, A)
    app.run_ticks(2)
    select = app.top
    assert select.name == "select"
    for _ in range(len(GAMES)):  # along the row of game cards
        if focused(select) == SPEC.title:
            break
        pad(app, RIGHT)
        app.run_ticks(1)
    assert focused(select) == SPEC.title
    pad(app, A)
    app.run_ticks(2)
    assert select.game_id == "crystal-formation"
    pad_tab(app, select, "Players:")
    # Players: Right then Left comes back to 2
    assert focused(select).startswith("Players:")
    pad(app, RIGHT)
    app.run_ticks(1)
    assert select.cfg()["players"] == 3
    pad(app, LEFT)
    app.run_ticks(1)
    assert select.cfg()["players"] == 2
    names = SPEC.seat_names(2)
    pad(app, DOWN, 2)  # the seats sit below, in order
    app.run_ticks(1)
    assert focused(select).startswith(f"{names[1]}:")
    pad(app, RIGHT)  # Medium -> Hard
    app.run_ticks(1)
    assert select.cfg()["seats"][:2] == ["person", "hard"]
    pad_tab(app, select, "Start")
    assert select.cfg()["players"] == 2 and select.cfg()["seats"][:2] == ["person", "hard"]
    pad(app, A)
    app.run_ticks(2)
    view = app.top
    assert isinstance(view, V.CrystalFormationView)
    assert [s.level for s in view.match.seats] == [None, "hard"] and view.kind == "square"
    view.bot_seconds = 0.05
    settle(app, view)

    # Start pauses, B resumes
    pad(app, START)
    app.run_ticks(1)
    assert app.top.name == "pause"
    pad(app, B)
    app.run_ticks(1)
    assert app.top is view
    # Back jumps to your node, A selects it, B drops the selection (and does not pause)
    pad(app, BACK)
    home = view.cursor
    assert view.keyboard and view.match.state.node_at(home).owner == 0
    pad(app, A)
    assert view.selected == home
    pad(app, B)
    assert view.selected is None and app.top is view
    # the threat view's switch, through the strip's focus; Left returns to the board
    pad_button(app, view, "threat")
    pad(app, A)
    assert view.threat_view and view.strip_focus == "threat"
    pad(app, A)
    assert not view.threat_view
    pad(app, LEFT)
    assert view.strip_focus is None
    # Y asks for a hint; the shoulders scroll the log
    pad(app, Y)
    wait(app, view, lambda: view.hint is not None)
    assert view.hint in view.match.state.legal_moves()
    assert view.match.entries == []

    rng = random.Random(7)
    turns = 0
    kinds = set()
    while True:
        settle(app, view)
        if app.top is not view:
            break
        move = choose(view, rng, kinds)
        kinds.add(type(move).__name__)
        controller_move(app, view, move, turns)
        turns += 1
        assert turns <= 120
        if turns == 3:
            pad(app, LEFTSHOULDER)
            assert view.log_scroll == 3
            pad(app, RIGHTSHOULDER)
            assert view.log_scroll == 0
    assert turns >= 3 and {"Place", "Grow", "MoveNode"} <= kinds
    assert view.match.is_over() and app.top.name == "results"
    assert len([e for e in view.match.entries if e.seat == 0]) == turns
    app.run_ticks(2)
    pad(app, B)  # results: back to the title
    app.run_ticks(2)
    assert [s.name for s in app.stack] == ["title"]
    app.post = guard.real


def test_controller_walks_the_strip_buttons_on_the_hexagon(app):
    """Right from the end of a hexagon row enters the strip; the d-pad walks its rows;
    A presses (a disabled grow explains itself); Left goes back to the board."""
    app.settings.animation_speed = 4.0
    setup = GameSetup("crystal-formation", 6, {}, 3)
    match = Match(SPEC, setup, [Seat.person() for _ in range(6)], setup.start(GAMES))
    view = V.CrystalFormationView(app, match)
    app.push(view)
    app.run_ticks(2)
    assert view.kind == "hex"
    guard = NoKeysOrMouse(app, NoKeysOrMouse.PAD)
    pad(app, BACK)  # to Ruby's tree
    home = view.cursor
    pad(app, A)
    assert view.selected == home
    row = home[1]
    pad_button(app, view, "grow:S")
    assert view.cursor[1] == row  # the cursor ran along its row to the edge, then off it
    assert view.strip_rows() == [["grow:S", "grow:M", "grow:L"], ["cancel"], ["threat"]]
    pad(app, RIGHT, 2)
    assert view.strip_focus == "grow:L"
    pad(app, RIGHT)  # the end of the row: stays
    assert view.strip_focus == "grow:L"
    pad(app, DOWN)
    assert view.strip_focus == "cancel"
    pad(app, UP)  # to the nearest button above
    assert view.strip_focus == "grow:M"
    pad(app, LEFT)
    assert view.strip_focus == "grow:S"
    pad(app, A)  # a tree cannot grow: the engine's reason, nothing played
    assert view.banner == match.state.why_illegal(Grow(home, "S")) and match.entries == []
    app.run_ticks(2)  # the focus ring is drawn
    pad(app, DOWN)
    pad(
        app, A
    )  # Cancel: the selection goes, and so does the button, so the focus is back on the board
    assert view.selected is None and view.strip_focus is None
    edge = view.cursor
    pad_button(app, view, "threat")
    pad(app, LEFT)
    assert view.strip_focus is None and view.cursor == edge
    pad(app, LEFT)  # the board cursor moves again
    assert view.cursor == (edge[0] - 1, edge[1])
    app.post = guard.real
