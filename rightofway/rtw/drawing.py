"""Diagrams of Race the Wind positions, drawn with the shared SVG primitives.

:func:`board` draws a position the way sailors sketch a protest: the grid of
intersections, the wind, marks with their two-length zones, gust and lull
tokens, and each boat as a hull pointing along its heading, labelled and
coloured by tack. Optional layers add the move just made, each boat's claims,
the contested intersections, wind shadows and the engagement graph (give-way
arrows labelled with the basis). :func:`scenario` draws a scenario before and
after its move, side by side. Gusts are diamonds, lulls discs, marks circles,
the committee boat a square.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from typing import Any

from rightofway import tracks as track_lines
from rightofway.geometry import Point, Tack
from rightofway.rtw import moves, rules
from rightofway.rtw.position import Move, Phase, Position
from rightofway.svg import (
    HEADER,
    HULL,
    MAX_UNIT,
    SVG_NS,
    Canvas,
    Colors,
    SvgWrapper,
    arrow_markers,
    clamp,
    el,
    far_mark,
    fmt,
    grid,
    legend,
    side_by_side,
    text,
    towards,
    wind_rose,
)

__all__ = ["board", "scenario", "scenario_to_svg"]


MARK_VIEW = 4
"""A mark within this many intersections of the action is drawn with its zone."""


TOKEN_VIEW = 2
"""A token within this many intersections of the action widens the board to show it."""


def _near(p: Point, core: list[Point], reach: int) -> bool:
    return any(max(abs(p[0] - q[0]), abs(p[1] - q[1])) <= reach for q in core)


def _extent(position: Position, extra: list[Point]) -> tuple[Point, Point]:
    """The part of the board worth drawing: the boats, ``extra`` points, the
    tokens near them, and the marks (with their zones) near them. Marks further
    away are shown by a pointer at the edge."""
    core: list[Point] = [b.at for b in position.boats] + list(extra)
    if not core:  # no boats: the marks and tokens, or the origin
        core = [m.at for m in position.marks] + sorted(position.yellow | position.blue)
        core = core or [(0, 0)]
    pts = list(core)
    for m in position.marks:
        if _near(m.at, core, MARK_VIEW):
            pts.extend([(m.at[0] - 2, m.at[1] - 2), (m.at[0] + 2, m.at[1] + 2)])
    pts.extend(p for p in position.yellow | position.blue if _near(p, core, TOKEN_VIEW))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs) - 1, min(ys) - 1), (max(xs) + 1, max(ys) + 1)


def _inside(p: Point, c: Canvas) -> bool:
    return c.lo[0] <= p[0] <= c.hi[0] and c.lo[1] <= p[1] <= c.hi[1]


def board(
    position: Position,
    *,
    size: int = 480,
    move: Move | None = None,
    claims: bool = False,
    contested: bool = False,
    shadows: bool = False,
    engagement: bool = False,
    coordinates: bool = True,
    legend: bool = True,
    title: str | None = None,
    colors: Colors | None = None,
    tracks: Mapping[str, Sequence[Point]] | None = None,
) -> SvgWrapper:
    """Draw ``position`` as an SVG document ``size`` pixels wide.

    ``move`` draws that move's path as an arrow (the boats stay where the
    position has them); ``claims``, ``contested``, ``shadows`` and
    ``engagement`` switch on those layers; ``tracks`` (each boat's intersections, as
    :func:`rightofway.tracks.of_race` gives them) are drawn behind the hulls. The result
    is a string whose ``_repr_svg_`` shows it in notebooks.
    """
    svg = _draw(position, size=size, move=move, claims=claims, contested=contested,
                shadows=shadows, engagement=engagement, coordinates=coordinates,
                legend=legend, title=title, colors=colors or Colors(), left=0.0, prefix="",
                extent=None, tracks=tracks)
    svg.set("xmlns", SVG_NS)
    return SvgWrapper(ET.tostring(svg, encoding="unicode"))


def _move_path(position: Position, move: Move | None) -> list[Point]:
    if move is None:
        return []
    verdict = moves.legality(position, move)
    if verdict.outcome is None:
        return []
    return [position.boat(move.boat).at, *verdict.outcome.path]


def _draw(position: Position, *, size: int, move: Move | None, claims: bool, contested: bool,
          shadows: bool, engagement: bool, coordinates: bool, legend: bool, title: str | None,
          colors: Colors, left: float, prefix: str,
          extent: tuple[Point, Point] | None,
          tracks: Mapping[str, Sequence[Point]] | None = None) -> ET.Element:
    claim_sets = moves.claims(position) if claims else {}
    path = _move_path(position, move)
    c = _canvas(position, claim_sets, path + track_lines.extent_points(tracks), size=size,
                coordinates=coordinates, left=left, prefix=prefix, extent=extent)
    lo, hi, unit, margin, top = c.lo, c.hi, c.unit, c.margin, c.top
    rows = hi[1] - lo[1]
    graph = rules.engagement_graph(position) if (engagement or contested) else None
    edges = sorted(graph.edges(data=True), key=lambda e: (e[0], e[1])) if graph else []
    captions = [f"{giver} gives way to {holder} ({data['basis']})"
                for giver, holder, data in edges] if engagement else []
    legend_h = (30.0 if legend else 0.0) + 16.0 * len(captions)
    height = top + 2 * margin + rows * unit + legend_h
    svg = ET.Element("svg", {"width": fmt(size), "height": fmt(height),
                             "viewBox": f"0 0 {fmt(size)} {fmt(height)}"})
    g = el(svg, "g", class_="rightofway-board")
    el(g, "rect", x=fmt(left), y="0", width=fmt(size), height=fmt(height),
        fill=colors.background)
    arrow_markers(g, colors, prefix)
    if title:
        text(g, left + 12, 30, title, 14, colors.text, font_weight="bold")
    grid(g, c, colors, coordinates)
    _zones(g, c, position, colors, unit)
    drawn: set[str] = set()
    if shadows:
        for b in position.boats:
            for p in rules.shadow(position, b.id):
                if lo[0] <= p[0] <= hi[0] and lo[1] <= p[1] <= hi[1]:
                    x, y = c.xy(p)
                    el(g, "circle", cx=x, cy=y, r=fmt(unit * 0.3), fill=colors.shadow,
                        fill_opacity="0.15", class_="shadow")
                    drawn.add("shadow")
    if claims:
        _claims(g, c, position, claim_sets, colors, unit)
        drawn.update("claims" for s in claim_sets.values() if s)
    if contested:
        points = {tuple(p) for _, _, d in edges for p in d["contested"]}
        for p in sorted(points):
            x, y = c.xy(p)
            el(g, "circle", cx=x, cy=y, r=fmt(unit * 0.34), fill="none",
                stroke=colors.contested, stroke_width="3", class_="contested")
            drawn.add("contested")
    drawn.update(_tokens(g, c, position, colors, unit))
    drawn.update(_marks(g, c, position, colors, unit))
    if tracks and track_lines.draw(g, tracks, lambda p: (c.x(p[0]), c.y(p[1])), colors,
                                   on_water=set(position.boat_ids),
                                   size=clamp(unit * 0.3, 9, 12)):
        drawn.add("tracks")
    if path and len(path) > 1:
        el(g, "polyline", points=" ".join(",".join(c.xy(p)) for p in path), fill="none",
            stroke=colors.move, stroke_width="2.5", stroke_dasharray="6 4",
            marker_end=c.marker("move"), class_="move")
    drawn.update(_boats(g, c, position, colors, unit))
    if engagement and edges:
        _engagements(g, c, position, colors, unit, edges)
        drawn.add("give-way")
    wind_rose(g, position.wind, colors, left + size, c.marker("wind"))
    if legend:
        _legend(g, left, height - legend_h, size, colors, drawn)
    for i, caption in enumerate(captions):
        text(g, left + 12, height - 16.0 * (len(captions) - i) + 8, caption, 12,
              colors.engagement, class_="give-way-caption")
    return svg


def _canvas(position: Position, claim_sets: dict[str, frozenset[Point]], path: list[Point], *,
            size: int, coordinates: bool, left: float, prefix: str,
            extent: tuple[Point, Point] | None) -> Canvas:
    """Where a panel draws the board: its extent (given, or the boats, claims and move path
    with what lies near them), the unit, margins and the panel's left edge."""
    lo, hi = extent or _extent(position, [p for s in claim_sets.values() for p in s] + path)
    cols = hi[0] - lo[0]
    margin = 28.0 if coordinates else 12.0
    unit = min((size - 2 * margin) / max(cols, 1), MAX_UNIT)
    top = HEADER  # the title and the wind sit above the board, never on it
    centred = left + (size - 2 * margin - cols * unit) / 2
    return Canvas(lo, hi, unit, margin, top, centred, prefix)


