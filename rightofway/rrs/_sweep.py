"""The sweep of :func:`~rightofway.rrs.keep_clear` over every pair of a fleet: who keeps
clear of whom by rules 10, 11 and 12, and which boats overlap, from each boat's row
(:class:`rightofway.rrs.rules._Sweep`).

Plain Python on tuples of floats, with nothing imported from the library, so that an install
with a C compiler compiles this module with mypyc (``hatch_build.py``), the arithmetic then
running on machine floats. The source stays the reference: it is what runs where the
compiled module is absent (Pyodide, an install without a compiler, ``RIGHTOFWAY_PURE=1``) or
built from another version of this file (:mod:`rightofway._compiled`), and tests hold the two
to the same answers. The rules' own module calls it, with the tolerance and the callbacks
that need the position.
"""

from __future__ import annotations

from collections.abc import Callable

Swept = tuple[str, float, float, float, float, float, float, float, float, float, float, int,
              int]
"""One boat: ``(id, stern x, stern y, bow x, bow y, heading x, heading y, low, high, middle x,
middle y, index, her bit in the masks)`` (``rightofway.rrs.rules._Swept``)."""

Entry = tuple[Swept, bool, tuple[Swept, ...], tuple[Swept, ...]] | None
"""A boat of the plan: herself, whether she is on port, the later boats on her tack and on the
other; ``None`` for a special boat (``rightofway.rrs.rules._Sweep.plan``)."""

Answer = tuple[str, str, str]
"""``(keep_clear, right_of_way, rule)``."""

BLANK: Answer = ("", "", "")
"""The place of an answer worked out later."""


