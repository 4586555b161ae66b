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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rightofway import rrs
from rightofway.errors import InputError
from rightofway.explain import Citation, Step
from rightofway.limits import MAX_NUMBER
from rightofway.plane import (
    is_dead_downwind,
    is_head_to_wind,
    point_segment_distance,
    segments_cross,
)
from rightofway.positions import as_bool, as_track, as_xy, check_instance, shown
from rightofway.results import Infringement, Protest, RightOfWay, Ruling, Verdict
from rightofway.sim.moves import Accounting, Legality, account, legality
from rightofway.sim.plan import Move
from rightofway.sim.position import Line, Position, Vec
from rightofway.sim.sailing import cite

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "Encounter",
    "PlayOrder",
    "StartCrossing",
    "adjudicate",
    "closest_approach",
    "course_side",
    "crosses_towards_course",
    "crosses_towards_prestart",
    "depth",
    "encounters",
    "engagement_graph",
    "judge",
    "keep_clear",
    "play_order",
    "right_of_way",
    "start_crossing",
    "to_rrs",
]


def to_rrs(position: Position) -> rrs.Position:
    """The position as the Racing Rules of Sailing see it: hull lengths, the wind in degrees,
    marks left to port (the course's marks are rounded to port)."""
    check_instance(position, Position, "position")
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
    check_instance(position, Position, "position")
    return list(_keep_clear(position))


def _keep_clear(position: Position) -> tuple[tuple[str, str, str], ...]:
    """:func:`keep_clear` of a checked position, asked of the Racing Rules once per
    position (the bot, the play order and the encounters of a turn rule the same one)."""
    found = position._keep_clear
    if found is None:
        found = tuple(rrs.keep_clear(to_rrs(position)))
        object.__setattr__(position, "_keep_clear", found)
    return found


def depth(position: Position, at: Vec) -> float:
    """How far downwind a point lies (smaller is to windward)."""
    check_instance(position, Position, "position")
    at = as_xy(at, "at", MAX_NUMBER)
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


