"""What each command of ``slice-elision`` does (:mod:`.entry` parses the command line first,
without importing IREE's bindings or the analysis, so that ``--help`` and usage errors are
immediate)."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from iree.compiler import ir

from stream_model import LoadedModule, ModelError, SliceDecision, WrongPhaseError, load
from stream_model.model.loader import SliceElisionError, load_split, read_text
from stream_model.semantics.phase import Phase, classify_phase

from ..pipeline.passes import PassContext, SplicePasses
from ..pipeline.targets import DEFAULT_CPU_FLAGS
from ..report.explain import human, jsonl
from ..report.outputs import all_or_none
from ..rewrite.passes import ElideSlices
from ..rewrite.report import RewriteReport, merged_reports
from .exits import EXIT_USAGE, fail

if TYPE_CHECKING:
    from ..guard.schedule_guard import ScheduleGuard
    from ..pipeline.common import CompileError, CompileResult
    from ..pipeline.embedded import StartedFlow
    from ..report.remarks import RemarkSession

__all__ = ["check_command", "compile_command", "explain_command", "rewrite_command"]


def _elide(module: ir.Module, **options: Any) -> RewriteReport:
    """:func:`~rewriter.rewrite.elide.elide_slices`, imported when a command first decides
    (the analysis: sympy and z3, which a compile with nothing to decide never imports)."""
    from ..rewrite.elide import elide_slices

    return elide_slices(module, **options)


def _remark_session(args: argparse.Namespace, workdir: str) -> RemarkSession | None:
    """The command's remarks, when ``--remarks-filter`` asks for any."""
    if not args.remarks_filter:
        if args.remarks_output_file:
            print(
                "slice-elision: warning: --remarks-output-file without --remarks-filter: no remarks are emitted "
                "(as with iree-compile)",
                file=sys.stderr,
            )
        return None
    from pathlib import Path

    from ..report.remarks import RemarkOptions, RemarkSession

    return RemarkSession(RemarkOptions(args.remarks_filter, args.remarks_output_file), Path(workdir))


def _analyse_for_suggestions(source: str | None, filename: str | None) -> Callable[[ir.Module], list[SliceDecision]]:
    """How a command decides a module, for :meth:`RemarkSession.suggest`'s trials."""
    return lambda module: _elide(module, apply=False, source=source, filename=filename).decisions


def rewrite_command(args: argparse.Namespace) -> None:
    with all_or_none(inputs=(args.input,)) as outputs:
        out = outputs.reserve(args.output)
        log = outputs.reserve(args.log) if args.log else None
        texts, reports = [], []
        for loaded in _load(args):
            reports.append(
                _elide(
                    loaded.module,
                    apply=not args.annotate,
                    annotate=args.annotate,
                    source=loaded.text,
                    filename=loaded.filename,
                )
            )
            texts.append(loaded.module.operation.get_asm(enable_debug_info=args.mlir_print_debuginfo))
        report = merged_reports(reports)
        text = SPLIT_OUTPUT.join(texts)
        if log is not None:
            outputs.write(log, jsonl(report.log_records()))
        outputs.write(out, text)
        outputs.commit()
    _summary(report)


#: Between the modules of a split input, as ``iree-opt --split-input-file`` prints them.
SPLIT_OUTPUT = "\n// -----\n"


def _load(args: argparse.Namespace) -> list[LoadedModule]:
    """The input's module, or with ``--split-input-file`` each ``// -----`` chunk's."""
    return load_split(args.input) if args.split_input_file else [load(args.input)]


def explain_command(args: argparse.Namespace, iree_flags: list[str]) -> None:
    flags = args.iree_flags.split() + iree_flags
    _refuse_output_flags(flags)
    _refuse_standard_output(args.log, "explain")
    with all_or_none(inputs=(args.input,)) as outputs, tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        log = outputs.reserve(args.log) if args.log else None
        remarks = _remark_session(args, tmp)
        remarks_file = outputs.reserve(args.remarks_output_file) if remarks and args.remarks_output_file else None
        try:
            modules = _load(args)
            if flags:
                fail(
                    f"{args.input} is stream-async IR, explained as it is: IREE does not run, so these flags "
                    f"would do nothing: {' '.join(flags)}",
                    EXIT_USAGE,
                )
        except WrongPhaseError as e:
            if e.phase is Phase.AFTER or args.split_input_file:
                raise
            modules = [_reach_stream_phase(args.input, flags, e, remarks)]
        reports = []
        for m in modules:
            reports.append(_elide(m.module, apply=False, source=m.text, filename=m.filename))
            if remarks is not None:  # the module is as it was: explain rewrites nothing
                remarks.suggest(m.module, reports[-1].decisions, _analyse_for_suggestions(m.text, m.filename))
        report = merged_reports(reports)
        if log is not None:
            outputs.write(log, jsonl(report.log_records()))
        if remarks is not None:
            text = remarks.finish(report.decisions)
            if remarks_file is not None and text is not None:
                outputs.write(remarks_file, text)
        outputs.commit()
    for d in report.diagnostics:
        sys.stdout.write(f"{d.severity}: {d.message}\n\n")
    sys.stdout.write(human(report.decisions))


