"""A model of IREE stream-async IR: resources, tied chains, accesses and symbolic byte ranges.

Knows IREE's stream semantics, nothing about rewriting. Its subpackages are its layers, each
importing only those before it (``tests/unit/test_layers.py``): ``ir`` (IR facts, names in
logs), ``semantics`` (the op table, the region flow table, pipeline phases), ``symbolic`` (64-bit
index arithmetic, translation from IR, z3 proofs), ``model`` (the module model, the IR as it
is: program order, storage bases, live versions, scoped facts), ``postsplice`` (what IREE makes
of the module after the splice: producers it merges, results it folds), ``interproc`` (callee
summaries, resolved calls, writes to a storage, argument stability), ``report`` (decisions),
``rule`` (the rule and its claims); ``schedule`` (the schedule check) sits beside the rule on
the model. Entry points:

* :func:`load` / :func:`parse_module` read IR (with clear :class:`ModelError` messages);
* :class:`ModuleModel` models a parsed module;
* :func:`analyze` decides every ``stream.async.slice`` (:class:`SliceDecision`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import ModelError, SliceElisionError, WrongPhaseError

if TYPE_CHECKING:
    from .model.loader import LoadedModule, check_phase, load, parse_module
    from .model.program import ModuleModel
    from .report.decisions import Decision, ReasonCode, SliceDecision, Verdict, WriteCheck
    from .rule.safety import Analysis, AnalysisOptions, analyze

#: Where each entry point lives, imported on first use (PEP 562): importing the package, for
#: its errors, say, must not import the analysis (sympy, z3), which a compile with nothing to
#: decide never needs.
_FROM = {
    **dict.fromkeys(("LoadedModule", "check_phase", "load", "parse_module"), "model.loader"),
    "ModuleModel": "model.program",
    **dict.fromkeys(("Decision", "ReasonCode", "SliceDecision", "Verdict", "WriteCheck"), "report.decisions"),
    **dict.fromkeys(("Analysis", "AnalysisOptions", "analyze"), "rule.safety"),
}


def __getattr__(name: str) -> Any:
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module 'stream_model' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


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
