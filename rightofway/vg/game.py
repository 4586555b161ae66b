"""The Sailing Vector Game: positions, moves, give-way checks and rulings.

Boats move by vectors on grid paper with the wind blowing down the page
(from the North). A move is checked against the manoeuvring rules (VG-M1..M4,
VG-T, VG-G), the start (VG-S1..S4), islands and the page (VG-I) and the
give-way rules (VG-GW1..GW5), the last checked at every intersection the move
passes through where the rule speaks of the whole manoeuvre. Every finding
cites its rule id.

How a path is traced: a move from ``p`` by ``(dx, dy)`` passes through
``p + (r(k*dx/n), r(k*dy/n))`` for ``k = 1..n`` with ``n = max(|dx|, |dy|)``,
where ``r`` rounds to the nearest whole number and a half towards zero (so the
path mirrors with the page).

Standing still: a boat repairing after running aground (VG-I) loses its turn,
and its one legal move is :meth:`~rightofway.vg.Move.stand` (``Move(boat, None)``, written
``A (stands still)``), which counts the repair down. A boat that is not
repairing may stand still only when no move is legal for it: it stops where it
is and starts again from rest, with 1S or 1P (VG-M2: every move covers a square,
so a boat that cannot make one has stopped).

Marks (VG-C1..C3, the project's reading of the course set-up): a position may
hold the buoys of a course, each with the side ``P`` or ``S`` a boat leaves it
on. A mark is an obstacle: no traced intersection of a move may be a mark
(VG-C3), so a path never passes through one. Rounding marks in order and the
finish are the race's business (:mod:`rightofway.vg.race`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rightofway import limits
from rightofway.explain import Step
from rightofway.geometry import Point, engaged_index_pairs
from rightofway.graphs import digraph
from rightofway.order import Decision, Rule, decide
from rightofway.positions import (
    BoatIndex,
    PositionError,
    UnknownId,
    as_id,
    as_point,
    check_turn_order,
)
from rightofway.races import IllegalMove
from rightofway.results import RightOfWay, Ruling
from rightofway.vg.vectors import (
    Side,
    Vector,
    VectorError,
    _manoeuvre_faults,
    as_vector,
    cite,
    manoeuvre_faults,
    next_vectors,
)

if TYPE_CHECKING:  # networkx loads when a graph is asked for
    import networkx as nx

__all__ = [
    "Boat",
    "Findings",
    "IllegalMove",
    "Mark",
    "Move",
    "Position",
    "PositionError",
    "adjudicate",
    "apply",
    "claims",
    "engaged_pairs",
    "engagement_graph",
    "findings",
    "is_legal",
    "landings",
    "legal_moves",
    "path",
    "right_of_way",
    "sail",
    "violations",
]

GW_CLOSE = 1
"""Half-width of the close zone around a starboard boat (VG-GW1)."""


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
            raise TypeError(f"lost_turns: expected a whole number 0..2, got {lost!r}")
        if not 0 <= lost <= 2:
            raise ValueError(f"lost_turns: a boat loses at most two turns (VG-I), got {lost}")

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
        as_id(self.id, "id")
        object.__setattr__(self, "at", as_point(self.at, "at"))
        if self.side != "S" and self.side != "P":
            if not isinstance(self.side, str):
                raise TypeError(f"side: expected 'S' or 'P', got {self.side!r}")
            raise ValueError(f"side: expected 'S' (starboard) or 'P' (port), got {self.side!r}")

    def mirrored(self, width: int) -> Mark:
        """The mark on the page mirrored East-West (x to ``width - x``): its side swaps."""
        return Mark(self.id, (width - self.at[0], self.at[1]), "P" if self.side == "S" else "S")


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
            f"{self.boat} (stands still)"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written as ``str`` writes it: ``"A 2U:2S"``, ``"A (stands still)"``.

        >>> Move.parse("A 2U:2S")
        Move(boat='A', vector=Vector(along=2, cross=2, side='S'))
        >>> str(Move.parse("B (stands still)"))
        'B (stands still)'
        """
        boat, _, rest = text.strip().partition(" ")
        rest = rest.strip()
        if not boat or not rest:
            raise ValueError(f"expected a move such as 'A 2U:2S' or 'A (stands still)', "
                             f"got {text!r}")
        if rest == "(stands still)":
            return cls(boat, None)
        try:
            return cls(boat, Vector.parse(rest))
        except VectorError as e:
            raise ValueError(f"vector: {e}") from None


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
        by_id: dict[str, Boat] = {}
        seen: dict[Point, str] = {}
        for i, b in enumerate(self.boats):
            if b.id in by_id:
                raise PositionError(("boats", i, "id"), f"boat id {b.id!r} is used twice")
            if b.at in seen:
                raise PositionError(("boats", i, "at"), f"boat {b.id} stands on {list(b.at)}, "
                                    f"already taken by boat {seen[b.at]}")
            if b.at in self.islands:
                raise PositionError(("boats", i, "at"),
                                    f"boat {b.id} stands on an island at {list(b.at)}")
            if self.board is not None and not self.on_page(b.at):
                raise PositionError(("boats", i, "at"),
                                    f"boat {b.id} at {list(b.at)} is off the page "
                                    f"(0..{self.board[0]}, 0..{self.board[1]})")
            by_id[b.id] = b
            seen[b.at] = b.id
        if self.start_line is not None:
            (x1, y1), (x2, y2) = self.start_line
            if y1 != y2 or x2 < x1:
                raise PositionError(("start_line",), "the start line runs West to East on one row")
        marks_at: dict[Point, Mark] = {}
        mark_ids: set[str] = set()
        for i, m in enumerate(self.marks):
            if m.id in mark_ids:
                raise PositionError(("marks", i, "id"), f"mark id {m.id!r} is used twice")
            if m.at in marks_at:
                raise PositionError(("marks", i, "at"), f"mark {m.id} stands on {list(m.at)}, "
                                    f"already taken by mark {marks_at[m.at].id}")
            if m.at in self.islands:
                raise PositionError(("marks", i, "at"),
                                    f"mark {m.id} stands on an island at {list(m.at)}")
            if m.at in seen:
                raise PositionError(("marks", i, "at"), f"mark {m.id} at {list(m.at)} stands "
                                    f"on boat {seen[m.at]}; no boat may stand on a mark (VG-C3)")
            if self.board is not None and not self.on_page(m.at):
                raise PositionError(("marks", i, "at"), f"mark {m.id} at {list(m.at)} is off "
                                    f"the page (0..{self.board[0]}, 0..{self.board[1]})")
            mark_ids.add(m.id)
            marks_at[m.at] = m
        check_turn_order(self.turn_order or tuple(by_id), tuple(by_id))
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_marks_at", marks_at)
        object.__setattr__(self, "_memo", {})

    def _convert(self) -> None:
        """Check the arguments' types; lists and sets become the kernel's values."""
        for name, kind in (("boats", Boat), ("marks", Mark)):
            items = getattr(self, name)
            if type(items) is not tuple:
                if not isinstance(items, list):
                    raise TypeError(f"{name}: expected a sequence of {kind.__name__} values, "
                                    f"got {items!r}")
                items = tuple(items)
                object.__setattr__(self, name, items)
            for i, item in enumerate(items):
                if type(item) is not kind:
                    raise TypeError(f"{name}[{i}]: expected a {kind.__name__}, got {item!r}")
        board = self.board
        if board is not None:
            if type(board) is not tuple:
                if not isinstance(board, list):
                    raise TypeError(f"board: expected (width, height) or None, got {board!r}")
                board = tuple(board)
                object.__setattr__(self, "board", board)
            if len(board) != 2 or not all(type(c) is int for c in board):
                raise TypeError(f"board: expected (width, height), two whole numbers, got "
                                f"{board!r}")
            if board[0] < 1 or board[1] < 1:
                raise PositionError(("board",), f"board: width and height are at least 1, got "
                                    f"{list(board)}")
        if type(self.islands) is not frozenset:
            pts = self.islands
            if isinstance(pts, (str, bytes)) or not hasattr(pts, "__iter__"):
                raise TypeError(f"islands: expected a set of intersections, got {pts!r}")
            object.__setattr__(self, "islands", frozenset(as_point(p, "islands") for p in pts))
        line = self.start_line
        if line is not None and (type(line) is not tuple or len(line) != 2
                                 or type(line[0]) is not tuple or type(line[1]) is not tuple):
            if not isinstance(line, (list, tuple)) or len(line) != 2:
                raise TypeError(f"start_line: expected two intersections ((x1, y), (x2, y)), "
                                f"got {line!r}")
            object.__setattr__(self, "start_line", (as_point(line[0], "start_line"),
                                                    as_point(line[1], "start_line")))
        if type(self.turn) is not int:
            raise TypeError(f"turn: expected a whole number, got {self.turn!r}")
        if self.turn < 0:
            raise PositionError(("turn",), f"turn: expected 0 or more, got {self.turn}")
        order = self.turn_order
        if type(order) is not tuple:
            if not isinstance(order, list):
                raise TypeError(f"turn_order: expected a sequence of boat ids, got {order!r}")
            object.__setattr__(self, "turn_order", tuple(order))
        for i, bid in enumerate(self.turn_order):
            if type(bid) is not str:
                raise TypeError(f"turn_order[{i}]: expected a boat id, got {bid!r}")

    def on_page(self, p: Point) -> bool:
        """Whether ``p`` is on the page (always, without a board)."""
        if self.board is None:
            return True
        return 0 <= p[0] <= self.board[0] and 0 <= p[1] <= self.board[1]

    def mark(self, mark_id: str) -> Mark:
        """The mark called ``mark_id``; :class:`KeyError` naming it when absent."""
        for m in self.marks:
            if m.id == mark_id:
                return m
        raise UnknownId(f"mark_id: no mark {mark_id!r} in this position")

    def mark_at(self, p: Point) -> Mark | None:
        """The mark standing on ``p``, if any."""
        return self._marks_at.get(p)

    def replace_boat(self, boat: Boat) -> Position:
        """A new position with that boat replaced."""
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
        from pydantic import ValidationError

        from rightofway.vg.jsonmodels import PositionModel, validation_error

        limits.check_data(data)
        try:
            model = PositionModel.model_validate(data)
        except ValidationError as e:
            where, message = validation_error(e)
            raise PositionError(where, f"{'.'.join(map(str, where)) or 'position'}: "
                                       f"{message}") from None
        boats = []
        for i, b in enumerate(model.boats):
            try:
                vector = as_vector(b.vector, "vector") if b.vector is not None else None
                boats.append(Boat(b.id, b.at, vector, b.lost_turns))
            except (TypeError, ValueError) as e:
                raise PositionError(("boats", i), f"boats.{i}.{e}") from None
        marks = tuple(Mark(m.id, m.at, m.side) for m in model.marks)
        return cls(tuple(boats), model.board, frozenset(model.islands), model.start_line,
                   model.turn, tuple(model.turn_order), marks)

    def _repr_svg_(self) -> str:
        from rightofway.registry import get_ruleset

        return get_ruleset("vector-game").board(self)


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
    found = {off for v in next_vectors(vector) for off in _offsets(*v.displacement)}
    found.discard((0, 0))
    return tuple(found)


