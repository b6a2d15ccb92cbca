"""The title's buttons stay where they are whether or not Resume is offered (an
autosave exists): Resume takes a place of its own, so a player who knows where Play
is never presses the button that moved into its place."""

from __future__ import annotations

import pygame

from game.midend.match import Match, Seat
from game.registry import GAMES
from game.rules.contract import GameSetup
from game.storage import autosave
from scenes.scene import LOGICAL_SIZE


def rects(title) -> dict[str, pygame.Rect]:
    return {c.element.text: pygame.Rect(c.element.rect) for c in title.controls}


def unfinished(paths) -> None:
    spec = GAMES["crystal-connector"]
    setup = GameSetup(spec.id, 2, spec.resolve_options()[1], 7)
    m = Match(spec, setup, [Seat.person(), Seat.bot("easy")], setup.start(GAMES))
    m.submit(m.state.legal_moves()[0])
    assert autosave.save(m, paths) is None


def test_resume_moves_no_other_title_button(app, paths):
    app.run_ticks(2)
    before = rects(app.top)
    assert "Play" in before and not any(t.startswith("Resume") for t in before)
    unfinished(paths)
    app.top.resume()  # back on the title: it looks at the autosave again
    app.run_ticks(2)
    after = rects(app.top)
    resume = [r for t, r in after.items() if t.startswith("Resume")]
    assert len(resume) == 1
    for text, rect in before.items():
        assert after[text] == rect, text
        assert not resume[0].colliderect(rect), text
    assert pygame.Rect((0, 0), LOGICAL_SIZE).contains(resume[0])
    assert app.top.controls[app.top.focus_index].element.text.startswith("Resume")


def test_back_on_the_title_the_focus_is_on_the_button_left_by(app, paths):
    app.run_ticks(2)
    title = app.top
    texts = [c.element.text for c in title.controls]
    title.set_focus(texts.index("Settings"))
    app.post_key(pygame.K_RETURN)
    app.run_ticks(3)
    assert app.top.name == "settings"
    app.post_key(pygame.K_ESCAPE)
    app.run_ticks(3)
    assert app.top is title
    assert title.controls[title.focus_index].element.text == "Settings"
    # A game left unfinished meanwhile: the focus is on Resume, as at start.
    title.set_focus(texts.index("Rules"))
    unfinished(paths)
    title.resume()
    assert title.controls[title.focus_index].element.text.startswith("Resume")
