"""The one error the store raises for refused requests and unusable databases."""

from __future__ import annotations

from sevens.errors import SevensError


class StoreError(SevensError):
    """A request the store refused (unknown id, conflicting action, finished round …) or a database it cannot
    open or migrate. Nothing was changed when it is raised."""

    key = "store"