def check_position(value: object, name: str = "position") -> None:
    """:class:`TypeError` naming the argument unless ``value`` is a :class:`Position`."""
    if not isinstance(value, Position):
        raise TypeError(f"{name}: expected a Vector Game Position, got "
                        f"{type(value).__name__} {value!r:.60}")


def check_move(value: object, name: str = "move") -> None:
    """:class:`TypeError` naming the argument unless ``value`` is a :class:`Move`."""
    if not isinstance(value, Move):
        raise TypeError(f"{name}: expected a Vector Game Move such as Move('A', "
                        f"Vector.parse('2U:2S')), got {type(value).__name__} {value!r:.60}")


def path(start: Point, vector: Vector) -> tuple[Point, ...]:
    """The intersections a move passes through, its landing last (see the module docstring)."""
    if type(vector) is not Vector:
        raise TypeError(f"vector: expected a Vector, got {type(vector).__name__} {vector!r:.60}")
    if type(start) is not tuple:
        start = as_point(start, "start")
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
            (x + v.displacement[0], y + v.displacement[1]) for v in next_vectors(b.vector))
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


# --- right of way: the give-way rules as an order of cited rules ----------------------------

Pair = tuple[Boat, Boat]
"""What each rule of the order looks at: the two boats (both with a side)."""


