"""Explanation steps: a sentence, its citation, and the working behind it as an optional
detail that the JSON carries only when there is one and the text report prints under the
step."""

from __future__ import annotations

import json

from rightofway.explain import Citation, Step, render_steps, steps_json

CITE = Citation("SIM", "Movement")


def test_a_step_has_no_detail_unless_given() -> None:
    step = Step("fact", "On a beat in this wind she may sail 5 units.", CITE)
    assert step.detail == ""
    assert step.to_json() == {"kind": "fact", "cite": "SIM Movement",
                              "text": "On a beat in this wind she may sail 5 units."}


def test_the_detail_is_in_the_json_only_when_there_is_one() -> None:
    step = Step("fact", "On a beat in this wind she may sail 5 units.", CITE,
                "beat 5 + wind bonus 0")
    assert step.to_json()["detail"] == "beat 5 + wind bonus 0"
    listed = steps_json([step, Step("rule", "a port boat keeps clear", Citation("RRS", "10"))])
    assert [sorted(s) for s in listed] == [["cite", "detail", "kind", "text"],
                                           ["cite", "kind", "text"]]
    assert json.loads(json.dumps(listed)) == listed


def test_str_is_the_citation_and_the_sentence_alone() -> None:
    step = Step("fact", "she may sail 5 units", CITE, "beat 5 + wind bonus 0")
    assert str(step) == "[SIM Movement] she may sail 5 units"


def test_steps_differ_by_their_detail() -> None:
    a = Step("fact", "she may sail 5 units", CITE, "beat 5 + wind bonus 0")
    assert a == Step("fact", "she may sail 5 units", CITE, detail="beat 5 + wind bonus 0")
    assert a != Step("fact", "she may sail 5 units", CITE)
    assert len({a, Step("fact", "she may sail 5 units", CITE)}) == 2


def test_the_report_prints_the_detail_indented_on_the_next_line() -> None:
    steps = [Step("fact", f"step {i}", CITE, "5 + 0" if i == 10 else "") for i in range(1, 11)]
    lines = render_steps(steps, indent="    ").splitlines()
    assert len(lines) == 11
    assert lines[9] == "    10. fact       [SIM Movement] step 10"
    # the detail starts under the citation, so it reads as part of its step
    assert lines[10] == " " * lines[9].index("[") + "5 + 0"
    assert lines[0] == "     1. fact       [SIM Movement] step 1"


def test_a_step_without_detail_renders_as_before() -> None:
    steps = [Step("rule", "a port boat keeps clear", Citation("RRS", "10"))]
    assert render_steps(steps) == "  1. rule       [RRS 10] a port boat keeps clear"
