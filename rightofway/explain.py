"""Explanations: the steps a ruling rests on, each citing the section it applies.

A :class:`Step` is either a *fact* derived from the position (a tack, a depth,
a claim) or a *rule* applied to facts (starboard over port), or the
*conclusion* it leads to. Every step names the ruleset and section it rests
on, so a reader can open the rulebook at the right page.

A step's ``text`` reads as a sentence; the arithmetic behind it (the sum of an
allowance, the distances compared) goes in its optional ``detail``, which the
text report prints indented under the step and the book sets in a smaller line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Citation", "Step", "StepKind", "render_steps", "steps_json"]

StepKind = Literal["fact", "rule", "conclusion"]


@dataclass(frozen=True, slots=True)
class Citation:
    """A section of a ruleset's rulebook, e.g. ``Citation("RTW", "3.4")``.

    Rulesets whose rules have ids rather than numbered sections join them with
    a dash: ``Citation("VG", "GW3", joiner="-")`` reads ``VG-GW3``.
    """

    ruleset: str
    section: str
    figure: str | None = None
    joiner: str = " "

    def __str__(self) -> str:
        text = f"{self.ruleset}{self.joiner}{self.section}"
        return f"{text}, figure {self.figure}" if self.figure else text


@dataclass(frozen=True, slots=True, init=False)
class Step:
    """One line of an explanation: a sentence (``text``), the section it rests on, and,
    when there is one, the working behind it (``detail``: the numbers, the arithmetic)."""

    kind: StepKind
    text: str
    cite: Citation
    detail: str = ""

    def __init__(self, kind: StepKind, text: str, cite: Citation, detail: str = "") -> None:
        # Rulings and graphs build many steps: the fields are stored through their slots
        # (a frozen dataclass's own __init__ looks up object.__setattr__ for each)
        _set_kind(self, kind)
        _set_text(self, text)
        _set_cite(self, cite)
        _set_detail(self, detail)

    def __str__(self) -> str:
        return f"[{self.cite}] {self.text}"

    def to_json(self) -> dict[str, str]:
        """A JSON-ready dict: ``kind``, ``text`` and ``cite``, and ``detail`` when the step
        has one."""
        out = {"kind": self.kind, "text": self.text, "cite": str(self.cite)}
        if self.detail:
            out["detail"] = self.detail
        return out


_set_kind = vars(Step)["kind"].__set__
_set_text = vars(Step)["text"].__set__
_set_cite = vars(Step)["cite"].__set__
_set_detail = vars(Step)["detail"].__set__


def render_steps(steps: tuple[Step, ...] | list[Step], indent: str = "  ") -> str:
    """Render steps as numbered lines for people; a step's detail follows on the next line,
    indented under its citation."""
    width = len(str(len(steps)))
    under = " " * (len(indent) + width + 13)
    lines = []
    for i, step in enumerate(steps, 1):
        lines.append(f"{indent}{i:>{width}}. {step.kind:<10} {step}")
        if step.detail:
            lines.append(under + step.detail)
    return "\n".join(lines)


def steps_json(steps: tuple[Step, ...] | list[Step]) -> list[dict[str, str]]:
    """Steps as a JSON-ready list."""
    return [s.to_json() for s in steps]
