"""The values of the Racing Rules of Sailing ruleset: boats on the water, marks,
obstructions, lines, the facts a snapshot cannot show, and the position.

A position is a snapshot in hull lengths: where each boat's hull is and where she
heads, the wind, the marks and obstructions. What only history shows (who
reached the zone first, how an overlap began, who is changing course) is given
as :class:`Facts`, or as earlier snapshots (``trail``) from which the rules
derive it where they can. Values never change and check their arguments.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from rightofway.errors import InputError
from rightofway.geometry import Tack
from rightofway.plane import ANGLE_TOLERANCE, Hull, Vec, hull, hull_distance, norm360
from rightofway.positions import (
    BoatIndex,
    Line,
    PositionError,
    UnknownId,
    as_bool,
    as_choice,
    as_id,
    as_number,
    as_tuple_of,
    as_xy,
    check_hulls,
    check_instance,
    index_by_id,
    shown,
)
from rightofway.rrs.index import near_pairs

if TYPE_CHECKING:
    from rightofway.rrs.formats import (
        FactsModel,
        RrsBoatModel,
        RrsOptionsModel,
        RrsPositionModel,
    )

__all__ = [
    "Boat",
    "Facts",
    "Line",
    "Mark",
    "MarkRole",
    "Obstruction",
    "Options",
    "Position",
    "Side",
    "Snapshot",
    "ZoneEntry",
    "by_the_lee",
    "to_position",
]

Side = Literal["port", "starboard"]
MarkRole = Literal["windward", "leeward", "offset", "start", "finish"]


_number = as_number
_point = as_xy

MAX_CORNERS = 1000
"""Most corners of an obstruction's polygon."""
MAX_TRAIL = 100
"""Most snapshots of a position's trail."""
MAX_ITEMS = 1000
"""Most marks, obstructions or lines of a position."""
MAX_FLEET = 10_000
"""Most boats of a position or a snapshot made in a program (a scenario file holds at most
:data:`~rightofway.limits.MAX_BOATS`): the fleets an engine rules within an interaction
range (``within=`` of :func:`~rightofway.rrs.keep_clear`; every pair is ruled of at most
:data:`~rightofway.limits.MAX_BOATS` boats)."""


