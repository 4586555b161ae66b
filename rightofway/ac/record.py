"""America's Cup records: a game as JSON Lines, and replaying one to check it.

The first line sets the game up (options, the seed, boats with their crews and the
hands dealt, the phase); every further line is one move with the cards the turn dealt
(``drawn``) and its events::

    {"type": "move", "turn": 1, "boat": "blue", "card": "G3/5/1-4-7",
     "actions": ["A", "A", "AL"], "drawn": ["R2/4/2-3-5"], "events": [...]}

A replay deals the recorded cards, never the deck, so it does not depend on the
deck; it checks every move is legal and every recorded event is the one the
rules produce (the kernel's :func:`rightofway.races.replay_turns`). A line that cannot
be read (an unknown card, an action that is not one of the seven, a crew outside
1..8, a card not in the hand) is a :class:`~rightofway.races.RecordError` naming the
line and field. :meth:`Race.load <rightofway.races.Race.load>` resumes a saved game from its record.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rightofway import races
from rightofway.ac.formats import SetupModel, TurnModel
from rightofway.ac.moves import Move
from rightofway.ac.position import Boat, Card, CardError, Options, PositionError
from rightofway.ac.race import Race
from rightofway.geometry import Compass
from rightofway.races import RecordError, ReplayTurn, SetupError, replay_turns

__all__ = ["replay", "start"]


def _card(text: str, number: int, where: str) -> Card:
    try:
        return Card.parse(text)
    except CardError as e:
        raise RecordError(number, f"{where}: {e}") from None


def start(lines: list[str]) -> Race:
    """The game a record's set-up line describes;
    :class:`~rightofway.races.RecordError` when it cannot be read or breaks the set-up
    rules."""
    setup = races.read_setup(lines, SetupModel, show_input=True)
    try:
        options = Options.of(setup.options)
    except (ValueError, TypeError) as e:
        raise RecordError(1, f"options: {e}") from None
    boats = []
    hands: dict[str, list[Card]] = {}
    for i, bl in enumerate(setup.boats):
        try:
            boats.append(Boat(bl.id, (bl.bow[0], bl.bow[1]), Compass[bl.heading], 1,
                              tuple(bl.crew) if bl.crew is not None else None))
        except PositionError as e:
            raise RecordError(1, f"boats.{i}.{'.'.join(map(str, e.path))}: {e.message}") \
                from None
        hands[bl.id] = [_card(c, 1, f"boats.{i}.hand.{j}") for j, c in enumerate(bl.hand)]
    try:
        return Race.new(boats, seed=setup.seed, options=options,
                        start_procedure=setup.phase == "start",
                        until_all_finish=setup.until_all_finish, max_turns=setup.max_turns,
                        hands=hands)
    except (SetupError, PositionError, ValueError) as e:
        raise RecordError(1, f"boats: {e}") from None


def _read_move(t: TurnModel, race: Race, number: int) -> tuple[Move, dict[str, Any]]:
    """The move of one record line and the cards it dealt (``play``'s ``drawn``)."""
    card = _card(t.card, number, "card") if t.card is not None else None
    discard = _card(t.discard, number, "discard") if t.discard is not None else None
    drawn = [_card(c, number, f"drawn.{i}") for i, c in enumerate(t.drawn)]
    if race.position.has_boat(t.boat):
        hand = race.position.boat(t.boat).hand or ()
        for name, c in (("card", card), ("discard", discard)):
            if c is not None and c not in hand:
                raise RecordError(number, f"{name}: {c} is not in {t.boat}'s hand "
                                          f"({' '.join(map(str, hand)) or 'empty'})")
    return Move(t.boat, card, tuple(t.actions), discard, t.exchange), {"drawn": drawn}


def replay(lines: list[str]) -> Iterator[ReplayTurn[Race, Move]]:
    """Replay a record move by move.

    Raises :class:`~rightofway.races.RecordError` for a malformed line and
    :class:`~rightofway.races.ReplayMismatch` naming the turn when a move is out of turn
    or illegal, or when the events recorded differ from those the rules produce (saying
    which).
    """
    yield from replay_turns(lines, start(lines), TurnModel, _read_move)
