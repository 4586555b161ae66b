"""The dice-driven sailing simulation (ruleset ``simulation``), sailed under the Racing
Rules of Sailing.

Boats on plain paper spend movement units on runs and turns (SIM Movement, SIM Turning,
SIM In Irons), the wind comes from dice (SIM Wind), a die counts down to the start
(SIM The Start), and the play order follows the keep-clear rulings of the ``rrs``
ruleset (SIM Turn Sequence). Citations name the rulebook's headings (``SIM Turning``).

A move is a boat and her plan, written ``C: T-145 M4``::

    >>> from rightofway import sim
    >>> pos = sim.Position("N", 13, (sim.Boat("A", (0.0, 0.0), 45.0),))  # wind N 13 knots
    >>> verdict = sim.legality(pos, sim.Move.parse("A: T45 M6"))  # a reach: 8 units
    >>> verdict.legal, verdict.reason, str(verdict.cite)
    (False, '1 unit is left over, and every unit must be used', 'SIM Movement')
    >>> sim.is_legal(pos, sim.Move.parse("A: T45 M7"))
    True

A whole race, played by the first legal move, saved and resumed::

    >>> race = sim.Race.new(3, seed=5)
    >>> while not race.is_over() and race.turn < 6:
    ...     race = race.push(race.legal_moves()[0])
    >>> race.result().reason
    'the race goes on after 6 moves'

Every name of :mod:`~rightofway.sim.plan` (plans and moves), :mod:`~rightofway.sim.position`
(the values), :mod:`~rightofway.sim.sailing` (the tables), :mod:`~rightofway.sim.moves`
(accounting, legality, the legal moves) and :mod:`~rightofway.sim.rules` (play order, the
start, the Racing Rules between the boats, rulings) is importable from here, with
:class:`Race`, :class:`Course`, :class:`RaceOptions`, :class:`~rightofway.results.Protest`
and :class:`~rightofway.results.Ruling`.
"""

from rightofway.results import Protest, Ruling
from rightofway.sim import moves, plan, position, rules, sailing
from rightofway.sim.moves import *  # noqa: F403
from rightofway.sim.plan import *  # noqa: F403
from rightofway.sim.position import *  # noqa: F403
from rightofway.sim.race import Course, Race, RaceOptions
from rightofway.sim.rules import *  # noqa: F403
from rightofway.sim.sailing import *  # noqa: F403

__all__ = ["Course", "Protest", "Race", "RaceOptions", "Ruling"]
__all__ += plan.__all__
__all__ += position.__all__
__all__ += sailing.__all__
__all__ += moves.__all__
__all__ += rules.__all__
