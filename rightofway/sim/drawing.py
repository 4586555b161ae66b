"""Diagrams of the simulation: the paper, the course, the wind rose and the plotted paths.

Hulls are drawn to scale (``hull_length``), green on starboard tack and orange on port;
where a boat began her turn she shows faint, and her plotted path runs from there, a dot
at every step. Marks are discs, lines dashed, with the course side of a starting line
marked. The eight-point wind rose in the corner has the wind's point filled, with the
knots. Built on the primitives of :mod:`rightofway.svg`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from rightofway.plane import heading_vector, hull
from rightofway.sim.position import Boat, Position, Vec
from rightofway.sim.sailing import COMPASS
from rightofway.svg import (
    HEADER,
    SVG_NS,
    Colors,
    SvgWrapper,
    arrow_markers,
    el,
    fmt,
    legend,
    text,
)

__all__ = ["board", "scenario"]

MARGIN = 30.0
MAX_SCALE = 40.0
"""Most pixels per unit of the paper."""


class _View:
    def __init__(self, pts: Sequence[Vec], size: int) -> None:
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.lo = (min(xs) - 1.5, min(ys) - 1.5)
        self.hi = (max(xs) + 1.5, max(ys) + 1.5)
        span = max(self.hi[0] - self.lo[0], self.hi[1] - self.lo[1], 1.0)
        if span > 4000:
            raise ValueError(f"the position spans {span:.0f} units; a drawing shows at most "
                             "4000 across")
        self.scale = min(MAX_SCALE, (size - 2 * MARGIN) / span)
        self.height = HEADER + 2 * MARGIN + (self.hi[1] - self.lo[1]) * self.scale + 40

    def x(self, v: float) -> float:
        return MARGIN + (v - self.lo[0]) * self.scale

    def y(self, v: float) -> float:
        return HEADER + MARGIN + (self.hi[1] - v) * self.scale

    def pt(self, p: Vec) -> str:
        return f"{fmt(self.x(p[0]))},{fmt(self.y(p[1]))}"


def _hull_points(v: _View, b: Boat, length: float) -> str:
    stern, bow = hull(b.at, b.heading, length)
    dx, dy = heading_vector(b.heading)
    px, py = dy, -dx
    w = 0.17 * length
    pts = [bow,
           (b.at[0] + dx * 0.1 * length + px * w, b.at[1] + dy * 0.1 * length + py * w),
           (stern[0] + px * w * 0.8, stern[1] + py * w * 0.8),
           (stern[0] - px * w * 0.8, stern[1] - py * w * 0.8),
           (b.at[0] + dx * 0.1 * length - px * w, b.at[1] + dy * 0.1 * length - py * w)]
    return " ".join(v.pt(p) for p in pts)


def _rose(svg: ET.Element, position: Position, size: int, colors: Colors) -> None:
    cx, cy, r = size - 34.0, HEADER / 2 + 6, 16.0
    g = el(svg, "g", class_="wind-rose")
    el(g, "circle", cx=fmt(cx), cy=fmt(cy), r=fmt(r + 4), fill=colors.background,
       stroke=colors.wind, stroke_width="1")
    for i, name in enumerate(COMPASS):
        dx, dy = heading_vector(i * 45.0)
        on = name == position.wind
        el(g, "line", x1=fmt(cx), y1=fmt(cy), x2=fmt(cx + dx * r), y2=fmt(cy - dy * r),
           stroke=colors.wind, stroke_width="3" if on else "1")
        if on:
            el(g, "circle", cx=fmt(cx + dx * r), cy=fmt(cy - dy * r), r="4", fill=colors.wind)
    text(g, cx - r - 10, cy + 4, f"wind {position.wind} {position.knots} kn", 12, colors.wind,
         text_anchor="end")


def _panel(position: Position, paths: dict[str, tuple[Vec, ...]], starts: dict[str, Boat],
           size: int, colors: Colors, title: str) -> ET.Element:
    length = position.hull_length
    pts: list[Vec] = []
    for b in position.boats:
        pts.extend(hull(b.at, b.heading, length))
    for path in paths.values():
        pts.extend(path)
    for m in position.marks:
        pts.append(m.at)
    for line in position.lines:
        pts.extend(line.ends)
    v = _View(pts, size)
    svg = ET.Element("svg", {"xmlns": SVG_NS, "width": fmt(size), "height": fmt(v.height)})
    arrow_markers(svg, colors, "sim-")
    el(svg, "rect", x="0", y="0", width=fmt(size), height=fmt(v.height), fill=colors.background)
    text(svg, 12, 22, title, 14, colors.text)
    text(svg, 12, 40, f"1 unit = {fmt(v.scale)} px; a hull is {length:g} "
         f"unit{'' if length == 1 else 's'} long", 11, colors.text)
    _rose(svg, position, size, colors)
    for line in position.lines:
        (x1, y1), (x2, y2) = line.ends
        el(svg, "line", x1=fmt(v.x(x1)), y1=fmt(v.y(y1)), x2=fmt(v.x(x2)), y2=fmt(v.y(y2)),
           stroke=colors.text, stroke_dasharray="8 4", class_="line")
        label = line.id + (f": {position.start_turns_left} turns to the gun"
                           if line.kind == "start" and position.start_turns_left else "")
        lx, ly = min(line.ends, key=lambda p: v.x(p[0]))  # above the left end, inside
        text(svg, v.x(lx), v.y(ly) - 6, label, 11, colors.text)
    for i, m in enumerate(position.marks, 1):
        el(svg, "circle", cx=fmt(v.x(m.at[0])), cy=fmt(v.y(m.at[1])), r="6", fill=colors.mark,
           stroke=colors.text, class_="mark")
        text(svg, v.x(m.at[0]) + 9, v.y(m.at[1]) + 4, f"{m.id} ({i})", 11, colors.text)
    for bid, b in starts.items():
        t = position.tack(b)
        fill = colors.tack(t) if t is not None else colors.head_to_wind
        el(svg, "polygon", points=_hull_points(v, b, length), fill=fill, fill_opacity="0.2",
           stroke=fill, stroke_opacity="0.5", class_="start")
        path = paths.get(bid, ())
        if len(path) > 1:
            el(svg, "polyline", points=" ".join(v.pt(p) for p in path), fill="none",
               stroke=colors.engagement, stroke_width="2", class_="path")
            for p in path:
                el(svg, "circle", cx=fmt(v.x(p[0])), cy=fmt(v.y(p[1])), r="2.5",
                   fill=colors.engagement)
    for b in position.boats:
        t = position.tack(b)
        fill = colors.tack(t) if t is not None else colors.head_to_wind
        el(svg, "polygon", points=_hull_points(v, b, length), fill=fill, stroke=colors.text,
           stroke_width="1", class_="boat")
        text(svg, v.x(b.at[0]) + 8, v.y(b.at[1]) - 8, b.id, 13, colors.text,
             font_weight="bold", stroke=colors.background, stroke_width="3",
             paint_order="stroke")
    items = [("starboard", colors.starboard, "hull"), ("port", colors.port, "hull")]
    if paths:
        items.append(("plotted path", colors.engagement, "arrow"))
    legend(svg, 0, v.height - 36, size, colors, items)
    return svg


def board(position: Position, size: int = 480, colors: Colors | None = None) -> SvgWrapper:
    """The position alone."""
    colors = colors or Colors()
    return SvgWrapper(ET.tostring(_panel(position, {}, {}, size, colors, "position"),
                                  encoding="unicode"))


def scenario(before: Position, after: Position, paths: dict[str, tuple[Vec, ...]], *,
             size: int = 480, colors: Colors | None = None) -> SvgWrapper:
    """The position after the turns, with each boat's start faint and her plotted path."""
    colors = colors or Colors()
    starts = {bid: before.boat(bid) for bid in paths}
    title = "after " + ", ".join(paths) if paths else "position"
    return SvgWrapper(ET.tostring(_panel(after, paths, starts, size, colors, title),
                                  encoding="unicode"))