def _decide_side(p: Pair) -> Decision | None:
    ba, bb = p
    if ba.side == bb.side:
        return None
    holder, giver = (ba, bb) if ba.side == "S" else (bb, ba)
    return holder.id, giver.id, "starboard"


def _explain_side(p: Pair, found: Decision | None) -> list[Step]:
    if found is None:
        return []
    holder, giver = p if found[0] == p[0].id else (p[1], p[0])
    return [Step("fact", f"{holder.id} sails on starboard ({holder.vector}), "
                 f"{giver.id} on port ({giver.vector})", cite("GW3")),
            Step("rule", "a port boat keeps clear of a starboard boat", cite("GW3"))]


def _decide_leeward(p: Pair) -> Decision | None:
    ba, bb = p
    if ba.at[1] == bb.at[1]:
        return None
    holder, giver = (ba, bb) if ba.at[1] < bb.at[1] else (bb, ba)
    return holder.id, giver.id, "leeward"


def _explain_leeward(p: Pair, found: Decision | None) -> list[Step]:
    if found is None:
        return []
    holder, giver = p if found[0] == p[0].id else (p[1], p[0])
    return [Step("fact", f"both sail on {'starboard' if holder.side == 'S' else 'port'}; "
                 f"{holder.id} at {list(holder.at)} is further downwind than "
                 f"{giver.id} at {list(giver.at)}", cite("GW2")),
            Step("rule", "on one side the windward boat keeps clear of the leeward boat",
                 cite("GW2"))]


