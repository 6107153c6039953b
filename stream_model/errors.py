"""Every exception class of ``stream_model``, in one module that every layer may import.

It imports nothing of ``stream_model`` (``tests/unit/test_layers.py``), so a layer raises its
errors from here whatever it sits on. The old homes re-export them: ``SliceElisionError``,
``ModelError`` and ``WrongPhaseError`` are also ``stream_model.model.loader``'s (and the
package's), ``KeepCopy`` ``stream_model.rule.alias_reads``'s, ``UnsupportedExpressionError``
``stream_model.symbolic.index_arith``'s.

What a user catches is :class:`SliceElisionError`: every error the library raises for bad input
or a failed step derives from it. :class:`KeepCopy` never leaves the analysis (it stops deciding
one copy and becomes that copy's decision), and :class:`UnsupportedExpressionError` is a
``TypeError`` the proofs turn into "not proven"; neither is an error of the user's. The generic
solver's ``dfx.DFXMisuseError`` (an element that broke the framework's contract: a bug, not bad
input) is re-exported here so that one import finds every exception ``stream_model`` may raise;
``dfx`` knows nothing about ``stream_model`` and it derives from ``RuntimeError`` only.
"""

from __future__ import annotations

import enum

from dfx import DFXMisuseError

__all__ = [
    "DFXMisuseError",
    "KeepCopy",
    "ModelError",
    "SliceElisionError",
    "UnsupportedExpressionError",
    "WrongPhaseError",
]


class SliceElisionError(Exception):
    """Every error the library raises for bad input or a failed step: the message is one line
    meant for the user, never a traceback. :class:`ModelError` (the model cannot read the IR),
    ``rewriter.RewriteError`` (the rewrite cannot be applied) and ``rewriter.CompileError``
    (IREE's pipeline failed) derive from it."""


class ModelError(SliceElisionError):
    """Bad user input: the message is one line meant for the user, never a traceback."""


class WrongPhaseError(ModelError):
    """The module is not at the phase the model describes; ``phase`` (a
    :class:`~stream_model.semantics.phase.Phase`) says which side it is on (``Phase.BEFORE``:
    IREE can be run up to the splice point first)."""

    def __init__(self, message: str, phase: enum.Enum) -> None:
        super().__init__(message)
        self.phase = phase


class UnsupportedExpressionError(TypeError):
    """Raised for sympy nodes that have no 64-bit machine meaning.

    Examples: ``s/2`` (a non-integer Rational), floats, ``sympy.floor``,
    ``sympy.Mod``, ``sympy.Min`` or ``Pow`` with a negative/symbolic exponent.
    These must be rejected rather than approximated: silently interpreting
    them over the integers would make proofs unsound.
    """


class KeepCopy(Exception):
    """Raised while deciding a slice to stop at the first reason to keep the copy: the reason
    in prose (the exception's message) and its class, ``code`` (a
    :class:`~stream_model.report.decisions.ReasonCode`). Made from the message registry
    (:meth:`stream_model.report.messages.Message.keep_copy`)."""

    def __init__(self, reason: str, code: enum.StrEnum) -> None:
        super().__init__(reason)
        self.code = code
