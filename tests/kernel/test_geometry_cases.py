"""The shared geometry, case by case, against the conventions' definitions.

Written to kill mutants that tests/kernel/test_geometry.py lets live (docs/mutation-testing.rst).
Every expectation is worked out by hand from the conventions (spec "Geometry"): bearings
clockwise from North, ``r = (wind - heading) mod 360``, the unit steps, depth along the
downwind step, king-move distances, and the two-length zone of RTW 3.6.
"""

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
    euclidean_sq,
    norm_bearing,
    point_of_sail,
    tack,
    within_zone,
)


@pytest.mark.parametrize(
    ("heading", "wind", "angle", "expected_tack"),
    [
        # r = (wind - heading) mod 360, worked out by hand
        (Compass.W, Compass.N, 90, Tack.STARBOARD),  # r = 90
        (Compass.E, Compass.N, 90, Tack.PORT),  # r = 270
        (Compass.SW, Compass.N, 135, Tack.STARBOARD),  # r = 135
        (Compass.SE, Compass.N, 135, Tack.PORT),  # r = 225
        (Compass.N, Compass.E, 90, Tack.STARBOARD),  # r = 90
        (Compass.S, Compass.E, 90, Tack.PORT),  # r = 270
        (Compass.SW, Compass.E, 135, Tack.PORT),  # r = 90 - 225 mod 360 = 225
        (Compass.NW, Compass.NE, 90, Tack.STARBOARD),  # r = 45 - 315 mod 360 = 90
        (Compass.SE, Compass.NE, 90, Tack.PORT),  # r = 45 - 135 mod 360 = 270
        (Compass.W, Compass.NE, 135, Tack.STARBOARD),  # r = 45 - 270 mod 360 = 135
        (Compass.S, Compass.NE, 135, Tack.PORT),  # r = 45 - 180 mod 360 = 225
        (Compass.NE, Compass.NE, 0, Tack.NONE),  # head to wind
        (Compass.SW, Compass.NE, 180, Tack.STARBOARD),  # a dead run: starboard (RTW 2)
        (Compass.E, Compass.W, 180, Tack.STARBOARD),
        (Compass.N, Compass.NW, 45, Tack.PORT),  # r = 315 - 0 = 315
        (Compass.W, Compass.NW, 45, Tack.STARBOARD),  # r = 315 - 270 = 45
    ],
)
def test_angle_and_tack_for_other_winds(heading: Compass, wind: Compass, angle: int,
                                        expected_tack: Tack) -> None:
    assert angle_off_wind(heading, wind) == angle
    assert tack(heading, wind) is expected_tack


def test_a_dead_run_takes_the_tack_the_ruleset_gives_it() -> None:
    # r = 180 exactly: the ``run`` argument decides; other angles ignore it
    assert tack(Compass.S, Compass.N, run=Tack.PORT) is Tack.PORT
    assert tack(Compass.S, Compass.N, run=Tack.NONE) is Tack.NONE
    assert tack(Compass.SW, Compass.N, run=Tack.PORT) is Tack.STARBOARD
    assert tack(Compass.SE, Compass.N, run=Tack.STARBOARD) is Tack.PORT
    assert tack(Compass.N, Compass.N, run=Tack.PORT) is Tack.NONE


def test_angle_off_wind_is_the_smaller_angle_with_float_bearings() -> None:
    assert angle_off_wind(10.0, 350.0) == 20.0  # r = 340, the other way round is 20
    assert angle_off_wind(350.0, 10.0) == 20.0
    assert angle_off_wind(0.0, 180.0) == 180.0
    assert angle_off_wind(181.0, 0.0) == 179.0


@pytest.mark.parametrize(
    ("angle", "pos"),
    [
        # the documented mapping: the nearest named angle, a tie going to the wider one
        (0.0, PointOfSail.HEAD_TO_WIND),
        (22.4, PointOfSail.HEAD_TO_WIND),
        (22.5, PointOfSail.CLOSE_HAULED),
        (67.4, PointOfSail.CLOSE_HAULED),
        (67.5, PointOfSail.BEAM_REACH),
        (112.4, PointOfSail.BEAM_REACH),
        (112.5, PointOfSail.BROAD_REACH),
        (157.4, PointOfSail.BROAD_REACH),
        (157.5, PointOfSail.RUN),
        (180.0, PointOfSail.RUN),
    ],
)
def test_point_of_sail_boundaries(angle: float, pos: PointOfSail) -> None:
    assert point_of_sail(angle) is pos


def test_norm_bearing_folds_into_a_turn() -> None:
    assert norm_bearing(360) == 0
    assert norm_bearing(-45) == 315
    assert norm_bearing(765) == 45
    assert norm_bearing(359.5) == 359.5


@pytest.mark.parametrize(
    ("wind", "step"),
    [
        (Compass.N, (0, -1)),
        (Compass.NE, (-1, -1)),
        (Compass.E, (-1, 0)),
        (Compass.SE, (-1, 1)),
        (Compass.S, (0, 1)),
        (Compass.SW, (1, 1)),
        (Compass.W, (1, 0)),
        (Compass.NW, (1, -1)),
    ],
)
def test_the_wind_blows_towards_the_opposite_step(wind: Compass, step: tuple[int, int]) -> None:
    assert downwind_step(wind) == step
    assert wind.opposite().step == step
    assert Compass.from_step(step) is wind.opposite()


