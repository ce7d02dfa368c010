"""Alembic migrations of the store (run by :mod:`sevens.store.migrate`; no ``alembic.ini`` is needed)."""
