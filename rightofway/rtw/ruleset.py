"""Race the Wind behind the :class:`rightofway.registry.Ruleset` protocol."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import networkx as nx
from pydantic import BaseModel

from rightofway.races import ReplayTurn
from rightofway.registry import RulesetBase
from rightofway.results import RightOfWay, Ruling
from rightofway.rtw import moves, rules, scenario
from rightofway.rtw.position import Move, Position, Protest
from rightofway.scenarios import ScenarioReport

__all__ = ["RaceTheWind"]


class RaceTheWind(RulesetBase):
    """The Race the Wind ruleset (citations ``RTW``)."""

    name = "race-the-wind"
    code = "RTW"
    capabilities = frozenset({"adjudication", "moves", "races"})
    courses = ("windward-leeward", "windward-gate", "triangle")
    layers = ("claims", "contested", "shadows", "engagement")
    default_layers = ("claims", "contested", "engagement")
    title = "Race the Wind"

    @property
    def scenario_model(self) -> type[BaseModel]:
        """The strict model of Race the Wind scenario files."""
        return scenario.RtwScenario

    def prepare(self, model: Any, file: str) -> scenario.Prepared:
        """Kernel values of a validated scenario file."""
        return scenario.prepare(model, file)

    def check(self, prepared: scenario.Prepared) -> ScenarioReport:
        """Check a scenario's expectations."""
        return scenario.check(prepared)

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

    def diagram_text(self, position: Position, move: Move | None = None) -> tuple[str, str]:
        """Alternative text listing every boat and mark, and a caption explaining the layers."""
        boats = []
        for b in position.boats:
            f = rules.boat_facts(position, b.id)
            lull = ", held by a lull" if b.lull else ""
            boats.append(f"{b.id} at [{b.at[0]}, {b.at[1]}] heading {b.heading.name} "
                         f"({f.tack.value} tack, {f.point_of_sail.value}{lull})")
        marks = [f"mark {m.id} at [{m.at[0]}, {m.at[1]}]" for m in position.marks]
        alt = f"Diagram, wind {position.wind.name}: " + "; ".join(boats + marks)
        alt += f"; move {move}." if move is not None else "."
        key = ("Squares mark each boat's claims in the colour of its tack (green starboard, "
               "orange port), pink rings the contested intersections, blue arrows run from the "
               "boat that gives way to the boat with right of way; the bases are listed below.")
        if move is None:
            return alt, f"The position. {key}"
        if not moves.is_legal(position, move):
            return alt, f"The position; the move {move} is not legal, so it is not drawn. {key}"
        return alt, f"Before the move {move} (its path dashed) and after it. {key}"

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

    def random_race(self, boats: int, seed: int, course: str | None = None) -> Any:
        """A seeded race of bots (:func:`rightofway.rtw.bots.random_race`)."""
        from rightofway.rtw import bots

        if course is None:
            return bots.random_race(boats, seed)
        if course not in bots.COURSES:
            raise KeyError(f"course: expected one of {', '.join(bots.COURSES)}, got {course!r}")
        return bots.random_race(boats, seed, course=bots.COURSES[course])

    def choose_move(self, race: Any, rng: random.Random) -> Any:
        """The bot's move (:func:`rightofway.rtw.bots.choose_move`)."""
        from rightofway.rtw import bots

        return bots.choose_move(race, rng)

    def replay(self, lines: list[str]) -> Iterator[ReplayTurn[Any, Any]]:
        """Replay a record (:func:`rightofway.rtw.record.replay`)."""
        from rightofway.rtw import record

        return record.replay(lines)
