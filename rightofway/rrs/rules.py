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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rightofway.explain import Citation, Step, render_steps, steps_json
from rightofway.geometry import Tack
from rightofway.graphs import digraph
from rightofway.order import Rule, decide
from rightofway.plane import (
    ANGLE_TOLERANCE,
    TOLERANCE,
    Hull,
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
    tack_of,
    turn_passes,
)
from rightofway.positions import PositionError
from rightofway.results import RightOfWay
from rightofway.rrs.position import Boat, Mark, Obstruction, Position

if TYPE_CHECKING:
    import networkx as nx

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
]


def cite(rule: str) -> Citation:
    """The citation of a rule number: ``cite("18.2(a)")`` reads ``RRS 18.2(a)``."""
    try:
        return _CITED[rule]
    except (KeyError, TypeError):
        pass
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
    b = position.boat(boat_id)
    return _geometry(position, b)


def _geometry(position: Position, b: Boat) -> BoatGeometry:
    return BoatGeometry(b.id, b.hull, b.heading, tack_of(b.heading, position.wind, b.tack),
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
    ga, gb = boat_geometry(position, a), boat_geometry(position, b)
    if a == b:
        raise ValueError(f"b: a boat has no pair with herself ({a!r})")
    return _pair(position, ga, gb, None)


_Row = tuple[str, float, float, float, float, float, float, float, float, bool, bool]
"""One boat for the pairwise loops: ``(id, stern x, stern y, bow x, bow y, heading x,
heading y, middle x, middle y, on port, special)``; special: tacking, or named by rule 21's
facts (returning to start, moving astern)."""


class _Boats:
    """What the rules need of each boat alone, worked out once per position and kept in
    the position's memo (it never changes): her row of plain floats for the pairwise loops,
    and her geometry (made when first asked for)."""

    __slots__ = ("_from_marks", "_geos", "_made", "_marks", "_near", "_obstructions", "_zone",
                 "by_id", "rows", "said", "unknown")

    def __init__(self, position: Position) -> None:
        facts = position.facts
        named = (facts.returning_to_start, facts.moving_astern)
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
            if angle <= ANGLE_TOLERANCE or angle >= 180.0 - ANGLE_TOLERANCE:
                tack = b.tack
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
        self._made = made
        self._marks = position.marks
        self._obstructions = position.obstructions
        self._zone = position.options.zone_lengths
        self._near: list[bool] | None = None
        self._geos: dict[str, BoatGeometry] | None = None
        self._from_marks: dict[str, tuple[float, ...]] | None = None
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


class _Fleet:
    """Each boat's geometry, and the direct overlaps of pairs, worked out once for all the
    pairs of a position."""

    __slots__ = ("geos", "overlapping")

    def __init__(self, position: Position, masks: list[int] | None = None) -> None:
        boats = _boats(position)
        self.geos = boats.geos
        if masks is None:
            masks = _overlap_masks(boats.rows)
        ids = [row[0] for row in boats.rows]
        self.overlapping = {
            ids[i]: {ids[j] for j in range(len(ids)) if mask >> j & 1}
            for i, mask in enumerate(masks)}
        """Each boat's directly overlapping boats (by the hulls, whatever the tacks)."""


def _pair(position: Position, ga: BoatGeometry, gb: BoatGeometry,
          rule18: bool | None, fleet: _Fleet | None = None) -> PairFacts:
    rows = _boats(position).by_id
    a_astern = _row_astern(rows[ga.id], rows[gb.id])
    b_astern = _row_astern(rows[gb.id], rows[ga.id])
    direct = not a_astern and not b_astern
    via = None
    if not direct and len(position.boats) > 2:
        fleet = fleet or _Fleet(position)
        for c in sorted(fleet.overlapping[ga.id] & fleet.overlapping[gb.id]):
            if _between(fleet.geos[c], ga, gb):
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
    Rule("moving astern", cite("21.3"),
         "A boat moving astern by backing a sail keeps clear.",
         _decide_21_3, _explain_21_3, exception_to="10, 11, 12, 13"),
    Rule("while tacking", cite("13"),
         "A boat past head to wind keeps clear until close-hauled; of two, the one astern or "
         "on the other's port side.", _decide_13, _explain_13, exception_to="10, 11, 12"),
    Rule("on opposite tacks", cite("10"),
         "The port-tack boat keeps clear of the starboard-tack boat.", _decide_10, _explain_10),
    Rule("on the same tack, overlapped", cite("11"),
         "The windward boat keeps clear of the leeward boat.", _decide_11, _explain_11),
    Rule("on the same tack, not overlapped", cite("12"),
         "The boat clear astern keeps clear of the boat clear ahead.", _decide_12, _explain_12),
)
"""Who keeps clear, in the order the rules are asked: Section D's rule 21 before Section A
(its preamble), rule 13 before rules 10 to 12 (it switches them off)."""


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

    def explain(self) -> str:
        """The ruling and its steps, for people."""
        head = [f"{self.keep_clear} keeps clear of {self.right_of_way}",
                f"mark-room: {self.mark_room or 'nobody'}", f"room: {self.room or 'nobody'}",
                f"deciding rules: {', '.join(self.rules)}"]
        return "\n".join(head) + "\nsteps:\n" + render_steps(self.steps)

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {"pair": [self.a, self.b], "right_of_way": self.right_of_way,
                "keep_clear": self.keep_clear, "mark_room": self.mark_room, "room": self.room,
                "rules": list(self.rules), "steps": steps_json(self.steps)}


