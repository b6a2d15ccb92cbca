"""The big screen of a puzzle race: pick a game, phones join, the lanes race, the
ranking, a rematch.

The race and its room are :mod:`party.race` (no pygame); this screen only draws them
and calls :meth:`party.race.RaceRoom.pump` once a tick.  Phases: ``pick`` (the games a
race can be run in), ``lobby`` (the QR code, the room code, who has joined, the
race's length and the bots that fill empty lanes), ``race`` (each lane moving with its
score, the leader, the time left) and ``done`` (the ranking, the fastest solve, the
puzzle most missed, Rematch).
"""

from __future__ import annotations

import pygame

from game.content import puzzles as P
from game.content.race import BOT_LEVELS
from game.registry import GAMES
from game.text.i18n import _, ngettext
from party.race import MAX_LANES, RaceRoom, RaceSettings, race_games
from scenes.app import LOGICAL_SIZE
from scenes.counting import count
from scenes.joining import (
    QR_SIZE,
    PhoneRow,
    draw_join_card,
    draw_phone_list,
    slot_dot,
)
from scenes.qr import qr_surface
from scenes.widgets import (
    MenuScene,
    cached,
    draw_gem,
    draw_panel,
    draw_text,
    starfield_background,
    toast,
    wrap_text,
)

LENGTHS = (60, 90, 120, 180)
LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
LANE_COLOURS = (
    "crystal_red",
    "crystal_blue",
    "crystal_green",
    "crystal_yellow",
    "crystal_purple",
    "crystal_cyan",
)


