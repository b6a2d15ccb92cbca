"""Element Shift bots: random, easy, medium, hard, expert.

Every bot looks only at ``state.public_view(seat)``: the board, positions, elements and
scores are public; the other seats' pending plans (and start picks) are not.

* Easy: a random legal plan that leans toward scoring tiles (it draws a few random
  plans and keeps one that ends on a tile it holds when the round is over, if the
  others stood still).
* Medium: the best plan for this round's points assuming every other seat keeps its
  element and stands still.  Medium and up start where the seats of their element
  spread out over its regions (:func:`spread_starts`).
* Hard: predicts the other seats (their own best plans against a still board, sampled
  from their few best), then answers those samples: candidates are scored by the real
  resolution against each sample, with an eye on the leading element, the variation and
  the regions it leaves itself for the next round.
* Expert: level-k reasoning: it predicts the other seats by running Hard's own planner
  for each of them (and each seat's answer to that), shared by every expert of the
  round, and answers a mix of those predicted rounds.

Usage::

    from game.ai.element_shift import make_hard
    move = make_hard().choose(state, rng=random.Random(1), budget=Budget(nodes=20000))

The searches work on 121-bit integers (one bit per tile) so that a round's plans can be
compared quickly: a plan's outcome for its author depends only on where it ends and on
which tiles it converts, so plans are merged by (end tile, converted tiles) segment by
segment.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import replace
from functools import lru_cache

from game.ai.base import Budget
from game.rules.element_shift import (
    CELLS,
    ROUNDS,
    SIZE,
    STAY,
    VARIATIONS,
    ElementShiftState,
    Plan,
    StartPick,
    _menu,
    beater,
    beats,
    region_labels,
    resolve_round,
    score_round,
)

FULL = (1 << CELLS) - 1
COL_FIRST = sum(1 << (r * SIZE) for r in range(SIZE))
COL_LAST = sum(1 << (r * SIZE + SIZE - 1) for r in range(SIZE))
NOT_FIRST = FULL & ~COL_FIRST
NOT_LAST = FULL & ~COL_LAST


def flood(seed: int, allowed: int) -> int:
    """The orthogonally connected part of ``allowed`` that contains ``seed`` (bits)."""
    region = seed & allowed
    while True:
        grown = (
            region
            | ((region << 1) & NOT_FIRST)
            | ((region >> 1) & NOT_LAST)
            | (region << SIZE)
            | (region >> SIZE)
        ) & allowed
        if grown == region:
            return region
        region = grown


@lru_cache(maxsize=None)
def _bit_menus(round_: int) -> tuple:
    """menus[segment][cell] = ((token, dest, entered bits), ...) in the engine's order."""
    segs = VARIATIONS[round_].segments
    return tuple(
        tuple(
            tuple((a.token, a.dest, sum(1 << c for c in a.entered)) for a in _menu(round_, s, cell))
            for cell in range(CELLS)
        )
        for s in range(segs)
    )


def _masks(board) -> list[int]:
    masks = [0, 0, 0]
    for c, el in enumerate(board):
        masks[el] |= 1 << c
    return masks


