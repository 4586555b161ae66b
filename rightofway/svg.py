"""Diagrams of positions as SVG, a pure function of the position.

:func:`board` draws a Race the Wind position the way sailors sketch a protest:
the grid of intersections, the wind, marks with their two-length zones, gust
and lull tokens, and each boat as a hull pointing along its heading, labelled
and coloured by tack. Optional layers add the move just made, each boat's
claims, the contested intersections, wind shadows and the engagement graph
(give-way arrows labelled with the basis). :func:`scenario` draws a scenario
before and after its move, side by side.

The SVG is built with :mod:`xml.etree.ElementTree`, never by pasting strings,
and the default colours are the Okabe-Ito palette, which stays distinct for
the common colour-vision deficiencies; shapes differ as well as colours
(gusts are diamonds, lulls discs, marks circles, the committee boat a square).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

from rightofway.geometry import Compass, Point, Tack
from rightofway.rtw import moves, rules
from rightofway.rtw.position import Move, Phase, Position

__all__ = ["Colors", "SvgWrapper", "board", "scenario"]

SVG_NS = "http://www.w3.org/2000/svg"


class SvgWrapper(str):
    """An SVG document as a string; notebooks display it (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class Colors:
    """Colours of a diagram (defaults: Okabe-Ito, safe for colour-blind readers)."""

    background: str = "#ffffff"
    grid: str = "#c8c8c8"
    text: str = "#222222"
    starboard: str = "#009E73"
    port: str = "#D55E00"
    head_to_wind: str = "#7f7f7f"
    mark: str = "#E69F00"
    zone: str = "#E69F00"
    gust: str = "#56B4E9"
    lull: str = "#F0E442"
    wind: str = "#0072B2"
    move: str = "#000000"
    contested: str = "#CC79A7"
    engagement: str = "#0072B2"
    shadow: str = "#000000"

    def tack(self, tack: Tack) -> str:
        """The hull colour of a boat on ``tack``."""
        if tack is Tack.STARBOARD:
            return self.starboard
        if tack is Tack.PORT:
            return self.port
        return self.head_to_wind


def _clamp(v: float, lo: float, hi: float) -> float:
    return min(max(v, lo), hi)


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


class _Canvas:
    """Maps intersections to SVG coordinates (North up) and builds elements."""

    def __init__(self, lo: Point, hi: Point, unit: float, margin: float,
                 top: float, left: float, prefix: str) -> None:
        self.lo, self.hi, self.unit, self.margin = lo, hi, unit, margin
        self.top, self.left, self.prefix = top, left, prefix

    def marker(self, name: str) -> str:
        """``url(#...)`` of one of this panel's arrowheads."""
        return f"url(#{self.prefix}arrow-{name})"

    def x(self, gx: float) -> float:
        return self.left + self.margin + (gx - self.lo[0]) * self.unit

    def y(self, gy: float) -> float:
        return self.top + self.margin + (self.hi[1] - gy) * self.unit

    def xy(self, p: tuple[float, float]) -> tuple[str, str]:
        return _fmt(self.x(p[0])), _fmt(self.y(p[1]))


def _el(parent: ET.Element, tag: str, **attrs: Any) -> ET.Element:
    clean = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None}
    return ET.SubElement(parent, tag, clean)


def _text(parent: ET.Element, x: float, y: float, text: str, size: float, color: str,
          **attrs: Any) -> ET.Element:
    t = _el(parent, "text", x=_fmt(x), y=_fmt(y), font_size=_fmt(size), fill=color,
            font_family="sans-serif", **attrs)
    t.text = text
    return t


HEADER = 52.0
"""Height of the band above the board holding the title and the wind."""
MAX_UNIT = 48.0
"""Largest distance between intersections, in pixels, so small boards stay in scale."""
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


def _inside(p: Point, c: _Canvas) -> bool:
    return c.lo[0] <= p[0] <= c.hi[0] and c.lo[1] <= p[1] <= c.hi[1]


