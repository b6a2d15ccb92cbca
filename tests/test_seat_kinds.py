"""Game select's seat kinds: turning a seat never turns on party hosting by itself.
Phone is a seat kind only while Host party is on (the switch says so, and turning it
on makes the Person seats Phone seats, as its tooltip tells); off, the seats cycle
through Person and the bots."""

from __future__ import annotations

import pygame

from tests import drive

GAME = "crystal-connector"


def open_select(app):
    app.open("select", GAME)
    app.run_ticks(2)
    return app.top


def seat_cycler(select, seat: int):
    return next(c for c in select.controls if c.element.text.startswith(f"Player {seat + 1}:"))


def party_switch(select):
    return drive.control(select, "Host party")


def turn_seat(app, select, seat: int, times: int, key=pygame.K_RIGHT) -> list[str]:
    """Right (or Left) on the seat's cycler ``times`` times; the kinds it showed."""
    seen = []
    for _ in range(times):
        select.set_focus(select.controls.index(seat_cycler(select, seat)))
        drive.key(app, key, ticks=1)
        seen.append(select.cfg()["seats"][seat])
    return seen


def test_turning_a_seat_never_makes_it_a_phone_or_hosts_a_party(app):
    select = open_select(app)
    assert select.cfg()["seats"][0] == "person" and not select.hosting()
    for key in (pygame.K_RIGHT, pygame.K_LEFT):
        seen = turn_seat(app, select, 0, 8, key)
        assert "phone" not in seen, seen
        assert {"person", "easy"} <= set(seen)
        assert not select.hosting()
        assert party_switch(select).element.text.endswith("‹ Off ›")
    match = select.build_match()
    assert not any(s.is_phone for s in match.seats)


def test_phone_seats_come_with_host_party_and_go_with_it(app):
    select = open_select(app)
    switch = party_switch(select)
    select.set_focus(select.controls.index(switch))
    drive.key(app, pygame.K_RETURN, ticks=1)  # Host party: on
    assert select.hosting()
    assert party_switch(select).element.text.endswith("‹ On: phones join ›")
    assert select.cfg()["seats"][0] == "phone"  # the Person seat is now a phone's
    seen = turn_seat(app, select, 1, 6)
    assert "phone" in seen  # while hosting, any seat may be a phone's
    select.set_focus(select.controls.index(party_switch(select)))
    drive.key(app, pygame.K_RETURN, ticks=1)  # off again
    assert not select.hosting()
    assert "phone" not in select.cfg()["seats"][: select.cfg()["players"]]
