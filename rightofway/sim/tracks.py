"""A simulation race as tracks: what ``rightofway play --ruleset simulation --tracks out.csv``
writes, for ``rightofway incidents`` (:mod:`rightofway.rrs.tracks`) to read back.

The game moves one boat at a time; boats on the water move together. So each round of the
race takes :data:`SECONDS_PER_ROUND` seconds, and every boat that moves in it sails her
plan's path through that round, at an even speed along the path: a fix at each point of
the path, timed by the distance sailed. At the end of every round each boat is where the
race left her, with her heading, so the tracks and the race agree at those moments (in
between, the tracks show the boats moving together where the race moved them in turn).

The units of the plane become metres with a hull of :data:`HULL_METRES`; the course file
beside the tracks gives that hull length, the wind of every round (a schedule that changes
at the end of each round, as the race's wind does), the starting signal (the end of the
round whose turns run out before the start) and the marks, left to port as the race rounds
them. A finished boat's track ends at her finish.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rightofway.sim.race import Race

__all__ = ["HULL_METRES", "SECONDS_PER_ROUND", "course_document", "course_path", "fixes",
           "write_tracks"]

SECONDS_PER_ROUND = 20.0
"""How long a round of the game lasts on the tracks."""
HULL_METRES = 10.0
"""A hull's length in metres on the tracks."""

Fix = tuple[float, str, float, float, float]
"""``(time, boat, x, y, heading)``: seconds, metres east and north, degrees true."""


def _bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360.0


def fixes(race: Race) -> Iterator[Fix]:
    """Every boat's fixes from the start of ``race`` to the state it is in, in time order
    (then by boat, in the order the boats are listed)."""
    chain = race.states
    first = chain[0].position
    scale = HULL_METRES / first.hull_length
    out: list[tuple[float, int, Fix]] = []
    order = {b.id: i for i, b in enumerate(first.boats)}

    def add(t: float, boat: str, at: tuple[float, float], heading: float) -> None:
        out.append((t, order[boat], (round(t, 3), boat, round(at[0] * scale, 4),
                                     round(at[1] * scale, 4), round(heading % 360.0, 3))))

    for b in first.boats:
        add(0.0, b.id, b.at, b.heading)
    for before, after in pairwise(chain):
        assert after.last is not None
        move = after.last[0]
        start = (before.round - 1) * SECONDS_PER_ROUND
        path = _path(before, move)
        end = after.position.boat(move.boat)
        legs = [math.dist(p, q) for p, q in pairwise(path)]
        total = sum(legs)
        sailed = 0.0
        for i in range(1, len(path) - 1):  # the points between: each with her new heading
            sailed += legs[i - 1]
            add(start + SECONDS_PER_ROUND * sailed / total, move.boat, path[i],
                _bearing(path[i], path[i + 1]))
        add(start + SECONDS_PER_ROUND, move.boat, end.at, end.heading)
    out.sort(key=lambda f: (f[0], f[1]))
    yield from (f for _, _, f in out)


def _path(before: Race, move: Any) -> list[tuple[float, float]]:
    """The points of the move's path, each once (a turn on the spot adds none)."""
    from rightofway.sim import moves

    path: list[tuple[float, float]] = []
    for p in moves.account(before.position, move.boat, move.plan).path:
        if not path or p != path[-1]:
            path.append(p)
    return path


def course_document(race: Race) -> dict[str, Any]:
    """The course file of ``race``'s tracks (:mod:`rightofway.rrs.tracks`' format)."""
    chain = race.states
    first = chain[0].position
    scale = HULL_METRES / first.hull_length
    wind = [{"time": 0.0, "from": first.wind_degrees}]
    start: float | None = 0.0 if first.start_turns_left == 0 else None
    for before, after in pairwise(chain):
        if after.round != before.round:  # the round ended: the wind of the next one
            t = before.round * SECONDS_PER_ROUND
            if after.position.wind_degrees != wind[-1]["from"]:
                wind.append({"time": t, "from": after.position.wind_degrees})
            if start is None and after.position.start_turns_left == 0:
                start = t
    doc: dict[str, Any] = {
        "hull_length": HULL_METRES,
        "wind": wind[0]["from"] if len(wind) == 1 else wind,
        "marks": [{"id": m.id, "at": [round(m.at[0] * scale, 4), round(m.at[1] * scale, 4)],
                   "leave_to": "port"} for m in race.course.marks],
    }
    if start is not None:
        doc["start"] = start
    return doc


def course_path(tracks: Path) -> Path:
    """Where the course file of the tracks file ``tracks`` goes: beside it,
    ``NAME.course.yaml``."""
    return tracks.with_name(f"{tracks.stem}.course.yaml")


def write_tracks(race: Race, path: Path) -> Path:
    """Write ``race``'s tracks to the CSV file ``path`` (columns ``time, boat, x, y,
    heading``) and its course file beside it (:func:`course_path`); returns the course
    file's path. Both are written whole or not at all (each to a temporary name first)."""
    import yaml

    course = course_path(path)
    tmp_tracks = path.with_name(path.name + ".part")
    tmp_course = course.with_name(course.name + ".part")
    try:
        with tmp_tracks.open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(["time", "boat", "x", "y", "heading"])
            w.writerows(fixes(race))
        tmp_course.write_text(yaml.safe_dump(course_document(race), sort_keys=False,
                                             default_flow_style=None),
                              encoding="utf-8")
        tmp_tracks.replace(path)
        tmp_course.replace(course)
    finally:
        tmp_tracks.unlink(missing_ok=True)
        tmp_course.unlink(missing_ok=True)
    return course
