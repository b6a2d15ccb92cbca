"""A scripted tour of every screen, for tools/soak.py --tour: the program a player meets,
driven the way a player drives it, round after round, so memory that grows with use
shows in a table.

One round, from the title and back to it each time:

- Rules: every game's card, scrolled.  Settings: every page.
- Game select: every game's card; a game with a person (a profile picked on Who's
  playing?) against bots, the person's moves made by keys and clicks on the board, a
  hint asked for, the pause menu opened and the game left; then the same game with
  every seat an Easy bot, played to the results (the bots think in the real bot worker
  process), its replay saved.
- Profiles (from game select), the hall of fame, every game's tutorial skipped through
  to its hand-over game, every game's daily puzzle and one rush to the initials.
- Replays: the list with its thumbnails, the theatre on the newest game with its
  analysis run to completion, played, a picture exported, taken over.
- The party lobby on 127.0.0.1 (a free port), started with bots, left.
- The kiosk's attract demo, opened by name, two games of it, left with a key.

Input goes through the App (``post_click`` at a button's centre, ``post_key``), as
tests/drive.py does; files live in a scratch HOME; the bots are the real worker's.
Every wait is bounded by ticks or seconds, so a screen that never arrives ends the tour
with what went wrong instead of hanging it.
"""

from __future__ import annotations

import random
import time
import weakref

import pygame

from scenes.window import LOGICAL_SIZE

# Person's input on a board: keys and clicks that enter a move in one game or another
# (a cursor and Enter, a cell clicked, a line dragged).  No Escape, Tab or F1: the
# person stays on the board.
BOARD_KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
)


def person_to_act(view) -> bool:
    """A person at this screen decides the action now (not a bot, not a phone)."""
    seat = view.match.to_move()
    return seat >= 0 and not view.match.is_over() and view.decided_here(seat)


class TourError(RuntimeError):
    """A screen the tour expected did not come (its name and what was on top)."""


