"""The ``sevens`` command (typer)."""
