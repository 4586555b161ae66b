"""The protest room's entry point (rightofway.room): dispatch, errors for the page, and the
YAML writer that exports a position as a scenario file."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from rightofway import room
from rightofway.errors import InputError
from rightofway.scenarios import check_file, find_scenarios, load_scenario, room_state

CATALOGUE = Path(__file__).resolve().parents[2] / "scenarios"
FILES = sorted(find_scenarios([CATALOGUE]))


def state_of(path: Path) -> dict[str, Any]:
    """The room's state of a catalogue file, as the book writes it (docs/_ext/room.py)."""
    return room_state(load_scenario(path).model)


scalars = (st.none() | st.booleans() | st.integers(-10**6, 10**6)
           | st.floats(allow_nan=False, allow_infinity=False, width=64)
           | st.text(max_size=12))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)


@given(st.dictionaries(st.text(max_size=8), json_values, max_size=5))
def test_yaml_text_reads_back_equal(document: dict[str, Any]) -> None:
    assert yaml.safe_load(room.yaml_text(document)) == document


@pytest.mark.parametrize("part", [0, *(pytest.param(k, marks=pytest.mark.slow)
                                       for k in (1, 2))])
def test_every_catalogue_state_is_ruled_as_check_rules_it_and_written_back(part: int) -> None:
    """The state the book writes for each catalogue file gives, through JSON as the page
    sends it, the summary and explanation ``rightofway check`` gives the file; written as
    YAML it reads back equal (every third file in the default run, the rest when slow)."""
    for path in FILES[part::3]:
        state = json.loads(json.dumps(state_of(path)))
        report = check_file(path)
        found = room.rule(state["ruleset"], state)
        assert found["summary"] == list(report.summary), path.name
        assert found["explanation"] == report.to_json()["explanation"], path.name
        assert yaml.safe_load(room.yaml_text(state)) == state, path.name


@pytest.mark.parametrize("value", [math.inf, math.nan, object(), b"x"])
def test_yaml_text_refuses_what_a_file_cannot_hold(value: Any) -> None:
    with pytest.raises(InputError):
        room.yaml_text({"a": value})


def test_yaml_keys_that_look_like_other_things_are_quoted() -> None:
    doc = {"yes": "no", "a: b": "x # y", "n": "1U:2S", "t": " lead", "e": ""}
    assert yaml.safe_load(room.yaml_text(doc)) == doc


def test_an_unknown_ruleset_is_refused_by_name() -> None:
    with pytest.raises(InputError, match="ruleset: expected one of"):
        room.rule("chess", {})
    out = json.loads(room.rule_json("chess", "{}"))
    assert "chess" in out["error"]


def test_a_state_of_another_ruleset_is_refused() -> None:
    state = state_of(next(p for p in FILES if "/rrs/" in p.as_posix()))
    out = json.loads(room.rule_json("race-the-wind", json.dumps(state)))
    assert out["error"].startswith("ruleset:")


def test_text_that_is_not_json_is_an_error_for_the_page() -> None:
    out = json.loads(room.rule_json("rrs", "{not json"))
    assert out["error"].startswith("state: not JSON")


@pytest.mark.parametrize("ruleset", sorted(room.ROOM_MODULES))
def test_the_exported_scenario_file_is_checked_by_the_library(ruleset: str,
                                                              tmp_path: Path) -> None:
    """A position exported from the room is a scenario file ``rightofway check`` reads, with
    the same summary the room showed (written as comments, for the reader to judge)."""
    path = next(p for p in FILES if load_scenario(p).model.ruleset == ruleset)
    state = state_of(path)
    state["id"] = state["id"] + "-room"
    text = room.scenario_yaml(ruleset, state)
    out = tmp_path / "exported.yaml"
    out.write_text(text, encoding="utf-8")
    report = check_file(out)
    assert report.passed and report.id == state["id"]
    shown = room.rule(ruleset, state)["summary"]
    assert list(report.summary) == shown
    assert [f"#   {line}" for line in shown] == [
        line for line in text.splitlines() if line.startswith("#   ")]


def test_the_page_s_export_gives_the_file_or_the_error() -> None:
    path = next(p for p in FILES if "/rrs/" in p.as_posix())
    state = state_of(path)
    out = json.loads(room.scenario_yaml_json("rrs", json.dumps(state)))
    assert yaml.safe_load(out["yaml"])["position"] == state["position"]
    bad = json.loads(room.scenario_yaml_json("rrs", "[1, 2]"))
    assert bad["error"].startswith("state: expected a scenario document")