class Tour:
    """One App driven through every screen; ``round()`` walks them all once."""

    def __init__(self, app, *, draw_every: int = 4, seed: int = 1, log=None):
        self.app = app
        self.draw_every = max(1, draw_every)
        self.rng = random.Random(seed)
        self.rounds = 0
        self.person_moves = 0
        self.analyses = 0
        self.log = log or (lambda text: None)
        # the last round's RSS after each step: as it was, and after a full collection
        self.step_rss: dict[str, tuple[float, float, int]] = {}
        self.seen: weakref.WeakSet = weakref.WeakSet()  # every screen shown
        self.rss = None  # a function answering the RSS in MB (for step_rss)

    # -- ticking ------------------------------------------------------------------------
    def ticks(self, n: int) -> None:
        app = self.app
        for _ in range(n):
            app.run_ticks(1, draw=app.tick_count % self.draw_every == 0)
            self.seen.update(app.stack)

    def closed_but_alive(self) -> list[str]:
        """The screens that were shown and closed and are still in memory (waiting for
        the garbage collector, or kept by something)."""
        shown = set(map(id, self.app.stack))
        return sorted(s.name for s in list(self.seen) if id(s) not in shown)

    def until(self, predicate, *, ticks: int = 20_000, seconds: float = 120.0, what: str = ""):
        """Tick until ``predicate()``; bounded by ticks and real seconds (bots think in
        real time: run_ticks gives a pending request 2 ms a tick)."""
        end = time.monotonic() + seconds
        for _ in range(ticks):
            if predicate():
                return
            if time.monotonic() > end:
                break
            self.ticks(1)
        if not predicate():
            raise TourError(f"{what or 'waiting'}: never came; on top: {self.names()}")

    def names(self) -> list[str]:
        return [s.name for s in self.app.stack]

    def on(self, name: str, what: str = "") -> None:
        self.until(
            lambda: self.app.top is not None and self.app.top.name == name, what=what or name
        )

    # -- a player's input ---------------------------------------------------------------
    def key(self, k: int, ticks: int = 2, mod: int = 0, unicode: str = "") -> None:
        self.app.post_key(k, mod, unicode)
        self.ticks(ticks)

    def click(self, pos, ticks: int = 2) -> None:
        """A click on a canvas pixel, sent at the window pixel that shows it (the same
        pixel headless; scaled and moved by the letterbox in a real window)."""
        view, (lw, lh) = self.app.viewport, LOGICAL_SIZE
        x = view.x + int((pos[0] + 0.5) * view.w / lw)
        y = view.y + int((pos[1] + 0.5) * view.h / lh)
        self.app.post_click((x, y))
        self.ticks(ticks)

    def type_text(self, text: str) -> None:
        """Typing, as SDL delivers it to a focused text box (one TEXTINPUT a character)."""
        for ch in text:
            self.app.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            self.ticks(1)

    def control(self, label: str):
        scene = self.app.top
        for c in getattr(scene, "controls", ()):
            el = c.element
            if el.visible and el.is_enabled and el.text.startswith(label):
                return c
        return None

    def press(self, label: str, ticks: int = 3) -> None:
        """Click the top screen's button whose text starts with ``label``."""
        c = self.control(label)
        if c is None:
            texts = [c.element.text for c in getattr(self.app.top, "controls", ())]
            raise TourError(f"no button {label!r} on {self.names()}: {texts}")
        self.click(c.element.rect.center, ticks)

    def to_title(self) -> None:
        """Back to the title the way a player gets there: Escape, and the pause menu's
        Quit to title."""
        for _ in range(20):
            if self.names() == ["title"]:
                return
            top = self.app.top
            if top is not None and top.name == "pause":
                self.press("Quit to title")
            elif top is not None and top.name == "results":
                self.press("Title")
            elif top is not None and top.name == "initials":
                self.press("Skip")
            else:
                self.key(pygame.K_ESCAPE, ticks=4)
        raise TourError(f"could not get back to the title from {self.names()}")

    def fumble_a_move(self, view, tries: int = 400) -> bool:
        """A person's move made by trying keys and clicks on the board until the match
        takes one; answers whether it did."""
        from scenes.play.frame import BOARD_AREA

        before = len(view.match.entries)
        for _ in range(tries):
            if self.app.top is not view:
                if self.app.top is not None and self.app.top.name in ("pause", "rules"):
                    self.key(pygame.K_ESCAPE)
                    continue
                return False
            if len(view.match.entries) > before or view.match.is_over():
                return len(view.match.entries) > before
            if not person_to_act(view):
                self.ticks(1)
                continue
            if self.rng.random() < 0.5:
                self.key(self.rng.choice(BOARD_KEYS), ticks=1)
            else:
                x = self.rng.randrange(BOARD_AREA.left, BOARD_AREA.right)
                y = self.rng.randrange(BOARD_AREA.top, BOARD_AREA.bottom)
                self.app.post(
                    pygame.event.Event(
                        pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0), touch=False
                    )
                )
                self.click((x, y), ticks=1)
        return len(view.match.entries) > before

    def settle(self, view, seconds: float = 60.0) -> None:
        """Until a person may act, the game is over, or another screen is on top."""

        def ready():
            if self.app.top is not view:
                return True
            idle = not view.anim and not view.queue
            return idle and (view.match.is_over() or person_to_act(view))

        self.until(ready, seconds=seconds, what="the bots' moves")

    # -- the round ----------------------------------------------------------------------
    def steps(self):
        from game.registry import GAMES

        out = [("rules", self.rules), ("settings", self.settings)]
        for gid in GAMES:
            out.append((f"play {gid}", lambda g=gid: self.play(g)))
        out += [
            ("profiles", self.profiles),
            ("hall of fame", self.hall_of_fame),
            ("tutorials", self.tutorials),
            ("puzzles", self.puzzles),
            ("theatre", self.theatre),
            ("lobby", self.lobby),
            ("attract", self.attract),
        ]
        return out

    def round(self) -> None:
        self.to_title()
        for name, step in self.steps():
            self.log(f"    {name}")
            step()
            self.to_title()
            if self.rss is not None:
                import gc

                raw, waiting = self.rss(), len(self.closed_but_alive())
                gc.collect()
                self.step_rss[name] = (raw, self.rss(), waiting)
        self.rounds += 1

    # -- the screens --------------------------------------------------------------------
    def rules(self) -> None:
        from game.registry import GAMES

        self.press("Rules")
        self.on("rules")
        for gid in GAMES:
            self.press(GAMES[gid].title, ticks=2)
            for _ in range(3):
                self.key(pygame.K_PAGEDOWN, ticks=6)
        self.key(pygame.K_ESCAPE)

    def settings(self) -> None:
        from scenes.settings import PAGES

        self.press("Settings")
        self.on("settings")
        for page in PAGES:
            self.press(page, ticks=4)
        self.press("General", ticks=2)
        self.key(pygame.K_ESCAPE)

    def open_select(self, gid: str):
        from game.registry import GAMES

        self.press("Play")
        self.on("select")
        self.press(GAMES[gid].title)
        return self.app.top

    def pick_profile(self) -> None:
        """Who's playing? for seat 1: the tour's profile, made on the first visit."""
        select = self.app.top
        who = next(
            (c for c in select.controls if c.element.text.startswith(("Guest", "Tour"))), None
        )
        if who is None:
            return
        self.click(who.element.rect.center)
        self.on("who")
        if self.control("Tour"):
            self.press("Tour")
        else:
            scene = self.app.top
            self.click(scene.entry.rect.center)
            self.type_text("Tour")
            self.press("Create and play")
        self.on("select")

    def seat_cyclers(self, select) -> list:
        from scenes.select import SEAT_CHOICES

        return [c for c in select.controls if c.data.get("values") == select.seat_choices()] or [
            c for c in select.controls if tuple(c.data.get("values", ())) == SEAT_CHOICES
        ]

    def set_seats(self, select, wanted: str) -> None:
        """Every seat's cycler turned (pressed) until it shows ``wanted``; seat 1 stays a
        person when ``wanted`` is None for it."""
        for k in range(len(self.seat_cyclers(select))):
            for _ in range(8):
                cyclers = self.seat_cyclers(select)
                c = cyclers[k]
                if c.data["values"][c.data["state"]["i"]] == wanted:
                    break
                self.click(c.element.rect.center)

    def set_seat(self, select, k: int, wanted: str) -> None:
        """Seat ``k``'s cycler pressed until it shows ``wanted``."""
        for _ in range(12):
            c = self.seat_cyclers(select)[k]
            if c.data["values"][c.data["state"]["i"]] == wanted:
                return
            self.click(c.element.rect.center)
        raise TourError(f"seat {k + 1} never showed {wanted!r}")

    def play(self, gid: str) -> None:
        # a person (the tour's profile) against the bots
        select = self.open_select(gid)
        self.pick_profile()
        self.press("Start")
        self.until(lambda: getattr(self.app.top, "match", None) is not None, what="the game")
        view = self.app.top
        for _ in range(3):
            self.settle(view)
            if self.app.top is not view or view.match.is_over():
                break
            if self.fumble_a_move(view):
                self.person_moves += 1
        if self.app.top is view and not view.match.is_over():
            self.settle(view)
            if person_to_act(view):
                self.key(pygame.K_h, ticks=1)  # a hint: the hint bot thinks in the worker
                self.until(lambda: view.hint_ticket is None, seconds=30, what="the hint")
            self.key(pygame.K_ESCAPE)
            self.on("pause")
            self.press("Resume")
            self.key(pygame.K_ESCAPE)
            self.on("pause")
            self.press("Quit to title")
        self.to_title()
        # every seat a bot, to the results
        select = self.open_select(gid)
        self.set_seats(select, "easy")
        self.press("Start")
        self.until(lambda: getattr(self.app.top, "match", None) is not None, what="the game")
        self.until(
            lambda: self.app.top is not None and self.app.top.name in ("results", "initials"),
            ticks=400_000,
            seconds=900,
            what="the results",
        )
        if self.app.top.name == "initials":
            self.press("Skip")
        self.on("results")
        self.ticks(60)
        self.press("Save replay")
        self.press("Title")

    def profiles(self) -> None:
        self.press("Play")
        self.on("select")
        self.press("Profiles")
        self.on("profiles")
        plot = self.control("Plot")
        for _ in range(5):
            self.click(plot.element.rect.center, ticks=3)
        self.key(pygame.K_ESCAPE)

    def hall_of_fame(self) -> None:
        self.press("Hall of fame")
        self.on("fame")
        scene = self.app.top
        board = next((c for c in scene.controls if c.data.get("values")), None)
        for _ in range(len(board.data["values"]) if board else 0):
            self.click(board.element.rect.center, ticks=3)
        self.key(pygame.K_ESCAPE)

    def tutorials(self) -> None:
        from game.registry import GAMES

        for gid in GAMES:
            self.press("Play")
            self.on("select")
            cards = [c for c in self.app.top.controls if c.element.text == "Learn"]
            self.click(cards[list(GAMES).index(gid)].element.rect.center)
            self.until(lambda: hasattr(self.app.top, "tutorial"), what="the tutorial")
            steps = len(self.app.top.tutorial.steps)
            for _ in range(steps):
                self.ticks(20)
                self.key(pygame.K_PAGEDOWN, ticks=4)
            # the hand-over: a real game against the Easy bot
            self.until(
                lambda: (
                    getattr(self.app.top, "match", None) is not None
                    and not hasattr(self.app.top, "tutorial")
                ),
                what="the hand-over game",
            )
            view = self.app.top
            self.settle(view)
            if person_to_act(view) and self.fumble_a_move(view):
                self.person_moves += 1
            self.to_title()

    def puzzles(self) -> None:
        from game.content import puzzles as P
        from game.registry import GAMES

        self.press("Puzzles")
        self.on("puzzles")
        for gid in P.puzzle_games():
            self.press(GAMES[gid].title)
            self.press("Daily puzzle")
            self.until(lambda: hasattr(self.app.top, "puzzle"), what="the daily puzzle")
            view = self.app.top
            self.ticks(30)
            self.fumble_a_move(view, tries=60)
            self.ticks(120)
            while self.app.top is not None and self.app.top.name != "puzzles":
                self.key(pygame.K_ESCAPE, ticks=3)
                if self.app.top is not None and self.app.top.name == "pause":
                    self.press("Quit to title")
                    self.to_title()
                    self.press("Puzzles")
                    self.on("puzzles")
                    break
        # one rush, let run out (three minutes of ticks), to the initials
        self.press("Rush")
        self.until(
            lambda: self.app.top is not None and self.app.top.name == "initials",
            ticks=20_000,
            seconds=900,
            what="the rush's end",
        )
        for ch in "TUR":
            self.key(ord(ch.lower()), ticks=1, unicode=ch)
        self.press("OK")
        self.to_title()

    def theatre(self) -> None:
        self.press("Replays")
        self.on("replays")
        lib = self.app.top
        self.ticks(10)
        lib.wait_for_thumbnails()
        self.ticks(len(lib.rows) + 5)  # one thumbnail drawn a frame
        # a different one of the round's games each round (the newest first)
        for _ in range(self.rounds % 5):
            self.key(pygame.K_DOWN, ticks=1)
        self.press("Open")
        self.on("theatre")
        scene = self.app.top
        self.key(pygame.K_SPACE)  # play while the analysis runs
        if scene.analyst is not None:
            self.until(
                lambda: scene.analyst.finished() and not scene.analyst.busy(),
                ticks=2_000_000,
                seconds=600,
                what="the analysis",
            )
            self.analyses += 1
        self.key(pygame.K_END)
        self.key(pygame.K_p, ticks=10)  # a PNG of the position
        self.key(pygame.K_HOME)
        for _ in range(4):
            self.key(pygame.K_RIGHT, ticks=30)
        self.key(pygame.K_t, ticks=4)  # take over from here
        if self.app.top is not scene:
            self.key(pygame.K_ESCAPE, ticks=4)
        self.to_title()

    def lobby(self) -> None:
        from game.registry import GAMES

        gid = list(GAMES)[self.rounds % len(GAMES)]
        select = self.open_select(gid)
        if not select.hosting():
            self.press("Host party")
        # the game's earlier visit left every seat a bot: with no Phone seat, Start
        # would play at once without a lobby
        self.set_seat(select, 0, "phone")
        self.press("Start")
        self.on("lobby")
        self.ticks(30)
        self.press("Start")
        self.until(lambda: getattr(self.app.top, "match", None) is not None, what="the party game")
        view = self.app.top
        self.until(
            lambda: len(view.match.entries) >= 4 or view.match.is_over(),
            seconds=120,
            what="the party's moves",
        )
        self.key(pygame.K_ESCAPE)
        self.to_title()

    def attract(self) -> None:
        from scenes.kiosk import FAME_SECONDS

        app = self.app
        app.open("attract")  # a kiosk opens it after a quiet spell on the title
        self.ticks(2)
        scene = app.top
        shown = scene.games_shown
        self.until(
            lambda: scene.games_shown >= shown + 2,
            ticks=40 * 60 * 60,
            seconds=600,
            what="two demo games",
        )
        self.ticks(FAME_SECONDS * 60)
        self.key(pygame.K_SPACE)
