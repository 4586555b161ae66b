"""Diagrams of the simulation: the paper, the course, the wind rose and the plotted paths.

Hulls are drawn to scale (``hull_length``), green on starboard tack and orange on port;
where a boat began her turn she shows faint, and her plotted path runs from there, a dot
at every step. Marks are discs, lines dashed, with the course side of a starting line
marked. A scenario of two boats or more shows the round's play order (SIM Turn Sequence)
as the round began: a numbered disc by each boat, 1 moving first, and a reddish-purple
arrow from each boat that keeps clear toward the boat she keeps clear of, labelled with the
rule (the edges the order rests on). Labels are set where they cover no hull, path or
other label (:mod:`rightofway.labels`). The eight-point wind rose in the corner has the
wind's point filled, with the knots. Built on the primitives of :mod:`rightofway.svg`.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from itertools import pairwise

from rightofway import svg
from rightofway import tracks as track_lines
from rightofway.labels import Box, box_of, inflate, place, place_text, segment_boxes, text_box
from rightofway.plane import heading_vector, hull
from rightofway.positions import PositionError
from rightofway.sim.position import Boat, Position, Vec
from rightofway.sim.rules import PlayOrder, play_order
from rightofway.sim.sailing import COMPASS
from rightofway.svg import Colors, PlaneView, SvgWrapper, el, fmt, text

__all__ = ["board", "scenario", "view"]

MARGIN = 30.0
MAX_SCALE = 40.0
"""Most pixels per unit of the paper."""
RINGS = (1.0, 2.0, 3.5, 5.0, 7.0, 10.0, 14.0, 20.0)
"""How far off, in gaps, the spots for a label are tried (see labels.place)."""
Px = tuple[float, float]


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


def _hull_boxes(v: PlaneView, b: Boat, length: float) -> list[Box]:
    """Boxes that together cover a hull on the page, from bow to stern."""
    stern, bow = ((v.x(p[0]), v.y(p[1])) for p in hull(b.at, b.heading, length))
    return segment_boxes(bow, stern, 0.17 * length * v.scale + 1.5)


def _cut(centre: Px, towards: Px, b: Boat, across: float) -> Px:
    """Where the line from a hull's centre towards a point leaves the hull (an ellipse
    ``across`` pixels long and a third as wide), 4 pixels further on."""
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    d = max(math.hypot(dx, dy), 1e-9)
    hx, hy = heading_vector(b.heading)
    along = (dx * hx - dy * hy) / d  # page y grows down
    side = math.sqrt(max(0.0, 1 - along * along))
    a, w = 0.5 * across, 0.17 * across
    r = min(a * w / max(math.hypot(w * along, a * side), 1e-9) + 4, d / 2)
    return centre[0] + dx / d * r, centre[1] + dy / d * r


def _keep_clear(panel: ET.Element, v: PlaneView, keeper: Boat, holder: Boat, rule: str,
                length: float, colors: Colors, obstacles: list[Box], bounds: Box) -> None:
    """An arrow (reddish purple, apart from the blue paths) from the middle of the boat that
    keeps clear toward the one with right of way, labelled with the rule, both placed on
    the hulls as the round began."""
    k, h = (v.x(keeper.at[0]), v.y(keeper.at[1])), (v.x(holder.at[0]), v.y(holder.at[1]))
    end = _cut(h, k, holder, length * v.scale)
    color = colors.contested
    group = el(panel, "g", class_="keep-clear", data_from=keeper.id, data_to=holder.id)
    el(group, "circle", cx=fmt(k[0]), cy=fmt(k[1]), r="2.5", fill=color)
    if math.dist(k, end) < 20:  # hulls touching: bowed out, centre to centre
        end = h
        d = max(math.dist(k, h), 1e-9)
        cx = (k[0] + h[0]) / 2 + (h[1] - k[1]) / d * 20
        cy = (k[1] + h[1]) / 2 - (h[0] - k[0]) / d * 20
        el(group, "path", d=f"M {fmt(k[0])} {fmt(k[1])} Q {fmt(cx)} {fmt(cy)} {fmt(h[0])} "
           f"{fmt(h[1])}", fill="none", stroke=color, stroke_width="2",
           marker_end="url(#sim-arrow-keep-clear)")
        covered = segment_boxes(k, (cx, cy), 3) + segment_boxes((cx, cy), h, 3)
    else:
        el(group, "line", x1=fmt(k[0]), y1=fmt(k[1]), x2=fmt(end[0]), y2=fmt(end[1]),
           stroke=color, stroke_width="2", marker_end="url(#sim-arrow-keep-clear)")
        covered = segment_boxes(k, end, 3)
    obstacles.extend(covered)
    words = f"keeps clear (rule {rule})"
    x, y, box = place_text(words, 10, covered[len(covered) // 2], 3, obstacles, bounds,
                           rings=RINGS)
    obstacles.append(box)
    text(group, x, y, words, 10, colors.text, stroke=colors.background,
         stroke_width="3", paint_order="stroke", class_="keep-clear-label")


def _panel(position: Position, paths: dict[str, tuple[Vec, ...]], starts: dict[str, Boat],
           size: int, colors: Colors, title: str, *, round_start: Position | None = None,
           tracks: Mapping[str, Sequence[Vec]] | None = None) -> ET.Element:
    length = position.hull_length
    v = view(position, {**paths, **{f"track {b}": tuple(t) for b, t in (tracks or {}).items()}},
             size)
    panel = ET.Element("svg", {"xmlns": svg.SVG_NS, "width": fmt(size),
                               "height": fmt(v.height)})
    svg.arrow_markers(panel, colors, "sim-")
    marker = el(el(panel, "defs"), "marker", id="sim-arrow-keep-clear", viewBox="0 0 10 10",
                refX="9", refY="5", markerWidth="6", markerHeight="6",
                orient="auto-start-reverse")
    el(marker, "path", d="M 0 0 L 10 5 L 0 10 z", fill=colors.contested)
    el(panel, "rect", x="0", y="0", width=fmt(size), height=fmt(v.height), fill=colors.background)
    text(panel, 12, 22, title, 14, colors.text)
    text(panel, 12, 40, f"1 unit = {fmt(v.scale)} px; a hull is {length:g} "
         f"unit{'' if length == 1 else 's'} long", 11, colors.text)
    _rose(panel, position, size, colors)
    bounds = (2.0, svg.HEADER, size - 2.0, v.height - 40)
    obstacles: list[Box] = []
    for line in position.lines:
        (x1, y1), (x2, y2) = line.ends
        el(panel, "line", x1=fmt(v.x(x1)), y1=fmt(v.y(y1)), x2=fmt(v.x(x2)), y2=fmt(v.y(y2)),
           stroke=colors.text, stroke_dasharray="8 4", class_="line")
        label = line.id + (f": {position.start_turns_left} turns to the gun"
                           if line.kind == "start" and position.start_turns_left else "")
        lx, ly = min(line.ends, key=lambda p: v.x(p[0]))  # above the left end, inside
        text(panel, v.x(lx), v.y(ly) - 6, label, 11, colors.text, class_="label")
        obstacles.append(text_box(v.x(lx), v.y(ly) - 6, label, 11))
    for m in position.marks:
        el(panel, "circle", cx=fmt(v.x(m.at[0])), cy=fmt(v.y(m.at[1])), r="6", fill=colors.mark,
           stroke=colors.text, class_="mark")
        obstacles.append(inflate(box_of([(v.x(m.at[0]), v.y(m.at[1]))]), 7))
    for bid, b in starts.items():
        t = position.tack(b)
        fill = colors.tack(t) if t is not None else colors.head_to_wind
        el(panel, "polygon", points=svg.hull_outline(v, b.at, b.heading, length), fill=fill,
           fill_opacity="0.2", stroke=fill, stroke_opacity="0.5", class_="start")
        obstacles.extend(_hull_boxes(v, b, length))
        path = paths.get(bid, ())
        if len(path) > 1:
            el(panel, "polyline", points=" ".join(v.pt(p) for p in path), fill="none",
               stroke=colors.engagement, stroke_width="2", class_="path")
            for p in path:
                el(panel, "circle", cx=fmt(v.x(p[0])), cy=fmt(v.y(p[1])), r="2.5",
                   fill=colors.engagement)
            for a, z in pairwise(path):
                obstacles.extend(segment_boxes((v.x(a[0]), v.y(a[1])),
                                               (v.x(z[0]), v.y(z[1])), 3))
    drawn_tracks = bool(tracks) and track_lines.draw(
        panel, tracks or {}, lambda p: (v.x(p[0]), v.y(p[1])), colors,
        on_water=set(position.boat_ids))
    hulls: dict[str, list[Box]] = {}
    for b in position.boats:
        t = position.tack(b)
        fill = colors.tack(t) if t is not None else colors.head_to_wind
        el(panel, "polygon", points=svg.hull_outline(v, b.at, b.heading, length), fill=fill,
           stroke=colors.text, stroke_width="1", class_="boat", data_boat=b.id)
        hulls[b.id] = _hull_boxes(v, b, length)
        obstacles.extend(hulls[b.id])
    order = _order(round_start)
    if order is not None and round_start is not None:
        for keeper, holder, rule in order.keep_clear:
            _keep_clear(panel, v, round_start.boat(keeper), round_start.boat(holder), rule,
                        length, colors, obstacles, bounds)
    for b in position.boats:
        rivals = [box for bid, boxes in hulls.items() if bid != b.id for box in boxes]
        x, y, box = place_text(b.id, 13, hulls[b.id][0], 4, obstacles, bounds, bold=True,
                               rings=RINGS, own=hulls[b.id], rivals=rivals)
        obstacles.append(box)
        text(panel, x, y, b.id, 13, colors.text, font_weight="bold", stroke=colors.background,
             stroke_width="3", paint_order="stroke", class_="label")
    if order is not None and round_start is not None:
        _play_order(panel, v, round_start, order.order, length, colors, obstacles, bounds)
    for i, m in enumerate(position.marks, 1):
        words = f"{m.id} ({i})"
        near = inflate(box_of([(v.x(m.at[0]), v.y(m.at[1]))]), 6)
        x, y, box = place_text(words, 11, near, 3, obstacles, bounds, rings=RINGS)
        obstacles.append(box)
        text(panel, x, y, words, 11, colors.text, class_="label")
    items = [("starboard", colors.starboard, "hull"), ("port", colors.port, "hull")]
    if paths:
        items.append(("plotted path", colors.engagement, "arrow"))
    if drawn_tracks:
        items.append(("tracks", colors.engagement, "arrow"))
    if order is not None:
        items.append(("play order", colors.background, "disc"))
        if order.keep_clear:
            items.append(("keeps clear of", colors.contested, "arrow"))
    svg.legend(panel, 0, v.height - 36, size, colors, items)
    return panel


def _order(position: Position | None) -> PlayOrder | None:
    """The play order of a round begun in ``position`` (two boats or more), or ``None``
    where the Racing Rules cannot say who keeps clear (a boat head to wind or dead downwind
    whose tack the position leaves open)."""
    if position is None or len(position.boats) < 2:
        return None
    try:
        return play_order(position)
    except PositionError:
        return None


def _play_order(panel: ET.Element, v: PlaneView, round_start: Position, order: Sequence[str],
                length: float, colors: Colors, obstacles: list[Box], bounds: Box) -> None:
    """A numbered disc by each boat's hull as the round began: 1 moves first."""
    r = 8.0
    boxes = {b.id: _hull_boxes(v, b, length) for b in round_start.boats}
    for n, bid in enumerate(order, 1):
        rivals = [box for other, bs in boxes.items() if other != bid for box in bs]
        box = place(2 * r + 2, 2 * r + 2, boxes[bid][len(boxes[bid]) // 2], 3, obstacles,
                    bounds, rings=RINGS, own=boxes[bid], rivals=rivals)
        obstacles.append(box)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        group = el(panel, "g", class_="play-order", data_boat=bid)
        el(group, "circle", cx=fmt(cx), cy=fmt(cy), r=fmt(r), fill=colors.background,
           stroke=colors.text, stroke_width="1.2")
        text(group, cx, cy + 4, str(n), 11, colors.text, font_weight="bold",
             text_anchor="middle")


def board(position: Position, size: int = 480, colors: Colors | None = None, *,
          title: str = "position",
          tracks: Mapping[str, Sequence[Vec]] | None = None) -> SvgWrapper:
    """The position alone; with ``tracks`` (each boat's plotted path through a race, as
    :func:`rightofway.tracks.of_race` gives them), those behind the hulls."""
    colors = colors or Colors()
    return SvgWrapper(ET.tostring(_panel(position, {}, {}, size, colors, title,
                                         tracks=tracks), encoding="unicode"))


def scenario(before: Position, after: Position, paths: dict[str, tuple[Vec, ...]], *,
             size: int = 480, colors: Colors | None = None) -> SvgWrapper:
    """The position after the turns, with each boat's start faint and her plotted path; with
    two boats or more, the round's play order (SIM Turn Sequence) as it began, where the
    Racing Rules can give it: a number by each boat, 1 first, and an arrow from each boat
    that keeps clear toward the boat she keeps clear of, the edges the order rests on."""
    colors = colors or Colors()
    starts = {bid: before.boat(bid) for bid in paths}
    title = "after " + ", ".join(paths) if paths else "position"
    order = _order(before)
    if order is not None:
        said = ", ".join(order.order)
        title += f" (play order {said})" if paths else f": play order {said}"
    return SvgWrapper(ET.tostring(_panel(after, paths, starts, size, colors, title,
                                         round_start=before), encoding="unicode"))
