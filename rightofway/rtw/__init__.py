"""Race the Wind: the grid board game of points of sail, gusts, lulls and engagements.

Everything here is a pure function of immutable values::

    >>> from rightofway.rtw import Position, Boat, Move, adjudicate
    >>> from rightofway.geometry import Compass
    >>> pos = Position(Compass.N, (Boat("A", (0, 4), Compass.NE), Boat("B", (2, 4), Compass.NW)))
    >>> ruling = adjudicate(pos, Move("A", ("A",)))
    >>> ruling.penalty
    'A'
    >>> [i.basis for i in ruling.infringements]
    ['starboard']
"""

from rightofway.rtw.moves import (
    IllegalMove,
    Legality,
    Outcome,
    apply,
    claims,
    claims_of,
    is_legal,
    legal_moves,
    legality,
    outcomes,
)
from rightofway.rtw.position import (
    ACTIONS,
    Action,
    Boat,
    Leg,
    Mark,
    MarkRole,
    Move,
    Options,
    Phase,
    Position,
    PositionError,
    Protest,
)
from rightofway.rtw.rules import (
    BoatFacts,
    Cover,
    adjudicate,
    boat_facts,
    can_serve_penalty,
    covers,
    engaged_pairs,
    engagement_graph,
    engagements,
    engages_from_astern,
    facts,
    penalty_serving,
    right_of_way,
    right_of_way_cycles,
    shadow,
    zone_mark,
)

__all__ = [
    "ACTIONS",
    "Action",
    "Boat",
    "BoatFacts",
    "Cover",
    "IllegalMove",
    "Leg",
    "Legality",
    "Mark",
    "MarkRole",
    "Move",
    "Options",
    "Outcome",
    "Phase",
    "Position",
    "PositionError",
    "Protest",
    "adjudicate",
    "apply",
    "boat_facts",
    "can_serve_penalty",
    "claims",
    "claims_of",
    "covers",
    "engaged_pairs",
    "engagement_graph",
    "engagements",
    "engages_from_astern",
    "facts",
    "is_legal",
    "legal_moves",
    "legality",
    "outcomes",
    "penalty_serving",
    "right_of_way",
    "right_of_way_cycles",
    "shadow",
    "zone_mark",
]
