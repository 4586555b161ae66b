"""Vector Game positions as JSON data: the strict models that read them back.

Kept apart from the one-line notation so that importing the game does not load
pydantic; :meth:`rightofway.vg.Position.from_json` and the game records use
these models.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from rightofway import limits
from rightofway.scenarios import Coord, Id

__all__ = ["validation_error"]



class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class MarkModel(_Strict):
    """A mark: ``{"id": "1", "at": [7, 24], "side": "S"}``."""

    id: Id
    at: Coord
    side: Literal["S", "P"]


class BoatModel(_Strict):
    """A boat: ``{"id": "A", "at": [5, 2], "vector": "2U:2S", "lost_turns": 0}``."""

    id: Id
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
    boats: Annotated[list[BoatModel], Field(max_length=limits.MAX_BOATS)]
    turn: Annotated[StrictInt, Field(ge=0)] = 0
    turn_order: list[Id] = []


def validation_error(e: ValidationError) -> tuple[tuple[str | int, ...], str]:
    """The place and message of the first error pydantic found."""
    err = e.errors()[0]
    return tuple(err["loc"]), str(err["msg"]).removeprefix("Value error, ")


class CourseModel(_Strict):
    """The course: page, start/finish line, islands, marks, their order and the laps."""

    board: Coord
    start_line: Annotated[tuple[Coord, Coord], Field(strict=False)]
    islands: list[Coord] = []
    marks: Annotated[list[MarkModel], Field(min_length=1)]
    order: list[Id] = []
    laps: Annotated[StrictInt, Field(ge=1)] = 1


class OptionsModel(_Strict):
    """The race options of a record."""

    max_turns: Annotated[StrictInt, Field(ge=1, le=limits.MAX_TURNS)] = 3000


class StateModel(_Strict):
    """One boat's race state in :meth:`Race.to_json <rightofway.vg.Race.to_json>`."""

    id: Id
    moves: Annotated[StrictInt, Field(ge=0)] = 0
    leg: Annotated[StrictInt, Field(ge=0)] = 0
    row_side: Literal[-1, 0, 1] = 0
    far_side: Literal[-1, 0, 1] = 0
    leave_side: Literal[-1, 0, 1] = 0
    far: StrictInt = 0
    place: Annotated[StrictInt, Field(ge=1)] | None = None


class RaceModel(_Strict):
    """A race state as JSON data."""

    ruleset: Literal["vector-game"]
    course: CourseModel
    options: OptionsModel = OptionsModel()
    position: PositionModel
    boats: list[StateModel]
    turn: Annotated[StrictInt, Field(ge=0)] = 0


