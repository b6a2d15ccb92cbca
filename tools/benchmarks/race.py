"""Puzzle race rows for tools/bench.py (``--only race``).

Run alone: ``python tools/benchmarks/race.py [--quick]``.

Twelve phones on loopback (the server binds 127.0.0.1) race Crystal Formation puzzles
on the big screen's race scene, each phone answering THINK seconds after its puzzle
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
import threading
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


def rows(quick: bool = False) -> list[dict]:
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
    trips: list[float] = []
    ready = threading.Event()
    go = threading.Event()
    stop = threading.Event()
    errors: list[BaseException] = []

    async def phone(session, i):
        ws = await session.ws_connect(room.server.url + "ws")
        hello = {"type": "hello", "v": 1, "room": room.lobby.code, "name": f"P{i + 1}"}
        await ws.send_str(json.dumps(hello))
        state, verdicts = None, asyncio.Queue()

        async def read():
            nonlocal state
            async for msg in ws:
                data = json.loads(msg.data)
                if data["type"] == "state":
                    state = data
                elif data["type"] in ("judged", "error"):
                    verdicts.put_nowait(data)

        reader = asyncio.ensure_future(read())
        return ws, lambda: state, verdicts, reader

    async def main():
        async with aiohttp.ClientSession() as session:
            phones = [await phone(session, i) for i in range(PHONES)]
            ready.set()
            while not go.is_set():
                await asyncio.sleep(0.01)

            async def racer(i, ws, state, verdicts):
                answered = 0
                while not stop.is_set():
                    s = state()
                    if not s or not s.get("race", {}).get("racing") or s["race"]["ended"]:
                        if s and s.get("race", {}).get("ended"):
                            return
                        await asyncio.sleep(0.005)
                        continue
                    if not s["your_turn"] or not s["moves"]:
                        await asyncio.sleep(0.005)
                        continue
                    race = room.race
                    p = race.order[race.lanes[i].index]
                    await asyncio.sleep(THINK)
                    if state()["race"]["ended"]:
                        return
                    if answered % 3 == 2:
                        firsts = {t[0] for t in p.solution}
                        move = next(m for m in s["moves"] if m not in firsts)
                    else:
                        move = p.solution[0][len(race.lanes[i].moves)]
                    t0 = time.perf_counter()
                    await ws.send_str(json.dumps({"type": "move", "text": move}))
                    await asyncio.wait_for(verdicts.get(), 10)
                    trips.append((time.perf_counter() - t0) * 1000)
                    answered += 1
                    number = s["race"]["number"]
                    while not stop.is_set():  # the next puzzle's view
                        s2 = state()
                        if s2["race"]["ended"] or (
                            s2["race"]["number"] != number and s2["your_turn"]
                        ):
                            break
                        await asyncio.sleep(0.002)

            await asyncio.gather(*(racer(i, ws, st, v) for i, (ws, st, v, _r) in enumerate(phones)))
            for ws, _s, _v, reader in phones:
                await ws.close()
                reader.cancel()

    def run():
        try:
            asyncio.run(asyncio.wait_for(main(), 600))
        except BaseException as exc:
            errors.append(exc)
            ready.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(30)
    from scenes.race import RaceScene

    end = time.perf_counter() + 30
    while (len(room.phones()) < PHONES or not room.warmed()) and time.perf_counter() < end:
        room.pump()
        time.sleep(0.01)
    scene = RaceScene(app, room=room)
    app.push(scene)
    scene.start_race()
    go.set()
    times: list[float] = []
    while room.running() and not errors:
        times += _paced_frames(app, 30)
    stop.set()
    end = time.perf_counter() + 30
    while thread.is_alive() and time.perf_counter() < end:  # answers in flight get theirs
        _paced_frames(app, 1)
    thread.join(1)
    solved = sum(ln.score for ln in room.race.lanes.values())
    app.shutdown()
    room.stop()
    if errors:
        raise errors[0]
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
