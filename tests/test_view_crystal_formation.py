"""Crystal Formation's play screen, driven headless with synthetic input only.

Every action goes through the screen: clicks and drags at the positions the view
computes, keys, finger taps.  The engine is consulted only to choose what a simple
player would do (the Easy bot's greedy choice) and to check what happened.
"""

from __future__ import annotations

import random
import time

import pygame

from game.ai.base import Budget
from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.rules.crystal_formation import (
    SIZE_LETTERS,
    FormationState,
    Grow,
    MoveNode,
    Pass,
    Place,
    geometry,
)
from game.rules.grid import cell_name
from scenes.play import crystal_formation as V
from tests.drive import click, key, motion

SPEC = GAMES["crystal-formation"]
ARROWS = {
    (1, 0): pygame.K_RIGHT,
    (-1, 0): pygame.K_LEFT,
    (0, 1): pygame.K_DOWN,
    (0, -1): pygame.K_UP,
}
SIZE_KEY = {"S": pygame.K_s, "M": pygame.K_m, "L": pygame.K_l}


# -- driving helpers ---------------------------------------------------------------------
def drag(app, start, end, steps: int = 5) -> None:
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False))
    for k in range(1, steps + 1):
        motion(
            app,
            (
                start[0] + (end[0] - start[0]) * k / steps,
                start[1] + (end[1] - start[1]) * k / steps,
            ),
            True,
        )
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False))


def finger_tap(app, pos) -> None:
    """A finger tap as SDL sends it (normalised coordinates); the input mapper turns it
    into mouse events marked ``finger``."""
    x, y = pos[0] / 1280, pos[1] / 720
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        app.post(
            pygame.event.Event(
                kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0
            )
        )


def wait(app, view, predicate, seconds: float = 30.0) -> None:
    """Tick (without drawing) until ``predicate``; bots think in real time, in the
    worker's thread, so the test sleeps a little while a ticket is out."""
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, f"timed out; banner: {view.banner!r}"
        if view.ticket is not None or view.hint_ticket is not None:
            time.sleep(0.002)
        app.run_ticks(1, draw=False)


def settle(app, view) -> None:
    """Until a person may act with nothing animating, or the game has left the screen."""
    wait(
        app,
        view,
        lambda: (
            app.top is not view
            or (view.my_turn() and not view.anim and not view.queue and not view.match.is_over())
        ),
    )


def position(players: int, nodes: dict, turn: int = 0) -> FormationState:
    """A hand-made position: {"A1": (seat, "SML"), ...}; stashes hold the rest."""
    stashes = [[5, 5, 5] for _ in range(players)]
    for owner, pieces in nodes.values():
        for k, ch in enumerate(SIZE_LETTERS):
            if ch in pieces:
                stashes[owner][k] -= 1
    return FormationState.from_json(
        {
            "players": players,
            "turn": turn,
            "winner": -1,
            "nodes": [{"cell": c, "owner": o, "pieces": p} for c, (o, p) in nodes.items()],
            "stashes": stashes,
        }
    )


def make_view(app, state=None, seats=("person", "hard"), seed: int = 5):
    app.settings.animation_speed = 4.0
    n = len(seats)
    setup = GameSetup("crystal-formation", n, {}, seed)
    start = state if state is not None else setup.start(GAMES)
    match = Match(
        SPEC, setup, [Seat.person() if k == "person" else Seat.bot(k) for k in seats], start
    )
    view = V.CrystalFormationView(app, match)
    view.bot_seconds = 0.05
    app.push(view)
    app.run_ticks(2)
    return view


def cell(text: str):
    return (ord(text[0].upper()) - 65, int(text[1:]) - 1)


def centre(view, c):
    return view.geom.center(c)


# -- entering a move through the screen ---------------------------------------------------
def steer_cursor(app, view, target) -> None:
    if not view.keyboard:
        key(app, pygame.K_RIGHT)  # the first arrow only shows the cursor
        assert view.keyboard
    for _ in range(60):
        if view.cursor == target:
            return
        (c, r), (tc, tr) = view.cursor, target
        if r != tr:
            key(app, ARROWS[(0, 1 if tr > r else -1)])
        else:
            key(app, ARROWS[(1 if tc > c else -1, 0)])
    assert view.cursor == target