def first_pass(plan: tuple[Entry, ...], aligned: bool, tol: float,
               both_astern: Callable[[int, int], Answer],
               ) -> tuple[list[Answer], list[int], list[tuple[int, str, str]],
                          list[tuple[int, int, list[int]]]]:
    """Every pair of boats not special, by the lines abeam: ``(answers, masks, full,
    apart)``.

    ``answers`` holds each pair's answer in the order of the pairs (``BLANK`` where one is
    worked out later); ``masks`` each boat's direct overlaps as bits; ``full`` the pairs left
    to the whole order ``(place, a, b)`` (abreast on one line); ``apart`` the pairs on the same
    tack whose hulls do not overlap, by the first boat ``(index, base, [j])``, their answer by
    rule 12 written until :func:`link_far` finds a boat between them. ``both_astern(i, j)``
    answers the rare pair each clear astern of the other."""
    n = len(plan)
    neg = -tol
    masks = [0] * n
    out = [BLANK] * (n * (n - 1) // 2)
    full: list[tuple[int, str, str]] = []  # decided by the whole order, once masks are known
    # same tack, hulls not overlapping, by the first boat: (index, base, [j]), their answer
    # by rule 12 written, until a boat between them is sought (rule 11 if one is found)
    apart: list[tuple[int, int, list[int]]] = []
    base = -1  # the answer of the pair (i, j) goes to out[base + j]
    # a point (x, y) is behind boat b's line abeam when (x - sx) * dx + (y - sy) * dy < -tol
    # (plane.clear_astern); judged first by w = x * dx + y * dy against b's low and high
    # (rules._Sweep), the exact formula only between them; when the fleet is aligned
    # (rules._Sweep.aligned) a boat is clear astern when her bow is behind (her stern then
    # is too)
    for i, mine in enumerate(plan):
        if mine is not None:
            (ida, sxa, sya, bxa, bya, dxa, dya, loa, hia, mxa, mya, _, bit_a), port_a, same, \
                other = mine
            over_a = 0
            for idb, sxb, syb, bxb, byb, dxb, dyb, lob, hib, _, _, j, bit_b in other:
                # rule 10: the port-tack boat keeps clear; the overlap only for the masks (any
                # boat may be the one between two others)
                if not (((w := bxa * dxb + bya * dyb) <= hib and (
                        w < lob or (bxa - sxb) * dxb + (bya - syb) * dyb < neg)) and (aligned or
                        (w := sxa * dxb + sya * dyb) < lob or (
                        w <= hib and (sxa - sxb) * dxb + (sya - syb) * dyb < neg))) and not (
                        ((w := bxb * dxa + byb * dya) <= hia and (
                        w < loa or (bxb - sxa) * dxa + (byb - sya) * dya < neg)) and (aligned or
                        (w := sxb * dxa + syb * dya) < loa or (
                        w <= hia and (sxb - sxa) * dxa + (syb - sya) * dya < neg))):
                    over_a |= bit_b
                    masks[j] |= bit_a
                out[base + j] = (ida, idb, "10") if port_a else (idb, ida, "10")
            far: list[int] = []
            for idb, sxb, syb, bxb, byb, dxb, dyb, lob, hib, mxb, myb, j, bit_b in same:
                if ((w := bxa * dxb + bya * dyb) <= hib and (
                        w < lob or (bxa - sxb) * dxb + (bya - syb) * dyb < neg)) and (aligned or
                        (w := sxa * dxb + sya * dyb) < lob or (
                        w <= hib and (sxa - sxb) * dxb + (sya - syb) * dyb < neg)):
                    # a is clear astern (rule 12), unless b is clear astern too
                    if ((w := bxb * dxa + byb * dya) <= hia and (
                            w < loa or (bxb - sxa) * dxa + (byb - sya) * dya < neg)) and (aligned or
                            (w := sxb * dxa + syb * dya) < loa or (
                            w <= hia and (sxb - sxa) * dxa + (syb - sya) * dya < neg)):
                        out[base + j] = both_astern(i, j)
                    else:
                        out[base + j] = (ida, idb, "12")
                    far.append(j)
                elif ((w := bxb * dxa + byb * dya) <= hia and (
                        w < loa or (bxb - sxa) * dxa + (byb - sya) * dya < neg)) and (aligned or
                        (w := sxb * dxa + syb * dya) < loa or (
                        w <= hia and (sxb - sxa) * dxa + (syb - sya) * dya < neg)):
                    out[base + j] = (idb, ida, "12")  # b is clear astern
                    far.append(j)
                else:
                    # overlapped, rule 11: the windward boat keeps clear (leeward_score
                    # inlined: -sa - -sb on starboard is exactly -(sa - sb), and sb's
                    # (mxa - mxb) * dyb - (mya - myb) * dxb exactly -(vx * dyb - vy * dxb))
                    over_a |= bit_b
                    masks[j] |= bit_a
                    vx = mxb - mxa
                    vy = myb - mya
                    score = (vx * dya - vy * dxa) + (vx * dyb - vy * dxb)
                    if score > tol:
                        out[base + j] = (ida, idb, "11") if port_a else (idb, ida, "11")
                    elif score < neg:
                        out[base + j] = (idb, ida, "11") if port_a else (ida, idb, "11")
                    else:  # abreast on one line
                        full.append((base + j, ida, idb))
            masks[i] |= over_a
            if far:
                apart.append((i, base, far))
        base += n - i - 2
    return out, masks, full, apart


def link_far(apart: list[tuple[int, int, list[int]]], swept: tuple[Swept, ...],
             mids: list[tuple[float, float, bool]], beyond: list[bool], masks: list[int],
             out: list[Answer], full: list[tuple[int, str, str]], tol: float,
             links: Callable[[int, int], bool]) -> None:
    """The pairs of ``apart`` (:func:`first_pass`) overlapped through a boat between them
    (rule 11), their answers written in ``out`` (or put in ``full`` when abreast on one
    line); the others keep rule 12's. ``links(c, x)``: whether the overlap terms apply
    between boats ``c`` and ``x`` on opposite tacks."""
    neg = -tol
    high = 1 - tol
    for i, base, far in apart:
        ida, _, _, _, _, dxa, dya, _, _, mxa, mya, _, _ = swept[i]
        port_a = mids[i][2]
        mask_a = masks[i]
        for j in far:
            common = mask_a & masks[j]
            if common:
                idb, _, _, _, _, dxb, dyb, _, _, mxb, myb, _, _ = swept[j]
                vx = mxb - mxa
                vy = myb - mya
                norm = vx * vx + vy * vy
                if norm == 0:
                    common = 0
                while common:
                    c = common.bit_length() - 1
                    mxc, myc, port_c = mids[c]
                    if tol < ((mxc - mxa) * vx + (myc - mya) * vy) / norm < high and (
                            port_c is port_a or (beyond[c] and beyond[i] and beyond[j])
                            or (links(c, i) and links(c, j))):
                        score = (vx * dya - vy * dxa) + (vx * dyb - vy * dxb)
                        if score > tol:
                            out[base + j] = (ida, idb, "11") if port_a else (idb, ida, "11")
                        elif score < neg:
                            out[base + j] = (idb, ida, "11") if port_a else (ida, idb, "11")
                        else:
                            full.append((base + j, ida, idb))
                        break
                    common ^= 1 << c
