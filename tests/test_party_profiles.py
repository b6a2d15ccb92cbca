"""A phone picks or makes a player profile for its seat at a party: the ``profile``
field of ``hello`` (party/protocol.py), checked by the lobby (party/lobby.py) and
matched to a profile by the big screen when the game starts (scenes/party.py)."""

from __future__ import annotations

import aiohttp
import pytest

from game.records import profiles as gp
from party import protocol
from party.lobby import Lobby, LobbyError
from tests.party_phones import Phone, run, until
from tests.test_party_screen import Screen, host_from_select, press


@pytest.mark.parametrize(
    "raw, reason",
    [
        ('{"type":"hello","v":1,"room":"ABCD","name":"x","profile":7}', "text or null"),
        ('{"type":"hello","v":1,"room":"ABCD","name":"x","profile":true}', "text or null"),
        ('{"type":"hello","v":1,"room":"ABCD","name":"x","profile":"%s"}' % ("y" * 65), "too long"),
    ],
)
def test_a_malformed_profile_field_is_refused_with_a_reason(raw, reason):
    with pytest.raises(protocol.ProtocolError, match=reason):
        protocol.parse(raw)


def test_hello_with_or_without_a_profile_passes():
    msg = protocol.parse('{"type":"hello","v":1,"room":"ABCD","name":"Ada","profile":"Ada"}')
    assert msg["profile"] == "Ada"
    assert "profile" not in protocol.parse('{"type":"hello","v":1,"room":"ABCD","name":"Ada"}')
    none = protocol.parse('{"type":"hello","v":1,"room":"ABCD","name":"A","profile":null}')
    assert none["profile"] is None


def test_the_lobby_checks_the_profile_name_and_keeps_it_per_seat():
    lobby = Lobby(["Red", "Blue", "Green"], [0, 1, 2])
    with pytest.raises(LobbyError, match="Profiles are off"):
        lobby.join(lobby.code, "Ada", profile="Ada")
    lobby.profiles_allowed = True
    with pytest.raises(LobbyError, match="only letters"):
        lobby.join(lobby.code, "Eve", profile="E\u202eve")
    with pytest.raises(LobbyError, match="Type a name"):
        lobby.join(lobby.code, "Eve", profile="   ")
    assert lobby.free_seats() == [0, 1, 2]  # a refused join takes no seat
    ada = lobby.join(lobby.code, "Ada", profile="  Ada   L ")
    lobby.join(lobby.code, "Bo")  # no profile: a guest
    assert ada.profile == "Ada L" and lobby.profiles() == {0: "Ada L"}
    lobby.kick(0)
    assert lobby.profiles() == {}


def test_a_phone_plays_as_a_profile_matched_by_name_or_made_new(app, paths):
    ps, _ = gp.Profiles().add("Ada", "ruby", "2026-11-01")
    gp.save(ps, paths)
    lobby = host_from_select(app, "chromatic-collapse", ["phone", "phone"])
    party = lobby.party
    assert party.lobby.profiles_allowed

    async def main():
        async with aiohttp.ClientSession() as session, Screen(app):
            a = await Phone(session, party.server.url).open()
            ans = await a.ask(("seats", "error"), type="seats", v=1, room=party.lobby.code)
            assert ans["profiles"] is True
            hello = dict(type="hello", v=1, room=party.lobby.code, seat=None)
            ans = await a.ask(("welcome", "error"), name="ada", profile="ada", **hello)
            assert ans["type"] == "welcome"
            b = await Phone(session, party.server.url).open()
            ans = await b.ask(("welcome", "error"), name="Bo", profile="Bo\x00", **hello)
            assert ans["type"] == "error" and "only letters" in ans["reason"]
            ans = await b.ask(("welcome", "error"), name="Bo", profile="Bo", **hello)
            assert ans["type"] == "welcome"
            await until(lambda: sum(s["taken"] for s in lobby._seen) == 2, what="the lobby")
            press(app, "Start")
            for ph in (a, b):
                await ph.close()

    try:
        run(main())
        match = app.top.match
        saved, problem = gp.load(paths)
        assert problem is None
        ada, bo = saved.find("Ada"), saved.find("Bo")
        assert ada.id == ps.find("Ada").id  # matched, not made again
        assert bo is not None and bo.colour != ada.colour  # made, in a free colour
        assert match.profiles == {0: ada.id, 1: bo.id}
    finally:
        party.stop()
