"""Harnesses shared by the tests and the benchmarks (never part of the product): :mod:`.process` runs a server,
redis-server or a PostgreSQL schema for a test or a load run."""
