#!/usr/bin/env python3
"""Writes queries/data/edge.facts: the small example graph bundled with Leapfrog.

Deterministic (its own linear congruential generator, so every Python version gives the same file):
400 vertices; vertex i links to 4 distinct vertices among the 24 before it (locality makes triangles
and 4-cliques) and, one time in five, to one vertex anywhere before it. Each undirected edge is written
once as `u<TAB>v` with u < v, sorted, no self-loops, no duplicates (the convention of ../shared/data).

Usage: python3 queries/data/generate_edges.py > queries/data/edge.facts
"""
import sys

state = 20240601


def rand(n):
    """A number in [0, n) from a 31-bit LCG (glibc's constants)."""
    global state
    state = (1103515245 * state + 12345) % 2**31
    return (state >> 8) % n


edges = set()
for i in range(1, 400):
    window = min(i, 24)
    picks = set()
    while len(picks) < min(4, window):
        picks.add(i - 1 - rand(window))
    if rand(5) == 0:
        picks.add(rand(i))
    for j in picks:
        edges.add((min(i, j), max(i, j)))

out = sys.stdout
for u, v in sorted(edges):
    out.write(f"{u}\t{v}\n")