def test_depth_is_the_projection_on_the_downwind_step() -> None:
    # an East wind blows towards the West: the western boat is to leeward
    d = downwind_step(Compass.E)
    assert depth((-3, 5), d) == 3
    assert depth((2, -7), d) == -2
    # a South-West wind blows towards the North-East
    assert depth((2, 3), downwind_step(Compass.SW)) == 5
    assert depth((0.5, 0.25), (0.0, -1.0)) == -0.25


def test_distances() -> None:
    assert chebyshev((1, 2), (4, -3)) == 5
    assert chebyshev((4, -3), (1, 2)) == 5
    assert chebyshev((-2, 0), (1, 1)) == 3
    assert chebyshev((0, 0), (0, 0)) == 0
    assert euclidean_sq((1, 2), (4, 6)) == 25
    assert euclidean_sq((4, 6), (1, 2)) == 25
    assert euclidean_sq((0, 0), (2, -1)) == 5
    assert euclidean_sq((-1, 3), (2, 3)) == 9


def test_zone_edge_and_other_radii() -> None:
    assert within_zone((2, 2), (0, 0))  # perimeter included (RTW 3.6)
    assert within_zone((-2, 1), (0, 0))
    assert not within_zone((3, 0), (0, 0))
    assert not within_zone((0, -3), (0, 0))
    assert within_zone((1, 1), (0, 0), radius=1)
    assert not within_zone((2, 0), (0, 0), radius=1)
    assert within_zone((3, -3), (0, 0), radius=3)


def test_cone_deeper_and_along_other_winds() -> None:
    # North wind, depth 3: 1 + 3 + 5 ... within 45 degrees of dead downwind
    c3 = cone((10, 10), (0, -1), 3)
    assert len(c3) == 3 + 5 + 7
    assert (10, 7) in c3 and (13, 7) in c3 and (7, 7) in c3
    assert (11, 10) not in c3 and (10, 11) not in c3 and (10, 10) not in c3
    assert (12, 9) not in c3  # more than 45 degrees off
    # an East wind's shadow lies to the West
    assert cone((0, 0), (-1, 0), 1) == {(-1, -1), (-1, 0), (-1, 1)}
    assert cone((0, 0), (1, -1), 1) == {(1, 0), (1, -1), (0, -1)}
    assert cone((5, 5), (1, 1), 2) == {(6, 5), (6, 6), (5, 6), (7, 7), (7, 6), (6, 7),
                                       (7, 5), (5, 7)}


@pytest.mark.parametrize(
    ("direction", "degrees", "expected"),
    [
        (Compass.N, 45, Compass.NE),
        (Compass.N, -90, Compass.W),
        (Compass.NW, 45, Compass.N),
        (Compass.E, 360, Compass.E),
        (Compass.SW, -270, Compass.NW),
        (Compass.S, 180, Compass.N),
    ],
)
def test_rotation(direction: Compass, degrees: int, expected: Compass) -> None:
    assert direction.rotate(degrees) is expected


def test_opposites() -> None:
    assert {c: c.opposite() for c in Compass} == {
        Compass.N: Compass.S, Compass.NE: Compass.SW, Compass.E: Compass.W,
        Compass.SE: Compass.NW, Compass.S: Compass.N, Compass.SW: Compass.NE,
        Compass.W: Compass.E, Compass.NW: Compass.SE,
    }


def test_coerce_accepts_names_bearings_and_members() -> None:
    assert Compass.coerce("SE") is Compass.SE
    assert Compass.coerce(315) is Compass.NW
    assert Compass.coerce(0) is Compass.N
    assert Compass.coerce(Compass.W) is Compass.W


@pytest.mark.parametrize("value", ["north", "X", "n"])
def test_coerce_refuses_other_names_naming_the_field(value: object) -> None:
    with pytest.raises(ValueError, match=r"^wind: expected one of N NE E SE S SW W NW"):
        Compass.coerce(value, "wind")


@pytest.mark.parametrize("value", [30, 360, -45])
def test_coerce_refuses_bearings_off_the_compass_naming_the_field(value: object) -> None:
    with pytest.raises((ValueError, TypeError), match=r"^wind: expected "):
        Compass.coerce(value, "wind")


@pytest.mark.parametrize("value", [45.0, None, True, [0]])
def test_coerce_refuses_other_types_naming_the_field(value: object) -> None:
    with pytest.raises(TypeError, match=r"^heading: expected a compass direction"):
        Compass.coerce(value)


def test_from_step_refuses_a_step_that_is_not_a_unit() -> None:
    with pytest.raises(ValueError, match=r"\(2, 0\) is not a unit compass step"):
        Compass.from_step((2, 0))
    with pytest.raises(ValueError, match="not a unit compass step"):
        Compass.from_step((0, 0))


def test_float_bearings_just_past_a_dead_run() -> None:
    # r = 180.5: past the dead run, so port, and 179.5 degrees off the wind
    assert tack(0.0, 180.5) is Tack.PORT
    assert tack(0.0, 179.5) is Tack.STARBOARD
    assert angle_off_wind(0.0, 180.5) == 179.5


def test_the_cone_stops_at_45_degrees_off_its_axis() -> None:
    # (4, -3) is 53 degrees off dead downwind of a North wind, (3, -3) exactly 45
    deep = cone((0, 0), (0, -1), 4)
    assert (3, -3) in deep and (4, -3) not in deep and (4, -4) in deep
    # off a diagonal: (3, -1) is 63 degrees off (1, 1); (3, 0) is 45
    diag = cone((0, 0), (1, 1), 3)
    assert (3, 0) in diag and (3, -1) not in diag and (-1, 3) not in diag
