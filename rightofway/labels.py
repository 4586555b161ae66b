"""Labels placed clear of what a drawing shows: boxes, the room a text takes, and a search
of the spots round a thing for one where the text covers nothing.

A :data:`Box` is ``(left, top, right, bottom)`` in SVG pixels (``y`` grows down). The
width of a text is not known until a browser lays it out, so :func:`text_extent` gives a
bound: DejaVu Sans, among the widest of the sans-serif faces a browser may pick, measured
per character. :func:`place` (and :func:`place_text` for a text) tries the spots round a
thing, nearest first, on rings further out, and takes the first whose box keeps within the
bounds, meets no obstacle and lies nearer the thing than any other thing named (or, when
none does, the one that covers least). Pure functions, no ruleset: each drawing
lists its own obstacles (hulls, marks, labels placed before).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

__all__ = ["Box", "box_of", "distance", "inflate", "overlap", "place", "place_text",
           "segment_boxes", "text_box", "text_extent"]

Box = tuple[float, float, float, float]
"""``(left, top, right, bottom)`` in pixels, ``y`` down."""

# Advance widths in ems, bounds for DejaVu Sans (measured in a browser; Arial and
# Helvetica are narrower): (regular, bold).
_WIDE = {**dict.fromkeys("MWmw", (1.0, 1.1)), **dict.fromkeys("IJ", (0.3, 0.4)),
         **dict.fromkeys("fijlrt'", (0.4, 0.5)), " ": (0.32, 0.35)}
_UPPER = (0.79, 0.85)
_LOWER = (0.64, 0.72)
_OTHER = (0.4, 0.46)
ASCENT = 0.78
"""How far above the baseline a text's letters reach, in ems (capitals and ascenders)."""
DESCENT = 0.24
"""How far below it the descenders reach, in ems."""


def text_extent(text: str, size: float, *, bold: bool = False) -> float:
    """An upper bound of the width ``text`` takes at ``size`` pixels in a sans-serif face."""
    k = 1 if bold else 0
    ems = 0.0
    for ch in text:
        w = _WIDE.get(ch)
        if w is None:
            w = _UPPER if ch.isupper() else _LOWER if ch.isalnum() else _OTHER
        ems += w[k]
    return ems * size


def text_box(x: float, y: float, text: str, size: float, *, anchor: str = "start",
             bold: bool = False, pad: float = 0.0) -> Box:
    """The box ``text`` covers written at ``(x, y)`` (``y`` its baseline) with SVG's
    ``text-anchor`` ``anchor``, grown by ``pad`` on every side (a halo's half-width)."""
    width = text_extent(text, size, bold=bold)
    left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
    return (left - pad, y - ASCENT * size - pad, left + width + pad, y + DESCENT * size + pad)


def box_of(points: Iterable[tuple[float, float]]) -> Box:
    """The smallest box holding ``points``."""
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def segment_boxes(a: tuple[float, float], b: tuple[float, float], half: float) -> list[Box]:
    """Squares ``2 * half`` wide along the segment from ``a`` to ``b``, close enough to
    cover it drawn that wide (a hull, an arrow) without claiming the whole box a slanting
    segment spans."""
    n = max(1, math.ceil(math.dist(a, b) / max(half, 1.0)))
    return [inflate(box_of([(a[0] + (b[0] - a[0]) * t / n, a[1] + (b[1] - a[1]) * t / n)]),
                    half) for t in range(n + 1)]


def inflate(box: Box, d: float) -> Box:
    """``box`` grown by ``d`` on every side."""
    return (box[0] - d, box[1] - d, box[2] + d, box[3] + d)


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _outside(box: Box, bounds: Box) -> float:
    """The area of ``box`` that lies beyond ``bounds``."""
    area = (box[2] - box[0]) * (box[3] - box[1])
    return area - overlap(box, bounds)


# Spots round a box, in the order tried: up and right first (where a label is looked for),
# then round the clock. Each is (dx, dy): which side of it the label lies on.
_SPOTS = ((1, -1), (1, 0), (1, 1), (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1))


