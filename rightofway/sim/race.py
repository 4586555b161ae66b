"""Whole races of the simulation on a triangle course, under the Racing Rules of Sailing.

The course (:class:`Course`) is laid from the first wind: a starting line across it, the
windward mark straight upwind of the line's middle (the leg parallel to the wind), a wing
mark and a leeward mark, all left to port; the finish is the starting line crossed again
towards the course side. A :class:`Race` is an immutable state: ``play`` takes one boat's
plan, in the round's play order (SIM Turn Sequence), and returns the next state and the
events: the accounting, early starts and returns (SIM The Start), the start, encounters
under the Racing Rules (who had to keep clear, how close the boats came, penalty turns
owed), roundings and the finish, and at the end of a round the wind's dice (SIM Wind)
and the countdown to the gun.

A mark is rounded when the boat's track crosses the ray that continues the leg into it
beyond the mark, going round it to port.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field, replace
from typing import Any

from rightofway.explain import Citation
from rightofway.geometry import Tack
from rightofway.plane import segments_cross
from rightofway.races import Event, History, IllegalMove, SetupError
from rightofway.sim import moves as sim_moves
from rightofway.sim import rules
from rightofway.sim.plan import PlanError
from rightofway.sim.position import Boat, Line, Mark, Position, Vec
from rightofway.sim.sailing import (
    cite,
    compass_degrees,
    initial_wind,
    start_turns,
    wind_after_round,
)

__all__ = ["Course", "Progress", "Race", "RaceOptions", "Rolls"]

Move = tuple[str, str]
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
        for name, lo, hi in (("leg", 5.0, 500.0), ("line_length", 2.0, 100.0),
                             ("hull_length", 0.1, 10.0)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
                raise SetupError(f"{name}: expected {lo:g} to {hi:g}, got {v!r:.40}")
        if isinstance(self.max_rounds, bool) or not isinstance(self.max_rounds, int) or \
                not 1 <= self.max_rounds <= 10_000:
            raise SetupError(f"max_rounds: expected 1 to 10000, got {self.max_rounds!r:.40}")


@dataclass(frozen=True, slots=True)
class Course:
    """The triangle: the starting (and finishing) line and three marks in rounding order."""

    wind: str
    line: Line
    marks: tuple[Mark, ...]

    @classmethod
    def triangle(cls, wind: str, options: RaceOptions = RaceOptions()) -> Course:
        """The triangle laid for a wind from ``wind``: the line across the wind at the
        origin, the windward mark ``leg`` upwind of its middle, the wing mark half a leg
        to the left and back, the leeward mark three units below the line."""
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


def dice_for_round(seed: int, number: int) -> Rolls:
    """The end-of-round dice of round ``number`` of a race seeded ``seed``."""
    rng = random.Random(f"sim-wind:{seed}:{number}")
    return ((rng.randint(1, 8), rng.randint(1, 8)), (rng.randint(1, 8), rng.randint(1, 8)))


@dataclass(frozen=True)
class Race(History[Move]):
    """A race in progress: the position, the round and who still moves in it, each boat's
    progress, the finish order. ``play`` returns the next state and its events."""

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

    @classmethod
    def new(cls, boats: int, seed: int, options: RaceOptions = RaceOptions(), *,
            initial: tuple[int, int] | None = None, start: int | None = None) -> Race:
        """A race of ``boats`` boats (2 to 10) on the triangle: the wind from the initial
        dice, the countdown from the start die (both rolled from ``seed`` unless given),
        boats in a row below the line's middle, reaching along it."""
        if isinstance(boats, bool) or not isinstance(boats, int) or not 2 <= boats <= 10:
            raise SetupError(f"boats: expected 2 to 10 boats, got {boats!r:.40}")
        rng = random.Random(f"sim-setup:{seed}")
        initial = initial or (rng.randint(1, 8), rng.randint(1, 8))
        start = start or rng.randint(1, 8)
        wind, knots = initial_wind(*initial)
        course = Course.triangle(wind, options)
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
        position = Position(wind, knots, tuple(fleet), course.marks, (course.line,),
                            start_turns(start), options.hull_length)
        race = cls(course, position, options, seed,
                   progress=tuple((b.id, Progress()) for b in fleet),
                   dice=(("initial", initial), ("start", start)))
        return replace(race, to_play=race._order())

    # --- state ----------------------------------------------------------------------------

    def _order(self) -> tuple[str, ...]:
        done = {b for b, p in self.progress if p.finished}
        return tuple(b for b in rules.play_order(self.position).order if b not in done)

    def boat_progress(self, boat: str) -> Progress:
        """A boat's progress."""
        return dict(self.progress)[boat]

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

    def legal_moves(self, boat: str | None = None) -> list[Move]:
        """The discretised legal plans of the boat to move (penalty turns included when she
        owes one)."""
        boat = boat or self.to_move
        if boat is None:
            return []
        owes = self.boat_progress(boat).penalties > 0
        return [(boat, str(p)) for p in sim_moves.legal_plans(self.position, boat,
                                                             penalty=owes)]

    # --- play -----------------------------------------------------------------------------

    def play(self, move: Move, rolls: Rolls | None = None) -> tuple[Race, tuple[Event, ...]]:
        """One boat's turn. ``rolls`` are the end-of-round dice when this move ends the
        round (default: rolled from the race's seed).
        :class:`~rightofway.errors.IllegalMove` for a boat out of turn, an illegal plan, or a
        plan ending with hulls touching."""
        if not (isinstance(move, tuple) and len(move) == 2):
            raise TypeError(f"move: expected (boat, plan), got {move!r:.60}")
        boat, plan = move
        if self.is_over():
            raise IllegalMove(f"{boat} {plan}", "the race is over", cite("Turn Sequence"))
        if boat != self.to_play[0]:
            raise IllegalMove(f"{boat} {plan}", f"it is {self.to_play[0]}'s turn "
                              f"(play order {', '.join(self.to_play)})", cite("Turn Sequence"))
        try:
            ruling, a, met = rules._judge(self.position, boat, plan)
        except PlanError as e:
            raise IllegalMove(f"{boat} {plan}", str(e), cite("Movement")) from None
        if not ruling.legal or ruling.after is None:
            raise IllegalMove(f"{boat} {plan}", ruling.reason, ruling.steps[-1].cite)
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
        for inf in ruling.infringements:
            p = replace(p, penalties=p.penalties + 1)
            events.append(Event("infringement", boat, f"{boat} did not keep clear of "
                                f"{inf.against} (RRS {inf.basis}): one penalty turn owed",
                                Citation("RRS", str(inf.basis)), (("against", inf.against),)))
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
                    rules.crosses_towards_course(pos, line, a.path):
                p = replace(p, finished=True)
                finish_order = (*finish_order, boat)
                events.append(Event("finish", boat, f"{boat} finished "
                                    f"{_ordinal(len(finish_order))}", cite("The Course"),
                                    (("place", len(finish_order)),)))
        progress[boat] = p
        after = ruling.after
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

    # --- records --------------------------------------------------------------------------

    def setup_json(self) -> dict[str, Any]:
        """The first line of a record."""
        start = self.start
        o = self.options
        return {"type": "setup", "format": "rightofway-race", "version": 1,
                "ruleset": "simulation", "boats": len(start.progress), "seed": self.seed,
                "options": {"leg": o.leg, "line_length": o.line_length,
                            "hull_length": o.hull_length, "max_rounds": o.max_rounds},
                "dice": {"initial": list(dict(start.dice)["initial"]),
                         "start": dict(start.dice)["start"]}}

    def record_lines(self) -> list[str]:
        """The game record: the set-up line, then one line per move with its events and, at
        the end of a round, the dice rolled."""
        import json

        lines = [json.dumps(self.setup_json())]
        for n, (move, events) in enumerate(self.played, 1):
            line: dict[str, Any] = {"type": "move", "turn": n, "boat": move[0],
                                    "plan": move[1], "events": [e.to_json() for e in events]}
            for e in events:
                if e.kind == "wind":
                    data = dict(e.data)
                    line["dice"] = {"direction": data["direction"], "speed": data["speed"]}
            lines.append(json.dumps(line))
        return lines

    def _repr_svg_(self) -> str:
        from rightofway.sim import drawing

        return str(drawing.board(self.position))


def _start(position: Position, line: Line, boat: str, p: Progress, path: tuple[Vec, ...]
           ) -> tuple[Progress, list[Event]]:
    """SIM The Start for one plan of a boat that has not started: her progress after it and
    the events, as :func:`rules.start_crossing` follows her track. A boat that goes over
    before the gun is early; one back on the pre-start side at the end of her plan has
    returned, whether she went over in an earlier turn or in the same plan; after the gun
    one that is back (or was never over) starts by crossing the line, in the same plan
    as her return if she sails on."""
    s = rules.start_crossing(position, line, path, early=p.early)
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

