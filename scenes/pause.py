"""The pause overlay (Escape in a game): resume, restart, rules, settings, quit to title."""

from __future__ import annotations

import pygame

from game.i18n import _
from scenes.app import LOGICAL_SIZE
from scenes.widgets import RING, MenuScene, draw_panel, draw_text

GAME_ID_Y = 196  # the game's id, under "Paused"


class PauseScene(MenuScene):
    name = "pause"
    overlay = True

    def __init__(self, app, play_scene):
        super().__init__(app)
        self.play = play_scene
        self.build()

    def build(self) -> None:
        self.clear_controls()
        app, play_scene = self.app, self.play
        # Undo and Hint are here too so a game controller (no U or H key) reaches them.
        items = [("resume", _("Resume"), self.on_back_quiet)]
        if play_scene.match.can_undo():
            items.append(("undo", _("Undo last move"), self.undo))
        if play_scene.match.can_redo():
            items.append(("redo", _("Redo"), self.redo))
        items += [("restart", _("Restart"), self.restart), ("rules", _("Rules"), self.rules)]
        if not app.kiosk:
            items.append(("settings", _("Settings"), self.settings))
        items.append(("quit", _("Quit to title"), self.quit_to_title))
        w, h, gap = 340, 52 if len(items) > 6 else 56, 10 if len(items) > 6 else 12
        y = 230 if len(items) <= 5 else 222
        # under the game's id however tall the text size makes it (and its focus ring)
        y = max(y, GAME_ID_Y + self.app.theme.font(18, "regular").get_linesize() + RING + 2)
        # Learn (the game's tutorial) shares the Rules row, so the menu keeps its height;
        # inside a tutorial it is not offered.
        learn = not getattr(play_scene, "is_tutorial", False)
        for key, text, fn in items:
            r = pygame.Rect(0, y, w, h)
            r.centerx = LOGICAL_SIZE[0] // 2
            if key == "rules" and learn:
                half = (w - gap) // 2
                self.button(pygame.Rect(r.x, y, half, h), text, fn)
                self.button(
                    pygame.Rect(r.right - half, y, half, h),
                    _("Learn"),
                    self.learn,
                    tooltip=_("A one-minute guided tutorial of this game"),
                )
            else:
                self.button(r, text, fn, object_id="#primary" if key == "resume" else None)
            y += h + gap
        self.set_focus(0)
        # A tooltip the game's screen was showing (the Menu button's) would stay drawn
        # under this menu, stale, until the game resumed: it goes now.
        ui = getattr(play_scene, "ui", None)
        for el in ui.get_sprite_group().sprites() if ui is not None else ():
            if getattr(el, "tool_tip", None) is not None:
                el.tool_tip.kill()
                el.tool_tip = None

    def box(self) -> pygame.Rect:
        """The panel: from above the title to just below the last button (the kiosk's
        shorter menu gets a shorter panel, no empty space under it)."""
        bottom = max(c.element.rect.bottom for c in self.controls) + 28
        box = pygame.Rect(0, 100, 440, bottom - 100)
        box.centerx = LOGICAL_SIZE[0] // 2
        return box

    def on_back_quiet(self) -> None:
        self.app.pop()

    def undo(self) -> None:
        self.app.pop()
        self.play.undo()

    def redo(self) -> None:
        self.app.pop()
        self.play.redo()

    def restart(self) -> None:
        self.app.pop()
        self.play.restart()

    def rules(self) -> None:
        self.app.open("rules", self.play.spec.id)

    def learn(self) -> None:
        # The game stays autosaved (the title offers to resume it); the lesson takes its place.
        game_id = self.play.spec.id
        self.app.pop()
        self.app.replace_with("tutorial", game_id)  # a damaged file is reported there

    def settings(self) -> None:
        self.app.open("settings")

    def quit_to_title(self) -> None:
        # The match stays autosaved (unless finished): the title offers to resume it.
        self.app.reset_to(self.app.build("title"))

    def draw_background(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        shade.fill((5, 6, 14, 190))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box(), self.app.theme, alpha=245, width=3)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        draw_text(
            surface,
            _("Paused"),
            self.app.theme.heading(56),
            self.app.theme["accent"],
            (LOGICAL_SIZE[0] // 2, 120),
            "midtop",
            shadow=True,
        )
        draw_text(
            surface,
            self.play.match.game_id,
            self.app.theme.font(18, "regular"),
            self.app.theme["text_dim"],
            (LOGICAL_SIZE[0] // 2, GAME_ID_Y),
            "midtop",
        )
