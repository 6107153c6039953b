"""The tensor-level soundness campaign (issue 38): generated programs as users write them."""
