"""How a command ends: its exit statuses, and the one line a failure prints."""

from __future__ import annotations

import sys
from typing import NoReturn

#: Exit status of an error (IREE rejects the input, say).
EXIT_ERROR = 1
#: Exit status of a command line that is wrong.
EXIT_USAGE = 2
#: Exit status when the schedule has a hazard.
EXIT_HAZARD = 3
#: Exit status when the input is one IREE builds but the check cannot read (VM-level input, a
#: fault of the analysis): nothing was checked, which is neither "no hazard" nor "a hazard".
EXIT_NOT_CHECKED = 4


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """End the command with one ``slice-elision: error: ...`` line on standard error."""
    print(f"slice-elision: error: {message}", file=sys.stderr)
    raise SystemExit(code)
