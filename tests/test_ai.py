"""Generic searches (game.ai.search) and the bot worker (game.ai.worker), on Nim.

Budgets here are nodes/iterations, never seconds, so results do not depend on how
busy the machine is; waits for the worker poll with a generous timeout instead of
asserting how long anything takes.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from functools import lru_cache

import pytest

from game.ai.base import Budget, RandomBot
from game.ai.search import AlphaBetaBot, MCTSBot
from game.ai.worker import BotWorker
from game.rules.contract import IllegalMove, Outcome
from tests import bot_test_game
from tests.nim_game import NimState, Take

SPEC_MODULE = "tests.bot_test_game"
SPEC_ID = bot_test_game.SPEC.id
WAIT = 30.0  # seconds: generous, the machine may be loaded


def nim_winning(state: NimState) -> bool:
    """Is the player to move winning (2 players, take 1-3, last counter wins)?"""
    x = 0
    for h in state.heaps:
        x ^= h % 4
    return x != 0


def nim_key(state: NimState):
    return (state.heaps, state.to_move)


# -- alpha-beta ---------------------------------------------------------------------

WINNING_POSITIONS = [
    (1, 2),
    (3, 5),
    (2, 3, 4),
    (1, 4, 6),
    (5, 6, 4),
    (7, 2),
    (2, 2, 3),
    (6, 1, 1, 3),
]


@pytest.mark.parametrize("heaps", WINNING_POSITIONS)
def test_alphabeta_finds_the_winning_nim_move(heaps):
    state = NimState(heaps, 2)
    assert nim_winning(state)
    bot = AlphaBetaBot()  # default JSON key, no evaluation: pure search
    move = bot.choose(state, rng=random.Random(3), budget=Budget(nodes=200_000))
    assert not nim_winning(state.apply(move)), f"{move} from {heaps}: {bot.last_info}"
    assert bot.last_info["score"] > 0  # it knows it is winning


def test_alphabeta_takes_an_immediate_win_and_prefers_the_fastest():
    state = NimState((0, 3, 0, 2), 2)
    bot = AlphaBetaBot(key=nim_key)
    # The only winning move is "take 1 from B" (leaving 2 and 2).
    move = bot.choose(state, rng=random.Random(0), budget=Budget(nodes=50_000))
    assert not nim_winning(state.apply(move))
    state = NimState((0, 0, 3), 2)
    move = bot.choose(state, rng=random.Random(0), budget=Budget(nodes=50_000))
    assert move == Take(2, 3)  # win now, not later


def test_alphabeta_is_reproducible_with_a_node_budget():
    state = NimState((4, 5, 6, 7), 2)
    moves = {
        str(
            AlphaBetaBot(key=nim_key).choose(state, rng=random.Random(5), budget=Budget(nodes=3000))
        )
        for _ in range(3)
    }
    assert len(moves) == 1


@pytest.mark.parametrize("nodes", [0, 1, 2, 3, 7, 40])
def test_alphabeta_always_returns_a_legal_move(nodes):
    order_calls = []

    def order(state, moves):
        order_calls.append(1)
        return sorted(moves, key=lambda m: -m.count)

    def evaluate(state, seat):
        return float(sum(state.heaps)) * (1 if seat == state.to_move else -1)

    for heaps in [(7, 7, 7), (1, 1), (5, 0, 3, 2)]:
        for players in (2, 3):
            state = NimState(heaps, players)
            for bot in (AlphaBetaBot(), AlphaBetaBot(evaluate, order=order, key=nim_key)):
                move = bot.choose(state, rng=random.Random(1), budget=Budget(nodes=nodes))
                assert move in state.legal_moves()
    assert order_calls  # the ordering hook is used


def test_alphabeta_paranoid_three_players_takes_the_win():
    state = NimState((0, 2, 0), 3, to_move=1)
    bot = AlphaBetaBot(key=nim_key)
    move = bot.choose(state, rng=random.Random(0), budget=Budget(nodes=10_000))
    assert move == Take(1, 2)
    # And it returns legal moves throughout a whole 3-player game.
    state = NimState((5, 4, 6), 3)
    bot = AlphaBetaBot(key=nim_key)
    while not state.is_terminal():
        move = bot.choose(state, rng=random.Random(1), budget=Budget(nodes=500))
        state = state.apply(move)


# A multi-action game: each turn is two takes (of 1 or 2 counters) by the same seat,
# unless the heaps run out first.  Whoever takes the last counter wins.  Searching it
# needs the "negate only when the side changes" rule.


@dataclass(frozen=True)
class DoubleTakeState:
    heaps: tuple
    to_move: int = 0
    step: int = 0  # 0: first take of the turn, 1: second
    winner: int = -1

    num_players = 2

    def current_player(self):
        return -1 if self.is_terminal() else self.to_move

    def legal_moves(self):
        if self.is_terminal():
            return []
        return [Take(h, c) for h, n in enumerate(self.heaps) for c in (1, 2) if c <= n]

    def apply(self, move):
        if move not in self.legal_moves():
            raise IllegalMove(f"{move} is not legal here")
        heaps = list(self.heaps)
        heaps[move.heap] -= move.count
        if sum(heaps) == 0:
            return DoubleTakeState(tuple(heaps), self.to_move, 0, self.to_move)
        if self.step == 0:
            return DoubleTakeState(tuple(heaps), self.to_move, 1)
        return DoubleTakeState(tuple(heaps), 1 - self.to_move, 0)

    def is_terminal(self):
        return self.winner >= 0

    def returns(self):
        if self.winner < 0:
            return (0.0, 0.0)
        return Outcome.win(self.winner, 2, "last counter").returns()

    def to_json(self):
        return {
            "heaps": list(self.heaps),
            "to_move": self.to_move,
            "step": self.step,
            "winner": self.winner,
        }


@lru_cache(maxsize=None)
def double_take_wins(state: DoubleTakeState) -> bool:
    """Brute force: does the seat to move win with best play?"""
    me = state.to_move
    for m in state.legal_moves():
        nxt = state.apply(m)
        if nxt.is_terminal():
            return True
        if nxt.to_move == me and double_take_wins(nxt):
            return True
        if nxt.to_move != me and not double_take_wins(nxt):
            return True
    return False


def test_alphabeta_handles_multi_action_turns():
    rng = random.Random(11)
    checked = 0
    while checked < 12:
        state = DoubleTakeState(
            tuple(rng.randint(0, 4) for _ in range(3)), rng.randint(0, 1), rng.randint(0, 1)
        )
        if sum(state.heaps) == 0 or not double_take_wins(state):
            continue
        move = AlphaBetaBot().choose(
            state, rng=random.Random(checked), budget=Budget(nodes=300_000)
        )
        nxt = state.apply(move)
        won = nxt.is_terminal() or (
            double_take_wins(nxt) if nxt.to_move == state.to_move else not double_take_wins(nxt)
        )
        assert won, f"{move} from {state}"
        checked += 1


# -- MCTS ---------------------------------------------------------------------------


def test_mcts_is_deterministic_with_an_iteration_budget():
    for heaps in [(3, 5, 7), (2, 2, 6, 4)]:
        for players in (2, 3):
            state = NimState(heaps, players)
            runs = []
            for _ in range(2):
                bot = MCTSBot(iterations=250)
                move = bot.choose(state, rng=random.Random(42), budget=Budget())
                runs.append((move, bot.last_info["iterations"], bot.last_info["visits"]))
            assert runs[0] == runs[1]
            assert runs[0][1] == 250


def test_mcts_budget_nodes_and_legal_with_tiny_budgets():
    state = NimState((3, 4, 5), 2)
    bot = MCTSBot()
    for nodes in (0, 1, 2, 5):
        move = bot.choose(state, rng=random.Random(1), budget=Budget(nodes=nodes))
        assert move in state.legal_moves()
        assert bot.last_info["iterations"] == nodes


def play_nim(bots, heaps, seed):
    state = NimState(heaps, len(bots))
    rng = random.Random(seed)
    while not state.is_terminal():
        bot = bots[state.current_player()]
        state = state.apply(bot.choose(state, rng=rng, budget=Budget(nodes=10_000)))
    return state.outcome().winners[0]


def test_mcts_beats_random():
    wins = 0
    games = 12
    for g in range(games):
        heaps = tuple(random.Random(g).randint(2, 7) for _ in range(3))
        mcts = MCTSBot(iterations=300)
        seat = g % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = mcts
        wins += play_nim(bots, heaps, g) == seat
    assert wins >= 10, f"MCTS won only {wins} of {games}"


def test_mcts_uses_rollout_policy_and_cutoff_evaluation():
    calls = {"rollout": 0, "eval": 0}

    def rollout(state, rng):
        calls["rollout"] += 1
        return state.legal_moves()[0]

    def evaluate(state, seat):
        calls["eval"] += 1
        return 0.0

    bot = MCTSBot(iterations=50, rollout=rollout, rollout_limit=2, evaluate=evaluate)
    move = bot.choose(NimState((7, 7, 7), 2), rng=random.Random(0), budget=Budget())
    assert move in NimState((7, 7, 7), 2).legal_moves()
    assert calls["rollout"] > 0 and calls["eval"] > 0


# -- the worker ---------------------------------------------------------------------


def wait_for(worker: BotWorker, ticket: int, timeout: float = WAIT):
    """Poll until ``ticket``'s result comes; returns (result, every result seen)."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for result in worker.poll():
            seen.append(result)
            if result.ticket == ticket:
                return result, seen
        time.sleep(0.01)
    raise AssertionError(f"no result for ticket {ticket} within {timeout} s (seen {seen})")


