"""What every ruleset's position shares: finding boats by id, and the error for a position
that cannot exist."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

__all__ = ["BoatIndex", "PositionError", "as_id", "as_point", "check_turn_order"]


class PositionError(ValueError):
    """A position that cannot exist; ``path`` names the field at fault."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


B = TypeVar("B", bound=_HasId)


class BoatIndex(Generic[B]):
    """Mixin of positions keeping their boats by id in ``_by_id``."""

    __slots__ = ()
    _by_id: dict[str, B]

    def boat(self, boat_id: str) -> B:
        """The boat called ``boat_id``; :class:`KeyError` naming it when absent."""
        try:
            return self._by_id[boat_id]
        except KeyError:
            raise KeyError(f"no boat {boat_id!r} in this position") from None

    def has_boat(self, boat_id: str) -> bool:
        """Whether a boat of that id is in the position."""
        return boat_id in self._by_id

    @property
    def boat_ids(self) -> tuple[str, ...]:
        """Boat ids in the order the boats are listed."""
        return tuple(self._by_id)


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


def as_id(value: object, name: str) -> str:
    """``value`` when it is a non-empty string (a boat or mark id); else an error naming
    the argument ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected an id (a string), got {value!r}")
    if not value:
        raise ValueError(f"{name}: an id cannot be empty")
    return value