_RULE_ORDER = ("C", "10", "11", "12", "13", "15", "16.1", "16.2", "17", "18.1(a)(1)",
               "18.1(a)(2)", "18.1(a)(3)", "18.2(a)", "18.2(b)", "18.2(c)", "18.2(e)", "18.3",
               "18.4", "19.2(b)", "20.2(c)", "21.1", "21.3")


def _sorted_rules(rules: set[str]) -> tuple[str, ...]:
    return tuple(sorted(rules, key=lambda r: _RULE_ORDER.index(r) if r in _RULE_ORDER else 99))


def ruling(position: Position, a: str | None = None, b: str | None = None) -> PairRuling:
    """Part 2 between boats ``a`` and ``b`` (default: the first two boats), explained."""
    from rightofway.rrs.position import Position as _P

    if not isinstance(position, _P):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    if a is None and b is None:
        if len(position.boats) < 2:
            raise ValueError("position: a ruling needs two boats")
        a, b = position.boats[0].id, position.boats[1].id
    if a is None or b is None:
        raise TypeError("a, b: name both boats of the pair, or neither")
    ga = _geometry(position, position.boat(a, "a"))
    gb = _geometry(position, position.boat(b, "b"))
    if a == b:
        raise ValueError(f"b: a boat has no ruling with herself ({a!r})")
    return _rule(position, ga, gb)


def _describe_boat(position: Position, g: BoatGeometry) -> Step:
    tack = g.tack.value if g.tack is not None else "unknown"
    extra = " (past head to wind, not yet close-hauled)" if g.tacking else ""
    return Step("fact", f"{g.id} heads {g.heading:g} degrees, {g.angle:g} degrees from the wind: "
                f"{tack} tack{extra}", DEFS)


def _rule(position: Position, ga: BoatGeometry, gb: BoatGeometry,
          fleet: _Fleet | None = None) -> PairRuling:
    said = _boats(position).said
    if not said:
        said[""] = Step("fact", f"wind from {position.wind:g} degrees", DEFS)
    for g in (ga, gb):
        if g.id not in said:
            said[g.id] = _describe_boat(position, g)
    steps: list[Step] = [said[""], said[ga.id], said[gb.id]]
    section_c = _SectionC(position, ga, gb)
    p = _pair(position, ga, gb, section_c.rule18_possible, fleet)
    steps.append(_describe_pair(p))
    case = _Case(position, p)
    trace: list[Step] = []
    found = decide(RIGHT_OF_WAY, case, trace)
    assert found is not None
    holder, giver, basis = found
    steps.extend(trace)
    rules = {basis}
    # Section B: what limits the right-of-way boat
    steps.append(Step("rule", f"{holder} must still avoid contact if reasonably possible, and "
                      f"{giver} too; a boat that breaks a rule of Part 2 may take a Two-Turns "
                      "Penalty", cite("14")))
    rules |= _section_b(position, p, holder, giver, steps)
    # Section C: mark-room and room
    mark_room, room, more = section_c.judge(p, holder, giver, steps)
    rules |= more
    steps.append(Step("conclusion", f"{giver} keeps clear of {holder}"
                      + (f"; {mark_room} is entitled to mark-room" if mark_room else "")
                      + (f"; {room} is entitled to room" if room else ""), cite(basis)))
    return PairRuling(ga.id, gb.id, holder, giver, mark_room, room, _sorted_rules(rules),
                      tuple(steps), p)


def _describe_pair(p: PairFacts) -> Step:
    if p.overlapped:
        how = f" through {p.overlap_via}, which lies between them and overlaps both" \
            if p.overlap_via else ""
        text = f"neither hull is behind the line abeam from the other's stern: overlapped{how}"
    else:
        assert p.clear_astern is not None
        other = p.b.id if p.clear_astern == p.a.id else p.a.id
        text = f"{p.clear_astern} is clear astern of {other}"
    terms = "" if p.overlap_applies else " (on opposite tacks the overlap terms do not apply)"
    return Step("fact", f"the hulls are {_fmt(p.distance)} hull lengths apart; {text}{terms}",
                DEFS)


# --- Section B ------------------------------------------------------------------------------


