"""What the America's Cup move generator offers: crew tacks when the crew has points,
and a skip or an exchange only when no card gives a move (AC The Crew, AC Turn
Sequence)."""

from __future__ import annotations

from rightofway import ac
from rightofway.geometry import Compass

CARD = ac.Card.parse("G3/5/1-4-7")


def _position(**options: object) -> ac.Position:
    red = ac.Boat("red", (10, 17), Compass.NW, hand=(CARD,), crew=(1, 4, 7))
    blue = ac.Boat("blue", (4, 20), Compass.NW, hand=(CARD,), crew=(2, 3, 5))
    return ac.Position((red, blue), ac.Options.of({"advanced": True, **options}))


def test_crew_tacks_are_offered_when_the_crew_has_points() -> None:
    """red's three crew positions match the card's three numbers: 3 crew points, spent in
    one block of crew tacks (CL, CR) somewhere in the move."""
    pos = _position(sequence=False)
    red = pos.boat("red")
    assert ac.crew_points(red, CARD, pos) == 3
    moves = ac.legal_moves(pos, "red")
    crewed = [m for m in moves if {"CL", "CR"} & set(m.actions)]
    assert crewed, "no move uses the crew points"
    assert all(ac.legality(pos, m).legal for m in crewed)
    assert all(sum(a in ("CL", "CR") for a in m.actions) <= 3 for m in crewed)


def test_without_crew_points_no_crew_tack_is_offered() -> None:
    pos = _position(sequence=False, crew=False)
    assert not [m for m in ac.legal_moves(pos, "red") if {"CL", "CR"} & set(m.actions)]


def test_a_boat_with_a_card_to_play_is_offered_no_skip_or_exchange() -> None:
    """Skipping (and exchanging the hand) is for a boat no card gives a move."""
    moves = ac.legal_moves(_position(sequence=False), "red")
    assert moves and not [m for m in moves if m.skip or m.exchange]


def test_a_boat_with_no_card_of_her_colour_skips_and_may_exchange() -> None:
    """red sails on starboard (NW) upwind and holds only a red (port) card: no card move,
    so she skips, and in the race she may exchange her hand."""
    red_card = ac.Card.parse("R3/5/1-4-7")
    red = ac.Boat("red", (10, 17), Compass.NW, hand=(red_card,))
    blue = ac.Boat("blue", (4, 20), Compass.NW, hand=(CARD,))
    moves = ac.legal_moves(ac.Position((red, blue)), "red")
    assert moves and all(m.skip for m in moves)
    assert any(m.exchange for m in moves)


def _sampled_positions() -> list[tuple[ac.Position, str]]:
    """Positions of seeded games, base and advanced rules, start procedure and race, with
    the boat to move in each: the generator is held to the explained rules on them."""
    import random

    out: list[tuple[ac.Position, str]] = []
    for seed, options, start in ((1, {}, True), (2, {"advanced": True}, True),
                                 (3, {"advanced": True}, False),
                                 (4, {"advanced": True, "sequence": False}, False)):
        race = ac.Race.new(2, seed=seed, options=options, start_procedure=start)
        rng = random.Random(seed)
        for _ in range(30):
            if race.is_over():
                break
            moves = race.legal_moves()
            out.append((race.position, moves[0].boat))
            race = race.push(rng.choice(moves))
    return out


POSITIONS = _sampled_positions()


def test_every_generated_move_is_legal_by_the_explained_rules() -> None:
    """``legal_moves`` is the fast path; ``legality`` the cited rule tables. Every move
    the generator offers, skips, exchanges and crew tacks included, is legal by the
    tables, in the start procedure and in the race."""
    offered = 0
    for pos, boat in POSITIONS:
        for move in ac.legal_moves(pos, boat):
            verdict = ac.legality(pos, move)
            assert verdict.legal, f"{move} offered but illegal: {verdict.reason}"
            offered += 1
    assert offered > 1000


def test_the_generator_misses_no_outcome_of_a_legal_move() -> None:
    """Completeness on the sample: a legal move made by putting a crew tack before a
    generated move ends where some generated move of the same card ends (the generator
    keeps one move for each distinct outcome)."""
    checked = 0
    for pos, boat in POSITIONS[::5]:
        moves = ac.legal_moves(pos, boat)
        ends = {(m.card, m.discard, m.skip, ac.legality(pos, m).after) for m in moves}
        for move in moves:
            if move.skip:
                continue
            # a crew tack put before the first action: when that move is legal, its
            # outcome must be one the generator offers
            for extra in (("CL",), ("CR",)):
                longer = ac.Move(move.boat, move.card, extra + move.actions, move.discard)
                verdict = ac.legality(pos, longer)
                if verdict.legal:
                    checked += 1
                    assert (longer.card, longer.discard, False, verdict.after) in ends, longer
    assert checked > 20