def enter(app, view, move, style: str) -> None:
    """Enter ``move`` the way a person would: 'click', 'drag', 'keys' or 'touch'."""
    state = view.match.state
    before = len(view.match.entries)
    if isinstance(move, Pass):
        if style == "keys":
            key(app, pygame.K_p)
        else:
            rect = view.button_rect("pass")
            assert rect is not None and rect.h >= 44
            if style == "touch":
                finger_tap(app, rect.center)
                assert len(view.match.entries) == before and view.pending == move
            (finger_tap if style == "touch" else click)(app, rect.center)
    elif style == "keys":
        if isinstance(move, Place):
            steer_cursor(app, view, move.cell)
            key(app, pygame.K_RETURN)
        elif isinstance(move, Grow):
            steer_cursor(app, view, move.cell)
            key(app, SIZE_KEY[move.size])  # proposes: its end-of-turn marks show
            assert view.pending == move and len(view.match.entries) == before
            assert view.candidate() == move
            key(app, pygame.K_RETURN)
        else:
            steer_cursor(app, view, move.source)
            key(app, pygame.K_RETURN)
            assert view.selected == move.source
            steer_cursor(app, view, move.target)
            key(app, pygame.K_RETURN)
    elif style == "touch":
        tap = lambda pos: finger_tap(app, pos)  # noqa: E731
        if isinstance(move, Place):
            tap(centre(view, move.cell))
            assert view.pending == move and len(view.match.entries) == before
            tap(centre(view, move.cell))
        elif isinstance(move, Grow):
            tap(centre(view, move.cell))
            assert view.selected == move.cell
            rect = view.button_rect(f"grow:{move.size}")
            tap(rect.center)
            assert view.pending == move and len(view.match.entries) == before
            tap(view.button_rect("end").center)
        else:
            tap(centre(view, move.source))
            assert view.selected == move.source
            tap(centre(view, move.target))
            assert view.pending == move and len(view.match.entries) == before
            tap(centre(view, move.target))
    else:
        if isinstance(move, Place):
            click(app, centre(view, move.cell))
        elif isinstance(move, Grow):
            click(app, centre(view, move.cell))
            assert view.selected == move.cell
            rect = view.button_rect(f"grow:{move.size}")
            assert rect is not None and rect.h >= 44
            click(app, rect.center)
        elif style == "drag":
            drag(app, centre(view, move.source), centre(view, move.target))
        else:
            click(app, centre(view, move.source))
            assert view.selected == move.source
            click(app, centre(view, move.target))
    assert len(view.match.entries) == before + 1, (
        f"{move} ({style}) was not played: {view.banner!r}"
    )
    assert view.match.entries[before].text == str(move)
    assert view.match.states[before] is state


def play_to_results(app, view, styles, seed: int = 3, max_turns: int = 140) -> int:
    """The person plays the Easy bot's greedy choice each turn, entered through the
    screen in rotating styles, until the results screen."""
    rng = random.Random(seed)
    policy = GAMES[SPEC.id].make_bot("easy")
    turns = 0
    while True:
        settle(app, view)
        if app.top is not view:
            break
        state = view.match.state
        move = policy.choose(state, rng=rng, budget=Budget(seconds=0.3))
        enter(app, view, move, styles[turns % len(styles)])
        turns += 1
        assert turns <= max_turns
    return turns


def start_from_title(app, players: int, seats: list[str], seed: str = ""):
    """Title -> Play -> the Crystal Formation card -> players, seats, seed -> Start."""
    app.settings.animation_speed = 4.0
    title = app.top
    play = next(c for c in title.controls if c.element.text == "Play")
    click(app, play.element.rect.center)
    app.run_ticks(2)
    select = app.top
    assert select.name == "select"
    click(app, select.card_rects["crystal-formation"].center)
    app.run_ticks(2)
    assert select.game_id == "crystal-formation"
    for _ in range(6):
        ctl = next(c for c in select.controls if c.element.text.startswith("Players:"))
        if f"‹ {players} ›" in ctl.element.text:
            break
        click(app, ctl.element.rect.center)
        app.run_ticks(1)
    assert select.cfg()["players"] == players
    names = SPEC.seat_names(players)
    for s, kind in enumerate(seats):
        for _ in range(6):  # once round the seat's choices at most
            if select.cfg()["seats"][s] == kind:
                break
            ctl = next(c for c in select.controls if c.element.text.startswith(f"{names[s]}:"))
            click(app, ctl.element.rect.center)
            app.run_ticks(1)
        assert select.cfg()["seats"][s] == kind
    if seed:
        click(app, select.seed_entry.rect.center)
        app.run_ticks(1)
        for ch in seed:
            app.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.run_ticks(1)
    start = next(c for c in select.controls if c.element.text.startswith("Start"))
    click(app, start.element.rect.center)
    app.run_ticks(2)
    view = app.top
    assert isinstance(view, V.CrystalFormationView)
    if seed:
        assert view.match.setup.seed == int(seed)
    view.bot_seconds = 0.05
    return view