def _section_b(position: Position, p: PairFacts, holder: str, giver: str,
               steps: list[Step]) -> set[str]:
    facts = position.facts
    rules: set[str] = set()
    acquired = facts.acquired_right_of_way or _acquired_from_trail(position, p, holder)
    if acquired is not None and acquired[0] == holder:
        if acquired[1]:
            rules.add("15")
            steps.append(Step("rule", f"{holder} has just acquired right of way by her own "
                              f"action: she must initially give {giver} room to keep clear",
                              cite("15")))
        else:
            steps.append(Step("fact", f"{holder} acquired right of way through {giver}'s own "
                              "action, so rule 15 does not bind her", cite("15")))
    changing = facts.changing_course
    if changing is not None and changing[0] in (p.a.id, p.b.id):
        if changing[0] == holder:
            rules.add("16.1")
            steps.append(Step("rule", f"{holder}, the right-of-way boat, is changing course "
                              f"({changing[1]}): she must give {giver} room to keep clear",
                              cite("16.1")))
            if _rule_16_2(position, p, holder, giver, changing[1]):
                rules.add("16.2")
                steps.append(Step("rule", f"after the starting signal, {giver} (port) is keeping "
                                  f"clear by sailing to pass astern of {holder} (starboard): "
                                  f"{holder} may not change course so that {giver} would "
                                  "immediately have to change course to keep clearing",
                                  cite("16.2")))
        else:
            steps.append(Step("fact", f"{changing[0]} is changing course, but she is the boat "
                              "keeping clear: rule 16 limits only the right-of-way boat",
                              cite("16.1")))
    came = facts.overlap_from_clear_astern or _overlap_from_trail(position, p)
    if came is not None and came[0] == holder and came[1] == "leeward" and came[2]:
        g_holder = p.a if holder == p.a.id else p.b
        g_giver = p.b if holder == p.a.id else p.a
        same = g_holder.tack == g_giver.tack
        if same and p.overlapped and p.distance <= 2.0 + TOLERANCE:
            rules.add("17")
            steps.append(Step("rule", f"{holder} became overlapped to leeward from clear astern "
                              f"within two hull lengths of {giver}; while they stay on the same "
                              "tack and overlapped within that distance (now "
                              f"{_fmt(p.distance)}) she may not sail above her proper course",
                              cite("17")))
        else:
            steps.append(Step("fact", f"{holder} became overlapped to leeward from clear astern, "
                              "but they are no longer on the same tack and overlapped within "
                              f"two hull lengths (now {_fmt(p.distance)} apart): rule 17 no "
                              "longer binds her", cite("17")))
    return rules


def _rule_16_2(position: Position, p: PairFacts, holder: str, giver: str,
               direction: str) -> bool:
    """After the starting signal, a starboard boat bearing away while a port boat keeps
    clear by sailing to pass astern of her (on any point of sail)."""
    g_holder = p.a if holder == p.a.id else p.b
    g_giver = p.b if holder == p.a.id else p.a
    if g_holder.tack is not Tack.STARBOARD or g_giver.tack is not Tack.PORT:
        return False
    if position.facts.starting or direction != "bear-away":
        return False
    return _passes_astern(g_giver, g_holder)


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


# --- Section C ------------------------------------------------------------------------------


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


