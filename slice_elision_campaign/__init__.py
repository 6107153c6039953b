"""Test tooling for IREE, installed with the ``campaign`` extra (``pip install
'slice-elision[campaign]'``): generated programs judged on IREE's whole pipeline.

* :mod:`.tensor` -- the tensor-level campaign: programs as users write them (``util.func``
  functions over tensor globals, regions, calls, ``cf`` blocks), compiled by the pipeline under
  test (``slice-elision compile`` by default; plain ``iree-compile``, ``iree-compile`` with a
  user's flags, or a user's pass pipeline) and by plain ``iree-compile``, run on the IREE
  runtime and compared with a numpy interpreter; failures reduced to reproducers
  (``slice-elision-campaign``, or ``python -m slice_elision_campaign.tensor``).

Nothing of ``dfx``, ``stream_model`` or ``rewriter`` imports this package
(``tests/unit/test_layers.py``): the campaign tests the tool, the tool does not know it.
"""