class RoundModel:
    """One seat's view of a round's outcome, given what the others are predicted to do:
    where they end, their elements and the tiles they convert."""

    def __init__(
        self,
        state: ElementShiftState,
        seat: int,
        others_end=None,
        others_elements=None,
        others_convert: int = 0,
    ):
        self.round = state.round
        self.variation = VARIATIONS[state.round]
        self.seat = seat
        self.start_masks = _masks(state.board)
        board = list(state.board)
        c = others_convert
        while c:
            low = c & -c
            i = low.bit_length() - 1
            board[i] = beater(board[i])
            c ^= low
        self.masks = _masks(board)
        self.board = board
        self.others_convert = others_convert
        n = state.num_players
        ends = others_end if others_end is not None else state.positions
        els = others_elements if others_elements is not None else state.elements
        self.others = [(1 << ends[o], els[o]) for o in range(n) if o != seat]
        self.others_bits = 0
        for b, _ in self.others:
            self.others_bits |= b
        self.counts = [m.bit_count() for m in self.masks]

    def targets(self, element: int) -> int:
        """Tiles this seat would convert by entering them with ``element``."""
        return self.start_masks[beats(element)] & ~self.others_convert

    def evaluate(self, element: int, end: int, mask: int, cache: dict) -> tuple[float, int, int]:
        """(points this round, my region bits, region size) for ending on ``end`` having
        converted ``mask`` with ``element``."""
        bit = 1 << end
        mine = self.masks[element] | mask
        if bit & mine:
            regions = cache.setdefault(("r", element, mask), [])
            region = 0
            for r in regions:
                if r & bit:
                    region = r
                    break
            if not region:
                region = flood(bit, mine)
                regions.append(region)
            size = region.bit_count()
            k = 1
            for b, el in self.others:
                if el == element and b & region:
                    k += 1
            points = 2 * size // k
        else:
            tile_el = self.board[end]
            region = flood(bit, self.masks[tile_el] & ~mask)
            size = 0
            points = 0
        counts = list(self.counts)
        n = mask.bit_count()
        counts[element] += n
        counts[beats(element)] -= n
        best = max(counts)
        if counts.count(best) == 1 and beats(element) == counts.index(best):
            points += 3
        v = self.variation
        if v.pandemic and not (self.others_bits & region):
            points += 3
        if v.rock_paper_scissors:
            points += 2 * sum(1 for _, el in self.others if beats(element) == el)
        return points, region, size


def search_plans(
    model: RoundModel, start: int, element: int, budget: Budget | None, cap: int = 1500
) -> dict:
    """Distinct outcomes of this seat's plans with ``element``: {(end, converted bits):
    actions}.  Layers larger than ``cap`` keep the outcomes with most conversions (ties:
    first found, which prefers stays and the engine's order)."""
    menus = _bit_menus(model.round)
    targets = model.targets(element)
    layer = {(start, 0): ()}
    for s in range(len(menus)):
        menu = menus[s]
        nxt: dict = {}
        for (pos, mask), acts in layer.items():
            for tok, dest, ebits in menu[pos]:
                key = (dest, mask | (ebits & targets))
                if key not in nxt:
                    nxt[key] = acts + (tok,)
        if budget is not None:
            budget.tick(len(nxt))
        if len(nxt) > cap:
            ranked = sorted(nxt, key=lambda k: -k[1].bit_count())[:cap]
            nxt = {k: nxt[k] for k in ranked}
        layer = nxt
        if budget is not None and budget.expired() and s < len(menus) - 1:
            # Out of time: finish every partial plan with stays.
            rest = (STAY,) * (len(menus) - 1 - s)
            return {k: v + rest for k, v in layer.items()}
    return layer


def ranked_plans(
    state: ElementShiftState,
    seat: int,
    model: RoundModel,
    budget: Budget | None,
    future: float = 0.0,
    top: int = 1,
    cap: int = 1500,
) -> list[tuple[float, Plan]]:
    """This seat's best plans under ``model``, best first: (value, plan).  ``future``
    weighs what the plan leaves for the next round (the region it ends in, tiles of its
    element gained)."""
    start = state.positions[seat]
    own = state.elements[seat]
    scored: list[tuple[float, int, Plan]] = []
    cache: dict = {}
    order = 0
    last_round = state.round >= ROUNDS
    for switch in (False, True):
        element = beater(own) if switch else own
        outcomes = search_plans(model, start, element, budget, cap)
        for (end, mask), acts in outcomes.items():
            points, _region, size = model.evaluate(element, end, mask, cache)
            value = points + 0.01 * mask.bit_count()
            if future and not last_round:
                value += future * (0.5 * size + 0.25 * mask.bit_count())
            scored.append((value, order, Plan(switch, acts)))
            order += 1
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, p) for v, _, p in scored[:top]]


# ---------------------------------------------------------------------------------------
# Start tiles


def _region_table(state: ElementShiftState, element: int):
    labels, sizes = region_labels(state.board)
    regions: dict[int, list[int]] = {}
    for c in range(CELLS):
        if state.board[c] == element:
            regions.setdefault(labels[c], []).append(c)
    return labels, sizes, regions


