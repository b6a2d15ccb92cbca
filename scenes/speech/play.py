"""What a play screen says, and its command line (F7).

Shared by every game: moves with their notation and result, whose turn, refusals,
the result.  The words a game has for its own cells and moves live in the game's
view package, ``scenes/play/<game>/speech.py`` (found beside the view's module),
which may define ``move_words(state, move)``, ``cell_words(state, text, seat)``,
``pieces(state, seat)``, ``cursor_words(view)`` (the board cursor's cell, or None
while the keys do not drive the board), and for secret moves ``secret_words(old, new,
move)`` (what is said instead until the reveal) with ``reveals(old, new)`` (this move
reveals the secret ones: each is said then); what it leaves out is said from the
notation and scores.

The command line takes the game's notation (the engine's ``parse_move``) or a query,
as in Lichess's blind mode:

    legal / moves     the legal moves (the first 20) and how many there are
    count             how many legal moves there are
    score             every seat's score
    turn              whose turn it is
    last              the last move
    time              the clock of the seat to move, where there is one
    pieces            where the mover's pieces are (games that say so)
    what <cell>       what is on a cell (games that say so), e.g. "what D4"
"""

from __future__ import annotations

import importlib

from game.rules.contract import IllegalMove
from game.text.i18n import _, number

MOVES_LISTED = 20


def game_words(scene):
    """The per-game speech module of ``scene``'s view package, or None."""
    package = type(scene).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.speech")
    except ImportError:
        return None


