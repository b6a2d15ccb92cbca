"""Color Crossroads from the title to the results with touch only, then with a game
controller only (the issue "Kiosk mode, attract demo, touch and gamepad").

Every action goes in as raw SDL events through ``app.post`` and the InputMapper:

- touch: FINGERDOWN / FINGERMOTION / FINGERUP, each followed by the mouse copy SDL
  also sends (``touch=True``), which must be ignored, so one tap is one action;
- controller: CONTROLLERBUTTONDOWN / UP only (d-pad, A, B, X, Y, Back, Start,
  shoulders), never a key or a mouse event.

The person's choices come from the Easy bot (and the engine's loop finder when a
challenge must be answered); the engine is read only to choose and to check, never
to move.  The Hard bot in seat 2 is made to bluff once (challenge a pair that still
has a loop) so the person must draw and submit a loop; the person challenges a live
pair once so the bot's answer is traced on the board.
"""

import random
from functools import partial

import pygame

from game.ai.base import Budget
from game.ai.color_crossroads import EasyBot, HardBot
from game.rules.color_crossroads import (
    SIZE,
    Answer,
    Challenge,
    EndTurn,
    Pass,
    Place,
    Start,
    check_loop,
    find_loop,
    loop_exists,
)
from scenes.play import color_crossroads as V
from tests import drive
from tests.drive import control, names
from tests.drive import focused_text as focused
from tests.drive import settle_for_person as settle
from tests.drive import wait_ticks as wait

pad = partial(drive.pad, ticks=1)  # a controller press, then the tick that handles it

GAME = "color-crossroads"

# SDL game-controller button numbers
A, B, X, Y, BACK, START = 0, 1, 2, 3, 4, 6
LSHOULDER, RSHOULDER = 9, 10
UP, DOWN, LEFT, RIGHT = 11, 12, 13, 14


# -- raw input ----------------------------------------------------------------------------
def _finger(app, kind, pos, dx=0.0, dy=0.0):
    w, h = app.canvas.get_size()
    x, y = int(pos[0]), int(pos[1])
    app.post(
        pygame.event.Event(
            kind,
            x=(x + 0.5) / w,
            y=(y + 0.5) / h,
            dx=dx,
            dy=dy,
            touch_id=1,
            finger_id=0,
            pressure=0.0 if kind == pygame.FINGERUP else 1.0,
        )
    )
    # SDL's own mouse copy of the same touch: the mapper must drop it.
    copy = {
        pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN,
        pygame.FINGERUP: pygame.MOUSEBUTTONUP,
        pygame.FINGERMOTION: pygame.MOUSEMOTION,
    }[kind]
    fields = {"pos": (x, y), "touch": True}
    if copy == pygame.MOUSEMOTION:
        fields.update(rel=(int(dx * w), int(dy * h)), buttons=(1, 0, 0))
    else:
        fields["button"] = 1
    app.post(pygame.event.Event(copy, **fields))


def tap(app, pos, ticks=1):
    _finger(app, pygame.FINGERDOWN, pos)
    _finger(app, pygame.FINGERUP, pos)
    app.run_ticks(ticks)


def finger_drag(app, points, ticks=1):
    """Finger down on the first point, through the others, up on the last."""
    w, h = app.canvas.get_size()
    _finger(app, pygame.FINGERDOWN, points[0])
    prev = points[0]
    for p in points[1:]:
        _finger(app, pygame.FINGERMOTION, p, (p[0] - prev[0]) / w, (p[1] - prev[1]) / h)
        prev = p
    _finger(app, pygame.FINGERUP, points[-1])
    app.run_ticks(ticks)


# -- waiting --------------------------------------------------------------------------------
def banner_is(view, reason):
    return view.banner == reason[:1].upper() + reason[1:]


def make_hard_bluff(monkeypatch):
    """Hard challenges a pair that still has a loop while the person has no point, so
    the person has to draw one (Hard's own bluffs are rare in a short game)."""
    hard_choose = HardBot.choose

    def bluffing_choose(self, state, *, rng, budget=None):
        if state.phase == "turn" and state.can_challenge() and state.points[0] == 0:
            live = [p for p in state.open_pairs() if loop_exists(state, p)]
            if live:
                return Challenge(max(live, key=lambda p: len(find_loop(state, p))))
        return hard_choose(self, state, rng=rng, budget=budget)

    monkeypatch.setattr(HardBot, "choose", bluffing_choose)


