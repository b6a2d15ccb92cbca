"""Test-wide set-up: no screen, no sound device, and a scratch home for every file
the client writes (settings, autosaves, logs), so tests never touch the real ones."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest
from hypothesis import HealthCheck, settings

# Property and fuzz tests run a modest number of examples in the suite; the "fuzz"
# profile (HYPOTHESIS_PROFILE=fuzz, used by tools/fuzz.py) runs many more.  No
# deadline: a loaded 2-core machine must not turn a slow example into a failure.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("CRYSTAL_ARCADE_FUZZ_EXAMPLES", "3000")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def scratch_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("CRYSTAL_ARCADE_HOME", str(home))
    # Bots in a thread for every App a test makes, not only after the first `app`
    # fixture has run: under pytest-xdist a worker may start with any test, and a bot
    # process per App costs a Python start-up each.  test_ai asks for each mode itself.
    monkeypatch.setenv("CRYSTAL_ARCADE_BOT_WORKER", "thread")
    return home


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Every test starts in English whatever the machine's locale (a German desktop
    would otherwise change every label a test reads), and a test that switches the
    language (the pseudo-locale sweep, the settings) leaves English behind."""
    from game.text import i18n

    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def default_look():
    """A test that makes an App with a look of its own (150 % text, high contrast,
    reduced motion) leaves the default behind: the look is global to the process, and
    under pytest-xdist the next test in the worker would draw, and key its caches, in
    the look left over."""
    yield
    from scenes import theme
    from scenes.play import motion

    theme.LOOK = theme.DEFAULT_LOOK
    motion.PLAIN = False


@pytest.fixture(autouse=True)
def draw_last_tick_only(monkeypatch):
    """A test sees the screen only after run_ticks returns, so every App a test makes
    draws only the last tick of a batch: a whole-game run ticks thousands of frames no
    one looks at.  run_ticks(1) still draws every tick, so a test that looks at each
    frame (the monkey, a mid-animation capture) does so one tick at a time."""
    from scenes.app import App

    monkeypatch.setattr(App, "draw_last_tick_only", True)


def _fsync_checked(fd: int) -> None:
    os.fstat(fd)  # a closed or bad descriptor still raises OSError, as fsync would


@pytest.fixture(autouse=True)
def no_disk_flush(monkeypatch):
    """Every autosave and settings write fsyncs; in a scratch home that is thrown away
    the flush to disk proves nothing a test can see and costs tens of milliseconds per
    move on a busy disk (hundreds of moves in a whole-game run).  The write, rename and
    error paths are unchanged; the crash-safety test (test_hardening, killing a real
    process) runs in a child process that keeps the real fsync."""
    monkeypatch.setattr(os, "fsync", _fsync_checked)


@pytest.fixture
def paths(scratch_home):
    from game.storage.saves import user_paths

    return user_paths()


@pytest.fixture
def app(paths):
    """A headless App on the title screen (threads for bots: quick to start in tests)."""
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    from scenes.boot import make_app

    a = make_app(headless=True, paths=paths)
    yield a
    a.shutdown()


