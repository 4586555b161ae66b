"""Part 2 of the Racing Rules of Sailing (2025-2028) for a pair of boats on the water.

For two boats of a snapshot the rules say who must keep clear (Section A: rules
10 to 13; Section D: rule 21), what limits the right-of-way boat (Section B:
rules 14 to 17), and who is owed mark-room or room (Section C: rules 18 to 20).
:func:`~rightofway.rrs.ruling` applies them in that order and explains each step with the rule
number and the facts measured; :func:`~rightofway.rrs.keep_clear` gives the same answer on a
fast path for engines (no explanation), and :func:`~rightofway.rrs.relations` adds who is
owed mark-room and room.

The rule numbers in :attr:`PairRuling.rules <rightofway.rrs.PairRuling.rules>` are the
rules that decide: the rule that makes one boat keep clear, every rule that limits the
right-of-way boat or gives room or mark-room in the snapshot, and the provision that
switches rule 18 off where it would otherwise apply. Rule 14 (avoid contact) is always noted and
never listed; so are the penalties of rule 44.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Protocol

from rightofway import _compiled, limits
from rightofway.errors import InputError
from rightofway.explain import Citation, Step, render_steps, steps_json
from rightofway.geometry import Tack
from rightofway.graphs import cycles as graph_cycles
from rightofway.graphs import digraph
from rightofway.order import Rule, applying, decide
from rightofway.plane import (
    ANGLE_TOLERANCE,
    TOLERANCE,
    Hull,
    Vec,
    angle_to_wind,
    clear_astern,
    downwind_depth,
    heading_vector,
    hull_distance,
    lateral,
    leeward_score,
    norm360,
    overlapped,
    point_segment_distance,
    segment_distance,
    tack_of,
    turn_passes,
)
from rightofway.positions import PositionError, as_number, as_text, shown
from rightofway.results import RightOfWay
from rightofway.rrs.index import near_pairs
from rightofway.rrs.position import Boat, Mark, Obstruction, Position, by_the_lee

if TYPE_CHECKING:
    import networkx as nx

    from rightofway.rrs import _sweep as _sweeping
else:  # compiled with mypyc where the install could (rightofway._compiled)
    _sweeping = _compiled.load("rightofway.rrs._sweep")

__all__ = [
    "RIGHT_OF_WAY",
    "BoatGeometry",
    "PairFacts",
    "PairRuling",
    "Relation",
    "boat_geometry",
    "cite",
    "engagement_graph",
    "keep_clear",
    "pair_facts",
    "penalty",
    "relations",
    "right_of_way",
    "ruling",
    "rulings",
    "sorted_rules",
]


MAX_RULE = 40
"""Longest rule number :func:`cite` takes (``"18.2(a)"``, ``"Definitions"``)."""


def cite(rule: str) -> Citation:
    """The citation of a rule number: ``cite("18.2(a)")`` reads ``RRS 18.2(a)``."""
    try:
        return _CITED[rule]
    except (KeyError, TypeError):
        pass
    as_text(rule, "rule", MAX_RULE)
    found = Citation("RRS", rule)
    if isinstance(rule, str) and len(_CITED) < 256:
        _CITED[rule] = found
    return found


_CITED: dict[str, Citation] = {}
"""The citations made so far (they never change): a ruling cites a dozen rules per pair."""


DEFS = cite("Definitions")


def _fmt(x: float) -> str:
    return f"{x:.2f}"


# --- each boat and each pair, measured ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoatGeometry:
    """What the snapshot shows of one boat."""

    id: str
    hull: Hull
    heading: float
    tack: Tack | None
    angle: float
    """Degrees from the wind, 0 to 180."""
    tacking: bool

    @property
    def beyond_90(self) -> bool:
        """Sailing more than 90 degrees from the wind."""
        return self.angle > 90.0 + 1e-6


def boat_geometry(position: Position, boat_id: str) -> BoatGeometry:
    """Hull, tack and angle to the wind of one boat."""
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    b = position.boat(boat_id, "boat_id")
    return _geometry(position, b)


def _tack_of(b: Boat, wind: float) -> Tack | None:
    """Her tack: the one she states (the position has checked it against the wind: head
    to wind, dead downwind or by the lee), else the one the wind gives her."""
    return b.tack if b.tack is not None else tack_of(b.heading, wind, None)


def _geometry(position: Position, b: Boat) -> BoatGeometry:
    return BoatGeometry(b.id, b.hull, b.heading, _tack_of(b, position.wind),
                        angle_to_wind(b.heading, position.wind), b.tacking)


def _tack(position: Position, g: BoatGeometry) -> Tack:
    if g.tack is None:
        i = position.boat_ids.index(g.id)
        what = "head to wind" if g.angle < 90 else "dead downwind"
        raise PositionError(("boats", i, "tack"),
                            f"boat {g.id} is {what}: say which tack she is on (tack: starboard "
                            "or port), as her tack before, or the side her mainsail lies on")
    return g.tack


@dataclass(frozen=True, slots=True)
class PairFacts:
    """What the geometry says about two boats (the definitions of Part 2)."""

    a: BoatGeometry
    b: BoatGeometry
    overlapped: bool
    """Neither is clear astern of the other, directly or through a boat between them."""
    overlap_via: str | None
    """The boat between them through which they overlap, if that is how."""
    clear_astern: str | None
    """The boat clear astern of the other, when they are not overlapped."""
    leeward: str | None
    """The leeward boat of two on the same tack that overlap."""
    overlap_applies: bool
    """Whether the overlap terms apply (same tack, rule 18, or both beyond 90 degrees)."""

    @property
    def distance(self) -> float:
        """Shortest distance between the hulls, in hull lengths."""
        return hull_distance(self.a.hull, self.b.hull)


def _clear_astern_of(x: BoatGeometry, y: BoatGeometry) -> bool:
    return clear_astern(x.hull, y.hull, y.heading)


def _behind(x: BoatGeometry, y: BoatGeometry) -> float:
    """How far ``x``'s hull is wholly behind ``y``'s line abeam."""
    d = heading_vector(y.heading)
    stern = y.hull[0]
    return -max((p[0] - stern[0]) * d[0] + (p[1] - stern[1]) * d[1] for p in x.hull)


def _leeward(position: Position, x: BoatGeometry, y: BoatGeometry) -> str:
    tx, ty = _tack(position, x), _tack(position, y)
    score = leeward_score(_mid(x.hull), x.heading, tx, _mid(y.hull), y.heading, ty)
    if score > TOLERANCE:
        return y.id
    if score < -TOLERANCE:
        return x.id
    # Abreast on one line: the deeper downwind is to leeward (ids break a perfect tie).
    dx, dy = downwind_depth(_mid(x.hull), position.wind), downwind_depth(_mid(y.hull),
                                                                          position.wind)
    if abs(dx - dy) > TOLERANCE:
        return x.id if dx > dy else y.id
    return min(x.id, y.id)


def _mid(h: Hull) -> tuple[float, float]:
    return ((h[0][0] + h[1][0]) / 2, (h[0][1] + h[1][1]) / 2)


def _between(c: BoatGeometry, x: BoatGeometry, y: BoatGeometry) -> bool:
    (ax, ay), (bx, by), (cx, cy) = _mid(x.hull), _mid(y.hull), _mid(c.hull)
    vx, vy = bx - ax, by - ay
    n = vx * vx + vy * vy
    if n == 0:
        return False
    t = ((cx - ax) * vx + (cy - ay) * vy) / n
    return TOLERANCE < t < 1 - TOLERANCE


def pair_facts(position: Position, a: str, b: str) -> PairFacts:
    """The geometry of two boats: distance, overlap (directly or through a boat between
    them), clear astern, leeward, and whether the overlap terms apply."""
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    ga = _geometry(position, position.boat(a, "a"))
    gb = _geometry(position, position.boat(b, "b"))
    if a == b:
        raise InputError(f"b: a boat has no pair with herself ({shown(a)})")
    return _pair(position, ga, gb, None)


_Row = tuple[str, float, float, float, float, float, float, float, float, bool, bool]
"""One boat for the pairwise loops: ``(id, stern x, stern y, bow x, bow y, heading x,
heading y, middle x, middle y, on port, special)``; special: tacking, or named by rule 21's
facts (returning to start, moving astern)."""


class _Boats:
    """What the rules need of each boat alone, worked out once per position and kept in
    the position's memo (it never changes): her row of plain floats for the pairwise loops,
    and her geometry (made when first asked for)."""

    __slots__ = ("_from_marks", "_gaps", "_geos", "_in_range", "_links", "_made", "_marks",
                 "_near", "_obstructions", "_passed", "_sweep", "_zone", "beyond_90", "by_id",
                 "kept_clear", "mids", "rows", "said", "unknown")

    def __init__(self, position: Position) -> None:
        facts = position.facts
        named: tuple[str | None, ...] = (facts.returning_to_start, facts.moving_astern,
                                         facts.taking_penalty, facts.capsized_or_aground)
        if any(o.kind == "continuing" for o in position.obstructions) and (
                facts.overlap_from_clear_astern is not None or position.trail):
            named = tuple(b.id for b in position.boats)  # RRS 19.2(c) may decide any pair
        self.unknown: Boat | None = None
        """The first boat whose tack is not known (head to wind or dead downwind, not given)."""
        rows: list[_Row] = []
        made = []
        wind = position.wind
        for b in position.boats:
            # _geometry inlined, with the arithmetic of plane.hull, tack_of and angle_to_wind
            heading = b.heading
            r = norm360(wind - heading)
            angle = 360.0 - r if r > 180.0 else r
            if b.tack is not None or angle <= ANGLE_TOLERANCE or angle >= 180.0 - ANGLE_TOLERANCE:
                tack = b.tack  # stated: her tack before, or by the lee (checked by Position)
            else:
                tack = Tack.STARBOARD if r < 180.0 else Tack.PORT
            dx, dy = heading_vector(heading)
            x, y = b.at
            half = 1.0 / 2.0  # plane.hull's length / 2.0
            sx, sy, bx, by = x - dx * half, y - dy * half, x + dx * half, y + dy * half
            rows.append((b.id, sx, sy, bx, by, dx, dy, (sx + bx) / 2, (sy + by) / 2,
                         tack is Tack.PORT, b.tacking or b.id in named))
            made.append((b, tack, angle))
            if tack is None and self.unknown is None:
                self.unknown = b
        self.rows = tuple(rows)
        self.by_id = {row[0]: row for row in rows}
        self.mids = [(row[7], row[8], row[9]) for row in rows]
        """Each boat's ``(middle x, middle y, on port)`` (by index), for the search of a boat
        between two others."""
        self.beyond_90 = [angle > 90.0 + 1e-6 for _, _, angle in made]
        """Whether each boat sails more than 90 degrees from the wind (by index)."""
        self._made = made
        self._marks = position.marks
        self._obstructions = position.obstructions
        self._zone = position.options.zone_lengths
        self._near: list[bool] | None = None
        self._geos: dict[str, BoatGeometry] | None = None
        self._from_marks: dict[str, tuple[float, ...]] | None = None
        self._gaps: dict[tuple[str, str], float] = {}
        self._passed: dict[tuple[str, str], bool] = {}
        self._links: dict[tuple[int, int], bool] = {}
        self._in_range: dict[float, list[list[int]]] = {}
        self._sweep: _Sweep | None = None
        self.kept_clear: dict[tuple[str, str], str] = {}
        """The keep-clear boat of pairs asked about as obstructions (RRS 19), by sorted ids."""
        self.said: dict[str, Step] = {}
        """The opening steps of her rulings (her heading, angle and tack), by id, and the
        wind's under ``""``."""

    @property
    def geos(self) -> dict[str, BoatGeometry]:
        """Each boat's :class:`BoatGeometry` by id, in the order of the boats."""
        if self._geos is None:
            self._geos = {b.id: BoatGeometry(b.id, (row[1:3], row[3:5]), b.heading, tack,
                                             angle, b.tacking)
                          for (b, tack, angle), row in zip(self._made, self.rows, strict=True)}
        return self._geos

    def gap(self, x: str, y: str) -> float:
        """The shortest distance between two boats' hulls (kept: Section C asks it of every
        pair beside a third boat)."""
        key = (x, y) if x < y else (y, x)
        found = self._gaps.get(key)
        if found is None:
            geos = self.geos
            found = self._gaps[key] = hull_distance(geos[x].hull, geos[y].hull)
        return found

    def passed(self, x: str, c: str) -> bool:
        """Whether boat ``x`` has passed boat ``c``: her hull lies wholly abaft ``x``'s beam."""
        key = (x, c)
        found = self._passed.get(key)
        if found is None:
            geos = self.geos
            found = self._passed[key] = _passed(geos[x], geos[c].hull)
        return found

    def links(self, position: Position, c: int, x: int) -> bool:
        """Whether the overlap terms apply between boats ``c`` and ``x`` (by index) on opposite
        tacks: both sail more than 90 degrees from the wind, or rule 18 applies between them
        (kept: the search of a boat between two others asks it of many pairs)."""
        beyond = self.beyond_90
        if beyond[c] and beyond[x]:
            return True
        key = (c, x) if c < x else (x, c)
        found = self._links.get(key)
        if found is None:
            geos = self.geos
            found = self._links[key] = _terms_apply(position, geos[self.rows[c][0]],
                                                    geos[self.rows[x][0]])
        return found

    def in_range(self, within: float) -> list[list[int]]:
        """For each boat ``i``, the boats ``j > i`` whose hulls come within ``within`` hull
        lengths of hers (:func:`_in_range`), in ascending order, found through the grid of
        :mod:`rightofway.rrs.index` (kept for each range asked)."""
        found = self._in_range.get(within)
        if found is None:
            found = self._in_range[within] = _in_range(self.rows, within)
        return found

    @property
    def sweep(self) -> _Sweep:
        """Each boat as the sweep over every pair takes her (:class:`_Sweep`), made when
        first asked for."""
        if self._sweep is None:
            self._sweep = _Sweep(self.rows)
        return self._sweep

    @property
    def near(self) -> list[bool]:
        """Whether each boat is in the zone of a mark or within that distance of an
        obstruction: whether Section C can concern her."""
        if self._near is None:
            zone = self._zone + TOLERANCE
            self._near = [
                any(d <= zone for d in self.from_marks[row[0]])
                or any(o.distance_to((row[1:3], row[3:5])) <= zone for o in self._obstructions)
                for row in self.rows]
        return self._near

    @property
    def from_marks(self) -> dict[str, tuple[float, ...]]:
        """Each boat's distance from each mark (the nearest point of her hull), by id."""
        if self._from_marks is None:
            self._from_marks = {
                row[0]: tuple(point_segment_distance(m.at, row[1:3], row[3:5])
                              for m in self._marks) for row in self.rows}
        return self._from_marks


