"""Party play over real WebSockets: the real server on 127.0.0.1, simulated phones.

Every connection in this file goes to the loopback address the server is bound to; the
phones' loops and waits are bounded (tests/party_phones.py).  The big screen's side is
the table's ``step`` (what the play scene calls each tick); the screen itself is tested
in tests/test_party_screen.py.
"""

from __future__ import annotations

import asyncio
import json
import random

import aiohttp
import pytest

from game.midend.match import Seat
from game.registry import GAMES
from game.rules import element_shift as es
from game.rules.contract import GameSetup, seat_view
from party import protocol
from party.host import Party
from party.lobby import Lobby, LobbyError
from tests.party_phones import Host, Phone, run, run_party, seated, until

# Scripted phones play far faster than thumbs: whole-game tests lift the rate limit
# (test_a_flood_is_slowed_not_served checks the limit itself).
FAST = (1000.0, 1000)


def make_party(
    game: str, seats: list[Seat], players: int | None = None, seed: int = 7, **kw
) -> Party:
    spec = GAMES[game]
    n = players or len(seats)
    p, options = spec.resolve_options(n)
    party = Party(spec, GameSetup(game, p, options, seed), seats, host="127.0.0.1", port=0, **kw)
    party.start()
    return party


# -- protocol and lobby (no network) ------------------------------------------------------


