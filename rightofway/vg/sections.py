"""The rules of the Sailing Vector Game the library cites, in one place.

The rulebook's rules have no numbers; the project names each with an id, and every
finding, event and error of the Vector Game cites one of these, written as the book
writes it (``VG-GW1``): ``VG_GW1`` is the citation of rule ``GW1``, and so on for every
id of :data:`SECTIONS`.
"""

from __future__ import annotations

from rightofway.errors import shown
from rightofway.explain import Citation
from rightofway.positions import UnknownId

__all__ = [
    "SECTIONS",
    "SUMMARIES",
    "VG_C1",
    "VG_C2",
    "VG_C3",
    "VG_C4",
    "VG_G",
    "VG_GW1",
    "VG_GW2",
    "VG_GW3",
    "VG_GW4",
    "VG_GW5",
    "VG_I",
    "VG_M1",
    "VG_M2",
    "VG_M3",
    "VG_M4",
    "VG_S1",
    "VG_S2",
    "VG_S3",
    "VG_S4",
    "VG_T",
    "cite",
]


SUMMARIES: dict[str, str] = {
    "M1": "Manoeuvring: a vector changes by at most one square in one part, or in both when "
          "they are equal.",
    "M2": "Manoeuvring: every move covers at least one square.",
    "M3": "Upwind: the U part may not exceed the cross part (45 degrees off the wind).",
    "M4": "Downwind: the D part may exceed the cross part by three squares at most.",
    "T": "Tacking: a boat may tack at any time, to 1U:1 on the other side.",
    "G": "Gybing: to the other side, one square slower in each part, never below one.",
    "I": "Islands and the edge of the page: a boat that meets one loses two turns for "
         "repairs.",
    "S1": "The start: boats begin one square downwind of the start line.",
    "S2": "The start: no boat on or over the line until after its fourth turn.",
    "S3": "The start: a boat's first move is 1S or 1P.",
    "S4": "The start: the give-way rules hold from the first move.",
    "GW1": "Give way: a boat on port does not pass close abeam or ahead of a boat on "
           "starboard.",
    "GW2": "Give way: on one side, the windward boat does not land where the leeward boat "
           "could land next.",
    "GW3": "Give way: a boat on port does not land where a boat on starboard could land next.",
    "GW4": "Give way: no boat forces another off the page.",
    "GW5": "Give way: no boat lands on another.",
    "C1": "The course (the project's reading of the set-up): marks rounded in order, each on "
          "its side.",
    "C2": "The finish: back through the line from North to South after the last mark.",
    "C3": "Marks are obstacles: no path passes through one.",
    "C4": "Turns: the boats move in turn, one move each.",
}
"""What each rule is about, in the project's words, by its id, in the order of the book."""

SECTIONS: dict[str, Citation] = {rule: Citation("VG", rule, joiner="-") for rule in SUMMARIES}
"""Every rule's citation by its id (``"GW1"``), in the order of the book."""

(VG_M1, VG_M2, VG_M3, VG_M4, VG_T, VG_G, VG_I, VG_S1, VG_S2, VG_S3, VG_S4,
 VG_GW1, VG_GW2, VG_GW3, VG_GW4, VG_GW5, VG_C1, VG_C2, VG_C3, VG_C4) = SECTIONS.values()


def cite(rule: str) -> Citation:
    """The citation of a rule id, with or without its prefix: ``cite("GW3")`` and
    ``cite("VG-GW3")`` are ``VG_GW3``; :class:`~rightofway.positions.UnknownId`
    naming the rules for an id that is none of them.

    >>> str(cite("VG-GW3"))
    'VG-GW3'
    """
    try:
        return SECTIONS[rule.removeprefix("VG-")]
    except (KeyError, AttributeError, TypeError):
        raise UnknownId(f"rule: no Vector Game rule {shown(rule, 40)}; the rules are "
                        f"{', '.join(SECTIONS)}") from None
