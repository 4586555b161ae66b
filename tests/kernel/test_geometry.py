"""The shared geometry against the conventions' definitions."""

from __future__ import annotations

import pytest

from rightofway.geometry import (
    Compass,
    PointOfSail,
    Tack,
    angle_off_wind,
    chebyshev,
    cone,
    depth,
    downwind_step,
    point_of_sail,
    tack,
    within_zone,
)


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        (Compass.N, Tack.NONE),
        (Compass.NE, Tack.PORT),
        (Compass.E, Tack.PORT),
        (Compass.SE, Tack.PORT),
        (Compass.S, Tack.STARBOARD),  # a run counts as starboard (RTW 2)
        (Compass.SW, Tack.STARBOARD),
        (Compass.W, Tack.STARBOARD),
        (Compass.NW, Tack.STARBOARD),
    ],
)
def test_tack_in_a_north_wind(heading: Compass, expected: Tack) -> None:
    assert tack(heading, Compass.N) is expected


def test_tack_follows_the_wind_round() -> None:
    # An east wind: a boat heading N has the wind on its right side.
    assert tack(Compass.N, Compass.E) is Tack.STARBOARD
    assert tack(Compass.S, Compass.E) is Tack.PORT
    assert tack(Compass.E, Compass.E) is Tack.NONE
    assert tack(Compass.W, Compass.E, run=Tack.PORT) is Tack.PORT


@pytest.mark.parametrize(
    ("heading", "angle", "pos"),
    [
        (Compass.N, 0, PointOfSail.HEAD_TO_WIND),
        (Compass.NE, 45, PointOfSail.CLOSE_HAULED),
        (Compass.W, 90, PointOfSail.BEAM_REACH),
        (Compass.SE, 135, PointOfSail.BROAD_REACH),
        (Compass.S, 180, PointOfSail.RUN),
    ],
)
def test_angle_and_point_of_sail(heading: Compass, angle: int, pos: PointOfSail) -> None:
    assert angle_off_wind(heading, Compass.N) == angle
    assert point_of_sail(angle) is pos


def test_continuous_angles_name_the_nearest_point_of_sail() -> None:
    assert point_of_sail(40.0) is PointOfSail.CLOSE_HAULED
    assert point_of_sail(100.0) is PointOfSail.BEAM_REACH
    assert point_of_sail(170.0) is PointOfSail.RUN


def test_leeward_is_further_downwind() -> None:
    d = downwind_step(Compass.N)
    assert d == (0, -1)
    assert depth((0, 0), d) > depth((0, 1), d)  # the southern boat is to leeward
    assert depth((5, 3), d) == depth((-2, 3), d)  # same wind line
    ne = downwind_step(Compass.NE)
    assert ne == (-1, -1)
    assert depth((0, 0), ne) > depth((1, 0), ne)


def test_compass_rotation_and_steps() -> None:
    assert Compass.NW.rotate(90) is Compass.NE
    assert Compass.N.rotate(-45) is Compass.NW
    assert Compass.SE.step == (1, -1)
    assert Compass.from_step((-1, 1)) is Compass.NW
    assert eval(repr(Compass.SW)) is Compass.SW
    with pytest.raises(ValueError, match="multiple of 45"):
        Compass.N.rotate(30)


def test_zone_is_twenty_five_intersections() -> None:
    centre = (3, 7)
    cells = [(x, y) for x in range(-5, 12) for y in range(0, 15) if within_zone((x, y), centre)]
    assert len(cells) == 25
    assert chebyshev((5, 9), centre) == 2


def test_cone_downwind() -> None:
    c = cone((0, 0), (0, -1), 2)
    assert c == {(0, -1), (-1, -1), (1, -1), (0, -2), (-1, -2), (1, -2), (-2, -2), (2, -2)}
    diag = cone((0, 0), (-1, -1), 1)
    assert diag == {(-1, 0), (-1, -1), (0, -1)}
    assert cone((0, 0), (0, -1), 0) == frozenset()
