"""``slice-elision``: analyse, rewrite, explain and compile.

    slice-elision rewrite IN.mlir -o OUT.mlir [--log LOG.jsonl]
    slice-elision explain IN.mlir [iree-compile flags...]
    slice-elision compile IN.mlir -o OUT.vmfb [--log LOG.jsonl] [--no-elide] [iree-compile flags...]
    slice-elision check IN.mlir [--log LOG.jsonl] [iree-compile flags...]

Every failure is one ``slice-elision: error: ...`` line on stderr and a non-zero exit; no output
file is written unless the whole command succeeded.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from iree.compiler import ir

from stream_model import LoadedModule, ModelError, WrongPhaseError, load, parse_module
from stream_model.ir_util import Phase, classify_phase

from .explain import human, jsonl, write_atomically
from .rewrite import RewriteError, RewriteReport, elide_slices

if TYPE_CHECKING:
    from .schedule_guard import ScheduleGuard

EXIT_ERROR = 1
EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line (no usage dump) and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        _fail(message, EXIT_USAGE)


def _fail(message: str, code: int = EXIT_ERROR) -> None:
    print(f"slice-elision: error: {message}", file=sys.stderr)
    raise SystemExit(code)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="slice-elision", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    r = sub.add_parser("rewrite", help="alias proven-safe slices in a stream-async module")
    r.add_argument("input")
    r.add_argument("-o", "--output", required=True, help="the rewritten module ('-': standard output)")
    r.add_argument("--log", help="write the proof log (JSON Lines) here")
    r.add_argument(
        "--annotate",
        action="store_true",
        help="rewrite nothing; write each copy's decision and reason on it as attributes (for IR tests)",
    )
    e = sub.add_parser(
        "explain",
        help="print the proof log of every slice",
        description="Print the proof log of every slice. IN is stream-async IR, or anything compile takes "
        "(torch, linalg, flow, stream IR, MLIR bytecode): then IREE runs up to the splice point first, with "
        "the iree-compile flags given after IN (default: " + " ".join(_default_cpu_flags()) + "). "
        "Stream-async IR is explained as it is, and the flags are not used.",
    )
    e.add_argument("input")
    e.add_argument(
        "--iree-flags",
        default="",
        help="more iree-compile flags as one string (the same as giving them after IN)",
    )
    c = sub.add_parser("compile", help="compile with IREE, eliding slices in the stream phase")
    c.add_argument("input")
    c.add_argument("-o", "--output", required=True)
    c.add_argument("--log", help="write the proof log (JSON Lines) here")
    c.add_argument(
        "--no-elide",
        action="store_true",
        help="compile exactly as iree-compile would; with --log, the log says what would have been "
        "decided (the analysis runs, nothing is rewritten, the output stays byte-identical)",
    )
    k = sub.add_parser(
        "check",
        help="check the schedule IREE makes of a program (exit status 3 on a hazard)",
        description="Run IREE on IN (whatever compile takes, stream IR at the splice, or scheduled stream IR) up to "
        "iree-stream-schedule-allocation and prove that the schedule keeps the program's order: every read of a "
        "value before the in-place write that consumes it (or disjoint from it), and no copy onto itself. One line "
        "per hazard; exit status 0 when there is none, 3 otherwise.",
    )
    k.add_argument("input")
    k.add_argument("--log", help="write every pair checked (JSON Lines) here")
    return p


def _rewrite(args: argparse.Namespace) -> None:
    loaded = load(args.input)
    report = elide_slices(
        loaded.module, apply=not args.annotate, annotate=args.annotate, source=loaded.text, filename=loaded.filename
    )
    text = str(loaded.module)
    if args.output != "-":
        _check_writable(args.output)
    if args.log:
        _check_writable(args.log)
    if args.output == "-":
        sys.stdout.write(text)
    if args.log:
        write_atomically(args.log, jsonl(report.log_records()))
    if args.output != "-":
        write_atomically(args.output, text)
    _summary(report)


def _check_writable(path: str) -> None:
    """A plain error before anything is written (no log left behind for a failed rewrite)."""
    target = os.path.abspath(path)
    if os.path.isdir(target):
        _fail(f"cannot write {path}: it is a directory")
    if not os.path.isdir(os.path.dirname(target)):
        _fail(f"cannot write {path}: no such directory")


def _explain(args: argparse.Namespace, iree_flags: list[str]) -> None:
    flags = args.iree_flags.split() + iree_flags
    if _is_bytecode(args.input):
        loaded = _reach_stream_phase(args.input, flags, None)
    else:
        try:
            loaded = load(args.input)
        except WrongPhaseError as e:
            if e.phase is Phase.AFTER:
                raise
            loaded = _reach_stream_phase(args.input, flags, e)
    report = elide_slices(loaded.module, apply=False, source=loaded.text, filename=loaded.filename)
    for d in report.diagnostics:
        sys.stdout.write(f"{d.severity}: {d.message}\n\n")
    sys.stdout.write(human(report.decisions))


def _default_cpu_flags() -> tuple[str, ...]:
    from .pipeline import DEFAULT_CPU_FLAGS

    return DEFAULT_CPU_FLAGS


def _is_bytecode(path: str) -> bool:
    """MLIR bytecode (which iree-compile takes) starts with ``ML\\xefR``; the loader reads text."""
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"ML\xefR"
    except OSError:
        return False  # the loader reports it


def _reach_stream_phase(path: str, flags: list[str], why: WrongPhaseError | None) -> LoadedModule:
    """Input before the splice point (torch, linalg, flow, stream tensor IR, bytecode): run IREE
    up to the splice point with the flags ``compile`` would get, and explain that module.

    ``why`` is the loader's verdict on the input. If IREE's output has no stream-async ops
    either (an empty module, a function on scalars), the loader's message is the better one.
    """
    from .pipeline import stream_ir_at_splice

    text = stream_ir_at_splice(path, flags or list(_default_cpu_flags()))
    loaded = parse_module(text, path)
    if why is not None and classify_phase(loaded.module).phase is Phase.NOT_STREAM:
        raise why
    return loaded


def _compile(args: argparse.Namespace, iree_flags: list[str]) -> None:
    from .pipeline import compile_file

    # Both paths are checked before IREE runs: a plain error, and no output without its log.
    _check_writable(args.output)
    if args.log:
        _check_writable(args.log)
    reports: list[RewriteReport] = []
    apply = not args.no_elide

    def hook(module: ir.Module) -> None:
        # apply=False analyses without touching the module (shared globals are reported, not
        # repaired), so --no-elide --log keeps the output byte-identical to iree-compile.
        reports.append(elide_slices(module, apply=apply))

    analyse = apply or bool(args.log)
    from .schedule_guard import ScheduleGuard

    guard = ScheduleGuard(filename=args.input)
    compile_file(args.input, args.output, iree_flags, hook if analyse else None, guard=guard)
    if args.log:
        # The last rewrite is the one compiled (a schedule repair rewrites the repaired module).
        records = reports[-1].log_records() if reports else []
        write_atomically(args.log, jsonl(records + (guard.report.log_records() if guard.report else [])))
    if reports:
        _summary(reports[-1], applied=apply)
    _schedule_summary(guard)


def _check(args: argparse.Namespace, iree_flags: list[str]) -> int:
    from .check import run_check

    if args.log:
        _check_writable(args.log)
    return run_check(args.input, iree_flags or list(_default_cpu_flags()), args.log)


def _schedule_summary(guard: ScheduleGuard) -> None:
    """Warn about every repair of IREE's schedule (a refusal is an error before this)."""
    report = guard.report
    if report is None:
        return
    for repair in report.repairs:
        print(f"slice-elision: warning: repaired IREE's schedule: {repair.line()}", file=sys.stderr)


