"""What the words say a board looks like, it looks like, in every look.

Every text that names a colour of a game's board (the tutorials' captions and
results, the rule cards in English and German, and every message of a game's own
modules, in English and German) is read for colour words.  Each colour a game's words
name is an element of that game's board (Color Crossroads' black walls, the pieces'
red, blue, green and yellow, Element Shift's red fire tiles); each is rendered
headless in the normal look, in high contrast and with the colour-blind glyphs (and
both), its pixels are read back from the screen and classified by a plain rule
(black, white and grey by lightness when a pixel has little colour, the rest by hue
angle), and the class must be the colour named.  A colour word with no element
behind it fails too, so a caption added later that names a colour is checked."""

from __future__ import annotations

import colorsys
import importlib.util
import json
import os
import re
from collections import Counter
from pathlib import Path

import pygame
import pytest

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"

# Colour words, English and German (with German endings: "Schwarze", "roten").
WORDS = {
    "black": "black",
    "schwarz": "black",
    "white": "white",
    "weiß": "white",
    "weiss": "white",
    "grey": "grey",
    "gray": "grey",
    "grau": "grey",
    "red": "red",
    "rot": "red",
    "blue": "blue",
    "blau": "blue",
    "green": "green",
    "grün": "green",
    "yellow": "yellow",
    "gelb": "yellow",
    "orange": "orange",
    "purple": "purple",
    "violet": "purple",
    "violett": "purple",
    "lila": "purple",
    "pink": "pink",
    "rosa": "pink",
    "cyan": "cyan",
    "brown": "brown",
    "braun": "brown",
    "silver": "grey",
    "silber": "grey",
}
COLOUR_WORD = re.compile(
    r"\b(" + "|".join(sorted(WORDS, key=len, reverse=True)) + r")(?:e|en|er|es|em)?\b",
    re.IGNORECASE,
)

# -- the classifier -------------------------------------------------------------------

HUES = [  # (up to this hue angle in degrees, its name); red wraps round 0
    (20, "red"),
    (45, "orange"),
    (70, "yellow"),
    (170, "green"),
    (195, "cyan"),
    (255, "blue"),
    (300, "purple"),
    (340, "pink"),
    (360, "red"),
]


def colour_class(rgb) -> str:
    """One pixel's colour name: achromatic pixels (little difference between their
    strongest and weakest channel) by lightness, the others by hue angle."""
    r, g, b = (v / 255 for v in rgb[:3])
    chroma = max(r, g, b) - min(r, g, b)
    light = (max(r, g, b) + min(r, g, b)) / 2
    if chroma < 0.15:
        return "black" if light < 0.22 else "white" if light > 0.8 else "grey"
    hue = colorsys.rgb_to_hsv(r, g, b)[0] * 360
    return next(name for top, name in HUES if hue < top)


def test_the_classifier_names_plain_colours():
    for rgb, name in [
        ((0, 0, 0), "black"),
        ((5, 6, 12), "black"),
        ((255, 255, 255), "white"),
        ((128, 128, 128), "grey"),
        ((255, 59, 92), "red"),
        ((255, 42, 42), "red"),
        ((59, 139, 255), "blue"),
        ((51, 224, 122), "green"),
        ((255, 210, 63), "yellow"),
        ((255, 255, 0), "yellow"),
        ((255, 138, 59), "orange"),
        ((180, 107, 255), "purple"),
    ]:
        assert colour_class(rgb) == name, rgb


def named(pixels, colour: str, where: str) -> None:
    """The element's pixels read as ``colour``: for black, white or grey most of them;
    for a hue, most of the element's coloured pixels, and those a good part of it."""
    classes = Counter(colour_class(p) for p in pixels)
    total = sum(classes.values())
    if colour in ("black", "white", "grey"):
        top = classes.most_common(1)[0][0]
        assert top == colour, f"{where}: {colour} is drawn {dict(classes)}"
        return
    chromatic = {k: v for k, v in classes.items() if k not in ("black", "white", "grey")}
    assert chromatic, f"{where}: {colour} is drawn without colour {dict(classes)}"
    top = max(chromatic, key=chromatic.get)
    assert top == colour, f"{where}: {colour} is drawn {dict(classes)}"
    assert chromatic[top] >= 0.3 * total, f"{where}: {colour} is mostly not {dict(classes)}"


# -- where the words are ---------------------------------------------------------------


