"""Seeded set-ups and simple bots that sail America's Cup games to the finish.

A bot scores each legal move by where it leaves its boat: upwind, height gained
towards the row above the windward buoy, with a pull back to the middle of the
board near the edges so that it tacks when the other tack pays better (a crew
tack counts like any other way of turning); downwind, depth gained towards the
leeward buoy's row and, on the last leg, the middle of the finish line. A
finish or a completed leg scores most; a little seeded noise breaks ties. It
exchanges a hand it cannot play. The bots exist to exercise the rules over whole
games; they are no sailors.
"""

from __future__ import annotations

import random
from dataclasses import replace

from rightofway.ac import rules
from rightofway.ac.moves import Action, Move, _act, _move
from rightofway.ac.position import Boat, Course, Options, Point, Position, Status, _hull
from rightofway.ac.race import Race
from rightofway.geometry import Compass

__all__ = ["choose_move", "random_race", "score"]

_UPWIND_HEADING = {Compass.NW: 2.0, Compass.NE: 2.0, Compass.W: 0.5, Compass.E: 0.5,
                   Compass.N: -1.0, Compass.SW: -1.0, Compass.SE: -1.0, Compass.S: -2.0}
_DOWNWIND_HEADING = {Compass.S: 2.0, Compass.SW: 1.5, Compass.SE: 1.5, Compass.W: 0.0,
                     Compass.E: 0.0, Compass.NW: -1.5, Compass.NE: -1.5, Compass.N: -2.0}


def random_race(boats: int = 2, seed: int = 0, *, options: Options | None = None,
                advanced: bool | None = None) -> Race:
    """A seeded game: a match race (two boats; the advanced rules with the start procedure
    unless ``advanced`` is false) or a regatta of 3..6 boats under the base rules
    (:meth:`Race.new <rightofway.ac.race.Race.new>` with those options)."""
    if options is None:
        options = Options.of({"advanced": boats == 2 if advanced is None else advanced})
    return Race.new(boats, seed=seed, options=options)


def _outcome(position: Position, move: Move) -> Boat:
    """The moving boat after a legal move, by following its actions (the bot's quick view:
    bow, heading, finish and leg; the rules' full ruling is left to ``play``)."""
    b = position.boat(move.boat)
    o = position.options
    row = o.course.line_row
    bow, heading, finished = b.at, b.heading, b.finished
    last = b.leg == o.last_leg and position.phase == "race"
    for a in move.actions:
        nb, nh, _ = _act(bow, heading, a)
        if last and not finished:
            finished = o.course._finishes(_hull(bow, heading), _hull(nb, nh))
        bow, heading = nb, nh
    leg = b.leg
    if not finished and position.phase == "race":
        rounded = bow[1] > o.course.windward[1] if b.upwind else \
            b.leg < o.last_leg and bow[1] < row
        leg += int(rounded)
    return replace(b, at=bow, heading=heading, leg=leg, finished=finished)


def score(b: Boat, old: Boat, options: Options) -> float:
    """How good the boat ``b`` is placed after a move from ``old`` (higher is better)."""
    return _score(b.at, b.heading, b.leg, b.finished, old, options, options.last_leg)


def _score(at: Point, heading: Compass, leg: int, finished: bool, old: Boat,
           options: Options, last_leg: int) -> float:
    """:func:`score` of a boat with its bow ``at``, its heading, leg and finish (the race's
    ``last_leg`` given)."""
    o = options
    c = o.course
    if finished:
        return 10_000.0
    value = 0.0
    if leg > old.leg:
        value += 1_000.0
    x, y = at
    mid = c.windward[0]
    if leg % 2 == 1:  # upwind
        value += 10.0 * y
        value += _UPWIND_HEADING[heading]
        room = min(x, c.width - x)
        if room < 3:
            value -= 6.0 * (3 - room)
        # near the top, head for the buoy's column
        if c.windward[1] - y < abs(x - mid):
            value -= 3.0 * (abs(x - mid) - (c.windward[1] - y))
    else:
        value -= 10.0 * y
        value += _DOWNWIND_HEADING[heading]
        if leg == last_leg:
            lo, hi = sorted((c.jury[0], c.leeward[0]))
            centre = (lo + hi) / 2
            value -= 4.0 * max(0.0, abs(x - centre) - (hi - lo) / 2 + 2)
            if y < c.line_row:
                value -= 40.0  # below the line without finishing: come back up
        else:
            value -= 1.0 * abs(x - c.leeward[0])
    return value


