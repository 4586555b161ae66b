"""Positions of the simulation: boats on plain paper, marks, lines and the wind.

Coordinates are units of the paper (x East, y North), headings degrees clockwise from
North, the wind one of the eight compass points (where it blows from) and whole knots
8..16. A boat's hull is ``hull_length`` units long (default 1), centred on her point, as
the Racing Rules of Sailing ruleset (``rrs``) measures boats in hull lengths: right of way
comes from there, through :func:`to_rrs`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from rightofway import limits, positions
from rightofway.errors import InputError
from rightofway.geometry import Tack
from rightofway.plane import hull, hull_distance, tack_of
from rightofway.positions import (
    BoatIndex,
    Line,
    PositionError,
    as_choice,
    as_number,
    as_xy,
    check_instance,
    instance_check,
    shown,
)
from rightofway.sim.sailing import COMPASS, _normalise, compass_degrees

if TYPE_CHECKING:
    from rightofway.sim.formats import SimOptionsModel, SimPositionModel

__all__ = ["Boat", "Line", "Mark", "Position", "Vec", "to_position"]

Vec = tuple[float, float]


def _number(value: object, name: str, bound: float = limits.MAX_COORD) -> float:
    return as_number(value, name, bound)


def _point(value: object, name: str) -> Vec:
    return as_xy(value, name, limits.MAX_COORD)


def _id(value: object, name: str) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 40:
        raise TypeError(f"{name}: expected an id of 1 to 40 characters, got {shown(value)}")
    return value


@dataclass(frozen=True, slots=True)
class Boat:
    """A boat: where her hull is centred, where she heads, and her tack when she is head to
    wind or dead downwind (the tack she had before)."""

    id: str
    at: Vec
    heading: float
    tack: Tack | None = None

    def __post_init__(self) -> None:
        _id(self.id, "id")
        object.__setattr__(self, "at", _point(self.at, "at"))
        h = _number(self.heading, "heading", 360.0)
        if h < 0:
            raise InputError(f"heading: expected degrees from 0 to 360, got "
                             f"{shown(self.heading)}")
        object.__setattr__(self, "heading", _normalise(h))
        if self.tack is not None and not isinstance(self.tack, Tack):
            raise TypeError(f"tack: expected a Tack, got {shown(self.tack, 40)}")


_set_id = vars(Boat)["id"].__set__
_set_at = vars(Boat)["at"].__set__
_set_heading = vars(Boat)["heading"].__set__
_set_tack = vars(Boat)["tack"].__set__


def _sailed(bid: str, at: Vec, heading: float, tack: Tack | None) -> Boat:
    """Internal, for the moves' hot path: the boat where a plan leaves her, built without
    the checks of :class:`Boat` (the id is a boat's, ``at`` a point of floats within
    :data:`~rightofway.limits.MAX_COORD`, ``heading`` normalised, ``tack`` a
    :class:`~rightofway.geometry.Tack` or ``None``: what those checks would return)."""
    boat = object.__new__(Boat)
    _set_id(boat, bid)
    _set_at(boat, at)
    _set_heading(boat, heading)
    _set_tack(boat, tack)
    return boat


@dataclass(frozen=True, slots=True)
class Mark:
    """A mark of the course (left to port on the course of a race)."""

    id: str
    at: Vec

    def __post_init__(self) -> None:
        _id(self.id, "id")
        object.__setattr__(self, "at", _point(self.at, "at"))


@dataclass(frozen=True, slots=True)
class Position(BoatIndex[Boat]):
    """A moment of the game: the wind, the boats, the marks and lines, and the turns still
    to sail before the starting gun. Immutable; hulls may not touch
    (:class:`~rightofway.positions.PositionError` naming the boat)."""

    wind: str
    knots: int
    boats: tuple[Boat, ...]
    marks: tuple[Mark, ...] = ()
    lines: tuple[Line, ...] = ()
    start_turns_left: int = 0
    hull_length: float = 1.0
    _by_id: dict[str, Boat] = field(init=False, repr=False, compare=False)
    _keep_clear: tuple[tuple[str, str, str], ...] | None = field(init=False, repr=False,
                                                                  compare=False)
    """Who keeps clear of whom, once :func:`rightofway.sim.rules.keep_clear` has asked
    the Racing Rules (a memo of the immutable position; ``None`` until then)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_keep_clear", None)
        if type(self.wind) is not str or self.wind not in COMPASS:
            raise InputError(f"wind: expected one of {', '.join(COMPASS)}, got "
                             f"{shown(self.wind, 40)}")
        if isinstance(self.knots, bool) or not isinstance(self.knots, int):
            raise TypeError(f"knots: expected a whole number, got {shown(self.knots, 40)}")
        if not 8 <= self.knots <= 16:
            raise InputError(f"knots: the wind blows 8 to 16 knots, got {shown(self.knots)}")
        if isinstance(self.start_turns_left, bool) or not isinstance(self.start_turns_left, int) \
                or not 0 <= self.start_turns_left <= 5:
            raise InputError("start_turns_left: expected 0 to 5, got "
                             f"{shown(self.start_turns_left, 40)}")
        length = _number(self.hull_length, "hull_length", 100.0)
        if length <= 0:
            raise InputError(f"hull_length: expected a length above 0, got "
                             f"{shown(self.hull_length)}")
        for name, kind in (("boats", Boat), ("marks", Mark), ("lines", Line)):
            object.__setattr__(self, name, positions.as_tuple_of(getattr(self, name), kind, name))
        if len(self.boats) > limits.MAX_BOATS:
            raise PositionError(("boats",), f"{len(self.boats)} boats; at most "
                                f"{limits.MAX_BOATS} race in one position")
        object.__setattr__(self, "_by_id", positions.index_by_id(self.boats))
        positions.check_hulls(self.boat_ids, [self.hull(b) for b in self.boats], ("boats",),
                              1e-6 * length)

    @property
    def wind_degrees(self) -> float:
        """Where the wind comes from, in degrees."""
        return compass_degrees(self.wind)

    def hull(self, boat: Boat) -> tuple[Vec, Vec]:
        """A boat's hull, stern to bow."""
        if type(boat) is not Boat:
            check_boat(boat)
        return hull(boat.at, boat.heading, self.hull_length)

    def tack(self, boat: Boat) -> Tack | None:
        """A boat's tack (her recorded tack when head to wind or dead downwind)."""
        if type(boat) is not Boat:
            check_boat(boat)
        return tack_of(boat.heading, self.wind_degrees, boat.tack)

    def line(self, kind: Literal["start", "finish"]) -> Line | None:
        """The first line of that kind, if any."""
        as_choice(kind, "kind", ("start", "finish"))
        return next((ln for ln in self.lines if ln.kind == kind), None)

    def touching(self, boat: Boat) -> str | None:
        """The id of the first other boat whose hull ``boat``'s hull (standing where she is
        given) touches or crosses, or ``None`` (hulls may not touch, RRS 14)."""
        if type(boat) is not Boat:
            check_boat(boat)
        return self._touching(boat.id, boat.at, boat.heading)

    def _touching(self, bid: str, at: Vec, heading: float) -> str | None:
        """:meth:`touching` of the boat ``bid`` standing at ``at`` heading ``heading``
        (checked already: the moves' hot path)."""
        length = self.hull_length
        limit = 1e-6 * length
        reach = length + limit
        x, y = at
        mine = None
        for other in self.boats:
            # hulls centred further apart than a hull's length (and the tolerance) never meet
            if other.id == bid or abs(other.at[0] - x) > reach \
                    or abs(other.at[1] - y) > reach:
                continue
            mine = mine or hull(at, heading, length)
            if hull_distance(mine, self.hull(other)) < limit:
                return other.id
        return None

    def with_boat(self, boat: Boat) -> Position:
        """The same position with ``boat`` replacing the boat of her id (validated again)."""
        check_boat(boat)
        self.boat(boat.id, "boat.id")
        return replace(self, boats=tuple(boat if b.id == boat.id else b for b in self.boats))

    def _moved(self, boat: Boat) -> Position:
        """Internal: the position with ``boat`` replacing the boat of her id, not validated
        again (a scenario's plan may end with hulls touching: the accounting is still
        checked; a race refuses such a plan, RRS 14)."""
        moved = self._with_boat_unchecked(boat, ("wind", "knots", "marks", "lines",
                                                 "start_turns_left", "hull_length"))
        object.__setattr__(moved, "_keep_clear", None)
        return moved

    def with_wind(self, wind: str, knots: int) -> Position:
        """The same position in another wind."""
        return replace(self, wind=wind, knots=knots)

    # --- JSON and drawings -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Plain data: a scenario file's ``position``, with the ruleset ``options``
        (``hull_length``) it is measured in; :meth:`from_json` reads it back."""
        out: dict[str, Any] = {"wind": {"from": self.wind, "knots": self.knots}}
        if self.marks:
            out["marks"] = [{"id": m.id, "at": list(m.at)} for m in self.marks]
        if self.lines:
            out["lines"] = [{"id": ln.id, "kind": ln.kind, "ends": [list(p) for p in ln.ends]}
                            for ln in self.lines]
        if self.start_turns_left:
            out["start_turns_left"] = self.start_turns_left
        out["boats"] = [{"id": b.id, "at": list(b.at), "heading": b.heading,
                         **({"tack": b.tack.value} if b.tack is not None else {})}
                        for b in self.boats]
        out["options"] = {"hull_length": self.hull_length}
        return out

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """The position of plain data in :meth:`to_json`'s form (``options`` optional),
        validated: :class:`~rightofway.errors.InputError` naming the field for anything
        malformed or a position that cannot exist."""
        from rightofway.scenarios import read_json
        from rightofway.sim.formats import SimPositionJson

        return read_json(SimPositionJson, data, "position", lambda m: to_position(m, m.options))

    def svg(self) -> str:
        """The position drawn (SVG): hulls to scale, the marks, lines and the wind."""
        from rightofway.registry import get_ruleset  # the drawing imports this module

        return str(get_ruleset("simulation").board(self))

    def _repr_svg_(self) -> str:
        return self.svg()


check_boat = instance_check(Boat, "a simulation Boat", "boat")


def to_position(p: SimPositionModel, options: SimOptionsModel) -> Position:
    """The position of a validated ``position`` (:class:`PositionError` if it cannot exist)."""
    from rightofway.sim.formats import SimOptionsModel, SimPositionModel

    check_instance(p, SimPositionModel, "p")
    check_instance(options, SimOptionsModel, "options")
    try:
        return Position(
            p.wind.from_, p.wind.knots,
            tuple(Boat(b.id, b.at, b.heading, Tack(b.tack) if b.tack else None)
                  for b in p.boats),
            tuple(Mark(m.id, m.at) for m in p.marks),
            tuple(Line(ln.id, ln.kind, ln.ends) for ln in p.lines),
            p.start_turns_left, options.hull_length)
    except PositionError:
        raise
    except ValueError as e:  # a line whose ends meet
        raise PositionError(("lines",), str(e)) from None