@pytest.mark.parametrize(
    "raw, reason",
    [
        (b"\x00\x01", "not binary"),
        ("{", "Not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"type": "dance"}', "Unknown message type"),
        ('{"type": "move"}', "needs a field 'text'"),
        ('{"type": "move", "text": 5}', "'text' must be text"),
        ('{"type": "move", "text": "a1-a2", "seat": 3}', "has no field 'seat'"),
        ('{"type": "hello", "v": 1, "room": "ABCD", "name": "x", "seat": 1e400}', "must be"),
        ('{"type": "hello", "v": 1, "room": "ABCD", "name": "x", "seat": NaN}', "Not JSON"),
        ('{"type": "hello", "v": 2, "room": "ABCD", "name": "x"}', "version 1"),
        (
            '{"type": "hello", "v": 1, "room": "ABCD", "name": "x", "seat": 99999999999}',
            "No such seat",
        ),
        ('{"type": "key", "key": "jump"}', "Unknown key"),
        ('{"type": "hello", "v": true, "room": "ABCD", "name": "x"}', "whole number"),
        ("x" * (protocol.MAX_BYTES + 1), "too long"),
        ('{"type": "move", "text": "' + "a" * 300 + '"}', "too long"),
    ],
)
def test_malformed_messages_are_refused_with_a_reason(raw, reason):
    with pytest.raises(protocol.ProtocolError, match=reason):
        protocol.parse(raw)


def test_a_good_message_passes_unchanged():
    msg = protocol.parse('{"type": "hello", "v": 1, "room": "abcd", "name": "Ada", "seat": 2}')
    assert msg == {"type": "hello", "v": 1, "room": "abcd", "name": "Ada", "seat": 2}


def test_rate_limit_allows_a_burst_then_the_refill_rate():
    limit = protocol.RateLimit(0.0, per_second=10, burst=5)
    assert [limit.allow(0.0) for _ in range(7)] == [True] * 5 + [False] * 2
    assert limit.allow(0.1) and not limit.allow(0.1)  # one more after a tenth of a second


def test_lobby_join_resume_kick():
    now = [100.0]
    lobby = Lobby(["Red", "Blue", "Green"], [0, 2], clock=lambda: now[0])
    with pytest.raises(LobbyError, match="room code"):
        lobby.join("ZZZZ", "Ada")
    with pytest.raises(LobbyError, match="not one a phone"):
        lobby.join(lobby.code, "Ada", 1)  # a seat on the big screen
    ada = lobby.join(lobby.code.lower(), "  Ada\x07 Lovelace the Countess of  ", None)
    assert ada.seat == 0 and ada.name == "Ada Lovelace the" and len(ada.token) >= 24
    with pytest.raises(LobbyError, match="Red is taken"):
        lobby.join(lobby.code, "Bob", 0)
    bob = lobby.join(lobby.code, "Bob")
    assert bob.seat == 2
    with pytest.raises(LobbyError, match="Every phone seat is taken"):
        lobby.join(lobby.code, "Cy")
    lobby.disconnected(0, ada.token)
    now[0] += 30
    assert lobby.absent_seconds(0) == 30 and lobby.absent_seconds(2) == 0
    assert lobby.resume(ada.token).seat == 0 and lobby.absent_seconds(0) == 0
    with pytest.raises(LobbyError, match="not valid"):
        lobby.resume(ada.token[:-1] + ("A" if ada.token[-1] != "A" else "B"))
    assert lobby.kick(2) == bob.token
    with pytest.raises(LobbyError, match="removed this phone"):
        lobby.resume(bob.token)
    assert lobby.free_seats() == [2]


# -- one seat's view ------------------------------------------------------------------------


def test_a_phone_never_receives_another_seats_plan():
    """Element Shift, twelve phones: a plan is its seat's secret until the reveal, in the
    state sent to phones as in the bots' view (no other seat's plan text, no log text)."""
    seats = [Seat.phone()] * 12
    party = make_party("element-shift", seats, seed=3)

    async def main():
        async with aiohttp.ClientSession() as session:
            phones = [await Phone(session, party.server.url).open() for _ in seats]
            for i, ph in enumerate(phones):
                assert (await ph.join(party.lobby.code, f"P{i}", i))["type"] == "welcome"
            party.begin()
            async with Host(party.table):
                await until(lambda: all(p.state for p in phones), what="first states")
                rng = random.Random(5)
                # setup: everybody picks a start tile
                for i, ph in enumerate(phones):
                    cell = rng.choice(
                        [
                            c
                            for c in range(es.CELLS)
                            if ph.state["board"][c] == ph.state["elements"][i]
                        ]
                    )
                    ans = await ph.ask(
                        ("ok", "error"), type="move", text=f"start {es.cell_name(cell)}"
                    )
                    assert ans["type"] == "ok", ans
                await until(lambda: party.table.match.state.round == 1, what="round 1")
                # round 1: eleven plans in, the twelfth not yet
                plans = {}
                for i, ph in enumerate(phones[:11]):
                    await until(lambda ph=ph: ph.state["round"] == 1)
                    plist = es.PlanList(1, ph.state["positions"][i])
                    plans[i] = str(plist[rng.randrange(len(plist))])
                    ans = await ph.ask(("ok", "error"), type="move", text=plans[i])
                    assert ans == {"type": "ok", "text": plans[i]}
                await until(lambda: all(p.state["seats"][10].get("submitted") for p in phones))
                for i, ph in enumerate(phones):
                    for j, text in plans.items():
                        if j == i or text in plans.get(i, ""):  # one's own plan may contain it
                            continue
                        leaked = [r for r in ph.raw if text in r]
                        assert not leaked, f"seat {i} saw seat {j}'s plan"
                    view = phones[i].state
                    assert view["submitted_plan"] == plans.get(i, "")
                # the state the table sends is built from the seat's own view
                table = party.table
                assert table.view(11)["submitted_plan"] == ""
                hidden = seat_view(table.match.state, 11)
                assert all(p == es.HIDDEN or p is None for p in hidden.pending)
            for ph in phones:
                await ph.close()

    run_party(party, main)


def _random_game_over_phones(game: str, players: int, seed: int):
    """Every seat a phone; each phone plays random legal moves from the list its state
    offers, on its own turn only, until the game ends."""
    seats = [Seat.phone()] * players
    party = make_party(game, seats, seed=seed, rate=FAST)
    sent: list[str] = []

    async def main():
        async with aiohttp.ClientSession() as session:
            phones = [await Phone(session, party.server.url).open() for _ in seats]
            for i, ph in enumerate(phones):
                assert (await ph.join(party.lobby.code, f"Phone {i}"))["seat"] == i
            party.begin()
            rng = random.Random(seed)
            async with Host(party.table):
                for _ in range(3000):
                    ply = len(party.table.match.entries)
                    await until(
                        lambda ply=ply: all(p.state and p.state["ply"] == ply for p in phones),
                        what=f"states of ply {ply}",
                    )
                    if phones[0].state["over"]:
                        break
                    movers = [p for p in phones if p.state["your_turn"]]
                    assert len(movers) == 1, [p.state["to_move"] for p in phones]
                    mover = movers[0]
                    assert mover.state["moves"], mover.state
                    # someone else trying to move now is refused, and nothing changes
                    other = phones[(mover.seat + 1) % players]
                    ans = await other.ask(
                        ("ok", "error"), type="move", text=mover.state["moves"][0]
                    )
                    assert ans["type"] == "error" and "turn" in ans["reason"]
                    move = rng.choice(mover.state["moves"])
                    ans = await mover.ask(("ok", "error"), type="move", text=move)
                    assert ans["type"] == "ok", ans
                    sent.append(move)
                else:
                    raise AssertionError("the game did not end")
            assert all(p.state["over"] and p.state["outcome"]["reason"] for p in phones)
            for ph in phones:
                await ph.close()

    try:
        run(main())
        match = party.table.match
        assert match.is_over()
        assert [e.text for e in match.entries] == sent
    finally:
        party.stop()


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, players, seed",
    [
        ("crystal-connector", 2, 4),
        ("chromatic-collapse", 2, 2),
        ("crystal-formation", 3, 1),
        ("color-crossroads", 2, 6),
    ],
)
def test_a_whole_game_with_phones_in_every_seat(game, players, seed):
    _random_game_over_phones(game, players, seed)


