"""The pause overlay (Escape in a game): resume, restart, resign (asked first), rules,
learn, settings, quit to title (in a puzzle: or back to the puzzle list)."""

from __future__ import annotations

import pygame

from game.text.i18n import _
from scenes.app import LOGICAL_SIZE
from scenes.widgets import RING, MenuScene, draw_panel, draw_text, fit_paragraph, fitting_font

GAME_ID_Y = 196  # the game's id, under "Paused"


class PauseScene(MenuScene):
    name = "pause"
    overlay = True

    def __init__(self, app, play_scene):
        super().__init__(app)
        self.play = play_scene
        # Resign was pressed once: the menu asks before the game is given up.
        self.confirming_resign = False
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
        # A second button shares a row, so the menu keeps its height: Learn (the game's
        # tutorial; not inside a tutorial) beside Rules, Resign beside Restart (when a
        # person here may give the game up), the puzzle list beside Quit (in a puzzle).
        beside = {}
        if not getattr(play_scene, "is_tutorial", False):
            beside["rules"] = (
                _("Learn"),
                self.learn,
                _("A one-minute guided tutorial of this game"),
            )
        if play_scene.resign_seat() is not None:
            beside["restart"] = (_("Resign"), self.ask_resign, _("Give this game up: a loss"))
        if callable(getattr(play_scene, "back_to_list", None)):
            beside["quit"] = (_("Puzzle list"), self.puzzle_list, None)
        self.rows: dict[str, pygame.Rect] = {}
        for key, text, fn in items:
            r = pygame.Rect(0, y, w, h)
            r.centerx = LOGICAL_SIZE[0] // 2
            self.rows[key] = r
            if key in beside and not self.confirming_resign:
                half = (w - gap) // 2
                other, action, tip = beside[key]
                first, second = (other, action, tip), (text, fn, None)
                if key == "rules" or key == "restart":
                    first, second = second, first
                for rect, (label, act, hint) in zip(
                    (pygame.Rect(r.x, y, half, h), pygame.Rect(r.right - half, y, half, h)),
                    (first, second),
                    strict=True,
                ):
                    self.button(rect, label, act, tooltip=hint)
            elif not self.confirming_resign:
                self.button(r, text, fn, object_id="#primary" if key == "resume" else None)
            y += h + gap
        if self.confirming_resign:
            self.build_resign_question(w, gap)
            return
        self.set_focus(0)
        # A tooltip the game's screen was showing (the Menu button's) would stay drawn
        # under this menu, stale, until the game resumed: it goes now.
        ui = getattr(play_scene, "ui", None)
        for el in ui.get_sprite_group().sprites() if ui is not None else ():
            if getattr(el, "tool_tip", None) is not None:
                el.tool_tip.kill()
                el.tool_tip = None

    def build_resign_question(self, w: int, gap: int) -> None:
        """Resign asks first.  Keep playing takes the row Resign was on (the second
        click of a double click lands on it) and holds the focus; Yes, resign is at
        the foot of the menu, the question and what it means between them."""
        self.button(
            self.rows["restart"], _("Keep playing"), self.on_back_quiet, object_id="#primary"
        )
        self.button(self.rows["quit"], _("Yes, resign"), self.resign)
        self.set_focus(0)

    def ask_resign(self) -> None:
        self.confirming_resign = True
        self.build()

    def resign(self) -> None:
        self.app.pop()
        self.play.resign()

    def puzzle_list(self) -> None:
        self.app.pop()
        self.play.back_to_list()

    def on_back(self) -> None:
        if self.confirming_resign:  # Escape / B: the question goes, the menu is back
            self.app.sound.play("back")
            self.confirming_resign = False
            self.build()
            return
        super().on_back()

    def draw_resign_question(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        cx = LOGICAL_SIZE[0] // 2
        ask = self.rows["resume"]
        question = _("Resign this game?")
        font = fitting_font(theme, question, 26, "bold", ask.w)
        draw_text(surface, question, font, theme["accent"], ask.center, "center")
        seat = self.play.resign_seat()
        name = self.play.match.seat_names()[seat] if seat is not None else ""
        top = self.controls[0].element.rect.bottom + 14
        room = self.rows["quit"].y - 10 - top
        font, lines, pitch = fit_paragraph(
            theme, _("It counts as a loss for {name}.").format(name=name), 22, 380, room
        )
        for i, line in enumerate(lines[: max(1, room // pitch)]):
            draw_text(surface, line, font, theme["text"], (cx, top + pitch * i), "midtop")

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
        match = self.play.match
        # The person's profile learns (the first person seat that picked one).
        seat = next((s for s in sorted(match.profiles) if not match.seats[s].is_bot), None)
        learner = (match.profiles[seat], match.seats[seat].name) if seat is not None else ("", "")
        self.app.pop()
        # a damaged file is reported there
        self.app.replace_with("tutorial", game_id, learner=learner)

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
        if self.confirming_resign:
            self.draw_resign_question(surface)
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
