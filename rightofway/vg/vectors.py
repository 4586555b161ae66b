"""Sailing Vector Game vectors and the manoeuvring rules (VG-M1..M4, VG-T, VG-G).

A vector is written ``aU:cS``: ``a`` squares towards the wind (North) or, with
``D``, away from it, and ``c`` squares across it, to the West on starboard
(``S``) or to the East on port (``P``). ``0U`` and ``0D`` name the same
vector; the side label stays meaningful when the cross part is 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NoReturn

from rightofway.errors import InputError
from rightofway.positions import check_name, shown

__all__ = [
    "FIRST_MOVES",
    "MAX_SQUARES",
    "Side",
    "Vector",
    "VectorError",
    "as_vector",
    "gybe",
    "manoeuvre_faults",
    "next_vectors",
    "shape_faults",
    "small_changes",
    "tack",
]

Side = Literal["S", "P"]


class VectorError(InputError):
    """Text that is not a vector."""


_FULL = re.compile(r"([0-9]{1,9})([UD]):([0-9]{1,9})([SP])")
_SHORT = re.compile(r"([0-9]{1,9})([SP])")

MAX_SQUARES = 100
"""Most squares a vector may have in either part: far beyond any speed the manoeuvring
rules reach, and a bound on the work of tracing its path."""


@dataclass(frozen=True, slots=True, order=True)
class Vector:
    """``along`` squares North (negative: South), ``cross`` squares to ``side``."""

    along: int
    cross: int
    side: Side

    def __post_init__(self) -> None:
        # Built in search loops: type checks only.
        if type(self.along) is not int:
            raise TypeError(f"along: expected a whole number of squares (U positive, D "
                            f"negative), got {shown(self.along)}")
        if type(self.cross) is not int:
            raise TypeError(f"cross: expected a whole number of squares, got {shown(self.cross)}")
        if self.cross < 0:
            raise InputError(f"cross: expected 0 or more squares (the side says which way), "
                             f"got {self.cross}")
        if self.cross > MAX_SQUARES or not -MAX_SQUARES <= self.along <= MAX_SQUARES:
            raise InputError(f"{'cross' if self.cross > MAX_SQUARES else 'along'}: a vector "
                             f"has at most {MAX_SQUARES} squares in each part, got "
                             f"{self.cross if self.cross > MAX_SQUARES else abs(self.along)}")
        if self.side != "S" and self.side != "P":
            bad_side(self.side)

    @classmethod
    def parse(cls, text: str) -> Vector:
        """Read ``2U:1S``, ``3D:0P`` or the shorthand ``1S`` (``0U:1S``).

        :class:`VectorError` for text that is not a vector or one over
        :data:`~rightofway.vg.vectors.MAX_SQUARES` in a part.
        """
        if not isinstance(text, str):
            raise TypeError(f"text: expected a vector written such as '2U:1S', got {shown(text)}")
        t = text.strip()
        m = _FULL.fullmatch(t)
        try:
            if m:
                a = int(m.group(1))
                side: Side = "S" if m.group(4) == "S" else "P"
                return cls(a if m.group(2) == "U" else -a, int(m.group(3)), side)
            m = _SHORT.fullmatch(t)
            if m:
                return cls(0, int(m.group(1)), "S" if m.group(2) == "S" else "P")
        except ValueError as e:
            raise VectorError(f"{shown(text)}: {e}") from None
        raise VectorError(
            f"{shown(text)} is not a vector: write aU:cS, aU:cP, aD:cS or aD:cP (e.g. 2U:1S), "
            "or 1S/1P"
        )

    def __str__(self) -> str:
        return f"{abs(self.along)}{'D' if self.along < 0 else 'U'}:{self.cross}{self.side}"

    @property
    def displacement(self) -> tuple[int, int]:
        """``(dx, dy)`` on the page: starboard moves West, port East; U moves North."""
        return (-self.cross if self.side == "S" else self.cross, self.along)

    @property
    def squares(self) -> int:
        """How far the boat moves, in king moves."""
        return max(abs(self.along), self.cross)

    def mirrored(self) -> Vector:
        """The same vector on the other side (the page mirrored East-West)."""
        return Vector(self.along, self.cross, "P" if self.side == "S" else "S")


def bad_side(value: object) -> NoReturn:
    """Refuse a side that is neither ``S`` nor ``P`` (of a vector or a mark), naming it."""
    if not isinstance(value, str):
        raise TypeError(f"side: expected 'S' or 'P', got {shown(value)}")
    raise InputError(f"side: expected 'S' (starboard) or 'P' (port), got {shown(value)}")


FIRST_MOVES: frozenset[Vector] = frozenset({Vector(0, 1, "S"), Vector(0, 1, "P")})
"""The vectors of a first move, 1S and 1P (VG-S3)."""


def as_vector(value: object, name: str) -> Vector:
    """``value`` as a :class:`Vector`: a vector as it is, its text (``"2U:2S"``) parsed.

    :class:`TypeError` for anything else and :class:`VectorError` (a :class:`ValueError`)
    for text that is no vector, both naming the argument ``name``.
    """
    if type(value) is Vector:
        return value
    check_name(name)
    if isinstance(value, str):
        try:
            return Vector.parse(value)
        except VectorError as e:
            raise VectorError(f"{name}: {e}") from None
    raise TypeError(f"{name}: expected a Vector or its text such as '2U:2S', got "
                    f"{type(value).__name__} {shown(value)}")


def check_vector(v: object, name: str) -> None:
    """:class:`TypeError` naming the argument ``name`` unless ``v`` is a :class:`Vector` or
    ``None`` (a boat before her first move)."""
    if v is not None and type(v) is not Vector:
        raise TypeError(f"{name}: expected a Vector (or None before a first move), got "
                        f"{type(v).__name__} {shown(v)}")


def tack(v: Vector | None) -> Vector | None:
    """VG-T: the vector after tacking, ``1U:1`` on the other side (``None`` before a first move)."""
    if v is None:
        return None
    check_vector(v, "v")
    return Vector(1, 1, "P" if v.side == "S" else "S")


def gybe(v: Vector | None) -> Vector | None:
    """VG-G: to the other side, one slower each way, never below 1 (0 across stays 0);
    a beam reach turns 1 downwind and an upwind vector turns downwind."""
    if v is None:
        return None
    check_vector(v, "v")
    down = 1 if v.along == 0 else max(abs(v.along) - 1, 1)
    cross = 0 if v.cross == 0 else max(v.cross - 1, 1)
    return Vector(-down, cross, "P" if v.side == "S" else "S")


@lru_cache(maxsize=1024)
def small_changes(v: Vector) -> frozenset[Vector]:
    """Vectors one VG-M1 change away on the same side (the vector itself included), before
    VG-M2..M4 judge their shape; none beyond :data:`MAX_SQUARES` in a part (a vector at
    the bound cannot grow)."""
    out = {v}
    candidates = [(v.along - 1, v.cross), (v.along + 1, v.cross), (v.along, v.cross - 1),
                  (v.along, v.cross + 1)]
    if abs(v.along) == v.cross and v.cross > 0:
        sign = 1 if v.along > 0 else -1
        candidates += [(v.along + sign, v.cross + 1), (v.along - sign, v.cross - 1)]
    for along, cross in candidates:
        if 0 <= cross <= MAX_SQUARES and -MAX_SQUARES <= along <= MAX_SQUARES:
            out.add(Vector(along, cross, v.side))
    return frozenset(out)


def shape_faults(v: Vector) -> list[str]:
    """Rule ids the vector itself breaks: VG-M2 (no move), M3 (too high), M4 (too deep)."""
    faults = []
    if v.along == 0 and v.cross == 0:
        faults.append("M2")
    if v.along > v.cross:
        faults.append("M3")
    if -v.along > v.cross + 3:
        faults.append("M4")
    return faults


def next_vectors(previous: Vector | None) -> frozenset[Vector]:
    """Every vector the manoeuvring rules alone allow after ``previous``.

    Before a first move that is 1S or 1P (VG-S3); else the VG-M1 changes that
    keep to VG-M2..M4, the tack (VG-T) and the gybe (VG-G).
    """
    if previous is not None and type(previous) is not Vector:
        check_vector(previous, "previous")
    return _next_vectors(previous)


@lru_cache(maxsize=1024)
def _next_vectors(previous: Vector | None) -> frozenset[Vector]:
    if previous is None:
        return FIRST_MOVES
    out = {v for v in small_changes(previous) if not shape_faults(v)}
    for turn in (tack(previous), gybe(previous)):
        if turn is not None and not shape_faults(turn):
            out.add(turn)
    return frozenset(out)


def manoeuvre_faults(previous: Vector | None, new: Vector) -> list[str]:
    """Rule ids (without the ``VG-`` prefix) that choosing ``new`` after ``previous`` breaks."""
    check_vector(previous, "previous")
    if type(new) is not Vector:
        raise TypeError(f"new: expected a Vector, got {type(new).__name__} {shown(new)}")
    return list(_manoeuvre_faults(previous, new))


@lru_cache(maxsize=8192)
def _manoeuvre_faults(previous: Vector | None, new: Vector) -> tuple[str, ...]:
    # a pure function of two immutable vectors, asked again and again by engines
    return tuple(_faults(previous, new))


def _faults(previous: Vector | None, new: Vector) -> list[str]:
    if previous is None:
        return [] if new in FIRST_MOVES else ["S3"]
    faults = []
    if new.side != previous.side:
        if new not in (tack(previous), gybe(previous)):
            faults.append("T" if new.along > 0 else "G")
    elif new not in small_changes(previous):
        faults.append("M1")
    faults.extend(shape_faults(new))
    return faults
