"""The puzzle race: the pure race (game/content/race.py) and a real host with twelve
scripted phones over WebSockets on 127.0.0.1 (party/race.py).

The race's clock is the test's: a list the test moves on, so a 90-second race runs in
well under a second of waiting and ends exactly where the script says.
"""

from __future__ import annotations

import json

import aiohttp

from game.content import puzzles as P
from game.content.race import Race
from game.records import hall_of_fame as fame
from game.registry import GAMES
from party.race import RaceRoom, RaceSettings, race_games, racer_board
from tests.party_phones import Host, Phone, run_party, until

FAST = (1000.0, 1000)
GAME = "crystal-formation"  # a turn of one action: each answer is one message


def wrong_turn(puzzle, state, moves=()) -> list[str]:
    """A whole turn from ``state`` that the engine judges a miss (first found)."""
    for move in state.legal_moves():
        turn = [*moves, str(move)]
        a = P.check_from(puzzle, puzzle.position(), turn)
        if a.kind == "wrong":
            return turn
        if a.kind == "partial":
            deeper = wrong_turn(puzzle, a.state, turn)
            if deeper:
                return deeper
    return []


# -- the pure race ---------------------------------------------------------------------


def test_a_race_judges_by_the_engine_and_ranks_the_lanes():
    book = P.load_puzzles("chromatic-collapse")
    order = P.rush_order(book, 3)[:10]
    race = Race(order, [(0, "Ada", ""), (1, "Bo", "")], seed=3, now=0.0, seconds=90)
    p = order[0]
    for i, move in enumerate(p.solution[0]):
        r = race.answer(0, move, 1.0 + i)
        assert r.kind == ("solved" if i == len(p.solution[0]) - 1 else "partial")
        assert not r.answer
    assert race.lanes[0].score == 1 and race.lanes[0].index == 1
    miss = wrong_turn(p, p.position())
    for move in miss:
        r = race.answer(1, move, 5.0)
    assert r.kind == "wrong" and r.answer == tuple(p.solution[0])
    # held: the answer is shown, the next puzzle waits
    assert race.answer(1, order[1].solution[0][0], 6.0).kind == "refused"
    assert race.view(1, 6.0)["last"]["answer"] == list(p.solution[0])
    assert race.answer(1, "not a move", 9.0).kind == "illegal"
    assert [ln.name for ln in race.ranking()] == ["Ada", "Bo"]
    assert race.most_missed() == (p.id, 1)
    assert race.fastest()[0].name == "Ada"
    assert race.answer(0, order[1].solution[0][0], 91.0).kind == "refused"


def test_bots_race_the_same_under_the_same_seed():
    book = P.load_puzzles(GAME)
    order = P.rush_order(book, 5)[:40]

    def play(seed):
        race = Race(order, [(i, f"B{i}", lvl) for i, lvl in enumerate(("easy", "hard"))], seed, 0)
        for t in range(0, 91):
            race.tick(float(t))
        return [(ln.key, ln.score, ln.misses) for ln in race.ranking()]

    assert play(11) == play(11)
    assert sum(s for _, s, _ in play(11)) > 0


def test_the_racer_board_is_a_hall_of_fame_board():
    assert fame.board_ranking(racer_board(GAME)) == "points"
    assert set(race_games()) <= set(P.puzzle_games())
    assert GAME in race_games()


def test_a_race_starts_on_the_positions_made_ahead():
    # A position replays its setup moves (up to a tenth of a second): made on the room's
    # thread while the lobby shows, never on the big screen's tick once the race runs.
    import time

    room = RaceRoom(GAMES[GAME], RaceSettings(bots=2), host="127.0.0.1", seed=3)
    try:
        end = time.monotonic() + 60
        while not room.warmed() and time.monotonic() < end:
            time.sleep(0.05)
        assert room.warmed()
        order, made = room._upcoming(0)
        race = room.start()
        assert [p.id for p in race.order] == [p.id for p in order]
        for k in (0, 7, len(order) - 1):
            assert race.position(k) is made[k]
    finally:
        room.stop()


# -- a real host, twelve phones ----------------------------------------------------------


def make_room(now, tmp_path, **kw) -> RaceRoom:
    store = fame.HallOfFame(tmp_path / "fame.db", background=False)
    room = RaceRoom(
        GAMES[GAME],
        RaceSettings(seconds=90, miss_seconds=3, **kw),
        host="127.0.0.1",
        seed=21,
        clock=lambda: now[0],
        rate=FAST,
        fame_store=store,
    )
    room.start_server()
    return room


