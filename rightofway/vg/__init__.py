"""The Sailing Vector Game: vectors on grid paper, the give-way rules and whole races.

>>> from rightofway.vg import Boat, Move, Position, Vector, legality
>>> pos = Position((Boat("A", (5, 5), Vector.parse("2U:2S")),))
>>> verdict = legality(pos, Move("A", Vector.parse("2U:1S")))
>>> verdict.violations, str(verdict.cite)
(('VG-M3',), 'VG-M3')

A whole race between seeded bots, saved and loaded back:

>>> import random
>>> from rightofway.vg import Race, choose_move
>>> race = Race.new(3, seed=1)
>>> rng = random.Random(1)
>>> while not race.is_over():
...     race = race.push(choose_move(race, rng))
>>> race.result().finish_order == race.finish_order and len(race.finish_order)
3
>>> Race.from_record(list(race.record_lines())) == race
True
"""

from typing import Any

from rightofway.errors import IllegalMove
from rightofway.results import Protest, Ruling
from rightofway.vg import game, position
from rightofway.vg.bots import choose_move, random_race
from rightofway.vg.game import *  # noqa: F403  (the moves and rulings: game.__all__)
from rightofway.vg.notation import NotationError, from_notation, notation
from rightofway.vg.position import *  # noqa: F403  (the values: position.__all__)
from rightofway.vg.race import (
    DEFAULT_COURSE,
    BoatState,
    Course,
    Race,
    RaceOptions,
    Rounding,
    record_lines,
)
from rightofway.vg.rules import Legality, engagement_graph, right_of_way
from rightofway.vg.vectors import Vector, VectorError, as_vector, gybe, next_vectors, tack

_RECORDS = ("replay",)


def __getattr__(name: str) -> Any:
    """The game records (:mod:`rightofway.vg.record`) load pydantic: only when used."""
    if name in _RECORDS:
        from rightofway.vg import record

        return getattr(record, name)
    raise AttributeError(f"module 'rightofway.vg' has no attribute {name!r}")


__all__ = [
    "DEFAULT_COURSE",
    "BoatState",
    "Course",
    "IllegalMove",
    "Legality",
    "NotationError",
    "Protest",
    "Race",
    "RaceOptions",
    "Rounding",
    "Ruling",
    "Vector",
    "VectorError",
    "as_vector",
    "choose_move",
    "engagement_graph",
    "from_notation",
    "gybe",
    "next_vectors",
    "notation",
    "random_race",
    "record_lines",
    "right_of_way",
    "tack",
]
__all__ += game.__all__
__all__ += position.__all__
__all__ += _RECORDS
