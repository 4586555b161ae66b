"""A whole Sailing Vector Game race: the course, the start, groundings and repairs, mark
roundings and the finish.

A :class:`Race` is an immutable state; :meth:`Race.play <rightofway.vg.Race.play>` returns
the next state
and the :class:`~rightofway.races.Event` values the move caused, each citing its
rule. The position's ``turn_order`` always lists the boats in the order they
move next: after each move the mover goes to the end. Its ``turn`` is the
number of turns the boat to move has completed, which is what the start rules
count (VG-S2).

The course (VG-C1, VG-C2; the project's reading of the rulebook's set-up): a
page, a start line that is also the finish, islands, and marks, each left to
port (``P``, rounded anticlockwise) or starboard (``S``, clockwise), rounded in
``order`` (the marks as listed by default; a mark may come back, as the
rulebook's example course goes back to its first buoy) ``laps`` times, then
back through the line.

Legs are numbered from 1: leg ``k`` rounds the ``k``-th mark of the course's
:attr:`~rightofway.vg.Course.sequence`, and leg ``n + 1`` (after the last of ``n`` marks) is
the finish. Leg 0 is before the start.

**The start** (VG-S1..S4): boats begin one square downwind of the line, at rest;
a boat starts when its path crosses the line (between its ends, ends included)
from South to North, which VG-S2 allows from its fifth turn.

**Rounding a mark** (VG-C1). Two rays are drawn from each mark, along the eight
compass directions: the *far ray*, pointing straight on from the direction the
leg comes from (from the previous mark, or from the middle of the start line),
and the *leaving ray*, turned from the far ray towards the direction of the
next mark (or the middle of the finish line) by half the turn the course makes
there, measured the way the boat goes round: clockwise for ``S``, anticlockwise
for ``P`` (whole 45-degree steps, the half rounded down; a course that goes
straight on asks for a whole turn). Each direction is the compass direction
nearest the true one. A boat rounds the mark when its path crosses the far ray
going round the right way and then the leaving ray going round the right way.
Crossing the far ray the wrong way takes one crossing back: a boat that passes
the mark and comes back, or goes round the wrong way and unwinds, has not
rounded it. Where the two rays are one (a turn of 45 degrees), crossing it the
right way completes the rounding. A crossing of a ray is where the path leaves
its line to the other side, at the last intersection on the line or between two
intersections; paths never pass through a mark (VG-C3), so the side of a ray
is always clear.

**The finish** (VG-C2): after rounding every mark of every lap, a boat
finishes when its path crosses the line from North to South (the start in
reverse). It leaves the page: it no longer moves or stands in anyone's way.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any, NoReturn, Self, TypeVar

from rightofway.errors import InputError
from rightofway.explain import Citation
from rightofway.geometry import Point
from rightofway.limits import MAX_BOATS, MAX_LAPS, MAX_NUMBER, MAX_TURNS
from rightofway.positions import (
    UnknownId,
    as_bool,
    as_int,
    as_point,
    as_seed,
    as_tuple_of,
    check_fields,
    shown,
)
from rightofway.races import (
    Event,
    IllegalMove,
    SetupError,
    check_boat_states,
    check_history,
    check_states,
)
from rightofway.races import Race as RaceBase
from rightofway.results import Ruling
from rightofway.vg import game
from rightofway.vg.notation import notation
from rightofway.vg.position import Boat, Mark, Move, Position, PositionError, check_move
from rightofway.vg.sections import VG_C1, VG_C2, VG_C4, VG_I, VG_M1, VG_M2, VG_S1, VG_S2, VG_S3

if TYPE_CHECKING:
    from pydantic import BaseModel

    from rightofway.vg.jsonmodels import CourseModel

    M = TypeVar("M", bound=BaseModel)

__all__ = [
    "BOAT_IDS",
    "COMPASS",
    "COMPASS_NAMES",
    "DEFAULT_COURSE",
    "STATE_KEYS",
    "BoatState",
    "Course",
    "Race",
    "RaceOptions",
    "Rounding",
    "nearest_direction",
    "starting_fleet",
]

COMPASS: tuple[Point, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1),
                              (1, -1))
"""The eight compass directions anticlockwise from East, 45 degrees apart (North is up)."""
COMPASS_NAMES: tuple[str, ...] = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")

def nearest_direction(dx: int, dy: int) -> int:
    """The index in ``COMPASS`` of the compass direction nearest ``(dx, dy)``.

    Exact in whole numbers; a vector is never exactly between two directions.

    >>> COMPASS_NAMES[nearest_direction(15, -2)], COMPASS_NAMES[nearest_direction(-13, 16)]
    ('E', 'NW')
    """
    if dx == 0 and dy == 0:
        raise ValueError("a direction needs a vector that is not zero")
    big, small = max(abs(dx), abs(dy)), min(abs(dx), abs(dy))
    if (small + big) ** 2 < 2 * big * big:  # closer to an axis (small/big < tan 22.5)
        if abs(dx) > abs(dy):
            return 0 if dx > 0 else 4
        return 2 if dy > 0 else 6
    return {(1, 1): 1, (-1, 1): 3, (-1, -1): 5, (1, -1): 7}[(_sign(dx), _sign(dy))]


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


@dataclass(frozen=True, slots=True)
class Rounding:
    """How leg ``leg`` goes round its mark: the far ray, then the leaving ray (indexes in
    ``COMPASS``), going round ``turn`` (+1 anticlockwise for ``P``, -1 clockwise for
    ``S``). ``towards`` is the direction of the next mark or of the finish."""

    leg: int
    mark: Mark
    far: int
    leave: int
    turn: int
    towards: int

    def describe(self) -> str:
        """In words: ``mark 1 to starboard: across its N ray, then its NE ray``."""
        side = "starboard, clockwise" if self.turn < 0 else "port, anticlockwise"
        rays = (f"across its {COMPASS_NAMES[self.far]} ray" if self.far == self.leave else
                f"across its {COMPASS_NAMES[self.far]} ray, then its "
                f"{COMPASS_NAMES[self.leave]} ray")
        return f"mark {self.mark.id} to {side}: {rays}"


@dataclass(frozen=True, slots=True)
class Course:
    """A Vector Game course: the page, the start/finish line, islands, marks and their order.

    ``board`` is ``(width, height)``; ``start_line`` ``((x1, y), (x2, y))`` West
    end first; ``order`` lists mark ids in the order they are rounded (empty:
    the marks as listed), sailed ``laps`` times. Every problem is a
    :class:`SetupError` citing the rule it rests on (VG-C1: the course).
    """

    board: tuple[int, int]
    start_line: tuple[Point, Point]
    marks: tuple[Mark, ...]
    islands: frozenset[Point] = frozenset()
    laps: int = 1
    order: tuple[str, ...] = ()
    _sequence: tuple[Mark, ...] = field(init=False, repr=False, compare=False, hash=False)
    _roundings: tuple[Rounding, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", as_tuple_of(self.order, str, "order"))
        # The page, line, islands and marks are checked as a position would check them.
        try:
            probe = Position((), self.board, self.islands, self.start_line, marks=self.marks)
        except PositionError as e:
            raise SetupError(f"{'.'.join(map(str, e.path))}: {e.message}", VG_C1) from None
        object.__setattr__(self, "board", probe.board)
        object.__setattr__(self, "islands", probe.islands)
        object.__setattr__(self, "start_line", probe.start_line)
        object.__setattr__(self, "marks", probe.marks)
        if self.board is None or self.start_line is None:
            raise SetupError("a course needs a page (board) and a start line", VG_C1)
        (x1, ly), (x2, _) = self.start_line
        if x2 - x1 < 1:
            raise SetupError("start_line: the line spans at least one square", VG_C1)
        if not (probe._on_page((x1, ly)) and probe._on_page((x2, ly)) and ly >= 1):
            raise SetupError("start_line: the line lies on the page, with a row below it for "
                             "the boats to begin on", VG_S1)
        on_line = sorted(p for p in self.islands if self.on_line(p))
        if on_line:
            raise SetupError(f"islands: an island lies on the start line at {list(on_line[0])}",
                             VG_C1)
        if not self.marks:
            raise SetupError("marks: a course has at least one mark", VG_C1)
        taken = {m.at for m in self.marks}
        for i, m in enumerate(self.marks):
            if self.on_line(m.at):
                raise SetupError(f"marks.{i}: mark {m.id} lies on the start line at "
                                 f"{list(m.at)}", VG_C1)
            around = [(m.at[0] + dx, m.at[1] + dy) for dx, dy in COMPASS]
            blocked = [p for p in around if not probe._on_page(p) or p in self.islands
                       or p in taken]
            if blocked:
                raise SetupError(f"marks.{i}: mark {m.id} needs open water round it, but "
                                 f"{list(blocked[0])} is off the page, an island or a mark", VG_C1)
        if type(self.laps) is not int or not 1 <= self.laps <= MAX_LAPS:
            raise SetupError(f"laps: expected a whole number from 1 to {MAX_LAPS}, got "
                             f"{shown(self.laps)}", VG_C1)
        order = self.order
        by_id = {m.id: m for m in self.marks}
        ids = order or tuple(by_id)
        for i, mid in enumerate(ids):
            if mid not in by_id:
                raise SetupError(f"order.{i}: no mark {shown(mid)} on the course (marks: "
                                 f"{shown(', '.join(by_id), 200)})", VG_C1)
        sequence = tuple(by_id[mid] for mid in ids) * self.laps
        for i in range(1, len(sequence)):
            if sequence[i].id == sequence[i - 1].id:
                raise SetupError(f"order: mark {sequence[i].id} comes twice in a row"
                                 f"{' (across laps)' if i % len(ids) == 0 else ''}; a boat "
                                 "sails from one mark to another", VG_C1)
        object.__setattr__(self, "_sequence", sequence)
        object.__setattr__(self, "_roundings", self._plan())

    def _plan(self) -> tuple[Rounding, ...]:
        (x1, ly), (x2, _) = self.start_line
        middle2 = (x1 + x2, 2 * ly)  # the line's middle, in half squares
        seq = self._sequence
        out = []
        for k, mark in enumerate(seq):
            m2 = (2 * mark.at[0], 2 * mark.at[1])
            before = middle2 if k == 0 else (2 * seq[k - 1].at[0], 2 * seq[k - 1].at[1])
            after = middle2 if k == len(seq) - 1 else (2 * seq[k + 1].at[0],
                                                        2 * seq[k + 1].at[1])
            far = nearest_direction(m2[0] - before[0], m2[1] - before[1])
            towards = nearest_direction(after[0] - m2[0], after[1] - m2[1])
            turn = 1 if mark.side == "P" else -1
            steps = ((towards - far) * turn) % 8 or 8
            leave = (far + turn * (steps // 2)) % 8
            out.append(Rounding(k + 1, mark, far, leave, turn, towards))
        return tuple(out)

    @property
    def sequence(self) -> tuple[Mark, ...]:
        """The marks in the order they are rounded, every lap: leg ``k`` rounds the ``k``-th."""
        return self._sequence

    @property
    def roundings(self) -> tuple[Rounding, ...]:
        """How each leg goes round its mark (see the module docstring)."""
        return self._roundings

    @property
    def finish_leg(self) -> int:
        """The leg that ends at the finish: one past the last mark."""
        return len(self._sequence) + 1

    @property
    def line_row(self) -> int:
        """The row of the start/finish line."""
        return self.start_line[0][1]

    def on_line(self, p: Point) -> bool:
        """Whether ``p`` is on the start/finish line, its ends included."""
        if type(p) is not tuple or len(p) != 2:
            p = as_point(p, "p")
        (x1, ly), (x2, _) = self.start_line
        return p[1] == ly and x1 <= p[0] <= x2

    def position(self, boats: Sequence[Boat], turn: int = 0,
                 turn_order: tuple[str, ...] = ()) -> Position:
        """A position on this course (:class:`PositionError` naming the field when it
        cannot exist)."""
        return Position(as_tuple_of(boats, Boat, "boats"), self.board, self.islands,
                        self.start_line, turn, turn_order, self.marks)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; :meth:`from_json` reads it back to an equal course."""
        return {
            "board": list(self.board),
            "start_line": [list(p) for p in self.start_line],
            "islands": [list(p) for p in sorted(self.islands)],
            "marks": [{"id": m.id, "at": list(m.at), "side": m.side} for m in self.marks],
            "order": list(self.order),
            "laps": self.laps,
        }

    @classmethod
    def from_json(cls, data: Any) -> Course:
        """The course :meth:`to_json` wrote; :class:`SetupError` naming the field at fault."""
        from rightofway.vg.jsonmodels import CourseModel

        return _course(_read(CourseModel, data, "course"))


