"""Kiosk mode for events and booths: attract demo, idle timeouts, operator exit.

``crystal-arcade --kiosk`` runs fullscreen with no Quit button and locked settings.
Its configuration is ``kiosk.json`` in the user config directory (written with the
defaults on first start so an operator can find and edit it):

- ``attract_after_seconds`` (45): idle time on the title before the demo starts.
- ``idle_timeout_seconds`` (90): idle time in a game before "Still there?".
- ``still_there_seconds`` (15): the countdown before going back to the title.
- ``exit_pin`` (""): 4 to 12 digits asked for after the exit chord; empty = no PIN.
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
- ``counters_folder`` (""): the full path Export CSV on the operator's counters
  writes to (a USB stick, e.g. ``/media/usb``); "" = ``counters`` in the user data
  folder.  The operator can name another for the running kiosk on that screen.
- ``booth_name`` (""): this booth's name on the shared server (the operator's Booths
  view, the CSV's ``booth:<name>:`` rows), at most 40 characters; "" keeps the name
  the counters file has, the machine's host name when it was made.

The operator leaves with **Ctrl+Shift+Q** and opens the counters (scenes/operator.py)
with **Ctrl+Shift+O** (either then the PIN, if one is set, the same back-off).  One prompt
at a time; after ``PIN_FREE_TRIES`` wrong PINs the prompt takes no input for
``PIN_LOCK_SECONDS`` (counted in ticks), doubling after each further wrong one, up to
``PIN_LOCK_MAX_SECONDS``.  When kiosk.json was damaged with no good copy to fall back
on (``exit_locked``), the chord only says exiting is locked: a signal (SIGTERM) ends
the kiosk then.  A kiosk never writes the person's settings.json, and saves at most
one replay per finished game and ``REPLAY_CAP`` per session.
"""

from __future__ import annotations

import random

import pygame

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.storage import autosave
from game.text.i18n import N_, _
from scenes.config import EXIT_PIN_DIGITS, KioskConfig, valid_exit_pin
from scenes.scene import AMBIENT, LOGICAL_SIZE, STILL, TICK_RATE, Scene
from scenes.stage import Stage, log_mark
from scenes.widgets import (
    draw_panel,
    draw_pin_box,
    draw_text,
    fitting_font,
    lighten,
    starfield_background,
    toast,
)

PIN_FREE_TRIES = 5  # wrong PINs before the prompt backs off
PIN_LOCK_SECONDS = 30  # the first wait; each further wrong PIN doubles it
PIN_LOCK_MAX_SECONDS = 3600  # an hour a try at most: the operator can still get out
PIN_IDLE_SECONDS = 30  # a forgotten prompt closes by itself
REPLAY_CAP = 5  # replays a kiosk session may save (one per finished game)
EXIT_LOCKED_TEXT = N_("Exit is locked: the kiosk settings are damaged")