def _boats(position: Position) -> _Boats:
    memo = position._memo
    found = memo.get("boats")
    if found is None:
        found = memo["boats"] = _Boats(position)
    assert isinstance(found, _Boats)
    return found


_Swept = _sweeping.Swept
"""One boat for the sweep over every pair (``rightofway/rrs/_sweep.py``): ``(id, stern x,
stern y, bow x, bow y, heading x, heading y, low, high, middle x, middle y, index, her bit
in the masks)``. ``low`` and ``high`` bracket the projection of her stern on her heading, less
:data:`~rightofway.plane.TOLERANCE`, by a margin wider than the rounding of the shortcut
(:class:`_Sweep`)."""


class _Sweep:
    """The boats as :func:`_keep_clear` sweeps every pair, worked out once per position: for
    each boat not special (her row's last field), herself, whether she is on port, and the
    boats after her in the list on the same tack and on the other (each as a
    :data:`_Swept`); the special boats' indices.

    The shortcut: whether a point ``(x, y)`` lies behind the line abeam from boat ``b``'s
    stern (``(x - sx) * dx + (y - sy) * dy < -TOLERANCE``, the arithmetic of
    :func:`~rightofway.plane.clear_astern`) is first judged by ``w = x * dx + y * dy``: below
    ``low`` the point is behind, above ``high`` it is not, whatever the rounding of either
    formula; only in between is the exact formula worked out, so every answer is the exact
    formula's. Both formulas, and ``low`` and ``high``, are within ``13 * 2**-52 * (S + 1)``
    of the true values (``S`` the largest coordinate of a stern or bow; the heading's
    components are at most 1); the margin, ``2**-45 * (S + 1)``, is ten times that."""

    __slots__ = ("aligned", "plan", "specials", "swept")

    def __init__(self, rows: tuple[_Row, ...]) -> None:
        scale = max((max(abs(r[1]), abs(r[2]), abs(r[3]), abs(r[4])) for r in rows),
                    default=0.0)
        margin = 2.0 ** -45 * (scale + 1.0)  # 128 units of 2**-52
        swept: list[_Swept] = []
        for i, (bid, sx, sy, bx, by, dx, dy, mx, my, _, _) in enumerate(rows):
            k = sx * dx + sy * dy - TOLERANCE
            swept.append((bid, sx, sy, bx, by, dx, dy, k - margin, k + margin, mx, my, i, 1 << i))
        groups: dict[bool, tuple[_Swept, ...]] = {
            port: tuple(s for s, r in zip(swept, rows, strict=True)
                        if r[9] is port and not r[10])
            for port in (True, False)}
        seen = {True: 0, False: 0}
        plan: list[_sweeping.Entry] = []
        for s, r in zip(swept, rows, strict=True):
            if r[10]:
                plan.append(None)
                continue
            port = r[9]
            seen[port] += 1
            plan.append((s, port, groups[port][seen[port]:], groups[not port][seen[not port]:]))
        self.plan = tuple(plan)
        """For each boat, ``(herself, on port, later boats on her tack, later boats on the
        other)``, or ``None`` for a special boat."""
        self.specials = tuple(i for i, r in enumerate(rows) if r[10])
        """The special boats (tacking, or named by rule 21's facts), by index."""
        self.swept = tuple(swept)
        """Every boat (by index)."""
        self.aligned = _aligned(rows, scale)
        """Whether every two boats head within 89 degrees of each other (:func:`_aligned`):
        then a boat whose bow is behind another's line abeam has her stern behind it too, and
        the sweep tests her bow only."""


def _aligned(rows: tuple[_Row, ...], scale: float) -> bool:
    """Whether the headings of all the boats lie within an arc of 89 degrees, the
    coordinates being small enough (``scale``, the largest of a stern or bow) for the
    rounding to be far below the cosine of 89 degrees.

    Then for any two boats ``a`` and ``b``, ``a``'s bow lies ahead of her stern along
    ``b``'s heading by at least that cosine (about 0.017 hull lengths), far more than the
    rounding of :func:`~rightofway.plane.clear_astern`'s formula at either point (less than
    ``2**-47 * (scale + 1)``, :class:`_Sweep`): when the formula puts her bow behind ``b``'s
    line abeam (below ``-TOLERANCE``), it puts her stern there too, so ``a`` is clear astern
    of ``b`` exactly when her bow is behind that line."""
    if 2.0 ** -40 * (scale + 1.0) >= 0.01:
        return False
    angles = sorted(math.degrees(math.atan2(r[6], r[5])) for r in rows)
    if len(angles) < 2:
        return True
    gaps = [b - a for a, b in pairwise(angles)]
    gaps.append(angles[0] + 360.0 - angles[-1])
    return max(gaps) >= 271.0  # the arc left over: at most 89 degrees


def _overlap_masks(rows: tuple[_Row, ...]) -> list[int]:
    """Each boat's directly overlapping boats as a bit mask (bit ``j`` for the ``j``-th
    boat), by the hulls whatever the tacks: :func:`~rightofway.plane.overlapped` with the
    same arithmetic, on the rows."""
    n = len(rows)
    masks = [0] * n
    neg = -TOLERANCE
    for i in range(n):
        _, sxa, sya, bxa, bya, dxa, dya = rows[i][:7]
        for j in range(i + 1, n):
            _, sxb, syb, bxb, byb, dxb, dyb = rows[j][:7]
            if ((sxa - sxb) * dxb + (sya - syb) * dyb < neg
                    and (bxa - sxb) * dxb + (bya - syb) * dyb < neg):
                continue  # a clear astern of b
            if ((sxb - sxa) * dxa + (syb - sya) * dya < neg
                    and (bxb - sxa) * dxa + (byb - sya) * dya < neg):
                continue  # b clear astern of a
            masks[i] |= 1 << j
            masks[j] |= 1 << i
    return masks


class _Links:
    """The direct overlaps (by the hulls, whatever the tacks) of the pairs a fast path ruled:
    over every pair, each boat's as a bit mask (bit ``j`` for the ``j``-th boat); within an
    interaction range, each boat's set of the boats in range that overlap her."""

    __slots__ = ("masks", "sets")

    def __init__(self, masks: list[int] | None = None,
                 sets: list[set[int]] | None = None) -> None:
        self.masks = masks
        self.sets = sets

    def direct(self, i: int, j: int) -> bool:
        """Whether boats ``i`` and ``j`` overlap directly."""
        if self.sets is not None:
            return j in self.sets[i]
        assert self.masks is not None
        return bool(self.masks[i] >> j & 1)

    def of(self, i: int) -> list[int]:
        """The boats overlapping boat ``i`` directly, in ascending order."""
        if self.sets is not None:
            return sorted(self.sets[i])
        assert self.masks is not None
        return _bits(self.masks[i])

    def common(self, i: int, j: int) -> Iterator[int]:
        """The boats overlapping both ``i`` and ``j`` directly, in ascending order (one at a
        time: a search may stop at the first)."""
        if self.sets is not None:
            yield from sorted(self.sets[i] & self.sets[j])
            return
        assert self.masks is not None
        mask = self.masks[i] & self.masks[j]
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low


def _bits(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``, in ascending order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Fleet:
    """Each boat's geometry, and the direct overlaps of pairs, worked out once for all the
    pairs of a position."""

    __slots__ = ("geos", "overlapping")

    def __init__(self, position: Position, links: _Links | None = None) -> None:
        boats = _boats(position)
        self.geos = boats.geos
        if links is None:
            links = _Links(_overlap_masks(boats.rows))
        ids = [row[0] for row in boats.rows]
        self.overlapping = {ids[i]: {ids[j] for j in links.of(i)} for i in range(len(ids))}
        """Each boat's directly overlapping boats (by the hulls, whatever the tacks; within
        an interaction range, those in range)."""


def _pair(position: Position, ga: BoatGeometry, gb: BoatGeometry,
          rule18: bool | None, fleet: _Fleet | None = None) -> PairFacts:
    boats = _boats(position)
    rows = boats.by_id
    ra, rb = rows[ga.id], rows[gb.id]
    a_astern = _row_astern(ra, rb)
    b_astern = _row_astern(rb, ra)
    direct = not a_astern and not b_astern
    via = None
    if not direct and len(position.boats) > 2:
        if fleet is not None:
            common = fleet.overlapping[ga.id] & fleet.overlapping[gb.id]
        else:  # one pair: the boats overlapping both, without the overlaps of every pair
            common = {c for c, rc in rows.items() if c != ga.id and c != gb.id
                      and not _row_astern(rc, ra) and not _row_astern(ra, rc)
                      and not _row_astern(rc, rb) and not _row_astern(rb, rc)}
        geos = boats.geos
        for c in sorted(common):
            gc = geos[c]
            if (_between(gc, ga, gb) and _terms_apply(position, gc, ga)
                    and _terms_apply(position, gc, gb)):
                via = c
                break
    if a_astern and b_astern:
        a_astern = _first_astern(ga, gb)
    over = direct or via is not None
    same = ga.tack is not None and ga.tack == gb.tack
    if ga.tack is None or gb.tack is None:
        same = _tack(position, ga) == _tack(position, gb)
    applies = same or (ga.beyond_90 and gb.beyond_90) or bool(rule18)
    leeward = _leeward(position, ga, gb) if over and same else None
    astern = None if over else (ga.id if a_astern else gb.id)
    return PairFacts(ga, gb, over, via, astern, leeward, applies)


def _terms_apply(position: Position, x: BoatGeometry, y: BoatGeometry) -> bool:
    """Whether the overlap terms apply between two boats (the definitions Clear Astern and
    Clear Ahead; Overlap): on the same tack, both sailing more than 90 degrees from the
    wind, or rule 18 applies between them."""
    if _tack(position, x) == _tack(position, y) or (x.beyond_90 and y.beyond_90):
        return True
    return _SectionC(position, x, y).rule18_applies


def _row_astern(a: _Row, b: _Row) -> bool:
    """Whether ``a``'s hull is wholly behind the line abeam from ``b``'s stern:
    :func:`~rightofway.plane.clear_astern` on the rows (the same arithmetic)."""
    _, sxa, sya, bxa, bya, _, _, _, _, _, _ = a
    _, sxb, syb, _, _, dxb, dyb, _, _, _, _ = b
    return ((sxa - sxb) * dxb + (sya - syb) * dyb < -TOLERANCE
            and (bxa - sxb) * dxb + (bya - syb) * dyb < -TOLERANCE)


def _first_astern(ga: BoatGeometry, gb: BoatGeometry) -> bool:
    """Of two boats each clear astern of the other (stern to stern, heading apart), whether
    ``ga`` is the one clear astern: the one farther behind the other's line abeam."""
    a_behind = _behind(ga, gb)
    b_behind = _behind(gb, ga)
    if abs(a_behind - b_behind) > TOLERANCE:
        return a_behind > b_behind
    return ga.id < gb.id


# --- Sections D and A: who keeps clear ------------------------------------------------------


_Decision = tuple[str, str, str]
"""``(right of way, keep clear, rule number)``."""


@dataclass(slots=True)
class _Case:
    position: Position
    p: PairFacts

    @property
    def facts(self) -> Any:
        return self.position.facts


def _other(case: _Case, boat: str) -> str:
    return case.p.b.id if boat == case.p.a.id else case.p.a.id


def _decide_21_1(case: _Case) -> _Decision | None:
    r = case.facts.returning_to_start
    if r in (case.p.a.id, case.p.b.id):
        return (_other(case, r), r, "21.1")
    return None


def _explain_21_1(case: _Case, found: _Decision | None) -> list[Step]:
    if found is None:
        return []
    return [Step("fact", f"{found[1]} is sailing back to the pre-start side to start after her "
                 "starting signal", cite("21.1")),
            Step("rule", f"a boat returning to start keeps clear of one that is not: {found[1]} "
                 f"keeps clear of {found[0]}; rules 10 to 13 do not apply between them "
                 "(Section D)", cite("21.1"))]


def _decide_21_3(case: _Case) -> _Decision | None:
    r = case.facts.moving_astern
    if r in (case.p.a.id, case.p.b.id):
        return (_other(case, r), r, "21.3")
    return None


def _explain_21_3(case: _Case, found: _Decision | None) -> list[Step]:
    if found is None:
        return []
    return [Step("fact", f"{found[1]} is moving astern through the water by backing a sail",
                 cite("21.3")),
            Step("rule", f"a boat moving astern by backing a sail keeps clear: {found[1]} keeps "
                 f"clear of {found[0]}; rules 10 to 13 do not apply between them (Section D)",
                 cite("21.3"))]


def _decide_21_2(case: _Case) -> _Decision | None:
    r = case.facts.taking_penalty
    if r in (case.p.a.id, case.p.b.id):
        return (_other(case, r), r, "21.2")
    return None


def _explain_21_2(case: _Case, found: _Decision | None) -> list[Step]:
    if found is None:
        return []
    return [Step("fact", f"{found[1]} is taking a penalty", cite("21.2")),
            Step("rule", f"a boat taking a penalty keeps clear of one that is not: {found[1]} "
                 f"keeps clear of {found[0]}; rules 10 to 13 do not apply between them "
                 "(Section D)", cite("21.2"))]


def _decide_22(case: _Case) -> _Decision | None:
    r = case.facts.capsized_or_aground
    if r in (case.p.a.id, case.p.b.id):
        return (r, _other(case, r), "22")
    return None


def _explain_22(case: _Case, found: _Decision | None) -> list[Step]:
    if found is None:
        return []
    return [Step("fact", f"{found[0]} is capsized, anchored or aground", cite("22")),
            Step("rule", f"if possible a boat avoids a boat that is capsized, anchored or "
                 f"aground: {found[1]} avoids {found[0]}, who holds right of way between them; "
                 "rules 10 to 13 do not apply between them (Section D)", cite("22"))]


def _decide_19_2_c(case: _Case) -> _Decision | None:
    p = case.p
    found = _barging(case.position, p.a, p.b, p.overlapped, p.overlap_applies)
    if found is None:
        return None
    barger, _, _ = found
    return (_other(case, barger), barger, "19.2(c)")


def _explain_19_2_c(case: _Case, found: _Decision | None) -> list[Step]:
    if found is None:
        return []
    p = case.p
    barging = _barging(case.position, p.a, p.b, p.overlapped, p.overlap_applies)
    assert barging is not None
    _, o, gap = barging
    return [Step("fact", f"{found[1]} was clear astern of {found[0]} and has become overlapped "
                 f"between her and {o.id}, a continuing obstruction, where there was no room "
                 "to pass between them", cite("19.2(c)"),
                 f"{_fmt(gap)} hull lengths from {found[0]} to {o.id}, less than the "
                 f"{_fmt(case.position.options.room_between)} room needs"),
            Step("rule", f"while they stay overlapped {found[1]} is owed no room and keeps clear "
                 f"of {found[0]}; rules 10 and 11 do not apply between them",
                 cite("19.2(c)"))]


def _barging(position: Position, ga: BoatGeometry, gb: BoatGeometry, over: bool,
             applies: bool) -> tuple[str, Obstruction, float] | None:
    """``(boat, obstruction, gap)``: the boat of the pair that came from clear astern to
    overlap between the other and a continuing obstruction with no room to pass between
    them (RRS 19.2(c)), the obstruction, and the gap she found there."""
    if not over or not applies:
        return None
    continuing = [o for o in position.obstructions if o.kind == "continuing"]
    if not continuing:
        return None
    came = _from_clear_astern(position, ga.id, gb.id)
    if came is None:
        return None
    x, y = (ga, gb) if came == ga.id else (gb, ga)
    zone = position.options.zone_lengths + TOLERANCE
    for o in continuing:
        if min(o.distance_to(x.hull), o.distance_to(y.hull)) > zone:
            continue
        if _inside_of(x, y, o.nearest_point(x.hull)):
            gap = o.distance_to(y.hull)
            if gap < position.options.room_between - TOLERANCE:
                return (x.id, o, gap)
    return None


def _from_clear_astern(position: Position, a: str, b: str) -> str | None:
    """The boat of the pair that became overlapped from clear astern: the fact, or the last
    snapshot of the trail (she was clear astern there, on the same tack)."""
    came = position.facts.overlap_from_clear_astern
    if came is not None:
        return came[0] if came[0] in (a, b) else None
    before = _previous(position)
    if before is None:
        return None
    ga = _geometry(before, before.boat(a))
    gb = _geometry(before, before.boat(b))
    if ga.tack is None or ga.tack != gb.tack:
        return None
    if _clear_astern_of(ga, gb):
        return a
    if _clear_astern_of(gb, ga):
        return b
    return None


def _decide_13(case: _Case) -> _Decision | None:
    a, b = case.p.a, case.p.b
    if a.tacking and not b.tacking:
        return (b.id, a.id, "13")
    if b.tacking and not a.tacking:
        return (a.id, b.id, "13")
    if a.tacking and b.tacking:
        if case.p.clear_astern is not None:
            giver = case.p.clear_astern
            return (_other(case, giver), giver, "13")
        # the one on the other's port side keeps clear
        a_port = lateral(_mid(a.hull), _mid(b.hull), b.heading)  # < 0: a on b's port side
        b_port = lateral(_mid(b.hull), _mid(a.hull), a.heading)
        giver = a.id if a_port - b_port < 0 else b.id
        return (_other(case, giver), giver, "13")
    return None


def _explain_13(case: _Case, found: _Decision | None) -> list[Step]:
    tacking = [g.id for g in (case.p.a, case.p.b) if g.tacking]
    if not tacking:
        return []
    steps = [Step("fact", f"{' and '.join(tacking)} {'has' if len(tacking) == 1 else 'have'} "
                  "passed head to wind and {} not yet close-hauled".format(
                      "is" if len(tacking) == 1 else "are"), cite("13"))]
    assert found is not None
    if len(tacking) == 1:
        steps.append(Step("rule", f"after passing head to wind a boat keeps clear until she is "
                          f"on a close-hauled course; rules 10, 11 and 12 do not apply: "
                          f"{found[1]} keeps clear of {found[0]}", cite("13")))
    else:
        why = ("is clear astern" if case.p.clear_astern == found[1]
               else "is on the other's port side")
        steps.append(Step("rule", f"both are subject to rule 13 at once: the one astern or on "
                          f"the other's port side keeps clear; {found[1]} {why}, so she keeps "
                          f"clear of {found[0]}", cite("13")))
    return steps


def _decide_10(case: _Case) -> _Decision | None:
    ta, tb = _tack(case.position, case.p.a), _tack(case.position, case.p.b)
    if ta == tb:
        return None
    port = case.p.a.id if ta is Tack.PORT else case.p.b.id
    return (_other(case, port), port, "10")


def _explain_10(case: _Case, found: _Decision | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"on opposite tacks the port-tack boat keeps clear of the starboard-tack "
                 f"boat: {found[1]} keeps clear of {found[0]}", cite("10"))]


