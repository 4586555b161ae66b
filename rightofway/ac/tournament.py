"""The America's Cup tournament: a round robin of match races, one point a win, and a final
between the two highest totals (``AC Tournament``).

Ties for the final are broken by the head-to-head race of the boats tied, then
by lot (seeded). :func:`standings` is the pure scoring; :func:`tournament` sails
every match with the seeded bots (or with ``play``, any function that sails one
match and names its winner).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from rightofway.ac.position import Boat, Options
from rightofway.ac.race import Race, start_boats
from rightofway.errors import shown
from rightofway.races import SetupError

__all__ = ["Match", "Tournament", "sail_match", "standings", "tournament"]


@dataclass(frozen=True, slots=True)
class Match:
    """One match race: the two crews, the winner and how many moves it took."""

    a: str
    b: str
    winner: str
    moves: int = 0


@dataclass(frozen=True, slots=True)
class Tournament:
    """The round robin, the points of each crew, the final and the Cup's winner."""

    players: tuple[str, ...]
    matches: tuple[Match, ...]
    table: tuple[tuple[str, int], ...]
    """Crews by points, highest first (ties in the order the tie-breaks give)."""
    final: Match | None
    champion: str

    def text(self) -> str:
        """The standings for people."""
        lines = ["round robin:"]
        lines += [f"  {m.a} v {m.b}: {m.winner}" for m in self.matches]
        lines.append("standings:")
        lines += [f"  {i}. {p} {pts} point{'s' if pts != 1 else ''}"
                  for i, (p, pts) in enumerate(self.table, 1)]
        if self.final is not None:
            lines.append(f"final: {self.final.a} v {self.final.b}: {self.final.winner}")
        lines.append(f"America's Cup: {self.champion}")
        return "\n".join(lines)


def standings(players: Sequence[str], matches: Sequence[Match],
              rng: random.Random | None = None) -> tuple[tuple[str, int], ...]:
    """Crews by points (1 a win, 0 a defeat), highest first; equal totals are ordered by
    their head-to-head race when two are tied, then by lot."""
    if len(set(players)) != len(players):
        raise ValueError("players: every crew once")
    points = {p: 0 for p in players}
    for m in matches:
        if m.winner not in (m.a, m.b):
            raise ValueError(f"match {m.a} v {m.b}: the winner {shown(m.winner)} did not sail it")
        if m.a not in points or m.b not in points:
            raise ValueError(f"match {m.a} v {m.b}: not a crew of the tournament")
        points[m.winner] += 1
    rng = rng or random.Random(0)
    lots = {p: rng.random() for p in players}

    def head_to_head(p: str, tied: list[str]) -> int:
        if len(tied) != 2:
            return 0
        other = tied[0] if tied[1] == p else tied[1]
        return sum(1 for m in matches if {m.a, m.b} == {p, other} and m.winner == p)

    out: list[tuple[str, int]] = []
    for total in sorted(set(points.values()), reverse=True):
        tied = [p for p in players if points[p] == total]
        tied.sort(key=lambda p: (-head_to_head(p, tied), lots[p]))
        out.extend((p, total) for p in tied)
    return tuple(out)


def sail_match(a: str, b: str, seed: int, options: Options | None = None,
               max_turns: int = 2000) -> Match:
    """Sail one match race between crews ``a`` and ``b`` with the seeded bots."""
    from rightofway.ac import bots

    opts = options or Options.of({"advanced": True})
    rng = random.Random(seed)
    fleet: list[Boat] = start_boats(2, opts, rng, ids=(a, b))
    race = Race.new(fleet, options=opts, seed=seed, max_turns=max_turns)
    while not race.is_over():
        race, _ = race.play(bots.choose_move(race, rng))
    winner = race.winner or rng.choice((a, b))
    return Match(a, b, winner, race.turn)


def tournament(players: Sequence[str], seed: int = 0, *, options: Options | None = None,
               play: Callable[[str, str, int], Match] | None = None) -> Tournament:
    """A round robin of match races between 2..6 crews, then the final of the top two."""
    crews = tuple(players)
    if not 2 <= len(crews) <= 6 or len(set(crews)) != len(crews):
        raise SetupError("a tournament has 2 to 6 different crews")
    sail = play or (lambda a, b, s: sail_match(a, b, s, options))
    rng = random.Random(seed)
    matches = tuple(sail(a, b, rng.randrange(2**31)) for a, b in combinations(crews, 2))
    table = standings(crews, matches, rng)
    final = None
    champion = table[0][0]
    if len(crews) > 2:
        final = sail(table[0][0], table[1][0], rng.randrange(2**31))
        champion = final.winner
    return Tournament(crews, matches, table, final, champion)
