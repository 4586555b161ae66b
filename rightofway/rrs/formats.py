"""The Racing Rules of Sailing as plain data: the strict models that read a snapshot.

Scenario files and :meth:`Position.from_json <rightofway.rrs.Position.from_json>` read
their positions through these models, so that a value reaches the rules only once it is
known to be well formed. The module holds models only: it imports no other part of the
ruleset, and pydantic loads with it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, model_validator

from rightofway import limits
from rightofway.scenarios import (
    Id,
    PlaneHeading,
    PlaneLength,
    PlaneLineModel,
    PlanePoint,
    StrictModel,
)

__all__ = [
    "AcquiredModel",
    "ChangingCourseModel",
    "Degrees",
    "FactsModel",
    "Length",
    "ObstructionModel",
    "OverlapFromAsternModel",
    "Point",
    "RrsBoatModel",
    "RrsLineModel",
    "RrsMarkModel",
    "RrsOptionsModel",
    "RrsPositionJson",
    "RrsPositionModel",
    "SnapshotModel",
    "ZoneEntryModel",
]

Length = PlaneLength
"""A coordinate in hull lengths, within ±1,000."""
Point = PlanePoint
"""A point ``[x, y]`` in hull lengths."""
Degrees = PlaneHeading
"""Degrees clockwise from North, 0 to 360."""

class RrsBoatModel(StrictModel):
    """A boat: ``{id: A, at: [5.0, 1.1], heading: 45}``."""

    id: Id
    """The boat's id, unique in the position."""
    at: Point
    """The centre of her hull, in hull lengths (x East, y North)."""
    heading: Degrees
    """Where her bow points, degrees clockwise from North."""
    tacking: StrictBool = False
    """She has passed head to wind and is not yet close-hauled (RRS 13)."""
    tack: Literal["starboard", "port"] | None = None
    """Her tack when head to wind or dead downwind (the tack before, or her mainsail's side)."""


class RrsMarkModel(StrictModel):
    """A mark: ``{id: windward, at: [0, 12], leave_to: port, role: windward}``."""

    id: Id
    """The mark's id."""
    at: Point
    """Where it is."""
    leave_to: Literal["port", "starboard"]
    """The side boats leave it on."""
    role: Literal["windward", "leeward", "offset", "start", "finish"] | None = None
    """windward, leeward, offset, start or finish."""
    gate: StrictBool = False
    """One mark of a gate (RRS 18.4 does not apply there)."""


class ObstructionModel(StrictModel):
    """An obstruction: a circle ``{id, at, radius}`` or a polygon ``{id, polygon}``."""

    id: Id
    """The obstruction's id."""
    at: Point | None = None
    """The centre of a circle."""
    radius: Annotated[float, Field(gt=0, le=limits.MAX_COORD, allow_inf_nan=False)] | None = None
    """The radius of a circle, in hull lengths."""
    polygon: Annotated[list[Point], Field(min_length=3, max_length=100)] | None = None
    """The corners of a polygon, in order."""
    kind: Literal["object", "continuing"] = "object"
    """``continuing`` for an obstruction boats sail along, such as a shore (RRS 19.2(c))."""

    @model_validator(mode="after")
    def _one_shape(self) -> ObstructionModel:
        if self.polygon is not None and (self.at is not None or self.radius is not None):
            raise ValueError("give either at and radius (a circle) or polygon, not both")
        if self.polygon is None and (self.at is None or self.radius is None):
            raise ValueError("give at and radius (a circle) or polygon")
        return self


class RrsLineModel(PlaneLineModel):
    """A starting or finishing line: ``{id: finish, kind: finish, ends: [[-3, 0], [3, 0]]}``."""


class ZoneEntryModel(StrictModel):
    """How the boats stood when the first of them reached the zone (RRS 18.2(a))."""

    first: Id
    """The boat that reached the zone first."""
    overlapped: StrictBool
    """Whether they were overlapped then."""
    inside: Id | None = None
    """The inside boat then, when overlapped (default: the one nearer the mark now)."""
    doubt: Literal["gained", "broken"] | None = None
    """Reasonable doubt whether the overlap was gained or broken in time (RRS 18.2(e))."""


class OverlapFromAsternModel(StrictModel):
    """The boat that became overlapped from clear astern (RRS 17)."""

    boat: Id
    """The boat that came from clear astern."""
    side: Literal["leeward", "windward"]
    """The side of the other boat she overlapped on."""
    within_two_lengths: StrictBool
    """Whether she became overlapped within two of her hull lengths of the other."""


class AcquiredModel(StrictModel):
    """The boat that has just acquired right of way (RRS 15)."""

    boat: Id
    """The boat that acquired right of way."""
    by_own_action: StrictBool
    """Whether she acquired it by her own action (rule 15 binds only then)."""