def _zones(g: ET.Element, c: Canvas, position: Position, colors: Colors, unit: float) -> None:
    for m in position.marks:
        if not _inside(m.at, c):
            continue
        # A zone governs the boats rounding its mark (RTW 3.6): drawn faint when none does.
        governs = any(m.id in position.rounding(b.id) for b in position.boats) or (
            not position.boats and position.phase is Phase.RACE
        )
        el(g, "rect", x=fmt(c.x(m.at[0] - 2)), y=fmt(c.y(m.at[1] + 2)), width=fmt(4 * unit),
            height=fmt(4 * unit), fill=colors.zone, fill_opacity="0.10" if governs else "0.03",
            stroke=colors.zone, stroke_width="1.5",
            stroke_dasharray="6 4" if governs else "2 4", class_="zone")


def _tokens(g: ET.Element, c: Canvas, position: Position, colors: Colors,
            unit: float) -> set[str]:
    r = unit * 0.17
    drawn = set()
    if any(_inside(q, c) for q in position.yellow):
        drawn.add("lull")
    if any(_inside(q, c) for q in position.blue):
        drawn.add("gust")
    for p in sorted(q for q in position.yellow if _inside(q, c)):
        x, y = c.xy(p)
        el(g, "circle", cx=x, cy=y, r=fmt(r), fill=colors.lull, stroke=colors.text,
            stroke_width="1", class_="lull")
    for p in sorted(q for q in position.blue if _inside(q, c)):
        cx, cy = c.x(p[0]), c.y(p[1])
        d = r * 1.25
        pts = f"{fmt(cx)},{fmt(cy - d)} {fmt(cx + d)},{fmt(cy)} {fmt(cx)},{fmt(cy + d)} " \
              f"{fmt(cx - d)},{fmt(cy)}"
        el(g, "polygon", points=pts, fill=colors.gust, stroke=colors.text, stroke_width="1",
            class_="gust")
    return drawn


