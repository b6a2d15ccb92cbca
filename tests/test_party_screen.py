"""Party play on the big screen: game select -> Host party -> lobby -> a game whose
seats play from phones (real WebSockets to 127.0.0.1), the screen ticking as it would.

The App runs headless in the test's thread; ``Screen`` ticks it from a task on the
phones' event loop, so phones, server and screen interleave as they do for real.
"""

from __future__ import annotations

import asyncio
import re

import aiohttp

from game.registry import GAMES
from scenes.party import LobbyScene
from scenes.play.base import PlayScene
from tests.party_phones import Phone, run, seated, until
from tests.test_party import FAST


class Screen:
    """Tick the headless app every couple of milliseconds (one tick = 1/60 s of game)."""

    def __init__(self, app):
        self.app = app
        self._task: asyncio.Task | None = None

    async def __aenter__(self):
        self._task = asyncio.ensure_future(self._run())
        return self

    async def __aexit__(self, *exc):
        self._task.cancel()
        try:
            await self._task
        except asyncio.CancelledError:
            pass

    async def _run(self):
        while True:
            self.app.run_ticks(1, draw=False)
            await asyncio.sleep(0.002)


def control(scene, prefix: str):
    return next(c for c in scene.controls if c.element.text.startswith(prefix))


def seat_control(select, i: int):
    """Game select's cycler for seat ``i`` (labelled with the game's seat name)."""
    names = GAMES[select.game_id].seat_names(select.cfg()["players"])
    label = names[i] if len(names) <= 4 else names[i].replace("Player ", "P")
    return control(select, f"{label}: ")


def press(app, prefix: str) -> None:
    c = control(app.top, prefix)
    app.post_click(c.element.rect.center)
    app.run_ticks(2, draw=False)


def host_from_select(app, game: str, seats: list[str]) -> LobbyScene:
    """Title -> Play -> the game's card -> Host party -> seats -> Start: the lobby."""
    app.settings.party_address = "127.0.0.1"  # tests never listen beyond this machine
    app.settings.party_port = 0
    press(app, "Play")
    select = app.top
    card = select.card_rects[game]
    app.post_click((card.centerx, card.y + 30))
    app.run_ticks(2, draw=False)
    if "phone" in seats:  # Phone is a seat kind only while hosting
        press(app, "Host party")
    for i, kind in enumerate(seats):
        for _ in range(8):
            c = seat_control(app.top, i)
            label = dict(person="Person", phone="Phone").get(kind, kind)
            # ("Bot: Easy, about 400" where the game has a ladder)
            if re.search(rf"‹ {re.escape(label)}(,| ›)", c.element.text):
                break
            app.post_click(c.element.rect.center)
            app.run_ticks(1, draw=False)
    press(app, "Start")
    lobby = app.top
    assert isinstance(lobby, LobbyScene), app.top
    # Scripted phones play far faster than thumbs: a whole game's moves come faster than
    # the limit refills, and past one warning a second the server drops the excess without
    # a word (test_party.test_a_flood_is_slowed_not_served checks the limit itself).
    # Phones connect after this, so each socket gets the lifted limit.
    lobby.party.server.rate = FAST
    return lobby


async def start_with_phones(app, session, lobby, names) -> tuple[list[Phone], PlayScene]:
    """Phones join the lobby by these names; once the screen shows them all, Start."""
    phones = await seated(session, lobby.party, names)
    await until(lambda: sum(s["taken"] for s in lobby._seen) == len(names), what="the lobby")
    press(app, "Start")
    assert isinstance(app.top, PlayScene)
    return phones, app.top


def test_host_switch_turns_person_seats_into_phone_seats(app):
    press(app, "Play")
    select = app.top
    assert control(select, "Host party").element.text.endswith("‹ Off ›")
    press(app, "Host party")
    assert select.cfg()["seats"][0] == "phone"
    assert seat_control(select, 0).element.text.endswith("‹ Phone ›")
    assert control(select, "Host party").element.text.endswith("‹ On: phones join ›")
    press(app, "Host party")
    assert select.cfg()["seats"][0] == "person"


