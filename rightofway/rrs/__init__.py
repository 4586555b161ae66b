"""The Racing Rules of Sailing, Part 2 (2025-2028), on continuous geometry.

For boats placed on the water, :func:`ruling` says who must keep clear, who is
entitled to mark-room or room, and which rules decide, each step explained with
its rule number and the facts measured (hull lengths, degrees); :func:`hearing`
decides a protest between two of them as a protest committee writes it. The geometry is
:mod:`rightofway.plane`, shared with the simulation.

Every name of :mod:`~rightofway.rrs.position` (the values), :mod:`~rightofway.rrs.rules`
(Part 2 as cited rule tables, the rulings and the fast paths) and
:mod:`~rightofway.rrs.hearings` (the protest committee) is importable from here.

>>> from rightofway.rrs import Boat, Position, ruling
>>> pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315)))
>>> r = ruling(pos, "A", "B")
>>> r.keep_clear, r.right_of_way, r.rules
('A', 'B', ('10',))
"""

from rightofway.rrs import hearings, position, rules
from rightofway.rrs.hearings import *  # noqa: F403
from rightofway.rrs.position import *  # noqa: F403
from rightofway.rrs.rules import *  # noqa: F403
from rightofway.rrs.rules import Penalty

__all__ = ["Penalty"]
__all__ += position.__all__
__all__ += rules.__all__
__all__ += hearings.__all__