def _refuse_output_flags(flags: list[str]) -> None:
    """``explain`` prints its log; an output flag (which IREE's flags would swallow) would be
    silently ignored, so it is refused."""
    for flag in flags:
        if (
            flag in ("-o", "--output")
            or flag.startswith(("-o=", "--output="))
            or (flag.startswith("-o") and flag[2:3] not in ("", "-"))
        ):
            fail(
                f"explain writes no module: {flag} does not apply (--log LOG.jsonl writes the JSON Lines; "
                "rewrite -o writes a rewritten module)",
                EXIT_USAGE,
            )


def _refuse_standard_output(log: str | None, command: str) -> None:
    """``explain`` and ``check`` print to standard output: a log there would be mixed into it."""
    if log == "-":
        fail(f"{command} prints to standard output: --log - would mix the log into it (give a file)", EXIT_USAGE)


#: Inputs larger than this (a frontend export with its weights inline) are not read a second
#: time just to name values: the log then uses the printer's names (``%8``).
NAMING_SOURCE_LIMIT = 64 << 20


def _naming_source(path: str) -> tuple[str | None, str | None]:
    """The input's text and path, so that a log names values as the user wrote them (IREE keeps
    the input's locations through its pipeline); nothing for bytecode, unreadable or very large
    input."""
    try:
        if os.path.getsize(path) > NAMING_SOURCE_LIMIT:
            return None, None
        return read_text(path), path
    except (ModelError, OSError):
        return None, None


def _reach_stream_phase(
    path: str, flags: list[str], why: WrongPhaseError | None, remarks: RemarkSession | None = None
) -> LoadedModule:
    """Input before the splice point (torch, linalg, flow, stream tensor IR, bytecode): run IREE
    up to the splice point with the flags ``compile`` would get, and explain that module, as
    ``compile``'s hook sees it: its locations are the input's (IREE keeps them), and values are
    named as the input writes them, so ``explain`` and ``compile --log`` say the same.

    ``why`` is the loader's verdict on the input. If IREE's output has no stream-async ops
    either (an empty module, a function on scalars), the loader's message is the better one.
    """
    from ..pipeline import module_at_splice

    module = module_at_splice(path, flags or list(DEFAULT_CPU_FLAGS), remarks.iree if remarks else None)
    if why is not None and classify_phase(module).phase is Phase.NOT_STREAM:
        raise why
    source, filename = _naming_source(path)
    return LoadedModule(module.context, module, source, filename)


def compile_command(args: argparse.Namespace, iree_flags: list[str], flow: StartedFlow | None = None) -> None:
    """``compile``; ``flow``: IREE's flow phase of the input, started by the command line
    before it imported this module (the compile takes it where it is its own)."""
    try:
        _compile(args, iree_flags, flow)
    finally:
        if flow is not None:
            flow.close()