def _defs(svg: ET.Element, colors: Colors, prefix: str) -> None:
    defs = _el(svg, "defs")
    for name, color in (("move", colors.move), ("give", colors.engagement),
                        ("wind", colors.wind)):
        marker = _el(defs, "marker", id=f"{prefix}arrow-{name}", viewBox="0 0 10 10", refX="9",
                     refY="5", markerWidth="6", markerHeight="6", orient="auto-start-reverse")
        _el(marker, "path", d="M 0 0 L 10 5 L 0 10 z", fill=color)


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
) -> SvgWrapper:
    """Draw ``position`` as an SVG document ``size`` pixels wide.

    ``move`` draws that move's path as an arrow (the boats stay where the
    position has them); ``claims``, ``contested``, ``shadows`` and
    ``engagement`` switch on those layers. The result is a string whose
    ``_repr_svg_`` shows it in notebooks.
    """
    svg = _draw(position, size=size, move=move, claims=claims, contested=contested,
                shadows=shadows, engagement=engagement, coordinates=coordinates,
                legend=legend, title=title, colors=colors or Colors(), left=0.0, prefix="",
                extent=None)
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
          extent: tuple[Point, Point] | None) -> ET.Element:
    claim_sets = moves.claims(position) if claims else {}
    path = _move_path(position, move)
    lo, hi = extent or _extent(position, [p for s in claim_sets.values() for p in s] + path)
    cols, rows = hi[0] - lo[0], hi[1] - lo[1]
    margin = 28.0 if coordinates else 12.0
    unit = min((size - 2 * margin) / max(cols, 1), MAX_UNIT)
    top = HEADER  # the title and the wind sit above the board, never on it
    graph = rules.engagement_graph(position) if (engagement or contested) else None
    edges = sorted(graph.edges(data=True), key=lambda e: (e[0], e[1])) if graph else []
    captions = [f"{giver} gives way to {holder} ({data['basis']})"
                for giver, holder, data in edges] if engagement else []
    legend_h = (30.0 if legend else 0.0) + 16.0 * len(captions)
    height = top + 2 * margin + rows * unit + legend_h
    centred = left + (size - 2 * margin - cols * unit) / 2
    c = _Canvas(lo, hi, unit, margin, top, centred, prefix)
    svg = ET.Element("svg", {"width": _fmt(size), "height": _fmt(height),
                             "viewBox": f"0 0 {_fmt(size)} {_fmt(height)}"})
    g = _el(svg, "g", class_="rightofway-board")
    _el(g, "rect", x=_fmt(left), y="0", width=_fmt(size), height=_fmt(height),
        fill=colors.background)
    _defs(g, colors, prefix)
    if title:
        _text(g, left + 12, 30, title, 14, colors.text, font_weight="bold")
    _grid(g, c, colors, coordinates)
    _zones(g, c, position, colors, unit)
    drawn: set[str] = set()
    if shadows:
        for b in position.boats:
            for p in rules.shadow(position, b.id):
                if lo[0] <= p[0] <= hi[0] and lo[1] <= p[1] <= hi[1]:
                    x, y = c.xy(p)
                    _el(g, "circle", cx=x, cy=y, r=_fmt(unit * 0.3), fill=colors.shadow,
                        fill_opacity="0.15", class_="shadow")
                    drawn.add("shadow")
    if claims:
        _claims(g, c, position, claim_sets, colors, unit)
        drawn.update("claims" for s in claim_sets.values() if s)
    if contested:
        points = {tuple(p) for _, _, d in edges for p in d["contested"]}
        for p in sorted(points):
            x, y = c.xy(p)
            _el(g, "circle", cx=x, cy=y, r=_fmt(unit * 0.34), fill="none",
                stroke=colors.contested, stroke_width="3", class_="contested")
            drawn.add("contested")
    drawn.update(_tokens(g, c, position, colors, unit))
    drawn.update(_marks(g, c, position, colors, unit))
    if path and len(path) > 1:
        _el(g, "polyline", points=" ".join(",".join(c.xy(p)) for p in path), fill="none",
            stroke=colors.move, stroke_width="2.5", stroke_dasharray="6 4",
            marker_end=c.marker("move"), class_="move")
    drawn.update(_boats(g, c, position, colors, unit))
    if engagement and edges:
        _engagements(g, c, position, colors, unit, edges)
        drawn.add("give-way")
    _wind(g, position.wind, colors, left + size, c.marker("wind"))
    if legend:
        _legend(g, left, height - legend_h, size, colors, drawn)
    for i, caption in enumerate(captions):
        _text(g, left + 12, height - 16.0 * (len(captions) - i) + 8, caption, 12,
              colors.engagement, class_="give-way-caption")
    return svg


