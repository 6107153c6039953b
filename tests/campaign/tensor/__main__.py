"""``python -m tests.campaign.tensor``: the installed campaign's command line
(:mod:`slice_elision_campaign.tensor.__main__`), saving failures under this checkout's
``tests/campaign/tensor/findings/``."""

from __future__ import annotations

import sys
from pathlib import Path

from slice_elision_campaign.tensor.__main__ import main

if __name__ == "__main__":
    sys.exit(main(prog="python -m tests.campaign.tensor", findings_dir=Path(__file__).resolve().parent / "findings"))
