"""Who's playing?  Opened from game select for one seat: each profile is a button
(its colour beside its name), Guest plays without one, and a new profile is made
from a typed name and a colour.  The choice goes back to game select through the
``on_pick`` callback (a profile id, "" for a guest); the profiles file is written
here when a profile is made."""

from __future__ import annotations

import pygame
import pygame_gui

from game.records import profiles as gp
from game.text.i18n import _
from scenes.app import LOGICAL_SIZE
from scenes.widgets import MenuScene, draw_text, toast

GRID = pygame.Rect(40, 150, 1200, 340)  # the profile buttons
ROW_H, BTN_H = 56, 48
NEW_Y = 544  # the "new profile" row
BOTTOM_Y = 640


class WhoScene(MenuScene):
    name = "who"

    def __init__(self, app, seat_name: str = "", on_pick=None, current: str = ""):
        super().__init__(app)
        self.seat_name = seat_name
        self.on_pick = on_pick
        self.current = current
        self.profiles, problem = gp.load(app.paths)
        if problem:
            toast(app, problem, "warning")
        self.colour = self.free_colour()
        self.error = ""
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.build()

    def free_colour(self) -> str:
        used = {p.colour for p in self.profiles.profiles}
        return next((c for c in gp.COLOURS if c not in used), gp.COLOURS[0])

    def build(self) -> None:
        self.clear_controls()
        if self.entry is not None:
            self.entry.kill()
        shown = self.profiles.profiles
        # Four columns hold 24 names at full height; the most a file keeps (32) take a
        # fifth column, so no button is ever shorter than a finger (44 px).
        cols = 4 if len(shown) <= 24 else 5
        # The grid starts under the title and the seat line, whatever the text size.
        theme = self.app.theme
        top = 24 + theme.heading(52).get_height() + theme.font(22).get_height() + 8
        grid = pygame.Rect(GRID.x, max(GRID.y, top), GRID.w, GRID.bottom - max(GRID.y, top))
        w = (GRID.w - 12 * (cols - 1)) // cols
        rows = max(1, -(-len(shown) // cols))
        row_h = min(ROW_H, grid.h // rows)
        self.swatches: list[tuple[pygame.Rect, str]] = []
        for i, p in enumerate(shown):
            r, c = divmod(i, cols)
            rect = pygame.Rect(grid.x + c * (w + 12), grid.y + r * row_h, w, min(BTN_H, row_h - 2))
            self.button(rect, p.name, lambda pid=p.id: self.pick(pid), object_id="#small")
            self.swatches.append((rect, p.colour))
        focus = next((i for i, p in enumerate(shown) if p.id == self.current), None)
        # a new profile: name, colour, Create
        self.entry = pygame_gui.elements.UITextEntryLine(
            # (just "Name": "New profile" stands above it, and the box is narrow)
            pygame.Rect(40, NEW_Y, 320, 54),
            self.ui,
            placeholder_text=_("Name"),
        )
        self.entry.length_limit = gp.MAX_NAME
        # The name box needs a keyboard; this opens on-screen keys for a controller or
        # a touch screen (the focus ring reaches it, not the box).
        self.button(
            pygame.Rect(370, NEW_Y, 90, 54),
            _("Keys"),
            self.open_keys,
            object_id="#small",
            tooltip=_("Type the name with on-screen keys"),
        )
        self.cycler(
            pygame.Rect(480, NEW_Y, 400, 54),
            _("Colour"),
            gp.COLOURS,
            self.colour,
            self.set_colour,
            fmt=lambda c: _(gp.PALETTE[c][1]),
        )
        self.button(pygame.Rect(900, NEW_Y, 340, 54), _("Create and play"), self.create)
        self.button(pygame.Rect(40, BOTTOM_Y, 200, 56), _("Back"), self.on_back)
        guest = self.button(
            pygame.Rect(LOGICAL_SIZE[0] - 380, BOTTOM_Y, 340, 56),
            _("Play as guest"),
            lambda: self.pick(""),
            object_id="#primary" if not shown else None,
        )
        if focus is not None:
            self.set_focus(focus)
        elif shown:
            self.set_focus(0)
        else:
            self.set_focus(self.controls.index(guest))

    def open_keys(self) -> None:
        self.app.open(
            "textpad",
            _("New player's name"),
            self.entry.get_text() if self.entry is not None else "",
            self.keys_done,
            limit=gp.MAX_NAME,
        )

    def keys_done(self, name: str) -> None:
        if self.entry is not None:
            self.entry.set_text(name)
        self.error = ""
        create = next((c for c in self.controls if c.action == self.create), None)
        if create is not None and name.strip():
            self.set_focus(self.controls.index(create))  # next: Create and play

    def set_colour(self, colour: str) -> None:
        self.colour = colour

    def pick(self, profile_id: str) -> None:
        if self.on_pick is not None:
            self.on_pick(profile_id)
        self.app.pop()

    def create(self) -> None:
        name = self.entry.get_text() if self.entry is not None else ""
        try:
            self.profiles, profile = self.profiles.add(name, self.colour, gp.today())
        except gp.NameProblem as exc:
            self.error = str(exc)
            self.app.sound.play("error")
            return
        problem = gp.save(self.profiles, self.app.paths)
        if problem:
            toast(self.app, problem, "warning")
        self.pick(profile.id)

    def handle(self, event: pygame.event.Event) -> None:
        # Enter in the name box makes the profile (the box would otherwise keep it).
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self._typing()
        ):
            self.create()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        # Each profile's colour, a bar along the button's foot (over the button, under
        # no letter: a long name fills the button's width).
        for rect, colour in self.swatches:
            bar = pygame.Rect(rect.x + 12, rect.bottom - 8, rect.w - 24, 4)
            pygame.draw.rect(surface, pygame.Color(gp.PALETTE[colour][0]), bar, border_radius=2)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        head = self.title(surface, _("Who's playing?"), 24)
        if self.seat_name:
            draw_text(
                surface,
                _("Seat: {seat}").format(seat=self.seat_name),
                theme.font(22),
                theme["text"],
                (LOGICAL_SIZE[0] // 2, head.bottom + 2),
                "midtop",
                max_width=1200,
            )
        if not self.profiles.profiles:
            draw_text(
                surface,
                _("No profiles yet: type a name below to make one"),
                theme.font(22),
                theme["text_dim"],
                GRID.center,
                "center",
                max_width=GRID.w,
            )
        draw_text(
            surface,
            _("New profile"),
            theme.font(20),
            theme["accent_2"],
            (40, NEW_Y - 6),
            "bottomleft",
            max_width=600,
        )
        if self.error:
            draw_text(
                surface,
                self.error,
                theme.font(18),
                theme["bad"],
                (40, NEW_Y + 58),
                max_width=1200,
            )
