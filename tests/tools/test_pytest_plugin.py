"""The pytest plugin, registered by installing rightofway, collects a project's scenario files
as items named by id and explains failures."""

from __future__ import annotations

import pytest

PASSING = """\
id: plugin-pass
title: Leeward boat holds right of way
ruleset: race-the-wind
source: Race the Wind rulebook 3.4, figure 2
position:
  wind: N
  boats:
    - {id: A, at: [0, 1], heading: NW}
    - {id: B, at: [1, 0], heading: NW}
expect:
  engaged: [[A, B]]
  right_of_way: [[B, A, leeward]]
"""


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    scen = pytester.mkdir("scenarios")  # no conftest: the entry point registers the plugin
    (scen / "pass.yaml").write_text(PASSING)
    (scen / "fail.yaml").write_text(
        PASSING.replace("plugin-pass", "plugin-fail").replace("leeward]]", "starboard]]")
    )
    (scen / "invalid.yaml").write_text(PASSING.replace("heading: NW}", "heading: NNW}", 1))
    pytester.path.joinpath("other.yaml").write_text("not: collected\n")
    return pytester


def test_items_are_named_by_scenario_id(project: pytest.Pytester) -> None:
    result = project.runpytest("--collect-only", "-q")
    out = result.stdout.str()
    assert "scenarios/pass.yaml::plugin-pass" in out
    assert "scenarios/fail.yaml::plugin-fail" in out
    assert "other.yaml" not in out


def test_track_data_below_a_scenario_folder_is_not_collected(project: pytest.Pytester) -> None:
    """A ``tracks`` folder holds course files and expected incidents, not scenarios: the
    plugin leaves it out, as ``rightofway check`` does."""
    tracks = project.mkdir("scenarios/tracks")
    (tracks / "duck.course.yaml").write_text("hull_length: 10\n")
    out = project.runpytest("--collect-only", "-q").stdout.str()
    assert "scenarios/pass.yaml::plugin-pass" in out
    assert "duck.course.yaml" not in out


def test_failure_shows_expected_actual_and_explanation(project: pytest.Pytester) -> None:
    result = project.runpytest("-q")
    result.assert_outcomes(passed=1, failed=2)
    out = result.stdout.str()
    assert "right_of_way.B.A" in out
    assert "expected: ('B', 'A', 'starboard')" in out
    assert "actual:   ('B', 'A', 'leeward')" in out
    assert "[RTW 3.4] on the same tack the boat to leeward has right of way" in out
    assert "invalid scenario:" in out and "heading" in out


def test_the_ini_option_names_the_folders_to_collect(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nrightofway_scenarios = figures protests/club\n")
    for folder in ("figures", "protests/club", "scenarios"):
        path = pytester.path / folder
        path.mkdir(parents=True)
        sid = "plugin-" + folder.replace("/", "-")
        (path / "case.yaml").write_text(PASSING.replace("plugin-pass", sid))
    result = pytester.runpytest("--collect-only", "-q")
    out = result.stdout.str()
    assert "figures/case.yaml::plugin-figures" in out
    assert "protests/club/case.yaml::plugin-protests-club" in out
    assert "scenarios/case.yaml" not in out  # not among the folders named


def test_the_plugin_can_be_switched_off(project: pytest.Pytester) -> None:
    result = project.runpytest("-p", "no:rightofway", "--collect-only", "-q")
    assert "plugin-pass" not in result.stdout.str()
