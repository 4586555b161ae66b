"""Sailing Vector Game values: boats, marks, moves and positions, and what a position
shows before any move is judged: the paths of vectors, where each boat could land next,
its claims and the pairs they engage.

Boats move by vectors on grid paper with the wind blowing down the page (from the
North). How a path is traced: a move from ``p`` by ``(dx, dy)`` passes through
``p + (r(k*dx/n), r(k*dy/n))`` for ``k = 1..n`` with ``n = max(|dx|, |dy|)``, where ``r``
rounds to the nearest whole number and a half towards zero (so the path mirrors with the
page).

Standing still: a boat repairing after running aground (VG-I) loses its turn, and its
one legal move is :meth:`~rightofway.vg.Move.stand` (``Move(boat, None)``, written
``A (stands still)``), which counts the repair down. A boat that is not repairing may
stand still only when no move is legal for it: it stops where it is and starts again
from rest, with 1S or 1P (VG-M2: every move covers a square, so a boat that cannot make
one has stopped).

Marks (VG-C1..C3, the project's reading of the course set-up): a position may hold the
buoys of a course, each with the side ``P`` or ``S`` a boat leaves it on. A mark is an
obstacle: no traced intersection of a move may be a mark (VG-C3), so a path never passes
through one. Rounding marks in order and the finish are the race's business
(:mod:`rightofway.vg.race`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, TypeVar

from rightofway.errors import InputError, NotationError
from rightofway.geometry import Point, engaged_index_pairs
from rightofway.limits import MAX_COORD, MAX_NUMBER
from rightofway.positions import (
    BoatIndex,
    PositionError,
    UnknownId,
    as_id,
    as_int,
    as_point,
    as_points,
    as_tuple_of,
    check_place,
    check_turn_order,
    instance_check,
    shown,
)
from rightofway.vg.vectors import Side, Vector, VectorError, _next_vectors, as_vector, bad_side

__all__ = [
    "Boat",
    "Mark",
    "Move",
    "Position",
    "PositionError",
    "claims",
    "engaged_pairs",
    "landings",
    "path",
]

@dataclass(frozen=True, slots=True)
class Boat:
    """A boat, its last vector (``None`` before its first move) and turns it still loses."""

    id: str
    at: Point
    vector: Vector | None = None
    lost_turns: int = 0

    def __post_init__(self) -> None:
        # Built in search loops: type checks first, conversions only when needed.
        if type(self.id) is not str or not self.id:
            as_id(self.id, "id")
        at = self.at
        if type(at) is not tuple or len(at) != 2 or type(at[0]) is not int \
                or type(at[1]) is not int:
            object.__setattr__(self, "at", as_point(at, "at"))
        if self.vector is not None and type(self.vector) is not Vector:
            object.__setattr__(self, "vector", as_vector(self.vector, "vector"))
        lost = self.lost_turns
        if type(lost) is not int:
            raise TypeError(f"lost_turns: expected a whole number 0..2, got {shown(lost)}")
        if not 0 <= lost <= 2:
            raise InputError(f"lost_turns: a boat loses at most two turns (VG-I), got {lost}")

    @property
    def side(self) -> str | None:
        """``S`` or ``P``; ``None`` for a boat not yet moving or under repair."""
        if self.vector is None or self.lost_turns:
            return None
        return self.vector.side


@dataclass(frozen=True, slots=True)
class Mark:
    """A buoy of the course at ``at``, left on the boat's ``side`` when rounding it.

    ``S`` (starboard): the boat keeps it on its right and goes round it
    clockwise; ``P`` (port): on its left, anticlockwise (seen from above, North
    up). No boat may stand on it or sail through it (VG-C3).
    """

    id: str
    at: Point
    side: Side

    def __post_init__(self) -> None:
        check_place(self)
        if self.side != "S" and self.side != "P":
            bad_side(self.side)

    def mirrored(self, width: int) -> Mark:
        """The mark on the page mirrored East-West (x to ``width - x``): its side swaps."""
        if type(width) is not int or not 0 <= width <= MAX_COORD:
            as_int(width, "width", 0, MAX_COORD)
        return Mark(self.id, (width - self.at[0], self.at[1]), "P" if self.side == "S" else "S")


B = TypeVar("B", Boat, Mark)
"""A boat or a mark: what stands on an intersection of the page."""


@dataclass(frozen=True, slots=True)
class Move:
    """Boat ``boat`` sails ``vector``; ``None`` stands still (:meth:`stand`).

    Standing still is the move of a boat repairing after running aground
    (VG-I), and of a boat that has no legal move at all (see the module
    docstring). The vector may be given as its text: ``Move("A", "2U:2S")``.
    """

    boat: str
    vector: Vector | None

    def __post_init__(self) -> None:
        if type(self.boat) is not str or not self.boat:
            as_id(self.boat, "boat")
        if self.vector is not None and type(self.vector) is not Vector:
            object.__setattr__(self, "vector", as_vector(self.vector, "vector"))

    @classmethod
    def stand(cls, boat: str) -> Move:
        """The boat stands still: a repair turn, or a stop when no move is legal."""
        return cls(boat, None)

    @property
    def stands(self) -> bool:
        """Whether the move is standing still."""
        return self.vector is None

    def __str__(self) -> str:
        return f"{self.boat} {self.vector}" if self.vector is not None else \
            f"{self.boat}{_STANDS}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written as ``str`` writes it: ``"A 2U:2S"``, ``"A (stands still)"``
        (``Move.parse(str(move)) == move`` for a boat id with no space at either end).

        :class:`~rightofway.errors.NotationError` saying what was expected otherwise.

        >>> Move.parse("A 2U:2S")
        Move(boat='A', vector=Vector(along=2, cross=2, side='S'))
        >>> str(Move.parse("B (stands still)"))
        'B (stands still)'
        """
        if not isinstance(text, str):
            raise TypeError(f"text: expected a move written such as 'A 2U:2S', got "
                            f"{shown(text)}")
        t = text.strip()
        stands = t.endswith(_STANDS)
        boat, _, rest = (t.removesuffix(_STANDS), "", "") if stands else t.rpartition(" ")
        boat = boat.rstrip()
        if not boat or not (stands or rest):
            raise NotationError(f"expected a move such as 'A 2U:2S' or 'A (stands still)', "
                                f"got {shown(text)}")
        try:
            return cls(boat, None if stands else Vector.parse(rest))
        except VectorError as e:
            raise NotationError(f"vector: {e}") from None
        except (TypeError, ValueError) as e:
            raise NotationError(f"boat: {e}") from None


