"""The hand-made tracks of ``scenarios/tracks``: each gives the incidents its rules give
(``NAME.expect.yaml``, written from the rulebook and the tracks spec by a reading that had
not seen the code), and the scenario file written for each incident passes check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from rightofway.rrs.tracks import incidents, read_course, read_tracks
from rightofway.scenarios import bundled_catalogue, check_file

FOLDER = bundled_catalogue() / "tracks"
EXPECTED = sorted(FOLDER.glob("*.expect.yaml"))


def _run(expect: dict[str, Any]) -> list[Any]:
    tracks = read_tracks([FOLDER / name for name in expect["tracks"]])
    course = read_course(FOLDER / expect["course"], tracks)
    options = expect.get("options") or {}
    return incidents(tracks, course, step=options.get("step", 1.0),
                     range=options.get("range", 3.0))


def test_the_folder_covers_the_standard_situations_in_every_kind_of_file() -> None:
    names = {p.name.removesuffix(".expect.yaml") for p in EXPECTED}
    for situation in ("port-starboard-cross", "port-starboard-duck", "windward-sails-down",
                      "leeward-from-astern-within-two", "leeward-from-astern-beyond-two",
                      "zone-entry-overlapped", "zone-entry-clear-ahead", "tack-in-zone",
                      "obstruction-inside-windward"):
        assert situation in names
    suffixes = {Path(t).suffix for p in EXPECTED
                for t in yaml.safe_load(p.read_text())["tracks"]}
    assert suffixes == {".csv", ".gpx"}
    assert any("latlon" in n for n in names)


@pytest.mark.parametrize("path", EXPECTED, ids=lambda p: p.name.removesuffix(".expect.yaml"))
def test_hand_made_tracks_give_the_incidents_their_rules_give(path: Path,
                                                               tmp_path: Path) -> None:
    expect = yaml.safe_load(path.read_text())
    found = _run(expect)
    assert len(found) == len(expect["incidents"]), [i.to_json()["boats"] for i in found]
    for incident, wanted in zip(found, expect["incidents"], strict=True):
        got = incident.to_json()
        assert got["boats"] == wanted["boats"]
        assert got["ruling"] == wanted["ruling"]
        assert got["contact"] == wanted["contact"]
        assert got["avoiding_action"] == wanted["avoiding_action"]
        if "closest_time" in wanted:
            low, high = wanted["closest_time"]
            assert low <= got["closest"]["time"] <= high
        # the closest approach as a scenario file: rightofway check passes it
        scenario = tmp_path / f"{path.name.removesuffix('.expect.yaml')}.yaml"
        scenario.write_text(got["scenario"])
        report = check_file(scenario)
        assert report.passed, report
        assert yaml.safe_load(got["scenario"])["expect"]["rules"] == wanted["ruling"]["rules"]