def _hull(value: object, name: str) -> Hull:
    """``value`` as a hull ``(stern, bow)`` of two points; else an error naming ``name``."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{name}: expected a hull (stern, bow), got {shown(value)}")
    return (_point(value[0], f"{name}[0]"), _point(value[1], f"{name}[1]"))


def _heading(value: object, name: str) -> float:
    h = _number(value, name)
    if not 0.0 <= h <= 360.0:
        raise InputError(f"{name}: expected degrees from 0 to 360, got {shown(value)}")
    return norm360(h)


def _optional_id(value: object, name: str) -> None:
    if value is not None and type(value) is not str:
        raise TypeError(f"{name}: expected a boat id or None, got {shown(value)}")


@dataclass(frozen=True, slots=True)
class Boat:
    """A boat: her hull's centre ``at`` (hull lengths) and ``heading`` (degrees).

    ``tacking``: she has passed head to wind and is not yet close-hauled (RRS 13).
    ``tack``: the tack she had before, for a boat head to wind or dead downwind
    (the definition Tack: it keeps the side the mainsail lies on).
    """

    id: str
    at: Vec
    heading: float
    tacking: bool = False
    tack: Tack | None = None

    def __post_init__(self) -> None:
        as_id(self.id, "id")
        object.__setattr__(self, "at", _point(self.at, "at"))
        object.__setattr__(self, "heading", _heading(self.heading, "heading"))
        if not isinstance(self.tacking, bool):
            raise TypeError(f"tacking: expected true or false, got {shown(self.tacking)}")
        if self.tack is not None:
            try:
                object.__setattr__(self, "tack", Tack(self.tack))
            except (ValueError, TypeError):
                raise InputError(f"tack: expected 'starboard' or 'port', got "
                                 f"{shown(self.tack)}") from None
            if self.tack is Tack.NONE:
                raise InputError("tack: expected 'starboard' or 'port', got 'none'")

    @property
    def hull(self) -> Hull:
        """``(stern, bow)`` of her hull, one hull length long."""
        return hull(self.at, self.heading)


@dataclass(frozen=True, slots=True)
class Mark:
    """A mark to be left on ``leave_to`` (port or starboard); ``gate`` for one mark of a
    gate (RRS 18.4 does not apply there)."""

    id: str
    at: Vec
    leave_to: Side
    role: MarkRole | None = None
    gate: bool = False

    def __post_init__(self) -> None:
        as_id(self.id, "id")
        object.__setattr__(self, "at", _point(self.at, "at"))
        if self.leave_to not in ("port", "starboard"):
            raise InputError(f"leave_to: expected 'port' or 'starboard', got "
                             f"{shown(self.leave_to)}")
        if self.role not in (None, "windward", "leeward", "offset", "start", "finish"):
            raise InputError(f"role: expected windward, leeward, offset, start or finish, got "
                             f"{shown(self.role)}")
        if not isinstance(self.gate, bool):
            raise TypeError(f"gate: expected true or false, got {shown(self.gate)}")


@dataclass(frozen=True, slots=True)
class Obstruction:
    """An obstruction: a circle (``at``, ``radius``) or a polygon (its corners in order),
    an object or a continuing obstruction."""

    id: str
    at: Vec | None = None
    radius: float | None = None
    polygon: tuple[Vec, ...] | None = None
    kind: Literal["object", "continuing"] = "object"
    """``continuing``: an obstruction boats sail along, such as a shore or a long line
    (RRS 19.2(c)); ``object``: one they pass, such as a moored boat or a rock."""

    def __post_init__(self) -> None:
        as_id(self.id, "id")
        if self.kind not in ("object", "continuing"):
            raise InputError(f"kind: expected 'object' or 'continuing', got {shown(self.kind)}")
        if self.polygon is not None:
            if not isinstance(self.polygon, (tuple, list)):
                raise TypeError(f"polygon: expected its corners, got {shown(self.polygon)}")
            if self.at is not None or self.radius is not None:
                raise InputError("polygon: an obstruction is a circle (at, radius) or a "
                                 "polygon, not both")
            if not 3 <= len(self.polygon) <= MAX_CORNERS:
                raise InputError(f"polygon: expected 3 to {MAX_CORNERS} corners, got "
                                 f"{len(self.polygon)}")
            object.__setattr__(self, "polygon", tuple(
                _point(p, f"polygon[{i}]") for i, p in enumerate(self.polygon)))
        else:
            if self.at is None or self.radius is None:
                raise InputError("at: an obstruction needs either at and radius, or a polygon")
            object.__setattr__(self, "at", _point(self.at, "at"))
            r = _number(self.radius, "radius")
            if r <= 0:
                raise InputError(f"radius: expected more than 0, got {shown(self.radius)}")
            object.__setattr__(self, "radius", r)

    def nearest_point(self, h: Hull) -> Vec:
        """The point of the obstruction nearest to a hull."""
        from rightofway.plane import closest_points

        h = _hull(h, "h")
        if self.polygon is not None:
            n = len(self.polygon)
            best = min((closest_points(h[0], h[1], self.polygon[i], self.polygon[(i + 1) % n])
                        for i in range(n)), key=lambda pq: math.dist(pq[0], pq[1]))
            return best[1]
        assert self.at is not None and self.radius is not None
        p, _ = closest_points(h[0], h[1], self.at, self.at)
        d = math.dist(p, self.at)
        if d == 0:
            return self.at
        return (self.at[0] + (p[0] - self.at[0]) / d * self.radius,
                self.at[1] + (p[1] - self.at[1]) / d * self.radius)

    def distance_to(self, h: Hull) -> float:
        """Shortest distance from a hull to the obstruction (0 when they meet)."""
        from rightofway.plane import point_segment_distance, polygon_segment_distance

        h = _hull(h, "h")
        if self.polygon is not None:
            return polygon_segment_distance(h[0], h[1], self.polygon)
        assert self.at is not None and self.radius is not None
        return max(0.0, point_segment_distance(self.at, h[0], h[1]) - self.radius)


@dataclass(frozen=True, slots=True)
class ZoneEntry:
    """How the boats stood when the first of them reached the zone (RRS 18.2(a)).

    ``doubt``: there is reasonable doubt whether the overlap was ``gained`` or
    ``broken`` in time, and RRS 18.2(e) presumes it was not.
    """

    first: str
    overlapped: bool
    inside: str | None = None
    doubt: Literal["gained", "broken"] | None = None

    def __post_init__(self) -> None:
        as_id(self.first, "first")
        as_bool(self.overlapped, "overlapped")
        _optional_id(self.inside, "inside")
        if self.doubt is not None:
            as_choice(self.doubt, "doubt", ("gained", "broken"))


@dataclass(frozen=True, slots=True)
class Facts:
    """What a snapshot cannot show, each optional (the spec's fact names)."""

    zone_entry: ZoneEntry | None = None
    overlap_from_clear_astern: tuple[str, Literal["leeward", "windward"], bool] | None = None
    """``(boat, side, within_two_lengths)``: the boat that became overlapped from clear astern."""
    acquired_right_of_way: tuple[str, bool] | None = None
    """``(boat, by_own_action)``: the boat that has just acquired right of way."""
    changing_course: tuple[str, Literal["luff", "bear-away"]] | None = None
    """``(boat, direction)``: the boat changing course."""
    starting: bool = False
    """The boats are approaching the starting line to start (before their signal)."""
    passed_head_to_wind_in_zone: str | None = None
    must_gybe_at_mark: str | None = None
    left_zone: str | None = None
    overlap_broken: bool = False
    returning_to_start: str | None = None
    moving_astern: str | None = None
    hail_room_to_tack: str | None = None
    hail_passed_on: str | None = None
    """The boat that, hailed for room to tack, hailed another boat in turn (RRS 20.3)."""
    taking_penalty: str | None = None
    """The boat taking a penalty (RRS 21.2)."""
    capsized_or_aground: str | None = None
    """The boat capsized, anchored or aground (RRS 22)."""
    not_racing: str | None = None
    """The boat that is not racing (RRS 23.1, the Part 2 preamble)."""
    unable_to_give_room: str | None = None
    """The outside boat that has been unable to give room or mark-room from the time the
    overlap began (the exceptions of RRS 18.2(d) and 19.2(b))."""

    def __post_init__(self) -> None:
        if self.zone_entry is not None:
            check_instance(self.zone_entry, ZoneEntry, "zone_entry")
        as_bool(self.starting, "starting")
        as_bool(self.overlap_broken, "overlap_broken")
        shapes: tuple[tuple[str, tuple[tuple[str, ...] | None, ...]], ...] = (
            ("overlap_from_clear_astern", (None, ("leeward", "windward"), None)),
            ("acquired_right_of_way", (None, None)),
            ("changing_course", (None, ("luff", "bear-away"))))
        for name, parts in shapes:
            value = getattr(self, name)
            if value is None:
                continue
            if not isinstance(value, tuple) or len(value) != len(parts):
                raise TypeError(f"{name}: expected a tuple of {len(parts)} (the boat first) "
                                f"or None, got {shown(value)}")
            as_id(value[0], f"{name}[0]")
            for i, choices in enumerate(parts[1:], 1):
                if choices is not None:
                    as_choice(value[i], f"{name}[{i}]", choices)
                else:
                    as_bool(value[i], f"{name}[{i}]")
        for name in _BOAT_FACTS:
            _optional_id(getattr(self, name), name)

    def boats_named(self) -> list[tuple[str, str]]:
        """``(fact, boat id)`` of every boat a fact names."""
        out: list[tuple[str, str]] = []
        if self.zone_entry is not None:
            out.append(("zone_entry.first", self.zone_entry.first))
            if self.zone_entry.inside is not None:
                out.append(("zone_entry.inside", self.zone_entry.inside))
        for name in ("overlap_from_clear_astern", "acquired_right_of_way", "changing_course"):
            value = getattr(self, name)
            if value is not None:
                out.append((f"{name}.boat", value[0]))
        for name in _BOAT_FACTS:
            value = getattr(self, name)
            if value is not None:
                out.append((name, value))
        return out


_BOAT_FACTS = ("passed_head_to_wind_in_zone", "must_gybe_at_mark", "left_zone",
               "returning_to_start", "moving_astern", "hail_room_to_tack", "hail_passed_on",
               "taking_penalty", "capsized_or_aground", "not_racing", "unable_to_give_room")
"""The facts that name one boat each."""


@dataclass(frozen=True, slots=True)
class Options:
    """Ruleset options.

    ``zone_lengths``: the zone's radius in hull lengths (RRS definition Zone: 3; 2 in match
    racing, 4 in radio sailing). ``by_the_lee``: how many degrees past dead downwind a boat
    may sail on her stated tack (the definition Tack follows her mainsail). ``close_hauled``:
    the angle to the wind of a close-hauled course (the definition Fetching, RRS 20.1(b)).
    ``room_between``: the gap, in hull lengths, between a boat and a continuing obstruction
    that leaves another boat room to pass between them (RRS 19.2(c)).
    """

    zone_lengths: float = 3.0
    by_the_lee: float = 30.0
    close_hauled: float = 45.0
    room_between: float = 1.0

    def __post_init__(self) -> None:
        for name, low, high in (("zone_lengths", 0, 10), ("by_the_lee", 0, 90),
                                ("close_hauled", 0, 90), ("room_between", 0, 10)):
            value = _number(getattr(self, name), name)
            if not low < value <= high and not (name == "by_the_lee" and value == 0):
                raise InputError(f"{name}: expected more than {low} and at most {high}, "
                                 f"got {value}")
            object.__setattr__(self, name, value)

    def to_json(self) -> dict[str, float]:
        """The options as a scenario file's ``options``."""
        return {"zone_lengths": self.zone_lengths, "by_the_lee": self.by_the_lee,
                "close_hauled": self.close_hauled, "room_between": self.room_between}


@dataclass(frozen=True, slots=True)
class Snapshot:
    """An earlier moment: where the same boats were (oldest snapshots first in a trail)."""

    boats: tuple[Boat, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "boats", as_tuple_of(self.boats, Boat, "boats"))
        if len(self.boats) > MAX_FLEET:
            raise InputError(f"boats: a snapshot holds at most {MAX_FLEET} boats, got "
                             f"{len(self.boats)}")


@dataclass(frozen=True, slots=True)
class Position(BoatIndex[Boat]):
    """A snapshot of boats racing under the Racing Rules of Sailing.

    ``wind`` is where the wind comes from (degrees). Hulls may not touch or cross
    (:class:`~rightofway.positions.PositionError` naming the boats); every boat a fact
    names must be in the position; every snapshot of the ``trail`` holds the same boats.
    """

    wind: float
    boats: tuple[Boat, ...]
    marks: tuple[Mark, ...] = ()
    obstructions: tuple[Obstruction, ...] = ()
    lines: tuple[Line, ...] = ()
    facts: Facts = Facts()
    trail: tuple[Snapshot, ...] = ()
    options: Options = Options()
    _by_id: dict[str, Boat] = field(init=False, repr=False, compare=False)
    _memo: dict[str, Any] = field(init=False, repr=False, compare=False)
    """What the rules derive from each boat alone (hull, tack, heading vector, distance to
    each mark), worked out once and kept here: the position never changes."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "wind", _heading(self.wind, "wind"))
        for name, kind in (("boats", Boat), ("marks", Mark), ("obstructions", Obstruction),
                           ("lines", Line), ("trail", Snapshot)):
            object.__setattr__(self, name, as_tuple_of(getattr(self, name), kind, name))
        if not isinstance(self.facts, Facts):
            raise TypeError(f"facts: expected Facts, got {shown(self.facts)}")
        if not isinstance(self.options, Options):
            raise TypeError(f"options: expected Options, got {shown(self.options)}")
        if len(self.boats) > MAX_FLEET:
            raise PositionError(("boats",), f"{len(self.boats)} boats; at most "
                                f"{MAX_FLEET} in one position")
        if len(self.trail) > MAX_TRAIL:
            raise PositionError(("trail",), f"a trail holds at most {MAX_TRAIL} snapshots, "
                                f"got {len(self.trail)}")
        for name in ("marks", "obstructions", "lines"):
            if len(getattr(self, name)) > MAX_ITEMS:
                raise PositionError((name,), f"at most {MAX_ITEMS} {name} in one position, "
                                    f"got {len(getattr(self, name))}")
        by_id = index_by_id(self.boats)
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_memo", {})
        _check_hulls(self.boats, ("boats",))
        _check_tacks(self.boats, self.wind, self.options, ("boats",))
        for fact, bid in self.facts.boats_named():
            if bid not in by_id:
                raise PositionError(("facts", *fact.split(".")),
                                    f"no boat {shown(bid)} in the position (its boats: "
                                    f"{shown(', '.join(by_id), 200)})")
        ids = sorted(by_id)
        for i, snap in enumerate(self.trail):
            theirs = sorted(b.id for b in snap.boats)
            if theirs != ids:
                raise PositionError(("trail", i, "boats"),
                                    f"a snapshot of the trail must hold the position's boats "
                                    f"({', '.join(ids)}), not {', '.join(theirs) or 'none'}")
            _check_hulls(snap.boats, ("trail", i, "boats"))
            _check_tacks(snap.boats, self.wind, self.options, ("trail", i, "boats"))

    def boat(self, boat_id: str, name: str = "boat_id") -> Boat:
        """The boat called ``boat_id`` (:class:`~rightofway.positions.UnknownId` when absent)."""
        return BoatIndex.boat(self, boat_id, name)

    def mark(self, mark_id: str) -> Mark:
        """The mark called ``mark_id`` (:class:`~rightofway.positions.UnknownId` when
        absent)."""
        for m in self.marks:
            if m.id == mark_id:
                return m
        as_id(mark_id, "mark_id")
        raise UnknownId(f"mark_id: no mark {shown(mark_id)} in this position")

    def to_json(self) -> dict[str, Any]:
        """The snapshot as JSON data, in the form of a scenario file's ``position`` (with
        ``options``); :meth:`from_json` reads it back."""
        out: dict[str, Any] = {"wind": self.wind, "boats": [_boat_json(b) for b in self.boats]}
        if self.marks:
            out["marks"] = [{"id": m.id, "at": list(m.at), "leave_to": m.leave_to,
                             **({"role": m.role} if m.role else {}),
                             **({"gate": True} if m.gate else {})} for m in self.marks]
        if self.obstructions:
            out["obstructions"] = [
                {"id": o.id, **({"polygon": [list(p) for p in o.polygon]}
                                if o.polygon is not None
                                else {"at": list(o.at or ()), "radius": o.radius}),
                 **({"kind": o.kind} if o.kind != "object" else {})}
                for o in self.obstructions]
        if self.lines:
            out["lines"] = [{"id": ln.id, "kind": ln.kind, "ends": [list(e) for e in ln.ends]}
                            for ln in self.lines]
        facts = _facts_json(self.facts)
        if facts:
            out["facts"] = facts
        if self.trail:
            out["trail"] = [{"boats": [_boat_json(b) for b in snap.boats]}
                            for snap in self.trail]
        out["options"] = self.options.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """The snapshot of JSON data as :meth:`to_json` writes it (``options`` optional);
        :class:`~rightofway.errors.InputError` naming the field for anything else (within
        :mod:`rightofway.limits`) or a snapshot that cannot exist."""
        from rightofway.rrs.formats import RrsPositionJson
        from rightofway.scenarios import read_json

        return read_json(RrsPositionJson, data, "position", lambda m: to_position(m, m.options))

    def svg(self) -> str:
        """The snapshot drawn (SVG): hulls to scale, marks with their zones, obstructions,
        lines, and the first two boats' ruling."""
        from rightofway.registry import get_ruleset  # the drawing imports this module

        return str(get_ruleset("rrs").board(self))

    def _repr_svg_(self) -> str:
        return self.svg()