_STANDS = " (stands still)"
"""How a move of standing still is written after the boat's id."""


@dataclass(frozen=True, slots=True)
class Position(BoatIndex[Boat]):
    """A Vector Game position; the wind is always from the North.

    ``board`` is ``(width, height)`` (intersections 0..width, 0..height) or
    ``None`` for an unbounded page; ``start_line`` is ``((x1, y), (x2, y))``;
    ``turn`` counts the turns the boat to move has completed (in a race every
    boat has then completed as many or one more); ``marks`` are the buoys of
    the course, on the page, off islands, boats and each other.

    Arguments are checked when the position is built: lists become tuples,
    sets of intersections frozensets; a wrong type raises :class:`TypeError`
    and a position that cannot exist :class:`PositionError`, naming the field.
    """

    boats: tuple[Boat, ...]
    board: tuple[int, int] | None = None
    islands: frozenset[Point] = frozenset()
    start_line: tuple[Point, Point] | None = None
    turn: int = 0
    turn_order: tuple[str, ...] = ()
    marks: tuple[Mark, ...] = ()
    _by_id: dict[str, Boat] = field(init=False, repr=False, compare=False, hash=False)
    _marks_at: dict[Point, Mark] = field(init=False, repr=False, compare=False, hash=False)
    _memo: dict[Any, Any] = field(init=False, repr=False, compare=False, hash=False)
    """What the rules worked out about this (immutable) position, kept for the next caller:
    each boat's claims, landings and ways out, the intersections taken."""

    def __post_init__(self) -> None:
        self._convert()
        boats_at = self._places("boats", self.boats, {})
        by_id = {b.id: b for b in self.boats}
        if self.start_line is not None:
            (x1, y1), (x2, y2) = self.start_line
            if y1 != y2 or x2 < x1:
                raise PositionError(("start_line",), "the start line runs West to East on one row")
        marks_at = self._places("marks", self.marks, boats_at)
        check_turn_order(self.turn_order or tuple(by_id), tuple(by_id))
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_marks_at", marks_at)
        object.__setattr__(self, "_memo", {})

    def _places(self, name: str, items: tuple[B, ...],
                boats_at: Mapping[Point, Boat]) -> dict[Point, B]:
        """Where each of ``items`` (the boats or the marks, ``name``) stands, checked: ids
        once, one on an intersection, none on an island, on a boat (``boats_at``) or off
        the page; :class:`PositionError` naming the field otherwise."""
        kind = name[:-1]
        ids: set[str] = set()
        at: dict[Point, B] = {}
        for i, item in enumerate(items):
            where = (name, i, "at")
            if item.id in ids:
                raise PositionError((name, i, "id"), f"{kind} id {shown(item.id)} is used twice")
            if item.at in at:
                raise PositionError(where, f"{kind} {item.id} stands on {list(item.at)}, "
                                    f"already taken by {kind} {at[item.at].id}")
            if item.at in self.islands:
                raise PositionError(where, f"{kind} {item.id} stands on an island at "
                                    f"{list(item.at)}")
            if item.at in boats_at:
                raise PositionError(where, f"{kind} {item.id} at {list(item.at)} stands on boat "
                                    f"{boats_at[item.at].id}; no boat may stand on a mark "
                                    "(VG-C3)")
            if self.board is not None and not self._on_page(item.at):
                raise PositionError(where, f"{kind} {item.id} at {list(item.at)} is off the "
                                    f"page (0..{self.board[0]}, 0..{self.board[1]})")
            ids.add(item.id)
            at[item.at] = item
        return at

    def _convert(self) -> None:
        """Check the arguments' types; lists and sets become the kernel's values."""
        object.__setattr__(self, "boats", as_tuple_of(self.boats, Boat, "boats"))
        object.__setattr__(self, "marks", as_tuple_of(self.marks, Mark, "marks"))
        board = self.board
        if board is not None:
            if type(board) is not tuple:
                if not isinstance(board, list):
                    raise TypeError(f"board: expected (width, height) or None, got {shown(board)}")
                board = tuple(board)
                object.__setattr__(self, "board", board)
            if len(board) != 2 or not all(type(c) is int for c in board):
                raise TypeError(f"board: expected (width, height), two whole numbers, got "
                                f"{shown(board)}")
            if not (1 <= board[0] <= MAX_COORD and 1 <= board[1] <= MAX_COORD):
                raise PositionError(("board",), f"board: width and height are at least 1 and "
                                    f"at most {MAX_COORD}, got {shown(list(board))}")
        object.__setattr__(self, "islands", as_points(self.islands, "islands"))
        line = self.start_line
        if line is not None and (type(line) is not tuple or len(line) != 2
                                 or type(line[0]) is not tuple or type(line[1]) is not tuple
                                 or len(line[0]) != 2 or len(line[1]) != 2):
            if not isinstance(line, (list, tuple)) or len(line) != 2:
                raise TypeError(f"start_line: expected two intersections ((x1, y), (x2, y)), "
                                f"got {shown(line)}")
            object.__setattr__(self, "start_line", (as_point(line[0], "start_line"),
                                                    as_point(line[1], "start_line")))
        else:
            for end in line or ():
                if type(end[0]) is not int or type(end[1]) is not int:
                    as_point(end, "start_line")
        if type(self.turn) is not int:
            raise TypeError(f"turn: expected a whole number, got {shown(self.turn)}")
        if not 0 <= self.turn <= MAX_NUMBER:
            raise PositionError(("turn",), f"turn: expected a whole number from 0 to "
                                f"{MAX_NUMBER:g}, got {shown(self.turn)}")
        order = self.turn_order
        if type(order) is not tuple:
            if not isinstance(order, list):
                raise TypeError(f"turn_order: expected a sequence of boat ids, got "
                                f"{shown(order)}")
            object.__setattr__(self, "turn_order", tuple(order))

    def on_page(self, p: Point) -> bool:
        """Whether ``p`` is on the page (always, without a board)."""
        return self._on_page(as_point(p, "p"))

    def _on_page(self, p: Point) -> bool:
        """:meth:`on_page` of an intersection the rules traced (the hot path)."""
        if self.board is None:
            return True
        return 0 <= p[0] <= self.board[0] and 0 <= p[1] <= self.board[1]

    def mark(self, mark_id: str) -> Mark:
        """The mark called ``mark_id``; :class:`~rightofway.positions.UnknownId` (a
        :class:`KeyError` and a :class:`ValueError`) naming it when absent."""
        for m in self.marks:
            if m.id == mark_id:
                return m
        as_id(mark_id, "mark_id")
        raise UnknownId(f"mark_id: no mark {shown(mark_id)} in this position")

    def mark_at(self, p: Point) -> Mark | None:
        """The mark standing on ``p``, if any."""
        return self._marks_at.get(as_point(p, "p"))

    def replace_boat(self, boat: Boat) -> Position:
        """A new position with the boat of ``boat``'s id replaced by ``boat``;
        :class:`~rightofway.positions.UnknownId` when the position has no boat of that id."""
        if type(boat) is not Boat:
            check_boat(boat)
        self.boat(boat.id, "boat.id")
        return replace(self, boats=tuple(boat if b.id == boat.id else b for b in self.boats))

    def mirrored(self) -> Position:
        """The page mirrored East-West (x to ``width - x``; S and P swap in every vector and
        every mark's side)."""
        width = self.board[0] if self.board else 0

        def m(p: Point) -> Point:
            return (width - p[0], p[1])

        line = None
        if self.start_line is not None:
            (x1, y), (x2, _) = self.start_line
            line = ((width - x2, y), (width - x1, y))
        return Position(
            tuple(Boat(b.id, m(b.at), b.vector.mirrored() if b.vector else None, b.lost_turns)
                  for b in self.boats),
            self.board, frozenset(m(p) for p in self.islands), line, self.turn, self.turn_order,
            tuple(k.mirrored(width) for k in self.marks),
        )

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; :meth:`from_json` reads it back to an equal position."""
        return {
            "board": list(self.board) if self.board is not None else None,
            "start_line": [list(p) for p in self.start_line] if self.start_line else None,
            "islands": [list(p) for p in sorted(self.islands)],
            "marks": [{"id": k.id, "at": list(k.at), "side": k.side} for k in self.marks],
            "boats": [{"id": b.id, "at": list(b.at),
                       "vector": str(b.vector) if b.vector is not None else None,
                       "lost_turns": b.lost_turns} for b in self.boats],
            "turn": self.turn,
            "turn_order": list(self.turn_order),
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """The position :meth:`to_json` wrote; :class:`PositionError` naming the field at
        fault for anything else."""
        from rightofway.scenarios import validate_json
        from rightofway.vg.jsonmodels import PositionModel

        try:
            model = validate_json(PositionModel, data, "position")
        except InputError as e:
            raise PositionError(e.loc, str(e)) from None
        boats = []
        for i, b in enumerate(model.boats):
            try:
                vector = as_vector(b.vector, "vector") if b.vector is not None else None
                boats.append(Boat(b.id, b.at, vector, b.lost_turns))
            except (TypeError, ValueError) as e:
                raise PositionError(("boats", i), f"boats[{i}].{e}") from None
        marks = tuple(Mark(m.id, m.at, m.side) for m in model.marks)
        return cls(tuple(boats), model.board, frozenset(model.islands), model.start_line,
                   model.turn, tuple(model.turn_order), marks)

    def svg(self) -> str:
        """The page as it stands, drawn (SVG): islands, the start line, marks, boats and
        their vectors."""
        from rightofway.registry import get_ruleset

        return str(get_ruleset("vector-game").board(self))

    def _repr_svg_(self) -> str:
        return self.svg()


def _round_half_to_zero(num: int, den: int) -> int:
    """``num / den`` (``den > 0``) rounded to the nearest whole number, a half towards zero."""
    whole, rest = divmod(abs(num), den)
    size = whole + 1 if 2 * rest > den else whole
    return size if num >= 0 else -size


@lru_cache(maxsize=4096)
def _offsets(dx: int, dy: int) -> tuple[Point, ...]:
    n = max(abs(dx), abs(dy))
    return tuple((_round_half_to_zero(k * dx, n), _round_half_to_zero(k * dy, n))
                 for k in range(1, n + 1))


@lru_cache(maxsize=1024)
def _claimed_offsets(vector: Vector | None) -> tuple[Point, ...]:
    """Offsets from a boat of everything on the paths of her next vectors, her own left out
    (a pure function of her vector, worked out once per vector)."""
    found = {off for v in _next_vectors(vector) for off in _offsets(*v.displacement)}
    found.discard((0, 0))
    return tuple(found)


check_position = instance_check(Position, "a Vector Game Position", "position")
check_boat = instance_check(Boat, "a Vector Game Boat", "boat")
check_move = instance_check(
    Move, "a Vector Game Move such as Move('A', Vector.parse('2U:2S'))", "move")


def path(start: Point, vector: Vector) -> tuple[Point, ...]:
    """The intersections a move passes through, its landing last (see the module docstring)."""
    if type(vector) is not Vector:
        raise TypeError(f"vector: expected a Vector, got {type(vector).__name__} "
                        f"{shown(vector)}")
    return _path(as_point(start, "start"), vector)


def _path(start: Point, vector: Vector) -> tuple[Point, ...]:
    """:func:`path` of a boat's place and a vector (the moves' hot path: nothing checked)."""
    x, y = start
    return tuple((x + i, y + j) for i, j in _offsets(*vector.displacement))


def landings(position: Position, boat_id: str) -> frozenset[Point]:
    """Where a boat could land next by the manoeuvring rules (none while it repairs)."""
    check_position(position)
    return _landings(position, position.boat(boat_id))


def _landings(position: Position, b: Boat) -> frozenset[Point]:
    key = ("landings", b.id)
    found: frozenset[Point] | None = position._memo.get(key)
    if found is None:
        x, y = b.at
        found = frozenset() if b.lost_turns else frozenset(
            (x + v.displacement[0], y + v.displacement[1]) for v in _next_vectors(b.vector))
        position._memo[key] = found
    return found


def claims(position: Position) -> dict[str, frozenset[Point]]:
    """Each boat's claims: the intersections on the paths of its next vectors, its own left out."""
    if not isinstance(position, Position):
        check_position(position)
    known: dict[str, frozenset[Point]] | None = position._memo.get("claims")
    if known is None:
        known = {}
        for b in position.boats:
            if b.lost_turns:
                known[b.id] = frozenset()
                continue
            x, y = b.at
            known[b.id] = frozenset([(x + i, y + j) for i, j in _claimed_offsets(b.vector)])
        position._memo["claims"] = known
    return dict(known)  # a copy: the position keeps its own


