"""What the app does at its edge, installed by :func:`install`: the client's real address behind trusted
proxies (:mod:`.proxies`), ``/metrics`` for the addresses allowed to scrape it (:mod:`.metrics`), and HTTP
refusals made by the framework itself (an unknown path, a wrong method, a body that cannot be read) in the
project's error shape ``{"error": code, "message": …}``, a 405 with an ``Allow`` header listing every method
of that path.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from sevens.server.config import ServerConfig
from sevens.server.messages import ErrorBody
from sevens.server.site.proxies import ClientAddressMiddleware, TrustedProxies, in_networks, parse_networks

HTTP_ERROR_CODES = {422: "invalid", 404: "not_found", 405: "method_not_allowed", 413: "too_large"}
BODY_NOT_READ = "the body could not be read: send UTF-8 JSON"


def install(app: FastAPI, config: ServerConfig) -> None:
    """Add the edge to a new app (before it starts)."""
    if config.trusted_proxies:
        app.add_middleware(ClientAddressMiddleware, proxies=TrustedProxies(config.trusted_proxies))
    scrapers = parse_networks(config.metrics_allow)

    @app.exception_handler(StarletteHTTPException)
    async def framework_refusal(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        status = exc.status_code
        headers = dict(exc.headers or {})
        message = str(exc.detail)
        if status == 400:  # FastAPI's answer to a body that is not text (a JSON syntax error is a 422 already)
            status, message = 422, BODY_NOT_READ
        elif status == 405:
            headers["Allow"] = ", ".join(allowed_methods(app, request))
            message = f"{request.method} is not allowed here; allowed: {headers['Allow']}"
        body = ErrorBody(error=HTTP_ERROR_CODES.get(status, "http_error"), message=message).model_dump()
        return JSONResponse(body, status_code=status, headers=headers)

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        client = request.client.host if request.client is not None else ""
        if not in_networks(client, scrapers):
            raise StarletteHTTPException(404, "Not Found")  # not advertised to the public
        exposition = exposition_of(app)
        return Response(exposition.render(), media_type=exposition.content_type)


def exposition_of(app: FastAPI) -> Any:
    """The app's metrics exposition, made on first use (prometheus-client is imported only then)."""
    exposition = getattr(app.state, "metrics", None)
    if exposition is None:
        from sevens.server.site.metrics import Exposition

        exposition = app.state.metrics = Exposition(lambda: getattr(app.state, "registry", None))
    return exposition


def allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Every method some route of ``request``'s path answers, sorted (routes of included routers too)."""
    methods: set[str] = set()
    path = request.url.path
    scope = {"type": "http", "method": "GET", "path": path, "root_path": "", "headers": []}
    for route in app.router.routes:
        candidates = getattr(route, "effective_candidates", None)
        if callable(candidates):  # an included APIRouter (FastAPI ≥ 0.165 keeps them whole): its own routes
            for leaf in candidates():
                regex = getattr(leaf, "path_regex", None) or getattr(leaf.original_route, "path_regex", None)
                if regex is not None and regex.match(path):
                    found = getattr(leaf, "methods", None) or getattr(leaf.original_route, "methods", None)
                    methods |= set(found or ())
            continue
        match, _ = route.matches(scope)
        if match == Match.NONE:
            continue
        route_methods = getattr(route, "methods", None)
        methods |= set(route_methods) if route_methods else {"GET", "HEAD"}  # a mount: static files
    return sorted(methods)


__all__ = ["allowed_methods", "install"]
