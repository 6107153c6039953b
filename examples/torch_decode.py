"""The PyTorch path: a torch decode step exported with iree-turbine, compiled with slice elision.

Needs the optional ``torch`` extra (``make torch``). What it does:

1. builds a small attention decode step in PyTorch whose K and V caches are *registered buffers*
   updated in place at the step's position, in one of two forms (``--form``):

   * ``masked``: the static-cache form of HuggingFace's ``StaticCache``: ``index_copy_`` of the
     new row at ``pos`` (a 1-element int64 tensor), attention over the *whole* cache with a mask
     ``arange(capacity) <= pos``;
   * ``prefix``: the form the slice-elision issue is about: ``pos.item()``, slice assignment
     ``cache[:, p:p+1] = row``, attention over the *prefix* ``cache[:, :p+1]`` (an unbacked,
     data-dependent length that ``torch.export`` keeps symbolic);

   or (``--model llama``) a HuggingFace ``LlamaForCausalLM`` with 2 layers, a tiny config and
   random weights, wrapped in ``transformers``' own ``TorchExportableModuleWithStaticCache``;
2. exports it with ``iree.turbine.aot.export`` to torch-dialect MLIR (buffer mutations become
   mutable ``util.global`` stores);
3. compiles that MLIR twice through the project's driver (``rewriter.pipeline.compile_file``,
   what ``slice-elision compile`` runs): with slice elision, and without the hook (byte-identical
   to ``iree-compile``, which ``slice-elision compile --no-elide`` also is);
4. runs ``--steps`` decode steps of both on the IREE runtime, each module loaded once so its
   caches persist, and of the torch module in eager mode; checks IREE against eager with a tight
   tolerance and the two IREE builds against each other bit for bit;
5. prints what slice elision decided (``explain``'s report), the copy commands left after
   ``iree-stream-schedule-allocation`` in both builds, and the median step time of both, timed
   side by side (the two modules alternate, step by step).

The point is to look at what slice elision finds in real torch exports; docs/pytorch.md's
"From PyTorch" section has the numbers.
"""

from __future__ import annotations

import argparse
import copy
import math
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from iree.turbine import aot

from rewriter.pipeline import DEFAULT_CPU_FLAGS, compile_file, ir_after_pass
from rewriter.report.explain import human
from rewriter.rewrite.elide import RewriteReport, elide_slices
from rewriter.runtime import LoadedModule

# benchmarks/ is part of the checkout, not of the installed package: this script runs from it.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.measure import copy_commands, describe  # noqa: E402

FORMS = ("masked", "prefix")
#: iree-turbine names the exported entry point after the module's ``forward``.
FUNCTION = "main"
#: Eager torch and IREE's CPU code differ in summation order and fused multiply-adds, never more.
RTOL, ATOL = 1e-5, 1e-5


