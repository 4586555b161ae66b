"""Race set-up (RTW 1, 3.1, 3.2): the course, pre-start placement and token limits.

The gate is a buoy and the committee boat on one row; the windward mark lies
to the North. Between them, wind-change flags mark rows where the leading
boat's arrival shifts the wind (RTW 3.3). Every violation of the set-up rules
is a :class:`SetupError` naming what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rightofway.errors import InputError
from rightofway.geometry import Point, chebyshev
from rightofway.limits import MAX_BOATS, MAX_COORD, MAX_LAPS
from rightofway.positions import as_choice, as_int, as_point, as_tuple_of, shown
from rightofway.races import SetupError
from rightofway.rtw.position import Boat, Mark, MarkRole
from rightofway.rtw.sections import RTW1, RTW31, RTW32, RTW38

__all__ = [
    "COURSES",
    "DEFAULT_COURSE",
    "LAYOUTS",
    "Course",
    "Layout",
    "SetupError",
    "check_placement",
    "check_tokens",
]


Layout = Literal["windward-leeward", "windward-gate", "triangle"]
"""The course: the stick of RTW 1, or a variant of RTW 3.8 (figure 15)."""
LAYOUTS: tuple[Layout, ...] = ("windward-leeward", "windward-gate", "triangle")
EXTRA_ID = {"windward-gate": "windward-2", "triangle": "reach"}
"""The id of the second buoy of each variant course."""

LegKind = Literal["start", "upwind", "reach", "downwind", "final"]
MAX_REACH = 20
"""Farthest from the gate :meth:`Course.start_places` looks for places (``reach``)."""
MAX_SPAN = 200
"""Most intersections a course's marks lie from its gate buoy (across or up)."""
MAX_MARK = MAX_COORD - 2 * MAX_REACH
"""Largest magnitude of a mark's coordinate: a race set up round the course keeps its
boats and tokens within :data:`~rightofway.limits.MAX_COORD`, as its record must."""


