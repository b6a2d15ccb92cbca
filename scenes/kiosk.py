"""Kiosk mode for events and booths: attract demo, idle timeouts, operator exit.

``crystal-arcade --kiosk`` runs fullscreen with no Quit button and locked settings.
Its configuration is ``kiosk.json`` in the user config directory (written with the
defaults on first start so an operator can find and edit it):

- ``attract_after_seconds`` (45): idle time on the title before the demo starts.
- ``idle_timeout_seconds`` (90): idle time in a game before "Still there?".
- ``still_there_seconds`` (15): the countdown before going back to the title.
- ``exit_pin`` (""): digits asked for after the exit chord; empty = no PIN.
- ``demo_seconds_per_game`` (75): how long each game is shown in the demo.
- ``party`` (false): true lets visitors host a party from game select (Phone seats,
  the Host party switch: phones on the booth's network join as controllers), and the
  attract demo says so.  Off, a kiosk offers neither.
- ``allow_replays`` (false): offer Replays on the title (the best game of the day on
  the big screen).
- ``day_starts_at_hour`` (0): the local hour the hall of fame's "today" starts (0-23;
  an event open past midnight sets e.g. 6 so its night is one day).
- ``hall_of_fame_server`` (""): a PostgreSQL server several booths share the hall of
  fame on (a libpq string ``host=10.0.0.5 dbname=arcade user=booth`` or a
  ``postgresql://`` URL).  Unreachable, scores are kept on the booth and sent later.

The operator leaves with **Ctrl+Shift+Q** (then the PIN, if one is set).
"""

from __future__ import annotations

import random

import pygame

from game import autosave
from game.core import GameSetup
from game.match import Match, Seat
from game.registry import GAMES
from scenes.config import KioskConfig  # noqa: F401 - its home was here; tests import it so
from scenes.scene import LOGICAL_SIZE, Scene
from scenes.widgets import draw_panel, draw_text, lighten


class KioskPolicy:
    """What an event booth changes in the app: the operator's exit chord (behind the
    PIN when one is set), the attract demo after a quiet spell on the title, and
    "Still there?" after a quiet spell anywhere else.  The App asks it about each
    event and tells it each tick; the App itself knows no screen."""

    def __init__(self, config: KioskConfig):
        self.config = config
        self.next_demo = 0  # the attract demo walks through the games in turn

    @classmethod
    def load(cls, paths) -> tuple["KioskPolicy", str | None]:
        config, problem = KioskConfig.load(paths)
        return cls(config), problem

    def intercept(self, app, event: pygame.event.Event) -> bool:
        """The exit chord is the operator's, whatever screen is up."""
        if not is_exit_chord(event):
            return False
        if self.config.exit_pin:
            if not (app.stack and isinstance(app.stack[-1], PinScene)):
                app.push(PinScene(app))
        else:
            app.quit()
        return True

    def tick(self, app) -> None:
        """Idle on the title: the attract demo.  Idle anywhere else: 'Still there?'."""
        if not app.stack:
            return
        top = app.stack[-1]
        idle = app.idle_seconds()
        if top.name == "title":
            if idle >= self.config.attract_after_seconds:
                app.push(AttractScene(app, start_index=self.next_demo))
                self.next_demo += 1
        elif (
            not isinstance(top, (AttractScene, StillThereScene, PinScene))
            and idle >= self.config.idle_timeout_seconds
        ):
            app.push(StillThereScene(app))


def is_exit_chord(event: pygame.event.Event) -> bool:
    if event.type != pygame.KEYDOWN or event.key != pygame.K_q:
        return False
    mods = event.mod
    return bool(mods & pygame.KMOD_CTRL) and bool(mods & pygame.KMOD_SHIFT)


FAME_SECONDS = 8  # the hall of fame between two demo games


