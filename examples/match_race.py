"""A two-boat match race driven through rightofway, from the start to the finish.

This is how a game program embeds the library: it owns the loop and the
players' choices, and asks rightofway whose turn it is, which moves are legal
or safe, and what each move caused. The players here steer for the next
waypoint of their leg (:func:`rightofway.rtw.bots.waypoint`); a real game asks
its people instead. Run it with ``python examples/match_race.py``.
"""

from __future__ import annotations

import random

from rightofway.geometry import Compass, chebyshev
from rightofway.rtw import Boat, Course, Move, PenaltyTurn, Race, RaceOptions, legality
from rightofway.rtw.bots import waypoint


def pick(race: Race, rng: random.Random) -> Move:
    """The game's player: serve a penalty when one is owed, else the safe move that ends
    nearest the waypoint of its leg (ties broken at random)."""
    boat = race.to_move
    assert boat is not None
    choices = race.safe_moves() or race.legal_moves()
    penalties = [m for m in choices if isinstance(m, PenaltyTurn)]
    if penalties:
        return penalties[0]
    target = waypoint(race, boat)
    here = race.position.boat(boat).at

    def distance(move: Move) -> float:
        outcome = legality(race.position, move).outcome  # where the legal move ends
        end = outcome.end if outcome is not None else here
        # Turning on the spot again and again is a start fault: prefer to move on.
        still = 3 if end == here and race.state(boat).same_spot >= 2 else 0
        return chebyshev(end, target) + still + rng.random()

    return min(choices, key=distance)


def main(seed: int = 1, max_turns: int = 3000) -> Race:
    """Race the holder and the challenger to the finish; return the final race."""
    course = Course(gate_buoy=(0, 0), committee_boat=(6, 0), windward=(3, 12), flags=(6,),
                    laps=1)
    holder = Boat("Holder", (9, -3), Compass.NE)  # the holder starts on the right (RTW 3.1)
    challenger = Boat("Challenger", (-3, -3), Compass.NW)
    race = Race.new([holder, challenger], course, yellow=frozenset({(5, 3)}),
                    blue=frozenset({(1, 4)}), options=RaceOptions(max_turns=max_turns),
                    seed=seed)
    rng = random.Random(seed)
    while not race.is_over():
        race, events = race.play(pick(race, rng))
        for event in events:
            if event.kind != "move":
                print(f"turn {race.turn}: {event}")
    order = race.finish_order
    print(f"after {race.turn} moves: " + (", ".join(
        f"{place}. {boat}" for place, boat in enumerate(order, 1)) or "nobody finished"))
    return race


if __name__ == "__main__":
    main()