def _boat_json(b: Boat) -> dict[str, Any]:
    out: dict[str, Any] = {"id": b.id, "at": list(b.at), "heading": b.heading}
    if b.tacking:
        out["tacking"] = True
    if b.tack is not None:
        out["tack"] = b.tack.value
    return out


def _facts_json(f: Facts) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if f.zone_entry is not None:
        z = f.zone_entry
        out["zone_entry"] = {"first": z.first, "overlapped": z.overlapped, "inside": z.inside,
                             "doubt": z.doubt}
    if f.overlap_from_clear_astern is not None:
        boat, side, within = f.overlap_from_clear_astern
        out["overlap_from_clear_astern"] = {"boat": boat, "side": side,
                                            "within_two_lengths": within}
    if f.acquired_right_of_way is not None:
        out["acquired_right_of_way"] = {"boat": f.acquired_right_of_way[0],
                                        "by_own_action": f.acquired_right_of_way[1]}
    if f.changing_course is not None:
        out["changing_course"] = {"boat": f.changing_course[0],
                                  "direction": f.changing_course[1]}
    for name in ("starting", "overlap_broken"):
        if getattr(f, name):
            out[name] = True
    for name in _BOAT_FACTS:
        if getattr(f, name) is not None:
            out[name] = getattr(f, name)
    return out


