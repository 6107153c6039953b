"""Judge a program: the build of the pipeline under test (:mod:`.pipeline`; by default
``slice-elision compile``'s) beside plain ``iree-compile``'s, each run in every mode
(:mod:`.runner`), against the interpreter (:mod:`.interp`).

The reference is plain ``iree-compile`` and the interpreter, whatever is under test. The verdicts
are the tool's promise: a build it makes computes the program's value-semantics answer (or plain
iree-compile's, where it cannot show a hazard), and it refuses only where plain iree-compile's
build is wrong. Under test, "the tool" reads "the pipeline under test" (the verdicts keep their
names):

* ``ok``: the tool's build is right (whatever stock did);
* ``refused-right``: the tool refused, and stock's build is wrong or fails;
* ``unbuilt``: neither builds (IREE rejects the program; stock's fault, or the generator's);

and the failures:

* ``tool-wrong``: the tool's build differs from the interpreter, and not as stock's does;
* ``both-wrong``: every call the tool's build gets wrong, stock's build gets wrong exactly alike
  (in some mode), without a refusal -- a hazard the check misses (a finding, not a miscompile
  of the rewrite). Compared call by call: a program whose one function the tool repairs and
  whose other it misses is a miss, not a miscompile. (A pipeline that is not the tool promises
  no refusal: there it is stock's fault, shared, and not a failure: :attr:`.Pipeline.failures`);
* ``false-refusal``: the tool refused, and stock's build is right -- on the program's calls, on
  :data:`ALTERNATIVES`, and with its globals read first and after every call (a refusal is judged on more
  before it counts as false: the drawn arguments may not reach the hazard, a loop of no
  iteration, an arm not taken; nothing may read the global IREE reordered the stores of yet);
  only the tool refuses;
* ``tool-fails``: the tool errors (not a refusal) where stock builds.

Wherever stock is not right (``stock`` is ``wrong``, ``fails`` at run time, or ``no-build``),
the judgement is also a *stock fault*, recorded with stock's answer and a signature
(:func:`fault_signature`: stock's class and error, the program's hazard features).
"""

from __future__ import annotations

import hashlib
import re
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from .answer import Answer, show
from .features import hazard_features
from .interp import interpret
from .pipeline import FAILURES, REFUSALS, STOCK, TOOL, Pipeline
from .program import Program, name_of_function
from .render import render, render_calls
from .runner import CallSpec, run_build, run_builds

__all__ = ["FAILURES", "REFUSALS", "Build", "Judgement", "Oracle", "Pipeline", "fault_signature", "verdict"]
#: Other arguments a refused program's stock build runs with: (every index, the first call's
#: flags, the second call's); rows 11 and 22.
ALTERNATIVES = ((1, 1, 0), (2, 1, 1), (3, 0, 1), (2, 0, 0))
#: How often stock's build runs again before the tool's wrong answer counts as its own
#: (``tool-wrong``): a racing stock build may give the tool's answer in a later run.
STOCK_RERUNS = 3


@dataclass(frozen=True)
class Build:
    """One compile and its runs: ``built`` (answers per mode), ``refused``, ``error``; ``said``:
    the tool's warnings or its error line (stock's first error line). ``also``: what the same
    module answered in other runs (run again, or the other pipeline's byte-identical module):
    where a build races, IREE's ``local-task`` answers vary from run to run."""

    status: str
    said: str = ""
    answers: dict[str, Answer] = field(default_factory=dict)
    also: tuple[Answer, ...] = ()

    def all_answers(self) -> list[Answer]:
        return [*self.answers.values(), *self.also]

    def right(self, expected: Answer) -> bool:
        return self.status == "built" and all(a == expected for a in self.all_answers())

    def fails(self) -> bool:
        """Some run ended in an error or a crash (not only in wrong values)."""
        return any(isinstance(a, str) or any(isinstance(c, str) for c in a) for a in self.all_answers())


@dataclass(frozen=True)
class Judgement:
    verdict: str
    stock_class: str  # right | wrong | fails | no-build
    expected: Answer
    stock: Build
    ours: Build
    signature: tuple = ()
    #: Where stock is wrong only on other arguments than the program's: which, and its answer.
    evidence: str = ""
    #: What made ``ours``.
    pipeline: Pipeline = TOOL

    @property
    def failing(self) -> bool:
        return self.verdict in self.pipeline.failures

    @property
    def stock_fault(self) -> bool:
        return self.stock_class != "right"


def alternatives(p: Program) -> list[Program]:
    """``p`` with the arguments of :data:`ALTERNATIVES`."""
    out = []
    for index, *flags in ALTERNATIVES:
        fns = tuple(
            replace(
                fn,
                calls=tuple(
                    tuple({"row": 11 * (r + 1), "index": index, "i1": flags[r]}[k] for k in fn.params) for r in (0, 1)
                ),
            )
            for fn in p.functions
        )
        out.append(replace(p, functions=fns))
    return out