# -- the two players: every action through one kind of input ----------------------------------
class Finger:
    def __init__(self, app, view):
        self.app, self.view = app, view
        self.k = 0

    def choose_start(self):
        tap(self.app, V.start_rects()[0].center)

    def place(self, move):
        app, view = self.app, self.view
        self.k += 1
        way = self.k % 3
        if way == 0:  # colour, then cell
            tap(app, V.swatch_rect(move.colour).center)
            assert view.colour == move.colour  # one tap, one toggle (two would undo it)
            tap(app, V.cell_center(move.cell))
        elif way == 1:  # cell, then colour
            tap(app, V.cell_center(move.cell))
            assert view.pending == move.cell
            tap(app, V.swatch_rect(move.colour).center)
        else:  # drag the swatch onto the cell
            finger_drag(app, [V.swatch_rect(move.colour).center, V.cell_center(move.cell)])

    def challenge(self, p):
        tap(self.app, V.challenge_rect(p).center)

    def end_or_pass(self):
        tap(self.app, V.ACTION_RECT.center)

    def concede(self):
        tap(self.app, V.CONCEDE_RECT.center)
        assert self.view.concede_armed > 0  # "Sure?"
        tap(self.app, V.CONCEDE_RECT.center)

    def submit(self):
        tap(self.app, V.SUBMIT_RECT.center)

    def draw_path(self, cells, close=False):
        cells = list(cells) + ([cells[0]] if close else [])
        finger_drag(self.app, [V.cell_center(c) for c in cells])

    def take_back_last(self):
        tap(self.app, V.cell_center(self.view.path[-1]))  # a tap on the head takes it back

    def add_cell(self, cell):
        tap(self.app, V.cell_center(cell))

    def clear(self):
        tap(self.app, V.CLEAR_RECT.center)


class Pad:
    def __init__(self, app, view):
        self.app, self.view = app, view
        self.k = 0

    def focus(self, key):
        """Back (Tab) walks the view's buttons; the walk has one stop per button."""
        for _ in range(len(self.view.view_buttons()) + 2):
            if self.view.focus_key == key:
                return
            pad(self.app, BACK)
        assert self.view.focus_key == key, (self.view.focus_key, key)

    def cursor_to(self, cell):
        """The d-pad moves the board cursor; the board (not a button) then has focus."""
        view = self.view
        r, c = divmod(view.cursor, SIZE)
        tr, tc = divmod(cell, SIZE)
        if (r, c) == (tr, tc) and view.focus_key is not None:
            away, back = (DOWN, UP) if r < SIZE - 1 else (UP, DOWN)
            pad(self.app, away)
            pad(self.app, back)
        for _ in range(abs(tr - r)):
            pad(self.app, DOWN if tr > r else UP)
        for _ in range(abs(tc - c)):
            pad(self.app, RIGHT if tc > c else LEFT)
        assert view.cursor == cell and view.focus_key is None

    def choose_start(self):
        view = self.view
        pad(self.app, A)  # the first press puts focus on "Player 1 starts"
        assert view.focus_key == "start:0" and view.match.state.phase == "setup"
        pad(self.app, RIGHT)
        assert view.focus_key == "start:1"
        pad(self.app, LEFT)
        assert view.focus_key == "start:0"
        pad(self.app, A)

    def place(self, move):
        view = self.view
        self.k += 1
        if self.k % 2:  # cell (A), then the colour's swatch (Back ..., A)
            self.cursor_to(move.cell)
            pad(self.app, A)
            assert view.pending == move.cell
            self.focus(f"colour:{move.colour}")
            pad(self.app, A)
        else:  # the colour's swatch (Back ..., A), then the cell (X)
            self.focus(f"colour:{move.colour}")
            pad(self.app, A)
            assert view.colour == move.colour
            self.cursor_to(move.cell)
            pad(self.app, X)

    def challenge(self, p):
        self.focus(f"challenge:{p}")
        pad(self.app, A)

    def end_or_pass(self):
        self.focus("pass" if "pass" in {t.key for t in self.view.view_buttons()} else "end")
        pad(self.app, A)

    def concede(self):
        self.focus("concede")
        pad(self.app, A)
        assert self.view.concede_armed > 0  # "Sure?"
        pad(self.app, A)

    def submit(self):
        self.focus("submit")
        pad(self.app, A)

    def draw_path(self, cells, close=False):
        """A (or X) on each cell in turn; on the first cell again closes the loop."""
        cells = list(cells) + ([cells[0]] if close else [])
        for i, c in enumerate(cells):
            self.cursor_to(c)
            pad(self.app, A if i % 2 == 0 else X)

    def take_back_last(self):
        self.cursor_to(self.view.path[-1])  # A on the path's head takes it back
        pad(self.app, A)

    def add_cell(self, cell):
        self.cursor_to(cell)
        pad(self.app, A)

    def clear(self):
        self.focus("clear")
        pad(self.app, A)


