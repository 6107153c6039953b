"""``slice-elision``: analyse, rewrite, explain and compile.

    slice-elision rewrite IN.mlir -o OUT.mlir [--log LOG.jsonl]
    slice-elision explain IN.mlir [--log LOG.jsonl] [--remarks-filter=RE [--remarks-output-file=F]] [iree-compile flags...]
    slice-elision compile IN.mlir -o OUT.vmfb [--log LOG.jsonl] [--no-elide] [--remarks-filter=RE ...] [iree-compile flags...]
    slice-elision check IN.mlir [--log LOG.jsonl] [iree-compile flags...]

Every failure is one ``slice-elision: error: ...`` line on stderr and a non-zero exit; no output
file is written unless the whole command succeeded.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..pipeline.targets import DEFAULT_CPU_FLAGS
from ..pipeline.threads import in_a_thread
from .contained import Contained, run_contained
from .exits import EXIT_USAGE, fail

if TYPE_CHECKING:
    from ..pipeline.embedded import StartedFlow

#: The signal that ended the command, once SIGTERM or SIGHUP came.
_TERMINATED: list[int] = []
#: The file standard input was read into, when the input is ``-``.
_STDIN_PATH: list[str] = []


class _Formatter(argparse.HelpFormatter):
    """Help wrapped at spaces only: a flag in the text stays whole (``--iree-hal-target-device``
    broken at a hyphen cannot be copied)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False, break_long_words=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(
            " ".join(text.split()),
            width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,
            break_long_words=False,
        )


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one line (no usage dump) and exit 2, and takes no
    abbreviation of a flag: a flag it does not know goes to IREE (``--no-elid`` is not
    ``--no-elide``; see :func:`_refuse_abbreviations`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        fail(message, EXIT_USAGE)


def _first_line(message: str, args: argparse.Namespace) -> str:
    """The line of an error the user sees: its first, with every path the user gave that holds a
    line break written escaped (``a\\nb``), so that the break does not cut the line (and its
    reason) at the path, nor stand for a space (a :class:`CompileError` joins its lines)."""
    for path in _STDIN_PATH:
        message = message.replace(path, "-")
    for value in vars(args).values():
        if isinstance(value, str) and ("\n" in value or "\r" in value):
            shown = value.encode("unicode_escape").decode("ascii")
            joined = " ".join(part.strip() for part in value.splitlines() if part.strip())
            message = message.replace(value, shown).replace(joined, shown)
    return message.splitlines()[0] if message else ""


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="slice-elision", description=__doc__.split("\n\n")[0])
    p.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    r = sub.add_parser("rewrite", help="alias proven-safe slices in a stream-async module")
    r.add_argument("input")
    r.add_argument("-o", "--output", default="-", help="the rewritten module (default '-': standard output)")
    r.add_argument("--log", help="write the proof log (JSON Lines) here")
    r.add_argument(
        "--annotate",
        action="store_true",
        help="rewrite nothing; write each copy's decision and reason on it as attributes (for IR tests)",
    )
    r.add_argument(
        "--mlir-print-debuginfo",
        action="store_true",
        help="print every op's location (as iree-opt does): the input file's, so IREE keeps them downstream",
    )
    _split_input_file(r)
    e = sub.add_parser(
        "explain",
        help="print the proof log of every slice",
        description="Print the proof log of every slice. IN is stream-async IR, or anything compile takes "
        "(torch, linalg, flow, stream IR, MLIR bytecode): then IREE runs up to the splice point first, with "
        "the iree-compile flags given after IN (default: " + " ".join(DEFAULT_CPU_FLAGS) + "). "
        "Stream-async IR is explained as it is; iree-compile flags are then refused (they would do nothing).",
    )
    e.add_argument("input")
    e.add_argument("--log", help="also write the proof log as JSON Lines here (the same records as rewrite --log)")
    _split_input_file(e)
    _remark_flags(e)
    e.add_argument(
        "--iree-flags",
        default="",
        help="more iree-compile flags as one string (the same as giving them after IN)",
    )
    c = sub.add_parser(
        "compile",
        help="compile with IREE, eliding slices in the stream phase",
        description="Compile IN as iree-compile does, eliding slices in the stream phase and checking IREE's "
        "schedule. iree-compile flags go after IN (default: " + " ".join(DEFAULT_CPU_FLAGS) + ").",
    )
    c.add_argument("input")
    c.add_argument("-o", "--output", required=True)
    c.add_argument("--log", help="write the proof log (JSON Lines) here")
    _remark_flags(c)
    c.add_argument(
        "--no-elide",
        action="store_true",
        help="rewrite no slice: the output is byte-identical to iree-compile's unless the schedule check "
        "repairs or refuses a hazard IREE's stages make (it runs on every compile); with --log, the log says "
        "what would have been decided (the analysis runs, nothing is rewritten)",
    )
    k = sub.add_parser(
        "check",
        help="check the schedule IREE makes of a program (exit status 3 on a hazard, 4 when nothing was checked)",
        description="Run IREE on IN (whatever compile takes, entered as compile enters it; scheduled stream IR after "
        "scheduling) up to iree-stream-schedule-allocation and prove that the schedule keeps the program's order: every read of a "
        "value before the in-place write that consumes it (or disjoint from it), and no copy onto itself. One line "
        "per hazard; exit status 0 when there is none, 3 otherwise, 4 when the check could not decide a pair (a range it "
        "does not know) or cannot read IN (VM IR: nothing was checked), 1 on an error. iree-compile flags go after IN "
        "(default: " + " ".join(DEFAULT_CPU_FLAGS) + ").",
        usage="slice-elision check [-h] [--log LOG] [--split-input-file] IN [iree-compile flags...]",
    )
    k.add_argument("input")
    k.add_argument("--log", help="write every pair checked (JSON Lines) here")
    _split_input_file(k)
    return p


