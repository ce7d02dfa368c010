"""pytest, for the whole repository: modules that need the ``research`` extra (absent from a core install) have
their doctests collected only where their optional packages are installed; their tests skip by themselves."""

from __future__ import annotations

from importlib.util import find_spec

_OPTIONAL = {
    "src/sevens/envs/pettingzoo.py": "pettingzoo",
    "src/sevens/envs/gymnasium.py": "gymnasium",
    "src/sevens/envs/policy.py": "gymnasium",  # its example trains in the Gymnasium env
    "src/sevens/envs/openspiel.py": "pyspiel",
    "src/sevens/envs/ismcts.py": "pyspiel",
    "src/sevens/arena/ray_executor.py": "ray",
    "src/sevens/kernel": "numba",
}
collect_ignore = [path for path, module in _OPTIONAL.items() if find_spec(module) is None]
