"""The pseudo-locale on every screen: each screen is drawn with ``set_language("pseudo")``
(every message accented, ~40 % longer and bracketed, see game/text/pseudo.py) and
every text it draws through the kit, and every button label, is checked:

- a word in plain ASCII letters is a string that skipped gettext, unless it is an
  allowed exception: the game titles and the logo (proper names, the same in every
  language), notation (cells, moves, game ids), key and controller letters, numbers,
  and names the players typed;
- a pseudo text whose closing bracket is missing was cut off (an ellipsis, or a button
  too narrow for its label).

The screens come from tests/test_accessibility.py's sweep, plus the ones only this
file draws (puzzles, hall of fame, initials, number pad, kiosk screens, lobby).

``CRYSTAL_ARCADE_I18N_SHARE=FILE`` appends each screen's figures to FILE (screen,
texts drawn, texts through gettext, texts cut): the share quoted in the closing note.
A placeholder's value inside a pseudo text (a player's name, a seat's label) is not
checked here: it is checked where that value is drawn on its own.
"""

from __future__ import annotations

import os
import re

import pytest

from game.registry import GAMES
from game.text import i18n
from scenes import widgets
from tests.test_accessibility import SCREENS as LOOK_SCREENS
from tests.test_accessibility import make, render_layers, visible_buttons

# Screens whose texts come partly from code another branch wraps.  Their offenders are listed but do not fail until the lead, after
# merging those branches, empties this table; a screen listed here that has become
# clean fails, so the table only ever shrinks.
PENDING_SCREENS: dict[str, str] = {}

