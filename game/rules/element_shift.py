"""Element Shift: twelve players, secret plans, seven rounds on an 11x11 board.

The rules as Crystal Arcade plays them (the rule card ``seeds/element-shift.md``, shown
in game), in one place:

* The board is 11x11 (columns A-K from the left, rows 1-11 from the top).  Its tiles are
  fire, water and grass, shuffled from the seed: 40 fire, 40 water, 41 grass.  Water
  beats fire, grass beats water, fire beats grass.
* Twelve seats, four per element, dealt from the seed.
* Setup: every seat secretly picks a start tile of its element (``start E5``); tiles may be
  shared.  The picks are revealed together when the last seat has picked.
* Seven rounds.  Every seat secretly submits one plan: keep its element or switch to the
  one that beats it, then one action per segment (5 segments; 6 in round 7).  The round
  resolves when the last seat has submitted.
* An action is ``stay`` or a step to an orthogonal neighbour (``U D L R``).  Variations:
  round 3 allows diagonal steps only (``UL UR DL DR``); round 5 also allows knight jumps
  (``UUR RRD ...``) whose landing tile is not entered; round 6 lets the first action be a
  ray (``ray N``, ``ray E``, ``ray S``, ``ray W``) from the neighbouring tile to the edge:
  every tile on it counts as entered, the player does not move.  Round 7 (Tile Rush) has
  6 segments and tiles change at the end of every segment.
* A tile that is the destination of a step (or on a ray) by a player whose element beats
  the tile's element at the start of the round becomes that player's element at the end
  of the round, once.  (Tile Rush: at the end of every segment, judged at the segment's
  start.)  Starting on or staying on a tile is not entering it.
* Scoring after every round: a player whose element matches their tile scores
  floor(2 x region size / k), k = the players in that region whose element matches it;
  +3 for beating the leading element (most tiles; none on a tie); round 2 Pandemic +3
  for being alone in one's region; round 4 Rock Paper Scissors +2 per player one's
  element beats.
* After round 7 the highest total wins; equal totals share a place.

Usage::

    from game.rules.element_shift import SPEC
    state = SPEC.new_game(seed=7)
    while state.round_number == 0:                    # setup: pick start tiles
        state = state.apply(state.legal_moves()[0])
    state = state.apply(state.parse_move("switch; R R D stay U"))   # seat 0's plan

Moves (frozen dataclasses; ``str()`` is the notation, ``state.parse_move`` reads it back):

* :class:`StartPick` -- ``start E5`` (setup phase, round 0).
* :class:`Plan` -- ``keep; U U stay R D`` / ``switch; ray N L L stay D`` (rounds 1-7).
  ``parse_move`` fills a short plan with ``stay`` up to the round's segment count.

Turns and phases: ``round_number`` is 0 during setup, then 1-7.  ``current_player()`` is
the lowest seat that has not yet acted in this phase; ``submitted(seat)`` tells who has.
``phase`` is ``"setup"``, ``"plan"`` or ``"over"``.

Helpers for a screen (all read-only):

* ``tile(cell)``, ``tile_counts()``, ``leading_element()``, ``region_cells(cell)``,
  ``region_map()`` -- the board and its regions.
* ``variation()`` -> :class:`Variation` (name, what is allowed, segment count) of the
  current round; ``VARIATIONS[r]`` for any round.
* ``why_illegal(move)`` -> reason text or None; ``plan_path(seat, plan)``;
  ``preview(seat, plan)`` -> :class:`PlanPreview` (path, entered tiles, tiles this plan
  alone would convert, resulting element, score if everyone else stood still);
  ``preview_known(seat, plan)`` the same against the plans already submitted.
* ``menu(cell, segment)`` -> the actions allowed from a cell in a segment of this round.
* ``last_trace`` -> :class:`RoundTrace` of the last resolved round (plans, positions per
  segment, tiles entered, rays, conversions per segment, boards before/after).
* ``breakdowns[r][seat]`` -> :class:`ScoreLine` (points by source for round r+1);
  ``totals``; ``standings()``; ``start_picks`` (revealed start tiles).
* ``public_view(seat)`` -> the state as ``seat`` may see it: other seats' pending secret
  choices are hidden.  Bots use only this.
* ``determinise(seat, rng)`` -> a full state consistent with what ``seat`` sees: the
  other seats' submitted secrets replaced by legal guesses (for generic searchers).

Cells are ints ``row * 11 + col`` internally; ``cell_name(i)`` and ``parse_cell``
convert to and from ``"E5"``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Mapping

from game.rules.contract import (
    BadState,
    ClockPreset,
    GameSpec,
    IllegalMove,
    Outcome,
    ascii_int,
    derived_rng,
    move_text,
    quoted,
    state_reader,
)
from game.text.i18n import N_, _, pgettext

SIZE = 11
CELLS = SIZE * SIZE
PLAYERS = 12
ROUNDS = 7
LETTERS = "ABCDEFGHIJK"

FIRE, WATER, GRASS = 0, 1, 2
ELEMENT_NAMES = (N_("fire"), N_("water"), N_("grass"))
ELEMENT_COLOURS = ("red", "blue", "green")
#: Tiles of each element on a new board (grass gets the odd tile, as listed in the rules).
TILE_COUNTS = (40, 40, 41)


def beats(element: int) -> int:
    """The element that ``element`` beats (water beats fire: beats(WATER) == FIRE)."""
    return (element - 1) % 3


def beater(element: int) -> int:
    """The element that beats ``element`` (what ``switch`` turns it into)."""
    return (element + 1) % 3


def cell_name(cell: int) -> str:
    return f"{LETTERS[cell % SIZE]}{cell // SIZE + 1}"


def parse_cell(text: str) -> int:
    t = text.strip().upper()
    row = ascii_int(t[1:], 2)
    if len(t) < 2 or t[0] not in LETTERS or row is None:
        raise IllegalMove(
            _("{tile} is not a tile (a column A-K and a row 1-11, like E5)").format(
                tile=quoted(text)
            )
        )
    if not 1 <= row <= SIZE:
        raise IllegalMove(_("{tile} is off the board (columns A-K, rows 1-11)").format(tile=t))
    return (row - 1) * SIZE + LETTERS.index(t[0])


# ---------------------------------------------------------------------------------------
# Variations and the actions they allow


@dataclass(frozen=True)
class Variation:
    """One round's variation as a banner shows it."""

    round: int
    name: str
    rule: str  # one sentence, player-facing
    segments: int
    steps: str  # "orthogonal" or "diagonal"
    knight_jumps: bool = False
    ray_first: bool = False
    tile_rush: bool = False
    pandemic: bool = False
    rock_paper_scissors: bool = False

    @property
    def allowed(self) -> str:
        """What a plan may contain this round, as a short sentence."""
        if self.steps == "diagonal":
            parts = [_("diagonal steps (UL, UR, DL, DR)")]
        else:
            parts = [_("steps (U, D, L, R)")]
        if self.knight_jumps:
            parts.append(_("knight jumps (UUL, UUR, DDL, DDR, LLU, LLD, RRU, RRD)"))
        if self.ray_first:
            parts.append(_("a ray as the first action (ray N, ray E, ray S, ray W)"))
        # The rule line names the typed word too (stay); the plan editor's "stay" does not.
        parts.append(pgettext("plan rule", "stay"))
        return _("{n} actions: {kinds}").format(n=self.segments, kinds=", ".join(parts))


