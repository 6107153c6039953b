"""The tensor-level campaign under its checkout name: ``tests.campaign.tensor.X`` *is*
``slice_elision_campaign.tensor.X`` (the installed package, the ``campaign`` extra), one module
under two names, so that a patch or an object from either reaches the other.
``python -m tests.campaign.tensor`` runs the campaign with this checkout's findings directory
(``findings/`` here)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import slice_elision_campaign.tensor as _installed

for _info in pkgutil.iter_modules(_installed.__path__):
    if _info.name != "__main__":  # (runpy finds this directory's own, which runs the installed one)
        _module = importlib.import_module(f"{_installed.__name__}.{_info.name}")
        sys.modules[f"{__name__}.{_info.name}"] = _module
        globals()[_info.name] = _module