class PlayVoice:
    def __init__(self, scene) -> None:
        self.scene = scene
        self.words = game_words(scene)

    @property
    def speaker(self):
        return self.scene.app.speech

    def name(self, seat: int) -> str:
        return self.scene.match.seat_names()[seat]

    def move_words(self, old, move) -> str:
        """The game's own words for ``move`` (a verb phrase after the seat's name:
        "shifts column C down 3"), its seats by their players' names; "" if none."""
        own = getattr(self.words, "move_words", None)
        return self.scene.match.named(own(old, move)) if own else ""

    def move_line(self, old, move, seat: int) -> str:
        """``Player 2 shifts column C down 3 (C down 3)``: the seat, the move in words
        and in the game's notation."""
        words, notation = self.move_words(old, move), str(move)
        if words:
            return _("{name} {words} ({notation})").format(
                name=self.name(seat), words=words, notation=notation
            )
        return _("{name} plays {move}").format(name=self.name(seat), move=notation)

    @staticmethod
    def with_gain(text: str, gained) -> str:
        if not gained:
            return text
        return _("{text}: {sign}{points}").format(
            text=text, sign=_("plus ") if gained > 0 else _("minus "), points=number(abs(gained))
        )

    def moved(self, old, new, move, seat: int) -> str:
        secret = getattr(self.words, "secret_words", None)
        hidden = secret(old, new, move) if secret else ""
        reveals = getattr(self.words, "reveals", None)
        if hidden:
            # A secret move (an Element Shift plan) is said as the board shows it, "Player
            # 2 submitted a plan", until the move that reveals them all.
            parts = [_("{name} {words}").format(name=self.name(seat), words=hidden)]
        elif reveals is not None and reveals(old, new):
            parts = self.revealed(new)
        else:
            before, after = old.scores(), new.scores()
            gained = after[seat] - before[seat] if seat < len(after) else 0
            parts = [self.with_gain(self.move_line(old, move, seat), gained)]
        # What the view shows next (Element Shift's round summary), in the same line:
        # a text of its own would interrupt this one in the screen reader.
        parts.append(self.scene.spoken_after_move(old, new, move))
        if new.is_terminal():
            parts.append(self.result())
        else:
            parts.append(self.turn())
        line = ". ".join(p for p in parts if p)
        self.speaker.say(line)
        return line

    def revealed(self, new) -> list[str]:
        """Every move of the round just revealed, in the order they came, each with
        what its seat scored in the round."""
        match = self.scene.match
        states, entries = match.states, match.entries
        last = len(entries) - 1
        first = last
        while first > 0 and states[first - 1].round == states[last].round:
            first -= 1
        before, after = states[first].scores(), new.scores()
        parts = []
        for i in range(first, last + 1):
            seat, state = entries[i].seat, states[i]
            move = state.parse_move(entries[i].text)
            gained = after[seat] - before[seat] if seat < len(after) else 0
            parts.append(self.with_gain(self.move_line(state, move, seat), gained))
        return parts

    def result(self) -> str:
        match = self.scene.match
        out = match.outcome()
        if out is None:
            return ""
        if out.is_draw:
            head = _("Game over: a draw")
        else:
            head = _("Game over: {names} won").format(
                names=", ".join(self.name(s) for s in out.winners)
            )
        return _("{head}. {reason}").format(head=head, reason=match.outcome_reason())

    def turn(self) -> str:
        match = self.scene.match
        seat = match.to_move()
        if seat < 0:
            return self.result()
        return _("{name} to move").format(name=self.name(seat))

    def score(self) -> str:
        scores = self.scene.match.state.scores()
        return ", ".join(
            _("{name} {points}").format(name=self.name(i), points=number(v))
            for i, v in enumerate(scores)
        )

    def clock_words(self) -> str:
        clock = self.scene.match.clock
        seat = self.scene.match.to_move()
        if clock is None or seat < 0:
            return _("No clock in this game")
        return _("{name}: {seconds} seconds for this move, {reserve} in reserve").format(
            name=self.name(seat),
            seconds=number(int(clock.move_seconds_left())),
            reserve=number(int(clock.reserve_seconds(seat))),
        )

    # -- the board cursor ---------------------------------------------------------
    def cursor(self) -> str | None:
        """The board cursor's cell in words now (the game's ``cursor_words``)."""
        own = getattr(self.words, "cursor_words", None)
        if own is None or not self.speaker.enabled:
            return None
        return own(self.scene)

    def after_key(self, before: str | None, asked: int, entries: int) -> None:
        """A key went to the board: when it moved the cursor (its words changed) and
        nothing else was said nor played, the cursor's cell is said."""
        if not self.speaker.enabled:
            return
        now = self.cursor()
        if (
            now
            and now != before
            and self.speaker.asked == asked
            and len(self.scene.match.entries) == entries
        ):
            self.speaker.say(now)

    _clock_said = None

    def tick(self) -> None:
        """Once a tick: the clock of the seat to move is said at 30 and at 10 seconds."""
        clock = self.scene.match.clock
        if clock is None or not self.speaker.enabled:
            return
        left = clock.move_seconds_left() + clock.reserve_seconds(max(0, self.scene.match.to_move()))
        for mark in (30, 10):
            if mark - 1 < left <= mark and self._clock_said != (self.scene.match.to_move(), mark):
                self._clock_said = (self.scene.match.to_move(), mark)
                self.speaker.say(_("{seconds} seconds left").format(seconds=number(mark)))

    # -- the command line --------------------------------------------------------
    def command(self, text: str) -> str:
        """Run one command line: a query is answered, a move is submitted (its
        announcement or refusal is said by the screen).  Returns what was said."""
        text = " ".join(text.split())
        if not text:
            return ""
        state = self.scene.match.state
        word, _sep, rest = text.partition(" ")
        word = word.lower()
        answer = None
        if word in ("legal", "moves", _("legal").lower(), _("moves").lower()):
            moves = [str(m) for m in state.legal_moves()] if not state.is_terminal() else []
            answer = _("{count} legal moves: {moves}").format(
                count=number(len(moves)), moves=", ".join(moves[:MOVES_LISTED])
            )
        elif word in ("count", _("count").lower()):
            n = 0 if state.is_terminal() else len(state.legal_moves())
            answer = _("{count} legal moves").format(count=number(n))
        elif word in ("score", _("score").lower()):
            answer = self.score()
        elif word in ("turn", _("turn").lower()):
            answer = self.turn()
        elif word in ("last", _("last").lower()):
            entries = self.scene.match.entries
            if entries:
                e = entries[-1]
                answer = _("Last move: {name} {move}").format(name=self.name(e.seat), move=e.text)
            else:
                answer = _("No move yet")
        elif word in ("time", _("time").lower()):
            answer = self.clock_words()
        elif word in ("pieces", _("pieces").lower()):
            own = getattr(self.words, "pieces", None)
            seat = max(0, self.scene.match.to_move())
            answer = own(state, seat) if own else _("This game has no pieces of its own")
        elif word in ("what", _("what").lower()):
            own = getattr(self.words, "cell_words", None)
            answer = own(state, rest, max(0, self.scene.match.to_move())) if own else ""
            if not answer:
                answer = _("No cell {cell}").format(cell=rest)
        if answer is not None:
            self.speaker.say(answer)
            return answer
        refusal = self.scene.command_refusal()
        if refusal:
            self.speaker.say(refusal)
            return refusal
        try:
            move = state.parse_move(text)
        except (IllegalMove, ValueError) as exc:
            self.speaker.say(str(exc))
            return str(exc)
        self.scene.try_move(move)
        return self.speaker.last
