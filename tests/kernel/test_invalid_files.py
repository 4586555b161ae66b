"""Invalid scenario files: exit 2 and one line naming the file, the line and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from rightofway.cli import main
from rightofway.scenarios import ScenarioError, load_scenario

INVALID = Path(__file__).parent.parent / "data" / "invalid"

CASES = {
    "two-boats-one-intersection.yaml": ("position.boats[1].at", "two boats cannot share"),
    "boat-on-mark.yaml": ("position.boats[1].at", "stands on mark"),
    "unknown-heading.yaml": ("position.boats[0].heading", "'NNE'"),
    "move-unknown-boat.yaml": ("move.boat", "no boat 'Z'"),
    "protest-unknown-boat.yaml": ("protest.by", "no boat 'Z'"),
    "misspelt-key.yaml": ("position.turn_ordr", "did you mean 'turn_order'"),
    "broken-yaml.yaml": ("", "not valid YAML"),
    "duplicate-key.yaml": ("position.wind", "duplicate key 'wind'"),
}


def test_every_invalid_file_has_a_case() -> None:
    assert sorted(p.name for p in INVALID.glob("*.yaml")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_invalid_file_is_rejected_with_its_field(name: str) -> None:
    field, fragment = CASES[name]
    with pytest.raises(ScenarioError) as err:
        load_scenario(INVALID / name)
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"{INVALID / name}:")
    assert err.value.line is not None
    assert field in message and fragment in message


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_exits_2_with_one_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(INVALID / name)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(INVALID / name) in err[0]


def test_a_bad_file_does_not_hide_the_good_ones(capsys: pytest.CaptureFixture[str]) -> None:
    good = Path(__file__).parent.parent.parent / "scenarios" / "race-the-wind"
    one_good = sorted(good.glob("*.yaml"))[0]
    assert main(["check", str(one_good), str(INVALID / "misspelt-key.yaml")]) == 2
    captured = capsys.readouterr()
    assert "PASS" in captured.out and "1 passed, 0 failed, 1 invalid" in captured.out


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("- a list\n", "must be a YAML mapping"),
        ("id: x\n", "ruleset"),
        ("ruleset: chess\n", "unknown ruleset"),
        ("id: 2024-01-01\nruleset: race-the-wind\n", "quote it"),
    ],
)
def test_other_malformed_files(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioError, match=fragment):
        load_scenario(path)


INVALID_VG = Path(__file__).parent.parent / "data" / "invalid-vg"
CASES_VG = {
    "bad-vector.yaml": ("position.boats[0].vector", "'2X:1S' is not a vector"),
    "unknown-key.yaml": ("position.start_lin", "did you mean 'start_line'"),
    "boat-on-island.yaml": ("position.boats[1].at", "stands on an island"),
    "move-unknown-boat.yaml": ("move.boat", "no boat 'Z'"),
}


def test_every_invalid_vector_game_file_has_a_case() -> None:
    assert sorted(p.name for p in INVALID_VG.glob("*.yaml")) == sorted(CASES_VG)


@pytest.mark.parametrize("name", sorted(CASES_VG))
def test_invalid_vector_game_file_is_rejected_with_its_field(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    field, fragment = CASES_VG[name]
    assert main(["check", str(INVALID_VG / name)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"error: {INVALID_VG / name}:")
    assert field in err[0] and fragment in err[0]


INVALID_RRS = Path(__file__).parent.parent / "data" / "invalid-rrs"
CASES_RRS = {
    "by-the-lee-beyond-band.yaml": ("position.boats[0].tack", "within 30 degrees past dead"),
    "stated-tack-against-the-wind.yaml": ("position.boats[0].tack",
                                          "the wind makes her starboard"),
    "unknown-fact.yaml": ("position.facts.hailed_for_water", "unknown key"),
    "incident-without-protest.yaml": ("incident", "need a hearing"),
    "incident-not-a-party.yaml": ("incident.avoiding_action", "'Q' is not a party"),
    "avoidable-unknown-boat.yaml": ("incident.avoidable[1]", "'X' is not a party"),
    "decision-without-protest.yaml": ("expect.decision", "needs a hearing"),
    "protest-unknown-boat.yaml": ("protest.against", "no boat 'Z'"),
    "decision-names-another-boat.yaml": ("expect.decision.penalised[1]", "'Q' is not a party"),
}


def test_every_invalid_rrs_file_has_a_case() -> None:
    assert sorted(p.name for p in INVALID_RRS.glob("*.yaml")) == sorted(CASES_RRS)


@pytest.mark.parametrize("name", sorted(CASES_RRS))
def test_invalid_rrs_file_exits_2_with_one_line_naming_line_and_field(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    field, fragment = CASES_RRS[name]
    with pytest.raises(ScenarioError) as err:
        load_scenario(INVALID_RRS / name)
    message = str(err.value)
    assert "\n" not in message and err.value.line is not None
    assert message.startswith(f"{INVALID_RRS / name}:{err.value.line}: {field}:")
    assert fragment in message
    assert main(["check", str(INVALID_RRS / name)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and str(INVALID_RRS / name) in lines[0]
