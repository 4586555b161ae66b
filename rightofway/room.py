"""The protest room's entry point: the library's rulings for a page in the reader's browser.

The book's ``room.html`` runs the library under Pyodide (CPython compiled to WebAssembly),
with only this package and networkx loaded: nothing here or in the modules it calls needs
pydantic or PyYAML. The page holds the room's *state*, a scenario document of one ruleset
without its ``expect`` block (what a scenario file says, as a JSON object), and after each
change asks :func:`rule_json` for the ruling. Each ruleset answers in its own module
``rightofway.<package>.room`` (:data:`ROOM_MODULES`), whose ``rule(state)`` gives:

* ``summary``: the ruling's summary lines, the same as ``rightofway check --json`` gives
  for that document (each ruleset's scenario checks call the same function);
* ``explanation``: the explanation's sections and steps, as the check report gives them;
* ``svg``: the position drawn as the catalogue draws it;
* ``relations`` and ``graph``: who keeps clear of whom and why, and the engagement graph;
* ``board``: what the page may edit (boats, headings, wind, marks and the other inputs of
  the ruleset), each with its place in the state.

:func:`scenario_yaml` writes a state as a scenario file for a test, with the ruling's
summary as comments to turn into expectations.
"""

from __future__ import annotations

import importlib
import json
import math
import re
from collections.abc import Mapping
from typing import Any

from rightofway.errors import InputError

__all__ = ["ROOM_MODULES", "rule", "rule_json", "scenario_yaml", "scenario_yaml_json",
           "yaml_text"]

ROOM_MODULES: dict[str, str] = {
    "race-the-wind": "rightofway.rtw.room",
    "vector-game": "rightofway.vg.room",
    "americas-cup": "rightofway.ac.room",
    "simulation": "rightofway.sim.room",
    "rrs": "rightofway.rrs.room",
}
"""The module that rules a room's state, by ruleset name."""


def rule(ruleset: str, state: Mapping[str, Any]) -> dict[str, Any]:
    """The ruling of a room's ``state`` under ``ruleset`` (see the module's description);
    :class:`~rightofway.errors.InputError` for an unknown ruleset or a state that is not a
    scenario document of it."""
    name = ROOM_MODULES.get(ruleset) if isinstance(ruleset, str) else None
    if name is None:
        raise InputError(f"ruleset: expected one of {', '.join(ROOM_MODULES)}, got "
                         f"{ruleset!r}")
    if not isinstance(state, Mapping):
        raise InputError(f"state: expected a scenario document (a JSON object), got "
                         f"{type(state).__name__}")
    if state.get("ruleset", ruleset) != ruleset:
        raise InputError(f"ruleset: the state is a {state.get('ruleset')!r} scenario, not "
                         f"{ruleset!r}")
    result: dict[str, Any] = importlib.import_module(name).rule(dict(state))
    return result


def rule_json(ruleset: str, state_json: str) -> str:
    """:func:`rule` for the page: the state as JSON text in, the result as JSON text out.
    Bad input gives ``{"error": message}`` instead of a result, so the page can show it."""
    try:
        state = json.loads(state_json)
    except (TypeError, ValueError) as bad:
        return json.dumps({"error": f"state: not JSON ({bad})"})
    try:
        return json.dumps(rule(ruleset, state))
    except InputError as bad:
        return json.dumps({"error": str(bad)})


