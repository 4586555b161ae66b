"""The America's Cup board game behind the :class:`rightofway.registry.Ruleset` protocol."""

from __future__ import annotations

from pydantic import BaseModel

from rightofway.ac import scenario
from rightofway.ac.position import Position
from rightofway.registry import GAME, RulesetBase

__all__ = ["AmericasCup"]


class AmericasCup(RulesetBase, name="americas-cup", code="AC", title="America's Cup",
                  package="rightofway.ac", capabilities=GAME):
    """The America's Cup board game (citations ``AC`` and the rulebook's headings)."""

    scenario_model: type[BaseModel] = scenario.AcScenario

    drawing_key = ("Each hull is drawn from stern to bow (the bow is the filled dot); shaded "
                   "dots are cover points of boats whose cover rule is on; the dashed row is "
                   "the start and finish line between the jury boat and the buoy.")
    move_drawn = "its track drawn"

    def describe(self, position: Position) -> tuple[str, list[str]]:
        """Each boat's bow, stern, heading and leg (the wind is always North)."""
        return "N", [f"{b.id} bow [{b.at[0]}, {b.at[1]}] stern [{b.stern[0]}, {b.stern[1]}] "
                     f"heading {b.heading.name}, leg {b.leg}" for b in position.boats]