def _grid(g: ET.Element, c: _Canvas, colors: Colors, coordinates: bool) -> None:
    grid = _el(g, "g", stroke=colors.grid, stroke_width="1", class_="grid")
    for gx in range(c.lo[0], c.hi[0] + 1):
        _el(grid, "line", x1=_fmt(c.x(gx)), y1=_fmt(c.y(c.hi[1])), x2=_fmt(c.x(gx)),
            y2=_fmt(c.y(c.lo[1])))
    for gy in range(c.lo[1], c.hi[1] + 1):
        _el(grid, "line", x1=_fmt(c.x(c.lo[0])), y1=_fmt(c.y(gy)), x2=_fmt(c.x(c.hi[0])),
            y2=_fmt(c.y(gy)))
    if coordinates:
        size = min(11.0, c.unit * 0.45)
        for gx in range(c.lo[0], c.hi[0] + 1):
            _text(g, c.x(gx), c.y(c.lo[1]) + 16, str(gx), size, colors.text,
                  text_anchor="middle")
        for gy in range(c.lo[1], c.hi[1] + 1):
            _text(g, c.x(c.lo[0]) - 8, c.y(gy) + size / 3, str(gy), size, colors.text,
                  text_anchor="end")


def _zones(g: ET.Element, c: _Canvas, position: Position, colors: Colors, unit: float) -> None:
    for m in position.marks:
        if not _inside(m.at, c):
            continue
        # A zone governs the boats rounding its mark (RTW 3.6): drawn faint when none does.
        governs = any(m.id in position.rounding(b.id) for b in position.boats) or (
            not position.boats and position.phase is Phase.RACE
        )
        _el(g, "rect", x=_fmt(c.x(m.at[0] - 2)), y=_fmt(c.y(m.at[1] + 2)), width=_fmt(4 * unit),
            height=_fmt(4 * unit), fill=colors.zone, fill_opacity="0.10" if governs else "0.03",
            stroke=colors.zone, stroke_width="1.5",
            stroke_dasharray="6 4" if governs else "2 4", class_="zone")


def _tokens(g: ET.Element, c: _Canvas, position: Position, colors: Colors,
            unit: float) -> set[str]:
    r = unit * 0.17
    drawn = set()
    if any(_inside(q, c) for q in position.yellow):
        drawn.add("lull")
    if any(_inside(q, c) for q in position.blue):
        drawn.add("gust")
    for p in sorted(q for q in position.yellow if _inside(q, c)):
        x, y = c.xy(p)
        _el(g, "circle", cx=x, cy=y, r=_fmt(r), fill=colors.lull, stroke=colors.text,
            stroke_width="1", class_="lull")
    for p in sorted(q for q in position.blue if _inside(q, c)):
        cx, cy = c.x(p[0]), c.y(p[1])
        d = r * 1.25
        pts = f"{_fmt(cx)},{_fmt(cy - d)} {_fmt(cx + d)},{_fmt(cy)} {_fmt(cx)},{_fmt(cy + d)} " \
              f"{_fmt(cx - d)},{_fmt(cy)}"
        _el(g, "polygon", points=pts, fill=colors.gust, stroke=colors.text, stroke_width="1",
            class_="gust")
    return drawn


def _marks(g: ET.Element, c: _Canvas, position: Position, colors: Colors,
           unit: float) -> set[str]:
    r = unit * 0.28
    drawn = {"mark"} if position.marks else set()
    for m in position.marks:
        if not _inside(m.at, c):
            _far_mark(g, c, m.id, m.at, colors)
            continue
        drawn.add("zone")
        x, y = c.x(m.at[0]), c.y(m.at[1])
        if m.role.value == "committee-boat":
            _el(g, "rect", x=_fmt(x - r), y=_fmt(y - r), width=_fmt(2 * r), height=_fmt(2 * r),
                fill=colors.mark, stroke=colors.text, stroke_width="1.5", class_="mark")
        else:
            _el(g, "circle", cx=_fmt(x), cy=_fmt(y), r=_fmt(r), fill=colors.mark,
                stroke=colors.text, stroke_width="1.5", class_="mark")
        _text(g, x + r + 3, y - r, m.id, _clamp(unit * 0.3, 9, 13), colors.text, class_="label",
              stroke=colors.background, stroke_width="3", paint_order="stroke")
    return drawn


