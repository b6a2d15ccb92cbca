"""The play screen's bots and hints: a bot's turn asked of the worker and shown for a
pause people can follow (scaled by the player's animation speed), the answers polled
each tick, and the hint bot's move for the player's own turn.  ``PlayScene`` takes these
as a mixin; the state they use (``ticket``, ``bot_wait``, ``hint`` ...) is set up in
``PlayScene.__init__``."""

from __future__ import annotations

import threading

from game.rules.contract import IllegalMove, derived_rng
from game.text.i18n import _

BOT_MIN_TICKS = 24  # a bot action is shown for at least this long (before speed scaling)
# The hint's banner names the move and says what it does: in German at 150 % text, in
# the side panel's width, that takes up to seven lines.
HINT_LINES = 7


class HintWords(threading.Thread):
    """The hint's sentence, found off the frame's thread: a game's facts may take a
    search (Element Shift resolves the round against the plans Hard expects, up to a
    fifth of a second on a slow machine).  ``done`` is set when ``why`` holds it."""

    def __init__(self, game_id: str, before, move) -> None:
        super().__init__(name="hint-words", daemon=True)
        self.game_id, self.before, self.move = game_id, before, move
        self.why = ""
        self.done = threading.Event()

    def run(self) -> None:
        try:
            self.why = hint_words(self.game_id, self.before, self.move)
        finally:
            self.done.set()


def hint_words(game_id: str, before, move) -> str:
    """One sentence from the engine's facts on what ``move`` does in ``before``, or ""
    when the game's coach finds no change to name."""
    from game.analysis.explain import explain_hint

    try:
        after = before.apply(move)
    except IllegalMove:
        return ""
    return explain_hint(game_id, before, after, before.current_player())


