"""Seeded bots that sail simulation races to the finish under the Racing Rules.

A bot aims at a point that depends on where it is in the race: below the starting line's
middle until the gun (and back there when early), then through the line; round each mark
to port, first to a point beyond the mark on its right, then across the leg's line to a
point on its left; then up through the finish. It scores its legal plans (headings in
5-degree steps, whole or half units; a split run near a mark) by how near each ends to
that point, refuses plans that would cross the line before the gun, touch another hull
or come within a hull length of a boat it must keep clear of, takes the penalty turns it
owes, and adds a little seeded noise. The bots exist to exercise the rules over whole
races; they are modest sailors.
"""

from __future__ import annotations

import itertools
import math
import random

from rightofway.plane import point_segment_distance
from rightofway.sim import moves, rules
from rightofway.sim.plan import Move, Plan, PlanStep
from rightofway.sim.position import Vec
from rightofway.sim.race import Race, RaceOptions
from rightofway.sim.sailing import PointOfSail, compass_degrees

__all__ = ["choose_move", "random_race", "waypoint"]

RADIUS = 2.0
"""How far off a mark a bot sails round it, in units."""


def random_race(boats: int, seed: int, *, options: RaceOptions | None = None) -> Race:
    """A race of ``boats`` boats on the triangle, its dice rolled from ``seed``
    (:meth:`Race.new <rightofway.sim.Race.new>`)."""
    return Race.new(boats, None, seed, options)


def _up(race: Race) -> Vec:
    w = math.radians(compass_degrees(race.course.wind))
    return (math.sin(w), math.cos(w))


def waypoint(race: Race, boat: str) -> Vec:
    """Where the boat heads next (an aim for bots, not a rule)."""
    p = race.boat_progress(boat)
    at = race.position.boat(boat).at
    (x1, y1), (x2, y2) = race.course.line.ends
    mid = ((x1 + x2) / 2, (y1 + y2) / 2)
    up = _up(race)
    if not p.started:
        if race.position.start_turns_left > 0 or p.early:
            return (mid[0] - up[0] * 2.5, mid[1] - up[1] * 2.5)
        return (mid[0] + up[0] * 2, mid[1] + up[1] * 2)
    marks = race.course.marks
    if p.next_mark >= len(marks):
        return (mid[0] + up[0] * 2, mid[1] + up[1] * 2)
    m = marks[p.next_mark].at
    u = race.course.leg_direction(p.next_mark)
    right = (u[1], -u[0])
    rel = (at[0] - m[0], at[1] - m[1])
    beyond = rel[0] * u[0] + rel[1] * u[1] > 0
    on_right = rel[0] * right[0] + rel[1] * right[1] > 0
    if beyond and on_right:
        return (m[0] + (u[0] - right[0]) * RADIUS, m[1] + (u[1] - right[1]) * RADIUS)
    return (m[0] + (u[0] + right[0]) * RADIUS, m[1] + (u[1] + right[1]) * RADIUS)


def choose_move(race: Race, rng: random.Random) -> Move:
    """The bot's plan for the boat to move."""
    boat = race.to_move
    if boat is None:
        raise ValueError("race: it is over; nobody moves")
    pos = race.position
    me = pos.boat(boat)
    target = waypoint(race, boat)
    progress = race.boat_progress(boat)
    owes = progress.penalties > 0
    near = min(math.dist(me.at, m.at) for m in race.course.marks) < 8
    # the legal plans with where each leaves her (moves.legal_accountings' plans, in its
    # order): only the chosen one is made a move
    plans = moves._legal_plans(pos, me, 5, near, owes)
    if owes:
        with_p = [c for c in plans if any(s.kind == "P" for s in c.steps)]
        plans = with_p or plans
    hull = pos.hull_length
    apart = 1.3 * hull
    clear = 1.2 * hull
    # boats further off than any plan takes her (and the distance she keeps) are left out
    extent = moves._extent(pos)
    keep_clear_of = [at for at in (pos.boat(r).at for k, r, _ in rules.keep_clear(pos)
                                   if k == boat) if math.dist(at, me.at) < extent + clear] \
        if len(pos.boats) > 1 else []
    others = [b.at for b in pos.boats if b.id != boat and math.dist(b.at, me.at) < extent + apart]
    line = race.course.line
    before_gun = pos.start_turns_left > 0 and not progress.early  # over early: may go back
    facing = rules._facing(pos, line)
    best: tuple[float, tuple[PlanStep, ...]] | None = None
    for c in plans:
        path = c.path
        end = path[-1]
        if others and _near(end, others, apart):
            continue
        if keep_clear_of and _passes_near(path, keep_clear_of, clear):
            continue
        if before_gun and rules._goes_over(line, facing, path):
            continue
        score = math.dist(end, target) + rng.random() * 0.3
        if c.point is PointOfSail.IN_IRONS:
            score += 50.0  # next turn would start with nothing
        if best is None or score < best[0]:
            best = (score, c.steps)
    if best is None and not plans:
        raise ValueError(f"{boat} has no legal plan: every one ends touching another hull")
    chosen = best[1] if best is not None else plans[0].steps  # nothing safe: the first legal plan
    return Move(boat, Plan(chosen))


def _near(at: Vec, points: list[Vec], within: float) -> bool:
    """Whether ``at`` lies within ``within`` of one of ``points``."""
    return any(math.dist(at, p) < within for p in points)


def _passes_near(path: tuple[Vec, ...], points: list[Vec], within: float) -> bool:
    """Whether a track comes within ``within`` of one of ``points``."""
    for p, q in itertools.pairwise(path):
        for o in points:
            if point_segment_distance(o, p, q) < within:
                return True
    return False