# Names and rules are marked for translation; a screen shows them with _().
VARIATIONS: dict[int, Variation] = {
    1: Variation(1, N_("Theme"), N_("No variation."), 5, "orthogonal"),
    2: Variation(
        2,
        N_("Pandemic"),
        N_("+3 points if no other player stands in your region."),
        5,
        "orthogonal",
        pandemic=True,
    ),
    3: Variation(3, N_("Catholic Conversion"), N_("Steps are diagonal only."), 5, "diagonal"),
    4: Variation(
        4,
        N_("Rock Paper Scissors"),
        N_("+2 points for each player your element beats."),
        5,
        "orthogonal",
        rock_paper_scissors=True,
    ),
    5: Variation(
        5,
        N_("Horsing Around"),
        N_("An action may be a knight jump; its landing tile is not entered."),
        5,
        "orthogonal",
        knight_jumps=True,
    ),
    6: Variation(
        6,
        N_("Elemental Ray"),
        N_(
            "The first action may be a ray from the next tile to the edge instead of "
            "a step; every tile on it is entered by you and you do not move."
        ),
        5,
        "orthogonal",
        ray_first=True,
    ),
    7: Variation(
        7,
        N_("Tile Rush"),
        N_("6 segments; tiles change at the end of every segment."),
        6,
        "orthogonal",
        tile_rush=True,
    ),
}

ORTHOGONAL_STEPS = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}
DIAGONAL_STEPS = {"UL": (-1, -1), "UR": (1, -1), "DL": (-1, 1), "DR": (1, 1)}
KNIGHT_JUMPS = {
    "UUL": (-1, -2),
    "UUR": (1, -2),
    "DDL": (-1, 2),
    "DDR": (1, 2),
    "LLU": (-2, -1),
    "LLD": (-2, 1),
    "RRU": (2, -1),
    "RRD": (2, 1),
}
RAY_DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
STAY = "stay"

_WORD_ALIASES = {
    "STAY": STAY,
    ".": STAY,
    "-": STAY,
    "WAIT": STAY,
    "UP": "U",
    "DOWN": "D",
    "LEFT": "L",
    "RIGHT": "R",
    "LU": "UL",
    "RU": "UR",
    "LD": "DL",
    "RD": "DR",
}
_RAY_ALIASES = {
    "N": "N",
    "E": "E",
    "S": "S",
    "W": "W",
    "U": "N",
    "R": "E",
    "D": "S",
    "L": "W",
    "UP": "N",
    "RIGHT": "E",
    "DOWN": "S",
    "LEFT": "W",
    "NORTH": "N",
    "EAST": "E",
    "SOUTH": "S",
    "WEST": "W",
}


def _offset(token: str) -> tuple[int, int] | None:
    if token in ORTHOGONAL_STEPS:
        return ORTHOGONAL_STEPS[token]
    if token in DIAGONAL_STEPS:
        return DIAGONAL_STEPS[token]
    if token in KNIGHT_JUMPS:
        return KNIGHT_JUMPS[token]
    return None


def _move_from(cell: int, offset: tuple[int, int]) -> int:
    """The cell reached from ``cell`` by ``offset``, or -1 off the board."""
    c, r = cell % SIZE + offset[0], cell // SIZE + offset[1]
    if 0 <= c < SIZE and 0 <= r < SIZE:
        return r * SIZE + c
    return -1


def ray_cells(cell: int, direction: str) -> tuple[int, ...]:
    """Tiles a ray from ``cell`` towards ``direction`` covers: from the next tile to the
    edge (empty when the player stands on that edge)."""
    dc, dr = RAY_DIRECTIONS[direction]
    out = []
    cur = _move_from(cell, (dc, dr))
    while cur >= 0:
        out.append(cur)
        cur = _move_from(cur, (dc, dr))
    return tuple(out)


@dataclass(frozen=True)
class Action:
    """One allowed action from one cell: its token, where the player ends, and which
    tiles it enters (the destination of a step, every tile of a ray, none for a jump)."""

    token: str
    dest: int
    entered: tuple[int, ...]
    kind: str  # "stay", "step", "jump", "ray"


