"""Puzzle race rows for tools/bench.py (``--only race``).

Run alone: ``python tools/benchmarks/race.py [--quick]``.

Twelve phones on loopback (the server binds 127.0.0.1), in a process of their own as
phones are other devices, race Crystal Formation puzzles on the big screen's race scene, each phone answering THINK seconds after its puzzle
appears (a quick person; twelve of them send several answers a second) and every
third answer a miss, so held lanes and shown answers are in the mix:

- the big screen's frame time (update + draw, paced at 60 Hz) during the race;
- the answer round trip phone -> host -> phone (an answer sent until its ``judged``
  verdict comes back, through the screen's tick): median and p90.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import aiohttp

from game.registry import GAMES
from party.race import RaceRoom, RaceSettings, race_games
from tools.benchmarks import row_maker
from tools.benchmarks.party import _app, _paced_frames, _pct

GAME = "race"
PHONES = 12
THINK = 1.0
_row = row_maker(GAME, lambda v: v)


def phones(url: str, code: str, game_id: str, seed: int, pipe) -> None:
    """The twelve phones, in a process of their own (phones are other devices: in the
    host's process their loops would take the big screen's interpreter lock).  Each
    knows the race's puzzles as the host orders them (the room's seed), answers THINK
    seconds after its puzzle appears, every third answer a miss.  Sends "ready" once
    all have joined, waits for "go", and sends back the round trips in ms."""
    from game.content import puzzles as P
    from party.race import RACE_PUZZLES

    order = P.rush_order(P.load_puzzles(game_id), seed)[:RACE_PUZZLES]
    trips: list[float] = []

    async def phone(session, i):
        ws = await session.ws_connect(url + "ws")
        hello = {"type": "hello", "v": 1, "room": code, "name": f"P{i + 1}"}
        await ws.send_str(json.dumps(hello))
        box = {"state": None}
        verdicts: asyncio.Queue = asyncio.Queue()
        changed = asyncio.Event()

        async def read():
            async for msg in ws:
                data = json.loads(msg.data)
                if data["type"] == "state":
                    box["state"] = data
                    changed.set()
                elif data["type"] in ("judged", "error"):
                    verdicts.put_nowait(data)

        reader = asyncio.ensure_future(read())
        return ws, box, changed, verdicts, reader

    async def next_state(box, changed, test):
        """The first state that passes ``test`` (woken by each new state, not polled)."""
        while not test(box["state"]):
            changed.clear()
            try:
                await asyncio.wait_for(changed.wait(), 30)
            except TimeoutError:
                last = str(box["state"])[:300]
                raise RuntimeError(
                    f"a phone waited 30 s for its next view; its last: {last}"
                ) from None
        return box["state"]

    async def racer(ws, box, changed, verdicts):
        answered = 0
        playing = lambda s: s and s["race"].get("racing")  # noqa: E731
        await next_state(box, changed, playing)
        while True:
            s = await next_state(
                box, changed, lambda s: s["race"]["ended"] or (s["your_turn"] and s["moves"])
            )
            if s["race"]["ended"]:
                return
            p = order[s["race"]["number"] - 1]
            await asyncio.sleep(THINK)
            if box["state"]["race"]["ended"]:
                return
            if answered % 3 == 2:
                firsts = {t[0] for t in p.solution}
                turn = [next(m for m in s["moves"] if m not in firsts)]
            else:
                turn = list(p.solution[0])  # a turn may take more than one action
            verdict, sent = {"verdict": "partial"}, s["ply"]
            for k in range(8):
                if verdict.get("verdict") != "partial":
                    break
                if k < len(turn):
                    move = turn[k]
                else:  # a miss that began a longer turn: end it with any action
                    st = await next_state(
                        box,
                        changed,
                        lambda s2, q=sent: s2["race"]["ended"] or (s2["ply"] != q and s2["moves"]),
                    )
                    if st["race"]["ended"]:
                        break
                    move = st["moves"][0]
                sent = box["state"]["ply"]
                t0 = time.perf_counter()
                await ws.send_str(json.dumps({"type": "move", "text": move}))
                verdict = await asyncio.wait_for(verdicts.get(), 10)
                trips.append((time.perf_counter() - t0) * 1000)
            answered += 1
            number = s["race"]["number"]
            await next_state(
                box,
                changed,
                lambda s2, n=number: (
                    s2["race"]["ended"] or (s2["race"]["number"] != n and s2["your_turn"])
                ),
            )

    async def main():
        async with aiohttp.ClientSession() as session:
            ps = [await phone(session, i) for i in range(PHONES)]
            pipe.send("ready")
            await asyncio.get_running_loop().run_in_executor(None, pipe.recv)  # "go"
            await asyncio.gather(*(racer(ws, b, c, v) for ws, b, c, v, _r in ps))
            for ws, _b, _c, _v, reader in ps:
                await ws.close()
                reader.cancel()

    asyncio.run(asyncio.wait_for(main(), 600))
    pipe.send(trips)


def rows(quick: bool = False) -> list[dict]:
    import multiprocessing

    app = _app()
    room = RaceRoom(
        # the race of the game with the most seats (its boards are the largest)
        GAMES[max(race_games(), key=lambda g: GAMES[g].max_players)],
        RaceSettings(seconds=30 if quick else 60, miss_seconds=1.0),
        host="127.0.0.1",
        seed=9,
        rate=(1000.0, 1000),
    )
    room.start_server()
    # spawned, not forked: this process has SDL and the server's thread running
    ctx = multiprocessing.get_context("spawn")
    here, there = ctx.Pipe()
    proc = ctx.Process(
        target=phones, args=(room.server.url, room.lobby.code, room.spec.id, room.seed, there)
    )
    proc.start()
    from scenes.race import RaceScene

    end = time.perf_counter() + 60
    while (
        len(room.phones()) < PHONES or not room.warmed() or not here.poll()
    ) and time.perf_counter() < end:
        room.pump()
        time.sleep(0.01)
    if not here.poll() or here.recv() != "ready":
        proc.kill()
        raise RuntimeError("the phones did not all join")
    scene = RaceScene(app, room=room)
    app.push(scene)
    scene.start_race()
    here.send("go")
    times: list[float] = []
    while room.running():
        times += _paced_frames(app, 30)
    end = time.perf_counter() + 30
    while not here.poll() and time.perf_counter() < end:  # answers in flight get theirs
        _paced_frames(app, 1)
    trips = here.recv() if here.poll() else []
    proc.join(10)
    solved = sum(ln.score for ln in room.race.lanes.values())
    app.shutdown()
    room.stop()
    if not trips:
        raise RuntimeError(f"the phones sent no round trips (exit code {proc.exitcode})")
    med = statistics.median(trips)
    return [
        _row(
            f"{PHONES} phones racing: big-screen frame p50 / p99 ({len(times)} frames)",
            f"{_pct(times, 50):.2f} / {_pct(times, 99):.2f}",
            "ms",
            "p99 < 17 ms",
            _pct(times, 99) < 17,
        ),
        _row(
            f"answer round trip phone -> host -> phone, median / p90 ({len(trips)} answers, "
            f"{solved} solved)",
            f"{med:.1f} / {_pct(trips, 90):.1f}",
            "ms",
            "median < 50 ms",
            med < 50,
        ),
    ]


if __name__ == "__main__":
    for r in rows(quick="--quick" in sys.argv):
        print(r)