def _marks(g: ET.Element, c: Canvas, position: Position, colors: Colors,
           unit: float) -> set[str]:
    r = unit * 0.28
    drawn = {"mark"} if position.marks else set()
    for m in position.marks:
        if not _inside(m.at, c):
            far_mark(g, c, m.id, m.at, colors)
            continue
        drawn.add("zone")
        x, y = c.x(m.at[0]), c.y(m.at[1])
        if m.role.value == "committee-boat":
            el(g, "rect", x=fmt(x - r), y=fmt(y - r), width=fmt(2 * r), height=fmt(2 * r),
                fill=colors.mark, stroke=colors.text, stroke_width="1.5", class_="mark")
        else:
            el(g, "circle", cx=fmt(x), cy=fmt(y), r=fmt(r), fill=colors.mark,
                stroke=colors.text, stroke_width="1.5", class_="mark")
        text(g, x + r + 3, y - r, m.id, clamp(unit * 0.3, 9, 13), colors.text, class_="label",
              stroke=colors.background, stroke_width="3", paint_order="stroke")
    return drawn


def _boats(g: ET.Element, c: Canvas, position: Position, colors: Colors,
           unit: float) -> set[str]:
    facts = rules.facts(position)
    drawn = {("head to wind" if f.tack is Tack.NONE else f.tack.value) for f in facts.values()}
    for b in position.boats:
        f = facts[b.id]
        x, y = c.x(b.at[0]), c.y(b.at[1])
        pts = " ".join(f"{fmt(px * unit)},{fmt(py * unit)}" for px, py in HULL)
        boat = el(g, "g", class_="boat", transform=f"translate({fmt(x)},{fmt(y)})")
        title = el(boat, "title")
        tack = "head to wind" if f.tack is Tack.NONE else f"{f.tack} tack"
        title.text = (f"{b.id}: heading {b.heading.name}, {tack}, {f.point_of_sail}"
                      f"{', held by a lull' if b.lull else ''}")
        el(boat, "polygon", points=pts, fill=colors.tack(f.tack), stroke=colors.text,
            stroke_width="1.5", transform=f"rotate({b.heading.value})")
        if b.lull:
            el(boat, "circle", cx="0", cy="0", r=fmt(unit * 0.46), fill="none",
                stroke=colors.lull, stroke_width="3")
        text(boat, unit * 0.3, -unit * 0.3, b.id, clamp(unit * 0.42, 10, 16), colors.text,
              font_weight="bold", stroke=colors.background, stroke_width="3",
              paint_order="stroke", class_="label")
    return drawn


