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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

import networkx as nx

from rightofway.explain import Step
from rightofway.geometry import Point
from rightofway.positions import BoatIndex, PositionError, check_turn_order
from rightofway.results import Basis, RightOfWay, Ruling
from rightofway.vg.vectors import Vector, cite, manoeuvre_faults, next_vectors

__all__ = [
    "Boat",
    "Move",
    "Position",
    "PositionError",
    "adjudicate",
    "apply",
    "claims",
    "engaged_pairs",
    "engagement_graph",
    "is_legal",
    "landings",
    "legal_moves",
    "path",
    "right_of_way",
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

    @property
    def side(self) -> str | None:
        """``S`` or ``P``; ``None`` for a boat not yet moving or under repair."""
        if self.vector is None or self.lost_turns:
            return None
        return self.vector.side


@dataclass(frozen=True, slots=True)
class Move:
    """Boat ``boat`` sails ``vector``."""

    boat: str
    vector: Vector

    def __str__(self) -> str:
        return f"{self.boat} {self.vector}"


@dataclass(frozen=True, slots=True)
class Position(BoatIndex[Boat]):
    """A Vector Game position; the wind is always from the North.

    ``board`` is ``(width, height)`` (intersections 0..width, 0..height) or
    ``None`` for an unbounded page; ``start_line`` is ``((x1, y), (x2, y))``;
    ``turn`` counts the turns each boat has completed.
    """

    boats: tuple[Boat, ...]
    board: tuple[int, int] | None = None
    islands: frozenset[Point] = frozenset()
    start_line: tuple[Point, Point] | None = None
    turn: int = 0
    turn_order: tuple[str, ...] = ()
    _by_id: dict[str, Boat] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
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
        check_turn_order(self.turn_order or tuple(by_id), tuple(by_id))
        object.__setattr__(self, "_by_id", by_id)

    def on_page(self, p: Point) -> bool:
        """Whether ``p`` is on the page (always, without a board)."""
        if self.board is None:
            return True
        return 0 <= p[0] <= self.board[0] and 0 <= p[1] <= self.board[1]

    def replace_boat(self, boat: Boat) -> Position:
        """A new position with that boat replaced."""
        return replace(self, boats=tuple(boat if b.id == boat.id else b for b in self.boats))

    def mirrored(self) -> Position:
        """The page mirrored East-West about x = 0 (S and P swap in every vector)."""
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
        )


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


def path(start: Point, vector: Vector) -> tuple[Point, ...]:
    """The intersections a move passes through, its landing last (see the module docstring)."""
    x, y = start
    return tuple((x + i, y + j) for i, j in _offsets(*vector.displacement))


def landings(position: Position, boat_id: str) -> frozenset[Point]:
    """Where a boat could land next by the manoeuvring rules (none while it repairs)."""
    b = position.boat(boat_id)
    if b.lost_turns:
        return frozenset()
    x, y = b.at
    return frozenset((x + v.displacement[0], y + v.displacement[1])
                     for v in next_vectors(b.vector))


def claims(position: Position) -> dict[str, frozenset[Point]]:
    """Each boat's claims: the intersections on the paths of its next vectors, its own left out."""
    out = {}
    for b in position.boats:
        pts: set[Point] = set()
        if not b.lost_turns:
            for v in next_vectors(b.vector):
                pts.update(path(b.at, v))
        pts.discard(b.at)
        out[b.id] = frozenset(pts)
    return out


def engaged_pairs(position: Position) -> list[tuple[str, str]]:
    """Pairs whose claims meet, or one of which claims the other's intersection."""
    cl = claims(position)
    boats = position.boats
    return [(a.id, b.id) for i, a in enumerate(boats) for b in boats[i + 1:]
            if a.at in cl[b.id] or b.at in cl[a.id] or not cl[a.id].isdisjoint(cl[b.id])]


