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
