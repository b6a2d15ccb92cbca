"""The profile screen: one profile's games.  Left, every game with its record (played,
won, the streak and the best streak) and its rating with the 95 %
interval; right, the chosen game's rating over time (plot.py).  The cyclers at the
top pick the profile and the game."""

from __future__ import annotations

import pygame

from game.records import ladder as game_ladder
from game.records import profiles as gp
from game.records.ratings import PLACEMENT_GAMES
from game.registry import GAMES
from game.text.i18n import _, ngettext
from scenes.profiles.plot import draw_rating_plot
from scenes.widgets import MenuScene, draw_gem, draw_panel, draw_text, toast, wrap_text

TABLE = pygame.Rect(40, 170, 560, 440)
PLOT = pygame.Rect(620, 170, 620, 440)
ROW_H = 84


_CARRIED: dict = {}


def _on_ladder(rec: gp.Record, ladder) -> gp.Record:
    """``rec.on(ladder)``, kept: carrying a long history onto a new ladder takes a few
    milliseconds, too many to spend on every frame.  Keyed by the objects themselves
    (the screen draws the same record objects frame after frame; comparing or hashing
    a 500-point history would cost almost as much as carrying it)."""
    key = (id(rec), id(ladder))
    hit = _CARRIED.get(key)
    if hit is not None and hit[0] is rec and hit[1] is ladder:
        return hit[2]
    if len(_CARRIED) > 64:
        _CARRIED.clear()
    out = rec.on(ladder)
    _CARRIED[key] = (rec, ladder, out)
    return out