def test_a_phone_plays_chromatic_collapse_against_a_bot_on_the_big_screen(app):
    lobby = host_from_select(app, "chromatic-collapse", ["phone", "Bot: Easy"])
    party = lobby.party
    assert party.server.host == "127.0.0.1" and party.server.running
    app.settings.animation_speed = 8.0

    async def main():
        async with aiohttp.ClientSession() as session, Screen(app):
            phone = await Phone(session, party.server.url).open()
            ans = await phone.ask(("seats", "error"), type="seats", v=1, room=party.lobby.code)
            assert [s["label"] for s in ans["seats"]] == ["Diamond"] or len(ans["seats"]) == 1
            ans = await phone.join(party.lobby.code, "Ada")
            assert ans["type"] == "welcome"
            await until(
                lambda: lobby._seen and lobby._seen[0]["name"] == "Ada",
                what="the lobby to show Ada",
            )
            kick = control(lobby, "Kick")
            assert kick.element.rect.height >= 44
            press(app, "Start")
            view = app.top
            assert isinstance(view, PlayScene) and view.party is party
            view.bot_seconds = 0.02
            match = view.match
            # the screen's own input does not act for the phone's seat
            await until(lambda: phone.state is not None, what="the first state")
            seat = phone.seat
            assert match.seats[seat].is_phone and match.seats[1 - seat].is_bot
            moves_made = 0
            for _ in range(400):
                await until(
                    lambda: (
                        match.is_over()
                        or (phone.state["your_turn"] and phone.state["ply"] == len(match.entries))
                    ),
                    timeout=30,
                    what="the phone's turn",
                )
                if match.is_over():
                    break
                if moves_made == 0:
                    ply = len(match.entries)
                    assert not view.try_move(match.parse(phone.state["moves"][0]))
                    assert "plays from their phone" in view.banner and len(match.entries) == ply
                    view.request_hint()  # a hint on the big screen would show the whole room
                    assert "no hints on the big screen" in view.banner and view.hint_ticket is None
                    view.undo()
                    assert "Take-backs are off at a party" in view.banner

                    # the d-pad drives the board's cursor for this seat
                    # (setup: Left/Right pick the side; on the board the first key shows
                    # the cursor and the next ones move it)
                    def focus():
                        return view.cursor, view.setup_focus, view.keyboard

                    before = focus()
                    await phone.send(type="key", key="right")
                    await phone.send(type="key", key="down")
                    await until(lambda before=before: focus() != before, what="the cursor to move")
                text = phone.state["moves"][-1]
                ans = await phone.ask(("ok", "error"), type="move", text=text)
                assert ans["type"] == "ok", ans
                moves_made += 1
            await until(lambda: app.top.name == "results", timeout=60, what="the results screen")
            await until(lambda: phone.state["over"], what="the phone to hear the game is over")
            assert moves_made >= 2
            # the party stays up on the results screen; a rematch keeps the phone seated
            results = app.top
            assert results.party is party and party.server.running
            ans = await phone.ask(("ok", "error"), type="move", text="start Diamond")
            assert ans["type"] == "error" and "over" in ans["reason"]
            press(app, "Rematch")
            again = app.top
            assert (
                isinstance(again, PlayScene) and again.party is party and again.match is not match
            )
            await until(
                lambda: phone.state["ply"] == 0 and not phone.state["over"],
                what="the rematch's first state on the phone",
            )
            assert again.match.seats[phone.seat].is_phone
            again.open_pause()
            app.run_ticks(2, draw=False)
            press(app, "Quit to title")
            await until(lambda: phone.closed.is_set(), what="the phone to be told the party ended")
            await phone.close()

    run(main())
    assert app.top.name == "title"
    assert not party.server.running  # leaving the game stops the server


def test_a_stand_in_bot_moves_for_a_phone_that_left_and_hands_back(app):
    now = [500.0]
    app.settings.party_takeover_seconds = 30.0
    lobby = host_from_select(app, "crystal-connector", ["phone", "phone"])
    party = lobby.party
    party.lobby.clock = lambda: now[0]  # the room's idea of time, not the event loop's

    async def main():
        async with aiohttp.ClientSession() as session, Screen(app):
            (a, b), view = await start_with_phones(app, session, lobby, ("Ann", "Ben"))
            view.bot_seconds = 0.02
            match = view.match
            await until(lambda: a.state and b.state)
            mover = a if a.state["your_turn"] else b
            token, seat = mover.token, mover.seat
            await mover.close()
            await until(lambda: not party.lobby.connected(seat))
            now[0] += 31
            other = b if mover is a else a
            await until(lambda: seat in match.stand_ins, what="the stand-in")
            assert "Medium bot plays" in view.banner
            await until(lambda: other.state["seats"][seat]["kind"] == "bot", what="phones told")
            await until(
                lambda: any(e.seat == seat for e in match.entries),
                timeout=30,
                what="the stand-in's move",
            )
            back = await Phone(session, party.server.url).open()
            ans = await back.ask(("welcome", "error"), type="resume", v=1, token=token)
            assert ans["type"] == "welcome"
            await until(lambda: seat not in match.stand_ins, what="the hand-back")
            await back.close()
            await other.close()

    run(main())