def engaged_pairs(position: Position) -> list[tuple[str, str]]:
    """Pairs whose claims meet, or one of which claims the other's intersection."""
    check_position(position)
    cl = claims(position)
    boats = position.boats
    return [(boats[i].id, boats[j].id) for i, j in
            engaged_index_pairs([b.at for b in boats], [cl[b.id] for b in boats])]


def _taken(position: Position) -> dict[Point, str]:
    """The intersections boats stand on, and whose."""
    found: dict[Point, str] | None = position._memo.get("taken")
    if found is None:
        found = {b.at: b.id for b in position.boats}
        position._memo["taken"] = found
    return found


def _last_free(position: Position, boat: Boat, before: tuple[Point, ...]) -> Point:
    """Where a boat wrecked on an island or the edge of the page stops: the last
    intersection of its path before the obstacle that no other boat takes (its own if
    none)."""
    taken = _taken(position)
    return next((q for q in reversed(before) if taken.get(q, boat.id) == boat.id), boat.at)


def _exits(position: Position, b: Boat) -> frozenset[Point]:
    """Where the boat's next vectors land when their whole route stays on the page."""
    key = ("exits", b.id)
    found: frozenset[Point] | None = position._memo.get(key)
    if found is None:
        ends = set()
        for v in _next_vectors(b.vector):
            route = _path(b.at, v)
            if all(position._on_page(p) for p in route):
                ends.add(route[-1])
        found = frozenset(ends)
        position._memo[key] = found
    return found