# Letters with the pseudo-locale's accents (game/text/pseudo.py): a word holding one
# went through gettext.
PSEUDO_LETTERS = set("åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
ASCII_LETTER = re.compile(r"[A-Za-z]")
# Proper names drawn as they are in every language (a decision: the five titles and
# the logo are the games' names, like a book's).
PROPER_NAMES = {w for spec in GAMES.values() for w in spec.title.split()} | {"CRYSTAL", "ARCADE"}
ALLOWED_WORDS = [
    re.compile(r"^[a-z]$"),  # a board's column letter (a-h), a one-letter replay name
    re.compile(r"^[A-Z]$"),  # a letter key, a controller button (A, B, X, Y), initials
    re.compile(r"^[A-Z]{2,3}$"),  # initials (AAA), RB / LB
    re.compile(r"^[A-Za-z]{1,2}\d{1,2}$"),  # a cell: a1, B3, K11
    re.compile(r"^[a-z]+(-[a-z]+)*(:[a-z0-9,=]+)?#\d+$"),  # a game id
    re.compile(r"^(Enter|Esc|Tab|PgUp|PgDn|F\d+)$"),  # keys, named as the keyboard does
    re.compile(r"^https?://"),  # the party's address
    re.compile(r"^[a-h][1-8][-x][a-h][1-8]$"),  # a Chromatic Collapse move: a2-b1, h6xf8
    re.compile(r"^[SML]×\d+$"),  # Crystal Formation's stash: sizes as the notation names them
    re.compile(r"^[a-z]+(-[a-z]+)*-\d{8}-\d{6}$"),  # a replay's file name
    re.compile(r"^\d+(\.\d+)?x$"),  # a playback speed: 1x, 0.5x
]


def _start_states():
    from game.rules.contract import GameSetup

    return [
        GameSetup(gid, spec.default_players, spec.resolve_options()[1], 7).start(GAMES)
        for gid, spec in GAMES.items()
    ]


def is_notation(segment: str) -> bool:
    """``segment`` reads as a move in some game's notation (``take blue yellow``,
    ``C down 3``, ``place G3 blue``, ``end turn``): the same in every language."""
    segment = segment.strip(" .…")
    if not ASCII_LETTER.search(segment):
        return False
    # as written, or after a log's move number ("35  c1-b2")
    for text in {segment, re.sub(r"^(\d+\s+)+", "", segment)}:
        for state in _STATES:
            try:
                state.parse_move(text)
            except Exception:
                continue
            return True
    return False


_STATES: list = []


def plain_words(text: str, notation: bool = False) -> list[str]:
    """The words of ``text`` that are plain ASCII and outside every pseudo text:
    complete ``[...]`` runs are dropped, and a line of a wrapped pseudo text (its
    start or its end) loses the part before ``]`` or after ``[``.  With ``notation``,
    a stretch between commas (or after a seat's ``name:``) that reads as a move is
    dropped too."""
    rest = re.sub(r"\[[^\[\]]*\]", " ", text)
    if "[" in rest:
        rest = rest[: rest.index("[")]
    if "]" in rest:
        rest = rest[rest.rindex("]") + 1 :]
    if notation:
        if not _STATES:
            _STATES.extend(_start_states())
        rest = " , ".join(p for p in re.split(r"[,·]|:\s", rest) if not is_notation(p))
    out = []
    for word in rest.split():
        if any(ch in PSEUDO_LETTERS for ch in word):
            continue  # the middle of a wrapped pseudo text
        word = word.strip(".,:;!?()«»‹›·/\"'…-")
        if not ASCII_LETTER.search(word) or word in PROPER_NAMES:
            continue
        if any(p.match(word) for p in ALLOWED_WORDS):
            continue
        out.append(word)
    return out


def cut_off(d: widgets.DrawnText) -> bool:
    """A pseudo text drawn shortened: its closing bracket went with the ellipsis."""
    return d.cut and "[" in d.text and "]" in d.text and "]" not in d.shown


def button_labels(app) -> list[tuple[str, bool]]:
    """Every visible button's label and whether it fits its button."""
    return [(text, width <= room) for text, width, room in visible_buttons(app)]


# -- the screens only this file draws ---------------------------------------------------
def _push(module: str, cls: str, *args, **kwargs):
    def build(app):
        import importlib

        scene = getattr(importlib.import_module(module), cls)(app, *args, **kwargs)
        app.push(scene)
        return scene

    return build


def _puzzle(app):
    from scenes.puzzles import open_puzzle

    assert open_puzzle(app, "chromatic-collapse", _first_puzzle("chromatic-collapse"), "list")


def _first_puzzle(game_id: str) -> str:
    from game.content import puzzles as P

    return P.load_puzzles(game_id).puzzles[0].id


def _initials(app):
    from scenes.halloffame import InitialsScene

    app.push(InitialsScene(app, "rush:chromatic-collapse", 7.0))


def _keypad(app):
    from scenes.keypad import NumberPad

    app.push(NumberPad(app, i18n._("Seed"), "", lambda text: None))


def _still_there(app):
    from scenes.kiosk import StillThereScene

    app.push(StillThereScene(app))


def _pin(app):
    from scenes.kiosk import PinScene

    app.push(PinScene(app))


def _lobby(app):
    from game.midend.match import Seat
    from game.rules.contract import GameSetup
    from scenes.party import LobbyScene, hosted

    setup = GameSetup.parse("chromatic-collapse#7", GAMES)
    seats = [Seat.phone(), Seat.phone()]
    # The lobby screen only: its party is never started (no server listens).
    party = hosted(GAMES[setup.game], setup, seats, "off", app.settings)
    app.push(LobbyScene(app, party))


def _rush(app):
    """An Element Shift rush: the clock, the misses and a puzzle's goal on the card."""
    from game.content import puzzles as P
    from scenes.puzzles import open_puzzle

    book = P.load_puzzles("element-shift")
    rush = P.Rush(P.rush_order(book, 5))
    assert open_puzzle(app, "element-shift", rush.current.id, "rush", rush=rush)


def _block_puzzle(app):
    """A Crystal Formation puzzle for more players, whose goal is to block a rival."""
    from game.content import puzzles as P
    from scenes.puzzles import open_puzzle

    book = P.load_puzzles("crystal-formation")
    puzzle = next(p for p in book.puzzles if p.goal == "block")
    assert open_puzzle(app, "crystal-formation", puzzle.id, "list")


# (module, name, value) put back after a screen that patched them (the demo ladder)
_RESTORE: list[tuple] = []


def _select_ladder(app):
    """Game select with profiles and a measured ladder: Match me, the bots' ratings."""
    import scenes.select
    from game.records import ladder
    from scenes.select import SelectScene
    from tools.screenshot import demo_profiles

    _RESTORE.append((ladder, "cached", ladder.cached))
    _RESTORE.append((scenes.select, "ladder_cached", scenes.select.ladder_cached))
    demo_profiles(app.paths)
    app.push(SelectScene(app, "chromatic-collapse"))


EXTRA_SCREENS = {
    "select-ladder": _select_ladder,
    "puzzle-rush": _rush,
    "puzzle-block": _block_puzzle,
    "puzzles": _push("scenes.puzzles", "PuzzlesScene"),
    "puzzle": _puzzle,
    "fame": _push("scenes.halloffame", "HallOfFameScene"),
    "initials": _initials,
    "keypad": _keypad,
    "still-there": _still_there,
    "pin": _pin,
    "lobby": _lobby,
}
SCREENS = {**LOOK_SCREENS, **EXTRA_SCREENS}
KIOSK_SCREENS = {"attract", "still-there", "pin"}


def sweep(paths, screen: str):
    """(texts with letters drawn, the ones that went through gettext, offenders,
    cut-off texts) for ``screen`` in the pseudo-locale."""
    app = make(paths, {"language": "pseudo"}, kiosk=screen in KIOSK_SCREENS)
    try:
        assert i18n.language() == "pseudo"
        layers = render_layers(app, SCREENS[screen])
        # A rule card is a Markdown file per language (seeds/<game>.<lang>.md), not a
        # gettext message: its words are the card's, whichever language it is in.
        drawn = [d for layer in layers for d in layer if d.source == "kit"]
        texts = [d.text for d in drawn] + [label for label, _fits in button_labels(app)]
        lettered = [t for t in texts if ASCII_LETTER.search(t) or set(t) & PSEUDO_LETTERS]
        # names the players typed (the profiles screens' Ada, Bo and Cy)
        from game.records import profiles

        typed = {p.name for p in profiles.load(app.paths)[0].profiles}

        def words(t: str) -> list[str]:
            return [w for w in plain_words(t, notation=True) if w not in typed]

        offenders = sorted({f"{w!r} in {t[:60]!r}" for t in lettered for w in words(t)})
        through = [t for t in lettered if not words(t)]
        cut = [f"cut: {d.shown!r}" for d in drawn if cut_off(d)]
        cut += [f"button too narrow: {t!r}" for t, fits in button_labels(app) if not fits]
        return lettered, through, offenders, cut
    finally:
        app.shutdown()
        while _RESTORE:
            setattr(*_RESTORE.pop())


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_string_on_screen_goes_through_gettext(paths, screen):
    lettered, through, offenders, cut = sweep(paths, screen)
    assert lettered, "the screen drew no text"
    share_log = os.environ.get("CRYSTAL_ARCADE_I18N_SHARE")
    if share_log:
        # The figures for the closing note: texts drawn, through gettext, per screen.
        with open(share_log, "a", encoding="utf-8") as fh:
            fh.write(f"{screen}\t{len(lettered)}\t{len(through)}\t{len(cut)}\n")
    if screen in PENDING_SCREENS:
        if offenders:
            pytest.skip(
                f"pending ({PENDING_SCREENS[screen]}): {len(offenders)} plain words, "
                f"e.g. {offenders[:3]}"
            )
        pytest.fail(f"{screen} has no plain strings any more: take it out of PENDING_SCREENS")
    assert not offenders, "\n".join(offenders[:30])
    assert not cut, "\n".join(cut[:30])


def test_the_words_rule_itself():
    """What counts as plain: the check must be able to fail."""
    assert plain_words("Back") == ["Back"]
    assert plain_words("[Ɓåçķ ~~]") == []
    assert plain_words("Player 1:  ‹ [Ṁéñšçĥ ~~] ›") == ["Player"]
    assert plain_words("[Ŕéšûɱé Crystal Connector ~~~]") == []
    assert plain_words("[Ţĥé ƒîŕšţ ļîñé") == [] and plain_words("ĥåļƒ ~~~]") == []
    assert plain_words("crystal-connector:rocks,pylons#12 · B3 · A") == []
    assert plain_words("Hint: C down 3") == ["Hint", "down"]
    assert plain_words("Hint: C down 3", notation=True) == ["Hint"]
    assert plain_words("[Þļåýéŕ 1 ~~~]: place G3 blue, end turn", notation=True) == []
    assert plain_words("35  c1-b2, a2-b1") == []
    assert plain_words("take the blue", notation=True) == ["take", "the", "blue"]
