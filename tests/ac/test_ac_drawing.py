"""America's Cup diagrams: every label reads clear of the hulls, the marks and the other
labels, in every panel of every bundled scenario.

The check is geometric: a hull is the thick line from its stern to its bow (as wide as the
disc on its bow), a label the box :func:`rightofway.labels.text_box` bounds its text with
(DejaVu Sans, wider than the faces a browser usually picks)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rightofway import get_ruleset
from rightofway.ac import Boat, Position
from rightofway.ac import drawing as ac_drawing
from rightofway.geometry import Compass
from rightofway.labels import Box, overlap, text_box
from rightofway.scenarios import bundled_catalogue, load_scenario

SVG = "{http://www.w3.org/2000/svg}"
FILES = sorted((bundled_catalogue() / "americas-cup").glob("*.yaml"))


def _f(e: ET.Element, name: str) -> float:
    return float(e.get(name, "0"))


def _segment_box_distance(a: tuple[float, float], b: tuple[float, float], box: Box) -> float:
    """The distance between the segment ``ab`` and the box (0 when they meet)."""
    left, top, right, bottom = box

    def point_box(p: tuple[float, float]) -> float:
        dx = max(left - p[0], 0.0, p[0] - right)
        dy = max(top - p[1], 0.0, p[1] - bottom)
        return math.hypot(dx, dy)

    def point_segment(p: tuple[float, float]) -> float:
        vx, vy = b[0] - a[0], b[1] - a[1]
        n = vx * vx + vy * vy
        t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / n))
        return math.hypot(a[0] + t * vx - p[0], a[1] + t * vy - p[1])

    # the segment meets the box when one end is in it or it crosses an edge; sample finely
    steps = 200
    for i in range(steps + 1):
        t = i / steps
        if point_box((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)) == 0.0:
            return 0.0
    corners = ((left, top), (right, top), (left, bottom), (right, bottom))
    return min(min(point_box(a), point_box(b)), min(point_segment(c) for c in corners))


def _drawn(svg: str) -> tuple[list[tuple[str, tuple[float, float], tuple[float, float], float]],
                              list[tuple[str, Box]], list[tuple[float, float, float]],
                              float, float]:
    """Hulls ``(title, stern, bow, half-width)``, labels ``(text, box)``, mark discs
    ``(x, y, r)`` and the drawing's size."""
    root = ET.fromstring(svg)
    hulls, labels, marks = [], [], []
    for g in root.iter(f"{SVG}g"):
        cls = g.get("class")
        if cls == "boat":
            line = g.find(f"{SVG}line")
            bow = g.findall(f"{SVG}circle")[-1]
            title = g.find(f"{SVG}title")
            assert line is not None and title is not None
            half = max(_f(bow, "r"), _f(line, "stroke-width") / 2)
            hulls.append((title.text or "", (_f(line, "x1"), _f(line, "y1")),
                          (_f(line, "x2"), _f(line, "y2")), half))
        elif cls == "mark":
            disc = g.find(f"{SVG}circle")
            assert disc is not None
            marks.append((_f(disc, "cx"), _f(disc, "cy"), _f(disc, "r")))
        if cls in ("boat", "mark"):
            for t in g.findall(f"{SVG}text"):
                assert t.get("class") == "label"
                labels.append((t.text or "", text_box(
                    _f(t, "x"), _f(t, "y"), t.text or "", _f(t, "font-size"),
                    anchor=t.get("text-anchor", "start"), bold=t.get("font-weight") == "bold")))
    return hulls, labels, marks, _f(root, "width"), _f(root, "height")


def _clashes(svg: str) -> list[str]:
    hulls, labels, marks, width, height = _drawn(svg)
    found = []
    for name, box in labels:
        for title, stern, bow, half in hulls:
            if _segment_box_distance(stern, bow, box) < half:
                found.append(f"label {name!r} covers hull {title!r}")
        for x, y, r in marks:
            if _segment_box_distance((x, y), (x, y), box) < r:
                found.append(f"label {name!r} covers a mark at ({x:.0f}, {y:.0f})")
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            found.append(f"label {name!r} runs off the drawing")
    for i, (a, box_a) in enumerate(labels):
        for b, box_b in labels[i + 1:]:
            if overlap(box_a, box_b) > 0:
                found.append(f"labels {a!r} and {b!r} overlap")
    return found


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_labels_are_clear_of_hulls_marks_and_each_other(path: Path) -> None:
    prepared = load_scenario(path)
    svg = get_ruleset("americas-cup").diagram(prepared.position, prepared.move)
    hulls, labels, _, _, _ = _drawn(svg)
    assert len(labels) >= len(hulls) > 0  # every boat is named
    assert _clashes(svg) == []


def test_boats_side_by_side_are_named_apart() -> None:
    """Four boats in a row, bows a point apart: no name on a hull, and each nearer its own
    hull than any other, or joined to its bow by a leader line."""
    boats = tuple(Boat(bid, (4 + i, 10), Compass.NE) for i, bid in
                  enumerate(("blue", "red", "green", "yellow")))
    svg = str(ac_drawing.board(Position(boats)))
    assert _clashes(svg) == []
    hulls, labels, _, _, _ = _drawn(svg)
    groups = [g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("class") == "boat"]
    for (title, stern, bow, _half), (name, box), g in zip(hulls, labels, groups, strict=True):
        assert name.split()[0] == title.split(":")[0]
        leader = g.find(f"{SVG}line[@class='leader']")
        if leader is not None:  # it starts on her bow and ends on her label
            assert _segment_box_distance(bow, bow, (_f(leader, "x1"), _f(leader, "y1"),
                                                    _f(leader, "x1"), _f(leader, "y1"))) < 15
            assert _segment_box_distance((_f(leader, "x2"), _f(leader, "y2")),
                                         (_f(leader, "x2"), _f(leader, "y2")), box) < 2
            continue
        own = _segment_box_distance(stern, bow, box)
        assert all(own <= _segment_box_distance(h[1], h[2], box) for h in hulls), \
            f"{name!r} stands nearer another hull"


def test_segment_box_distance() -> None:
    box = (0.0, 0.0, 10.0, 10.0)
    assert _segment_box_distance((-5, 5), (15, 5), box) == 0.0  # crosses it
    assert _segment_box_distance((13, 0), (13, 10), box) == pytest.approx(3.0)
    assert _segment_box_distance((12, -5), (15, 5), box) > 2.0