def game_of_path(path: str) -> str | None:
    """The game a message's source file belongs to (its engine, its play package or
    its tutorial), None for a screen shared by all games."""
    for gid in GAMES:
        module = gid.replace("-", "_")
        if path in (f"game/{module}.py", f"seeds/tutorial-{gid}.json") or path.startswith(
            f"scenes/play/{module}/"
        ):
            return gid
    return None


def _i18n_tool():
    spec = importlib.util.spec_from_file_location("crystal_i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_texts() -> list[tuple[str, str, str]]:
    """(game, where, text) for every text a player reads about one game's board."""
    out = []
    for gid in GAMES:
        for suffix in (".md", ".de.md"):
            card = SEEDS / f"{gid}{suffix}"
            if card.is_file():
                out.append((gid, card.name, card.read_text(encoding="utf-8")))
        tutorial = SEEDS / f"tutorial-{gid}.json"
        if tutorial.is_file():
            data = json.loads(tutorial.read_text(encoding="utf-8"))
            for key in ("title", "handover"):
                if isinstance(data.get(key), str):
                    out.append((gid, f"{tutorial.name} {key}", data[key]))
            for i, step in enumerate(data.get("steps", [])):
                for key in ("caption", "done", "other", "hint"):
                    if isinstance(step.get(key), str):
                        out.append((gid, f"{tutorial.name} step {i + 1} {key}", step[key]))
    tool = _i18n_tool()
    german, _notes = tool.merged("de")
    for message in tool.extract_catalog():
        if not message.id:
            continue
        games = {game_of_path(p) for p, _line in message.locations} - {None}
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        translated = german.get(message.id, message.context)
        strings = translated.string if translated is not None else ()
        strings = strings if isinstance(strings, (tuple, list)) else (strings,)
        for gid in games:
            for text in (*ids, *strings):
                if text:
                    out.append((gid, "message", text))
    return out


def colour_claims() -> dict[tuple[str, str], list[str]]:
    """(game, colour) -> where its words name that colour."""
    claims: dict[tuple[str, str], list[str]] = {}
    for gid, where, text in game_texts():
        for found in COLOUR_WORD.finditer(text):
            colour = WORDS[found.group(1).lower()]
            around = text[max(0, found.start() - 40) : found.end() + 40]
            claims.setdefault((gid, colour), []).append(f"{where}: {around!r}")
    return claims


# -- the elements, rendered --------------------------------------------------------------

LOOKS = {
    "normal": {},
    "high contrast": {"high_contrast": True},
    "colour-blind": {"colour_blind": True},
    "high contrast, colour-blind": {"high_contrast": True, "colour_blind": True},
}


@pytest.fixture(autouse=True)
def default_look_after():
    yield
    from scenes import theme

    theme.LOOK = theme.DEFAULT_LOOK


def make_app(paths, look: dict):
    from scenes.boot import make_app as boot
    from scenes.config import Settings

    os.environ["CRYSTAL_ARCADE_BOT_WORKER"] = "thread"
    return boot(headless=True, paths=paths, settings=Settings(**look))


def start(game_id: str, moves=()) -> Match:
    setup = GameSetup.parse(game_id, GAMES)
    # one person and bots: no curtain between players hides the board
    seats = [Seat.person()] + [Seat.bot("medium")] * (setup.players - 1)
    match = Match(GAMES[setup.game], setup, seats, setup.start(GAMES))
    for text in moves:
        match.submit(match.parse(text))
    return match


def shown(app, scene) -> pygame.Surface:
    app.push(scene)
    app.run_ticks(3)
    app.draw(0.0)
    return app.canvas.copy()


def pixels(canvas: pygame.Surface, rect: pygame.Rect, keep=lambda x, y: True) -> list:
    out = []
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            if keep(x, y):
                out.append(tuple(canvas.get_at((x, y)))[:3])
    return out


def gem(rect: pygame.Rect) -> pygame.Rect:
    """The middle of a piece in its cell: the crystal, not the tile around it."""
    side = max(6, rect.w * 2 // 5)
    return pygame.Rect(0, 0, side, side).move(rect.centerx - side // 2, rect.centery - side // 2)


def color_crossroads(app, colour: str) -> list[tuple[str, list]]:
    """Walls (black) on the board and in the tutorial step whose result says so; the
    corner crystals (red A1, green I1, yellow A9, blue I9), which placed crystals
    are drawn like."""
    from game.rules.color_crossroads import CORNERS, WALL
    from scenes import routes
    from scenes.tutorial import open_tutorial

    package = routes.play_package("color-crossroads")
    match = start("color-crossroads#1", ["player 1 starts"])  # no first-turn box over it
    canvas = shown(app, routes.view_class("color-crossroads")(app, match))
    if colour == "black":
        walls = [i for i, v in enumerate(match.state.board) if v == WALL]
        out = [("wall", pixels(canvas, package.cell_rect(i).inflate(-10, -10))) for i in walls]
        app.pop()
        # the tutorial's first step, done: "Red on E5. The black cells are walls"
        assert open_tutorial(app, "color-crossroads", 0)
        app.run_ticks(2)
        tutorial = app.top
        tutorial.try_move(tutorial.match.parse(tutorial.step.expect[0]))
        assert app.run_until(lambda: tutorial.phase == "done", max_ticks=20000)
        assert "black cells are walls" in tutorial.step.done
        app.run_ticks(2)
        app.draw(0.0)
        canvas = app.canvas.copy()
        out += [
            ("wall in the tutorial", pixels(canvas, package.cell_rect(i).inflate(-10, -10)))
            for i in walls
        ]
        return out
    names = ("red", "green", "yellow", "blue")
    corner = CORNERS[names.index(colour)]
    return [("corner crystal", pixels(canvas, gem(package.cell_rect(corner))))]


def crystal_connector(app, colour: str) -> list[tuple[str, list]]:
    from game.rules.crystal_connector import COLOUR_NAMES
    from scenes import routes

    package = routes.play_package("crystal-connector")
    match = start("crystal-connector#12", ["pick first", "take red", "take blue green"])
    canvas = shown(app, routes.view_class("crystal-connector")(app, match))
    c = COLOUR_NAMES.index(colour)
    cells = [i for i, v in enumerate(match.state.board) if v == c][:3]
    assert cells
    return [("crystal", pixels(canvas, gem(package.cell_rect(i)))) for i in cells]


def chromatic_collapse(app, colour: str) -> list[tuple[str, list]]:
    from game.rules.chromatic_collapse import COLOURS, EMPTY, code_colour
    from scenes import routes

    match = start("chromatic-collapse#7", ["start Diamond"])  # no "Who starts?" box over it
    view = routes.view_class("chromatic-collapse")(app, match)
    canvas = shown(app, view)
    c = COLOURS.index(colour)
    squares = [i for i, v in enumerate(match.state.board) if v != EMPTY and code_colour(v) == c]
    assert squares
    return [("piece", pixels(canvas, gem(view.square_rect(sq)))) for sq in squares]


def element_shift(app, colour: str) -> list[tuple[str, list]]:
    """Fire is red (the tutorial: "You are fire (red)"), water blue, grass green."""
    from game.rules.element_shift import ELEMENT_COLOURS
    from scenes import routes

    package = routes.play_package("element-shift")
    match = start("element-shift#3")
    canvas = shown(app, routes.view_class("element-shift")(app, match))
    element = ELEMENT_COLOURS.index(colour)
    cells = [i for i, v in enumerate(match.state.board) if v == element][:4]
    assert cells
    return [("tile", pixels(canvas, package.cell_rect(i).inflate(-8, -8))) for i in cells]


ELEMENTS = {
    ("color-crossroads", "black"): color_crossroads,
    **{("color-crossroads", c): color_crossroads for c in ("red", "green", "yellow", "blue")},
    **{("crystal-connector", c): crystal_connector for c in ("red", "blue", "green", "yellow")},
    **{("chromatic-collapse", c): chromatic_collapse for c in ("red", "blue", "green", "yellow")},
    ("element-shift", "red"): element_shift,
}
CLAIMS = colour_claims()


def test_every_colour_a_games_words_name_has_an_element_checked():
    missing = {k: v[:3] for k, v in CLAIMS.items() if k not in ELEMENTS}
    assert not missing, f"colours named with no element rendered: {missing}"
    # the texts the issue is about are among them
    assert ("color-crossroads", "black") in CLAIMS
    assert any("tutorial-color-crossroads.json" in w for w in CLAIMS["color-crossroads", "black"])
    assert any("color-crossroads.de.md" in w for w in CLAIMS["color-crossroads", "black"])


@pytest.mark.parametrize("look", list(LOOKS))
@pytest.mark.parametrize("claim", sorted(CLAIMS), ids=lambda c: f"{c[0]}-{c[1]}")
def test_the_colour_the_words_name_is_the_colour_drawn(paths, claim, look):
    game, colour = claim
    app = make_app(paths, LOOKS[look])
    try:
        shown_elements = ELEMENTS[claim](app, colour)
        assert shown_elements
        for what, found in shown_elements:
            named(found, colour, f"{game} {what} in the {look} look ({CLAIMS[claim][0]})")
    finally:
        app.shutdown()
