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

from rightofway import svg
from rightofway.plane import heading_vector, hull
from rightofway.sim.position import Boat, Position, Vec
from rightofway.sim.sailing import COMPASS
from rightofway.svg import Colors, PlaneView, SvgWrapper, el, fmt, text

__all__ = ["board", "scenario", "view"]

MARGIN = 30.0
MAX_SCALE = 40.0
"""Most pixels per unit of the paper."""


def _view(pts: Sequence[Vec], size: int) -> PlaneView:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return PlaneView((min(xs) - 1.5, min(ys) - 1.5), (max(xs) + 1.5, max(ys) + 1.5), size,
                     margin=MARGIN, max_scale=MAX_SCALE, unit="units")


def _rose(panel: ET.Element, position: Position, size: int, colors: Colors) -> None:
    cx, cy, r = size - 34.0, svg.HEADER / 2 + 6, 16.0
    g = el(panel, "g", class_="wind-rose")
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


def view(position: Position, paths: dict[str, tuple[Vec, ...]], size: int = 480) -> PlaneView:
    """Where a panel of ``position`` with ``paths`` plotted puts the paper: the map from
    its units to the drawing's pixels (the protest room turns a pointer back with it)."""
    pts: list[Vec] = []
    for b in position.boats:
        pts.extend(hull(b.at, b.heading, position.hull_length))
    for path in paths.values():
        pts.extend(path)
    for m in position.marks:
        pts.append(m.at)
    for line in position.lines:
        pts.extend(line.ends)
    return _view(pts, size)


def _panel(position: Position, paths: dict[str, tuple[Vec, ...]], starts: dict[str, Boat],
           size: int, colors: Colors, title: str) -> ET.Element:
    length = position.hull_length
    v = view(position, paths, size)
    panel = ET.Element("svg", {"xmlns": svg.SVG_NS, "width": fmt(size),
                               "height": fmt(v.height)})
    svg.arrow_markers(panel, colors, "sim-")
    el(panel, "rect", x="0", y="0", width=fmt(size), height=fmt(v.height), fill=colors.background)
    text(panel, 12, 22, title, 14, colors.text)
    text(panel, 12, 40, f"1 unit = {fmt(v.scale)} px; a hull is {length:g} "
         f"unit{'' if length == 1 else 's'} long", 11, colors.text)
    _rose(panel, position, size, colors)
    for line in position.lines:
        (x1, y1), (x2, y2) = line.ends
        el(panel, "line", x1=fmt(v.x(x1)), y1=fmt(v.y(y1)), x2=fmt(v.x(x2)), y2=fmt(v.y(y2)),
           stroke=colors.text, stroke_dasharray="8 4", class_="line")
        label = line.id + (f": {position.start_turns_left} turns to the gun"
                           if line.kind == "start" and position.start_turns_left else "")
        lx, ly = min(line.ends, key=lambda p: v.x(p[0]))  # above the left end, inside
        text(panel, v.x(lx), v.y(ly) - 6, label, 11, colors.text)
    for i, m in enumerate(position.marks, 1):
        el(panel, "circle", cx=fmt(v.x(m.at[0])), cy=fmt(v.y(m.at[1])), r="6", fill=colors.mark,
           stroke=colors.text, class_="mark")
        text(panel, v.x(m.at[0]) + 9, v.y(m.at[1]) + 4, f"{m.id} ({i})", 11, colors.text)
    for bid, b in starts.items():
        t = position.tack(b)
        fill = colors.tack(t) if t is not None else colors.head_to_wind
        el(panel, "polygon", points=svg.hull_outline(v, b.at, b.heading, length), fill=fill,
           fill_opacity="0.2", stroke=fill, stroke_opacity="0.5", class_="start")
        path = paths.get(bid, ())
        if len(path) > 1:
            el(panel, "polyline", points=" ".join(v.pt(p) for p in path), fill="none",
               stroke=colors.engagement, stroke_width="2", class_="path")
            for p in path:
                el(panel, "circle", cx=fmt(v.x(p[0])), cy=fmt(v.y(p[1])), r="2.5",
                   fill=colors.engagement)
    for b in position.boats:
        t = position.tack(b)
        fill = colors.tack(t) if t is not None else colors.head_to_wind
        el(panel, "polygon", points=svg.hull_outline(v, b.at, b.heading, length), fill=fill,
           stroke=colors.text, stroke_width="1", class_="boat")
        text(panel, v.x(b.at[0]) + 8, v.y(b.at[1]) - 8, b.id, 13, colors.text,
             font_weight="bold", stroke=colors.background, stroke_width="3",
             paint_order="stroke")
    items = [("starboard", colors.starboard, "hull"), ("port", colors.port, "hull")]
    if paths:
        items.append(("plotted path", colors.engagement, "arrow"))
    svg.legend(panel, 0, v.height - 36, size, colors, items)
    return panel


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