@dataclass(frozen=True, slots=True)
class Course:
    """A course: the gate (buoy West, committee boat East), a windward mark, maybe a second buoy.

    ``flags`` are the rows (y) of the wind-change flags; ``laps`` the number of
    times the course is sailed round (three by default, RTW 1). ``layout`` picks a
    variant of RTW 3.8 (figure 15): ``windward-gate`` adds a second buoy ``extra``
    on the windward mark's row, and boats round either windward buoy;
    ``triangle`` adds a reach mark ``extra`` on a broad reach (South-East, on the
    diagonal) from the windward mark, rounded clockwise after it.
    """

    gate_buoy: Point
    committee_boat: Point
    windward: Point
    flags: tuple[int, ...] = ()
    laps: int = 3
    layout: Layout = "windward-leeward"
    extra: Point | None = None

    def __post_init__(self) -> None:
        for name in ("gate_buoy", "committee_boat", "windward"):
            object.__setattr__(self, name, as_point(getattr(self, name), name, MAX_MARK))
        if self.extra is not None:
            object.__setattr__(self, "extra", as_point(self.extra, "extra", MAX_MARK))
        for name in ("committee_boat", "windward", "extra"):
            p = getattr(self, name)
            if p is not None and max(abs(p[0] - self.gate_buoy[0]),
                                     abs(p[1] - self.gate_buoy[1])) > MAX_SPAN:
                raise InputError(f"{name}: a course spans at most {MAX_SPAN} intersections from "
                                 f"the gate buoy, got {list(p)}")
        flags = as_tuple_of(self.flags, int, "flags")
        for i, row in enumerate(flags):
            as_int(row, f"flags[{i}]")
        object.__setattr__(self, "flags", flags)
        as_int(self.laps, "laps", None, MAX_LAPS)
        if not isinstance(self.layout, str):
            as_choice(self.layout, "layout", LAYOUTS)
        (bx, by), (cx, cy) = self.gate_buoy, self.committee_boat
        if by != cy:
            raise SetupError("the gate buoy and the committee boat must lie on one row", RTW1)
        if cx - bx < 2:
            raise SetupError(
                "the committee boat must lie East of the gate buoy with at least one "
                "intersection of line between them",
                RTW1,
            )
        if self.windward[1] <= by:
            raise SetupError("the windward mark must lie North of the gate", RTW1)
        if self.laps < 1:
            raise SetupError("a race has at least one lap", RTW1)
        for row in self.flags:
            if not by < row < self.windward[1]:
                raise SetupError(
                    f"a wind-change flag on row {row} must lie between the gate (row {by}) "
                    f"and the windward mark (row {self.windward[1]})",
                    RTW1,
                )
        if self.layout not in LAYOUTS:
            raise SetupError(f"layout must be one of {', '.join(LAYOUTS)}, not "
                             f"{shown(self.layout)}", RTW38)
        self._check_extra()

    def _check_extra(self) -> None:
        wx, wy = self.windward
        if self.layout == "windward-leeward":
            if self.extra is not None:
                raise SetupError("a second buoy needs the windward-gate or triangle layout",
                                 RTW38)
            return
        if self.extra is None:
            raise SetupError(f"the {self.layout} layout needs its second buoy, extra", RTW38)
        ex, ey = self.extra
        if self.layout == "windward-gate":
            if ey != wy or abs(ex - wx) < 2:
                raise SetupError(
                    "the second windward buoy lies on the windward mark's row, at least two "
                    f"intersections from it (figure 15-a); got {list(self.extra)}",
                    RTW38,
                )
        elif not (ex - wx == wy - ey >= 2 and ey > self.line_row):
            raise SetupError(
                "the reach mark of a triangle lies on a broad reach from the windward mark: "
                "South-East of it on the diagonal, at least two intersections away and North "
                f"of the line (figure 15-b); got {list(self.extra)}",
                RTW38,
            )

    @property
    def line_row(self) -> int:
        """The row of the starting and finishing line."""
        return self.gate_buoy[1]

    @property
    def line(self) -> tuple[Point, ...]:
        """The intersections of the line strictly between the buoy and the committee boat."""
        row = self.line_row
        return tuple((x, row) for x in range(self.gate_buoy[0] + 1, self.committee_boat[0]))

    def on_line(self, p: Point) -> bool:
        """Whether ``p`` is one of the line's intersections."""
        p = as_point(p, "p")
        return p[1] == self.line_row and self.gate_buoy[0] < p[0] < self.committee_boat[0]

    @property
    def legs_per_lap(self) -> int:
        """Two (up and down), or three on a triangle (up, reach, down)."""
        return 3 if self.layout == "triangle" else 2

    @property
    def legs(self) -> int:
        """Legs of the race: every leg of every lap."""
        return self.legs_per_lap * self.laps

    def leg_kind(self, leg: int) -> LegKind:
        """What leg ``leg`` is: before the start, a beat, the reach, a run, or the last leg."""
        if type(leg) is not int:
            as_int(leg, "leg")
        if leg <= 0:
            return "start"
        if leg >= self.legs:
            return "final"
        k = (leg - 1) % self.legs_per_lap
        if k == 0:
            return "upwind"
        if k == 1 and self.layout == "triangle":
            return "reach"
        return "downwind"

    def rounding(self, leg: int) -> str | tuple[str, ...]:
        """The kernel ``leg`` of a boat on race leg ``leg``: which marks it rounds (RTW 3.6)."""
        kind = self.leg_kind(leg)
        if kind == "start":
            return "start"
        if kind == "final" or leg > self.legs:
            return "finish"
        if kind == "upwind":
            return ("windward", "windward-2") if self.layout == "windward-gate" else "windward"
        if kind == "reach":
            return "reach"
        return "gate-buoy"

    def marks(self) -> tuple[Mark, ...]:
        """The course's marks as position marks."""
        out: tuple[Mark, ...] = (
            Mark("windward", self.windward, MarkRole.WINDWARD_MARK),
            Mark("gate-buoy", self.gate_buoy, MarkRole.GATE_BUOY),
            Mark("committee-boat", self.committee_boat, MarkRole.COMMITTEE_BOAT),
        )
        if self.extra is not None:
            out += (Mark(EXTRA_ID[self.layout], self.extra, MarkRole.EXTRA_MARK),)
        return out

    def start_places(self, boats: int, role: Literal["holder", "challenger"] | None = None,
                     *, reach: int = 9) -> tuple[Point, ...]:
        """Where a boat of a fleet of ``boats`` may be placed before the start (RTW 3.1).

        More than two boats: every intersection exactly three (king moves) from a
        gate mark above the line, or exactly eight from one below or level with it,
        outside the strip between the gate marks. Two boats: every intersection of
        the half of the racing area of ``role`` (the holder East, the challenger
        West), within ``reach`` of the gate. Nearest the line first; marks excluded.
        A race of N boats is set up by placing each on one of these
        (:meth:`rightofway.rtw.Race.new` checks them).
        """
        as_int(boats, "boats", 1, MAX_BOATS)
        if role is not None:
            as_choice(role, "role", ("holder", "challenger"))
        as_int(reach, "reach", 0, MAX_REACH)
        row = self.line_row
        gate = (self.gate_buoy, self.committee_boat)
        lo, hi = self.gate_buoy[0], self.committee_boat[0]
        centre = (lo + hi) / 2
        spots = []
        for x in range(lo - reach, hi + reach + 1):
            for y in range(row - reach, row + reach + 1):
                p = (x, y)
                if p in self.mark_points:
                    continue
                if boats == 2:
                    if role is None:
                        raise InputError("role: with two boats say whose places: 'holder' or "
                                         "'challenger'")
                    if (x > centre if role == "holder" else x < centre):
                        spots.append(p)
                    continue
                if lo <= x <= hi:
                    continue
                d = min(chebyshev(p, m) for m in gate)
                if (y > row and d == 3) or (y <= row and d == 8):
                    spots.append(p)
        return tuple(sorted(spots, key=lambda p: (abs(p[1] - row), p)))

    @property
    def mark_points(self) -> tuple[Point, ...]:
        """Where the course's marks stand."""
        return tuple(m.at for m in self.marks())


