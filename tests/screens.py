"""Every screen and dialog a player meets, each as a builder ``build(app)`` that opens
it on a fresh headless App: the one list the text sweep (tests/test_text_holds.py)
renders in every language and look.

It starts from the screens the accessibility and pseudo-locale sweeps already draw
(tests/test_accessibility.py's ``SCREENS``, tests/test_i18n_screens.py's
``EXTRA_SCREENS``) and adds what they leave out: the rules and the results of each
game (the results with a profile, so the rating change shows), every step of every
tutorial, a puzzle with each verdict, the kiosk's title, a hall of fame with scores,
each game's play screen with a message in its banner, with its command line open and
with a hint's reason in the banner under a message of several lines, the confirmation
dialogs, a message of several lines, and the screens with a tooltip shown.

``KIOSK`` names the screens built on a kiosk App.
"""

from __future__ import annotations

import json

from game.registry import GAMES
from tests.test_accessibility import SCREENS as LOOK_SCREENS
from tests.test_accessibility import match_for, play, profile_screen, replays, simple
from tests.test_i18n_screens import EXTRA_SCREENS
from tests.test_i18n_screens import KIOSK_SCREENS as PSEUDO_KIOSK


def _rules(game_id: str):
    return simple("scenes.rules", "RulesScene", game_id)


def _results(game_id: str):
    """The results of a finished game, Ada (a profile) on the first seat: the screen,
    and the toast that says how her rating moved."""

    def build(app):
        from game.records import profiles
        from tools.screenshot import demo_profiles

        demo_profiles(app.paths, games=3, patch_ladder=False)
        ada = profiles.load(app.paths)[0].find("Ada")
        match = match_for(game_id, finish=True)
        match.profiles = {0: ada.id}
        match.seats[0] = match.seats[0].__class__.person("Ada")
        scene = app.build("results", match)
        app.push(scene)
        return scene

    return build


def _tutorial(game_id: str, index: int):
    def build(app):
        from scenes.tutorial import open_tutorial

        assert open_tutorial(app, game_id, index)

    return build


def _tutorial_steps() -> dict:
    out = {}
    for gid in GAMES:
        from importlib import resources

        text = (resources.files("seeds") / f"tutorial-{gid}.json").read_text(encoding="utf-8")
        steps = json.loads(text)["steps"]
        for i in range(len(steps)):
            out[f"tutorial-{gid}-{i + 1}"] = _tutorial(gid, i)
    return out


def _puzzle_verdict(kind: str, game_id: str = "chromatic-collapse"):
    """A puzzle after its verdict: ``solved`` (its answer played), ``missed`` (the
    answer shown after another turn)."""

    def build(app):
        from game.content import puzzles as P
        from scenes.puzzles import open_puzzle

        puzzle = P.load_puzzles(game_id).puzzles[0]
        if kind == "missed":
            scene = open_puzzle(app, game_id, puzzle.id, "list")
            app.run_ticks(2, draw=False)
            firsts = {scene.match.parse(turn[0]) for turn in puzzle.solution}
            wrong = next(m for m in scene.match.state.legal_moves() if m not in firsts)
            scene.try_move(wrong)
            while app.top is scene and scene.phase == "doing":  # the rest of the turn
                app.run_until(lambda: not scene.anim and not scene.queue, max_ticks=600)
                if app.top is scene and scene.phase == "doing":
                    scene.try_move(scene.match.state.legal_moves()[0])
            app.run_until(lambda: getattr(app.top, "phase", "") == "missed", max_ticks=3000)
            assert app.top.phase == "missed"
            return app.top
        scene = open_puzzle(app, game_id, puzzle.id, "list")
        app.run_ticks(2, draw=False)
        for text in puzzle.solution[0]:
            scene.try_move(scene.match.parse(text))
            app.run_until(lambda: not scene.anim and not scene.queue, max_ticks=600)
        app.run_until(lambda: scene.phase == "solved", max_ticks=3000)
        return scene

    return build