@dataclass(frozen=True, slots=True)
class RaceOptions:
    """The engine's own choices."""

    max_turns: int = 3000
    """Moves (of all boats together) after which an unfinished race is stopped."""

    def __post_init__(self) -> None:
        as_int(self.max_turns, "max_turns", 1, MAX_TURNS)


@dataclass(frozen=True, slots=True)
class BoatState:
    """What the race remembers about one boat beyond its place on the page."""

    moves: int = 0
    """Turns it has taken, repairs and stops included."""
    leg: int = 0
    """0 before the start; ``k`` rounding the ``k``-th mark; one past the last mark: finishing."""
    row_side: int = 0
    """Last side of the line's row it was on: -1 South, 1 North, 0 not yet known."""
    far_side: int = 0
    """Last side of the line of its mark's far ray: 1 anticlockwise of the ray, -1 clockwise."""
    leave_side: int = 0
    """Last side of the line of its mark's leaving ray, as ``far_side``."""
    far: int = 0
    """Crossings of its mark's far ray the right way, less those the wrong way."""
    place: int | None = None

    def __post_init__(self) -> None:
        # Built at every move: whole numbers checked by type, their ranges when not.
        for name in ("moves", "leg", "row_side", "far_side", "leave_side", "far"):
            if type(getattr(self, name)) is not int:
                as_int(getattr(self, name), name)
        if not (0 <= self.moves <= MAX_NUMBER and 0 <= self.leg <= MAX_NUMBER
                and abs(self.far) <= MAX_NUMBER and self.row_side in (-1, 0, 1)
                and self.far_side in (-1, 0, 1) and self.leave_side in (-1, 0, 1)):
            _bad_state(self)
        if self.place is not None and (type(self.place) is not int or self.place < 1):
            as_int(self.place, "place", 1)

    @property
    def finished(self) -> bool:
        """Whether the boat has finished."""
        return self.place is not None


