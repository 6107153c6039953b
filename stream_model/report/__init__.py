"""Layer 6, what is reported: a decision per copy and the checks behind it (the log's
records)."""
