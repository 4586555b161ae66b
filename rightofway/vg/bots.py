"""Seeded random set-ups and simple bots that sail Vector Game races to the finish.

A bot aims at a point that depends on its leg: below the line until its fourth
turn is over, then through the line; towards a mark, first to the side it must
be left on, then round it in the right direction, a few squares off, until the
rounding is done; then back through the finish line. It scores each of its
legal moves by how near the best next move could bring it to that point
(looking one move of its own ahead, so that it brakes in time and keeps a way
clear of islands and the edge), with a little seeded noise. The bots exist to
exercise the rules over whole races; they are no sailors.
"""

from __future__ import annotations

import math
import random

from rightofway.errors import InputError
from rightofway.geometry import Point
from rightofway.positions import instance_check, shown
from rightofway.vg.position import Move, Position, _path
from rightofway.vg.race import DEFAULT_COURSE, Course, Race, RaceOptions
from rightofway.vg.vectors import Vector, next_vectors

__all__ = ["choose_move", "random_race", "waypoint"]

check_race = instance_check(Race, "a Vector Game Race", "race")

RADIUS = 2.5
"""How far off a mark a bot sails round it."""


def random_race(boats: int, seed: int, *, course: Course = DEFAULT_COURSE,
                options: RaceOptions | None = None) -> Race:
    """A legal random set-up for ``boats`` boats: each at rest one square downwind of the
    line (VG-S1), no two side by side, in a random turn order, all from ``seed``
    (:meth:`Race.new <rightofway.vg.Race.new>` with a number of boats)."""
    return Race.new(boats, course, seed, options)


def _at_angle(centre: Point, degrees: float, radius: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)


def waypoint(race: Race, boat: str) -> tuple[float, float]:
    """Where the boat heads next (an aim for bots, not a rule)."""
    check_race(race)
    course = race.course
    s = race.state(boat)
    at = race.position.boat(boat).at
    (x1, ly), (x2, _) = course.start_line
    mid = (x1 + x2) / 2
    if s.leg == 0:
        if s.moves < 3 or s.row_side > 0:
            return (mid, max(ly - 2, 1))  # wait below the line until it may cross (VG-S2)
        return (mid, ly + 3)
    r = race.rounding(boat)
    if r is None:  # the finish: through the line from North to South
        return (mid, ly - 3) if s.row_side > 0 else (mid, ly + 3)
    m = r.mark.at
    dx, dy = at[0] - m[0], at[1] - m[1]
    bearing = math.degrees(math.atan2(dy, dx))
    far = 45 * r.far
    ahead = ((far - bearing) * r.turn) % 360  # still to sweep to the far ray
    if math.hypot(dx, dy) > RADIUS + 3 and s.far < 1:
        if ahead >= 90:  # come in on the side the mark is left on
            return _at_angle(m, far - 90 * r.turn, RADIUS)
        return _at_angle(m, far, RADIUS)
    if s.far >= 1 and math.hypot(dx, dy) > RADIUS + 3:
        return _at_angle(m, 45 * r.leave + 45 * r.turn, RADIUS)
    return _at_angle(m, bearing + 70 * r.turn, RADIUS)  # round it, the right way


def _clear(position: Position, start: Point, v: Vector, taken: set[Point]) -> Point | None:
    """Where ``v`` from ``start`` lands when its path meets no island, edge, mark or boat."""
    route = _path(start, v)
    for p in route:
        if p in position.islands or not position._on_page(p) or p in position._marks_at:
            return None
    return route[-1] if route and route[-1] not in taken else None


def choose_move(race: Race, rng: random.Random) -> Move:
    """A bot's move for the boat whose turn it is."""
    check_race(race)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng: expected a random.Random, got {type(rng).__name__} "
                        f"{shown(rng)}")
    boat = race.to_move
    if boat is None:
        raise InputError("race: it is over; no boat moves")
    options = race.legal_moves(boat)
    if len(options) == 1:
        return options[0]
    target = waypoint(race, boat)
    position = race.position
    here = position.boat(boat).at
    taken = {b.at for b in position.boats if b.id != boat}

    def dist(p: Point) -> float:
        return math.hypot(p[0] - target[0], p[1] - target[1])

    scored: list[tuple[float, int, Move]] = []
    for i, m in enumerate(options):
        v = m.vector
        if v is None:
            scored.append((dist(here) + 50, i, m))
            continue
        end = _clear(position, here, v, taken)
        if end is None:  # it would run aground: two turns lost and a restart from rest
            scored.append((dist(here) + 60, i, m))
            continue
        ahead = [e for w in next_vectors(v) if (e := _clear(position, end, w, taken))]
        best = min((dist(e) for e in ahead), default=dist(end) + 40)
        score = best + 0.5 * dist(end) + max(0, v.squares - 5) + rng.random() * 0.6
        scored.append((score, i, m))
    scored.sort(key=lambda t: (t[0], t[1]))
    return scored[0][2]