SMALL_FLEET = 8
"""Up to this many boats a position's hulls are checked pair by pair, not through the grid."""


def _check_hulls(boats: tuple[Boat, ...], where: tuple[str | int, ...]) -> None:
    """:func:`~rightofway.positions.check_hulls` (the same refusal, naming the later boat of
    the first pair that touches), measuring only the pairs the grid of
    :mod:`rightofway.rrs.index` finds near each other: hulls a length long whose middles lie
    farther apart than a length (and the tolerance, and a margin for rounding) cannot
    touch."""
    hulls = [b.hull for b in boats]
    if len(boats) <= SMALL_FLEET:  # every pair: fewer steps than building the grid
        check_hulls([b.id for b in boats], hulls, where, 1e-6)
        return
    points = [b.at for b in boats]
    scale = max((max(abs(x), abs(y)) for x, y in points), default=0.0)
    candidates = near_pairs(points, 1.0 + 1e-6 + 1e-9 + scale * 1e-12)
    for i, near in enumerate(candidates):
        for j in near:
            if hull_distance(hulls[i], hulls[j]) < 1e-6:
                raise PositionError((*where, j, "at"), f"boat {boats[j].id}'s hull touches or "
                                    f"crosses boat {boats[i].id}'s")


def by_the_lee(b: Boat, wind: float) -> float | None:
    """How many degrees past dead downwind she sails on her stated tack (the definition Tack:
    her mainsail's side decides), or ``None`` when her stated tack is the one the wind
    gives her, or she states none."""
    if type(b) is not Boat:
        check_instance(b, Boat, "b")
    if type(wind) is not float:
        wind = _number(wind, "wind")
    if b.tack is None:
        return None
    r = norm360(wind - b.heading)
    angle = 360.0 - r if r > 180.0 else r
    if angle <= ANGLE_TOLERANCE or angle >= 180.0 - ANGLE_TOLERANCE:
        return None  # head to wind or dead downwind: her stated tack is her tack before
    if (b.tack is Tack.STARBOARD) == (r < 180.0):
        return None
    return 180.0 - angle


