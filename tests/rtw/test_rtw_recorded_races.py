"""Races recorded once replay move by move, every event as recorded.

The records in tests/data/records were written by ``rightofway play`` (Race the Wind on
the windward-leeward course and the triangle, the Sailing Vector Game, an America's Cup
match race with the start procedure, a three-boat simulation race with its dice); a change of the
rules' machinery that changes a move's legality or any event fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rightofway.cli import main

RECORDS = sorted((Path(__file__).parent.parent / "data" / "records").glob("*.jsonl"))


@pytest.mark.parametrize("record", RECORDS, ids=[r.stem for r in RECORDS])
def test_a_recorded_race_replays_exactly(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "-q", str(record)]) == 0
    assert "legal and consistent; finish: " in capsys.readouterr().out


def test_there_are_records_of_every_game() -> None:
    assert {r.stem.split("-")[0] for r in RECORDS} == {"ac", "rtw", "sim", "vg"}


def test_a_move_protested_and_upheld_is_explained_with_its_protest(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``replay --full`` (and the book's race pages, through ``ReplayTurn.ruling``) explain
    a move whose automatic protest was upheld with that protest heard, not as if none had
    been lodged."""
    from rightofway.registry import get_ruleset

    record = next(r for r in RECORDS if r.stem == "rtw-2-boats-seed-3")
    turns = list(get_ruleset("race-the-wind").replay(record.read_text().splitlines()))
    heard = [t for t in turns if any(e.kind == "protest" and "upheld" in e.text
                                     for e in t.events)]
    assert heard
    for t in heard:
        (event,) = [e for e in t.events if e.kind == "protest"]
        against = dict(event.data)["against"]
        steps = [s.text for s in t.ruling().steps]
        assert f"{event.boat} protests against {against}" in steps
        assert any(s.startswith(f"protest by {event.boat} against {against} upheld")
                   for s in steps)
        assert not any("no protest was lodged" in s for s in steps)
    quiet = [t for t in turns if t.ruling() is not None
             and not any(e.kind == "protest" for e in t.events)]
    assert quiet and all(t.ruling() == t.before.ruling(t.move) for t in quiet)
    assert main(["replay", "--full", str(record)]) == 0
    out = capsys.readouterr().out
    block = out[out.index(f"{heard[0].turn}: "):]
    block = block[:block.index("\nturn ")]
    assert "protests against" in block and "no protest was lodged" not in block


def test_a_game_whose_ruling_takes_no_protest_is_explained_as_before() -> None:
    from rightofway.registry import get_ruleset

    record = next(r for r in RECORDS if r.stem.startswith("vg-"))
    for t in list(get_ruleset("vector-game").replay(record.read_text().splitlines()))[:20]:
        assert t.ruling() == t.before.ruling(t.move)