RIGHT_OF_WAY: tuple[Rule[Pair, Decision], ...] = (
    Rule("starboard over port", cite("GW3"),
         "A boat on port keeps clear of a boat on starboard.", _decide_side, _explain_side),
    Rule("leeward over windward", cite("GW2"),
         "On one side the windward boat keeps clear of the leeward boat.",
         _decide_leeward, _explain_leeward),
)
"""The Vector Game's give-way order (VG-GW3, VG-GW2), applied by
:func:`rightofway.order.decide`; boats on one side and one row are left undecided."""


def right_of_way(position: Position, a: str, b: str) -> RightOfWay | None:
    """Who holds right of way (starboard over port; on one side, leeward), or ``None``.

    ``None`` when a boat has no side yet (or is repairing) or both sail on one
    side on one row: then no give-way rule favours either.
    """
    check_position(position)
    ba, bb = position.boat(a), position.boat(b)
    if ba.side is None or bb.side is None:
        return None
    steps: list[Step] = []
    found = decide(RIGHT_OF_WAY, (ba, bb), steps)
    if found is None:
        return None
    holder, giver, basis = found
    steps.append(Step("conclusion", f"{holder} has right of way over {giver} ({basis})",
                      cite("GW3" if basis == "starboard" else "GW2")))
    return RightOfWay(holder, giver, basis, tuple(steps))