def _decide_11(case: _Case) -> _Decision | None:
    if not case.p.overlapped or case.p.leeward is None:
        return None
    return (case.p.leeward, _other(case, case.p.leeward), "11")


def _explain_11(case: _Case, found: _Decision | None) -> list[Step]:
    if found is None:
        return []
    via = (f" (through {case.p.overlap_via}, which lies between them and overlaps both)"
           if case.p.overlap_via else "")
    return [Step("fact", f"they are on the same tack and overlapped{via}; {found[0]} is on "
                 f"{found[1]}'s leeward side", DEFS),
            Step("rule", f"on the same tack and overlapped, the windward boat keeps clear of the "
                 f"leeward boat: {found[1]} keeps clear of {found[0]}", cite("11"))]


def _decide_12(case: _Case) -> _Decision | None:
    astern = case.p.clear_astern
    if astern is None:  # pragma: no cover - overlapped boats on the same tack meet rule 11
        return None
    return (_other(case, astern), astern, "12")


def _explain_12(case: _Case, found: _Decision | None) -> list[Step]:
    if found is None:  # pragma: no cover
        return []
    return [Step("fact", f"they are on the same tack and not overlapped: {found[1]}'s hull is "
                 f"behind the line abeam from {found[0]}'s stern (clear astern)", DEFS),
            Step("rule", f"on the same tack and not overlapped, the boat clear astern keeps clear "
                 f"of the boat clear ahead: {found[1]} keeps clear of {found[0]}", cite("12"))]


RIGHT_OF_WAY: tuple[Rule[_Case, _Decision], ...] = (
    Rule("returning to start", cite("21.1"),
         "A boat sailing back to the pre-start side to start keeps clear.",
         _decide_21_1, _explain_21_1, exception_to="10, 11, 12, 13"),
    Rule("taking a penalty", cite("21.2"),
         "A boat taking a penalty keeps clear of one that is not.",
         _decide_21_2, _explain_21_2, exception_to="10, 11, 12, 13"),
    Rule("moving astern", cite("21.3"),
         "A boat moving astern by backing a sail keeps clear.",
         _decide_21_3, _explain_21_3, exception_to="10, 11, 12, 13"),
    Rule("capsized, anchored or aground", cite("22"),
         "A boat avoids one that is capsized, anchored or aground.",
         _decide_22, _explain_22, exception_to="10, 11, 12, 13"),
    Rule("while tacking", cite("13"),
         "A boat past head to wind keeps clear until close-hauled; of two, the one astern or "
         "on the other's port side.", _decide_13, _explain_13, exception_to="10, 11, 12"),
    Rule("barging at a continuing obstruction", cite("19.2(c)"),
         "A boat that came from clear astern to overlap between another and a continuing "
         "obstruction with no room to pass between them keeps clear while overlapped.",
         _decide_19_2_c, _explain_19_2_c, exception_to="10, 11"),
    Rule("on opposite tacks", cite("10"),
         "The port-tack boat keeps clear of the starboard-tack boat.", _decide_10, _explain_10),
    Rule("on the same tack, overlapped", cite("11"),
         "The windward boat keeps clear of the leeward boat.", _decide_11, _explain_11),
    Rule("on the same tack, not overlapped", cite("12"),
         "The boat clear astern keeps clear of the boat clear ahead.", _decide_12, _explain_12),
)
"""Who keeps clear, in the order the rules are asked: Section D's rules 21 and 22 before
Section A (its preamble), rule 13 before rules 10 to 12 (it switches them off), rule
19.2(c) before rules 10 and 11 (it switches them off while the overlap lasts)."""

SECTION_D = frozenset({"21.1", "21.2", "21.3", "22"})
"""The rules of Section D that decide who keeps clear: where one applies between two boats
the rules of Section A do not, and it is the only rule a ruling lists."""


# --- the ruling -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairRuling:
    """Part 2 for two boats: who holds right of way, who keeps clear, who is owed mark-room
    or room, the deciding rules, and every step explained."""

    a: str
    b: str
    right_of_way: str
    keep_clear: str
    mark_room: str | None
    room: str | None
    rules: tuple[str, ...]
    """The deciding rule numbers, as written in the rulebook (``"18.2(a)"``)."""
    steps: tuple[Step, ...]
    facts: PairFacts
    basis: str = ""
    """The rule that makes ``keep_clear`` keep clear of (or, rule 22, avoid) the other."""
    mark_room_rule: str | None = None
    """The rule that entitles ``mark_room`` to mark-room."""
    room_rule: str | None = None
    """The rule that entitles ``room`` to room (or to room to tack)."""
    breaches: tuple[tuple[str, str], ...] = ()
    """``(boat, rule)``: what the snapshot itself shows broken (a hail for room to tack
    that breaks RRS 20.1)."""

    def explain(self) -> str:
        """The ruling and its steps, for people."""
        head = [f"{self.keep_clear} keeps clear of {self.right_of_way}",
                f"mark-room: {self.mark_room or 'nobody'}", f"room: {self.room or 'nobody'}",
                f"deciding rules: {', '.join(self.rules)}"]
        return "\n".join(head) + "\nsteps:\n" + render_steps(self.steps)

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {"pair": [self.a, self.b], "right_of_way": self.right_of_way,
                "keep_clear": self.keep_clear, "basis": self.basis,
                "mark_room": self.mark_room, "mark_room_rule": self.mark_room_rule,
                "room": self.room, "room_rule": self.room_rule, "rules": list(self.rules),
                "breaches": [list(b) for b in self.breaches], "steps": steps_json(self.steps)}


_RULE_ORDER = ("C", "10", "11", "12", "13", "14", "15", "16.1", "16.2", "17", "18.1(a)(1)",
               "18.1(a)(2)", "18.1(a)(3)", "18.2(a)", "18.2(b)", "18.2(c)", "18.2(d)",
               "18.2(e)", "18.3", "18.4", "19.2(b)", "19.2(c)", "20.1", "20.1(a)", "20.1(b)",
               "20.2(b)", "20.2(c)", "20.2(e)", "20.3", "21.1", "21.2", "21.3", "22", "23.1",
               "43.1(a)", "43.1(b)", "43.1(c)")


def sorted_rules(rules: set[str]) -> tuple[str, ...]:
    """Rule numbers in the rulebook's order (``"10"`` before ``"18.2(a)"``)."""
    if isinstance(rules, (str, bytes)) or not isinstance(rules, Iterable):
        raise TypeError(f"rules: expected rule numbers (a set of strings), got "
                        f"{type(rules).__name__} {shown(rules)}")
    numbers = list(rules)
    for r in numbers:
        if type(r) is not str:
            raise TypeError(f"rules: expected rule numbers (strings), got {shown(r)}")
    return tuple(sorted(numbers, key=lambda r: (_RULE_ORDER.index(r) if r in _RULE_ORDER
                                              else len(_RULE_ORDER), r)))


def ruling(position: Position, a: str | None = None, b: str | None = None) -> PairRuling:
    """Part 2 between boats ``a`` and ``b`` (default: the first two boats), explained."""
    from rightofway.rrs.position import Position as _P

    if not isinstance(position, _P):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    if a is None and b is None:
        if len(position.boats) < 2:
            raise InputError("position: a ruling needs two boats")
        a, b = position.boats[0].id, position.boats[1].id
    if a is None or b is None:
        raise TypeError(f"{'b' if b is None else 'a'}: name both boats of the pair, or "
                        "neither")
    ga = _geometry(position, position.boat(a, "a"))
    gb = _geometry(position, position.boat(b, "b"))
    if a == b:
        raise InputError(f"b: a boat has no ruling with herself ({shown(a)})")
    return _rule(position, ga, gb)


def _describe_boat(position: Position, g: BoatGeometry) -> Step:
    tack = g.tack.value if g.tack is not None else "unknown"
    extra = " (past head to wind, not yet close-hauled)" if g.tacking else ""
    past = by_the_lee(position.boat(g.id), position.wind)
    if past is not None:
        extra += (f", sailing by the lee {past:g} degrees past dead downwind: her mainsail "
                  "decides her tack")
    return Step("fact", f"{g.id} heads {g.heading:g} degrees, {g.angle:g} degrees from the wind: "
                f"{tack} tack{extra}", DEFS)


def _rule(position: Position, ga: BoatGeometry, gb: BoatGeometry,
          fleet: _Fleet | None = None,
          keeps_clear: Callable[[str, str], bool] | None = None) -> PairRuling:
    said = _boats(position).said
    if not said:
        said[""] = Step("fact", f"wind from {position.wind:g} degrees", DEFS)
    for g in (ga, gb):
        if g.id not in said:
            said[g.id] = _describe_boat(position, g)
    steps: list[Step] = [said[""], said[ga.id], said[gb.id]]
    section_c = _SectionC(position, ga, gb, keeps_clear)
    p = _pair(position, ga, gb, section_c.rule18_applies, fleet)
    steps.append(_describe_pair(p))
    found = decide(RIGHT_OF_WAY, _Case(position, p), steps)
    assert found is not None
    holder, giver, basis = found
    rules = {basis}
    steps.append(Step("rule", f"{holder} must still avoid contact if reasonably possible, and "
                      f"{giver} too; a boat that breaks a rule of Part 2 may take a Two-Turns "
                      "Penalty", cite("14")))
    c = _Granted()
    if basis in SECTION_D:
        steps.append(Step("rule", f"rule {basis} of Section D applies between them: it alone "
                          "decides between them, and the rules of Section A do not apply",
                          cite(basis)))
    else:
        # Section B: what limits the right-of-way boat
        limits = applying(SECTION_B, _Limit(position, p, holder, giver), steps)
        rules |= {rule for _, _, rule in limits}
        # Section C: mark-room and room
        c = section_c.judge(p, holder, giver, steps)
        rules |= c.rules
        if position.facts.not_racing == giver:
            rules.add("23.1")
            steps.append(Step("rule", f"{giver} is not racing: she must not interfere with "
                              f"{holder}, who is, and still keeps clear of her under Part 2",
                              cite("23.1")))
        if giver in (c.mark_room, c.room):
            rules.add("43.1(b)")
    steps.extend(_exonerations(position, holder, giver, rules, c))
    steps.append(Step("conclusion", f"{giver} keeps clear of {holder}"
                      + (f"; {c.mark_room} is entitled to mark-room" if c.mark_room else "")
                      + (f"; {c.room} is entitled to room" if c.room else ""), cite(basis)))
    return PairRuling(ga.id, gb.id, holder, giver, c.mark_room, c.room, sorted_rules(rules),
                      tuple(steps), p, basis, c.mark_room_rule, c.room_rule,
                      tuple(c.breaches))


