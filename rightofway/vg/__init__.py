"""The Sailing Vector Game: vectors on grid paper and the give-way rules.

>>> from rightofway.vg import Boat, Move, Position, Vector, violations
>>> pos = Position((Boat("A", (5, 5), Vector.parse("2U:2S")),))
>>> violations(pos, Move("A", Vector.parse("2U:1S")))
('VG-M3',)
"""

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
from rightofway.vg.vectors import Vector, VectorError, as_vector, gybe, next_vectors, tack

__all__ = [
    "Boat",
    "Findings",
    "IllegalMove",
    "Mark",
    "Move",
    "Position",
    "PositionError",
    "Vector",
    "VectorError",
    "adjudicate",
    "apply",
    "as_vector",
    "claims",
    "engaged_pairs",
    "engagement_graph",
    "findings",
    "gybe",
    "is_legal",
    "landings",
    "legal_moves",
    "next_vectors",
    "path",
    "right_of_way",
    "sail",
    "tack",
    "violations",
]
