"""Layer 2, symbolic arithmetic: index values as sympy expressions of 64-bit machine values,
their translation from IR, and z3 proofs over them. Imports only ``ir`` and ``semantics``, never
the model built from a module."""
