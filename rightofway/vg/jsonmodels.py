"""Vector Game positions as JSON data: the strict models that read them back.

Kept apart from the one-line notation so that importing the game does not load
pydantic; :meth:`rightofway.vg.Position.from_json` and the game records use
these models.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt, StrictStr

from rightofway import limits
from rightofway.scenarios import Coord, Id, StrictModel

__all__ = ["CourseModel", "PositionModel", "RaceModel"]


class MarkModel(StrictModel):
    """A mark: ``{"id": "1", "at": [7, 24], "side": "S"}``."""

    id: Id
    """The mark's id."""
    at: Coord
    """Its intersection; marks are obstacles (VG-C3)."""
    side: Literal["S", "P"]
    """The side of the boat it is left on when rounded: S starboard, P port."""


class BoatModel(StrictModel):
    """A boat: ``{"id": "A", "at": [5, 2], "vector": "2U:2S", "lost_turns": 0}``; the
    vector is read when the position is built (a scenario file's boat checks it here)."""

    id: Id
    """The boat's id, unique in the position."""
    at: Coord
    """Its intersection [x, y] on the page."""
    vector: StrictStr | None = None
    """Its last vector; none before its first move or while at rest."""
    lost_turns: Annotated[StrictInt, Field(ge=0, le=2)] = 0
    """Turns it still loses to repairs after running aground (VG-I)."""


class PositionModel(StrictModel):
    """A Vector Game position as JSON data (:meth:`Position.to_json
    <rightofway.vg.Position.to_json>`)."""

    board: Coord | None = None
    start_line: Annotated[tuple[Coord, Coord], Field(strict=False)] | None = None
    islands: list[Coord] = Field(default_factory=list)
    marks: list[MarkModel] = Field(default_factory=list)
    boats: Annotated[list[BoatModel], Field(max_length=limits.MAX_BOATS)]
    turn: Annotated[StrictInt, Field(ge=0)] = 0
    turn_order: list[Id] = Field(default_factory=list)


class CourseModel(StrictModel):
    """The course: page, start/finish line, islands, marks, their order and the laps."""

    board: Coord
    start_line: Annotated[tuple[Coord, Coord], Field(strict=False)]
    islands: list[Coord] = Field(default_factory=list)
    marks: Annotated[list[MarkModel], Field(min_length=1)]
    order: list[Id] = Field(default_factory=list)
    laps: Annotated[StrictInt, Field(ge=1, le=limits.MAX_LAPS)] = 1


class OptionsModel(StrictModel):
    """The race options of a record."""

    max_turns: Annotated[StrictInt, Field(ge=1, le=limits.MAX_TURNS)] = 3000


class StateModel(StrictModel):
    """One boat's race state in :meth:`Race.to_json <rightofway.vg.Race.to_json>`."""

    id: Id
    moves: Annotated[StrictInt, Field(ge=0)] = 0
    leg: Annotated[StrictInt, Field(ge=0)] = 0
    row_side: Literal[-1, 0, 1] = 0
    far_side: Literal[-1, 0, 1] = 0
    leave_side: Literal[-1, 0, 1] = 0
    far: StrictInt = 0
    place: Annotated[StrictInt, Field(ge=1)] | None = None


class RaceModel(StrictModel):
    """A race state as JSON data."""

    ruleset: Literal["vector-game"]
    course: CourseModel
    options: OptionsModel = OptionsModel()
    position: PositionModel
    boats: list[StateModel]
    turn: Annotated[StrictInt, Field(ge=0)] = 0
