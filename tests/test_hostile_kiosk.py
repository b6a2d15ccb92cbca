"""The kiosk's visitor boundary: whatever a visitor at the booth presses, clicks or
taps, the kiosk stays up unless the operator's PIN is typed; PINs cannot be tried
quickly; the person's settings.json is never written; replays are few and show no
path.  Driven headless by ticks (the back-off counts ticks, so no test waits)."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from scenes import kiosk as kiosk_mod
from scenes.boot import make_app
from scenes.scene import TICK_RATE

CHORD = pygame.KMOD_CTRL | pygame.KMOD_SHIFT
PIN = "2468"


@pytest.fixture
def kiosk(paths):
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    a = make_app(headless=True, paths=paths, kiosk=True)
    a.kiosk_config.exit_pin = PIN
    yield a
    a.shutdown()


def chord(app) -> None:
    app.post_key(pygame.K_q, mod=CHORD, unicode="Q")


def type_pin(app, digits: str, enter: bool = True) -> None:
    for ch in digits:
        app.post_key(getattr(pygame, f"K_{ch}"), unicode=ch)
    if enter:
        app.post_key(pygame.K_RETURN)


def prompts(app) -> int:
    return sum(1 for s in app.stack if s.name == "pin")


def toasts(app) -> list[str]:
    return [t.text for t in app.__dict__.get("_toasts", [])] + list(app.notices)


# -- the PIN ---------------------------------------------------------------------------


def test_wrong_pins_back_off_and_the_prompt_says_how_long(kiosk):
    chord(kiosk)
    kiosk.run_ticks(1)
    for guess in ("0000", "1111", "2222", "3333"):
        type_pin(kiosk, guess)
        assert kiosk.top.note()[0] == "Wrong PIN"
    assert kiosk.policy.lock_ticks_left(kiosk) == 0  # four wrong: no wait yet
    type_pin(kiosk, "4444")  # the fifth
    assert kiosk.policy.lock_ticks_left(kiosk) == 30 * TICK_RATE
    assert kiosk.top.note()[0] == "Too many wrong PINs: wait 30 s"
    # While backing off the prompt takes nothing, not even the right PIN.
    type_pin(kiosk, PIN)
    assert kiosk.running and kiosk.top.digits == ""
    # Closing and reopening the prompt does not hand out fresh tries.
    kiosk.post_key(pygame.K_ESCAPE)
    kiosk.run_ticks(1)
    chord(kiosk)
    kiosk.run_ticks(10 * TICK_RATE, draw=False)
    assert kiosk.top.name == "pin" and kiosk.top.note()[0] == "Too many wrong PINs: wait 20 s"
    kiosk.run_ticks(20 * TICK_RATE, draw=False)
    assert kiosk.policy.lock_ticks_left(kiosk) == 0 and kiosk.top.name == "pin"
    # Each further wrong PIN doubles the wait.
    type_pin(kiosk, "5555")
    assert kiosk.policy.lock_ticks_left(kiosk) == 60 * TICK_RATE
    kiosk.run_ticks(60 * TICK_RATE, draw=False)
    type_pin(kiosk, "6666")
    assert kiosk.policy.lock_ticks_left(kiosk) == 120 * TICK_RATE
    kiosk.run_ticks(120 * TICK_RATE, draw=False)
    type_pin(kiosk, PIN)
    assert not kiosk.running


def test_the_wait_is_capped_so_the_operator_can_always_get_out(kiosk):
    chord(kiosk)
    kiosk.run_ticks(1)
    policy = kiosk.policy
    for _ in range(40):
        policy.pin_wrong(kiosk)
    assert policy.lock_ticks_left(kiosk) == kiosk_mod.PIN_LOCK_MAX_SECONDS * TICK_RATE


def test_the_prompt_takes_ascii_digits_only_and_at_most_twelve(kiosk):
    kiosk.kiosk_config.exit_pin = "123456789012"
    chord(kiosk)
    kiosk.run_ticks(1)
    prompt = kiosk.top
    for text in ("٣", "²", "a", "-", " ", "12"):  # Arabic-Indic three, superscript two
        kiosk.post_key(pygame.K_3, unicode=text)
    assert prompt.digits == ""
    type_pin(kiosk, "1234567890123", enter=False)  # one digit too many
    assert prompt.digits == "123456789012"
    # Entries that cannot be a PIN are refused without costing a try.
    for _ in range(9):
        kiosk.post_key(pygame.K_BACKSPACE)
    assert prompt.digits == "123"
    kiosk.post_key(pygame.K_RETURN)
    type_pin(kiosk, "")
    type_pin(kiosk, "123")
    assert kiosk.policy.wrong_pins == 0 and kiosk.running
    assert prompt.note()[0] == "The PIN has 4 to 12 digits"
    type_pin(kiosk, "123456789012")
    assert not kiosk.running


def test_exit_chords_do_not_stack_prompts(kiosk):
    for _ in range(5):  # in one frame, before the first push is applied
        chord(kiosk)
    kiosk.run_ticks(1)
    for _ in range(5):  # and once it is up
        chord(kiosk)
        kiosk.run_ticks(1)
    assert prompts(kiosk) == 1
    kiosk.post_key(pygame.K_ESCAPE)
    kiosk.run_ticks(1)
    assert prompts(kiosk) == 0
    chord(kiosk)
    kiosk.run_ticks(1)
    assert prompts(kiosk) == 1


def test_a_forgotten_prompt_closes_but_not_while_backing_off(kiosk):
    chord(kiosk)
    kiosk.run_ticks(1)
    for _ in range(kiosk_mod.PIN_FREE_TRIES):
        type_pin(kiosk, "9999")
    kiosk.run_ticks(30 * TICK_RATE, draw=False)  # the whole wait
    assert prompts(kiosk) == 1
    kiosk.run_ticks(kiosk_mod.PIN_IDLE_SECONDS * TICK_RATE + 2, draw=False)
    assert prompts(kiosk) == 0 and kiosk.running


def test_a_locked_config_opens_no_prompt_and_says_so_once(kiosk):
    kiosk.kiosk_config.exit_locked = True
    for _ in range(4):
        chord(kiosk)
        kiosk.run_ticks(1)
    kiosk.post(pygame.event.Event(pygame.QUIT))
    kiosk.post_key(pygame.K_F4, mod=pygame.KMOD_ALT)
    kiosk.run_ticks(2)
    assert kiosk.running and prompts(kiosk) == 0
    said = [t for t in toasts(kiosk) if "locked" in t]
    assert said == [kiosk_mod.EXIT_LOCKED_TEXT]
    assert "/" not in said[0] and "\\" not in said[0] and "json" not in said[0]


def test_a_locked_config_without_a_pin_does_not_quit_either(kiosk):
    kiosk.kiosk_config.exit_pin = ""
    kiosk.kiosk_config.exit_locked = True
    chord(kiosk)
    kiosk.run_ticks(1)
    assert kiosk.running


# -- the person's settings ---------------------------------------------------------------


@pytest.mark.parametrize("existing", [True, False])
def test_a_kiosk_session_never_writes_settings_json(paths, existing):
    from scenes.settings import SettingsScene

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    person = json.dumps({"format": 1, "fullscreen": False, "master_volume": 0.4})
    if existing:
        paths.settings.write_text(person)
        before = paths.settings.stat().st_mtime_ns
    app = make_app(headless=True, paths=paths, kiosk=True)
    assert app.settings.fullscreen  # a kiosk runs fullscreen, in memory
    app.push(SettingsScene(app))
    app.run_ticks(2)
    scene = app.top
    scene.setter("master_volume")(0.1)
    scene.setter("colour_blind")(True)
    scene.set_fullscreen(False)
    app.post_key(pygame.K_F11)
    app.run_ticks(2)
    assert app.settings.master_volume == 0.1 and app.settings.colour_blind  # in effect
    app.shutdown()
    if existing:
        assert paths.settings.read_text() == person
        assert paths.settings.stat().st_mtime_ns == before
    else:
        assert not paths.settings.exists()


# -- replays ----------------------------------------------------------------------------


def finished_match(seed: int) -> Match:
    spec = GAMES["crystal-connector"]
    setup = GameSetup(spec.id, 2, spec.resolve_options(2)[1], seed)
    match = Match(spec, setup, [Seat.bot("easy"), Seat.bot("easy")], setup.start(GAMES))
    while not match.is_over():
        match.submit(match.state.legal_moves()[0])
    return match


def test_kiosk_replays_are_once_per_game_capped_and_show_no_path(kiosk, paths):
    from scenes.results import ResultsScene

    match = finished_match(11)
    shown = []
    for _n in range(kiosk_mod.REPLAY_CAP + 2):
        results = ResultsScene(kiosk, match)
        kiosk.push(results)
        kiosk.run_ticks(1)
        for _ in range(3):  # pressed again and again
            results.save_replay()
            shown.append(toasts(kiosk)[-1])
        kiosk.pop()
        kiosk.run_ticks(1)
    saved = list(paths.replays.glob("*.json"))
    assert len(saved) == kiosk_mod.REPLAY_CAP
    assert shown.count("Replay saved") == kiosk_mod.REPLAY_CAP
    home = str(paths.settings.parent.parent)
    for text in shown:
        assert home not in text and "/" not in text and ".json" not in text


def test_outside_a_kiosk_replays_still_say_where_they_went(app, paths):
    from scenes.results import ResultsScene

    results = ResultsScene(app, finished_match(12))
    app.push(results)
    app.run_ticks(1)
    results.save_replay()
    results.save_replay()
    assert len(list(paths.replays.glob("*.json"))) == 2
    assert any(t.startswith("Replay saved: ") for t in toasts(app))


# -- whatever a visitor does --------------------------------------------------------------

KEYS = [
    pygame.K_q,
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_F4,
    pygame.K_F11,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_h,
    pygame.K_u,
    pygame.K_PAUSE,
    *(getattr(pygame, f"K_{d}") for d in "0123456789"),
]
MODS = [
    0,
    pygame.KMOD_CTRL,
    pygame.KMOD_SHIFT,
    pygame.KMOD_ALT,
    CHORD,
    CHORD | pygame.KMOD_ALT,
]
# A 12-digit PIN: a random sequence cannot type it by chance.
FUZZ_PIN = "739184620573"


def key_event(key: int, mod: int) -> list[pygame.event.Event]:
    name = pygame.key.name(key)
    text = name if len(name) == 1 else ""
    if mod & pygame.KMOD_SHIFT:
        text = text.upper()
    return [
        pygame.event.Event(kind, key=key, mod=mod, unicode=text, scancode=0)
        for kind in (pygame.KEYDOWN, pygame.KEYUP)
    ]


visitor_input = st.one_of(
    st.tuples(st.sampled_from(KEYS), st.sampled_from(MODS)).map(lambda km: key_event(*km)),
    st.tuples(st.integers(0, 1279), st.integers(0, 719), st.integers(1, 5)).map(
        lambda p: [
            pygame.event.Event(kind, pos=p[:2], button=p[2], touch=False)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        ]
    ),
    st.integers(0, 20).map(
        lambda b: [
            pygame.event.Event(kind, button=b, instance_id=0)
            for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)
        ]
    ),
    st.just([pygame.event.Event(pygame.QUIT)]),
    st.integers(1, 90),  # let this many ticks pass
)


@pytest.fixture
def booth(paths, monkeypatch):
    """One kiosk for all of a property's examples, each going on from where the last
    left it, like a booth's day: building screens is most of the cost of a step, so
    no example pays for a fresh App or title.  (The kiosk's heap trim after each
    screen change, a full gc.collect(), is skipped: it changes no behaviour.)"""
    monkeypatch.setattr("scenes.app.release_memory", lambda: None)
    holder: dict = {}
    yield holder
    if "app" in holder:
        holder["app"].shutdown()


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(visitor_input, max_size=12))
def test_no_visitor_input_leaves_the_kiosk_without_the_pin(booth, paths, steps):
    """Counted as "kiosk escapes" in docs/reliability.md: none may pass."""
    if "app" not in booth:
        os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
        booth["app"] = make_app(headless=True, paths=paths, kiosk=True)
    app = booth["app"]
    app.kiosk_config.exit_pin = FUZZ_PIN
    app.kiosk_config.attract_after_seconds = 1
    app.kiosk_config.idle_timeout_seconds = 2
    for step in steps:
        if isinstance(step, int):
            app.run_ticks(step, draw=False)
        else:
            for event in step:
                app.post(event)
        assert app.running, f"the kiosk was left after {step}"
    app.run_ticks(1, draw=False)
    assert app.running and app.stack
    assert not app.errors, app.errors[-1]


def test_keys_mashed_in_one_frame_close_still_there_once(kiosk):
    """Found by the property below: each key of a frame queued its own pop, so three
    keys on "Still there?" closed it, game select and the title: the kiosk ended."""
    from scenes.select import SelectScene

    kiosk.kiosk_config.idle_timeout_seconds = 2
    kiosk.push(SelectScene(kiosk))
    kiosk.run_ticks(2 * TICK_RATE + 2, draw=False)
    assert [s.name for s in kiosk.stack] == ["title", "select", "still-there"]
    for _ in range(3):
        kiosk.post_key(pygame.K_q)
    kiosk.run_ticks(1)
    assert kiosk.running and [s.name for s in kiosk.stack] == ["title", "select"]


def test_two_escapes_in_one_frame_close_only_the_prompt(kiosk):
    from scenes.select import SelectScene

    kiosk.push(SelectScene(kiosk))
    kiosk.run_ticks(1)
    chord(kiosk)
    kiosk.run_ticks(1)
    kiosk.post_key(pygame.K_ESCAPE)
    kiosk.post_key(pygame.K_ESCAPE)
    kiosk.run_ticks(1)
    assert [s.name for s in kiosk.stack] == ["title", "select"]


def test_a_kiosk_whose_screens_all_close_goes_back_to_the_title(kiosk):
    for _ in range(3):
        kiosk.pop()
    kiosk.run_ticks(1)
    assert kiosk.running and [s.name for s in kiosk.stack] == ["title"]


# -- kiosk.json that is not a regular file ---------------------------------------------


def _not_a_file(kind: str, path) -> None:
    """Put ``kind`` where kiosk.json is expected: every one of them fails closed."""
    if kind == "link to nothing":
        path.symlink_to(path.parent / "moved-away.json")
    elif kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "link to a device":
        path.symlink_to("/dev/null")
    elif kind == "link loop":
        loop = path.parent / "loop.json"
        path.symlink_to(loop)
        loop.symlink_to(path)


def _same_thing(kind: str, path) -> bool:
    """The operator's thing is left where it was, of the kind it was (a link is never
    replaced by a file of defaults, which would have no PIN)."""
    if kind == "folder":
        return path.is_dir() and not path.is_symlink()
    if kind == "fifo":
        import stat

        return stat.S_ISFIFO(os.lstat(path).st_mode)
    return path.is_symlink()


NOT_A_FILE = ["link to nothing", "folder", "fifo", "link to a device", "link loop"]


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/null"), reason="POSIX")
@pytest.mark.parametrize("kind", NOT_A_FILE)
def test_a_kiosk_json_that_is_not_a_regular_file_locks_the_exit_and_says_so(paths, kind):
    from scenes.config import KioskConfig

    paths.config.mkdir(parents=True, exist_ok=True)
    _not_a_file(kind, paths.kiosk)
    cfg, problem = KioskConfig.load(paths)
    assert cfg.exit_locked, kind  # no last good copy: no PIN can be trusted
    assert problem and "kiosk.json could not be used" in problem and "locked" in problem
    assert _same_thing(kind, paths.kiosk), kind
    # loaded again (the next start): still closed, still said
    cfg, problem = KioskConfig.load(paths)
    assert cfg.exit_locked and problem and _same_thing(kind, paths.kiosk)


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/null"), reason="POSIX")
@pytest.mark.parametrize("kind", NOT_A_FILE)
def test_a_kiosk_json_that_is_not_a_regular_file_brings_back_the_last_good_pin(paths, kind):
    from scenes.config import KioskConfig

    paths.config.mkdir(parents=True, exist_ok=True)
    paths.kiosk.write_text(json.dumps({"exit_pin": PIN, "idle_timeout_seconds": 30}))
    cfg, problem = KioskConfig.load(paths)
    assert problem is None and cfg.exit_pin == PIN  # kept as the last good copy
    paths.kiosk.unlink()
    _not_a_file(kind, paths.kiosk)
    cfg, problem = KioskConfig.load(paths)
    assert cfg.exit_pin == PIN and cfg.idle_timeout_seconds == 30 and not cfg.exit_locked
    assert problem and "last good" in problem
    assert _same_thing(kind, paths.kiosk), kind


def test_a_booth_whose_kiosk_json_links_to_nothing_keeps_its_exit_shut(paths):
    paths.config.mkdir(parents=True, exist_ok=True)
    paths.kiosk.symlink_to(paths.config / "on-a-usb-stick.json")
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    app = make_app(headless=True, paths=paths, kiosk=True)
    try:
        assert any("link to nothing" in n and "locked" in n for n in app.notices)
        chord(app)
        app.run_ticks(2)
        assert app.running and prompts(app) == 0
        assert kiosk_mod.EXIT_LOCKED_TEXT in toasts(app)
    finally:
        app.shutdown()
    assert paths.kiosk.is_symlink()
