"""A booth's day of visitors, played through the real headless App in kiosk mode, for
tests/test_counters.py: each visitor ends the attract demo with a touch, does what
the plan says, and leaves the kiosk idle until the demo starts again.

Run as a program (the test runs it in a child process that it may kill)::

    python tests/kiosk_day.py HOME FIRST [STOP_AT]

plays the plan's visitors from index FIRST, printing one line of JSON per visitor
when they are done (what they did, their session's length in ticks), and with
STOP_AT stops in the middle of that visitor's game (its start counted, its end not)
and says ``{"waiting": i}``: then it waits, for the test to kill it there.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

GAMES_PLAYED = ("crystal-connector", "color-crossroads", "chromatic-collapse")
LEVELS = ("easy", "medium", "random")


def plan() -> list[dict]:
    """The day, visitor by visitor (the same every run).  ``does``: ``finish`` (a game
    played to its end), ``resign`` (given up from the menu: it ends, so it finished),
    ``walk-away`` (left alone until "Still there?" runs out), ``quit`` (Quit from the
    menu), ``tutorial`` (a lesson to its last step, then the real game it hands over
    to left alone), ``fame`` (initials on a board),
    ``fail`` (a screen raises), ``look`` (touched, and went)."""
    kinds = (
        "finish",
        "walk-away",
        "tutorial",
        "resign",
        "fame",
        "quit",
        "finish",
        "fail",
        "look",
        "walk-away",
        "resign",
        "tutorial",
    )
    out = []
    for i, does in enumerate(kinds):
        out.append(
            {
                "does": does,
                "game": GAMES_PLAYED[i % len(GAMES_PLAYED)],
                "level": LEVELS[(i // 2) % len(LEVELS)],
            }
        )
    return out


def expected(done: list[dict], interrupted: dict | None = None) -> dict[str, float]:
    """The counts the visitors ``done`` (and one ``interrupted`` in the middle of its
    game) must have left: figure -> value, as Counters.figures names them."""
    want: dict[str, float] = {}

    def add(key: str) -> None:
        want[key] = want.get(key, 0) + 1

    def game(kind: str, v: dict) -> None:
        add(kind)
        add(f"{kind}:{v['game']}")
        add(f"{kind}:{v['game']}:{v['level']}")

    for v in done + ([interrupted] if interrupted else []):
        add("visitor")
        if v["does"] in ("finish", "resign", "walk-away", "quit") or v is interrupted:
            game("game-started", v)
        if v is interrupted:
            continue
        add("session")
        if v["does"] in ("finish", "resign"):
            game("game-finished", v)
        elif v["does"] in ("walk-away", "quit"):
            game("game-abandoned", v)
        elif v["does"] == "tutorial":
            add("tutorial-finished")
            add(f"tutorial-finished:{v['game']}")
            # the lesson hands over to a real game against the Easy bot, left alone
            lesson_game = {**v, "level": "easy"}
            game("game-started", lesson_game)
            game("game-abandoned", lesson_game)
        elif v["does"] == "fame":
            add("fame-entry")
            add(f"fame-entry:{v['game']}")
        elif v["does"] == "fail":
            add("screen-failed")
    return want


# -- driving the App ------------------------------------------------------------------
def make_kiosk(home: Path):
    os.environ["CRYSTAL_ARCADE_HOME"] = str(home)
    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    from game.storage.saves import user_paths
    from scenes.boot import make_app

    app = make_app(headless=True, paths=user_paths(), kiosk=True)
    config = app.kiosk_config
    config.attract_after_seconds = 1
    config.idle_timeout_seconds = 2
    config.still_there_seconds = 1
    config.demo_seconds_per_game = 3
    app.settings.animation_speed = 4.0
    return app


def until(app, what, ticks: int = 20_000) -> None:
    if not app.run_until(what, max_ticks=ticks):
        top = app.top.name if app.stack else "none"
        raise AssertionError(f"the kiosk did not get there (on the {top} screen)")


def start_game(app, v: dict):
    """Game select, the game and the bot level of the plan, Start: the play screen."""
    app.open("select", v["game"])
    until(app, lambda: app.top.name == "select")
    select = app.top
    select.choose(v["game"])
    cfg = select.cfg()
    cfg["players"] = 2
    cfg["seats"][:2] = ["person", v["level"]]
    select.start()
    until(app, lambda: app.top.name == "play")
    play = app.top
    play.bot_seconds = 0.02
    return play


def play_out(app, play, rng: random.Random) -> None:
    """The visitor's moves (any legal one) until the game is over."""
    while not play.match.is_over():
        if (
            app.top is play
            and play.match.to_move() >= 0
            and play.decided_here(play.match.to_move())
        ):
            moves = list(play.match.state.legal_moves())
            play.try_move(rng.choice(moves))
        app.run_ticks(1, draw=False)
        app.input.last_input_tick = app.tick_count  # the visitor is at it