# -- whole games from the title -----------------------------------------------------------
def test_two_player_game_against_hard_bot_from_title_to_results(app):
    view = start_from_title(app, 2, ["person", "hard"], seed="11")
    assert view.kind == "square"
    assert [s.level for s in view.match.seats] == [None, "hard"]
    turns = play_to_results(app, view, ("click", "drag", "keys", "touch"))
    assert turns >= 5
    assert app.top.name == "results"
    assert view.match.is_over()
    out = view.match.state.outcome()
    assert out is not None and out.reason
    app.run_ticks(2)


def test_four_player_game_with_a_person_and_bots_from_title_to_results(app):
    view = start_from_title(app, 4, ["person", "hard", "easy", "easy"], seed="4")
    assert view.kind == "square" and view.match.state.num_players == 4
    play_to_results(app, view, ("click", "keys", "touch", "drag"), max_turns=101)
    assert app.top.name == "results"
    assert view.match.is_over()
    assert len(app.top.match.state.scores()) == 4


def test_six_player_hex_game_from_title_to_results(app):
    view = start_from_title(app, 6, ["person", "easy", "easy", "easy", "easy", "easy"], seed="2")
    assert view.kind == "hex" and len(view.geom.cells) == 91
    play_to_results(app, view, ("keys", "click", "drag", "touch"), max_turns=101)
    assert app.top.name == "results"
    assert view.match.is_over()
    assert len(view.match.state.scores()) == 6


# -- the screen's promises ----------------------------------------------------------------
THREAT = {"A1": (0, "SML"), "B2": (0, "S"), "D4": (1, "SML"), "H8": (1, "SML")}


def test_refused_moves_show_the_engines_reason(app):
    view = make_view(app, position(2, THREAT), seats=("person", "person"))
    state = view.match.state
    # an empty cell outside Ruby's area
    click(app, centre(view, cell("H1")))
    assert view.banner == state.why_illegal(Place(cell("H1"))) and view.banner_kind == "error"
    assert "not in the area" in view.banner
    # someone else's node
    click(app, centre(view, cell("D4")))
    assert view.banner == state.why_illegal(Grow(cell("D4"), "S"))
    # a selected node to a cell no other node of Ruby's reaches
    click(app, centre(view, cell("B2")))
    assert view.selected == cell("B2")
    click(app, centre(view, cell("H5")))
    assert view.banner == state.why_illegal(MoveNode(cell("B2"), cell("H5")))
    assert view.selected == cell("B2")  # still selected: try another cell
    assert view.match.entries == []


def test_disabled_grow_button_explains_itself(app):
    # Ruby's five larges are all on the board, so C3 (S+M) cannot become a large.
    nodes = {
        "A1": (0, "SML"),
        "A2": (0, "L"),
        "B1": (0, "L"),
        "B2": (0, "L"),
        "A3": (0, "L"),
        "C3": (0, "SM"),
        "H8": (1, "SML"),
    }
    view = make_view(app, position(2, nodes), seats=("person", "person"))
    click(app, centre(view, cell("C3")))
    assert view.selected == cell("C3")
    assert view.button_rect("grow:L") is not None
    rect, enabled = view.buttons_rects["grow:L"]
    assert not enabled
    click(app, rect.center)
    assert view.banner == "Your stash has no large pyramid left"
    click(app, view.button_rect("grow:S").center)
    assert view.banner == "The node on C3 already has a small"
    assert view.buttons_rects["grow:M"][1] is False
    assert view.match.entries == []
    # the one the engine allows is lit, and pointing at it previews it
    a3 = cell("A3")
    click(app, centre(view, a3))
    assert view.selected == a3
    lit = [s for s in "SML" if view.button_rect(f"grow:{s}") and view.buttons_rects[f"grow:{s}"][1]]
    assert [Grow(a3, s) for s in lit] == list(view.match.state.grow_options(a3))
    motion(app, view.button_rect("grow:S").center)
    assert view.candidate() == Grow(a3, "S")


