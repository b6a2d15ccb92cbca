"""A puzzle race: every lane gets the same puzzles, easy to hard, against one clock.

Pure and deterministic: no pygame, no network, no wall clock.  The host passes the
time (``now``, seconds on any monotonic clock) into every call; bots draw their
solves and thinking times from a ``random.Random`` seeded by the race's seed and
their lane, so a race replays the same under the same seed and the same answers.

    race = Race(rush_order(book, seed), [(0, "Ada", ""), (1, "Bot", "medium")], seed, now)
    race.answer(0, "a1-b2", now)   # Reply("solved" | "partial" | "wrong" | "illegal" ...)
    race.tick(now)                  # bots move on; the race ends at its clock
    race.ranking()

Every answer is judged by the engine (``game.content.puzzles.check_from``).  A lane
sees its current puzzle's position and the legal moves there (the engine's own
order), never the accepted turn, until it has answered: a miss shows the answer and
holds the lane for ``miss_seconds`` before its next puzzle.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from game.content.puzzles import Puzzle, check_from, goal_text

RACE_SECONDS = 90
MISS_SECONDS = 3.0
BOT_LEVELS = ("easy", "medium", "hard")
# A bot's thinking time on a puzzle of difficulty 0 and of difficulty 1, in seconds.
BOT_SECONDS = {"easy": (14.0, 30.0), "medium": (9.0, 20.0), "hard": (6.0, 14.0)}
BOT_SOLVES = {"easy": 0.45, "medium": 0.7, "hard": 0.9}  # when a puzzle has no figure


@dataclass(frozen=True)
class Reply:
    """What an answer did: ``kind`` is "solved", "wrong", "partial", "illegal" or
    "refused" (the lane may not answer now); ``answer`` is the accepted turn, given
    only once the lane has missed."""

    kind: str
    message: str = ""
    answer: tuple[str, ...] = ()
    seconds: float = 0.0  # how long the solve took


@dataclass
class Lane:
    key: int
    name: str
    level: str = ""  # a bot's ladder strength; "" for a person
    score: int = 0
    index: int = 0  # the puzzle this lane is on
    moves: list[str] = field(default_factory=list)  # the turn so far
    shown_at: float = 0.0  # when the current puzzle appeared
    hold_until: float = 0.0  # after a miss: the answer is shown until then
    misses: int = 0
    solves: list[tuple[str, float]] = field(default_factory=list)  # (puzzle id, seconds)
    missed: list[str] = field(default_factory=list)  # puzzle ids
    last: Reply | None = None
    answers: int = 0  # whole answers given (solved or missed)
    next_bot: float = 0.0  # a bot's next answer
    bot_solves: bool = False

    @property
    def is_bot(self) -> bool:
        return bool(self.level)


class Race:
    def __init__(
        self,
        order: Sequence[Puzzle],
        lanes: Sequence[tuple[int, str, str]],
        seed: int,
        now: float,
        seconds: float = RACE_SECONDS,
        miss_seconds: float = MISS_SECONDS,
        positions: dict | None = None,
    ):
        """``positions``: the order's positions by index, made ahead (may be filled
        while the race runs; any missing one is made when first needed)."""
        if not order:
            raise ValueError("a race needs puzzles")
        self.order = list(order)
        self.seed = seed
        self.started = now
        self.ends = now + seconds
        self.seconds = seconds
        self.miss_seconds = miss_seconds
        self.lanes = {k: Lane(k, name, level, shown_at=now) for k, name, level in lanes}
        self._positions: dict[int, object] = {} if positions is None else positions
        self._rng = {k: random.Random(f"{seed}:{k}") for k in self.lanes}
        for lane in self.lanes.values():
            if lane.is_bot:
                self._plan_bot(lane, now)

    # -- reading ----------------------------------------------------------------------
    def over(self, now: float) -> bool:
        return now >= self.ends

    def time_left(self, now: float) -> float:
        return max(0.0, self.ends - now)

    def has(self, key: int) -> bool:
        return key in self.lanes

    def puzzle(self, key: int) -> Puzzle | None:
        lane = self.lanes[key]
        return self.order[lane.index] if lane.index < len(self.order) else None

    def position(self, index: int):
        """The puzzle's position (replayed once per race, shared by every lane; a
        host may make them ahead on another thread: states are immutable)."""
        state = self._positions.get(index)
        if state is None:
            state = self._positions[index] = self.order[index].position()
        return state

    def state(self, key: int):
        """The position the lane answers from now: its puzzle with its turn so far."""
        lane = self.lanes[key]
        if lane.index >= len(self.order):
            return None
        state = self.position(lane.index)
        for text in lane.moves:
            state = state.apply(state.parse_move(text))
        return state

    def held(self, key: int, now: float) -> bool:
        return now < self.lanes[key].hold_until

    def view(self, key: int, now: float) -> dict:
        """The lane's public race data (no answer unless the lane has just missed)."""
        lane = self.lanes[key]
        p = self.puzzle(key)
        out = {
            "number": lane.index + 1,
            "score": lane.score,
            "misses": lane.misses,
            "time_left": round(self.time_left(now), 1),
            "seconds": self.seconds,
            "goal": goal_text(p) if p is not None else "",
            "held": self.held(key, now),
            "over": self.over(now),
        }
        if lane.last is not None:
            last: dict[str, object] = {"kind": lane.last.kind, "message": lane.last.message}
            if lane.last.kind == "wrong":
                last["answer"] = list(lane.last.answer)
            out["last"] = last
        return out

    def ranking(self) -> list[Lane]:
        """Most solved first; a tie goes to the less time spent on solves, then fewer
        misses, then the lane's order."""
        return sorted(
            self.lanes.values(),
            key=lambda ln: (-ln.score, sum(s for _, s in ln.solves), ln.misses, ln.key),
        )

    def leader(self) -> Lane | None:
        top = self.ranking()
        return top[0] if top and top[0].score > 0 else None

    def fastest(self) -> tuple[Lane, str, float] | None:
        """The fastest solve of the race: (lane, puzzle id, seconds)."""
        best = None
        for lane in self.lanes.values():
            for pid, secs in lane.solves:
                if best is None or secs < best[2]:
                    best = (lane, pid, secs)
        return best

    def most_missed(self) -> tuple[str, int] | None:
        """The puzzle missed by the most lanes: (puzzle id, misses)."""
        count = Counter(pid for lane in self.lanes.values() for pid in lane.missed)
        if not count:
            return None
        pid, n = min(count.items(), key=lambda kv: (-kv[1], self._order_of(kv[0])))
        return pid, n

    def _order_of(self, pid: str) -> int:
        return next((i for i, p in enumerate(self.order) if p.id == pid), len(self.order))

    # -- acting -----------------------------------------------------------------------
    def answer(self, key: int, text: str, now: float) -> Reply:
        """One action of the lane's turn, judged by the engine."""
        lane = self.lanes.get(key)
        if lane is None or lane.is_bot:
            return Reply("refused", "not a lane")
        self._release(lane, now)
        if self.over(now):
            return Reply("refused", "over")
        if now < lane.hold_until:
            return Reply("refused", "held")
        p = self.puzzle(key)
        if p is None:
            return Reply("refused", "done")
        attempt = check_from(p, self.position(lane.index), [*lane.moves, text])
        if attempt.kind == "illegal":
            return Reply("illegal", attempt.message)
        if attempt.kind == "partial":
            lane.moves.append(text)
            return Reply("partial")
        seconds = round(now - lane.shown_at, 2)
        if attempt.kind == "solved":
            reply = Reply("solved", attempt.message, seconds=seconds)
            self._solved(lane, p, seconds, now)
        else:
            reply = Reply("wrong", attempt.message, tuple(p.solution[0]), seconds)
            self._missed(lane, p, now)
        lane.last = reply
        return reply

    def tick(self, now: float) -> list[int]:
        """Bots answer when their time comes; held lanes move on.  Returns the lanes
        that changed."""
        changed = []
        now = min(now, self.ends)
        for lane in self.lanes.values():
            if self._release(lane, now):
                changed.append(lane.key)
            while lane.is_bot and lane.index < len(self.order) and lane.next_bot <= now:
                p = self.order[lane.index]
                at = lane.next_bot
                if lane.bot_solves:
                    lane.last = Reply("solved", seconds=round(at - lane.shown_at, 2))
                    self._solved(lane, p, round(at - lane.shown_at, 2), at)
                else:
                    lane.last = Reply("wrong", answer=tuple(p.solution[0]))
                    self._missed(lane, p, at)
                    self._release(lane, lane.hold_until)
                changed.append(lane.key)
                self._plan_bot(lane, lane.shown_at)
        return changed

    def _release(self, lane: Lane, now: float) -> bool:
        """A held lane's next puzzle appears once its hold is over."""
        if lane.hold_until and now >= lane.hold_until:
            lane.shown_at = lane.hold_until
            lane.hold_until = 0.0
            return True
        return False

    def _solved(self, lane: Lane, p: Puzzle, seconds: float, now: float) -> None:
        lane.score += 1
        lane.answers += 1
        lane.solves.append((p.id, seconds))
        lane.index += 1
        lane.moves = []
        lane.shown_at = now

    def _missed(self, lane: Lane, p: Puzzle, now: float) -> None:
        lane.misses += 1
        lane.answers += 1
        lane.missed.append(p.id)
        lane.index += 1
        lane.moves = []
        lane.hold_until = now + self.miss_seconds

    def _plan_bot(self, lane: Lane, now: float) -> None:
        if lane.index >= len(self.order):
            return
        p = self.order[lane.index]
        rng = self._rng[lane.key]
        chance = (p.solved_by or {}).get(lane.level, BOT_SOLVES.get(lane.level, 0.5))
        lane.bot_solves = rng.random() < chance
        low, high = BOT_SECONDS.get(lane.level, BOT_SECONDS["medium"])
        think = (low + (high - low) * p.difficulty) * rng.uniform(0.6, 1.4)
        lane.next_bot = now + think
