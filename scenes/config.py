"""Player settings: what they are, their defaults, and how they are kept.

Stored as JSON in the user config directory.  A file that cannot be used (not JSON,
wrong types, from a newer version) is reported once on screen, renamed aside and
replaced by defaults; single bad values fall back to their default and are
reported the same way.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game.saves import Paths, SaveError, UnreadableFile, read_json, set_aside, write_json_atomic

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

    @staticmethod
    def load(paths: Paths) -> tuple["Settings", str | None]:
        """Settings from disk, and a message for the screen when the file was unusable."""
        try:
            data = read_json(paths.settings)
        except UnreadableFile as exc:
            return Settings(), f"Settings were reset: {exc}"
        if data is None:
            return Settings(), None
        if not isinstance(data, dict):
            aside = set_aside(paths.settings)
            return Settings(), _reset_message("it is not a settings table", aside)
        fmt = data.get("format", SETTINGS_FORMAT)
        if not isinstance(fmt, int) or fmt > SETTINGS_FORMAT:
            aside = set_aside(paths.settings)
            return Settings(), _reset_message(f"it is from a newer version (format {fmt})", aside)
        settings = Settings()
        bad = []
        for f in fields(Settings):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(settings, f.name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, str):
                ok = isinstance(value, str) and (value == "" or _is_address(value))
            else:
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
                if ok and f.name.endswith("volume"):
                    ok = 0.0 <= value <= 1.0
                if ok and f.name == "animation_speed":
                    ok = 0.25 <= value <= 8.0
                if ok and f.name == "party_port":
                    ok = isinstance(value, int) and 0 <= value <= 65535
                if ok and f.name == "party_takeover_seconds":
                    ok = 5 <= value <= 3600
            if ok:
                setattr(settings, f.name, type(default)(value))
            else:
                bad.append(f.name.replace("_", " "))
        if bad:
            aside = set_aside(paths.settings)
            return settings, _reset_message("bad value for " + ", ".join(bad), aside)
        return settings, None

    def save(self, paths: Paths) -> str | None:
        try:
            write_json_atomic(paths.settings, {"format": SETTINGS_FORMAT, **asdict(self)})
        except SaveError as exc:
            return f"Settings could not be saved: {exc}"
        return None


def _is_address(text: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _reset_message(reason: str, aside) -> str:
    where = f" (the old file was kept as {aside.name})" if aside else ""
    return f"Settings file could not be used: {reason}; defaults are in use{where}."


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
@dataclass
class KioskConfig:
    attract_after_seconds: float = 45.0
    idle_timeout_seconds: float = 90.0
    still_there_seconds: float = 15.0
    exit_pin: str = ""
    demo_seconds_per_game: float = 75.0
    party: bool = False
    allow_replays: bool = False

    @staticmethod
    def load(paths: Paths) -> tuple["KioskConfig", str | None]:
        try:
            data = read_json(paths.kiosk)
        except UnreadableFile as exc:
            return KioskConfig(), f"Kiosk settings were reset: {exc}"
        if data is None:
            cfg = KioskConfig()
            try:
                write_json_atomic(paths.kiosk, asdict(cfg))  # so the operator can find it
            except SaveError:
                pass
            return cfg, None
        cfg = KioskConfig()
        problem = None
        if not isinstance(data, dict):
            set_aside(paths.kiosk)
            return cfg, "Kiosk settings file is not a table; defaults are in use"
        for key, default in asdict(cfg).items():
            if key not in data:
                continue
            value = data[key]
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, str):
                ok = isinstance(value, str) and (value == "" or value.isdigit())
            else:
                ok = (
                    isinstance(value, (int, float))
                    and not isinstance(value, bool)
                    and 1 <= value <= 86400
                )
            if ok:
                setattr(cfg, key, value if isinstance(default, (str, bool)) else float(value))
            else:
                problem = f"Kiosk setting {key} is invalid; its default is in use"
        return cfg, problem
