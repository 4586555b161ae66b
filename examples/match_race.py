"""A minimal two-boat match race driven through rightofway.

This is how a game program embeds the library: it owns the loop and the
players' choices, and asks rightofway whose turn it is, which moves are legal
or safe, and what each move caused. Run it with ``python examples/match_race.py``.
"""

from __future__ import annotations

import random

from rightofway.geometry import Compass
from rightofway.rtw import Boat, Move, legality
from rightofway.rtw.course import Course
from rightofway.rtw.race import PenaltyTurn, Race, RaceOptions


def pick(race: Race, rng: random.Random) -> Move | PenaltyTurn:
    """The game's player: serve a penalty when one is owed, else a safe move that
    gains most ground to windward near the course (any safe move during the start)."""
    boat = race.to_move
    assert boat is not None
    choices = race.safe_moves(boat) or race.legal_moves(boat)
    penalties = [m for m in choices if isinstance(m, PenaltyTurn)]
    if penalties:
        return penalties[0]
    if race.in_start_procedure():
        return rng.choice(choices)

    def northing(move: Move | PenaltyTurn) -> float:
        outcome = legality(race.position, move).outcome if isinstance(move, Move) else None
        if outcome is None:
            return 0.0
        x, y = outcome.end
        return y - abs(x - race.course.windward[0]) / 2 + rng.random()

    return max(choices, key=northing)


def main(turns: int = 60, seed: int = 1) -> Race:
    course = Course(gate_buoy=(0, 0), committee_boat=(6, 0), windward=(3, 18), flags=(6, 12))
    holder = Boat("Holder", (9, -3), Compass.NE)  # the holder starts on the right (RTW 3.1)
    challenger = Boat("Challenger", (-3, -3), Compass.NW)
    race = Race.new(course, [holder, challenger], yellow=frozenset({(5, 3)}),
                    blue=frozenset({(1, 4)}), options=RaceOptions(), seed=seed)
    rng = random.Random(seed)
    while not race.is_over() and race.turn < turns:
        move = pick(race, rng)
        race, events = race.play(move)
        for event in events:
            if event.kind != "move":
                print(f"turn {race.turn}: {event}")
    print(f"after {race.turn} moves: " + ", ".join(
        f"{b.id} at {list(b.at)} heading {b.heading.name}" for b in race.position.boats))
    return race


if __name__ == "__main__":
    main()