@pytest.fixture(scope="module", params=["process", "thread"])
def worker(request):
    w = BotWorker(mode=request.param)
    yield w
    w.close()


def request_nim(worker, level, state, **kw):
    return worker.request(SPEC_ID, level, state, spec_module=SPEC_MODULE, **kw)


@pytest.mark.parametrize("level", ["medium", "alphabeta", "mcts", "random"])
def test_worker_returns_a_legal_move(worker, level):
    state = NimState((3, 4, 5), 2)
    ticket = request_nim(worker, level, state, seed=1, nodes=2000)
    result, _ = wait_for(worker, ticket)
    assert result.ok, result.error
    assert state.parse_move(result.move) in state.legal_moves()
    if level == "medium":
        assert not nim_winning(state.apply(state.parse_move(result.move)))


def test_worker_mode_is_what_was_asked(worker, request):
    assert worker.mode == request.node.callspec.params["worker"]
    assert worker.fallback_reason is None


def test_worker_cancel_stops_a_long_search(worker):
    state = NimState((3, 4, 5), 2)
    long = request_nim(worker, "spin", state, seconds=600)  # would think for 10 minutes
    queued = request_nim(worker, "spin", state, seconds=600)
    assert worker.running == long
    assert worker.cancel(queued) and worker.cancel(long)
    assert not worker.cancel(long + 1000)
    after = request_nim(worker, "medium", state, seed=2)
    result, seen = wait_for(worker, after)
    assert result.ok
    end = time.monotonic() + 0.2
    while time.monotonic() < end:
        seen += worker.poll()
        time.sleep(0.01)
    assert [r.ticket for r in seen] == [after]  # cancelled results never arrive
    assert worker.pending == 0


