"""The dice-driven sailing simulation behind the :class:`rightofway.registry.Ruleset`
protocol.

A move is a :class:`~rightofway.sim.Move` (a boat and her plan); right of way and the
engagement graph are the Racing Rules of Sailing's, through
:func:`rightofway.sim.to_rrs`. Each method delegates to the package's function of
the same name.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NoReturn

import networkx as nx
from pydantic import BaseModel

from rightofway.errors import Unsupported
from rightofway.races import ReplayTurn
from rightofway.registry import RulesetBase
from rightofway.results import RightOfWay, Ruling
from rightofway.scenarios import ScenarioReport
from rightofway.sim import moves, rules, scenario
from rightofway.sim.plan import Move
from rightofway.sim.position import Position, Vec

__all__ = ["Simulation"]


def _no_claims() -> NoReturn:
    raise Unsupported("claims: the simulation has no claims; right of way is the "
                      "Racing Rules of Sailing's (rightofway.rrs)")


class Simulation(RulesetBase):
    """The sailing simulation (citations ``SIM <heading>``)."""

    name = "simulation"
    code = "SIM"
    capabilities = frozenset({"adjudication", "moves", "races"})
    title = "Sailboat Racing Simulation"
    scenario_model: type[BaseModel] = scenario.SimScenario
    depends_on: tuple[str, ...] = ("rrs",)
    """The rulesets it uses: right of way is "as per standard racing rules"."""

    def prepare(self, model: Any, file: str) -> scenario.Prepared:
        """Kernel values of a validated scenario file, its turns played."""
        return scenario.prepare(model, file)

    def check(self, prepared: scenario.Prepared) -> ScenarioReport:
        """Check a scenario's expectations."""
        return scenario.check(prepared)

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
                   "rose in the corner shows where the wind comes from.")
        return alt, caption

    def legal_moves(self, position: Position, boat: str) -> list[Any]:
        """See :func:`rightofway.sim.legal_moves`."""
        return moves.legal_moves(position, boat)

    def is_legal(self, position: Position, move: Any) -> bool:
        """See :func:`rightofway.sim.is_legal`."""
        return moves.is_legal(position, move)

    def apply(self, position: Position, move: Any) -> Position:
        """See :func:`rightofway.sim.apply`."""
        return moves.apply(position, move)

    def claims(self, position: Position) -> dict[str, frozenset[Any]]:
        """Not available: the simulation has no claims."""
        _no_claims()

    def right_of_way(self, position: Position, a: str, b: str) -> RightOfWay:
        """See :func:`rightofway.sim.right_of_way`."""
        return rules.right_of_way(position, a, b)

    def engagement_graph(self, position: Position) -> nx.DiGraph:
        """See :func:`rightofway.sim.engagement_graph`."""
        return rules.engagement_graph(position)

    def adjudicate(self, position: Position, move: Any, protest: Any = None) -> Ruling[Any, Any]:
        """See :func:`rightofway.sim.adjudicate`."""
        return rules.adjudicate(position, move, protest)

    def random_race(self, boats: int, seed: int, course: str | None = None) -> Any:
        """A seeded race of bots (:func:`rightofway.sim.bots.random_race`)."""
        from rightofway.sim import bots

        if course is not None:
            raise KeyError(f"course: {self.name} races on its own course, not {course!r}")
        return bots.random_race(boats, seed)

    def choose_move(self, race: Any, rng: random.Random) -> Any:
        """The bot's move (:func:`rightofway.sim.bots.choose_move`)."""
        from rightofway.sim import bots

        return bots.choose_move(race, rng)

    def replay(self, lines: list[str]) -> Iterator[ReplayTurn[Any, Any]]:
        """Replay a record (:func:`rightofway.sim.record.replay`)."""
        from rightofway.sim import record

        return record.replay(lines)
