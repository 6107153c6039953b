"""Repairs of faults of IREE 3.13 the tool can show: globals IREE makes share a buffer
(:mod:`.shared_globals`), globals it misreads at the splice (:mod:`.reloads`), both by copy
dispatches (:mod:`.copy_dispatch`); :mod:`.in_place` says which ops IREE may make write in place,
:mod:`.own_size` stores a repair's fresh copy so that IREE gives it a size global of its own.
A new repair goes here, as a pass (:mod:`rewriter.pipeline.passes`)."""