def right_of_way(position: Position, a: str, b: str) -> RightOfWay | None:
    """Who holds right of way (starboard over port; on one side, leeward), or ``None``.

    ``None`` when a boat has no side yet (or is repairing) or both sail on one
    side on one row: then no give-way rule favours either.
    """
    ba, bb = position.boat(a), position.boat(b)
    sa, sb = ba.side, bb.side
    steps: list[Step] = []
    if sa is None or sb is None:
        return None
    basis: Basis
    if sa != sb:
        holder, giver = (ba, bb) if sa == "S" else (bb, ba)
        steps.append(Step("fact", f"{holder.id} sails on starboard ({holder.vector}), "
                          f"{giver.id} on port ({giver.vector})", cite("GW3")))
        steps.append(Step("rule", "a port boat keeps clear of a starboard boat", cite("GW3")))
        basis = "starboard"
    elif ba.at[1] != bb.at[1]:
        holder, giver = (ba, bb) if ba.at[1] < bb.at[1] else (bb, ba)
        steps.append(Step("fact", f"both sail on {'starboard' if sa == 'S' else 'port'}; "
                          f"{holder.id} at {list(holder.at)} is further downwind than "
                          f"{giver.id} at {list(giver.at)}", cite("GW2")))
        steps.append(Step("rule", "on one side the windward boat keeps clear of the leeward "
                          "boat", cite("GW2")))
        basis = "leeward"
    else:
        return None
    steps.append(Step("conclusion", f"{holder.id} has right of way over {giver.id} ({basis})",
                      cite("GW3" if basis == "starboard" else "GW2")))
    return RightOfWay(holder.id, giver.id, basis, tuple(steps))


def engagement_graph(position: Position) -> nx.DiGraph:
    """Nodes per boat; an edge give-way -> right-of-way per engaged pair a rule decides.

    ``graph.graph["engaged"]`` lists every engaged pair, decided or not.
    """
    cl = claims(position)
    g = nx.DiGraph(ruleset="vector-game")
    for b in position.boats:
        g.add_node(b.id, at=b.at, vector=str(b.vector) if b.vector else None, side=b.side,
                   lost_turns=b.lost_turns, claims=sorted(cl[b.id]))
    pairs = engaged_pairs(position)
    for first, second in pairs:
        row = right_of_way(position, first, second)
        if row is not None:
            g.add_edge(row.giver, row.holder, basis=row.basis, steps=row.steps,
                       contested=sorted(cl[first] & cl[second]))
    g.graph["engaged"] = pairs
    return g


# --- a move's findings ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Findings:
    """What a move breaks, where the boat ends, and the steps that say why."""

    violations: tuple[str, ...]
    steps: tuple[Step, ...]
    end: Point
    traced: tuple[Point, ...]
    wrecked: bool
    sitting_out: bool = False

    @property
    def legal(self) -> bool:
        """A move is legal when it breaks nothing but VG-I (which costs two turns)."""
        return not self.sitting_out and all(v == "VG-I" for v in self.violations)


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
    boat = position.boat(move.boat)
    v = move.vector
    found: list[str] = []
    steps: list[Step] = []

    def breaks(rule: str, text: str) -> None:
        found.append(f"VG-{rule}")
        steps.append(Step("rule", text, cite(rule)))

    if boat.lost_turns:
        breaks("I", f"{boat.id} is repairing and sits out {boat.lost_turns} more turn"
                    f"{'s' if boat.lost_turns > 1 else ''}")
        return Findings(tuple(found), tuple(steps), boat.at, (), False, sitting_out=True)
    before = f"{boat.vector}" if boat.vector else "no vector yet"
    steps.append(Step("fact", f"{boat.id} at {list(boat.at)} ({before}) sails {v}", cite("M1")))
    for rule in manoeuvre_faults(boat.vector, v):
        breaks(rule, f"{v} after {before}: {_RULE_TEXT[rule]}")
    # the start
    turn = position.turn + 1
    if position.start_line is not None:
        (x1, ly), (x2, _) = position.start_line
        if boat.vector is None and boat.at[1] != ly - 1:
            breaks("S1", f"{boat.id} must begin one square downwind of the line (row {ly - 1}), "
                         f"not on row {boat.at[1]}")
    traced = path(boat.at, v)
    # islands and the page (a vector of no squares has an empty path: VG-M2)
    end = traced[-1] if traced else boat.at
    wrecked = False
    for i, p in enumerate(traced):
        if p in position.islands or not position.on_page(p):
            what = "an island" if p in position.islands else "the edge of the page"
            taken = {o.at for o in position.boats if o.id != boat.id}
            # it stops on the last free intersection of its path before the obstacle
            end = next((q for q in reversed(traced[:i]) if q not in taken), boat.at)
            traced = traced[:i]
            wrecked = True
            breaks("I", f"{boat.id}'s path meets {what} at {list(p)}: it stops at {list(end)} "
                        "and loses two turns for repairs")
            break
    if position.start_line is not None and turn <= 4:
        (x1, ly), (x2, _) = position.start_line
        early = [p for p in traced if p[1] >= ly and x1 <= p[0] <= x2]
        if early:
            breaks("S2", f"in its turn {turn} {boat.id} reaches the start line or beyond at "
                         f"{list(early[0])}; that is allowed only after its fourth turn")
    _give_way(position, boat, v, traced, end, wrecked, breaks, steps)
    return Findings(tuple(dict.fromkeys(found)), tuple(steps), end, traced, wrecked)