def _exonerations(position: Position, holder: str, giver: str, rules: set[str],
                  c: _Granted) -> list[Step]:
    """What each boat would be exonerated for (RRS 43.1), should the incident go to a
    hearing."""
    steps: list[Step] = []
    limited = [r for r in ("15", "16.1") if r in rules]
    if limited:
        steps.append(Step("rule", f"should {holder} break rule {' or '.join(limited)} and leave "
                          f"{giver} no room to keep clear, {giver} is exonerated for the breach "
                          "that compels", cite("43.1(a)")))
    for what, boat, why in (("mark-room", c.mark_room, c.mark_room_rule),
                            ("room", c.room, c.room_rule)):
        if boat is None:
            continue
        other = giver if boat == holder else holder
        steps.append(Step("rule", f"{boat} is owed {what} by {other} (rule {why}): sailing within "
                          f"it, she is exonerated for breaking a rule of Section A, rule 15 or "
                          f"rule 16{' (here her duty to keep clear)' if boat == giver else ''}",
                          cite("43.1(b)")))
    spared = [holder] + [b for b in (c.mark_room, c.room) if b is not None and b != holder]
    steps.append(Step("rule", f"should they touch without damage or injury, "
                      f"{' and '.join(dict.fromkeys(spared))} (right of way"
                      f"{', or sailing within room owed' if len(set(spared)) > 1 else ''}) "
                      "would be exonerated for breaking rule 14", cite("43.1(c)")))
    return steps


def _describe_pair(p: PairFacts) -> Step:
    if p.overlapped and p.overlap_via:
        behind = p.a if _clear_astern_of(p.a, p.b) else p.b if _clear_astern_of(p.b, p.a) \
            else None
        direct = (f"{behind.id} is clear astern of {(p.b if behind is p.a else p.a).id}"
                  if behind is not None else "neither hull is behind the line abeam from the "
                  "other's stern")
        text = (f"{direct}, but they overlap through {p.overlap_via}, which lies between them "
                "and overlaps both")
    elif p.overlapped:
        text = "neither hull is behind the line abeam from the other's stern: overlapped"
    else:
        assert p.clear_astern is not None
        other = p.b.id if p.clear_astern == p.a.id else p.a.id
        text = f"{p.clear_astern} is clear astern of {other}"
    terms = "" if p.overlap_applies else " (on opposite tacks the overlap terms do not apply)"
    return Step("fact", f"the hulls are {_fmt(p.distance)} hull lengths apart; {text}{terms}",
                DEFS)


# --- Section B: what limits the right-of-way boat -------------------------------------------


@dataclass(slots=True)
class _Limit:
    """A pair, its right-of-way boat and its keep-clear boat, for Section B's rules."""

    position: Position
    p: PairFacts
    holder: str
    giver: str

    def geo(self, boat: str) -> BoatGeometry:
        return self.p.a if boat == self.p.a.id else self.p.b


def _acquired(case: _Limit) -> tuple[str, bool] | None:
    return (case.position.facts.acquired_right_of_way
            or _acquired_from_trail(case.position, case.p, case.holder))


def _decide_15(case: _Limit) -> _Decision | None:
    acquired = _acquired(case)
    if acquired is not None and acquired[0] == case.holder and acquired[1]:
        return (case.holder, case.giver, "15")
    return None


def _explain_15(case: _Limit, found: _Decision | None) -> list[Step]:
    if found is not None:
        return [Step("rule", f"{case.holder} has just acquired right of way by her own action: "
                     f"she must initially give {case.giver} room to keep clear", cite("15"))]
    acquired = _acquired(case)
    if acquired is not None and acquired[0] == case.holder:
        return [Step("fact", f"{case.holder} acquired right of way through {case.giver}'s own "
                     "action, so rule 15 does not bind her", cite("15"))]
    return []


def _changing(case: _Limit) -> str | None:
    changing = case.position.facts.changing_course
    if changing is not None and changing[0] in (case.p.a.id, case.p.b.id):
        return changing[0]
    return None


def _decide_16_1(case: _Limit) -> _Decision | None:
    if _changing(case) == case.holder:
        return (case.holder, case.giver, "16.1")
    return None


def _explain_16_1(case: _Limit, found: _Decision | None) -> list[Step]:
    changing = case.position.facts.changing_course
    if found is not None:
        assert changing is not None
        return [Step("rule", f"{case.holder}, the right-of-way boat, is changing course "
                     f"({changing[1]}): she must give {case.giver} room to keep clear",
                     cite("16.1"))]
    if _changing(case) == case.giver:
        return [Step("fact", f"{case.giver} is changing course, but she is the boat keeping "
                     "clear: rule 16 limits only the right-of-way boat", cite("16.1"))]
    return []


def _decide_16_2(case: _Limit) -> _Decision | None:
    changing = case.position.facts.changing_course
    if changing is None or changing[0] != case.holder:
        return None
    g_holder, g_giver = case.geo(case.holder), case.geo(case.giver)
    if g_holder.tack is not Tack.STARBOARD or g_giver.tack is not Tack.PORT:
        return None
    if case.position.facts.starting or changing[1] != "bear-away":
        return None
    return (case.holder, case.giver, "16.2") if _passes_astern(g_giver, g_holder) else None


def _explain_16_2(case: _Limit, found: _Decision | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"after the starting signal, {case.giver} (port) is keeping clear by "
                 f"sailing to pass astern of {case.holder} (starboard): {case.holder} may not "
                 f"change course so that {case.giver} would immediately have to change course "
                 "to keep clearing", cite("16.2"))]


def _came_from_astern(case: _Limit) -> tuple[str, str, bool] | None:
    came = (case.position.facts.overlap_from_clear_astern
            or _overlap_from_trail(case.position, case.p))
    if came is not None and came[0] == case.holder and came[1] == "leeward" and came[2]:
        return came
    return None


def _decide_17(case: _Limit) -> _Decision | None:
    if _came_from_astern(case) is None or case.position.facts.starting:
        return None
    g_holder, g_giver = case.geo(case.holder), case.geo(case.giver)
    if (g_holder.tack == g_giver.tack and case.p.overlapped
            and case.p.distance <= 2.0 + TOLERANCE):
        return (case.holder, case.giver, "17")
    return None


def _explain_17(case: _Limit, found: _Decision | None) -> list[Step]:
    if _came_from_astern(case) is None:
        return []
    holder, giver, d = case.holder, case.giver, _fmt(case.p.distance)
    if found is not None:
        return [Step("rule", f"{holder} became overlapped to leeward from clear astern within "
                     f"two hull lengths of {giver}; while they stay on the same tack and "
                     "overlapped within that distance she may not sail above her proper course",
                     cite("17"), f"the hulls are now {d} hull lengths apart")]
    if case.position.facts.starting:
        return [Step("rule", f"{holder} became overlapped to leeward from clear astern within "
                     f"two hull lengths of {giver}, but before her starting signal a boat has no "
                     "proper course: rule 17 limits nothing yet", cite("17"))]
    return [Step("fact", f"{holder} became overlapped to leeward from clear astern, but they "
                 "are no longer on the same tack and overlapped within two hull lengths: rule "
                 "17 no longer binds her", cite("17"), f"the hulls are now {d} hull lengths "
                 "apart")]


SECTION_B: tuple[Rule[_Limit, _Decision], ...] = (
    Rule("acquiring right of way", cite("15"),
         "A boat that acquires right of way by her own action initially gives the other room "
         "to keep clear.", _decide_15, _explain_15),
    Rule("changing course", cite("16.1"),
         "A right-of-way boat changing course gives the other room to keep clear.",
         _decide_16_1, _explain_16_1),
    Rule("bearing away at a port boat passing astern", cite("16.2"),
         "After the start, a starboard boat may not bear away so that a port boat passing "
         "astern of her must change course at once to keep clearing.",
         _decide_16_2, _explain_16_2),
    Rule("overlapped to leeward from clear astern", cite("17"),
         "A boat that came from clear astern to overlap to leeward within two lengths does not "
         "sail above her proper course.", _decide_17, _explain_17),
)
"""Section B: what limits the right-of-way boat. Each rule binds alongside the others
(:func:`~rightofway.order.applying`); rule 14 binds both boats always and is noted in every
ruling."""


def _passes_astern(x: BoatGeometry, y: BoatGeometry) -> bool:
    """Whether ``x``'s course line crosses ``y``'s track behind ``y``'s stern."""
    px, py = _mid(x.hull)
    dx, dy = heading_vector(x.heading)
    qx, qy = _mid(y.hull)
    ex, ey = heading_vector(y.heading)
    den = dx * ey - dy * ex
    if abs(den) < 1e-9:
        return False
    # solve p + t d = q + s e
    t = ((qx - px) * ey - (qy - py) * ex) / den
    s = ((qx - px) * dy - (qy - py) * dx) / den
    return t > 0 and s < -0.5


def _previous(position: Position) -> Position | None:
    if not position.trail:
        return None
    last = position.trail[-1]
    return Position(position.wind, last.boats, position.marks, position.obstructions,
                    position.lines, options=position.options)


def _acquired_from_trail(position: Position, p: PairFacts, holder: str) -> tuple[str, bool] | None:
    before = _previous(position)
    if before is None:
        return None
    try:
        then = decide(RIGHT_OF_WAY, _Case(before, _pair(
            before, _geometry(before, before.boat(p.a.id)),
            _geometry(before, before.boat(p.b.id)), None)))
    except PositionError:
        return None
    if then is None or then[0] == holder:
        return None
    h_then = _geometry(before, before.boat(holder))
    g_now = p.a if holder == p.a.id else p.b
    other = p.b if holder == p.a.id else p.a
    o_then = _geometry(before, before.boat(other.id))
    own = h_then.tack != g_now.tack or (then[2] == "12" and then[1] == holder)
    if o_then.tack != other.tack and h_then.tack == g_now.tack:
        own = False
    return (holder, own)


def _overlap_from_trail(position: Position, p: PairFacts) -> tuple[str, str, bool] | None:
    before = _previous(position)
    if before is None or not p.overlapped or p.leeward is None:
        return None
    ga_then = _geometry(before, before.boat(p.a.id))
    gb_then = _geometry(before, before.boat(p.b.id))
    lee = p.leeward
    lee_then, other_then = (ga_then, gb_then) if lee == p.a.id else (gb_then, ga_then)
    # clear astern is a relation of boats on the same tack (the definitions)
    if lee_then.tack is None or lee_then.tack != other_then.tack:
        return None
    if not _clear_astern_of(lee_then, other_then):
        return None
    return (lee, "leeward", p.distance <= 2.0 + TOLERANCE)


# --- Section C: mark-room and room ----------------------------------------------------------