DEFAULT_COURSE = Course(gate_buoy=(0, 0), committee_boat=(6, 0), windward=(3, 18),
                        flags=(6, 12), laps=3)
"""The windward-leeward course races are sailed on unless another is named (RTW 1)."""
COURSES: dict[str, Course] = {
    "windward-leeward": DEFAULT_COURSE,
    "windward-gate": Course((0, 0), (6, 0), (3, 18), flags=(6, 12), laps=3,
                            layout="windward-gate", extra=(0, 18)),
    "triangle": Course((0, 0), (6, 0), (3, 18), flags=(6, 12), laps=3, layout="triangle",
                       extra=(9, 12)),
}
"""The named courses (RTW 1, 3.8): :meth:`rightofway.rtw.Race.new` and ``rightofway play
--course`` take their names."""


def check_placement(course: Course, boats: tuple[Boat, ...] | list[Boat]) -> None:
    """Check the pre-start positions of the boats (RTW 3.1).

    Two boats: the holder (the first) takes the East half of the racing area
    and the challenger the West half, anywhere above or below the line. More
    boats: each stands three intersections from a gate mark above the line, or
    eight from one below or level with it, and never in the strip between the
    two gate marks.
    """
    marks = (course.gate_buoy, course.committee_boat)
    row = course.line_row
    centre = (course.gate_buoy[0] + course.committee_boat[0]) / 2
    for b in boats:
        if b.at in course.mark_points:
            raise SetupError(f"boat {b.id} stands on a mark at {list(b.at)}", RTW31)
    if len(boats) == 2:
        holder, challenger = boats
        if not holder.at[0] > centre:
            raise SetupError(
                f"with two boats the holder ({holder.id}) starts on the East half, east of the "
                f"middle of the line at x {centre:g}",
                RTW31,
            )
        if not challenger.at[0] < centre:
            raise SetupError(
                f"with two boats the challenger ({challenger.id}) starts on the West half, west "
                f"of the middle of the line at x {centre:g}",
                RTW31,
            )
        return
    for b in boats:
        x, y = b.at
        if course.gate_buoy[0] <= x <= course.committee_boat[0]:
            raise SetupError(
                f"boat {b.id} at {list(b.at)} is in the strip between the gate marks, "
                "forbidden with more than two boats",
                RTW31,
            )
        d = min(chebyshev(b.at, m) for m in marks)
        if (y > row and d == 3) or (y <= row and d == 8):
            continue
        raise SetupError(
            f"boat {b.id} at {list(b.at)} must stand exactly 3 intersections (king moves) from "
            "a gate mark above the line, or exactly 8 from one below or level with it",
            RTW31,
        )


def check_tokens(course: Course, yellow: frozenset[Point], blue: frozenset[Point]) -> None:
    """Check where the tokens were laid (RTW 3.2).

    At most ten tokens in the 25 intersections around each mark, none on a
    mark, and tokens on at most half of the starting line's points.
    """
    if yellow & blue:
        p = sorted(yellow & blue)[0]
        raise SetupError(f"{list(p)} holds both a yellow and a blue token", RTW32)
    tokens = yellow | blue
    for mark in course.mark_points:
        if mark in tokens:
            raise SetupError(f"a token lies on the mark at {list(mark)}", RTW32)
        near = [p for p in tokens if chebyshev(p, mark) <= 2]
        if len(near) > 10:
            raise SetupError(
                f"{len(near)} tokens lie within two intersections of the mark at {list(mark)}; "
                "at most 10 are allowed",
                RTW32,
            )
    on_line = [p for p in course.line if p in tokens]
    if 2 * len(on_line) > len(course.line):
        raise SetupError(
            f"tokens cover {len(on_line)} of the line's {len(course.line)} points; at most half "
            "may be covered",
            RTW32,
        )
