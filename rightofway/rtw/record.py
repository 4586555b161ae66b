"""Game records: a race as JSON Lines, and replaying one to check it.

The first line sets the race up (course, options, seed and the starting
position in :mod:`rightofway.rtw.notation`); every further line is one move
with the protests lodged, the compass die's result when the move shifted the
wind, and the events it caused. :func:`replay` plays the record again from the
set-up and checks every move is legal and every recorded event is the one the
rules produce.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from rightofway.geometry import Compass
from rightofway.races import RecordError, ReplayMismatch, SetupError, event_difference
from rightofway.rtw.course import Course
from rightofway.rtw.notation import NotationError, from_notation, notation
from rightofway.rtw.position import Move, Position
from rightofway.rtw.race import AnyMove, BoatState, Event, PenaltyTurn, Race, RaceOptions

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

FORMAT = "rightofway-race"
Coord = Annotated[tuple[StrictInt, StrictInt], Field(strict=False)]
Heading = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class CourseModel(_Strict):
    """The course of a record."""

    gate_buoy: Coord
    committee_boat: Coord
    windward: Coord
    flags: list[StrictInt] = []
    laps: Annotated[StrictInt, Field(ge=1)] = 3
    layout: Literal["windward-leeward", "windward-gate", "triangle"] = "windward-leeward"
    extra: Coord | None = None


class OptionsModel(_Strict):
    """The race options of a record."""

    wind_shifts: StrictBool = True
    die: list[Heading] = [c.name for c in RaceOptions().die]  # type: ignore[misc]
    start_moves: Annotated[StrictInt, Field(ge=0)] = 7
    auto_protest: StrictBool = True
    max_turns: Annotated[StrictInt, Field(ge=1)] = 5000


class SetupModel(_Strict):
    """The first line of a record."""

    type: Literal["setup"]
    format: Literal["rightofway-race"]
    version: Literal[1]
    ruleset: Literal["race-the-wind"]
    course: CourseModel
    options: OptionsModel = OptionsModel()
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


def course_json(c: Course) -> dict[str, Any]:
    """A course as plain JSON data."""
    return {"gate_buoy": list(c.gate_buoy), "committee_boat": list(c.committee_boat),
            "windward": list(c.windward), "flags": list(c.flags), "laps": c.laps,
            "layout": c.layout, "extra": list(c.extra) if c.extra else None}


def options_json(o: RaceOptions) -> dict[str, Any]:
    """Race options as plain JSON data."""
    return {"wind_shifts": o.wind_shifts, "die": [d.name for d in o.die],
            "start_moves": o.start_moves, "auto_protest": o.auto_protest,
            "max_turns": o.max_turns}


def _course(c: CourseModel) -> Course:
    return Course(c.gate_buoy, c.committee_boat, c.windward, tuple(c.flags), c.laps, c.layout,
                  c.extra)


def _options(o: OptionsModel) -> RaceOptions:
    return RaceOptions(o.wind_shifts, tuple(Compass[d] for d in o.die), o.start_moves,
                       o.auto_protest, o.max_turns)


def setup_line(race: Race) -> dict[str, Any]:
    """The set-up line of a race about to be played."""
    return {
        "type": "setup",
        "format": FORMAT,
        "version": 1,
        "ruleset": "race-the-wind",
        "course": course_json(race.course),
        "options": options_json(race.options),
        "position": notation(race.position),
        "seed": race.seed,
    }


class BoatStateModel(_Strict):
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


class RaceStateModel(_Strict):
    """A race saved between two moves (:meth:`Race.to_json`), without its history."""

    format: Literal["rightofway-race-state"]
    version: Literal[1]
    ruleset: Literal["race-the-wind"]
    course: CourseModel
    options: OptionsModel
    position: dict[str, Any]
    boats: dict[StrictStr, BoatStateModel]
    turn: Annotated[StrictInt, Field(ge=0)]
    shifts: Annotated[StrictInt, Field(ge=0)]
    flags_done: list[Annotated[tuple[StrictInt, StrictInt], Field(strict=False)]]
    seed: StrictInt | None


def race_from_json(data: Any) -> Race:
    """The race :meth:`Race.to_json` saved; :class:`ValueError` naming the field at fault."""
    try:
        m = RaceStateModel.model_validate(data)
        course = _course(m.course)
        position = Position.from_json(m.position)
        states = tuple((b, BoatState(**s.model_dump())) for b, s in m.boats.items())
        race = Race(course, _options(m.options), position, states, m.turn, m.shifts,
                    frozenset((leg, row) for leg, row in m.flags_done), m.seed)
    except ValidationError as e:
        err = e.errors()[0]
        raise ValueError(f"{'.'.join(map(str, err['loc'])) or 'race'}: {err['msg']}") from None
    except SetupError as e:
        raise ValueError(f"course: {e}") from None
    if set(race.position.boat_ids) - {b for b, _ in states}:
        raise ValueError("boats: every boat on the board needs its race state")
    return race


def turn_line(turn: int, move: AnyMove, events: tuple[Event, ...]) -> dict[str, Any]:
    """The record line of one played move."""
    line: dict[str, Any] = {"type": "move", "turn": turn, "boat": move.boat}
    if isinstance(move, PenaltyTurn):
        line["penalty"] = move.direction
    else:
        line["actions"] = list(move.actions)
    line["protests"] = [e.boat for e in events if e.kind == "protest"]
    # The die is rolled at a flag; the return to North at the windward mark is no roll.
    line["rolls"] = [d["to"] for e in events if e.kind == "wind-shift"
                     for d in [dict(e.data)] if "row" in d]
    line["events"] = [e.to_json() for e in events]
    return line


def record_lines(race: Race, played: Iterable[tuple[AnyMove, tuple[Event, ...]]]) -> Iterator[str]:
    """JSON Lines of a whole race: the set-up, then each move."""
    yield json.dumps(setup_line(race))
    for turn, (move, events) in enumerate(played, 1):
        yield json.dumps(turn_line(turn, move, events))


@dataclass(frozen=True, slots=True)
class ReplayTurn:
    """One move replayed: the state after it and the events the rules produced."""

    turn: int
    move: AnyMove
    events: tuple[Event, ...]
    before: Race
    race: Race


def _parse(line: str, number: int) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        raise RecordError(number, f"not JSON: {e.msg}") from None


def _validate(model: type[_Strict], data: Any, number: int) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "line"
        raise RecordError(number, f"{where}: {err['msg']}") from None


def start(lines: list[str]) -> Race:
    """The race a record's set-up line describes."""
    if not any(line.strip() for line in lines):
        raise RecordError(1, "the record is empty; it starts with a set-up line")
    setup = _validate(SetupModel, _parse(lines[0], 1), 1)
    try:
        course = _course(setup.course)
        position = from_notation(setup.position)
        options = _options(setup.options)
        race = Race.new(course, position.boats, yellow=position.yellow, blue=position.blue,
                        wind=position.wind, options=options, rules_options=position.options,
                        seed=setup.seed)
    except (SetupError, NotationError) as e:
        raise RecordError(1, str(e)) from None
    return race


def replay(lines: list[str]) -> Iterator[ReplayTurn]:
    """Replay a record move by move.

    Raises :class:`RecordError` for a malformed line and :class:`ReplayMismatch`
    naming the turn when a move is out of turn or illegal, or when the events
    recorded differ from those the rules produce.
    """
    race = start(lines)
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        t = _validate(TurnModel, _parse(line, number), number)
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