class Stepper:
    def __init__(self, room):
        self.room = room

    def step(self):
        return self.room.pump()


def leaked(phone: Phone, upto: int, answer: list[str]) -> list[str]:
    """Messages among the first ``upto`` a phone received that carry ``answer``."""
    bad = []
    for raw in phone.raw[:upto]:
        msg = json.loads(raw)
        if msg.get("answer") or "answer" in json.dumps(msg.get("race", {})):
            bad.append(raw[:120])
        if any(k in raw for k in ('"solution"', '"hint"')):
            bad.append(raw[:120])
    return bad


async def turn_of(phone: Phone, moves: list[str]) -> dict:
    """Send a turn's actions one by one; the host's verdict on the last."""
    for move in moves:
        mark = len(phone.inbox)
        await phone.send(type="move", text=move)
        verdict = await phone.reply(("judged", "error"), mark)
        assert verdict["type"] == "judged", verdict
        if verdict["verdict"] != "partial":
            return verdict
    raise AssertionError("the turn did not end")


def test_twelve_phones_race_a_whole_race(tmp_path):
    now = [0.0]
    room = make_room(now, tmp_path)

    async def main():
        async with aiohttp.ClientSession() as session:
            phones = []
            for i in range(11):
                phone = await Phone(session, room.server.url).open()
                assert (await phone.join(room.lobby.code, f"P{i}"))["type"] == "welcome"
                phones.append(phone)
            async with Host(Stepper(room)):
                await until(lambda: room.lobby.snapshot()[10]["connected"])
                race = room.start()
                order = race.order
                await until(lambda: all(p.state and p.state["race"]["racing"] for p in phones))
                # a late phone watches this race
                late = await Phone(session, room.server.url).open()
                assert (await late.join(room.lobby.code, "Late"))["type"] == "welcome"
                await until(lambda: late.state is not None)
                assert late.state["race"]["watching"] and not late.state["moves"]
                refusal = await late.ask(("judged", "error"), type="move", text="grow a1 S")
                assert refusal["type"] == "error"

                # phone i solves i puzzles, then misses one (phone 0 misses the first)
                for i, phone in enumerate(phones):
                    for k in range(i):
                        st = phone.state
                        assert st["race"]["number"] == k + 1
                        pos = race.position(k)
                        assert st["moves"] == [str(m) for m in pos.legal_moves()]
                        mark = len(phone.raw)
                        bad = leaked(phone, mark, list(order[k].solution[0]))
                        assert not bad, bad
                        verdict = await turn_of(phone, list(order[k].solution[0]))
                        assert verdict["verdict"] == "solved" and not verdict["answer"]
                        await until(lambda k=k, phone=phone: phone.state["race"]["number"] == k + 2)
                    mark = len(phone.raw)
                    assert not leaked(phone, mark, [])
                    miss = wrong_turn(order[i], race.position(i))
                    verdict = await turn_of(phone, miss)
                    assert verdict["verdict"] == "wrong"
                    assert verdict["answer"] == list(order[i].solution[0])
                    await until(lambda phone=phone: phone.state["race"].get("held"))
                    assert phone.state["race"]["last"]["answer"] == list(order[i].solution[0])

                # phone 5 drops and comes back: same lane, same score
                dropped = phones[5]
                token = dropped.token
                await dropped.close()
                back = await Phone(session, room.server.url).open()
                welcome = await back.ask(("welcome", "error"), type="resume", v=1, token=token)
                assert welcome["type"] == "welcome" and welcome["seat"] == dropped.seat
                await until(lambda: back.state is not None)
                assert back.state["race"]["score"] == 5
                phones[5] = back

                now[0] = 91.0
                await until(lambda: all(p.state["race"]["ended"] for p in phones))
                ranking = [ln.name for ln in room.race.ranking()]
                assert ranking == [f"P{i}" for i in range(10, -1, -1)]
                assert [p.state["race"]["place"] for p in phones] == list(range(11, 0, -1))
                assert room.race.most_missed()[1] == 1

                # initials from the phone go to the racer board
                ok = await phones[10].ask(("ok", "error"), type="initials", text="abc")
                assert ok["type"] == "ok"
                bad = await phones[9].ask(("ok", "error"), type="initials", text="A1")
                assert bad["type"] == "error"
                entries = room.fame.table(racer_board(GAME), None)
                assert [(e.initials, e.score) for e in entries] == [("ABC", 10)]

                # the rematch: the late phone races now, twelve lanes
                phones.append(late)
                race = room.start()
                assert len(race.lanes) == 12
                await until(lambda: all(p.state["race"]["racing"] for p in phones))
                await until(lambda: all(p.state["race"]["score"] == 0 for p in phones))
                verdicts = []
                for phone in phones:
                    verdicts.append(await turn_of(phone, list(race.order[0].solution[0])))
                assert all(v["verdict"] == "solved" for v in verdicts)
                now[0] = 200.0
                await until(lambda: all(p.state["race"]["ended"] for p in phones))
                assert all(ln.score == 1 for ln in race.lanes.values())
            for phone in phones:
                await phone.close()

    run_party(room, main, timeout=120)