@lru_cache(maxsize=None)
def _menu(round_: int, segment: int, cell: int) -> tuple[Action, ...]:
    """Allowed actions in a stable order: stay, steps, jumps, rays."""
    v = VARIATIONS[round_]
    out = [Action(STAY, cell, (), "stay")]
    steps = DIAGONAL_STEPS if v.steps == "diagonal" else ORTHOGONAL_STEPS
    for tok, off in steps.items():
        d = _move_from(cell, off)
        if d >= 0:
            out.append(Action(tok, d, (d,), "step"))
    if v.knight_jumps:
        for tok, off in KNIGHT_JUMPS.items():
            d = _move_from(cell, off)
            if d >= 0:
                out.append(Action(tok, d, (), "jump"))
    if v.ray_first and segment == 0:
        for direction in RAY_DIRECTIONS:
            tiles = ray_cells(cell, direction)
            if tiles:
                out.append(Action(f"ray {direction}", cell, tiles, "ray"))
    return tuple(out)


@lru_cache(maxsize=None)
def _suffix_counts(round_: int) -> tuple[tuple[int, ...], ...]:
    """counts[s][cell]: how many action sequences for segments s.. start from cell."""
    segs = VARIATIONS[round_].segments
    counts: list[tuple[int, ...]] = [()] * (segs + 1)  # every entry is filled below
    counts[segs] = tuple(1 for _ in range(CELLS))
    for s in range(segs - 1, -1, -1):
        nxt = counts[s + 1]
        counts[s] = tuple(sum(nxt[a.dest] for a in _menu(round_, s, c)) for c in range(CELLS))
    return tuple(counts)


# ---------------------------------------------------------------------------------------
# Moves


@dataclass(frozen=True)
class StartPick:
    """Setup: the start tile of the acting seat.  Notation ``start E5``."""

    cell: int

    def __str__(self) -> str:
        return f"start {cell_name(self.cell)}"


@dataclass(frozen=True)
class Plan:
    """A round's secret plan: keep or switch element, then one action per segment.

    Notation ``keep; U U stay R D``, ``switch; ray N L stay stay D``, ``keep; UUR ...``."""

    switch: bool
    actions: tuple[str, ...]

    def __str__(self) -> str:
        return ("switch; " if self.switch else "keep; ") + " ".join(self.actions)

    @staticmethod
    def still(segments: int, switch: bool = False) -> "Plan":
        return Plan(switch, (STAY,) * segments)


def _read_action(words: list[str], i: int, original: str) -> tuple[str, int]:
    w = words[i].upper()
    if w == "RAY":
        if i + 1 >= len(words):
            raise IllegalMove(_("a ray needs a direction: ray N, ray E, ray S or ray W"))
        d = words[i + 1].upper()
        if d not in _RAY_ALIASES:
            raise IllegalMove(
                _("{word} is not a ray direction (N, E, S or W)").format(word=quoted(words[i + 1]))
            )
        return f"ray {_RAY_ALIASES[d]}", i + 2
    w = _WORD_ALIASES.get(w, w)
    if w == STAY or _offset(w) is not None:
        return w, i + 1
    raise IllegalMove(
        _(
            "{word} is not an action: use U, D, L, R, stay (round 3: UL/UR/DL/DR, "
            "round 5: jumps like UUR, round 6: ray N/E/S/W)"
        ).format(word=quoted(words[i]))
    )


def parse_plan(text: str, segments: int | None = None) -> Plan:
    """Read ``keep; R R D stay U``.  With ``segments``, a shorter plan is filled with
    ``stay`` (the original lets a player move "up to" five times)."""
    raw = text.replace(";", " ; ").replace(",", " ")
    words = [w for w in raw.split() if w != ";"]
    if not words:
        raise IllegalMove(_("write a plan like 'keep; R R D stay U' or 'switch; U stay stay L L'"))
    head = words[0].lower()
    if head not in ("keep", "switch"):
        raise IllegalMove(
            _("a plan starts with keep or switch, not {word} (like 'keep; R R D stay U')").format(
                word=quoted(words[0])
            )
        )
    actions: list[str] = []
    i = 1
    while i < len(words):
        tok, i = _read_action(words, i, text)
        actions.append(tok)
    if segments is not None:
        if len(actions) > segments:
            raise IllegalMove(
                _("this round has {segments} segments; the plan has {n} actions").format(
                    segments=segments, n=len(actions)
                )
            )
        actions += [STAY] * (segments - len(actions))
    return Plan(head == "switch", tuple(actions))


# ---------------------------------------------------------------------------------------
# Records of resolved rounds


@dataclass(frozen=True)
class ScoreLine:
    """Where one seat's points in one round came from."""

    region: int = 0  # floor(2 x size / k) when the element matches the tile
    leading: int = 0  # +3 for beating the leading element
    pandemic: int = 0  # round 2: +3 alone in one's region
    rps: int = 0  # round 4: +2 per player one's element beats
    tile: int = -1  # where the seat stood at the end of the round
    element: int = 0  # the seat's element at the end of the round
    matched: bool = False  # element matched the tile
    region_size: int = 0
    k: int = 0  # matching players sharing the region (0 when not matched)

    @property
    def total(self) -> int:
        return self.region + self.leading + self.pandemic + self.rps

    def explain(self) -> str:
        """One line for a round summary table."""
        parts = []
        if self.matched:
            parts.append(
                _("region {size} / {k} -> {points}").format(
                    size=self.region_size, k=self.k, points=self.region
                )
            )
        else:
            parts.append(_("off element: 0"))
        if self.leading:
            parts.append(_("leading +{n}").format(n=self.leading))
        if self.pandemic:
            parts.append(_("alone +{n}").format(n=self.pandemic))
        if self.rps:
            parts.append(_("beats players +{n}").format(n=self.rps))
        return ", ".join(parts)

    def to_json(self) -> dict:
        return {
            "region": self.region,
            "leading": self.leading,
            "pandemic": self.pandemic,
            "rps": self.rps,
            "tile": self.tile,
            "element": self.element,
            "matched": self.matched,
            "region_size": self.region_size,
            "k": self.k,
        }

    @staticmethod
    def from_json(d: Mapping) -> "ScoreLine":
        return ScoreLine(
            int(d["region"]),
            int(d["leading"]),
            int(d["pandemic"]),
            int(d["rps"]),
            int(d["tile"]),
            int(d["element"]),
            bool(d["matched"]),
            int(d["region_size"]),
            int(d["k"]),
        )


