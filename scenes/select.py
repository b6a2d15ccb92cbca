"""Game select: one card per game (with a picture of its board), then the match set-up:
number of players, who sits in each seat (a person or a bot of some level), the
game's declared options, the clock preset and the seed.  Start builds a Match."""

from __future__ import annotations

import random

import pygame
import pygame_gui

from game.midend.match import Match, Seat
from game.records import ladder as game_ladder
from game.records import profiles as gp
from game.records.ladder import LEVEL_NAMES, level_caption, level_name, rounded
from game.records.ladder import cached as ladder_cached
from game.registry import GAMES
from game.rules.contract import GameSetup, ascii_int
from game.text.i18n import N_, _, ngettext
from scenes import routes
from scenes.app import LOGICAL_SIZE
from scenes.widgets import (
    MIN_TARGET,
    RING,
    MenuScene,
    cached,
    draw_gem,
    draw_panel,
    draw_text,
    fitting_font,
    lighten,
    starfield_background,
    toast,
)

CARD_Y, CARD_H = 78, 186
SEAT_CHOICES = ("person", "phone", "easy", "medium", "hard", "expert")
SEAT_TEXT = {
    "person": N_("Person"),
    "phone": N_("Phone"),
    "easy": N_("Bot: Easy"),
    "medium": N_("Bot: Medium"),
    "hard": N_("Bot: Hard"),
    "expert": N_("Bot: Expert"),
}
CLOCK_TEXT = {"off": N_("Off"), "casual": N_("Casual"), "tournament": N_("Tournament")}


def seat_caption(choice: str, game_id: str, short: bool = False) -> str:
    """A seat choice as its cycler shows it: a bot level with its rating on the game's
    ladder ("Bot: Medium, about 1250"), the level alone when there is none.  ``short``
    for the narrow cyclers of many seats: "Medium 1250"."""
    if choice not in LEVEL_NAMES:
        return _(SEAT_TEXT[choice])
    lad = ladder_cached().get(game_id)
    if short:
        point = lad.level_point(choice) if lad is not None else None
        name = level_name(choice)
        if point is None:
            return _(SEAT_TEXT[choice])
        return _("{level} {rating}").format(level=name, rating=rounded(point.rating))
    return _("Bot: {level}").format(level=level_caption(choice, lad))


