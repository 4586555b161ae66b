"""``rightofway.graphs.digraph`` builds the graph ``add_node`` and ``add_edge`` build."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rightofway.graphs import CYCLE_LIMIT, cycles, digraph

ids = st.sampled_from("ABCDEFG")
attrs = st.dictionaries(st.sampled_from(["basis", "at", "turn", "steps"]),
                        st.integers(-3, 3), max_size=3)


def by_networkx(nodes: list[tuple[str, dict[str, Any]]],
                edges: list[tuple[str, str, dict[str, Any]]], **graph: Any) -> nx.DiGraph:
    g = nx.DiGraph(**graph)
    for n, a in nodes:
        g.add_node(n, **a)
    for u, v, a in edges:
        g.add_edge(u, v, **a)
    return g


def same(a: nx.DiGraph, b: nx.DiGraph) -> None:
    assert nx.utils.graphs_equal(a, b)  # nodes, edges, their data and the graph's
    assert list(a.nodes(data=True)) == list(b.nodes(data=True))  # in the same order
    assert list(a.edges(data=True)) == list(b.edges(data=True))
    assert list(a.pred.items()) == list(b.pred.items())
    assert dict(a.in_degree()) == dict(b.in_degree())
    assert dict(a.out_degree()) == dict(b.out_degree())
    assert sorted(map(sorted, nx.simple_cycles(a))) == sorted(map(sorted, nx.simple_cycles(b)))


@given(st.lists(st.tuples(ids, attrs), max_size=8),
       st.lists(st.tuples(ids, ids, attrs), max_size=10))
def test_the_same_graph_as_add_node_and_add_edge(
        nodes: list[tuple[str, dict[str, Any]]],
        edges: list[tuple[str, str, dict[str, Any]]]) -> None:
    # fresh dicts for each build: digraph keeps the ones it is given
    def copy_nodes() -> list[tuple[str, dict[str, Any]]]:
        return [(n, dict(a)) for n, a in nodes]

    def copy_edges() -> list[tuple[str, str, dict[str, Any]]]:
        return [(u, v, dict(a)) for u, v, a in edges]

    built = digraph(copy_nodes(), copy_edges(), ruleset="test")
    same(built, by_networkx(copy_nodes(), copy_edges(), ruleset="test"))
    # and it goes on behaving as a graph: adding and removing through networkx
    built.add_edge("Z", "A", basis=1)
    built.remove_node("A")
    reference = by_networkx(copy_nodes(), copy_edges(), ruleset="test")
    reference.add_edge("Z", "A", basis=1)
    reference.remove_node("A")
    same(built, reference)


def test_an_edge_shares_its_data_between_successors_and_predecessors() -> None:
    g = digraph([("A", {})], [("A", "B", {"basis": "x"})])
    g.edges["A", "B"]["basis"] = "y"
    assert g.pred["B"]["A"]["basis"] == "y"
    assert g.nodes["B"] == {}


def test_none_is_no_node() -> None:
    with pytest.raises(ValueError, match="None cannot be a node"):
        digraph([(None, {})], [])
    with pytest.raises(ValueError, match="None cannot be a node"):
        digraph([], [("A", None, {})])


# --- cycle reports are bounded ----------------------------------------------------------------


@given(st.lists(st.tuples(ids, ids), max_size=14))
def test_cycles_are_every_simple_cycle_while_there_are_few(pairs: list[tuple[str, str]]) -> None:
    """Below the limit the report is the whole set of simple cycles, each turned to read
    right-of-way order (an edge runs give-way -> right of way) from its smallest id."""
    g = nx.DiGraph([(u, v) for u, v in pairs if u != v])
    found, complete = cycles(g, limit=10_000)
    assert complete
    expected = set()
    for giving in nx.simple_cycles(g):
        order = giving[::-1]
        k = order.index(min(order))
        expected.add(tuple(order[k:] + order[:k]))
    assert {tuple(c) for c in found} == expected and found == sorted(found)
    for c in found:  # every boat holds right of way over the next
        for holder, nxt in zip(c, c[1:] + c[:1], strict=True):
            assert g.has_edge(nxt, holder)


def test_a_graph_with_a_great_many_cycles_reports_the_limit_and_says_it_is_cut() -> None:
    """A complete graph of 12 boats holds millions of cycles; the report stops at the
    limit and flags that there are more, rather than listing them all."""
    g = nx.complete_graph(12, create_using=nx.DiGraph)
    g = nx.relabel_nodes(g, {i: f"B{i:02}" for i in g})
    found, complete = cycles(g, limit=CYCLE_LIMIT)
    assert not complete and len(found) == CYCLE_LIMIT
    assert all(len(set(c)) == len(c) >= 2 for c in found)


def test_an_acyclic_graph_has_a_complete_empty_report() -> None:
    g = nx.DiGraph([("A", "B"), ("B", "C"), ("A", "C")])
    assert cycles(g) == ([], True)
