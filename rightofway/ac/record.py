"""America's Cup records: a game as JSON Lines, and replaying one to check it.

The first line sets the game up (options, boats with their crews and the hands
dealt, the phase); every further line is one move with the cards the turn dealt
(``drawn``) and its events::

    {"type": "move", "turn": 1, "boat": "blue", "card": "G3/5/1-4-7",
     "actions": ["A", "A", "AL"], "drawn": ["R2/4/2-3-5"], "events": [...]}

A replay deals the recorded cards, never the deck, so it does not depend on the
deck; it checks every move is legal and every recorded event is the one the
rules produce. A line that cannot be read (an unknown card, an action that is
not one of the seven, a crew outside 1..8, a card not in the hand) is a
:class:`~rightofway.races.RecordError` naming the line and field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
)

from rightofway.ac.moves import Move
from rightofway.ac.position import Boat, Card, CardError, Options, PositionError
from rightofway.ac.race import Race
from rightofway.geometry import Compass
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

__all__ = ["RecordError", "ReplayMismatch", "ReplayTurn", "replay", "start"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _read(model: type[_Strict], data: Any, number: int) -> Any:
    return validate_record_line(model, data, number, show_input=True)


Heading = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
ActionText = Literal["A", "AL", "AR", "L", "R", "CL", "CR"]


class BoatLine(_Strict):
    """A boat of the set-up line."""

    id: Id
    bow: Annotated[list[StrictInt], Field(min_length=2, max_length=2)]
    heading: Heading
    crew: Annotated[list[Annotated[StrictInt, Field(ge=1, le=8)]],
                    Field(min_length=3, max_length=3)] | None = None
    hand: Annotated[list[StrictStr], Field(max_length=60)] = Field(default_factory=list)


class SetupModel(_Strict):
    """The first line of a record."""

    type: Literal["setup"]
    format: Literal["rightofway-race"]
    version: Literal[1]
    ruleset: Literal["americas-cup"]
    options: dict[str, Any] = Field(default_factory=dict)
    phase: Literal["start", "race"] = "race"
    until_all_finish: StrictBool = False
    boats: Annotated[list[BoatLine], Field(min_length=2, max_length=6)]


class TurnModel(_Strict):
    """One move of a record; without ``events`` (written by hand) only the move is checked."""

    type: Literal["move"]
    turn: Annotated[StrictInt, Field(ge=1)]
    boat: Id
    card: StrictStr | None = None
    discard: StrictStr | None = None
    actions: Annotated[list[ActionText], Field(max_length=100)] = Field(default_factory=list)
    exchange: StrictBool = False
    drawn: Annotated[list[StrictStr], Field(max_length=100)] = Field(default_factory=list)
    events: list[dict[str, Any]] | None = None


def _card(text: str, number: int, where: str) -> Card:
    try:
        return Card.parse(text)
    except CardError as e:
        raise RecordError(number, f"{where}: {e}") from None


def start(lines: list[str]) -> Race:
    """The game a record's set-up line describes;
    :class:`~rightofway.races.RecordError` when it cannot be read or breaks the set-up
    rules."""
    if not lines or not lines[0].strip():
        raise RecordError(1, "the record is empty; it starts with a set-up line")
    setup: SetupModel = _read(SetupModel, read_record_line(lines[0], 1), 1)
    try:
        options = Options.of(setup.options)
    except (ValueError, TypeError) as e:
        raise RecordError(1, f"options: {e}") from None
    boats = []
    hands: dict[str, list[Card]] = {}
    for i, bl in enumerate(setup.boats):
        try:
            boats.append(Boat(bl.id, (bl.bow[0], bl.bow[1]), Compass[bl.heading], 1,
                              tuple(bl.crew) if bl.crew is not None else None))
        except PositionError as e:
            raise RecordError(1, f"boats.{i}.{'.'.join(map(str, e.path))}: {e.message}") \
                from None
        hands[bl.id] = [_card(c, 1, f"boats.{i}.hand.{j}") for j, c in enumerate(bl.hand)]
    try:
        race = Race.new(boats, options=options, start_procedure=setup.phase == "start",
                        until_all_finish=setup.until_all_finish, hands=hands)
    except (SetupError, PositionError, ValueError) as e:
        raise RecordError(1, f"boats: {e}") from None
    return race


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, Move]]:
    """Replay a record move by move.

    Raises :class:`~rightofway.races.RecordError` for a malformed line and
    :class:`~rightofway.races.ReplayMismatch` naming the turn when a move is out of turn
    or illegal, or when the events recorded differ from those the rules produce (saying
    which).
    """
    race = start(lines)
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        t: TurnModel = _read(TurnModel, read_record_line(line, number), number)
        if t.turn != race.turn + 1:
            raise RecordError(number, f"turn {t.turn} follows turn {race.turn}")
        card = _card(t.card, number, "card") if t.card is not None else None
        discard = _card(t.discard, number, "discard") if t.discard is not None else None
        drawn = [_card(c, number, f"drawn.{i}") for i, c in enumerate(t.drawn)]
        if race.position.has_boat(t.boat):
            hand = race.position.boat(t.boat).hand or ()
            for name, c in (("card", card), ("discard", discard)):
                if c is not None and c not in hand:
                    raise RecordError(number, f"{name}: {c} is not in {t.boat}'s hand "
                                              f"({' '.join(map(str, hand)) or 'empty'})")
        try:
            move = Move(t.boat, card, tuple(t.actions), discard, t.exchange)
        except ValueError as e:
            raise RecordError(number, str(e)) from None
        before = race
        try:
            race, events = race.play(move, drawn)
        except (IllegalMove, KeyError) as e:
            raise ReplayMismatch(t.turn, str(e).strip("\"'")) from None
        produced = [e.to_json() for e in events]
        if t.events is not None and produced != t.events:
            raise ReplayMismatch(t.turn, event_difference(t.events, produced))
        yield ReplayTurn(t.turn, move, events, before, race)