def _remark_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--remarks-filter",
        default="",
        metavar="REGEX",
        help="emit an MLIR optimization remark for every decision, as iree-compile does for the remark categories "
        "REGEX matches (the whole category: 'slice-elision' is this tool's, '.*' adds IREE's own)",
    )
    p.add_argument(
        "--remarks-output-file",
        metavar="FILE",
        help="write the remarks here (LLVM's YAML remark format), IREE's and this tool's in one file; without it "
        "they are printed to standard error",
    )


def _split_input_file(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--split-input-file",
        action="store_true",
        help="each '// -----' chunk of IN is a module of its own (IREE's lit convention); locations stay "
        "positions in IN, rewrite prints the chunks' modules separated by '// -----', and check checks each",
    )


class _Version(argparse.Action):
    """``--version``, read only when asked: reading the installed packages' metadata costs a
    compile 30 ms (``importlib.metadata`` imports the email package)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(_version())  # (standard output, as argparse's own version action prints it)
        parser.exit()


def _version() -> str:
    """``slice-elision 0.1.0 (iree-base-compiler 3.13.0)``: this package and the compiler it runs."""
    from importlib.metadata import PackageNotFoundError, version

    from .. import __version__

    try:
        compiler = version("iree-base-compiler")
    except PackageNotFoundError:  # pragma: no cover - installed without its dependencies
        compiler = "not installed"
    return f"slice-elision {__version__} (iree-base-compiler {compiler})"


def main(argv: Sequence[str] | None = None) -> int:
    """The command line. Run as the ``slice-elision`` command (``argv`` None), ``compile`` and
    ``check`` run in a child process that a crash of IREE cannot take the report with
    (:mod:`.contained`); a caller of ``main`` in its own process runs every command there."""
    argv_given = argv
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command not in ("compile", "explain", "check"):
        fail(f"unrecognized arguments: {' '.join(extra)}", EXIT_USAGE)
    _refuse_abbreviations(parser, args.command, extra)
    stdin = _standard_input(args)
    try:
        if argv_given is None and args.command in ("compile", "check") and hasattr(os, "fork"):
            return run_contained(lambda: _in_this_process(args, extra), _contained(args, extra))
        return _in_this_process(args, extra)
    finally:
        if stdin is not None:
            stdin.cleanup()


def _contained(args: argparse.Namespace, extra: list[str]) -> Contained:
    """What :func:`run_contained` needs to report a crash of ``args``' command, and to build
    what plain iree-compile builds then."""
    outputs = [getattr(args, name, None) for name in ("output", "log", "remarks_output_file")]
    return Contained(
        args.command,
        args.input,
        getattr(args, "output", None),
        [f for f in extra if not f.startswith("--compile-to")] or list(DEFAULT_CPU_FLAGS),
        tuple(o for o in outputs if o and o != "-"),
    )


def _in_this_process(args: argparse.Namespace, extra: list[str]) -> int:
    """The command in this process, on a deep stack, ended cleanly by SIGTERM and SIGHUP."""
    _exit_cleanly_on_termination()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _RECURSION_LIMIT))
    try:
        return in_a_thread(
            lambda: _run(args, extra), stack_bytes=_STACK_BYTES, name="slice-elision-command", relay=True
        )
    finally:
        sys.setrecursionlimit(limit)
        if _TERMINATED:
            # (A pass pipeline may still run in its thread: leave without waiting for it.)
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(128 + _TERMINATED[0])


#: The command's thread: a stack deep enough for the recursion limit below (a walk of IR nested
#: thousands deep, which ``iree-compile`` builds: 2000 nested ``scf.execute_region``).
_STACK_BYTES = 1 << 30
_RECURSION_LIMIT = 60_000


def _standard_input(args: argparse.Namespace) -> tempfile.TemporaryDirectory[str] | None:
    """``-`` as the input is standard input, as for ``iree-compile`` and ``iree-opt``: read
    into a file named ``-`` of a directory of its own (IREE's phases read files, and locations
    then name it ``-``, as iree-compile's do); messages name it ``-`` (:func:`_first_line`)."""
    if getattr(args, "input", None) != "-":
        return None
    directory = tempfile.TemporaryDirectory(prefix="slice-elision-stdin-")
    path = os.path.join(directory.name, "-")
    with open(path, "wb") as f:
        f.write(sys.stdin.buffer.read())
    args.input = path
    _STDIN_PATH[:] = [path]
    return directory


def _refuse_abbreviations(parser: argparse.ArgumentParser, command: str, extra: list[str]) -> None:
    """A flag handed to IREE that abbreviates one of the command's own is a usage error: the
    user meant the tool's flag, and IREE would reject it with a message about its own flags."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))  # noqa: SLF001
    own = [o for action in sub.choices[command]._actions for o in action.option_strings if o.startswith("--")]  # noqa: SLF001
    for flag in extra:
        name = flag.split("=", 1)[0]
        meant = [o for o in own if o.startswith(name) and o != name] if name.startswith("--") and name != "--" else []
        if meant:
            fail(f"unrecognized argument {flag} (flags are not abbreviated: {', '.join(meant)}?)", EXIT_USAGE)


def _exit_cleanly_on_termination() -> None:
    """SIGTERM and SIGHUP end the command as Ctrl-C does: through every ``finally``, so that
    no started ``iree-compile`` (its own session: a signal to this process never reaches it),
    temporary directory or partial output outlives it."""
    import signal

    def terminate(signum: int, _frame: object) -> None:
        _TERMINATED.append(signum)
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        try:
            signal.signal(sig, terminate)
        except (ValueError, OSError):  # (not the main thread, or a platform without it)
            pass


def _run(args: argparse.Namespace, extra: list[str]) -> int:
    try:
        from ..pipeline.bindings import import_bindings_without_numpy

        import_bindings_without_numpy()  # (first: numpy is not needed to compile)
        flow = _flow_started(args, extra)
        from stream_model import SliceElisionError

        from . import commands
    except KeyboardInterrupt:
        fail("interrupted", 130)
    try:
        if args.command == "rewrite":
            commands.rewrite_command(args)
        elif args.command == "explain":
            commands.explain_command(args, extra)
        elif args.command == "check":
            return commands.check_command(args, extra)
        else:
            commands.compile_command(args, extra, flow)
    except SliceElisionError as e:
        fail(_first_line(str(e), args) or type(e).__name__)
    except KeyboardInterrupt:
        fail("interrupted", 130)
    except Exception as e:  # noqa: BLE001 - the user never sees a traceback
        if os.environ.get("SLICE_ELISION_DEBUG"):
            raise
        fail(
            f"internal error: {type(e).__name__}: {_first_line(str(e), args)} "
            "(set SLICE_ELISION_DEBUG=1 for a traceback)"
        )
    return 0


def _flow_started(args: argparse.Namespace, extra: list[str]) -> StartedFlow | None:
    """For ``compile``, IREE's flow phase of the input, started now: the command's own modules
    and the check's are imported while it runs (they cost about as much as a small program's
    flow phase). None where the compile would not run the phase in this process as it stands
    (remarks, a phase to stop at), or cannot start it: the compile then starts its own, and
    says what is wrong."""
    if args.command != "compile" or args.remarks_filter:
        return None
    from ..pipeline.embedded import StartedFlow
    from ..pipeline.flags import split_compile_to

    phase, flags = split_compile_to(extra)
    if phase not in (None, "end"):
        return None
    try:
        return StartedFlow.start(args.input, flags or DEFAULT_CPU_FLAGS)
    except Exception:  # noqa: BLE001 - the compile meets the same fault and reports it
        return None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
