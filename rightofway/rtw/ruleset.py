"""Race the Wind behind the :class:`rightofway.registry.Ruleset` protocol."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rightofway.registry import GAME, RulesetBase
from rightofway.rtw import rules, scenario
from rightofway.rtw.position import Move, Position

__all__ = ["RaceTheWind"]


class RaceTheWind(RulesetBase, name="race-the-wind", code="RTW", title="Race the Wind",
                  package="rightofway.rtw", capabilities=GAME):
    """The Race the Wind ruleset (citations ``RTW``)."""

    courses = ("windward-leeward", "windward-gate", "triangle")
    layers = ("claims", "contested", "shadows", "engagement")
    default_layers = ("claims", "contested", "engagement")

    @property
    def scenario_model(self) -> type[BaseModel]:
        """The strict model of Race the Wind scenario files."""
        return scenario.RtwScenario

    def diagram(self, position: Position, move: Move | None = None) -> str:
        """Before and after, with claims, contested points and give-way arrows."""
        from rightofway.rtw import drawing

        return drawing.scenario(position, move, claims=True, contested=True, engagement=True)

    def drawing(self, position: Position, move: Move | None = None, *,
                layers: tuple[str, ...] | None = None, size: int | None = None) -> str:
        """Before and after with the chosen layers (default claims, contested points and
        give-way arrows) at ``size`` pixels a panel."""
        from rightofway.rtw import drawing

        chosen = self.check_layers(self.default_layers if layers is None else layers)
        switches: dict[str, Any] = dict.fromkeys(chosen, True)
        return str(drawing.scenario(position, move, size=size or 420, **switches))

    def board(self, position: Position) -> str:
        """The position alone: grid, wind, marks and zones, tokens, hulls."""
        from rightofway.rtw import drawing

        return str(drawing.board(position))

    drawing_key = ("Squares mark each boat's claims in the colour of its tack (green starboard, "
                   "orange port), pink rings the contested intersections, blue arrows run from "
                   "the boat that gives way to the boat with right of way; the bases are listed "
                   "below.")
    move_drawn = "its path dashed"

    def describe(self, position: Position) -> tuple[str, list[str]]:
        """The wind, and each boat's place, heading, tack and point of sail, and the marks."""
        boats = []
        for b in position.boats:
            f = rules.boat_facts(position, b.id)
            lull = ", held by a lull" if b.lull else ""
            boats.append(f"{b.id} at [{b.at[0]}, {b.at[1]}] heading {b.heading.name} "
                         f"({f.tack.value} tack, {f.point_of_sail.value}{lull})")
        marks = [f"mark {m.id} at [{m.at[0]}, {m.at[1]}]" for m in position.marks]
        return position.wind.name, boats + marks