@dataclass(frozen=True)
class Ray:
    segment: int
    seat: int
    direction: str
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Conversion:
    cell: int
    old: int
    new: int


@dataclass(frozen=True)
class RoundTrace:
    """How the last round played out, for the reveal animation.

    ``positions[s][seat]`` is where each seat stands after segment s (``start_positions``
    before segment 0).  ``entered[s]`` lists (seat, cell) pairs entered in segment s
    (steps and ray tiles).  ``conversions[s]`` are the tile changes at the end of segment
    s: every segment in Tile Rush, otherwise all in the last segment (the end of the
    round).  ``boards[s]`` is the board after segment s's changes."""

    round: int
    plans: tuple[str, ...]
    elements_before: tuple[int, ...]
    elements: tuple[int, ...]
    start_positions: tuple[int, ...]
    positions: tuple[tuple[int, ...], ...]
    entered: tuple[tuple[tuple[int, int], ...], ...]
    rays: tuple[Ray, ...]
    conversions: tuple[tuple[Conversion, ...], ...]
    board_before: tuple[int, ...]
    boards: tuple[tuple[int, ...], ...]

    @property
    def board_after(self) -> tuple[int, ...]:
        return self.boards[-1]

    def to_json(self) -> dict:
        return {
            "round": self.round,
            "plans": list(self.plans),
            "elements_before": list(self.elements_before),
            "elements": list(self.elements),
            "start_positions": list(self.start_positions),
            "positions": [list(p) for p in self.positions],
            "entered": [[[s, c] for s, c in seg] for seg in self.entered],
            "rays": [[r.segment, r.seat, r.direction, list(r.cells)] for r in self.rays],
            "conversions": [[[c.cell, c.old, c.new] for c in seg] for seg in self.conversions],
            "board_before": list(self.board_before),
            "boards": [list(b) for b in self.boards],
        }

    @staticmethod
    def from_json(d: Mapping) -> "RoundTrace":
        t = lambda xs: tuple(int(x) for x in xs)  # noqa: E731
        return RoundTrace(
            int(d["round"]),
            tuple(str(p) for p in d["plans"]),
            t(d["elements_before"]),
            t(d["elements"]),
            t(d["start_positions"]),
            tuple(t(p) for p in d["positions"]),
            tuple(tuple((int(s), int(c)) for s, c in seg) for seg in d["entered"]),
            tuple(Ray(int(a), int(b), str(c), t(e)) for a, b, c, e in d["rays"]),
            tuple(
                tuple(Conversion(int(a), int(b), int(c)) for a, b, c in seg)
                for seg in d["conversions"]
            ),
            t(d["board_before"]),
            tuple(t(b) for b in d["boards"]),
        )


# ---------------------------------------------------------------------------------------
# Board analysis (pure functions; bots use them too)

_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in (_move_from(c, o) for o in ORTHOGONAL_STEPS.values()) if d >= 0)
    for c in range(CELLS)
)


def region_labels(board: Sequence[int]) -> tuple[list[int], list[int]]:
    """(label per cell, size per label) of the orthogonally connected same-element
    regions."""
    labels = [-1] * CELLS
    sizes: list[int] = []
    for start in range(CELLS):
        if labels[start] != -1:
            continue
        el = board[start]
        lab = len(sizes)
        labels[start] = lab
        stack = [start]
        n = 0
        while stack:
            cur = stack.pop()
            n += 1
            for nb in _NEIGHBOURS[cur]:
                if labels[nb] == -1 and board[nb] == el:
                    labels[nb] = lab
                    stack.append(nb)
        sizes.append(n)
    return labels, sizes


def leading_element(board: Sequence[int]) -> int:
    """The element with the most tiles, or -1 when the most is shared."""
    counts = [0, 0, 0]
    for el in board:
        counts[el] += 1
    best = max(counts)
    if counts.count(best) > 1:
        return -1
    return counts.index(best)


def score_round(
    round_: int, board: Sequence[int], positions: Sequence[int], elements: Sequence[int]
) -> tuple[ScoreLine, ...]:
    """Every seat's points for a round, given the board after its tile changes."""
    labels, sizes = region_labels(board)
    lead = leading_element(board)
    v = VARIATIONS[round_]
    n = len(positions)
    matching: dict[int, int] = {}  # region label -> matching players in it
    standing: dict[int, int] = {}  # region label -> all players in it
    for s in range(n):
        lab = labels[positions[s]]
        standing[lab] = standing.get(lab, 0) + 1
        if board[positions[s]] == elements[s]:
            matching[lab] = matching.get(lab, 0) + 1
    lines = []
    for s in range(n):
        pos, el = positions[s], elements[s]
        lab = labels[pos]
        matched = board[pos] == el
        region = k = 0
        if matched:
            k = matching[lab]
            region = 2 * sizes[lab] // k
        leading = 3 if lead >= 0 and beats(el) == lead else 0
        pandemic = 3 if v.pandemic and standing[lab] == 1 else 0
        rps = (
            2 * sum(1 for o in range(n) if o != s and beats(el) == elements[o])
            if v.rock_paper_scissors
            else 0
        )
        lines.append(ScoreLine(region, leading, pandemic, rps, pos, el, matched, sizes[lab], k))
    return tuple(lines)


