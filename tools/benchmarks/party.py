"""Party play rows for tools/bench.py (``--only party``).

Run alone: ``python tools/benchmarks/party.py [--quick]``.

Rows, all on loopback (the server binds 127.0.0.1; nothing leaves this machine):
- the big screen's frame time (update + draw, paced at 60 Hz) during an Element Shift
  game with 12 phones connected, each sending 10 messages a second (plan previews,
  the heaviest thing a phone asks for, and pings) - target p99 under 17 ms;
- the move round trip phone -> host -> phone (a Chromatic Collapse move sent until its
  ``ok`` comes back, through the screen's tick) - target median under 50 ms.

The phones run on their own thread and event loop, like real phones elsewhere on the
network; the big screen runs on this thread as the client does.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import aiohttp

from game.midend.match import Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from party.host import Party
from tools.benchmarks import row_maker
from tools.games import hooks, most_seats, showcase

GAME = "party"


_row = row_maker(GAME, lambda v: v)


def _pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, round(q / 100 * (len(s) - 1)))]


def _app():
    from game.storage.saves import Paths
    from scenes.boot import make_app
    from scenes.config import Settings

    home = Path(tempfile.mkdtemp(prefix="crystal-bench-party-"))
    return make_app(
        headless=True, settings=Settings(), paths=Paths(home / "c", home / "d", home / "l")
    )


class _Phones:
    """Phones on a thread of their own: ``job(session, phones)`` runs there."""

    def __init__(self, party: Party, count: int, job):
        self.party, self.count, self.job = party, count, job
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.result = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        async def main():
            async with aiohttp.ClientSession() as session:
                phones = []
                for i in range(self.count):
                    ws = await session.ws_connect(self.party.server.url + "ws")
                    await ws.send_str(
                        json.dumps(
                            {
                                "type": "hello",
                                "v": 1,
                                "room": self.party.lobby.code,
                                "name": f"Phone {i + 1}",
                                "seat": i,
                            }
                        )
                    )
                    msg = json.loads((await ws.receive(timeout=10)).data)
                    assert msg["type"] == "welcome", msg
                    phones.append(ws)
                self.ready.set()
                self.result = await self.job(phones, self.stop)
                for ws in phones:
                    await ws.close()

        try:
            asyncio.run(asyncio.wait_for(main(), 600))
        except BaseException as exc:
            self.error = exc
            self.ready.set()


def _host(app, game: str, players: int, seed: int):
    from scenes.play import play_scene_for

    spec = GAMES[game]
    p, options = spec.resolve_options(players)
    party = Party(
        spec,
        GameSetup(game, p, options, seed),
        [Seat.phone()] * players,
        host="127.0.0.1",
        port=0,
        rate=(1000.0, 1000),
    )
    party.start()
    return party, lambda: _begin(app, party, play_scene_for)


def _begin(app, party, play_scene_for):
    match = party.begin()
    scene = play_scene_for(app, match)
    scene.attach_party(party)
    app.push(scene)
    app.run_ticks(3)
    return scene


def _paced_frames(app, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.update()
        app.draw(0.0)
        dt = time.perf_counter() - t0
        times.append(dt * 1000)
        time.sleep(max(0.0, 1 / 60 - dt))
    return times


def twelve_phones_rows(quick: bool) -> list[dict]:
    app = _app()
    game = most_seats()  # party play at its fullest: twelve phones, each making secret plans
    phone_plan = hooks(game).phone_plan
    party, begin = _host(app, game, 12, 5)
    rng = random.Random(1)
    sent = [0]

    async def chatter(phones, stop):
        """Each phone: 10 messages a second, previews of random legal plans and pings."""

        async def one(i, ws):
            state = None
            while not stop.is_set():
                try:
                    while True:  # read what has arrived without waiting
                        msg = await ws.receive(timeout=0.001)
                        data = json.loads(msg.data)
                        if data.get("type") == "state":
                            state = data
                except (asyncio.TimeoutError, TypeError, ValueError):
                    pass
                text = phone_plan(state, i, rng) if state and rng.random() < 0.7 else None
                if text is not None:
                    await ws.send_str(json.dumps({"type": "preview", "text": text}))
                else:
                    await ws.send_str(json.dumps({"type": "ping"}))
                sent[0] += 1
                await asyncio.sleep(0.1)

        await asyncio.gather(*(one(i, ws) for i, ws in enumerate(phones)))

    phones = _Phones(party, 12, chatter)
    phones.thread.start()
    phones.ready.wait(30)
    if phones.error:
        raise phones.error
    scene = begin()
    # a round of real play first, so previews are plan-phase previews
    m = scene.match
    while m.state.round == 0:
        seat = m.to_move()
        m.submit(rng.choice(m.state.legal_moves()))
        del seat
    app.run_ticks(5)
    frames = 300 if quick else 900
    start_sent = sent[0]
    t0 = time.perf_counter()
    times = _paced_frames(app, frames)
    rate = (sent[0] - start_sent) / (time.perf_counter() - t0)
    phones.stop.set()
    phones.thread.join(30)
    party.stop()
    app.shutdown()
    ok = _pct(times, 99) < 17
    return [
        _row(
            "12 phones x 10 msg/s: big-screen frame p50 / p99",
            f"{_pct(times, 50):.2f} / {_pct(times, 99):.2f}",
            "ms",
            "p99 < 17 ms",
            ok,
        ),
        _row(
            "12 phones: messages handled a second (all phones)", round(rate), "msg/s", "about 120"
        ),
    ]


def round_trip_rows(quick: bool) -> list[dict]:
    app = _app()
    party, begin = _host(app, showcase(), 2, 3)  # a turn game's phones
    trips: list[float] = []
    target = 20 if quick else 60

    async def play(phones, stop):
        states = [None, None]
        oks = [0, 0]

        async def read(i, ws):
            async for msg in ws:
                data = json.loads(msg.data)
                if data["type"] == "state":
                    states[i] = data
                elif data["type"] in ("ok", "error"):
                    oks[i] += 1

        readers = [asyncio.ensure_future(read(i, ws)) for i, ws in enumerate(phones)]
        rng = random.Random(2)
        while len(trips) < target and not stop.is_set():
            mover = next((i for i in (0, 1) if states[i] and states[i]["your_turn"]), None)
            if mover is None or (states[0] and states[0]["over"]):
                if states[0] and states[0]["over"]:
                    break
                await asyncio.sleep(0.002)
                continue
            ply = states[mover]["ply"]
            before = oks[mover]
            t0 = time.perf_counter()
            await phones[mover].send_str(
                json.dumps({"type": "move", "text": rng.choice(states[mover]["moves"])})
            )
            while oks[mover] == before:
                await asyncio.sleep(0.0005)
            trips.append((time.perf_counter() - t0) * 1000)
            while any(s is None or s["ply"] == ply for s in states):  # both saw the move
                await asyncio.sleep(0.001)
        for r in readers:
            r.cancel()

    phones = _Phones(party, 2, play)
    phones.thread.start()
    phones.ready.wait(30)
    if phones.error:
        raise phones.error
    begin()
    app.settings.animation_speed = 8.0
    end = time.perf_counter() + 120
    while phones.thread.is_alive() and time.perf_counter() < end:
        _paced_frames(app, 1)
    phones.stop.set()
    phones.thread.join(10)
    party.stop()
    app.shutdown()
    if phones.error:
        raise phones.error
    med = statistics.median(trips)
    return [
        _row(
            f"move round trip phone -> host -> phone, median / p90 ({len(trips)} moves)",
            f"{med:.1f} / {_pct(trips, 90):.1f}",
            "ms",
            "median < 50 ms",
            med < 50,
        )
    ]


def rows(quick: bool = False) -> list[dict]:
    return twelve_phones_rows(quick) + round_trip_rows(quick)


if __name__ == "__main__":
    for r in rows(quick="--quick" in sys.argv):
        print(r)