class KioskPolicy:
    """What an event booth changes in the app: the operator's exit chord (behind the
    PIN when one is set), the attract demo after a quiet spell on the title, and
    "Still there?" after a quiet spell anywhere else.  The App asks it about each
    event and tells it each tick; the App itself knows no screen."""

    def __init__(self, config: KioskConfig):
        self.config = config
        self.next_demo = 0  # the attract demo walks through the games in turn
        # The PIN's back-off lives here, not in the prompt: closing and reopening the
        # prompt must not hand a visitor fresh tries.
        self.wrong_pins = 0
        self.locked_until = 0  # app tick before which the prompt takes no input
        self.prompt: PinScene | None = None  # the one open prompt
        self.replays_saved = 0  # this session's, against REPLAY_CAP
        # The visitor's session on show: the app tick of the touch that ended the
        # attract demo, until the next demo starts (then its length is counted).
        self.session_began: int | None = None

    @classmethod
    def load(cls, paths) -> tuple["KioskPolicy", str | None]:
        config, problem = KioskConfig.load(paths)
        return cls(config), problem

    def intercept(self, app, event: pygame.event.Event) -> bool:
        """The exit chord and the counters chord are the operator's, whatever screen
        is up."""
        counters = is_counters_chord(event)
        if not is_exit_chord(event) and not counters:
            return False
        if getattr(self.config, "exit_locked", False):
            # No prompt at all: no PIN can be trusted from a damaged file.  Said once
            # per showing, never stacked.
            showing = app.__dict__.get("_toasts", [])
            if not any(t.text == _(EXIT_LOCKED_TEXT) for t in showing):
                toast(app, _(EXIT_LOCKED_TEXT), "warning", seconds=3)
            return True
        if self.config.exit_pin:
            if self.prompt is not None and not self._prompt_alive(app):
                self.prompt = None  # dropped without its exit hook (error recovery)
            if self.prompt is None:
                self.prompt = PinScene(app, self, then=open_counters if counters else None)
                app.push(self.prompt)
        elif counters:
            open_counters(app)
        else:
            app.quit()
        return True

    def _prompt_alive(self, app) -> bool:
        return self.prompt in app.stack or any(s is self.prompt for _, s in app._pending)

    # -- the PIN's back-off ------------------------------------------------------------
    def lock_ticks_left(self, app) -> int:
        return max(0, self.locked_until - app.tick_count)

    def pin_wrong(self, app) -> None:
        self.wrong_pins += 1
        beyond = self.wrong_pins - PIN_FREE_TRIES
        if beyond >= 0:
            seconds = min(PIN_LOCK_SECONDS * 2 ** min(beyond, 16), PIN_LOCK_MAX_SECONDS)
            self.locked_until = app.tick_count + int(seconds * TICK_RATE)

    # -- the operator's counters (scenes/counting.py) ------------------------------------
    def visitor_came(self, app) -> None:
        """A touch ended the attract demo: a visitor, whose session starts now."""
        from scenes.counting import count

        count(app, "visitor")
        self.session_began = app.tick_count

    def visitor_left(self, app) -> None:
        """The kiosk went back to its attract demo: the session on show is over, its
        length counted in the App's ticks (the time the visitor had)."""
        if self.session_began is None:
            return
        from scenes.counting import count

        seconds = (app.tick_count - self.session_began) / TICK_RATE
        self.session_began = None
        count(app, "session", seconds=seconds)

    def screen_failed(self, app, name: str) -> None:
        """The App recovered from screen ``name`` raising."""
        from scenes.counting import count

        count(app, "screen-failed", detail=name)

    # -- replays -------------------------------------------------------------------------
    def may_save_replay(self) -> bool:
        return self.replays_saved < REPLAY_CAP

    def tick(self, app) -> None:
        """Idle on the title: the attract demo.  Idle anywhere else: 'Still there?'."""
        if not app.stack:
            return
        top = app.stack[-1]
        idle = app.idle_seconds()
        if top.name == "title":
            if idle >= self.config.attract_after_seconds:
                self.visitor_left(app)
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


def is_counters_chord(event: pygame.event.Event) -> bool:
    """Ctrl+Shift+O: the operator's counters (behind the same PIN as the exit)."""
    if event.type != pygame.KEYDOWN or event.key != pygame.K_o:
        return False
    mods = event.mod
    return bool(mods & pygame.KMOD_CTRL) and bool(mods & pygame.KMOD_SHIFT)


