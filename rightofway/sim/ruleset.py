"""The dice-driven sailing simulation behind the :class:`rightofway.registry.Ruleset`
protocol.

A move is ``(boat, plan)``; right of way and the engagement graph are the Racing Rules
of Sailing's, through :func:`rightofway.sim.rules.to_rrs`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NoReturn

import networkx as nx
from pydantic import BaseModel

from rightofway import rrs
from rightofway.errors import Unsupported
from rightofway.races import ReplayTurn
from rightofway.registry import RulesetBase
from rightofway.results import RightOfWay, Ruling
from rightofway.scenarios import ScenarioReport
from rightofway.sim import moves, rules, scenario
from rightofway.sim.position import Position, Vec

__all__ = ["Simulation"]

Move = tuple[str, str]


def _move(move: Any) -> Move:
    if not (isinstance(move, tuple) and len(move) == 2 and all(isinstance(m, str) for m in move)):
        raise TypeError(f"move: expected (boat, plan) such as ('A', 'T-30 M4'), got {move!r:.60}")
    return (move[0], move[1])


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

    def _paths(self, position: Position, move: Any) -> tuple[Position, dict[str, tuple[Vec, ...]]]:
        played = [] if move is None else [move] if isinstance(move[0], str) else list(move)
        paths: dict[str, tuple[Vec, ...]] = {}
        current = position
        for boat, plan in played:
            a = moves.account(current, boat, plan)
            paths[boat] = paths.get(boat, ())[:-1] + a.path if boat in paths else a.path
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
        """The position alone."""
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
        """The discretised legal plans of a boat (see :func:`rightofway.sim.moves.legal_plans`)."""
        return [(boat, str(p)) for p in moves.legal_plans(position, boat)]

    def is_legal(self, position: Position, move: Any) -> bool:
        """Whether a plan spends the boat's units as the rules ask."""
        boat, plan = _move(move)
        return moves.is_legal(position, boat, plan)

    def apply(self, position: Position, move: Any) -> Position:
        """The position after a legal plan."""
        boat, plan = _move(move)
        return moves.apply(position, boat, plan)

    def claims(self, position: Position) -> dict[str, frozenset[Any]]:
        """Not available: the simulation has no claims."""
        _no_claims()

    def right_of_way(self, position: Position, a: str, b: str) -> RightOfWay:
        """The Racing Rules of Sailing between two boats (hull lengths)."""
        return rrs.right_of_way(rules.to_rrs(position), a, b)

    def engagement_graph(self, position: Position) -> nx.DiGraph:
        """The Racing Rules of Sailing's keep-clear graph of the fleet."""
        return rrs.engagement_graph(rules.to_rrs(position))

    def adjudicate(self, position: Position, move: Any, protest: Any = None) -> Ruling[Any, Any]:
        """Rule on one turn: its accounting, and the Racing Rules between the mover and the
        boats she came near (see :func:`rightofway.sim.rules.adjudicate`)."""
        boat, plan = _move(move)
        return rules.adjudicate(position, boat, plan)

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