def _growth(state: ElementShiftState, cell: int, element: int) -> int:
    """Tiles of the element ``element`` beats within two steps: what the region can
    grow into."""
    c0, r0 = cell % SIZE, cell // SIZE
    n = 0
    for r in range(max(0, r0 - 2), min(SIZE, r0 + 3)):
        for c in range(max(0, c0 - 2), min(SIZE, c0 + 3)):
            if abs(c - c0) + abs(r - r0) <= 2 and state.board[r * SIZE + c] == beats(element):
                n += 1
    return n


def spread_starts(state: ElementShiftState, element: int) -> dict[int, int]:
    """The region (label) each seat of ``element`` is expected to start in, if all of
    them spread out: everyone first heads for the largest region, then seat after seat
    (in seat order, sweep after sweep until nobody moves) takes the region with the
    largest share for it, size / (the seats already there + 1), since round 1 pays
    2 x region / k.  Every seat computes the same answer from the public board, so
    seats that pick this way take different regions instead of the same one (when each
    of them alone dodged "the crowd", all four dodged into the same second region)."""
    _labels, sizes, regions = _region_table(state, element)
    by_size = sorted(regions, key=lambda lab: (-sizes[lab], min(regions[lab])))
    seats = [s for s in range(state.num_players) if state.elements[s] == element]
    if not by_size:
        return {}
    picks = {s: by_size[0] for s in seats}
    for _sweep in range(2 * len(seats) + 1):
        moved = False
        for s in seats:
            there = {lab: 0 for lab in by_size}
            for o in seats:
                if o != s:
                    there[picks[o]] += 1
            # max keeps the first of equals: the larger region, then the earlier one.
            best = max(by_size, key=lambda lab: sizes[lab] / (1 + there[lab]))
            if sizes[best] / (1 + there[best]) > sizes[picks[s]] / (1 + there[picks[s]]):
                picks[s], moved = best, True
        if not moved:
            break
    return picks


def pick_start(state: ElementShiftState, seat: int, rng: random.Random) -> StartPick:
    """A start tile for ``seat`` (Medium and up): its own region in the spread of its
    element's seats (:func:`spread_starts`), the tile there with the most to convert.
    (Heading for the largest region would send all four Mediums of an element to one
    region: a table of Mediums that a Random seat among them outscores.)"""
    element = state.elements[seat]
    _labels, _sizes, regions = _region_table(state, element)
    cells = regions[spread_starts(state, element)[seat]]
    best = max(_growth(state, c, element) for c in cells)
    return StartPick(rng.choice([c for c in cells if _growth(state, c, element) == best]))


# ---------------------------------------------------------------------------------------
# Bots


def _budget(budget: Budget | None, seconds: float) -> Budget:
    return budget if budget is not None else Budget(seconds=seconds)


class RandomElementBot:
    """Uniform over legal actions (the engine's exact plan list)."""

    name = "random"
    think_seconds = 0.01

    def choose(self, state, *, rng: random.Random, budget: Budget | None = None):
        view = state.public_view(state.current_player())
        return rng.choice(view.legal_moves())


class EasyBot:
    """A random legal plan that leans toward ending on a tile it will hold."""

    name = "easy"
    think_seconds = 0.05
    # Three draws, each kept only if it ends on a tile of the seat's element when the
    # round is over (counting the tiles it converts and a switch) with the others
    # standing still.  Judged by the end tile's element as the round begins, a plan
    # that converts its end tile would look bad, and one that switches away from its
    # tile good.  One seat against eleven, 400 tables (``tools/arena.py --levels
    # easy,random --games 400 --seed 21000``): against Random as strong as the
    # start-of-round rule (75.7 % of its seat comparisons against 76.3 %), against
    # Medium a little further below it (33.3 %, 37.0 %).
    draws = 3

    def choose(self, state, *, rng: random.Random, budget: Budget | None = None):
        seat = state.current_player()
        view = state.public_view(seat)
        if view.round == 0:
            element = view.elements[seat]
            labels, sizes, regions = _region_table(view, element)
            # Lean toward bigger regions: weight each tile by its region's size.
            cells = [c for lab in regions for c in regions[lab]]
            weights = [sizes[labels[c]] for c in cells]
            return StartPick(rng.choices(cells, weights)[0])
        moves = view.legal_moves()
        draws = [moves[rng.randrange(len(moves))] for _ in range(self.draws)]
        good = [plan for plan in draws if view.preview(seat, plan).score.matched]
        return rng.choice(good) if good else draws[0]