def _and(names: Sequence[str]) -> str:
    """Names as a sentence lists them: ``A, B and C``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _windward_first(windward: list[str], depth: dict[str, float]) -> str:
    """Where the boats lie across the wind, windward first, as a sentence."""
    level = [a for a, b in itertools.pairwise(windward)
             if abs(depth[a] - depth[b]) < 1e-9]
    if len(windward) == 2:
        a, b = windward
        return (f"{a} and {b} lie level across the wind" if level else
                f"{a} lies to windward of {b}")
    said = f"from windward to leeward the boats lie {_and(windward)}"
    return said + (", some of them level" if level else "")


def play_order(position: Position) -> PlayOrder:
    """SIM Turn Sequence: windward to leeward, except that a boat that must keep clear of
    another (RRS Part 2, as ``rrs`` rules) moves after it. Boats in a keep-clear cycle move
    windward first among themselves; the cycle is reported."""
    import networkx as nx

    check_instance(position, Position, "position")
    ids = position.boat_ids
    d = {b.id: depth(position, b.at) for b in position.boats}
    listed = {bid: i for i, bid in enumerate(ids)}
    edges = tuple(keep_clear(position)) if len(ids) > 1 else ()
    g = nx.DiGraph()
    g.add_nodes_from(ids)
    for keeper, holder, _rule in edges:
        g.add_edge(holder, keeper)
    windward = sorted(ids, key=lambda b: (d[b], listed[b]))
    steps = [Step("fact", _windward_first(windward, d), cite("Turn Sequence"),
                  "depths downwind: " + ", ".join(f"{bid} {d[bid]:.2f}" for bid in windward))]
    for keeper, holder, rule in edges:
        steps.append(Step("rule", f"{keeper} keeps clear of {holder}, so {keeper} moves after "
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
        steps.append(Step("fact", f"{_and(cyc)} keep clear of one another in a cycle, so they "
                          "move windward first among themselves", cite("Turn Sequence")))
    steps.append(Step("conclusion", "play order: " + ", ".join(order), cite("Turn Sequence")))
    return PlayOrder(tuple(order), edges, cycles, tuple(steps))


def course_side(position: Position, line: Line, at: Vec) -> float:
    """Positive on the course side of a starting line (the side the wind comes from; for a
    line along the wind, the side of the first mark), negative on the pre-start side."""
    check_instance(position, Position, "position")
    check_instance(line, Line, "line")
    at = as_xy(at, "at", MAX_NUMBER)
    return _course_side(position, line, at)


def _course_side(position: Position, line: Line, at: Vec) -> float:
    return _side(line, _facing(position, line), at)


def _facing(position: Position, line: Line) -> bool:
    """Whether the course side of a starting line lies to the left of it, looking from its
    first end to its second (the side the wind comes from; for a line along the wind, the
    side of the first mark)."""
    (x1, y1), (x2, y2) = line.ends
    w = math.radians(position.wind_degrees)
    up = (x1 + math.sin(w), y1 + math.cos(w))
    ref = (x2 - x1) * (up[1] - y1) - (y2 - y1) * (up[0] - x1)
    if abs(ref) < 1e-9 * math.dist(line.ends[0], line.ends[1]) and position.marks:
        m = position.marks[0].at
        ref = (x2 - x1) * (m[1] - y1) - (y2 - y1) * (m[0] - x1)
    return ref >= 0


def _side(line: Line, facing: bool, at: Vec) -> float:
    """:func:`course_side` of a line whose course side is known (:func:`_facing`)."""
    (x1, y1), (x2, y2) = line.ends
    cross = (x2 - x1) * (at[1] - y1) - (y2 - y1) * (at[0] - x1)
    return cross if facing else -cross


def _crossing(position: Position, line: Line, p: Vec, q: Vec) -> int:
    """How the leg ``p``-``q`` of a track meets a starting line: 1 when it crosses the line
    itself from the pre-start side to the course side, -1 when it goes back to the
    pre-start side (across the line or its extensions), 0 otherwise. A point on the line
    is on the pre-start side."""
    return _leg_crossing(line, _facing(position, line), p, q)


def _leg_crossing(line: Line, facing: bool, p: Vec, q: Vec) -> int:
    """:func:`_crossing` of a line whose course side is known (:func:`_facing`)."""
    before, after = _side(line, facing, p), _side(line, facing, q)
    if before <= 0 < after and segments_cross(p, q, *line.ends):
        return 1
    return -1 if before > 0 >= after else 0


def _track_args(position: object, line: object, path: object) -> tuple[Vec, ...]:
    """The checks of the functions of a track across a line: the position, the line and
    the track (returned as points)."""
    check_instance(position, Position, "position")
    check_instance(line, Line, "line")
    return as_track(path, "path", MAX_NUMBER)


def crosses_towards_course(position: Position, line: Line, path: tuple[Vec, ...]) -> bool:
    """Whether a track crosses the line from the pre-start side to the course side."""
    return _crosses_towards_course(position, line, _track_args(position, line, path))


def _crosses_towards_course(position: Position, line: Line, path: tuple[Vec, ...]) -> bool:
    return _goes_over(line, _facing(position, line), path)


def _goes_over(line: Line, facing: bool, path: tuple[Vec, ...]) -> bool:
    """:func:`crosses_towards_course` of a line whose course side is known
    (:func:`_facing`): a bot asks it of every plan."""
    return any(_leg_crossing(line, facing, p, q) > 0 for p, q in itertools.pairwise(path))


def crosses_towards_prestart(position: Position, line: Line, path: tuple[Vec, ...]) -> bool:
    """Whether a track crosses the line (or its extensions) back to the pre-start side."""
    path = _track_args(position, line, path)
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
    path = _track_args(position, line, path)
    as_bool(early, "early")
    return _start_crossing(position, line, path, early)


def _start_crossing(position: Position, line: Line, path: tuple[Vec, ...],
                    early: bool) -> StartCrossing:
    """:func:`start_crossing` of a track the race plotted (nothing checked again)."""
    gun = position.start_turns_left <= 0
    over = early
    went_over = came_back = started = False
    facing = _facing(position, line)
    for p, q in itertools.pairwise(path):
        way = _leg_crossing(line, facing, p, q)
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


def closest_approach(path: tuple[Vec, ...], at: Vec) -> float:
    """The nearest a track comes to the point ``at`` (a boat standing still)."""
    return _closest_approach(as_track(path, "path", MAX_NUMBER), as_xy(at, "at", MAX_NUMBER))


def _closest_approach(path: tuple[Vec, ...], at: Vec) -> float:
    if len(path) == 1:
        return math.dist(path[0], at)
    return min(point_segment_distance(at, p, q) for p, q in itertools.pairwise(path))


def encounters(position: Position, boat: str, path: tuple[Vec, ...]) -> list[Encounter]:
    """The mover's encounters along her plotted path with every other boat (standing still
    during her turn): a boat that must keep clear (RRS Part 2, before the turn) and whose
    centre comes within one hull length of the other's has not kept clear."""
    check_instance(position, Position, "position")
    position.boat(boat, "boat")
    return list(_encounters(position, boat, as_track(path, "path", MAX_NUMBER)))