def _race(phase: str):
    """A puzzle race of three phones and five bots: its lobby, the race at its middle,
    or its ranking at the end."""

    def build(app):
        from game.registry import GAMES
        from party.race import RaceRoom, RaceSettings
        from scenes.race import RaceScene

        now = [0.0]
        room = RaceRoom(
            GAMES["crystal-formation"],
            RaceSettings(bots=5, bot_level="hard"),
            host="127.0.0.1",
            seed=4,
            clock=lambda: now[0],
        )
        room.start_server()
        for name in ("Ada", "Björn", "Chidimma Okonkwo-Berg"):
            room.lobby.join(room.lobby.code, name)
        if phase != "lobby":
            race = room.start()
            for seat, k in ((0, 4), (1, 2)):
                for _ in range(k):
                    now[0] += 3.0
                    for move in race.order[race.lanes[seat].index].solution[0]:
                        race.answer(seat, move, now[0])
            p = race.order[race.lanes[2].index]
            firsts = {tuple(t) for t in p.solution}
            wrong = next(str(m) for m in race.state(2).legal_moves() if (str(m),) not in firsts)
            race.answer(2, wrong, now[0])
            now[0] = 45.0 if phase == "race" else 95.0
            race.tick(now[0])
        scene = RaceScene(app, room=room)
        app.push(scene)
        app.run_ticks(2, draw=False)
        return scene

    return build


def _operator(app):
    """The kiosk operator's counters, a few events counted."""
    from scenes.counting import count
    from scenes.operator import OperatorScene

    for kind in ("visitor", "visitor", "race", "fame-entry"):
        count(app, kind, players=4 if kind == "race" else 0)
    scene = OperatorScene(app)
    app.push(scene)
    return scene


def _operator_games(app):
    """The operator's counters by game and bot level (today's), a folder refused
    under the box."""
    from scenes.counting import count
    from scenes.operator import OperatorScene

    for i, game in enumerate(GAMES):
        for level in ("easy", "hard+medium", "people"):
            count(app, "game-started", game=game, level=level)
            kind = "game-finished" if i % 2 else "game-abandoned"
            count(app, kind, game=game, level=level)
    scene = OperatorScene(app)
    scene.show("today")
    scene.folder_entry.set_text("/no/such/stick/" + "folder-with-a-long-name" * 3)
    scene.use_folder()
    app.push(scene)
    return scene


def _operator_booths(app):
    """The operator's Booths view: every booth on the shared server today and all of
    them, long booth names, and the note that the server cannot be reached now (a real
    sharing thread, its server a closed port on this machine)."""
    import time

    from game.records.counters import TOTAL
    from scenes.counting import BoothSharing, counters_for
    from scenes.operator import OperatorScene

    counters = counters_for(app)
    sharing = BoothSharing(
        counters.path, "host=127.0.0.1 port=9 dbname=arcade connect_timeout=1", lambda: "2026-01-01"
    )
    app.counter_sharing = sharing  # app.shutdown stops its thread
    deadline = time.monotonic() + 10
    while sharing.online is None and time.monotonic() < deadline:
        time.sleep(0.02)
    names = ["Halle B · Stand 12", "Eingang Nord", "Workshop-Raum Erdgeschoss links", "kiosk-07"]
    booths = {
        name: {"visitor": 40 + 7 * i, "game-started": 31 + i, "game-finished": 1200 + i}
        for i, name in enumerate(names)
    }
    booths[TOTAL] = {k: sum(b[k] for b in booths.values()) for k in booths[names[0]]}
    sharing.figures = {"today": booths}  # what a round would have read from the server
    scene = OperatorScene(app)
    scene.show("booths")
    app.push(scene)
    return scene


def _fame_with_scores(app):
    """The hall of fame with a table of scores (today's, for the latest board)."""
    import time

    from game.records import hall_of_fame as hof
    from scenes.halloffame import HallOfFameScene, fame_for

    fame = fame_for(app)
    for n, initials in enumerate(("ADA", "BOB", "CYD", "DAN", "EVE")):
        fame.add(hof.Entry("rush:crystal-connector", initials, float(12 - n), time.time() - n))
    app.push(HallOfFameScene(app))