# -- the slow tests ------------------------------------------------------------------
# ``python3 tools/test.py --fast`` runs everything not marked slow.  The marks live here,
# in one list, rather than in each file: they are a property of the suite's running time
# (measured with CRYSTAL_ARCADE_TEST_CPU below and --durations), not of what a test checks.
# Each entry is a test module and the test functions in it ("*": every test).
# tests/test_test_runner.py checks that every name here is still a test.
SLOW = {
    # tens of thousands of random events on every screen
    "test_monkey": ["*"],
    # fixed node budgets of Hard and Expert, and the exact oracles, in every position
    "test_tactics": [
        "test_bot_does_not_hang_a_losing_turn",
        "test_position_has_a_losing_and_a_safe_turn",
    ],
    # whole games on the screen, from the title to the results
    "test_speech": ["test_a_whole_game_against_easy_by_ear"],
    "test_view_chromatic_collapse": ["test_whole_game_from_title_to_results_against_hard"],
    "test_view_color_crossroads": ["test_whole_game_against_hard_from_title_to_results"],
    "test_view_crystal_connector": ["test_whole_game_from_title_against_hard_bot"],
    "test_view_crystal_formation": [
        "test_two_player_game_against_hard_bot_from_title_to_results",
        "test_four_player_game_with_a_person_and_bots_from_title_to_results",
        "test_six_player_hex_game_from_title_to_results",
    ],
    "test_view_element_shift": [
        "test_one_person_and_eleven_hard_bots_from_the_title_to_the_results",
        "test_three_people_pass_the_device_behind_a_curtain",
    ],
    "test_input_chromatic_collapse": [
        "test_whole_game_with_finger_taps_and_drags_only",
        "test_whole_game_with_controller_buttons_only",
    ],
    "test_input_color_crossroads": [
        "test_touch_only_from_the_title_to_the_results",
        "test_controller_only_from_the_title_to_the_results",
    ],
    "test_input_crystal_connector": [
        "test_whole_game_by_touch_only",
        "test_whole_game_by_controller_only",
    ],
    "test_input_crystal_formation": [
        "test_touch_only_game_from_title_to_results",
        "test_controller_only_game_from_title_to_results",
    ],
    "test_input_element_shift": [
        "test_a_whole_game_with_finger_taps_and_drags_only",
        "test_a_whole_game_with_a_game_controller_only",
    ],
    "test_play_base": ["test_person_against_bot_plays_to_the_results_screen"],
    "test_tutorial_input": ["test_a_whole_tutorial_by_one_kind_of_input"],
    # the replay theatre rebuilding and analysing whole games
    "test_theatre": [
        "test_step_to_the_end_and_back_shows_the_rebuilt_states",
        "test_take_over_from_the_middle_and_finish_the_game",
        "test_exports_write_a_png_and_an_animated_gif",
    ],
    "test_analysis": [
        "test_a_blundered_win_is_marked_as_a_mistake",
        "test_the_analyst_fills_the_graph_in_the_background_and_a_second_viewing_is_instant",
        "test_a_blundered_fifth_tree_is_marked_in_crystal_formation",
    ],
    # bots and reference players playing whole games against each other
    "test_arena": [
        "test_references_play_whole_legal_games_of_every_two_player_game",
        "test_ref_uct_and_ref_ab_play_whole_legal_element_shift_games",
        "test_references_know_nim_only_through_the_contract",
    ],
    "test_newcomer": ["test_greedy_plays_whole_legal_games_and_beats_random"],
    # Hard and Expert searching whole games or big budgets in the engine tests
    "test_chromatic_collapse": ["test_bots_stop_the_opponents_connection"],
    "test_color_crossroads": ["test_hard_beats_random_in_a_short_seeded_match"],
    "test_crystal_connector": [
        "test_expert_as_player_1_takes_the_colours_with_the_better_first_round",
        "test_expert_answers_legally_on_tiny_budgets_and_when_cancelled",
    ],
    "test_crystal_formation": [
        "test_bots_play_legal_moves_on_both_boards",
        "test_expert_search_honours_a_node_budget",
    ],
    "test_element_shift": [
        "test_expert_prediction_is_public_and_the_same_whoever_makes_it",
        "test_every_bot_plays_legal_moves_through_a_game",
    ],
    "test_party_screen": ["test_a_phone_plays_chromatic_collapse_against_a_bot_on_the_big_screen"],
    # a real process killed, a real browser
    "test_hardening": ["test_killed_process_resumes_at_its_last_completed_move"],
    "test_party_browser": ["*"],
    # real processes and real time: the watchdog, signals to a running client, a
    # writer SIGKILLed in a loop, a PostgreSQL server started for the test
    "test_hostile_process": ["*"],
    "test_halloffame": ["test_a_writer_killed_mid_write_loses_nothing_committed"],
    "test_profiles": ["test_a_writer_killed_mid_write_leaves_a_whole_file"],
    "test_halloffame_postgres": ["*"],
    # a PyInstaller build (cached between runs), the .deb installed into a scratch root,
    # python -m build and the wheel installed into a fresh venv
    "test_build_app": ["*"],
    "test_wheel": ["*"],
    # every screen rendered under five looks (90 renders)
    "test_accessibility": ["test_every_line_of_text_stays_in_its_box"],
    # every screen and dialog in three languages at three text sizes in two palettes
    # (about 1700 renders, parametrised by screen and language for pytest-xdist)
    "test_text_holds": ["test_every_text_holds"],
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        module = item.module.__name__.rsplit(".", 1)[-1] if item.module else ""
        names = SLOW.get(module)
        if names and ("*" in names or item.originalname in names):
            item.add_marker(pytest.mark.slow)


# -- what each test costs ------------------------------------------------------------
# CRYSTAL_ARCADE_TEST_CPU=FILE appends "<cpu seconds> <wall seconds> <test id>" per test
# (the process's CPU time, bot threads included).  On a shared machine wall time says
# more about the neighbours than about the test; this is what chose the slow marks.
_CPU_LOG = os.environ.get("CRYSTAL_ARCADE_TEST_CPU")
if _CPU_LOG:
    import time

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(item, nextitem):
        cpu, wall = time.process_time(), time.perf_counter()
        yield
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        with open(_CPU_LOG, "a", encoding="utf-8") as fh:
            fh.write(f"{cpu:.2f} {wall:.2f} {item.nodeid}\n")
