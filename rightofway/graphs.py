"""The networkx graphs the rulesets answer with, built in one step.

An engagement graph is built for every position a program asks about, and networkx's
``add_node`` and ``add_edge`` cost more than the few attributes they store. A new graph
is therefore filled directly: networkx keeps each node's attributes in ``graph._node``
and its edges in ``graph._succ`` and ``graph._pred``, dicts of dicts whose layout its
documentation describes for subclasses. ``tests/test_graphs.py`` checks that the result
is equal, node data, edge data and views alike, to the graph ``add_node`` and
``add_edge`` build.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any

from rightofway.errors import shown

if TYPE_CHECKING:  # networkx loads when a graph is asked for
    import networkx as nx

__all__ = ["CYCLE_LIMIT", "cycles", "digraph"]

CYCLE_LIMIT = 100
"""The most cycles a graph's report lists (``graph.graph["cycles"]``); a graph with more
says so in ``graph.graph["cycles_complete"]`` (false) instead of listing them all, which
could take longer than the rulings themselves (a grid of 20 boats can hold over a
million)."""


def digraph(nodes: Iterable[tuple[Hashable, dict[str, Any]]],
            edges: Iterable[tuple[Hashable, Hashable, dict[str, Any]]],
            **graph: Any) -> nx.DiGraph:
    """A directed graph of ``nodes`` and ``edges``, each with its attribute dict.

    The same graph as ``add_node(n, **attrs)`` for each node, then ``add_edge(u, v,
    **attrs)`` for each edge, on ``networkx.DiGraph(**graph)``: an edge adds the nodes
    it names, and a node or an edge given twice has its attributes updated. The graph
    keeps the attribute dicts it is given (build fresh ones). ``None`` is no node, as
    in networkx.
    """
    import networkx as nx

    g = nx.DiGraph(**graph)
    node, succ, pred = g._node, g._succ, g._pred
    for n, attrs in nodes:
        if n in node:
            node[n].update(attrs)
        elif n is None:
            raise ValueError("None cannot be a node")
        else:
            node[n] = attrs
            succ[n] = {}
            pred[n] = {}
    for u, v, attrs in edges:
        for n in (u, v):
            if n not in node:
                if n is None:
                    raise ValueError("None cannot be a node")
                node[n] = {}
                succ[n] = {}
                pred[n] = {}
        known = succ[u].get(v)
        if known is None:
            succ[u][v] = pred[v][u] = attrs
        else:
            known.update(attrs)
    return g


def cycles(graph: nx.DiGraph, limit: int = CYCLE_LIMIT) -> tuple[list[list[str]], bool]:
    """The right-of-way cycles of ``graph`` (edges give-way -> right of way), each listed so
    that every boat has right of way over the next (and the last over the first),
    starting at the smallest boat id, and sorted; with whether the list is complete.

    At most ``limit`` cycles are listed. Only the boats of a strongly connected
    component of more than one boat can be on a cycle, so a graph without one costs a
    linear pass; otherwise the cycles are found one at a time (Johnson's algorithm,
    each in time linear in the graph) and the search stops at ``limit``.
    """
    import itertools

    import networkx as nx

    if not isinstance(graph, nx.DiGraph):
        raise TypeError(f"graph: expected a networkx DiGraph (an engagement graph), got "
                        f"{type(graph).__name__} {shown(graph)}")
    if type(limit) is not int or limit < 0:
        raise TypeError(f"limit: expected a whole number from 0, got {shown(limit)}")
    if not any(len(c) > 1 for c in nx.strongly_connected_components(graph)):
        return [], True
    found = list(itertools.islice(nx.simple_cycles(graph), limit + 1))
    out = []
    for giving in found[:limit]:
        cyc = [str(n) for n in giving[::-1]]
        k = cyc.index(min(cyc))
        out.append(cyc[k:] + cyc[:k])
    return sorted(out), len(found) <= limit
