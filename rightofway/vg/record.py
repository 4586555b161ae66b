"""Vector Game records: a race as JSON Lines, and replaying one to check it.

The first line sets the race up::

    {"type": "setup", "format": "rightofway-race", "version": 1, "ruleset": "vector-game",
     "course": {...}, "options": {"max_turns": 3000}, "position": "<notation>"}

with the course as :meth:`Course.to_json <rightofway.vg.Course.to_json>`
writes it and the starting position in :mod:`rightofway.vg.notation`. Every
further line is one move: ``{"type": "move", "turn": 1, "boat": "A", "vector":
"0U:1S", "events": [...]}``, ``"vector": null`` for standing still (repairs, or
a stop when no move is legal). :func:`replay` hands each line to the kernel's
replay loop (:func:`rightofway.races.replay_turns`), which refuses a move out of turn
or against the rules and any event that differs from what the rules give.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import StrictStr

from rightofway.errors import InputError
from rightofway.races import (
    RecordError,
    ReplayTurn,
    read_setup,
    replay_turns,
)
from rightofway.scenarios import Id, RecordSetup, RecordTurn
from rightofway.vg.jsonmodels import CourseModel, OptionsModel
from rightofway.vg.notation import from_notation
from rightofway.vg.position import Move
from rightofway.vg.race import (
    Course,
    Race,
    RaceOptions,
)
from rightofway.vg.vectors import as_vector

__all__ = [
    "replay",
    "start",
]


class SetupModel(RecordSetup):
    """The first line of a record."""

    ruleset: Literal["vector-game"]
    course: CourseModel
    options: OptionsModel = OptionsModel()
    position: StrictStr


class TurnModel(RecordTurn):
    """One move of a record; ``vector`` ``null`` stands still. Without ``events`` (a record
    written by hand) only the move is checked."""

    boat: Id
    vector: StrictStr | None
    events: list[dict[str, Any]] | None = None


def start(lines: list[str]) -> Race:
    """The race a record's set-up line describes; :class:`RecordError` when it cannot be
    read or breaks the set-up rules."""
    setup = read_setup(lines, SetupModel)
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
        race = Race.new(boats, course, options=RaceOptions(setup.options.max_turns))
    except InputError as e:  # a set-up rule, the notation or a value out of its range
        raise RecordError(1, str(e)) from None
    return race


def _read_move(t: TurnModel, race: Race, number: int) -> tuple[Move, dict[str, Any]]:
    """The move of one record line (a vector that is no vector is the line's fault)."""
    return Move(t.boat, as_vector(t.vector, "vector") if t.vector is not None else None), {}


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, Move]]:
    """Replay a record move by move (through :func:`rightofway.races.replay_turns`).

    Raises :class:`RecordError` for a malformed line and :class:`ReplayMismatch`
    naming the turn when a move is out of turn or illegal, or when the events
    recorded differ from those the rules produce (saying which).
    """
    return replay_turns(lines, start(lines), TurnModel, _read_move)