@pytest.mark.slow
def test_a_whole_element_shift_game_with_twelve_phones():
    seats = [Seat.phone()] * 12
    party = make_party("element-shift", seats, seed=11, rate=FAST)

    async def main():
        async with aiohttp.ClientSession() as session:
            phones = [await Phone(session, party.server.url).open() for _ in seats]
            for i, ph in enumerate(phones):
                await ph.join(party.lobby.code, f"P{i}")
            party.begin()
            rng = random.Random(2)
            async with Host(party.table):
                for rnd in range(0, 8):
                    await until(
                        lambda rnd=rnd: all(
                            (p.state and p.state["round"] == rnd) or (p.state and p.state["over"])
                            for p in phones
                        ),
                        what=f"round {rnd}",
                    )
                    if phones[0].state["over"]:
                        break
                    # the phones submit in a shuffled order: the table holds early plans
                    for k, i in enumerate(rng.sample(range(12), 12)):
                        ph = phones[i]
                        s = ph.state
                        if rnd == 0:
                            cell = rng.choice(
                                [c for c in range(es.CELLS) if s["board"][c] == s["elements"][i]]
                            )
                            text = f"start {es.cell_name(cell)}"
                        else:
                            plist = es.PlanList(rnd, s["positions"][i])
                            text = str(plist[rng.randrange(len(plist))])
                            pv = await ph.ask(("preview",), type="preview", text=text)
                            assert pv["ok"] and isinstance(pv["points"], int)
                        ans = await ph.ask(("ok", "error"), type="move", text=text)
                        assert ans["type"] == "ok", ans
                        if k < 11:  # (the twelfth plan resolves the round at once)
                            again = await ph.ask(("ok", "error"), type="move", text=text)
                            assert (
                                again["type"] == "error"
                                and "wait for the others" in again["reason"]
                            )
                await until(lambda: all(p.state["over"] for p in phones), what="the end")
                for ph in phones:
                    assert ph.state["last_points"] is not None
                    assert ph.state["totals"] == list(party.table.match.state.totals)
            for ph in phones:
                await ph.close()

    try:
        run(main())
        match = party.table.match
        assert match.is_over() and len(match.entries) == 12 * 8
    finally:
        party.stop()


