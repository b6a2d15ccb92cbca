#!/usr/bin/env python3
"""Render any Crystal Arcade screen headless to a PNG.

    python3 tools/screenshot.py title out/title.png
    python3 tools/screenshot.py select out/select.png [--game color-crossroads]
    python3 tools/screenshot.py settings out/settings.png
    python3 tools/screenshot.py rules out/rules.png --game crystal-connector [--scroll 400]
    python3 tools/screenshot.py pause out/pause.png --id "chromatic-collapse#7"
    python3 tools/screenshot.py game out/cc.png --id "crystal-connector:rocks,pylons#12" \\
        --moves "first; red; ...; C up 2" [--ticks 30] [--mid 0.5] [--seats person,hard]
    python3 tools/screenshot.py results out/results.png --id "color-crossroads#3" --play-out
    python3 tools/screenshot.py kiosk out/kiosk.png        # the kiosk title
    python3 tools/screenshot.py attract out/attract.png --game chromatic-collapse
    python3 tools/screenshot.py lobby out/lobby.png --game element-shift   # a party's lobby
    python3 tools/screenshot.py party out/p.png --game element-shift --moves "random;random"
    python3 tools/screenshot.py tutorial out/t.png --game color-crossroads --step 3
    python3 tools/screenshot.py replays out/replays.png      # the replay list (three games kept)
    python3 tools/screenshot.py keys out/keys.png   # Who's playing? with the on-screen letter keys
    python3 tools/screenshot.py puzzles out/p.png --game element-shift   # a game's puzzle list
    python3 tools/screenshot.py puzzle out/p.png --game crystal-formation --step 40  # its 40th
    python3 tools/screenshot.py theatre out/theatre.png --id "chromatic-collapse#7" --play-out \
        [--at 20] [--analyse] [--gif out/game.gif]
    python3 tools/screenshot.py all out/            # the README's set
    python3 tools/screenshot.py sweep /tmp/sweep    # every screen x 5 window sizes x 3 text sizes
    python3 tools/screenshot.py proof out/          # every play screen, no bots: cmp two runs

``--moves`` is a ';'-separated list in the game's notation.  ``--mid T`` applies the
last move and captures its animation at fraction T (a shift in mid-slide).
``--play-out`` lets seeded random bots finish the game first.  ``theatre`` shows the
game in the replay theatre at action ``--at`` (default: a marked mistake when
``--analyse`` waits for the analysis, else the end); ``--gif`` also exports the game.  ``--colour-blind``
turns the glyphs on.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import headless_tool  # noqa: E402

headless_tool()

import argparse  # noqa: E402
import random  # noqa: E402
import tempfile  # noqa: E402

import pygame  # noqa: E402

from game.registry import EXAMPLE_ID, GAMES  # noqa: E402
from tools.games import first_game, hooks, most_seats, showcase, varied_seats  # noqa: E402

# --size WxH: the window the screen is shown in (None: the 1280x720 canvas itself).
WINDOW_SIZE: tuple[int, int] | None = None


def window_size(text: str) -> tuple[int, int]:
    """'1024x600' as (1024, 600), for --size."""
    try:
        w, h = (int(n) for n in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 1024x600: {text!r}") from None
    if not (1 <= w <= 16384 and 1 <= h <= 16384):
        raise argparse.ArgumentTypeError(f"size out of range (1 to 16384 a side): {text!r}")
    return w, h


LANGUAGE = "en"  # --language


def capture(app) -> pygame.Surface:
    """What a player sees: the canvas, or with --size the window, bars included."""
    return app.canvas if WINDOW_SIZE is None else app.window_view()


def make_app(colour_blind: bool = False, kiosk: bool = False, look: dict | None = None):
    from game.storage.saves import Paths
    from scenes.boot import make_app
    from scenes.config import Settings

    home = Path(tempfile.mkdtemp(prefix="crystal-shot-"))
    paths = Paths(home / "config", home / "data", home / "logs")
    # The language given (--language), English by default: a screenshot does not
    # change with the machine's locale.
    settings = Settings(colour_blind=colour_blind, language=LANGUAGE, **(look or {}))
    app = make_app(headless=True, settings=settings, paths=paths, kiosk=kiosk)
    if WINDOW_SIZE is not None:
        app.resize(WINDOW_SIZE)
    OPENED.append(app)
    return app


OPENED: list = []  # the apps made, so a sweep can shut each down after its shot


# The sweep: every screen at each window size and text size.
SWEEP_SIZES = ((800, 600), (1366, 768), (1920, 1080), (3840, 2160), (1080, 1920))
SWEEP_SCREENS = (
    ("title", "title", {}),
    ("select", "select", {"game": varied_seats()}),
    ("settings", "settings", {"page": "General"}),
    ("settings-access", "settings", {"page": "Accessibility"}),
    ("settings-controls", "settings", {"page": "Controls"}),
    ("rules", "rules", {"game": most_seats()}),
    # each game's own play screens (its tools/games/<module>.py SWEEP_SHOTS)
    *(shot for game in GAMES for shot in hooks(game).SWEEP_SHOTS),
    ("pause", "pause", {"id": hooks(showcase()).SAMPLE_START}),
    ("tutorial", "tutorial", {"game": first_game(), "step": 3}),
    ("replays", "replays", {}),
    ("theatre", "theatre", {"id": hooks(showcase()).SAMPLE_START, "play_out": True}),
    ("kiosk", "kiosk", {}),
    ("attract", "attract", {"game": showcase()}),
    ("lobby", "lobby", {"game": most_seats()}),
)


def sweep(out: Path, args, only: str | None = None) -> int:
    """Every screen of SWEEP_SCREENS at each of SWEEP_SIZES and each text size, as
    ``out/<W>x<H>/text<N>/<screen>.png`` (window shots, bars included).  ``only``
    keeps the screens whose name contains it.  Prints a line per shot and the ones
    that failed (a failure is reported and the sweep goes on)."""
    global WINDOW_SIZE
    failed = []
    for size in SWEEP_SIZES:
        WINDOW_SIZE = size
        for text_size in (100, 125, 150):
            for name, kind, extra in SWEEP_SCREENS:
                if only and only not in name:
                    continue
                shot_args = argparse.Namespace(**{**vars(args), "text_size": text_size, **extra})
                path = out / f"{size[0]}x{size[1]}" / f"text{text_size}" / f"{name}.png"
                try:
                    print(screen(kind, path, shot_args), flush=True)
                except Exception as exc:
                    failed.append(f"{path}: {type(exc).__name__}: {exc}")
                finally:
                    while OPENED:
                        OPENED.pop().shutdown()
    for line in failed:
        print("FAILED", line)
    return 1 if failed else 0


def build_match(game_id: str, moves: list[str], seats: list[str] | None, play_out: bool):
    from game.midend.match import Match, Seat
    from game.rules.contract import GameSetup

    setup = GameSetup.parse(game_id, GAMES)
    n = setup.players
    kinds = seats or (["person"] + ["medium"] * (n - 1))
    seat_objs = [Seat.person() if k == "person" else Seat.bot(k) for k in kinds[:n]]
    match = Match(GAMES[setup.game], setup, seat_objs, setup.start(GAMES))
    pick = random.Random(setup.seed + 1)  # "random" in --moves: any legal move, seeded
    for text in moves:
        if text == "random":
            match.submit(pick.choice(match.state.legal_moves()))
        else:
            match.submit_text(text)
    if play_out:
        rng = random.Random(setup.seed)
        spec = GAMES[setup.game]
        bot = spec.make_bot("random")
        while not match.is_over():
            match.submit(bot.choose(match.state, rng=rng, budget=None))
    return match


DEMO_LADDER = {
    "points": [
        {"strength": 0, "rating": 0, "low": -40, "high": 40},
        {"strength": 1, "rating": 700, "low": 640, "high": 760},
        {"strength": 2, "rating": 1250, "low": 1190, "high": 1310},
        {"strength": 3, "rating": 1700, "low": 1600, "high": 1800},
        {"strength": 4, "rating": 1900, "low": 1860, "high": 1940},
    ]
}


def demo_profiles(paths, games: int = 40, patch_ladder: bool = True) -> None:
    """Profiles to look at: Ada (a player of about 1450 who played ``games`` rated games
    of Chromatic Collapse and a few others), Bo and Cy; every game has the demo ladder
    above unless seeds/ladder.json measured it (the ladder helper's real one)."""
    from types import SimpleNamespace

    from game.midend.match import Seat
    from game.records import ladder as game_ladder
    from game.records import profiles as gp
    from game.records.ratings import Rating, expected
    from game.rules.contract import Outcome

    real = game_ladder.cached()
    ladders = {
        gid: real.get(gid) or game_ladder.Ladder.from_data(gid, DEMO_LADDER) for gid in GAMES
    }
    if patch_ladder:  # the screens ask through cached(): Match me shows on game select
        import scenes.select

        game_ladder.cached = lambda path=None: ladders
        scenes.select.ladder_cached = game_ladder.cached  # the seats' rating captions
    ps = gp.Profiles()
    for name, colour in (("Ada", "sapphire"), ("Bo", "ruby"), ("Cy", "emerald")):
        ps, _p = ps.add(name, colour, "2026-10-02")
    ada = ps.find("Ada")
    rng = random.Random(4)
    levels = ("easy", "medium", "hard")
    others = [g for g in GAMES if GAMES[g].max_players == 2 and g != showcase()]
    plan = [(showcase(), games), (others[0], 7), (others[1], 2)]
    n = 0
    for gid, count in plan:
        for i in range(count):
            level = levels[rng.randrange(3)]
            ladder = ladders[gid]
            bot = gp.bot_rating(ladder, game_ladder.LEVEL_STRENGTHS[level])
            won = rng.random() < expected(Rating(1450, 30), bot)
            state = SimpleNamespace(outcome=lambda w=won: Outcome((1, 2) if w else (2, 1), ""))
            match = SimpleNamespace(
                state=state,
                outcome=state.outcome,  # as game.midend.match.Match answers it
                spec=GAMES[gid],
                seats=[Seat.person("Ada"), Seat.bot(level)],
                profiles={0: ada.id},
                game_id=gid,
                started_at=float(n),
            )
            n += 1
            day = f"2026-{10 + (i * 2) // 31:02d}-{1 + (i * 2) % 30:02d}"
            ps, _c = gp.record_match(ps, match, ladder, day)
    gp.save(ps.with_last([ada.id]), paths)


def shoot(app, path: Path, ticks: int = 2) -> Path:
    app.run_ticks(ticks)
    app.draw(0.0)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(capture(app), str(path))
    return path


def screen(kind: str, out: Path, args) -> Path:
    look = {
        "text_size": args.text_size,
        "high_contrast": args.high_contrast,
        "reduced_motion": args.reduced_motion,
    }
    app = make_app(args.colour_blind, kiosk=kind in ("kiosk", "attract"), look=look)
    moves = [m.strip() for m in (args.moves or "").split(args.sep) if m.strip()]
    seats = args.seats.split(",") if args.seats else None
    if kind in ("title", "kiosk"):
        return shoot(app, out, args.ticks or 90)
    if kind == "attract":
        from scenes.kiosk import AttractScene

        start = list(GAMES).index(args.game) if args.game in GAMES else 0
        app.push(AttractScene(app, start_index=start))
        app.run_ticks(1)
        demo = app.top
        app.run_until(lambda: len(demo.inner.match.entries) >= (args.ticks or 6), max_ticks=20000)
        return shoot(app, out, 20)
    if kind == "select":
        from scenes.select import SelectScene

        if args.profiles:
            demo_profiles(app.paths)
        app.push(SelectScene(app, args.game))
        return shoot(app, out, args.ticks or 3)
    if kind == "settings":
        from scenes.settings import SettingsScene

        app.push(SettingsScene(app, args.page))
        return shoot(app, out, args.ticks or 3)
    if kind == "rules":
        from scenes.rules import RulesScene

        scene = RulesScene(app, args.game)
        app.push(scene)
        app.run_ticks(1)
        if args.scroll:
            scene.target = scene.scroll = min(scene.max_scroll(), args.scroll)
        return shoot(app, out, 2)
    if kind == "lobby":
        return lobby_shot(app, out, args)
    if kind == "party":
        return party_game_shot(app, out, args)
    if kind == "tutorial":
        from scenes.tutorial import open_tutorial

        if not open_tutorial(app, args.game or first_game(), max(0, args.step - 1)):
            raise SystemExit("the tutorial could not be opened")
        app.run_ticks(2)
        scene = app.top
        if args.done:  # the step's result: watch it play, or make the expected move
            if scene.phase == "doing":
                scene.try_move(scene.match.parse(scene.step.expect[0]))
            app.run_until(lambda: scene.phase == "done", max_ticks=20000)
        return shoot(app, out, args.ticks or 30)
    if kind in ("game", "pause", "results"):
        from scenes.play import play_scene_for

        game_id = args.id or f"{args.game or first_game()}#1"
        last = None
        if kind == "game" and args.mid is not None and moves:
            last = moves.pop()
        match = build_match(game_id, moves, seats, args.play_out)
        scene = play_scene_for(app, match)
        app.push(scene)
        app.run_ticks(2)
        if kind == "results":
            from scenes.results import ResultsScene

            app.replace(ResultsScene(app, match))
            return shoot(app, out, args.ticks or 40)
        if kind == "pause":
            scene.open_pause()
            return shoot(app, out, 3)
        if last is not None:
            move = (
                random.Random(len(match.entries)).choice(match.state.legal_moves())
                if last == "random"
                else match.parse(last)
            )
            scene.try_move(move) if not match.bot_to_move() else None
            if scene.anim is None and scene.queue:
                app.run_ticks(1, draw=False)
            if scene.anim is not None:
                total = scene.anim.ticks
                scene.anim_tick = max(0, int(total * args.mid) - 1)
                app.run_ticks(1, draw=False)
            app.draw(0.0)
            out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(capture(app), str(out))
            return out
        return shoot(app, out, args.ticks or 30)
    if kind == "replays":
        from game.storage.replays import keep_recent
        from scenes.theatre.library import ReplayListScene

        starts = [hooks(g).SAMPLE_START for g in GAMES if GAMES[g].min_players == 2]
        for i, gid in enumerate(starts[1:4]):
            m = build_match(gid, [], ["person", "medium"], True)
            m.started_at -= 3600 * (i + 1)
            keep_recent(m, app.paths)
        app.push(ReplayListScene(app))
        return shoot(app, out, 8)
    if kind == "theatre":
        return theatre_shot(app, out, args, moves, seats)
    if kind == "puzzles":
        from scenes.puzzles import PuzzlesScene

        app.push(PuzzlesScene(app, args.game or showcase()))
        return shoot(app, out, args.ticks or 3)
    if kind == "puzzle":
        from game.content import puzzles as P
        from scenes.puzzles import open_puzzle

        game = args.game or showcase()
        book = P.load_puzzles(game)
        puzzle = book.puzzles[min(len(book.puzzles), max(1, args.step)) - 1]
        if not open_puzzle(app, game, puzzle.id, "list"):
            raise SystemExit("the puzzle could not be opened")
        return shoot(app, out, args.ticks or 10)
    if kind in ("profiles", "who", "keys"):
        demo_profiles(app.paths)
        if kind == "profiles":
            app.push(app.build("profiles"))
        else:
            app.push(app.build("who", seat_name="Player 1"))
        if kind == "keys":  # Who's playing? with its on-screen letter keys, a name begun
            app.run_ticks(2)
            app.top.open_keys()
            app.run_ticks(2)
            for ch in "ada l":
                app.top.type_key(ch)
        return shoot(app, out, args.ticks or 3)
    raise SystemExit(f"unknown screen {kind!r}")


def _hosted_party(game: str, seed: int):
    """A party with every seat a phone, listening on 127.0.0.1 only (nothing is sent)."""
    from game.midend.match import Seat
    from game.rules.contract import GameSetup
    from party.host import Party

    spec = GAMES[game]
    players, options = spec.resolve_options(spec.min_players)
    party = Party(
        spec,
        GameSetup(game, players, options, seed),
        [Seat.phone()] * players,
        host="127.0.0.1",
        port=0,
    )
    party.start()
    return party


NAMES = [
    "Ada",
    "Grace",
    "Alan",
    "Edsger",
    "Barbara",
    "Donald",
    "Frances",
    "John",
    "Radia",
    "Ken",
    "Margaret",
    "Niklaus",
]


def lobby_shot(app, out: Path, args) -> Path:
    """A hosted party's lobby with a few phones joined (without a network)."""
    from scenes.party import LobbyScene

    party = _hosted_party(args.game or most_seats(), 1)
    try:
        for name in NAMES[: min(5, max(1, len(party.lobby.labels) - 1))]:
            party.lobby.join(party.lobby.code, name)
        app.push(LobbyScene(app, party))
        return shoot(app, out, args.ticks or 5)
    finally:
        party.stop()


def party_game_shot(app, out: Path, args) -> Path:
    """The big screen during a party, every seat a phone (joined without a network);
    ``--moves`` are played first, as the phones would ("random" for any legal one)."""
    from scenes.play import play_scene_for

    party = _hosted_party(args.game or most_seats(), 2)
    try:
        for name in NAMES[: len(party.lobby.labels)]:
            party.lobby.join(party.lobby.code, name)
        match = party.begin()
        rng = random.Random(4)
        for text in [m.strip() for m in (args.moves or "").split(args.sep) if m.strip()]:
            match.submit(
                rng.choice(match.state.legal_moves()) if text == "random" else match.parse(text)
            )
        scene = play_scene_for(app, match)
        scene.attach_party(party)
        app.push(scene)
        return shoot(app, out, args.ticks or 30)
    finally:
        party.stop()


def theatre_shot(app, out: Path, args, moves, seats) -> Path:
    from scenes.theatre.screen import TheatreScene

    match = build_match(args.id or f"{args.game or showcase()}#7", moves, seats, args.play_out)
    scene = TheatreScene(app, match, name="screenshot", analyse=args.analyse)
    app.push(scene)
    app.run_ticks(1)
    if args.analyse:
        app.run_until(lambda: scene.analyst.finished(), max_ticks=200_000)
    at = args.at
    if at is None:
        marked = scene.analyst.mistakes() if scene.analyst else []
        at = marked[0].action if marked else scene.line.last
    scene.go(at)
    if args.gif:
        from scenes.theatre.export import GifExport

        message = GifExport(scene).wait() or ""
        print(message)
        if message.startswith("Animation saved: "):
            import shutil

            args.gif.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(message.split(": ", 1)[1], args.gif)
            print(args.gif)
    return shoot(app, out, args.ticks or 90)


PROOF_GAMES = tuple(start for game in GAMES for start in hooks(game).PROOF_STARTS)


def proof(out: Path) -> int:
    """Every screen a front-end change can touch, with no bot thinking (every seat a
    person, random moves seeded), so two runs of the same code give the same pixels:
    the before/after check of a refactor (``cmp`` the two folders)."""
    import argparse as _argparse

    from game.rules.contract import GameSetup

    def run(kind: str, name: str, **kw) -> None:
        ns = _argparse.Namespace(
            colour_blind=False,
            moves=None,
            sep=";",
            seats=None,
            ticks=0,
            mid=None,
            scroll=0,
            step=1,
            done=False,
            play_out=False,
            at=None,
            analyse=False,
            gif=None,
            id=None,
            game=None,
        )
        for k, v in kw.items():
            setattr(ns, k, v)
        print(screen(kind, out / f"{name}.png", ns))

    for kind in ("title", "select", "settings", "kiosk"):
        run(kind, kind)
    for gid in PROOF_GAMES:
        setup = GameSetup.parse(gid, GAMES)
        players = setup.players
        slug = gid.replace("#", "-").replace(":players=", "-")
        seats = ",".join(["person"] * players)
        run("select", f"{slug}-select", game=setup.game)
        run("rules", f"{slug}-rules", game=setup.game)
        run("game", f"{slug}-start", id=gid, seats=seats)
        moves = ";".join(["random"] * 9)
        run("game", f"{slug}-mid", id=gid, seats=seats, moves=moves, mid=0.5)
        run("game", f"{slug}-after", id=gid, seats=seats, moves=moves, ticks=240)
        run("pause", f"{slug}-pause", id=gid, seats=seats, moves=moves)
        run("results", f"{slug}-results", id=gid, seats=seats, play_out=True)
        run("theatre", f"{slug}-theatre", id=gid, seats=seats, play_out=True, at=12)
        for step in (1, 2):
            run("tutorial", f"{slug}-tutorial{step}", game=setup.game, step=step)
            run("tutorial", f"{slug}-tutorial{step}-done", game=setup.game, step=step, done=True)
    return 0


REAL_WINDOW_SCREENS = {
    # screen: (the client's arguments, keys pressed once its window shows)
    "title": ([], []),
    "select": ([], ["Return", "Return"]),
    "settings": ([], ["Down", "Down", "Return"]),
    "game": (None, []),  # --game with --id
    "kiosk": (["--kiosk"], []),
    "attract": (["--kiosk"], []),
}


def real_window_shot(args, parser) -> int:
    """The screen as the real window shows it: the program a player starts, on an X
    screen of ``--size``, its window framed by openbox; the whole screen captured."""
    import json
    import time

    import xwindow

    if args.screen not in REAL_WINDOW_SCREENS:
        parser.error(f"--real-window shows {', '.join(REAL_WINDOW_SCREENS)}, not {args.screen}")
    if xwindow.missing():
        parser.error("--real-window needs " + ", ".join(xwindow.missing()))
    client_args, keys = REAL_WINDOW_SCREENS[args.screen]
    if client_args is None:
        client_args = ["--game", args.id or args.game or first_game()]
    settings = {
        "text_size": args.text_size,
        "high_contrast": args.high_contrast,
        "reduced_motion": args.reduced_motion,
        "colour_blind": args.colour_blind,
        "language": "" if args.language == "en" else args.language,
    }
    size = args.size or (1280, 800)
    with xwindow.XScreen(size) as x:
        client = xwindow.Client(x, client_args, settings=settings)
        if args.screen == "attract":
            path = client.settings_path().with_name("kiosk.json")
            path.write_text(json.dumps({"attract_after_seconds": 1}), encoding="utf-8")
        with client:
            x.xdotool("mousemove", "0", "0")
            time.sleep(1.5)
            if keys:
                client.key(*keys)
                x.xdotool("mousemove", "0", "0")
            time.sleep(max(1.0, args.ticks / 60) if args.ticks else 2.5)
            client.settled_capture(timeout=4)
            x.capture().save(args.out)
            g = client.geometry()
            print(f"window {g.w}x{g.h} at {g.x},{g.y} on a {size[0]}x{size[1]} screen", flush=True)
    print(args.out)
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "screen",
        choices=(
            "title",
            "select",
            "settings",
            "rules",
            "game",
            "pause",
            "results",
            "kiosk",
            "attract",
            "lobby",
            "party",
            "tutorial",
            "replays",
            "theatre",
            "profiles",
            "who",
            "keys",
            "puzzles",
            "puzzle",
            "all",
            "proof",
            "sweep",
        ),
    )
    p.add_argument("out", type=Path, help="PNG file (a folder for 'all')")
    p.add_argument("--game", help="game id for select / rules")
    p.add_argument("--id", help=f"full game id, e.g. '{EXAMPLE_ID}'")
    p.add_argument("--moves", help="';'-separated moves in notation")
    p.add_argument(
        "--sep", default=";", help="separator of --moves (use '|' for Element Shift plans)"
    )
    p.add_argument("--seats", help="comma-separated: person,easy,medium,hard per seat")
    p.add_argument("--ticks", type=int, default=0, help="ticks to run before the capture")
    p.add_argument("--mid", type=float, help="capture the last move's animation at this fraction")
    p.add_argument("--scroll", type=int, default=0, help="rules: scroll down this many pixels")
    p.add_argument(
        "--step",
        type=int,
        default=1,
        help="tutorial: the step (from 1); puzzle: which one (from 1)",
    )
    p.add_argument("--done", action="store_true", help="tutorial: show the step's result")
    p.add_argument(
        "--play-out", action="store_true", help="finish the game with random moves first"
    )
    p.add_argument(
        "--profiles", action="store_true", help="select: with demo profiles (Ada on seat 1)"
    )
    p.add_argument("--colour-blind", action="store_true", help="draw colour-blind glyphs")
    p.add_argument("--text-size", type=int, default=100, choices=(100, 125, 150))
    p.add_argument("--page", default="General", help="settings: the page to show")
    p.add_argument("--high-contrast", action="store_true", help="the high-contrast palette")
    p.add_argument("--reduced-motion", action="store_true", help="no drift, bounce or pulse")
    p.add_argument("--at", type=int, help="theatre: show the position after this many actions")
    p.add_argument("--analyse", action="store_true", help="theatre: wait for the analysis")
    p.add_argument("--gif", type=Path, help="theatre: also export the game as a GIF (path printed)")
    p.add_argument(
        "--size",
        type=window_size,
        metavar="WxH",
        help="show the screen in a window of this size (bars included), e.g. 1080x1920",
    )
    p.add_argument(
        "--language",
        default="en",
        metavar="CODE",
        help="the language to show: en (default), de, or pseudo (the test locale)",
    )
    p.add_argument("--only", help="sweep: only the screens whose name contains this")
    p.add_argument(
        "--real-window",
        action="store_true",
        help="run the real client on an X screen of --size (Xvfb + openbox, tools/xwindow.py) "
        "and capture the whole screen, its window in it: title, select, settings, game "
        "(--id), kiosk, attract",
    )
    args = p.parse_args(argv)
    if args.real_window:
        return real_window_shot(args, p)
    if args.game is not None:
        if args.game not in GAMES:
            # Each screen fell back to its own default game: a picture of the wrong game.
            p.error(f"--game {args.game!r}: known games are {', '.join(GAMES)}")
    global WINDOW_SIZE, LANGUAGE
    WINDOW_SIZE = args.size
    LANGUAGE = args.language
    if args.screen == "proof":
        return proof(args.out)
    if args.screen == "sweep":
        return sweep(args.out, args, args.only)
    if args.screen == "all":
        out = args.out
        for kind in ("title", "select", "settings"):
            print(screen(kind, out / f"{kind}.png", args))
        args.game = args.game or first_game()
        print(screen("rules", out / "rules.png", args))
        return 0
    print(screen(args.screen, args.out, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