def test_hover_shows_rings_and_the_end_of_turn_preview(app):
    view = make_view(app, position(2, THREAT), seats=("person", "person"))
    state = view.match.state
    screen = app.canvas
    ring_cell = cell("G4")  # on Sapphire's D4 large ring (distance 3)
    rect = view.geom.rect(ring_cell).inflate(-6, -6)
    motion(app, (1000, 700))
    app.run_ticks(1)
    plain = pygame.transform.average_color(screen, rect)
    motion(app, centre(view, cell("D4")))
    app.run_ticks(1)
    assert view.hover_cell == cell("D4")
    assert pygame.transform.average_color(screen, rect) != plain
    # as it stands: A1 and B2 are in Sapphire's area; B2 decays away, so A1 dies
    base = view.preview(state, None)
    assert [cell_name(d.cell) for d in base.decays] == ["A1", "B2"]
    assert [cell_name(n.cell) for n in base.deaths] == ["A1"]
    # pointing at a place target previews that action, exactly as the engine will play it
    target = cell("C2")
    assert target in state.place_targets()
    motion(app, centre(view, target))
    app.run_ticks(1)
    assert view.candidate() == Place(target)
    assert view.preview(state, view.candidate()) == state.decay_preview(Place(target))

    # on screen: B2 (decays away) is outlined in amber, A1 (decays, then dies) in red
    def edge(c):
        r = view.geom.rect(cell(c))
        px = screen.get_at((r.x + 4, r.centery))
        return px.r, px.g, px.b

    amber, red = pygame.Color(app.theme["accent"]), pygame.Color(app.theme["bad"])
    assert edge("B2") == (amber.r, amber.g, amber.b)
    assert edge("A1") == (red.r, red.g, red.b)


def test_threat_view_shades_cells_under_enemy_influence(app):
    view = make_view(app, position(2, THREAT), seats=("person", "person"))
    screen = app.canvas
    motion(app, (1000, 700))
    threatened = view.geom.rect(cell("F6")).inflate(-8, -8)  # Sapphire's D4 and H8 reach it
    safe = view.geom.rect(cell("A8")).inflate(-8, -8)  # nobody of Sapphire's reaches it
    assert cell("F6") in view.match.state.enemy_influence(0)
    assert cell("A8") not in view.match.state.enemy_influence(0)
    app.run_ticks(1)
    before = (
        pygame.transform.average_color(screen, threatened),
        pygame.transform.average_color(screen, safe),
    )
    key(app, pygame.K_t)
    app.run_ticks(1)
    assert view.threat_view
    after = (
        pygame.transform.average_color(screen, threatened),
        pygame.transform.average_color(screen, safe),
    )
    assert after[0][0] > before[0][0] + 10  # redder
    assert after[1] == before[1]
    click(app, view.button_rect("threat").center)
    assert not view.threat_view


def test_undo_against_the_bot_takes_back_the_persons_move_and_the_reply(app):
    view = make_view(app, seats=("person", "easy"))
    start = view.match.state
    move = Place(cell("B2"))
    enter(app, view, move, "click")
    settle(app, view)
    assert len(view.match.entries) == 2
    key(app, pygame.K_u)
    assert view.match.state is start and view.match.entries == []
    assert view.banner == "Took back your last move"
    app.run_ticks(3)
    assert view.match.state is start  # the bot waits for the person again
    assert view.selected is None and view.pending is None


def test_keyboard_only_play(app):
    view = make_view(app, seats=("person", "person"))
    key(app, pygame.K_DOWN)  # shows the cursor on Ruby's tree
    assert view.keyboard and view.cursor == cell("A1")
    moves = [
        Place(cell("C3")),
        Place(cell("G6")),
        Grow(cell("C3"), "M"),
        MoveNode(cell("H8"), cell("E4")),
        MoveNode(cell("A1"), cell("D5")),
    ]
    for move in moves:
        assert move in view.match.state.legal_moves(), move
        enter(app, view, move, "keys")
        app.run_ticks(2)
    assert [e.text for e in view.match.entries] == [str(m) for m in moves]
    wait(app, view, lambda: view.anim is None and not view.queue)  # a key now only skips
    # Tab visits the mover's nodes; Backspace drops a selection; T toggles the threat view
    key(app, pygame.K_TAB)
    assert view.match.state.node_at(view.cursor).owner == view.match.to_move()
    key(app, pygame.K_RETURN)
    assert view.selected == view.cursor
    key(app, pygame.K_BACKSPACE)
    assert view.selected is None
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)  # Escape first drops the selection, then opens the menu
    assert view.selected is None and app.top is view
    key(app, pygame.K_t)
    assert view.threat_view