class RaceScene(MenuScene):
    name = "race"

    def __init__(self, app, game_id: str | None = None, room: RaceRoom | None = None):
        """``room``: a room already listening (a test's, the bench's): its lobby first."""
        super().__init__(app)
        self.room: RaceRoom | None = None
        self.phase = "pick"
        self.settings = RaceSettings()
        self.qr = None
        self.games = race_games()
        if room is not None:
            self.settings = room.settings
            self.room = room
            self.qr = qr_surface(room.url, QR_SIZE)
            self.phase = "race" if room.race is not None else "lobby"
            self.build()
        elif game_id is not None and game_id in self.games:
            self.pick(game_id)
        else:
            self.build()

    # -- phases ------------------------------------------------------------------------
    def frame_rate(self) -> int:
        return 30 if self.phase == "race" else super().frame_rate()

    def build(self) -> None:
        self.clear_controls()
        by = LOGICAL_SIZE[1] - 70
        if self.phase == "pick":
            for i, gid in enumerate(self.games):
                rect = pygame.Rect(0, 200 + i * 76, 520, 60)
                rect.centerx = LOGICAL_SIZE[0] // 2
                self.button(rect, _(GAMES[gid].title), lambda g=gid: self.pick(g))
            self.button(pygame.Rect(40, by, 160, 54), _("Back"), self.on_back)
        elif self.phase == "lobby":
            self.button(pygame.Rect(40, by, 160, 54), _("Back"), self.on_back)
            self.cycler(
                pygame.Rect(212, by, 215, 54),
                _("Time"),
                LENGTHS,
                int(self.settings.seconds),
                self.set_length,
                fmt=lambda v: _("{n} s").format(n=v),
                tooltip=_("How long a race lasts"),
            )
            self.cycler(
                pygame.Rect(437, by, 165, 54),
                _("Bots"),
                tuple(range(MAX_LANES)),
                self.settings.bots,
                self.set_bots,
                tooltip=_("Bots race in the lanes no phone has taken"),
            )
            self.cycler(
                pygame.Rect(612, by, 398, 54),
                _("Bot level"),
                BOT_LEVELS,
                self.settings.bot_level,
                self.set_level,
                fmt=lambda v: _(LEVEL_NAMES[v]),
            )
            self.button(
                pygame.Rect(LOGICAL_SIZE[0] - 255, by, 215, 54),
                _("Start  ›"),
                self.start_race,
                object_id="#primary",
            )
        elif self.phase == "race":
            self.button(pygame.Rect(40, by, 160, 54), _("Stop"), self.stop_race)
        else:
            self.button(pygame.Rect(40, by, 160, 54), _("Back"), self.on_back)
            self.button(
                pygame.Rect(LOGICAL_SIZE[0] - 290, by, 250, 54),
                _("Rematch  ›"),
                self.start_race,
                object_id="#primary",
            )
        self.set_focus(len(self.controls) - 1 if self.phase != "pick" else 0)

    def pick(self, game_id: str) -> None:
        room = RaceRoom(
            GAMES[game_id],
            self.settings,
            host=self.app.settings.party_address,
            port=self.app.settings.party_port,
            fame_store=_fame(self.app),
        )
        try:
            room.start_server()
        except (OSError, RuntimeError) as exc:
            self.app.sound.play("error")
            toast(self.app, _("Cannot host a race: {reason}").format(reason=exc), "warning")
            return
        self.room = room
        self.qr = qr_surface(room.url, QR_SIZE)
        self.phase = "lobby"
        self.build()

    def set_length(self, value: int) -> None:
        self.settings.seconds = float(value)

    def set_bots(self, value: int) -> None:
        self.settings.bots = value

    def set_level(self, value: str) -> None:
        self.settings.bot_level = value

    def start_race(self) -> None:
        room = self.room
        if room is None:
            return
        if not room.can_start():
            self.app.sound.play("error")
            toast(
                self.app,
                _("A race needs two racers: a second phone, or a bot in an empty lane"),
                "warning",
            )
            return
        race = room.start()
        count(self.app, "race", game=room.spec.id, players=len(race.lanes))
        self.phase = "race"
        self.build()

    def stop_race(self) -> None:
        if self.room is not None and self.room.race is not None:
            self.room.race.ends = self.room.clock()

    def on_back(self) -> None:
        self.app.sound.play("back")
        self.app.pop()

    def exit(self) -> None:
        super().exit()
        if self.room is not None:
            self.room.stop()

    def update(self) -> None:
        super().update()
        room = self.room
        if room is None:
            return
        news = room.pump()
        for _entry in range(news.fame_entries):
            count(self.app, "fame-entry", game=room.spec.id)
        if news.heard:
            self.app.input.last_input_tick = self.app.tick_count
        if self.phase == "race" and room.race is not None and room.race.over(room.clock()):
            self.phase = "done"
            self.app.sound.play("win")
            self.build()

    # -- drawing --------------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        # still during the race: the lanes are what moves
        starfield_background(
            surface, self.app.theme, 0 if self.phase == "race" else self.motion_ticks
        )

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        if self.phase == "pick":
            draw_text(
                surface,
                _("Puzzle race: pick a game"),
                theme.heading(40),
                theme["accent"],
                (LOGICAL_SIZE[0] // 2, 60),
                "midtop",
                shadow=True,
                max_width=LOGICAL_SIZE[0] - 80,
            )
            draw_text(
                surface,
                _("Everyone races the same puzzles on their own phone, easy to hard."),
                theme.font(20),
                theme["text_dim"],
                (LOGICAL_SIZE[0] // 2, 130),
                "midtop",
                max_width=LOGICAL_SIZE[0] - 80,
            )
            return
        if self.phase == "lobby":
            self.draw_lobby(surface)
        elif self.phase == "race":
            self.draw_race(surface)
        else:
            self.draw_done(surface)

    def draw_lobby(self, surface: pygame.Surface) -> None:
        theme, room = self.app.theme, self.room
        draw_text(
            surface,
            _("{game} race: join from your phone").format(game=_(room.spec.title)),
            theme.heading(40),
            theme["accent"],
            (40, 18),
            shadow=True,
            max_width=LOGICAL_SIZE[0] - 80,
        )
        draw_join_card(surface, theme, self.qr, room.server.url, room.lobby.code)
        taken = [s for s in room.lobby.snapshot() if s["taken"]]
        rows = [PhoneRow(slot["name"], slot_dot(slot)) for slot in taken]
        bots = room.bot_lanes(len(taken))
        if bots:  # the lanes no phone has taken, as the list's last line
            words = ngettext("and {n} bot ({level})", "and {n} bots ({level})", bots)
            level = _(LEVEL_NAMES[self.settings.bot_level])
            rows.append(PhoneRow(words.format(n=bots, level=level), "accent_2", "text_dim"))
        draw_phone_list(
            surface,
            theme,
            ngettext("{n} racer joined", "{n} racers joined", len(taken)).format(n=len(taken)),
            rows,
        )

    def lane_rows(self, count: int) -> list[pygame.Rect]:
        top, bottom = 120, LOGICAL_SIZE[1] - 90
        h = min(64, (bottom - top) // max(1, count))
        return [pygame.Rect(40, top + i * h, LOGICAL_SIZE[0] - 80, h - 6) for i in range(count)]

    def draw_race(self, surface: pygame.Surface) -> None:
        theme, room = self.app.theme, self.room
        race = room.race
        now = room.clock()
        left = race.time_left(now)
        draw_text(
            surface,
            _("{game} race").format(game=_(room.spec.title)),
            theme.heading(36),
            theme["accent"],
            (40, 18),
            shadow=True,
            max_width=700,
        )
        draw_text(
            surface,
            _("{s} s left").format(s=int(left + 0.999)),
            theme.heading(44),
            theme["bad"] if left < 10 else theme["accent_2"],
            (LOGICAL_SIZE[0] - 40, 14),
            "topright",
            shadow=True,
        )
        leader = race.leader()
        if leader is not None:
            draw_text(
                surface,
                _("Leading: {name} with {n}").format(name=leader.name, n=leader.score),
                theme.font(22, "bold"),
                theme["text"],
                (40, 76),
                max_width=LOGICAL_SIZE[0] - 80,
            )
        lanes = sorted(race.lanes.values(), key=lambda ln: ln.key)
        best = max(5, max(ln.score for ln in lanes) + 1)
        font = theme.font(18, "bold")
        for lane, rect in zip(lanes, self.lane_rows(len(lanes)), strict=True):
            draw_panel(surface, rect, theme)
            # the names' column widens with the text size (a third of the row at most)
            name_w = min(round(200 * theme.text_scale), rect.w // 3)
            draw_text(
                surface,
                lane.name,
                font,
                theme["text"]
                if lane.is_bot or room.lobby.connected(lane.key)
                else theme["text_dim"],
                (rect.x + 14, rect.centery),
                "midleft",
                max_width=name_w - 20,
            )
            radius = int(min(18, rect.h / 2 - 4))
            # the track starts a gem's radius past the name: a lane at 0 keeps its name whole
            start = name_w + radius + 4
            track = pygame.Rect(rect.x + start, rect.centery - 3, rect.w - start - 90, 6)
            pygame.draw.rect(surface, theme["panel_edge"], track, border_radius=3)
            x = track.x + track.w * lane.score / best
            colour = tuple(theme[LANE_COLOURS[lane.key % len(LANE_COLOURS)]])
            gem = cached(("race.gem", colour, radius), lambda c=colour, r=radius: _gem(c, r))
            surface.blit(gem, gem.get_rect(center=(int(x), track.centery)))
            if lane is leader:
                pygame.draw.rect(surface, theme["accent"], rect, 2, border_radius=8)
            draw_text(
                surface,
                str(lane.score),
                theme.font(26, "bold"),
                theme["accent_2"],
                (rect.right - 20, rect.centery),
                "midright",
            )

    def draw_done(self, surface: pygame.Surface) -> None:
        theme, room = self.app.theme, self.room
        race = room.race
        draw_text(
            surface,
            _("Race over: the ranking"),
            theme.heading(40),
            theme["accent"],
            (40, 18),
            shadow=True,
            max_width=LOGICAL_SIZE[0] - 80,
        )
        ranking = race.ranking()
        panel = pygame.Rect(40, 90, 720, 540)
        draw_panel(surface, panel, theme)
        step = min(42, (panel.h - 30) // max(1, len(ranking)))
        font = theme.font(20 if step >= 36 else 17)
        for i, lane in enumerate(ranking):
            y = panel.y + 18 + i * step
            line = _("{place}.  {name}").format(place=i + 1, name=lane.name)
            draw_text(
                surface,
                line,
                font,
                theme["accent"] if i == 0 else theme["text"],
                (panel.x + 24, y),
                max_width=460,
            )
            draw_text(
                surface,
                ngettext("{n} solved", "{n} solved", lane.score).format(n=lane.score),
                font,
                theme["text"],
                (panel.right - 24, y),
                "topright",
                max_width=200,
            )
        side = pygame.Rect(790, 90, 450, 540)
        draw_panel(surface, side, theme)
        y = side.y + 20
        fastest = race.fastest()
        missed = race.most_missed()
        lines = [
            (_("Fastest solve"), theme["accent"]),
            (
                _("{name}: {s} s").format(name=fastest[0].name, s=f"{fastest[2]:.1f}")
                if fastest
                else _("No puzzle was solved"),
                theme["text"],
            ),
            (_("Most missed"), theme["accent"]),
        ]
        if missed:
            p = room.book.by_id(missed[0])
            number = next((i + 1 for i, q in enumerate(race.order) if q.id == missed[0]), 0)
            lines.append(
                (
                    ngettext(
                        "Puzzle {k}, missed by {n}", "Puzzle {k}, missed by {n}", missed[1]
                    ).format(k=number, n=missed[1]),
                    theme["text"],
                )
            )
            if p is not None:
                lines.append((P.goal_text(p), theme["text_dim"]))
        else:
            lines.append((_("No puzzle was missed"), theme["text"]))
        lines.append(
            (_("Type your initials on your phone for the hall of fame"), theme["text_dim"])
        )
        for text, colour in lines:
            # wrapped, not cut: in German at 150 % the initials line is two lines long
            font = theme.font(20, "bold" if colour == theme["accent"] else "regular")
            for line in wrap_text(text, font, side.w - 40, max_lines=3):
                drawn = draw_text(
                    surface, line, font, colour, (side.x + 20, y), max_width=side.w - 40
                )
                y += drawn.h + 2
            y += 8


def _fame(app):
    """The app's one hall of fame, as the hall of fame screen opens it (a screen
    module never imports another: scenes/halloffame.py's fame_for does the same)."""
    from game.records import hall_of_fame as hof

    fame = getattr(app, "hall_of_fame", None)
    if fame is None:
        fame = hof.HallOfFame(
            app.paths.data / "halloffame.db", app.kiosk_config.hall_of_fame_server
        )
        app.hall_of_fame = fame
        if fame.problem:
            app.notices.append(fame.problem)
    return fame


def _gem(colour, radius: int) -> pygame.Surface:
    side = radius * 2 + 6
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_gem(surf, (side / 2, side / 2), radius, colour)
    return surf


def open_race(app, game_id: str | None = None) -> RaceScene:
    return RaceScene(app, game_id)
