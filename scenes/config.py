"""Player settings: what they are, their defaults, and how they are kept.

Stored as JSON in the user config directory.  A file that cannot be used (not JSON,
wrong types, from a newer version) is reported once on screen, renamed aside and
replaced by defaults; single bad values fall back to their default and are
reported the same way.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field, fields

from game.records.counters import MAX_BOOTH
from game.storage.reading import FileProblem, load_json, number, schema_errors, text
from game.storage.saves import (
    Paths,
    SaveError,
    UnreadableFile,
    read_json,
    set_aside,
    write_json_atomic,
)
from game.text.i18n import _, valid_code

SETTINGS_FORMAT = 1
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)


@dataclass
class Settings:
    fullscreen: bool = False
    master_volume: float = 0.8
    effects_volume: float = 0.8
    animation_speed: float = 1.0  # 2.0 = animations take half as long
    colour_blind: bool = False  # draw a glyph on every coloured piece
    shift_preview: bool = True  # Crystal Connector: animate each shift as it is entered
    # Party play: where the host listens ("" = this machine's LAN address, found when a
    # party starts; "127.0.0.1" = this computer only), its port (0 = any free port) and
    # how long a phone may be gone before a Medium bot plays its seat.
    party_address: str = ""
    party_port: int = 8765
    party_takeover_seconds: float = 60.0
    # Accessibility: text size in percent (scenes/theme.TEXT_SIZES), the high-contrast
    # palette, reduced motion (no drifting background, no bounce or shake, shorter
    # plain animations) and the player's own keys and controller buttons (action name
    # -> key or button name, only the ones changed from scenes/input.py's defaults).
    text_size: int = 100
    high_contrast: bool = False
    reduced_motion: bool = False
    # Speech through the player's screen reader (scenes/speech/); F5 and --speech too.
    speech: bool = False
    key_bindings: dict = field(default_factory=dict)
    button_bindings: dict = field(default_factory=dict)
    # The window as the player last left it (0 x 0: never opened, fit it to the
    # display); restored clamped to the display it opens on.
    window_width: int = 0
    window_height: int = 0
    window_x: int = 0
    window_y: int = 0
    window_placed: bool = False  # window_x / window_y were recorded
    # The language the client speaks: "" follows the system's locale, else a shipped
    # language's code ("en", "de"); see scenes/language.py.
    language: str = ""
    # Left maximised: opened maximised again, with the size and place above kept for
    # when the player restores it (a maximised frame's size is never recorded).
    window_maximised: bool = False
    # What game select and Puzzles were last left on: the game and its seats' kinds
    # (game id -> "person" or a bot level per seat), the puzzle list's game and the
    # puzzle last opened of each game.  An id this version does not know is passed
    # over where it is used.
    last_game: str = ""
    last_seats: dict = field(default_factory=dict)
    last_puzzle_game: str = ""
    last_puzzle: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Keys of the file this version does not know (a newer release's settings),
        # written back unchanged by save(): not a dataclass field, so never shown.
        self.kept: dict = {}

    @staticmethod
    def load(paths: Paths) -> tuple["Settings", str | None]:
        """Settings from disk, and a message for the screen when the file was unusable."""
        try:
            data = read_json(paths.settings)
        except UnreadableFile as exc:
            return Settings(), _("Settings were reset: {reason}").format(reason=exc)
        if data is None:
            return Settings(), None
        if not isinstance(data, dict):
            aside = set_aside(paths.settings)
            return Settings(), _reset_message(_("it is not a settings table"), aside)
        fmt = data.get("format", SETTINGS_FORMAT)
        if isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > SETTINGS_FORMAT:
            aside = set_aside(paths.settings)
            return Settings(), _reset_message(
                _("it is from a newer version (format {format})").format(format=fmt), aside
            )
        settings = Settings()
        # Types and ranges are checked once, by the schema; a bad value (null included)
        # falls back to its default, is reported, and the file is kept aside as it was.
        bad_keys = {path[0] for path in schema_errors(data, SETTINGS_SCHEMA) if path}
        address = data.get("party_address", "")
        if isinstance(address, str) and address and not _is_address(address):
            bad_keys.add("party_address")
        code = data.get("language", "")
        if isinstance(code, str) and code and not valid_code(code):
            bad_keys.add("language")  # "../../etc" and the like: never near a path
        names = {f.name for f in fields(Settings)}
        bad = ["format"] if "format" in bad_keys else []
        for f in fields(Settings):
            if f.name not in data:
                continue
            if f.name in bad_keys:
                bad.append(f.name.replace("_", " "))
                continue
            default = getattr(settings, f.name)
            setattr(settings, f.name, type(default)(data[f.name]))
        if settings.key_bindings or settings.button_bindings:
            # A table that names no key, or leaves an action unreachable, is dropped
            # whole: the player gets the default keys back, never a dead control.
            from scenes.input import binding_problem

            if binding_problem(settings.key_bindings, settings.button_bindings):
                settings.key_bindings, settings.button_bindings = {}, {}
                bad.append("key bindings")
        settings.kept = {k: v for k, v in data.items() if k not in names and k != "format"}
        if bad:
            aside = set_aside(paths.settings)
            return settings, _reset_message(
                _("bad value for {names}").format(names=", ".join(bad)), aside
            )
        return settings, None

    def remember(self, paths: Paths, kiosk: bool = False, **values) -> str | None:
        """Keep what a screen was left on (``last_game=...``) and write the file, as a
        settings change does (a booth keeps it in memory only: the file is its
        operator's).  A message for the screen when the file could not be written."""
        changed = False
        for name, value in values.items():
            if getattr(self, name) != value:
                setattr(self, name, value)
                changed = True
        if not changed or kiosk:
            return None
        return self.save(paths)

    def save(self, paths: Paths) -> str | None:
        try:
            write_json_atomic(
                paths.settings, {**self.kept, "format": SETTINGS_FORMAT, **asdict(self)}
            )
        except SaveError as exc:
            return _("Settings could not be saved: {reason}").format(reason=exc)
        return None


# The seat kinds game select remembers (a Phone seat is remembered as a Person's: a
# party is hosted anew each time).
REMEMBERED_SEATS = ("person", "easy", "medium", "hard", "expert")

SETTINGS_SCHEMA: dict = {
    "type": "object",
    "maxProperties": 200,
    "properties": {
        "format": {"type": "integer"},
        "fullscreen": {"type": "boolean"},
        "master_volume": number(0.0, 1.0),
        "effects_volume": number(0.0, 1.0),
        "animation_speed": number(0.25, 8.0),
        "colour_blind": {"type": "boolean"},
        "shift_preview": {"type": "boolean"},
        "party_address": text(64),
        "party_port": number(0, 65535, integer=True),
        "party_takeover_seconds": number(5, 3600),
        "text_size": {"enum": [100, 125, 150]},
        "high_contrast": {"type": "boolean"},
        "reduced_motion": {"type": "boolean"},
        "speech": {"type": "boolean"},
        "key_bindings": {
            "type": "object",
            "maxProperties": 64,
            "additionalProperties": text(32),
        },
        "button_bindings": {
            "type": "object",
            "maxProperties": 64,
            "additionalProperties": text(32),
        },
        "window_width": number(0, 16384, integer=True),
        "window_height": number(0, 16384, integer=True),
        "window_x": number(-65536, 65536, integer=True),
        "window_y": number(-65536, 65536, integer=True),
        "window_placed": {"type": "boolean"},
        "language": text(16),
        "window_maximised": {"type": "boolean"},
        "last_game": text(40),
        "last_seats": {
            "type": "object",
            "maxProperties": 32,
            "propertyNames": {"maxLength": 40},
            "additionalProperties": {
                "type": "array",
                "maxItems": 16,
                "items": {"enum": list(REMEMBERED_SEATS)},
            },
        },
        "last_puzzle_game": text(40),
        "last_puzzle": {
            "type": "object",
            "maxProperties": 32,
            "propertyNames": {"maxLength": 40},
            "additionalProperties": text(40),
        },
    },
}


def _is_address(text: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _reset_message(reason: str, aside) -> str:
    if aside:
        return _(
            "Settings file could not be used: {reason}; defaults are in use "
            "(the old file was kept as {name})."
        ).format(reason=reason, name=aside.name)
    return _("Settings file could not be used: {reason}; defaults are in use.").format(
        reason=reason
    )


EXIT_PIN_DIGITS = (4, 12)


def valid_exit_pin(text: object) -> bool:
    """The one PIN rule, checked where kiosk.json is read and at the prompt: 4 to 12
    ASCII digits (str.isdigit() would also take "²" or Arabic-Indic digits, which no
    booth keyboard types)."""
    low, high = EXIT_PIN_DIGITS
    return (
        isinstance(text, str) and low <= len(text) <= high and all("0" <= ch <= "9" for ch in text)
    )


# -- an event booth's settings (kiosk.json, written with its defaults on first start
# so an operator can find and edit it) ---------------------------------------------
KIOSK_SCHEMA: dict = {
    "type": "object",
    "maxProperties": 200,
    "properties": {
        "attract_after_seconds": number(1, 86400),
        "idle_timeout_seconds": number(1, 86400),
        "still_there_seconds": number(1, 86400),
        "exit_pin": text(EXIT_PIN_DIGITS[1]),
        "demo_seconds_per_game": number(1, 86400),
        "party": {"type": "boolean"},
        "allow_replays": {"type": "boolean"},
        "day_starts_at_hour": number(0, 23, integer=True),
        "hall_of_fame_server": text(500),
        "language": text(16),
        "counters_folder": text(1000),
        "booth_name": text(MAX_BOOTH),
    },
}


def valid_fame_server(text: object) -> bool:
    """ "" (no server: the hall of fame stays on this machine) or a libpq connection
    string or postgres:// URL that psycopg can parse."""
    if text == "":
        return True
    if not isinstance(text, str) or any(ord(ch) < 32 for ch in text):
        return False
    if text.startswith(("postgresql://", "postgres://")):
        from urllib.parse import urlsplit

        try:
            return bool(urlsplit(text).hostname)
        except ValueError:
            return False
    try:
        from psycopg.conninfo import conninfo_to_dict
    except ImportError:  # without psycopg a server could not be used anyway
        return False
    try:
        return bool(conninfo_to_dict(text))
    except Exception:  # psycopg's ProgrammingError: a string libpq cannot parse
        return False


def valid_counters_folder(text: object) -> bool:
    """ "" (the user data folder's ``counters``) or a full path with nothing in it the
    sanitiser would drop (game.records.counters.folder_form_problem).  Whether it
    exists is asked at each export: a USB stick comes and goes."""
    from game.records.counters import folder_form_problem

    return text == "" or folder_form_problem(text) is None


def valid_booth_name(text: object) -> bool:
    """ "" (the machine's name) or a name the sanitiser leaves unchanged (one line, no
    control, invisible or direction characters): it is shown on every booth's
    operator screen and written to the shared server and the CSV."""
    from game.text.clean import clean

    return text == "" or (isinstance(text, str) and clean(text, MAX_BOOTH) == text)


def last_good_kiosk_path(paths: Paths):
    """A copy of the last kiosk.json that loaded well: what a booth falls back to when
    kiosk.json is damaged, so a broken file never opens the exit."""
    return paths.config / "kiosk.last-good.json"


@dataclass
class KioskConfig:
    attract_after_seconds: float = 45.0
    idle_timeout_seconds: float = 90.0
    still_there_seconds: float = 15.0
    exit_pin: str = ""
    demo_seconds_per_game: float = 75.0
    party: bool = False
    allow_replays: bool = False
    # The hall of fame's "today" starts at this local hour (0-23); a night event open
    # past midnight sets e.g. 6.  A server (libpq string or postgres:// URL) makes
    # several booths share one hall of fame; "" keeps it on this machine.
    day_starts_at_hour: int = 0
    hall_of_fame_server: str = ""
    # The booth's language, fixed for every visitor ("" = the system's, or what the
    # settings say); see scenes/language.py.
    language: str = ""
    # Where the operator's Export CSV writes the counters (a USB stick's folder, a
    # full path); "" = ``counters`` in the user data folder.
    counters_folder: str = ""
    # This booth's name on the operator's Booths view and in the CSV's booth rows; ""
    # keeps the name the counters file has (the machine's host name when first made).
    booth_name: str = ""

    def __post_init__(self) -> None:
        # True when kiosk.json could not be trusted and there was no last good copy:
        # the booth then has no exit chord at all (only a signal ends it).  Never read
        # from nor written to the file.
        self.exit_locked = False

    @staticmethod
    def load(paths: Paths) -> tuple["KioskConfig", str | None]:
        """The booth's settings, failing CLOSED: a damaged kiosk.json, or one whose
        exit_pin is not "" (no PIN) nor a valid PIN, never means "no PIN".  Invalid
        values bring back the last good file whole (``kiosk.last-good.json``); with no
        last good copy a bad value takes its default, and a damaged file or PIN locks
        the exit.  The damaged file is left
        where it is for the operator to fix (moving it aside would make the next
        start write defaults, with no PIN)."""
        try:
            data = load_json(paths.kiosk)
        except FileProblem as exc:
            return _kiosk_fallback(
                paths, _("kiosk.json could not be used: {reason}").format(reason=exc)
            )
        if data is None:
            # A first start writes the defaults so the operator can find the file; a
            # booth whose kiosk.json went missing gets its last good settings back
            # (not the defaults' "no PIN").
            cfg = _last_good(paths) or KioskConfig()
            try:
                write_json_atomic(paths.kiosk, asdict(cfg))
            except SaveError:
                pass
            return cfg, None
        if not isinstance(data, dict):
            return _kiosk_fallback(paths, _("kiosk.json is not a settings table"))
        bad = {path[0] for path in schema_errors(data, KIOSK_SCHEMA) if path}
        pin = data.get("exit_pin", "")
        if "exit_pin" not in bad and pin != "" and not valid_exit_pin(pin):
            bad.add("exit_pin")
        code = data.get("language", "")
        if "language" not in bad and code != "" and not valid_code(code):
            bad.add("language")
        if "hall_of_fame_server" not in bad and not valid_fame_server(
            data.get("hall_of_fame_server", "")
        ):
            bad.add("hall_of_fame_server")
        if "counters_folder" not in bad and not valid_counters_folder(
            data.get("counters_folder", "")
        ):
            bad.add("counters_folder")
        if "booth_name" not in bad and not valid_booth_name(data.get("booth_name", "")):
            bad.add("booth_name")
        if not bad:
            cfg = _kiosk_from(data)
            _keep_last_good(paths, cfg)
            return cfg, None
        names = ", ".join(sorted(bad))
        good = _last_good(paths)
        if good is not None:  # the whole booth as it last worked, not a mixture
            why = _(
                "Kiosk setting {names} is invalid; the last good kiosk settings are in use"
            ).format(names=names)
            _log.warning("%s", why)
            return good, why
        cfg = _kiosk_from({k: v for k, v in data.items() if k not in bad})
        if "exit_pin" in bad:
            cfg.exit_locked = True
            why = _(
                "Kiosk setting {names} is invalid; the exit is locked until kiosk.json is fixed"
            ).format(names=names)
        else:
            why = _("Kiosk setting {names} is invalid; its default is in use").format(names=names)
        _log.warning("%s", why)
        return cfg, why


_log = logging.getLogger(__name__)


def _kiosk_from(data: dict) -> KioskConfig:
    cfg = KioskConfig()
    for key, default in asdict(cfg).items():
        if key in data:
            value = data[key]
            kind = type(default) if isinstance(default, (str, bool, int)) else float
            setattr(cfg, key, kind(value))
    return cfg


def _last_good(paths: Paths) -> KioskConfig | None:
    try:
        data = load_json(last_good_kiosk_path(paths))
    except FileProblem:
        return None
    if not isinstance(data, dict) or schema_errors(data, KIOSK_SCHEMA):
        return None
    pin = data.get("exit_pin", "")
    if pin != "" and not valid_exit_pin(pin):
        return None
    if not valid_fame_server(data.get("hall_of_fame_server", "")):
        return None
    code = data.get("language", "")
    if code != "" and not valid_code(code):
        return None
    if not valid_counters_folder(data.get("counters_folder", "")):
        return None
    if not valid_booth_name(data.get("booth_name", "")):
        return None
    return _kiosk_from(data)


def _keep_last_good(paths: Paths, cfg: KioskConfig) -> None:
    if _last_good(paths) == cfg:
        return
    try:
        write_json_atomic(last_good_kiosk_path(paths), asdict(cfg))
    except SaveError:
        pass  # the booth runs on; only the fallback copy is older


def _kiosk_fallback(paths: Paths, reason: str) -> tuple[KioskConfig, str]:
    good = _last_good(paths)
    if good is not None:
        why = _("{reason}; the last good kiosk settings are in use").format(reason=reason)
        cfg = good
    else:
        cfg = KioskConfig()
        cfg.exit_locked = True
        why = _("{reason}; the exit is locked until kiosk.json is fixed").format(reason=reason)
    _log.warning("%s", why)
    return cfg, why