def choose_move(race: Race, rng: random.Random) -> Move:
    """A bot's move for the boat whose turn it is."""
    who = race.to_move
    if who is None:
        raise ValueError("the game is over")
    position = race.position
    # every legal card move with where it leaves the boat (race.legal_moves lists these
    # moves, or the skips when there is none)
    found = rules._generated(position, who)
    if not found:
        skips = rules._skips(position, position.boat(who))
        if not skips:
            raise ValueError(f"{who} has no legal move")
        exchange = [m for m in skips if m.exchange]
        return exchange[0] if exchange else skips[0]
    if len(found) == 1:
        card, discard, actions, _ = found[0]
        return _move(who, card, actions, discard)
    best: tuple[float, int] | None = None
    start = position.phase == "start"
    o = position.options
    old = position.boat(who)
    upwind = old.upwind
    top, row, last = o.course.windward[1], o.course.line_row, o.last_leg
    for i, (card, _, actions, end) in enumerate(found):
        if start:
            value = _start_value(position, old, actions, end[0], end[1])
        else:
            # where the move leaves the boat: a leg completed when the bow passes the
            # windward buoy's row upwind, or the line row downwind before the last leg
            at, heading, finished = end
            leg = old.leg
            if not finished:
                leg += (at[1] > top) if upwind else (old.leg < last and at[1] < row)
            value = _score(at, heading, leg, finished, old, o, last)
            if card is not None:
                value -= 0.2 * (card.up if upwind else card.down)
        value += rng.random() * 0.5
        if best is None or value > best[0]:
            best = (value, i)
    card, discard, actions, _ = found[best[1] if best is not None else 0]
    return _move(who, card, actions, discard)


def _start_score(position: Position, boat: str, rnd: int) -> float:
    """How good a boat is placed after a start manoeuvre in round ``rnd``."""
    b = position.boat(boat)
    o = position.options
    return _start_points(b.status, b.at, b.heading, o.course, rnd)


def _start_value(position: Position, old: Boat, actions: tuple[Action, ...], at: Point,
                 heading: Compass) -> float:
    """:func:`_start_score` of the position after a legal start manoeuvre of ``old`` that
    ends at ``at``, worked out from its actions: the most hull points over the line on the
    way give the boat's start verdict as the rules do (``AC Start Procedure``)."""
    row = position.options.course.line_row
    over = 0
    bow, hd = old.at, old.heading
    for a in actions:
        bow, hd, _ = _act(bow, hd, a)
        over = max(over, sum(1 for p in _hull(bow, hd) if p[1] >= row))
    status = old.status
    if over and (position.start_round != 4 or over == 2):
        status = "disqualified"
    elif over == 1 and status != "disqualified":
        status = "stands-still"
    return _start_points(status, at, heading, position.options.course, position.start_round)


def _start_points(status: Status | None, at: Point, heading: Compass, course: Course,
                  rnd: int) -> float:
    row = course.line_row
    if status == "disqualified":
        return -10_000.0
    if status == "stands-still":
        return -500.0
    if any(p[1] >= row for p in _hull(at, heading)):
        return -5_000.0
    buoy = course.leeward
    # stay a safe distance below the line until the last rounds, then close in
    want = row - (1 if rnd >= 3 else 2)
    return -4.0 * abs(at[1] - want) - 0.3 * abs(at[0] - buoy[0]) + \
        (1.0 if heading in (Compass.N, Compass.NE, Compass.NW) else 0.0)
