"""``python -m sevens.server``: the same as ``sevens serve``."""

import typer

from sevens.server.command import serve

if __name__ == "__main__":
    typer.run(serve)