class _SectionC:
    """Rules 18 to 20 between two boats: which mark's zone they are at, whether rule 18
    applies, and who is owed mark-room or room."""

    def __init__(self, position: Position, ga: BoatGeometry, gb: BoatGeometry) -> None:
        self.position = position
        self.ga, self.gb = ga, gb
        self.zone = position.options.zone_lengths
        self.mark: Mark | None = None
        self.in_zone: tuple[str, ...] = ()
        self.dist: dict[str, float] = {}
        """Each boat's distance from the mark (nearest point of her hull)."""
        best = None
        boats = _boats(position)
        self.rows = boats.by_id
        from_mark = boats.from_marks
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

    def _dist(self, g: BoatGeometry, m: Mark) -> float:
        assert m is self.mark
        return self.dist[g.id]

    def judge(self, p: _Overlap, holder: str, giver: str,
              steps: list[Step] | None) -> tuple[str | None, str | None, set[str]]:
        rules: set[str] = set()
        mark_room: str | None = None
        if self.mark is not None:
            mark_room = self._rule_18(p, holder, giver, steps, rules)
        room = self._rule_19_20(p, holder, steps, rules, mark_room is not None)
        return mark_room, room, rules

    # rule 18 ------------------------------------------------------------------------

    def _rule_18(self, p: _Overlap, holder: str, giver: str, steps: list[Step] | None,
                 rules: set[str]) -> str | None:
        m = self.mark
        assert m is not None
        ga, gb = self.ga, self.gb
        if steps is not None:
            steps.append(Step("fact", f"{' and '.join(self.in_zone)} "
                              f"{'is' if len(self.in_zone) == 1 else 'are'} in the zone of {m.id} "
                              f"({_fmt(self.zone)} hull lengths; nearest hull points "
                              f"{_fmt(self._dist(ga, m))} and {_fmt(self._dist(gb, m))} from it)",
                              DEFS))
        if self._starting_mark():
            rules.add("C")
            if steps is not None:
                steps.append(Step("rule", f"{m.id} is a starting mark and the boats are "
                                  "approaching it to start: no rule of Section C applies there",
                                  cite("C")))
            return None
        ta, tb = _tack(self.position, ga), _tack(self.position, gb)
        if ta != tb and ga.angle < 90 and gb.angle < 90:
            rules.add("18.1(a)(1)")
            if steps is not None:
                steps.append(Step("rule", "on opposite tacks on a beat to windward rule 18 does "
                                  "not apply between them", cite("18.1(a)(1)")))
            return None
        leaving = [g.id for g in (ga, gb) if self._leaving(g, m)]
        if len(leaving) == 1:
            rules.add("18.1(a)(3)")
            other = gb.id if leaving[0] == ga.id else ga.id
            if steps is not None:
                steps.append(Step("rule", f"{leaving[0]} is leaving {m.id} (it is abaft her beam) "
                                  f"while {other} approaches it: rule 18 does not apply "
                                  "between them", cite("18.1(a)(3)")))
            return None
        if ta != tb and not leaving:
            tacks = [g.id for g in (ga, gb) if self._must_tack(g)]
            if len(tacks) == 1:
                rules.add("18.1(a)(2)")
                if steps is not None:
                    steps.append(Step("rule", f"on opposite tacks, and {tacks[0]}'s proper "
                                      f"course at {m.id} is to tack but the other's is not: "
                                      "rule 18 does not apply between them",
                                      cite("18.1(a)(2)")))
                return None
        facts = self.position.facts
        hail = facts.hail_room_to_tack
        if hail in (ga.id, gb.id) and self._near_obstruction(ga if hail == ga.id else gb):
            if steps is not None:
                steps.append(Step("rule", f"{hail} has hailed for room to tack: until she has "
                                  "tacked and avoided the other, rule 18.2 does not apply "
                                  "between them", cite("20.2(e)")))
            return None
        tacker = facts.passed_head_to_wind_in_zone
        if tacker in (ga.id, gb.id):
            g_t = ga if tacker == ga.id else gb
            g_o = gb if tacker == ga.id else ga
            if (m.leave_to == "port" and g_t.tack is Tack.STARBOARD
                    and g_o.tack is Tack.STARBOARD and self._fetching(g_o, m)):
                return self._rule_18_3(p, g_t, g_o, steps, rules)
        return self._rule_18_2(p, steps, rules, holder)

    def _must_tack(self, g: BoatGeometry) -> bool:
        """Whether her proper course at a windward mark is to tack: the turn round the mark,
        on its required side, to the next leg (downwind) passes head to wind."""
        m = self.mark
        assert m is not None
        if m.role != "windward":
            return False
        direction = -1 if m.leave_to == "port" else 1
        downwind = (self.position.wind + 180.0) % 360.0
        return turn_passes(g.heading, downwind, direction, self.position.wind)

    def _leaving(self, g: BoatGeometry, m: Mark) -> bool:
        """Whether she has passed the mark: it lies abaft her beam."""
        _, _, _, _, _, dx, dy, mx, my, _, _ = self.rows[g.id]  # heading vector, middle
        return (m.at[0] - mx) * dx + (m.at[1] - my) * dy < -TOLERANCE

    def _fetching(self, g: BoatGeometry, m: Mark) -> bool:
        """Able to pass to windward of the mark and leave it on the required side without
        changing tack: it lies ahead and on the required side of her course."""
        d = heading_vector(g.heading)
        mx, my = _mid(g.hull)
        ahead = (m.at[0] - mx) * d[0] + (m.at[1] - my) * d[1] > 0
        side = lateral(m.at, (mx, my), g.heading)
        return ahead and (side < 0 if m.leave_to == "port" else side > 0)

    def _inside(self, m: Mark) -> str:
        da, db = self._dist(self.ga, m), self._dist(self.gb, m)
        return self.ga.id if da < db else self.gb.id

    def _entry(self, p: _Overlap, steps: list[Step] | None,
               rules: set[str]) -> tuple[str, bool, str | None]:
        """``(first, overlapped, inside)`` when the first of them reached the zone."""
        m = self.mark
        assert m is not None
        facts = self.position.facts
        entry = facts.zone_entry
        if entry is not None:
            over, inside = entry.overlapped, entry.inside
            if steps is not None:
                steps.append(Step("fact", f"given: {entry.first} reached the zone first, "
                                  f"{'overlapped' if over else 'not overlapped'} with the other",
                                  cite("18.2(a)")))
            if entry.doubt == "gained":
                rules.add("18.2(e)")
                over = False
                if steps is not None:
                    steps.append(Step("rule", "there is reasonable doubt that the overlap was "
                                      "gained in time: it is presumed it was not",
                                      cite("18.2(e)")))
            elif entry.doubt == "broken":
                rules.add("18.2(e)")
                over = True
                if steps is not None:
                    steps.append(Step("rule", "there is reasonable doubt that the overlap was "
                                      "broken in time: it is presumed it was not",
                                      cite("18.2(e)")))
            if over and inside is None:
                inside = self._inside(m)
            return entry.first, over, inside
        for snap in self.position.trail:
            before = Position(self.position.wind, snap.boats, self.position.marks,
                              options=self.position.options)
            ga = _geometry(before, before.boat(self.ga.id))
            gb = _geometry(before, before.boat(self.gb.id))
            da = point_segment_distance(m.at, ga.hull[0], ga.hull[1])
            db = point_segment_distance(m.at, gb.hull[0], gb.hull[1])
            ins = [g for g, d in ((ga, da), (gb, db)) if d <= self.zone + TOLERANCE]
            if ins:
                first = min(ins, key=lambda g: da if g is ga else db).id
                over = overlapped(ga.hull, ga.heading, gb.hull, gb.heading)
                inside = (ga.id if da < db else gb.id) if over else None
                if steps is not None:
                    steps.append(Step("fact", f"an earlier snapshot shows {first} reaching the "
                                      f"zone first, {'overlapped' if over else 'not overlapped'} "
                                      "with the other", cite("18.2(a)")))
                return first, over, inside
        if len(self.in_zone) == 1:
            first = self.in_zone[0]
            over = p.overlapped
            if steps is not None:
                steps.append(Step("fact", f"{first} is the only one in the zone: she reaches it "
                                  f"first, {'overlapped' if over else 'not overlapped'} with the "
                                  "other", cite("18.2(a)")))
            return first, over, (self._inside(m) if over else None)
        first = self._inside(m)
        now = "overlapped" if p.overlapped else "not overlapped"
        if steps is not None:
            steps.append(Step("fact", "both are in the zone and nothing says how they entered it: "
                              f"taken as they are now ({now}), {first}, the nearer the mark, "
                              "having reached it first", cite("18.2(a)")))
        return first, p.overlapped, (first if p.overlapped else None)

    def _rule_18_2(self, p: _Overlap, steps: list[Step] | None, rules: set[str],
                   holder: str) -> str | None:
        m = self.mark
        assert m is not None
        first, over, inside = self._entry(p, steps, rules)
        if over:
            assert inside is not None
            entitled = inside
            outside = self.gb.id if inside == self.ga.id else self.ga.id
            why = (f"they were overlapped when {first} reached the zone: {outside}, outside, "
                   f"gives {inside}, inside, mark-room")
        else:
            entitled = first
            outside = self.gb.id if first == self.ga.id else self.ga.id
            why = (f"they were not overlapped when {first} reached the zone: {outside}, which had "
                   f"not reached it, gives {first} mark-room")
        facts = self.position.facts
        ended = None
        if facts.left_zone == entitled:
            ended = "has left the zone"
        elif facts.passed_head_to_wind_in_zone == entitled:
            ended = "has passed head to wind"
        if ended is not None:
            rules.add("18.2(b)")
            if steps is not None:
                steps.append(Step("rule", f"{why}; but {entitled} {ended}, so that duty has ended",
                                  cite("18.2(b)")))
            if p.overlapped and p.overlap_applies:
                inside_now = self._inside(m)
                rules.add("18.2(c)")
                if steps is not None:
                    steps.append(Step("rule", f"they are overlapped now: the outside boat gives "
                                      f"{inside_now}, inside, mark-room", cite("18.2(c)")))
                entitled = inside_now
            else:
                return None
        else:
            rules.add("18.2(a)")
            continued = ""
            if facts.overlap_broken or (over and not p.overlapped):
                continued = "; the duty continues although that overlap has since been broken"
            elif not over and p.overlapped:
                continued = "; the duty continues although they have overlapped since"
            if steps is not None:
                steps.append(Step("rule", why + continued, cite("18.2(a)")))
        if facts.must_gybe_at_mark == entitled and entitled == holder and p.overlapped \
                and not m.gate:
            rules.add("18.4")
            if steps is not None:
                steps.append(Step("rule", f"{entitled}, inside, overlapped and with right of way, "
                                  f"must gybe at {m.id} to sail her proper course: until she gybes "
                                  "she may sail no farther from the mark than that course needs",
                                  cite("18.4")))
        elif facts.must_gybe_at_mark == entitled and m.gate and steps is not None:
            steps.append(Step("fact", f"{m.id} is a gate mark: rule 18.4 does not apply there",
                              cite("18.4")))
        return entitled

    def _rule_18_3(self, p: _Overlap, tacker: BoatGeometry, other: BoatGeometry,
                   steps: list[Step] | None, rules: set[str]) -> str | None:
        m = self.mark
        assert m is not None
        rules.add("18.3")
        if steps is not None:
            steps.append(Step("rule", f"{tacker.id} passed head to wind from port to starboard in "
                              f"the zone of {m.id}, which is left to port, and {other.id} on "
                              "starboard is fetching it: rule 18.2 does not apply between them",
                              cite("18.3")))
        if not self._starboard_since_zone(other):
            return None
        if steps is not None:
            steps.append(Step("rule", f"{other.id} has been on starboard since entering the zone: "
                              f"{tacker.id} may not make her sail above close-hauled to avoid "
                              "contact, and gives her mark-room if she becomes overlapped inside",
                              cite("18.3")))
        if p.overlapped and self._inside(m) == other.id:
            return other.id
        return None

    def _starboard_since_zone(self, g: BoatGeometry) -> bool:
        m = self.mark
        assert m is not None
        for snap in self.position.trail:
            b = next(x for x in snap.boats if x.id == g.id)
            in_zone = point_segment_distance(m.at, b.hull[0], b.hull[1]) <= self.zone + TOLERANCE
            if in_zone and tack_of(b.heading, self.position.wind, b.tack) is not Tack.STARBOARD:
                return False
        return True

    # rules 19 and 20 --------------------------------------------------------------------

    def _near_obstruction(self, g: BoatGeometry) -> Obstruction | None:
        best: tuple[float, Obstruction] | None = None
        for o in self.position.obstructions:
            d = o.distance_to(g.hull)
            if d <= self.zone + TOLERANCE and (best is None or d < best[0]):
                best = (d, o)
        return best[1] if best else None

    def _rule_19_20(self, p: _Overlap, holder: str, steps: list[Step] | None, rules: set[str],
                    mark_room: bool) -> str | None:
        facts = self.position.facts
        hail = facts.hail_room_to_tack
        if hail in (self.ga.id, self.gb.id):
            g_h = self.ga if hail == self.ga.id else self.gb
            g_o = self.gb if hail == self.ga.id else self.ga
            o = self._near_obstruction(g_h)
            if o is not None and g_h.tack == g_o.tack:
                rules.add("20.2(c)")
                if steps is not None:
                    steps.append(Step("rule", f"{hail}, approaching {o.id}, has hailed for room to "
                                      f"tack: {g_o.id} must respond, by tacking as soon as "
                                      f"possible or by replying 'You tack' and giving {hail} "
                                      "room to tack and avoid her", cite("20.2(c)")))
                return hail
        if mark_room or not p.overlapped or not p.overlap_applies:
            return None
        near = [(o.distance_to(g.hull), o, g) for o in self.position.obstructions
                for g in (self.ga, self.gb)]
        near = [x for x in near if x[0] <= self.zone + TOLERANCE]
        if not near:
            return None
        _, o, _ = min(near, key=lambda x: x[0])
        da, db = o.distance_to(self.ga.hull), o.distance_to(self.gb.hull)
        inside = self.ga.id if da < db else self.gb.id
        outside = self.gb.id if inside == self.ga.id else self.ga.id
        g_in = self.ga if inside == self.ga.id else self.gb
        g_out = self.gb if inside == self.ga.id else self.ga
        if not _between_and_obstruction(g_in, g_out, o):
            if steps is not None:
                steps.append(Step("fact", f"{o.id} lies ahead of them, not abeam on one side: "
                                  "neither boat is between the other and it, so no room to pass it "
                                  "is owed", cite("19.2(b)")))
            return None
        rules.add("19.2(b)")
        if steps is not None:
            steps.append(Step("rule", f"overlapped at {o.id} ({_fmt(min(da, db))} hull lengths "
                              f"from it): {outside}, outside, gives {inside}, inside, room "
                              "between her and the obstruction", cite("19.2(b)")))
        return inside


