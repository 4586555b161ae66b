"""The America's Cup board game: a match race (or a regatta) of cards and movement points.

Boats are hulls of two points on the kernel's lattice; cards give Movement Points
(upwind by colour and tack, downwind by value), crew points and sequences under
the advanced rules; cover costs a point; the start procedure has verdicts of its
own. Every ruling cites the rulebook's headings (``AC Head Cover``,
:mod:`rightofway.ac.sections`). The game has no right of way: hulls may never touch,
so :func:`right_of_way` and :func:`engagement_graph` decline.

Every name of :mod:`~rightofway.ac.position` (the values), :mod:`~rightofway.ac.moves`
(the notation, the actions, cover and points) and :mod:`~rightofway.ac.rules` (legality
as tables of cited rules, the rulings and the legal moves) is importable from here, with
:class:`~rightofway.ac.race.Race`, :class:`~rightofway.results.Protest` and
:class:`~rightofway.results.Ruling`.
"""

from __future__ import annotations

from rightofway.ac import moves, position, rules
from rightofway.ac.moves import *  # noqa: F403
from rightofway.ac.position import *  # noqa: F403
from rightofway.ac.race import Race
from rightofway.ac.rules import *  # noqa: F403
from rightofway.errors import IllegalMove
from rightofway.results import Protest, Ruling

__all__ = ["IllegalMove", "Protest", "Race", "Ruling"]
__all__ += position.__all__
__all__ += moves.__all__
__all__ += rules.__all__