def engagement_graph(position: Position) -> nx.DiGraph:
    """Nodes per boat; an edge give-way -> right-of-way per engaged pair a rule decides.

    ``graph.graph["engaged"]`` lists every engaged pair, decided or not.
    """
    check_position(position)
    cl = claims(position)
    nodes = [(b.id, {"at": b.at, "vector": str(b.vector) if b.vector else None, "side": b.side,
                     "lost_turns": b.lost_turns, "claims": sorted(cl[b.id])})
             for b in position.boats]
    pairs = engaged_pairs(position)
    edges = []
    for first, second in pairs:
        row = right_of_way(position, first, second)
        if row is not None:
            edges.append((row.giver, row.holder, {"basis": row.basis, "steps": row.steps,
                                                  "contested": sorted(cl[first] & cl[second])}))
    g = digraph(nodes, edges, ruleset="vector-game")
    g.graph["engaged"] = pairs
    return g


# --- a move's findings ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Findings:
    """What a move breaks, where the boat ends, and the steps that say why.

    ``traced`` is the path actually sailed (cut before an island or the edge),
    ``end`` where the boat stops, ``wrecked`` whether it ran aground (VG-I),
    ``stand`` whether the move is standing still and ``sitting_out`` whether a
    repairing boat tried to sail.
    """

    violations: tuple[str, ...]
    steps: tuple[Step, ...]
    end: Point
    traced: tuple[Point, ...]
    wrecked: bool
    sitting_out: bool = False
    stand: bool = False

    @property
    def legal(self) -> bool:
        """A move is legal when it breaks nothing but VG-I (which costs two turns)."""
        return not self.sitting_out and all(v == "VG-I" for v in self.violations)

    @property
    def reason(self) -> str:
        """Why the move is not legal, the first rule broken first (empty when legal)."""
        if self.legal:
            return ""
        first = next((st.text for st in self.steps if st.kind == "rule"
                      and str(st.cite) == self.violations[0]), "")
        return f"breaks {', '.join(self.violations)}" + (f": {first}" if first else "")

    @property
    def route(self) -> tuple[Point, ...]:
        """The intersections sailed through up to where the boat stops, its start left out."""
        if self.end in self.traced:
            return self.traced[:self.traced.index(self.end) + 1]
        return ()


_RULE_TEXT = {
    "M1": "a vector changes by at most 1 in one part, or in both when they are equal",
    "M2": "every move covers at least one square",
    "M3": "upwind the U part may not exceed the cross part",
    "M4": "downwind the D part may not exceed the cross part by more than 3",
    "T": "the side changes only by tacking, to 1U:1 on the other side",
    "G": "the side changes only by gybing, one slower in each part (never below 1, 0 stays 0)",
    "S3": "a first move is 1S or 1P",
}


