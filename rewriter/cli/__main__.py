"""``python -m rewriter.cli``: the same command line as ``slice-elision``."""

import sys

from .entry import main

sys.exit(main())
