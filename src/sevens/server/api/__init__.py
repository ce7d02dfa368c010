"""The HTTP API and the WebSocket: what a browser or a client program talks to.

- :mod:`.routes` the HTTP routes, one router per subject; :mod:`.play` the WebSocket; :mod:`.invite` the invite
  QR code;
- :mod:`.requests` what routes read from a request; :mod:`.refusals` the HTTP shape of a refusal (503 with
  ``Retry-After`` when a dependency is down);
- what the routes serve: :mod:`.catalog` what the lobby offers, :mod:`.replays` finished games, :mod:`.profiles`
  a player's profile.
"""
