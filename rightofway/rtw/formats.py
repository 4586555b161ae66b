"""Race the Wind as plain data: the strict models that read positions and saved races.

Scenario files, :meth:`Position.from_json <rightofway.rtw.Position.from_json>`,
:meth:`Race.from_json <rightofway.rtw.Race.from_json>` and game records all
read their data through these models, so that a value reaches the kernel only
once it is known to be well formed. The module holds models only: it imports
no other part of the ruleset, and pydantic loads with it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from rightofway import limits
from rightofway.scenarios import Coord, Id, StrictModel

__all__ = [
    "ActionName",
    "BoatId",
    "BoatModel",
    "BoatStateModel",
    "CourseModel",
    "Heading",
    "MarkIds",
    "MarkModel",
    "OptionsModel",
    "PositionDataModel",
    "PositionModel",
    "RaceOptionsModel",
    "RaceStateModel",
    "TokensModel",
]


Heading = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
ActionName = Literal["A", "R45", "R90", "L45", "L90"]
BoatId = Id


def _die() -> list[Heading]:
    """The compass die's faces by default (:data:`rightofway.rtw.race.DEFAULT_DIE`)."""
    return ["N", "NE", "E", "N", "W", "NW"]



MarkIds = Annotated[list[BoatId], Field(min_length=1)]
"""Mark ids, at least one: the marks of which a boat rounds one."""


class BoatModel(StrictModel):
    """A boat: ``{id: A, at: [0, 4], heading: NE}``, optionally ``lull: true`` and ``leg``.

    ``leg`` says which mark the boat is rounding, so which zones govern it (RTW 3.6,
    3.7): ``start`` (not started yet: none), ``finish`` (final leg: none), a mark id
    (a gate mark stands for the whole gate), or a list of mark ids of which it rounds
    one. Without it the position's ``phase`` decides.
    """

    id: BoatId
    """The boat's id, unique in the position."""
    at: Coord
    """Its intersection [x, y]."""
    heading: Heading
    """Where its bow points: N, NE, E, SE, S, SW, W or NW."""
    lull: StrictBool = False
    """A yellow token stopped it: it stands still on its next turn (RTW 3.2)."""
    leg: BoatId | MarkIds | None = None
    """What it sails for: start, finish, a mark id or mark ids; without it the phase decides."""


class MarkModel(StrictModel):
    """A mark: ``{id: windward, at: [0, 12], role: windward-mark}``."""

    id: BoatId
    """The mark's id."""
    at: Coord
    """Its intersection [x, y]; marks are obstacles."""
    role: Literal["windward-mark", "gate-buoy", "committee-boat", "extra-mark"]
    """windward-mark, gate-buoy, committee-boat or extra-mark (RTW 3.8)."""


class TokensModel(StrictModel):
    """Intersections holding yellow (lull) and blue (gust) tokens."""

    yellow: list[Coord] = Field(default_factory=list)
    """Intersections with a yellow token: a lull (RTW 3.2)."""
    blue: list[Coord] = Field(default_factory=list)
    """Intersections with a blue token: a gust (RTW 3.2)."""


class PositionModel(StrictModel):
    """The position before the move."""

    wind: Heading
    """Where the wind blows from: N, NE, E, SE, S, SW, W or NW."""
    phase: Literal["start", "race", "final-leg"] = "race"
    """start (the start procedure), race or final-leg."""
    marks: list[MarkModel] = Field(default_factory=list)
    """The marks: obstacles with two-length zones."""
    tokens: TokensModel = TokensModel()
    """The yellow (lull) and blue (gust) tokens."""
    boats: Annotated[list[BoatModel], Field(min_length=1, max_length=limits.MAX_BOATS)]
    """The boats, at least one and at most 100."""
    turn_order: list[BoatId] | None = None
    """The boats in the order they move from here (default: as listed)."""


