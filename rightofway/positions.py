"""What every ruleset's position shares: finding boats by id, the error for a position
that cannot exist, and the argument checks every public function and constructor makes at
the boundary.

The checks (``as_*`` convert and return the value, ``check_*`` only check) raise
:class:`TypeError` naming the argument and what was expected for a wrong type, and
:class:`~rightofway.errors.InputError` (a :class:`ValueError`) naming the argument for a
right type with a bad value: a number that is not finite or beyond the file limits of
:mod:`rightofway.limits`, text longer than :data:`~rightofway.limits.MAX_TEXT`, a choice
that is not one of those offered. A message shows a value cut short (:func:`shown`), so
that a huge argument never makes a huge message.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, Self, TypeVar

from rightofway import limits
from rightofway.errors import InputError, shown

__all__ = [
    "MAX_TRACK",
    "BoatIndex",
    "Line",
    "PositionError",
    "UnknownId",
    "as_bool",
    "as_choice",
    "as_id",
    "as_int",
    "as_number",
    "as_path",
    "as_point",
    "as_points",
    "as_seed",
    "as_text",
    "as_track",
    "as_tuple_of",
    "as_xy",
    "check_fields",
    "check_hulls",
    "check_instance",
    "check_name",
    "check_place",
    "check_turn_order",
    "index_by_id",
    "instance_check",
    "shown",
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
                        f"{kind.__name__}, got {type(value).__name__} {shown(value)}")


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
                            f"{shown(value)}")

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
            check_name(name)
            if not isinstance(boat_id, str):
                raise TypeError(f"{name}: expected a boat id (a string), got "
                                f"{shown(boat_id)}") from None
            raise UnknownId(f"{name}: no boat {shown(boat_id)} in this position (its boats: "
                            f"{shown(', '.join(self._by_id), 200)})") from None

    def has_boat(self, boat_id: str) -> bool:
        """Whether a boat of that id is in the position (:class:`TypeError` when
        ``boat_id`` is not a string)."""
        if type(boat_id) is not str and not isinstance(boat_id, str):
            raise TypeError(f"boat_id: expected a boat id (a string), got "
                            f"{type(boat_id).__name__} {shown(boat_id)}")
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
        raise TypeError(f"{name}: expected a tuple of {kind.__name__}, got {shown(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, kind):
            raise TypeError(f"{name}[{i}]: expected a {_kind_name(kind)}, got "
                            f"{type(item).__name__} {shown(item)}")
    return tuple(value)


def _kind_name(kind: type) -> str:
    """``Boat`` as ``Boat of Race the Wind`` (``rightofway.rtw.position.Boat``): the game
    says which of the games' boats was expected."""
    games = {"rtw": "Race the Wind", "vg": "Vector Game", "ac": "America's Cup",
             "sim": "simulation", "rrs": "Racing Rules"}
    parts = kind.__module__.split(".")
    game = games.get(parts[1]) if len(parts) > 1 else None
    return f"{kind.__name__} of {game}" if game else kind.__name__


def index_by_id(boats: Sequence[B], where: tuple[str | int, ...] = ("boats",)) -> dict[str, B]:
    """The boats by id, in their order (what :class:`BoatIndex` keeps in ``_by_id``);
    :class:`PositionError` naming the boat whose id is used twice."""
    by_id: dict[str, B] = {}
    for i, b in enumerate(boats):
        if b.id in by_id:
            raise PositionError((*where, i, "id"), f"boat id {shown(b.id)} is used twice")
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
    """A turn order must name each boat exactly once (by its id, a string)."""
    for i, boat_id in enumerate(order):
        if type(boat_id) is not str:
            raise TypeError(f"turn_order[{i}]: expected a boat id (a string), got "
                            f"{shown(boat_id)}")
    if len(order) != len(ids) or sorted(order) != sorted(ids):
        raise PositionError(
            ("turn_order",),
            f"turn order {shown(list(order), 200)} must name each boat "
            f"({shown(', '.join(ids), 200)}) exactly once",
        )


