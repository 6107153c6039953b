"""Beside the rule, on scheduled IR: the order IREE's schedule guarantees and the check that it
keeps the program's order. Imports the model, never the rule."""
