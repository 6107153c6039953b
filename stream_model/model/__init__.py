"""Layer 3, the model of one module, built once and never changed by the analysis: functions
and ops in program order, storage bases, what IREE merges or folds after the splice, folds,
facts scoped to their block. Imports ``ir``, ``semantics``, ``symbolic``."""
