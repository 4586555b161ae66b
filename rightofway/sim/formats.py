"""The simulation as plain data: the strict models that read positions, plans and dice.

Scenario files read through these models (and game records through their own), so a
value reaches the rules only once it is known to be well formed. Models only; pydantic
loads with the module.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from rightofway import limits
from rightofway.scenarios import (
    Id,
    PlaneHeading,
    PlaneLineModel,
    PlanePoint,
    StrictModel,
    parsed_by,
)
from rightofway.sim.plan import Plan

__all__ = [
    "Compass",
    "CourseModel",
    "DiceModel",
    "Die",
    "Knots",
    "PlanText",
    "ProgressModel",
    "RaceModel",
    "RaceOptionsModel",
    "SetupDiceModel",
    "SimBoatModel",
    "SimLineModel",
    "SimMarkModel",
    "SimMoveModel",
    "SimOptionsModel",
    "SimPositionJson",
    "SimPositionModel",
    "TwoDice",
    "WindModel",
]

Compass = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
"""One of the eight points of the compass rose."""
Knots = Annotated[StrictInt, Field(ge=8, le=16)]
"""Whole knots, 8 to 16."""
Die = Annotated[StrictInt, Field(ge=1, le=8)]
"""One eight-sided die, 1 to 8."""
TwoDice = Annotated[tuple[Die, Die], Field(strict=False)]
"""Two eight-sided dice."""

PlanText = Annotated[StrictStr, Field(max_length=limits.MAX_TEXT), parsed_by(Plan.parse)]
"""A plan: ``T<signed degrees>``, ``M<units>`` and ``P`` steps separated by spaces."""


class WindModel(StrictModel):
    """The wind: ``{from: N, knots: 13}``."""

    from_: Compass = Field(alias="from")
    """Where it blows from, one of the eight compass points."""
    knots: Knots
    """Its speed, 8 to 16 whole knots."""


class SimBoatModel(StrictModel):
    """A boat: ``{id: A, at: [0.0, 0.0], heading: 45.0}``."""

    id: Id
    """The boat's id, unique in the position."""
    at: PlanePoint
    """The centre of her hull (x East, y North)."""
    heading: PlaneHeading
    """Where her bow points, degrees clockwise from North."""
    tack: Literal["starboard", "port"] | None = None
    """Her tack when head to wind or dead downwind (the tack she had before)."""


class SimMarkModel(StrictModel):
    """A mark: ``{id: m1, at: [0, 15]}``."""

    id: Id
    """The mark's id."""
    at: PlanePoint
    """Where it is."""


class SimLineModel(PlaneLineModel):
    """A line: ``{id: start, kind: start, ends: [[-3, 0], [3, 0]]}``."""


class SimPositionModel(StrictModel):
    """A moment of the game."""

    wind: WindModel
    """The wind."""
    marks: Annotated[list[SimMarkModel], Field(max_length=limits.MAX_BOATS)] = Field(
        default_factory=list)
    """Marks of the course."""
    lines: Annotated[list[SimLineModel], Field(max_length=10)] = Field(default_factory=list)
    """Starting and finishing lines."""
    start_turns_left: Annotated[StrictInt, Field(ge=0, le=5)] = 0
    """Turns still to sail before the starting gun (0: the gun has fired)."""
    boats: Annotated[list[SimBoatModel], Field(min_length=1, max_length=limits.MAX_BOATS)]
    """The boats."""


class SimOptionsModel(StrictModel):
    """Options of the simulation: ``{hull_length: 1}``."""

    hull_length: Annotated[float, Field(gt=0, le=100, allow_inf_nan=False)] = 1.0
    """A hull's length in units of the paper (right of way measures in hull lengths)."""


class SimPositionJson(SimPositionModel):
    """A position as :meth:`Position.to_json <rightofway.sim.Position.to_json>` writes it:
    a file's ``position`` with the ruleset ``options`` it is measured in."""

    options: SimOptionsModel = SimOptionsModel()
    """The ruleset options (``hull_length``)."""


class SimMoveModel(StrictModel):
    """One boat's turn: ``{boat: A, plan: "T-30 M4 T60 M2"}``."""

    boat: Id
    """The boat that moves."""
    plan: PlanText
    """Her plan."""


class DiceModel(StrictModel):
    """Dice rolled: ``{direction: [3, 5], speed: [8, 8], start: 5, initial: [2, 4]}``."""

    direction: TwoDice | None = None
    """The end-of-round 2d8 for the wind's direction."""
    speed: TwoDice | None = None
    """The end-of-round 2d8 for the wind's speed."""
    start: Die | None = None
    """The d8 of the turns before the starting gun."""
    initial: TwoDice | None = None
    """The initial wind: the direction die (1 = N ... 8 = NW), then the speed die (+8 knots)."""


# --- races -----------------------------------------------------------------------------------


class RaceOptionsModel(StrictModel):
    """The sizes of the course and the limits of a race."""

    leg: Annotated[float, Field(ge=5, le=500, allow_inf_nan=False)] = 20.0
    """From the middle of the starting line to the windward mark, in units."""
    line_length: Annotated[float, Field(ge=2, le=100, allow_inf_nan=False)] = 10.0
    """The starting line's length."""
    hull_length: Annotated[float, Field(ge=0.1, le=10, allow_inf_nan=False)] = 1.0
    """A hull's length in units."""
    max_rounds: Annotated[StrictInt, Field(ge=1, le=10_000)] = 300
    """Rounds after which a race stops unfinished."""


class SetupDiceModel(StrictModel):
    """The set-up dice: the initial wind's two dice and the start die."""

    initial: TwoDice
    """The direction die, then the speed die."""
    start: Die
    """The die of the turns before the gun."""


class CourseModel(StrictModel):
    """A race's course: the wind it was laid for, the starting line and the marks in
    rounding order."""

    wind: Compass
    """The wind the course was laid for."""
    line: Annotated[tuple[PlanePoint, PlanePoint], Field(strict=False)]
    """The starting (and finishing) line's ends."""
    marks: Annotated[list[SimMarkModel], Field(min_length=1, max_length=limits.MAX_BOATS)]
    """The marks, in rounding order."""


class ProgressModel(StrictModel):
    """Where a boat is in the race."""

    started: StrictBool = False
    """She has started."""
    early: StrictBool = False
    """She crossed the line before the gun and has not returned."""
    next_mark: Annotated[StrictInt, Field(ge=0, le=limits.MAX_BOATS)] = 0
    """The index of the mark she rounds next."""
    finished: StrictBool = False
    """She has finished."""
    penalties: Annotated[StrictInt, Field(ge=0, le=10_000)] = 0
    """Penalty turns owed."""


class RaceModel(StrictModel):
    """A race as :meth:`Race.to_json <rightofway.sim.Race.to_json>` writes it."""

    ruleset: Literal["simulation"]
    """simulation."""
    seed: Annotated[StrictInt, Field(ge=-(2**63), le=2**63)]
    """The seed the wind's dice are rolled from."""
    round: Annotated[StrictInt, Field(ge=1, le=10_001)]
    """The round being sailed."""
    options: RaceOptionsModel = RaceOptionsModel()
    """The race's options."""
    course: CourseModel
    """The course."""
    position: SimPositionJson
    """The position."""
    to_play: list[Id]
    """The boats still to move this round, in play order."""
    progress: dict[Id, ProgressModel]
    """Each boat's progress."""
    finish_order: list[Id] = Field(default_factory=list)
    """The boats that finished, first first."""
    dice: SetupDiceModel
    """The set-up dice."""
