"""Simulation records: a race as JSON Lines with every die rolled, and replaying one.

The first line sets the race up::

    {"type": "setup", "format": "rightofway-race", "version": 1, "ruleset": "simulation",
     "boats": 4, "seed": 5, "options": {...}, "dice": {"initial": [3, 6], "start": 4}}

with ``"state"``, the race's state as :meth:`Race.to_json
<rightofway.sim.Race.to_json>` writes it, when the race does not start from the set-up
the dice give (boats placed by the players, a course laid by hand, a race taken up from
a saved state). Every further line is one boat's turn: ``{"type": "move", "turn": 1,
"boat": "A", "plan": "T-30 M4", "events": [...]}``, with ``"dice": {"direction": [d1,
d2], "speed": [d1, d2]}`` on the move that ends a round. :func:`replay` plays the record
again with the dice it holds (never rolling any) and checks every plan is legal and in
turn and every recorded event is the one the rules produce.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt

from rightofway.errors import InputError
from rightofway.races import (
    RecordError,
    ReplayMismatch,
    ReplayTurn,
    read_setup,
    replay_turns,
)
from rightofway.scenarios import Id, RecordSetup, RecordTurn, StrictModel
from rightofway.sim.formats import (
    PlanText,
    RaceOptionsModel,
    SetupDiceModel,
    TwoDice,
)
from rightofway.sim.plan import Move, Plan
from rightofway.sim.race import Race, RaceOptions, Rolls

__all__ = ["replay", "start"]


class SetupModel(RecordSetup):
    """The first line of a record."""

    ruleset: Literal["simulation"]
    boats: Annotated[StrictInt, Field(ge=2, le=10)]
    seed: Annotated[StrictInt, Field(ge=-(2**63), le=2**63)] = 0
    options: RaceOptionsModel = RaceOptionsModel()
    dice: SetupDiceModel
    state: dict[str, Any] | None = None
    """The race's state at its start, when it is not the set-up the dice give."""


class RoundDiceModel(StrictModel):
    """The end-of-round dice."""

    direction: TwoDice
    speed: TwoDice


class TurnModel(RecordTurn):
    """One boat's turn; without ``events`` (a record written by hand) only the plan is
    checked."""

    boat: Id
    plan: PlanText
    dice: RoundDiceModel | None = None
    events: list[dict[str, Any]] | None = None


def start(lines: list[str]) -> Race:
    """The race a record's set-up line describes."""
    setup = read_setup(lines, SetupModel)
    o = setup.options
    try:
        if setup.state is not None:
            race = Race.from_json(setup.state)
            if len(race.progress) != setup.boats:
                raise InputError(f"the state holds {len(race.progress)} boats, the set-up "
                                 f"{setup.boats}", ("boats",))
            return race
        return Race.new(setup.boats, None, setup.seed,
                        RaceOptions(o.leg, o.line_length, o.hull_length, o.max_rounds),
                        initial=setup.dice.initial, start=setup.dice.start)
    except InputError as e:
        raise RecordError(1, str(e)) from None


def _read_move(t: TurnModel, race: Race, number: int) -> tuple[Move, dict[str, Any]]:
    """A turn's move and its end-of-round dice; :class:`ReplayMismatch` when the dice are
    missing at a round's end or given on a move that does not end it."""
    ends_round = len(race.to_play) == 1
    if ends_round and t.dice is None and not race.is_over():
        raise ReplayMismatch(t.turn, "this move ends the round but the record holds no "
                             "dice for the wind")
    if not ends_round and t.dice is not None:
        raise ReplayMismatch(t.turn, "dice recorded on a move that does not end the round")
    rolls: Rolls | None = (t.dice.direction, t.dice.speed) if t.dice is not None else None
    return Move(t.boat, Plan.parse(t.plan)), {"rolls": rolls}


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, Move]]:
    """Replay a record turn by turn with its own dice.
    :class:`~rightofway.races.RecordError` for a malformed line;
    :class:`~rightofway.races.ReplayMismatch` naming the turn of a plan out of turn or
    illegal, a round's end without its dice, or events that differ from the rules'."""
    return replay_turns(lines, start(lines), TurnModel, _read_move)
