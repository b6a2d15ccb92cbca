"""The profile colours (game/records/profiles.py PALETTE) look like their names wherever they
are drawn and in every look: the colour itself (Who's playing?'s bar), the gem on the
profile screen and the rating plot's line and interval band.  A band laid
see-through over the plot's dark blue ground once turned Ruby's into Rose's hue."""

from __future__ import annotations

import colorsys

import pygame
import pytest

from game.records import profiles as gp
from scenes.profiles.plot import draw_rating_plot
from scenes.widgets import draw_gem

# What each name means, as a hue in degrees: ruby red, amber orange, citrine yellow,
# emerald green, teal, sapphire blue, amethyst purple, rose pink.
NAMED_HUE = {
    "ruby": 352,
    "amber": 36,
    "citrine": 52,
    "emerald": 142,
    "teal": 178,
    "sapphire": 220,
    "amethyst": 270,
    "rose": 330,
}
TOLERANCE = 12  # degrees either way: ruby's nearest neighbour, rose, is 22 away

LOOKS = {"standard": False, "high contrast": True}


def hue_gap(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def coloured_hues(surface: pygame.Surface, rect: pygame.Rect, theme) -> list[float]:
    """The hue of every clearly coloured pixel in ``rect`` (the theme's own greys,
    blues and text left out: only what the profile's colour made)."""
    ground = {tuple(theme[k])[:3] for k in ("background", "background_2", "panel", "grid")}
    ground |= {tuple(theme[k])[:3] for k in ("text", "text_dim", "panel_edge")}
    out = []
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            c = surface.get_at((x, y))
            if (c.r, c.g, c.b) in ground:
                continue
            h, s, v = colorsys.rgb_to_hsv(c.r / 255, c.g / 255, c.b / 255)
            if s >= 0.3 and v >= 0.08:
                out.append(h * 360)
    return out


@pytest.fixture(params=list(LOOKS))
def theme(app, request):
    app.theme.set_look(high_contrast=LOOKS[request.param])
    yield app.theme
    app.theme.set_look()


def test_every_colour_named_has_its_own_hue():
    assert set(NAMED_HUE) == set(gp.COLOURS)
    for name, (hex_colour, _words) in gp.PALETTE.items():
        c = pygame.Color(hex_colour)
        h, s, v = colorsys.rgb_to_hsv(c.r / 255, c.g / 255, c.b / 255)
        assert hue_gap(h * 360, NAMED_HUE[name]) <= TOLERANCE, (name, round(h * 360))
        assert s >= 0.5 and v >= 0.6, name  # a colour, bright enough on a dark panel


@pytest.mark.parametrize("name", gp.COLOURS)
def test_the_rating_plot_and_the_gem_keep_the_colours_hue(theme, name):
    colour = pygame.Color(gp.PALETTE[name][0])
    surface = pygame.Surface((620, 440))
    surface.fill(theme["panel"])
    history = (
        gp.Point("2026-11-01", 1250, 300, "bot:easy"),
        gp.Point("2026-11-02", 1350, 220, "bot:easy"),
        gp.Point("2026-11-03", 1300, 160, "bot:medium"),
        gp.Point("2026-11-04", 1420, 110, "bot:medium"),
    )
    area = pygame.Rect(0, 0, 620, 440)
    draw_rating_plot(surface, area, theme, history, colour)
    inside = pygame.Rect(area.x + 70, area.y + 14, area.w - 116, area.h - 80)  # no labels
    hues = coloured_hues(surface, inside, theme)
    assert len(hues) > 500  # the band and the line were drawn
    far = [round(h) for h in hues if hue_gap(h, NAMED_HUE[name]) > TOLERANCE]
    assert not far, (name, sorted(set(far))[:10])
    gem = pygame.Surface((80, 80))
    gem.fill(theme["panel"])
    draw_gem(gem, (40, 40), 30, colour)
    far = [round(h) for h in coloured_hues(gem, gem.get_rect(), theme)]
    far = [h for h in far if hue_gap(h, NAMED_HUE[name]) > TOLERANCE]
    assert not far, (name, sorted(set(far))[:10])