def _fame_pin(app):
    """The operator's PIN before the hall of fame is cleared, over its tables."""
    from scenes.halloffame import PinPrompt

    _fame_with_scores(app)
    app.run_ticks(2, draw=False)
    app.push(PinPrompt(app, lambda pin: None))


def _banner(game_id: str):
    """A play screen mid-game with the engine's refusal of a mistyped move in its
    banner (the longest kind of message a play screen shows)."""

    def build(app):
        from game.rules.contract import IllegalMove

        scene = play(game_id, 4)(app)
        app.run_ticks(2, draw=False)
        try:
            scene.match.parse("Z99 sideways 9")
            reason = "?"
        except IllegalMove as exc:
            reason = str(exc)
        scene.say(reason, "error", 30)
        return scene

    return build


def _hint(game_id: str, moves: int = 4):
    """A play screen mid-game (after ``moves`` actions) with a hint and its reason in
    the banner (the longest reason the coach gives for any of the first legal moves)
    and a message of several lines over it: the two longest things a play screen shows
    at once."""

    def build(app):
        scene = play(game_id, moves)(app)
        app.run_ticks(2, draw=False)
        state = scene.match.state
        scene.hint_state = state
        first = list(state.legal_moves())[:120]
        best = max(first, key=lambda m: (len(scene.hint_sentence(m)), len(str(m))))
        scene.say_hint(best)
        _long_message(app)
        return scene

    return build


def _command(game_id: str):
    """A play screen mid-game with its command line (F7) open and a move typed in it
    (Element Shift's plan is the longest line a player types)."""

    def build(app):
        scene = play(game_id, 4)(app)
        app.run_ticks(2, draw=False)
        state = scene.match.state
        scene.command_text = str(state.legal_moves()[-1]) if not state.is_terminal() else ""
        return scene

    return build


def _library_dialog(name: str):
    """The replay list's confirmation (Delete ...?) or its rename dialog."""

    def build(app):
        scene = replays(app)
        app.run_ticks(2, draw=False)
        from scenes.theatre.library import ConfirmDeleteScene, RenameScene

        info = scene.current()
        cls = ConfirmDeleteScene if name == "delete" else RenameScene
        app.push(cls(app, scene, info))

    return build


