"""Element Shift's puzzles (``PUZZLE_MIXIN``, which scenes/puzzles.py puts in front of this
view): the premise that the seat to plan knows the eleven others' plans."""

from __future__ import annotations

from game.rules.contract import IllegalMove
from game.rules.element_shift import Plan, resolve_round
from game.text.i18n import N_, _
from scenes.puzzles import PuzzleMixin


class ShiftPuzzleMixin(PuzzleMixin):
    """Element Shift's puzzles: the seat to plan is the last of the round, and the
    premise is that its player knows the plans the eleven others have submitted (as
    the bots chose them).  So they are drawn on the board, and the plan editor's
    preview resolves the round against them instead of against a still board."""

    preview_label = N_("Against their plans:")

    def preview(self, state, seat: int, plan):
        if getattr(self, "puzzle", None) is None:
            return super().preview(state, seat, plan)
        key = ("known", id(state), seat, plan)
        if self._preview_key != key:
            try:
                self._preview = state.preview_known(seat, plan)
            except IllegalMove:  # no preview for a plan the engine refuses
                self._preview = None
            self._preview_key = key
        return self._preview

    def summary_kind(self, seat: int, people) -> str:
        return _("(you)") if seat == self.puzzle.seat else ""  # no bot plays the others

    def summary_continue_label(self, rnd: int) -> str:
        return _("Back to the board  ›")  # a puzzle is one round: no next one

    def known_round(self, state, seat: int):
        """The round as the others' plans play it, the solver standing still: drawn
        under the plan being made (resolved once per position)."""
        key = (id(state), seat)
        if getattr(self, "_known_key", None) != key:
            segs = state.segments()
            plans = [p if isinstance(p, Plan) else Plan.still(segs) for p in state.pending]
            plans[seat] = Plan.still(segs)
            self._known = resolve_round(
                state.round, state.board, state.positions, state.elements, plans
            )
            self._known_key = key
        return self._known

    def draw_plan_overlay(self, surface, state, seat: int) -> None:
        # the premise under the plan being made (the view draws it: its board, its look)
        self.draw_known_plans(surface, self.known_round(state, seat), seat)
        super().draw_plan_overlay(surface, state, seat)

    def log_lines(self) -> list[tuple[int, str]]:
        """The premise in the log too: this round's plans are shown, not hidden (one
        line per entry, as the game's log has)."""
        lines = super().log_lines()
        m = self.match
        now = m.state.round
        if getattr(self, "puzzle", None) is None or m.is_over() or now < 1:
            return lines
        return [
            (seat, f"R{now}  P{seat + 1}: {m.entries[i].text}")
            if m.states[i].round == now
            else (seat, text)
            for i, (seat, text) in enumerate(lines)
        ]