def call_specs(p: Program) -> list[CallSpec]:
    return [(name_of_function(k), [(kind, a) for kind, a in zip(p.params(k), args)]) for k, args in p.calls()]


def stock_class(stock: Build, expected: Answer) -> str:
    if stock.status != "built":
        return "no-build"
    if stock.right(expected):
        return "right"
    return "fails" if stock.fails() else "wrong"


def verdict(expected: Answer, stock: Build, ours: Build) -> str:
    """The verdict (module docstring) of the two builds."""
    stock_right = stock.right(expected)
    if ours.status == "built":
        if ours.right(expected):
            return "ok"
        return "both-wrong" if stock.status == "built" and _wrong_as_stock(expected, stock, ours) else "tool-wrong"
    if ours.status == "refused":
        return "false-refusal" if stock_right else "refused-right"
    return "tool-fails" if stock.status == "built" else "unbuilt"


def fault_signature(p: Program, cls: str, stock: Build) -> tuple:
    """A stock fault's signature: what stock's build does (its class and its error, without
    names and places) and the program's hazard features (:mod:`.features`). What the tool does
    with the program is not part of it: one IREE fault, refused in one program and repaired in
    another, is one fault."""
    return (cls, stock_detail(stock), hazard_features(p))


def stock_detail(stock: Build) -> str:
    """Stock's failure without names and places: its compile error, or its first run error."""
    if stock.status != "built":
        said = stock.said.partition("error: ")[2] or stock.said
        said = re.sub(r"\"[^\"]*\"", "", re.sub(r"[%@][\w$.-]+", "", said))
        return re.sub(r"\d+", "N", said)[:70]
    errors = [
        a if isinstance(a, str) else next((c for c in a if isinstance(c, str)), "") for a in stock.answers.values()
    ]
    return min((e for e in errors if e), default="") if stock.fails() else ""


def _wrong_as_stock(expected: Answer, stock: Build, ours: Build) -> bool:
    """Whether each call the tool's build answers wrong, stock's build answers the same in some
    mode or run (a run that crashed: stock's crashed alike) -- up to the first call stock's own
    runs disagree on (:func:`first_race`): from there on stock's answer is any, and so is the
    state every later call starts from."""
    theirs = stock.all_answers()
    race = first_race(theirs)
    for answer in ours.all_answers():
        if answer == expected:
            continue
        if isinstance(answer, str) or isinstance(expected, str):
            if answer not in theirs:
                return False
            continue
        for i, call in enumerate(answer[:race]):
            right = i < len(expected) and call == expected[i]
            if not right and not any(not isinstance(t, str) and i < len(t) and t[i] == call for t in theirs):
                return False
        if len(answer) < len(expected) and len(answer) <= race and answer not in theirs:
            return False
    return True


def first_race(answers: list[Answer]) -> int:
    """The first call whose result differs between ``answers`` (runs of one build: a race, in
    IREE's ``local-task``), or a number past every call."""
    runs = [a for a in answers if not isinstance(a, str)]
    for i in range(max((len(a) for a in runs), default=0)):
        if len({repr(a[i]) for a in runs if i < len(a)}) > 1:
            return i
    return 1 << 30


def tool_class(ours: Build) -> str:
    """What the tool said, without names and places: the refusal's kind, or the repairs made."""
    said = re.sub(r"\([^()]*:\d+:\d+\)", "", ours.said)
    said = re.sub(r"[%@][\w$.-]+", "", said)
    if ours.status == "refused":
        kind = next((r for r in REFUSALS if r in said), "refused")
        verb = re.search(r"\b(took|dropped|reordered|across|erased) (util\.[\w.]+|for)", said)
        return f"refused: {kind}" + (f" ({verb.group(1)} {verb.group(2)})" if verb else "")
    repairs = sorted(set(re.findall(r"repaired IREE's (\w+)[^:]*: (stream\.[\w.]+)", said)))
    return "repaired " + ", ".join(f"{a} {b}" for a, b in repairs) if repairs else ours.status


