"""Tactical positions: "does a bot hang a turn that loses at once?"

A position is a game rebuilt from its seed and a list of moves in the game's own
notation, at the start of a seat's turn, where at least one whole turn of that seat
lets the opponent win with its very next turn, and at least one turn does not.  The
oracles below decide "the opponent wins with its next turn" exactly (each one is a
full search of the opponent's next turn, game by game), and every oracle that answers
yes also returns the winning reply, so a test can replay it through the engine.

``tests/test_tactics.py`` freezes positions found by ``python3 tools/tactics.py G``
(random playouts and bot games, see :func:`find`) and asserts that Hard and Expert
never pick a losing turn there.

Granularity: a "turn" is every action one seat makes before the other seat acts as
mover (Crystal Connector's shifts, Chromatic Collapse's two moves, Color Crossroads'
placement and challenge with the opponent's answer inside it).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.content.puzzles import turn_owner  # noqa: E402
from game.registry import GAMES  # noqa: E402

TWO_PLAYER = ("crystal-connector", "chromatic-collapse", "crystal-formation", "color-crossroads")


# -- rebuilding and playing whole turns ---------------------------------------------------
def rebuild(game: str, seed: int, moves: list[str], **options):
    state = GAMES[game].new_game(seed, 2, **options)
    for text in moves:
        state = state.apply(state.parse_move(text))
    return state


# The seat whose turn it is: one home, game/content/puzzles.py (the puzzle checker needs it too).


def best_answer(state):
    """Color Crossroads: the challenged seat shows a loop when one exists (the engine's
    finder puts it in ``legal_moves``), else concedes."""
    moves = state.legal_moves()
    for m in moves:
        if type(m).__name__ == "Answer":
            return m
    return moves[0]


def play_turn(state, moves: list):
    """Apply a whole turn given as moves (or notation strings)."""
    for m in moves:
        if isinstance(m, str):
            m = state.parse_move(m)
        state = state.apply(m)
    return state


def bot_turn(bot, state, rng: random.Random, budget_factory) -> tuple[object, list[str]]:
    """Let ``bot`` play its whole turn from ``state`` (a fresh budget per decision);
    a challenged opponent answers exactly.  Returns the state after the turn and the
    turn's moves in notation."""
    seat = turn_owner(state)
    played = []
    while not state.is_terminal() and turn_owner(state) == seat:
        if state.current_player() != seat:
            move = best_answer(state)
        else:
            move = bot.choose(state, rng=rng, budget=budget_factory())
        played.append(str(move))
        state = state.apply(move)
        if len(played) > 20:
            raise AssertionError(f"a turn of more than 20 actions: {played}")
    return state, played


def lost(state, seat: int) -> bool:
    out = state.outcome()
    return out is not None and out.places[seat] > 1


# -- oracles: can the seat to move win with this one turn? --------------------------------
def winning_reply(game: str, state) -> list[str] | None:
    """A whole turn that wins the game at once for the seat whose turn it is, or None
    if there is none.  Exact for each game (a full search of one turn)."""
    if state.is_terminal():
        return None
    return _ORACLES[game](state)


def _generic_turn_win(state, depth: int = 3) -> list[str] | None:
    """Every action sequence of the seat to move up to the end of its turn."""
    seat = turn_owner(state)

    def dfs(s, path, left):
        if s.is_terminal():
            out = s.outcome()
            return path if out.winners == (seat,) else None
        if turn_owner(s) != seat or left == 0:
            return None
        if s.current_player() != seat:
            m = best_answer(s)
            return dfs(s.apply(m), path + [str(m)], left)
        for m in s.legal_moves():
            found = dfs(s.apply(m), path + [str(m)], left - 1)
            if found is not None:
                return found
        return None

    return dfs(state, [], depth)


def _formation_win(state) -> list[str] | None:
    seat = state.current_player()
    for m in state.legal_moves():
        if state.apply(m).winner == seat:
            return [str(m)]
    return None


def _crossroads_win(state) -> list[str] | None:
    """One challenge per turn scores at most one point, so only a seat on two points
    (or a pass that ends the game) can win at once; it wins by challenging a pair with
    no loop, dead now or killed by its placement (a dead pair never comes back:
    colouring an empty cell only removes paths)."""
    from game.ai.color_crossroads import dead_pairs

    seat = turn_owner(state)
    if state.phase != "turn" or state.placed_this_turn:
        return _generic_turn_win(state, 4)
    placements = state.placements()
    if not placements or state.points[seat] < 2:
        return _generic_turn_win(state, 3) if not placements else None
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