class ProfileScene(MenuScene):
    name = "profiles"

    def __init__(self, app, profile_id: str = "", game_id: str = ""):
        super().__init__(app)
        self.profiles, problem = gp.load(app.paths)
        if problem:
            toast(app, problem, "warning")
        ids = [p.id for p in self.profiles.profiles]
        last = [x for x in self.profiles.last if x]
        self.profile_id = (
            profile_id if profile_id in ids else (last[0] if last else (ids[0] if ids else ""))
        )
        self.game_id = game_id if game_id in GAMES else self.most_played()
        self.confirming = ""  # the profile Remove was pressed once for (press again)
        self.build()

    def build(self) -> None:
        self.clear_controls()
        ids = [p.id for p in self.profiles.profiles]
        if ids:
            self.cycler(
                pygame.Rect(40, 100, 560, 54),
                _("Player"),
                ids,
                self.profile_id,
                self.set_profile,
                fmt=lambda pid: self.profiles.get(pid).name,
            )
        self.cycler(
            pygame.Rect(620, 100, 620, 54),
            _("Plot"),
            list(GAMES),
            self.game_id,
            self.set_game,
            fmt=lambda gid: _(GAMES[gid].title),
        )
        self.button(pygame.Rect(40, 636, 200, 56), _("Back"), self.on_back)
        if ids:
            self.button(
                pygame.Rect(40, 24, 170, 50),
                _("Rename"),
                self.open_rename,
                object_id="#small",
                tooltip=_("Give this profile another name (its records stay)"),
            )
            # Removing takes two presses: the first asks, by name.  Beside Rename, clear
            # of where game select's Profiles and Settings' Player profiles were: the
            # second click of a double click on those lands on nothing here.  Both stay
            # left of the centred heading, however long the language makes it.
            name = self.profiles.get(self.profile_id).name
            text = _("Remove {name}?").format(name=name) if self.confirming else _("Remove")
            self.remove_button = self.button(
                pygame.Rect(220, 24, 200, 50),
                text,
                self.remove,
                object_id="#small",
                tooltip=_("Remove this profile and its records"),
            )
        self.set_focus(0)

    def remove(self) -> None:
        if self.confirming != self.profile_id:
            self.confirming = self.profile_id
            self.remove_button.element.set_text(
                _("Remove {name}?").format(name=self.profile().name)
            )
            return
        self.profiles = self.profiles.remove(self.profile_id)
        problem = gp.save(self.profiles, self.app.paths)
        if problem:
            toast(self.app, problem, "warning")
        ids = [p.id for p in self.profiles.profiles]
        self.profile_id = ids[0] if ids else ""
        self.confirming = ""
        self.build()

    def open_rename(self) -> None:
        profile = self.profile()
        if profile is None:
            return
        self.app.open(
            "textpad",
            _("Rename {name}").format(name=profile.name),
            profile.name,
            lambda name, pid=profile.id: self.rename(pid, name),
            limit=gp.MAX_NAME,
        )

    def rename(self, profile_id: str, name: str) -> None:
        """Rename from the letter pad's OK: read the file again first (a game may have
        finished and been counted since this screen opened), then save."""
        profiles, problem = gp.load(self.app.paths)
        if problem:
            toast(self.app, problem, "warning")
            return
        try:
            profiles = profiles.rename(profile_id, name)
        except gp.NameProblem as exc:
            self.app.sound.play("error")
            toast(self.app, str(exc), "warning")
            return
        problem = gp.save(profiles, self.app.paths)
        if problem:
            toast(self.app, problem, "warning")
            return
        self.profiles = profiles
        self.confirming = ""
        self.build()

    def most_played(self) -> str:
        """The game the plot opens on: the profile's most played (the first game else)."""
        p = self.profile()
        games = [g for g in GAMES if p is not None and g in p.games]
        return max(games, key=lambda g: p.games[g].played, default=next(iter(GAMES)))

    def set_profile(self, pid: str) -> None:
        self.profile_id = pid
        if self.confirming:  # a Remove asked about another profile: ask again
            self.confirming = ""
            self.remove_button.element.set_text(_("Remove"))

    def set_game(self, gid: str) -> None:
        self.game_id = gid

    def profile(self) -> gp.Profile | None:
        return self.profiles.get(self.profile_id)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        self.title(surface, _("Profiles"), 20)
        profile = self.profile()
        if profile is None:
            draw_panel(surface, TABLE.union(PLOT), theme)
            draw_text(
                surface,
                _("No profiles yet: pick Who's playing? on game select to make one"),
                theme.font(22),
                theme["text_dim"],
                TABLE.union(PLOT).center,
                "center",
                max_width=TABLE.union(PLOT).w - 40,
            )
            return
        self.draw_table(surface, profile)
        self.draw_plot(surface, profile)
        note = _(
            "Games against guests or unmeasured bots, and games restarted before the"
            " end, count as played, not in the rating"
        )
        font = theme.font(16, "regular")
        lines = wrap_text(note, font, 980, max_lines=2)
        step = font.get_linesize()
        y = 664 - step * len(lines) // 2
        for line in lines:
            draw_text(surface, line, font, theme["text_dim"], (260, y), max_width=980)
            y += step

    def draw_table(self, surface: pygame.Surface, profile: gp.Profile) -> None:
        theme = self.app.theme
        draw_panel(surface, TABLE, theme)
        colour = pygame.Color(gp.PALETTE[profile.colour][0])
        draw_gem(surface, (TABLE.x + 26, TABLE.y + 24), 10, colour)
        draw_text(
            surface,
            _("{name}, playing since {date}").format(name=profile.name, date=profile.created),
            theme.font(20),
            theme["text"],
            (TABLE.x + 46, TABLE.y + 24),
            "midleft",
            max_width=TABLE.w - 64,
        )
        y = TABLE.y + 52
        row_h = (TABLE.bottom - 8 - y) // max(1, len(GAMES))
        big, small = theme.font(19), theme.font(15, "regular")
        for gid, spec in GAMES.items():
            rec = self.shown_record(profile, gid)
            chosen = gid == self.game_id
            if chosen:
                pygame.draw.rect(
                    surface,
                    theme["background_2"],
                    pygame.Rect(TABLE.x + 8, y - 2, TABLE.w - 16, row_h - 4),
                    border_radius=8,
                )
            title_colour = theme["accent"] if chosen else theme["accent_2"]
            draw_text(
                surface, _(spec.title), big, title_colour, (TABLE.x + 18, y + 4), max_width=300
            )
            if rec is None or rec.played == 0:
                line = _("Not played yet")
                rating = ""
            else:
                line = _("{played} · won {won} · streak {streak} (best {best})").format(
                    played=ngettext("{n} game", "{n} games", rec.played).format(n=rec.played),
                    won=rec.won,
                    streak=rec.streak,
                    best=rec.best_streak,
                )
                rating = self.rating_text(rec)
            # Wrapped in the room the row has (two lines where the language is long and
            # the text small enough, else one, shortened).
            ly = y + 4 + big.get_linesize()
            room = max(1, (y + row_h - 4 - ly) // (small.get_linesize() - 2))
            for part in wrap_text(line, small, TABLE.w - 36, max_lines=min(2, room)):
                draw_text(surface, part, small, theme["text"], (TABLE.x + 18, ly))
                ly += small.get_linesize() - 2
            if rating:
                draw_text(
                    surface,
                    rating,
                    big,
                    theme["good"],
                    (TABLE.right - 18, y + 4),
                    "topright",
                    max_width=TABLE.w - 340,
                )
            y += row_h

    @staticmethod
    def shown_record(profile: gp.Profile, game_id: str) -> gp.Record | None:
        """The profile's record of ``game_id`` on the game's ladder as it is now (a
        rating from before the ladder was measured again is carried onto it), None
        when it has not played the game."""
        rec = profile.games.get(game_id)
        return None if rec is None else _on_ladder(rec, game_ladder.cached().get(game_id))

    @staticmethod
    def rating_text(rec: gp.Record) -> str:
        if rec.rated == 0:
            return _("unrated")
        if rec.rated < PLACEMENT_GAMES:
            # Placement: each of the first games still moves the rating far, so the
            # interval would say little; say how far placement has come instead.
            return _("{rating}, placing: {done} of {total}").format(
                rating=round(rec.rating.rating), done=rec.rated, total=PLACEMENT_GAMES
            )
        low, high = rec.rating.interval()
        return _("{rating} ({low}–{high})").format(
            rating=round(rec.rating.rating), low=round(low), high=round(high)
        )

    def draw_plot(self, surface: pygame.Surface, profile: gp.Profile) -> None:
        theme = self.app.theme
        draw_panel(surface, PLOT, theme)
        draw_text(
            surface,
            _("Rating, game by game"),
            theme.font(20),
            theme["accent_2"],
            (PLOT.x + 18, PLOT.y + 12),
            max_width=PLOT.w - 36,
        )
        rec = self.shown_record(profile, self.game_id)
        history = rec.history if rec is not None else ()
        colour = pygame.Color(gp.PALETTE[profile.colour][0])
        draw_rating_plot(
            surface,
            pygame.Rect(PLOT.x, PLOT.y + 44, PLOT.w, PLOT.h - 50),
            theme,
            history,
            colour,
        )
