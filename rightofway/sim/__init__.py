"""The dice-driven sailing simulation (ruleset ``simulation``), sailed under the Racing
Rules of Sailing.

Boats on plain paper spend movement units on runs and turns (SIM Movement, SIM Turning,
SIM In Irons), the wind comes from dice (SIM Wind), a die counts down to the start
(SIM The Start), and the play order follows the keep-clear rulings of the ``rrs``
ruleset (SIM Turn Sequence). Citations name the rulebook's headings (``SIM Turning``).
"""

from rightofway.sim.moves import (
    Accounting,
    account,
    apply,
    is_legal,
    legality,
    units,
)
from rightofway.sim.plan import Plan, PlanError, PlanStep
from rightofway.sim.position import Boat, Line, Mark, Position
from rightofway.sim.rules import PlayOrder, keep_clear, play_order, to_rrs
from rightofway.sim.sailing import (
    PointOfSail,
    allowance,
    angle_to_wind,
    direction_change,
    initial_wind,
    point_of_sail,
    speed_change,
    start_turns,
    turn_cost,
    wind_after_round,
)

__all__ = [
    "Accounting",
    "Boat",
    "Line",
    "Mark",
    "Plan",
    "PlanError",
    "PlanStep",
    "PlayOrder",
    "PointOfSail",
    "Position",
    "account",
    "allowance",
    "angle_to_wind",
    "apply",
    "direction_change",
    "initial_wind",
    "is_legal",
    "keep_clear",
    "legality",
    "play_order",
    "point_of_sail",
    "speed_change",
    "start_turns",
    "to_rrs",
    "turn_cost",
    "units",
    "wind_after_round",
]