class OptionsModel(StrictModel):
    """Ruleset options (see :class:`rightofway.rtw.Options`)."""

    yellow_skips_next_turn: StrictBool = True
    """A boat a yellow token stopped also stands still on its next turn (RTW 3.2)."""
    cover: StrictBool = True
    """Play with wind cover (RTW 3.5); false is a variant of RTW 3.8."""
    shadow: Literal["point", "cone"] = "point"
    """point: one intersection dead downwind; cone: a 90-degree cone (RTW 3.5)."""
    cover_depth: Annotated[StrictInt, Field(ge=1, le=limits.MAX_COVER_DEPTH)] = 2
    """How deep the cone reaches, with shadow: cone."""
    penalty_requires_protest: StrictBool = False
    """An infringement or start fault is penalised only when protested (RTW 3.4, 3.1)."""
    beam_gust_after_manoeuvre: StrictBool = False
    """A beam reach's manoeuvre + movement earns a gust too (RTW 3.2).

    By default only two movements do."""


class PositionDataModel(PositionModel):
    """A position as :meth:`Position.to_json <rightofway.rtw.Position.to_json>` writes it: a
    file's position with its ruleset options."""

    options: OptionsModel = OptionsModel()
    """The options that differ from the defaults."""


class CourseModel(StrictModel):
    """The course of a race scenario (RTW 1, 3.8); its marks are the position's marks."""

    gate_buoy: Coord
    """The gate buoy: the West end of the starting and finishing line."""
    committee_boat: Coord
    """The committee boat: the East end of the line, on the gate buoy's row."""
    windward: Coord
    """The windward mark, North of the gate."""
    flags: list[StrictInt] = Field(default_factory=list)
    """Rows (y) of the wind-change flags (RTW 3.3)."""
    laps: Annotated[StrictInt, Field(ge=1, le=limits.MAX_LAPS)] = 3
    """Times the course is sailed round (RTW 1: three)."""
    layout: Literal["windward-leeward", "windward-gate", "triangle"] = "windward-leeward"
    """windward-leeward (RTW 1), windward-gate or triangle (RTW 3.8, figure 15)."""
    extra: Coord | None = None
    """The second buoy of a windward-gate or triangle course."""


class RaceOptionsModel(StrictModel):
    """How a saved race or a record is played (see :class:`rightofway.rtw.RaceOptions`)."""

    wind_shifts: StrictBool = True
    """Play with the wind-change flags (RTW 3.3)."""
    die: Annotated[list[Heading], Field(min_length=1, max_length=limits.MAX_DIE_FACES)] = Field(
        default_factory=_die)
    """The compass die's faces."""
    start_moves: Annotated[StrictInt, Field(ge=0, le=limits.MAX_TURNS)] = 7
    """Moves of the start procedure (RTW 3.1)."""
    auto_protest: StrictBool = True
    """Every boat denied its right of way protests."""
    max_turns: Annotated[StrictInt, Field(ge=1, le=limits.MAX_TURNS)] = 5000
    """Moves after which an unfinished race is stopped."""


class BoatStateModel(StrictModel):
    """One boat's race state in a saved race."""

    leg: Annotated[StrictInt, Field(ge=0)]
    moves: Annotated[StrictInt, Field(ge=0)]
    same_spot: Annotated[StrictInt, Field(ge=0)]
    row_side: Literal[-1, 0, 1]
    column_side: Literal[-1, 0, 1]
    mark_row_side: Literal[-1, 0, 1]
    over_top: StrictBool
    penalties: Annotated[StrictInt, Field(ge=0)]
    serving: Annotated[StrictInt, Field(ge=0, le=3)]
    serving_direction: Literal["R90", "L90"] | None
    cover_token: Coord | None
    place: Annotated[StrictInt, Field(ge=1)] | None


class RaceStateModel(StrictModel):
    """A race saved between two moves (:meth:`Race.to_json`), without its history."""

    format: Literal["rightofway-race-state"]
    version: Literal[1]
    ruleset: Literal["race-the-wind"]
    course: CourseModel
    options: RaceOptionsModel
    position: dict[str, Any]
    boats: dict[StrictStr, BoatStateModel]
    turn: Annotated[StrictInt, Field(ge=0)]
    shifts: Annotated[StrictInt, Field(ge=0)]
    flags_done: list[Coord]
    seed: StrictInt | None
