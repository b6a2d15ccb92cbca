"""The results screen: winner banner, final scores, a per-round score chart, and
rematch / save replay / back to title."""

from __future__ import annotations

import math
import random

import pygame
from babel.lists import format_list

from game.midend.match import Match
from game.records import ladder as game_ladder
from game.records import profiles as game_profiles
from game.records.hall_of_fame import beat_board
from game.rules.contract import GameSetup
from game.storage import autosave
from game.storage.replays import keep_recent
from game.storage.saves import SaveError
from game.text import i18n
from game.text.i18n import _, number
from scenes.app import LOGICAL_SIZE
from scenes.scene import AMBIENT
from scenes.widgets import (
    MenuScene,
    clear_alpha,
    draw_gem,
    draw_panel,
    draw_text,
    lighten,
    starfield_background,
    text_width,
    theme_still,
    toast,
)

CHART = pygame.Rect(560, 150, 680, 400)
STANDINGS = pygame.Rect(40, 150, 490, 400)


def axis_steps(low: float, high: float, most: int = 5) -> tuple[float, float, float]:
    """(step, bottom, top) of a chart's score axis: a whole step of 1, 2 or 5 times a
    power of ten, so no two grid lines carry the same label (a game that ends 0-0 or
    3-2 showed "0 0 1 1 1" with five even lines), and at most ``most`` steps."""
    span = max(high - low, 1e-9)
    scale = 1.0
    while True:
        for m in (1, 2, 5):
            step = m * scale
            if span / step <= most:
                return step, math.floor(low / step) * step, math.ceil(high / step) * step
        scale *= 10