def _bad_state(s: BoatState) -> NoReturn:
    """Name the field of ``s`` out of its range."""
    for name in ("moves", "leg"):
        as_int(getattr(s, name), name, 0, MAX_NUMBER)
    as_int(s.far, "far", -MAX_NUMBER, MAX_NUMBER)
    for name in ("row_side", "far_side", "leave_side"):
        as_int(getattr(s, name), name, -1, 1)
    raise AssertionError  # pragma: no cover - one of them is out of range


STATE_KEYS: tuple[str, ...] = ("moves", "leg")
"""The race state a race taken up mid-way may set per boat (:meth:`Race.new`)."""

DEFAULT_COURSE = Course(
    board=(32, 30),
    start_line=((4, 3), (10, 3)),
    marks=(Mark("1", (7, 24), "S"), Mark("2", (26, 21), "S"), Mark("3", (24, 7), "S")),
    islands=frozenset({(14, 12), (15, 12), (14, 13), (28, 27), (29, 27), (2, 13), (2, 14)}),
    order=("1", "2", "3", "1"),
)
"""The rulebook's example course: a windward buoy, a second across the page to the
right, a third to leeward near the bottom right, back to the first, then back
through the start/finish gate; every buoy left to starboard, some menacing islands."""
BOAT_IDS = "ABCDEFGHIJ"
"""The ids of a fleet placed by :meth:`Race.new`, as many as boats may race."""


