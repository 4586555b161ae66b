"""Tack and advance behind rightofway's Ruleset protocol: found by name through the entry
point group ``rightofway.rulesets``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import networkx as nx
from pydantic import BaseModel, Field

from rightofway.explain import Step
from rightofway.races import ReplayTurn
from rightofway.results import RightOfWay, Ruling
from rightofway.scenarios import (
    Comparison,
    FieldError,
    ScenarioHeader,
    ScenarioReport,
    StrictModel,
)
from rightofway.svg import SvgWrapper
from toyrules import game, race


class BoatModel(StrictModel):
    id: str
    """The boat's id."""
    at: Annotated[tuple[int, int], Field(strict=False)]
    """Its intersection."""
    heading: Literal["NE", "NW"]
    """NE (port tack) or NW (starboard tack)."""


class PositionModel(StrictModel):
    boats: list[BoatModel]
    """The boats."""


class MoveModel(StrictModel):
    boat: str
    """The boat that moves."""
    action: Literal["A", "T"]
    """Advance or tack."""


class ExpectModel(StrictModel):
    right_of_way: list[Annotated[tuple[str, str, str], Field(strict=False)]] | None = None
    """[holder, giver, basis] triples that must hold."""
    legal: bool | None = None
    """Whether the move is legal."""


class ToyScenario(ScenarioHeader):
    ruleset: Literal["tack-and-advance"]
    """tack-and-advance."""
    position: PositionModel
    """The position."""
    move: MoveModel | None = None
    """The move judged."""
    expect: ExpectModel = ExpectModel()
    """The outcome expected."""


@dataclass(frozen=True)
class Prepared:
    """A scenario as kernel values (what rightofway's scenario tools read)."""

    model: ToyScenario
    file: str
    position: game.Position
    move: game.Move | None


class TackAndAdvance:
    """The ruleset: its name, citation code, file model, and the rules' functions."""

    name = "tack-and-advance"
    code = "TOY"
    title = "Tack and advance"
    capabilities = frozenset({"adjudication", "moves", "races"})
    """What it offers beyond scenario checks: rulings, moves and whole races."""
    courses: tuple[str, ...] = ()

    @property
    def scenario_model(self) -> type[BaseModel]:
        return ToyScenario

    def prepare(self, model: ToyScenario, file: str) -> Prepared:
        from rightofway.geometry import Compass
        from rightofway.positions import PositionError

        try:
            position = game.Position(tuple(game.Boat(b.id, b.at, Compass[b.heading])
                                           for b in model.position.boats))
        except PositionError as e:
            raise FieldError(("position", *e.path), e.message) from None
        move = game.Move(model.move.boat, model.move.action) if model.move else None
        return Prepared(model, file, position, move)

    def check(self, prepared: Prepared) -> ScenarioReport:
        model, file, position, move = (prepared.model, prepared.file, prepared.position,
                                       prepared.move)
        compare = Comparison()
        sections: list[tuple[str, tuple[Step, ...]]] = []
        for holder, giver, basis in model.expect.right_of_way or []:
            row = game.right_of_way(position, holder, giver)
            compare(f"right_of_way.{holder}.{giver}", (holder, giver, basis),
                    (row.holder, row.giver, row.basis) if row else None)
            if row:
                sections.append((f"right of way: {row.holder} over {row.giver}", row.steps))
        if move is not None and model.expect.legal is not None:
            ruling = game.adjudicate(position, move)
            compare("legal", model.expect.legal, ruling.legal)
            sections.append((f"ruling on {move}", ruling.steps))
        return ScenarioReport(model.id, model.title, model.ruleset, model.source, file,
                              tuple(compare.mismatches), (), tuple(sections),
                              tuple(compare.checked))

    def diagram(self, position: game.Position, move: game.Move | None = None) -> str:
        return self.board(position)

    def board(self, position: game.Position) -> str:
        dots = "".join(f'<circle cx="{20 + 20 * b.at[0]}" cy="{200 - 20 * b.at[1]}" r="6"/>'
                       for b in position.boats)
        return str(SvgWrapper(f'<svg xmlns="http://www.w3.org/2000/svg" width="240" '
                              f'height="220">{dots}</svg>'))

    def diagram_text(self, position: game.Position,
                     move: game.Move | None = None) -> tuple[str, str]:
        return ", ".join(f"{b.id} at {list(b.at)}" for b in position.boats), "The boats."

    def legal_moves(self, position: game.Position, boat: str) -> list[game.Move]:
        return game.legal_moves(position, boat)

    def is_legal(self, position: game.Position, move: game.Move) -> bool:
        return move in game.legal_moves(position, move.boat)

    def apply(self, position: game.Position, move: game.Move) -> game.Position:
        return game.apply(position, move)

    def claims(self, position: game.Position) -> dict[str, frozenset[Any]]:
        return dict(game.claims(position))

    def right_of_way(self, position: game.Position, a: str, b: str) -> RightOfWay:
        row = game.right_of_way(position, a, b)
        if row is None:
            raise ValueError("no rule decides this pair")
        return row

    def engagement_graph(self, position: game.Position) -> nx.DiGraph:
        g = nx.DiGraph(ruleset=self.name)
        g.add_nodes_from(position.boat_ids)
        cl = game.claims(position)
        ids = position.boat_ids
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                if cl[a] & cl[b]:
                    row = game.right_of_way(position, a, b)
                    if row:
                        g.add_edge(row.giver, row.holder, basis=row.basis, steps=row.steps)
        return g

    def adjudicate(self, position: game.Position, move: game.Move,
                   protest: Any = None) -> Ruling[Any, Any]:
        return game.adjudicate(position, move, protest)

    def random_race(self, boats: int, seed: int, course: str | None = None) -> race.Race:
        if course is not None:
            raise KeyError(f"course: {self.name} races on its own course, not {course!r}")
        return race.random_race(boats, seed)

    def choose_move(self, current: race.Race, rng: random.Random) -> game.Move:
        return race.choose_move(current, rng)

    def replay(self, lines: list[str]) -> Iterator[ReplayTurn[race.Race, game.Move]]:
        return race.replay(lines)