def _compile(args: argparse.Namespace, iree_flags: list[str], flow: StartedFlow | None) -> None:
    from ..pipeline import compile_file, compile_plain
    from ..pipeline.common import CompileError
    from ..pipeline.flags import BEFORE_THE_SPLICE, PHASES, SPLICE, split_compile_to

    phase, phase_flags = split_compile_to(iree_flags)
    if not phase_flags:  # (the default of every command: the local CPU)
        phase_flags = list(DEFAULT_CPU_FLAGS)
        iree_flags = phase_flags + ([f"--compile-to={phase}"] if phase else [])
    if phase is not None and phase not in (*PHASES, SPLICE):
        raise CompileError(f"--compile-to={phase}: not a phase ({', '.join((*PHASES, SPLICE))})")
    if phase == SPLICE or phase in BEFORE_THE_SPLICE:
        _compile_to_a_phase_before_the_tools(args, phase, phase_flags, iree_flags)
        return
    iree_flags = phase_flags
    compile_to = None if phase in (None, "end") else phase

    apply = not args.no_elide
    source, filename = _naming_source(args.input)

    from ..guard.schedule_guard import ScheduleGuard

    # apply=False analyses without touching the module (shared globals are reported, not
    # repaired), so --no-elide --log keeps the output byte-identical to iree-compile. The
    # compile verifies the module before and after the hook (verified=True).
    elision = _Elision(ElideSlices(rewrite=apply, verified=True))
    reports = elision.reports
    guard = ScheduleGuard(filename=args.input, shared_globals_repaired=apply)
    # Every output is reserved before IREE runs: a plain error, and no output without the others.
    with (
        all_or_none(inputs=(args.input,)) as outputs,
        tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp,
    ):
        out = outputs.reserve(args.output)
        log = outputs.reserve(args.log) if args.log else None
        remarks = elision.remarks = _remark_session(args, tmp)
        remarks_file = outputs.reserve(args.remarks_output_file) if remarks and args.remarks_output_file else None
        analysed = apply or log is not None or remarks is not None
        try:
            result = compile_file(
                args.input,
                out,
                iree_flags,
                SplicePasses([elision], PassContext(source, filename)) if analysed else None,
                guard=guard,
                remarks=remarks.iree if remarks else None,
                compile_to=compile_to,
                flow=flow,
            )
        except CompileError as err:
            result = _plain_if_only_the_tool_fails(
                err, reports, guard, lambda to: compile_plain(args.input, to, iree_flags), out, tmp
            )
        if result.not_analysed is not None:
            reports.clear()  # (of a module that is not the one built)
            guard.forget()
        if log is not None:
            # The last rewrite is the one compiled (a schedule repair rewrites the repaired module).
            records = reports[-1].log_records() if reports else []
            outputs.write(log, jsonl(records + (guard.report.log_records() if guard.report else [])))
        if remarks is not None:
            repairs = guard.report.repairs if guard.report else []
            text = remarks.finish(reports[-1].decisions if reports else [], repairs)
            if remarks_file is not None and text is not None:
                outputs.write(remarks_file, text)
        outputs.commit()
    if result.not_analysed is not None:
        print(
            f"slice-elision: warning: nothing was elided or checked: {result.not_analysed}; "
            "built as plain iree-compile builds it",
            file=sys.stderr,
        )
    if reports:
        _summary(reports[-1], applied=apply)
    _schedule_summary(guard)


class _Elision:
    """The command's rewrite at the splice: :class:`ElideSlices`, with what the command adds.
    A fault of the tool's own analysis is not the user's program's: the compile then builds
    what plain iree-compile builds, and says so (NotAnalysed). With remarks, the bounds that
    would let a kept copy go are suggested, from the module as it was before the rewrite.
    :attr:`reports` holds every run's report (a schedule repair runs the hook again): the last
    is the module built."""

    name = "elide-slices"

    def __init__(self, elide: ElideSlices) -> None:
        self.elide = elide
        self.remarks: RemarkSession | None = None
        self.reports: list[RewriteReport] = []

    def apply(self, module: ir.Module, ctx: PassContext) -> RewriteReport:
        from ..pipeline.c_api import clone_module
        from ..pipeline.common import NotAnalysed, exception_line

        try:
            pristine = clone_module(module) if self.remarks is not None else None
            report = self.elide.apply(module, ctx)
            self.reports.append(report)
            if self.remarks is not None and pristine is not None:
                self.remarks.suggest(pristine, report.decisions, _analyse_for_suggestions(ctx.source, ctx.filename))
        except SliceElisionError:
            raise
        except Exception as err:  # noqa: BLE001 - any fault of the analysis
            if os.environ.get("SLICE_ELISION_DEBUG"):
                raise
            raise NotAnalysed(f"the analysis failed ({exception_line(err)}); please report it") from err
        return report


def _compile_to_a_phase_before_the_tools(
    args: argparse.Namespace, phase: str, flags: list[str], iree_flags: list[str]
) -> None:
    """``--compile-to=`` a phase that ends before anything of the tool's runs: IREE's own
    (``input`` ... ``flow``: plain iree-compile's output, byte for byte), or ``splice``: the
    module as the compile's hook sees it (IREE's stages up to the splice, a global's reloads
    forwarded), with the input's locations: what ``rewrite`` and ``explain`` take."""
    from ..guard.schedule_guard import ScheduleGuard
    from ..pipeline import compile_plain, module_at_splice

    with all_or_none(inputs=(args.input,)) as outputs:
        out = outputs.reserve(args.output)
        if phase == "splice":
            module = module_at_splice(args.input, flags)
            ScheduleGuard().forward_reloads(module)
            with module.context:
                outputs.write(out, module.operation.get_asm(enable_debug_info=True))
        else:
            compile_plain(args.input, out, iree_flags)
        outputs.commit()