def test_a_busy_port_falls_back_to_a_free_one(app):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        app.settings.party_port = busy.getsockname()[1]
        app.settings.party_address = "127.0.0.1"
        press(app, "Play")
        press(app, "Host party")
        press(app, "Start")
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        assert lobby.party.server.port not in (0, busy.getsockname()[1])
        press(app, "Back")
        assert not lobby.party.server.running


def test_an_address_this_machine_does_not_have_is_reported_not_raised(app):
    app.settings.party_address = "192.0.2.1"  # TEST-NET-1: never this machine's; nothing is sent
    press(app, "Play")
    press(app, "Host party")
    press(app, "Start")
    assert app.top.name == "select"
    assert any("Cannot host a party" in t.text and "192.0.2.1" in t.text for t in app._toasts)


def test_a_kiosk_offers_parties_only_when_its_operator_allows(paths):
    import json

    from scenes.boot import make_app

    def select_texts(app):
        press(app, "Play")
        texts = [c.element.text for c in app.top.controls]
        app.pop()
        app.run_ticks(2, draw=False)
        return texts

    kiosk = make_app(headless=True, paths=paths, kiosk=True)
    try:
        assert kiosk.kiosk_config.party is False
        texts = select_texts(kiosk)
        assert not any(t.startswith("Host party") for t in texts)
        first_seat = next(t for t in texts if t.startswith("Player 1: "))
        press(kiosk, "Play")
        for _ in range(8):  # round the whole cycle: no Phone on a kiosk without parties
            c = control(kiosk.top, "Player 1: ")
            assert not c.element.text.endswith("‹ Phone ›")
            kiosk.post_click(c.element.rect.center)
            kiosk.run_ticks(1, draw=False)
        assert first_seat
    finally:
        kiosk.shutdown()
    data = json.loads(paths.kiosk.read_text())
    data["party"] = True
    paths.kiosk.write_text(json.dumps(data))
    kiosk = make_app(headless=True, paths=paths, kiosk=True)
    try:
        assert kiosk.kiosk_config.party is True
        assert any(t.startswith("Host party") for t in select_texts(kiosk))
    finally:
        kiosk.shutdown()
    data["party"] = "yes"  # a wrong kind of value is reported and the last good one used
    paths.kiosk.write_text(json.dumps(data))
    kiosk = make_app(headless=True, paths=paths, kiosk=True)
    try:
        assert kiosk.kiosk_config.party is True
        assert any("party is invalid" in n for n in kiosk.notices)
    finally:
        kiosk.shutdown()


def test_phones_playing_keep_a_kiosk_awake(paths):
    """'Still there?' is for a screen nobody uses: at a party the people use phones."""
    import json

    from scenes.boot import make_app

    paths.kiosk.parent.mkdir(parents=True, exist_ok=True)
    paths.kiosk.write_text(
        json.dumps({"party": True, "idle_timeout_seconds": 2, "attract_after_seconds": 600})
    )
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        lobby = host_from_select(app, "crystal-connector", ["phone", "phone"])

        async def main():
            async with aiohttp.ClientSession() as session, Screen(app):
                (a, b), view = await start_with_phones(app, session, lobby, ("Ann", "Ben"))
                start = app.tick_count
                while app.tick_count - start < 300:  # 5 s of game time, twice the timeout
                    await a.send(type="key", key="right")
                    await b.send(type="key", key="left")
                    await asyncio.sleep(0.02)
                assert app.top is view, [s.name for s in app.stack]
                quiet = app.tick_count
                await until(
                    lambda: app.top.name == "still-there",
                    timeout=30,
                    what="'Still there?' once the phones fall silent",
                )
                assert app.tick_count - quiet >= 2 * 60 - 30
                await a.close()
                await b.close()

        run(main())
    finally:
        app.shutdown()


