"""Local player profiles: a name and a colour, and per game a record and a rating.

No account, no password: a profile is how one household's players tell their games
apart on one machine.  Per game it keeps played / won / lost / drawn, the current and
best winning streak, a Glicko-2 rating (``game.records.ratings``, on the bot ladder's scale)
and the rating's history (the last ``MAX_HISTORY`` games that changed it).

Which games move a rating: a finished game in which the profile sat against a rated
bot (a named level or an ``at:X`` strength of a game with a ladder) or another
profile.  Every other seat (a guest, a phone without a profile, a bot of a game
without a ladder) is unrated: the game counts in played / won, not in the rating.
A multi-player game is one result against each rated seat (``ratings.place_results``).

The first rating of a game is the ladder's Medium rating when the game has a ladder
(a newcomer is most likely near Medium, and Medium is the default opponent), else
1500; the deviation starts at Glicko's 350 either way and stays there for the first
``ratings.PLACEMENT_GAMES`` rated games (placement), so they move it far.

A record keeps the ladder its rating is on (``Record.scale``, the ladder's measured
points when the rating last moved).  A ladder measured again gives every level a new
rating; ``Record.on`` carries the person's rating and history across through strength,
so "Match me" and the profile screen keep meaning what they meant.

Stored as one JSON file in the data folder (``profiles.json``, beside the autosave),
read through ``game.storage.reading`` with :data:`SCHEMA` and written atomically
(``game.storage.saves.write_json_atomic``): a kill -9 mid-write leaves the old file or the new
one.  A damaged file is set aside (``profiles.corrupt-<time>.json``) and reported,
and play goes on with no profiles.

Everything here but :func:`load` / :func:`save` is pure and immutable: each change
returns new values.  No pygame.
"""

from __future__ import annotations

import itertools
import re
import time
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Mapping

from game.records import ratings
from game.records.ladder import (
    LEVEL_NAMES,
    MAX_STRENGTH,
    MIN_STRENGTH,
    Ladder,
    parse_strength_level,
)
from game.records.ladder import Point as LadderPoint
from game.records.ratings import Rating
from game.storage.reading import FileProblem, number, schema_errors, text
from game.storage.saves import (
    Paths,
    SaveError,
    UnreadableFile,
    read_json,
    set_aside,
    write_json_atomic,
)
from game.text.clean import JOINERS
from game.text.clean import clean as clean_text
from game.text.i18n import N_, _

PROFILES_FORMAT = 1
MAX_NAME = 16
MAX_PROFILES = 32  # a family or a club on one machine; the picker shows them all
MAX_HISTORY = 500  # rating points kept per game (the oldest dropped first)
MAX_SCALE = 16  # ladder points a record keeps (the ladder measures 8)
MAX_GAMES = 16  # game records per profile (five games today; room for more)
MAX_RECORDED = 200  # keys of the last games recorded (a game is never counted twice)
MAX_LAST = 12  # the seats remembered as "last used"
DEFAULT_RATING = 1500.0
MIN_BOT_RD = 30.0  # a measured bot is never more certain than this

# The colours a profile can wear: a key (stored) -> the colour drawn and its name.
PALETTE: dict[str, tuple[str, str]] = {
    "ruby": ("#e0263e", N_("Ruby")),
    "amber": ("#f0a030", N_("Amber")),
    "citrine": ("#e8d44d", N_("Citrine")),
    "emerald": ("#3fbf6f", N_("Emerald")),
    "teal": ("#2ab7b0", N_("Teal")),
    "sapphire": ("#4a7be0", N_("Sapphire")),
    "amethyst": ("#9b5de5", N_("Amethyst")),
    "rose": ("#f06aa8", N_("Rose")),
}
COLOURS = tuple(PALETTE)