class _Overlap(Protocol):
    """What Section C asks of a pair: whether the boats overlap, and whether the overlap
    terms apply to them (:class:`PairFacts` has both)."""

    @property
    def overlapped(self) -> bool: ...

    @property
    def overlap_applies(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class _Overlapped:
    overlapped: bool
    overlap_applies: bool


_Grant = tuple[str, str, str]
"""``(entitled, giver, rule)`` of a Section C table: the boat entitled to mark-room or
room, the boat that gives it, and the rule; ``("", "", rule)`` when the rule takes away
what would otherwise be owed."""


@dataclass(slots=True)
class _Granted:
    """What Section C found for a pair."""

    mark_room: str | None = None
    mark_room_rule: str | None = None
    room: str | None = None
    room_rule: str | None = None
    rules: set[str] = field(default_factory=set)
    breaches: list[tuple[str, str]] = field(default_factory=list)


def _inside_of(x: BoatGeometry, y: BoatGeometry, m: Vec) -> bool:
    """Whether ``x`` is inside ``y`` at ``m`` (a mark, or an obstruction's nearest point):
    ``x`` lies on ``m``'s side of ``y``'s centreline extended, and ``y`` on the side of
    ``x``'s away from ``m`` (the definition Inside, as the spec makes it precise). Which hull
    is nearer ``m`` is not the test."""
    cy, cx = _mid(y.hull), _mid(x.hull)
    y_m, y_x = lateral(m, cy, y.heading), lateral(cx, cy, y.heading)
    x_m, x_y = lateral(m, cx, x.heading), lateral(cy, cx, x.heading)
    return (abs(y_m) > TOLERANCE and y_m * y_x > 0 and abs(x_m) > TOLERANCE
            and x_m * x_y < 0)


def _inside(x: BoatGeometry, y: BoatGeometry, m: Vec) -> str | None:
    """The inside boat of two at ``m`` (a mark, or an obstruction's point nearest them), or
    ``None`` when neither lies between the other and it."""
    if _inside_of(x, y, m):
        return x.id
    if _inside_of(y, x, m):
        return y.id
    return None


def _leaving(g: BoatGeometry, m: Mark) -> bool:
    """Whether she has passed the mark: it lies abaft her beam."""
    dx, dy = heading_vector(g.heading)
    mx, my = _mid(g.hull)
    return (m.at[0] - mx) * dx + (m.at[1] - my) * dy < -TOLERANCE


def _must_tack(position: Position, g: BoatGeometry, m: Mark) -> bool:
    """Whether her proper course at a windward mark is to tack: the turn round the mark, on
    its required side, to the next leg (downwind) passes head to wind."""
    if m.role != "windward":
        return False
    direction = -1 if m.leave_to == "port" else 1
    downwind = (position.wind + 180.0) % 360.0
    return turn_passes(g.heading, downwind, direction, position.wind)


def _fetching(position: Position, g: BoatGeometry, m: Mark) -> bool:
    """Whether she is fetching ``m`` (the definition Fetching, as the spec makes it precise):
    she can pass to windward of it and leave it on the required side without changing tack,
    sailing close-hauled or below. A starboard-tack boat passes to windward of a mark left to
    port, a port-tack boat of one left to starboard; and the bearing from her bow to the
    mark lies at least ``close_hauled`` degrees from the wind on her tack's side (exactly on
    that line counts)."""
    tack = _tack(position, g)
    if (tack is Tack.STARBOARD) != (m.leave_to == "port"):
        return False
    bow = g.hull[1]
    dx, dy = m.at[0] - bow[0], m.at[1] - bow[1]
    if dx == 0 and dy == 0:
        return False
    bearing = norm360(math.degrees(math.atan2(dx, dy)))
    off = norm360(position.wind - bearing) if tack is Tack.STARBOARD \
        else norm360(bearing - position.wind)
    return position.options.close_hauled - ANGLE_TOLERANCE <= off <= 180.0 + ANGLE_TOLERANCE


@dataclass(frozen=True, slots=True)
class _Entry:
    """How the boats stood when the first of them reached the zone (RRS 18.2(a))."""

    first: str
    overlapped: bool
    inside: str | None
    applied: bool
    """Whether rule 18 applied between them at that moment."""
    why_not: str | None
    """The rule that kept rule 18 off then (``"18.1(a)(1)"``), when it did not apply."""
    doubt: str | None
    steps: tuple[Step, ...]

    @property
    def entitled(self) -> str | None:
        """The boat 18.2(a) entitles: the inside boat of an overlap, else the first in."""
        return self.inside if self.overlapped else self.first


class _SectionC:
    """Rules 18 to 20 between two boats: which mark's zone they are at, whether rule 18
    applies, and who is owed mark-room or room (the tables :data:`MARK_ROOM`,
    :data:`ROOM_TO_TACK` and :data:`ROOM`)."""

    def __init__(self, position: Position, ga: BoatGeometry, gb: BoatGeometry,
                 keeps_clear: Callable[[str, str], bool] | None = None) -> None:
        self.position = position
        self.ga, self.gb = ga, gb
        self.zone = position.options.zone_lengths
        self.mark: Mark | None = None
        self.in_zone: tuple[str, ...] = ()
        self.dist: dict[str, float] = {}
        """Each boat's distance from the mark (nearest point of her hull)."""
        self._keeps_clear = keeps_clear
        self._applies: bool | None = None
        self._exclusion: tuple[tuple[str, str] | None] | None = None
        best = None
        from_mark = _boats(position).from_marks
        zone = self.zone + TOLERANCE
        for m, da, db in zip(position.marks, from_mark[ga.id], from_mark[gb.id], strict=True):
            if da <= zone:
                inside: tuple[str, ...] = (ga.id, gb.id) if db <= zone else (ga.id,)
            elif db <= zone:
                inside = (gb.id,)
            else:
                continue
            if best is None or min(da, db) < best:
                best = min(da, db)
                self.mark, self.in_zone = m, inside
                self.dist = {ga.id: da, gb.id: db}
        self.rule18_possible = self.mark is not None and not self._starting_mark()

    def _starting_mark(self) -> bool:
        return (self.mark is not None and self.mark.role == "start"
                and self.position.facts.starting)

    def other(self, boat: str) -> BoatGeometry:
        return self.gb if boat == self.ga.id else self.ga

    def geo(self, boat: str) -> BoatGeometry:
        return self.ga if boat == self.ga.id else self.gb

    @property
    def rule18_applies(self) -> bool:
        """Whether rule 18 applies between them now: one is in the zone of a mark (not a
        starting mark they approach to start) and no exclusion of 18.1(a) holds."""
        if self._applies is None:
            self._applies = self.rule18_possible and self.exclusion is None
        return self._applies

    @property
    def exclusion(self) -> tuple[str, str] | None:
        """The exclusion of 18.1(a) that holds between them now (:func:`_exclusion_18`)."""
        if self._exclusion is None:
            self._exclusion = (_exclusion_18(self.position, self.ga, self.gb, self.mark),)
        return self._exclusion[0]

    def judge(self, p: _Overlap, holder: str, giver: str,
              steps: list[Step] | None) -> _Granted:
        """Mark-room (:data:`MARK_ROOM`), then room to tack (:data:`ROOM_TO_TACK`), then
        room at an obstruction (:data:`ROOM`) where no mark-room is owed."""
        out = _Granted()
        case = _CCase(self, p, holder, giver, out.rules, out.breaches)
        if self.mark is not None:
            if steps is not None:
                m = self.mark
                steps.append(Step("fact", f"{' and '.join(self.in_zone)} "
                                  f"{'is' if len(self.in_zone) == 1 else 'are'} in the zone of "
                                  f"{m.id}", DEFS,
                                  f"the zone reaches {_fmt(self.zone)} hull lengths from "
                                  f"{m.id}; {self.ga.id}'s hull comes within "
                                  f"{_fmt(self.dist[self.ga.id])} of it, {self.gb.id}'s within "
                                  f"{_fmt(self.dist[self.gb.id])}"))
            granted = decide(MARK_ROOM, case, steps)
            if granted is not None:
                out.rules.add(granted[2])
                if granted[0]:
                    out.mark_room, out.mark_room_rule = granted[0], granted[2]
                    _rule_18_4(case, granted[0], steps)
        granted = decide(ROOM_TO_TACK, case, steps)
        if granted is None and out.mark_room is None and p.overlapped and p.overlap_applies \
                and case.obstacle is not None:
            granted = decide(ROOM, case, steps)
        if granted is not None:
            out.rules.add(granted[2])
            if granted[0]:
                out.room, out.room_rule = granted[0], granted[2]
        return out

    # obstacles ----------------------------------------------------------------------

    def kept_clear_by_both(self, reach: float) -> list[str]:
        """The other boats both boats of the pair must keep clear of, in the boats' order;
        where who keeps clear of whom is not known yet, only those whose hulls come within
        ``reach`` of either's (the others are of no concern to the caller)."""
        a, b = self.ga.id, self.gb.id
        if isinstance(self._keeps_clear, _Kept):
            common = self._keeps_clear.of[a] & self._keeps_clear.of[b]
            return sorted(common, key=self._keeps_clear.index.__getitem__)
        boats = _boats(self.position)
        if boats.unknown is not None:  # asking of every boat names the first unknown tack
            return [c for c in self.position.boat_ids if c not in (a, b)
                    and self.keeps_clear_of(a, c) and self.keeps_clear_of(b, c)
                    and min(boats.gap(a, c), boats.gap(b, c)) <= reach]
        # the distance first: each keep-clear asked costs a search of the fleet
        return [c for c in self.position.boat_ids if c not in (a, b)
                and min(boats.gap(a, c), boats.gap(b, c)) <= reach
                and self.keeps_clear_of(a, c) and self.keeps_clear_of(b, c)]

    def keeps_clear_of(self, x: str, c: str) -> bool:
        """Whether ``x`` must keep clear of ``c`` (Sections A and D)."""
        if self._keeps_clear is not None:
            return self._keeps_clear(x, c)
        cache = _boats(self.position).kept_clear
        key = (x, c) if x < c else (c, x)
        if key not in cache:
            pos = self.position
            found = decide(RIGHT_OF_WAY, _Case(pos, _pair(
                pos, _geometry(pos, pos.boat(key[0])), _geometry(pos, pos.boat(key[1])),
                None)))
            assert found is not None
            cache[key] = found[1]
        return cache[key] == x


def _exclusion_18(position: Position, ga: BoatGeometry, gb: BoatGeometry,
                  m: Mark | None) -> tuple[str, str] | None:
    """The exclusion of rule 18.1(a) that keeps rule 18 off between two boats at ``m``:
    ``(rule, why)``, or ``None``."""
    if m is None:
        return None
    ta, tb = _tack(position, ga), _tack(position, gb)
    if ta != tb and ga.angle < 90 and gb.angle < 90:
        return ("18.1(a)(1)", "on opposite tacks on a beat to windward rule 18 does not apply "
                "between them")
    leaving = [g.id for g in (ga, gb) if _leaving(g, m)]
    if len(leaving) == 1:
        other = gb.id if leaving[0] == ga.id else ga.id
        return ("18.1(a)(3)", f"{leaving[0]} is leaving {m.id} (it is abaft her beam) while "
                f"{other} approaches it: rule 18 does not apply between them")
    if ta != tb and not leaving:
        tacks = [g.id for g in (ga, gb) if _must_tack(position, g, m)]
        if len(tacks) == 1:
            return ("18.1(a)(2)", f"on opposite tacks, and {tacks[0]}'s proper course at {m.id} "
                    "is to tack but the other's is not: rule 18 does not apply between them")
    return None


@dataclass(slots=True)
class _CCase:
    """A pair before the tables of Section C, with what the rules found on the way."""

    sc: _SectionC
    p: _Overlap
    holder: str
    giver: str
    rules: set[str]
    """Rules listed beside the one that decides (18.2(b) before 18.2(c), 18.2(e), 20.2(b),
    20.2(c) with 20.3)."""
    breaches: list[tuple[str, str]]
    _entry: _Entry | None = None
    _obstacle: tuple[_Obstacle | None] | None = None

    @property
    def position(self) -> Position:
        return self.sc.position

    @property
    def facts(self) -> Any:
        return self.sc.position.facts

    @property
    def mark(self) -> Mark:
        assert self.sc.mark is not None
        return self.sc.mark

    @property
    def pair(self) -> tuple[str, str]:
        return (self.sc.ga.id, self.sc.gb.id)

    @property
    def entry(self) -> _Entry:
        if self._entry is None:
            self._entry = _zone_entry(self)
        return self._entry

    @property
    def inside_now(self) -> str | None:
        """The inside boat at the mark now, when they overlap (the definition Inside)."""
        if not (self.p.overlapped and self.p.overlap_applies):
            return None
        return _inside(self.sc.ga, self.sc.gb, self.mark.at)

    @property
    def ended(self) -> str | None:
        """How the boat entitled under 18.2(a) lost it (18.2(b)), or ``None``."""
        entitled = self.entry.entitled
        if entitled is None:
            return None
        if self.facts.left_zone == entitled:
            return "has left the zone"
        if self.tacker == entitled:
            return "has passed head to wind"
        return None

    @property
    def tacker(self) -> str | None:
        """The boat of the pair that passed head to wind in the zone: the fact, else the last
        snapshot of the trail showing her in the zone on the other tack, sailing within 90
        degrees of the wind then and now (she tacked, not gybed)."""
        fact = self.facts.passed_head_to_wind_in_zone
        if fact is not None:
            return str(fact) if fact in self.pair else None
        before = _previous(self.position)
        if before is None:
            return None
        m = self.mark
        for g in (self.sc.ga, self.sc.gb):
            then = _geometry(before, before.boat(g.id))
            in_zone = point_segment_distance(m.at, then.hull[0], then.hull[1]) \
                <= self.sc.zone + TOLERANCE
            if (in_zone and then.tack is not None and g.tack is not None
                    and then.tack != g.tack and then.angle < 90 and g.angle < 90):
                return g.id
        return None

    @property
    def obstacle(self) -> _Obstacle | None:
        if self._obstacle is None:
            self._obstacle = (_obstacle(self.sc),)
        return self._obstacle[0]


# rule 18 --------------------------------------------------------------------------------


def _zone_entry(case: _CCase) -> _Entry:
    """How they stood when the first reached the zone: the fact (when it speaks of this
    pair), else the earliest snapshot of the trail with one of them in the zone, else as
    they are now."""
    sc, m = case.sc, case.mark
    facts = case.facts
    entry = facts.zone_entry
    if entry is not None and entry.first in case.pair and entry.inside in (None, *case.pair):
        over, inside = entry.overlapped, entry.inside
        steps = [Step("fact", f"given: {entry.first} reached the zone first, "
                      f"{'overlapped' if over else 'not overlapped'} with the other",
                      cite("18.2(a)"))]
        if entry.doubt == "gained":
            over = False
            steps.append(Step("rule", "there is reasonable doubt that the overlap was gained in "
                              "time: it is presumed it was not", cite("18.2(e)")))
        elif entry.doubt == "broken":
            over = True
            steps.append(Step("rule", "there is reasonable doubt that the overlap was broken in "
                              "time: it is presumed it was not", cite("18.2(e)")))
        if over and inside is None:
            inside = _inside(sc.ga, sc.gb, m.at)
        applied, why = _applied_at_entry(case)
        return _Entry(entry.first, over, inside, applied, why, entry.doubt, tuple(steps))
    for snap in case.position.trail:
        before = Position(case.position.wind, snap.boats, case.position.marks,
                          options=case.position.options)
        ga = _geometry(before, before.boat(sc.ga.id))
        gb = _geometry(before, before.boat(sc.gb.id))
        da = point_segment_distance(m.at, ga.hull[0], ga.hull[1])
        db = point_segment_distance(m.at, gb.hull[0], gb.hull[1])
        ins = [g for g, d in ((ga, da), (gb, db)) if d <= sc.zone + TOLERANCE]
        if not ins:
            continue
        first = min(ins, key=lambda g: da if g is ga else db).id
        over = overlapped(ga.hull, ga.heading, gb.hull, gb.heading)
        inside = _inside(ga, gb, m.at) if over else None
        try:
            excluded = _exclusion_18(before, ga, gb, m)
        except PositionError:  # a boat head to wind then, her tack not given: cannot tell
            excluded = None
        steps = [Step("fact", f"an earlier snapshot shows {first} reaching the zone first, "
                      f"{'overlapped' if over else 'not overlapped'} with the other"
                      + (f", {inside} inside" if inside else ""), cite("18.2(a)"))]
        if excluded is not None:
            steps.append(Step("fact", f"then {excluded[1]}", cite(excluded[0])))
        return _Entry(first, over, inside, excluded is None,
                      excluded[0] if excluded else None, None, tuple(steps))
    over = case.p.overlapped and case.p.overlap_applies
    inside = _inside(sc.ga, sc.gb, m.at) if over else None
    applied, why = _applied_at_entry(case)
    if len(sc.in_zone) == 1:
        first = sc.in_zone[0]
        text = (f"{first} is the only one in the zone: she reaches it first, "
                f"{'overlapped' if over else 'not overlapped'} with the other")
    else:
        first = min(sc.in_zone, key=lambda b: sc.dist[b])
        text = ("both are in the zone and nothing says how they entered it: taken as they are "
                f"now ({'overlapped' if over else 'not overlapped'}), {first}, the nearer the "
                "mark, having reached it first")
    if over:
        text += f"; {inside} inside" if inside else "; neither lies between the other and the mark"
    return _Entry(first, over, inside, applied, why, None,
                  (Step("fact", text, cite("18.2(a)")),))


def _applied_at_entry(case: _CCase) -> tuple[bool, str | None]:
    """Whether rule 18 applied when the first reached the zone, where no snapshot shows that
    moment: it did, unless a boat has since passed head to wind in the zone and so was then
    on the other tack, on a beat to windward (RRS 18.1(a)(1))."""
    tacker = case.facts.passed_head_to_wind_in_zone
    if tacker not in case.pair:  # with no trail (the trail shows the entry itself)
        return True, None
    t, o = case.sc.geo(tacker), case.sc.other(tacker)
    if _tack(case.position, t) == _tack(case.position, o) and t.angle < 90 and o.angle < 90:
        return False, "18.1(a)(1)"
    return True, None


def _decide_c(case: _CCase) -> _Grant | None:
    return ("", "", "C") if case.sc._starting_mark() else None


def _explain_c(case: _CCase, found: _Grant | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"{case.mark.id} is a starting mark and the boats are approaching it "
                 "to start: no rule of Section C applies there", cite("C"))]