class MediumBot:
    """The best plan for this round's points if every other seat stood still."""

    name = "medium"
    think_seconds = 0.1

    def choose(self, state, *, rng: random.Random, budget: Budget | None = None):
        seat = state.current_player()
        view = state.public_view(seat)
        if view.round == 0:
            return pick_start(view, seat, rng)
        budget = _budget(budget, self.think_seconds)
        model = RoundModel(view, seat)
        best = ranked_plans(view, seat, model, budget, top=1)
        return best[0][1] if best else Plan.still(view.segments())


def _model_against(view: ElementShiftState, seat: int, plans: list[Plan]) -> RoundModel:
    """``seat``'s round model if the others play ``plans`` (its own entry is ignored)."""
    trial = list(plans)
    trial[seat] = Plan.still(view.segments())
    trace = resolve_round(view.round, view.board, view.positions, view.elements, trial)
    convert = 0
    for seg in trace.conversions:
        for conv in seg:
            convert |= 1 << conv.cell
    return RoundModel(
        view,
        seat,
        others_end=trace.positions[-1],
        others_elements=trace.elements,
        others_convert=convert,
    )


class Profile:
    """A guess at everyone's plans for one round, refined by sweeps of best responses:
    seat after seat answers the current plans of all the others (so a seat that sees
    its region already crowded looks elsewhere).  It uses public information only (the
    board, positions and elements at the round's start), so every hard bot of a process
    shares one profile per round and each advances it a little within its own budget."""

    sweeps_wanted = 2
    top = 3
    cap = 400

    def __init__(self, view: ElementShiftState):
        self.view = replace(view, pending=(None,) * view.num_players, viewer=-1)
        n = view.num_players
        self.plans: list[Plan] = [Plan.still(view.segments())] * n
        self.options: list[tuple[Plan, ...]] = [()] * n
        self.sweeps = 0
        self.next_seat = 0

    @property
    def done(self) -> bool:
        return self.sweeps >= self.sweeps_wanted

    def step(self, budget: Budget | None) -> None:
        seat = self.next_seat
        model = _model_against(self.view, seat, self.plans)
        # Never cut a shared step short: a truncated answer would mislead every bot that
        # reads this profile later.  One step is small (a capped search).
        ranked = ranked_plans(self.view, seat, model, None, top=self.top, cap=self.cap)
        if budget is not None:
            budget.tick(200)
        if ranked:
            self.options[seat] = tuple(p for _, p in ranked)
            self.plans[seat] = ranked[0][1]
        self.next_seat += 1
        if self.next_seat == self.view.num_players:
            self.next_seat = 0
            self.sweeps += 1


_PROFILES: dict = {}


def _per_round(cache: dict, make, view: ElementShiftState):
    """``make(view)`` once per round's public position (board, positions, elements,
    round), shared by every seat that plans it; the cache keeps the last few rounds."""
    key = (view.board, view.positions, view.elements, view.round)
    value = cache.get(key)
    if value is None:
        if len(cache) > 16:
            cache.clear()
        value = cache[key] = make(view)
    return value


def _sampled_round(prof: Profile, n: int, segs: int, rng) -> list:
    """One guess at every seat's plan: mostly its best answer in the shared profile,
    sometimes its next best, sometimes standing still (a person who ran out of time)."""
    plans = []
    for o in range(n):
        options = prof.options[o] or (prof.plans[o],)
        roll = rng.random()
        if roll < 0.1:
            plans.append(Plan.still(segs))
        elif roll < 0.7 or len(options) == 1:
            plans.append(options[0])
        else:
            plans.append(options[rng.randrange(1, len(options))])
    return plans


