"""A turn's plan as text and values: ``T<degrees>``, ``M<units>`` and ``P`` steps.

``Plan.parse("T-30 M4 T60 M2")`` reads a plan and ``str`` writes it back. The module
imports nothing else of the ruleset, so file models can check plans as they read them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rightofway.errors import InputError

__all__ = ["MAX_RUN", "MAX_STEPS", "Plan", "PlanError", "PlanStep"]

MAX_STEPS = 40
"""Steps a plan may hold."""
MAX_RUN = 100.0
"""The longest run one step may ask for, in units (no boat has more than 9 a turn)."""


class PlanError(InputError):
    """A plan's text that cannot be read."""


_STEP = re.compile(r"^(?:T([+-]?\d+(?:\.\d+)?)|M(\d+(?:\.\d+)?)|P)$")


@dataclass(frozen=True, slots=True)
class PlanStep:
    """One step of a plan: a turn of ``value`` degrees, a run of ``value`` units, or the
    penalty turn."""

    kind: Literal["T", "M", "P"]
    value: float = 0.0

    def __str__(self) -> str:
        if self.kind == "P":
            return "P"
        return f"{self.kind}{self.value:g}"


@dataclass(frozen=True, slots=True)
class Plan:
    """A turn's steps, in order; ``Plan.parse("T-30 M4 T60 M2")``."""

    steps: tuple[PlanStep, ...]

    @classmethod
    def parse(cls, text: str) -> Plan:
        """Read a plan: steps separated by spaces, ``T<signed degrees>``, ``M<units>``,
        ``P``. :class:`PlanError` names the step that cannot be read."""
        if not isinstance(text, str):
            raise TypeError(f"plan: expected text such as 'T-30 M4', got {text!r:.40}")
        words = text.split()
        if len(words) > MAX_STEPS:
            raise PlanError(f"{len(words)} steps; a plan holds at most {MAX_STEPS}")
        steps = []
        for i, word in enumerate(words, 1):
            if not word.isascii():
                raise PlanError(f"step {i} {word!r:.20}: only ASCII letters and digits")
            m = _STEP.match(word)
            if m is None:
                raise PlanError(f"step {i} {word!r:.20}: expected T<degrees> (T-30, T45.5), "
                                "M<units> (M4, M2.5) or P")
            if m.group(1) is not None:
                degrees = float(m.group(1))
                if abs(degrees) > 720:
                    raise PlanError(f"step {i} {word!r}: a turn of at most 720 degrees")
                steps.append(PlanStep("T", degrees))
            elif m.group(2) is not None:
                run = float(m.group(2))
                if run <= 0 or run > MAX_RUN:
                    raise PlanError(f"step {i} {word!r}: a run of more than 0 and at most "
                                    f"{MAX_RUN:g} units")
                steps.append(PlanStep("M", run))
            else:
                steps.append(PlanStep("P"))
        return cls(tuple(steps))

    def __str__(self) -> str:
        return " ".join(str(s) for s in self.steps)

    def __repr__(self) -> str:
        return f"Plan.parse({str(self)!r})"