def _exclusion_decider(rule: str) -> tuple[Callable[[_CCase], _Grant | None],
                                            Callable[[_CCase, _Grant | None], list[Step]]]:
    """The deciding and explaining functions of one exclusion of rule 18.1(a)."""

    def decide_it(case: _CCase) -> _Grant | None:
        found = case.sc.exclusion
        return ("", "", rule) if found is not None and found[0] == rule else None

    def explain_it(case: _CCase, found: _Grant | None) -> list[Step]:
        if found is None:
            return []
        why = case.sc.exclusion
        assert why is not None
        return [Step("rule", why[1], cite(rule))]

    return decide_it, explain_it


def _hailer(case: _CCase) -> str | None:
    """The boat of the pair whose hail for room to tack binds the other (RRS 20): she hailed
    (or passed a hail on) and the other is on the same tack."""
    for fact in (case.facts.hail_room_to_tack, case.facts.hail_passed_on):
        if fact in case.pair:
            other = case.sc.other(fact)
            if _tack(case.position, other) == _tack(case.position, case.sc.geo(fact)):
                return str(fact)
    return None


def _decide_20_2_e(case: _CCase) -> _Grant | None:
    return ("", "", "20.2(e)") if _hailer(case) is not None else None


def _explain_20_2_e(case: _CCase, found: _Grant | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"{_hailer(case)} has hailed for room to tack: until she has tacked and "
                 "avoided the other, rule 18.2 does not apply between them", cite("20.2(e)"))]


def _tacker_18_3(case: _CCase) -> tuple[BoatGeometry, BoatGeometry] | None:
    """``(tacker, other)`` when rule 18.3 applies: the tacker passed head to wind from port
    to starboard in the zone of a mark left to port, and the other, on starboard, is
    fetching it."""
    tacker = case.tacker
    if tacker is None or case.mark.leave_to != "port":
        return None
    t, o = case.sc.geo(tacker), case.sc.other(tacker)
    if _tack(case.position, t) is not Tack.STARBOARD:
        return None
    if _tack(case.position, o) is not Tack.STARBOARD or not _fetching(case.position, o,
                                                                        case.mark):
        return None
    return t, o


def _decide_18_3(case: _CCase) -> _Grant | None:
    found = _tacker_18_3(case)
    if found is None:
        return None
    t, o = found
    if (_starboard_since_zone(case, o) and case.p.overlapped
            and _inside_of(o, t, case.mark.at)):
        return (o.id, t.id, "18.3")
    return ("", "", "18.3")


def _explain_18_3(case: _CCase, found: _Grant | None) -> list[Step]:
    if found is None:
        return []
    pair = _tacker_18_3(case)
    assert pair is not None
    t, o = pair
    m = case.mark
    steps = [Step("rule", f"{t.id} passed head to wind from port to starboard tack in the zone "
                  f"of {m.id}, which is left to port, and {o.id} on starboard is fetching it: "
                  "rule 18.2 does not apply between them", cite("18.3"))]
    if _starboard_since_zone(case, o):
        steps.append(Step("rule", f"{o.id} has been on starboard since entering the zone: "
                          f"{t.id} may not make her sail above close-hauled to avoid contact, "
                          "and gives her mark-room if she becomes overlapped inside her"
                          + (f"; {o.id} is overlapped inside her" if found[0] else ""),
                          cite("18.3")))
    return steps


def _starboard_since_zone(case: _CCase, g: BoatGeometry) -> bool:
    m = case.mark
    for snap in case.position.trail:
        b = next(x for x in snap.boats if x.id == g.id)
        in_zone = point_segment_distance(m.at, b.hull[0], b.hull[1]) <= case.sc.zone + TOLERANCE
        if in_zone and _tack_of(b, case.position.wind) is not Tack.STARBOARD:
            return False
    return True


def _unable(case: _CCase, inside: str | None) -> bool:
    """Whether the outside boat, by the fact, has been unable to give room or mark-room to
    ``inside`` from the time their overlap began (RRS 18.2(d), 19.2(b))."""
    outside = case.facts.unable_to_give_room
    return (inside is not None and outside in case.pair and outside != inside
            and case.p.overlapped)


def _decide_18_2_d(case: _CCase) -> _Grant | None:
    if case.facts.unable_to_give_room not in case.pair:
        return None
    inside = case.inside_now or (case.entry.inside if case.entry.overlapped else None)
    return ("", "", "18.2(d)") if _unable(case, inside) else None


def _explain_18_2_d(case: _CCase, found: _Grant | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"{case.facts.unable_to_give_room}, outside, has been unable to give "
                 "mark-room from the time the inside overlap began: rules 18.2(a) and 18.2(c) "
                 "do not apply between them", cite("18.2(d)"))]


def _decide_18_2_b(case: _CCase) -> _Grant | None:
    if not case.entry.applied or case.ended is None:
        return None
    if case.inside_now is not None:
        case.rules.add("18.2(b)")
        return None  # 18.2(c) decides
    return ("", "", "18.2(b)")


def _explain_18_2_b(case: _CCase, found: _Grant | None) -> list[Step]:
    if not case.entry.applied or case.ended is None:
        return []
    steps = list(case.entry.steps)
    steps.append(Step("rule", f"{case.entry.entitled} was entitled to mark-room when the first "
                      f"reached the zone, but she {case.ended}: rule 18.2(a) no longer applies",
                      cite("18.2(b)")))
    return steps


def _decide_18_2_a(case: _CCase) -> _Grant | None:
    entry = case.entry
    if not entry.applied or case.ended is not None or entry.entitled is None:
        return None
    if entry.doubt is not None:
        case.rules.add("18.2(e)")
    entitled = entry.entitled
    return (entitled, case.sc.other(entitled).id, "18.2(a)")


def _explain_18_2_a(case: _CCase, found: _Grant | None) -> list[Step]:
    entry = case.entry
    if case.ended is not None:
        return []
    steps = list(entry.steps)
    if not entry.applied:
        steps.append(Step("fact", "rule 18 did not apply between them when the first reached "
                          f"the zone (rule {entry.why_not}): no mark-room was fixed then",
                          cite("18.2(a)")))
        return steps
    if found is None:
        steps.append(Step("fact", "they were overlapped when the first reached the zone, but "
                          "neither lay between the other and the mark", cite("18.2(a)")))
        return steps
    entitled, giver, _ = found
    if entry.overlapped:
        why = (f"they were overlapped when {entry.first} reached the zone: {giver}, outside, "
               f"gives {entitled}, inside, mark-room")
    else:
        why = (f"they were not overlapped when {entry.first} reached the zone: {giver}, which had "
               f"not reached it, gives {entitled} mark-room")
    now = case.p.overlapped and case.p.overlap_applies
    if case.facts.overlap_broken or (entry.overlapped and not now):
        why += "; the duty continues although that overlap has since been broken"
    elif not entry.overlapped and now:
        why += "; the duty continues although they have overlapped since"
    steps.append(Step("rule", why, cite("18.2(a)")))
    return steps


def _decide_18_2_c(case: _CCase) -> _Grant | None:
    entry = case.entry
    if entry.applied and case.ended is None:
        return None  # 18.2(a) applies
    inside = case.inside_now
    return (inside, case.sc.other(inside).id, "18.2(c)") if inside is not None else None


def _explain_18_2_c(case: _CCase, found: _Grant | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"rule 18.2(a) does not apply and they are overlapped: {found[1]}, "
                 f"outside, gives {found[0]}, inside, mark-room", cite("18.2(c)"))]


def _rule_18_4(case: _CCase, entitled: str, steps: list[Step] | None) -> None:
    m = case.mark
    if case.facts.must_gybe_at_mark != entitled:
        return
    if m.gate:
        if steps is not None:
            steps.append(Step("fact", f"{m.id} is a gate mark: rule 18.4 does not apply there",
                              cite("18.4")))
        return
    if entitled == case.holder and case.p.overlapped:
        case.rules.add("18.4")
        if steps is not None:
            steps.append(Step("rule", f"{entitled}, inside, overlapped and with right of way, "
                              f"must gybe at {m.id} to sail her proper course: until she gybes "
                              "she may sail no farther from the mark than that course needs",
                              cite("18.4")))


_d_1811, _e_1811 = _exclusion_decider("18.1(a)(1)")
_d_1813, _e_1813 = _exclusion_decider("18.1(a)(3)")
_d_1812, _e_1812 = _exclusion_decider("18.1(a)(2)")

MARK_ROOM: tuple[Rule[_CCase, _Grant], ...] = (
    Rule("at a starting mark", cite("C"),
         "No rule of Section C applies at a starting mark while boats approach it to start.",
         _decide_c, _explain_c, exception_to="18.2(a), 18.2(c)"),
    Rule("opposite tacks on a beat", cite("18.1(a)(1)"),
         "Rule 18 does not apply between boats on opposite tacks on a beat to windward.",
         _d_1811, _e_1811, exception_to="18.2(a), 18.2(c)"),
    Rule("approaching and leaving", cite("18.1(a)(3)"),
         "Rule 18 does not apply between a boat approaching a mark and one leaving it.",
         _d_1813, _e_1813, exception_to="18.2(a), 18.2(c)"),
    Rule("one must tack", cite("18.1(a)(2)"),
         "Rule 18 does not apply between boats on opposite tacks when only one of them must "
         "tack at the mark.", _d_1812, _e_1812, exception_to="18.2(a), 18.2(c)"),
    Rule("after a hail for room to tack", cite("20.2(e)"),
         "From a hail for room to tack until the hailing boat has tacked and avoided the "
         "other, rule 18.2 does not apply between them.", _decide_20_2_e, _explain_20_2_e,
         exception_to="18.2(a), 18.2(c)"),
    Rule("passing head to wind in the zone", cite("18.3"),
         "A boat that tacks onto starboard in the zone of a port-hand mark: rule 18.2 does "
         "not apply between her and a starboard boat fetching it, to whom she gives mark-room "
         "if overlapped inside her.", _decide_18_3, _explain_18_3,
         exception_to="18.2(a), 18.2(c)"),
    Rule("unable to give mark-room", cite("18.2(d)"),
         "An outside boat unable to give mark-room from the time the inside overlap began "
         "need not give it.", _decide_18_2_d, _explain_18_2_d,
         exception_to="18.2(a), 18.2(c)"),
    Rule("mark-room ends", cite("18.2(b)"),
         "Rule 18.2(a) ends when the boat entitled passes head to wind or leaves the zone.",
         _decide_18_2_b, _explain_18_2_b, exception_to="18.2(a)"),
    Rule("fixed at the zone", cite("18.2(a)"),
         "When the first boat reaches the zone, the outside boat of an overlap, or the boat "
         "not yet in the zone, gives mark-room from then on.", _decide_18_2_a, _explain_18_2_a),
    Rule("overlapped later", cite("18.2(c)"),
         "Where rule 18.2(a) does not apply, the outside boat of an overlap gives the inside "
         "boat mark-room.", _decide_18_2_c, _explain_18_2_c),
)
"""Mark-room between two boats at a mark (RRS 18 and the Section C preamble), in the order
the rules are asked: every exclusion and exception before the rules it sets aside."""


# rules 19 and 20 --------------------------------------------------------------------------


def _hail_breaches(case: _CCase, hailer: str) -> list[tuple[str, str]]:
    """How a hail for room to tack broke RRS 20.1: ``(rule, why)`` for each condition not
    met."""
    pos = case.position
    h, o = case.sc.geo(hailer), case.sc.other(hailer)
    out: list[tuple[str, str]] = []
    ahead = _ahead_on_course(case.sc, h)
    if ahead is None:
        out.append(("20.1(a)", f"nothing lies on {hailer}'s course within "
                    f"{_fmt(case.sc.zone)} hull lengths: she is not approaching an obstruction "
                    "she will soon have to change course substantially to avoid"))
    elif isinstance(ahead, Mark) and _fetching(pos, o, ahead):
        out.append(("20.1", f"what she approaches is {ahead.id}, a mark that {o.id} is "
                    "fetching: she may not hail for room to tack there"))
    if h.angle > pos.options.close_hauled + ANGLE_TOLERANCE:
        out.append(("20.1(b)", f"{hailer} sails {h.angle:g} degrees from the wind, below "
                    f"close-hauled ({pos.options.close_hauled:g})"))
    return out


_CLEARANCE = 0.5
"""How near her course line a mark or a hull must lie for a boat to have to change course
to avoid it (half a hull length: a point or a hull has no breadth here)."""