# -- the game, the same for both inputs ---------------------------------------------------------
def play_to_the_end(app, view, hand, extra=None):
    """Plays the person's side through ``hand`` until the results screen; returns what
    was seen.  ``extra(st, seen)`` runs once per person turn (controller-only checks)."""
    rng = random.Random(5)
    policy = EasyBot()
    seen = {
        "placed": 0,
        "refused": False,
        "accepted": False,
        "conceded": False,
        "challenged": 0,
        "traced": False,
        "ended": 0,
    }
    hand.choose_start()
    entry = view.match.entries[0]
    assert entry.seat == 0 and entry.text == str(Start(0))
    for _ in range(300):
        settle(app, view)
        if app.top is not view:
            break
        st = view.match.state
        n = len(view.match.entries)
        if st.phase == "answer":
            p = st.challenge_pair
            loop = find_loop(st, p)
            if loop is None:
                hand.concede()
                assert view.match.state.closed[p] == 1
                assert view.match.entries[n].text == "concede"
                seen["conceded"] = True
                continue
            points = st.points[0]
            if not seen["refused"]:
                # an open path first: refused with the checker's reason, nothing changes
                hand.draw_path(loop[:-1])
                assert view.path == list(loop[:-1]) and not view.closed
                hand.take_back_last()
                assert view.path == list(loop[:-2])  # exactly one cell taken back
                hand.add_cell(loop[-2])
                assert view.path == list(loop[:-1])
                hand.submit()
                reason = check_loop(st, p, loop[:-1])
                assert reason and banner_is(view, reason) and view.banner_kind == "error"
                assert view.match.state is st and view.verdict[1] == "bad"
                hand.clear()
                assert view.path == [] and not view.closed
                seen["refused"] = True
            hand.draw_path(loop, close=True)
            assert view.closed and view.path == list(loop)
            hand.submit()
            assert view.match.state.points[0] == points + 1, view.banner
            assert [e.text for e in view.match.entries[n:]] == [str(Answer(tuple(loop)))]
            seen["accepted"] = True
            continue
        assert st.phase == "turn" and st.mover == 0
        if extra is not None:
            extra(st, seen)
            st = view.match.state
        if not seen["traced"] and st.can_challenge():
            # a pair that still has a loop: the bot answers, traced on the board
            p = next(p for p in st.open_pairs() if loop_exists(st, p))
            hand.challenge(p)
            assert view.match.entries[n].text == str(Challenge(p))
            wait(app, view, lambda: view.anim is not None and isinstance(view.anim[2], Answer))
            old, _, move = view.anim[:3]
            assert check_loop(old, p, move.cells) is None
            settle(app, view)
            assert view.traced is not None and tuple(view.traced[0]) == move.cells
            seen["traced"] = True
            seen["challenged"] += 1
            continue
        move = policy.choose(st, rng=rng, budget=Budget(seconds=0.05))
        if isinstance(move, Place):
            hand.place(move)
            seen["placed"] += 1
        elif isinstance(move, Challenge):
            hand.challenge(move.pair)
            seen["challenged"] += 1
        else:
            assert isinstance(move, (EndTurn, Pass))
            hand.end_or_pass()
            seen["ended"] += 1
        entries = view.match.entries
        assert entries[n].text == str(move) and entries[n].seat == 0, view.banner
        # one input, one action: nothing else of the person's was recorded
        assert all(e.seat != 0 for e in entries[n + 1 :]), [e.text for e in entries[n:]]
    wait(app, view, lambda: app.top is not view)
    assert app.top.name == "results" and view.match.is_over()
    summary = "; ".join(e.text for e in view.match.entries)
    assert seen["refused"] and seen["accepted"] and seen["traced"], (seen, summary)
    assert seen["placed"] >= 2 and seen["challenged"] >= 1, (seen, summary)
    return seen


