"""Explanations: the steps a ruling rests on, each citing the section it applies.

A :class:`Step` is either a *fact* derived from the position (a tack, a depth,
a claim) or a *rule* applied to facts (starboard over port), or the
*conclusion* it leads to. Every step names the ruleset and section it rests
on, so a reader can open the rulebook at the right page.
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
    """One line of an explanation."""

    kind: StepKind
    text: str
    cite: Citation

    def __init__(self, kind: StepKind, text: str, cite: Citation) -> None:
        # Rulings and graphs build many steps: the fields are stored through their slots
        # (a frozen dataclass's own __init__ looks up object.__setattr__ for each)
        _set_kind(self, kind)
        _set_text(self, text)
        _set_cite(self, cite)

    def __str__(self) -> str:
        return f"[{self.cite}] {self.text}"

    def to_json(self) -> dict[str, str]:
        """A JSON-ready dict: ``kind``, ``text`` and ``cite``."""
        return {"kind": self.kind, "text": self.text, "cite": str(self.cite)}


_set_kind = vars(Step)["kind"].__set__
_set_text = vars(Step)["text"].__set__
_set_cite = vars(Step)["cite"].__set__


def render_steps(steps: tuple[Step, ...] | list[Step], indent: str = "  ") -> str:
    """Render steps as numbered lines for people."""
    width = len(str(len(steps)))
    return "\n".join(
        f"{indent}{i:>{width}}. {step.kind:<10} {step}" for i, step in enumerate(steps, 1)
    )


def steps_json(steps: tuple[Step, ...] | list[Step]) -> list[dict[str, str]]:
    """Steps as a JSON-ready list."""
    return [s.to_json() for s in steps]