def _ahead_on_course(sc: _SectionC, g: BoatGeometry) -> Obstruction | Mark | Boat | None:
    """The nearest obstruction, mark or boat she must keep clear of that lies on her course
    within the zone's distance ahead of her bow."""
    pos = sc.position
    bow = g.hull[1]
    d = heading_vector(g.heading)
    reach = (bow[0] + d[0] * sc.zone, bow[1] + d[1] * sc.zone)
    course = (bow, reach)
    found: list[tuple[float, Obstruction | Mark | Boat]] = []
    for o in pos.obstructions:
        if o.distance_to(course) <= TOLERANCE:
            found.append((o.distance_to(g.hull), o))
    for m in pos.marks:
        if point_segment_distance(m.at, bow, reach) <= _CLEARANCE:
            found.append((point_segment_distance(m.at, g.hull[0], g.hull[1]), m))
    # on her course first, as each keep-clear asked may search the fleet; of every boat in
    # turn when a tack is unknown, so that the first unknown one is named as before
    ask_all = _boats(pos).unknown is not None
    for b in pos.boats:
        if b.id == g.id or (ask_all and not sc.keeps_clear_of(g.id, b.id)):
            continue
        if segment_distance(course[0], course[1], b.hull[0], b.hull[1]) <= _CLEARANCE \
                and (ask_all or sc.keeps_clear_of(g.id, b.id)):
            found.append((hull_distance(g.hull, b.hull), b))
    return min(found, key=lambda x: x[0])[1] if found else None


def _decide_20_3(case: _CCase) -> _Grant | None:
    b = case.facts.hail_passed_on
    if b not in case.pair or _hailer(case) != b:
        return None
    case.rules.add("20.2(c)")
    return (str(b), case.sc.other(b).id, "20.3")


def _explain_20_3(case: _CCase, found: _Grant | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"{found[0]}, hailed for room to tack, has hailed {found[1]} in turn: "
                 "she may, whatever rule 20.1's conditions, and rule 20.2 applies between them",
                 cite("20.3")),
            Step("rule", f"{found[1]} must respond by tacking as soon as possible or by replying "
                 f"'You tack' and giving {found[0]} room to tack and avoid her; when she "
                 f"responds, {found[0]} tacks as soon as possible", cite("20.2(c)"))]


def _decide_20_2_c(case: _CCase) -> _Grant | None:
    h = case.facts.hail_room_to_tack
    if h not in case.pair or _hailer(case) != h:
        return None
    breaches = _hail_breaches(case, str(h))
    if breaches:
        case.rules.add("20.2(b)")
        case.breaches.extend((str(h), rule) for rule, _ in breaches)
    return (str(h), case.sc.other(h).id, "20.2(c)")


def _explain_20_2_c(case: _CCase, found: _Grant | None) -> list[Step]:
    h = case.facts.hail_room_to_tack
    if found is None:
        if h in case.pair and case.facts.hail_passed_on not in case.pair:
            return [Step("fact", f"{h} hailed for room to tack, but the other is on the other "
                         "tack: rule 20 gives room to tack only from a boat on the same tack",
                         cite("20.1"))]
        return []
    steps: list[Step] = []
    breaches = _hail_breaches(case, found[0])
    for rule, why in breaches:
        steps.append(Step("fact", f"{why}: her hail breaks rule 20.1", cite(rule)))
    if breaches:
        steps.append(Step("rule", f"{found[1]} must respond to the hail all the same",
                          cite("20.2(b)")))
    steps.append(Step("rule", f"{found[0]} has hailed for room to tack: {found[1]} must respond, "
                      f"by tacking as soon as possible or by replying 'You tack' and giving "
                      f"{found[0]} room to tack and avoid her; when she responds, {found[0]} "
                      "tacks as soon as possible", cite("20.2(c)")))
    return steps


ROOM_TO_TACK: tuple[Rule[_CCase, _Grant], ...] = (
    Rule("passing on a hail", cite("20.3"),
         "A boat hailed for room to tack may hail another boat on the same tack in turn; rule "
         "20.2 applies between them.", _decide_20_3, _explain_20_3, exception_to="20.2(c)"),
    Rule("responding to a hail", cite("20.2(c)"),
         "A hailed boat responds by tacking or by replying 'You tack' and giving room, even to "
         "a hail that broke rule 20.1.", _decide_20_2_c, _explain_20_2_c),
)
"""Room to tack at an obstruction (RRS 20), asked of every pair."""


@dataclass(frozen=True, slots=True)
class _Obstacle:
    """An obstruction at hand for a pair: an object, a continuing obstruction, or a boat both
    must keep clear of."""

    id: str
    what: str
    point: Vec
    """Its point nearest the pair: nearest the boat closer to it (the smaller id on a tie),
    the point the definition Inside is judged by."""
    distance: float
    continuing: bool


def _passed(g: BoatGeometry, points: tuple[Vec, ...], radius: float = 0.0) -> bool:
    """Whether she has passed an obstruction (its corners, or a circle's centre and radius):
    it lies wholly abaft her beam."""
    dx, dy = heading_vector(g.heading)
    c = _mid(g.hull)
    return max((q[0] - c[0]) * dx + (q[1] - c[1]) * dy for q in points) + radius < -TOLERANCE


def _obstacle(sc: _SectionC) -> _Obstacle | None:
    """The nearest obstruction within the zone's distance of either boat that they have not
    yet passed: one of the position's, or a boat both must keep clear of."""
    from rightofway.plane import closest_points

    ga, gb = sc.ga, sc.gb
    reach = sc.zone + TOLERANCE
    best: tuple[float, Obstruction | BoatGeometry] | None = None
    for o in sc.position.obstructions:
        d = min(o.distance_to(ga.hull), o.distance_to(gb.hull))
        if d > reach or (best is not None and d >= best[0]):
            continue
        if o.polygon is not None:
            shape, radius = o.polygon, 0.0
        else:
            assert o.at is not None and o.radius is not None
            shape, radius = (o.at,), o.radius
        if not (_passed(ga, shape, radius) and _passed(gb, shape, radius)):
            best = (d, o)
    boats = _boats(sc.position)
    a, b = ga.id, gb.id
    geos = boats.geos
    for cid in sc.kept_clear_by_both(reach):
        gc = geos[cid]
        d = min(boats.gap(a, cid), boats.gap(b, cid))
        if d <= reach and (best is None or d < best[0]) \
                and not (boats.passed(a, cid) and boats.passed(b, cid)):
            best = (d, gc)
    if best is None:
        return None
    d, found = best
    if isinstance(found, Obstruction):
        da, db = found.distance_to(ga.hull), found.distance_to(gb.hull)
        g = ga if (da, ga.id) <= (db, gb.id) else gb
        return _Obstacle(found.id, "obstruction", found.nearest_point(g.hull), d,
                         found.kind == "continuing")
    ch = found.hull
    da, db = hull_distance(ga.hull, ch), hull_distance(gb.hull, ch)
    g = ga if (da, ga.id) <= (db, gb.id) else gb
    return _Obstacle(found.id, "boat", closest_points(g.hull[0], g.hull[1], ch[0], ch[1])[1],
                     d, False)


def _room_inside(case: _CCase) -> str | None:
    o = case.obstacle
    assert o is not None
    return _inside(case.sc.ga, case.sc.gb, o.point)


def _decide_19_2_c_room(case: _CCase) -> _Grant | None:
    o = case.obstacle
    assert o is not None
    if not o.continuing:
        return None
    found = _barging(case.position, case.sc.ga, case.sc.gb, case.p.overlapped,
                     case.p.overlap_applies)
    return ("", "", "19.2(c)") if found is not None else None


def _explain_19_2_c_room(case: _CCase, found: _Grant | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"{case.giver} came from clear astern between {case.holder} and "
                 f"{case.obstacle.id if case.obstacle else 'it'} with no room to pass between "
                 "them: she is owed no room under rule 19.2(b)", cite("19.2(c)"))]


def _decide_19_2_b_unable(case: _CCase) -> _Grant | None:
    if case.facts.unable_to_give_room not in case.pair:
        return None
    return ("", "", "19.2(b)") if _unable(case, _room_inside(case)) else None


def _explain_19_2_b_unable(case: _CCase, found: _Grant | None) -> list[Step]:
    if found is None:
        return []
    return [Step("rule", f"{case.facts.unable_to_give_room}, outside, has been unable to give "
                 f"{_room_inside(case)} room from the time their overlap began: she need not "
                 "give it", cite("19.2(b)"))]


def _decide_19_2_b(case: _CCase) -> _Grant | None:
    inside = _room_inside(case)
    return (inside, case.sc.other(inside).id, "19.2(b)") if inside is not None else None


def _explain_19_2_b(case: _CCase, found: _Grant | None) -> list[Step]:
    o = case.obstacle
    assert o is not None
    what = (f"{o.id}, a boat both must keep clear of and so an obstruction to them"
            if o.what == "boat" else o.id)
    if found is None:
        return [Step("fact", f"overlapped at {what}, but neither lies between the other and it: "
                     "they pass it on different sides", cite("19.2(b)"))]
    return [Step("rule", f"{case.holder}, with right of way, may choose to pass {o.id} on either "
                 "side", cite("19.2(a)")),
            Step("rule", f"overlapped at {what}: {found[1]}, outside, gives {found[0]}, "
                 "inside, room between her and it", cite("19.2(b)"),
                 f"{o.id} is {_fmt(o.distance)} hull lengths away")]


ROOM: tuple[Rule[_CCase, _Grant], ...] = (
    Rule("barging at a continuing obstruction", cite("19.2(c)"),
         "A boat that came from clear astern between another and a continuing obstruction, "
         "with no room to pass between them, is owed no room.", _decide_19_2_c_room,
         _explain_19_2_c_room, exception_to="19.2(b)"),
    Rule("unable to give room", cite("19.2(b)"),
         "An outside boat unable to give room from the time the overlap began need not give "
         "it.", _decide_19_2_b_unable, _explain_19_2_b_unable, exception_to="19.2(b)"),
    Rule("overlapped at an obstruction", cite("19.2(b)"),
         "The outside boat of an overlap gives the inside boat room between her and the "
         "obstruction.", _decide_19_2_b, _explain_19_2_b),
)
"""Room at an obstruction (RRS 19), asked of a pair that overlaps at one where no mark-room
is owed."""


# --- penalties -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Penalty:
    """The penalty a boat may take on the water for breaking a rule (RRS 44)."""

    rule: str
    turns: int
    """Turns to make: one (a tack and a gybe) for touching a mark, two for a Part 2 rule."""
    name: str
    steps: tuple[Step, ...]


def penalty(rule: str) -> Penalty:
    """The penalty for breaking ``rule`` when the race takes penalty turns (RRS 44.1,
    44.2): a One-Turn Penalty for touching a mark (rule 31), a Two-Turns Penalty for a rule
    of Part 2. ``ValueError`` for a rule no turns can pay."""
    if not isinstance(rule, str):
        raise TypeError(f"rule: expected a rule number such as '10', got {shown(rule)}")
    number = rule.split("(")[0].split(".")[0]
    if len(number) > 4:  # no rule has such a number, and int() need not read it
        raise InputError(f"rule: penalty turns pay for rule 31 and the rules of Part 2, not "
                         f"{shown(rule)}")
    if number == "31":
        return Penalty(rule, 1, "One-Turn Penalty", (
            Step("rule", "a boat that may have touched a mark may take a One-Turn Penalty: one "
                 "turn, with one tack and one gybe, promptly and away from other boats",
                 cite("44.1")),))
    if number.isdigit() and 10 <= int(number) <= 24:
        return Penalty(rule, 2, "Two-Turns Penalty", (
            Step("rule", f"a boat that may have broken rule {rule} (Part 2) may take a "
                 "Two-Turns Penalty: two turns, each with one tack and one gybe, promptly and "
                 "away from other boats", cite("44.1")),
            Step("rule", "the turns are made in the same direction, and a boat taking them "
                 "keeps clear of the others", cite("44.2"))))
    raise InputError(f"rule: penalty turns pay for rule 31 and the rules of Part 2, not "
                     f"{shown(rule)}")


# --- fleets and the fast path ---------------------------------------------------------------


def rulings(position: Position, within: float | None = None) -> list[PairRuling]:
    """The ruling of every pair of boats, in the order the boats are listed; with
    ``within``, of the pairs within that range only (:func:`keep_clear` says what it
    means), in the same order."""
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    reach = _within(within, position)
    boats = _boats(position)
    if boats.unknown is not None:  # her tack decides every pair: say which it is
        _tack(position, boats.geos[boats.unknown.id])
    decided, links = _keep_clear(position, reach)
    kept = _Kept(decided, position.boat_ids)
    fleet = _Fleet(position, links)
    geos = list(fleet.geos.values())
    return [_rule(position, geos[i], geos[j], fleet, kept)
            for i, j in _pairs(boats, reach)]


def keep_clear(position: Position, within: float | None = None) -> list[tuple[str, str, str]]:
    """``(keep_clear, right_of_way, rule)`` for every pair, in the order of :func:`rulings`,
    without explanations (engines).

    The same answers as :func:`ruling`, found the short way: each boat's facts are worked
    out once for the position; a pair on opposite tacks is decided by rule 10 without its
    overlap; a pair on the same tack by its hulls' lines abeam (and a boat between them),
    then leeward or clear astern. Pairs with a tacking boat or a boat named by rule 21 take
    the full order (:data:`RIGHT_OF_WAY`), as do exact ties of leeward or of clear astern.

    ``within`` (hull lengths, 0 or more; ``None``, the default, for every pair) is an
    interaction range: two boats interact when the shortest distance between their hulls
    (:attr:`PairFacts.distance`) is at most ``within`` (a hull exactly that far, to
    :data:`~rightofway.plane.TOLERANCE`, is within it). Only the pairs that interact are
    ruled, and listed in the order of the full list; they are found through a grid of the
    water (:mod:`rightofway.rrs.index`), without visiting every pair, so a fleet at a
    constant density costs time linear in its size. Boats that do not interact do not link
    an overlap either: a boat between two others joins their overlap (the definition
    Overlap) only when she interacts with both, as a boat so far off is not between them
    as a sailor sees it. A pair's answer is then the answer over every pair unless a boat
    out of its range is the only one between them that overlaps both. A ``within`` that is
    not a number is a :class:`TypeError`, one below 0 or not finite an
    :class:`~rightofway.errors.InputError`, each naming ``within``; so is ``None`` for a
    position of more than :data:`~rightofway.limits.MAX_BOATS` boats (a position made in a
    program may hold up to ``rightofway.rrs.position.MAX_FLEET``), whose every pair would
    cost more than a call should.
    """
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    return _keep_clear(position, _within(within, position))[0]