def _give_way(position: Position, boat: Boat, v: Vector, traced: tuple[Point, ...], end: Point,
              wrecked: bool, report: Callable[[str, str], None], steps: list[Step]) -> None:
    side = v.side
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
        their = landings(position, other.id)
        if other.side == side and other.side is not None and end[1] > other.at[1] \
                and end in their:
            report("GW2", f"{boat.id}, to windward of {other.id} on the same side, lands on "
                          f"{list(end)}, where {other.id} could land next")
        if side == "P" and other.side == "S" and end in their:
            report("GW3", f"on port, {boat.id} lands on {list(end)}, where {other.id} on "
                          "starboard could land next")
    landed_on_boat = any(o.at == end for o in position.boats if o.id != boat.id)
    if position.board is not None and not wrecked and not landed_on_boat:
        after = position.replace_boat(Boat(boat.id, end, v))
        for other in position.boats:
            if other.id != boat.id and _has_way_out(position, other.id) and \
                    not _has_way_out(after, other.id):
                report("GW4", f"after {boat.id}'s move {other.id} has no move left that stays "
                              "on the page")
    if not [s for s in steps if s.kind == "rule" and str(s.cite).startswith("VG-GW")]:
        steps.append(Step("fact", f"{boat.id} keeps clear of every boat it must give way to",
                          cite("GW1")))


def _has_way_out(position: Position, boat_id: str) -> bool:
    b = position.boat(boat_id)
    if b.lost_turns:
        return True
    taken = {o.at for o in position.boats if o.id != boat_id}
    for v in next_vectors(b.vector):
        route = path(b.at, v)
        if all(position.on_page(p) for p in route) and route[-1] not in taken:
            return True
    return False


def violations(position: Position, move: Move) -> tuple[str, ...]:
    """The rule ids ``move`` breaks (``VG-I`` included: it costs turns but is legal)."""
    return _inspect(position, move).violations


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` breaks no rule but possibly VG-I."""
    return _inspect(position, move).legal


def legal_moves(position: Position, boat_id: str) -> list[Move]:
    """Every legal move of the boat among the vectors the manoeuvring rules allow."""
    b = position.boat(boat_id)
    candidates = sorted(next_vectors(b.vector))
    return [m for m in (Move(boat_id, v) for v in candidates) if is_legal(position, m)]


def apply(position: Position, move: Move) -> Position:
    """The position after ``move`` (``ValueError`` naming the rules when it is illegal)."""
    f = _inspect(position, move)
    if not f.legal:
        raise ValueError(f"illegal move {move}: breaks {', '.join(f.violations)}")
    return _after(position, move, f)


def _after(position: Position, move: Move, f: Findings) -> Position:
    b = position.boat(move.boat)
    if b.lost_turns:
        moved = Boat(b.id, b.at, None, b.lost_turns - 1)
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
    else:
        reason = f"breaks {', '.join(f.violations)}"
    rule = f.violations[0].removeprefix("VG-") if f.violations else "M1"
    conclusion = Step("conclusion", f"{move} is {'legal' if f.legal else 'not legal'}"
                      f"{'' if f.legal else ': ' + ', '.join(f.violations)}", cite(rule))
    return Ruling(move, f.legal, reason, (), False, None, None, (*f.steps, conclusion), after)