def as_point(value: object, name: str, bound: int | None = None) -> tuple[int, int]:
    """``value`` as an intersection ``(x, y)`` of whole numbers (within ``±bound`` when
    given), or an error naming the argument ``name``. A list of two whole numbers is
    converted."""
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(
        type(c) is int for c in value
    ):
        if bound is not None and not (-bound <= value[0] <= bound
                                      and -bound <= value[1] <= bound):
            raise InputError(f"{name}: expected an intersection with coordinates within "
                             f"±{bound}, got {shown(value)}")
        return (value[0], value[1])
    raise TypeError(f"{name}: expected an intersection (x, y) of two whole numbers, "
                    f"got {shown(value)}")


def check_fields(value: object, kinds: Sequence[tuple[str, type | tuple[type, ...]]]) -> None:
    """:class:`TypeError` naming the first field of ``value`` (a frozen value's
    constructor checking its arguments) that is not of its kind in ``kinds``, pairs of a
    field name and a type or a tuple of types (``type(None)`` for an optional field). A
    bool is no whole number. Cheap: the exact type is tried first."""
    for name, kind in kinds:
        v = getattr(value, name)
        if type(v) is kind or (isinstance(v, kind) and not (type(v) is bool and (
                kind is int or (isinstance(kind, tuple) and bool not in kind)))):
            continue
        kinds_ = kind if isinstance(kind, tuple) else (kind,)
        plain = {type(None): "None", int: "a whole number", float: "a number",
                 bool: "true or false", str: "a string"}
        expected = " or ".join(plain.get(k) or f"a {_kind_name(k)}" for k in kinds_)
        raise TypeError(f"{name}: expected {expected}, got {type(v).__name__} {shown(v)}")


def as_points(value: object, name: str) -> frozenset[tuple[int, int]]:
    """``value`` (any collection of intersections but text or a mapping) as a frozenset
    of intersections, each checked as :func:`as_point` checks it; else a
    :class:`TypeError` naming the argument ``name``."""
    if type(value) is frozenset:
        for p in value:
            if type(p) is not tuple or len(p) != 2 or type(p[0]) is not int \
                    or type(p[1]) is not int:
                as_point(p, name)
        return value
    if not isinstance(value, (AbstractSet, tuple, list)):
        raise TypeError(f"{name}: expected a set of intersections, got "
                        f"{type(value).__name__} {shown(value)}")
    return frozenset(as_point(p, name) for p in value)


def as_number(value: object, name: str, bound: float | None = None) -> float:
    """``value`` as a finite float (continuous rulesets), within ``±bound`` when given
    (:data:`~rightofway.limits.MAX_NUMBER` otherwise); else a :class:`TypeError` or
    :class:`~rightofway.errors.InputError` naming the argument ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name}: expected a number, got {type(value).__name__} "
                        f"{shown(value)}")
    limit = limits.MAX_NUMBER if bound is None else bound
    if type(value) is int and abs(value) > limit:
        raise InputError(f"{name}: expected a number within ±{limit:g}, got {shown(value)}")
    f = float(value)
    if not math.isfinite(f):
        raise InputError(f"{name}: expected a finite number, got {shown(value)}")
    if abs(f) > limit:
        raise InputError(f"{name}: expected a number within ±{limit:g}, got {shown(value)}")
    return f


def as_xy(value: object, name: str, bound: float | None = None) -> tuple[float, float]:
    """``value`` as a point ``(x, y)`` of finite floats (see :func:`as_number`)."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{name}: expected a point (x, y), got {shown(value)}")
    return (as_number(value[0], f"{name}[0]", bound), as_number(value[1], f"{name}[1]", bound))


MAX_TRACK = 10_000
"""Most points of a track (:func:`as_track`)."""


def as_track(value: object, name: str, bound: float = limits.MAX_COORD
             ) -> tuple[tuple[float, float], ...]:
    """``value`` (a tuple or list of points ``(x, y)``, at least one, at most
    :data:`MAX_TRACK`) as a tuple of points of finite floats within ``±bound``: a boat's
    track on a plane. :class:`TypeError` or :class:`~rightofway.errors.InputError`
    naming the argument ``name`` (or the point at fault) otherwise."""
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{name}: expected a track, a sequence of points (x, y), got "
                        f"{type(value).__name__} {shown(value)}")
    if not 1 <= len(value) <= MAX_TRACK:
        raise InputError(f"{name}: a track has 1 to {MAX_TRACK} points, got {len(value)}")
    return tuple(as_xy(p, f"{name}[{i}]", bound) for i, p in enumerate(value))