def _between_and_obstruction(inside: BoatGeometry, outside: BoatGeometry,
                             o: Obstruction) -> bool:
    """Whether ``inside`` lies between ``outside`` and the obstruction as they pass it: her
    course clears it (an obstruction across her bow is one she must turn from, RRS 20's
    case), and it lies on her side away from the other boat."""
    c = _mid(inside.hull)
    d = heading_vector(inside.heading)
    ahead = (c[0] + d[0] * 20.0, c[1] + d[1] * 20.0)
    if o.distance_to((c, ahead)) <= TOLERANCE:
        return False
    n = o.nearest_point(inside.hull)
    side_o = lateral(n, c, inside.heading)
    side_b = lateral(_mid(outside.hull), c, inside.heading)
    return side_o * side_b < 0


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
        raise TypeError(f"rule: expected a rule number such as '10', got {rule!r:.60}")
    number = rule.split("(")[0].split(".")[0]
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
    raise ValueError(f"rule: penalty turns pay for rule 31 and the rules of Part 2, not {rule!r}")


# --- fleets and the fast path ---------------------------------------------------------------


def rulings(position: Position) -> list[PairRuling]:
    """The ruling of every pair of boats, in the order the boats are listed."""
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    fleet = _Fleet(position)
    geos = list(fleet.geos.values())
    return [_rule(position, geos[i], geos[j], fleet) for i in range(len(geos))
            for j in range(i + 1, len(geos))]


