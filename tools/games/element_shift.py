"""Element Shift's hooks for the tools (tools/games/__init__.py)."""

from __future__ import annotations

import random
import time

from game.rules.contract import GameSetup
from game.rules.element_shift import SPEC
from game.text.i18n import N_

# -- tools/puzzles.py ---------------------------------------------------------------------
RATE_BUDGET = {"easy": 2_000, "medium": 20_000, "hard": 20_000}  # nodes a decision, for rating
PUZZLE_GOAL_TEXT = {
    # {amount}: the points; filled in when shown
    "gain": N_("Score {amount} points this round: the most any plan can."),
}
PUZZLE_HINT = N_(
    "The other plans are drawn on the board: see which tiles they turn "
    "and where they end, then find your region."
)


def puzzle_turns(state, seat: int, most_wins=None) -> dict:
    return shift_turns(state, seat)


def verify_note() -> str:
    return f", {PLANS_COVERED[0]} Element Shift plans covered" if PLANS_COVERED[0] else ""


PLANS_COVERED = [0]  # plans accounted for by the searches so far (verify's figure)


def shift_turns(state, seat: int) -> dict[str, tuple[list[str], object]]:
    """Every distinct result of ``seat``'s plan for the round, the other seats' plans
    fixed (those already submitted; the puzzle seat is the last to plan).

    Exhaustive over the seat's whole plan list (``PlanList``: up to 742,586 plans in
    round 5).  Outside Tile Rush a plan's effect on the round depends only on keep or
    switch, the tile it ends on and which tiles it enters that its element beats (a
    tile changes only when the element beating it enters; entering any other tile
    changes nothing, and where it stands in between counts for nothing), so the plans
    are walked segment by segment merging equal (end, turned tiles) and counting how
    many plans each stands for; one plan of each is then played by the engine and
    judged there.  The counts must add up to the plan list's length (asserted).  Tile
    Rush judges tiles every segment, so every one of its plans (at most 31,250) is
    played by the engine."""
    from game.ai.element_shift import _bit_menus
    from game.content import puzzles as P
    from game.rules.element_shift import CELLS, VARIATIONS, Plan, PlanList, beater, beats

    round_ = state.round
    start = state.positions[seat]
    plans = PlanList(round_, start)
    results: dict[str, tuple[list[str], object]] = {}

    def play(plan) -> None:
        after = state.apply(plan)
        results.setdefault(P.position_key(after), ([str(plan)], after))

    if VARIATIONS[round_].tile_rush:
        for plan in plans:
            play(plan)
        PLANS_COVERED[0] += len(plans)
        return results
    menus = _bit_menus(round_)
    covered = 0
    for switch in (False, True):
        element = beater(state.elements[seat]) if switch else state.elements[seat]
        targets = sum(1 << c for c in range(CELLS) if state.board[c] == beats(element))
        layer: dict[tuple[int, int], tuple[tuple[str, ...], int]] = {(start, 0): ((), 1)}
        for menu in menus:
            nxt: dict[tuple[int, int], tuple[tuple[str, ...], int]] = {}
            for (pos, got), (acts, n) in layer.items():
                for tok, dest, ebits in menu[pos]:
                    key = (dest, got | (ebits & targets))
                    old = nxt.get(key)
                    nxt[key] = (acts + (tok,), n) if old is None else (old[0], old[1] + n)
            layer = nxt
        for acts, n in layer.values():
            covered += n
            play(Plan(switch, acts))
    if covered != len(plans):
        raise AssertionError(f"the merged search covers {covered} of {len(plans)} plans")
    PLANS_COVERED[0] += covered
    return results


# The bots plan against what a seat may see, never the others' secret
# plans, so they would be rated on guessing.  A puzzle tells its solver those plans,
# so it is rated by the bots' own planner (``ranked_plans``, Medium's and Hard's
# search) given them, its layers capped narrower for the lower levels.
RATE_CAP = {"easy": 8, "medium": 60, "hard": 400}