def plan_steps(round_: int, start: int, plan: Plan) -> list[Action]:
    """The actions of ``plan`` from ``start``, checked; raises IllegalMove with the
    reason when the plan breaks the round's movement rule or leaves the board."""
    v = VARIATIONS[round_]
    if len(plan.actions) != v.segments:
        raise IllegalMove(
            _("round {round} has {segments} segments; the plan has {n} actions").format(
                round=round_, segments=v.segments, n=len(plan.actions)
            )
        )
    pos = start
    out = []
    for s, tok in enumerate(plan.actions):
        for a in _menu(round_, s, pos):
            if a.token == tok:
                out.append(a)
                pos = a.dest
                break
        else:
            raise IllegalMove(_refusal(round_, s, pos, tok))
    return out


def _refusal(round_: int, segment: int, pos: int, tok: str) -> str:
    v = VARIATIONS[round_]
    where = _("Segment {n}: {action} from {tile}").format(
        n=segment + 1, action=tok, tile=cell_name(pos)
    )
    if tok.startswith("ray "):
        if not v.ray_first:
            why = _("{where}: rays are only allowed in round 6 (Elemental Ray)")
        elif segment != 0:
            why = _("{where}: a ray may only be the first action of the round")
        else:
            why = _("{where}: the ray would start off the board (you stand on that edge)")
    elif tok in KNIGHT_JUMPS and not v.knight_jumps:
        why = _("{where}: knight jumps are only allowed in round 5 (Horsing Around)")
    elif tok in DIAGONAL_STEPS and v.steps != "diagonal":
        why = _("{where}: diagonal steps are only allowed in round 3 (Catholic Conversion)")
    elif tok in ORTHOGONAL_STEPS and v.steps == "diagonal":
        why = _(
            "{where}: round 3 (Catholic Conversion) allows only diagonal steps "
            "(UL, UR, DL, DR) or stay"
        )
    else:
        why = _("{where} leaves the board")
    return why.format(where=where)


def resolve_round(
    round_: int,
    board: tuple[int, ...],
    positions: tuple[int, ...],
    elements_before: tuple[int, ...],
    plans: Sequence[Plan],
) -> RoundTrace:
    """Play every seat's plan segment by segment and change the tiles (Tile Rush: every
    segment).  Pure; the plans must be legal (see :func:`plan_steps`)."""
    v = VARIATIONS[round_]
    n = len(positions)
    elements = tuple(
        beater(e) if p.switch else e for e, p in zip(elements_before, plans, strict=True)
    )
    steps = [plan_steps(round_, positions[s], plans[s]) for s in range(n)]
    pos = list(positions)
    cur = list(board)
    judged = tuple(board)  # the element a tile is judged by (round or segment start)
    pending: dict[int, set[int]] = {}  # tile -> elements that entered it
    all_positions, all_entered, rays, all_conv, boards = [], [], [], [], []
    for s in range(v.segments):
        entered = []
        for seat in range(n):
            a = steps[seat][s]
            pos[seat] = a.dest
            for c in a.entered:
                entered.append((seat, c))
                pending.setdefault(c, set()).add(elements[seat])
            if a.kind == "ray":
                rays.append(Ray(s, seat, a.token.split()[1], a.entered))
        conv: list[Conversion] = []
        if v.tile_rush or s == v.segments - 1:
            # Only the element that beats the judged element can change a tile, so the
            # order in which players entered it never matters: it changes at most once.
            for c in sorted(pending):
                old = judged[c]
                if beater(old) in pending[c]:
                    cur[c] = beater(old)
                    conv.append(Conversion(c, old, beater(old)))
            pending = {}
            judged = tuple(cur)
        all_positions.append(tuple(pos))
        all_entered.append(tuple(entered))
        all_conv.append(tuple(conv))
        boards.append(tuple(cur))
    return RoundTrace(
        round_,
        tuple(str(p) for p in plans),
        tuple(elements_before),
        elements,
        tuple(positions),
        tuple(all_positions),
        tuple(all_entered),
        tuple(rays),
        tuple(all_conv),
        tuple(board),
        tuple(boards),
    )


# ---------------------------------------------------------------------------------------
# The legal plans of a round, as an exact lazy list


