"""Whole races of tack and advance: the boats race to the finish row, in turn.

What a ruleset brings for ``rightofway play`` and ``rightofway replay``: a race value
that subclasses :class:`rightofway.races.Race` (``play`` returns the next race and the
events), a record of JSON lines (a set-up line, then one line a move) and a replay built
on the kernel's one loop (:func:`rightofway.races.replay_turns`), and bots.
"""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rightofway.explain import Citation
from rightofway.geometry import Compass
from rightofway.races import (
    Event,
    IllegalMove,
    RecordError,
    ReplayTurn,
    SetupError,
    read_setup,
    replay_turns,
)
from rightofway.races import Race as BaseRace
from rightofway.scenarios import Coord, StrictModel
from rightofway.svg import SVG_NS, Canvas, Colors, el, grid, text
from toyrules import game

TOY4 = Citation("TOY", "4")
FINISH_ROW = 6
"""The row a boat finishes on (TOY 4)."""
MAX_TURNS = 200


@dataclass(frozen=True, slots=True)
class Race(BaseRace[game.Move]):
    """A race as it stands: the position, whose turn it is, who has finished."""

    record_module = "toyrules.race"
    position: game.Position
    turn: int = 0
    finished: tuple[str, ...] = ()
    parent: Race | None = field(default=None, compare=False, repr=False)
    last: tuple[game.Move, tuple[Event, ...]] | None = field(default=None, compare=False,
                                                             repr=False)

    @classmethod
    def new(cls, boats: int | Sequence[game.Boat], course: object = None,
            seed: int | None = None, options: object = None) -> Race:
        """``boats`` boats on the start row (or the boats given), first to move first."""
        if course is not None or options is not None:
            raise SetupError("tack and advance races on one course with no options")
        if isinstance(boats, int):
            if not 2 <= boats <= 6:
                raise SetupError(f"boats: 2 to 6 boats race, not {boats}", TOY4)
            rng = random.Random(seed)
            xs = rng.sample(range(0, 12, 2), boats)
            boats = [game.Boat(chr(65 + i), (x, 0), rng.choice((Compass.NE, Compass.NW)))
                     for i, x in enumerate(xs)]
        return cls(game.Position(tuple(boats)))

    @property
    def to_move(self) -> str | None:
        """The boat whose turn it is, ``None`` once the race is over."""
        racing = [b for b in self.position.boat_ids if b not in self.finished]
        return None if self.is_over() else racing[self.turn % len(racing)]

    @property
    def finish_order(self) -> tuple[str, ...]:
        return self.finished

    def is_over(self) -> bool:
        return len(self.finished) == len(self.position.boats) or self.turn >= MAX_TURNS

    def end_reason(self) -> tuple[str, Citation | None]:
        if self.turn >= MAX_TURNS and len(self.finished) < len(self.position.boats):
            return f"the race stopped at its limit of {MAX_TURNS} moves", None
        return "every boat has reached the finish row", TOY4

    def legal_moves(self, boat: str | None = None) -> list[game.Move]:
        who = boat or self.to_move
        return [] if who is None or who in self.finished else game.legal_moves(self.position,
                                                                                 who)

    def play(self, move: game.Move) -> tuple[Race, tuple[Event, ...]]:
        if move.boat != self.to_move:
            raise IllegalMove(move, f"it is {self.to_move}'s turn", TOY4)
        after = game.apply(self.position, move)
        events = [Event("move", move.boat, str(move), TOY4)]
        finished = self.finished
        if after.boat(move.boat).at[1] >= FINISH_ROW:
            finished = (*finished, move.boat)
            events.append(Event("finish", move.boat, f"{move.boat} finishes "
                                f"{len(finished)}", TOY4))
        done = tuple(events)
        return Race(after, self.turn + 1, finished, self, (move, done)), done

    def record_lines(self) -> Iterator[str]:
        start = self.start
        yield json.dumps({"type": "setup", "format": "rightofway-race", "version": 1,
                          "ruleset": "tack-and-advance",
                          "boats": [{"id": b.id, "at": list(b.at), "heading": b.heading.name}
                                    for b in start.position.boats]})
        for turn, (move, events) in enumerate(self.played, 1):
            yield json.dumps({"type": "move", "turn": turn, "boat": move.boat,
                              "action": move.action,
                              "events": [e.to_json() for e in events]})

    def to_json(self) -> dict[str, Any]:
        return {"boats": [{"id": b.id, "at": list(b.at), "heading": b.heading.name}
                          for b in self.position.boats],
                "turn": self.turn, "finished": list(self.finished)}

    def _repr_svg_(self) -> str:
        colors = Colors()
        xs = [b.at[0] for b in self.position.boats]
        c = Canvas((min(xs) - 1, 0), (max(xs) + 1, FINISH_ROW), 24, 24, 0, 0, "toy-")
        w = 2 * 24 + (c.hi[0] - c.lo[0]) * 24
        h = 2 * 24 + FINISH_ROW * 24
        svg = ET.Element("svg", {"xmlns": SVG_NS, "width": str(w), "height": str(h)})
        grid(el(svg, "g"), c, colors, coordinates=True)
        for b in self.position.boats:
            x, y = c.xy(b.at)
            color = colors.starboard if b.heading is Compass.NW else colors.port
            el(svg, "circle", cx=x, cy=y, r="7", fill=color)
            text(svg, c.x(b.at[0]) + 9, c.y(b.at[1]) - 9, b.id, 11, colors.text)
        return ET.tostring(svg, encoding="unicode")


class Boat(StrictModel):
    id: str
    at: Coord
    heading: Literal["NE", "NW"]


class Setup(StrictModel):
    type: Literal["setup"]
    format: Literal["rightofway-race"]
    version: Literal[1]
    ruleset: Literal["tack-and-advance"]
    boats: list[Boat]


class Turn(StrictModel):
    type: Literal["move"]
    turn: int
    boat: str
    action: Literal["A", "T"]
    events: list[dict[str, Any]] | None = None


def start(lines: list[str]) -> Race:
    """The race a record's set-up line describes."""
    setup = read_setup(lines, Setup)
    try:
        return Race.new([game.Boat(b.id, b.at, Compass[b.heading]) for b in setup.boats])
    except (SetupError, ValueError) as e:
        raise RecordError(1, f"boats: {e}") from None


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, game.Move]]:
    """Replay a record move by move, through the kernel's one replay loop."""
    return replay_turns(lines, start(lines), Turn,
                        lambda t, race, number: (game.Move(t.boat, t.action), {}))


def random_race(boats: int, seed: int) -> Race:
    """A seeded race of ``boats`` boats."""
    return Race.new(boats, seed=seed)


def choose_move(race: Race, rng: random.Random) -> game.Move:
    """Advance when it can, tack now and then."""
    moves = race.legal_moves()
    advance = [m for m in moves if m.action == "A"]
    return advance[0] if advance and rng.random() < 0.8 else rng.choice(moves)
