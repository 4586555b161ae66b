"""The Sailing Vector Game: vectors on grid paper and the give-way rules.

>>> from rightofway.vg import Boat, Move, Position, Vector, violations
>>> pos = Position((Boat("A", (5, 5), Vector.parse("2U:2S")),))
>>> violations(pos, Move("A", Vector.parse("2U:1S")))
('VG-M3',)
"""

from rightofway.vg.game import (
    Boat,
    Move,
    Position,
    PositionError,
    adjudicate,
    apply,
    claims,
    engaged_pairs,
    engagement_graph,
    is_legal,
    landings,
    legal_moves,
    path,
    right_of_way,
    violations,
)
from rightofway.vg.vectors import Vector, VectorError, gybe, next_vectors, tack

__all__ = [
    "Boat",
    "Move",
    "Position",
    "PositionError",
    "Vector",
    "VectorError",
    "adjudicate",
    "apply",
    "claims",
    "engaged_pairs",
    "engagement_graph",
    "gybe",
    "is_legal",
    "landings",
    "legal_moves",
    "next_vectors",
    "path",
    "right_of_way",
    "tack",
    "violations",
]
