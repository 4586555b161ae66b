"""What every ruleset's position shares: finding boats by id, and the error for a position
that cannot exist."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

__all__ = ["BoatIndex", "PositionError", "check_turn_order"]


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