def _summary(report: RewriteReport, applied: bool = True) -> None:
    for d in report.diagnostics:
        print(f"slice-elision: {d.severity}: {d.message}", file=sys.stderr)
    counts = f"{report.aliased} slice(s) aliased, {report.kept} kept"
    if not applied:
        counts = f"--no-elide: nothing rewritten; {report.aliased} slice(s) would be aliased, {report.kept} kept"
    print(f"slice-elision: {counts} (analysis {report.analysis_seconds * 1000:.1f} ms)", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command not in ("compile", "explain", "check"):
        _fail(f"unrecognized arguments: {' '.join(extra)}", EXIT_USAGE)
    from .pipeline import CompileError

    try:
        if args.command == "rewrite":
            _rewrite(args)
        elif args.command == "explain":
            _explain(args, extra)
        elif args.command == "check":
            return _check(args, extra)
        else:
            _compile(args, extra)
    except (ModelError, RewriteError, CompileError) as e:
        _fail(str(e).splitlines()[0] if str(e) else type(e).__name__)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except Exception as e:  # noqa: BLE001 - the user never sees a traceback
        if os.environ.get("SLICE_ELISION_DEBUG"):
            raise
        _fail(
            f"internal error: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''} "
            "(set SLICE_ELISION_DEBUG=1 for a traceback)"
        )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
