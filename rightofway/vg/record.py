"""Vector Game records: a race as JSON Lines, and replaying one to check it.

The first line sets the race up::

    {"type": "setup", "format": "rightofway-race", "version": 1, "ruleset": "vector-game",
     "course": {...}, "options": {"max_turns": 3000}, "position": "<notation>"}

with the course as :meth:`Course.to_json <rightofway.vg.Course.to_json>`
writes it and the starting position in :mod:`rightofway.vg.notation`. Every
further line is one move: ``{"type": "move", "turn": 1, "boat": "A", "vector":
"0U:1S", "events": [...]}``, ``"vector": null`` for standing still (repairs, or
a stop when no move is legal). :func:`replay` plays the record again from the
set-up and checks every move is legal and every recorded event is the one the
rules produce.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from rightofway.races import (
    IllegalMove,
    RecordError,
    ReplayMismatch,
    ReplayTurn,
    SetupError,
    event_difference,
    read_record_line,
)
from rightofway.scenarios import Id
from rightofway.vg.game import Move
from rightofway.vg.jsonmodels import CourseModel, OptionsModel, validation_error
from rightofway.vg.notation import NotationError, from_notation
from rightofway.vg.race import (
    Course,
    Race,
    RaceOptions,
    record_lines,
    setup_line,
    turn_line,
)
from rightofway.vg.vectors import VectorError, as_vector

__all__ = [
    "RecordError",
    "ReplayMismatch",
    "ReplayTurn",
    "course_from_json",
    "race_from_json",
    "record_lines",
    "replay",
    "setup_line",
    "start",
    "turn_line",
]



class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SetupModel(_Strict):
    """The first line of a record."""

    type: Literal["setup"]
    format: Literal["rightofway-race"]
    version: Literal[1]
    ruleset: Literal["vector-game"]
    course: CourseModel
    options: OptionsModel = OptionsModel()
    position: StrictStr


class TurnModel(_Strict):
    """One move of a record; ``vector`` ``null`` stands still. Without ``events`` (a record
    written by hand) only the move is checked."""

    type: Literal["move"]
    turn: Annotated[StrictInt, Field(ge=1)]
    boat: Id
    vector: StrictStr | None
    events: list[dict[str, Any]] | None = None


def _validate(model: type[_Strict], data: Any, number: int) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        where, message = validation_error(e)
        raise RecordError(number, f"{'.'.join(map(str, where)) or 'line'}: {message}") from None


def start(lines: list[str]) -> Race:
    """The race a record's set-up line describes; :class:`RecordError` when it cannot be
    read or breaks the set-up rules."""
    if not lines or not lines[0].strip():
        raise RecordError(1, "the record is empty; it starts with a set-up line")
    setup: SetupModel = _validate(SetupModel, read_record_line(lines[0], 1), 1)
    try:
        course = Course.from_json(setup.course.model_dump())
        position = from_notation(setup.position)
        for name in ("board", "start_line", "islands", "marks"):
            if getattr(position, name) != getattr(course, name):
                raise RecordError(1, f"position: its {name.replace('_', ' ')} differs from "
                                     "the course's")
        if position.turn:
            raise RecordError(1, f"position: a record begins at turn 0, not {position.turn}")
        order = position.turn_order or position.boat_ids
        boats = [position.boat(b) for b in order]
        race = Race.new(course, boats, options=RaceOptions(setup.options.max_turns))
    except (SetupError, NotationError) as e:
        raise RecordError(1, str(e)) from None
    return race


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, Move]]:
    """Replay a record move by move.

    Raises :class:`RecordError` for a malformed line and :class:`ReplayMismatch`
    naming the turn when a move is out of turn or illegal, or when the events
    recorded differ from those the rules produce (saying which).
    """
    race = start(lines)
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        t: TurnModel = _validate(TurnModel, read_record_line(line, number), number)
        if t.turn != race.turn + 1:
            raise RecordError(number, f"turn {t.turn} follows turn {race.turn}")
        try:
            move = Move(t.boat, as_vector(t.vector, "vector") if t.vector is not None else None)
        except VectorError as e:
            raise RecordError(number, str(e)) from None
        before = race
        try:
            race, events = race.play(move)
        except (IllegalMove, KeyError) as e:
            raise ReplayMismatch(t.turn, str(e).strip("\"'")) from None
        produced = [e.to_json() for e in events]
        if t.events is not None and produced != t.events:
            raise ReplayMismatch(t.turn, event_difference(t.events, produced))
        yield ReplayTurn(t.turn, move, events, before, race)


def course_from_json(data: Any) -> Course:
    """The course of JSON data (:meth:`rightofway.vg.Course.from_json`)."""
    return Course.from_json(data)


def race_from_json(data: Any) -> Race:
    """The race of JSON data, with no history (:meth:`rightofway.vg.Race.from_json`)."""
    return Race.from_json(data)