class ResultsScene(MenuScene):
    name = "results"

    def __init__(self, app, match, seat_colour=None):
        super().__init__(app)
        self.match = match
        # A hosted party stays up on this screen (handed over by the play scene) so a
        # rematch keeps every phone in its seat; leaving any other way ends it.
        self.party = None
        self.replay_saved = False  # a kiosk saves each finished game's replay once
        # The play view's own seat colours, so a player is the same colour on both screens.
        self._seat_colour = seat_colour
        self.outcome = match.outcome()  # the rules' or a resignation's
        self.build()
        self.set_focus(0)
        rng = random.Random(match.setup.seed)
        self.confetti = [
            (
                rng.uniform(0, 1280),
                rng.uniform(-720, 0),
                rng.uniform(1.5, 4),
                rng.randrange(6),
                rng.uniform(0, math.tau),
            )
            for _ in range(60)
        ]

        autosave.clear(app.paths)
        self.keep_for_theatre()
        # A person who beat Hard or Expert bots is offered the hall of fame (opened on
        # the first tick, over this screen, when the score makes today's table).
        self.fame_offer = beat_board(match)
        self.rating_changes = self.record_profiles()

    def record_profiles(self) -> list:
        """Count the game for the seats that picked a profile, and say how each
        rating moved.  Once per game: the match remembers it was counted, so building
        this screen again changes nothing; a booth's visitors have no profiles."""
        if self.app.kiosk or not self.match.profiles:
            return []
        changes, problem = game_profiles.record_finished(
            self.match, self.app.paths, game_ladder.cached()
        )
        if problem:
            toast(self.app, problem, "warning")
        for c in changes:
            if c.after is not None:
                toast(
                    self.app,
                    _("{name}: rating {old} → {new}").format(
                        name=c.name, old=round(c.before.rating), new=round(c.after.rating)
                    ),
                )
        return changes

    def build(self) -> None:
        self.clear_controls()
        y = 600
        specs = [
            (_("Rematch"), self.rematch, "#primary"),
            (_("Save replay"), self.save_replay, None),
            (_("Title"), self.to_title, None),
        ]
        x = 200
        for text, fn, oid in specs:
            self.button(pygame.Rect(x, y, 280, 64), text, fn, object_id=oid)
            x += 310

    def keep_for_theatre(self) -> None:
        """Every finished game goes to the theatre's list (the last 50 are kept)."""

        try:
            keep_recent(self.match, self.app.paths)
        except SaveError:
            pass  # the autosave warning already told the player the folder is unwritable

    def seat_label(self, seat: int) -> str:
        names = self.match.seat_names()
        return self.match.seats[seat].label(names[seat], self.match.spec.id)

    def headline(self) -> str:
        o = self.outcome
        if o is None:
            return _("Game over")
        if o.is_draw:
            return _("A draw!")
        winners = o.winners
        people = set(self.match.people())
        if len(winners) == 1:
            w = winners[0]
            if w in people and len(people) == 1:
                return _("You win!")
            return _("{player} wins!").format(player=self.seat_label(w))
        # The list of names is joined the language's way ("A, B and C", "A, B und C").
        names = format_list([self.seat_label(w) for w in winners], locale=i18n.number_locale())
        return _("Shared first place: {players}").format(players=names)

    def rematch(self) -> None:
        s = self.match.setup
        setup = GameSetup(s.game, s.players, s.options, random.randrange(1, 1_000_000))
        if self.party is not None:
            party, self.party = self.party, None
            again = party.rematch(setup, self.match.seats)
            again.profiles = dict(self.match.profiles)
            scene = self.app.build("play", again)
            scene.attach_party(party)
            self.app.replace(scene)
            return
        m = Match(
            self.match.spec,
            setup,
            self.match.seats,
            setup.start({s.game: self.match.spec}),
            self.match.clock_preset,
        )
        m.profiles = dict(self.match.profiles)  # the same players, counted again
        self.app.replace_with("play", m)

    def update(self) -> None:
        super().update()
        if self.fame_offer is not None:
            board, score, detail = self.fame_offer
            self.fame_offer = None
            # Not when the player already left this screen in the same tick (Title,
            # Rematch): the offer would open over the screen they went to.
            if self.app.top is self and not self.app._pending:
                self.app.open("initials", board=board, score=score, detail=detail)
        if self.party is not None:
            result = self.party.step()  # phones hear "the game is over", not silence
            if result.heard:
                self.app.input.last_input_tick = self.app.tick_count
                self.app.request_frame()

    def exit(self) -> None:
        super().exit()
        if self.party is not None:
            self.party.stop()

    def save_replay(self) -> None:
        policy = self.app.policy if self.app.kiosk else None
        if policy is not None:
            # A booth: one replay per finished game, a few per session, and never a
            # path on screen (visitors need not learn the operator's folders).
            if self.replay_saved:
                toast(self.app, _("This game's replay is already saved"))
                return
            if not policy.may_save_replay():
                toast(self.app, _("No more replays can be saved here"))
                return
        try:
            path = autosave.save_replay(self.match, self.app.paths)
        except SaveError as exc:
            text = (
                _("The replay could not be saved")
                if policy is not None
                else _("The replay could not be saved: {reason}").format(reason=exc)
            )
            toast(self.app, text, "warning")
            return
        self.replay_saved = True
        if policy is not None:
            policy.replays_saved += 1
            toast(self.app, _("Replay saved"))
        else:
            toast(self.app, _("Replay saved: {path}").format(path=path))

    def to_title(self) -> None:
        self.app.reset_to(self.app.build("title"))

    def on_back(self) -> None:
        self.to_title()

    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, self.motion_ticks)
        theme = self.app.theme
        if theme_still(theme):
            return  # reduced motion: no falling confetti
        for pos, hue, alpha in self.confetti_draws(self.ticks):
            if alpha > 0:
                draw_gem(surface, pos, 7, theme.player_colours[hue], alpha=alpha)

    def frame_rate(self) -> int:
        # The confetti falls for a few seconds; then the screen is a still menu.
        if not theme_still(self.app.theme) and self.confetti_draws(self.ticks):
            return AMBIENT
        return super().frame_rate()

    def keep_clear(self) -> list[pygame.Rect]:
        """The headline and reason, the standings, the chart and the buttons."""
        words = pygame.Rect(40, 20, 1200, 116)
        return [words, STANDINGS, CHART] + [pygame.Rect(c.element.rect) for c in self.controls]

    def confetti_draws(self, t: int) -> list[tuple[tuple[float, float], int, int]]:
        """(centre, colour index, alpha) of each piece of confetti still falling at ``t``."""
        clear = self.keep_clear()
        out = []
        for x, y, speed, hue, phase in self.confetti:
            yy = y + t * speed
            if yy > 760:
                continue
            pos = (x + math.sin(t * 0.05 + phase) * 20, yy)
            out.append((pos, hue, clear_alpha(pos, 7, clear, 255)))
        return out

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        headline = self.headline()
        size = 64 if text_width(theme.heading(64), headline) <= 1200 else 40
        draw_text(
            surface,
            headline,
            theme.heading(size),
            theme["accent"],
            (LOGICAL_SIZE[0] // 2, 24 if size == 64 else 40),
            "midtop",
            shadow=True,
            max_width=1220,
        )
        reason = self.match.named(self.outcome.reason) if self.outcome else ""
        draw_text(
            surface,
            reason,
            theme.font(24),
            theme["text"],
            (LOGICAL_SIZE[0] // 2, 104),
            "midtop",
            max_width=1200,
        )
        self.draw_standings(surface, STANDINGS)
        self.draw_chart(surface, CHART)

    def draw_standings(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = self.app.theme
        draw_panel(surface, rect, theme)
        draw_text(
            surface,
            _("Final standings"),
            theme.font(24),
            theme["accent_2"],
            (rect.x + 18, rect.y + 12),
        )
        scores = self.match.state.scores()
        n = len(scores)
        places = self.outcome.places if self.outcome else tuple(1 for _ in scores)
        order = sorted(range(n), key=lambda s: (places[s], -scores[s], s))
        top = rect.y + 12 + theme.pitch(40)
        line_h = min(theme.pitch(40), (rect.bottom - 8 - top) // max(1, n))
        font = theme.font(22 if line_h >= theme.pitch(32) else 17)
        # the places' column as wide as its widest entry in this language and size
        marks = {s: _("{place}.").format(place=places[s]) for s in order}
        dot = rect.x + 18 + max(46, max(text_width(font, m) for m in marks.values()) + 10)
        y = top
        for s in order:
            colour = self.seat_colour(s)
            draw_text(
                surface,
                marks[s],
                font,
                theme["accent"] if places[s] == 1 else theme["text_dim"],
                (rect.x + 18, y),
            )
            pygame.draw.circle(surface, colour, (dot, y + line_h // 2 - 3), 8)
            score_w = text_width(font, f"{scores[s]:g}")
            name_x = dot + 18
            draw_text(
                surface,
                self.seat_label(s),
                font,
                theme["text"],
                (name_x, y),
                max_width=rect.right - name_x - 18 - score_w - 16,  # up to the score
            )
            draw_text(
                surface, number(scores[s]), font, theme["text"], (rect.right - 18, y), "topright"
            )
            y += line_h

    def seat_colour(self, seat: int):
        if self._seat_colour is not None:
            return self._seat_colour(seat)
        return self.app.theme.player_colours[seat % len(self.app.theme.player_colours)]

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Scores after each round, one line per player, drawn with pygame."""
        theme = self.app.theme
        draw_panel(surface, rect, theme)
        draw_text(
            surface,
            _("Score by round"),
            theme.font(24),
            theme["accent_2"],
            (rect.x + 18, rect.y + 12),
        )
        history = self.match.score_history
        n = self.match.state.num_players
        # the heading above and the axis labels below take what their text needs
        plot_top = rect.y + 12 + theme.pitch(44)
        plot = pygame.Rect(
            rect.x + 60, plot_top, rect.w - 90, rect.bottom - plot_top - theme.pitch(44)
        )
        pygame.draw.rect(surface, theme["background"], plot, border_radius=6)
        if not history:
            draw_text(
                surface,
                _("No scores were kept in this game"),
                theme.font(20),
                theme["text_dim"],
                plot.center,
                "center",
            )
            return
        points = [(0, tuple(0.0 for _ in range(n)))] + [
            (i + 1, tuple(s)) for i, (_, s) in enumerate(history)
        ]
        step, bottom, top = axis_steps(
            min(0.0, min(min(s) for _, s in points)), max(1.0, max(max(s) for _, s in points))
        )
        small = theme.font(15, "regular")
        for k in range(round((top - bottom) / step) + 1):
            v = bottom + step * k
            y = plot.bottom - (v - bottom) / (top - bottom) * plot.h
            pygame.draw.line(surface, theme["grid"], (plot.x, y), (plot.right, y), 1)
            draw_text(surface, number(v), small, theme["text_dim"], (plot.x - 8, y), "midright")
        last = len(points) - 1
        for k in range(0, last + 1, max(1, last // 10 or 1)):
            x = plot.x + plot.w * k / max(1, last)
            draw_text(surface, str(k), small, theme["text_dim"], (x, plot.bottom + 6), "midtop")
        draw_text(
            surface,
            _("round"),
            small,
            theme["text_dim"],
            (plot.centerx, plot.bottom + 6 + theme.pitch(18)),
            "midtop",
        )
        for seat in range(n):
            pts = [
                (
                    plot.x + plot.w * i / max(1, last),
                    plot.bottom - (s[seat] - bottom) / (top - bottom) * plot.h,
                )
                for i, (_, s) in enumerate(points)
            ]
            colour = lighten(self.seat_colour(seat), 0.1)
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, 3)
            for p in pts:
                pygame.draw.circle(surface, colour, p, 3)


def results_scene_for(app, match, **kwargs):
    """The results of ``match``: its game's own screen where its view package exports
    ``RESULTS`` (Element Shift's chart per round), else the shared one."""
    from scenes import routes

    try:
        package = routes.play_package(match.spec.id)
    except LookupError:  # a game with no play screen of its own (the contract's test games)
        return ResultsScene(app, match, **kwargs)
    return getattr(package, "RESULTS", ResultsScene)(app, match, **kwargs)