def _connector_win(state) -> list[str] | None:
    """Every distinct sequence of the mover's remaining shifts (and conversion), in
    numpy (the planner Medium and Hard use, without a beam); the turn wins when it
    closes the round with the mover at or above the threshold and ahead."""
    import numpy as np

    from game.ai.crystal_connector import actions_for, plan_turn

    seat = state.to_move
    if seat == state.first_mover:
        return None  # the first mover's turn never ends the game
    plan = plan_turn(state, seat, beam=10**9)
    if len(plan.leaves) == 0:
        return None
    mine = state.totals[seat] + plan.my_prod
    theirs = state.totals[1 - seat] + plan.their_prod + plan.leaves.cost
    wins = np.nonzero((mine >= state.threshold) & (mine > theirs))[0]
    for i in wins[:20]:
        moves = actions_for(plan, int(i), state)
        after = play_turn(state, moves)
        if after.is_terminal() and after.outcome().winners == (seat,):
            return [str(m) for m in moves]
    if wins.size:
        raise AssertionError("the numpy planner and the engine disagree on a winning turn")
    return None


_ORACLES = {
    "crystal-formation": _formation_win,
    "chromatic-collapse": lambda s: _generic_turn_win(s, 3),
    "color-crossroads": _crossroads_win,
    "crystal-connector": _connector_win,
}


def turn_loses(game: str, state, moves: list) -> bool:
    """Does this whole turn of the seat to move lose at once: the game ends lost, or
    the opponent then has a winning turn?"""
    seat = turn_owner(state)
    after = play_turn(state, moves)
    if after.is_terminal():
        return lost(after, seat)
    if turn_owner(after) == seat:
        raise ValueError(f"{moves} is not a whole turn")
    return winning_reply(game, after) is not None


# -- finding positions ----------------------------------------------------------------------
def candidate_turns(game: str, state, rng: random.Random, limit: int = 60) -> list[list[str]]:
    """A sample of whole turns for the seat to move (random completions)."""
    seat = turn_owner(state)
    seen, out = set(), []
    for _ in range(limit * 3):
        s, path = state, []
        while not s.is_terminal() and turn_owner(s) == seat:
            if s.current_player() != seat:
                m = best_answer(s)
            else:
                moves = s.legal_moves()
                if game == "color-crossroads":  # challenging is rarely the question
                    moves = [m for m in moves if type(m).__name__ != "Challenge"] or moves
                m = rng.choice(moves)
            path.append(str(m))
            s = s.apply(m)
        key = tuple(path)
        if key not in seen:
            seen.add(key)
            out.append(path)
        if len(out) >= limit:
            break
    return out


def find(
    game: str,
    count: int,
    seed: int = 0,
    options: dict | None = None,
    player_levels=("medium", "easy"),
    noise: float = 0.25,
    min_share: float = 0.0,
):
    """Positions from bot games (``player_levels`` with ``noise`` random moves): each
    turn start where some sampled turn loses at once and some does not, and at least
    ``min_share`` of the sampled turns lose (so a careless turn is likely to)."""
    options = options or {}
    rng = random.Random(seed)
    spec = GAMES[game]
    from game.ai.base import Budget

    found = []
    game_seed = seed
    while len(found) < count:
        game_seed += 1
        state = spec.new_game(game_seed, 2, **options)
        bots = [spec.make_bot(level) for level in player_levels]
        history: list[str] = []
        while not state.is_terminal() and len(history) < 600:
            seat = turn_owner(state)
            if state.current_player() == seat and turn_start(state) and _hot(game, state, seat):
                turns = candidate_turns(game, state, rng, 40)
                judged = [(turn_loses(game, state, t), t) for t in turns]
                losing = next((t for lost_, t in judged if lost_), None)
                safe = next((t for lost_, t in judged if not lost_), None)
                share = sum(lost_ for lost_, _ in judged) / max(1, len(judged))
                if losing and safe and share >= min_share:
                    found.append(
                        {
                            "seed": game_seed,
                            "options": options,
                            "moves": list(history),
                            "losing": losing,
                            "safe": safe,
                        }
                    )
                    print(found[-1], flush=True)
                    # one position per game, so that the set is varied
                    break
            if state.current_player() != seat:
                move = best_answer(state)
            elif rng.random() < noise:
                move = rng.choice(state.legal_moves())
            else:
                bot = bots[state.current_player()]
                move = bot.choose(state, rng=rng, budget=Budget(nodes=2000))
            history.append(str(move))
            state = state.apply(move)
    return found