class BotTurns:
    """The bots' turns and the hints of a play screen (mixed into ``PlayScene``)."""

    def bot_pause(self, state) -> int:
        """Hook: how long, in ticks at the normal animation speed, a bot's action in
        ``state`` stays pending so people can follow it.  The base scales it by the
        player's speed setting (``bot_delay_ticks``); a view only answers how long a
        pause this state deserves."""
        return BOT_MIN_TICKS

    def bot_delay_ticks(self, state) -> int:
        """Minimum ticks a bot action stays pending: ``bot_pause`` at the player's
        animation speed."""
        return int(self.bot_pause(state) / max(0.25, self.app.settings.animation_speed))

    def bot_request(self):
        """(level, method, kwargs) for the seat to move; proxy moves use the game's
        'moves for the late player' method."""
        seat = self.match.to_move()
        controller = self.match.controller(seat)
        if seat in self.match.proxy:
            return controller.level or "hard", "choose_for_late_seat", {"late_seat": seat}
        return controller.level, "choose", {}

    def bots_may_move(self) -> bool:
        """Hook: False holds every bot back for this tick (while a view shows something
        people are reading).  Animations and the end of the game hold them anyway."""
        return True

    def _drive_bots(self) -> None:
        m = self.match
        if m.is_over() or self.anim or self.queue or not self.bots_may_move():
            return
        if not m.bot_to_move():
            return
        if self.ticket is None and self.bot_ready_move is None:
            level, method, kwargs = self.bot_request()
            seat_kinds = tuple("bot" if s.is_bot else "person" for s in m.seats)
            attrs: dict = {"seat_kinds": seat_kinds}
            if str(level).startswith("at:"):
                # A strength between levels picks its level once a turn, from a number
                # fixed for the game (game.ai.strength): made from the game's seed, so a
                # resumed game draws the same.
                attrs["mix_salt"] = derived_rng(m.setup.seed, "mix").getrandbits(32)
            self.ticket = self.app.worker.request(
                self.spec.id,
                level,
                m.state,
                seed=self.rng.randrange(1 << 30),
                method=method,
                kwargs=kwargs,
                attrs=attrs,
                seconds=self.bot_seconds,
                spec_module=self.spec_module,
            )
            self.ticket_tick = self.ticks
            self.bot_wait = self.bot_delay_ticks(m.state)
        if self.bot_wait > 0:
            self.bot_wait -= 1
        if self.bot_ready_move is not None and self.bot_wait <= 0:
            move, self.bot_ready_move = self.bot_ready_move, None
            old = m.state
            seat = m.to_move()
            try:
                new = m.submit(move)
            except IllegalMove as exc:  # a bot bug must not stop the game: say so, retry
                self.say(
                    _("The bot chose an illegal move ({reason}); it will choose again").format(
                        reason=exc
                    ),
                    "error",
                )
                return
            self._after_move(old, new, move, seat)

    _hint_words: HintWords | None = None

    def _poll_worker(self) -> None:
        job = self._hint_words
        if job is not None and job.done.is_set():
            self._hint_words = None
            self.hint = job.move  # the move and its sentence show together
            self.say_hint(job.move, job.why)
        if self.ticket is None and self.hint_ticket is None:
            return
        for result in self.app.worker.poll():
            ticket, text, error = result.ticket, result.move, result.error
            if ticket == self.ticket:
                self.ticket = None
                if error:
                    self.say(_("The bot failed: {error}").format(error=error), "error")
                    continue
                try:
                    self.bot_ready_move = self.match.state.parse_move(text)
                except IllegalMove as exc:
                    self.say(
                        _("The bot's move could not be read: {reason}").format(reason=exc), "error"
                    )
            elif ticket == self.hint_ticket:
                self.hint_ticket = None
                if not error and text:
                    try:
                        move = self.match.state.parse_move(text)
                    except IllegalMove:
                        self.hint = None
                    else:
                        before = (
                            self.hint_state if self.hint_state is not None else self.match.state
                        )
                        self._hint_words = HintWords(self.spec.id, before, move)
                        self._hint_words.start()

    def hint_sentence(self, move) -> str:
        """One sentence from the engine's facts on what the hinted action does (the
        position it was asked for against the one after it), or "" when the game's
        coach finds no change to name."""
        before = self.hint_state if self.hint_state is not None else self.match.state
        return hint_words(self.spec.id, before, move)

    def say_hint(self, move, why: str | None = None) -> None:
        """The hint's banner: the move and, where the engine's facts name one, what it
        does (``why``, found already, or found now)."""
        if why is None:
            why = self.hint_sentence(move)
        if why:
            # a longer banner stays up longer: people read the sentence as well
            self.say(_("Hint: {move}. {why}").format(move=move, why=why), "info", seconds=7.0)
            self.banner_lines = HINT_LINES
        else:
            self.say(_("Hint: {move}").format(move=move), "info")

    def _cancel_bot(self) -> None:
        if self.ticket is not None:
            self.app.worker.cancel(self.ticket)
            self.ticket = None
        self.bot_ready_move = None

    def _cancel_hint(self) -> None:
        if self.hint_ticket is not None:
            self.app.worker.cancel(self.hint_ticket)
            self.hint_ticket = None
        self._hint_words = None  # a sentence still being found is for a position gone

    def request_hint(self) -> None:
        m = self.match
        seat = m.to_move()
        if m.is_over() or seat < 0 or m.controller(seat).is_bot:
            self.say(_("Hints are for your own turn"), "warning")
            return
        if not self.decided_here(seat):  # a hint on the big screen would show everyone
            self.say(
                _("{name} plays from their phone: no hints on the big screen").format(
                    name=self.seat_label(m.proxy.get(seat, seat))
                ),
                "warning",
            )
            return
        self.ask_for_hint(m.state)

    def ask_for_hint(self, state) -> None:
        """Ask the worker for the hint bot's move in ``state`` (replacing any request
        still out); views whose turn is entered in steps pass the position so far."""
        self._cancel_hint()
        self.hint = None
        self.hint_state = state
        self.hint_ticket = self.app.worker.request(
            self.spec.id,
            self.bot_level_for_hint,
            state,
            seed=self.rng.randrange(1 << 30),
            seconds=self.bot_seconds,
            spec_module=self.spec_module,
        )
        self.say(_("Thinking of a hint..."), "info")
