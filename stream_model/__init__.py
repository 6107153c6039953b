"""A model of IREE stream-async IR: resources, tied chains, accesses and symbolic byte ranges.

Knows IREE's stream semantics, nothing about rewriting. Entry points:

* :func:`load` / :func:`parse_module` read IR (with clear :class:`ModelError` messages);
* :class:`ModuleModel` models a parsed module;
* :func:`analyze` decides every ``stream.async.slice`` (:class:`SliceDecision`).
"""

from .decisions import Decision, ReasonCode, SliceDecision, Verdict, WriteCheck
from .loader import (
    LoadedModule,
    ModelError,
    SliceElisionError,
    WrongPhaseError,
    check_phase,
    load,
    parse_module,
)
from .program import ModuleModel
from .safety import Analysis, AnalysisOptions, analyze

__all__ = [
    "Analysis",
    "AnalysisOptions",
    "Decision",
    "ReasonCode",
    "LoadedModule",
    "ModelError",
    "ModuleModel",
    "SliceDecision",
    "SliceElisionError",
    "Verdict",
    "WriteCheck",
    "WrongPhaseError",
    "analyze",
    "check_phase",
    "load",
    "parse_module",
]