def _hot(game: str, state, seat: int) -> bool:
    """A cheap filter: could the opponent be one turn from winning at all?"""
    opp = 1 - seat
    if game == "crystal-formation":
        return state.trees(opp) >= 4
    if game == "color-crossroads":
        return state.points[opp] >= 2
    if game == "crystal-connector":
        return seat == state.first_mover and state.totals[opp] + 150 >= state.threshold
    if game == "chromatic-collapse":
        return len(state.groups(opp)) <= 3
    return True


def turn_start(state) -> bool:
    """Whether no action of the seat to move has been played yet this turn."""
    phase = getattr(state, "phase", None)
    if phase is None:
        return True
    if phase in ("first", "remove"):
        return True
    if phase == "turn":
        return not state.placed_this_turn and not getattr(state, "challenged_this_turn", False)
    if phase == "play":
        return not state.actions_this_turn
    return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=TWO_PLAYER)
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--levels", default="medium,easy")
    ap.add_argument("--noise", type=float, default=0.25)
    ap.add_argument(
        "--min-share",
        type=float,
        default=0.0,
        help="least share of sampled turns that must lose at once",
    )
    args = ap.parse_args(argv)
    find(
        args.game,
        args.count,
        args.seed,
        player_levels=tuple(args.levels.split(",")),
        noise=args.noise,
        min_share=args.min_share,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())


def formation_positions(count: int, seed: int = 0) -> list[str]:
    """Crystal Formation positions made by hand, at random (bot games never reach one:
    see docs/bots.md): Sapphire (seat 1) has four trees and a node one grow from the
    fifth, Ruby (seat 0, to move) has trees and smaller nodes.  Kept when some of Ruby's
    actions let the fifth tree stand and some do not, and most do (so a careless
    action is likely to lose).  Returned as diagrams (rows 1-8, ``0SML`` = Ruby's
    tree, ``.`` empty) for ``tests/test_crystal_formation.position``."""
    from game.rules.crystal_formation import FormationState, geometry, pieces_mask

    rng = random.Random(seed)
    geo = geometry("square")
    out = []
    while len(out) < count:
        cells = rng.sample(range(64), 10)
        board = [0] * 64
        plan = [(1, "SML")] * 4 + [(1, rng.choice(["ML", "SL", "SM"]))]
        plan += [(0, "SML")] * rng.randint(1, 3)
        plan += [(0, rng.choice(["S", "M", "SM", "L"])) for _ in range(10 - len(plan))]
        for c, (owner, p) in zip(cells, plan, strict=True):
            board[c] = (owner << 3) | pieces_mask(p)
        stashes = [[5, 5, 5], [5, 5, 5]]
        for v in board:
            if v:
                for k in range(3):
                    stashes[v >> 3][k] -= (v >> k) & 1
        if min(min(s) for s in stashes) < 0:
            continue
        state = FormationState(2, tuple(board), tuple(tuple(s) for s in stashes), 20)
        if state.is_terminal():
            continue
        moves = state.legal_moves()
        if len(moves) < 2:
            continue
        losing = [m for m in moves if turn_loses("crystal-formation", state, [m])]
        if not losing or len(losing) == len(moves) or len(losing) < len(moves) // 2:
            continue
        rows = []
        for r in range(8):
            toks = []
            for col in range(8):
                v = board[geo.index[(col, r)]]
                toks.append(
                    "."
                    if not v
                    else str(v >> 3) + "".join("SML"[k] for k in range(3) if (v >> k) & 1)
                )
            rows.append(" ".join(toks))
        safe = [m for m in moves if m not in losing]
        out.append(("\n".join(rows), str(losing[0]), str(safe[0]), len(losing), len(moves)))
    return out