@dataclass
class Oracle:
    """Compiles and runs programs in ``work`` (a directory kept while the oracle lives): with
    plain iree-compile and with ``pipeline``, the pipeline under test; judges each program once
    (by its text: picks that resolve alike render alike)."""

    work: Path
    pipeline: Pipeline = TOOL
    memo: dict[str, Judgement] = field(default_factory=dict)
    compiles: int = 0

    @staticmethod
    def key(p: Program) -> str:
        """What tells two programs apart: their text and their calls."""
        return hashlib.sha256((render(p) + repr(call_specs(p))).encode()).hexdigest()[:16]

    def judge(self, p: Program) -> Judgement:
        key = self.key(p)
        if key not in self.memo:
            self.memo[key] = self._judge(p, render(p), key)
        return self.memo[key]

    def _judge(self, p: Program, text: str, key: str) -> Judgement:
        source = self.work / f"{key}.mlir"
        source.write_text(text)
        expected = interpret(p)
        calls = call_specs(p)
        builds = [self._stock(source), self._under_test(source)]
        vmfbs = [source.with_suffix(f".{who}.vmfb") for who in ("stock", "tool")]
        ran = iter(run_builds([v for b, v in zip(builds, vmfbs) if b.status == "built"], calls))
        stock, ours = (replace(b, answers=next(ran)) if b.status == "built" else b for b in builds)
        if stock.status == ours.status == "built" and vmfbs[0].read_bytes() == vmfbs[1].read_bytes():
            # One module: what either's runs answered, the other's could have.
            stock, ours = (
                replace(stock, also=tuple(ours.answers.values())),
                replace(ours, also=tuple(stock.answers.values())),
            )
        v = verdict(expected, stock, ours)
        for _ in range(STOCK_RERUNS if stock.status == "built" else 0):
            if v != "tool-wrong":
                break
            stock = replace(stock, also=stock.also + tuple(run_build(vmfbs[0], calls).values()))
            v = verdict(expected, stock, ours)
        cls = stock_class(stock, expected)
        evidence = ""
        if v == "false-refusal":
            evidence, cls = self._stock_wrong_elsewhere(p, source.with_suffix(".stock.vmfb"))
            v = "refused-right" if evidence else v
        signature = fault_signature(p, cls, stock) if cls != "right" else ()
        return Judgement(v, cls, expected, stock, ours, signature, evidence, self.pipeline)

    def stock_signature(self, p: Program) -> tuple:
        """:func:`fault_signature` of plain iree-compile's build of ``p`` alone (no build of
        the pipeline under test: what reducing a stock fault asks of each candidate), or ``()``
        where that build is right."""
        key = self.key(p)
        if key in self.memo:
            return self.memo[key].signature
        source = self.work / f"{key}.stock-only.mlir"
        source.write_text(render(p))
        stock = self._stock(source)
        if stock.status == "built":
            stock = replace(stock, answers=run_build(source.with_suffix(".stock.vmfb"), call_specs(p)))
        cls = stock_class(stock, interpret(p))
        return fault_signature(p, cls, stock) if cls != "right" else ()

    def _stock_wrong_elsewhere(self, p: Program, vmfb: Path) -> tuple[str, str]:
        """Where stock's build is not right after all (in words), and stock's class there:
        with the arguments of :data:`ALTERNATIVES`, or with the globals read first and after
        every call (the program observed: a state no result shows yet is still the program's); ``("",
        "right")`` where it is right on all."""
        tries = [(q, vmfb) for q in alternatives(p)]
        if p.globals_ and not p.observed():
            tries += self._observed(p)
        for other, build in tries:
            expected = interpret(other)
            stock = Build("built", "", run_build(build, call_specs(other)))
            if not stock.right(expected):
                names = [name_of_function(k) for k, _ in other.calls()]
                got = next(a for a in stock.answers.values() if a != expected)
                observed = (
                    " (the globals read first and after every call)" if other.observed() and not p.observed() else ""
                )
                return (
                    f"with calls {render_calls(other)}{observed} stock answers {show(got, names)}, "
                    f"expected {show(expected, names)}",
                    stock_class(stock, expected),
                )
        return "", "right"

    def _observed(self, p: Program) -> list[tuple[Program, Path]]:
        """``p`` with its globals read first and after every call, each with stock's build: all
        of them in one ``@state()``, or, where plain iree-compile cannot build that (returning
        some globals may meet one of its faults: "global type mismatch"), each global alone."""
        found: list[tuple[Program, Path]] = []
        alone = (replace(p, observe=True, observe_only=k) for k in range(len(p.globals_)))
        for seen in [replace(p, observe=True), *alone]:
            source = self.work / f"{self.key(seen)}.mlir"
            source.write_text(render(seen))
            if self._stock(source).status == "built":
                if seen.observe_only is None:
                    return [(q, source.with_suffix(".stock.vmfb")) for q in [seen, *alternatives(seen)]]
                found.append((seen, source.with_suffix(".stock.vmfb")))
        return found

    def _stock(self, source: Path) -> Build:
        """Plain iree-compile's build of ``source`` (not run yet)."""
        return self._build(STOCK, source, source.with_suffix(".stock.vmfb"))

    def _under_test(self, source: Path) -> Build:
        """The pipeline under test's build of ``source`` (not run yet)."""
        return self._build(self.pipeline, source, source.with_suffix(".tool.vmfb"))

    def _build(self, pipeline: Pipeline, source: Path, out: Path) -> Build:
        self.compiles += 1
        made = pipeline.build(source, out)
        return Build(made.status, made.said)


def scratch_oracle(pipeline: Pipeline = TOOL) -> tuple[Oracle, tempfile.TemporaryDirectory]:
    """An oracle of ``pipeline`` in a fresh temporary directory (the caller cleans it up)."""
    tmp = tempfile.TemporaryDirectory(prefix="tensor-campaign-")
    return Oracle(Path(tmp.name), pipeline), tmp