def informed_plan(state, seat: int, level: str):
    from game.ai.element_shift import _model_against, ranked_plans
    from game.rules.element_shift import Plan

    segs = state.segments()
    plans = [p if isinstance(p, Plan) else Plan.still(segs) for p in state.pending]
    model = _model_against(state, seat, plans)
    best = ranked_plans(state, seat, model, None, top=1, cap=RATE_CAP[level])
    return best[0][1] if best else Plan.still(segs)


def rated_turn(state, seat: int, level: str) -> list[str]:
    return [str(informed_plan(state, seat, level))]


SHIFT_LEVELS = ("easy", "medium", "hard")  # the seats of a generating game, in turn
SHIFT_SEAT = 11  # the last seat plans last: every other plan of the round is known


def generate_puzzles(
    count: int, games: int, seed: int, per_game: int, minutes: float
) -> list[dict]:
    """Real games of Easy, Medium and Hard bots; in one round of each
    (round 1 + seed mod 7), once seats 1-11 have planned, every plan of seat 12 is
    searched (``shift_turns``) and the round is kept when the most it can score is reached by 1 to MAX_ANSWERS
    distinct results, most others falling short."""
    from game.ai.base import Budget
    from tools.puzzles import MAX_ANSWERS

    spec = SPEC
    found: list[dict] = []
    started = time.monotonic()
    for game_seed in range(seed + 1, seed + 1 + games):
        if len(found) >= count or (minutes and time.monotonic() - started > 60 * minutes):
            break
        rng = random.Random(game_seed)
        start = GameSetup(SPEC.id, 12, {}, game_seed).text(spec)
        state = spec.new_game(game_seed, 12)
        bots = [spec.make_bot(SHIFT_LEVELS[s % len(SHIFT_LEVELS)]) for s in range(12)]
        history: list[str] = []
        kept = 0
        while not state.is_terminal() and kept < per_game and state.round <= 1 + game_seed % 7:
            seat = state.current_player()
            # one round a game, the next round each game, so every variation has its share
            if seat == SHIFT_SEAT and state.round == 1 + game_seed % 7:
                results = shift_turns(state, seat)
                gains = {
                    k: after.totals[seat] - state.totals[seat] for k, (_, after) in results.items()
                }
                best = max(gains.values())
                reaching = {k: results[k][0] for k, g in gains.items() if g == best}
                if (
                    best > 0
                    and 1 <= len(reaching) <= MAX_ANSWERS
                    and (len(results) >= 4 * len(reaching) + 8)
                ):
                    found.append(
                        {
                            "id": f"{game_seed}-r{state.round}",
                            "start": start,
                            "setup": list(history),
                            "seat": seat,
                            "goal": "gain",
                            "amount": best,
                            "text": PUZZLE_GOAL_TEXT["gain"],
                            "hint": PUZZLE_HINT,
                            "solution": list(reaching.values()),
                        }
                    )
                    kept += 1
                    print(
                        f"{SPEC.id} #{game_seed} round {state.round}: best {best} by "
                        f"{len(reaching)} of {len(results)} results "
                        f"({time.monotonic() - started:.0f} s)",
                        flush=True,
                    )
            move = bots[seat].choose(state, rng=rng, budget=Budget(nodes=20_000))
            history.append(str(move))
            state = state.apply(move)
    return found[:count]


# -- tools/screenshot.py ------------------------------------------------------------------
SAMPLE_START = "element-shift#3"  # the start the tools show it with
PROOF_STARTS = (SAMPLE_START,)
SWEEP_SHOTS = (("element-shift", "game", {"id": SAMPLE_START}),)


# -- tools/benchmarks/party.py ------------------------------------------------------------
def phone_plan(view: dict, seat: int, rng) -> str | None:
    """A legal plan at random for ``seat``, from the state a phone was sent (the party
    benchmark's phones preview it); None outside the plan phase."""
    from game.rules.element_shift import PlanList

    if view.get("phase") != "plan":
        return None
    plans = PlanList(view["round"], view["positions"][seat])
    return str(plans[rng.randrange(len(plans))])