def keep_clear(position: Position) -> list[tuple[str, str, str]]:
    """``(keep_clear, right_of_way, rule)`` for every pair, in the order of :func:`rulings`,
    without explanations (engines).

    The same answers as :func:`ruling`, found the short way: each boat's facts are worked
    out once for the position; a pair on opposite tacks is decided by rule 10 without its
    overlap; a pair on the same tack by its hulls' lines abeam (and a boat between them),
    then leeward or clear astern. Pairs with a tacking boat or a boat named by rule 21 take
    the full order (:data:`RIGHT_OF_WAY`), as do exact ties of leeward or of clear astern.
    """
    return _keep_clear(position)[0]


def _keep_clear(position: Position) -> tuple[list[tuple[str, str, str]], list[int]]:
    """:func:`keep_clear`, and the direct overlaps it found (:func:`_overlap_masks`)."""
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    boats = _boats(position)
    rows = boats.rows
    n = len(rows)
    if n < 2:
        return [], [0] * n
    if boats.unknown is not None:  # her tack decides every pair: say which it is
        _tack(position, boats.geos[boats.unknown.id])
    tol, neg = TOLERANCE, -TOLERANCE
    masks = [0] * n
    bits = [1 << j for j in range(n)]
    out: list[tuple[str, str, str]] = []
    append = out.append
    full: list[tuple[int, str, str]] = []  # decided by the whole order, once masks are known
    apart: list[tuple[int, int, int, bool]] = []  # same tack, hulls not overlapping
    for i, (ida, sxa, sya, bxa, bya, dxa, dya, mxa, mya, port_a, special_a) in enumerate(rows):
        bit_a, over_a = bits[i], 0
        for j in range(i + 1, n):
            idb, sxb, syb, bxb, byb, dxb, dyb, mxb, myb, port_b, special_b = rows[j]
            if special_a or special_b or port_a != port_b:
                # only the overlap, for the masks: any boat may be the one between two others
                # (the lines abeam: plane.clear_astern, same arithmetic)
                if not ((bxa - sxb) * dxb + (bya - syb) * dyb < neg
                        and (sxa - sxb) * dxb + (sya - syb) * dyb < neg) and not (
                        (bxb - sxa) * dxa + (byb - sya) * dya < neg
                        and (sxb - sxa) * dxa + (syb - sya) * dya < neg):
                    over_a |= bits[j]
                    masks[j] |= bit_a
                if special_a or special_b:
                    full.append((len(out), ida, idb))
                    append(("", "", ""))
                else:  # rule 10: the port-tack boat keeps clear
                    append((ida, idb, "10") if port_a else (idb, ida, "10"))
            elif ((bxa - sxb) * dxb + (bya - syb) * dyb < neg
                    and (sxa - sxb) * dxb + (sya - syb) * dyb < neg):
                apart.append((len(out), i, j, True))  # a is clear astern (and b?)
                append(("", "", ""))
            elif ((bxb - sxa) * dxa + (byb - sya) * dya < neg
                    and (sxb - sxa) * dxa + (syb - sya) * dya < neg):
                apart.append((len(out), i, j, False))  # b is clear astern, a is not
                append(("", "", ""))
            else:  # overlapped, rule 11: the windward boat keeps clear (leeward_score inlined)
                over_a |= bits[j]
                masks[j] |= bit_a
                sa = (mxb - mxa) * dya - (myb - mya) * dxa
                sb = (mxa - mxb) * dyb - (mya - myb) * dxb
                score = sa - sb if port_a else -sa - -sb
                if score > tol:
                    append((ida, idb, "11"))
                elif score < neg:
                    append((idb, ida, "11"))
                else:  # abreast on one line
                    full.append((len(out), ida, idb))
                    append(("", "", ""))
        masks[i] |= over_a
    for k, i, j, a_astern in apart:
        ida, sxa, sya, _, _, dxa, dya, mxa, mya, port_a, _ = rows[i]
        idb, sxb, syb, bxb, byb, dxb, dyb, mxb, myb, _, _ = rows[j]
        # overlapped through a boat between them (rule 11) or not (rule 12)
        if _via(rows, masks, i, j):
            sa = (mxb - mxa) * dya - (myb - mya) * dxa
            sb = (mxa - mxb) * dyb - (mya - myb) * dxb
            score = sa - sb if port_a else -sa - -sb
            if score > tol:
                out[k] = (ida, idb, "11")
            elif score < neg:
                out[k] = (idb, ida, "11")
            else:
                full.append((k, ida, idb))
            continue
        # rule 12: the boat clear astern keeps clear
        if a_astern and ((bxb - sxa) * dxa + (byb - sya) * dya < neg
                         and (sxb - sxa) * dxa + (syb - sya) * dya < neg):
            a_astern = _first_astern(boats.geos[ida], boats.geos[idb])
        out[k] = (ida, idb, "12") if a_astern else (idb, ida, "12")
    if full:
        fleet = _Fleet(position, masks)
        for k, a, b in full:
            p = _pair(position, fleet.geos[a], fleet.geos[b], None, fleet)
            found = decide(RIGHT_OF_WAY, _Case(position, p))
            assert found is not None
            out[k] = (found[1], found[0], found[2])
    return out, masks


