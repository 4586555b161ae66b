"""The Sailing Vector Game behind the :class:`rightofway.registry.Ruleset` protocol."""

from __future__ import annotations

from pydantic import BaseModel

from rightofway.registry import GAME, RulesetBase
from rightofway.results import RightOfWay
from rightofway.vg import rules, scenario
from rightofway.vg.position import Position

__all__ = ["VectorGame"]


class VectorGame(RulesetBase, name="vector-game", code="VG", title="Sailing Vector Game",
                 package="rightofway.vg", capabilities=GAME):
    """The Sailing Vector Game ruleset (citations ``VG-…``)."""

    scenario_model: type[BaseModel] = scenario.VgScenario

    drawing_key = ("Hulls point along each boat's last vector (dashed arrow), green on "
                   "starboard, orange on port; dots mark where each boat could land next and "
                   "shaded squares the close zone ahead and abeam of a starboard boat.")
    move_drawn = "solid arrow"

    def describe(self, position: Position) -> tuple[str, list[str]]:
        """Each boat's place and last vector (the wind is always North)."""
        return "N", [f"{b.id} at [{b.at[0]}, {b.at[1]}] "
                     f"{'after ' + str(b.vector) if b.vector else 'not yet moved'}"
                     for b in position.boats]

    def right_of_way(self, position: Position, a: str, b: str) -> RightOfWay:
        """See :func:`rightofway.vg.right_of_way`; ``ValueError`` when no rule decides."""
        row = rules.right_of_way(position, a, b)
        if row is None:
            raise ValueError(f"no give-way rule decides between {a} and {b}")
        return row
