"""Statistics the benchmarks share."""

from __future__ import annotations

import math


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)
