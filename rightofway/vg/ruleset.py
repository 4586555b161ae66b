"""The Sailing Vector Game behind the :class:`rightofway.registry.Ruleset` protocol."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import networkx as nx
from pydantic import BaseModel

from rightofway.races import ReplayTurn
from rightofway.registry import RulesetBase
from rightofway.results import RightOfWay, Ruling
from rightofway.scenarios import ScenarioReport
from rightofway.vg import game, scenario
from rightofway.vg.position import Move, Position, claims

__all__ = ["VectorGame"]


class VectorGame(RulesetBase):
    """The Sailing Vector Game ruleset (citations ``VG-…``)."""

    name = "vector-game"
    code = "VG"
    capabilities = frozenset({"adjudication", "moves", "races"})
    title = "Sailing Vector Game"
    scenario_model: type[BaseModel] = scenario.VgScenario

    def prepare(self, model: Any, file: str) -> scenario.Prepared:
        """Kernel values of a validated scenario file."""
        return scenario.prepare(model, file)

    def check(self, prepared: scenario.Prepared) -> ScenarioReport:
        """Check a scenario's expectations."""
        return scenario.check(prepared)

    def diagram(self, position: Position, move: Move | None = None) -> str:
        """Before and after, vectors as arrows, give-way zones shaded."""
        from rightofway.vg import drawing

        return drawing.scenario(position, move)

    def board(self, position: Position) -> str:
        """The page as it stands: islands, the start line, marks, boats and their vectors."""
        from rightofway.vg import drawing

        return str(drawing.board(position))

    def diagram_text(self, position: Position,
                     move: Move | None = None) -> tuple[str, str]:
        """Alternative text listing every boat, and a caption explaining the drawing."""
        boats = [f"{b.id} at [{b.at[0]}, {b.at[1]}] "
                 f"{'after ' + str(b.vector) if b.vector else 'not yet moved'}"
                 for b in position.boats]
        alt = "Diagram, wind N: " + "; ".join(boats)
        alt += f"; move {move}." if move is not None else "."
        key = ("Hulls point along each boat's last vector (dashed arrow), green on starboard, "
               "orange on port; dots mark where each boat could land next and shaded squares "
               "the close zone ahead and abeam of a starboard boat.")
        if move is None:
            return alt, f"The position. {key}"
        verdict = game.legality(position, move)
        if not verdict.legal:
            return alt, (f"The position with the move {move} drawn; it is not legal "
                         f"({', '.join(verdict.violations)}). {key}")
        return alt, f"Before the move {move} (solid arrow) and after it. {key}"

    def legal_moves(self, position: Position, boat: str) -> list[Move]:
        """See :func:`rightofway.vg.legal_moves`."""
        return game.legal_moves(position, boat)

    def is_legal(self, position: Position, move: Move) -> bool:
        """See :func:`rightofway.vg.is_legal`."""
        return game.is_legal(position, move)

    def apply(self, position: Position, move: Move) -> Position:
        """See :func:`rightofway.vg.apply`."""
        return game.apply(position, move)

    def claims(self, position: Position) -> dict[str, frozenset[Any]]:
        """See :func:`rightofway.vg.claims`."""
        return claims(position)

    def right_of_way(self, position: Position, a: str, b: str) -> RightOfWay:
        """See :func:`rightofway.vg.right_of_way`; ``ValueError`` when no rule decides."""
        row = game.right_of_way(position, a, b)
        if row is None:
            raise ValueError(f"no give-way rule decides between {a} and {b}")
        return row

    def engagement_graph(self, position: Position) -> nx.DiGraph:
        """See :func:`rightofway.vg.engagement_graph`."""
        return game.engagement_graph(position)

    def adjudicate(self, position: Position, move: Move,
                   protest: Any = None) -> Ruling[Position, Move]:
        """See :func:`rightofway.vg.adjudicate`."""
        return game.adjudicate(position, move, protest)

    def random_race(self, boats: int, seed: int, course: str | None = None) -> Any:
        """A seeded race of bots (:func:`rightofway.vg.bots.random_race`)."""
        from rightofway.vg import bots

        if course is not None:
            raise KeyError(f"course: {self.name} races on its own course, not {course!r}")
        return bots.random_race(boats, seed)

    def choose_move(self, race: Any, rng: random.Random) -> Any:
        """The bot's move (:func:`rightofway.vg.bots.choose_move`)."""
        from rightofway.vg import bots

        return bots.choose_move(race, rng)

    def replay(self, lines: list[str]) -> Iterator[ReplayTurn[Any, Any]]:
        """Replay a record (:func:`rightofway.vg.record.replay`)."""
        from rightofway.vg import record

        return record.replay(lines)