def test_worker_reports_bot_errors(worker):
    state = NimState((3, 4, 5), 2)
    broken = request_nim(worker, "broken", state)
    illegal = request_nim(worker, "illegal", state)
    unknown = worker.request("no-such-game", "hard", state)
    r1, _ = wait_for(worker, broken)
    r2, _ = wait_for(worker, illegal)
    r3, _ = wait_for(worker, unknown)
    assert not r1.ok and r1.error.startswith("RuntimeError: the broken bot always fails")
    assert not r2.ok and r2.error.startswith("IllegalMove")
    assert not r3.ok and "no-such-game" in r3.error and "\n" not in r3.error
    # ...and it keeps working.
    ok, _ = wait_for(worker, request_nim(worker, "medium", state))
    assert ok.ok


def test_worker_calls_another_method_with_attrs_and_kwargs(worker):
    state = NimState((3, 4, 5), 2, to_move=1)
    ticket = request_nim(
        worker,
        "proxy",
        state,
        method="choose_for_late_seat",
        kwargs={"late_seat": 1},
        attrs={"seat_kinds": ("human", "bot")},
    )
    result, _ = wait_for(worker, ticket)
    assert result.ok, result.error
    assert not nim_winning(state.apply(state.parse_move(result.move)))


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_worker_close_is_clean(mode):
    w = BotWorker(mode=mode)
    request_nim(w, "spin", NimState((3, 4, 5), 2), seconds=600)
    w.request(SPEC_ID, "medium", NimState((1, 2), 2), spec_module=SPEC_MODULE)
    w.close()
    backend = w._backend
    if mode == "process":
        assert not backend.process.is_alive()
    else:
        assert not backend.thread.is_alive()
    assert w.poll() == []
    w.close()  # idempotent
    with pytest.raises(RuntimeError):
        w.request(SPEC_ID, "medium", NimState((1, 2), 2), spec_module=SPEC_MODULE)


