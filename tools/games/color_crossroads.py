"""Color Crossroads's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations

from game.text.i18n import N_


# -- tools/tactics.py ---------------------------------------------------------------------
def hot(state, seat: int) -> bool:
    """A cheap filter: could the opponent be one turn from winning at all?"""
    return state.points[1 - seat] >= 2


def sampled_moves(moves: list) -> list:
    """The moves a sampled turn tries: challenging is rarely the question."""
    return [m for m in moves if type(m).__name__ != "Challenge"] or moves


def winning_turn(state) -> list[str] | None:
    """One challenge per turn scores at most one point, so only a seat on two points
    (or a pass that ends the game) can win at once; it wins by challenging a pair with
    no loop, dead now or killed by its placement (a dead pair never comes back:
    colouring an empty cell only removes paths)."""
    from game.ai.color_crossroads import dead_pairs
    from tools.tactics import generic_turn_win, turn_owner

    seat = turn_owner(state)
    if state.phase != "turn" or state.placed_this_turn:
        return generic_turn_win(state, 4)
    placements = state.placements()
    if not placements or state.points[seat] < 2:
        return generic_turn_win(state, 3) if not placements else None
    if state.can_challenge():
        dead = dead_pairs(state)
        if dead:
            return _finish_challenge(state, None, dead[0], seat)
    for p in placements:
        after = state.apply(p)
        if after.is_terminal() or turn_owner(after) != seat or not after.can_challenge():
            continue
        dead = dead_pairs(after)
        if dead:
            return _finish_challenge(state, p, dead[0], seat)
    return None


def _finish_challenge(state, place, pair, seat) -> list[str] | None:
    from game.rules.color_crossroads import Challenge
    from tools.tactics import best_answer, turn_owner

    s, path = state, []
    if place is not None:
        s = s.apply(place)
        path.append(str(place))
    s = s.apply(Challenge(pair))
    path.append(str(Challenge(pair)))
    while not s.is_terminal() and turn_owner(s) == seat:
        m = best_answer(s) if s.current_player() != seat else s.legal_moves()[0]
        s = s.apply(m)
        path.append(str(m))
        if s.is_terminal():
            break
    return path if s.is_terminal() and s.outcome().winners == (seat,) else None


# -- tools/puzzles.py ---------------------------------------------------------------------
RATE_BUDGET = {"easy": 500, "medium": 3_000, "hard": 8_000}  # nodes a decision, for rating
PUZZLE_GOAL_TEXT = {"gain": N_("Score a point this turn.")}
PUZZLE_HINT = N_("Challenge a pair whose loop is gone, or cut its last loop first.")


def puzzle_goals(state, seat: int) -> list[tuple[str, int]]:
    """The goals worth searching for at this turn start (a cheap filter)."""
    if state.phase != "turn" or state.placed_this_turn:
        return []
    return [("win", 1)] if state.points[seat] >= 2 else [("gain", 1)]


# -- tools/screenshot.py ------------------------------------------------------------------
SAMPLE_START = "color-crossroads#3"  # the start the tools show it with
PROOF_STARTS = (SAMPLE_START,)
SWEEP_SHOTS = (
    ("color-crossroads", "game", {"id": SAMPLE_START, "moves": "random;" * 4}),
    ("results", "results", {"id": SAMPLE_START, "play_out": True}),
)


# -- tools/references.py: what a newcomer looks at ------------------------------------
def newcomer_values(state, moves, seat: int, one_ply):
    """Color Crossroads as a newcomer reads the rule card, one turn ahead: challenge
    a pair that has no loop (+1; a pair with a loop gives the opponent the point, -1);
    a placement that cuts every loop of a pair, then challenge it (+1); and a pair
    left dead at the end of the turn is the opponent's point (-1 each).  Nothing about
    the opponent's next placement.  Outside the placing turn (setup, answering a
    challenge) the game's own points one ply ahead, as for every game (None).  The
    ``ref-greedy`` reference player's eye (tools/references.py); ``one_ply`` unused."""
    from game.rules.color_crossroads import (
        PAIRS,
        Challenge,
        EndTurn,
        Place,
        critical_cells,
        loop_exists,
    )

    if state.phase != "turn":
        return None
    open_pairs = state.open_pairs()
    live = [p for p in open_pairs if loop_exists(state, p)]
    dead = len(open_pairs) - len(live)
    cut = {p: set(critical_cells(state, p)) for p in live}  # cells on every loop of p
    claim = 1 if state.can_challenge() else 0  # one challenge a turn
    values = []
    for move in moves:
        if isinstance(move, Challenge):
            values.append(-1.0 if move.pair in live else 1.0)
            continue
        left = dead
        if isinstance(move, Place):
            left += sum(1 for p in live if move.colour not in PAIRS[p] and move.cell in cut[p])
        if isinstance(move, EndTurn):
            values.append(-float(left))
        else:  # a placement or a pass: a dead pair may still be challenged this turn
            taken = min(claim, left)
            values.append(float(taken - (left - taken)))
    return values
