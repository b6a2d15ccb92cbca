"""A tiny game that lives only in the tests: Nim with several heaps.

It exercises the engine contract (and match, clock, bots, worker) without depending
on any real game.  Take 1..3 counters from one heap; whoever takes the last counter
wins.  Two to three players take turns.  Notation: ``take 2 from B``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai.base import RandomBot
from game.rules.contract import ClockPreset, GameSpec, IllegalMove, Option, Outcome

HEAP_NAMES = "ABCDE"


@dataclass(frozen=True)
class Take:
    heap: int
    count: int

    def __str__(self) -> str:
        return f"take {self.count} from {HEAP_NAMES[self.heap]}"


@dataclass(frozen=True)
class Resign:
    seat: int

    def __str__(self) -> str:
        return f"resign {self.seat + 1}"


@dataclass(frozen=True)
class NimState:
    heaps: tuple[int, ...]
    players: int
    to_move: int = 0
    loser_on_time: int = -1
    last_taker: int = -1
    turns: int = 0

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def round_number(self) -> int:
        return 1 + self.turns // self.players

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.to_move

    def legal_moves(self) -> list:
        if self.is_terminal():
            return []
        return [Take(h, c) for h, n in enumerate(self.heaps) for c in range(1, min(3, n) + 1)]

    def apply(self, move) -> "NimState":
        if self.is_terminal():
            raise IllegalMove("the game is over")
        if isinstance(move, Resign):
            return NimState(
                self.heaps, self.players, self.to_move, move.seat, self.last_taker, self.turns
            )
        if not isinstance(move, Take):
            raise IllegalMove(f"{move!r} is not a Nim move")
        if not 0 <= move.heap < len(self.heaps):
            raise IllegalMove(
                f"there is no heap {HEAP_NAMES[move.heap] if move.heap < 5 else move.heap}"
            )
        if not 1 <= move.count <= 3:
            raise IllegalMove("take 1, 2 or 3 counters")
        if self.heaps[move.heap] < move.count:
            raise IllegalMove(f"heap {HEAP_NAMES[move.heap]} has only {self.heaps[move.heap]}")
        heaps = list(self.heaps)
        heaps[move.heap] -= move.count
        return NimState(
            tuple(heaps),
            self.players,
            (self.to_move + 1) % self.players,
            -1,
            self.to_move,
            self.turns + 1,
        )

    def is_terminal(self) -> bool:
        return self.loser_on_time >= 0 or sum(self.heaps) == 0

    def outcome(self):
        if self.loser_on_time >= 0:
            vals = [0 if s == self.loser_on_time else 1 for s in range(self.players)]
            return Outcome.ranked(vals, f"Player {self.loser_on_time + 1} ran out of time")
        if sum(self.heaps) == 0:
            return Outcome.win(
                self.last_taker, self.players, f"Player {self.last_taker + 1} took the last counter"
            )
        return None

    def scores(self):
        """Counters taken so far by... nobody tracks that in Nim; scores are turns
        played per seat, which is enough to exercise score charts."""
        return tuple(
            float((self.turns + (self.players - 1 - s)) // self.players)
            for s in range(self.players)
        )

    def returns(self):
        o = self.outcome()
        return o.returns() if o else tuple(0.0 for _ in range(self.players))

    def parse_move(self, text: str):
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "resign" and words[1].isdigit():
            return Resign(int(words[1]) - 1)
        if len(words) != 4 or words[0] != "take" or words[2] != "from" or not words[1].isdigit():
            raise IllegalMove(f"cannot read {text!r}: write a move like 'take 2 from B'")
        heap = HEAP_NAMES.lower().find(words[3])
        if heap < 0 or len(words[3]) != 1:
            raise IllegalMove(f"there is no heap {words[3].upper()!r}")
        return Take(heap, int(words[1]))

    def to_json(self) -> dict:
        return {
            "heaps": list(self.heaps),
            "players": self.players,
            "to_move": self.to_move,
            "loser_on_time": self.loser_on_time,
            "last_taker": self.last_taker,
            "turns": self.turns,
        }

    @staticmethod
    def from_json(d) -> "NimState":
        return NimState(
            tuple(int(h) for h in d["heaps"]),
            int(d["players"]),
            int(d["to_move"]),
            int(d["loser_on_time"]),
            int(d["last_taker"]),
            int(d["turns"]),
        )

    def timeout_move(self, seat: int):
        return Resign(seat)


class PerfectNimBot:
    """Plays the known winning strategy for 2 players (heap sizes mod 4, xor)."""

    name = "perfect"

    def choose(self, state, *, rng, budget=None):
        moves = state.legal_moves()
        for m in moves:
            nxt = state.apply(m)
            x = 0
            for h in nxt.heaps:
                x ^= h % 4
            if x == 0:
                return m
        return rng.choice(moves)


def _new_state(rng: random.Random, players: int, options: dict) -> NimState:
    heaps = tuple(rng.randint(2, 7) for _ in range(options["heaps"]))
    return NimState(heaps, players)


SPEC = GameSpec(
    id="nim",
    title="Nim (test game)",
    tagline="Take the last counter.",
    min_players=2,
    max_players=3,
    default_players=2,
    options=(Option("heaps", "Heaps", "choice", 3, (2, 3, 4, 5)),),
    new_state=_new_state,
    from_json=NimState.from_json,
    bots={"random": RandomBot, "easy": RandomBot, "medium": PerfectNimBot, "hard": PerfectNimBot},
    move_bound=lambda players, options: 7 * 5 + 1,
    tournament_clock=ClockPreset(10, 20),
)
