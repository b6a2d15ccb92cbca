"""Element Shift's results: the chart per round names its lines by the seats' players."""

from game.midend.match import Seat
from scenes import widgets
from tests.screens import match_for


def drawn_texts(app) -> list[str]:
    widgets.text.TEXT_LOG = []
    try:
        app.draw(0.0)
        return [t.text for t in widgets.text.TEXT_LOG]
    finally:
        widgets.text.TEXT_LOG = None


def test_the_chart_names_a_profile_seat_and_numbers_the_others(app):
    match = match_for("element-shift#7", finish=True)
    match.seats[0] = Seat.person("Ada")
    scene = app.build("results", match)
    app.push(scene)
    app.run_ticks(2)
    texts = drawn_texts(app)
    assert "Ada" in texts  # her line ends in her name
    assert "P2" in texts and "P1" not in texts  # the others as the play screen's log has them


def test_the_chart_labels_are_translated(app):
    from game.text import i18n

    match = match_for("element-shift#7", finish=True)
    i18n.set_language("de")
    try:
        scene = app.build("results", match)
        app.push(scene)
        app.run_ticks(2)
        texts = drawn_texts(app)
    finally:
        i18n.set_language("en")
    assert "S2" in texts and "P2" not in texts  # "Spieler": the catalogue's short form