def distance(a: Box, b: Box) -> float:
    """The gap between two boxes (0 when they meet)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


def place(width: float, height: float, near: Box, gap: float, obstacles: Sequence[Box],
          bounds: Box, *, rings: Sequence[float] = (1.0, 2.0, 3.0, 4.5), own: Sequence[Box] = (),
          rivals: Sequence[Box] = ()) -> Box:
    """Where to put a box ``width`` by ``height`` beside ``near`` (the box of what it
    names; a point is a box of no size).

    The spots tried lie ``gap`` times each of ``rings`` off ``near``'s sides and corners,
    eight to a ring; the first is taken that stays inside ``bounds``, meets none of
    ``obstacles`` and lies no nearer any of ``rivals`` (the boxes of other things named)
    than to ``near`` or ``own`` (the boxes of the thing it names). When no spot does, the
    one covering the least of the obstacles (and of what lies beyond the bounds) is taken,
    unambiguous before ambiguous.
    """
    cx, cy = (near[0] + near[2]) / 2, (near[1] + near[3]) / 2
    mine = [near, *own]
    # Only the obstacles within reach of some spot can cost anything: the others are left
    # out before the spots are tried (the same sums, in the same order, over fewer boxes).
    reach = gap * max(rings, default=0.0) + width + height
    obstacles = [o for o in obstacles
                 if o[0] < near[2] + reach and o[2] > near[0] - reach
                 and o[1] < near[3] + reach and o[3] > near[1] - reach]
    best: tuple[float, bool, Box] | None = None
    for ring in rings:
        r = gap * ring
        for dx, dy in _SPOTS:
            d = r * 0.75 if dx and dy else r
            left = near[2] + d if dx > 0 else near[0] - d - width if dx < 0 else cx - width / 2
            top = near[3] + d if dy > 0 else near[1] - d - height if dy < 0 else cy - height / 2
            box = (left, top, left + width, top + height)
            # The sum of overlap(box, o) over the obstacles, written out (this loop is the
            # drawings' hot spot), given up once it exceeds the best cost found: that spot
            # cannot be taken then.
            limit = best[0] if best is not None else math.inf
            x0, y0, x1, y1 = box
            covered = 0.0
            for o in obstacles:
                w = (x1 if x1 < o[2] else o[2]) - (x0 if x0 > o[0] else o[0])
                if w > 0:
                    h = (y1 if y1 < o[3] else o[3]) - (y0 if y0 > o[1] else o[1])
                    if h > 0:
                        covered += w * h
                        if covered > limit:
                            break
            if covered > limit:
                continue
            cost = covered + 10 * _outside(box, bounds)
            ambiguous = bool(rivals) and (min(distance(box, o) for o in rivals)
                                          < min(distance(box, o) for o in mine))
            if cost <= 0 and not ambiguous:
                return box
            if best is None or (cost, ambiguous) < best[:2]:
                best = (cost, ambiguous, box)
    assert best is not None
    return best[2]


def place_text(text: str, size: float, near: Box, gap: float, obstacles: Sequence[Box],
               bounds: Box, *, bold: bool = False, pad: float = 1.5,
               rings: Sequence[float] = (1.0, 2.0, 3.0, 4.5), own: Sequence[Box] = (),
               rivals: Sequence[Box] = ()) -> tuple[float, float, Box]:
    """Where to write ``text`` beside ``near``, as :func:`place` finds a spot for its box
    (grown by ``pad``): ``(x, y, box)``, the start and baseline of the text (anchor
    ``start``) and the box it covers."""
    width = text_extent(text, size, bold=bold) + 2 * pad
    height = (ASCENT + DESCENT) * size + 2 * pad
    box = place(width, height, near, gap, obstacles, bounds, rings=rings, own=own,
                rivals=rivals)
    return _written(box, size, pad)


def _written(box: Box, size: float, pad: float) -> tuple[float, float, Box]:
    return box[0] + pad, box[1] + pad + ASCENT * size, box