def test_space_cycles_the_legal_grows_and_enter_plays_one(app):
    view = make_view(
        app,
        position(2, {"A1": (0, "SML"), "B2": (0, "M"), "H8": (1, "SML")}),
        seats=("person", "person"),
    )
    steer_cursor(app, view, cell("B2"))
    key(app, pygame.K_SPACE)
    first = view.pending
    assert view.selected == cell("B2") and view.match.entries == []
    key(app, pygame.K_SPACE)
    second = view.pending
    assert {first, second} == {Grow(cell("B2"), "S"), Grow(cell("B2"), "L")}
    assert view.candidate() == second  # its end-of-turn marks are on screen
    key(app, pygame.K_RETURN)
    assert [e.text for e in view.match.entries] == [str(second)]
    # a tree has no grow: Space says why, in the engine's words
    steer_cursor(app, view, cell("H8"))
    key(app, pygame.K_SPACE)
    assert view.banner == view.match.state.why_illegal(Grow(cell("H8"), "L"))
    assert "tree" in view.banner


def test_hex_cursor_walks_rows_and_columns(app):
    view = make_view(
        app,
        position(
            5,
            {
                "F1": (0, "SML"),
                "K1": (1, "SML"),
                "K6": (2, "SML"),
                "F11": (3, "SML"),
                "A11": (4, "SML"),
            },
        ),
        seats=("person",) * 5,
    )
    assert view.kind == "hex"
    for target in ("F1", "K6", "A6", "F11", "C8", "K1"):
        steer_cursor(app, view, cell(target))
    geo = geometry("hex")
    assert all(view.geom.cell_at(view.geom.center(c)) == c for c in geo.cells)


def test_a_finger_tap_proposes_and_a_second_tap_plays(app):
    view = make_view(app, position(2, THREAT), seats=("person", "person"))
    target = centre(view, cell("C2"))
    finger_tap(app, target)
    assert view.pending == Place(cell("C2")) and view.match.entries == []
    assert view.candidate() == Place(cell("C2"))
    end = view.button_rect("end")
    assert end is not None and end.h >= 44
    app.run_ticks(1)
    finger_tap(app, end.center)
    assert [e.text for e in view.match.entries] == ["place c2"]
    # a tap that SDL also reports as a mouse click counts once
    before = len(view.match.entries)
    app.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=centre(view, cell("F6")), button=1, touch=True
        )
    )
    app.post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre(view, cell("F6")), button=1, touch=True)
    )
    assert len(view.match.entries) == before


def test_a_player_with_nothing_to_do_passes(app):
    view = make_view(app, position(2, {"H8": (1, "SML")}), seats=("person", "person"))
    assert view.match.state.must_pass()
    assert "pass" in view.status_text()
    enter(app, view, Pass(), "click")
    assert view.match.entries[-1].text == "pass"


def test_hint_is_shown_on_the_board(app):
    view = make_view(app, seats=("person", "easy"))
    key(app, pygame.K_h)
    wait(app, view, lambda: view.hint is not None)
    assert view.hint in view.match.state.legal_moves()
    # the banner names the move and says what it does, from the engine's facts
    from game.analysis.explain import explain_hint

    state = view.match.state
    why = explain_hint(view.spec.id, state, state.apply(view.hint), state.current_player())
    assert why  # a first placement changes the mover's area at least
    assert view.banner == f"Hint: {view.hint}. {why}"
    app.run_ticks(2)  # draws the hint


def test_an_action_animates_then_its_decay_and_death(app):
    # Ruby places on C2; at the end of the turn A1, B2 and C2 decay and A1 dies: the
    # animation shows the placing, then the decay, then the death, and ends on the
    # engine's new state.
    view = make_view(app, position(2, THREAT), seats=("person", "person"))
    old = view.match.state
    click(app, centre(view, cell("C2")))
    new = view.match.state
    move = old.parse_move(view.match.entries[-1].text)
    assert view.queue or view.anim
    app.run_ticks(1)
    assert view.anim is not None and view.anim[4] == view.transition_ticks(old, new, move) // 4
    frames = []
    for t in (0.1, 0.5, 0.7, 0.95):
        app.canvas.fill((0, 0, 0))
        view.draw_transition(app.canvas, old, new, move, t)
        frames.append(pygame.transform.average_color(app.canvas, view.geom.rect(cell("A1"))))
    assert frames[0] != frames[-1]  # A1's tree fades away
    wait(app, view, lambda: view.anim is None and not view.queue)
    assert view.shown is view.match.state
    assert view.match.state.node_at(cell("A1")) is None


