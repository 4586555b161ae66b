"""Whole races of the simulation on a triangle course, under the Racing Rules of Sailing.

The course (:class:`Course`) is laid from the first wind: a starting line across it, the
windward mark straight upwind of the line's middle (the leg parallel to the wind), a wing
mark and a leeward mark, all left to port; the finish is the starting line crossed again
towards the course side. A :class:`Race` (a :class:`rightofway.races.Race`) is an
immutable state: ``play`` takes one boat's :class:`~rightofway.sim.Move`, in the round's
play order (SIM Turn Sequence), and returns the next state and the events: the
accounting, early starts and returns (SIM The Start), the start, encounters under the
Racing Rules (who had to keep clear, how close the boats came, penalty turns owed),
roundings and the finish, and at the end of a round the wind's dice (SIM Wind) and the
countdown to the gun.

A mark is rounded when the boat's track crosses the ray that continues the leg into it
beyond the mark, going round it to port.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rightofway import limits, races
from rightofway.errors import InputError
from rightofway.explain import Citation
from rightofway.geometry import Tack
from rightofway.plane import segments_cross
from rightofway.positions import (
    PositionError,
    UnknownId,
    as_choice,
    as_int,
    as_tuple_of,
    check_fields,
    check_instance,
    shown,
)
from rightofway.races import Event, IllegalMove, SetupError, check_boat_states, check_history
from rightofway.sim import moves, rules
from rightofway.sim.plan import Move
from rightofway.sim.position import Boat, Line, Mark, Position, Vec, to_position
from rightofway.sim.sailing import (
    COMPASS,
    check_die,
    cite,
    compass_degrees,
    initial_wind,
    start_turns,
    wind_after_round,
)

__all__ = ["Course", "Progress", "Race", "RaceOptions", "Rolls"]

MAX_MARKS = 100
"""Most marks of a course."""

Rolls = tuple[tuple[int, int], tuple[int, int]]
"""The end-of-round dice: direction 2d8, speed 2d8."""


@dataclass(frozen=True, slots=True)
class RaceOptions:
    """Sizes of the course and limits of a race (ruleset options)."""

    leg: float = 20.0
    """From the middle of the starting line to the windward mark, in units."""
    line_length: float = 10.0
    """The starting line's length."""
    hull_length: float = 1.0
    """A hull's length in units."""
    max_rounds: int = 300
    """Rounds after which a race stops unfinished."""

    def __post_init__(self) -> None:
        """The limits are those of a record's ``options``
        (:class:`~rightofway.sim.formats.RaceOptionsModel`): a
        :class:`~rightofway.races.SetupError` names the option out of them."""
        from rightofway.scenarios import validate_json
        from rightofway.sim.formats import RaceOptionsModel

        try:
            validate_json(RaceOptionsModel, self.to_json(), "options")
        except InputError as e:
            raise SetupError(str(e)) from None

    def to_json(self) -> dict[str, Any]:
        """Plain data, as a record's set-up line writes it."""
        return {"leg": self.leg, "line_length": self.line_length,
                "hull_length": self.hull_length, "max_rounds": self.max_rounds}