# --- the scenario file: a small YAML writer (the browser has no PyYAML) -------------------

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ .,/()'+-]*")
"""Strings written without quotes: a letter first, no character YAML gives a meaning to."""
_UNPRINTABLE = re.compile("[\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff]")
"""Characters YAML does not take as they are: written escaped (``\\u0085``)."""
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(f"a scenario file holds finite numbers, not {value!r}")
        mantissa, e, exponent = repr(value).partition("e")
        if "." not in mantissa:
            mantissa += ".0"  # YAML 1.1 readers take 1e-05 as text, 1.0e-05 as a number
        return mantissa + e + exponent
    if isinstance(value, str):
        if (_PLAIN.fullmatch(value) and value == value.strip()
                and value.lower() not in _RESERVED and ": " not in value
                and " #" not in value and not value.endswith(":")):
            return value
        return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}",
                                json.dumps(value, ensure_ascii=False))
    raise InputError(f"a scenario file holds text, numbers, lists and mappings, not "
                     f"{type(value).__name__}")


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def _flow(value: list[Any]) -> str | None:
    """A short list of scalars on one line (``[1, 2]``), or ``None``."""
    if not all(_is_scalar(v) for v in value):
        if all(isinstance(v, list) and all(_is_scalar(w) for w in v) for v in value):
            inner = [f"[{', '.join(_scalar(w) for w in v)}]" for v in value]
            text = f"[{', '.join(inner)}]"
            return text if len(text) <= 72 else None
        return None
    text = f"[{', '.join(_scalar(v) for v in value)}]"
    return text if len(text) <= 72 else None


def _key(key: Any) -> str:
    if not isinstance(key, str):
        raise InputError(f"a scenario file's keys are text, not {key!r}")
    return _scalar(key)


def _lines(value: Any, indent: str) -> list[str]:
    """The block lines of a mapping or list at ``indent``."""
    out: list[str] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            head = f"{indent}{_key(key)}:"
            out.extend(_item(head, item, indent))
    else:
        for item in value:
            if isinstance(item, Mapping) and item:
                inner = _lines(item, indent + "  ")
                out.append(f"{indent}- {inner[0][len(indent) + 2:]}")
                out.extend(inner[1:])
            else:
                out.extend(_item(f"{indent}-", item, indent))
    return out


def _item(head: str, item: Any, indent: str) -> list[str]:
    if isinstance(item, Mapping):
        if not item:
            return [f"{head} {{}}"]
        return [head, *_lines(item, indent + "  ")]
    if isinstance(item, (list, tuple)):
        item = list(item)
        if not item:
            return [f"{head} []"]
        flow = _flow(item)
        if flow is not None:
            return [f"{head} {flow}"]
        return [head, *_lines(item, indent + "  ")]
    return [f"{head} {_scalar(item)}"]


def yaml_text(document: Mapping[str, Any]) -> str:
    """``document`` (JSON data: mappings, lists, text, numbers, booleans, null) as block
    YAML that a YAML reader gives back equal; :class:`~rightofway.errors.InputError` for
    anything else."""
    if not isinstance(document, Mapping):
        raise InputError(f"a scenario file is a mapping, not {type(document).__name__}")
    if not document:
        return "{}\n"
    return "\n".join(_lines(document, "")) + "\n"


def scenario_yaml(ruleset: str, state: Mapping[str, Any]) -> str:
    """The room's state as a scenario file for a test: the document, and the ruling's
    summary as comments above an empty ``expect`` to fill from the rulebook (expectations
    come from the rules, never copied from the program)."""
    result = rule(ruleset, state)
    doc = {k: v for k, v in state.items() if k != "expect"}
    doc.setdefault("ruleset", ruleset)
    lines = [yaml_text(doc).rstrip("\n"),
             "# What the library rules now (check each against the rulebook before",
             "# writing it as an expectation):"]
    lines.extend(f"#   {line}" for line in result["summary"])
    lines.append("expect: {}")
    return "\n".join(lines) + "\n"


def scenario_yaml_json(ruleset: str, state_json: str) -> str:
    """:func:`scenario_yaml` for the page: the state as JSON text in, ``{"yaml": text}`` or
    ``{"error": message}`` out."""
    try:
        return json.dumps({"yaml": scenario_yaml(ruleset, json.loads(state_json))})
    except (TypeError, ValueError) as bad:  # InputError is a ValueError
        return json.dumps({"error": str(bad)})
