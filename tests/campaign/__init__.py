"""The soundness campaign: generated stream-async programs, real IREE, a numpy reference.

A wrong alias is a miscompile, so the rewrite is tested the only way that counts: programs are
compiled by IREE 3.13 with and without ``elide_slices`` spliced into the stream phase, run on
the IREE runtime, and compared bit for bit with an independent interpreter.

Modules:

* :mod:`.program` -- the program *description* hypothesis draws and shrinks (values, ops,
  ranges ``c0 + c1 * step + ci * iv`` or spelled through index ops, loops, branches, global
  reloads, call variants), its validity rules, shapes and JSON form;
* :mod:`.strategies` -- hypothesis strategies for valid programs and batches;
* :mod:`.executables` -- the shipped ``stream.executable`` (iota, weighted sum, in-place scale,
  mix) in IREE 3.13 dispatch syntax, with the numpy meaning of each entry point;
* :mod:`.render` -- descriptions -> one stream-async module (a function per program);
* :mod:`.interp` -- the numpy interpreter of value semantics (every slice a copy), which also
  records a trace of every op instance (buffers read and written, resource dependences);
* :mod:`.audit` -- every alias decision checked on that trace, on every step and iteration
  (wrong aliases the ``local-sync`` runtime cannot show);
* :mod:`.classify` -- which known class of wrong alias a failure most likely is (diagnostic);
* :mod:`.oracle` -- compile (cached, in helper processes), run, compare, classify (ok,
  miscompile, missing proof, upstream fault, known open issue), record upstream faults;
* :mod:`.known` -- known open failures, masked with narrow predicates until fixed;
* :mod:`.handpicked` -- programs aimed at single parts of the rule (mutation detectors);
* :mod:`.campaign` -- the loop (profiles, rounds, shrinking, saving regressions) and the survey
  of known classes (the ``soundness`` profile);
* ``python -m tests.campaign --seconds N`` -- the long run with its summary (``make fuzz``).

The tensor-level campaign (:mod:`.tensor`, issue 38) draws programs as users write them
(globals, reloads in regions and callees, ``cf`` blocks, constants written in place) and judges
plain ``iree-compile`` and ``slice-elision compile`` on IREE's whole pipeline
(``python -m tests.campaign.tensor --seconds N``).
"""
