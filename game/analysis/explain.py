"""One sentence on why a marked action was a mistake, from the engine's own facts.

Each game's coach module (``game.analysis.games.<game>``) may define
``explain(before, played, better, seat)``: the facts of the position after the action
played and after the better move, compared, as ``(kind, sentence)`` pairs, the most
telling first; every sentence is in the player's language.  This module asks it and
names no game::

    sentence = explain(game_id, before, after_played, after_better, seat)  # "" if none

A game whose actions stay secret until a round resolves (Element Shift's plans) sets
``SECRET_PLANS`` in its module: its ``explain`` also takes ``later``, the positions
after the one played (a replay holds them), to read the other seats' actions of the
round from there.

The hint says what its one action does: the module's ``explain_hint(before, after,
seat)`` compares the position before the action with the one after it::

    sentence = explain_hint(game_id, before, after, seat)  # "" if none
"""

from __future__ import annotations

from collections.abc import Sequence


def facts(
    game_id: str, before, played, better, seat: int, later: Sequence = ()
) -> list[tuple[str, str]]:
    """Every ``(kind, sentence)`` the game's module finds, most telling first;
    ``later`` (the positions after the one played) goes to a game of secret plans."""
    from game.analysis import games

    module = games.of(game_id)
    hook = getattr(module, "explain", None) if module is not None else None
    if hook is None or played is None or better is None:
        return []
    if getattr(module, "SECRET_PLANS", False):
        return list(hook(before, played, better, seat, later))
    return list(hook(before, played, better, seat))


def explain(game_id: str, before, played, better, seat: int, later: Sequence = ()) -> str:
    """The most telling sentence, or "" when the engine's facts do not tell the two
    positions apart."""
    found = facts(game_id, before, played, better, seat, later)
    return found[0][1] if found else ""


def hint_facts(game_id: str, before, after, seat: int) -> list[tuple[str, str]]:
    """Every ``(kind, sentence)`` on what one action changes, most telling first."""
    from game.analysis import games

    module = games.of(game_id)
    hook = getattr(module, "explain_hint", None) if module is not None else None
    if hook is None or before is None or after is None:
        return []
    return list(hook(before, after, seat))


def explain_hint(game_id: str, before, after, seat: int) -> str:
    """The most telling sentence on what the action from ``before`` to ``after`` does,
    or "" when the engine's facts show no change."""
    found = hint_facts(game_id, before, after, seat)
    return found[0][1] if found else ""
