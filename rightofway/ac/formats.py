"""The strict models of America's Cup game files: the lines of a record and the state of a
race (:meth:`rightofway.ac.race.Race.to_json`). Scenario files have theirs in
:mod:`rightofway.ac.scenario`.

Every model is a :class:`rightofway.scenarios.StrictModel`: unknown keys and loose types
are errors. A boat's place is written ``bow`` in files (the spec's word), ``at`` in
Python.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from rightofway import limits
from rightofway.ac.moves import Action
from rightofway.scenarios import Id, RecordSetup, RecordTurn, StrictModel

__all__ = ["BoatLine", "Heading", "RaceModel", "SetupModel", "TurnModel"]

Heading = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
"""A heading as files write it."""
Count = Annotated[StrictInt, Field(ge=0, le=10**6)]


class BoatLine(StrictModel):
    """A boat of the set-up line."""

    id: Id
    """The boat's id."""
    bow: Annotated[list[StrictInt], Field(min_length=2, max_length=2)]
    """Its bow point ``[x, y]``."""
    heading: Heading
    """Where the bow points."""
    crew: Annotated[list[Annotated[StrictInt, Field(ge=1, le=8)]],
                    Field(min_length=3, max_length=3)] | None = None
    """Its three key crew positions (the crew rule)."""
    hand: Annotated[list[StrictStr], Field(max_length=60)] = Field(default_factory=list)
    """The cards dealt to it before the first move."""


class SetupModel(RecordSetup):
    """The first line of a record."""

    ruleset: Literal["americas-cup"]
    """``americas-cup``."""
    options: dict[str, Any] = Field(default_factory=dict)
    """The ruleset's options that differ from the defaults."""
    phase: Literal["start", "race"] = "race"
    """Whether the game begins with the start procedure."""
    until_all_finish: StrictBool = False
    """Whether the game goes on until every boat has finished (a regatta)."""
    seed: StrictInt = 0
    """The seed the deck is shuffled from (so that a resumed game deals on as it would)."""
    max_turns: Annotated[StrictInt, Field(ge=1, le=limits.MAX_TURNS)] = 2000
    """The turn limit."""
    boats: Annotated[list[BoatLine], Field(min_length=2, max_length=6)]
    """The boats in turn order."""


class TurnModel(RecordTurn):
    """One move of a record; without ``events`` (written by hand) only the move is checked."""

    boat: Id
    """The boat that moves."""
    card: StrictStr | None = None
    """The card played."""
    discard: StrictStr | None = None
    """The card discarded for 2 Movement Points."""
    actions: Annotated[list[Action], Field(max_length=100)] = Field(default_factory=list)
    """The actions in order."""
    exchange: StrictBool = False
    """A skipped turn exchanges the hand."""
    drawn: Annotated[list[StrictStr], Field(max_length=100)] = Field(default_factory=list)
    """The cards the turn dealt."""
    events: list[dict[str, Any]] | None = None
    """The events the move caused, as the rules produce them."""


class RaceModel(StrictModel):
    """The state of a race between turns, without its history."""

    position: dict[str, Any]
    """The position (:meth:`rightofway.ac.Position.to_json`)."""
    order: Annotated[list[Id], Field(min_length=2, max_length=6)]
    """The boats in the order they take turns."""
    next_index: Count
    """The place in ``order`` of the boat to move."""
    seed: StrictInt
    """The seed the deck is shuffled from."""
    pile: Annotated[list[StrictStr], Field(max_length=1000)]
    """The cards still to draw, top first."""
    shuffles: Count
    """How many times the pile was shuffled."""
    deck: Annotated[list[StrictStr], Field(min_length=1, max_length=1000)]
    """The cards the game deals from."""
    turn: Count
    """The moves made."""
    finish_order: Annotated[list[Id], Field(max_length=6)]
    """The boats that finished, first first."""
    out: Annotated[list[Id], Field(max_length=6)]
    """The boats disqualified at the start."""
    until_all_finish: StrictBool
    """Whether the game goes on until every boat has finished."""
    max_turns: Annotated[StrictInt, Field(ge=1, le=limits.MAX_TURNS)]
    """The turn limit."""