def open_counters(app) -> None:
    app.open("operator")


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
        self._stage: Stage | None = None  # kept: its offscreen canvas is reused
        self.left = False  # a touch ended the demo (the title is on its way)

    def enter(self) -> None:
        self.start_game()

    def exit(self) -> None:
        super().exit()
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
        inner.counted = False  # the bots' game: not a visitor's
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

    def heading_top(self) -> int:
        """The top of "Touch or press any key to play", just above the learn offer."""
        return self.learn_rect().top - 2 - self.app.theme.heading(52).get_height()

    def band_top(self) -> int:
        """The top of the call-to-play band: the heading, and above it the party line
        when the booth offers parties (it grows with the text size)."""
        top = self.heading_top()
        if self.app.kiosk_config.party:
            top -= self.app.theme.font(20, "bold").get_height()
        return top - 8

    def stage(self) -> Stage:
        """The demo (and the hall of fame between games) is drawn at its own 1280x720
        layout and shown scaled into the room above the band, so the band covers none
        of its lines."""
        stage = Stage(pygame.Rect((0, 0), LOGICAL_SIZE), (0, 0, LOGICAL_SIZE[0], self.band_top()))
        if stage != self._stage:  # the text size or the party setting changed the band
            self._stage = stage
        return self._stage

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN):
            self.app.input.last_input_tick = self.app.tick_count
            if self.left:
                return  # keys mashed in one frame: one visitor, one way out
            self.left = True
            learn = self.inner is not None and (
                (event.type == pygame.MOUSEBUTTONDOWN and self.learn_rect().collidepoint(event.pos))
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_h)
            )
            game_id = self.inner.spec.id if learn else None
            policy = self.app.policy
            if policy is not None:
                policy.visitor_came(self.app)
            self.app.reset_to(self.app.build("title"))
            if game_id is not None:
                self.app.open("tutorial", game_id)  # over the title: leaving it goes back there

    def frame_rate(self) -> int:
        """A demo is watched from a few steps away: half the frames of a game in play
        are smooth enough, and it rests (no frame) while its game rests."""
        rates = [s.frame_rate() for s in (self.inner, self.interlude) if s is not None]
        return min(AMBIENT, max(rates, default=STILL))

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
        theme = self.app.theme
        motion = self.inner.motion_ticks if self.inner is not None else self.motion_ticks
        starfield_background(surface, theme, motion // 2)
        stage = self.stage()
        canvas = stage.canvas(surface)
        mark = log_mark()
        if self.inner is not None:
            self.inner.draw(canvas, alpha)
        if self.interlude is not None:
            self.interlude.draw(canvas, alpha)
        stage.relog(mark)
        stage.show(surface)
        pygame.draw.rect(surface, theme["panel_edge"], stage.dest.inflate(4, 4), 2)
        band = self.band_top()
        shade = pygame.Surface((LOGICAL_SIZE[0], LOGICAL_SIZE[1] - band), pygame.SRCALPHA)
        shade.fill((5, 6, 14, 200))
        surface.blit(shade, (0, band))
        pulse = 0.5 + 0.5 * pygame.math.Vector2(1, 0).rotate(motion * 3).x
        heading_top = self.heading_top()
        draw_text(
            surface,
            _("Touch or press any key to play"),
            theme.heading(52),
            lighten(theme["accent"], 0.3 * pulse),
            (LOGICAL_SIZE[0] // 2, heading_top),
            "midtop",
            shadow=True,
        )
        if self.app.kiosk_config.party:
            draw_text(
                surface,
                _("Play together: up to 12 phones join as controllers (Host party in game select)"),
                theme.font(20, "bold"),
                theme["text"],
                (LOGICAL_SIZE[0] // 2, heading_top),
                "midbottom",
                shadow=True,
                max_width=LOGICAL_SIZE[0] - 80,
            )
        if self.inner is not None:
            rect = self.learn_rect()
            label = _("Demo: {game}").format(game=self.inner.spec.title)
            room = rect.x - 40 - 16
            draw_text(
                surface,
                label,
                fitting_font(theme, label, 24, "bold", room),
                theme["accent_2"],
                (40, rect.centery),
                "midleft",
                max_width=room,
            )
            draw_panel(surface, rect, theme, fill="panel", edge="accent_2", alpha=235, width=3)
            offer = _("Touch to learn {game} in a minute").format(game=self.inner.spec.title)
            draw_text(
                surface,
                offer,
                fitting_font(theme, offer, 22, "bold", rect.w - 24),
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
        self.closing = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.app.input.last_input_tick = self.app.tick_count
            if not self.closing:  # keys mashed in one frame: one pop, not one each
                self.closing = True
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
            _("Still there?"),
            theme.heading(60),  # decorative: its designed size, within the box
            theme["accent"],
            (box.centerx, box.y + 30),
            "midtop",
            shadow=True,
            max_width=box.w - 40,
        )
        secs = max(0, (self.left + 59) // 60)
        draw_text(
            surface,
            _("Back to the title in {n} s").format(n=secs),
            theme.font(28),
            theme["text"],
            (box.centerx, box.y + 130),
            "midtop",
            max_width=box.w - 40,
        )
        draw_text(
            surface,
            _("Touch or press any key to keep playing"),
            theme.font(22),
            theme["text_dim"],
            (box.centerx, box.y + 200),
            "midtop",
            max_width=box.w - 40,
        )


class PinScene(Scene):
    """The operator's PIN after the exit chord (digits, Enter; Esc cancels).  Takes
    4 to 12 ASCII digits (the one rule, ``valid_exit_pin``); wrong PINs back off
    (see ``KioskPolicy.pin_wrong``) and the prompt says how long to wait."""

    name = "pin"
    overlay = True

    def __init__(self, app, policy: KioskPolicy | None = None, then=None):
        """``then(app)``: what the right PIN opens (the counters); None: it quits."""
        super().__init__(app)
        self.then = then
        self.policy = policy if policy is not None else app.policy
        self.digits = ""
        self.wrong = False
        self.short = False  # Enter on fewer digits than any PIN has
        self.last_key = 0  # own ticks at the last key: a forgotten prompt closes
        self.closing = False

    def exit(self) -> None:
        super().exit()
        if self.policy is not None and self.policy.prompt is self:
            self.policy.prompt = None

    def locked_ticks(self) -> int:
        return self.policy.lock_ticks_left(self.app) if self.policy is not None else 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        self.last_key = self.ticks
        if self.closing:
            return  # a pop is queued: a second Esc in the frame must not pop the game too
        if event.key == pygame.K_ESCAPE:
            self.close()
            return
        if self.locked_ticks():
            return  # backing off: no digit and no Enter counts
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
        elif event.key == pygame.K_BACKSPACE:
            self.digits = self.digits[:-1]
        elif (
            len(event.unicode or "") == 1
            and "0" <= event.unicode <= "9"
            and len(self.digits) < EXIT_PIN_DIGITS[1]
        ):
            self.digits += event.unicode
            self.wrong = self.short = False

    def submit(self) -> None:
        entered, self.digits = self.digits, ""
        if not valid_exit_pin(entered):
            # Cannot be the PIN: not a try (a visitor mashing Enter locks nobody out).
            self.short, self.wrong = True, False
            return
        if entered == self.app.kiosk_config.exit_pin and valid_exit_pin(
            self.app.kiosk_config.exit_pin
        ):
            if self.then is None:
                self.app.quit()
            else:
                self.close()
                self.then(self.app)
            return
        self.wrong, self.short = True, False
        if self.policy is not None:
            self.policy.pin_wrong(self.app)

    def update(self) -> None:
        super().update()
        if self.locked_ticks():
            self.last_key = self.ticks  # the idle clock starts when the wait is over
        elif self.ticks - self.last_key > PIN_IDLE_SECONDS * TICK_RATE:
            self.close()

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.app.pop()

    def note(self) -> tuple[str, str]:
        """The line under the dots, and its colour's theme key."""
        left = self.locked_ticks()
        if left:
            wait = (left + TICK_RATE - 1) // TICK_RATE
            return _("Too many wrong PINs: wait {n} s").format(n=wait), "bad"
        if self.wrong:
            return _("Wrong PIN"), "bad"
        if self.short:
            low, high = EXIT_PIN_DIGITS
            return _("The PIN has {low} to {high} digits").format(low=low, high=high), "bad"
        if self.then is not None:
            return _("Enter to open the counters, Esc to cancel"), "text_dim"
        return _("Enter to leave, Esc to cancel"), "text_dim"

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        note, colour = self.note()
        draw_pin_box(surface, self.app.theme, _("Operator PIN"), self.digits, note, colour)
