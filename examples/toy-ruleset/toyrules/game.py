"""The game: boats on a grid sail close-hauled, advance one intersection or tack.

The wind is from the North. A boat heads NE (port tack) or NW (starboard tack). Its
move is ``A`` (advance one intersection) or ``T`` (tack: turn to the other heading).
Two boats are engaged when their next intersections meet; the house rules give right
of way to starboard (TOY 1), then to the boat further South (TOY 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rightofway.explain import Citation, Step
from rightofway.geometry import Compass, Point
from rightofway.order import Decision, Rule, decide
from rightofway.positions import BoatIndex, PositionError
from rightofway.races import IllegalMove
from rightofway.results import RightOfWay, Ruling

TOY1 = Citation("TOY", "1")
TOY2 = Citation("TOY", "2")
TOY3 = Citation("TOY", "3")


@dataclass(frozen=True, slots=True)
class Boat:
    id: str
    at: Point
    heading: Compass  # NE or NW


@dataclass(frozen=True, slots=True)
class Move:
    boat: str
    action: str  # "A" or "T"

    def __str__(self) -> str:
        return f"{self.boat} {self.action}"


@dataclass(frozen=True, slots=True)
class Position(BoatIndex[Boat]):
    boats: tuple[Boat, ...]
    _by_id: dict[str, Boat] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        seen: set[Point] = set()
        for i, b in enumerate(self.boats):
            if b.heading not in (Compass.NE, Compass.NW):
                raise PositionError(("boats", i, "heading"), "a boat heads NE or NW")
            if b.at in seen:
                raise PositionError(("boats", i, "at"), "two boats share an intersection")
            seen.add(b.at)
        object.__setattr__(self, "_by_id", {b.id: b for b in self.boats})


def ahead(b: Boat) -> Point:
    sx, sy = b.heading.step
    return (b.at[0] + sx, b.at[1] + sy)


def claims(position: Position) -> dict[str, frozenset[Point]]:
    """A boat claims the intersection ahead of it."""
    return {b.id: frozenset({ahead(b)}) for b in position.boats}


def _decide_tack(p: tuple[Boat, Boat]) -> Decision | None:
    a, b = p
    if a.heading is b.heading:
        return None
    holder, giver = (a, b) if a.heading is Compass.NW else (b, a)
    return holder.id, giver.id, "starboard"


def _decide_south(p: tuple[Boat, Boat]) -> Decision | None:
    a, b = p
    if a.at[1] == b.at[1]:
        return None
    holder, giver = (a, b) if a.at[1] < b.at[1] else (b, a)
    return holder.id, giver.id, "leeward"


RIGHT_OF_WAY = (
    Rule("starboard over port", TOY1, "A boat on starboard (heading NW) holds right of way.",
         _decide_tack, lambda p, d: [Step("rule", "starboard holds right of way", TOY1)]
         if d else []),
    Rule("the southern boat", TOY2, "On one tack the boat further South holds right of way.",
         _decide_south, lambda p, d: [Step("rule", "the boat further South holds right of way",
                                           TOY2)] if d else []),
)


def right_of_way(position: Position, a: str, b: str) -> RightOfWay | None:
    steps: list[Step] = []
    found = decide(RIGHT_OF_WAY, (position.boat(a), position.boat(b)), steps)
    return None if found is None else RightOfWay(*found, tuple(steps))


def legal_moves(position: Position, boat: str) -> list[Move]:
    b = position.boat(boat)
    taken = {o.at for o in position.boats}
    return [Move(boat, "T"), *([Move(boat, "A")] if ahead(b) not in taken else [])]


def apply(position: Position, move: Move) -> Position:
    if move not in legal_moves(position, move.boat):
        raise IllegalMove(move, "a boat advances onto a free intersection, or tacks", TOY3)
    b = position.boat(move.boat)
    moved = (replace(b, at=ahead(b)) if move.action == "A"
             else replace(b, heading=Compass.NE if b.heading is Compass.NW else Compass.NW))
    return Position(tuple(moved if o.id == b.id else o for o in position.boats))


def adjudicate(position: Position, move: Move, protest: object = None) -> Ruling[Position, Move]:
    """A move is legal or not (TOY 3); this toy ruleset has no penalties."""
    legal = move in legal_moves(position, move.boat)
    step = Step("conclusion", f"{move} is {'legal' if legal else 'not legal'}", TOY3)
    return Ruling(move, legal, "legal" if legal else "not legal", (), False, None, None, (step,),
                  apply(position, move) if legal else None, position, "tack-and-advance")
