"""An IREE tool that crashes is reported as a crash: how, and where (LLVM's own report says
only "Please report issues to ...")."""

from __future__ import annotations

from rewriter.pipeline.common import crash_line

_DUMP = """Please report issues to https://github.com/iree-org/iree/issues and include the crash backtrace.
Stack dump:
0.\tProgram arguments: iree-compile --compile-from=stream stream.mlir -o out.vmfb
  #0 0x00007fde3b55a0ab llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) Signals.cpp:0:0
  #1 0x00007fde3b55ac10 SignalHandler(int, siginfo_t*, void*) Signals.cpp:0:0
  #2 0x00007fde3565a050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)
  #3 0x00007fde43d0d064 (anonymous namespace)::OperationParser::parseBlock(mlir::Block*&) Parser.cpp:0:0
"""


def test_a_crash_names_the_signal_and_the_first_frame_past_the_signal_handler() -> None:
    assert crash_line(-11, _DUMP, "iree-compile") == (
        "iree-compile crashed (SIGSEGV): in (anonymous namespace)::OperationParser::parseBlock"
    )


def test_a_crash_in_a_pass_names_the_pass() -> None:
    dump = _DUMP.replace("0.\tProgram", "1.\tRunning pass 'CSE' on 'builtin.module'\n0.\tProgram")
    assert crash_line(-6, dump, "iree-opt") == "iree-opt crashed (SIGABRT): Running pass 'CSE' on 'builtin.module'"


def test_an_error_is_not_a_crash() -> None:
    assert crash_line(1, "x.mlir:1:1: error: expected operation name\n", "iree-compile") == ""
