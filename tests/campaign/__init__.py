"""The soundness campaign: generated stream-async programs, real IREE, a numpy reference.

A wrong alias is a miscompile, so the rewrite is tested the only way that counts: programs are
compiled by IREE 3.13 with and without ``elide_slices`` spliced into the stream phase, run on
the IREE runtime, and compared bit for bit with an independent interpreter.

Modules:

* :mod:`.program` -- the program *description* hypothesis draws and shrinks (values, ops,
  ranges ``c0 + c1 * step``), its validity rules and JSON form;
* :mod:`.strategies` -- hypothesis strategies for valid programs and batches;
* :mod:`.executables` -- the shipped ``stream.executable`` (iota, weighted sum, in-place scale,
  mix) in IREE 3.13 dispatch syntax, with the numpy meaning of each entry point;
* :mod:`.render` -- descriptions -> one stream-async module (a function per program);
* :mod:`.interp` -- the numpy interpreter of value semantics (every slice a copy);
* :mod:`.oracle` -- compile (cached, in helper processes), run, compare, classify (ok,
  miscompile, missing proof, upstream fault, known open issue), record upstream faults;
* :mod:`.known` -- known open failures, masked with narrow predicates until fixed;
* :mod:`.handpicked` -- programs aimed at single parts of the rule (mutation detectors);
* :mod:`.campaign` -- the loop (profiles, rounds, shrinking, saving regressions);
* ``python -m tests.campaign --seconds N`` -- the long run with its summary (``make fuzz``).
"""
