"""Layer 3, the model of one module, the IR as it is, built once and never changed by the
analysis: functions and ops in program order, storage bases, the live version of a storage at
an op, facts scoped to their block. What IREE makes of the module after the splice is the layer
above (``postsplice``). Building a model asks no solver. Imports ``ir``, ``semantics``,
``symbolic``."""
