"""Every game's on-screen buttons are the base's records: in each game the keys reach
every button the focus may visit, and Enter presses the one it is on.

Each game keeps its own way onto the buttons (Tab in Chromatic Collapse, Color
Crossroads and Crystal Connector; in Element Shift, where Tab is Keep / Switch, and in
Crystal Formation, where Tab walks the nodes, the arrow keys past the board's right
edge), so the driver below uses Tab where the game does and the arrows elsewhere.
"""

from __future__ import annotations

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from scenes.play import play_scene_for

OPTIONS = {"crystal-connector": {"convertor": True}}


def open_view(app, game: str, seed: int = 3):
    spec = GAMES[game]
    setup = GameSetup.parse(f"{game}#{seed}", GAMES)
    setup = GameSetup(setup.game, setup.players, {**setup.options, **OPTIONS.get(game, {})}, seed)
    match = Match(spec, setup, [Seat.person() for _ in range(setup.players)], setup.start(GAMES))
    if game == "crystal-connector":  # past the setup cards, to the column's buttons
        while match.state.phase != "play":
            match.submit(match.state.legal_moves()[0])
    if game == "color-crossroads":
        match.submit(match.state.legal_moves()[0])  # who starts
    view = play_scene_for(app, match)
    app.push(view)
    app.run_ticks(2)
    if game == "element-shift":
        view.lift_curtain()  # two people: the hot-seat curtain hides the buttons
    if game == "crystal-formation":
        key(app, pygame.K_TAB)  # the first node of the seat to move
        key(app, pygame.K_RETURN)  # chosen: the grow buttons and Cancel appear
        assert view.selected is not None
    app.run_ticks(1)
    return view


def key(app, k: int, mod: int = 0) -> None:
    app.post_key(k, mod)
    app.run_ticks(1)


def reach_by_tab(app, view, target: str) -> None:
    for _ in range(60):
        if view.focus_key == target:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {target!r}")


def reach_by_arrows(app, view, target: str) -> None:
    """Right off the board's edge onto the buttons, then the arrows toward ``target``."""
    for _ in range(60):
        if view.focus_key == target:
            return
        here = view.focused_button()
        if here is None:
            key(app, pygame.K_RIGHT)
            continue
        goal = view.button(target).rect
        dx, dy = goal.centerx - here.rect.centerx, goal.centery - here.rect.centery
        if abs(dy) > here.rect.h // 2:
            key(app, pygame.K_DOWN if dy > 0 else pygame.K_UP)
        else:
            key(app, pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
    raise AssertionError(f"the arrows never reached {target!r}")


REACH = {
    "crystal-connector": reach_by_tab,
    "chromatic-collapse": reach_by_tab,
    "color-crossroads": reach_by_tab,
    "element-shift": reach_by_arrows,
    "crystal-formation": reach_by_arrows,
}
EXPECTED = {  # at least these, in the position each game opens with above
    "crystal-connector": {"convert", "takeback", "confirm"},
    "chromatic-collapse": {"panel:hint", "panel:undo", "panel:rules", "panel:menu"},
    "color-crossroads": {"colour:0", "colour:1", "colour:2", "colour:3", "end"},
    "element-shift": {"start", "panel:hint", "panel:undo", "panel:rules", "panel:menu"},
    "crystal-formation": {"grow:S", "grow:M", "grow:L", "cancel", "threat"},
}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_keys_reach_each_button_and_enter_presses_it(app, game):
    view = open_view(app, game)
    keys = [b.key for b in view.focusable_buttons()]
    assert EXPECTED[game] <= set(keys), keys
    pressed: list[str] = []
    view.press_button = lambda button: pressed.append(button.key) or True
    for target in keys:
        REACH[game](app, view, target)
        key(app, pygame.K_RETURN)
        assert pressed[-1:] == [target], (target, pressed)
    assert pressed == keys