def thumbnail(app, game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """A picture of the game's start position, drawn by its view (cached)."""

    def make() -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        # Every game's view draws its own miniature; four plain gems only stand in for
        # a game added without one (a test makes sure none of the five is).
        draw = getattr(routes.view_class(game_id), "draw_thumbnail", None)
        if draw is not None:
            draw(surf, app.theme, GAMES[game_id].new_game(seed=1), app.settings)
        else:
            theme = app.theme
            for i, c in enumerate(
                ("crystal_red", "crystal_blue", "crystal_green", "crystal_yellow")
            ):
                draw_gem(surf, (size[0] * (i + 1) / 5, size[1] / 2), size[1] / 6, theme[c])
        return surf

    return cached(("select.thumbnail", game_id, tuple(size), app.settings.colour_blind), make)


# A card: the picture on the left, a column on the right for the Learn button and
# the Learned badge under it (neither covers the picture), the title along the bottom.
LEARN_W = 94


def learn_button_rect(card: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(card.right - 6 - LEARN_W, card.y + 6, LEARN_W, MIN_TARGET)


def learned_badge_rect(card: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(card.right - 6 - LEARN_W, card.y + 12 + MIN_TARGET, LEARN_W, 26)


def card_picture_rect(card: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(card.x + 8, card.y + 8, card.w - 22 - LEARN_W, card.h - 66)


class SelectScene(MenuScene):
    name = "select"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.ids = list(GAMES)
        if game_id not in GAMES:  # the game last chosen here (the settings file's)
            game_id = app.settings.last_game
        self.game_id = game_id if game_id in GAMES else (self.ids[0] if self.ids else "")
        self.config: dict[str, dict] = {}
        self.seed_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.error = ""
        # Local profiles (game/records/profiles.py): who sits where, remembered as the last
        # used.  None at a booth: its visitors are anonymous.
        self.profiles = None
        if not app.kiosk:
            self.profiles, problem = gp.load(app.paths)
            if problem:
                toast(app, problem, "warning")
        self.build(focus_card=True)

    # -- per-game configuration ------------------------------------------------------
    def cfg(self) -> dict:
        spec = GAMES[self.game_id]
        if self.game_id not in self.config:
            last = list(self.profiles.last) if self.profiles is not None else []
            seats = ["person"] + ["medium"] * (spec.max_players - 1)
            kept = self.app.settings.last_seats.get(self.game_id)
            if isinstance(kept, list) and all(v in SEAT_CHOICES and v != "phone" for v in kept):
                seats[: len(kept)] = kept[: spec.max_players]  # the levels last chosen
            self.config[self.game_id] = {
                "players": spec.default_players,
                "seats": seats,
                "options": {o.name: o.default for o in spec.options},
                "clock": "off",
                "seed": "",
                # Host party: phones play the Phone seats.  Only the switch turns it on,
                # and only while it is on is Phone a seat kind.
                "party": False,
                # the profile id on each seat ("" = a guest), from the last game played
                "profiles": [last[s] if s < len(last) else "" for s in range(spec.max_players)],
            }
        return self.config[self.game_id]

    def build(self, focus_card: bool = False, focus_index: int | None = None) -> None:
        if self.seed_entry is not None:
            self.cfg_seed_from_entry()
        self.clear_controls()
        if self.seed_entry is not None:
            self.seed_entry.kill()
            self.seed_entry = None
        if not self.ids:
            return
        spec = GAMES[self.game_id]
        cfg = self.cfg()
        # cards
        n = len(self.ids)
        cw = (LOGICAL_SIZE[0] - 80 - 12 * (n - 1)) // n
        x = 40
        self.card_rects = {}
        for gid in self.ids:
            rect = pygame.Rect(x, CARD_Y, cw, CARD_H)
            self.card_rects[gid] = rect
            self.button(
                pygame.Rect(rect.x + 6, rect.bottom - 52, rect.w - 12, 46),
                GAMES[gid].title,
                lambda g=gid: self.choose(g),
                object_id="#small",
            )
            x += cw + 12
        # players and seats, under the tagline and the headings (taller at bigger text)
        pitch = self.app.theme.pitch
        y0 = controls_top(self.app.theme)
        if spec.min_players != spec.max_players:
            values = tuple(range(spec.min_players, spec.max_players + 1))
            self.cycler(
                pygame.Rect(40, y0, 380, 48),
                _("Players"),
                values,
                cfg["players"],
                self.set_players,
            )
            y0 += 58
        players = cfg["players"]
        cols = 1 if players <= 4 else (2 if players <= 8 else 3)
        sw = (600 - 10 * (cols - 1)) // cols
        names = spec.seat_names(players)
        rows = (players + cols - 1) // cols
        sh = 48 if rows <= 4 else 44
        # Who's playing: beside each Person seat (one column of seats; more seats than
        # four are a party's, and phones pick their profiles in the lobby).
        who = self.profiles is not None and cols == 1
        for s in range(players):
            r, c = divmod(s, cols)
            rect = pygame.Rect(40 + c * (sw + 10), y0 + r * (sh + 6), sw, sh)
            # a Person seat shares its row with Who's playing?; any other seat has
            # the whole row for its caption ("Bot: Medium, about 1250" in German)
            if who and cfg["seats"][s] == "person":
                rect.w = 395
                self.button(
                    pygame.Rect(445, rect.y, 195, sh),
                    self.who_text(s),
                    lambda s=s: self.open_who(s),
                    object_id="#small",
                    tooltip=_("Who's playing? Pick a profile for this seat"),
                )
            label = names[s]  # already in the current language (spec.seat_names)
            if cols > 1 and label == _("Player {n}").format(n=s + 1):
                # Three columns of twelve seats: "P7", the number kept.
                label = _("P{number}").format(number=s + 1)
            self.cycler(
                rect,
                label,
                self.seat_choices(),
                cfg["seats"][s],
                lambda v, s=s: self.set_seat(s, v),
                fmt=lambda v, game=spec.id, short=cols > 1: seat_caption(v, game, short),
                object_id="#small" if cols > 1 else None,
            )
        # More seats than one column holds: Who's playing? for the first Person seat
        # under the seats (the others are a party's phones or guests at one screen).
        first = next((s for s in range(players) if cfg["seats"][s] == "person"), None)
        if self.profiles is not None and cols > 1 and first is not None:
            self.button(
                pygame.Rect(40, y0 + rows * (sh + 6) + 4, 400, 48),
                _("{seat}: {player}").format(seat=names[first], player=self.who_text(first)),
                lambda: self.open_who(first),
                object_id="#small",
                tooltip=_("Who's playing? Pick a profile for this seat"),
            )
        # options
        ox, oy, ow = 680, controls_top(self.app.theme), 560
        opts = spec.options
        two_cols = len(opts) > 4
        w = (ow - 10) // 2 if two_cols else ow
        for i, o in enumerate(opts):
            col, row = (i % 2, i // 2) if two_cols else (0, i)
            rect = pygame.Rect(ox + col * (w + 10), oy + row * 54, w, 48)
            values = (False, True) if o.kind == "bool" else tuple(o.choices)
            fmt = (
                (lambda v: _("On") if v else _("Off"))
                if o.kind == "bool"
                else (lambda v: _(str(v).title()))
            )
            self.cycler(
                rect,
                _(o.label),
                values,
                cfg["options"][o.name],
                lambda v, name=o.name: self.set_option(name, v),
                fmt=fmt,
                tooltip=_(o.help) if o.help else None,
                object_id="#small" if two_cols else None,
            )
        rows_used = (len(opts) + 1) // 2 if two_cols else len(opts)
        if spec.tournament_clock is not None and two_cols and len(opts) % 2:
            # the free half of the last row: a row of its own would reach the seed
            # box's label once the text is large
            clock_rect = pygame.Rect(ox + w + 10, oy + (rows_used - 1) * 54, w, 48)
        else:
            clock_rect = pygame.Rect(ox, oy + rows_used * 54 + 6, 300, 48)
        if spec.tournament_clock is not None:
            self.cycler(
                clock_rect,
                _("Clock"),
                ("off", "casual", "tournament"),
                cfg["clock"],
                self.set_clock,
                fmt=lambda v: _(CLOCK_TEXT[v]),
            )
        # seed, start, back
        by = LOGICAL_SIZE[1] - 70
        # the seed box grows with its text, and is as wide as "random" (in its
        # language) needs; Start gives up that room
        grow = pitch(146) - 146
        placeholder = _("random")
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(ox, by, 146 + grow, 54), self.ui, placeholder_text=placeholder
        )
        need = self.seed_entry.font.size(placeholder)[0] + 2 * (10 + 3) + 4  # padding, border
        if need > 146 + grow:
            grow = min(need, 300) - 146
            self.seed_entry.set_dimensions((146 + grow, 54))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.length_limit = 9
        if cfg["seed"]:
            self.seed_entry.set_text(cfg["seed"])
        self.button(
            pygame.Rect(ox + 220 + grow, by, 340 - grow, 54),
            _("Start  ›"),
            self.start,
            object_id="#primary",
        )
        # The box needs a keyboard; controllers and touch screens get a number pad.  (Made
        # after Start, so Down from the clock still lands on Start.)
        self.button(
            pygame.Rect(ox + 152 + grow, by, 62, 54),
            "123",
            self.open_keypad,
            object_id="#small",
            tooltip=_("Type the seed on an on-screen number pad"),
        )
        self.button(pygame.Rect(40, by, 160, 54), _("Back"), self.on_back)
        # Host party: phones on the local network play the Phone seats (scenes/party.py).
        if self.party_allowed():
            self.cycler(
                pygame.Rect(220, by, 420, 54),
                _("Host party"),
                (False, True),
                self.hosting(),
                self.set_party,
                fmt=lambda v: _("On: phones join") if v else _("Off"),
                tooltip=_(
                    "On: every Person seat becomes a Phone seat; players join from "
                    "their phones' browsers over the local network"
                ),
            )
        # Learn: each game's guided tutorial, on its card (made last, so every other
        # control keeps its place in the focus order).
        from scenes.learned import learned_games

        self.learned = learned_games(self.app.paths)
        for gid, rect in self.card_rects.items():
            self.button(
                learn_button_rect(rect),
                _("Learn"),
                lambda g=gid: self.learn(g),
                object_id="#small",
                tooltip=_("A one-minute guided tutorial of {game}").format(game=GAMES[gid].title),
            )
        # Profiles and Match me, top right (made last: every other control keeps its
        # place in the focus order).
        if self.profiles is not None:
            self.button(
                pygame.Rect(LOGICAL_SIZE[0] - 200, 14, 160, 50),
                _("Profiles"),
                self.open_profiles,
                object_id="#small",
            )
            rating = self.match_me_rating()
            if rating is not None:
                self.button(
                    pygame.Rect(LOGICAL_SIZE[0] - 620, 14, 400, 50),
                    _("Match me, about {rating}").format(rating=round(rating.rating)),
                    self.match_me,
                    object_id="#small",
                    tooltip=_("One bot whose rating is near yours: won about half the time"),
                )
        if focus_card:
            self.set_focus(self.ids.index(self.game_id))
        elif focus_index is not None and focus_index < len(self.controls):
            self.set_focus(focus_index)

    # -- profiles ----------------------------------------------------------------------
    def seat_profile(self, seat: int) -> gp.Profile | None:
        if self.profiles is None:
            return None
        ids = self.cfg()["profiles"]
        return self.profiles.get(ids[seat]) if seat < len(ids) else None

    def who_text(self, seat: int) -> str:
        p = self.seat_profile(seat)
        return p.name if p is not None else _("Guest")

    def open_who(self, seat: int) -> None:
        names = GAMES[self.game_id].seat_names(self.cfg()["players"])
        self.app.open(
            "who",
            seat_name=names[seat],
            on_pick=lambda pid, s=seat: self.set_profile(s, pid),
            current=self.cfg()["profiles"][seat],
        )

    def set_profile(self, seat: int, profile_id: str) -> None:
        """A seat's player picked (or made) a profile: kept for every game's set-up,
        and a profile sits in one seat at a time."""
        self.profiles, _problem = gp.load(self.app.paths)  # the picker may have made one
        for gid in self.config:
            ids = self.config[gid]["profiles"]
            for i, other in enumerate(ids):
                if other == profile_id and profile_id:
                    ids[i] = ""
            if seat < len(ids):
                ids[seat] = profile_id
        self.build(focus_index=self.focus_index)

    def open_profiles(self) -> None:
        first = next((p for p in self.cfg()["profiles"] if p), "")
        self.app.open("profiles", first, self.game_id)

    def match_me_profile(self) -> tuple[int, gp.Profile] | None:
        """The first Person seat's profile, when it has a rating in this game."""
        for s, choice in enumerate(self.cfg()["seats"][: self.cfg()["players"]]):
            if choice == "person":
                p = self.seat_profile(s)
                return (s, p) if p is not None and p.has_rating(self.game_id) else None
        return None

    def match_me_rating(self):
        """The rating "Match me" matches, or None when it is not offered: no profile
        with a rating for this game, or no ladder for it."""
        found = self.match_me_profile()
        ladder = game_ladder.cached().get(self.game_id)
        if found is None or ladder is None:
            return None
        return found[1].record(self.game_id, ladder).rating

    def match_me(self) -> None:
        """One bot (more where the game needs more seats) at the strength whose ladder
        rating is the person's: games won about half the time."""
        found = self.match_me_profile()
        ladder = game_ladder.cached().get(self.game_id)
        if found is None or ladder is None:
            return
        _seat, profile = found
        spec = GAMES[self.game_id]
        rating = profile.record(self.game_id, ladder).rating
        strength = match_me_strength(ladder, rating)
        try:
            players, options = spec.resolve_options(
                max(2, spec.min_players), **self.cfg()["options"]
            )
        except ValueError:
            players, options = spec.resolve_options(max(2, spec.min_players))
        seed = random.randrange(1, 1_000_000)
        setup = GameSetup(spec.id, players, options, seed)
        name = _("Match me, about {rating}").format(rating=round(ladder.rating(strength)))
        seats = [Seat.person(profile.name)] + [
            Seat.bot(game_ladder.strength_level(strength), name) for _i in range(players - 1)
        ]
        match = Match(spec, setup, seats, setup.start(GAMES), self.cfg()["clock"])
        match.profiles = {0: profile.id}
        self.remember_seats([profile.id])
        self.app.open("play", match)

    def remember_seats(self, ids: list[str]) -> None:
        if self.profiles is None:
            return
        self.profiles, _problem = gp.load(self.app.paths)
        new = self.profiles.with_last(ids)
        if new != self.profiles:
            self.profiles = new
            problem = gp.save(new, self.app.paths)
            if problem:
                toast(self.app, problem, "warning")

    def open_keypad(self) -> None:
        self.cfg_seed_from_entry()
        self.app.open("keypad", _("Seed"), self.cfg()["seed"], self.set_seed)

    def set_seed(self, text: str) -> None:
        self.cfg()["seed"] = text
        if self.seed_entry is not None:
            self.seed_entry.set_text(text)

    def handle(self, event: pygame.event.Event) -> None:
        # A finger on the seed box opens the number pad: no keyboard would appear.
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "finger", False)
            and self.seed_entry is not None
            and self.seed_entry.rect.collidepoint(event.pos)
        ):
            self.open_keypad()
            return
        super().handle(event)

    def cfg_seed_from_entry(self) -> None:
        if self.seed_entry is not None and self.game_id in self.config:
            self.config[self.game_id]["seed"] = self.seed_entry.get_text().strip()

    def choose(self, game_id: str) -> None:
        if game_id != self.game_id:
            self.cfg_seed_from_entry()
            self.game_id = game_id
            self.error = ""
            self.build(focus_card=True)
            self.remember_choices()

    def remember_choices(self) -> None:
        """The game and its seats' kinds, kept for the next visit and the next start
        (the settings file; a Phone seat is kept as a Person's)."""
        seats = {g: v for g, v in self.app.settings.last_seats.items() if g in GAMES}
        seats[self.game_id] = ["person" if v == "phone" else v for v in self.cfg()["seats"]]
        problem = self.app.settings.remember(
            self.app.paths, self.app.kiosk, last_game=self.game_id, last_seats=seats
        )
        if problem:
            toast(self.app, problem, "warning")

    def learn(self, game_id: str) -> None:
        """The game's tutorial, for the first Person seat's player: their profile (a
        profile sits in the same seat for every game here) plays the game the lesson
        leads to."""
        cfg = self.cfg()
        first = next((s for s, v in enumerate(cfg["seats"]) if v == "person"), None)
        profile = self.seat_profile(first) if first is not None else None
        learner = (profile.id, profile.name) if profile is not None else ("", "")
        self.app.open("tutorial", game_id, learner=learner)

    def resume(self) -> None:
        super().resume()
        from scenes.learned import learned_games

        self.learned = learned_games(self.app.paths)  # a finished tutorial marks its card
        if self.profiles is not None:
            # Back from a game or the profile screen: ratings (and Match me) may have moved.
            self.profiles, _problem = gp.load(self.app.paths)
            self.build(focus_index=self.focus_index)

    def set_players(self, n: int) -> None:
        self.cfg()["players"] = n
        self.build(focus_index=self.focus_index)

    def set_seat(self, seat: int, value: str) -> None:
        old = self.cfg()["seats"][seat]
        self.cfg()["seats"][seat] = value
        self.remember_choices()
        # A Person seat has its Who's playing? button beside it.
        if "person" in (old, value):
            focus = self.focus_index
            if self.profiles is not None and self.cfg()["players"] <= 4 and old != value:
                # the seat's Who's playing? button comes (or goes) just before its
                # cycler: the focus stays on the cycler being turned
                focus += (value == "person") - (old == "person")
            self.build(focus_index=focus)

    def set_option(self, name: str, value) -> None:
        self.cfg()["options"][name] = value
        spec = GAMES[self.game_id]
        try:
            spec.resolve_options(self.cfg()["players"], **self.cfg()["options"])
            self.error = ""
        except ValueError as exc:
            self.error = str(exc)

    def party_allowed(self) -> bool:
        """A kiosk hosts parties only when its operator allowed it (kiosk.json)."""
        return not self.app.kiosk or bool(self.app.kiosk_config.party)

    def seat_choices(self) -> tuple[str, ...]:
        """The kinds a seat cycles through: Phone only while Host party is on (turning
        a seat never starts hosting by itself)."""
        if self.party_allowed() and self.hosting():
            return SEAT_CHOICES
        return tuple(c for c in SEAT_CHOICES if c != "phone")

    def hosting(self) -> bool:
        return bool(self.cfg().get("party")) and self.party_allowed()

    def set_party(self, on: bool) -> None:
        self.cfg()["party"] = bool(on)
        seats = self.cfg()["seats"]
        for i, v in enumerate(seats):
            if on and v == "person":
                seats[i] = "phone"
            elif not on and v == "phone":
                seats[i] = "person"
        self.build(focus_index=self.focus_index)

    def set_clock(self, value: str) -> None:
        self.cfg()["clock"] = value

    # -- start -----------------------------------------------------------------------
    def build_match(self) -> Match:
        """The Match for the current choices; ValueError with a readable reason."""
        self.cfg_seed_from_entry()
        spec = GAMES[self.game_id]
        cfg = self.cfg()
        seed_text = cfg["seed"]
        # A seed kept from the last game comes from a file: plain ASCII digits only.
        seed = ascii_int(str(seed_text), max_digits=9)
        if seed is None:
            seed = random.randrange(1, 1_000_000)
        players, options = spec.resolve_options(cfg["players"], **cfg["options"])
        setup = GameSetup(spec.id, players, options, seed)
        seats = [
            self.seat_for(v if v != "phone" or self.hosting() else "person")
            for v in cfg["seats"][:players]
        ]
        picked = {}
        for s, seat in enumerate(seats):
            profile = self.seat_profile(s) if seat.kind == "person" else None
            if profile is not None:
                seats[s] = Seat.person(profile.name)
                picked[s] = profile.id
        match = Match(spec, setup, seats, setup.start(GAMES), cfg["clock"])
        match.profiles = picked
        return match

    @staticmethod
    def seat_for(choice: str) -> Seat:
        if choice == "person":
            return Seat.person()
        return Seat.phone() if choice == "phone" else Seat.bot(choice)

    def start(self) -> None:
        try:
            match = self.build_match()
            if any(s.is_phone for s in match.seats):
                self.host_party(match)
                return
        except ValueError as exc:
            self.error = str(exc)
            self.app.sound.play("error")
            toast(self.app, _("Cannot start: {reason}").format(reason=exc), "warning")
            return
        if self.profiles is not None:
            self.remember_seats([match.profiles.get(s, "") for s in range(len(match.seats))])
        self.remember_choices()
        self.app.open("play", match)

    def host_party(self, match: Match) -> None:
        """Phone seats: open the lobby (the game itself starts from there)."""
        self.app.open("lobby", match)  # one that cannot listen says so and opens nothing

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for gid, rect in self.card_rects.items():
                if rect.collidepoint(event.pos):
                    self.app.sound.play("click")
                    self.choose(gid)
                    return

    # -- drawing ---------------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        starfield_background(surface, self.app.theme, self.motion_ticks)

    def draw_content(self, surface: pygame.Surface, alpha: float) -> None:
        theme = self.app.theme
        draw_text(
            surface,
            _("Choose a game"),
            theme.heading(40),  # the cards below leave it no room to grow
            theme["accent"],
            (40, 18),
            shadow=True,
        )
        if not self.ids:
            return
        for gid, rect in self.card_rects.items():
            chosen = gid == self.game_id
            draw_panel(
                surface,
                rect,
                theme,
                fill="panel",
                edge="accent" if chosen else "panel_edge",
                width=4 if chosen else 2,
                alpha=250 if chosen else 200,
            )
            pic_rect = card_picture_rect(rect)
            surface.blit(thumbnail(self.app, gid, pic_rect.size), pic_rect)
            if chosen:
                pygame.draw.rect(
                    surface, lighten(theme["accent"], 0.2), rect.inflate(6, 6), 2, border_radius=16
                )
            if gid in getattr(self, "learned", ()):
                badge = learned_badge_rect(rect)
                draw_panel(
                    surface, badge, theme, fill="background_2", edge="good", radius=10, alpha=235
                )
                # The tick is drawn: the UI font has no check-mark glyph.
                tx, ty = badge.x + 12, badge.centery
                pygame.draw.lines(
                    surface,
                    theme["good"],
                    False,
                    [(tx - 3, ty), (tx + 2, ty + 5), (tx + 10, ty - 6)],
                    3,
                )
                draw_text(
                    surface,
                    _("Learned"),
                    theme.font(15, "bold"),
                    theme["good"],
                    (badge.x + 25, badge.centery),
                    "midleft",
                )
        spec = GAMES[self.game_id]
        y = CARD_Y + CARD_H + 8
        tagline = _(spec.tagline)
        # One line under the cards: a longer translation steps down to a smaller size
        # (not below 16 px) before it would be cut.
        font = fitting_font(theme, tagline, 22, "bold", 1200)
        draw_text(surface, tagline, font, theme["accent_2"], (40, y), max_width=1200)
        who = (
            _("Players and seats")
            if spec.min_players != spec.max_players
            else ngettext("{n} seat", "{n} seats", spec.max_players).format(n=spec.max_players)
        )
        draw_text(surface, who, theme.font(18), theme["text_dim"], (40, y + theme.pitch(30)))
        draw_text(
            surface,
            _("Options") if spec.options else _("No options"),
            theme.font(18),
            theme["text_dim"],
            (680, y + theme.pitch(30)),
        )
        draw_text(
            surface,
            _("Seed (same seed, same start)"),
            theme.font(16),
            theme["text_dim"],
            (680, LOGICAL_SIZE[1] - 70 - RING - theme.pitch(22)),
        )
        if self.error:
            draw_text(
                surface,
                self.error,
                theme.font(18),
                theme["bad"],
                (220, LOGICAL_SIZE[1] - 60),
                max_width=450,
            )


def controls_top(theme) -> int:
    """Where the seat and option controls start: under the tagline and the two
    headings, whose lines step down with the text size."""
    return CARD_Y + CARD_H + 8 + theme.pitch(30) + theme.pitch(28) + RING


def match_me_strength(ladder, rating) -> float:
    """The Match me opponent's strength: the ladder helper's ``match_strength`` (the
    strength whose ladder rating is nearest the person's, Easy .. Expert)."""
    return game_ladder.match_strength(ladder, rating)


def start_quick_game(app, text: str, seed: int | None) -> str | None:
    """``--game``: a game name or full game id, straight to the board, a person
    against Medium bots.  Returns a problem to print, or None."""
    try:
        if "#" in text:
            setup = GameSetup.parse(text, GAMES)
        else:
            game, _sep, _rest = text.partition(":")
            setup = GameSetup.parse(
                f"{text}#{seed if seed is not None else random.randrange(1, 1_000_000)}", GAMES
            )
            del game
    except ValueError as exc:
        return str(exc)
    spec = GAMES[setup.game]
    seats = [Seat.person()] + [Seat.bot("medium") for _ in range(setup.players - 1)]
    match = Match(spec, setup, seats, setup.start(GAMES))
    app.open("play", match)
    app._apply_pending()
    return None
