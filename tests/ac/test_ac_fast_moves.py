"""The America's Cup move generator against a straightforward reference: every move list
is the same moves in the same order (AC Boat Position and Movement, AC Forbidden
Manoeuvres, AC The Crew).

The reference below is the generator as it first stood: one breadth-first search of the
actions for each card, every hull checked by the board anew, every other boat's actions
found anew for each end. The generator works from tables built once per position
(each action's steps from a hull, the ends that leave another boat without an action, the
ends of each search, shared by the cards with the same points and crew points); the
lists must not change for it, on the catalogue's positions, on positions along seeded
games and on random ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from rightofway import ac
from rightofway.ac.bots import _outcome, choose_move, random_race
from rightofway.ac.moves import (
    MP_ACTIONS,
    Action,
    Move,
    _act,
    _Board,
    _racing,
    crew_points,
    points_available,
)
from rightofway.ac.position import Boat, Card, Options, Position, PositionError, _crossing, _hull
from rightofway.ac.race import DEFAULT_DECK
from rightofway.ac.rules import _card_allows, playable
from rightofway.geometry import Compass
from rightofway.scenarios import bundled_catalogue, find_scenarios, load_scenario

Point = tuple[int, int]


# --- the reference ---------------------------------------------------------------------------


def reference_moves(position: Position, boat_id: str, card: Card | None = None, *,
                    discard: bool = False) -> list[Move]:
    """Every legal move of a boat, as the generator first found them."""
    b = position.boat(boat_id)
    if card is None:
        out: list[Move] = []
        for m in reference_playable(position, boat_id):
            c = m.card if m.card is not None else m.discard
            assert c is not None
            out.extend(reference_moves(position, boat_id, c, discard=m.discard is not None))
        if not out and _card_allows(position, Move(boat_id)):
            out = [Move(boat_id)]
            if position.phase == "race" and b.status is None:
                out.append(Move(boat_id, exchange=True))
        return out
    base = Move(boat_id, None if discard else card, (), discard=card if discard else None)
    if not _card_allows(position, base):
        return []
    points, _ = points_available(position, base)
    crew = crew_points(b, base.card, position)
    board = _Board(position, boat_id)
    start = position.phase == "start"
    end_into_wind_ok = start or position.options.into_the_wind
    out = []
    for acts, bow, heading in _reference_sequences(position, b, board, points, crew):
        if heading is Compass.N and not end_into_wind_ok:
            continue
        if _reference_blocked(position, b, bow, heading, start) is None:
            out.append(Move(boat_id, base.card, acts, discard=base.discard))
    return out


def reference_playable(position: Position, boat_id: str) -> list[Move]:
    """The cards and discards of the hand the card's rules (CARD, asked one move at a time)
    allow: the cards played, then the discards, in the order of the hand."""
    hand = dict.fromkeys(position.boat(boat_id).hand or ())
    return ([Move(boat_id, c, ()) for c in hand if _card_allows(position, Move(boat_id, c, ()))]
            + [Move(boat_id, None, (), discard=c) for c in hand
               if _card_allows(position, Move(boat_id, None, (), discard=c))])


def _reference_blocked(position: Position, b: Boat, bow: Point, heading: Compass,
                       start: bool) -> str | None:
    mover = _hull(bow, heading)
    for x in position.boats:
        if x.id == b.id or not position.obstacle(x) or not _racing(position, x):
            continue
        xb = _Board(position, x.id, b.id)
        found = []
        for a in MP_ACTIONS:
            nb, nh, stepped = _act(x.at, x.heading, a)
            if stepped is Compass.N and not start:
                continue
            if xb.problem(nb, nh, "") is None:
                found.append(_hull(nb, nh))
        if all(c[0] in mover or c[1] in mover or _crossing(c, mover) for c in found):
            return x.id
    return None


def _reference_sequences(position: Position, b: Boat, board: _Board, points: int, crew: int,
                         ) -> list[tuple[tuple[Action, ...], Point, Compass]]:
    o = position.options
    start = position.phase == "start"
    stop = o.into_the_wind and not start
    partial = not o.must_use_all_points and not start
    blocks: list[tuple[Action, ...]] = []
    if crew and o.crew and not start:
        for k in range(1, crew + 1):
            blocks.append(("CL",) * k)
            blocks.append(("CR",) * k)
    last_leg = b.leg == o.last_leg and not b.finished and not start
    course = o.course
    State = tuple[Point, Compass, int, bool, bool, bool]
    first: State = (b.at, b.heading, 0, False, b.finished, False)
    seen: set[State] = {first}
    frontier: list[tuple[State, tuple[Action, ...]]] = [(first, ())]
    outcomes: dict[tuple[Point, Compass, bool], tuple[Action, ...]] = {}
    while frontier:
        nxt: list[tuple[State, tuple[Action, ...]]] = []
        for (bow, heading, spent, used, fin, stopped), done in frontier:
            if spent == points or stopped or partial:
                outcomes.setdefault((bow, heading, fin), done)
            if stopped:
                continue
            if not used:
                for blk in blocks:
                    nb, nh, ok = _block_end(board, bow, heading, blk)
                    if not ok:
                        continue
                    f2 = fin
                    if last_leg and not fin:
                        pb, ph = bow, heading
                        for a in blk:
                            qb, qh, _ = _act(pb, ph, a)
                            if course._finishes(_hull(pb, ph), _hull(qb, qh)):
                                f2 = True
                            pb, ph = qb, qh
                    state = (nb, nh, spent, True, f2, False)
                    if state not in seen:
                        seen.add(state)
                        nxt.append((state, done + blk))
            if spent == points:
                continue
            for a in MP_ACTIONS:
                nb, nh, stepped = _act(bow, heading, a)
                if stepped is Compass.N and not start:
                    continue
                if board.problem(nb, nh, "") is not None:
                    continue
                f2 = fin or (last_leg and course._finishes(_hull(bow, heading), _hull(nb, nh)))
                state = (nb, nh, spent + 1, used, f2, stop and nh is Compass.N)
                if state not in seen:
                    seen.add(state)
                    nxt.append((state, (*done, a)))
        frontier = nxt
    return [(acts, bow, heading) for (bow, heading, _), acts in outcomes.items()]


def _block_end(board: _Board, bow: Point, heading: Compass, blk: Sequence[Action],
               ) -> tuple[Point, Compass, bool]:
    for a in blk:
        bow, heading, _ = _act(bow, heading, a)
        if board.problem(bow, heading, "") is not None:
            return bow, heading, False
    return bow, heading, True


# --- the comparison ---------------------------------------------------------------------------


def fresh(position: Position) -> Position:
    """An equal position with nothing worked out yet."""
    return Position(position.boats, position.options, position.phase, position.start_round)


def assert_same_moves(position: Position) -> int:
    """Every boat's moves, with every card and discard one at a time and all at once, as
    the reference finds them; how many moves were compared."""
    compared = 0
    for b in position.boats:
        want = reference_moves(position, b.id)
        assert ac.legal_moves(fresh(position), b.id) == want, b.id
        compared += len(want)
        cached = fresh(position)
        for c in dict.fromkeys(b.hand or ()):
            for discard in (False, True):
                want_c = reference_moves(position, b.id, c, discard=discard)
                assert ac.legal_moves(cached, b.id, c, discard=discard) == want_c, (b.id, c)
                assert ac.legal_moves(fresh(position), b.id, c, discard=discard) == want_c
                compared += len(want_c)
        assert ac.legal_moves(cached, b.id) == want, b.id
    return compared


def catalogue_positions() -> list[Position]:
    out = []
    for f in find_scenarios([bundled_catalogue() / "americas-cup"]):
        out.append(load_scenario(f).position)
    return out


def game_positions(seeds: Sequence[int], boats: int) -> Iterator[Position]:
    """The positions along seeded bot games (as ``rightofway play`` plays them)."""
    for seed in seeds:
        race = random_race(boats, seed)
        rng = random.Random(seed)
        while not race.is_over():
            yield race.position
            race, _ = race.play(choose_move(race, rng))


def test_the_catalogue_positions_have_the_reference_moves() -> None:
    positions = catalogue_positions()
    assert len(positions) > 100
    assert sum(assert_same_moves(p) for p in positions) > 1000


def test_positions_along_seeded_games_have_the_reference_moves() -> None:
    compared = 0
    for i, p in enumerate(game_positions((0, 5), 2)):
        if i % 4 == 0:
            compared += assert_same_moves(p)
    assert compared > 10_000


@pytest.mark.slow
def test_every_position_of_many_seeded_games_has_the_reference_moves() -> None:
    for boats, seeds in ((2, range(1, 6)), (3, range(0, 2))):
        for p in game_positions(seeds, boats):
            assert_same_moves(p)


def test_the_bot_sees_each_move_end_where_its_actions_take_it() -> None:
    """The bot scores the ends the generator found with each move; following the move's
    actions (the bot's first way) reaches the same bow, heading, leg and finish."""
    from rightofway.ac import rules

    checked = 0
    for i, p in enumerate(game_positions((3,), 2)):
        if i % 3 or p.phase == "start":
            continue
        for b in p.boats:
            found = rules._generated(p, b.id)
            moves = ac.legal_moves(p, b.id)
            assert [Move(b.id, c, acts, d) for c, d, acts, _ in found] == \
                [m for m in moves if not m.skip]
            for card, discard, actions, end in found:
                boat = _outcome(p, Move(b.id, card, actions, discard))
                assert (boat.at, boat.heading, boat.finished) == end
                checked += 1
    assert checked > 1000


# --- random positions -------------------------------------------------------------------------


HEADINGS = list(Compass)
options_st = st.builds(
    Options, crew=st.booleans(), into_the_wind=st.booleans(), sequence=st.booleans(),
    head_cover=st.booleans(), downwind_cover=st.booleans(), legs=st.integers(1, 2),
    must_use_all_points=st.booleans(), into_wind_two_starts_sequence=st.booleans(),
    finished_boats_are_obstacles=st.booleans())


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Two to four boats close together (so that they block one another), any options,
    the start procedure or the race, some boats finished or with a start verdict."""
    options = draw(options_st)
    phase = draw(st.sampled_from(["race", "race", "start"]))
    n = draw(st.integers(2, 4))
    cx, cy = draw(st.integers(0, 20)), draw(st.integers(0, 48))
    boats = []
    for i in range(n):
        bow = (min(20, max(0, cx + draw(st.integers(-3, 3)))),
               min(48, max(0, cy + draw(st.integers(-3, 3)))))
        heading = draw(st.sampled_from(HEADINGS))
        leg = draw(st.integers(1, options.last_leg))
        hand = tuple(draw(st.lists(st.sampled_from(DEFAULT_DECK), min_size=0, max_size=6)))
        crew = tuple(draw(st.permutations(range(1, 9)))[:3])
        seq = draw(st.sampled_from([None, 2, 3, 4, 5])) if options.sequence and leg % 2 \
            else None
        finished = phase == "race" and draw(st.integers(0, 5)) == 0
        status = draw(st.sampled_from([None, None, None, "disqualified", "stands-still"]))
        boats.append(Boat(f"b{i}", bow, heading, leg, crew, seq, hand, finished, status))
    try:
        return Position(tuple(boats), options, phase)
    except PositionError:
        assume(False)
        raise


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(positions())
def test_random_positions_have_the_reference_moves(p: Position) -> None:
    assert_same_moves(p)


@st.composite
def hands(draw: st.DrawFn) -> Position:
    """One boat with any hand (repeated cards too), heading, leg, sequence, crew and start
    verdict, under any options, in the start procedure or the race."""
    options = draw(options_st)
    phase = draw(st.sampled_from(["race", "race", "start"]))
    # one card of each colour and upwind value (what the card's rules look at), repeats too
    hand = tuple(draw(st.lists(st.sampled_from(DEFAULT_DECK[::6]), max_size=6)))
    boat = Boat("b", (10, 20), draw(st.sampled_from([*HEADINGS, Compass.N, Compass.N])),
                draw(st.integers(1, options.last_leg)),
                tuple(draw(st.permutations(range(1, 9)))[:3]),
                draw(st.sampled_from([None, 2, 3, 4, 5])),
                draw(st.sampled_from([hand, hand, None])),
                phase == "race" and draw(st.integers(0, 5)) == 0,
                draw(st.sampled_from([None, None, None, "disqualified", "stands-still"])))
    return Position((boat,), options, phase)


def _one(heading: Compass, last: int | None, hand: str, **options: bool) -> Position:
    return Position((Boat("b", (10, 20), heading, 1, (1, 2, 3), last,
                          tuple(Card.parse(c) for c in hand.split())),), Options(**options))


@settings(max_examples=600, deadline=None)
@given(hands())
@example(_one(Compass.N, 3, "G4/5/5-8-2 R5/3/7-2-4", into_the_wind=True))
@example(_one(Compass.N, 3, "G4/5/5-8-2", into_the_wind=True, sequence=True))
@example(_one(Compass.N, None, "G3/4/4-7-1 G2/3/3-6-8", into_the_wind=True))
@example(_one(Compass.NW, 4, "G2/3/3-6-8 G3/4/4-7-1 R5/3/7-2-4", sequence=True))
@example(_one(Compass.NW, 5, "G2/3/3-6-8 G3/4/4-7-1 R5/3/7-2-4", sequence=True))
@example(_one(Compass.NE, 5, "G2/3/3-6-8 R3/1/5-8-2 R5/3/7-2-4", sequence=True))
def test_the_cards_a_boat_may_use_are_the_card_rules(p: Position) -> None:
    """The generator judges a boat's whole hand at once (its colours, whether it may discard
    at all worked out once): the same cards and discards, in the same order, as the rules
    of the card asked one move at a time (AC The Cards, AC Sequence, AC Into the Wind):
    the examples discard into the wind holding a card that would continue the sequence,
    and restart (or not) with a 2 holding a card that continues it."""
    assert playable(fresh(p), "b") == reference_playable(p, "b")


def test_the_cards_of_every_catalogue_and_game_position_are_the_card_rules() -> None:
    checked = 0
    for p in [*catalogue_positions(), *game_positions((0, 1), 2)]:
        for b in p.boats:
            want = reference_playable(p, b.id)
            assert playable(fresh(p), b.id) == want, (b.id, p.to_json())
            checked += len(want)
    assert checked > 1000


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(positions(), st.data())
def test_whether_a_boat_can_move_is_whether_it_has_a_card_move(p: Position,
                                                               data: st.DataObject) -> None:
    """The skip rule asks whether any card or discard gives a move, stopping at the first:
    the answer is whether the reference finds one."""
    from rightofway.ac.rules import _can_move

    b = data.draw(st.sampled_from(p.boats))
    want = any(not m.skip for m in reference_moves(p, b.id))
    assert _can_move(fresh(p), b.id) is want


def test_the_bot_judges_start_manoeuvres_as_the_rules_place_them() -> None:
    """During the start the bot values each manoeuvre by the position after it: worked out
    from the actions (the most hull points over the line give the verdict), as the rules'
    own position after the move (AC Start Procedure)."""
    from rightofway.ac import rules
    from rightofway.ac.bots import _start_score, _start_value

    checked = 0
    for seed in (1, 2, 3):
        for p in game_positions((seed,), 2):
            if p.phase != "start":
                break
            for b in p.boats:
                for card, discard, actions, (at, heading, _) in rules._generated(p, b.id):
                    after = ac.legality(p, Move(b.id, card, actions, discard)).after
                    assert after is not None
                    assert _start_value(p, b, actions, at, heading) == \
                        _start_score(after, b.id, p.start_round)
                    checked += 1
    assert checked > 500


@st.composite
def start_positions(draw: st.DrawFn) -> Position:
    """Two boats of a match race during the start procedure, near the line (some over it
    already), any round."""
    boats = []
    for i in range(2):
        bow = (draw(st.integers(2, 18)), draw(st.integers(0, 7)))
        heading = draw(st.sampled_from(HEADINGS))
        hand = tuple(draw(st.lists(st.sampled_from(DEFAULT_DECK), min_size=1, max_size=2)))
        status = draw(st.sampled_from([None, None, "disqualified", "stands-still"]))
        boats.append(Boat(f"b{i}", bow, heading, hand=hand, status=status))
    try:
        return Position(tuple(boats), Options.of({"advanced": True}), "start",
                        draw(st.integers(0, 4)))
    except PositionError:
        assume(False)
        raise


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(start_positions())
def test_start_values_near_the_line_are_the_rules(p: Position) -> None:
    from rightofway.ac import rules
    from rightofway.ac.bots import _start_score, _start_value

    for b in p.boats:
        for card, discard, actions, (at, heading, _) in rules._generated(p, b.id):
            after = ac.legality(p, Move(b.id, card, actions, discard)).after
            assert after is not None
            assert _start_value(p, b, actions, at, heading) == \
                _start_score(after, b.id, p.start_round)