def test_party_settings_with_wrong_values_fall_back_and_say_so(paths):
    import json

    from scenes.config import Settings

    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text(
        json.dumps(
            {
                "party_address": "the moon",
                "party_port": 70000,
                "party_takeover_seconds": 1,
                "colour_blind": True,
            }
        )
    )
    settings, message = Settings.load(paths)
    assert (settings.party_address, settings.party_port, settings.party_takeover_seconds) == (
        "",
        8765,
        60.0,
    )
    assert settings.colour_blind is True  # the good values are kept
    assert message and "party address, party port, party takeover seconds" in message
    paths.settings.write_text(
        json.dumps({"party_address": "127.0.0.1", "party_port": 0, "party_takeover_seconds": 120})
    )
    settings, message = Settings.load(paths)
    assert (settings.party_address, settings.party_port, settings.party_takeover_seconds) == (
        "127.0.0.1",
        0,
        120.0,
    ) and message is None


def test_a_phone_d_pad_enters_crystal_connector_shifts_on_the_big_screen(app):
    """The d-pad is the board's own keyboard path for the phone's seat: OK grabs a line,
    a direction sets the shift, OK makes it (held until the turn is confirmed), Back takes
    it back; a move sent from the list drops whatever the d-pad had half-entered."""
    lobby = host_from_select(app, "crystal-connector", ["phone", "phone"])
    party = lobby.party
    app.settings.animation_speed = 8.0

    async def main():
        async with aiohttp.ClientSession() as session, Screen(app):
            phones = [await Phone(session, party.server.url).open() for _ in range(2)]
            for i, ph in enumerate(phones):
                await ph.join(party.lobby.code, f"P{i}", i)
            await until(lambda: sum(s["taken"] for s in lobby._seen) == 2)
            press(app, "Start")
            view = app.top
            match = view.match

            def mover():
                return next(
                    (
                        p
                        for p in phones
                        if p.state and p.state["your_turn"] and p.state["ply"] == len(match.entries)
                    ),
                    None,
                )

            # setup choices from the move list
            while match.state.phase != "play":
                await until(lambda: mover() is not None, what="a setup choice")
                ph = mover()
                assert (await ph.ask(("ok", "error"), type="move", text=ph.state["moves"][0]))[
                    "type"
                ] == "ok"
            await until(
                lambda: mover() is not None and not view.anim and not view.queue, what="turn 1"
            )
            ph = mover()
            seat = ph.seat
            ply = len(match.entries)

            async def key(k):
                await ph.send(type="key", key=k)
                await asyncio.sleep(0.05)

            await key("confirm")  # grab the cursor's line
            await key("right")
            await key("down")
            await key("confirm")  # make the shift: held by the view until the turn is confirmed
            await until(lambda: len(view.pending) == 1, what="a shift entered by d-pad")
            assert len(match.entries) == ply
            await key("back")
            await until(lambda: not view.pending, what="Back to take the shift back")
            await key("confirm")
            await key("right")
            await key("down")
            await key("confirm")
            await until(lambda: len(view.pending) == 1, what="the shift again")
            # the phone's list wins: its move is played and the half-entered turn is dropped
            ans = await ph.ask(("ok", "error"), type="move", text=ph.state["moves"][-1])
            assert ans["type"] == "ok"
            await until(
                lambda: len(match.entries) == ply + 1 and not view.pending,
                what="the listed move played, the d-pad's draft dropped",
            )
            assert match.entries[-1].seat == seat
            for p in phones:
                await p.close()

    run(main())


def test_a_kick_shuts_out_the_phones_address_until_the_host_lets_removed_phones_back(app):
    lobby = host_from_select(app, "chromatic-collapse", ["phone", "Bot: Easy"])
    party = lobby.party
    try:
        slot = party.lobby.join(party.lobby.code, "Ada", address="192.0.2.7")
        app.run_ticks(2, draw=False)
        assert not any(c.element.text.startswith("Let removed") for c in lobby.controls)
        press(app, "Kick")
        assert party.lobby.banned == {"192.0.2.7"} and slot.seat in party.lobby.free_seats()
        app.run_ticks(2, draw=False)
        assert not any(c.element.text.startswith("Kick") for c in lobby.controls)
        button = control(lobby, "Let removed phones back")
        assert lobby.SEATS.clip(button.element.rect).w == 0  # clear of the seat rows
        press(app, "Let removed phones back")
        assert not party.lobby.banned
        assert party.lobby.join(party.lobby.code, "Ada", address="192.0.2.7").seat == slot.seat
    finally:
        party.stop()