class ChangingCourseModel(StrictModel):
    """The boat changing course (RRS 16)."""

    boat: Id
    """The boat changing course."""
    direction: Literal["luff", "bear-away"]
    """luff or bear-away."""


class FactsModel(StrictModel):
    """What a snapshot cannot show; every fact optional."""

    zone_entry: ZoneEntryModel | None = None
    """How the boats stood when the first reached the zone."""
    overlap_from_clear_astern: OverlapFromAsternModel | None = None
    """The boat that became overlapped from clear astern."""
    acquired_right_of_way: AcquiredModel | None = None
    """The boat that has just acquired right of way."""
    changing_course: ChangingCourseModel | None = None
    """The boat changing course."""
    starting: StrictBool = False
    """The boats are approaching the starting line to start."""
    passed_head_to_wind_in_zone: Id | None = None
    """The boat that passed head to wind in the zone (RRS 18.2(b), 18.3)."""
    must_gybe_at_mark: Id | None = None
    """The boat that must gybe at the mark to sail her proper course (RRS 18.4)."""
    left_zone: Id | None = None
    """The boat that left the zone after entering it (RRS 18.2(b))."""
    overlap_broken: StrictBool = False
    """The overlap the boats had at zone entry was broken later."""
    returning_to_start: Id | None = None
    """The boat sailing back to the pre-start side to start (RRS 21.1)."""
    moving_astern: Id | None = None
    """The boat moving astern by backing a sail (RRS 21.3)."""
    hail_room_to_tack: Id | None = None
    """The boat that hailed for room to tack at an obstruction (RRS 20)."""
    hail_passed_on: Id | None = None
    """The boat that, hailed for room to tack, hailed another boat in turn (RRS 20.3)."""
    taking_penalty: Id | None = None
    """The boat taking a penalty (RRS 21.2)."""
    capsized_or_aground: Id | None = None
    """The boat capsized, anchored or aground (RRS 22)."""
    not_racing: Id | None = None
    """The boat that is not racing (RRS 23.1)."""
    unable_to_give_room: Id | None = None
    """The outside boat unable to give room or mark-room from the time the overlap began
    (RRS 18.2(d), 19.2(b))."""


class SnapshotModel(StrictModel):
    """An earlier snapshot: the same boats, earlier."""

    boats: Annotated[list[RrsBoatModel], Field(min_length=1, max_length=limits.MAX_BOATS)]
    """The boats then."""


class RrsPositionModel(StrictModel):
    """Boats on the water at one moment, with what that moment cannot show."""

    wind: Degrees
    """Where the wind comes from, degrees clockwise from North."""
    marks: list[RrsMarkModel] = Field(default_factory=list)
    """The marks."""
    obstructions: list[ObstructionModel] = Field(default_factory=list)
    """The obstructions."""
    lines: list[RrsLineModel] = Field(default_factory=list)
    """Starting and finishing lines."""
    boats: Annotated[list[RrsBoatModel], Field(min_length=2, max_length=limits.MAX_BOATS)]
    """The boats, at least two."""
    facts: FactsModel = FactsModel()
    """What the snapshot cannot show."""
    trail: Annotated[list[SnapshotModel], Field(max_length=100)] = Field(default_factory=list)
    """Earlier snapshots, oldest first."""


class RrsOptionsModel(StrictModel):
    """The options of the rrs ruleset."""

    zone_lengths: Annotated[float, Field(gt=0, le=10, allow_inf_nan=False)] = 3
    """The zone's radius in hull lengths (3; 2 in match racing, 4 in radio sailing)."""
    by_the_lee: Annotated[float, Field(ge=0, le=90, allow_inf_nan=False)] = 30
    """Degrees past dead downwind within which a boat's stated tack stands (sailing by the
    lee: the definition Tack follows her mainsail)."""
    close_hauled: Annotated[float, Field(gt=0, le=90, allow_inf_nan=False)] = 45
    """The angle to the wind of a close-hauled course (the definition Fetching, RRS 20.1)."""
    room_between: Annotated[float, Field(gt=0, le=10, allow_inf_nan=False)] = 1
    """The gap (hull lengths) between a boat and a continuing obstruction that leaves room
    for another to pass between them (RRS 19.2(c))."""


class RrsPositionJson(RrsPositionModel):
    """A snapshot as :meth:`Position.to_json <rightofway.rrs.Position.to_json>` writes it: a
    file's ``position`` with the ruleset ``options`` it is judged under."""

    options: RrsOptionsModel = RrsOptionsModel()
    """The ruleset options."""