def _plain_if_only_the_tool_fails(
    err: CompileError,
    reports: list[RewriteReport],
    guard: ScheduleGuard,
    plain: Callable[[str | os.PathLike[str]], CompileResult],
    out: str | os.PathLike[str],
    tmp: str,
) -> CompileResult:
    """The compile failed: when the tool changed nothing (no repair) and plain iree-compile
    builds the input, its build, with why nothing was checked (an IREE fault on the module as
    the tool hands it between IREE's phases, a crash or a type lost in text; a flag the rewrite
    does not support). Never building less than iree-compile builds. A refused hazard, or a
    failure after a repair, stays the error."""
    from ..errors import ScheduleHazardError
    from ..pipeline.common import CompileError, NotBuilt

    if isinstance(err, NotBuilt):
        raise err
    if isinstance(err, ScheduleHazardError) or _made(reports, guard):
        raise _after_repairs(err, reports, guard, lambda: _builds(plain, os.path.join(tmp, "plain.vmfb"))) from None
    try:
        result = plain(out)
    except CompileError:
        raise err from None  # (plain iree-compile fails too: the input's error)
    return dataclasses.replace(result, not_analysed=f"the tool's compile failed ({err})")


def _builds(plain: Callable[[str | os.PathLike[str]], CompileResult], to: str) -> bool:
    from ..pipeline.common import CompileError

    try:
        plain(to)
    except CompileError:
        return False
    return True


def _made(reports: list[RewriteReport], guard: ScheduleGuard) -> list[str]:
    """What the tool repaired in the module it compiled (its shared globals, a global's reload,
    IREE's schedule), in words."""
    made = [d.message for r in reports for d in r.diagnostics if d.fixed]
    made += [f.line() for f in guard.forwarded]
    made += [d.message for d in guard.separated if d.fixed]
    made += [r.line() for r in (guard.report.repairs if guard.report else [])]
    return made


def _after_repairs(
    err: CompileError, reports: list[RewriteReport], guard: ScheduleGuard, plain_compiles: Callable[[], bool]
) -> CompileError:
    """``err``, saying so when IREE failed on a module the tool had repaired (its shared
    globals, a global's reload, its schedule) and plain iree-compile builds the module
    unrepaired (``plain_compiles`` tries it: the note is made true, not assumed; a missing
    target flag fails both alike): the failure is then not the user's program's. A refusal is
    left as it is."""
    from ..errors import RepairUndone, ScheduleHazardError
    from ..pipeline.common import CompileError

    if isinstance(err, (ScheduleHazardError, RepairUndone)):
        return err
    made = _made(reports, guard)
    if not made or not plain_compiles():
        return err
    more = f" (and {len(made) - 1} more)" if len(made) > 1 else ""
    note = (
        f"; IREE failed on the module as the tool repaired it ({made[0]}{more}), which plain iree-compile "
        "compiles unrepaired"
    )
    return CompileError(f"{err}{note}", err.details)


def check_command(args: argparse.Namespace, iree_flags: list[str]) -> int:
    from .check import run_check, run_check_split

    _refuse_standard_output(args.log, "check")
    flags = iree_flags or list(DEFAULT_CPU_FLAGS)
    with all_or_none(inputs=(args.input,)) as outputs:
        log = outputs.reserve(args.log) if args.log else None
        if args.split_input_file:
            status = run_check_split(args.input, flags, outputs, log)
        else:
            status = run_check(args.input, flags, outputs, log)
        outputs.commit()
    return status


def _schedule_summary(guard: ScheduleGuard) -> None:
    """Warn about every repair of IREE's schedule (a refusal is an error before this), and say
    what the check could not compare."""
    from ..guard.schedule_guard import input_order_not_compared, kept_out_of_fusion_note

    report = guard.report
    if report is None:
        return
    if report.input_not_compared is not None:
        print(f"slice-elision: note: {input_order_not_compared(report.input_not_compared)}", file=sys.stderr)
    for note in report.first.order_not_compared:
        print(f"slice-elision: note: {note.line()}", file=sys.stderr)
    for forwarded in report.forwarded:
        print(f"slice-elision: warning: repaired an access to a global: {forwarded.line()}", file=sys.stderr)
    for separated in report.separated:
        print(f"slice-elision: {separated.severity}: {separated.message}", file=sys.stderr)
    for repair in report.repairs:
        print(f"slice-elision: warning: repaired IREE's schedule: {repair.line()}", file=sys.stderr)
    if report.kept_out_of_fusion:
        print(f"slice-elision: note: {kept_out_of_fusion_note(report.kept_out_of_fusion)}", file=sys.stderr)


def _summary(report: RewriteReport, applied: bool = True) -> None:
    for d in report.diagnostics:
        print(f"slice-elision: {d.severity}: {d.message}", file=sys.stderr)
    counts = f"{report.aliased} slice(s) aliased, {report.kept} kept"
    if not applied:
        counts = f"--no-elide: nothing rewritten; {report.aliased} slice(s) would be aliased, {report.kept} kept"
    print(f"slice-elision: {counts} (analysis {report.analysis_seconds * 1000:.1f} ms)", file=sys.stderr)
