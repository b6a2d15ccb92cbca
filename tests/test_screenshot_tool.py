"""tools/screenshot.py's arguments: a picture of the game asked for, or a refusal."""

from __future__ import annotations

from tests.refusals import refused
from tools import screenshot


def test_an_unknown_game_is_refused_not_drawn_as_another(tmp_path, capsys):
    """Each screen fell back to its own default game, so a misspelt --game gave a
    picture of Crystal Connector under the name asked for."""
    out = tmp_path / "select.png"
    err = refused(screenshot.main, ["select", str(out), "--game", "element-shfit"], capsys)
    assert "--game 'element-shfit': known games are" in err
    assert not out.exists()
