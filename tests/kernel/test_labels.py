"""Label placement: text extents, boxes, and the search for a spot that covers nothing."""

from __future__ import annotations

import pytest

from rightofway.labels import (
    box_of,
    distance,
    inflate,
    overlap,
    place_text,
    text_box,
    text_extent,
)

BOUNDS = (0.0, 0.0, 400.0, 300.0)


def test_text_extent_bounds_what_a_browser_lays_out() -> None:
    # measured in Chromium at 10 px: "blue (leg 1)" in bold DejaVu Sans is 66 px wide, in
    # the Arial-like default face 53 px; the bound holds both
    assert 66 <= text_extent("blue (leg 1)", 10, bold=True) <= 80
    assert text_extent("W", 10, bold=True) == pytest.approx(11)
    assert text_extent("ab", 12) == 2 * text_extent("a", 12)
    assert text_extent("", 12) == 0


def test_text_box_follows_the_anchor_and_the_baseline() -> None:
    w = text_extent("mark", 10)
    assert text_box(100, 50, "mark", 10) == pytest.approx((100, 42.2, 100 + w, 52.4))
    assert text_box(100, 50, "mark", 10, anchor="end")[2] == pytest.approx(100)
    left, _, right, _ = text_box(100, 50, "mark", 10, anchor="middle")
    assert (left + right) / 2 == pytest.approx(100)
    assert text_box(100, 50, "mark", 10, pad=2) == pytest.approx(
        inflate(text_box(100, 50, "mark", 10), 2))


def test_boxes_overlap_distance_and_union() -> None:
    a, b = (0.0, 0.0, 10.0, 10.0), (5.0, 5.0, 20.0, 20.0)
    assert overlap(a, b) == 25
    assert overlap(a, (10.0, 0.0, 20.0, 10.0)) == 0  # touching is not covering
    assert distance(a, b) == 0
    assert distance(a, (13.0, 14.0, 20.0, 20.0)) == pytest.approx(5.0)
    assert box_of([(3, 4), (-1, 7), (2, 2)]) == (-1, 2, 3, 7)


def test_an_open_spot_up_and_right_is_taken_first() -> None:
    near = (100.0, 100.0, 110.0, 110.0)
    x, y, box = place_text("A", 12, near, 4, [], BOUNDS)
    assert box[0] > near[2] and box[3] < near[1]  # right of it and above
    assert (x, y) == pytest.approx((box[0] + 1.5, box[1] + 1.5 + 0.78 * 12))


def test_a_covered_spot_is_passed_over_for_an_open_one() -> None:
    near = (100.0, 100.0, 110.0, 110.0)
    first = place_text("A", 12, near, 4, [], BOUNDS)[2]
    _, _, box = place_text("A", 12, near, 4, [first], BOUNDS)
    assert overlap(box, first) == 0 and overlap(box, near) == 0


def test_a_spot_beyond_the_bounds_is_passed_over() -> None:
    near = (390.0, 100.0, 398.0, 108.0)
    _, _, box = place_text("a long label", 12, near, 4, [], BOUNDS)
    assert box[2] <= BOUNDS[2] and box[0] < near[0]


def test_a_spot_nearer_a_rival_is_passed_over() -> None:
    near, rival = (100.0, 100.0, 110.0, 110.0), (130.0, 60.0, 140.0, 90.0)
    _, _, box = place_text("A", 12, near, 4, [], BOUNDS, rivals=[rival])
    assert distance(box, near) <= distance(box, rival)


def test_with_no_open_spot_the_least_covered_is_taken() -> None:
    near = (100.0, 100.0, 110.0, 110.0)
    wall = (0.0, 0.0, 400.0, 300.0)  # everything is covered alike
    _, _, box = place_text("A", 12, near, 4, [wall], BOUNDS)
    assert overlap(box, wall) > 0 and box[0] > near[2]  # the first spot, as no other is better
