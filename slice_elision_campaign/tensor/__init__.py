"""The tensor-level soundness campaign (issue 38): generated programs as users write them, judged
on IREE's whole pipeline with a pipeline under test (:mod:`.pipeline`) beside plain
``iree-compile`` and a numpy interpreter."""
