"""Raw lines and SLOC (lines with code: no blank, comment or docstring line) of the ``.py`` files under some
folders, in the working tree or at a git revision (issue 29's measure of ``games/`` + ``agents/``):

    python bench/source_lines.py [--rev REV] src/sevens/games src/sevens/agents
"""

from __future__ import annotations

import argparse
import ast
import io
import subprocess
import tokenize
from collections.abc import Iterator, Sequence
from pathlib import Path

NOT_CODE = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}


def code_lines(text: str) -> int:
    """How many lines of ``text`` hold code (a docstring is not code)."""
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in NOT_CODE:
            lines.update(n for n in range(token.start[0], token.end[0] + 1) if n not in docstrings)
    return len(lines)


def sources(folders: Sequence[str], rev: str | None) -> Iterator[str]:
    """The text of every ``.py`` file under ``folders`` (paths from the repository's root with ``rev``)."""
    for folder in folders:
        if rev is None:
            path = Path(folder)
            yield from (p.read_text() for p in ([path] if path.is_file() else sorted(path.rglob("*.py"))))
            continue
        names = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, folder], capture_output=True, text=True,
                               check=True).stdout.split()  # fmt: skip
        for name in (n for n in names if n.endswith(".py")):
            yield subprocess.run(["git", "show", f"{rev}:{name}"], capture_output=True, text=True, check=True).stdout


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rev", help="a git revision (default: the working tree)")
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args(argv)
    texts = list(sources(args.folders, args.rev))
    raw, code = sum(len(t.splitlines()) for t in texts), sum(map(code_lines, texts))
    print(f"{len(texts)} files, {raw} raw lines, {code} SLOC")


if __name__ == "__main__":
    main()
