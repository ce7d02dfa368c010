"""Loading a script of ``bench/`` as a module, for the tests of its functions."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load_bench_script(name: str) -> ModuleType:
    """``bench/<name>.py`` imported as the module ``bench_<name>``, with ``bench/`` on the path as when the
    script is run (so it can import its sibling helpers, e.g. ``c_yardstick``)."""
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def run_main(module: ModuleType, args: list[str]) -> tuple[int, str, str]:
    """Run the script's ``main()`` with ``args`` on its command line: exit code (0 when it returns), standard
    output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    argv = sys.argv
    sys.argv = [f"{module.__name__}.py", *args]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            module.main()
        code = 0
    except SystemExit as exit_info:
        code = exit_info.code if isinstance(exit_info.code, int) else 1
    finally:
        sys.argv = argv
    return code, out.getvalue(), err.getvalue()
