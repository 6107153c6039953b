"""Benchmark profiles: how much work one run does.

Why profiles and not loose command-line knobs: the three uses (the real run that produces
``results.md``, a smoke run, and the test suite) need coherent sets of settings. A smoke run
that keeps 256 layers is not a smoke run; a test that times 7 rounds is not a fast test. Each
profile is one frozen, named, JSON-serialisable record, written into ``results.json`` so a
result can always be traced back to exactly what was measured.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from .programs import DecodeShape

#: The variants, in the order every table and plot uses. ``fused-elided`` is compiled too but
#: only to check that it equals ``fused-stock`` (there is nothing to rewrite in the fused form).
VARIANTS: tuple[str, ...] = ("seed-stock", "seed-elided", "call-stock", "call-elided", "fused-stock")
CHECK_ONLY_VARIANTS: tuple[str, ...] = ("fused-elided",)


@dataclass(frozen=True)
class Profile:
    """Everything that decides the amount of work (and so the run time) of a benchmark run."""

    name: str
    #: Decode contexts (the ``step`` argument) measured for copies, memory and time.
    contexts: tuple[int, ...]
    #: Interleaved timing rounds; every round times every (variant, context) once.
    rounds: int
    #: Wall time one timing sample aims for; the sample is the median of that many calls.
    sample_target_s: float
    min_calls: int
    max_calls: int
    #: Untimed calls before each sample (the previous sample ran another variant/context).
    warmup_calls: int
    #: Calls per memory measurement (in a fresh process per variant and context).
    memory_calls: int
    #: Decode steps 0..n-1 run on stock and elided modules to check identical outputs.
    correctness_steps: int
    #: Layer counts of the seed-form modules whose analysis cost is measured.
    analysis_layers: tuple[int, ...]
    #: Interleaved (stock, rewrite) compile pairs per layer count.
    analysis_repeats: dict[int, int] = field(default_factory=dict)
    #: Wall-time limit of each layer count's measurement (a worker past it is killed and the
    #: result says so): the whole run must stay within its budget even if the analysis blows up.
    analysis_limit_s: float = 120.0
    #: Repetitions of the IR-specification corpus for the z3 query-time distribution.
    z3_corpus_repeats: int = 3
    #: Layer counts whose rewrite time is compared round by round for the growth target (the
    #: smallest against the largest; empty: not measured), and how many rounds.
    growth_layers: tuple[int, ...] = ()
    growth_rounds: int = 0
    #: The compile-cost table (:mod:`benchmarks.compile_cost`): pairs per program, and the
    #: layers of its seed form (0: the table is not measured).
    cost_rounds: int = 0
    cost_layers: int = 0
    shape: DecodeShape = DecodeShape()

    def repeats_for(self, layers: int) -> int:
        return self.analysis_repeats.get(layers, 1)

    def to_json(self) -> dict:
        data = asdict(self)
        data["analysis_repeats"] = {str(k): v for k, v in self.analysis_repeats.items()}
        return data


FULL = Profile(
    name="full",
    contexts=(16, 256, 1024, 2048, 4000),
    # Many short rounds rather than a few long ones: the machine is shared (other engineers'
    # fuzz campaigns take both cores at times), and a ratio is only side by side if its two
    # samples are taken within a few tens of milliseconds of each other.
    rounds=35,
    sample_target_s=0.04,
    min_calls=3,
    max_calls=1000,
    warmup_calls=2,
    memory_calls=3,
    correctness_steps=8,
    analysis_layers=(2, 32, 64, 256),
    analysis_repeats={2: 3, 32: 3, 64: 1, 256: 3},
    analysis_limit_s=360.0,
    z3_corpus_repeats=5,
    growth_layers=(32, 64, 256),
    growth_rounds=21,
    cost_rounds=7,
    cost_layers=256,
)

QUICK = Profile(
    name="quick",
    contexts=(16, 256, 4000),
    rounds=9,
    sample_target_s=0.03,
    min_calls=3,
    max_calls=500,
    warmup_calls=1,
    memory_calls=2,
    correctness_steps=4,
    analysis_layers=(2, 32),
    analysis_repeats={2: 1, 32: 1},
    analysis_limit_s=90.0,
    z3_corpus_repeats=1,
    growth_layers=(8, 32),
    growth_rounds=5,
    cost_rounds=3,
    cost_layers=32,
)

#: For ``tests/e2e/test_benchmarks.py``: every piece runs, on the least work that still exercises
#: it (two contexts so that a slope exists, one round, one small module for the analysis cost).
TINY = Profile(
    name="tiny",
    contexts=(16, 256),
    rounds=1,
    sample_target_s=0.005,
    min_calls=3,
    max_calls=50,
    warmup_calls=1,
    memory_calls=2,
    correctness_steps=3,
    analysis_layers=(2,),
    analysis_repeats={2: 1},
    analysis_limit_s=60.0,
    z3_corpus_repeats=1,
    growth_layers=(2, 4),
    growth_rounds=1,
)

PROFILES: dict[str, Profile] = {p.name: p for p in (FULL, QUICK, TINY)}