class AttentionDecode(torch.nn.Module):
    """``layers`` single-head-group attention layers with a residual; one token per call.

    The caches are registered buffers (what a torch user writes), shaped
    ``[1, capacity, heads, head_dim]`` so that a prefix of rows is one contiguous byte range, the
    shape slice elision is about. Weights are random (seeded): only equality with eager matters.
    """

    def __init__(self, form: str, *, layers: int = 2, heads: int = 4, head_dim: int = 16, capacity: int = 64) -> None:
        super().__init__()
        if form not in FORMS:
            raise ValueError(f"form must be one of {FORMS}, not {form!r}")
        self.form, self.layers, self.heads, self.head_dim, self.capacity = form, layers, heads, head_dim, capacity
        width = heads * head_dim
        g = torch.Generator().manual_seed(0)
        scale = 1 / math.sqrt(width)
        self.wqkv = torch.nn.ParameterList(
            [torch.nn.Parameter(torch.randn(width, 3 * width, generator=g) * scale) for _ in range(layers)]
        )
        self.wo = torch.nn.ParameterList(
            [torch.nn.Parameter(torch.randn(width, width, generator=g) * scale) for _ in range(layers)]
        )
        for i in range(layers):
            self.register_buffer(f"k{i}", torch.zeros(1, capacity, heads, head_dim))
            self.register_buffer(f"v{i}", torch.zeros(1, capacity, heads, head_dim))

    def forward(self, x: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
        """``x``: ``[1, heads*head_dim]``; ``pos``: ``[1]`` int64 (masked) or 0-d int64 (prefix)."""
        h, d = self.heads, self.head_dim
        if self.form == "prefix":
            p = pos.item()
            # Without these torch.export cannot bound the unbacked length p + 1 by the capacity.
            torch._check(p >= 0)
            torch._check(p < self.capacity)
        for i in range(self.layers):
            q, k, v = (x @ self.wqkv[i]).split(h * d, dim=-1)
            kc, vc = getattr(self, f"k{i}"), getattr(self, f"v{i}")
            if self.form == "masked":
                kc.index_copy_(1, pos, k.view(1, 1, h, d))
                vc.index_copy_(1, pos, v.view(1, 1, h, d))
                keys, values = kc[0], vc[0]  # [capacity, h, d]
                visible = (torch.arange(self.capacity) <= pos).view(1, 1, self.capacity)
            else:
                kc[:, p : p + 1] = k.view(1, 1, h, d)
                vc[:, p : p + 1] = v.view(1, 1, h, d)
                keys, values = kc[0, : p + 1], vc[0, : p + 1]  # [p + 1, h, d]
            scores = q.view(h, 1, d) @ keys.permute(1, 2, 0) / math.sqrt(d)  # [h, 1, n]
            if self.form == "masked":
                scores = scores.masked_fill(~visible, float("-inf"))
            attended = torch.softmax(scores, dim=-1) @ values.transpose(0, 1)  # [h, 1, d]
            x = x + attended.reshape(1, h * d) @ self.wo[i]
        return x


# -- the programs: a module, its example arguments, and the inputs of each decode step ----------


@dataclass
class Program:
    """What the example needs of a torch program, whichever it is."""

    name: str
    module: torch.nn.Module
    #: Keyword arguments of ``forward`` for one step, as torch tensors; the order is the order of
    #: the exported function's arguments.
    step_inputs: Callable[[int], dict[str, torch.Tensor]]
    capacity: int


def attention_program(form: str, capacity: int) -> Program:
    model = AttentionDecode(form, capacity=capacity).eval()
    width = model.heads * model.head_dim
    rng = np.random.default_rng(1)
    xs: dict[int, torch.Tensor] = {}

    def inputs(step: int) -> dict[str, torch.Tensor]:
        if step not in xs:
            xs[step] = torch.from_numpy(rng.standard_normal((1, width)).astype(np.float32))
        pos = torch.tensor([step]) if form == "masked" else torch.tensor(step)
        return {"x": xs[step], "pos": pos}

    return Program(f"attention-{form}", model, inputs, capacity)


def llama_program(capacity: int) -> Program:
    """HuggingFace Llama, 2 layers, random weights, ``StaticCache`` registered as buffers by
    ``transformers``' own export wrapper (the cache tensors must be buffers for torch.export)."""
    from transformers import LlamaConfig, LlamaForCausalLM
    from transformers.integrations.executorch import TorchExportableModuleWithStaticCache

    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=256,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=max(64, capacity),
    )
    model = LlamaForCausalLM(config).eval()
    model.generation_config.cache_implementation = "static"
    wrapped = TorchExportableModuleWithStaticCache(model, batch_size=1, max_cache_len=capacity).eval()
    tokens = np.random.default_rng(2).integers(0, config.vocab_size, size=capacity)

    def inputs(step: int) -> dict[str, torch.Tensor]:
        return {"input_ids": torch.tensor([[int(tokens[step])]]), "cache_position": torch.tensor([step])}

    return Program("llama-2-layers", wrapped, inputs, capacity)


def make_program(model: str, form: str, capacity: int) -> Program:
    return llama_program(capacity) if model == "llama" else attention_program(form, capacity)


def export_mlir(program: Program, path: Path) -> None:
    """Export with iree-turbine from a copy, so the eager run starts from the same caches."""
    exported = aot.export(copy.deepcopy(program.module), kwargs=program.step_inputs(0))
    exported.save_mlir(str(path))


# -- compile, run, compare --------------------------------------------------------------------


@dataclass
class Outcome:
    """What one run of the example measured (the test checks these)."""

    report: RewriteReport
    steps: int
    max_abs_error: float
    within_tolerance: bool
    builds_bit_identical: bool
    #: The two .vmfb files are the same bytes (the rewrite changed nothing the compile keeps).
    vmfb_identical: bool
    stock_copies: list[str]
    elided_copies: list[str]
    stock_ms: float
    elided_ms: float


def eager_outputs(program: Program, steps: int) -> list[np.ndarray]:
    module = copy.deepcopy(program.module)
    with torch.no_grad():
        return [module(**program.step_inputs(s)).numpy().copy() for s in range(steps)]


def run_side_by_side(stock: Path, elided: Path, program: Program, steps: int) -> tuple[list, list, float, float]:
    """Both modules loaded once (their caches persist), called alternately step by step, so the
    two medians see the same machine load."""
    outs: dict[str, list[np.ndarray]] = {"stock": [], "elided": []}
    times: dict[str, list[float]] = {"stock": [], "elided": []}
    with LoadedModule(stock) as a, LoadedModule(elided) as b:
        modules = {"stock": a, "elided": b}
        for step in range(steps):
            args = [t.numpy() for t in program.step_inputs(step).values()]
            order = ("stock", "elided") if step % 2 == 0 else ("elided", "stock")
            for name in order:
                t0 = time.perf_counter()
                result = modules[name].call(FUNCTION, args)
                times[name].append(time.perf_counter() - t0)
                outs[name].append(result[0])
    return (
        outs["stock"],
        outs["elided"],
        statistics.median(times["stock"]) * 1000,
        statistics.median(times["elided"]) * 1000,
    )


