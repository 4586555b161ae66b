"""What every ruleset's position shares: finding boats by id, and the error for a position
that cannot exist."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, Self, TypeVar

from rightofway import limits
from rightofway.errors import InputError

__all__ = [
    "BoatIndex",
    "Line",
    "PositionError",
    "UnknownId",
    "as_id",
    "as_number",
    "as_point",
    "as_tuple_of",
    "as_xy",
    "check_hulls",
    "check_instance",
    "check_place",
    "check_turn_order",
    "index_by_id",
    "instance_check",
]


class PositionError(InputError):
    """A position that cannot exist; ``path`` names the field at fault."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.loc = path
        self.message = message


class UnknownId(InputError, KeyError):
    """An id (of a boat, a mark) the position does not hold: a :class:`ValueError` naming
    the argument (and a :class:`KeyError`, as a lookup by id that failed)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def check_instance(value: object, kind: type, name: str) -> None:
    """:class:`TypeError` naming the argument ``name`` unless ``value`` is a ``kind``."""
    if not isinstance(value, kind):
        raise TypeError(f"{name}: expected a {kind.__module__.split('.')[1]} "
                        f"{kind.__name__}, got {type(value).__name__} {value!r:.60}")


def check_place(item: object) -> None:
    """Check a frozen value's ``id`` and turn its ``at`` into a point (its
    ``__post_init__``), naming the field at fault."""
    as_id(getattr(item, "id"), "id")  # noqa: B009 - any value with an id and a place
    object.__setattr__(item, "at", as_point(getattr(item, "at"), "at"))  # noqa: B009


class InstanceCheck(Protocol):
    """What :func:`instance_check` makes: ``check(value, name)``."""

    def __call__(self, value: object, name: str = ...) -> None: ...


def instance_check(kind: type, what: str, default: str) -> InstanceCheck:
    """A check that raises :class:`TypeError` naming the argument (``default`` unless
    another name is given) unless its value is a ``kind``; ``what`` says what was expected
    (``"a Race the Wind Move such as Move('A', ('A',))"``)."""

    def check(value: object, name: str = default) -> None:
        if not isinstance(value, kind):
            raise TypeError(f"{name}: expected {what}, got {type(value).__name__} "
                            f"{value!r:.60}")

    check.__doc__ = f":class:`TypeError` naming the argument unless its value is {what}."
    return check


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


B = TypeVar("B", bound=_HasId)


class BoatIndex(Generic[B]):
    """Mixin of positions keeping their boats by id in ``_by_id``."""

    __slots__ = ()
    _by_id: dict[str, B]

    def boat(self, boat_id: str, name: str = "boat_id") -> B:
        """The boat called ``boat_id``; :class:`UnknownId` (a :class:`KeyError` and a
        :class:`ValueError`) naming it and the argument ``name`` when absent, a
        :class:`TypeError` when ``boat_id`` is not a string."""
        try:
            return self._by_id[boat_id]
        except (KeyError, TypeError):
            if not isinstance(boat_id, str):
                raise TypeError(f"{name}: expected a boat id (a string), got "
                                f"{boat_id!r:.60}") from None
            raise UnknownId(f"{name}: no boat {boat_id!r} in this position (its boats: "
                              f"{', '.join(self._by_id)})") from None

    def has_boat(self, boat_id: str) -> bool:
        """Whether a boat of that id is in the position."""
        return boat_id in self._by_id

    @property
    def boat_ids(self) -> tuple[str, ...]:
        """Boat ids in the order the boats are listed."""
        return tuple(self._by_id)

    def _with_boat_unchecked(self, boat: B, keep: tuple[str, ...]) -> Self:
        """Internal, for the hot paths of moves: a copy with ``boat`` in place of the boat
        of her id and the fields ``keep`` shared, nothing validated again (the caller
        knows the boat may stand there)."""
        new = object.__new__(type(self))
        for name in keep:
            object.__setattr__(new, name, getattr(self, name))
        boats: tuple[B, ...] = getattr(self, "boats")  # noqa: B009 - every position has boats
        object.__setattr__(new, "boats", tuple(boat if b.id == boat.id else b for b in boats))
        by_id = dict(self._by_id)
        by_id[boat.id] = boat
        object.__setattr__(new, "_by_id", by_id)
        return new


T = TypeVar("T")


def as_tuple_of(value: object, kind: type[T], name: str) -> tuple[T, ...]:
    """``value`` (a tuple or a list) as a tuple of ``kind``; else a :class:`TypeError`
    naming the field ``name`` or the item (``marks[2]``) at fault."""
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{name}: expected a tuple of {kind.__name__}, got {value!r:.60}")
    for i, item in enumerate(value):
        if not isinstance(item, kind):
            raise TypeError(f"{name}[{i}]: expected a {kind.__name__}, got {item!r:.60}")
    return tuple(value)


def index_by_id(boats: Sequence[B], where: tuple[str | int, ...] = ("boats",)) -> dict[str, B]:
    """The boats by id, in their order (what :class:`BoatIndex` keeps in ``_by_id``);
    :class:`PositionError` naming the boat whose id is used twice."""
    by_id: dict[str, B] = {}
    for i, b in enumerate(boats):
        if b.id in by_id:
            raise PositionError((*where, i, "id"), f"boat id {b.id!r} is used twice")
        by_id[b.id] = b
    return by_id


def check_hulls(ids: Sequence[str], hulls: Sequence[tuple[tuple[float, float],
                                                        tuple[float, float]]],
                where: tuple[str | int, ...], tolerance: float) -> None:
    """Hulls on a plane (each ``(stern, bow)``) may not touch or cross: a
    :class:`PositionError` naming the later boat of the first pair nearer than
    ``tolerance``."""
    from rightofway.plane import hull_distance

    for i in range(len(hulls)):
        for j in range(i + 1, len(hulls)):
            if hull_distance(hulls[i], hulls[j]) < tolerance:
                raise PositionError((*where, j, "at"), f"boat {ids[j]}'s hull touches or "
                                    f"crosses boat {ids[i]}'s")


def check_turn_order(order: tuple[str, ...], ids: list[str] | tuple[str, ...]) -> None:
    """A turn order must name each boat exactly once."""
    if sorted(order) != sorted(ids):
        raise PositionError(
            ("turn_order",),
            f"turn order {list(order)} must name each boat ({', '.join(ids)}) exactly once",
        )


def as_point(value: object, name: str) -> tuple[int, int]:
    """``value`` as an intersection ``(x, y)`` of whole numbers, or a :class:`TypeError`
    naming the argument ``name``. A list of two whole numbers is converted."""
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(
        type(c) is int for c in value
    ):
        return (value[0], value[1])
    raise TypeError(f"{name}: expected an intersection (x, y) of two whole numbers, "
                    f"got {value!r}")


def as_number(value: object, name: str, bound: float | None = None) -> float:
    """``value`` as a finite float (continuous rulesets), within ``±bound`` when given;
    else a :class:`TypeError` or :class:`ValueError` naming the argument ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name}: expected a number, got {value!r:.60}")
    f = float(value)
    if not math.isfinite(f):
        raise ValueError(f"{name}: expected a finite number, got {value!r}")
    if bound is not None and abs(f) > bound:
        raise ValueError(f"{name}: expected a number within ±{bound:g}, got {value!r}")
    return f


