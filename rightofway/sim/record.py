"""Simulation records: a race as JSON Lines with every die rolled, and replaying one.

The first line sets the race up::

    {"type": "setup", "format": "rightofway-race", "version": 1, "ruleset": "simulation",
     "boats": 4, "seed": 5, "options": {...}, "dice": {"initial": [3, 6], "start": 4}}

Every further line is one boat's turn: ``{"type": "move", "turn": 1, "boat": "A", "plan":
"T-30 M4", "events": [...]}``, with ``"dice": {"direction": [d1, d2], "speed": [d1, d2]}``
on the move that ends a round. :func:`replay` plays the record again with the dice it
holds (never rolling any) and checks every plan is legal and in turn and every recorded
event is the one the rules produce.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from rightofway.races import (
    IllegalMove,
    RecordError,
    ReplayMismatch,
    ReplayTurn,
    SetupError,
    event_difference,
    read_record_line,
    validate_record_line,
)
from rightofway.scenarios import Id
from rightofway.sim.formats import Die, PlanText
from rightofway.sim.race import Move, Race, RaceOptions

__all__ = ["ReplayTurn", "replay", "start"]

TwoDice = Annotated[tuple[Die, Die], Field(strict=False)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _read(model: type[_Strict], data: Any, number: int) -> Any:
    return validate_record_line(model, data, number)


class OptionsModel(_Strict):
    """Race options."""

    leg: Annotated[float, Field(ge=5, le=500, allow_inf_nan=False)] = 20.0
    line_length: Annotated[float, Field(ge=2, le=100, allow_inf_nan=False)] = 10.0
    hull_length: Annotated[float, Field(ge=0.1, le=10, allow_inf_nan=False)] = 1.0
    max_rounds: Annotated[StrictInt, Field(ge=1, le=10_000)] = 300


class SetupDiceModel(_Strict):
    """The set-up dice."""

    initial: TwoDice
    start: Die


class SetupModel(_Strict):
    """The first line of a record."""

    type: Literal["setup"]
    format: Literal["rightofway-race"]
    version: Literal[1]
    ruleset: Literal["simulation"]
    boats: Annotated[StrictInt, Field(ge=2, le=10)]
    seed: Annotated[StrictInt, Field(ge=-(2**63), le=2**63)] = 0
    options: OptionsModel = OptionsModel()
    dice: SetupDiceModel


class RoundDiceModel(_Strict):
    """The end-of-round dice."""

    direction: TwoDice
    speed: TwoDice


class TurnModel(_Strict):
    """One boat's turn; without ``events`` (a record written by hand) only the plan is
    checked."""

    type: Literal["move"]
    turn: Annotated[StrictInt, Field(ge=1)]
    boat: Id
    plan: PlanText
    dice: RoundDiceModel | None = None
    events: list[dict[str, Any]] | None = None


def start(lines: list[str]) -> Race:
    """The race a record's set-up line describes."""
    if not lines or not lines[0].strip():
        raise RecordError(1, "the record is empty; it starts with a set-up line")
    setup: SetupModel = _read(SetupModel, read_record_line(lines[0], 1), 1)
    o = setup.options
    try:
        return Race.new(setup.boats, setup.seed,
                        RaceOptions(o.leg, o.line_length, o.hull_length, o.max_rounds),
                        initial=setup.dice.initial, start=setup.dice.start)
    except SetupError as e:
        raise RecordError(1, str(e)) from None


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, Move]]:
    """Replay a record turn by turn with its own dice.
    :class:`~rightofway.races.RecordError` for a malformed line;
    :class:`~rightofway.races.ReplayMismatch` naming the turn of a plan out of turn or
    illegal, a round's end without its dice, or events that differ from the rules'."""
    race = start(lines)
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        t: TurnModel = _read(TurnModel, read_record_line(line, number), number)
        if t.turn != race.turn + 1:
            raise RecordError(number, f"turn {t.turn} follows turn {race.turn}")
        ends_round = len(race.to_play) == 1
        if ends_round and t.dice is None and not race.is_over():
            raise ReplayMismatch(t.turn, "this move ends the round but the record holds no "
                                 "dice for the wind")
        if not ends_round and t.dice is not None:
            raise ReplayMismatch(t.turn, "dice recorded on a move that does not end the round")
        rolls = (t.dice.direction, t.dice.speed) if t.dice is not None else None
        before = race
        move = (t.boat, t.plan)
        try:
            race, events = race.play(move, rolls)
        except IllegalMove as e:
            raise ReplayMismatch(t.turn, str(e)) from None
        produced = [e.to_json() for e in events]
        if t.events is not None and produced != t.events:
            raise ReplayMismatch(t.turn, event_difference(t.events, produced))
        yield ReplayTurn(t.turn, move, events, before, race)
