"""Which language the client speaks, and putting a change into effect at once.

The choice, strongest first: a kiosk's ``kiosk.json`` ``"language"`` (the booth's
operator fixes it), the player's ``Settings.language`` ("" = follow the system), the
system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG; see :func:`game.text.i18n.system_language`),
English.  A code the game does not ship falls back to English with a message.

Screens built their buttons with the labels of the language then in effect; each
:class:`scenes.widgets.MenuScene` compares :func:`game.text.i18n.generation` with the one it
built under and rebuilds its widgets when it moved (as a text-size change re-themes
them), so every screen on the stack shows the new language without a restart.
"""

from __future__ import annotations

from game.text import i18n
from game.text.i18n import _


def wanted(app) -> str:
    """The code the app should speak ("" in the settings means the system's)."""
    fixed = getattr(getattr(app, "kiosk_config", None), "language", "") if app.kiosk else ""
    if fixed:
        return fixed
    chosen = getattr(app.settings, "language", "")
    return chosen or i18n.system_language()


def apply_language(app) -> str | None:
    """Make the app speak the language it should; a message when that language is not
    shipped (English is used then).  Every open screen relabels on its next tick."""
    code = wanted(app)
    got = i18n.set_language(code)
    if got != code and code != i18n.SOURCE_LANGUAGE:
        shown = code if i18n.valid_code(code) else code[:12] + ("…" if len(code) > 12 else "")
        return _("The language {code} is not available; English is shown.").format(code=shown)
    return None


def language_choices() -> tuple[str, ...]:
    """The Language setting's values: "" (the system's) and each shipped language."""
    return ("", *i18n.available())


def language_label(code: str) -> str:
    """A choice as the settings row shows it: "System", or the language in itself."""
    if not code:
        return _("System")
    return i18n.native_name(code)