# -- 1. touch only ----------------------------------------------------------------------------
def test_touch_only_from_the_title_to_the_results(app, monkeypatch):
    make_hard_bluff(monkeypatch)
    app.settings.animation_speed = 4.0
    # title: tap Play (and SDL's mouse copy of the tap: one push, not two)
    tap(app, control(app.top, "Play").element.rect.center)
    assert names(app) == ["title", "select"]
    select = app.top
    tap(app, select.card_rects[GAME].center)
    assert select.game_id == GAME
    seat2 = control(select, "Player 2:")
    assert "Bot: Medium" in seat2.element.text
    tap(app, seat2.element.rect.center)
    assert "Bot: Hard" in seat2.element.text  # one tap moved the cycler exactly one step
    assert "Person" in control(select, "Player 1:").element.text
    tap(app, control(select, "Start").element.rect.center, ticks=2)
    view = app.top
    assert isinstance(view, V.ColorCrossroadsView)
    assert view.match.seats[1].level == "hard" and not view.match.seats[0].is_bot
    view.bot_seconds = 0.05

    # SDL's mouse copies alone do nothing: only the finger events count
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.post(pygame.event.Event(kind, pos=V.start_rects()[0].center, button=1, touch=True))
    app.run_ticks(1)
    assert view.match.entries == [] and view.match.state.phase == "setup"

    hand = Finger(app, view)
    play_to_the_end(app, view, hand)
    app.run_ticks(2)  # the results screen's first tick offers the hall of fame
    if app.top.name == "initials":  # the person beat Hard: tap Skip, as a shy winner would
        tap(app, control(app.top, "Skip").element.rect.center)
    # the results screen: tap Title
    results = app.top
    assert results.name == "results"
    tap(app, control(results, "Title").element.rect.center)
    assert names(app) == ["title"]


# -- 2. controller only -------------------------------------------------------------------------
def test_controller_only_from_the_title_to_the_results(app, monkeypatch):
    make_hard_bluff(monkeypatch)
    app.settings.animation_speed = 4.0
    # title: A opens the game select, B comes back, A again
    for _ in range(6):
        if focused(app) == "Play":
            break
        pad(app, DOWN)
    assert focused(app) == "Play"
    pad(app, A)
    assert names(app) == ["title", "select"]
    pad(app, B)
    assert names(app) == ["title"]
    pad(app, A)
    assert names(app) == ["title", "select"]
    select = app.top
    # the d-pad walks the cards; A chooses one
    for _ in range(len(select.card_rects)):
        if select.game_id == GAME:
            break
        pad(app, RIGHT)
        pad(app, A)
    assert select.game_id == GAME
    # Back (Tab) walks to Player 2's seat; Right moves the cycler one step
    for _ in range(30):
        if focused(app).startswith("Player 2"):
            break
        pad(app, BACK)
    assert "Bot: Medium" in focused(app)
    pad(app, RIGHT)
    assert "Bot: Hard" in focused(app)  # one press, one step
    for _ in range(30):
        if focused(app).startswith("Start"):
            break
        pad(app, BACK)
    assert focused(app).startswith("Start")
    pad(app, A, ticks=2)
    view = app.top
    assert isinstance(view, V.ColorCrossroadsView)
    assert view.match.seats[1].level == "hard" and not view.match.seats[0].is_bot
    view.bot_seconds = 0.05

    def once_per_turn(st, seen):
        if not seen.get("paused"):
            # Start pauses, B resumes
            pad(app, START)
            assert names(app)[-1] == "pause"
            pad(app, B)
            assert app.top is view and view.match.state is st
            seen["paused"] = True
        if not seen.get("hint") and not st.placed_this_turn:
            # Y asks for a hint: a legal action, named in the banner
            pad(app, Y)
            wait(app, view, lambda: view.hint is not None)
            assert view.hint in view.match.state.legal_moves()
            assert view.banner.startswith("Hint: ")
            seen["hint"] = True
        if not seen.get("scrolled") and len(view.match.entries) >= 4:
            # the shoulders scroll the move log (Page Up / Page Down)
            scroll = view.log_scroll
            pad(app, LSHOULDER, ticks=0)
            assert view.log_scroll == scroll + 3
            pad(app, RSHOULDER, ticks=0)
            assert view.log_scroll == scroll
            seen["scrolled"] = True
        # with a controller the on-screen key line names the pad's buttons
        assert "Pad" in view.keys_hint()

    hand = Pad(app, view)
    seen = play_to_the_end(app, view, hand, once_per_turn)
    assert seen.get("paused") and seen.get("hint") and seen.get("scrolled"), seen
    # the results screen: B goes back to the title
    assert app.top.name == "results"
    pad(app, B)
    assert names(app) == ["title"]
