"""The title screen: drifting crystals, a pulsing logo, and the main menu.

When an unfinished match was autosaved it offers "Resume" beside Play, the focus on
it (not in kiosk mode, where an abandoned match is never resumed); the other buttons
keep their places either way."""

from __future__ import annotations

import math
import random

import pygame

from game.storage import autosave
from game.text.i18n import _
from scenes.app import LOGICAL_SIZE
from scenes.widgets import (
    MenuScene,
    clear_alpha,
    draw_gem,
    draw_text,
    lighten,
    starfield_background,
    theme_still,
)

CRYSTAL_COLOURS = (
    "crystal_red",
    "crystal_blue",
    "crystal_green",
    "crystal_yellow",
    "crystal_purple",
    "crystal_cyan",
)


class TitleScene(MenuScene):
    animated = True  # the crystals drift and the logo breathes (held still by reduced motion)
    name = "title"

    # where the logo starts and its size; build() makes it smaller and higher for a long column
    logo_top, logo_size = 110, 96

    def __init__(self, app):
        super().__init__(app)
        rng = random.Random(2026)  # the same drift every start: the screen is a picture
        self.crystals = [
            (
                rng.uniform(0, LOGICAL_SIZE[0]),
                rng.uniform(0, LOGICAL_SIZE[1]),
                rng.uniform(12, 34),
                rng.uniform(-0.4, 0.4),
                rng.uniform(-0.25, -0.05),
                rng.choice(CRYSTAL_COLOURS),
                rng.uniform(0, math.tau),
            )
            for _ in range(22)
        ]
        self.resume_match = None
        self.checked_autosave = False
        self.build()

    def build(self) -> None:
        self.clear_controls()

        self.resume_match = None
        if not self.app.kiosk and self.checked_autosave:
            # Checked from the first tick on, not before the first frame: loading a
            # save imports every game, and the title should appear at once.
            match, problem = autosave.load(self.app.paths)
            if problem:
                self.app.notices.append(problem)
            self.resume_match = match
        items = [(_("Play"), self.play, None if self.resume_match else "#primary")]
        items.append((_("Rules"), self.rules, None))
        if not self.app.kiosk:
            items.append((_("Settings"), self.settings, None))
        items.append((_("Puzzles"), self.puzzles, None))
        if not self.app.kiosk or self.app.kiosk_config.party:
            items.append((_("Puzzle race"), self.race, None))
        if not self.app.kiosk or self.app.kiosk_config.allow_replays:
            items.append((_("Replays"), self.replays, None))
        items.append((_("Hall of fame"), self.hall_of_fame, None))
        if not self.app.kiosk:
            items.append((_("Quit"), self.app.quit, None))
        # The column ends above the key hint at the bottom (y 680) however many buttons
        # there are (Replays comes and goes with the kiosk's choice).
        n = len(items)
        w, h, gap = (360, 60, 16) if n <= 4 else ((360, 56, 12) if n == 5 else (360, 52, 10))
        if n >= 7:  # e.g. Play, Rules, Settings, Puzzles, Replays, Hall of fame, Quit
            h, gap = 46, 8
        # Eight buttons (Puzzle race as well): a smaller logo, higher up, leaves the
        # column room for buttons that hold their text at 150 %.
        self.logo_top, self.logo_size = 110, 96
        if n >= 8:
            h, gap = 52, 4
            self.logo_top, self.logo_size = 50, 72
        y = min(360, 664 - (n * h + (n - 1) * gap))
        column = []
        for text, action, oid in items:
            rect = pygame.Rect(0, y, w, h)
            rect.centerx = LOGICAL_SIZE[0] // 2
            column.append((rect, text, action, oid))
            y += h + gap
        if self.resume_match is not None:
            # Resume beside Play, in a place of its own: the column stays where it
            # always is, so a hand that knows where Play is never presses another
            # button.  Made first: the focus starts on it, and Right from Play reaches it.
            spec = self.resume_match.spec
            play = column[0][0]
            self.button(
                pygame.Rect(play.right + 24, play.y, LOGICAL_SIZE[0] - 36 - play.right - 24, h),
                _("Resume {game}").format(game=spec.title),
                self.resume_saved,
                object_id="#primary",
            )
        for rect, text, action, oid in column:
            self.button(rect, text, action, object_id=oid)
        self.set_focus(0)

    def resume_saved(self) -> None:
        match = self.resume_match
        if match is None:  # pressed twice before the game screen came up
            return
        self.resume_match = None
        self.app.open("play", match)

    def play(self) -> None:
        self.app.open("select")

    def puzzles(self) -> None:
        self.app.open("puzzles")

    def race(self) -> None:
        self.app.open("race")

    def rules(self) -> None:
        self.app.open("rules")

    def replays(self) -> None:
        self.app.open("replays")

    def hall_of_fame(self) -> None:
        self.app.open("fame")

    def settings(self) -> None:
        self.app.open("settings")

    def on_back(self) -> None:
        pass  # the title is the bottom of the stack: Escape does nothing here

    def update(self) -> None:
        super().update()
        if not self.checked_autosave:
            self.checked_autosave = True
            if self.app.paths.autosave.exists():
                self.build()

    def resume(self) -> None:
        # Back on the title (a game ended or was left): look at the autosave again.
        # The focus stays on the button the player left by (a keyboard or a screen
        # reader user returns from Settings to Settings, not to Play), unless a game
        # can now be resumed: then it is on Resume, as at start.
        left_by = (
            self.controls[self.focus_index].action
            if 0 <= self.focus_index < len(self.controls)
            else None
        )
        could_resume = self.resume_match is not None
        self.build()
        if left_by is None or (self.resume_match is not None and not could_resume):
            return
        for i, control in enumerate(self.controls):
            if control.action == left_by:
                self.set_focus(i)
                break

    def keep_clear(self) -> list[pygame.Rect]:
        """The logo, the tagline, the buttons and the hint line: no crystal over them."""
        cx = LOGICAL_SIZE[0] // 2
        theme = self.app.theme
        logo = pygame.Rect((0, 0), theme.font(self.logo_size + 6, "display").size("CRYSTAL ARCADE"))
        logo.midtop = (cx, self.logo_top)
        tag = pygame.Rect((0, 0), (760, 40))
        tag.midtop = (cx, self.logo_top + round(self.logo_size * 1.23))
        hint = pygame.Rect(cx - 380, 656, 760, 40)
        buttons = [pygame.Rect(c.element.rect) for c in self.controls]
        return [logo, tag, hint] + buttons

    def crystal_draws(self, t: int) -> list[tuple[tuple[float, float], float, str, int]]:
        """(centre, radius, colour, alpha) of each crystal at tick ``t``."""
        clear = self.keep_clear()
        out = []
        for x, y, r, vx, vy, colour, phase in self.crystals:
            xx = (x + vx * t) % (LOGICAL_SIZE[0] + 80) - 40
            yy = (y + vy * t) % (LOGICAL_SIZE[1] + 80) - 40
            pos = (xx, yy + math.sin(t * 0.03 + phase) * 6)
            out.append((pos, r, colour, clear_alpha(pos, r, clear, 140)))
        return out

    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, self.ticks)
        if theme_still(self.app.theme):
            return  # reduced motion: no floating crystals
        for pos, r, colour, alpha in self.crystal_draws(self.ticks):
            if alpha > 0:
                draw_gem(surface, pos, r, self.app.theme[colour], alpha=alpha)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        pulse = 0.5 if theme_still(theme) else 0.5 + 0.5 * math.sin((self.ticks + alpha) * 0.06)
        size = self.logo_size + int(6 * pulse)
        # The logo is a picture: its designed size at every text size (grown by the text
        # size it pushed the subtitle down into the Play button).
        font = theme.heading(size, "display")
        cx = LOGICAL_SIZE[0] // 2
        glow = lighten(theme["accent"], 0.25 * pulse)
        logo = draw_text(
            surface,
            "CRYSTAL ARCADE",
            font,
            glow,
            (cx, self.logo_top),
            "midtop",
            shadow=True,
            max_width=LOGICAL_SIZE[0] - 40,
        )
        draw_text(
            surface,
            _("five games of crystals, colours and cunning"),
            theme.font(26, "bold"),
            theme["accent_2"],
            # under the logo however big the text size made it (the display font's
            # line box has room below the letters, hence the -10)
            (cx, max(self.logo_top + round(self.logo_size * 1.25), logo.bottom - 10)),
            "midtop",
        )
        if self.app.kiosk:
            draw_text(
                surface,
                _("Touch Play to choose a game and your opponents"),
                theme.font(22),
                theme["text_dim"],
                (cx, 660),
                "midtop",
            )
        else:
            draw_text(
                surface,
                _("Arrows / Tab to choose, Enter to press, F5 for speech"),
                theme.font(18, "regular"),
                theme["text_dim"],
                (cx, 680),
                "midtop",
            )