def test_reconnect_puts_the_phone_back_in_its_seat_mid_round():
    seats = [Seat.phone(), Seat.phone()]
    party = make_party("chromatic-collapse", seats, seed=2)

    async def main():
        async with aiohttp.ClientSession() as session:
            a, b = await seated(session, party, ("Ann", "Ben"))
            party.begin()
            async with Host(party.table):
                await until(lambda: a.state and b.state)
                first = a if a.state["your_turn"] else b
                ans = await first.ask(("ok", "error"), type="move", text=first.state["moves"][0])
                assert ans["type"] == "ok"
                token, seat = first.token, first.seat
                await first.close()  # the screen locks
                await until(lambda: not party.lobby.connected(seat))
                again = await Phone(session, party.server.url).open()
                ans = await again.ask(("welcome", "error"), type="resume", v=1, token=token)
                assert (
                    ans["type"] == "welcome"
                    and ans["seat"] == seat
                    and ans["name"] in ("Ann", "Ben")
                )
                await until(lambda: again.state is not None, what="the state after resuming")
                assert again.state["seat"] == seat and again.state["ply"] == 1
                # a stranger cannot use a made-up token, nor a second hello on a seated socket
                stranger = await Phone(session, party.server.url).open()
                ans = await stranger.ask(("welcome", "error"), type="resume", v=1, token="x" * 24)
                assert ans["type"] == "error" and "not valid" in ans["reason"]
                ans = await again.ask(
                    ("welcome", "error"),
                    type="hello",
                    v=1,
                    room=party.lobby.code,
                    name="Eve",
                    seat=None,
                )
                assert ans["type"] == "error" and "already has a seat" in ans["reason"]
                for ph in (again, b if first is a else a, stranger):
                    await ph.close()

    run_party(party, main)


def test_kicked_phone_cannot_come_back():
    party = make_party("crystal-connector", [Seat.phone(), Seat.bot("easy")])

    async def main():
        async with aiohttp.ClientSession() as session:
            a = await Phone(session, party.server.url).open()
            await a.join(party.lobby.code, "Ann")
            token = a.token
            old = party.lobby.kick(0)
            party.server.close_token(old, "The host removed this phone from the game")
            await until(lambda: a.closed.is_set(), what="the kicked socket to close")
            assert a.last("kicked")["reason"].startswith("The host removed")
            b = await Phone(session, party.server.url).open()
            ans = await b.ask(("welcome", "error"), type="resume", v=1, token=token)
            assert ans["type"] == "error" and "removed this phone" in ans["reason"]
            ans = await b.join(party.lobby.code, "Bea", 0)  # the seat itself is free again
            assert ans["type"] == "welcome"
            await b.close()

    run_party(party, main)


def test_the_server_serves_the_page_and_nothing_outside_its_folder():
    party = make_party("crystal-connector", [Seat.phone(), Seat.phone()])

    async def main():
        async with aiohttp.ClientSession() as session:
            async with session.get(party.server.url) as r:
                assert r.status == 200 and "Join the game" in await r.text()
            async with session.get(party.server.url + "static/app.js") as r:
                assert r.status == 200
            for path in (
                "static/../server.py",
                "static/%2e%2e/server.py",
                "static/..%2fserver.py",
                "../pyproject.toml",
                "static//etc/passwd",
                "server.py",
            ):
                async with session.get(party.server.url + path) as r:
                    body = await r.text()
                    assert r.status in (403, 404), (path, r.status)
                    assert "PartyServer" not in body

    run_party(party, main)


