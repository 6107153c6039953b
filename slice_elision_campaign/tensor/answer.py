"""What a run of a program's call sequence answers, in one plain form for the interpreter, the
runtime child process and the reports.

An answer is a list, one entry per call: the call's results (each a list of ints), or the
first line of the error the call ended in (the run stops there: a module whose call failed says
nothing more about the program). A run that crashed its process answers one string.
"""

from __future__ import annotations

Results = list[list[int]]
#: Per call, its results or its error; or the whole run's crash.
Answer = list[Results | str] | str

#: What a call of a constant written in place ends in on IREE 3.13: the constant is mapped
#: read-only and its in-place update faults (``tensor_programs.DENIED``).
DENIED = "PERMISSION_DENIED"


def error_line(message: str) -> str:
    """A call's error as an answer: IREE's status word where it is the known one, else the
    first line."""
    if DENIED in message:
        return DENIED
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    return "error: " + (lines[0] if lines else "unknown")


def show(answer: Answer, names: list[str] | None = None) -> str:
    """``f0=1 2 3 4 | 5 6 7 8; f1=...`` (as :func:`tests.campaign.tensor_programs.run` prints,
    results of one call separated by ``|``)."""
    if isinstance(answer, str):
        return answer
    out = []
    for k, call in enumerate(answer):
        name = names[k] if names and k < len(names) else f"#{k}"
        if isinstance(call, str):
            out.append(f"{name}: {call}")
        else:
            out.append(name + ("=" + " | ".join(" ".join(str(v) for v in r) for r in call) if call else ""))
    return "; ".join(out)