def _theatre_analysed(game_id: str, longest_reason: bool = False):
    """The theatre with its analysis done: the graph with both seats' "ahead" labels
    and "50 %", a marked mistake with the Hard bot's move, the cursor on it (so its
    sentence shows).  The values are written in (a fall of the mover's win chance at a
    turn's start, the alternative a legal move worth more): this checks the layout,
    not the coach, so it is the same on every machine and needs no worker.  With
    ``longest_reason`` the alternative is the legal move, of a spread of them, whose
    sentence in the screen's language is the longest."""

    def build(app):
        from scenes.theatre.screen import TheatreScene

        match = match_for(game_id, finish=True)
        scene = TheatreScene(app, match, name="t", analyse=True)
        an = scene.analyst
        starts = [k for k in an.turn_starts if k < len(an.movers) - 1 and an.movers[k] == 0]
        at = starts[len(starts) // 2]
        cache = an.cache
        n = match.state.num_players
        ahead, behind = [0.6] + [-0.6] * (n - 1), [-0.8] + [0.8] * (n - 1)
        cache.values = [ahead if k <= at else behind for k in range(cache.positions)]
        before = match.states[at]
        played = match.entries[at].text
        alt = next(m for m in before.legal_moves() if str(m) != played)
        if longest_reason:
            from game.analysis.explain import explain

            moves = before.legal_moves()
            spread = [moves[i] for i in range(0, len(moves), max(1, len(moves) // 150))]
            after, later = match.states[at + 1], match.states[at + 2 :]

            def reason(move) -> str:
                return explain(
                    game_id.split("#")[0], before, after, before.apply(move), an.movers[at], later
                )

            alt = max((m for m in spread if str(m) != played), key=lambda m: len(reason(m)))
        cache.alternatives = {at: str(alt)}
        cache.alt_values = {at: [0.7] + [-0.7] * (n - 1)}
        an._mistakes = an._cand = None
        app.push(scene)
        app.run_ticks(2, draw=False)
        assert an.mistakes(), "the written values mark no mistake"
        scene.go(at)
        return scene

    return build


def _profile_remove(app):
    """The profile screen asking "Remove Ada?" (its button armed)."""
    scene = profile_screen("profiles")(app)
    app.run_ticks(2, draw=False)
    scene.remove()
    return scene


def _concede(app):
    """Color Crossroads' Concede armed: "Sure?"."""
    scene = play("color-crossroads#3", 4)(app)
    app.run_ticks(2, draw=False)
    scene.concede_armed = 600
    return scene


def _long_message(app):
    """A message of several lines over the title: settings that could not be saved,
    with the folder's path in it (as the saves' warnings are worded)."""
    from game.text.i18n import _
    from scenes.widgets import toast

    folder = app.paths.config / "Crystal Arcade" / "a folder the player cannot write to"
    problem = _("could not save {file} in {folder}: {problem}").format(
        file="settings.json", folder=folder, problem="Permission denied"
    )
    toast(app, _("Settings could not be saved: {reason}").format(reason=problem), "warning", 30)


def with_tooltip(build):
    """``build``, then the pointer held on the first control with a tooltip (but the
    focused one) until the tooltip shows."""

    def shown(app):
        scene = build(app)
        app.run_ticks(2, draw=False)
        ui = app.top.ui

        def tips():
            return [
                el
                for el in ui.get_sprite_group().sprites()
                if getattr(el, "tool_tip_text", None)
                and el.visible
                and el.alive()
                and not el.is_selected  # the focused button (pygame-gui shows it no tip)
            ]

        assert tips(), "no control with a tooltip on this screen"
        pos = tips()[0].rect.center
        ui._update_mouse_position = lambda: setattr(ui, "mouse_position", pos)
        showing = lambda: any(el.tool_tip is not None for el in tips())  # noqa: E731
        app.run_until(showing, max_ticks=600, draw=False)
        assert showing(), "the tooltip did not show"
        return scene

    return shown


SCREENS = {
    **LOOK_SCREENS,
    **EXTRA_SCREENS,
    "kiosk-title": lambda app: None,
    **{f"rules-{gid}": _rules(gid) for gid in GAMES},
    **{f"results-{gid}": _results(f"{gid}#5") for gid in GAMES},
    **_tutorial_steps(),
    "puzzle-solved": _puzzle_verdict("solved"),
    "puzzle-missed": _puzzle_verdict("missed"),
    "fame-scores": _fame_with_scores,
    "fame-pin": _fame_pin,
    "race-lobby": _race("lobby"),
    "race-live": _race("race"),
    "race-ranking": _race("done"),
    "operator": _operator,
    "operator-games": _operator_games,
    "operator-booths": _operator_booths,
    **{f"banner-{gid}": _banner(f"{gid}#5") for gid in GAMES},
    **{f"command-{gid}": _command(f"{gid}#5") for gid in GAMES},
    # Element Shift: after the twelve start picks, the person's plan of round 1
    **{f"hint-{gid}": _hint(f"{gid}#5", 12 if gid == "element-shift" else 4) for gid in GAMES},
    "confirm-delete": _library_dialog("delete"),
    "rename": _library_dialog("rename"),
    "profile-remove": _profile_remove,
    "theatre-analysed-crystal-formation": _theatre_analysed("crystal-formation#7"),
    "theatre-analysed-element-shift": _theatre_analysed("element-shift#7", longest_reason=True),
    "concede": _concede,
    "long-message": _long_message,
    "tooltip-select": with_tooltip(simple("scenes.select", "SelectScene", "crystal-formation")),
    "tooltip-settings": with_tooltip(simple("scenes.settings", "SettingsScene", "Accessibility")),
    "tooltip-pause": with_tooltip(LOOK_SCREENS["pause"]),
    "tooltip-lobby": with_tooltip(EXTRA_SCREENS["lobby"]),
    "tooltip-profiles": with_tooltip(profile_screen("profiles")),
}
KIOSK = PSEUDO_KIOSK | {"kiosk-title", "operator", "operator-games", "operator-booths"}