def _profile(view: ElementShiftState) -> Profile:
    return _per_round(_PROFILES, Profile, view)


def clear_shared_profiles() -> None:
    """Forget the shared round profiles and predictions (tests that compare two
    decisions use this)."""
    _PROFILES.clear()
    _PREDICTIONS.clear()


class HardBot:
    """Best response to sampled plans of the others, taken from a shared profile of
    everyone's best responses (see :class:`Profile`), judged by the real resolution with
    the leading element and the round's variation."""

    name = "hard"
    # Eleven hard bots must decide a round in under a second together.
    think_seconds = 0.07
    samples = 4
    candidates = 10
    future = 0.1
    cap = 500
    profile_share = 0.6  # of the budget spent refining the shared profile

    def choose(self, state, *, rng: random.Random, budget: Budget | None = None):
        seat = state.current_player()
        view = state.public_view(seat)
        if view.round == 0:
            return pick_start(view, seat, rng)
        return self._plan(view, seat, rng, _budget(budget, self.think_seconds))

    def _plan(self, view: ElementShiftState, seat: int, rng: random.Random, budget: Budget) -> Plan:
        """Hard's plan for ``seat`` from its public ``view`` (Expert also runs this for
        the other seats, to predict them)."""
        segs = view.segments()
        prof = _profile(view)
        while (
            not prof.done
            and budget.fraction_left() > 1.0 - self.profile_share
            and not budget.expired()
        ):
            prof.step(budget)
        n = view.num_players
        # Samples of the others: mostly their current best response, sometimes one of
        # their next best, sometimes standing still (a person who ran out of time).
        samples = []
        for _ in range(self.samples):
            samples.append(_sampled_round(prof, n, segs, rng))
        model = _model_against(view, seat, prof.plans)
        candidates = [
            p
            for _, p in ranked_plans(
                view, seat, model, budget, future=self.future, top=self.candidates, cap=self.cap
            )
        ]
        for plan in prof.options[seat]:
            if plan not in candidates:
                candidates.append(plan)
        if not candidates:
            return Plan.still(segs)
        if budget.expired():
            return candidates[0]
        best_plan, best_value = candidates[0], None
        for plan in candidates:
            total = 0.0
            for plans in samples:
                trial = list(plans)
                trial[seat] = plan
                total += self._exact(view, seat, trial)
                budget.tick(20)
            if best_value is None or total > best_value:
                best_plan, best_value = plan, total
            if budget.expired():
                break
        return best_plan

    def _exact(self, view: ElementShiftState, seat: int, plans: list[Plan]) -> float:
        trace = resolve_round(view.round, view.board, view.positions, view.elements, plans)
        end = trace.positions[-1]
        lines = score_round(view.round, trace.board_after, end, trace.elements)
        line = lines[seat]
        value = float(line.total)
        if view.round < ROUNDS and line.matched:
            value += self.future * 0.5 * line.region_size
        return value


def _value(view: ElementShiftState, seat: int, plans: list[Plan], future: float) -> float:
    """``seat``'s points this round by the real resolution of ``plans``, plus a little
    for the region it stands in for the next round (as :meth:`HardBot._exact`)."""
    trace = resolve_round(view.round, view.board, view.positions, view.elements, plans)
    line = score_round(view.round, trace.board_after, trace.positions[-1], trace.elements)[seat]
    value = float(line.total)
    if view.round < ROUNDS and line.matched:
        value += future * 0.5 * line.region_size
    return value