class PlanList(Sequence):
    """Every legal plan of one seat in one round, in a stable order (keep before switch,
    then actions in menu order: stay, steps, jumps, rays), without building them all:
    round 5 alone offers up to 742,586 plans.  Indexing decodes a plan in O(segments);
    ``in`` checks legality directly.  Equal to another PlanList of the same round and
    start, and to a list holding the same plans."""

    __slots__ = ("_per_element", "round", "start")

    def __init__(self, round_: int, start: int):
        self.round = round_
        self.start = start
        self._per_element = _suffix_counts(round_)[0][start]

    def __len__(self) -> int:
        return 2 * self._per_element

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("plan index out of range")
        switch, rest = divmod(index, self._per_element)
        counts = _suffix_counts(self.round)
        pos = self.start
        tokens = []
        for s in range(VARIATIONS[self.round].segments):
            for a in _menu(self.round, s, pos):
                c = counts[s + 1][a.dest]
                if rest < c:
                    tokens.append(a.token)
                    pos = a.dest
                    break
                rest -= c
        return Plan(bool(switch), tuple(tokens))

    def index_of(self, plan: Plan) -> int:
        """Position of a legal plan in this list (ValueError if not legal)."""
        if plan not in self:
            raise ValueError(f"{plan} is not a legal plan here")
        counts = _suffix_counts(self.round)
        idx = self._per_element if plan.switch else 0
        pos = self.start
        for s, tok in enumerate(plan.actions):
            for a in _menu(self.round, s, pos):
                if a.token == tok:
                    pos = a.dest
                    break
                idx += counts[s + 1][a.dest]
        return idx

    def __contains__(self, plan) -> bool:
        if not isinstance(plan, Plan):
            return False
        try:
            plan_steps(self.round, self.start, plan)
        except IllegalMove:
            return False
        return True

    def __iter__(self):
        segs = VARIATIONS[self.round].segments
        for switch in (False, True):

            def walk(s, pos, tokens, switch=switch):
                if s == segs:
                    yield Plan(switch, tuple(tokens))
                    return
                for a in _menu(self.round, s, pos):
                    tokens.append(a.token)
                    yield from walk(s + 1, a.dest, tokens, switch)
                    tokens.pop()

            yield from walk(0, self.start, [])

    def __eq__(self, other) -> bool:
        if isinstance(other, PlanList):
            return self.round == other.round and self.start == other.start
        if isinstance(other, (list, tuple)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __ne__(self, other) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PlanList(round={self.round}, start={cell_name(self.start)}, {len(self)} plans)"


# ---------------------------------------------------------------------------------------
# The state

HIDDEN = "hidden"  # a pending secret choice in another seat's view


@dataclass(frozen=True)
class PlanPreview:
    """What a plan would do if everyone else stood still (for the plan editor)."""

    path: tuple[int, ...]  # position after each segment
    entered: tuple[int, ...]  # tiles entered, in order (repeats removed)
    converts: tuple[int, ...]  # tiles that would change to the new element
    element: int  # the element after keep/switch
    score: ScoreLine  # the round's points if nobody else moved


@dataclass(frozen=True)
class ElementShiftState:
    """An Element Shift position.  Immutable: ``apply`` returns a new state."""

    seed: int
    board: tuple[int, ...]
    elements: tuple[int, ...]
    positions: tuple[int, ...]  # -1 before the start picks are revealed
    round: int = 0  # 0 setup, 1..7 rounds, 8 over
    pending: tuple = ()  # per seat: None, a move, or HIDDEN
    totals: tuple[int, ...] = ()
    breakdowns: tuple[tuple[ScoreLine, ...], ...] = ()
    last_trace: RoundTrace | None = None
    start_picks: tuple[int, ...] = ()  # revealed start tiles (empty during setup)
    viewer: int = -1  # seat whose view this is, -1 for the full state

    # -- the contract -------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.elements)

    @property
    def round_number(self) -> int:
        return min(self.round, ROUNDS)

    @property
    def phase(self) -> str:
        if self.round == 0:
            return "setup"
        return "over" if self.round > ROUNDS else "plan"

    def submitted(self, seat: int) -> bool:
        return self.pending[seat] is not None

    def current_player(self) -> int:
        if self.is_terminal():
            return -1
        for seat, p in enumerate(self.pending):
            if p is None:
                return seat
        return -1  # unreachable: the last submission resolves the phase

    def is_terminal(self) -> bool:
        return self.round > ROUNDS

    def variation(self) -> Variation | None:
        return VARIATIONS.get(self.round)

    def legal_moves(self) -> list:
        if self.is_terminal():
            return []
        seat = self.current_player()
        if self.round == 0:
            el = self.elements[seat]
            return [StartPick(c) for c in range(CELLS) if self.board[c] == el]
        return PlanList(self.round, self.positions[seat])  # type: ignore[return-value]

    def why_illegal(self, move, seat: int | None = None) -> str | None:
        """Why ``move`` is refused for ``seat`` (default: the current player), or None."""
        if self.is_terminal():
            return _("The game is over")
        if seat is None:
            seat = self.current_player()
        if self.round == 0:
            if not isinstance(move, StartPick):
                return _("Setup: pick a start tile first, like 'start E5'")
            if not 0 <= move.cell < CELLS:
                return _("That tile is off the board")
            el = self.elements[seat]
            if self.board[move.cell] != el:
                return _(
                    "{tile} is {element}; Player {n} is {own} and must start on a {own} tile"
                ).format(
                    tile=cell_name(move.cell),
                    element=_(ELEMENT_NAMES[self.board[move.cell]]),
                    n=seat + 1,
                    own=_(ELEMENT_NAMES[el]),
                )
            return None
        if not isinstance(move, Plan):
            return _("Submit a plan, like 'keep; R R D stay U'")
        try:
            plan_steps(self.round, self.positions[seat], move)
        except IllegalMove as exc:
            return str(exc)
        return None

    def apply(self, move) -> "ElementShiftState":
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        seat = self.current_player()
        pending = list(self.pending)
        pending[seat] = move
        if any(p is None for p in pending):
            return replace(self, pending=tuple(pending))
        if HIDDEN in pending:
            raise IllegalMove(
                _(
                    "this is one seat's view: the other seats' secret choices are "
                    "hidden, so the round cannot be resolved here"
                )
            )
        if self.round == 0:
            picks = tuple(p.cell for p in pending)
            return replace(
                self,
                positions=picks,
                start_picks=picks,
                round=1,
                pending=(None,) * self.num_players,
            )
        trace = resolve_round(self.round, self.board, self.positions, self.elements, pending)
        final_positions = trace.positions[-1]
        lines = score_round(self.round, trace.board_after, final_positions, trace.elements)
        totals = tuple(t + line.total for t, line in zip(self.totals, lines, strict=True))
        return replace(
            self,
            board=trace.board_after,
            elements=trace.elements,
            positions=final_positions,
            round=self.round + 1,
            pending=(None,) * self.num_players,
            totals=totals,
            breakdowns=self.breakdowns + (lines,),
            last_trace=trace,
        )

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        best = max(self.totals)
        top = [s for s, t in enumerate(self.totals) if t == best]
        if len(top) == 1:
            reason = _("Player {n} won with {points} points").format(n=top[0] + 1, points=best)
        else:
            names = ", ".join(_("Player {n}").format(n=s + 1) for s in top)
            reason = _("{names} share first place with {points} points").format(
                names=names, points=best
            )
        return Outcome.ranked(self.totals, reason)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def returns(self) -> tuple[float, ...]:
        out = self.outcome()
        return out.returns() if out else tuple(0.0 for _ in range(self.num_players))

    def parse_move(self, text: str):
        t = move_text(text).strip()
        if len(t) > 200:
            raise IllegalMove(
                _("that is far too long for a move; write a plan like 'keep; R R D stay U'")
            )
        if any(ord(ch) < 32 for ch in t):
            raise IllegalMove(_("a move cannot contain control characters"))
        words = t.split()
        if words and words[0].lower() == "start":
            if len(words) != 2:
                raise IllegalMove(_("write a start pick like 'start E5'"))
            return StartPick(parse_cell(words[1]))
        if self.round == 0 and not t.lower().startswith(("keep", "switch")):
            raise IllegalMove(
                _("cannot read {text}: in setup write a start pick like 'start E5'").format(
                    text=quoted(t)
                )
            )

        segments = VARIATIONS[self.round].segments if 1 <= self.round <= ROUNDS else None
        return parse_plan(t, segments)

    def timeout_move(self, seat: int):
        """A seat whose clock ran out: in setup a start tile of its element drawn from the
        seed (as the original randomises a missing pick); in a round, keep and stay."""
        if self.is_terminal():
            return None
        if self.round == 0:
            el = self.elements[seat]
            tiles = [c for c in range(CELLS) if self.board[c] == el]
            return StartPick(derived_rng(self.seed, "element-shift start", seat).choice(tiles))
        return Plan.still(VARIATIONS[self.round].segments)

    # -- hidden information ---------------------------------------------------------------
    def public_view(self, seat: int) -> "ElementShiftState":
        """The state as ``seat`` may see it: other seats' pending choices are hidden
        (``submitted`` still shows who has acted)."""
        pending = tuple(
            p if (s == seat or p is None) else HIDDEN for s, p in enumerate(self.pending)
        )
        return replace(self, pending=pending, viewer=seat)

    def determinise(self, seat: int, rng: random.Random) -> "ElementShiftState":
        """A full state ``seat`` could be in: its own choice kept, every other seat's
        submitted secret replaced by a guess (a legal choice drawn from ``rng``), so a
        searcher from outside the game (tools/references.py) can play the round out.
        It reads nothing the seat may not know: the guesses come from
        ``public_view(seat)``, which hides the real choices before anything is drawn."""
        view = self.public_view(seat)
        pending = list(view.pending)
        for s, p in enumerate(pending):
            if p != HIDDEN:
                continue
            if self.round == 0:
                el = view.elements[s]
                pending[s] = StartPick(rng.choice([c for c in range(CELLS) if view.board[c] == el]))
            else:
                plans = PlanList(self.round, view.positions[s])
                pending[s] = plans[rng.randrange(len(plans))]
        return replace(view, pending=tuple(pending), viewer=-1)

    # -- helpers for screens and bots ------------------------------------------------------
    def tile(self, cell: int) -> int:
        return self.board[cell]

    def tile_counts(self) -> tuple[int, int, int]:
        return tuple(self.board.count(e) for e in range(3))  # type: ignore[return-value]

    def leading_element(self) -> int:
        """The element with most tiles, -1 when tied for most."""
        return leading_element(self.board)

    def region_map(self) -> tuple[list[int], list[int]]:
        """(label per cell, size per label) of the current board's regions."""
        return region_labels(self.board)

    def region_cells(self, cell: int) -> frozenset[int]:
        labels, _ = region_labels(self.board)
        return frozenset(c for c in range(CELLS) if labels[c] == labels[cell])

    def segments(self) -> int:
        v = self.variation()
        return v.segments if v else 0

    def menu(self, cell: int, segment: int) -> tuple[Action, ...]:
        """Actions allowed from ``cell`` in ``segment`` (0-based) of this round."""
        if not 1 <= self.round <= ROUNDS:
            return ()
        return _menu(self.round, segment, cell)

    def plan_path(self, seat: int, plan: Plan) -> tuple[int, ...]:
        """Where ``seat`` stands after each segment of ``plan`` (IllegalMove if illegal)."""
        return tuple(a.dest for a in plan_steps(self.round, self.positions[seat], plan))

    def preview(self, seat: int, plan: Plan) -> PlanPreview:
        """The effect of ``plan`` if every other seat kept its element and stood still."""
        plans = [Plan.still(self.segments()) for _ in range(self.num_players)]
        plans[seat] = plan
        trace = resolve_round(self.round, self.board, self.positions, self.elements, plans)
        entered = tuple(dict.fromkeys(c for seg in trace.entered for s, c in seg if s == seat))
        converts = tuple(c.cell for seg in trace.conversions for c in seg)
        lines = score_round(self.round, trace.board_after, trace.positions[-1], trace.elements)
        return PlanPreview(
            tuple(p[seat] for p in trace.positions),
            entered,
            converts,
            trace.elements[seat],
            lines[seat],
        )

    def preview_known(self, seat: int, plan: Plan) -> PlanPreview:
        """The effect of ``plan`` against the plans the other seats have already
        submitted (a puzzle's premise reveals them), the seats still to plan standing
        still; its ``converts`` are the tiles this seat enters that end as its element."""
        segs = self.segments()
        plans = [p if isinstance(p, Plan) else Plan.still(segs) for p in self.pending]
        plans[seat] = plan
        trace = resolve_round(self.round, self.board, self.positions, self.elements, plans)
        mine = tuple(dict.fromkeys(c for seg in trace.entered for s, c in seg if s == seat))
        element = trace.elements[seat]
        converts = tuple(
            c.cell for seg in trace.conversions for c in seg if c.cell in mine and c.new == element
        )
        lines = score_round(self.round, trace.board_after, trace.positions[-1], trace.elements)
        return PlanPreview(
            tuple(p[seat] for p in trace.positions), mine, converts, element, lines[seat]
        )

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, total) best first; equal totals share a place."""
        order = sorted(range(self.num_players), key=lambda s: (-self.totals[s], s))
        return [
            (1 + sum(1 for t in self.totals if t > self.totals[s]), s, self.totals[s])
            for s in order
        ]

    def round_points(self, seat: int) -> tuple[int, ...]:
        """Points per resolved round for a score chart."""
        return tuple(lines[seat].total for lines in self.breakdowns)

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "seed": self.seed,
            "board": list(self.board),
            "elements": list(self.elements),
            "positions": list(self.positions),
            "round": self.round,
            "pending": [
                None if p is None else (HIDDEN if p == HIDDEN else str(p)) for p in self.pending
            ],
            "totals": list(self.totals),
            "breakdowns": [[line.to_json() for line in lines] for lines in self.breakdowns],
            "trace": self.last_trace.to_json() if self.last_trace else None,
            "start_picks": list(self.start_picks),
            "viewer": self.viewer,
        }

    @staticmethod
    @state_reader("Element Shift")
    def from_json(d: Mapping) -> "ElementShiftState":
        round_ = int(d["round"])

        def read(p):
            if p is None or p == HIDDEN:
                return p
            if round_ == 0:
                return StartPick(parse_cell(str(p).split()[1]))
            return parse_plan(str(p))

        return ElementShiftState(
            seed=int(d["seed"]),
            board=tuple(int(x) for x in d["board"]),
            elements=tuple(int(x) for x in d["elements"]),
            positions=tuple(int(x) for x in d["positions"]),
            round=round_,
            pending=tuple(read(p) for p in d["pending"]),
            totals=tuple(int(x) for x in d["totals"]),
            breakdowns=tuple(
                tuple(ScoreLine.from_json(x) for x in lines) for lines in d["breakdowns"]
            ),
            last_trace=RoundTrace.from_json(d["trace"]) if d.get("trace") else None,
            start_picks=tuple(int(x) for x in d.get("start_picks", ())),
            viewer=int(d.get("viewer", -1)),
        )


def new_board(rng: random.Random) -> tuple[int, ...]:
    tiles = [e for e, n in enumerate(TILE_COUNTS) for _ in range(n)]
    rng.shuffle(tiles)
    return tuple(tiles)


def new_state(
    rng: random.Random, players: int = PLAYERS, options: Mapping | None = None
) -> ElementShiftState:
    """A new game: board and element deal from ``rng`` (first the board, then the deal)."""
    seed = rng.getrandbits(32)  # for the seeded fallback start pick of a seat that times out
    board = new_board(rng)
    elements = [e for e in range(3) for _ in range(players // 3)]
    rng.shuffle(elements)
    return ElementShiftState(
        seed=seed,
        board=board,
        elements=tuple(elements),
        positions=(-1,) * players,
        round=0,
        pending=(None,) * players,
        totals=(0,) * players,
    )


def state_from_diagram(
    diagram: str,
    elements: Sequence[int],
    positions: Sequence[int],
    round_: int = 1,
    totals: Sequence[int] | None = None,
    seed: int = 0,
) -> ElementShiftState:
    """A hand-made position: 11 lines of 11 letters ``F W G`` (``.`` counts as fire is
    NOT allowed: every tile has an element).  Used by tests and tutorials."""
    rows = [r.split("#")[0].replace(" ", "") for r in diagram.strip().splitlines()]
    rows = [r for r in rows if r]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise BadState("a diagram has 11 rows of 11 tiles (F, W or G)")
    code = {"F": FIRE, "W": WATER, "G": GRASS}
    board = tuple(code[ch.upper()] for r in rows for ch in r)
    n = len(elements)
    return ElementShiftState(
        seed=seed,
        board=board,
        elements=tuple(elements),
        positions=tuple(positions),
        round=round_,
        pending=(None,) * n,
        totals=tuple(totals) if totals else (0,) * n,
        start_picks=tuple(positions) if round_ > 0 else (),
    )


def _validate(players: int, options: Mapping) -> None:
    if players != PLAYERS:
        raise ValueError("Element Shift is for exactly 12 players (people and bots)")
    if options:
        raise ValueError(f"Element Shift has no options (got {', '.join(options)})")


def _seat_names(n: int) -> tuple[str, ...]:
    return tuple(_("Player {n}").format(n=i + 1) for i in range(n))


SPEC = GameSpec(
    id="element-shift",
    title="Element Shift",
    tagline=N_("Twelve players, secret plans: terraform the board, or jump ship."),
    min_players=PLAYERS,
    max_players=PLAYERS,
    default_players=PLAYERS,
    options=(),
    new_state=new_state,
    from_json=ElementShiftState.from_json,
    move_bound=lambda players, options: players * (ROUNDS + 1),
    seat_names=_seat_names,
    tournament_clock=ClockPreset(120, 0),
    timeout_policy="move",
    validate=_validate,
    rule_clock=None,
    rules_card="element-shift.md",
)
