"""Hand-picked programs, each aimed at one part of the safety rule.

Each one is correct with the real rule (the slice is kept, or aliased with a valid proof) and
miscompiles -- a bit mismatch on the runtime -- if that part of the rule is weakened. They are
the mutation tests' guaranteed detectors (``tests/test_mutations.py``); generated programs are
the other, broader ones.
"""

from __future__ import annotations

from .program import GlobalDecl, Iota, Lin, Load, Program, Range, Slice, Sum, Update, Fill, Scale

_G = (GlobalDecl("g0", 16),)


def _r(a: int, n: int) -> Range:
    return Range(Lin(a), Lin(n))


#: Tied chain: the slice's source is written twice in place; the second write (through the
#: first's result, not the source value itself) overwrites the sliced bytes before the read.
WRITE_THROUGH_TIED_CHAIN = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, _r(0, 4)),
        Iota(2, Lin(2), 55_007),
        Update(3, 2, 0, Lin(8)),  # disjoint from the slice: harmless
        Update(4, 2, 3, Lin(1)),  # through the chain, inside the slice: the slice must stay a copy
        Sum(5, 1, _r(0, 4)),  # reads the slice after both writes
    ),
)

#: Ordering: an overlapping write after the slice that nothing orders; the slice is read after it.
OVERLAPPING_WRITE_BEFORE_READ = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, _r(2, 4)),
        Fill(2, 0, _r(4, 3), 99),
        Sum(3, 1, _r(0, 4)),
    ),
)

#: The solver must find the overlap: a step-dependent slice [0, 1 + step) and an in-place
#: scale of [step, step + 2): they overlap for every step, which only a counterexample shows.
SYMBOLIC_OVERLAP = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, Range(Lin(0), Lin(1, 1), 1)),
        Scale(2, 0, Range(Lin(0, 1), Lin(2), 2)),
        Sum(3, 1, Range(Lin(0), Lin(1, 1))),
    ),
    assume_max=3,
)

#: A control: provably disjoint write after the slice (the alias is correct and must stay).
DISJOINT_WRITE_AFTER_SLICE = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, Range(Lin(0), Lin(1, 1))),
        Iota(2, Lin(1), 77_007),
        Update(3, 2, 0, Lin(1, 1)),
        Sum(4, 1, Range(Lin(0), Lin(1, 1))),
    ),
)

ALL: tuple[Program, ...] = (
    WRITE_THROUGH_TIED_CHAIN,
    OVERLAPPING_WRITE_BEFORE_READ,
    SYMBOLIC_OVERLAP,
    DISJOINT_WRITE_AFTER_SLICE,
)
