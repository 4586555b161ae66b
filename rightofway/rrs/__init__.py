"""The Racing Rules of Sailing, Part 2 (2025-2028), on continuous geometry.

For boats placed on the water, :func:`ruling` says who must keep clear, who is
entitled to mark-room or room, and which rules decide, each step explained with
its rule number and the facts measured (hull lengths, degrees); :func:`hearing`
decides a protest between two of them as a protest committee writes it. The geometry is
:mod:`rightofway.plane`, shared with the simulation.

>>> from rightofway.rrs import Boat, Position, ruling
>>> pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315)))
>>> r = ruling(pos, "A", "B")
>>> r.keep_clear, r.right_of_way, r.rules
('A', 'B', ('10',))
"""

from rightofway.rrs.hearings import Decision, Incident, Protest, hearing
from rightofway.rrs.position import (
    Boat,
    Facts,
    Line,
    Mark,
    Obstruction,
    Options,
    Position,
    Snapshot,
    ZoneEntry,
)
from rightofway.rrs.rules import (
    RIGHT_OF_WAY,
    BoatGeometry,
    PairFacts,
    PairRuling,
    Penalty,
    Relation,
    boat_geometry,
    engagement_graph,
    keep_clear,
    pair_facts,
    penalty,
    relations,
    right_of_way,
    ruling,
    rulings,
)

__all__ = [
    "RIGHT_OF_WAY",
    "Boat",
    "BoatGeometry",
    "Decision",
    "Facts",
    "Incident",
    "Line",
    "Mark",
    "Obstruction",
    "Options",
    "PairFacts",
    "PairRuling",
    "Penalty",
    "Position",
    "Protest",
    "Relation",
    "Snapshot",
    "ZoneEntry",
    "boat_geometry",
    "engagement_graph",
    "hearing",
    "keep_clear",
    "pair_facts",
    "penalty",
    "relations",
    "right_of_way",
    "ruling",
    "rulings",
]
