"""Layer 0, IR facts: what IREE IR looks like to Python (op parents, operand segments, symbol
uses, nested modules) and how values are named in logs. Imports nothing else of stream_model."""
