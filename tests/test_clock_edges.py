"""The edges of the clock: a seat to act always has a running clock, the choice of
starting side is part of the chooser's time, and the clock's own actions (a stand-in's
``pass``, ``time <side>``) are accepted only when the clock really ran out."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.midend.match import Match, ReplayError, Seat
from game.registry import GAMES
from game.rules.chromatic_collapse import CIRCLE, DIAMOND, Start, TimeLoss
from game.rules.contract import GameSetup, IllegalMove
from game.rules.crystal_connector import Pass

RATE = 60


def people_match(game, clock="tournament", seed=7, players=None, **options):
    spec = GAMES[game]
    players, resolved = spec.resolve_options(players, **options)
    setup = GameSetup(game, players, resolved, seed)
    return Match.new(setup, [Seat.person(f"P{i + 1}") for i in range(players)], clock_preset=clock)


def assert_clock_runs_for_the_seat_to_act(m):
    """The invariant: while a seat is to act, its clock runs (for its own seat, or the
    late seat whose stand-in is deciding)."""
    seat = m.to_move()
    if m.clock is None or seat < 0:
        return
    assert m.clock.running, f"seat {seat} is to act but the clock is stopped"
    assert m.clock.seat == seat


# -- 1. clocks that stop for good ------------------------------------------------------
def test_chromatic_collapse_chooser_who_never_chooses_loses_on_time():
    m = people_match("chromatic-collapse")
    chooser = m.to_move()
    assert m.state.phase == "setup" and chooser == DIAMOND
    notes = m.tick(390 * RATE)  # 90 s move time + 300 s reserve, nobody choosing
    assert m.is_over(), notes
    assert m.state.outcome().winners == (CIRCLE,)
    assert m.state.outcome().reason == "Diamond ran out of time"
    assert m.entries[-1].text == "time Diamond" and m.entries[-1].clock


def test_chromatic_collapse_clock_runs_again_after_every_timeout_and_the_game_ends():
    m = people_match("chromatic-collapse", advantage="Circle")
    m.submit_text("start Circle")
    assert_clock_runs_for_the_seat_to_act(m)
    for _ in range(2 * 3600):  # two hours of ticks, a second at a time
        if m.is_over():
            break
        m.tick(RATE)
        assert_clock_runs_for_the_seat_to_act(m)
    assert m.is_over() and "ran out of time" in m.state.outcome().reason


def test_crystal_connector_setup_keeps_a_running_clock_after_a_timeout():
    m = people_match("crystal-connector")
    notes = m.tick((90 + 180) * RATE + 1)
    # the people's own names ("P1", "P2": people_match names its seats so)
    assert notes == ["P1 is out of time: P2 moves for P1"]
    notes = m.tick(90 * RATE + 1)  # the stand-in does not choose either
    assert notes == ["P1 ran out of time: pick first"]
    # The next setup decision is Player 1's again: its clock must run (move time only,
    # the reserve being spent), not wait forever.
    assert m.to_move() == 0
    assert_clock_runs_for_the_seat_to_act(m)
    assert m.clock.move_seconds_left() == 90 and m.clock.reserve_seconds(0) == 0
    m.tick(90 * RATE + 1)
    assert len(m.entries) == 2 and m.entries[-1].clock


# The stand-in of a late Crystal Connector seat is a person who does not move either, so
# every late turn is a pass: the game runs to its round limit.  Bounds in seconds.
GAME_TIME_BOUND = {
    "crystal-connector": 2 * 100 * 180 + 2000,
    "chromatic-collapse": 2 * 390,
    "element-shift": 12 * 120 * 8,
}


# Games whose rules have no clock (Crystal Formation; Color Crossroads apart from its
# answer) are covered too: there nothing may claim to run, and the rules' own timer (the
# 120 s answer) always ends its decision.  Bound in seconds for those.
UNCLOCKED_BOUND = 130


def assert_every_timer_a_seat_waits_on_runs(m):
    """With a clock on, the seat to act has a running clock and the clock has an action
    to play for it when it runs out; a moment the rules time has a running rule clock."""
    seat = m.to_move()
    if seat < 0:
        return
    assert_clock_runs_for_the_seat_to_act(m)
    if m.clock is not None:
        assert m.state.timeout_move(seat) is not None, f"the clock has nothing to play for {seat}"
    if m.spec.rule_clock is not None and m.spec.rule_clock(m.state):
        assert m.rule_clock is not None and m.rule_clock.running and m.rule_clock.seat == seat


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 10_000),
    prefix=st.integers(0, 12),
    preset=st.sampled_from(["casual", "tournament"]),
)
def test_property_with_a_clock_on_and_nobody_moving_every_game_ends(game, seed, prefix, preset):
    m = people_match(game, clock=preset, seed=seed)
    rng = __import__("random").Random(seed)
    for _ in range(prefix):  # some real moves first, so the clock runs out anywhere
        if m.is_over():
            break
        moves = m.state.legal_moves()
        # Challenges are few among the placements: favour them, so that the rules' own
        # timer (Color Crossroads' answer) is reached too.
        challenges = [mv for mv in moves if str(mv).startswith("challenge")]
        m.submit(rng.choice(challenges if challenges and rng.random() < 0.5 else moves))
    assert_every_timer_a_seat_waits_on_runs(m)
    if game not in GAME_TIME_BOUND:
        # No clock in the rules: nothing runs but the rules' own timer, which ends the
        # decision it times (an unanswered challenge is conceded).
        assert m.clock is None
        for _ in range(UNCLOCKED_BOUND):
            m.tick(RATE)
            assert_every_timer_a_seat_waits_on_runs(m)
        assert m.is_over() or not (m.spec.rule_clock and m.spec.rule_clock(m.state))
        return
    bound = GAME_TIME_BOUND[game] * (2 if preset == "casual" else 1)
    for _ in range(bound):
        if m.is_over():
            break
        m.tick(RATE)
        assert_every_timer_a_seat_waits_on_runs(m)
    assert m.is_over(), f"{game} still waiting after {bound} s: {m.state.current_player()}"


def test_every_game_with_a_clock_is_covered_and_the_others_have_none():
    clocked = {g for g, spec in GAMES.items() if spec.tournament_clock is not None}
    assert clocked == set(GAME_TIME_BOUND)
    for game in set(GAMES) - clocked:
        assert people_match(game).clock is None


def test_color_crossroads_unanswered_challenge_concedes_on_the_rule_clock():
    m = people_match("color-crossroads", clock="off")
    m.submit_text("player 1 starts")
    state = m.state
    place = next(mv for mv in state.legal_moves() if str(mv).startswith("place"))
    m.submit(place)
    challenge = next(mv for mv in m.state.legal_moves() if str(mv).startswith("challenge"))
    m.submit(challenge)
    assert m.state.phase == "answer"
    m.tick(120 * RATE + 1)
    assert m.entries[-1].text == "concede" and m.entries[-1].clock
    assert m.state.phase != "answer"


def test_a_clock_stopped_mid_decision_runs_again_after_the_next_action():
    """Whatever stopped the clock (a pause, an expiry with no action to play), a seat
    that is to act after an applied action has a running clock; the decision goes on
    with the move time it had (three shifts share one move time)."""
    m = people_match("crystal-connector", seed=5)
    for text in ["pick first", "take red", "take green blue", "move first"]:
        m.submit_text(text)
    m.tick(30 * RATE)
    m.clock.stop()
    m.submit(m.state.legal_moves()[0])  # the first of three shifts: the same seat acts
    assert_clock_runs_for_the_seat_to_act(m)
    assert m.clock.move_seconds_left() == 60


# -- 2. the chooser's time ---------------------------------------------------------------
@pytest.mark.parametrize("starter", ["Diamond", "Circle"])
def test_chromatic_collapse_turn_one_gets_a_fresh_move_time_whoever_starts(starter):
    m = people_match("chromatic-collapse")
    m.tick(80 * RATE)
    m.submit_text(f"start {starter}")
    assert m.to_move() == (DIAMOND if starter == "Diamond" else CIRCLE)
    assert m.clock.move_seconds_left() == 90
    assert m.clock.reserve_seconds(DIAMOND) == 300  # 80 s of move time spent, no reserve


def test_chromatic_collapse_choosing_past_the_move_time_spends_the_reserve():
    m = people_match("chromatic-collapse")
    m.tick(150 * RATE)
    m.submit_text("start Diamond")
    assert m.clock.move_seconds_left() == 90
    assert m.clock.reserve_seconds(DIAMOND) == 240


# -- 3. clock-only actions -----------------------------------------------------------------
CONVERTOR_PASS = ["pick first", "take red", "take green blue", "move first", "pass"]


def test_crystal_connector_pass_is_refused_through_apply_and_submit_text():
    m = people_match("crystal-connector", clock="off", seed=5, convertor=True)
    for text in CONVERTOR_PASS[:-1]:
        m.submit_text(text)
    state = m.state
    with pytest.raises(IllegalMove, match="only when"):
        state.apply(Pass())
    with pytest.raises(IllegalMove, match="only when"):
        m.submit_text("pass")
    assert m.state is state and len(m.entries) == 4
    assert Pass() not in state.legal_moves()


def test_crystal_connector_pass_in_a_replay_is_refused_with_its_move_number():
    m = people_match("crystal-connector", clock="tournament", seed=5, convertor=True)
    for text in CONVERTOR_PASS[:-1]:
        m.submit_text(text)
    record = json.loads(json.dumps(m.to_replay()))
    record["moves"].append("pass")
    with pytest.raises(ReplayError, match=r"move 5 \('pass'\) is illegal"):
        Match.from_replay(record)


def test_clock_pass_is_recorded_in_the_replay_and_read_back():
    m = people_match("crystal-connector", seed=5, convertor=True)
    for text in CONVERTOR_PASS[:-1]:
        m.submit_text(text)
    m.submit(m.state.legal_moves()[-1])  # one real shift, then nobody moves
    mover = m.to_move()
    m.tick((90 + 180) * RATE + 1)  # the reserve runs out: the opponent stands in
    assert mover in m.proxy
    m.tick(90 * RATE + 1)  # the stand-in does not move either: the turn passes
    assert m.entries[-1].text == "pass" and m.entries[-1].clock
    record = json.loads(json.dumps(m.to_replay()))
    assert record["timeouts"] == [len(m.entries) - 1]
    again = Match.from_replay(record)
    assert again.state == m.state and again.entries[-1].clock
    # The same file with the flag removed holds a pass nobody was allowed to play.
    forged = dict(record, timeouts=[])
    with pytest.raises(ReplayError, match=f"move {len(m.entries)} .*only when"):
        Match.from_replay(forged)


def test_a_replay_flag_on_an_action_the_clock_did_not_choose_is_refused():
    m = people_match("crystal-connector", seed=5)
    m.submit_text("pick first")
    record = json.loads(json.dumps(m.to_replay()))
    record["timeouts"] = [0]
    m2 = people_match("crystal-connector", seed=5)
    assert str(m2.state.timeout_move(0)) == "pick first"  # the flag would be honest here
    Match.from_replay(record)
    record["moves"] = ["pick second"]
    with pytest.raises(ReplayError, match=r"move 1 .*clock"):
        Match.from_replay(record)


@pytest.mark.parametrize(
    "game,moves,clock_action",
    [
        ("crystal-connector", CONVERTOR_PASS[:-1], "pass"),
        ("chromatic-collapse", ["start Diamond"], "time Diamond"),
    ],
)
def test_a_clock_action_in_a_replay_of_a_game_without_a_clock_is_refused(game, moves, clock_action):
    """With the clock off nothing can run out: a flagged clock action there is forged."""
    m = people_match(
        game, clock="off", seed=5, **({"convertor": True} if moves[0] == "pick first" else {})
    )
    for text in moves:
        m.submit_text(text)
    record = json.loads(json.dumps(m.to_replay()))
    record["moves"].append(clock_action)
    record["timeouts"] = [len(moves)]
    with pytest.raises(ReplayError, match=f"move {len(moves) + 1} .*no clock"):
        Match.from_replay(record)
    # The same action with the tournament clock is what a clock could have played.
    timed = Match.from_replay(dict(record, clock="tournament"))
    assert timed.entries[-1].text == clock_action and timed.entries[-1].clock


def test_replays_written_before_the_timeouts_list_still_open():
    """Files written by the release before this one have no ``timeouts`` list: a clock
    action in them is accepted where the clock could have played it."""
    m = people_match("chromatic-collapse")
    m.tick(390 * RATE)
    record = json.loads(json.dumps(m.to_replay()))
    del record["timeouts"]
    assert Match.from_replay(record).state == m.state
    untimed = dict(record, clock="off")
    with pytest.raises(ReplayError, match="move 1"):
        Match.from_replay(untimed)


def test_chromatic_collapse_time_loss_only_through_the_clock():
    m = people_match("chromatic-collapse")
    m.submit_text("start Diamond")
    with pytest.raises(IllegalMove, match="clock"):
        m.submit_text("time Diamond")
    with pytest.raises(IllegalMove, match="clock"):
        m.state.apply(TimeLoss(DIAMOND))
    assert not m.is_over()
    assert m.state.apply_timeout(TimeLoss(DIAMOND)).outcome().winners == (CIRCLE,)
    with pytest.raises(IllegalMove):
        m.state.apply_timeout(TimeLoss(CIRCLE))  # not the seat to act


def test_timeout_actions_that_are_ordinary_moves_still_work_by_hand():
    """Element Shift's keep-and-stay plan and Color Crossroads' concede are ordinary
    actions too: refusing them by hand would be wrong."""
    m = people_match("chromatic-collapse")
    assert m.state.timeout_move(DIAMOND) == TimeLoss(DIAMOND)
    assert Start(DIAMOND) in m.state.legal_moves()
    es = people_match("element-shift", clock="off")
    while es.state.round_number == 0:
        es.submit(es.state.timeout_move(es.to_move()))
    es.submit(es.state.timeout_move(es.to_move()))  # keep and stay, by hand
    assert es.entries[-1].clock is False


@pytest.mark.parametrize("game", sorted(GAME_TIME_BOUND))
def test_cards_state_the_clock_presets_as_played(game):
    """The cards once said casual play has no clock while the Casual preset doubles it."""
    from pathlib import Path

    spec = GAMES[game]
    card = (Path(__file__).resolve().parent.parent / "seeds" / spec.rules_card).read_text()
    assert "Casual play has no clock" not in card
    assert "Casual preset doubles" in card and "Off, the default" in card
    assert spec.clock("casual").move_seconds == 2 * spec.tournament_clock.move_seconds
    assert spec.clock("off") is None