def run(program: Program, steps: int, workdir: Path, flags: Sequence[str], *, verbose: bool = True) -> Outcome:
    """Export, compile both ways, run, compare; prints as it goes when ``verbose``."""
    say: Callable[..., Any] = print if verbose else (lambda *a, **k: None)
    if steps > program.capacity:
        raise ValueError(f"{steps} steps do not fit a cache of {program.capacity} rows")
    mlir = workdir / f"{program.name}.mlir"
    say(f"== exporting {program.name} with iree.turbine.aot.export -> {mlir}")
    export_mlir(program, mlir)

    reports: list[RewriteReport] = []
    stock, elided = workdir / "stock.vmfb", workdir / "elided.vmfb"
    t0 = time.perf_counter()
    compile_file(mlir, stock, flags)
    t1 = time.perf_counter()
    result = compile_file(mlir, elided, flags, lambda module: reports.append(elide_slices(module)))
    t2 = time.perf_counter()
    report = reports[0]
    say(f"   stock compile {t1 - t0:.2f} s, with slice elision {t2 - t1:.2f} s (hook {result.hook_s * 1000:.0f} ms)")
    same_vmfb = stock.read_bytes() == elided.read_bytes()
    say(f"   the two .vmfb files are byte-identical: {'YES' if same_vmfb else 'NO'}")

    say("\n== decisions (slice-elision explain)")
    say(_indent(human(report.decisions)).rstrip() + "\n")
    for d in report.diagnostics:
        say(f"   {d.severity}: {d.message}")

    say("== copy commands after iree-stream-schedule-allocation (bytes, symbolic in the step)")
    hook = lambda module: elide_slices(module)  # noqa: E731 - the same rewrite, for the IR dump
    before = describe(copy_commands(ir_after_pass(mlir, flags, "iree-stream-schedule-allocation"), FUNCTION))
    after = describe(copy_commands(ir_after_pass(mlir, flags, "iree-stream-schedule-allocation", hook), FUNCTION))
    say(f"   stock:  {len(before)} copies: {', '.join(before) or '-'}")
    say(f"   elided: {len(after)} copies: {', '.join(after) or '-'}")

    say(f"\n== {steps} decode steps: IREE stock, IREE with slice elision (local-sync), torch eager")
    expected = eager_outputs(program, steps)
    got_stock, got_elided, stock_ms, elided_ms = run_side_by_side(stock, elided, program, steps)
    identical = all(a.tobytes() == b.tobytes() for a, b in zip(got_stock, got_elided))
    error = max(float(np.max(np.abs(g - e))) for g, e in zip(got_elided, expected))
    close = all(np.allclose(g, e, rtol=RTOL, atol=ATOL) for g, e in zip(got_elided, expected))
    say(f"   elided vs eager: max |error| {error:.2e}, allclose(rtol={RTOL}, atol={ATOL}): {'YES' if close else 'NO'}")
    say(f"   elided vs stock: bit-identical over {steps} steps: {'YES' if identical else 'NO'}")
    say(f"   median step time: stock {stock_ms:.3f} ms, elided {elided_ms:.3f} ms (alternating, same process)")
    say(
        f"\n   {report.aliased} slice(s) aliased, {report.kept} kept; "
        f"analysis of the module took {report.analysis_seconds * 1000:.0f} ms"
    )
    return Outcome(report, steps, error, close, identical, same_vmfb, before, after, stock_ms, elided_ms)


def _indent(text: str) -> str:
    return "\n".join("   " + line if line else line for line in text.splitlines())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", choices=("attention", "llama"), default="attention")
    p.add_argument("--form", choices=FORMS, default="prefix", help="cache read of the attention model")
    p.add_argument("--steps", type=int, default=48)
    p.add_argument("--capacity", type=int, default=64, help="cache rows (the static cache length)")
    p.add_argument("--keep", metavar="DIR", help="write the exported MLIR and both .vmfb here")
    args = p.parse_args(argv)
    program = make_program(args.model, args.form, args.capacity)
    flags = list(DEFAULT_CPU_FLAGS)
    if args.keep:
        Path(args.keep).mkdir(parents=True, exist_ok=True)
        outcome = run(program, args.steps, Path(args.keep), flags)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            outcome = run(program, args.steps, Path(tmp), flags)
    return 0 if outcome.within_tolerance and outcome.builds_bit_identical else 1


if __name__ == "__main__":
    sys.exit(main())
