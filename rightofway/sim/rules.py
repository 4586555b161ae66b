"""Right of way in the simulation: the Racing Rules of Sailing, the play order and the start.

The rulebook races "as per standard racing rules": who keeps clear of whom is what the
``rrs`` ruleset rules for the position, measured in hull lengths (:func:`to_rrs`). The
play order (SIM Turn Sequence) is windward to leeward, except that a boat that must keep
clear of another moves after it: a topological order of the keep-clear graph, windward
first among equals, with any cycle reported. The start (SIM The Start): a boat whose
track crosses the starting line towards the course side before the gun is early until she
is back on the pre-start side; where she is at the end of her plan decides, whether she
went over in an earlier turn or in the same one (:func:`start_crossing`).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rightofway import rrs
from rightofway.explain import Citation, Step
from rightofway.plane import (
    is_dead_downwind,
    is_head_to_wind,
    point_segment_distance,
    segments_cross,
)
from rightofway.results import Ruling
from rightofway.sim.position import Line, Position, Vec
from rightofway.sim.sailing import cite

if TYPE_CHECKING:
    from rightofway.sim.moves import Accounting

__all__ = [
    "Encounter",
    "PlayOrder",
    "StartCrossing",
    "adjudicate",
    "course_side",
    "crosses_towards_course",
    "depth",
    "encounters",
    "keep_clear",
    "play_order",
    "start_crossing",
    "to_rrs",
]


def to_rrs(position: Position) -> rrs.Position:
    """The position as the Racing Rules of Sailing see it: hull lengths, the wind in degrees,
    marks left to port (the course's marks are rounded to port)."""
    k = 1.0 / position.hull_length
    wind = position.wind_degrees
    # a boat's recorded tack speaks only where the wind leaves it open: head to wind or dead
    # downwind (her tack before); elsewhere the wind gives it
    boats = tuple(rrs.Boat(b.id, (b.at[0] * k, b.at[1] * k), b.heading, False,
                           b.tack if is_head_to_wind(b.heading, wind)
                           or is_dead_downwind(b.heading, wind) else None)
                  for b in position.boats)
    marks = tuple(rrs.Mark(m.id, (m.at[0] * k, m.at[1] * k), "port", None)
                  for m in position.marks)
    return rrs.Position(position.wind_degrees, boats, marks)


def keep_clear(position: Position) -> list[tuple[str, str, str]]:
    """``(keep_clear, right_of_way, rule)`` for every pair, as ``rrs`` rules."""
    return rrs.keep_clear(to_rrs(position))


def depth(position: Position, at: Vec) -> float:
    """How far downwind a point lies (smaller is to windward)."""
    down = math.radians(position.wind_degrees + 180.0)
    return at[0] * math.sin(down) + at[1] * math.cos(down)


@dataclass(frozen=True, slots=True)
class PlayOrder:
    """The order the boats move in this round, the keep-clear edges it rests on, the
    cycles found, and the explanation."""

    order: tuple[str, ...]
    keep_clear: tuple[tuple[str, str, str], ...]
    cycles: tuple[tuple[str, ...], ...]
    steps: tuple[Step, ...]


def play_order(position: Position) -> PlayOrder:
    """SIM Turn Sequence: windward to leeward, except that a boat that must keep clear of
    another (RRS Part 2, as ``rrs`` rules) moves after it. Boats in a keep-clear cycle move
    windward first among themselves; the cycle is reported."""
    import networkx as nx

    ids = position.boat_ids
    d = {b.id: depth(position, b.at) for b in position.boats}
    listed = {bid: i for i, bid in enumerate(ids)}
    edges = tuple(keep_clear(position)) if len(ids) > 1 else ()
    g = nx.DiGraph()
    g.add_nodes_from(ids)
    for keeper, holder, _rule in edges:
        g.add_edge(holder, keeper)
    steps = [Step("fact", "depths downwind: " + ", ".join(
        f"{bid} {d[bid]:.2f}" for bid in sorted(ids, key=lambda b: (d[b], listed[b]))),
        cite("Turn Sequence"))]
    for keeper, holder, rule in edges:
        steps.append(Step("rule", f"{keeper} keeps clear of {holder}: {keeper} moves after "
                          f"{holder}", Citation("RRS", rule)))
    cycles = tuple(tuple(c) for c in sorted(
        (sorted(s, key=lambda b: listed[b]) for s in nx.strongly_connected_components(g)
         if len(s) > 1), key=lambda c: listed[c[0]]))
    c = nx.condensation(g)

    def key(node: int) -> tuple[float, int]:
        boats = c.nodes[node]["members"]
        return min((d[b], listed[b]) for b in boats)

    order: list[str] = []
    for node in nx.lexicographical_topological_sort(c, key=key):
        order.extend(sorted(c.nodes[node]["members"], key=lambda b: (d[b], listed[b])))
    for cyc in cycles:
        steps.append(Step("fact", f"keep-clear cycle {' -> '.join(cyc)}: these boats move "
                          "windward first among themselves", cite("Turn Sequence")))
    steps.append(Step("conclusion", "play order: " + ", ".join(order), cite("Turn Sequence")))
    return PlayOrder(tuple(order), edges, cycles, tuple(steps))


def course_side(position: Position, line: Line, at: Vec) -> float:
    """Positive on the course side of a starting line (the side the wind comes from; for a
    line along the wind, the side of the first mark), negative on the pre-start side."""
    (x1, y1), (x2, y2) = line.ends
    cross = (x2 - x1) * (at[1] - y1) - (y2 - y1) * (at[0] - x1)
    w = math.radians(position.wind_degrees)
    up = (x1 + math.sin(w), y1 + math.cos(w))
    ref = (x2 - x1) * (up[1] - y1) - (y2 - y1) * (up[0] - x1)
    if abs(ref) < 1e-9 * math.dist(line.ends[0], line.ends[1]) and position.marks:
        m = position.marks[0].at
        ref = (x2 - x1) * (m[1] - y1) - (y2 - y1) * (m[0] - x1)
    return cross if ref >= 0 else -cross


def _crossing(position: Position, line: Line, p: Vec, q: Vec) -> int:
    """How the leg ``p``-``q`` of a track meets a starting line: 1 when it crosses the line
    itself from the pre-start side to the course side, -1 when it goes back to the
    pre-start side (across the line or its extensions), 0 otherwise. A point on the line
    is on the pre-start side."""
    before, after = course_side(position, line, p), course_side(position, line, q)
    if before <= 0 < after and segments_cross(p, q, *line.ends):
        return 1
    return -1 if before > 0 >= after else 0


def crosses_towards_course(position: Position, line: Line, path: tuple[Vec, ...]) -> bool:
    """Whether a track crosses the line from the pre-start side to the course side."""
    return any(_crossing(position, line, p, q) > 0 for p, q in itertools.pairwise(path))


def crosses_towards_prestart(position: Position, line: Line, path: tuple[Vec, ...]) -> bool:
    """Whether a track crosses the line (or its extensions) back to the pre-start side."""
    return any(_crossing(position, line, p, q) < 0 for p, q in itertools.pairwise(path))


@dataclass(frozen=True, slots=True)
class StartCrossing:
    """Where a boat that has not started stands towards the starting line at the end of
    her plan (SIM The Start), and what her plan did on the way."""

    early: bool
    """At the end of the plan she is over: she crossed the line towards the course side
    before the gun (in this plan or an earlier one) and is not back on the pre-start side."""
    went_over: bool
    """This plan crossed the line towards the course side before the gun."""
    returned: bool
    """She was over (when the plan began, or during it) and the plan leaves her back on
    the pre-start side, or, after the gun, brought her back there before she started."""
    started: bool
    """After the gun, the plan crossed the line towards the course side with her not over
    (back on the pre-start side first when she was)."""


def start_crossing(position: Position, line: Line, path: tuple[Vec, ...], *,
                   early: bool = False) -> StartCrossing:
    """SIM The Start for one plan of a boat that has not started, sailed in ``position``
    (whose ``start_turns_left`` says whether the gun has fired): ``early`` is whether she
    was over when the plan began. Her track is followed leg by leg: crossing the line
    towards the course side before the gun puts her over, going back to the pre-start side
    (across the line or its extensions) brings her back, and crossing towards the course
    side after the gun, not over, starts her. So a boat back on the pre-start side at the
    end of her plan has returned, whether she went over in an earlier turn or in the same
    one; one that went over and is still on the course side is early."""
    gun = position.start_turns_left <= 0
    over = early
    went_over = came_back = started = False
    for p, q in itertools.pairwise(path):
        way = _crossing(position, line, p, q)
        if way > 0 and gun and not over:
            started = True
            break
        if way > 0 and not gun:
            over = went_over = True
        elif way < 0 and over:
            over, came_back = False, True
    return StartCrossing(over, went_over, came_back and not over, started)


@dataclass(frozen=True, slots=True)
class Encounter:
    """The mover and another boat during one turn: who had to keep clear (as the Racing
    Rules rule the position before the turn), the rule, and how close the mover came."""

    other: str
    keep_clear: str
    right_of_way: str
    rule: str
    closest: float
    """The nearest the mover's centre came to the other boat's centre, in units."""
    close: bool
    """Whether that is within one hull length."""

    @property
    def infringed(self) -> bool:
        """The mover had to keep clear and came within a hull length."""
        return self.close and self.keep_clear != self.other


def encounters(position: Position, boat: str, path: tuple[Vec, ...]) -> list[Encounter]:
    """The mover's encounters along her plotted path with every other boat (standing still
    during her turn): a boat that must keep clear (RRS Part 2, before the turn) and whose
    centre comes within one hull length of the other's has not kept clear."""
    position.boat(boat, "boat")
    if len(position.boats) < 2:
        return []
    decided = {frozenset((k, r)): (k, r, rule) for k, r, rule in keep_clear(position)}
    out = []
    for other in position.boats:
        if other.id == boat:
            continue
        k, r, rule = decided[frozenset((boat, other.id))]
        if len(path) == 1:
            closest = math.dist(path[0], other.at)
        else:
            closest = min(point_segment_distance(other.at, p, q)
                          for p, q in itertools.pairwise(path))
        out.append(Encounter(other.id, k, r, rule, closest,
                             closest < position.hull_length - 1e-9))
    return out


def adjudicate(position: Position, boat: str,
               plan: str | object) -> Ruling[Position, tuple[str, str]]:
    """Rule on one turn: the plan's accounting (SIM Movement, Turning, In Irons), then the
    Racing Rules between the mover and every boat she came within a hull length of. A
    boat that had to keep clear and came that close owes a penalty turn (RRS 44.1, the
    game's 360-degree ``P``); a plan ending with hulls touching is illegal (RRS 14)."""
    return _judge(position, boat, plan)[0]


def _judge(position: Position, boat: str, plan: str | object
          ) -> tuple[Ruling[Position, tuple[str, str]], Accounting, tuple[Encounter, ...]]:
    """:func:`adjudicate`'s ruling with the accounting and the encounters it rests on, so
    that a race engine takes its events from them without working either out again."""
    from rightofway.positions import PositionError
    from rightofway.results import Infringement
    from rightofway.sim.moves import account
    from rightofway.sim.plan import Plan

    a = account(position, boat, plan if isinstance(plan, (str, Plan)) else str(plan))
    move = (boat, str(a.plan))
    steps = list(a.steps)
    if not a.legal:
        return (Ruling(move, False, f"{a.problem} ({a.reason})", (), False, None, None,
                       tuple(steps), None, position, "simulation"), a, ())
    try:
        after = position.with_boat(a.end)
    except PositionError as bad:
        steps.append(Step("conclusion", f"illegal: the plan ends with {bad.message}",
                          Citation("RRS", "14")))
        return (Ruling(move, False, f"the plan ends with {bad.message} (RRS 14)", (), False,
                       None, None, tuple(steps), None, position, "simulation"), a, ())
    found = []
    met = tuple(encounters(position, boat, a.path))
    for e in met:
        if not e.close:
            continue
        steps.append(Step("fact", f"{boat} came within {e.closest:.2f} units of {e.other} "
                          f"(a hull is {position.hull_length:g})", cite("Movement")))
        steps.append(Step("rule", f"{e.keep_clear} had to keep clear of {e.right_of_way}",
                          Citation("RRS", e.rule)))
        if e.infringed:
            found.append(Infringement(boat, e.other, a.end.at, e.rule))
            steps.append(Step("conclusion", f"{boat} did not keep clear of {e.other}: she owes "
                              "a penalty turn", Citation("RRS", "44.1")))
    penalty = boat if found else None
    reason = "every unit used as the rules ask"
    return (Ruling(move, True, reason, tuple(found), False, penalty, None, tuple(steps), after,
                   position, "simulation"), a, met)
