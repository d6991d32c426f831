# Makes tests.<area> packages, so same-named test modules in different areas
# (tests/site/test_home.py, tests/browser/test_home.py) do not collide, and
# tests/site never shadows the standard library's `site` module.
