"""Alembic revision scripts, one per schema change, chained by ``down_revision``."""
