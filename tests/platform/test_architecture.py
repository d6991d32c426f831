"""The architecture holds: the import contracts in pyproject.toml (import-linter) and no import circle.

The contracts: the platform (``mogel``, ``tutorial``) imports no game; the games do not import
each other; every engine, and the platform's pure core, imports no Django and of the platform
only ``mogel.core``. A violation fails here, so ``make test`` fails on it.
"""

import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("mogel", "tutorial", "games")


def test_the_import_contracts_hold():
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout


def test_the_engines_contract_forbids_every_platform_module_but_the_core():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    forbidden = set(next(c for c in contracts if c["id"] == "engines-pure")["forbidden_modules"])
    platform = {f"mogel.{path.stem}" for path in (ROOT / "mogel").iterdir()
                if path.stem not in ("__init__", "core", "__pycache__") and (path.suffix == ".py" or path.is_dir())}
    assert platform | {"django", "tutorial"} == forbidden


def circles(graph) -> list[list[str]]:
    """The modules that import each other round in a circle (Tarjan's strongly connected components)."""
    order, low, stack, found, count = {}, {}, [], [], [0]

    def visit(module):
        order[module] = low[module] = count[0]
        count[0] += 1
        stack.append(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in order:
            visit(module)
    return found


def test_no_module_imports_itself_round_a_circle():
    sys.path.insert(0, str(ROOT))
    try:
        graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    finally:
        sys.path.remove(str(ROOT))
    assert circles(graph) == []


def test_a_circle_is_found():
    graph = grimp.ImportGraph()
    for importer, imported in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]:
        graph.add_import(importer=importer, imported=imported)
    assert circles(graph) == [["a", "b", "c"]]