def as_int(value: object, name: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as a whole number (not a bool) from ``lo`` to ``hi`` (each bound when
    given); else a :class:`TypeError` or :class:`~rightofway.errors.InputError` naming the
    argument ``name``."""
    if type(value) is not int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name}: expected a whole number, got {type(value).__name__} "
                            f"{shown(value)}")
        value = int(value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = (f"from {lo} to {hi}" if lo is not None and hi is not None
                else f"at least {lo}" if lo is not None else f"at most {hi}")
        raise InputError(f"{name}: expected a whole number {span}, got {shown(value)}")
    return value


def as_seed(value: object, name: str = "seed") -> int | None:
    """A seed: ``None`` (draw one) or a whole number within
    ±:data:`~rightofway.limits.MAX_NUMBER` (what a game record can hold)."""
    if value is None:
        return None
    return as_int(value, name, -limits.MAX_NUMBER, limits.MAX_NUMBER)


def as_bool(value: object, name: str) -> bool:
    """``value`` when it is ``True`` or ``False``; else a :class:`TypeError` naming the
    argument ``name``."""
    if type(value) is not bool:
        raise TypeError(f"{name}: expected true or false, got {shown(value)}")
    return value


def as_text(value: object, name: str, limit: int = limits.MAX_TEXT) -> str:
    """``value`` when it is a string of at most ``limit`` characters
    (:data:`~rightofway.limits.MAX_TEXT`); else an error naming the argument ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected text (a string), got {type(value).__name__} "
                        f"{shown(value)}")
    if len(value) > limit:
        raise InputError(f"{name}: text of {len(value)} characters is longer than the limit "
                         f"of {limit}")
    return value


def as_choice(value: object, name: str, choices: Sequence[str]) -> str:
    """``value`` when it is one of ``choices`` (strings); else a :class:`TypeError` (not a
    string) or :class:`~rightofway.errors.InputError` naming the argument ``name`` and
    the choices."""
    if isinstance(value, str):
        for c in choices:
            if value == c:
                return c
        raise InputError(f"{name}: expected one of {', '.join(map(str, choices))}, got "
                         f"{shown(value)}")
    raise TypeError(f"{name}: expected one of {', '.join(map(str, choices))}, got "
                    f"{type(value).__name__} {shown(value)}")


def as_path(value: object, name: str = "path") -> str:
    """The text of ``value`` when it is a file path (a string or a path-like object)
    without a NUL character; else an error naming the argument ``name``."""
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name}: expected a file path, got {type(value).__name__} "
                        f"{shown(value)}")
    text = os.fspath(value)
    try:
        ok = isinstance(text, str) and bool(text) and b"\0" not in os.fsencode(text)
    except UnicodeError:
        ok = False
    if not ok:
        raise InputError(f"{name}: expected the path of a file, got {shown(value)}")
    return str(text)


_NAME = re.compile(r"[A-Za-z_][\w.\[\]]{0,59}")


def check_name(name: object) -> None:
    """Refuse ``name`` unless it can name an argument in a message (``boat_id``,
    ``protest.by``, ``boats[2]``): a :class:`TypeError` (not a string) or
    :class:`~rightofway.errors.InputError` naming the argument ``name``."""
    if type(name) is not str:
        raise TypeError(f"name: expected the name of an argument (a string), got "
                        f"{type(name).__name__} {shown(name)}")
    if not _NAME.fullmatch(name):
        raise InputError(f"name: expected the name of an argument such as 'boat_id' (a letter, "
                         f"then at most 59 letters, digits, dots and brackets), got "
                         f"{shown(name)}")


def as_id(value: object, name: str) -> str:
    """``value`` when it is a non-empty string (a boat or mark id); else an error naming
    the argument ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected an id (a string), got {type(value).__name__} "
                        f"{shown(value)}")
    if not value:
        raise InputError(f"{name}: an id cannot be empty")
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
        as_choice(self.kind, "kind", ("start", "finish"))
        if not isinstance(self.ends, (tuple, list)) or len(self.ends) != 2:
            raise TypeError(f"ends: expected two points, got {shown(self.ends)}")
        a = as_xy(self.ends[0], "ends[0]", limits.MAX_COORD)
        b = as_xy(self.ends[1], "ends[1]", limits.MAX_COORD)
        if math.dist(a, b) < 1e-9:
            raise InputError("ends: a line needs two different ends")
        object.__setattr__(self, "ends", (a, b))
