"""America's Cup whole games: match race, start procedure, regatta, records, CLI, tournament."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from pathlib import Path

import pytest

from rightofway.ac import Boat, Card, Move, Options, Position
from rightofway.ac.bots import choose_move, random_race
from rightofway.ac.race import DEFAULT_DECK, Race
from rightofway.ac.record import replay
from rightofway.ac.tournament import Match, standings, tournament
from rightofway.cli import main
from rightofway.geometry import Compass
from rightofway.races import IllegalMove, RecordError, ReplayMismatch, SetupError

SHORT = Options.of({"advanced": True, "legs": 1})


def sail(race: Race, seed: int) -> Race:
    rng = random.Random(seed)
    while not race.is_over():
        race, _ = race.play(choose_move(race, rng))
    return race


@pytest.fixture(scope="module")
def match() -> Race:
    return sail(random_race(2, 5, options=SHORT), 5)


def test_default_deck_is_documented_and_balanced() -> None:
    assert len(DEFAULT_DECK) == 48
    for colour in "GR":
        for up in range(2, 6):
            assert sum(1 for c in DEFAULT_DECK if (c.colour, c.up) == (colour, up)) == 6
    assert all(len(set(c.crew)) == 3 for c in DEFAULT_DECK)
    counts = [sum(c.crew.count(n) for c in DEFAULT_DECK) for n in range(1, 9)]
    assert max(counts) - min(counts) <= 2


def test_a_match_race_runs_the_start_and_ends_at_the_first_finish(match: Race) -> None:
    first = match.start
    assert first.position.phase == "start"
    assert all(len(b.hand or ()) <= 1 for b in first.position.boats)
    kinds = [e.kind for _, events in match.played for e in events]
    assert "start-over" in kinds or match.out
    assert match.is_over()
    assert match.winner is not None
    assert match.finish_order[:1] == (match.winner,) or match.out


def test_every_card_dealt_is_an_event_and_hands_stay_at_six(match: Race) -> None:
    node = match
    while node.parent is not None:
        node = node.parent
        if node.position.phase == "race" and node.parent is not None:
            for b in node.position.boats:
                if b.id in node.racing and b.status is None:
                    assert len(b.hand or ()) == 6


def test_record_replays_to_the_same_game(match: Race) -> None:
    lines = list(match.record_lines())
    turns = list(replay(lines))
    assert len(turns) == match.turn
    assert turns[-1].race.position == match.position
    assert turns[-1].race.finish_order == match.finish_order


def test_replay_never_depends_on_the_deck(match: Race) -> None:
    lines = list(match.record_lines())
    setup = json.loads(lines[0])
    assert all("hand" in b for b in setup["boats"])
    # a record whose cards were dealt from another deck still replays: nothing is drawn
    # from a deck in a replay, every card comes from the record
    import rightofway.ac.race as race_module

    saved = race_module.DEFAULT_DECK
    try:
        race_module.DEFAULT_DECK = tuple(reversed(saved))
        assert len(list(replay(lines))) == match.turn
    finally:
        race_module.DEFAULT_DECK = saved


def test_an_altered_move_is_named_by_its_turn(match: Race) -> None:
    lines = list(match.record_lines())
    for i in range(len(lines) - 1, 0, -1):
        d = json.loads(lines[i])
        if len(d["actions"]) >= 2 and d.get("card"):
            d["actions"] = d["actions"][:-1]
            lines[i] = json.dumps(d)
            break
    with pytest.raises(ReplayMismatch, match=f"turn {d['turn']}"):
        list(replay(lines))


def test_bad_record_lines_name_line_and_field(match: Race) -> None:
    lines = list(match.record_lines())
    d = json.loads(lines[3])
    d["card"] = "Q9/9/9-9-9"
    bad = [*lines[:3], json.dumps(d)]
    with pytest.raises(RecordError, match=r"line 4: card: unknown card notation"):
        list(replay(bad))
    d = json.loads(lines[3])
    d["actions"] = ["A", "JUMP"]
    with pytest.raises(RecordError, match=r"line 4: actions"):
        list(replay([*lines[:3], json.dumps(d)]))
    setup = json.loads(lines[0])
    setup["boats"][0]["crew"] = [1, 1, 2]
    with pytest.raises(RecordError, match=r"line 1: .*crew"):
        list(replay([json.dumps(setup)]))
    setup["boats"][0]["crew"] = [0, 1, 2]
    with pytest.raises(RecordError, match=r"line 1: .*crew"):
        list(replay([json.dumps(setup)]))
    d = json.loads(lines[3])
    other = next(c for c in DEFAULT_DECK if c not in match.position.boat(d["boat"]).hand)
    d["card"] = str(other)
    replayed = list(replay(lines[:3]))
    hand = replayed[-1].race.position.boat(d["boat"]).hand or ()
    d["card"] = str(next(c for c in DEFAULT_DECK if c not in hand))
    with pytest.raises(RecordError, match=r"line 4: card: .* is not in"):
        list(replay([*lines[:3], json.dumps(d)]))


def test_out_of_turn_and_illegal_moves_are_refused(match: Race) -> None:
    race = match.start
    who = race.to_move
    assert who is not None
    other = next(b for b in race.order if b != who)
    with pytest.raises(IllegalMove, match="turn"):
        race.play(Move(other, Card.parse("G2/1/1-2-3"), ("A", "A")))


def test_start_procedure_verdict_ends_a_match() -> None:
    o = Options.of({"advanced": True})
    boats = [Boat("a", (8, 2), Compass.N), Boat("b", (12, 1), Compass.N)]
    hands = {"a": [Card.parse("G2/1/1-2-3")], "b": []}
    race = Race.new(boats, options=o, hands=hands, start_procedure=True)
    race, events = race.play(Move("a", Card.parse("G2/1/1-2-3"), ("A", "A")))
    assert any(e.kind == "start-fault" for e in events)
    assert race.is_over() and race.winner == "b" and race.out == ("a",)


def test_regatta_of_four_boats_under_base_rules_finishes_everyone() -> None:
    race = sail(random_race(4, 2, options=Options(legs=1)), 2)
    assert race.is_over()
    assert sorted(race.finish_order) == sorted(race.order)
    assert not race.position.options.advanced


def test_set_up_limits() -> None:
    with pytest.raises(SetupError):
        random_race(7, 0)
    with pytest.raises(SetupError, match="below the line"):
        Race.new([Boat("a", (8, 5), Compass.N), Boat("b", (12, 1), Compass.N)])


def test_standings_points_and_tie_breaks() -> None:
    players = ("a", "b", "c")
    matches = (Match("a", "b", "b"), Match("a", "c", "a"), Match("b", "c", "c"))
    table = standings(players, matches)
    assert sorted(pts for _, pts in table) == [1, 1, 1]
    four = ("a", "b", "c", "d")
    ms = (Match("a", "b", "a"), Match("a", "c", "a"), Match("a", "d", "d"),
          Match("b", "c", "c"), Match("b", "d", "b"), Match("c", "d", "d"))
    t = standings(four, ms)
    # a 2, d 2 (d beat a head to head), c 1, b 1 (c beat b)
    assert t == (("d", 2), ("a", 2), ("c", 1), ("b", 1))
    with pytest.raises(ValueError, match="did not sail"):
        standings(four, (Match("a", "b", "c"),))


def test_tournament_round_robin_and_final() -> None:
    def fake(a: str, b: str, seed: int) -> Match:
        return Match(a, b, min(a, b))  # the earlier name always wins

    t = tournament(("d", "b", "a", "c"), 1, play=fake)
    assert len(t.matches) == 6
    assert t.table[0] == ("a", 3) and t.table[1] == ("b", 2)
    assert t.final == Match("a", "b", "a") and t.champion == "a"
    assert "America's Cup: a" in t.text()


def test_cli_play_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "r.jsonl"
    assert main(["play", "--ruleset", "americas-cup", "--seed", "3", "--record", str(record),
                 "-q"]) == 0
    out = capsys.readouterr().out
    assert "finish: 1." in out
    assert main(["replay", str(record), "-q"]) == 0
    lines = record.read_text().splitlines()
    for i in range(len(lines) - 1, 0, -1):
        d = json.loads(lines[i])
        if d.get("card") and len(d["actions"]) >= 2:
            d["actions"] = [*reversed(d["actions"]), "A"]
            lines[i] = json.dumps(d)
            break
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(bad), "-q"]) == 1
    assert f"turn {d['turn']}" in capsys.readouterr().err
    d = json.loads(lines[2])
    d["card"] = "G9/1/1-2-3"
    worse = tmp_path / "worse.jsonl"
    worse.write_text("\n".join([lines[0], lines[1], json.dumps(d)]) + "\n")
    assert main(["replay", str(worse), "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "line 3: card:" in err[0]


def test_bots_sail_sensibly(match: Race) -> None:
    """They use crew points, tack on the beat, round the windward buoy and finish."""
    assert any(a in ("CL", "CR") for m in match.moves for a in m.actions)
    states = []
    node: Race | None = match
    while node is not None:
        states.append(node.position)
        node = node.parent
    states.reverse()
    for boat in match.order:
        tacks = [p.boat(boat).tack for p in states
                 if p.phase == "race" and p.boat(boat).upwind and p.boat(boat).tack]
        assert sum(1 for a, b in pairwise(tacks) if a != b) >= 1
    assert match.winner is not None
    assert match.position.boat(match.winner).finished
    assert any(e.kind == "leg" for _, events in match.played for e in events)


def test_the_deck_is_an_option_and_records_keep_it() -> None:
    small = DEFAULT_DECK[:30]
    options = Options.of({"deck": [str(c) for c in small]})
    race = random_race(2, 1, options=options, advanced=False)
    assert all(c in small for b in race.position.boats for c in b.hand or ())
    race, _ = race.play(choose_move(race, random.Random(1)))
    lines = list(race.record_lines())
    assert json.loads(lines[0])["options"]["deck"] == [str(c) for c in small]
    assert list(replay(lines))[-1].race.position == race.position


def test_games_and_positions_draw_themselves_in_notebooks(match: Race) -> None:
    svg = match._repr_svg_()
    assert svg.startswith("<svg") and f"turn {match.turn}" in svg
    assert "winner" in svg
    assert match.position._repr_svg_().startswith("<svg")


def test_a_tie_after_the_start_is_decided_by_two_drawn_cards() -> None:
    two = Card.parse("G2/1/1-2-3")
    # start_round 4: both boats make their fifth manoeuvre; the bows end level, two rows
    # below the line and each sqrt(5) from the buoy [14, 4]
    start = Position((Boat("a", (12, 1), Compass.N, hand=(two,)), Boat("b", (16, 1), Compass.N,
                                                                        hand=())),
                     Options.of({"advanced": True}), "start", 4)
    race = Race(start, ("a", "b"))
    race, _ = race.play(Move("a", two, ("A", "A")), drawn=[two])
    low, high = Card.parse("R3/1/1-2-3"), Card.parse("G5/1/1-2-3")
    hands = list(DEFAULT_DECK[:12])
    race, events = race.play(Move("b", two, ("A", "A")), drawn=[low, high, *hands])
    over = next(e for e in events if e.kind == "start-over")
    assert over.boat == "b" and "a drew R3/1/1-2-3 and b drew G5/1/1-2-3" in over.text
    assert race.to_move == "b" and race.position.phase == "race"
    assert race.position.boat("b").hand == tuple(hands[:6])
    assert race.position.boat("a").hand == tuple(hands[6:])
    with pytest.raises(IllegalMove, match="cards dealt"):
        Race(start, ("a", "b")).play(Move("a", two, ("A", "A")), drawn=[two, two])