def _check_tacks(boats: tuple[Boat, ...], wind: float, options: Options,
                 where: tuple[str | int, ...]) -> None:
    for i, b in enumerate(boats):
        past = by_the_lee(b, wind)
        if past is None or past <= options.by_the_lee + ANGLE_TOLERANCE:
            continue
        stated = b.tack
        assert stated is not None  # by_the_lee measured her stated tack
        other = "port" if stated is Tack.STARBOARD else "starboard"
        raise PositionError((*where, i, "tack"),
                            f"boat {b.id} heads {b.heading:g} degrees with the wind from "
                            f"{wind:g}: the wind makes her {other}; a stated {stated.value} "
                            f"tack stands only head to wind or sailing by the lee, within "
                            f"{options.by_the_lee:g} degrees past dead downwind (option "
                            f"by_the_lee), and she is {past:g} past it")


def _boat(m: RrsBoatModel) -> Boat:
    return Boat(m.id, m.at, m.heading, m.tacking, Tack(m.tack) if m.tack else None)


def _facts(f: FactsModel) -> Facts:
    return Facts(
        zone_entry=ZoneEntry(f.zone_entry.first, f.zone_entry.overlapped, f.zone_entry.inside,
                             f.zone_entry.doubt) if f.zone_entry else None,
        overlap_from_clear_astern=(
            (f.overlap_from_clear_astern.boat, f.overlap_from_clear_astern.side,
             f.overlap_from_clear_astern.within_two_lengths)
            if f.overlap_from_clear_astern else None),
        acquired_right_of_way=((f.acquired_right_of_way.boat,
                                f.acquired_right_of_way.by_own_action)
                               if f.acquired_right_of_way else None),
        changing_course=((f.changing_course.boat, f.changing_course.direction)
                         if f.changing_course else None),
        starting=f.starting, overlap_broken=f.overlap_broken,
        **{name: getattr(f, name) for name in _BOAT_FACTS},
    )


def to_position(p: RrsPositionModel, options: RrsOptionsModel) -> Position:
    """The position of a validated ``position`` (:class:`PositionError` if it cannot exist)."""
    from rightofway.rrs.formats import RrsOptionsModel, RrsPositionModel

    check_instance(p, RrsPositionModel, "p")
    check_instance(options, RrsOptionsModel, "options")
    return Position(
        p.wind, tuple(_boat(b) for b in p.boats),
        tuple(Mark(m.id, m.at, m.leave_to, m.role, m.gate) for m in p.marks),
        tuple(Obstruction(o.id, o.at, o.radius, tuple(o.polygon) if o.polygon else None,
                          o.kind) for o in p.obstructions),
        tuple(Line(line.id, line.kind, line.ends) for line in p.lines),
        _facts(p.facts),
        tuple(Snapshot(tuple(_boat(b) for b in s.boats)) for s in p.trail),
        Options(options.zone_lengths, options.by_the_lee, options.close_hauled,
                options.room_between),
    )