_SLOTS = ((-1, -1), (1, -1), (-1, 1), (1, 1), (0, -1), (0, 1), (-1, 0), (1, 0))
"""Where, around an intersection, each boat's claim square sits (by the boat's place)."""


def _claims(g: ET.Element, c: Canvas, position: Position,
            claim_sets: dict[str, frozenset[Point]], colors: Colors, unit: float) -> None:
    """Each boat's claims as small squares in its tack's colour, in a corner of its own
    around the intersection and marked with its id, so that overlapping claims of
    several boats stay apart."""
    facts = rules.facts(position)
    half = unit * 0.13
    size = clamp(unit * 0.2, 6, 10)
    for i, b in enumerate(position.boats):
        color = colors.tack(facts[b.id].tack)
        ox, oy = _SLOTS[i % len(_SLOTS)]
        group = el(g, "g", class_="claims", data_boat=b.id)
        for p in sorted(claim_sets[b.id]):
            x, y = c.x(p[0]) + ox * unit * 0.2, c.y(p[1]) + oy * unit * 0.2
            el(group, "rect", x=fmt(x - half), y=fmt(y - half), width=fmt(2 * half),
                height=fmt(2 * half), fill=color, fill_opacity="0.35", stroke=color,
                stroke_width="1.2", class_="claim")
            text(group, x, y + size / 3, b.id[:2], size, colors.text, text_anchor="middle",
                  class_="claim-label")


def _engagements(g: ET.Element, c: Canvas, position: Position, colors: Colors,
                 unit: float, edges: list[tuple[str, str, dict[str, Any]]]) -> None:
    for giver, holder, data in edges:
        a, b = position.boat(giver).at, position.boat(holder).at
        x1, y1, x2, y2 = c.x(a[0]), c.y(a[1]), c.x(b[0]), c.y(b[1])
        dx, dy = x2 - x1, y2 - y1
        length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        if length < 2 * unit:
            # Hulls side by side leave no room for a straight arrow: bow it out beside them.
            nx_, ny_ = -dy / length, dx / length
            bow = unit * 0.9
            mx, my = (x1 + x2) / 2 + nx_ * bow, (y1 + y2) / 2 + ny_ * bow
            start = towards(x1, y1, mx, my, unit * 0.35)
            end = towards(x2, y2, mx, my, unit * 0.35)
            el(g, "path", d=f"M {fmt(start[0])} {fmt(start[1])} Q {fmt(mx)} {fmt(my)} "
                f"{fmt(end[0])} {fmt(end[1])}", fill="none", stroke=colors.engagement,
                stroke_width="2", marker_end=c.marker("give"), class_="give-way")
            continue
        shrink = unit * 0.45
        sx, sy = dx / length * shrink, dy / length * shrink
        el(g, "line", x1=fmt(x1 + sx), y1=fmt(y1 + sy), x2=fmt(x2 - sx), y2=fmt(y2 - sy),
            stroke=colors.engagement, stroke_width="2", marker_end=c.marker("give"),
            class_="give-way")
        if length < 3 * unit:
            continue  # too short to label legibly: the caption below the board says it
        px, py = -dy / length * 10, dx / length * 10  # beside the arrow, not on it
        text(g, x1 + dx * 0.4 + px, y1 + dy * 0.4 + py, str(data["basis"]),
              clamp(unit * 0.28, 9, 12), colors.engagement, stroke=colors.background,
              stroke_width="3", paint_order="stroke", class_="basis")


