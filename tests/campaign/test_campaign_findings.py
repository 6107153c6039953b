"""The known classes of wrong alias, each as a campaign program: the rule must be sound on them.

Each program of ``tests/campaign/handpicked.FINDINGS`` is the smallest instance, in the
campaign's description language, of one folder of ``/work/shared/soundness-findings`` or one
cause of the soundness issue (the generator draws the same shapes; ``--campaign-profile=
soundness`` shows which profile reaches which class). The check is the analysis-level one of
the campaign (``tests/campaign/audit.py``): every alias the analysis decides must be safe on
every step and iteration of the interpreter's trace. No compile is needed, so these run in
``make test`` in a few seconds.

These tests FAIL on the rule as released (each program is aliased wrongly) and pass once each
class is fixed where it lives (``stream_model/``); they are the campaign-side acceptance tests
of the soundness issue, deliberately without xfail.
"""

from __future__ import annotations

import pytest
from iree.compiler import ir

from rewriter.report.explain import human
from rewriter.rewrite.elide import elide_slices
from tests.campaign.audit import audit
from tests.campaign.classify import CLASSES
from tests.campaign.handpicked import FINDINGS
from tests.campaign.interp import interpret
from tests.campaign.program import STEPS, check
from tests.campaign.render import render_module


def test_every_known_class_has_a_program() -> None:
    assert sorted(FINDINGS) == sorted(CLASSES)


@pytest.mark.parametrize("name", sorted(FINDINGS))
def test_each_finding_program_is_valid_and_interpretable(name: str) -> None:
    program = FINDINGS[name]
    check(program)
    assert len(interpret(program, 0)) == len(STEPS)
    assert ir.Module.parse(render_module([program]).text, ir.Context()).operation.verify()


@pytest.mark.parametrize("name", sorted(FINDINGS))
def test_the_rule_aliases_no_slice_of_a_known_wrong_class(name: str) -> None:
    program = FINDINGS[name]
    text = render_module([program]).text
    module = ir.Module.parse(text, ir.Context())
    report = elide_slices(module, source=text)
    problems = audit(program, 0, report.decisions)
    assert not problems, f"{name} ({CLASSES[name]}):\n" + "\n".join(problems) + "\n\n" + human(report.decisions)