def test_bots_fill_lanes_so_one_visitor_races(tmp_path):
    now = [0.0]
    room = make_room(now, tmp_path, bots=3, bot_level="hard")

    async def main():
        async with aiohttp.ClientSession() as session:
            phone = await Phone(session, room.server.url).open()
            await phone.join(room.lobby.code, "Solo")
            async with Host(Stepper(room)):
                await until(lambda: room.can_start())
                race = room.start()
                assert len(race.lanes) == 4
                assert sum(ln.is_bot for ln in race.lanes.values()) == 3
                now[0] = 60.0
                await until(lambda: phone.state and len(phone.state["seats"]) == 4)
                await until(lambda: sum(phone.state["scores"]) > 0)
                now[0] = 95.0
                await until(lambda: phone.state["race"]["ended"])
            await phone.close()

    run_party(room, main, timeout=60)


def test_a_phone_hears_the_end_after_its_last_half_second(tmp_path):
    # In the race's last half second the phone is told "0 s left" while the race still
    # runs; nothing else in its view changes at the end, and the end must reach it.
    now = [0.0]
    room = make_room(now, tmp_path)

    async def main():
        async with aiohttp.ClientSession() as session:
            phone = await Phone(session, room.server.url).open()
            await phone.join(room.lobby.code, "Ada")
            other = await Phone(session, room.server.url).open()
            await other.join(room.lobby.code, "Bo")  # two racers, no bot to stir the views
            async with Host(Stepper(room)):
                await until(lambda: room.can_start())
                room.start()
                now[0] = 89.7
                await until(lambda: phone.state and phone.state["race"]["time_left"] == 0)
                assert not phone.state["race"]["ended"]
                now[0] = 90.2
                await until(lambda: phone.state["race"]["ended"], what="the race's end")
            await phone.close()
            await other.close()

    run_party(room, main, timeout=60)


def test_the_race_lobby_rests_and_a_phone_joining_wakes_it(paths):
    """The big screen's lobby draws no frame while nobody joins (the App's own pacing,
    ticks for a clock); a phone joining is drawn (a skipped frame never differs from
    what is shown), then it rests again, and the phones are told the lobby once."""
    import asyncio
    import threading
    import time

    from scenes.boot import make_app
    from scenes.race import RaceScene
    from scenes.scene import REST_TICKS
    from tests.test_frames import StaleFrames

    app = make_app(headless=True, paths=paths)
    room = RaceRoom(GAMES[race_games()[0]], RaceSettings(), host="127.0.0.1", port=0)
    room.start_server()
    app.push(RaceScene(app, room=room))
    check = StaleFrames(app)
    phones: list[Phone] = []
    leave = threading.Event()

    async def phone_side():
        async with aiohttp.ClientSession() as session:
            phone = await Phone(session, room.server.url).open()
            phones.append(phone)
            await phone.join(room.lobby.code, "Ada")
            while not leave.is_set():
                await asyncio.sleep(0.02)
            await phone.close()

    try:
        app.run_paced(REST_TICKS + 60, check)
        assert app.run_paced(300, check) == 0  # nobody there: a still screen
        thread = threading.Thread(target=lambda: asyncio.run(phone_side()), daemon=True)
        thread.start()
        drawn = 0
        for _tick in range(3000):  # until the big screen has the phone
            drawn += app.run_paced(1, check)
            if any(s["taken"] and s["connected"] for s in room.lobby.snapshot()):
                break
            time.sleep(0.005)
        drawn += app.run_paced(REST_TICKS + 60, check)
        assert drawn > 0 and not check.stale
        lobbies = phones[0].count("lobby")
        assert app.run_paced(300, check) == 0  # at rest again, the phone seated
        assert phones[0].count("lobby") == lobbies  # and not told the same lobby again
        assert not check.stale
    finally:
        leave.set()
        app.shutdown()
