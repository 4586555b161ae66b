"""The simulation's tables: wind from the dice, points of sail, speeds and turn costs.

Every function takes its dice; nothing here rolls. Sections cited are the rulebook's
headings (``SIM Wind``, ``SIM Movement``, ``SIM Turning``, ``SIM The Start``), with the
readings of the project's conventions (``continuous.md``): half-open angle bands, a
speed change leaving 8..16 knots is no change.
"""

from __future__ import annotations

import math
from enum import Enum

from rightofway.errors import InputError
from rightofway.explain import Citation
from rightofway.limits import MAX_NUMBER
from rightofway.positions import as_choice, as_int, as_number, check_name, shown

__all__ = [
    "ANGLE_DECIMALS",
    "BASE_SPEED",
    "COMPASS",
    "SIM",
    "TOLERANCE",
    "PointOfSail",
    "allowance",
    "angle_to_wind",
    "bonus",
    "check_die",
    "compass_degrees",
    "compass_name",
    "direction_change",
    "initial_wind",
    "normalise",
    "point_of_sail",
    "speed_change",
    "start_turns",
    "turn_cost",
    "wind_after_round",
]

SIM = "SIM"
"""Citation code of the simulation rulebook."""

TOLERANCE = 1e-6
"""Units and positions closer than this are equal (a plan spending 4.9999999 of 5 units
spends them all)."""
ANGLE_DECIMALS = 9
"""Angles are rounded to this many decimals before a band is looked up, so that 315
degrees off a North wind is exactly 45 and not 44.99999999999999."""

