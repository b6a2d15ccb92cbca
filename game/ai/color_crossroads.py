"""Bots for Color Crossroads.

Every level answers a challenge with a loop whenever one exists (the exact finder)
and concedes otherwise.  They differ in how they place and when they challenge:

- ``EasyBot``: plausible placements (random, with a mild taste for cells next to
  other colours), takes a kill it happens to see half of the time, and notices a dead
  pair only some of the time.
- ``MediumBot``: challenges every dead pair, kills a pair with its placement when it
  can still challenge it, and otherwise picks a placement after which the opponent
  cannot kill a pair on their next turn.
- ``HardBot``: scores every placement a few plies deep: what it wins now, whether
  the opponent can score next turn (a dead pair left open, or a placement that cuts
  every loop of a pair), and the threats it keeps for its own next turn; it looks for
  traps (positions where no reply parries all its threats).  Against a person
  (``seat_kinds``) it sometimes challenges a pair whose only loops are long and
  winding: a real bluff that gives the person the point if they find the loop.
- ``ExpertBot``: Hard's judgement over two whole turns (its placement, the pair it
  cashes, the opponent's best answer), then its best few placements played out to the
  end of the game, Hard against Hard.

Usage::

    bot = HardBot()
    move = bot.choose(state, rng=random.Random(1), budget=Budget(seconds=1))

The vocabulary: a pair is *dead* when no loop exists; a *kill* is a placement that
makes an open pair dead (a colour outside the pair on a cell that lies on every loop
of the pair: a *critical* cell); the colour placed just before the mover's (the
opponent's latest) is the one colour the mover is sure to be allowed next turn,
so a critical cell that colour fits on is a *threat*.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai.base import Budget
from game.rules.color_crossroads import (
    CORNERS,
    EMPTY,
    NEIGHBOURS,
    PAIRS,
    WALL,
    Answer,
    Challenge,
    Concede,
    CrossroadsState,
    EndTurn,
    Pass,
    Place,
    Start,
    _exists,
    find_loop,
)


def _fits(board, cell: int, colour: int) -> bool:
    v = colour + 1
    return board[cell] == EMPTY and all(board[n] != v for n in NEIGHBOURS[cell])


def _blocked(board, cell: int) -> list:
    work = list(board)
    work[cell] = WALL
    return work


@dataclass
class PairView:
    """What a bot knows about one open pair on one board."""

    loop: tuple[int, ...] | None  # a valid loop, None when the pair is dead
    crit: frozenset | None = None  # critical empty cells (computed on demand)


def pair_view(board, pair: int, corner: bool) -> PairView:
    return PairView(find_loop(board, pair, corner))


def critical(board, pair: int, view: PairView, corner: bool) -> frozenset:
    """Empty cells on every loop of the pair: only cells of one loop can be."""
    if view.crit is None:
        if view.loop is None:
            view.crit = frozenset()
        else:
            a, b = PAIRS[pair]
            view.crit = frozenset(
                y
                for y in view.loop
                if board[y] == EMPTY and not _exists(_blocked(board, y), a, b, corner)
            )
    return view.crit


def dead_pairs(state: CrossroadsState) -> list[int]:
    return [
        p for p in state.open_pairs() if not _exists(state.board, *PAIRS[p], state.corner_loops)
    ]


def answer(state: CrossroadsState):
    loop = find_loop(state, state.challenge_pair)
    return Answer(loop) if loop else Concede()


class _Base:
    """The turn skeleton shared by the levels; subclasses choose placements."""

    name = "base"
    think_seconds = 0.5
    notice_dead = 1.0  # chance of noticing a dead open pair

    def choose(self, state: CrossroadsState, *, rng: random.Random, budget: Budget | None = None):
        if budget is None:
            budget = Budget(seconds=self.think_seconds)
        seat = state.current_player()
        if state.phase == "setup":
            return self.choose_start(state, rng)
        if state.phase == "answer":
            return answer(state)
        if state.can_challenge():
            dead = dead_pairs(state)
            if dead and rng.random() < self.notice_dead:
                return Challenge(rng.choice(dead))
        if not state.placed_this_turn:
            placements = state.placements()
            if not placements:
                return Pass()
            return self.choose_place(state, placements, rng=rng, budget=budget)
        bluff = self.bluff(state, seat, rng=rng, budget=budget)
        if bluff is not None:
            return bluff
        return EndTurn()

    def choose_start(self, state, rng):
        return Start(0)  # the mover gets the first kill chance, so Player 1 starts

    def choose_place(self, state, placements, *, rng, budget):
        raise NotImplementedError

    def bluff(self, state, seat, *, rng, budget):
        return None


class CrossroadsRandomBot(_Base):
    """Uniform placements; answers exactly like every level (a rule of the game:
    a bot shows a loop whenever one exists)."""

    name = "random"
    think_seconds = 0.05
    notice_dead = 0.0

    def choose_start(self, state, rng):
        return rng.choice(state.legal_moves())

    def choose_place(self, state, placements, *, rng, budget):
        return rng.choice(placements)


class EasyBot(_Base):
    name = "easy"
    think_seconds = 0.2
    notice_dead = 0.5

    def choose_start(self, state, rng):
        return rng.choice(state.legal_moves())

    def choose_place(self, state, placements, *, rng, budget):
        if state.can_challenge() and rng.random() < 0.5:
            kills = kill_placements(state, placements, budget)
            if kills:
                return rng.choice(kills)
        # Plausible: prefer cells that touch other colours, like a person filling in.
        board = state.board
        near = [m for m in placements if any(0 < board[n] < WALL for n in NEIGHBOURS[m.cell])]
        return rng.choice(near if near and rng.random() < 0.7 else placements)


def kill_placements(state: CrossroadsState, placements, budget: Budget | None = None) -> list:
    """Placements that make at least one open, live pair dead."""
    corner = state.corner_loops
    board = state.board
    kills: list[Place] = []
    by_cell: dict[int, list[Place]] = {}
    for m in placements:
        by_cell.setdefault(m.cell, []).append(m)
    for p in state.open_pairs():
        view = pair_view(board, p, corner)
        if view.loop is None:
            continue
        a, b = PAIRS[p]
        for y in critical(board, p, view, corner):
            kills.extend(m for m in by_cell.get(y, ()) if m.colour not in (a, b))
        if budget is not None and budget.expired():
            break
    return sorted(set(kills), key=lambda m: (m.cell, m.colour))


class Analysis:
    """The current board seen pair by pair, for judging placements incrementally."""

    def __init__(self, state: CrossroadsState):
        self.state = state
        self.corner = state.corner_loops
        self.board = state.board
        self.views = {p: pair_view(self.board, p, self.corner) for p in state.open_pairs()}
        self.keep = state.last_colours[-1] if state.last_colours else -1

    def after(self, move: Place):
        """(board after, killed pairs, {pair: PairView} of the live open pairs after)."""
        x, c = move.cell, move.colour
        cells = list(self.board)
        cells[x] = c + 1
        board = tuple(cells)
        killed = []
        views = {}
        for p, view in self.views.items():
            a, b = PAIRS[p]
            if c in (a, b):
                if view.loop is None:
                    if _exists(board, a, b, self.corner):
                        views[p] = pair_view(board, p, self.corner)
                    continue
                # The old loop stays valid; critical cells can only drop out.
                crit = critical(self.board, p, view, self.corner) - {x}
                views[p] = PairView(
                    view.loop,
                    frozenset(
                        y for y in crit if not _exists(_blocked(board, y), a, b, self.corner)
                    ),
                )
                continue
            if view.loop is None:
                continue
            if x in critical(self.board, p, view, self.corner):
                killed.append(p)
                continue
            if x in view.loop:
                views[p] = pair_view(board, p, self.corner)
            else:
                views[p] = PairView(view.loop)
        return board, killed, views


def opponent_can_kill(board, views: dict, colours, corner: bool) -> bool:
    """Whether some placement of one of ``colours`` cuts every loop of a live pair."""
    for p, view in views.items():
        a, b = PAIRS[p]
        usable = [d for d in colours if d not in (a, b)]
        if not usable or view.loop is None:
            continue
        cells = view.crit if view.crit is not None else view.loop
        for y in cells:
            if board[y] != EMPTY or not any(_fits(board, y, d) for d in usable):
                continue
            if view.crit is not None or not _exists(_blocked(board, y), a, b, corner):
                return True
    return False


class MediumBot(_Base):
    name = "medium"
    think_seconds = 0.5
    notice_dead = 1.0

    def choose_place(self, state, placements, *, rng, budget):
        info = Analysis(state)
        can_challenge = state.can_challenge()
        me = state.current_player()
        order = list(placements)
        rng.shuffle(order)
        # Kinds, best first: a challengeable kill that leaves the opponent no kill
        # (or wins); a quiet move that leaves them none; any kill we can challenge
        # (a point now, even if they reply in kind); anything; a kill we cannot cash.
        found: dict[str, Place] = {}
        for move in order:
            if budget.expired() and found:
                break
            board, killed, views = info.after(move)
            cashed = bool(killed) and can_challenge
            if killed and not cashed:
                found.setdefault("gift", move)
                continue
            opp = [d for d in range(4) if d not in (state.last_colours + (move.colour,))[-2:]]
            safe = len(killed) <= 1 and not opponent_can_kill(board, views, opp, info.corner)
            if cashed and (safe or state.points[me] + 1 >= 3):
                return move
            if not killed and safe and not can_challenge:
                return move
            kind = "kill" if cashed else "safe" if safe else "any"
            found.setdefault(kind, move)
        for kind in ("safe", "kill", "any", "gift"):
            if kind in found:
                return found[kind]
        return rng.choice(placements)


class HardBot(_Base):
    name = "hard"
    think_seconds = 1.5
    notice_dead = 1.0
    # Set by the match after construction: ("person", "bot") etc.  Bluffs only
    # against a person, because a bot answers exactly.
    seat_kinds: tuple[str, ...] = ("bot", "bot")
    bluff_rate = 0.35
    bluff_min_loop = 14

    def choose_place(self, state, placements, *, rng, budget):
        info = Analysis(state)
        can_challenge = state.can_challenge()
        mine = state.current_player()
        opp_score = state.points[1 - mine]
        order = list(placements)
        rng.shuffle(order)
        best, best_value = None, None
        for move in order:
            if budget.expired() and best is not None:
                break
            budget.tick()
            value = self.value(state, info, move, can_challenge, rng)
            if opp_score >= 2 and value < -5:
                value -= 5  # a point for them now would end the game
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best

    def value(self, state, info: Analysis, move: Place, can_challenge: bool, rng) -> float:
        board, killed, views = info.after(move)
        gain = 1 if killed and can_challenge else 0
        left_dead = len(killed) - gain
        opp = [d for d in range(4) if d not in (state.last_colours + (move.colour,))[-2:]]
        value = 10.0 * gain + rng.random() * 0.1
        me = state.current_player()
        if gain and state.points[me] + 1 >= 3:
            return 1000.0 + value  # the challenge that follows ends the game
        if left_dead or opponent_can_kill(board, views, opp, info.corner):
            # A kill they can cash is a point for them; on two points it is the game,
            # which no point of ours this turn makes up for.
            return value - (1000.0 if state.points[1 - me] >= 2 else 10.0)
        # Threats for our next turn: the colour before ours is sure to be ours to play.
        keep = info.keep
        threats = []
        if keep >= 0:
            for p, view in views.items():
                if keep in PAIRS[p]:
                    continue
                for y in critical(board, p, view, info.corner):
                    if _fits(board, y, keep):
                        threats.append((p, y))
        if not threats:
            return value
        value += 1.0 + 0.2 * len({p for p, _ in threats})
        if self.is_trap(board, threats, opp, info.corner):
            value += 5.0
        return value

    @staticmethod
    def is_trap(board, threats, opp_colours, corner: bool) -> bool:
        """True when no single opponent placement parries every threat.  A reply
        parries a threat (pair, cell) by taking the cell, or by adding a colour of the
        pair that opens a loop around the cell."""
        for z in range(len(board)):
            if board[z] != EMPTY:
                continue
            for e in opp_colours:
                if not _fits(board, z, e):
                    continue
                after: list[int] | None = None
                parried_all = True
                for p, y in threats:
                    if z == y:
                        continue
                    if e not in PAIRS[p]:
                        parried_all = False
                        break
                    if after is None:
                        after = list(board)
                        after[z] = e + 1
                    work = list(after)
                    work[y] = WALL
                    pa, pb = PAIRS[p]
                    if not _exists(work, pa, pb, corner):
                        parried_all = False
                        break
                if parried_all:
                    return False
        return True

    def choose_start(self, state, rng):
        return Start(0)

    def bluff(self, state, seat, *, rng, budget):
        """Against a person only: challenge a pair whose loops are all long."""
        kinds = self.seat_kinds
        if len(kinds) < 2 or kinds[1 - seat] != "person" or not state.can_challenge():
            return None
        if state.points[1 - seat] >= 2 or rng.random() >= self.bluff_rate:
            return None
        candidates = []
        for p in state.open_pairs():
            loop = find_loop(state, p, tries=8)
            if loop is not None and len(loop) >= self.bluff_min_loop:
                candidates.append((len(loop), p))
        if not candidates:
            return None
        return Challenge(max(candidates)[1])


class ExpertBot(HardBot):
    """Hard's judgement one whole turn deeper.  Hard scores a placement by what it
    wins, whether the opponent can kill next and the threats it keeps; many
    placements tie there.  Expert takes Hard's best when it wins a point it keeps;
    otherwise it plays each of its best placements to the end of its turn (a pair
    it killed is challenged and cashed), lets the opponent cash a pair left dead
    and answer with every placement, scored by Hard's own judgement from their
    side, and keeps the placement whose turn pair comes out best: points won minus
    points given, then the weakest best answer (a negamax of two turns on Hard's
    evaluation).  Placements are searched best first for half the budget; the other
    half plays the best few out to the end of the game (see :meth:`played_out`).

    Kills take part in that comparison like quiet placements, and Hard's pick is
    weighed like every other: in a race where every placement lets the opponent
    kill, a comparison of quiet placements alone would give a point away where
    taking one first is on the board
    (``test_expert_cashes_a_kill_when_every_placement_gives_one_away``)."""

    name = "expert"
    think_seconds = 4.0
    keep_threshold = 9.0  # Hard's value of a point won and not given back
    answer_weight = 1.0
    point = 10.0  # a point in Hard's units (its value of a kill it cashes)
    tie_weight = 0.05  # Hard's own value of our placement breaks ties (threats kept)
    # The rest of the budget, once the two-turn look has had its share, plays the best
    # few placements out to the end of the game, Hard against Hard.
    playout_share = 0.5  # of the budget kept for the play-outs
    playout_width = 8  # placements played out, best two-turn value first

    def choose_place(self, state, placements, *, rng, budget):
        info = Analysis(state)
        can_challenge = state.can_challenge()
        mine = state.current_player()
        opp_score = state.points[1 - mine]
        order = list(placements)
        rng.shuffle(order)
        scored = []
        for move in order:
            if budget.expired() and scored:
                break
            budget.tick()
            value = self.value(state, info, move, can_challenge, rng)
            if opp_score >= 2 and value < -5:
                value -= 5
            scored.append((value, move))
        scored.sort(key=lambda t: -t[0])
        best_value, best = scored[0]
        if best_value >= self.keep_threshold or budget.expired():
            return best
        best_two, pick = None, best
        weighed = []
        for value, move in scored:
            if best_two is not None and (
                budget.expired() or budget.fraction_left() < self.playout_share
            ):
                break
            if best_two is not None and value < best_value - 12.0:
                break  # far below the best: a kill given away or worse
            two = self.two_turns(state, info, move, can_challenge, rng, budget)
            if two is None:
                break
            two += self.tie_weight * value
            weighed.append((two, move))
            if best_two is None or two > best_two:
                best_two, pick = two, move
        return self.played_out(state, weighed, pick, rng, budget)

    def played_out(self, state, weighed: list, pick, rng, budget):
        """The placement to play among ``weighed`` ((two-turn value, placement)):
        the best few are each played to the end of the game, Hard against Hard, one
        after another while the budget lasts; a placement whose play-out we win beats
        one we lose, the two-turn value decides between equals.  ``pick`` (the best
        two-turn value) stands when nothing was played out.

        Why: the two turns cannot see a race of kills that ends three or four turns
        later (the side that must place without a challenge left gives a point away),
        and Hard plays that race the way the real opponent does, so its play-out is a
        cheap forecast of it (in one position of seed 302, Player 2 one point all and
        placing, 60 of 174 placements went on to win, the two-turn pick did not)."""
        weighed.sort(key=lambda t: -t[0])
        top = weighed[: self.playout_width]
        if len(top) < 2:
            return pick
        me = state.current_player()
        hard = HardBot()
        results = {}
        for k, (_two, move) in enumerate(top):
            if budget.expired():
                break
            outcome = self.play_out(
                state.apply(move), me, hard, random.Random(rng.random()), budget
            )
            if outcome is None:
                break
            results[k] = outcome
        if not results:
            return pick
        k = max(results, key=lambda i: (results[i], -i))
        return top[k][1]

    @staticmethod
    def play_out(state, me: int, hard, rng, budget) -> float | None:
        """+1, 0 or -1 for ``me`` when Hard plays both sides from ``state`` to the end
        (None when the budget ran out first)."""
        while not state.is_terminal():
            if budget.expired():
                return None
            state = state.apply(hard.choose(state, rng=rng, budget=budget))
        if budget.expired():
            return None  # the last moves may have been cut short
        mine, theirs = state.points[me], state.points[1 - me]
        return 1.0 if mine > theirs else -1.0 if mine < theirs else 0.0

    def two_turns(self, state, info: Analysis, move, can_challenge: bool, rng, budget):
        """Our turn with ``move`` and the opponent's best answer, from our side, in
        Hard's units (None when the budget ran out before every answer was weighed)."""
        me = state.current_player()
        _board, killed, _views = info.after(move)
        after = state.apply(move)
        won = 0
        if killed and can_challenge and after.phase == "turn":
            # Cash the kill: a dead pair's challenge is always conceded.
            after = after.apply(Challenge(killed[0]))
            if after.phase == "answer":
                after = after.apply(Concede())
            won = 1
        if after.phase == "over":
            return 10_000.0 if after.points[me] > after.points[1 - me] else -10_000.0
        if after.phase == "turn" and after.current_player() == me:
            after = after.apply(EndTurn())
        if after.phase != "turn" or after.current_player() == me:
            return self.point * won
        # Their turn: a pair we left dead is theirs to cash before they place.
        given = 0
        dead = dead_pairs(after)
        if dead and after.can_challenge():
            after = after.apply(Challenge(dead[0]))
            if after.phase == "answer":
                after = after.apply(Concede())
            given = 1
            if after.phase == "over":
                return -10_000.0
        reply = self.best_answer_now(after, rng, budget)
        if reply is None:
            return None
        return self.point * (won - given) - self.answer_weight * reply

    def best_answer_now(self, after, rng, budget) -> float | None:
        """The mover's best placement in ``after`` by Hard's value from their side
        (0 when they cannot place; None when the budget ran out first)."""
        if after.phase != "turn" or after.placed_this_turn:
            return 0.0
        answers = after.placements()
        if not answers:
            return 0.0
        info = Analysis(after)
        can_challenge = after.can_challenge()
        opp_score = after.points[1 - after.current_player()]
        best = None
        for k, reply in enumerate(answers):
            if k % 16 == 0 and budget.expired():
                return None
            budget.tick()
            v = self.value(after, info, reply, can_challenge, rng)
            if opp_score >= 2 and v < -5:
                v -= 5
            if best is None or v > best:
                best = v
                if best >= 1000.0:
                    break  # they win with it: no worse answer exists
        return best


LEVELS = {
    "random": CrossroadsRandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


def make(level: str):
    return LEVELS[level]()


__all__ = [
    "CORNERS",
    "LEVELS",
    "Analysis",
    "CrossroadsRandomBot",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "dead_pairs",
    "kill_placements",
    "make",
]