def _far_mark(g: ET.Element, c: _Canvas, name: str, at: Point, colors: Colors) -> None:
    """A pointer on the board's edge towards a mark beyond it, labelled with its place."""
    ex = min(max(at[0], c.lo[0]), c.hi[0])
    ey = min(max(at[1], c.lo[1]), c.hi[1])
    x, y = c.x(ex), c.y(ey)
    dx, dy = at[0] - ex, -(at[1] - ey)
    norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    ux, uy = dx / norm, dy / norm
    tip = (x + ux * 8, y + uy * 8)
    base = ((x - uy * 6, y + ux * 6), (x + uy * 6, y - ux * 6))
    pts = " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in (tip, *base))
    pointer = _el(g, "g", class_="far-mark")
    _el(pointer, "polygon", points=pts, fill=colors.mark, stroke=colors.text, stroke_width="1")
    anchor = "end" if ux > 0.5 else "start" if ux < -0.5 else "middle"
    ty = y + (16 if uy > 0.5 else -10 if uy < -0.5 else 4)
    tx = x + (-10 if ux > 0.5 else 10 if ux < -0.5 else 0)
    _text(pointer, tx, ty, f"{name} [{at[0]}, {at[1]}]", 10, colors.text, text_anchor=anchor,
          stroke=colors.background, stroke_width="3", paint_order="stroke")


_HULL = ((0.0, -0.44), (0.2, -0.12), (0.17, 0.3), (-0.17, 0.3), (-0.2, -0.12))


def _boats(g: ET.Element, c: _Canvas, position: Position, colors: Colors,
           unit: float) -> set[str]:
    facts = rules.facts(position)
    drawn = {("head to wind" if f.tack is Tack.NONE else f.tack.value) for f in facts.values()}
    for b in position.boats:
        f = facts[b.id]
        x, y = c.x(b.at[0]), c.y(b.at[1])
        pts = " ".join(f"{_fmt(px * unit)},{_fmt(py * unit)}" for px, py in _HULL)
        boat = _el(g, "g", class_="boat", transform=f"translate({_fmt(x)},{_fmt(y)})")
        title = _el(boat, "title")
        tack = "head to wind" if f.tack is Tack.NONE else f"{f.tack} tack"
        title.text = (f"{b.id}: heading {b.heading.name}, {tack}, {f.point_of_sail}"
                      f"{', held by a lull' if b.lull else ''}")
        _el(boat, "polygon", points=pts, fill=colors.tack(f.tack), stroke=colors.text,
            stroke_width="1.5", transform=f"rotate({b.heading.value})")
        if b.lull:
            _el(boat, "circle", cx="0", cy="0", r=_fmt(unit * 0.46), fill="none",
                stroke=colors.lull, stroke_width="3")
        _text(boat, unit * 0.3, -unit * 0.3, b.id, _clamp(unit * 0.42, 10, 16), colors.text,
              font_weight="bold", stroke=colors.background, stroke_width="3",
              paint_order="stroke", class_="label")
    return drawn


_SLOTS = ((-1, -1), (1, -1), (-1, 1), (1, 1), (0, -1), (0, 1), (-1, 0), (1, 0))
"""Where, around an intersection, each boat's claim square sits (by the boat's place)."""