def starting_fleet(course: Course, count: int, rng: random.Random) -> list[Boat]:
    """``count`` boats at rest one square downwind of the line (VG-S1), near it, no two side
    by side, in a random turn order, all drawn from ``rng``; :class:`SetupError` when the
    line has no room for them."""
    if not 1 <= count <= len(BOAT_IDS):
        raise SetupError(f"between 1 and {len(BOAT_IDS)} boats can race, not {count}")
    (x1, ly), (x2, _) = course.start_line
    row = ly - 1
    marks = {m.at for m in course.marks}
    free = [x for x in range(max(0, x1 - 4), min(course.board[0], x2 + 4) + 1)
            if (x, row) not in course.islands and (x, row) not in marks]
    spots: list[int] = []
    for _ in range(100):  # a few shuffles find room for as many boats as fit
        spots = []
        for x in rng.sample(free, len(free)):
            if all(abs(x - o) >= 2 for o in spots):
                spots.append(x)
        if len(spots) >= count:
            spots = spots[:count]
            break
    if len(spots) < count:
        raise SetupError(f"the start line has room for {len(spots)} boats with a square "
                         f"between them, not {count}", VG_S1)
    ids = list(BOAT_IDS[:count])
    rng.shuffle(ids)
    return [Boat(i, (x, row)) for i, x in zip(ids, spots, strict=True)]


def _side_of(mark: Point, d: Point, p: Point) -> int:
    """1 when ``p`` lies anticlockwise of the line through ``mark`` along ``d``, -1 clockwise."""
    return _sign(d[0] * (p[1] - mark[1]) - d[1] * (p[0] - mark[0]))


def _cross_ray(mark: Point, d: Point, prev: Point, q: Point,
               last: int) -> tuple[int, tuple[Fraction, int] | None]:
    """The step ``prev -> q`` against the ray from ``mark`` along ``d``.

    Returns the new last side and, when the step crossed the ray itself (not the
    opposite half of its line), where along the step (0 at ``prev``) and which
    way: 1 anticlockwise, -1 clockwise.
    """
    sq = _side_of(mark, d, q)
    if sq == 0:
        return last, None
    if last == 0 or sq == last:
        return sq, None
    cp = d[0] * (prev[1] - mark[1]) - d[1] * (prev[0] - mark[0])
    cq = d[0] * (q[1] - mark[1]) - d[1] * (q[0] - mark[0])
    ap = d[0] * (prev[0] - mark[0]) + d[1] * (prev[1] - mark[1])
    aq = d[0] * (q[0] - mark[0]) + d[1] * (q[1] - mark[1])
    t = Fraction(0) if cp == 0 else Fraction(cp, cp - cq)
    along = ap + t * (aq - ap)
    return sq, ((t, sq) if along > 0 else None)


def _towards(course: Course, s: BoatState, at: Point) -> BoatState:
    """``s`` on a new leg at ``at``: which side of its mark's rays it is on."""
    if not 1 <= s.leg < course.finish_leg:
        return replace(s, far_side=0, leave_side=0, far=0)
    r = course.roundings[s.leg - 1]
    return replace(s, far_side=_side_of(r.mark.at, COMPASS[r.far], at),
                   leave_side=_side_of(r.mark.at, COMPASS[r.leave], at), far=0)


