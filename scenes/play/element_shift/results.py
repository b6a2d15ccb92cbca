"""Element Shift's results screen: the shared one, with its chart drawn per round."""

from __future__ import annotations

import math

import pygame

from game.text.i18n import _, pgettext
from scenes.results import ResultsScene
from scenes.widgets import Pen, draw_panel, lighten, text_width


class ElementShiftResults(ResultsScene):
    """The shared results screen with the chart drawn per round (0 to 7): the match's
    score history also holds the end of the setup phase, which the shared chart would
    plot as a round of its own."""

    def headline(self) -> str:
        o = self.outcome
        if o is None or o.is_draw or len(o.winners) == 1:
            return super().headline()
        people = set(self.match.people())
        seat_names = self.match.seat_names()
        names = [seat_names[w] for w in o.winners]
        text = _("Shared first place: {names}").format(names=", ".join(names))
        if len(people) == 1 and people & set(o.winners):
            text = _("You share first place!")
        if text_width(self.app.theme.font(64, "display"), text) > 1220:
            text = _("{n} players share first place").format(n=len(names))
        return text

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        write = Pen(surface, self.app.theme)
        theme = self.app.theme
        draw_panel(surface, rect, theme)
        write(_("Score after each round"), 24, "accent_2", (rect.x + 18, rect.y + 12))
        state = self.match.state
        n = state.num_players
        # the heading above and the axis labels below take what their text needs
        plot_top = rect.y + 12 + theme.pitch(44)
        plot = pygame.Rect(
            rect.x + 60, plot_top, rect.w - 120, rect.bottom - plot_top - theme.pitch(44)
        )
        pygame.draw.rect(surface, theme["background"], plot, border_radius=6)
        rounds = len(state.breakdowns)
        series = [[0] * n]
        for r in range(rounds):
            series.append([series[-1][s] + state.breakdowns[r][s].total for s in range(n)])
        if rounds == 0:
            write(_("No round was played"), 20, "text_dim", plot.center, "center")
            return
        most = max(1, max(max(v) for v in series))
        step = next((x for x in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if most / x <= 6), 1000)
        top = step * math.ceil(most / step)
        small = 15
        for k in range(top // step + 1):
            v = k * step
            y = plot.bottom - v / top * plot.h
            pygame.draw.line(surface, theme["grid"], (plot.x, y), (plot.right, y), 1)
            write(f"{v:.0f}", small, "text_dim", (plot.x - 8, y), "midright", kind="regular")
        for k in range(rounds + 1):
            x = plot.x + plot.w * k / rounds
            write(str(k), small, "text_dim", (x, plot.bottom + 6), "midtop", kind="regular")
        write(
            pgettext("axis", "round"),
            small,
            "text_dim",
            (plot.centerx, plot.bottom + theme.pitch(24)),
            "midtop",
            kind="regular",
        )
        ends = []
        for seat in range(n):
            # equal scores would hide each other's lines: nudge each seat a pixel apart
            nudge = (seat - (n - 1) / 2) * 0.8
            pts = [
                (plot.x + plot.w * i / rounds, plot.bottom - series[i][seat] / top * plot.h + nudge)
                for i in range(rounds + 1)
            ]
            colour = lighten(self.seat_colour(seat), 0.1)
            pygame.draw.lines(surface, colour, False, pts, 3)
            for p in pts:
                pygame.draw.circle(surface, colour, p, 3)
            ends.append([pts[-1][1], seat])
        # end labels, nudged apart so twelve lines stay readable
        # (a label's height apart at the chosen text size, and none below the panel)
        gap = theme.font(13).get_height()
        ends.sort()
        for i in range(1, len(ends)):
            ends[i][0] = max(ends[i][0], ends[i - 1][0] + gap)
        lowest = rect.bottom - 6 - gap / 2
        if ends and ends[-1][0] > lowest:
            ends[-1][0] = lowest
            for i in range(len(ends) - 2, -1, -1):
                ends[i][0] = min(ends[i][0], ends[i + 1][0] - gap)
        # a line's end names its seat: the player's own name where a profile gave one
        # (cut to the margin), else the short "P1" the play screen's log uses
        names, game_names = self.match.seat_names(), self.match.game_seat_names()
        for yy, seat in ends:
            own = names[seat] != game_names[seat]
            write(
                names[seat] if own else _("P{n}").format(n=seat + 1),
                13,
                lighten(self.seat_colour(seat), 0.2),
                (plot.right + 8, yy),
                "midleft",
                max_width=rect.right - plot.right - 14,
            )