MAX_KNOTS = 100
"""Strongest wind the tables are asked about, in knots (the game's wind keeps to 8..16)."""
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""The eight points of the compass rose, clockwise from North (die 1 = N ... 8 = NW)."""


def cite(section: str) -> Citation:
    """A citation of the simulation rulebook (``SIM Turning``)."""
    return Citation(SIM, section)


_DEGREES = {name: i * 45.0 for i, name in enumerate(COMPASS)}


def compass_degrees(name: str) -> float:
    """Degrees of a compass point (``NE`` is 45); :class:`TypeError` or
    :class:`~rightofway.errors.InputError` naming the argument for anything else."""
    if type(name) is str:
        degrees = _DEGREES.get(name)
        if degrees is not None:
            return degrees
    return _DEGREES[as_choice(name, "name", COMPASS)]


def compass_name(degrees: float) -> str:
    """The compass point at ``degrees`` (a multiple of 45)."""
    return COMPASS[round(_number(degrees, "degrees") / 45.0) % 8]


def _number(value: object, name: str) -> float:
    """``value`` when it is a finite float within the file limits (the hot path: a type
    and a range compared), else as :func:`~rightofway.positions.as_number` reads it."""
    if type(value) is float and -MAX_NUMBER <= value <= MAX_NUMBER:
        return value
    return as_number(value, name)


def check_die(value: object, name: str, sides: int = 8) -> int:
    """``value`` as one die of ``sides`` faces (2 to 100), or a :class:`TypeError` or
    :class:`~rightofway.errors.InputError` naming the argument ``name``."""
    check_name(name)
    if type(sides) is not int or not 2 <= sides <= 100:
        as_int(sides, "sides", 2, 100)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}: expected a whole number 1..{sides}, got {shown(value, 40)}")
    if not 1 <= value <= sides:
        raise InputError(f"{name}: a d{sides} shows 1..{sides}, got {shown(value)}")
    return value


def initial_wind(direction_die: int, speed_die: int) -> tuple[str, int]:
    """SIM Wind: the wind at the start, from one d8 for the direction (1 = N ... 8 = NW)
    and one for the speed (the die plus 8 knots: 9..16)."""
    check_die(direction_die, "direction_die")
    check_die(speed_die, "speed_die")
    return COMPASS[direction_die - 1], speed_die + 8


def _change(total: int) -> int:
    # the rows of both 2d8 tables: 2 | 3-6 | 7-11 | 12-15 | 16
    if total == 2:
        return -2
    if total <= 6:
        return -1
    if total <= 11:
        return 0
    if total <= 15:
        return 1
    return 2


def direction_change(d1: int, d2: int) -> int:
    """SIM Wind: compass points the wind moves after a round, clockwise positive:
    2d8 of 2 is two points clockwise, 3-6 one, 7-11 none, 12-15 one anticlockwise,
    16 two anticlockwise."""
    check_die(d1, "d1")
    check_die(d2, "d2")
    return -_change(d1 + d2)


def speed_change(d1: int, d2: int) -> int:
    """SIM Wind: knots the wind gains after a round (2: -2, 3-6: -1, 7-11: 0, 12-15: +1,
    16: +2), before the 8..16 limit."""
    check_die(d1, "d1")
    check_die(d2, "d2")
    return _change(d1 + d2)


def wind_after_round(wind: tuple[str, int], direction: tuple[int, int] | None,
                     speed: tuple[int, int] | None) -> tuple[str, int]:
    """SIM Wind: the wind after the end-of-round rolls (a roll not given changes nothing).
    A speed change that would leave 8..16 knots is no change at all (the whole roll, not a
    clamp)."""
    if not isinstance(wind, tuple) or len(wind) != 2:
        raise TypeError(f"wind: expected (direction, knots) such as ('N', 12), got "
                        f"{shown(wind)}")
    name = as_choice(wind[0], "wind[0]", COMPASS)
    knots = as_int(wind[1], "wind[1]", 0, MAX_KNOTS)
    for label, dice in (("direction", direction), ("speed", speed)):
        if dice is not None and (not isinstance(dice, tuple) or len(dice) != 2):
            raise TypeError(f"{label}: expected two dice (d1, d2) or None, got {shown(dice)}")
        if dice is not None:
            check_die(dice[0], f"{label}[0]")
            check_die(dice[1], f"{label}[1]")
    if direction is not None:
        name = COMPASS[(COMPASS.index(name) + direction_change(*direction)) % 8]
    if speed is not None:
        faster = knots + speed_change(*speed)
        knots = faster if 8 <= faster <= 16 else knots
    return name, knots


def start_turns(die: int) -> int:
    """SIM The Start: turns before the starting gun from one d8 (1-2: 2, 3-5: 3,
    6-7: 4, 8: 5)."""
    check_die(die, "die")
    return 2 if die <= 2 else 3 if die <= 5 else 4 if die <= 7 else 5


class PointOfSail(Enum):
    """Points of sail by angle to the wind, in half-open bands (SIM Movement)."""

    IN_IRONS = "in-irons"
    BEAT = "beat"
    REACH = "reach"
    BROAD_REACH = "broad-reach"
    RUN = "run"

    def __str__(self) -> str:
        return self.value


BASE_SPEED = {
    PointOfSail.IN_IRONS: 0,
    PointOfSail.BEAT: 5,
    PointOfSail.REACH: 7,
    PointOfSail.BROAD_REACH: 6,
    PointOfSail.RUN: 3,
}
"""SIM Movement: base speed of each point of sail, in units."""

_BANDS = ((45.0, PointOfSail.IN_IRONS), (68.0, PointOfSail.BEAT), (113.0, PointOfSail.REACH),
          (158.0, PointOfSail.BROAD_REACH))


def normalise(degrees: float) -> float:
    """A heading in [0, 360), rounded to :data:`~rightofway.sim.sailing.ANGLE_DECIMALS` decimals."""
    return _normalise(_number(degrees, "degrees"))


def _normalise(degrees: float) -> float:
    h = round(degrees % 360.0, ANGLE_DECIMALS)
    return 0.0 if h >= 360.0 else h + 0.0


def angle_to_wind(heading: float, wind: float) -> float:
    """The smallest angle between a heading and the direction the wind comes from, 0..180."""
    return _angle_to_wind(_number(heading, "heading"), _number(wind, "wind"))


def _angle_to_wind(heading: float, wind: float) -> float:
    d = (heading - wind) % 360.0
    return round(min(d, 360.0 - d), ANGLE_DECIMALS)


def point_of_sail(heading: float, wind: float) -> PointOfSail:
    """SIM Movement: in irons [0, 45), beat [45, 68), reach [68, 113), broad reach
    [113, 158), run [158, 180] degrees from the wind."""
    return _point_of_sail(_number(heading, "heading"), _number(wind, "wind"))


def _point_of_sail(heading: float, wind: float) -> PointOfSail:
    """:func:`point_of_sail` of headings already checked (the moves' hot path)."""
    angle = _angle_to_wind(heading, wind)
    for upper, point in _BANDS:
        if angle < upper:
            return point
    return PointOfSail.RUN


def bonus(knots: int) -> int:
    """SIM Movement: the wind's bonus (8-11 knots +0, 12-14 +1, 15-16 +2)."""
    if type(knots) is not int or not 0 <= knots <= MAX_KNOTS:
        as_int(knots, "knots", 0, MAX_KNOTS)
    return 0 if knots <= 11 else 1 if knots <= 14 else 2


def allowance(point: PointOfSail, knots: int) -> int:
    """Units a boat on ``point`` (a :class:`PointOfSail` or its name, ``"beat"``) may use in
    a turn: base speed plus the wind's bonus; none in irons."""
    if type(point) is not PointOfSail:
        point = PointOfSail(as_choice(point, "point", [p.value for p in PointOfSail]))
    if type(knots) is not int or not 0 <= knots <= MAX_KNOTS:
        as_int(knots, "knots", 0, MAX_KNOTS)
    return _allowance(point, knots)


def _allowance(point: PointOfSail, knots: int) -> int:
    """:func:`allowance` of a point of sail and knots already checked (the hot path)."""
    if point is PointOfSail.IN_IRONS:
        return 0
    return BASE_SPEED[point] + (0 if knots <= 11 else 1 if knots <= 14 else 2)


def turn_cost(degrees: float) -> int:
    """SIM Turning: one unit for every 60 degrees turned or part of 60 (``T0`` is free)."""
    return _turn_cost(_number(degrees, "degrees"))


def _turn_cost(degrees: float) -> int:
    return math.ceil(round(abs(degrees) / 60.0, ANGLE_DECIMALS))