_LEGEND = (
    ("starboard", "starboard", "hull"), ("port", "port", "hull"),
    ("head to wind", "head_to_wind", "hull"), ("gust", "gust", "diamond"),
    ("lull", "lull", "disc"), ("mark", "mark", "disc"), ("zone", "zone", "zone"),
    ("claims", "text", "claim"), ("contested", "contested", "ring"),
    ("shadow", "shadow", "shade"), ("give-way", "engagement", "arrow"),
    ("tracks", "engagement", "arrow"),
)
"""Legend entries: label (and the key of what is drawn), colour attribute, swatch."""


def _legend(g: ET.Element, left: float, top: float, size: int, colors: Colors,
            drawn: set[str]) -> None:
    """A key to what this panel shows, and nothing else."""
    legend(g, left, top, size, colors,
           [(label, getattr(colors, attr), shape) for label, attr, shape in _LEGEND
            if label in drawn])


def scenario(
    position: Position,
    move: Move | None = None,
    *,
    size: int = 420,
    claims: bool = False,
    contested: bool = False,
    shadows: bool = False,
    engagement: bool = False,
    colors: Colors | None = None,
) -> SvgWrapper:
    """A scenario's diagram: the position before (with the move's path) and after, side by side.

    Without a move, or with an illegal one, only the position before is drawn.
    The layer switches are :func:`board`'s, for both panels.
    """
    colors = colors or Colors()
    switches: dict[str, Any] = {"claims": claims, "contested": contested,
                                "shadows": shadows, "engagement": engagement}
    after = _after(position, move)
    if after is None:
        return board(position, size=size, move=move, colors=colors, title="position", **switches)
    extent = _both_extent(position, move, after, claims=claims)
    before_svg = _draw(position, size=size, move=move, coordinates=True, legend=True,
                       title=f"before: {move}", colors=colors, left=0.0, prefix="before-",
                       extent=extent, **switches)
    after_svg = _draw(after, size=size, move=None, coordinates=True, legend=True,
                      title="after", colors=colors, left=float(size), prefix="after-",
                      extent=extent, **switches)
    return side_by_side([before_svg, after_svg], size, colors)


def _after(position: Position, move: Move | None) -> Position | None:
    """The position after a legal ``move``; ``None`` without one or for an illegal one."""
    if move is None or moves.legality(position, move).outcome is None:
        return None
    return moves.apply(position, move)


def _both_extent(position: Position, move: Move | None, after: Position, *,
                 claims: bool) -> tuple[Point, Point]:
    """The extent the two panels of :func:`scenario` share: both positions, the move's path
    and, with ``claims``, the claims in each."""
    extra = _move_path(position, move)
    if claims:
        for pos in (position, after):
            extra += [p for s in moves.claims(pos).values() for p in s]
    lo1, hi1 = _extent(position, extra)
    lo2, hi2 = _extent(after, extra)
    return ((min(lo1[0], lo2[0]), min(lo1[1], lo2[1])), (max(hi1[0], hi2[0]),
                                                         max(hi1[1], hi2[1])))


def scenario_to_svg(position: Position, move: Move | None = None, *, size: int = 420,
                    claims: bool = False) -> tuple[float, float, float, float, float, float]:
    """The affine map ``(a, b, c, d, e, f)`` from board intersections to the user units of
    :func:`scenario`'s drawing with the same ``position``, ``move``, ``size`` and ``claims``
    (the before panel, which is on the left): ``sx = a*x + c*y + e``, ``sy = b*x + d*y + f``.

    >>> from rightofway.geometry import Compass
    >>> from rightofway.rtw.position import Boat
    >>> pos = Position(Compass.N, (Boat("A", (0, 0), Compass.NE), Boat("B", (4, 2), Compass.NW)))
    >>> a, b, c, d, e, f = scenario_to_svg(pos)
    >>> (b, c, a == -d > 0)
    (0.0, 0.0, True)
    """
    after = _after(position, move)
    claim_sets = moves.claims(position) if claims else {}
    extent = None if after is None else _both_extent(position, move, after, claims=claims)
    c = _canvas(position, claim_sets, _move_path(position, move), size=size, coordinates=True,
                left=0.0, prefix="", extent=extent)
    return (c.unit, 0.0, 0.0, -c.unit, c.left + c.margin - c.lo[0] * c.unit,
            c.top + c.margin + c.hi[1] * c.unit)
