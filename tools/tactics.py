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
from tools.games import hooks  # noqa: E402

# The games whose tools/games/<module>.py has a winning-turn oracle (the two-player games).
TWO_PLAYER = tuple(g for g in GAMES if hasattr(hooks(g), "winning_turn"))


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
    return hooks(game).winning_turn(state)


def generic_turn_win(state, depth: int = 3) -> list[str] | None:
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
                sample = getattr(hooks(game), "sampled_moves", None)  # the moves worth a try
                m = rng.choice(sample(moves) if sample else moves)
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
            if (
                state.current_player() == seat
                and turn_start(state)
                and hooks(game).hot(state, seat)
            ):
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