def _encounters(position: Position, boat: str, path: tuple[Vec, ...]) -> list[Encounter]:
    """:func:`encounters` of a checked boat and track."""
    if len(position.boats) < 2:
        return []
    decided = {frozenset((k, r)): (k, r, rule) for k, r, rule in _keep_clear(position)}
    out = []
    for other in position.boats:
        if other.id == boat:
            continue
        k, r, rule = decided[frozenset((boat, other.id))]
        closest = _closest_approach(path, other.at)
        out.append(Encounter(other.id, k, r, rule, closest,
                             closest < position.hull_length - 1e-9))
    return out


def right_of_way(position: Position, a: str, b: str) -> RightOfWay:
    """Who of boats ``a`` and ``b`` holds right of way: the Racing Rules of Sailing's
    answer for the position in hull lengths (:func:`rightofway.rrs.right_of_way`)."""
    check_instance(position, Position, "position")
    return rrs.right_of_way(to_rrs(position), a, b)


def engagement_graph(position: Position) -> nx.DiGraph:
    """The Racing Rules of Sailing's keep-clear graph of the fleet: an edge from each boat
    that keeps clear to the boat with right of way (:func:`rightofway.rrs.engagement_graph`)."""
    check_instance(position, Position, "position")
    return rrs.engagement_graph(to_rrs(position))


HEARING = Citation("RRS", "63.6")
"""The protest committee finds the facts (RRS 63.6)."""
DECIDE = Citation("RRS", "64.1")
"""A boat that broke a rule is penalised (RRS 64.1)."""