_ID = re.compile(r"^p[0-9]{1,6}$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


class NameProblem(ValueError):
    """A profile name that cannot be used; the message says why, for the screen."""


def check_name(name: object) -> str:
    """``name`` trimmed (runs of spaces made one, in Unicode's composed form), or
    NameProblem with a short reason: 1-16 characters, each one game.text.clean.clean keeps
    (no control, bidi, invisible format, private-use or unassigned character: they
    draw as boxes, reorder the text around them or make two names that look alike),
    no line breaks.  A profile is a player's identity, so the two joiners clean
    keeps between letters are refused here too: "A\\u200dda" would look like "Ada"."""
    if not isinstance(name, str):
        raise NameProblem(_("A name must be text"))
    candidate = unicodedata.normalize("NFC", " ".join(name.split()))
    if not candidate:
        raise NameProblem(_("Type a name"))
    if len(candidate) > MAX_NAME:
        raise NameProblem(_("A name has at most {n} characters").format(n=MAX_NAME))
    if clean_text(candidate) != candidate or not JOINERS.isdisjoint(candidate):
        raise NameProblem(_("A name can hold only letters, digits, marks and spaces"))
    return candidate


def name_key(name: str) -> str:
    """What two names must share to be the same player ("Ada" and "ada ")."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


@dataclass(frozen=True)
class Point:
    """One rated game in a rating's history."""

    date: str  # YYYY-MM-DD
    rating: float
    rd: float
    opponent: str  # see opponent_text: "bot:medium", "bot:at:2.35", "profile:Ada", "many:3"


@dataclass(frozen=True)
class Record:
    """One profile's games of one game."""

    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    streak: int = 0  # wins in a row now
    best_streak: int = 0
    rated: int = 0  # games that moved the rating
    abandoned: int = 0  # games restarted before their end (played, never rated)
    rating: Rating = Rating(DEFAULT_RATING)
    history: tuple[Point, ...] = ()
    # The ladder the rating is on: its (strength, rating) points when the rating last
    # moved.  Empty for a game without a ladder, and in a file that never recorded it:
    # such a rating stays as it is until its next rated game.
    scale: tuple[tuple[float, float], ...] = ()

    def on(self, ladder: Ladder | None) -> "Record":
        """This record on ``ladder``'s scale.  A ladder measured again (new seeds, a
        stronger bot) gives every level a new rating; a person's rating keeps its
        meaning by going through strength: the strength the old ladder gave that
        rating, read off the new one.  The history is carried the same way, so the
        plot stays one scale.  Unchanged without a ladder, on the same ladder, or when
        the record does not say which ladder it is on."""
        new_scale = ladder_scale(ladder)
        if ladder is None or not new_scale or not self.scale or self.scale == new_scale:
            return self
        old = Ladder("", tuple(LadderPoint(s, r, r, r) for s, r in self.scale))

        def carry(rating: float) -> float:
            strength = old.strength_for(rating, MIN_STRENGTH, MAX_STRENGTH)
            return round(ladder.rating(strength), 2)

        return replace(
            self,
            rating=replace(self.rating, rating=carry(self.rating.rating)),
            history=tuple(replace(h, rating=carry(h.rating)) for h in self.history),
            scale=new_scale,
        )


def ladder_scale(ladder: Ladder | None) -> tuple[tuple[float, float], ...]:
    """What a record keeps of the ladder its rating is on: (strength, rating) points."""
    if ladder is None:
        return ()
    return tuple((round(p.strength, 4), round(p.rating, 1)) for p in ladder.points)[:MAX_SCALE]


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    colour: str
    created: str  # YYYY-MM-DD
    games: Mapping[str, Record] = field(default_factory=dict)

    def record(self, game_id: str, ladder: Ladder | None = None) -> Record:
        """This profile's record of ``game_id`` (a fresh one with the starting rating
        when it has none yet)."""
        found = self.games.get(game_id)
        if found is not None:
            return found.on(ladder)
        return Record(rating=Rating(start_rating(ladder)), scale=ladder_scale(ladder))

    def has_rating(self, game_id: str) -> bool:
        r = self.games.get(game_id)
        return r is not None and r.rated > 0


def start_rating(ladder: Ladder | None) -> float:
    """A newcomer's rating: the ladder's Medium when measured, else 1500."""
    if ladder is not None:
        p = ladder.level_point("medium")
        if p is not None:
            return round(p.rating, 2)
    return DEFAULT_RATING


@dataclass(frozen=True)
class Profiles:
    profiles: tuple[Profile, ...] = ()
    last: tuple[str, ...] = ()  # profile id per seat last used ("" = guest)
    recorded: tuple[str, ...] = ()  # keys of games already counted (see game_key)

    def get(self, profile_id: str | None) -> Profile | None:
        return next((p for p in self.profiles if p.id == profile_id), None)

    def find(self, name: str) -> Profile | None:
        """The profile called ``name`` (case and spacing ignored), or None."""
        key = name_key(name)
        return next((p for p in self.profiles if name_key(p.name) == key), None)

    def add(self, name: str, colour: str, today: str) -> tuple["Profiles", Profile]:
        """A new profile; NameProblem when the name is unusable or taken or the list full."""
        clean = check_name(name)
        if self.find(clean) is not None:
            raise NameProblem(_("{name} is already a profile").format(name=clean))
        if len(self.profiles) >= MAX_PROFILES:
            raise NameProblem(
                _("There are already {n} profiles: remove one on the profile screen first").format(
                    n=MAX_PROFILES
                )
            )
        used = {int(p.id[1:]) for p in self.profiles}
        pid = f"p{next(i for i in range(1, MAX_PROFILES + len(used) + 2) if i not in used)}"
        profile = Profile(pid, clean, colour if colour in PALETTE else COLOURS[0], today)
        return replace(self, profiles=self.profiles + (profile,)), profile

    def find_or_add(self, name: str, today: str) -> tuple["Profiles", Profile]:
        """The profile of that name, made (in the next free colour) if there is none:
        how a phone at a party picks its profile by typing a name."""
        clean = check_name(name)
        found = self.find(clean)
        if found is not None:
            return self, found
        used = {p.colour for p in self.profiles}
        colour = next((c for c in COLOURS if c not in used), COLOURS[len(self.profiles) % 8])
        return self.add(clean, colour, today)

    def rename(self, profile_id: str, name: str) -> "Profiles":
        """The profile ``profile_id`` called ``name`` (its records kept); NameProblem
        when the name is unusable or another profile has it.  Its past games keep the
        names they were played under."""
        clean = check_name(name)
        profile = self.get(profile_id)
        if profile is None:
            raise NameProblem(_("That profile is gone"))
        other = self.find(clean)
        if other is not None and other.id != profile_id:
            raise NameProblem(_("{name} is already a profile").format(name=clean))
        return self.with_profile(replace(profile, name=clean))

    def remove(self, profile_id: str) -> "Profiles":
        return replace(
            self,
            profiles=tuple(p for p in self.profiles if p.id != profile_id),
            last=tuple("" if x == profile_id else x for x in self.last),
        )

    def with_profile(self, profile: Profile) -> "Profiles":
        return replace(
            self, profiles=tuple(profile if p.id == profile.id else p for p in self.profiles)
        )

    def with_last(self, seats: list[str]) -> "Profiles":
        """Remember who sat where (profile ids, "" for a guest seat)."""
        known = {p.id for p in self.profiles}
        return replace(self, last=tuple(s if s in known else "" for s in seats[:MAX_LAST]))


# -- what a finished game does to the records -------------------------------------------


def bot_rating(ladder: Ladder, strength: float) -> Rating:
    """A bot's fixed rating at ``strength``: the ladder's rating, and as deviation one
    standard deviation of its rating there (a quarter of the 95 % interval's width, read
    between the measured points; Glicko's deviation is one standard deviation), at least
    30.  tools/ladder.py's Match me benchmark counts bots the same way."""
    pts = ladder.points
    half = [(p.strength, (p.high - p.low) / 4) for p in pts]
    if strength <= half[0][0]:
        h = half[0][1]
    elif strength >= half[-1][0]:
        h = half[-1][1]
    else:
        i = next(k for k in range(1, len(half)) if half[k][0] >= strength)
        (s0, h0), (s1, h1) = half[i - 1], half[i]
        h = h0 + (strength - s0) / (s1 - s0) * (h1 - h0)
    return Rating(round(ladder.rating(strength), 2), max(MIN_BOT_RD, round(h, 2)), 0.0)


def seat_rating(match, seat: int, profiles: Profiles, ladder: Ladder | None) -> Rating | None:
    """The rating ``seat`` of ``match`` counts with (before this game), or None when
    it is unrated: a guest, or a bot whose strength the ladder does not measure."""
    pid = getattr(match, "profiles", {}).get(seat)
    profile = profiles.get(pid)
    if profile is not None:
        return profile.record(match.spec.id, ladder).rating
    s = match.seats[seat]
    if s.is_bot and ladder is not None and ladder.points:
        strength = parse_strength_level(s.level)
        if strength is not None:
            return bot_rating(ladder, strength)
    return None


def opponent_tag(match, seats: list[int], profiles: Profiles) -> str:
    """The history's opponent label (data, translated when shown: opponent_text)."""
    if len(seats) != 1:
        return f"many:{len(seats)}"
    seat = seats[0]
    profile = profiles.get(getattr(match, "profiles", {}).get(seat))
    if profile is not None:
        return f"profile:{profile.name}"
    level = match.seats[seat].level or ""
    return f"bot:{level}"


def opponent_text(tag: str) -> str:
    """A history label for the screen: "Medium bot", "Bot at 2.35", "Ada", "3 players"."""
    kind, _sep, rest = tag.partition(":")
    if kind == "profile":
        return rest
    if kind == "many":
        from game.text.i18n import ngettext

        n = int(rest) if rest.isdigit() else 0
        return ngettext("{n} opponent", "{n} opponents", n).format(n=n)
    if kind == "bot":
        if rest in LEVEL_NAMES:
            return _("{level} bot").format(level=_(LEVEL_NAMES[rest]))
        if rest.startswith("at:"):
            return _("Bot at strength {strength}").format(strength=rest[3:])
    return ""


def game_key(match) -> str:
    """A finished game's identity: its id and start time (the results screen may be
    built again for the same game; a rematch is a new game)."""
    return f"{match.game_id}@{match.started_at:.3f}"


@dataclass(frozen=True)
class Change:
    """What one finished game did to one profile (for the results screen)."""

    profile_id: str
    name: str
    place_text: str  # "won", "lost", "drawn"
    before: Rating | None  # None: the game was not rated for this profile
    after: Rating | None


def record_abandoned(profiles: Profiles, match, today: str) -> Profiles:
    """``profiles`` after ``match`` was given up before its end (Restart): one more game
    played and abandoned for each profile seat, the winning streak broken, the rating
    untouched (a game cut short says nothing about strength).  Once per game, and
    only when someone had moved."""
    seats = {s: pid for s, pid in getattr(match, "profiles", {}).items() if profiles.get(pid)}
    key = game_key(match)
    if not seats or not match.entries or match.is_over() or key in profiles.recorded:
        return profiles
    out = profiles
    for _seat, pid in sorted(seats.items()):
        profile = out.get(pid)
        assert profile is not None  # seats holds only ids of profiles present
        rec = profile.record(match.spec.id)
        rec = replace(rec, played=rec.played + 1, abandoned=rec.abandoned + 1, streak=0)
        out = out.with_profile(replace(profile, games={**profile.games, match.spec.id: rec}))
    return replace(out, recorded=(out.recorded + (key,))[-MAX_RECORDED:])


def record_match(
    profiles: Profiles, match, ladder: Ladder | None, today: str
) -> tuple[Profiles, list[Change]]:
    """``profiles`` after the finished ``match`` (its ``match.profiles`` maps seats to
    profile ids), and what changed.  Unchanged when the game is not over, has no
    profile seat, or was recorded already (``game_key``)."""
    outcome = match.outcome()  # a resignation is a loss for the seat resigning
    seats = {s: pid for s, pid in getattr(match, "profiles", {}).items() if profiles.get(pid)}
    key = game_key(match)
    if outcome is None or not seats or key in profiles.recorded:
        return profiles, []
    game_id = match.spec.id
    places = dict(enumerate(outcome.places))
    # Every rating is read before any is changed: two profiles at one table are rated
    # against each other's rating from before the game.
    # Unrated seats (a guest, an unmeasured bot) are left out.
    before = {
        s: r
        for s in range(len(match.seats))
        if (r := seat_rating(match, s, profiles, ladder)) is not None
    }
    changes = []
    out = profiles
    for seat, pid in sorted(seats.items()):
        profile = out.get(pid)
        assert profile is not None  # seats holds only ids of profiles present
        rec = profile.record(game_id, ladder)
        pairs = [
            (other, score)
            for other, score in ratings.place_results(places, seat)
            if other in before
        ]
        won = not outcome.is_draw and places[seat] == 1
        drawn = outcome.is_draw
        streak = rec.streak + 1 if won else 0
        rec = replace(
            rec,
            played=rec.played + 1,
            won=rec.won + won,
            drawn=rec.drawn + drawn,
            lost=rec.lost + (not won and not drawn),
            streak=streak,
            best_streak=max(rec.best_streak, streak),
        )
        old = rec.rating
        new = None
        if pairs:
            new = ratings.update(
                old, [(before[o], score) for o, score in pairs], rated_before=rec.rated
            )
            point = Point(
                today, new.rating, new.rd, opponent_tag(match, [o for o, _s in pairs], out)
            )
            rec = replace(
                rec,
                rating=new,
                rated=rec.rated + 1,
                history=(rec.history + (point,))[-MAX_HISTORY:],
            )
        if new is not None and ladder is not None:
            rec = replace(rec, scale=ladder_scale(ladder))
        games = dict(profile.games)
        games[game_id] = rec
        out = out.with_profile(replace(profile, games=games))
        result = "won" if won else "drawn" if drawn else "lost"
        changes.append(Change(pid, profile.name, result, old if new else None, new))
    out = replace(out, recorded=(out.recorded + (key,))[-MAX_RECORDED:])
    return out, changes


# -- the file ---------------------------------------------------------------------------

_RATING = number(-10_000, 10_000)
_RD = number(0, 1000)
SCHEMA: dict = {
    "type": "object",
    "required": ["format", "profiles"],
    "properties": {
        "format": {"const": PROFILES_FORMAT},
        "last": {"type": "array", "maxItems": MAX_LAST, "items": text(8)},
        "recorded": {"type": "array", "maxItems": MAX_RECORDED, "items": text(300)},
        "profiles": {
            "type": "array",
            "maxItems": MAX_PROFILES,
            "items": {
                "type": "object",
                "required": ["id", "name", "colour", "created"],
                "properties": {
                    "id": {"type": "string", "pattern": _ID.pattern},
                    "name": text(MAX_NAME, 1),
                    "colour": {"enum": list(COLOURS)},
                    "created": {"type": "string", "pattern": _DATE.pattern},
                    "games": {
                        "type": "object",
                        "maxProperties": MAX_GAMES,
                        "propertyNames": {"pattern": "^[a-z0-9-]{1,40}$"},
                        "additionalProperties": {
                            "type": "object",
                            "required": ["rating", "rd", "volatility"],
                            "properties": {
                                **{
                                    k: number(0, 10**9, integer=True)
                                    for k in (
                                        "played",
                                        "won",
                                        "lost",
                                        "drawn",
                                        "streak",
                                        "best_streak",
                                        "rated",
                                        "abandoned",
                                    )
                                },
                                "rating": _RATING,
                                "rd": _RD,
                                "volatility": number(0, 10),
                                "scale": {
                                    "type": "array",
                                    "maxItems": MAX_SCALE,
                                    "items": {
                                        "type": "array",
                                        "prefixItems": [
                                            number(MIN_STRENGTH, MAX_STRENGTH),
                                            _RATING,
                                        ],
                                        "minItems": 2,
                                        "maxItems": 2,
                                    },
                                },
                                "history": {
                                    "type": "array",
                                    "maxItems": MAX_HISTORY,
                                    "items": {
                                        "type": "array",
                                        "prefixItems": [
                                            {"type": "string", "pattern": _DATE.pattern},
                                            _RATING,
                                            _RD,
                                            text(40),
                                        ],
                                        "minItems": 4,
                                        "maxItems": 4,
                                    },
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}


def to_json(profiles: Profiles) -> dict:
    return {
        "format": PROFILES_FORMAT,
        "last": list(profiles.last),
        "recorded": list(profiles.recorded),
        "profiles": [
            {
                "id": p.id,
                "name": p.name,
                "colour": p.colour,
                "created": p.created,
                "games": {
                    gid: {
                        "played": r.played,
                        "won": r.won,
                        "lost": r.lost,
                        "drawn": r.drawn,
                        "streak": r.streak,
                        "best_streak": r.best_streak,
                        "rated": r.rated,
                        "abandoned": r.abandoned,
                        "rating": r.rating.rating,
                        "rd": r.rating.rd,
                        "volatility": r.rating.volatility,
                        "history": [[h.date, h.rating, h.rd, h.opponent] for h in r.history],
                        **({"scale": [list(pt) for pt in r.scale]} if r.scale else {}),
                    }
                    for gid, r in p.games.items()
                },
            }
            for p in profiles.profiles
        ],
    }


def from_json(data) -> Profiles:
    """Profiles from the file's JSON; FileProblem with a short reason when it breaks
    the schema or what a schema cannot say (names, unique ids and names)."""
    if not isinstance(data, dict) or schema_errors(data, SCHEMA):
        raise FileProblem("it is not a profiles file of this version")
    out = []
    ids, names = set(), set()
    for p in data["profiles"]:
        try:
            # cleaned first: a stray control or bidi character from another tool or a
            # hand edit costs that character, not the whole file
            shown = clean_text(p["name"])
            name = check_name("".join(ch for ch in shown if ch not in JOINERS))
        except NameProblem:
            raise FileProblem("it holds a name that cannot be shown") from None
        if p["id"] in ids or name_key(name) in names:
            raise FileProblem("it holds the same profile twice")
        ids.add(p["id"])
        names.add(name_key(name))
        games = {}
        for gid, g in p.get("games", {}).items():
            games[gid] = Record(
                played=g.get("played", 0),
                won=g.get("won", 0),
                lost=g.get("lost", 0),
                drawn=g.get("drawn", 0),
                streak=g.get("streak", 0),
                best_streak=g.get("best_streak", 0),
                rated=g.get("rated", 0),
                abandoned=g.get("abandoned", 0),
                rating=Rating(float(g["rating"]), float(g["rd"]), float(g["volatility"])),
                history=tuple(
                    Point(h[0], float(h[1]), float(h[2]), clean_text(h[3]))
                    for h in g.get("history", [])
                ),
                scale=_scale(g.get("scale", [])),
            )
        out.append(Profile(p["id"], name, p["colour"], p["created"], games))
    known = {p.id for p in out}
    last = tuple(x if x in known else "" for x in data.get("last", []))
    return Profiles(tuple(out), last, tuple(data.get("recorded", [])))


def _scale(points: list) -> tuple[tuple[float, float], ...]:
    """A record's ladder points from the file: strengths rising (the schema checked
    each pair), else none, so a hand-edited scale is dropped rather than trusted."""
    scale = tuple((float(s), float(r)) for s, r in points)
    strengths = [s for s, _r in scale]
    if len(scale) < 2 or any(b <= a for a, b in itertools.pairwise(strengths)):
        return ()
    return scale


def profiles_path(paths: Paths):
    return paths.data / "profiles.json"


def load(paths: Paths) -> tuple[Profiles, str | None]:
    """The saved profiles, and a message for the screen when the file was unusable
    (it is then set aside, never deleted, and play goes on with no profiles)."""
    path = profiles_path(paths)
    try:
        data = read_json(path)
    except UnreadableFile as exc:
        return Profiles(), _("The player profiles could not be read: {reason}").format(
            reason=str(exc)
        )
    if data is None:
        return Profiles(), None
    try:
        return from_json(data), None
    except FileProblem as exc:
        aside = set_aside(path)
        if aside is None:
            return Profiles(), _("The player profiles could not be read: {reason}").format(
                reason=str(exc)
            )
        return Profiles(), _(
            "The player profiles could not be read: {reason}; they were moved to {name}"
        ).format(reason=str(exc), name=aside.name)


def save(profiles: Profiles, paths: Paths) -> str | None:
    """Write the profiles atomically; a warning for the screen when that failed."""
    try:
        write_json_atomic(profiles_path(paths), to_json(profiles))
    except SaveError:
        return _("The player profiles could not be saved")
    return None


def today(now: float | None = None) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(now))


def record_restart(match, paths: Paths) -> str | None:
    """The play screen's Restart: count the game given up for its profile seats, once
    (a ladder bot's seat never gains from it: no rating moves).  A message for the
    screen when the file could not be read or written, else None."""
    if not getattr(match, "profiles", None) or getattr(match, "profiles_recorded", False):
        return None
    match.profiles_recorded = True
    profiles, problem = load(paths)
    if problem:
        return problem
    new = record_abandoned(profiles, match, today())
    return save(new, paths) if new is not profiles else None


def record_finished(match, paths: Paths, ladders: Mapping[str, Ladder]) -> tuple[list, str | None]:
    """The results screen's hook: count a finished game for its profile seats, once.
    Returns the changes and a message for the screen (an unreadable or unwritable file)."""
    if not getattr(match, "profiles", None) or getattr(match, "profiles_recorded", False):
        return [], None
    match.profiles_recorded = True  # this Match object is never counted again
    profiles, problem = load(paths)
    if problem:
        return [], problem
    new, changes = record_match(profiles, match, ladders.get(match.spec.id), today())
    if not changes:
        return [], None
    return changes, save(new, paths)
