"""``python -m benchmarks`` (``make bench``); see :mod:`benchmarks.run`."""

import sys

from .run import main

sys.exit(main())