class AttractScene(Scene):
    """Bots play each game in turn at demo pace.  The first input of any kind goes
    back to the title at once and is swallowed (a tap does not also press a button)."""

    name = "attract"
    demo_levels = ("easy", "medium")

    def __init__(self, app, start_index: int = 0):
        super().__init__(app)

        self.ids = list(GAMES)
        self.index = start_index % max(1, len(self.ids))
        self.inner = None
        self.inner_ticks = 0
        self.rng = random.Random(app.tick_count)
        self.games_shown = 0
        # The hall of fame, shown over the first seconds of every demo game but the
        # first (the next game starts beneath it, so the cycle never stalls).
        self.interlude = None

    def enter(self) -> None:
        self.start_game()

    def exit(self) -> None:
        if self.inner is not None:
            self.inner.exit()
            self.inner = None

    def start_game(self) -> None:
        if self.inner is not None:
            self.inner.exit()
        gid = self.ids[self.index]
        spec = GAMES[gid]
        players = spec.default_players
        setup = GameSetup(
            gid, players, spec.resolve_options(players)[1], self.rng.randrange(1, 1_000_000)
        )
        seats = [Seat.bot(self.rng.choice(self.demo_levels)) for _ in range(players)]
        match = Match(spec, setup, seats, setup.start(GAMES))
        inner = self.app.build("play", match)
        inner.bot_seconds = 0.25  # quick thinking, paced animations: a watchable demo
        inner.show_results = lambda: None  # the demo moves on to the next game instead
        inner.autosave_enabled = False
        self.inner = inner
        self.inner_ticks = 0
        self.games_shown += 1
        inner.enter()
        if self.games_shown > 1:
            self.interlude = self.app.build("fame", attract=True)

    def learn_rect(self) -> pygame.Rect:
        """The banner's second offer: learn the game on show (a tap here, or H /
        controller Y), beside "Touch or press any key to play"."""
        return pygame.Rect(LOGICAL_SIZE[0] - 40 - 640, LOGICAL_SIZE[1] - 74, 640, 60)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN):
            self.app.input.last_input_tick = self.app.tick_count
            learn = self.inner is not None and (
                (event.type == pygame.MOUSEBUTTONDOWN and self.learn_rect().collidepoint(event.pos))
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_h)
            )
            game_id = self.inner.spec.id if learn else None
            self.app.reset_to(self.app.build("title"))
            if game_id is not None:
                self.app.open("tutorial", game_id)  # over the title: leaving it goes back there

    def update(self) -> None:
        super().update()
        if self.interlude is not None:
            self.interlude.update()
            if self.interlude.ticks >= FAME_SECONDS * 60:
                self.interlude = None
        if self.inner is None:
            return
        self.inner.update()
        self.inner_ticks += 1
        limit = int(self.app.kiosk_config.demo_seconds_per_game * 60)
        over = self.inner.match.is_over() and not self.inner.anim and not self.inner.queue
        if (
            self.inner_ticks >= limit
            or (over and self.inner.end_wait == -2)
            or (over and self.inner_ticks > 0 and self.inner.end_wait == 0)
        ):
            self.index = (self.index + 1) % len(self.ids)
            self.start_game()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.inner is not None:
            self.inner.draw(surface, alpha)
        if self.interlude is not None:
            self.interlude.draw(surface, alpha)
        theme = self.app.theme
        shade = pygame.Surface((LOGICAL_SIZE[0], 150), pygame.SRCALPHA)
        shade.fill((5, 6, 14, 200))
        surface.blit(shade, (0, LOGICAL_SIZE[1] - 150))
        pulse = 0.5 + 0.5 * pygame.math.Vector2(1, 0).rotate(self.ticks * 3).x
        draw_text(
            surface,
            "Touch or press any key to play",
            theme.font(52, "display"),
            lighten(theme["accent"], 0.3 * pulse),
            (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 128),
            "midtop",
            shadow=True,
        )
        if self.app.kiosk_config.party:
            draw_text(
                surface,
                "Play together: up to 12 phones join as controllers (Host party in game select)",
                theme.font(20, "bold"),
                theme["text"],
                (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 146),
                "midbottom",
                shadow=True,
            )
        if self.inner is not None:
            draw_text(
                surface,
                f"Demo: {self.inner.spec.title}",
                theme.font(24),
                theme["accent_2"],
                (40, LOGICAL_SIZE[1] - 44),
                "midleft",
            )
            rect = self.learn_rect()
            draw_panel(surface, rect, theme, fill="panel", edge="accent_2", alpha=235, width=3)
            draw_text(
                surface,
                f"Touch to learn {self.inner.spec.title} in a minute",
                theme.font(22, "bold"),
                lighten(theme["accent_2"], 0.2 * pulse),
                rect.center,
                "center",
                max_width=rect.w - 24,
            )


class StillThereScene(Scene):
    """'Still there?' over an idle game; any input dismisses it, the countdown's end
    abandons the match and returns to the title."""

    name = "still-there"
    overlay = True

    def __init__(self, app):
        super().__init__(app)
        self.left = int(app.kiosk_config.still_there_seconds * 60)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.input.last_input_tick = self.app.tick_count
            self.app.pop()

    def update(self) -> None:
        super().update()
        self.left -= 1
        if self.left <= 0:
            autosave.clear(self.app.paths)  # a kiosk never resumes an abandoned match
            # The title then gets its full idle time before the demo starts.
            self.app.input.last_input_tick = self.app.tick_count
            self.app.reset_to(self.app.build("title"))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        shade = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        shade.fill((5, 6, 14, 200))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, 620, 300)
        box.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        draw_panel(surface, box, theme, width=3)
        draw_text(
            surface,
            "Still there?",
            theme.font(60, "display"),
            theme["accent"],
            (box.centerx, box.y + 30),
            "midtop",
            shadow=True,
        )
        secs = max(0, (self.left + 59) // 60)
        draw_text(
            surface,
            f"Back to the title in {secs} s",
            theme.font(28),
            theme["text"],
            (box.centerx, box.y + 130),
            "midtop",
        )
        draw_text(
            surface,
            "Touch or press any key to keep playing",
            theme.font(22),
            theme["text_dim"],
            (box.centerx, box.y + 200),
            "midtop",
        )


class PinScene(Scene):
    """The operator's PIN after the exit chord (digits, Enter; Esc cancels)."""

    name = "pin"
    overlay = True

    def __init__(self, app):
        super().__init__(app)
        self.digits = ""
        self.wrong = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.digits == self.app.kiosk_config.exit_pin:
                self.app.quit()
            else:
                self.digits, self.wrong = "", True
        elif event.key == pygame.K_BACKSPACE:
            self.digits = self.digits[:-1]
        elif event.unicode and event.unicode.isdigit() and len(self.digits) < 12:
            self.digits += event.unicode
            self.wrong = False

    def update(self) -> None:
        super().update()
        if self.ticks > 60 * 30:  # a forgotten PIN prompt closes by itself
            self.app.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        box = pygame.Rect(0, 0, 520, 240)
        box.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        draw_panel(surface, box, theme, width=3)
        draw_text(
            surface,
            "Operator PIN",
            theme.font(36, "display"),
            theme["accent"],
            (box.centerx, box.y + 24),
            "midtop",
        )
        draw_text(
            surface,
            "•" * len(self.digits) or "_",
            theme.font(40),
            theme["text"],
            (box.centerx, box.y + 100),
            "midtop",
        )
        note = "Wrong PIN" if self.wrong else "Enter to leave, Esc to cancel"
        draw_text(
            surface,
            note,
            theme.font(20),
            theme["bad"] if self.wrong else theme["text_dim"],
            (box.centerx, box.y + 180),
            "midtop",
        )
