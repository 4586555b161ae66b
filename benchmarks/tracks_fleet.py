"""A simulated fleet's tracks, for the benchmarks of incidents from tracks.

``fleet(n, seconds)`` sails ``n`` boats of 10-metre hulls for ``seconds`` seconds, a fix
every second, over a square whose side grows with the square root of ``n`` (a boat has as
many neighbours in a fleet of 400 as in one of 25): each beats or runs at 2.5 m/s on one
tack for one to three minutes, then tacks or gybes; a boat about to leave the square turns
back into it. The wind blows from the north. Seeded, so every run sails the same fleet.
"""

from __future__ import annotations

import math
import random

HULL_METRES = 10.0
AREA_PER_BOAT = 60.0 * 60.0
"""Square metres of water per boat."""
SPEED = 2.5
"""Metres per second (about 4.9 knots)."""

Fix = tuple[float, str, float, float, float]
"""``(time, boat, x, y, heading)``."""

_COURSES = (45.0, 315.0, 135.0, 225.0)  # beats and runs on each tack


def fleet(n: int, seconds: int = 3600, seed: int = 1) -> list[Fix]:
    """The fixes of ``n`` boats sailing for ``seconds`` seconds, one a second each, in time
    order."""
    rng = random.Random(seed)
    side = math.sqrt(n * AREA_PER_BOAT)
    boats = []
    for i in range(n):
        boats.append([f"B{i:03}", rng.uniform(0, side), rng.uniform(0, side),
                      rng.choice(_COURSES), rng.randint(60, 180)])
    out: list[Fix] = []
    for t in range(seconds + 1):
        for b in boats:
            name, x, y, heading, left = b
            out.append((float(t), name, round(x, 2), round(y, 2), heading))
            left -= 1
            nx = x + SPEED * math.sin(math.radians(heading))
            ny = y + SPEED * math.cos(math.radians(heading))
            if not (0 <= nx <= side and 0 <= ny <= side):
                # turn back into the square: the course that heads most towards its middle
                heading = max(_COURSES, key=lambda c: (
                    math.sin(math.radians(c)) * (side / 2 - x)
                    + math.cos(math.radians(c)) * (side / 2 - y)))
                left = rng.randint(60, 180)
            elif left <= 0:
                heading = {45.0: 315.0, 315.0: 45.0, 135.0: 225.0, 225.0: 135.0}[heading]
                left = rng.randint(60, 180)
            b[1] = x + SPEED * math.sin(math.radians(heading))
            b[2] = y + SPEED * math.cos(math.radians(heading))
            b[3], b[4] = heading, left
    return out


def incidents_of(fixes: list[Fix]) -> int:
    """Push the fleet's fixes through a :class:`~rightofway.rrs.tracks.Tracker` one second at
    a time, as a game or a live tracker would, and write the report (every incident's JSON,
    its ruling and scenario included): how many incidents."""
    from rightofway.rrs.tracks import Course, Tracker

    tracker = Tracker(Course(hull_length=HULL_METRES))
    t0 = None
    boats: dict[str, tuple[float, float, float]] = {}
    for t, boat, x, y, heading in fixes:
        if t != t0 and boats:
            tracker.push(t0, boats)
            boats = {}
        t0 = t
        boats[boat] = (x, y, heading)
    if boats:
        tracker.push(t0, boats)
    tracker.close()
    return len([i.to_json() for i in tracker.incidents])