def _within(within: object, position: Position) -> float | None:
    """The interaction range checked: ``None`` (every pair, of at most
    :data:`~rightofway.limits.MAX_BOATS` boats), else hull lengths, 0 or more."""
    if within is None:
        if len(position.boats) > limits.MAX_BOATS:
            raise InputError(f"within: every pair of {len(position.boats)} boats is too many "
                             f"to rule (at most {limits.MAX_BOATS} boats); give an interaction "
                             "range in hull lengths, such as within=5")
        return None
    reach = as_number(within, "within")
    if reach < 0:
        raise InputError(f"within: expected a distance in hull lengths, 0 or more (or None "
                         f"for every pair), got {shown(within)}")
    return reach


def _in_range(rows: tuple[_Row, ...], within: float) -> list[list[int]]:
    """For each boat ``i``, the boats ``j > i`` whose hulls come within ``within`` hull
    lengths of hers (:func:`~rightofway.plane.hull_distance` at most ``within`` plus
    :data:`~rightofway.plane.TOLERANCE`), in ascending order.

    The grid pairs boats whose middles may lie within ``within`` plus a hull length of each
    other (no point of a hull is farther than half a length from her middle). Middles
    closer than ``within`` need no more (the middles lie on the hulls); the others in
    between are measured (the margin ``slack`` covers the rounding of the middles)."""
    mids = [(row[7], row[8]) for row in rows]
    scale = max((max(abs(x), abs(y)) for x, y in mids), default=0.0)
    slack = 1e-9 + scale * 1e-12
    reach = within + TOLERANCE
    sure, outer = reach - slack, reach + 1.0 + slack
    out: list[list[int]] = []
    for i, candidates in enumerate(near_pairs(mids, outer)):
        row_a = rows[i]
        mxa, mya = mids[i]
        mine: list[int] = []
        for j in candidates:
            mxb, myb = mids[j]
            d = math.hypot(mxb - mxa, myb - mya)
            if d <= sure:
                mine.append(j)
            elif d <= outer:
                row_b = rows[j]
                if segment_distance(row_a[1:3], row_a[3:5], row_b[1:3], row_b[3:5]) <= reach:
                    mine.append(j)
        out.append(mine)
    return out


def _pairs(boats: _Boats, within: float | None) -> Iterator[tuple[int, int]]:
    """The pairs ruled ``(i, j)``, ``i < j``, in the order of the answers: every pair, or
    those in range."""
    n = len(boats.rows)
    if within is None:
        for i in range(n):
            for j in range(i + 1, n):
                yield i, j
    else:
        for i, near in enumerate(boats.in_range(within)):
            for j in near:
                yield i, j


_Blank = _sweeping.BLANK
"""The place of an answer worked out later."""


def _keep_clear(position: Position, within: float | None = None,
                ) -> tuple[list[tuple[str, str, str]], _Links]:
    """:func:`keep_clear` (``within`` checked), and the direct overlaps it found."""
    boats = _boats(position)
    rows = boats.rows
    n = len(rows)
    if n < 2:
        return [], _Links([0] * n, None if within is None else [set() for _ in range(n)])
    if boats.unknown is not None:  # her tack decides every pair: say which it is
        _tack(position, boats.geos[boats.unknown.id])
    if within is not None:
        return _keep_clear_in_range(position, boats, boats.in_range(within))
    sweep = boats.sweep
    out, masks, full, apart = _sweeping.first_pass(
        sweep.plan, sweep.aligned, TOLERANCE,
        lambda i, j: _apart(position, boats, rows[i], rows[j], True, False, [], 0))
    if sweep.specials:
        _special_pairs(rows, sweep.specials, masks, full)
    if apart:
        # overlapped through a boat between them (rule 11) or not (rule 12): _via's search,
        # on the masks, the boats between tried from the last (any one decides)
        _sweeping.link_far(apart, sweep.swept, boats.mids, boats.beyond_90, masks, out, full,
                           TOLERANCE, lambda c, x: boats.links(position, c, x))
    if full:
        _decide_full(position, _Links(masks), out, full)
    return out, _Links(masks)


def _special_pairs(rows: tuple[_Row, ...], specials: tuple[int, ...], masks: list[int],
                   full: list[tuple[int, str, str]]) -> None:
    """The pairs with a special boat (tacking, or named by rule 21's facts), which take the
    whole order: put in ``full`` (by the place of their answers), their direct overlaps in
    ``masks`` (the lines abeam, :func:`_row_astern`)."""
    n = len(rows)
    special = set(specials)
    for s in specials:
        for o in range(n):
            if o == s or (o in special and o < s):
                continue  # herself, or a pair already put
            i, j = (s, o) if s < o else (o, s)
            a, b = rows[i], rows[j]
            if not _row_astern(a, b) and not _row_astern(b, a):
                masks[i] |= 1 << j
                masks[j] |= 1 << i
            full.append((i * (2 * n - i - 1) // 2 + j - i - 1, a[0], b[0]))


def _apart(position: Position, boats: _Boats, a: _Row, b: _Row, a_astern: bool,
           linked: bool, full: list[tuple[int, str, str]], k: int) -> tuple[str, str, str]:
    """The answer of two boats on the same tack whose hulls do not overlap, ``a`` clear
    astern of ``b`` (perhaps ``b`` of ``a`` as well) or else ``b`` of ``a``: rule 11 when a
    boat between them overlaps both (``linked``), else rule 12; an exact tie of leeward is
    put in ``full`` (the answer's place ``k``)."""
    ida, sxa, sya, _, _, dxa, dya, mxa, mya, port_a, _ = a
    idb, sxb, syb, bxb, byb, dxb, dyb, mxb, myb, _, _ = b
    if linked:
        sa = (mxb - mxa) * dya - (myb - mya) * dxa
        sb = (mxa - mxb) * dyb - (mya - myb) * dxb
        score = sa - sb if port_a else -sa - -sb
        if score > TOLERANCE:
            return (ida, idb, "11")
        if score < -TOLERANCE:
            return (idb, ida, "11")
        full.append((k, ida, idb))
        return _Blank
    # rule 12: the boat clear astern keeps clear
    if a_astern and ((bxb - sxa) * dxa + (byb - sya) * dya < -TOLERANCE
                     and (sxb - sxa) * dxa + (syb - sya) * dya < -TOLERANCE):
        a_astern = _first_astern(boats.geos[ida], boats.geos[idb])
    return (ida, idb, "12") if a_astern else (idb, ida, "12")


def _decide_full(position: Position, links: _Links, out: list[tuple[str, str, str]],
                 full: list[tuple[int, str, str]]) -> None:
    """The answers of the pairs that take the whole order (:data:`RIGHT_OF_WAY`), put in
    their places."""
    fleet = _Fleet(position, links)
    for k, a, b in full:
        p = _pair(position, fleet.geos[a], fleet.geos[b], None, fleet)
        found = decide(RIGHT_OF_WAY, _Case(position, p))
        assert found is not None
        out[k] = (found[1], found[0], found[2])


def _keep_clear_in_range(position: Position, boats: _Boats, near: list[list[int]],
                         ) -> tuple[list[tuple[str, str, str]], _Links]:
    """:func:`_keep_clear` of the pairs in range (``near``, :meth:`_Boats.in_range`): the
    same decisions, pair by pair, the boats between two others sought among those in range
    of both."""
    rows = boats.rows
    sets: list[set[int]] = [set() for _ in rows]
    out: list[tuple[str, str, str]] = []
    full: list[tuple[int, str, str]] = []
    apart: list[tuple[int, int, int, bool]] = []
    for i, js in enumerate(near):
        a = rows[i]
        ida, port_a, special_a = a[0], a[9], a[10]
        mine = sets[i]
        for j in js:
            b = rows[j]
            a_astern, b_astern = _row_astern(a, b), _row_astern(b, a)
            if not a_astern and not b_astern:
                mine.add(j)
                sets[j].add(i)
            if special_a or b[10]:
                full.append((len(out), ida, b[0]))
                out.append(_Blank)
            elif port_a is not b[9]:  # rule 10: the port-tack boat keeps clear
                out.append((ida, b[0], "10") if port_a else (b[0], ida, "10"))
            elif a_astern or b_astern:
                apart.append((len(out), i, j, a_astern))
                out.append(_Blank)
            else:
                out.append(_apart(position, boats, a, b, False, True, full, len(out)))
    for k, i, j, a_astern in apart:
        linked = _via(position, boats, i, j, sorted(sets[i] & sets[j]))
        out[k] = _apart(position, boats, rows[i], rows[j], a_astern, linked, full, k)
    links = _Links(None, sets)
    if full:
        _decide_full(position, links, out, full)
    return out, links


def _via(position: Position, boats: _Boats, i: int, j: int, common: Iterable[int]) -> bool:
    """Whether a boat of ``common`` (boats overlapping both ``i`` and ``j`` directly) lies
    between boats ``i`` and ``j``, the overlap terms applying to each link (:func:`_pair`'s
    search, with the arithmetic of :func:`_between`)."""
    mids = boats.mids
    mxa, mya, port_a = mids[i]
    mxb, myb, port_b = mids[j]
    vx, vy = mxb - mxa, myb - mya
    norm = vx * vx + vy * vy
    if norm == 0:
        return False
    for c in common:
        mxc, myc, port_c = mids[c]
        t = ((mxc - mxa) * vx + (myc - mya) * vy) / norm
        if TOLERANCE < t < 1 - TOLERANCE \
                and (port_c is port_a or boats.links(position, c, i)) \
                and (port_c is port_b or boats.links(position, c, j)):
            return True
    return False


Relation = tuple[str, str, str, str | None, str | None]
"""``(keep_clear, right_of_way, rule, mark_room, room)`` of a pair (:func:`relations`)."""


class _Kept:
    """Who keeps clear of whom, from :func:`keep_clear`'s answers: ``kept(x, c)`` is whether
    ``x`` keeps clear of ``c``."""

    __slots__ = ("index", "of")

    def __init__(self, decided: list[tuple[str, str, str]], ids: tuple[str, ...]) -> None:
        self.of: dict[str, set[str]] = {bid: set() for bid in ids}
        """The boats each boat keeps clear of."""
        for giver, holder, _ in decided:
            self.of[giver].add(holder)
        self.index = {bid: i for i, bid in enumerate(ids)}
        """Each boat's place in the position's list."""

    def __call__(self, x: str, c: str) -> bool:
        return c in self.of[x]


def relations(position: Position, within: float | None = None) -> list[Relation]:
    """``(keep_clear, right_of_way, rule, mark_room, room)`` for every pair, in the order of
    :func:`rulings`, without explanations (engines): :func:`keep_clear`, and who of the two
    is entitled to mark-room and to room (``None`` for nobody), as :func:`ruling` says.

    Section C's rules (rules 18 to 20) are asked, without writing their steps, only of the
    pairs they can concern: a boat in the zone of a mark or within that distance of an
    obstruction, a boat that hailed for room to tack, or two overlapped boats that both keep
    clear of a third (an obstruction to them).

    With ``within`` (:func:`keep_clear`), only the pairs in range; a boat is between two
    others, or an obstruction both keep clear of (RRS 19), only in range of both, and on a
    hailing boat's course (RRS 20.1(a)) only in range of her.
    """
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    reach = _within(within, position)
    decided, links = _keep_clear(position, reach)
    boats = _boats(position)
    near = boats.near
    rows = boats.rows
    geos = list(boats.geos.values())
    ids = [row[0] for row in rows]
    facts = position.facts
    hailers = {facts.hail_room_to_tack, facts.hail_passed_on} - {None}
    keeps_clear = _Kept(decided, position.boat_ids)
    kept = keeps_clear.of

    out: list[Relation] = []
    for (i, j), (giver, holder, rule) in zip(_pairs(boats, reach), decided, strict=True):
        if rule in SECTION_D:
            out.append((giver, holder, rule, None, None))
            continue
        # the overlap as _pair finds it (directly, or through a boat between them), sought
        # only where Section C may concern them
        concerned = near[i] or near[j] or ids[i] in hailers or ids[j] in hailers
        if not (concerned or kept[ids[i]] & kept[ids[j]]):
            out.append((giver, holder, rule, None, None))
            continue
        over = links.direct(i, j) or _via(position, boats, i, j, links.common(i, j))
        if not (concerned or over):
            out.append((giver, holder, rule, None, None))
            continue
        ga, gb = geos[i], geos[j]
        section_c = _SectionC(position, ga, gb, keeps_clear)
        applies = (ga.tack == gb.tack or (ga.beyond_90 and gb.beyond_90)
                   or section_c.rule18_applies)
        c = section_c.judge(_Overlapped(over, applies), holder, giver, None)
        out.append((giver, holder, rule, c.mark_room, c.room))
    return out


def right_of_way(position: Position, a: str, b: str) -> RightOfWay:
    """Who of ``a`` and ``b`` holds right of way, explained (the kernel's answer)."""
    r = ruling(position, a, b)
    return RightOfWay(r.right_of_way, r.keep_clear, r.rules[0] if r.rules else "", r.steps)


def engagement_graph(position: Position, within: float | None = None) -> nx.DiGraph:
    """Every pair as an edge from the boat that keeps clear to the boat with right of way,
    carrying the deciding rules, mark-room, room and the explanation; the cycles (there
    should be none) in ``graph.graph["cycles"]``, at most
    :data:`rightofway.graphs.CYCLE_LIMIT` of them, and whether that list is complete in
    ``graph.graph["cycles_complete"]``. With ``within`` (:func:`keep_clear`), an edge for
    each pair in range only (every boat is a node)."""

    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    reach = _within(within, position)
    nodes = []
    for b in position.boats:
        geo = _geometry(position, b)
        nodes.append((b.id, {"tack": geo.tack.value if geo.tack else None,
                             "heading": geo.heading, "angle": geo.angle,
                             "tacking": geo.tacking}))
    g = digraph(nodes, [(r.keep_clear, r.right_of_way,
                         {"rules": r.rules, "mark_room": r.mark_room, "room": r.room,
                          "steps": r.steps}) for r in rulings(position, reach)])
    g.graph["cycles"], g.graph["cycles_complete"] = graph_cycles(g)
    return g
