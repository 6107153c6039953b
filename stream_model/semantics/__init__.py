"""Layer 1, what IREE's ops mean: the op table (reads, writes, ties, folds), the region and
branch flow table, and which phase of IREE's pipeline a module is at. Imports only ``ir``."""