def test_ten_thousand_malformed_messages_change_nothing_and_the_host_keeps_serving():
    rate = (1e9, 10**9)  # this test wants every message parsed, not slowed
    party = make_party("crystal-connector", [Seat.phone(), Seat.phone()], rate=rate)
    rng = random.Random(99)
    fields = ["type", "v", "room", "name", "seat", "token", "text", "key", "x", ""]
    values = [
        None,
        True,
        -1,
        2**70,
        1.5,
        "",
        "A" * 300,
        [],
        {},
        "hello",
        "move",
        "key",
        "up",
        "pass",
        "1 right 5",
        "\u0000",
        "\ud800",
        "ABCD",
        0,
        63,
        64,
    ]

    def garbage(i: int):
        k = i % 6
        if k == 0:
            return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
        if k == 1:
            return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(0, 60)))
        if k == 2:
            return json.dumps(rng.choice(values))
        if k == 3:  # objects of random fields and values
            return json.dumps(
                {rng.choice(fields): rng.choice(values) for _ in range(rng.randrange(4))}
            )
        if k == 4:  # a known type with wrong or missing fields
            t = rng.choice(list(protocol.FIELDS))
            return json.dumps(
                {
                    "type": t,
                    **{rng.choice(fields): rng.choice(values) for _ in range(rng.randrange(3))},
                }
            )
        return json.dumps(
            {
                "type": "move",
                "text": "".join(
                    rng.choice("ABCDEF123456 updownleftright;-x") for _ in range(rng.randrange(30))
                ),
            }
        )

    async def main():
        async with aiohttp.ClientSession() as session:
            a, b = await seated(session, party, ("Ann", "Ben"))
            party.begin()
            async with Host(party.table):
                await until(lambda: a.state and b.state)
                before = party.table.match.state
                mover = a if a.state["your_turn"] else b
                sender = b if mover is a else a  # the seat not to act fuzzes; then the mover
                for i in range(10_000):
                    ph = sender if i < 5_000 else mover
                    await ph.send_raw(garbage(i))
                    if i % 500 == 0:
                        pong = await ph.ask(("pong",), type="ping")
                        assert pong == {"type": "pong"}
                await until(
                    lambda: party.server.messages_in >= 10_000,
                    timeout=60,
                    what=f"10,000 messages ({party.server.messages_in} so far)",
                )
                await until(lambda: party.server.inbox.empty())
                await mover.ask(("pong",), type="ping")
                await asyncio.sleep(0.3)  # the table's last refusals reach the phones
                match = party.table.match
                # only a move text that happened to be legal for the mover could act; the
                # garbage texts cannot parse as Crystal Connector moves
                assert match.state == before and not match.entries
                errors = a.count("error") + b.count("error")
                assert errors >= 9_000
                # still serving: a real move goes through
                ans = await mover.ask(("ok", "error"), type="move", text=mover.state["moves"][0])
                assert ans["type"] == "ok"
                await until(lambda: len(match.entries) == 1)
            await a.close()
            await b.close()

    run_party(party, main, timeout=300)


def test_a_flood_is_slowed_not_served():
    party = make_party("crystal-connector", [Seat.phone(), Seat.phone()], rate=(5.0, 10))

    async def main():
        async with aiohttp.ClientSession() as session:
            a = await Phone(session, party.server.url).open()
            for _ in range(200):
                await a.send(type="ping")
            await until(lambda: a.count("pong") >= 10 and a.count("error") >= 1)
            await until(lambda: party.server.refused >= 150)
            assert a.count("pong") < 40
            assert any(m.get("code") == "rate" for m in a.inbox)
            await a.close()

    run_party(party, main)


