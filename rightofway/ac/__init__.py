"""The America's Cup board game: a match race (or a regatta) of cards and movement points.

Boats are hulls of two points on the kernel's lattice; cards give Movement Points
(upwind by colour and tack, downwind by value), crew points and sequences under
the advanced rules; cover costs a point; the start procedure has verdicts of its
own. Every ruling cites the rulebook's headings (``AC Head Cover``).
"""

from __future__ import annotations

from rightofway.ac.moves import (
    ACTIONS,
    IllegalMove,
    Legality,
    Move,
    adjudicate,
    apply,
    cover_points,
    covered,
    crew_points,
    first_mover,
    has_action,
    is_legal,
    legal_moves,
    legality,
    playable,
    points_available,
)
from rightofway.ac.position import (
    DEFAULT_COURSE,
    Boat,
    Card,
    CardError,
    Course,
    Options,
    Position,
    PositionError,
)

__all__ = [
    "ACTIONS",
    "DEFAULT_COURSE",
    "Boat",
    "Card",
    "CardError",
    "Course",
    "IllegalMove",
    "Legality",
    "Move",
    "Options",
    "Position",
    "PositionError",
    "adjudicate",
    "apply",
    "cover_points",
    "covered",
    "crew_points",
    "first_mover",
    "has_action",
    "is_legal",
    "legal_moves",
    "legality",
    "playable",
    "points_available",
]
