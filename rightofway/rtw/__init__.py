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

A whole race, played by the first legal move, saved and resumed::

    >>> from rightofway.rtw import Race
    >>> race = Race.new(2, seed=3)
    >>> while not race.is_over() and race.turn < 10:
    ...     race = race.push(race.legal_moves()[0])
    >>> race.result().reason
    'the race goes on after 10 moves'

The names come from the modules that define them: the values (:mod:`rightofway.rtw.position`),
the moves (:mod:`rightofway.rtw.moves`), the rules (:mod:`rightofway.rtw.rules`) and whole
races (:mod:`rightofway.rtw.race`, :mod:`rightofway.rtw.course`).
"""

import importlib
from typing import TYPE_CHECKING, Any

from rightofway.results import Ruling
from rightofway.rtw import moves, position, rules
from rightofway.rtw.moves import *  # noqa: F403
from rightofway.rtw.position import *  # noqa: F403
from rightofway.rtw.rules import *  # noqa: F403

if TYPE_CHECKING:
    from rightofway.rtw.course import Course
    from rightofway.rtw.race import Race, RaceOptions

__all__ = ["Course", "Race", "RaceOptions", "Ruling"]
__all__ += position.__all__
__all__ += moves.__all__
__all__ += rules.__all__

_RACES = {"Course": "rightofway.rtw.course", "Race": "rightofway.rtw.race",
          "RaceOptions": "rightofway.rtw.race"}


def __getattr__(name: str) -> Any:
    """Whole races (:mod:`rightofway.rtw.race`) load when first used: a program that only
    rules on positions never imports them."""
    if name in _RACES:
        return getattr(importlib.import_module(_RACES[name]), name)
    raise AttributeError(f"module 'rightofway.rtw' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_RACES})
