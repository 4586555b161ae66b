"""Geometry read back from drawn SVG, shared by the diagram tests: attributes as numbers,
a polygon's points, a point's distance to a box and the even-odd inside test."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from rightofway.labels import Box

SVG = "{http://www.w3.org/2000/svg}"
Pt = tuple[float, float]


def number(e: ET.Element, name: str) -> float:
    """Attribute ``name`` of ``e`` as a number (0 when absent)."""
    return float(e.get(name, "0"))


def points(e: ET.Element) -> list[Pt]:
    """A polygon's or polyline's ``points``."""
    return [(float(x), float(y)) for x, y in
            (p.split(",") for p in (e.get("points") or "").split())]


def point_box(p: Pt, box: Box) -> float:
    """The distance from ``p`` to ``box`` (0 inside or on it)."""
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


def inside(p: Pt, polygon: list[Pt]) -> bool:
    """Whether ``p`` lies inside ``polygon`` (even-odd count)."""
    odd = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            odd = not odd
    return odd
