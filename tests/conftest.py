"""Project-wide pytest options: the soundness campaign's profile and time budget.

``make test`` runs the deterministic profile (fixed seed, 100+ generated programs);
``pytest tests/campaign/test_campaign.py --campaign-profile=long --campaign-seconds=600`` runs the long,
time-boxed one (the same as ``python -m tests.campaign --seconds 600``).

Focused profiles draw one family of shapes more often, with fixed seeds
(``tests/campaign/strategies.py``, ``FOCUSED_KINDS``): ``loops``, ``calls``, ``regions``,
``offsets``, ``iterations``. ``soundness`` surveys the default profile and every family without stopping at
failures and prints, per known class of wrong alias (``tests/campaign/classify.py``), which
profile found it first, after how many programs and seconds; it fails while any program fails.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("campaign", "soundness campaign (tests/campaign)")
    group.addoption(
        "--campaign-profile",
        choices=("default", "long", "soundness", "loops", "calls", "regions", "offsets", "iterations", "inputs"),
        default="default",
        help="default: fixed seed, 100+ programs (make test); long: fresh seeds until --campaign-seconds; "
        "soundness: survey every family, table of known classes found; loops/calls/regions/offsets/iterations/inputs: "
        "one family of shapes, fixed seeds",
    )
    group.addoption(
        "--campaign-seconds",
        type=float,
        default=600.0,
        help="time budget of the long profile (default 600)",
    )
    group.addoption(
        "--campaign-seed",
        type=int,
        default=None,
        help="first seed of the long profile (default: from the clock)",
    )
