"""The dice-driven sailing simulation behind the :class:`rightofway.registry.Ruleset`
protocol.

A move is a :class:`~rightofway.sim.Move` (a boat and her plan); right of way and the
engagement graph are the Racing Rules of Sailing's, through
:func:`rightofway.sim.to_rrs`. Every method the kernel's base does not forward
to the package's function of the same name is here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rightofway.registry import GAME, RulesetBase
from rightofway.sim import moves, scenario
from rightofway.sim.plan import Move
from rightofway.sim.position import Position, Vec

__all__ = ["Simulation"]


class Simulation(RulesetBase, name="simulation", code="SIM", title="Sailboat Racing Simulation",
                 package="rightofway.sim", capabilities=GAME):
    """The sailing simulation (citations ``SIM <heading>``)."""

    scenario_model: type[BaseModel] = scenario.SimScenario
    depends_on: tuple[str, ...] = ("rrs",)
    """The rulesets it uses: right of way is "as per standard racing rules"."""

    def _paths(self, position: Position, move: Move | tuple[Move, ...] | None
               ) -> tuple[Position, dict[str, tuple[Vec, ...]]]:
        played = () if move is None else (move,) if isinstance(move, Move) else tuple(move)
        paths: dict[str, tuple[Vec, ...]] = {}
        current = position
        for m in played:
            a = moves.account(current, m.boat, m.plan)
            paths[m.boat] = paths[m.boat][:-1] + a.path if m.boat in paths else a.path
            if not a.legal:
                break
            current = current.with_boat(a.end)
        return current, paths

    def diagram(self, position: Position, move: Any = None) -> str:
        """The position after the turns, with the plotted paths."""
        from rightofway.sim import drawing

        after, paths = self._paths(position, move)
        return str(drawing.scenario(position, after, paths))

    def board(self, position: Position) -> str:
        """The position alone (what :meth:`Position.svg <rightofway.sim.Position.svg>`
        shows)."""
        from rightofway.sim import drawing

        return str(drawing.board(position))

    def diagram_text(self, position: Position, move: Any = None) -> tuple[str, str]:
        """Alternative text listing every boat and path, and a caption."""
        boats = [f"{b.id} at [{b.at[0]:g}, {b.at[1]:g}] heading {b.heading:g}"
                 for b in position.boats]
        alt = f"Diagram, wind {position.wind} {position.knots} knots: " + "; ".join(boats) + "."
        _, paths = self._paths(position, move)
        if paths:
            alt += " Plotted: " + "; ".join(
                f"{bid} through " + ", ".join(f"[{p[0]:.2f}, {p[1]:.2f}]" for p in path)
                for bid, path in paths.items()) + "."
        caption = ("Hulls to scale, green on starboard tack and orange on port; a boat's "
                   "start is faint and her plotted path runs from it, a dot at each step. The "
                   "numbers give the play order (1 moves first), each purple arrow runs from "
                   "a boat that keeps clear toward the boat she keeps clear of. The rose in "
                   "the corner shows where the wind comes from.")
        return alt, caption