def test_a_move_the_rate_limit_drops_is_named_so_the_phone_sends_it_again():
    """The rate limit warns once a second; a move dropped inside that second does not
    vanish without a word: the phone hears which move was not taken."""
    party = make_party("crystal-connector", [Seat.phone(), Seat.phone()], rate=(5.0, 10))

    async def main():
        async with aiohttp.ClientSession() as session:
            a = await Phone(session, party.server.url).open()
            for _ in range(30):
                await a.send(type="ping")
            # The bucket is empty: dropped.  Long and not ASCII: the note quotes 40
            # characters of it.
            await a.send(type="move", text="place C3 " + "💎" * 150)

            def named():
                return [
                    m
                    for m in a.inbox
                    if m.get("code") == "rate" and "place C3" in m.get("reason", "")
                ]

            await until(lambda: named(), what="the dropped move named")
            reason = named()[0]["reason"]
            assert "Send it again" in reason and "💎" * 31 in reason and "💎" * 32 not in reason
            # A dropped move followed by one that gets through is not named: the later
            # move stands in for it.
            b = await Phone(session, party.server.url).open()
            for _ in range(30):
                await b.send(type="ping")
            await b.send(type="move", text="place D4")
            await asyncio.sleep(0.5)  # the bucket refills (5 a second); D4's note is due at 1 s
            await b.send(type="move", text="place E5")
            await until(lambda: b.count("error") >= 2, what="the warning and a reply to E5")
            await asyncio.sleep(1.2)  # past the second in which D4's note was due
            assert not any("place D4" in m.get("reason", "") for m in b.inbox)
            await a.close()
            await b.close()

    run_party(party, main)


def test_a_stand_in_bot_plays_a_phone_gone_too_long_and_hands_back():
    now = [1000.0]
    party = make_party(
        "crystal-connector",
        [Seat.phone(), Seat.phone()],
        takeover_seconds=60,
        lobby_clock=lambda: now[0],
    )

    async def main():
        async with aiohttp.ClientSession() as session:
            a, b = await seated(session, party, ("Ann", "Ben"))
            match = party.begin()
            notes: list[str] = []
            async with Host(party.table, on_step=lambda r: notes.extend(r.notes)):
                await until(lambda: a.state and b.state)
                token = a.token
                await a.close()
                await until(lambda: not party.lobby.connected(0))
                now[0] += 59
                await until(lambda: party.table.match is match)  # a few steps pass
                assert 0 not in match.stand_ins
                now[0] += 2
                await until(lambda: 0 in match.stand_ins, what="the stand-in")
                assert match.controller(0).is_bot and match.controller(0).level == "medium"
                assert any("Medium bot plays" in n for n in notes)
                await until(
                    lambda: b.state["seats"][0]["kind"] == "bot", what="phones told of the bot"
                )
                assert b.state["seats"][0]["connected"] is False
                back = await Phone(session, party.server.url).open()
                ans = await back.ask(("welcome", "error"), type="resume", v=1, token=token)
                assert ans["type"] == "welcome" and ans["seat"] == 0
                await until(lambda: 0 not in match.stand_ins, what="the hand-back")
                assert not match.controller(0).is_bot
                assert any("back on their phone" in n for n in notes)
                await back.close()
                await b.close()

    run_party(party, main)


def test_a_new_connection_for_a_seat_gets_the_state_even_when_nothing_changed():
    """A phone that reloads between two ticks sees the same view as before it left; the
    table must still send it (the new page has nothing)."""
    party = make_party("crystal-connector", [Seat.phone(), Seat.phone()])
    try:
        party.lobby.join(party.lobby.code, "Ann")
        party.lobby.join(party.lobby.code, "Ben")
        party.begin()
        sent: list[tuple[int, str]] = []
        party.server.send_seat = lambda seat, text: sent.append((seat, text))
        party.step()
        assert sent == []  # nothing new
        from party.server import Event

        party.server.inbox.put(Event("left", 0, 1))
        party.server.inbox.put(Event("joined", 0, 2))
        party.step()
        assert [seat for seat, _ in sent] == [0]
        assert json.loads(sent[0][1])["type"] == "state"
    finally:
        party.stop()