def _via(rows: tuple[_Row, ...], masks: list[int], i: int, j: int) -> bool:
    """Whether a boat lies between boats ``i`` and ``j`` overlapping both (:func:`_pair`'s
    search, with the arithmetic of :func:`_between`)."""
    common = masks[i] & masks[j]
    if not common:
        return False
    _, _, _, _, _, _, _, mxa, mya, _, _ = rows[i]
    _, _, _, _, _, _, _, mxb, myb, _, _ = rows[j]
    vx, vy = mxb - mxa, myb - mya
    norm = vx * vx + vy * vy
    if norm == 0:
        return False
    while common:
        low = common & -common
        _, _, _, _, _, _, _, mxc, myc, _, _ = rows[low.bit_length() - 1]
        t = ((mxc - mxa) * vx + (myc - mya) * vy) / norm
        if TOLERANCE < t < 1 - TOLERANCE:
            return True
        common ^= low
    return False


Relation = tuple[str, str, str, str | None, str | None]
"""``(keep_clear, right_of_way, rule, mark_room, room)`` of a pair (:func:`relations`)."""


def relations(position: Position) -> list[Relation]:
    """``(keep_clear, right_of_way, rule, mark_room, room)`` for every pair, in the order of
    :func:`rulings`, without explanations (engines): :func:`keep_clear`, and who of the two
    is entitled to mark-room and to room (``None`` for nobody), as :func:`ruling` says.

    Only pairs with a boat in the zone of a mark or within that distance of an obstruction
    are asked about Section C's rules (rules 18 to 20), without writing their steps.
    """
    decided, masks = _keep_clear(position)
    boats = _boats(position)
    near = boats.near
    if not any(near):
        return [(k, r, rule, None, None) for k, r, rule in decided]
    rows = boats.rows
    geos = list(boats.geos.values())
    out: list[Relation] = []
    n = len(geos)
    k = 0
    for i in range(n):
        for j in range(i + 1, n):
            giver, holder, rule = decided[k]
            k += 1
            if not (near[i] or near[j]):
                out.append((giver, holder, rule, None, None))
                continue
            ga, gb = geos[i], geos[j]
            section_c = _SectionC(position, ga, gb)
            # the overlap as _pair finds it (directly, or through a boat between them)
            over = bool(masks[i] >> j & 1) or _via(rows, masks, i, j)
            applies = (ga.tack == gb.tack or (ga.beyond_90 and gb.beyond_90)
                       or section_c.rule18_possible)
            mark_room, room, _ = section_c.judge(_Overlapped(over, applies), holder, giver, None)
            out.append((giver, holder, rule, mark_room, room))
    return out