@dataclass(frozen=True)
class Race(RaceBase[Move]):
    """The state of a race between turns. Build one with :meth:`Race.new`.

    Each state remembers the one before it: :attr:`~rightofway.races.History.moves` and
    :attr:`~rightofway.races.History.played` list the moves since the start,
    :meth:`~rightofway.races.Race.push` plays one, :meth:`~rightofway.races.History.pop`
    undoes the last one, :meth:`record_lines` writes the game record and
    :meth:`~rightofway.races.Race.save` and :meth:`~rightofway.races.Race.load` keep it
    in a file.
    """

    record_module = "rightofway.vg.record"

    course: Course
    options: RaceOptions
    position: Position
    """The page; its ``turn_order`` is the order boats move from here, the first next."""
    boats: tuple[tuple[str, BoatState], ...]
    turn: int = 0
    """Moves played so far, by all boats."""
    parent: Race | None = field(default=None, repr=False, compare=False)
    """The race before the last move (``None`` at the start)."""
    last: tuple[Move, tuple[Event, ...]] | None = field(default=None, repr=False, compare=False)
    """The last move played and the events it caused."""
    _state: dict[str, BoatState] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        check_fields(self, (("course", Course), ("options", RaceOptions),
                            ("position", Position), ("turn", int)))
        check_boat_states(self.boats, BoatState)
        check_history(self, Move)
        if not 0 <= self.turn <= MAX_NUMBER:
            as_int(self.turn, "turn", 0, MAX_NUMBER)
        object.__setattr__(self, "_state", dict(self.boats))

    # --- set-up -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        boats: int | Sequence[Boat],
        course: Course | None = None,
        seed: int | None = None,
        options: RaceOptions | None = None,
        *,
        check_setup: bool = True,
        states: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> Self:
        """A race at its first move on ``course`` (default
        :data:`~rightofway.vg.race.DEFAULT_COURSE`, the rulebook's example).

        ``boats`` is a number of boats (1 to 10, called A, B, ...), placed at random one
        square downwind of the line, no two side by side, in a random turn order, all
        from ``seed`` (:func:`rightofway.vg.random_race` places them so), or the boats
        themselves, listed in turn order (``seed`` then has nothing to place).

        The set-up is checked (:class:`SetupError` citing the rule): every boat
        begins at rest one square downwind of the start line (VG-S1, VG-S3).
        ``check_setup=False`` takes up a race from a position reached some other
        way: boats may then have vectors and lost turns, and ``states`` gives per
        boat id its ``moves`` made and its ``leg`` (see :class:`BoatState`); what
        the race tracks of its path starts from where it stands.
        """
        course = DEFAULT_COURSE if course is None else course
        if not isinstance(course, Course):
            raise TypeError(f"course: expected a Vector Game Course, got "
                            f"{type(course).__name__} {shown(course)}")
        seed = as_seed(seed)
        if options is not None and not isinstance(options, RaceOptions):
            raise TypeError(f"options: expected a Vector Game RaceOptions, got "
                            f"{type(options).__name__} {shown(options)}")
        as_bool(check_setup, "check_setup")
        states = check_states(states, STATE_KEYS)
        if isinstance(boats, int) and not isinstance(boats, bool):
            boats = starting_fleet(course, boats, random.Random(seed))
        if isinstance(boats, (str, bytes)) or not isinstance(boats, Sequence) \
                or not all(isinstance(b, Boat) for b in boats):
            raise TypeError(f"boats: expected a number of boats or a sequence of Boat "
                            f"values, got {type(boats).__name__} {shown(boats)}")
        boats = tuple(boats)
        if not boats:
            raise SetupError("a race needs at least one boat", VG_S1)
        if len(boats) > MAX_BOATS:
            raise SetupError(f"boats: a race has at most {MAX_BOATS} boats, got {len(boats)}")
        options = options or RaceOptions()
        ly = course.line_row
        if check_setup:
            if states:
                raise SetupError("a race that begins with its set-up has no race states yet")
            for b in boats:
                if b.vector is not None or b.lost_turns:
                    raise SetupError(f"boat {b.id} must begin at rest: its first move is 1S "
                                     "or 1P", VG_S3)
                if b.at[1] != ly - 1:
                    raise SetupError(f"boat {b.id} at {list(b.at)} must begin one square "
                                     f"downwind of the start line, on row {ly - 1}", VG_S1)
        ids = [b.id for b in boats]
        for bid in states:
            if bid not in ids:
                raise SetupError(f"states: no boat {shown(bid)} in the race")
        built = []
        for b in boats:
            given = states.get(b.id, {})
            for key in STATE_KEYS:
                if key in given:
                    as_int(given[key], f"states.{b.id}.{key}", 0, MAX_NUMBER)
            s = BoatState(row_side=_sign(b.at[1] - ly), **given)
            if not 0 <= s.leg <= course.finish_leg:
                raise SetupError(f"states: {b.id}: leg {shown(s.leg)} is not one of "
                                 f"0..{course.finish_leg}")
            built.append((b.id, _towards(course, s, b.at)))
        first = dict(built)[ids[0]].moves
        try:
            position = course.position(boats, first, tuple(ids))
        except PositionError as e:
            raise SetupError(f"{'.'.join(map(str, e.path))}: {e.message}") from None
        return cls(course, options, position, tuple(built))

    # --- queries -------------------------------------------------------------------------

    def state(self, boat: str) -> BoatState:
        """The race state of one boat."""
        try:
            return self._state[boat]
        except (KeyError, TypeError):
            if not isinstance(boat, str):
                raise TypeError(f"boat: expected a boat id (a string), got "
                                f"{shown(boat)}") from None
            raise UnknownId(f"boat: no boat {shown(boat)} in this race") from None

    @property
    def to_move(self) -> str | None:
        """The boat whose turn it is, or ``None`` when the race is over."""
        if self.is_over():
            return None
        return self.position.turn_order[0]

    def is_over(self) -> bool:
        """Whether every boat finished or the race ran out of moves (``max_turns``)."""
        return all(s.finished for _, s in self.boats) or self.turn >= self.options.max_turns

    def end_reason(self) -> tuple[str, Citation | None]:
        """Why the race ended: every boat finished (VG-C2), or the race was stopped at the
        engine's turn limit (``max_turns``, no rule of the game)."""
        if all(s.finished for _, s in self.boats):
            return "every boat has finished", VG_C2
        return (f"stopped after {self.turn} moves, the limit of the race's options "
                f"(max_turns)", None)

    @property
    def finish_order(self) -> tuple[str, ...]:
        """Boats that finished, first first."""
        done = [(s.place, b) for b, s in self.boats if s.place is not None]
        return tuple(b for _, b in sorted(done))

    def next_mark(self, boat: str) -> str | None:
        """What the boat sails for: ``"start"``, a mark id, ``"finish"``; ``None`` once it
        has finished."""
        s = self.state(boat)
        if s.finished:
            return None
        if s.leg == 0:
            return "start"
        if s.leg == self.course.finish_leg:
            return "finish"
        return self.course.sequence[s.leg - 1].id

    def rounding(self, boat: str) -> Rounding | None:
        """How the boat must go round the mark it sails for (``None`` off the marks' legs)."""
        s = self.state(boat)
        if s.finished or not 1 <= s.leg < self.course.finish_leg:
            return None
        return self.course.roundings[s.leg - 1]

    def ruling(self, move: Move) -> Ruling[Position, Move]:
        """The adjudication of ``move`` in the current position, every rule it breaks
        explained (see :func:`rightofway.vg.adjudicate`)."""
        return game.adjudicate(self.position, move)

    def legal_moves(self, boat: str | None = None) -> list[Move]:
        """Every move ``boat`` (default: the boat to move) may make now, none once it has
        finished or the race is over; see :func:`rightofway.vg.legal_moves`."""
        if boat is None:
            boat = self.to_move
            if boat is None:
                return []
        if self.state(boat).finished:
            return []
        return game.legal_moves(self.position, boat)

    # --- playing ---------------------------------------------------------------------------

    def play(self, move: Move) -> tuple[Self, tuple[Event, ...]]:
        """Play the move of the boat whose turn it is.

        Returns the next state and the events the move caused. Raises
        :class:`~rightofway.errors.IllegalMove` (a :class:`ValueError`) for a move
        out of turn, after the race is over or not legal, with the reason and
        the rule it rests on.
        """
        check_move(move)
        boat = self.to_move
        if boat is None:
            raise IllegalMove(move, "the race is over", VG_C2)
        if move.boat != boat:
            raise IllegalMove(move, f"it is {boat}'s turn, not {move.boat}'s", VG_C4)
        before = self.position.boat(boat)
        f = game._played(self.position, move)
        events: list[Event] = []
        if f.stand:
            if before.lost_turns:
                events.append(Event("repair", boat, f.text, VG_I,
                                    (("lost_turns", before.lost_turns - 1),)))
            else:
                events.append(Event("stopped", boat, f.text, VG_M2, (("at", before.at),)))
        else:
            assert move.vector is not None
            events.append(Event("move", boat, f"{boat} sails {move.vector} to {list(f.end)}",
                                VG_M1, (("vector", str(move.vector)), ("to", f.end))))
            if f.wrecked:
                events.append(Event("grounded", boat, f.text, VG_I, (("at", f.end),)))
        state = replace(self.state(boat), moves=self.state(boat).moves + 1)
        state, more = self._progress(boat, state, (before.at, *f.route))
        events.extend(more)
        race = self._next(boat, state, f.after)
        done = tuple(events)
        return replace(race, parent=self, last=(move, done)), done

    def _progress(self, boat: str, s: BoatState,
                  route: tuple[Point, ...]) -> tuple[BoatState, list[Event]]:
        """The start, roundings and the finish along the path just sailed."""
        course = self.course
        row = course.line_row
        events: list[Event] = []
        for prev, q in pairwise(route):
            side = _sign(q[1] - row)
            crossed = bool(side and s.row_side and side != s.row_side and course.on_line(prev))
            if s.leg == 0:
                if crossed and side == 1:
                    s = _towards(course, replace(s, leg=1), q)
                    events.append(Event("started", boat, f"{boat} crossed the start line and "
                                        f"sails for {self._target(s.leg)}", VG_S2,
                                        (("leg", 1),)))
            elif s.leg < course.finish_leg:
                r = course.roundings[s.leg - 1]
                s, when = _round_step(r, s, prev, q)
                if when is not None:
                    s = _towards(course, replace(s, leg=s.leg + 1), q)
                    side_word = "starboard" if r.turn < 0 else "port"
                    events.append(Event("rounded", boat,
                                        f"{boat} rounded mark {r.mark.id} to {side_word} and "
                                        f"sails for {self._target(s.leg)}", VG_C1,
                                        (("mark", r.mark.id), ("leg", s.leg))))
                    # Reaching the line at the very point it rounds, it may finish there too.
                    if s.leg == course.finish_leg and crossed and side == -1 and when == 0:
                        s = self._finished(s)
                        events.append(self._finish_event(boat, s))
                        break
            elif crossed and side == -1:
                s = self._finished(s)
                events.append(self._finish_event(boat, s))
                break
            if side:
                s = replace(s, row_side=side)
        return s, events

    def _target(self, leg: int) -> str:
        if leg >= self.course.finish_leg:
            return "the finish"
        return f"mark {self.course.sequence[leg - 1].id}"

    def _finished(self, s: BoatState) -> BoatState:
        return replace(s, place=1 + sum(1 for _, o in self.boats if o.finished))

    def _finish_event(self, boat: str, s: BoatState) -> Event:
        return Event("finished", boat, f"{boat} crossed the finish line in place {s.place}",
                     VG_C2, (("place", s.place),))

    def _next(self, boat: str, s: BoatState, position: Position) -> Self:
        """The race after ``boat``'s move: its state stored, the turn passed on.

        The mover goes to the end of the turn order; a boat that finished leaves
        the page. The position's turn becomes the turns completed by the boat to
        move next.
        """
        states = tuple((b, s if b == boat else o) for b, o in self.boats)
        order = position.turn_order
        i = order.index(boat)
        order = order[i + 1:] + order[:i + 1]
        boats = position.boats
        if s.finished:
            order = tuple(b for b in order if b != boat)
            boats = tuple(b for b in boats if b.id != boat)
        turn = dict(states)[order[0]].moves if order else position.turn
        position = replace(position, boats=boats, turn_order=order, turn=turn)
        return replace(self, position=position, boats=states, turn=self.turn + 1)

    # --- records, JSON and drawings ----------------------------------------------------------

    def record_lines(self) -> Iterator[str]:
        """The game record of the race so far, as JSON Lines (see :mod:`rightofway.vg.record`)."""
        return record_lines(self.start, self.played)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data of this state (not its history); :meth:`from_json` reads it back
        to an equal race."""
        return {
            "ruleset": "vector-game",
            "course": self.course.to_json(),
            "options": {"max_turns": self.options.max_turns},
            "position": self.position.to_json(),
            "boats": [{"id": b, "moves": s.moves, "leg": s.leg, "row_side": s.row_side,
                       "far_side": s.far_side, "leave_side": s.leave_side, "far": s.far,
                       "place": s.place} for b, s in self.boats],
            "turn": self.turn,
        }

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """The race :meth:`to_json` wrote, with no history; :class:`SetupError` naming the
        field at fault."""
        from rightofway.vg.jsonmodels import RaceModel

        model = _read(RaceModel, data, "race")
        course = _course(model.course)
        try:
            position = Position.from_json(model.position.model_dump())
        except PositionError as e:
            raise SetupError(f"position.{e.message}") from None
        for name in ("board", "start_line", "islands", "marks"):
            if getattr(position, name) != getattr(course, name):
                raise SetupError(f"position.{name}: differs from the course's")
        states = tuple((s.id, BoatState(s.moves, s.leg, s.row_side, s.far_side, s.leave_side,
                                        s.far, s.place)) for s in model.boats)
        ids = [b for b, _ in states]
        if len(set(ids)) != len(ids):
            raise SetupError("boats: a boat id is listed twice")
        racing = sorted(b for b, s in states if not s.finished)
        if racing != sorted(position.boat_ids):
            raise SetupError(f"boats: the boats still racing ({', '.join(racing) or 'none'}) "
                             f"are not those on the page ({', '.join(sorted(position.boat_ids))})")
        for b, s in states:
            if s.leg > course.finish_leg:
                raise SetupError(f"boats.{b}.leg: {s.leg} is not one of 0..{course.finish_leg}")
        race = cls(course, RaceOptions(model.options.max_turns), position, states, model.turn)
        if not position.turn_order and position.boats:
            raise SetupError("position.turn_order: a race lists the boats in the order they "
                             "move")
        return race

    def _repr_svg_(self, *, tracks: bool = False) -> str:
        from rightofway import tracks as track_lines
        from rightofway.vg.drawing import _route, race

        marks = {b.id: self.next_mark(b.id) or "" for b in self.position.boats}
        title = f"turn {self.turn}" + (" - race over" if self.is_over() else
                                       f", {self.to_move} to move")
        lines = track_lines.of_race(self, _route) if tracks else None
        return str(race(self.position, title=title, next_marks=marks, tracks=lines))


def _round_step(r: Rounding, s: BoatState, prev: Point,
                q: Point) -> tuple[BoatState, Fraction | None]:
    """One step of the path against the rays of the mark being rounded: the new state and,
    when the rounding is complete, where along the step it was completed."""
    mark = r.mark.at
    far_side, across_far = _cross_ray(mark, COMPASS[r.far], prev, q, s.far_side)
    crossings = [(across_far[0], 0, across_far[1])] if across_far else []
    leave_side = s.leave_side
    if r.leave != r.far:
        leave_side, across_leave = _cross_ray(mark, COMPASS[r.leave], prev, q, s.leave_side)
        if across_leave:
            crossings.append((across_leave[0], 1, across_leave[1]))
    far = s.far
    done: Fraction | None = None
    for t, ray, way in sorted(crossings):
        if ray == 0:
            far += 1 if way == r.turn else -1
            if r.leave == r.far and way == r.turn and far >= 1:
                done = t
                break
        elif way == r.turn and far >= 1:
            done = t
            break
    return replace(s, far_side=far_side, leave_side=leave_side, far=far), done


# --- records and saved races: the writing side (rightofway.vg.record reads them) ---------

FORMAT = "rightofway-race"
"""The ``format`` of a game record's set-up line."""