def _answer(
    view: ElementShiftState,
    seat: int,
    rounds: list[tuple[list[Plan], float]],
    extra: list[Plan],
    *,
    top: int,
    cap: int,
    future: float,
    budget: Budget | None,
) -> Plan:
    """``seat``'s best plan against weighted guesses at everyone's plans: candidates are
    its best plans against the first guess plus ``extra``, each judged by the real
    resolution against every guess."""
    candidates: list[Plan] = []
    if rounds:
        model = _model_against(view, seat, rounds[0][0])
        for _, p in ranked_plans(view, seat, model, budget, future=future, top=top, cap=cap):
            candidates.append(p)
    for p in extra:
        if p not in candidates:
            candidates.append(p)
    if not candidates:
        return Plan.still(view.segments())
    best_plan, best_value = candidates[0], None
    for plan in candidates:
        total = 0.0
        for plans, weight in rounds:
            trial = list(plans)
            trial[seat] = plan
            total += weight * _value(view, seat, trial, future)
        if budget is not None:
            budget.tick(20 * len(rounds))
        if best_value is None or total > best_value:
            best_plan, best_value = plan, total
        if budget is not None and budget.expired():
            break
    return best_plan


class Prediction:
    """Level-k prediction of one round (public information only).

    First ``draws_wanted`` times over, what each seat would play if it planned like
    Hard (Hard's own planner run for that seat on the public view, answering the shared
    profile), each time with another random stream, since Hard samples.  Then, for each
    seat, its best answer to those Hard rounds (``level2``: a seat that thinks one level
    further), then its best answer to the mix of both (``level3``: a seat that thinks
    like this Expert).  The random streams are seeded from the round's public state
    (board, positions, elements, round), so every expert bot of a process shares one
    prediction per round and every part of it is the same whoever computes it."""

    # Six draws, not three: Hard samples, and with three a lone Expert left half its
    # 2 s free; with six it beat Hard in 75.8 % of its seat comparisons against
    # 67.0 % with three on the same 40 tables (commit 8ad8e3f; docs/bots.md).
    draws_wanted = 6
    top = 16
    cap = 1000
    future = 0.1
    hard_weight = 0.35  # weight of the pure Hard rounds (the mixed ones get the rest)
    mix2 = 0.7  # in a mixed round, chance of a seat at level 2 (before level 3 is known)
    mix3 = (0.3, 0.35)  # with level 3 known: chances of Hard, of level 2 (rest: level 3)

    def __init__(self, view: ElementShiftState, levels: int = 3):
        self.view = replace(view, pending=(None,) * view.num_players, viewer=-1)
        key = (view.board, view.positions, view.elements, view.round)
        self.seed = zlib.crc32(repr(key).encode())
        self.levels = levels
        self.draws: list[list] = []  # draws[k][seat]: a Plan, or None not yet predicted
        self.next_seat = 0
        self.level2: list = [None] * view.num_players
        self.level3: list = [None] * view.num_players
        self.hard = HardBot()

    def complete(self) -> int:
        """How many Hard draws are fully predicted."""
        return len(self.draws) - (1 if self.next_seat else 0)

    @property
    def done(self) -> bool:
        last = self.level3 if self.levels >= 3 else self.level2
        return last[-1] is not None

    def step(self, budget: Budget | None) -> None:
        """Predict one more seat (never cut short, like a profile step)."""
        n = self.view.num_players
        if self.complete() < self.draws_wanted:
            if self.next_seat == 0:
                self.draws.append([None] * n)
            k, seat = len(self.draws) - 1, self.next_seat
            rng = random.Random(self.seed * 131 + k * 17 + seat)
            self.draws[k][seat] = self.hard._plan(self.view, seat, rng, Budget())
            self.next_seat = (seat + 1) % n
        else:
            fallback = _profile(self.view).plans
            if self.level2[-1] is None:
                seat, into = self.level2.index(None), self.level2
                rounds = [(d, 1.0 / len(self.draws)) for d in self.draws]
            else:
                seat, into = self.level3.index(None), self.level3
                rounds = self.rounds(fallback, 2)
            extra = [r[seat] for r, _ in rounds] + list(_profile(self.view).options[seat])
            into[seat] = _answer(
                self.view,
                seat,
                rounds,
                extra,
                top=self.top,
                cap=self.cap,
                future=self.future,
                budget=None,
            )
        if budget is not None:
            budget.tick(1000)

    def rounds(self, fallback: list[Plan], levels: int) -> list[tuple[list[Plan], float]]:
        """Weighted guesses at everyone's plans: every Hard draw so far (seats not yet
        predicted play ``fallback``, the profile's current best responses), then as many
        mixed rounds in which each seat plays Hard's plan, its level-2 answer or (with
        ``levels`` 3, once known) its level-3 answer, by chance."""
        hard = [
            [p if p is not None else f for p, f in zip(d, fallback, strict=True)]
            for d in self.draws
        ]
        mixed = []
        if levels >= 2 and self.level2[-1] is not None:
            use3 = levels >= 3 and self.level3[-1] is not None
            for k, plans in enumerate(hard):
                rng = random.Random(self.seed * 7 + 1000 + k)
                guess = []
                for o, plan in enumerate(plans):
                    roll = rng.random()
                    if not use3:
                        guess.append(self.level2[o] if roll < self.mix2 else plan)
                    elif roll < self.mix3[0]:
                        guess.append(plan)
                    elif roll < self.mix3[0] + self.mix3[1]:
                        guess.append(self.level2[o])
                    else:
                        guess.append(self.level3[o])
                mixed.append(guess)
        if not mixed:
            return [(h, 1.0 / len(hard)) for h in hard]
        return [(h, self.hard_weight / len(hard)) for h in hard] + [
            (m, (1.0 - self.hard_weight) / len(mixed)) for m in mixed
        ]


