"""The Sailing Vector Game: vectors on grid paper, the give-way rules and whole races.

>>> from rightofway.vg import Boat, Move, Position, Vector, violations
>>> pos = Position((Boat("A", (5, 5), Vector.parse("2U:2S")),))
>>> violations(pos, Move("A", Vector.parse("2U:1S")))
('VG-M3',)

A whole race between seeded bots, recorded and replayed:

>>> import random
>>> from rightofway.vg import choose_move, random_race, replay
>>> race = random_race(3, seed=1)
>>> rng = random.Random(1)
>>> while not race.is_over():
...     race, events = race.play(choose_move(race, rng))
>>> len(race.finish_order)
3
>>> lines = list(race.record_lines())
>>> sum(1 for _ in replay(lines)) == race.turn
True
"""

from typing import Any

from rightofway.vg.bots import DEFAULT_COURSE, choose_move, random_race
from rightofway.vg.game import (
    Boat,
    Findings,
    IllegalMove,
    Mark,
    Move,
    Position,
    PositionError,
    adjudicate,
    apply,
    claims,
    engaged_pairs,
    engagement_graph,
    findings,
    is_legal,
    landings,
    legal_moves,
    path,
    right_of_way,
    sail,
    violations,
)
from rightofway.vg.notation import NotationError, from_notation, notation
from rightofway.vg.race import BoatState, Course, Race, RaceOptions, Rounding
from rightofway.vg.vectors import Vector, VectorError, as_vector, gybe, next_vectors, tack

_RECORDS = ("ReplayTurn", "record_lines", "replay")


def __getattr__(name: str) -> Any:
    """The game records (:mod:`rightofway.vg.record`) load pydantic: only when used."""
    if name in _RECORDS:
        from rightofway.vg import record

        return getattr(record, name)
    raise AttributeError(f"module 'rightofway.vg' has no attribute {name!r}")

__all__ = [
    "DEFAULT_COURSE",
    "Boat",
    "BoatState",
    "Course",
    "Findings",
    "IllegalMove",
    "Mark",
    "Move",
    "NotationError",
    "Position",
    "PositionError",
    "Race",
    "RaceOptions",
    "ReplayTurn",
    "Rounding",
    "Vector",
    "VectorError",
    "adjudicate",
    "apply",
    "as_vector",
    "choose_move",
    "claims",
    "engaged_pairs",
    "engagement_graph",
    "findings",
    "from_notation",
    "gybe",
    "is_legal",
    "landings",
    "legal_moves",
    "next_vectors",
    "notation",
    "path",
    "random_race",
    "record_lines",
    "replay",
    "right_of_way",
    "sail",
    "tack",
    "violations",
]
