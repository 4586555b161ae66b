"""Vector Game positions as JSON data: the strict models that read them back.

Kept apart from the one-line notation so that importing the game does not load
pydantic; :meth:`rightofway.vg.Position.from_json` and the game records use
these models.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from rightofway.vg.game import Boat, Mark, Position, PositionError
from rightofway.vg.vectors import as_vector

__all__ = ["position_from_json", "validation_error"]

Coord = Annotated[tuple[StrictInt, StrictInt], Field(strict=False)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class MarkModel(_Strict):
    """A mark: ``{"id": "1", "at": [7, 24], "side": "S"}``."""

    id: Annotated[StrictStr, Field(min_length=1)]
    at: Coord
    side: Literal["S", "P"]


class BoatModel(_Strict):
    """A boat: ``{"id": "A", "at": [5, 2], "vector": "2U:2S", "lost_turns": 0}``."""

    id: Annotated[StrictStr, Field(min_length=1)]
    at: Coord
    vector: StrictStr | None = None
    lost_turns: Annotated[StrictInt, Field(ge=0, le=2)] = 0


class PositionModel(_Strict):
    """A Vector Game position as JSON data (:meth:`Position.to_json
    <rightofway.vg.Position.to_json>`)."""

    board: Coord | None = None
    start_line: Annotated[tuple[Coord, Coord], Field(strict=False)] | None = None
    islands: list[Coord] = []
    marks: list[MarkModel] = []
    boats: list[BoatModel]
    turn: Annotated[StrictInt, Field(ge=0)] = 0
    turn_order: list[StrictStr] = []


def validation_error(e: ValidationError) -> tuple[tuple[str | int, ...], str]:
    """The place and message of the first error pydantic found."""
    err = e.errors()[0]
    return tuple(err["loc"]), str(err["msg"]).removeprefix("Value error, ")


def position_from_json(data: Any) -> Position:
    """The position of JSON data as :meth:`Position.to_json
    <rightofway.vg.Position.to_json>` writes it; :class:`PositionError` naming the
    field at fault."""
    try:
        model = PositionModel.model_validate(data)
    except ValidationError as e:
        where, message = validation_error(e)
        raise PositionError(where, f"{'.'.join(map(str, where)) or 'position'}: "
                                   f"{message}") from None
    boats = []
    for i, b in enumerate(model.boats):
        try:
            vector = as_vector(b.vector, "vector") if b.vector is not None else None
            boats.append(Boat(b.id, b.at, vector, b.lost_turns))
        except (TypeError, ValueError) as e:
            raise PositionError(("boats", i), f"boats.{i}.{e}") from None
    marks = tuple(Mark(m.id, m.at, m.side) for m in model.marks)
    return Position(tuple(boats), model.board, frozenset(model.islands), model.start_line,
                    model.turn, tuple(model.turn_order), marks)
