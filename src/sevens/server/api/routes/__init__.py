"""The HTTP routes, one router per subject: :mod:`.rooms` (create, list, join, start), :mod:`.records` (finished
games and players' profiles), :mod:`.site` (health, catalog, texts, the page); the WebSocket is
:mod:`sevens.server.api.play`."""

from __future__ import annotations

from typing import Any

from sevens.server.messages import ErrorBody

REFUSALS = (400, 401, 403, 404, 408, 409, 413, 422, 429, 503)  # 400/408/413: the request bounds (site/throttle.py)
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorBody} for code in REFUSALS}

__all__ = ["ERRORS"]