def right_of_way(position: Position, a: str, b: str) -> RightOfWay:
    """Who of ``a`` and ``b`` holds right of way, explained (the kernel's answer)."""
    r = ruling(position, a, b)
    return RightOfWay(r.right_of_way, r.keep_clear, r.rules[0] if r.rules else "", r.steps)


def engagement_graph(position: Position) -> nx.DiGraph:
    """Every pair as an edge from the boat that keeps clear to the boat with right of way,
    carrying the deciding rules, mark-room, room and the explanation; the cycles (there
    should be none) in ``graph.graph["cycles"]``."""
    import networkx as nx

    if not isinstance(position, Position):
        raise TypeError(f"position: expected an RRS Position, got {type(position).__name__}")
    nodes = []
    for b in position.boats:
        geo = _geometry(position, b)
        nodes.append((b.id, {"tack": geo.tack.value if geo.tack else None,
                             "heading": geo.heading, "angle": geo.angle,
                             "tacking": geo.tacking}))
    g = digraph(nodes, [(r.keep_clear, r.right_of_way,
                         {"rules": r.rules, "mark_room": r.mark_room, "room": r.room,
                          "steps": r.steps}) for r in rulings(position)])
    g.graph["cycles"] = [list(c) for c in nx.simple_cycles(g)]
    return g