def _inspect(position: Position, move: Move) -> Findings:
    check_position(position)
    check_move(move)
    boat = position.boat(move.boat)
    v = move.vector
    found: list[str] = []
    steps: list[Step] = []

    def breaks(rule: str, text: str) -> None:
        found.append(f"VG-{rule}")
        steps.append(Step("rule", text, cite(rule)))

    if v is None:
        return _inspect_stand(position, boat, breaks, found, steps)
    if boat.lost_turns:
        breaks("I", f"{boat.id} is repairing and sits out {boat.lost_turns} more turn"
                    f"{'s' if boat.lost_turns > 1 else ''}: it may only stand still")
        return Findings(tuple(found), tuple(steps), boat.at, (), False, sitting_out=True)
    before = f"{boat.vector}" if boat.vector else "no vector yet"
    steps.append(Step("fact", f"{boat.id} at {list(boat.at)} ({before}) sails {v}", cite("M1")))
    for rule in manoeuvre_faults(boat.vector, v):
        breaks(rule, f"{v} after {before}: {_RULE_TEXT[rule]}")
    # the start
    turn = position.turn + 1
    if position.start_line is not None:
        (x1, ly), (x2, _) = position.start_line
        # VG-S1 speaks of where boats begin: the first move (a boat restarting from rest
        # after repairs or a stop may be anywhere).
        if boat.vector is None and position.turn == 0 and boat.at[1] != ly - 1:
            breaks("S1", f"{boat.id} must begin one square downwind of the line (row {ly - 1}), "
                         f"not on row {boat.at[1]}")
    traced = path(boat.at, v)
    # islands, the page and marks (a vector of no squares has an empty path: VG-M2)
    end = traced[-1] if traced else boat.at
    wrecked = False
    marks = position._marks_at
    for i, p in enumerate(traced):
        if p in position.islands or not position.on_page(p):
            what = "an island" if p in position.islands else "the edge of the page"
            end = _last_free(position, boat, traced[:i])
            traced = traced[:i]
            wrecked = True
            breaks("I", f"{boat.id}'s path meets {what} at {list(p)}: it stops at {list(end)} "
                        "and loses two turns for repairs")
            break
        if marks and p in marks:
            breaks("C3", f"{boat.id}'s path meets mark {marks[p].id} at {list(p)}: no boat may "
                         "sail through or stop on a mark")
            break
    if position.start_line is not None and turn <= 4:
        (x1, ly), (x2, _) = position.start_line
        early = [p for p in traced if p[1] >= ly and x1 <= p[0] <= x2]
        if early:
            breaks("S2", f"in its turn {turn} {boat.id} reaches the start line or beyond at "
                         f"{list(early[0])}; that is allowed only after its fourth turn")
    _give_way(position, boat, v, traced, end, wrecked, breaks, steps)
    return Findings(tuple(dict.fromkeys(found)), tuple(steps), end, traced, wrecked)


def _inspect_stand(position: Position, boat: Boat, breaks: Callable[[str, str], None],
                   found: list[str], steps: list[Step]) -> Findings:
    """Standing still: a repair turn (VG-I), or a stop when no move is legal (VG-M2)."""
    if boat.lost_turns:
        left = boat.lost_turns - 1
        steps.append(Step("fact", f"{boat.id} is repairing and stands still at {list(boat.at)}"
                          + (f"; it loses {left} more turn" if left else
                             "; its repairs are done and it starts again from rest"),
                          cite("I")))
        return Findings((), tuple(steps), boat.at, (), False, stand=True)
    able = [w for w in sorted(next_vectors(boat.vector))
            if _inspect(position, Move(boat.id, w)).legal]
    if able:
        breaks("M2", f"{boat.id} may not stand still: {_RULE_TEXT['M2']}, and it has legal "
                     f"moves ({', '.join(str(w) for w in able)})")
        return Findings(tuple(found), tuple(steps), boat.at, (), False, stand=True)
    steps.append(Step("fact", f"{boat.id} at {list(boat.at)} has no legal move: it stops there "
                      "and starts again from rest with 1S or 1P", cite("M2")))
    return Findings((), tuple(steps), boat.at, (), False, stand=True)