def visit(app, v: dict, rng: random.Random, stop: bool = False) -> int:
    """One visitor, from the touch that ends the demo to the demo's return; returns the
    session's length in ticks."""
    import pygame

    until(app, lambda: app.top.name == "attract")
    app.post_key(pygame.K_SPACE)
    app.post_key(pygame.K_a)  # a second key in the same frame: still one visitor
    touched = app.tick_count
    until(app, lambda: app.top.name == "title")
    does = v["does"]
    if does in ("finish", "resign", "walk-away", "quit"):
        play = start_game(app, v)
        if stop:
            app.run_ticks(5, draw=False)
            return -1
        if does == "finish":
            play_out(app, play, rng)
            until(app, lambda: app.top.name in ("results", "initials"))
            app.reset_to(app.build("title"))  # the results' Title
        elif does == "resign":
            play.open_pause()
            until(app, lambda: app.top.name == "pause")
            app.pop()
            app.run_ticks(1, draw=False)
            play.resign()
            until(app, lambda: app.top.name in ("results", "initials"))
            app.reset_to(app.build("title"))
        elif does == "walk-away":
            until(app, lambda: app.top.name == "still-there")
            until(app, lambda: app.top.name == "title")
        else:
            play.open_pause()
            until(app, lambda: app.top.name == "pause")
            app.reset_to(app.build("title"))  # the menu's Quit to title
    elif does == "tutorial":
        app.open("tutorial", v["game"])
        until(app, lambda: app.top.name != "title")
        lesson = app.top
        lesson.go_to(len(lesson.tutorial.steps))  # Next on the last step
        until(app, lambda: app.top.name == "play")
        # the real game it hands over to (against the Easy bot) is left alone
        until(app, lambda: app.top.name == "still-there")
        until(app, lambda: app.top.name == "title")
    elif does == "fame":
        app.open("initials", board=f"rush:{v['game']}", score=7.0)
        until(app, lambda: app.top.name == "initials")
        for ch in "CAB":
            app.post_key(getattr(pygame, f"K_{ch.lower()}"), unicode=ch)
        app.top.confirm()
        until(app, lambda: app.top.name == "fame")
        app.reset_to(app.build("title"))
    elif does == "fail":
        from scenes.scene import Scene

        class Failing(Scene):
            name = "failing"

            def update(self) -> None:
                super().update()
                raise RuntimeError("a screen that fails")

        app.push(Failing(app))
        until(app, lambda: app.top.name == "title" and app.errors)
    until(app, lambda: app.top.name == "attract")
    return app.tick_count - touched


def main(argv: list[str]) -> int:
    home, first = Path(argv[0]), int(argv[1])
    stop_at = int(argv[2]) if len(argv) > 2 else None
    app = make_kiosk(home)
    rng = random.Random(first)
    try:
        for i, v in enumerate(plan()[first:], first):
            if i == stop_at:
                visit(app, v, rng, stop=True)
                print(json.dumps({"waiting": i}), flush=True)
                sys.stdin.readline()  # killed here
                return 1
            ticks = visit(app, v, rng)
            print(json.dumps({"visitor": i, "ticks": ticks}), flush=True)
    finally:
        app.shutdown()
    print(json.dumps({"done": True}), flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.exit(main(sys.argv[1:]))
