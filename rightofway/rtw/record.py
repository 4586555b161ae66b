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
from typing import Any, Literal

from pydantic import Field, StrictInt, StrictStr

from rightofway.errors import InputError
from rightofway.geometry import Compass
from rightofway.races import (
    RecordError,
    ReplayTurn,
    read_setup,
    replay_turns,
)
from rightofway.rtw.formats import CourseModel, Heading, RaceOptionsModel
from rightofway.rtw.notation import from_notation
from rightofway.rtw.position import Move, PenaltyTurn
from rightofway.rtw.race import (
    Race,
    course_from_model,
    options_from_model,
)
from rightofway.scenarios import RecordSetup, RecordTurn

__all__ = [
    "replay",
    "start",
]


class SetupModel(RecordSetup):
    """The first line of a record."""

    ruleset: Literal["race-the-wind"]
    course: CourseModel
    options: RaceOptionsModel = RaceOptionsModel()
    position: StrictStr
    seed: StrictInt | None = None
    state: dict[str, Any] | None = None
    """The whole race state (:meth:`Race.to_json`) of a race that is no fresh set-up of the
    course, options, seed and position (one taken up mid-way)."""


class TurnModel(RecordTurn):
    """One move of a record: its actions or a penalty turn, the protests lodged, the compass
    die's results and, when given, the events it caused (checked against the rules')."""

    boat: StrictStr
    actions: list[Literal["A", "R45", "R90", "L45", "L90"]] | None = None
    penalty: Literal["R90", "L90"] | None = None
    protests: list[StrictStr] = Field(default_factory=list)
    rolls: list[Heading] = Field(default_factory=list)
    events: list[dict[str, Any]] | None = None


def start(lines: list[str]) -> Race:
    """The race a record's set-up line describes: set up afresh (the set-up rules checked),
    or the race state it holds."""
    setup = read_setup(lines, SetupModel)
    try:
        course = course_from_model(setup.course)
        position = from_notation(setup.position)
        options = options_from_model(setup.options)
        if setup.state is None:
            return Race.new(position.boats, course, setup.seed, options,
                            yellow=position.yellow, blue=position.blue, wind=position.wind,
                            rules_options=position.options)
    except InputError as e:  # a set-up rule, the notation or a value out of its range
        raise RecordError(1, str(e)) from None
    try:
        race = Race.from_json(setup.state)
    except InputError as e:
        raise RecordError(1, f"state.{e}") from None
    if (race.course, race.options, race.position, race.seed) != (
            course, options, position, setup.seed):
        raise RecordError(1, "state: the race state is not the race the set-up line describes "
                          "(its course, options, position and seed)")
    return race


def _read_move(t: TurnModel, race: Race, number: int) -> tuple[Move, dict[str, Any]]:
    """The move of one record line and the keywords :meth:`Race.play` takes with it."""
    if (t.actions is None) == (t.penalty is None):
        raise RecordError(number, "a move has either actions or a penalty turn")
    move = (PenaltyTurn(t.boat, t.penalty) if t.penalty is not None
            else Move(t.boat, tuple(t.actions or ())))
    return move, {"protests": tuple(t.protests), "rolls": tuple(Compass[r] for r in t.rolls)}


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, Move]]:
    """Replay a record move by move.

    Raises :class:`RecordError` for a malformed line and :class:`ReplayMismatch`
    naming the turn when a move is out of turn or illegal, or when the events
    recorded differ from those the rules produce.
    """
    yield from replay_turns(lines, start(lines), TurnModel, _read_move)