def as_xy(value: object, name: str, bound: float | None = None) -> tuple[float, float]:
    """``value`` as a point ``(x, y)`` of finite floats (see :func:`as_number`)."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{name}: expected a point (x, y), got {value!r:.60}")
    return (as_number(value[0], f"{name}[0]", bound), as_number(value[1], f"{name}[1]", bound))


def as_id(value: object, name: str) -> str:
    """``value`` when it is a non-empty string (a boat or mark id); else an error naming
    the argument ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected an id (a string), got {value!r}")
    if not value:
        raise ValueError(f"{name}: an id cannot be empty")
    return value


@dataclass(frozen=True, slots=True)
class Line:
    """A starting or finishing line between two different points, for the rulesets that sail
    on a plane (the simulation and the Racing Rules of Sailing)."""

    id: str
    kind: Literal["start", "finish"]
    ends: tuple[tuple[float, float], tuple[float, float]]

    def __post_init__(self) -> None:
        as_id(self.id, "id")
        if self.kind not in ("start", "finish"):
            raise ValueError(f"kind: expected 'start' or 'finish', got {self.kind!r:.60}")
        if not isinstance(self.ends, (tuple, list)) or len(self.ends) != 2:
            raise TypeError(f"ends: expected two points, got {self.ends!r:.60}")
        a = as_xy(self.ends[0], "ends[0]", limits.MAX_COORD)
        b = as_xy(self.ends[1], "ends[1]", limits.MAX_COORD)
        if math.dist(a, b) < 1e-9:
            raise ValueError("ends: a line needs two different ends")
        object.__setattr__(self, "ends", (a, b))
