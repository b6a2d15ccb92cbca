"""Words the play screens and the theatre share, in the current language: the colours,
elements and crystal names the engines keep as notation (``red``, ``fire``, ``Ruby``).

The engines' tables stay English: they are the notation a saved game and a phone's move
use (``take red blue``).  What a player reads goes through here, looked up when drawn,
so a language change shows at once.  Colour names are nouns here (German capitalises
them: Rot, Blau); a phrase that needs an adjective ("a red piece") is a whole message
of its own where it is drawn.
"""

from __future__ import annotations

from game.text.i18n import _, pgettext


def colour_name(name: str) -> str:
    """``red`` -> ``red`` / ``Rot``: a colour named on its own or inside a sentence."""
    words = {
        "red": pgettext("colour", "red"),
        "blue": pgettext("colour", "blue"),
        "green": pgettext("colour", "green"),
        "yellow": pgettext("colour", "yellow"),
    }
    return words.get(name.lower(), name)


def colour_title(name: str) -> str:
    """The colour as a label of its own, first letter capital (``Red``, ``Rot``)."""
    word = colour_name(name)
    return word[:1].upper() + word[1:]


def element_name(name: str) -> str:
    """``fire`` -> ``fire`` / ``Feuer``: an Element Shift element inside a sentence."""
    words = {
        "fire": pgettext("element", "fire"),
        "water": pgettext("element", "water"),
        "grass": pgettext("element", "grass"),
    }
    return words.get(name.lower(), name)


def element_title(name: str) -> str:
    """The element as a label of its own (``Fire``, ``Feuer``)."""
    word = element_name(name)
    return word[:1].upper() + word[1:]


def and_list(words: list[str]) -> str:
    """``red and blue``; ``red, blue and green`` in the current language."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    head = ", ".join(words[:-1])
    return _("{first} and {last}").format(first=head, last=words[-1])


def level_name(level: str | None) -> str:
    """A bot level as a word of its own (``Hard``, ``Schwer``); an unknown one as it is."""
    words = {
        "easy": pgettext("level", "Easy"),
        "medium": pgettext("level", "Medium"),
        "hard": pgettext("level", "Hard"),
        "expert": pgettext("level", "Expert"),
    }
    return words.get((level or "").lower(), (level or "").title())