_PREDICTIONS: dict = {}


def _prediction(view: ElementShiftState) -> Prediction:
    return _per_round(_PREDICTIONS, Prediction, view)


class ExpertBot(HardBot):
    """Level-k reasoning on top of Hard (a cognitive hierarchy): Expert predicts every
    seat by running Hard's own planner for it, a few times over, then each seat's answer
    to that (level 2) and each seat's answer to a mix of both (level 3, how an Expert
    plays; see :class:`Prediction`, shared by every expert bot of the round).  It answers
    a mix of rounds where the others plan like Hard and rounds where each seat is, by
    chance, Hard, level 2 or level 3.  Candidates are its best plans against the first
    predicted round plus the profile's options and the predictions for its own seat;
    each is judged by the real resolution against every predicted round and, with a
    small weight, Hard's samples of the profile."""

    name = "expert"
    think_seconds = 2.0
    levels = 3
    samples = 4
    candidates = 24  # its best plans against the first predicted round
    cap = 1000
    predict_share = 0.85  # of the budget spent predicting the others
    sample_weight = 0.25  # weight of the profile samples

    def _plan(self, view: ElementShiftState, seat: int, rng: random.Random, budget: Budget) -> Plan:
        segs = view.segments()
        prof = _profile(view)
        while not prof.done and not budget.expired():
            prof.step(budget)
        pred = _prediction(view)
        while (
            not pred.done
            and budget.fraction_left() > 1.0 - self.predict_share
            and not budget.expired()
        ):
            pred.step(budget)
        n = view.num_players
        rounds = pred.rounds(prof.plans, self.levels) if pred.draws else [(list(prof.plans), 1.0)]
        for _ in range(self.samples if self.sample_weight else 0):
            rounds.append((_sampled_round(prof, n, segs, rng), self.sample_weight / self.samples))
        extra = list(prof.options[seat]) + [g[seat] for g, _ in rounds]
        return _answer(
            view,
            seat,
            rounds,
            extra,
            top=self.candidates,
            cap=self.cap,
            future=self.future,
            budget=budget,
        )


def make_random() -> RandomElementBot:
    return RandomElementBot()


def make_easy() -> EasyBot:
    return EasyBot()


def make_medium() -> MediumBot:
    return MediumBot()


def make_hard() -> HardBot:
    return HardBot()


def make_expert() -> ExpertBot:
    return ExpertBot()


# Level -> factory; game.registry gives these to the game's spec.
# The Expert level's seconds a decision (game.registry): the eleven bots plan one after
# another in each round, so each gets 2 s.  Its Expert spends about a second predicting
# the round once (shared by every expert bot of that round), and the seats after the
# first then need a few tenths.
EXPERT_SECONDS = 2.0

LEVELS = {
    "random": make_random,
    "easy": make_easy,
    "medium": make_medium,
    "hard": make_hard,
    "expert": make_expert,
}