def setup_line(race: Race) -> dict[str, Any]:
    """The set-up line of a race about to be played."""
    return {
        "type": "setup",
        "format": FORMAT,
        "version": 1,
        "ruleset": "vector-game",
        "course": race.course.to_json(),
        "options": {"max_turns": race.options.max_turns},
        "position": notation(race.position),
    }


def turn_line(turn: int, move: Move, events: tuple[Event, ...]) -> dict[str, Any]:
    """The record line of one played move."""
    return {"type": "move", "turn": turn, "boat": move.boat,
            "vector": str(move.vector) if move.vector is not None else None,
            "events": [e.to_json() for e in events]}


def record_lines(race: Race,
                 played: Iterable[tuple[Move, tuple[Event, ...]]]) -> Iterator[str]:
    """JSON Lines of a whole race: the set-up of ``race`` (at its start), then each move
    of ``played`` (pairs of a move and its events, as
    :attr:`~rightofway.races.History.played` lists them)."""
    if not isinstance(race, Race):
        raise TypeError(f"race: expected a Vector Game Race, got {type(race).__name__} "
                        f"{shown(race)}")
    if isinstance(played, (str, bytes)) or not isinstance(played, Iterable):
        raise TypeError(f"played: expected the moves played and their events, got "
                        f"{type(played).__name__} {shown(played)}")
    moves = list(played)
    for i, pair in enumerate(moves):
        if type(pair) is not tuple or len(pair) != 2 or not isinstance(pair[0], Move) \
                or type(pair[1]) is not tuple or not all(type(e) is Event for e in pair[1]):
            raise TypeError(f"played[{i}]: expected a Move and its events, got "
                            f"{shown(pair)}")
    return _record_lines(race, moves)


def _record_lines(race: Race,
                  played: list[tuple[Move, tuple[Event, ...]]]) -> Iterator[str]:
    yield json.dumps(setup_line(race))
    for turn, (move, events) in enumerate(played, 1):
        yield json.dumps(turn_line(turn, move, events))



def _course(c: CourseModel) -> Course:
    return Course(c.board, c.start_line, tuple(Mark(m.id, m.at, m.side) for m in c.marks),
                  frozenset(c.islands), c.laps, tuple(c.order))


def _read(model: type[M], data: Any, what: str) -> M:
    """``data`` read by the strict file ``model``; :class:`SetupError` naming the field."""
    from rightofway.scenarios import validate_json

    try:
        return validate_json(model, data, what)
    except InputError as e:
        raise SetupError(str(e)) from None