@dataclass(frozen=True, slots=True)
class Course:
    """The triangle: the starting (and finishing) line and three marks in rounding order."""

    wind: str
    line: Line
    marks: tuple[Mark, ...]

    def __post_init__(self) -> None:
        as_choice(self.wind, "wind", COMPASS)
        check_instance(self.line, Line, "line")
        marks = as_tuple_of(self.marks, Mark, "marks")
        if not 1 <= len(marks) <= MAX_MARKS:
            raise SetupError(f"marks: a course has 1 to {MAX_MARKS} marks, got {len(marks)}")
        object.__setattr__(self, "marks", marks)

    @classmethod
    def triangle(cls, wind: str, options: RaceOptions | None = None) -> Course:
        """The triangle laid for a wind from ``wind``: the line across the wind at the
        origin, the windward mark ``leg`` upwind of its middle, the wing mark half a leg
        to the left and back, the leeward mark three units below the line (``options``
        default: :class:`RaceOptions`' defaults)."""
        options = RaceOptions() if options is None else options
        check_instance(options, RaceOptions, "options")
        as_choice(wind, "wind", COMPASS)
        w = math.radians(compass_degrees(wind))
        up = (math.sin(w), math.cos(w))
        left = (-up[1], up[0])  # left of a boat sailing upwind

        def at(u: float, s: float) -> Vec:
            return (round(up[0] * u + left[0] * s, 9) + 0.0,
                    round(up[1] * u + left[1] * s, 9) + 0.0)

        half = options.line_length / 2
        line = Line("start", "start", (at(0, half), at(0, -half)))
        marks = (Mark("windward", at(options.leg, 0)),
                 Mark("wing", at(options.leg / 2, options.leg / 2)),
                 Mark("leeward", at(-3, 0)))
        return cls(wind, line, marks)

    def leg_direction(self, index: int) -> Vec:
        """The direction of the leg into mark ``index`` (from the line's middle for the first)."""
        as_int(index, "index", 0, len(self.marks) - 1)
        (x1, y1), (x2, y2) = self.line.ends
        prev = ((x1 + x2) / 2, (y1 + y2) / 2) if index == 0 else self.marks[index - 1].at
        m = self.marks[index].at
        d = math.dist(prev, m)
        return ((m[0] - prev[0]) / d, (m[1] - prev[1]) / d)

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"wind": self.wind, "line": [list(p) for p in self.line.ends],
                "marks": [{"id": m.id, "at": list(m.at)} for m in self.marks]}


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a boat is in the race."""

    started: bool = False
    early: bool = False
    next_mark: int = 0
    """Index of the mark to round next; the number of marks once all are rounded."""
    finished: bool = False
    penalties: int = 0
    """Penalty turns owed."""


def rounds_mark(mark: Vec, direction: Vec, path: tuple[Vec, ...], reach: float) -> bool:
    """Whether a track goes round ``mark`` to port: it crosses the ray from the mark along
    ``direction`` (the leg into it) within ``reach``, moving across it anticlockwise."""
    end = (mark[0] + direction[0] * reach, mark[1] + direction[1] * reach)
    for p, q in itertools.pairwise(path):
        v = (q[0] - p[0], q[1] - p[1])
        if direction[0] * v[1] - direction[1] * v[0] > 0 and segments_cross(p, q, mark, end):
            return True
    return False


def check_rolls(rolls: object, name: str = "rolls") -> None:
    """:class:`TypeError` or :class:`~rightofway.errors.InputError` naming the argument
    unless ``rolls`` are the end-of-round dice: two pairs of d8 (direction, speed)."""
    if not isinstance(rolls, tuple) or len(rolls) != 2:
        raise TypeError(f"{name}: expected the end-of-round dice ((d1, d2), (d1, d2)), got "
                        f"{shown(rolls)}")
    for i, pair in enumerate(rolls):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise TypeError(f"{name}[{i}]: expected two dice (d1, d2), got {shown(pair)}")
        check_die(pair[0], f"{name}[{i}][0]")
        check_die(pair[1], f"{name}[{i}][1]")


def dice_for_round(seed: int, number: int) -> Rolls:
    """The end-of-round dice of round ``number`` of a race seeded ``seed``."""
    rng = random.Random(f"sim-wind:{seed}:{number}")
    return ((rng.randint(1, 8), rng.randint(1, 8)), (rng.randint(1, 8), rng.randint(1, 8)))


_FIELDS: tuple[tuple[str, type], ...] = (
    ("course", Course), ("position", Position), ("options", RaceOptions), ("seed", int),
    ("round", int), ("to_play", tuple), ("finish_order", tuple), ("dice", tuple))
"""The fields a :class:`Race` checks the types of when built."""


@dataclass(frozen=True, slots=True)
class Race(races.Race[Move]):
    """A race in progress: the position, the round and who still moves in it, each boat's
    progress, the finish order. ``play`` returns the next state and its events; ``push``,
    ``pop``, ``result``, ``save`` and ``load`` come from :class:`rightofway.races.Race`."""

    record_module = "rightofway.sim.record"
    course: Course
    position: Position
    options: RaceOptions
    seed: int
    round: int = 1
    to_play: tuple[str, ...] = ()
    """Boats still to move this round, in play order."""
    progress: tuple[tuple[str, Progress], ...] = ()
    finish_order: tuple[str, ...] = ()
    dice: tuple[tuple[str, Any], ...] = ()
    """The set-up dice: ``initial`` (direction, speed) and ``start``."""
    parent: Race | None = field(default=None, compare=False, repr=False)
    last: tuple[Move, tuple[Event, ...]] | None = field(default=None, compare=False,
                                                         repr=False)

    def __post_init__(self) -> None:
        check_fields(self, _FIELDS)
        check_boat_states(self.progress, Progress, "progress")
        check_history(self, Move)
        for name in ("to_play", "finish_order"):
            for i, bid in enumerate(getattr(self, name)):
                if type(bid) is not str:
                    raise TypeError(f"{name}[{i}]: expected a boat id, got {shown(bid)}")
        if not (abs(self.seed) <= limits.MAX_NUMBER and 1 <= self.round <= limits.MAX_NUMBER):
            as_int(self.seed, "seed", -limits.MAX_NUMBER, limits.MAX_NUMBER)
            as_int(self.round, "round", 1, limits.MAX_NUMBER)

    @classmethod
    def new(cls, boats: int | Sequence[Boat] = 2, course: Course | str | None = None,
            seed: int | None = None, options: RaceOptions | None = None, *,
            initial: tuple[int, int] | None = None, start: int | None = None) -> Race:
        """A race on the triangle laid from the first wind (``course`` ``None`` or
        ``"triangle"``, or a :class:`Course` laid for that wind): the wind from the initial
        dice, the countdown from the start die (both rolled from ``seed`` unless given; a
        seed drawn at random when ``seed`` is ``None``, kept for the record).

        ``boats`` is how many boats race (2 to 10), in a row below the line's middle,
        reaching along it; or the boats themselves, as the players place them in the
        starting area (on the pre-start side of the line, SIM The Start).
        :class:`~rightofway.races.SetupError` for a set-up the rules refuse."""
        options = RaceOptions() if options is None else options
        check_instance(options, RaceOptions, "options")
        if seed is None:
            # within what a game record holds (rightofway.limits.MAX_NUMBER), to replay it
            seed = random.randrange(limits.MAX_NUMBER + 1)
        elif isinstance(seed, bool) or not isinstance(seed, int) \
                or abs(seed) > limits.MAX_NUMBER:
            raise SetupError(f"seed: expected a whole number within "
                             f"±{limits.MAX_NUMBER:g}, got {shown(seed, 40)}")
        if initial is not None:
            if not isinstance(initial, (tuple, list)) or len(initial) != 2:
                raise TypeError(f"initial: expected the two initial dice (direction, speed) "
                                f"or None, got {shown(initial)}")
            check_die(initial[0], "initial[0]")
            check_die(initial[1], "initial[1]")
        if start is not None:
            check_die(start, "start")
        placed: tuple[Boat, ...] | None = None
        if isinstance(boats, (tuple, list)):
            placed = tuple(boats)
            n = len(placed)
        elif isinstance(boats, int) and not isinstance(boats, bool):
            n = boats
        else:
            raise SetupError(f"boats: expected how many boats (2 to 10) or the boats placed, "
                             f"got {shown(boats, 40)}")
        if not 2 <= n <= 10:
            raise SetupError(f"boats: expected 2 to 10 boats, got {n}")
        for i, b in enumerate(placed or ()):
            if not isinstance(b, Boat):
                raise SetupError(f"boats[{i}]: expected a Boat, got {shown(b)}")
        rng = random.Random(f"sim-setup:{seed}")
        initial = initial or (rng.randint(1, 8), rng.randint(1, 8))
        start = start or rng.randint(1, 8)
        wind, knots = initial_wind(*initial)
        laid = _course(course, wind, options)
        fleet = placed if placed is not None else _row(n, wind, options)
        try:
            position = Position(wind, knots, fleet, laid.marks, (laid.line,),
                                start_turns(start), options.hull_length)
        except PositionError as e:
            raise SetupError(str(e)) from None
        if placed is not None:
            for b in placed:
                if rules.course_side(position, laid.line, b.at) > 0:
                    raise SetupError(f"boats: {b.id} at [{b.at[0]:g}, {b.at[1]:g}] is on the "
                                     "course side of the starting line; boats are placed in "
                                     "the starting area", cite("The Start"))
        race = cls(laid, position, options, seed,
                   progress=tuple((b.id, Progress()) for b in fleet),
                   dice=(("initial", tuple(initial)), ("start", start)))
        return replace(race, to_play=race._order())

    # --- state ----------------------------------------------------------------------------

    def _order(self) -> tuple[str, ...]:
        done = {b for b, p in self.progress if p.finished}
        return tuple(b for b in rules.play_order(self.position).order if b not in done)

    def boat_progress(self, boat: str) -> Progress:
        """A boat's progress (:class:`~rightofway.positions.UnknownId` for a boat not in
        the race)."""
        self.position.boat(boat, "boat")
        found = dict(self.progress).get(boat)
        if found is None:
            raise UnknownId(f"boat: no progress of boat {shown(boat)} in this race")
        return found

    @property
    def to_move(self) -> str | None:
        """The boat whose turn it is, or ``None`` when the race is over."""
        return None if self.is_over() else self.to_play[0]

    @property
    def turn(self) -> int:
        """Moves played so far."""
        return len(self.moves)

    def is_over(self) -> bool:
        """Every boat has finished, or the round limit is reached."""
        return len(self.finish_order) == len(self.progress) or self.round > self.options.max_rounds

    def end_reason(self) -> tuple[str, Citation | None]:
        """Every boat finished, or the round limit (the option ``max_rounds``) stopped
        the race first."""
        if len(self.finish_order) < len(self.progress):
            return (f"the race stopped at its limit of {self.options.max_rounds} rounds "
                    f"(option max_rounds) with {len(self.finish_order)} of "
                    f"{len(self.progress)} boats finished"), None
        return "every boat has finished", cite("The Course")

    def legal_moves(self, boat: str | None = None) -> list[Move]:
        """The legal moves (plans on a grid of headings, :func:`rightofway.sim.legal_moves`)
        of ``boat``, by default the boat to move; penalty turns are offered to a boat that
        owes one. None for a boat that has finished, nor once the race is over."""
        return [Move(a.boat, a.plan) for a in self._offered(boat)]

    def safe_moves(self, boat: str | None = None) -> list[Move]:
        """The legal moves that cost no penalty: the mover's track never comes within a
        hull length of a boat she must keep clear of (RRS Part 2, as ``rrs`` rules the
        position; the game's penalty is a turn, RRS 44.1)."""
        offered = self._offered(boat)
        if not offered or len(self.position.boats) < 2:
            return [Move(a.boat, a.plan) for a in offered]
        who = offered[0].boat
        holders = [self.position.boat(r).at for k, r, _ in rules.keep_clear(self.position)
                   if k == who]
        limit = self.position.hull_length
        return [Move(a.boat, a.plan) for a in offered
                if not any(rules._closest_approach(a.path, at) < limit - 1e-9 for at in holders)]

    def _offered(self, boat: str | None) -> list[moves.Accounting]:
        who = self.to_move if boat is None else boat
        if who is None:
            return []
        p = self.boat_progress(who)
        if p.finished:
            return []
        return moves.legal_accountings(self.position, who, penalty=p.penalties > 0)

    # --- play -----------------------------------------------------------------------------

    def play(self, move: Move, rolls: Rolls | None = None) -> tuple[Race, tuple[Event, ...]]:
        """One boat's turn. ``rolls`` are the end-of-round dice when this move ends the
        round (default: rolled from the race's seed).
        :class:`~rightofway.errors.IllegalMove` for a boat out of turn, an illegal plan, or a
        plan ending with hulls touching."""
        check_instance(move, Move, "move")
        if rolls is not None:
            check_rolls(rolls)
        boat = move.boat
        if self.is_over():
            raise IllegalMove(move, "the race is over", cite("Turn Sequence"))
        if boat != self.to_play[0]:
            raise IllegalMove(move, f"it is {self.to_play[0]}'s turn "
                              f"(play order {', '.join(self.to_play)})", cite("Turn Sequence"))
        sailed = rules._sail(self.position, move)
        if sailed is None:
            ruling, lg, _ = rules.judge(self.position, move)
            raise IllegalMove(move, ruling.reason, lg.cite)
        a, after, met = sailed
        events: list[Event] = [Event("move", boat, f"{boat} {a.plan}", cite("Movement"),
                                     (("plan", str(a.plan)), ("units", a.units),
                                      ("at", [round(a.end.at[0], 6), round(a.end.at[1], 6)]),
                                      ("heading", a.end.heading)))]
        progress = dict(self.progress)
        p = progress[boat]
        owed = p.penalties - sum(1 for s in a.plan.steps if s.kind == "P")
        if p.penalties and owed < p.penalties:
            events.append(Event("penalty", boat, f"{boat} took a penalty turn",
                                Citation("RRS", "44.2")))
        p = replace(p, penalties=max(owed, 0))
        for inf in met:  # the infringements rules.judge finds
            if not inf.infringed:
                continue
            p = replace(p, penalties=p.penalties + 1)
            events.append(Event("infringement", boat, f"{boat} did not keep clear of "
                                f"{inf.other} (RRS {inf.rule}): one penalty turn owed",
                                Citation("RRS", inf.rule), (("against", inf.other),)))
        for enc in met:
            if enc.close and not enc.infringed:
                events.append(Event("close", boat, f"{boat} came within a hull length of "
                                    f"{enc.other}, who had to keep clear (RRS {enc.rule})",
                                    Citation("RRS", enc.rule), (("other", enc.other),)))
        line = self.course.line
        pos = self.position
        if not p.started:
            p, found = _start(pos, line, boat, p, a.path)
            events.extend(found)
        finish_order = self.finish_order
        if p.started and not p.finished:
            reach = self.options.leg
            while p.next_mark < len(self.course.marks):
                i = p.next_mark
                m = self.course.marks[i]
                if not rounds_mark(m.at, self.course.leg_direction(i), a.path, reach):
                    break
                p = replace(p, next_mark=i + 1)
                events.append(Event("rounding", boat, f"{boat} rounded {m.id}",
                                    Citation("RRS", "28"), (("mark", m.id),)))
            if p.next_mark == len(self.course.marks) and \
                    rules._crosses_towards_course(pos, line, a.path):
                p = replace(p, finished=True)
                finish_order = (*finish_order, boat)
                events.append(Event("finish", boat, f"{boat} finished "
                                    f"{_ordinal(len(finish_order))}", cite("The Course"),
                                    (("place", len(finish_order)),)))
        progress[boat] = p
        to_play = self.to_play[1:]
        number = self.round
        if not to_play:
            rolls = rolls or dice_for_round(self.seed, number)
            wind = wind_after_round((after.wind, after.knots), *rolls)
            events.append(Event("wind", None, f"end of round {number}: the wind is "
                                f"{wind[0]} {wind[1]} knots", cite("Wind"),
                                (("direction", list(rolls[0])), ("speed", list(rolls[1])),
                                 ("from", wind[0]), ("knots", wind[1]))))
            turns = max(after.start_turns_left - 1, 0)
            if after.start_turns_left == 1:
                events.append(Event("gun", None, "the starting gun", cite("The Start")))
            after = replace(after, wind=wind[0], knots=wind[1], start_turns_left=turns)
            number += 1
        nxt = replace(self, position=after, progress=tuple(progress.items()),
                      finish_order=finish_order, round=number, to_play=to_play,
                      parent=self, last=None)
        if not to_play:
            nxt = replace(nxt, to_play=nxt._order())
        out = tuple(events)
        object.__setattr__(nxt, "last", (move, out))
        return nxt, out

    # --- records and JSON --------------------------------------------------------------------

    def setup_json(self) -> dict[str, Any]:
        """The first line of a record: the race's set-up, with the ``state`` it starts from
        when that is not the set-up the dice give (boats placed by the players, a course
        laid by hand, a race taken up from :meth:`to_json`)."""
        start = self.start
        dice = dict(start.dice)
        out: dict[str, Any] = {
            "type": "setup", "format": "rightofway-race", "version": 1,
            "ruleset": "simulation", "boats": len(start.progress), "seed": self.seed,
            "options": self.options.to_json(),
            "dice": {"initial": list(dice["initial"]), "start": dice["start"]}}
        if start != Race.new(len(start.progress), None, start.seed, start.options,
                             initial=dice["initial"], start=dice["start"]):
            out["state"] = start.to_json()
        return out

    def record_lines(self) -> Iterator[str]:
        """The game record: the set-up line, then one line per move with its events and, at
        the end of a round, the dice rolled."""
        yield json.dumps(self.setup_json())
        for n, (move, events) in enumerate(self.played, 1):
            line: dict[str, Any] = {"type": "move", "turn": n, "boat": move.boat,
                                    "plan": str(move.plan),
                                    "events": [e.to_json() for e in events]}
            for e in events:
                if e.kind == "wind":
                    data = dict(e.data)
                    line["dice"] = {"direction": data["direction"], "speed": data["speed"]}
            yield json.dumps(line)

    def to_json(self) -> dict[str, Any]:
        """The race as it stands, as plain data (without its history: :meth:`save` writes
        that); :meth:`from_json` reads it back."""
        dice = dict(self.dice)
        return {"ruleset": "simulation", "seed": self.seed, "round": self.round,
                "options": self.options.to_json(), "course": self.course.to_json(),
                "position": self.position.to_json(), "to_play": list(self.to_play),
                "progress": {b: {"started": p.started, "early": p.early,
                                 "next_mark": p.next_mark, "finished": p.finished,
                                 "penalties": p.penalties} for b, p in self.progress},
                "finish_order": list(self.finish_order),
                "dice": {"initial": list(dice["initial"]), "start": dice["start"]}}

    @classmethod
    def from_json(cls, data: Any) -> Race:
        """The race of plain data in :meth:`to_json`'s form, checked:
        :class:`~rightofway.errors.InputError` naming the field for anything malformed or
        a state no race reaches."""
        from rightofway.scenarios import field_error, validate_json
        from rightofway.sim.formats import RaceModel

        m = validate_json(RaceModel, data, "race")
        o = m.options
        try:
            options = RaceOptions(o.leg, o.line_length, o.hull_length, o.max_rounds)
            course = Course(m.course.wind, Line("start", "start", m.course.line),
                            tuple(Mark(k.id, k.at) for k in m.course.marks))
        except ValueError as e:
            raise field_error(("course",), str(e)) from None
        if m.position.options.hull_length != o.hull_length:
            raise field_error(("position", "options", "hull_length"),
                              f"the race's hull_length is {o.hull_length:g}")
        try:
            position = to_position(m.position, m.position.options)
        except PositionError as e:
            raise field_error(("position", *e.path), e.message) from None
        ids = position.boat_ids
        if sorted(m.progress) != sorted(ids):
            raise field_error(("progress",), f"expected each boat of the position "
                              f"({', '.join(ids)})")
        progress = tuple((b, Progress(**m.progress[b].model_dump())) for b in ids)
        done = [b for b, p in progress if p.finished]
        if sorted(done) != sorted(m.finish_order) or len(set(m.finish_order)) != len(done):
            raise field_error(("finish_order",), "expected the boats whose progress says "
                              "finished, each once")
        for i, b in enumerate(m.to_play):
            if b not in ids or b in done or b in m.to_play[:i]:
                raise field_error(("to_play", i), f"{shown(b)} is not a boat still racing, or is "
                                  "listed twice")
        for b, p in progress:
            if p.next_mark > len(course.marks):
                raise field_error(("progress", b, "next_mark"),
                                  f"the course has {len(course.marks)} marks")
        race = cls(course, position, options, m.seed, m.round, tuple(m.to_play), progress,
                   tuple(m.finish_order), (("initial", tuple(m.dice.initial)),
                                           ("start", m.dice.start)))
        if not race.to_play and not race.is_over():
            raise field_error(("to_play",), "a race that goes on has a boat to move")
        return race

    def _repr_svg_(self, *, tracks: bool = False) -> str:
        from rightofway import tracks as track_lines
        from rightofway.sim import drawing

        if not tracks:
            return str(drawing.board(self.position))
        lines = track_lines.of_race(
            self, lambda p, m: moves.account(p, m.boat, m.plan).path)
        title = f"round {self.round}" + (", race over" if self.is_over() else "")
        return str(drawing.board(self.position, title=title, tracks=lines))


def _course(course: Course | str | None, wind: str, options: RaceOptions) -> Course:
    """The course of a new race: the triangle laid for the first wind, or the course given,
    which must be laid for it."""
    if course is None or course == "triangle":
        return Course.triangle(wind, options)
    if not isinstance(course, Course):
        raise SetupError(f"course: expected 'triangle' or a Course, got {shown(course)}")
    if course.wind != wind:
        raise SetupError(f"course: laid for a wind from {course.wind}, but the first wind "
                         f"blows from {wind}", cite("The Course"))
    return course


def _row(boats: int, wind: str, options: RaceOptions) -> tuple[Boat, ...]:
    """``boats`` boats in a row below the line's middle, reaching along it on port."""
    w = math.radians(compass_degrees(wind))
    up = (math.sin(w), math.cos(w))
    left = (-up[1], up[0])
    spacing = min(2.0, options.line_length / boats) * max(options.hull_length, 1.0)
    fleet = []
    for i in range(boats):
        s = (i - (boats - 1) / 2) * spacing
        at = (round(-up[0] * 1.5 * options.hull_length + left[0] * s, 9),
              round(-up[1] * 1.5 * options.hull_length + left[1] * s, 9))
        heading = (compass_degrees(wind) + 90.0) % 360.0
        fleet.append(Boat(chr(ord("A") + i), at, heading, Tack.PORT))
    return tuple(fleet)


def _start(position: Position, line: Line, boat: str, p: Progress, path: tuple[Vec, ...]
           ) -> tuple[Progress, list[Event]]:
    """SIM The Start for one plan of a boat that has not started: her progress after it and
    the events, as :func:`rules.start_crossing` follows her track. A boat that goes over
    before the gun is early; one back on the pre-start side at the end of her plan has
    returned, whether she went over in an earlier turn or in the same plan; after the gun
    one that is back (or was never over) starts by crossing the line, in the same plan
    as her return if she sails on."""
    s = rules._start_crossing(position, line, path, p.early)
    events = []
    if s.went_over and not p.early:
        events.append(Event("early", boat, f"{boat} crossed the starting line before the gun "
                            "and must return", cite("The Start")))
    if s.returned:
        events.append(Event("returned", boat, f"{boat} returned to the pre-start side",
                            cite("The Start")))
    if s.started:
        events.append(Event("start", boat, f"{boat} started", cite("The Start")))
    return replace(p, early=s.early, started=s.started), events


def _ordinal(n: int) -> str:
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10::4]}"

