"""No function outside the tests is over 80 lines (issue 19): a long one is split where its
parts have names (one function per region of the table, one per kind of event). Walks the
syntax tree of the platform and the games, methods and nested functions included."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LONGEST = 80


def too_long(source: str, name: str) -> list[str]:
    """Every function in ``source`` over LONGEST lines, from its ``def`` to its last line."""
    found = []
    for node in ast.walk(ast.parse(source, filename=name)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines = node.end_lineno - node.lineno + 1
            if lines > LONGEST:
                found.append(f"{name}:{node.lineno} {node.name} ({lines} lines)")
    return found


@pytest.mark.parametrize("package", ["mogel", "tutorial", "games"])
def test_no_function_is_over_80_lines(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has Python files"
    found = [hit for path in files
             for hit in too_long(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert found == [], "split these where their parts have names: " + "; ".join(found)


def test_a_function_of_81_lines_is_found_and_one_of_80_is_not():
    def function(name, lines):
        return f"def {name}():\n" + "    x = 1\n" * (lines - 1)

    source = function("fits", 80) + "class Table:\n" + "\n".join(
        "    " + line for line in function("present", 81).splitlines()) + "\n"
    assert too_long(source, "t.py") == ["t.py:82 present (81 lines)"]