def test_worker_falls_back_to_a_thread_when_the_process_dies():
    with BotWorker(mode="process") as w:
        state = NimState((3, 4, 5), 2)
        first, _ = wait_for(w, request_nim(w, "medium", state))
        assert first.ok and w.mode == "process"
        spinning = request_nim(w, "spin", state, seconds=600)
        w._backend.process.kill()
        w._backend.process.join(WAIT)
        after = request_nim(w, "medium", state)
        # The spinning request is run again in the thread; cancel it there.
        deadline = time.monotonic() + WAIT
        while w.mode != "thread" and time.monotonic() < deadline:
            w.poll()
            time.sleep(0.01)
        assert w.mode == "thread" and "bot process" in w.fallback_reason
        assert w.running == spinning
        w.cancel(spinning)
        result, seen = wait_for(w, after)
        assert result.ok and [r.ticket for r in seen] == [after]


def test_worker_replaces_a_process_whose_bot_ignores_cancel():
    with BotWorker(mode="process", cancel_grace=0.5) as w:
        state = NimState((3, 4, 5), 2)
        wait_for(w, request_nim(w, "medium", state))  # the process is up
        stubborn = request_nim(w, "stubborn", state, seconds=0.1)
        time.sleep(0.2)  # let it start (if it has not, the cancel simply skips it)
        w.cancel(stubborn)
        after = request_nim(w, "medium", state)
        result, seen = wait_for(w, after)
        assert result.ok and [r.ticket for r in seen] == [after]
        assert w.mode == "process" and w.restarts <= 1


def test_worker_sends_only_the_deciding_seats_view_of_a_secret_game():
    """Element Shift's pending plans are secret: a bot request (and so a hint) carries
    ``public_view(seat)`` of the seat being decided, never another seat's plan."""
    from game.registry import GAMES

    spec = GAMES["element-shift"]
    state = spec.new_game(3)
    while state.round_number == 0:
        state = state.apply(state.timeout_move(state.current_player()))
    # Seats 0 to 10 submit real plans; the bot decides for seat 11, the last one (its
    # plan resolves the round, which one seat's view cannot do: the answer is still
    # checked).
    rng = random.Random(4)
    for _ in range(11):
        state = state.apply(rng.choice(state.legal_moves()[1:]))  # [0] is keep-and-stay
    secrets = [str(p) for p in state.pending[:11]]
    assert all(secrets) and state.current_player() == 11
    assert all(s in json.dumps(state.to_json()) for s in secrets)  # the full state has them

    sent = []
    with BotWorker(mode="thread") as w:
        original = w._backend.send
        w._backend.send = lambda req: (sent.append(json.loads(json.dumps(req))), original(req))
        ticket = w.request("element-shift", "easy", state, seed=1, seconds=2)
        result, _ = wait_for(w, ticket, timeout=60)
    assert result.ok, result.error
    assert state.parse_move(result.move) in state.legal_moves()
    wire = json.dumps(sent[0])
    assert sent[0]["state"]["pending"] == ["hidden"] * 11 + [None]
    assert sent[0]["state"]["viewer"] == 11
    for secret in secrets:
        assert secret not in wire
