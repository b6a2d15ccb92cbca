"""The play screen's move flow: moves tried and applied, undo / redo, restart, resign."""

from __future__ import annotations

from game.midend.match import Match
from game.records import profiles as game_profiles
from game.rules.contract import IllegalMove
from game.storage import autosave
from game.text.i18n import _
from scenes.play.interpret import Changed, Refuse, Submit
from scenes.widgets import toast


class MoveFlow:
    """What changes the match from a play screen (mixed into ``PlayScene``): a
    person's move submitted or refused with its reason, each applied action queued to
    animate, said and autosaved, take-backs, a fresh game and a resignation.  The state
    it uses (``match``, ``queue``, ``anim``, ``hint`` ...) is set up in
    ``PlayScene.__init__``."""

    def try_move(self, move) -> bool:
        """Submit a person's move.  Refusals show the rules' reason and change nothing."""
        if self.match.is_over() or self.read_only:
            return False
        seat = self.match.to_move()
        if seat < 0 or self.match.controller(seat).is_bot:
            self.say(_("Wait for the bot to move"), "warning")
            return False
        decider = self.match.proxy.get(seat, seat)
        if (
            self.party is not None
            and self.match.controller(seat).is_phone
            and self._phone_acting != decider
        ):
            self.say(
                _("{name} plays from their phone").format(name=self.seat_label(decider)), "warning"
            )
            return False
        self.finish_animations()
        old = self.match.state
        try:
            new = self.match.submit(move)
        except IllegalMove as exc:
            self.say(str(exc), "error")
            self.app.sound.play("error")
            self.on_refused(move, exc)
            return False
        self.hint = None
        self._cancel_hint()
        self._after_move(old, new, move, seat)
        return True

    def apply_input(self, result) -> bool:
        """Show what a game's ``interpret_move`` answered (scenes/play/interpret.py):
        the one place a result becomes a move, a refusal on screen or a sound.  Returns
        False for ``Unused`` (the view may try the input on something else) and for a
        ``Submit`` the match refused; True otherwise."""
        if isinstance(result, Submit):
            if result.sound:
                self.app.sound.play(result.sound)
            return self.try_move(result.move)
        elif isinstance(result, Refuse):
            self.say(result.reason, result.kind, result.seconds)
            if result.sound:
                self.app.sound.play(result.sound)
        elif isinstance(result, Changed):
            if result.say:
                self.say(result.say, result.kind, result.seconds)
            if result.sound:
                self.app.sound.play(result.sound)
        else:
            return False
        return True

    def on_refused(self, move, exc: IllegalMove) -> None:
        """A view may add feedback (Crystal Connector's rock bump)."""

    def _after_move(self, old, new, move, seat: int) -> None:
        self.queue.append((old, new, move, seat))
        if self.app.speech.enabled and self.move_said(old, new, move, seat):
            self.voice.moved(old, new, move, seat)
        self.on_moved(old, new, move, seat)
        if not self.autosave_enabled:
            return
        warning = autosave.save(self.match, self.app.paths)
        if warning and not self.warned_save:
            self.warned_save = True
            toast(self.app, warning, "warning")

    def on_moved(self, old, new, move, seat: int) -> None:
        """Hook after any applied action (sounds, score pop-ups)."""
        self.app.sound.play("place")

    def finish_animations(self) -> None:
        """New input skips running animations to their end.  Each skipped transition
        still reaches ``on_animation_done``, in order, as if it had played out."""
        done = ([self.anim[:4]] if self.anim is not None else []) + list(self.queue)
        self.anim = None
        self.queue.clear()
        self.shown = self.match.state
        for old, new, move, seat in done:
            self.on_animation_done(old, new, move, seat)

    # -- take-backs, a fresh game, resigning -----------------------------------------
    def undo(self) -> None:
        if self.party is not None:
            self.say(_("Take-backs are off at a party: every phone would have to agree"), "warning")
            return
        if not self.match.can_undo():
            self.say(
                _("Nothing to undo")
                if self.match.people()
                else _("Undo is for games with a person"),
                "warning",
            )
            return
        self._cancel_bot()
        self._cancel_hint()
        self.hint = None
        self.match.undo()
        self.finish_animations()
        self.on_undo()
        autosave.save(self.match, self.app.paths)
        self.app.sound.play("back")
        self.say(_("Took back your last move"), "info")

    def redo(self) -> None:
        if self.match.redo():
            self.finish_animations()
            self.on_undo()

    def on_undo(self) -> None:
        """Views drop any half-entered input here."""

    def restart(self) -> None:
        self._cancel_bot()
        self._cancel_hint()
        if not self.app.kiosk and not self.read_only:
            # The game given up counts as played (not rated) for its profile seats.
            problem = game_profiles.record_restart(self.match, self.app.paths)
            if problem:
                toast(self.app, problem, "warning")
        fresh = Match(
            self.spec,
            self.match.setup,
            self.match.seats,
            self.match.setup.start({self.spec.id: self.spec}),
            self.match.clock_preset,
        )
        fresh.profiles = dict(self.match.profiles)  # the same players again
        fresh.autosave_checked = True  # the game it replaces was just counted above
        self.app.replace_with("play", fresh)

    def resign_seat(self) -> int | None:
        """Who resigns from the pause menu: the person to act at this screen, else the
        one person playing here; None when nobody here may (a lesson, a puzzle, a
        replay, a game over, only bots or phones, several people and none to act)."""
        m = self.match
        if self.read_only or m.is_over() or getattr(self, "is_tutorial", False):
            return None
        here = [s for s in range(len(m.seats)) if self.decided_here(s)]
        if m.to_move() in here:
            return m.to_move()
        return here[0] if len(here) == 1 else None

    def resign(self) -> None:
        """The pause menu's Resign (asked there first): the game ends now, a loss for
        the person resigning, and the results say so (game.midend.match.Match.resign)."""
        seat = self.resign_seat()
        if seat is None:
            return
        self._cancel_bot()
        self._cancel_hint()
        self.finish_animations()
        self.match.resign(seat)
        autosave.clear(self.app.paths)
        self.app.sound.play("back")
        self.end_wait = -2  # the results open now, not after the end's pause
        self.show_results()