def _give_way(position: Position, boat: Boat, v: Vector, traced: tuple[Point, ...], end: Point,
              wrecked: bool, report: Callable[[str, str], None], steps: list[Step]) -> None:
    side = v.side
    # Boats the move might leave with no way off... only those that could land on ``end``:
    # freeing the mover's old place never takes a way out away (VG-GW4).
    pinnable: list[str] = []
    for other in position.boats:
        if other.id == boat.id:
            continue
        if other.side == "S" and side == "P" and other.vector is not None:
            ox, oy = other.vector.displacement
            for p in traced:
                i, j = p[0] - other.at[0], p[1] - other.at[1]
                if max(abs(i), abs(j)) <= GW_CLOSE and i * ox + j * oy >= 0:
                    report("GW1", f"on port, {boat.id} passes {list(p)}, close abeam or ahead of "
                                  f"{other.id} on starboard at {list(other.at)}")
                    break
        if wrecked:
            continue
        if end == other.at:
            report("GW5", f"{boat.id} would land on {other.id} at {list(end)}")
        their = _landings(position, other)
        if end in their:
            pinnable.append(other.id)
        if other.side == side and other.side is not None and end[1] > other.at[1] \
                and end in their:
            report("GW2", f"{boat.id}, to windward of {other.id} on the same side, lands on "
                          f"{list(end)}, where {other.id} could land next")
        if side == "P" and other.side == "S" and end in their:
            report("GW3", f"on port, {boat.id} lands on {list(end)}, where {other.id} on "
                          "starboard could land next")
    landed_on_boat = _taken(position).get(end, boat.id) != boat.id
    if position.board is not None and not wrecked and not landed_on_boat and pinnable \
            and end not in position._marks_at:
        for other_id in pinnable:
            if _pins(position, boat, end, position.boat(other_id)):
                report("GW4", f"after {boat.id}'s move {other_id} has no move left that stays "
                              "on the page")
    if not [s for s in steps if s.kind == "rule" and str(s.cite).startswith("VG-GW")]:
        steps.append(Step("fact", f"{boat.id} keeps clear of every boat it must give way to",
                          cite("GW1")))


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
        for v in next_vectors(b.vector):
            route = path(b.at, v)
            if all(position.on_page(p) for p in route):
                ends.add(route[-1])
        found = frozenset(ends)
        position._memo[key] = found
    return found


def _pins(position: Position, boat: Boat, end: Point, other: Boat) -> bool:
    """Whether ``boat`` landing on ``end`` leaves ``other``, which had a way out, with none
    (VG-GW4). Only the mover changes: she leaves her intersection and takes ``end``, so
    the other's ways out are checked against that, not rebuilt."""
    if other.lost_turns or not _has_way_out(position, other.id):
        return False
    taken = _taken(position)
    return all(e == end or (e in taken and e != boat.at and e != other.at)
               for e in _exits(position, other))


def _has_way_out(position: Position, boat_id: str) -> bool:
    b = position.boat(boat_id)
    if b.lost_turns:
        return True
    taken = _taken(position)
    return any(taken.get(e, boat_id) == boat_id for e in _exits(position, b))


def findings(position: Position, move: Move) -> Findings:
    """Everything the rules say about ``move``: what it breaks, where the boat stops, why."""
    return _inspect(position, move)


