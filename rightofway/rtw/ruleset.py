"""Race the Wind behind the :class:`rightofway.registry.Ruleset` protocol."""

from __future__ import annotations

from typing import Any

import networkx as nx
from pydantic import BaseModel

from rightofway.results import RightOfWay, Ruling
from rightofway.rtw import moves, rules, scenario
from rightofway.rtw.position import Move, Position, Protest
from rightofway.scenarios import ScenarioReport

__all__ = ["RaceTheWind"]


class RaceTheWind:
    """The Race the Wind ruleset (citations ``RTW``)."""

    name = "race-the-wind"
    code = "RTW"
    title = "Race the Wind"
    scenario_model: type[BaseModel] = scenario.RtwScenario

    def prepare(self, model: Any, file: str) -> scenario.Prepared:
        """Kernel values of a validated scenario file."""
        return scenario.prepare(model, file)

    def check(self, prepared: scenario.Prepared) -> ScenarioReport:
        """Check a scenario's expectations."""
        return scenario.check(prepared)

    def legal_moves(self, position: Position, boat: str) -> list[Move]:
        """See :func:`rightofway.rtw.legal_moves`."""
        return moves.legal_moves(position, boat)

    def is_legal(self, position: Position, move: Move) -> bool:
        """See :func:`rightofway.rtw.is_legal`."""
        return moves.is_legal(position, move)

    def apply(self, position: Position, move: Move) -> Position:
        """See :func:`rightofway.rtw.apply`."""
        return moves.apply(position, move)

    def claims(self, position: Position) -> dict[str, frozenset[Any]]:
        """See :func:`rightofway.rtw.claims`."""
        return dict(moves.claims(position))

    def right_of_way(self, position: Position, a: str, b: str) -> RightOfWay:
        """See :func:`rightofway.rtw.right_of_way`."""
        return rules.right_of_way(position, a, b)

    def engagement_graph(self, position: Position) -> nx.DiGraph:
        """See :func:`rightofway.rtw.engagement_graph`."""
        return rules.engagement_graph(position)

    def adjudicate(
        self, position: Position, move: Move, protest: Protest | None = None
    ) -> Ruling[Position, Move]:
        """See :func:`rightofway.rtw.adjudicate`."""
        return rules.adjudicate(position, move, protest)