def test_bot_pacing_gives_each_action_time_on_screen(app):
    view = make_view(app, seats=("easy", "easy", "easy", "easy"))
    wait(app, view, lambda: len(view.match.entries) >= 1)
    ticks_before_second = 0
    while len(view.match.entries) < 2:
        if view.ticket is not None:
            time.sleep(0.002)
        app.run_ticks(1, draw=False)
        ticks_before_second += 1
    # the first action animates, then the next bot waits its pacing delay
    assert ticks_before_second >= view.bot_delay_ticks(view.match.state)


def test_thumbnail_and_colour_blind_glyphs(app):
    for players in (2, 6):
        surf = pygame.Surface((214, 120), pygame.SRCALPHA)
        V.CrystalFormationView.draw_thumbnail(
            surf, app.theme, SPEC.new_game(seed=1, players=players), app.settings
        )
        opaque = sum(1 for x in range(0, 214, 3) for y in range(0, 120, 3) if surf.get_at((x, y)).a)
        assert opaque > 400
    colour = app.theme.player_colours[0]
    plain = V.stack_sprite(colour, "SML", 60, None)
    marked = V.stack_sprite(colour, "SML", 60, "triangle")
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(marked, "RGBA")
    app.settings.colour_blind = True
    view = make_view(app, seats=("person", "person"))
    app.run_ticks(1)
    assert view._glyphs()


def test_every_target_is_at_least_44_pixels(app):
    for players in (2, 6):
        view = make_view(app, SPEC.new_game(seed=1, players=players), seats=("person",) * players)
        assert view.geom.unit >= 44
        assert all(BOARD_AREA_CONTAINS(view.geom.rect(c)) for c in view.geom.cells)
        click(app, centre(view, view.match.state.nodes(0)[0].cell))
        view.button_rect("threat")
        for name, (rect, _) in view.buttons_rects.items():
            assert rect.h >= 44 and rect.w >= 44, name
        app.pop()
        app.run_ticks(1)


def BOARD_AREA_CONTAINS(rect) -> bool:
    from scenes.play.base import BOARD_AREA

    return BOARD_AREA.contains(rect)


def test_rules_and_pause_open_from_the_board(app):
    view = make_view(app, seats=("person", "hard"))
    key(app, pygame.K_F1)
    app.run_ticks(1)
    assert app.top.name == "rules"
    key(app, pygame.K_ESCAPE)
    app.run_ticks(1)
    assert app.top is view
    click(app, centre(view, cell("A1")))
    assert view.selected == cell("A1")
    key(app, pygame.K_ESCAPE)  # first drops the selection...
    app.run_ticks(1)
    assert view.selected is None and app.top is view
    key(app, pygame.K_ESCAPE)  # ...then pauses
    app.run_ticks(1)
    assert app.top.name == "pause"


def test_space_on_a_node_with_no_grow_gives_the_telling_reason_in_any_language(app):
    """C3 has a small and Ruby's five mediums are all on the board: the reason that
    tells is the empty stash (for M), not the large's "no medium" that the engine
    gives first; it is found by the message, so it holds in another language too."""
    from game.text import i18n

    nodes = {f"{c}": (0, "M") for c in ("A2", "B1", "B2", "A3", "A4")}
    nodes.update({"C3": (0, "S"), "H8": (1, "SML")})
    view = make_view(app, position(2, nodes), seats=("person", "person"))
    state = view.match.state
    i18n.set_language("pseudo")
    try:
        stash = state.why_illegal(Grow(cell("C3"), "M"))
        assert stash != state.why_illegal(Grow(cell("C3"), "L"))  # the order is a test
        steer_cursor(app, view, cell("C3"))
        key(app, pygame.K_SPACE)
        assert view.banner == stash and "[" in stash  # the pseudo-locale's message
    finally:
        i18n.set_language("en")