def violations(position: Position, move: Move) -> tuple[str, ...]:
    """The rule ids ``move`` breaks (``VG-I`` included: it costs turns but is legal)."""
    return _inspect(position, move).violations


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` breaks no rule but possibly VG-I."""
    return _inspect(position, move).legal


def legal_moves(position: Position, boat_id: str) -> list[Move]:
    """Every legal move of the boat.

    A repairing boat has exactly one, standing still (:meth:`~rightofway.vg.Move.stand`); any
    other boat the vectors the manoeuvring rules allow that break no rule, or,
    when there is none, standing still.
    """
    check_position(position)
    b = position.boat(boat_id)
    if b.lost_turns:
        return [Move(boat_id, None)]
    moves = [Move(boat_id, v) for v in sorted(next_vectors(b.vector)) if _legal(position, b, v)]
    return moves or [Move(boat_id, None)]


def _legal(position: Position, boat: Boat, v: Vector) -> bool:
    """Whether ``boat`` may sail ``v``: what ``_inspect(...).legal`` says, without writing
    the explanation (engines ask it of every candidate; a property test holds the two
    together)."""
    if boat.lost_turns or _manoeuvre_faults(boat.vector, v):
        return False
    line = position.start_line
    if line is not None and boat.vector is None and position.turn == 0 \
            and boat.at[1] != line[0][1] - 1:
        return False  # VG-S1
    traced = path(boat.at, v)
    end = traced[-1] if traced else boat.at
    wrecked = False
    marks = position._marks_at
    islands = position.islands
    for i, p in enumerate(traced):
        if p in islands or not position.on_page(p):
            end = _last_free(position, boat, traced[:i])
            traced = traced[:i]
            wrecked = True
            break
        if marks and p in marks:
            return False  # VG-C3
    if line is not None and position.turn + 1 <= 4:
        (x1, ly), (x2, _) = line
        if any(p[1] >= ly and x1 <= p[0] <= x2 for p in traced):
            return False  # VG-S2
    side = v.side
    pinnable: list[Boat] = []
    for other in position.boats:
        if other.id == boat.id:
            continue
        oside = other.side
        if oside == "S" and side == "P" and other.vector is not None:
            ox, oy = other.vector.displacement
            ax, ay = other.at
            for px, py in traced:
                i, j = px - ax, py - ay
                if max(abs(i), abs(j)) <= GW_CLOSE and i * ox + j * oy >= 0:
                    return False  # VG-GW1
        if wrecked:
            continue
        if end == other.at:
            return False  # VG-GW5
        if end in _landings(position, other):
            if (oside == side and oside is not None and end[1] > other.at[1]) or \
                    (side == "P" and oside == "S"):
                return False  # VG-GW2, VG-GW3
            pinnable.append(other)
    if position.board is None or wrecked or not pinnable or end in marks:
        return True
    if _taken(position).get(end, boat.id) != boat.id:
        return True  # landing on a boat was VG-GW5 above
    return not any(_pins(position, boat, end, other) for other in pinnable)  # VG-GW4


def sail(position: Position, move: Move) -> tuple[Position, Findings]:
    """The position after ``move`` and the findings on it.

    Raises :class:`rightofway.errors.IllegalMove` (a :class:`ValueError`) with
    the reason and the citation of the first rule broken when it is not legal.
    """
    f = _inspect(position, move)
    if not f.legal:
        raise IllegalMove(move, f.reason, cite(f.violations[0].removeprefix("VG-")))
    return _after(position, move, f), f


def apply(position: Position, move: Move) -> Position:
    """The position after ``move``; :class:`rightofway.errors.IllegalMove` (a
    :class:`ValueError`) naming the first rule broken when it is not legal.

    Only the mover changes: the turn and the turn order are the race's business
    (:class:`rightofway.vg.race.Race`).
    """
    return sail(position, move)[0]


def _after(position: Position, move: Move, f: Findings) -> Position:
    b = position.boat(move.boat)
    if b.lost_turns:
        moved = Boat(b.id, b.at, None, b.lost_turns - 1)
    elif f.stand:
        moved = Boat(b.id, b.at, None, 0)
    elif f.wrecked:
        moved = Boat(b.id, f.end, None, 2)
    else:
        moved = Boat(b.id, f.end, move.vector, 0)
    return position.replace_boat(moved)


def adjudicate(position: Position, move: Move, protest: object = None) -> Ruling[Position, Move]:
    """Rule on a move: legality, the rules it breaks (each explained) and where the boat ends.

    The Vector Game has no penalty turns: a move that breaks a rule is not
    allowed, so ``penalty`` and ``verdict`` stay empty.
    """
    f = _inspect(position, move)
    after = _after(position, move, f) if f.legal else None
    if f.legal:
        reason = "legal" + (" (VG-I: two turns lost)" if f.violations else "")
        if f.stand:
            reason += " (repairs)" if position.boat(move.boat).lost_turns else \
                " (no other move: it stops)"
    else:
        reason = f"breaks {', '.join(f.violations)}"
    rule = f.violations[0].removeprefix("VG-") if f.violations else \
        ("I" if f.stand and position.boat(move.boat).lost_turns else
         "M2" if f.stand else "M1")
    conclusion = Step("conclusion", f"{move} is {'legal' if f.legal else 'not legal'}"
                      f"{'' if f.legal else ': ' + ', '.join(f.violations)}", cite(rule))
    return Ruling(move, f.legal, reason, (), False, None, None, (*f.steps, conclusion), after,
                  position, "vector-game")
