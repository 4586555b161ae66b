"""The America's Cup board game behind the :class:`rightofway.registry.Ruleset` protocol."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import networkx as nx
from pydantic import BaseModel

from rightofway.ac import rules, scenario
from rightofway.ac.moves import Move
from rightofway.ac.position import Position
from rightofway.races import ReplayTurn
from rightofway.registry import RulesetBase
from rightofway.results import RightOfWay, Ruling
from rightofway.scenarios import ScenarioReport

__all__ = ["AmericasCup"]


class AmericasCup(RulesetBase):
    """The America's Cup board game (citations ``AC`` and the rulebook's headings)."""

    name = "americas-cup"
    code = "AC"
    capabilities = frozenset({"adjudication", "moves", "races"})
    title = "America's Cup"
    scenario_model: type[BaseModel] = scenario.AcScenario

    def prepare(self, model: Any, file: str) -> scenario.AcPrepared:
        """Kernel values of a validated scenario file."""
        return scenario.prepare(model, file)

    def check(self, prepared: scenario.AcPrepared) -> ScenarioReport:
        """Check a scenario's expectations."""
        return scenario.check(prepared)

    def diagram(self, position: Position, move: Move | None = None) -> str:
        """Before and after: hulls as two points, cover points, the line, the card played."""
        from rightofway.ac import drawing

        return str(drawing.scenario(position, move))

    def board(self, position: Position) -> str:
        """The position alone."""
        from rightofway.ac import drawing

        return str(drawing.board(position))

    def diagram_text(self, position: Position, move: Move | None = None) -> tuple[str, str]:
        """Alternative text listing every boat, and a caption explaining the drawing."""
        boats = [f"{b.id} bow [{b.at[0]}, {b.at[1]}] stern [{b.stern[0]}, {b.stern[1]}] "
                 f"heading {b.heading.name}, leg {b.leg}" for b in position.boats]
        alt = "Diagram, wind N: " + "; ".join(boats)
        alt += f"; move {move}." if move is not None else "."
        key = ("Each hull is drawn from stern to bow (the bow is the filled dot); shaded dots "
               "are cover points of boats whose cover rule is on; the dashed row is the start "
               "and finish line between the jury boat and the buoy.")
        if move is None:
            return alt, f"The position. {key}"
        lg = rules.legality(position, move)
        if not lg.legal:
            return alt, f"The position with the move {move}; it is not legal ({lg.reason}). {key}"
        return alt, f"Before the move {move} (its track drawn) and after it. {key}"

    def legal_moves(self, position: Position, boat: str) -> list[Move]:
        """See :func:`rightofway.ac.legal_moves` (every card and discard the boat may use)."""
        return rules.legal_moves(position, boat)

    def is_legal(self, position: Position, move: Move) -> bool:
        """See :func:`rightofway.ac.is_legal`."""
        return rules.is_legal(position, move)

    def apply(self, position: Position, move: Move) -> Position:
        """See :func:`rightofway.ac.apply`."""
        return rules.apply(position, move)

    def claims(self, position: Position) -> dict[str, frozenset[Any]]:
        """The game has no claims: every boat's set is empty."""
        return {b: frozenset() for b in position.boat_ids}

    def right_of_way(self, position: Position, a: str, b: str) -> RightOfWay:
        """Declines (:func:`rightofway.ac.right_of_way`): the game has no right of way."""
        return rules.right_of_way(position, a, b)

    def engagement_graph(self, position: Position) -> nx.DiGraph:
        """Declines (:func:`rightofway.ac.engagement_graph`): the game has no right of way."""
        return rules.engagement_graph(position)

    def adjudicate(self, position: Position, move: Move,
                   protest: Any = None) -> Ruling[Position, Move]:
        """See :func:`rightofway.ac.adjudicate` (legality, start verdicts, the protest)."""
        return rules.adjudicate(position, move, protest)

    def random_race(self, boats: int, seed: int, course: str | None = None) -> Any:
        """A seeded race of bots (:func:`rightofway.ac.bots.random_race`)."""
        from rightofway.ac import bots

        if course is not None:
            raise KeyError(f"course: {self.name} races on its own course, not {course!r}")
        return bots.random_race(boats, seed)

    def choose_move(self, race: Any, rng: random.Random) -> Any:
        """The bot's move (:func:`rightofway.ac.bots.choose_move`)."""
        from rightofway.ac import bots

        return bots.choose_move(race, rng)

    def replay(self, lines: list[str]) -> Iterator[ReplayTurn[Any, Any]]:
        """Replay a record (:func:`rightofway.ac.record.replay`)."""
        from rightofway.ac import record

        return record.replay(lines)