def adjudicate(position: Position, move: Move,
               protest: Protest | None = None) -> Ruling[Position, Move]:
    """Rule on one turn: the plan's accounting (SIM Movement, Turning, In Irons), then the
    Racing Rules between the mover and every boat she came within a hull length of. A
    boat that had to keep clear (as ``rrs`` rules the position before the turn) and came
    that close did not keep clear: she owes a penalty turn (RRS 44.1, the game's
    360-degree ``P``); a plan ending with hulls touching is illegal (RRS 14).

    A :class:`~rightofway.results.Protest` by a boat against the mover is upheld when the
    mover did not keep clear of her, and dismissed otherwise (and when it is against a
    boat that did not move: she stood still through the turn). The protest of an illegal
    plan is not heard: the plan is not sailed."""
    check_instance(move, Move, "move")
    if protest is not None:
        _check_protest(position, protest)
    ruling = judge(position, move)[0]
    if protest is None:
        return ruling
    steps = list(ruling.steps)
    if not ruling.legal:
        steps.append(Step("conclusion", "the plan is not legal, so it is not sailed and the "
                          "protest is not heard", ruling.steps[-1].cite))
        return replace(ruling, steps=tuple(steps))
    steps.append(Step("fact", f"{protest.by} protests against {protest.against}", HEARING))
    found = [i for i in ruling.infringements if i.against == protest.by]
    upheld = protest.against == move.boat and bool(found)
    if upheld:
        why = f"{move.boat} did not keep clear of {protest.by} (RRS {found[0].basis})"
    elif protest.against != move.boat:
        why = f"{protest.against} did not move; the turn was {move.boat}'s"
    else:
        why = f"{move.boat} did not come within a hull length of {protest.by} while she " \
              f"had to keep clear of her"
    verdict: Verdict = "upheld" if upheld else "dismissed"
    steps.append(Step("conclusion", f"protest by {protest.by} against {protest.against} "
                      f"{verdict}: {why}", DECIDE))
    return replace(ruling, verdict=verdict, steps=tuple(steps))


def _check_protest(position: Position, protest: Protest) -> None:
    check_instance(position, Position, "position")
    if not isinstance(protest, Protest):
        raise TypeError(f"protest: expected a Protest(by, against) or None, got "
                        f"{type(protest).__name__} {shown(protest)}")
    for role in ("by", "against"):
        position.boat(getattr(protest, role), f"protest.{role}")
    if protest.by == protest.against:
        raise InputError(f"a boat cannot protest herself ({shown(protest.by)})",
                         ("protest", "against"))


def judge(position: Position, move: Move
          ) -> tuple[Ruling[Position, Move], Legality, tuple[Encounter, ...]]:
    """:func:`adjudicate`'s ruling (without a protest) with the legality and the
    encounters it rests on, so that a race engine takes its events from them without
    working either out again."""
    check_instance(position, Position, "position")
    check_instance(move, Move, "move")
    lg = legality(position, move)
    a = lg.accounting
    assert a is not None  # legality always accounts the plan
    steps = list(lg.steps)
    if not lg.legal:
        return (Ruling(move, False, f"{lg.reason} ({lg.cite})", (), False, None, None,
                       tuple(steps), None, position, "simulation"), lg, ())
    after = position._moved(a.end)
    found = []
    met = tuple(_encounters(position, move.boat, a.path))
    for e in met:
        if not e.close:
            continue
        steps.append(Step("fact", f"{move.boat} came within {e.closest:.2f} units of "
                          f"{e.other} (a hull is {position.hull_length:g})", cite("Movement")))
        steps.append(Step("rule", f"{e.keep_clear} had to keep clear of {e.right_of_way}",
                          Citation("RRS", e.rule)))
        if e.infringed:
            found.append(Infringement(move.boat, e.other, a.end.at, e.rule))
            steps.append(Step("conclusion", f"{move.boat} did not keep clear of {e.other}: "
                              "she owes a penalty turn", Citation("RRS", "44.1")))
    penalty = move.boat if found else None
    return (Ruling(move, True, lg.reason, tuple(found), False, penalty, None, tuple(steps),
                   after, position, "simulation"), lg, met)


def _sail(position: Position, move: Move
          ) -> tuple[Accounting, Position, tuple[Encounter, ...]] | None:
    """:func:`judge`'s numbers for a legal move, without its explanation (a race's hot
    path): the accounting, the position after it and the encounters (the infringements
    are those of the encounters that say so); ``None`` for an illegal move, of which
    :func:`judge` says why."""
    a = account(position, move.boat, move.plan)
    if not a.legal or position.touching(a.end) is not None:  # as legality rules
        return None
    return a, position._moved(a.end), tuple(_encounters(position, move.boat, a.path))
