"""Layer 7, the rule: for each copy, every use only reads the alias, every write to the
source's storage is ordered or disjoint, the live version at each consumer; and the claims
re-derived from the settled state. Nothing below imports it."""
