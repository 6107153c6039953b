"""Layer 5, across calls: callee summaries (a DFX fixpoint), the effects they resolve calls
to, the writes that may touch a storage, and argument stability with its typed positions.
Imports the layers below."""
