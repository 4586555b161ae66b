"""The sections of the Race the Wind rulebook the rules cite, in one place."""

from __future__ import annotations

from rightofway.explain import Citation

__all__ = ["DEFS", "RTW1", "RTW2", "RTW31", "RTW32", "RTW33", "RTW34", "RTW35", "RTW36",
           "RTW37", "RTW38"]

DEFS = Citation("RTW", "Definitions")
"""Sailing definitions: tacks, leeward, tack and jibe."""
RTW1 = Citation("RTW", "1")
"""Racing area: the gate, the windward mark, rounding directions."""
RTW2 = Citation("RTW", "2")
"""Moves and points of sail."""
RTW31 = Citation("RTW", "3.1")
"""The start: placement and the start procedure."""
RTW32 = Citation("RTW", "3.2")
"""Yellow and blue tokens: lulls and gusts."""
RTW33 = Citation("RTW", "3.3")
"""Wind change."""
RTW34 = Citation("RTW", "3.4")
"""Engagements, right of way and penalties."""
RTW35 = Citation("RTW", "3.5")
"""Wind cover."""
RTW36 = Citation("RTW", "3.6")
"""Rounding the mark: the two-length zone."""
RTW37 = Citation("RTW", "3.7")
"""The finish."""
RTW38 = Citation("RTW", "3.8")
"""Variants: second windward buoy, triangle, playing without tokens, shifts or cover."""
