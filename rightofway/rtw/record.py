"""Game records: a race as JSON Lines, and replaying one to check it.

The first line sets the race up (course, options, seed and the starting
position in :mod:`rightofway.rtw.notation`); every further line is one move
with the protests lodged, the compass die's result when the move shifted the
wind, and the events it caused. :func:`replay` plays the record again from the
set-up and checks every move is legal and every recorded event is the one the
rules produce.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from rightofway.geometry import Compass
from rightofway.races import (
    RecordError,
    ReplayMismatch,
    ReplayTurn,
    SetupError,
    event_difference,
    read_record_line,
    validate_record_line,
)
from rightofway.rtw.formats import CourseModel, Heading, RaceOptionsModel
from rightofway.rtw.notation import NotationError, from_notation
from rightofway.rtw.position import Move
from rightofway.rtw.race import (
    AnyMove,
    PenaltyTurn,
    Race,
    course_from_model,
    options_from_model,
    record_lines,
    setup_line,
    turn_line,
)

__all__ = [
    "RecordError",
    "ReplayMismatch",
    "ReplayTurn",
    "record_lines",
    "replay",
    "setup_line",
    "start",
    "turn_line",
]



class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _read(model: type[_Strict], data: Any, number: int) -> Any:
    return validate_record_line(model, data, number)


class SetupModel(_Strict):
    """The first line of a record."""

    type: Literal["setup"]
    format: Literal["rightofway-race"]
    version: Literal[1]
    ruleset: Literal["race-the-wind"]
    course: CourseModel
    options: RaceOptionsModel = RaceOptionsModel()
    position: StrictStr
    seed: StrictInt | None = None


class TurnModel(_Strict):
    """One move of a record."""

    type: Literal["move"]
    turn: Annotated[StrictInt, Field(ge=1)]
    boat: StrictStr
    actions: list[Literal["A", "R45", "R90", "L45", "L90"]] | None = None
    penalty: Literal["R90", "L90"] | None = None
    protests: list[StrictStr] = []
    rolls: list[Heading] = []
    events: list[dict[str, Any]] = []


def start(lines: list[str]) -> Race:
    """The race a record's set-up line describes."""
    if not any(line.strip() for line in lines):
        raise RecordError(1, "the record is empty; it starts with a set-up line")
    setup = _read(SetupModel, read_record_line(lines[0], 1), 1)
    try:
        course = course_from_model(setup.course)
        position = from_notation(setup.position)
        options = options_from_model(setup.options)
        race = Race.new(course, position.boats, yellow=position.yellow, blue=position.blue,
                        wind=position.wind, options=options, rules_options=position.options,
                        seed=setup.seed)
    except (SetupError, NotationError) as e:
        raise RecordError(1, str(e)) from None
    return race


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, AnyMove]]:
    """Replay a record move by move.

    Raises :class:`RecordError` for a malformed line and :class:`ReplayMismatch`
    naming the turn when a move is out of turn or illegal, or when the events
    recorded differ from those the rules produce.
    """
    race = start(lines)
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        t = _read(TurnModel, read_record_line(line, number), number)
        if (t.actions is None) == (t.penalty is None):
            raise RecordError(number, "a move has either actions or a penalty turn")
        if t.turn != race.turn + 1:
            raise RecordError(number, f"turn {t.turn} follows turn {race.turn}")
        move: AnyMove = (PenaltyTurn(t.boat, t.penalty) if t.penalty is not None
                         else Move(t.boat, tuple(t.actions or ())))
        before = race
        try:
            race, events = race.play(move, protests=tuple(t.protests),
                                     rolls=tuple(Compass[r] for r in t.rolls))
        except ValueError as e:
            raise ReplayMismatch(t.turn, str(e)) from None
        produced = [e.to_json() for e in events]
        if t.events and produced != t.events:
            raise ReplayMismatch(t.turn, event_difference(t.events, produced))
        yield ReplayTurn(t.turn, move, events, before, race)
