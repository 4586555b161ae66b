"""A sample game project: one program drives all four games through the same calls.

What a game author writes once and points at any of the games: start a seeded race,
list the legal moves of the boat to move, write each move in notation and read it
back, ask whether it is legal and why, rule on it, push it, and at the end read the
result, save the record and resume it. Nothing below names a game.
"""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rightofway.results import Legality, Ruling

GAMES = ["rtw", "vg", "ac", "sim"]


def play(game: ModuleType, seed: int, moves: int, save_to: Path) -> dict[str, Any]:
    """The sample program: a bot that plays the first legal move it likes."""
    rng = random.Random(seed)
    race = game.Race.new(boats=2, seed=seed)
    seen = 0
    while not race.is_over() and seen < moves:
        choices = race.legal_moves()
        assert choices, "a race that is not over has a move for the boat to move"
        move = rng.choice(choices)
        assert game.Move.parse(str(move)) == move
        position = race.position
        verdict = game.legality(position, move)
        assert isinstance(verdict, Legality) and verdict.legal and verdict.reason
        assert verdict.explain() and json.dumps(verdict.to_json())
        ruling = game.adjudicate(position, move)
        assert isinstance(ruling, Ruling) and ruling.legal
        assert game.is_legal(position, move)
        assert game.apply(position, move) is not None
        race = race.push(move)
        seen += 1
    result = race.result()
    race.save(save_to)
    resumed = game.Race.load(save_to)
    assert resumed.moves == race.moves and resumed.position == race.position
    assert resumed.pop().moves == race.moves[:-1]
    assert race.svg().startswith("<svg") and race.position.svg().startswith("<svg")
    again = game.Position.from_json(json.loads(json.dumps(race.position.to_json())))
    assert again == race.position
    return {"moves": len(race.moves), "over": result.over, "reason": result.reason,
            "finish": result.finish_order}


@pytest.mark.parametrize("name", GAMES)
def test_one_program_drives_every_game(name: str, tmp_path: Path) -> None:
    game = importlib.import_module(f"rightofway.{name}")
    summary = play(game, seed=3, moves=25, save_to=tmp_path / "race.jsonl")
    assert summary["moves"] == 25 or summary["over"]
    assert summary["reason"]


ILLEGAL: dict[str, Any] = {
    # a move each game's notation can write but its rules never allow, made from a legal
    # move of the boat to move
    "rtw": lambda m: f"{m.boat} [A A A A A A A]",   # more parts than any point of sail has
    "vg": lambda m: f"{m.boat} 9U:9S",             # a vector change beyond one square
    "ac": lambda m: f"{m} A A A",                   # more actions than the card's points
    "sim": lambda m: f"{m.boat}: M99",             # a run beyond the units the boat has
}


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_move_is_refused_the_same_way_everywhere(name: str) -> None:
    """Every game says why a move is illegal with a sentence and a citation, its ruling
    says the move is not made, and its ``apply`` and the race's ``push`` raise the
    library's :class:`~rightofway.errors.IllegalMove`."""
    from rightofway.errors import IllegalMove

    game = importlib.import_module(f"rightofway.{name}")
    race = game.Race.new(boats=2, seed=1)
    move = game.Move.parse(ILLEGAL[name](race.legal_moves()[0]))
    verdict = game.legality(race.position, move)
    assert not verdict.legal and verdict.reason and str(verdict.cite)
    assert not game.is_legal(race.position, move)
    ruling = game.adjudicate(race.position, move)
    assert not ruling.legal and ruling.after is None
    with pytest.raises(IllegalMove):
        game.apply(race.position, move)
    with pytest.raises(IllegalMove):
        race.push(move)


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_move_keeps_its_reason_and_citation(name: str) -> None:
    """``push`` of an illegal move raises ``IllegalMove`` carrying the same reason and
    citation ``legality`` gives, so a program can show the rule it broke."""
    from rightofway.errors import IllegalMove

    game = importlib.import_module(f"rightofway.{name}")
    race = game.Race.new(boats=2, seed=2)
    move = game.Move.parse(ILLEGAL[name](race.legal_moves()[0]))
    verdict = game.legality(race.position, move)
    with pytest.raises(IllegalMove) as refused:
        race.push(move)
    assert refused.value.cite == verdict.cite and verdict.reason in str(refused.value)


@pytest.mark.parametrize("name", GAMES)
def test_every_move_event_names_the_boat_that_moved(name: str) -> None:
    """A race's events say whose they are: the first event of each move (its ``move``,
    a penalty turn, a repair) names the boat that moved, and no event names a boat
    outside the race."""
    game = importlib.import_module(f"rightofway.{name}")
    race = game.Race.new(boats=3, seed=4)
    rng = random.Random(4)
    boats = set(race.position.boat_ids)
    for _ in range(40):
        if race.is_over():
            break
        move = rng.choice(race.legal_moves())
        race, events = race.play(move)
        assert events and events[0].boat == move.boat
        assert all(e.boat == move.boat for e in events if e.kind == "move")
        assert all(e.boat is None or e.boat in boats for e in events)
