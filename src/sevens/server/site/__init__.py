"""The site: one server's life, the nodes of a cluster, and the edge between the app and the internet.

- :mod:`.lifecycle` what a running server holds, its start, drain (``SIGTERM``) and stop, its health;
  :mod:`.draining` uvicorn's server draining first;
- :mod:`.cluster` several nodes on Redis (ownership leases, lobby, presence, requests to a room's owner, the
  WebSocket proxy); :mod:`.operations` the HTTP operations on one room, run here or on its owner;
- the edge (docs/deploy.md): :mod:`.edge` what the app adds at its edge, :mod:`.proxies` the client's address
  behind trusted proxies, :mod:`.httpguard` header deadline and HTTP connections per address, :mod:`.limits`
  limits per client, :mod:`.metrics` Prometheus metrics, :mod:`.logs` log redaction and JSON lines.
"""
