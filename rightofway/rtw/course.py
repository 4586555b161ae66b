"""Race set-up (RTW 1, 3.1, 3.2): the course, pre-start placement and token limits.

The gate is a buoy and the committee boat on one row; the windward mark lies
to the North. Between them, wind-change flags mark rows where the leading
boat's arrival shifts the wind (RTW 3.3). Every violation of the set-up rules
is a :class:`SetupError` naming what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from rightofway.geometry import Point, chebyshev
from rightofway.rtw.position import Boat, Mark, MarkRole

__all__ = ["Course", "SetupError", "check_placement", "check_tokens"]


class SetupError(ValueError):
    """A race set-up the rules do not allow."""


@dataclass(frozen=True, slots=True)
class Course:
    """A windward-leeward course: the gate (buoy West, committee boat East) and a windward mark.

    ``flags`` are the rows (y) of the wind-change flags; ``laps`` the number of
    times the course is sailed up and down (three by default, RTW 1).
    """

    gate_buoy: Point
    committee_boat: Point
    windward: Point
    flags: tuple[int, ...] = ()
    laps: int = 3

    def __post_init__(self) -> None:
        (bx, by), (cx, cy) = self.gate_buoy, self.committee_boat
        if by != cy:
            raise SetupError("the gate buoy and the committee boat must lie on one row (RTW 1)")
        if cx - bx < 2:
            raise SetupError(
                "the committee boat must lie East of the gate buoy with at least one "
                "intersection of line between them (RTW 1)"
            )
        if self.windward[1] <= by:
            raise SetupError("the windward mark must lie North of the gate (RTW 1)")
        if self.laps < 1:
            raise SetupError("a race has at least one lap")
        for row in self.flags:
            if not by < row < self.windward[1]:
                raise SetupError(
                    f"a wind-change flag on row {row} must lie between the gate (row {by}) "
                    f"and the windward mark (row {self.windward[1]}) (RTW 1)"
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
        return p[1] == self.line_row and self.gate_buoy[0] < p[0] < self.committee_boat[0]

    @property
    def legs(self) -> int:
        """Legs of the race: up and down once per lap."""
        return 2 * self.laps

    def marks(self) -> tuple[Mark, ...]:
        """The course's marks as position marks."""
        return (
            Mark("windward", self.windward, MarkRole.WINDWARD_MARK),
            Mark("gate-buoy", self.gate_buoy, MarkRole.GATE_BUOY),
            Mark("committee-boat", self.committee_boat, MarkRole.COMMITTEE_BOAT),
        )


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
        if b.at in marks or b.at == course.windward:
            raise SetupError(f"boat {b.id} stands on a mark at {list(b.at)}")
    if len(boats) == 2:
        holder, challenger = boats
        if not holder.at[0] > centre:
            raise SetupError(
                f"with two boats the holder ({holder.id}) starts on the East half, right of "
                f"x = {centre:g} (RTW 3.1)"
            )
        if not challenger.at[0] < centre:
            raise SetupError(
                f"with two boats the challenger ({challenger.id}) starts on the West half, left "
                f"of x = {centre:g} (RTW 3.1)"
            )
        return
    for b in boats:
        x, y = b.at
        if course.gate_buoy[0] <= x <= course.committee_boat[0]:
            raise SetupError(
                f"boat {b.id} at {list(b.at)} is in the strip between the gate marks, "
                "forbidden with more than two boats (RTW 3.1)"
            )
        d = min(chebyshev(b.at, m) for m in marks)
        if (y > row and d == 3) or (y <= row and d == 8):
            continue
        raise SetupError(
            f"boat {b.id} at {list(b.at)} must stand 3 intersections from a gate mark above "
            "the line, or 8 from one below or level with it (RTW 3.1)"
        )


def check_tokens(course: Course, yellow: frozenset[Point], blue: frozenset[Point]) -> None:
    """Check where the tokens were laid (RTW 3.2).

    At most ten tokens in the 25 intersections around each mark, none on a
    mark, and tokens on at most half of the starting line's points.
    """
    if yellow & blue:
        p = sorted(yellow & blue)[0]
        raise SetupError(f"{list(p)} holds both a yellow and a blue token")
    tokens = yellow | blue
    for mark in (course.windward, course.gate_buoy, course.committee_boat):
        if mark in tokens:
            raise SetupError(f"a token lies on the mark at {list(mark)}")
        near = [p for p in tokens if chebyshev(p, mark) <= 2]
        if len(near) > 10:
            raise SetupError(
                f"{len(near)} tokens lie within two intersections of the mark at {list(mark)}; "
                "at most 10 are allowed (RTW 3.2)"
            )
    on_line = [p for p in course.line if p in tokens]
    if 2 * len(on_line) > len(course.line):
        raise SetupError(
            f"tokens cover {len(on_line)} of the line's {len(course.line)} points; at most half "
            "may be covered (RTW 3.2)"
        )
