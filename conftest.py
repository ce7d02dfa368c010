"""pytest, for the whole repository: without numba (the ``research`` extra, absent from the core install) the
compiled kernel's modules cannot be imported, so their doctests are left out; its tests skip by themselves."""

from __future__ import annotations

try:
    import numba  # noqa: F401
except ImportError:
    collect_ignore = ["src/sevens/kernel"]
