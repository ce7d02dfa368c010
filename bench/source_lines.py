"""Raw lines and SLOC (lines with code: no blank, comment or docstring line) of the ``.py`` files under some
folders, in the working tree or at a git revision (issue 29's measure of ``games/`` + ``agents/``):

    python bench/source_lines.py [--rev REV] src/sevens/games src/sevens/agents
    python bench/source_lines.py --commits dd8a848..HEAD src/sevens/games src/sevens/agents

``--commits`` prints what each commit of a range (merges left out) added to the SLOC of those folders, to tell
what a refactor took out from what features added in the same weeks.
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


def _is_text(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def docstring_lines(tree: ast.Module) -> set[int]:
    """The lines of every docstring: the first statement of a module, class or function, and an attribute's
    (PEP 257: a string right after an assignment in a module or class body, which Sphinx reads as its doc)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        body, attributes = node.body, isinstance(node, ast.Module | ast.ClassDef)
        for i, statement in enumerate(body):
            after_assignment = attributes and i > 0 and isinstance(body[i - 1], ast.Assign | ast.AnnAssign)
            if _is_text(statement) and (i == 0 or after_assignment):
                lines.update(range(statement.lineno, (statement.end_lineno or statement.lineno) + 1))
    return lines


def code_lines(text: str) -> int:
    """How many lines of ``text`` hold code (a docstring is not code)."""
    docstrings = docstring_lines(ast.parse(text))
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in NOT_CODE:
            lines.update(n for n in range(token.start[0], token.end[0] + 1) if n not in docstrings)
    return len(lines)


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def sources(folders: Sequence[str], rev: str | None) -> Iterator[str]:
    """The text of every ``.py`` file under ``folders`` (paths from the repository's root with ``rev``)."""
    for folder in folders:
        if rev is None:
            path = Path(folder)
            yield from (p.read_text() for p in ([path] if path.is_file() else sorted(path.rglob("*.py"))))
            continue
        names = _git("ls-tree", "-r", "--name-only", rev, folder).split()
        yield from (_git("show", f"{rev}:{name}") for name in names if name.endswith(".py"))


def _code_at(rev: str, name: str) -> int:
    """SLOC of one file at ``rev`` (0 where the file does not exist)."""
    shown = subprocess.run(["git", "show", f"{rev}:{name}"], capture_output=True, text=True)
    return code_lines(shown.stdout) if shown.returncode == 0 else 0


def commit_deltas(commits: str, folders: Sequence[str]) -> Iterator[tuple[int, str, str]]:
    """(SLOC added, short hash, subject) of each non-merge commit of ``commits`` that touches ``folders``,
    oldest first: only the ``.py`` files a commit changed are counted, before and after it."""
    for line in _git("log", "--no-merges", "--reverse", "--format=%H %s", commits, "--", *folders).splitlines():
        sha, _, subject = line.partition(" ")
        changed = _git("diff-tree", "-r", "--name-only", "--no-commit-id", f"{sha}^", sha, "--", *folders).split()
        names = [n for n in changed if n.endswith(".py")]
        yield sum(_code_at(sha, n) - _code_at(f"{sha}^", n) for n in names), sha[:7], subject


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rev", help="a git revision (default: the working tree)")
    parser.add_argument("--commits", help="a range of commits (A..B): what each added to the SLOC")
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args(argv)
    if args.commits:
        deltas = list(commit_deltas(args.commits, args.folders))
        for delta, sha, subject in deltas:
            print(f"{delta:+5d} {sha} {subject}")
        print(f"{sum(d for d, _, _ in deltas):+5d} in {len(deltas)} commits")
        return
    texts = list(sources(args.folders, args.rev))
    raw, code = sum(len(t.splitlines()) for t in texts), sum(map(code_lines, texts))
    print(f"{len(texts)} files, {raw} raw lines, {code} SLOC")


if __name__ == "__main__":
    main()