def _claims(g: ET.Element, c: _Canvas, position: Position,
            claim_sets: dict[str, frozenset[Point]], colors: Colors, unit: float) -> None:
    """Each boat's claims as small squares in its tack's colour, in a corner of its own
    around the intersection and marked with its id, so that overlapping claims of
    several boats stay apart."""
    facts = rules.facts(position)
    half = unit * 0.13
    size = _clamp(unit * 0.2, 6, 10)
    for i, b in enumerate(position.boats):
        color = colors.tack(facts[b.id].tack)
        ox, oy = _SLOTS[i % len(_SLOTS)]
        group = _el(g, "g", class_="claims", data_boat=b.id)
        for p in sorted(claim_sets[b.id]):
            x, y = c.x(p[0]) + ox * unit * 0.2, c.y(p[1]) + oy * unit * 0.2
            _el(group, "rect", x=_fmt(x - half), y=_fmt(y - half), width=_fmt(2 * half),
                height=_fmt(2 * half), fill=color, fill_opacity="0.35", stroke=color,
                stroke_width="1.2", class_="claim")
            _text(group, x, y + size / 3, b.id[:2], size, colors.text, text_anchor="middle",
                  class_="claim-label")


def _engagements(g: ET.Element, c: _Canvas, position: Position, colors: Colors,
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
            start = _towards(x1, y1, mx, my, unit * 0.35)
            end = _towards(x2, y2, mx, my, unit * 0.35)
            _el(g, "path", d=f"M {_fmt(start[0])} {_fmt(start[1])} Q {_fmt(mx)} {_fmt(my)} "
                f"{_fmt(end[0])} {_fmt(end[1])}", fill="none", stroke=colors.engagement,
                stroke_width="2", marker_end=c.marker("give"), class_="give-way")
            continue
        shrink = unit * 0.45
        sx, sy = dx / length * shrink, dy / length * shrink
        _el(g, "line", x1=_fmt(x1 + sx), y1=_fmt(y1 + sy), x2=_fmt(x2 - sx), y2=_fmt(y2 - sy),
            stroke=colors.engagement, stroke_width="2", marker_end=c.marker("give"),
            class_="give-way")
        if length < 3 * unit:
            continue  # too short to label legibly: the caption below the board says it
        px, py = -dy / length * 10, dx / length * 10  # beside the arrow, not on it
        _text(g, x1 + dx * 0.4 + px, y1 + dy * 0.4 + py, str(data["basis"]),
              _clamp(unit * 0.28, 9, 12), colors.engagement, stroke=colors.background,
              stroke_width="3", paint_order="stroke", class_="basis")


def _towards(x: float, y: float, tx: float, ty: float, d: float) -> tuple[float, float]:
    """The point ``d`` from ``(x, y)`` towards ``(tx, ty)``."""
    dx, dy = tx - x, ty - y
    n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    return x + dx / n * d, y + dy / n * d


def _wind(g: ET.Element, wind_from: Compass, colors: Colors, right: float, marker: str) -> None:
    cx, cy, r = right - 28.0, HEADER / 2, 16.0
    step = wind_from.opposite().step  # where the wind blows to
    norm = (step[0] ** 2 + step[1] ** 2) ** 0.5
    ux, uy = step[0] / norm, -step[1] / norm  # screen y grows down
    wind = _el(g, "g", class_="wind")
    _el(wind, "circle", cx=_fmt(cx), cy=_fmt(cy), r=_fmt(r + 5), fill=colors.background,
        stroke=colors.wind, stroke_width="1")
    _el(wind, "line", x1=_fmt(cx - ux * r), y1=_fmt(cy - uy * r), x2=_fmt(cx + ux * r),
        y2=_fmt(cy + uy * r), stroke=colors.wind, stroke_width="3",
        marker_end=marker)
    _text(wind, cx - r - 10, cy + 4, f"wind {wind_from.name}", 12, colors.wind,
          text_anchor="end")


_LEGEND = (
    ("starboard", "starboard", "hull"), ("port", "port", "hull"),
    ("head to wind", "head_to_wind", "hull"), ("gust", "gust", "diamond"),
    ("lull", "lull", "disc"), ("mark", "mark", "disc"), ("zone", "zone", "zone"),
    ("claims", "text", "claim"), ("contested", "contested", "ring"),
    ("shadow", "shadow", "shade"), ("give-way", "engagement", "arrow"),
)
"""Legend entries: label (and the key of what is drawn), colour attribute, swatch."""


def _legend(g: ET.Element, left: float, top: float, size: int, colors: Colors,
            drawn: set[str]) -> None:
    """A key to what this panel shows, and nothing else."""
    items = [(label, getattr(colors, attr), shape) for label, attr, shape in _LEGEND
             if label in drawn]
    if not items:
        return
    # Each entry as wide as its label needs; a narrow panel gets smaller type.
    font = 11.0
    widths = [26 + 0.62 * font * len(label) for label, _, _ in items]
    if sum(widths) > size - 24:
        scale = (size - 24) / sum(widths)
        font *= max(scale, 0.7)
        widths = [w * scale for w in widths]
    x = left + 12.0
    y = top + 16.0
    legend = _el(g, "g", class_="legend")
    for (label, color, shape), step in zip(items, widths, strict=True):
        if shape == "diamond":
            _el(legend, "polygon", points=f"{_fmt(x)},{_fmt(y - 6)} {_fmt(x + 6)},{_fmt(y)} "
                f"{_fmt(x)},{_fmt(y + 6)} {_fmt(x - 6)},{_fmt(y)}", fill=color,
                stroke=colors.text, stroke_width="1")
        elif shape == "disc":
            _el(legend, "circle", cx=_fmt(x), cy=_fmt(y), r="5", fill=color, stroke=colors.text,
                stroke_width="1")
        elif shape == "ring":
            _el(legend, "circle", cx=_fmt(x), cy=_fmt(y), r="5", fill="none", stroke=color,
                stroke_width="2.5")
        elif shape == "shade":
            _el(legend, "circle", cx=_fmt(x), cy=_fmt(y), r="5", fill=color, fill_opacity="0.15")
        elif shape == "zone":
            _el(legend, "rect", x=_fmt(x - 6), y=_fmt(y - 5), width="12", height="10",
                fill=color, fill_opacity="0.1", stroke=color, stroke_dasharray="3 2")
        elif shape == "claim":
            _el(legend, "rect", x=_fmt(x - 4), y=_fmt(y - 4), width="8", height="8",
                fill=colors.starboard, fill_opacity="0.35", stroke=colors.starboard)
        elif shape == "arrow":
            _el(legend, "line", x1=_fmt(x - 7), y1=_fmt(y), x2=_fmt(x + 7), y2=_fmt(y),
                stroke=color, stroke_width="2")
        else:
            _el(legend, "rect", x=_fmt(x - 6), y=_fmt(y - 5), width="12", height="10",
                fill=color, stroke=colors.text, stroke_width="1")
        _text(legend, x + 10, y + 4, label, font, colors.text)
        x += step


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
    switches = {"claims": claims, "contested": contested, "shadows": shadows,
                "engagement": engagement}
    after = None
    if move is not None:
        verdict = moves.legality(position, move)
        if verdict.outcome is not None:
            after = moves.apply(position, move)
    if after is None:
        return board(position, size=size, move=move, colors=colors, title="position", **switches)
    extra = _move_path(position, move)
    if switches["claims"]:
        for pos in (position, after):
            extra += [p for s in moves.claims(pos).values() for p in s]
    lo1, hi1 = _extent(position, extra)
    lo2, hi2 = _extent(after, extra)
    extent = ((min(lo1[0], lo2[0]), min(lo1[1], lo2[1])), (max(hi1[0], hi2[0]),
                                                           max(hi1[1], hi2[1])))
    before_svg = _draw(position, size=size, move=move, coordinates=True, legend=True,
                       title=f"before: {move}", colors=colors, left=0.0, prefix="before-",
                       extent=extent, **switches)
    after_svg = _draw(after, size=size, move=None, coordinates=True, legend=True,
                      title="after", colors=colors, left=float(size), prefix="after-",
                      extent=extent, **switches)
    return side_by_side([before_svg, after_svg], size, colors)


def side_by_side(panels: list[ET.Element], size: int, colors: Colors) -> SvgWrapper:
    """One SVG document of panels ``size`` pixels wide each, drawn left to right."""
    width = size * len(panels)
    height = max(float(panel.get("height", "0")) for panel in panels)
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": _fmt(width), "height": _fmt(height),
                              "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}"})
    _el(root, "rect", x="0", y="0", width=_fmt(width), height=_fmt(height),
        fill=colors.background)
    for panel in panels:
        for child in list(panel):
            root.append(child)
    return SvgWrapper(ET.tostring(root, encoding="unicode"))

