"""America's Cup properties: legal moves keep hulls legal and every boat able to act;
East-West mirroring swaps the card colours and keeps legality; replays reproduce games."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rightofway.ac import Boat, Move, Options, Position, PositionError, has_action, legality
from rightofway.ac import legal_moves as ac_legal_moves
from rightofway.ac.bots import choose_move, random_race
from rightofway.ac.moves import MP_ACTIONS
from rightofway.ac.race import DEFAULT_DECK, Race
from rightofway.ac.record import replay
from rightofway.geometry import Compass

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.filter_too_much])
MIRROR = {"A": "A", "AL": "AR", "AR": "AL", "L": "R", "R": "L", "CL": "CR", "CR": "CL"}

HEADINGS = [h for h in Compass]
options_st = st.builds(
    Options, crew=st.booleans(), into_the_wind=st.booleans(), sequence=st.booleans(),
    head_cover=st.booleans(), downwind_cover=st.booleans(), legs=st.just(1))


@st.composite
def positions(draw: st.DrawFn, *, headings: list[Compass] = HEADINGS) -> Position:
    options = draw(options_st)
    n = draw(st.integers(2, 3))
    boats = []
    for i in range(n):
        bow = (draw(st.integers(0, 20)), draw(st.integers(0, 48)))
        heading = draw(st.sampled_from(headings))
        leg = draw(st.integers(1, 2))
        hand = tuple(draw(st.lists(st.sampled_from(DEFAULT_DECK), min_size=1, max_size=4)))
        crew = tuple(draw(st.permutations(range(1, 9)))[:3])
        seq = draw(st.sampled_from([None, 2, 3, 4, 5])) if options.sequence and leg == 1 \
            else None
        boats.append(Boat(f"b{i}", bow, heading, leg, crew, seq, hand))
    try:
        return Position(tuple(boats), options)
    except PositionError:
        assume(False)
        raise


@SETTINGS
@given(positions())
def test_legal_moves_keep_hulls_legal_and_every_boat_able_to_act(p: Position) -> None:
    mover = p.boats[0].id
    for m in ac_legal_moves(p, mover)[:40]:
        lg = legality(p, m)
        assert lg.legal, (m, lg.reason)
        after = lg.after
        assert after is not None
        course = after.options.course
        seen: set[tuple[int, int]] = set()
        for b in after.boats:
            for q in b.points:
                assert course.on_board(q) and q not in course.marks and q not in seen
                seen.add(q)
        for b in after.boats:
            # a move may not take a boat's last action away; a boat already boxed in (by
            # the edge and other hulls) before the move has none to lose
            if b.id != mover and has_action(p, b.id):
                assert has_action(after, b.id)
        spent = sum(1 for a in m.actions if a in MP_ACTIONS)
        assert m.skip or spent == lg.points or lg.stopped


def _mirror_move(m: Move) -> Move:
    return Move(m.boat, m.card.mirrored() if m.card else None,
                tuple(MIRROR[a] for a in m.actions),  # type: ignore[misc]
                m.discard.mirrored() if m.discard else None, m.exchange)


@SETTINGS
@given(positions(headings=[h for h in Compass if h is not Compass.S]),
       st.lists(st.sampled_from(["A", "AL", "AR", "L", "R", "CL", "CR"]), max_size=6),
       st.integers(0, 3))
def test_mirroring_swaps_colours_and_keeps_legality(p: Position, actions: list[str],
                                                    pick: int) -> None:
    b = p.boats[0]
    hand = b.hand or ()
    card = hand[pick % len(hand)]
    move = Move(b.id, card, tuple(actions))  # type: ignore[arg-type]
    mirrored = p.mirrored()
    assert mirrored.boat(b.id).hand == tuple(c.mirrored() for c in hand)
    lg = legality(p, move)
    mlg = legality(mirrored, _mirror_move(move))
    assert lg.legal == mlg.legal, (lg.reason, mlg.reason)
    assert lg.cite == mlg.cite
    if lg.after is not None and mlg.after is not None:
        w = p.options.course.width
        for x in lg.after.boats:
            y = mlg.after.boat(x.id)
            assert y.at == (w - x.at[0], x.at[1])
            assert y.heading == Compass((-x.heading.value) % 360)
            assert (y.leg, y.finished) == (x.leg, x.finished)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3]), st.booleans())
def test_replays_of_random_games_reproduce_them(seed: int, boats: int, advanced: bool) -> None:
    options = Options.of({"advanced": advanced and boats == 2, "legs": 1})
    race = random_race(boats, seed, options=options)
    race = replace(race, max_turns=40)
    rng = random.Random(seed)
    while not race.is_over():
        race, _ = race.play(choose_move(race, rng))
    turns = list(replay(list(race.record_lines())))
    assert len(turns) == race.turn
    if turns:
        again: Race = turns[-1].race
        assert again.position == race.position
        assert [m for m, _ in again.played] == [m for m, _ in race.played]
