#!/usr/bin/env python3
"""How often the lab's 95% interval of a paired median covers the true median.

The lab's comparison (`simulate --baseline`, PairedComparison.swift) takes the median of the
per-seed differences and its percentile bootstrap interval: 2,000 resamples of the pairs with
replacement, the median of each, the 2.5th and 97.5th percentiles of those medians (linear between
ranks); no interval from fewer than 6 pairs. This plays that method on differences drawn from known
distributions whose median is 0 and counts how often the interval holds 0.

Usage: Scripts/lab/bootstrap-coverage.py [SWEEPS]   (default 2000 sweeps a row; needs numpy)
Not part of the tests: a statement of how far the interval can be trusted, printed in the README.
"""
import sys

import numpy as np

SWEEPS = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
RESAMPLES = 2000
rng = np.random.default_rng(20261204)

DISTRIBUTIONS = {
    "normal": lambda n: rng.standard_normal(n),
    "skewed (exponential − ln 2)": lambda n: rng.exponential(1.0, n) - np.log(2.0),
    "heavy-tailed (Student t, 2 df)": lambda n: rng.standard_t(2, n),
}

print(f"{SWEEPS} sweeps a row, {RESAMPLES} resamples each; the share of sweeps whose interval holds the median")
print("seeds  " + "  ".join(f"{name:>30}" for name in DISTRIBUTIONS))
for n in (6, 8, 10, 15, 20, 30, 50, 100):
    cells = []
    for draw in DISTRIBUTIONS.values():
        held = 0
        for _ in range(SWEEPS):
            x = draw(n)
            medians = np.median(x[rng.integers(0, n, (RESAMPLES, n))], axis=1)
            low, high = np.percentile(medians, [2.5, 97.5])
            held += low <= 0.0 <= high
        cells.append(f"{held / SWEEPS:>30.1%}")
    print(f"{n:>5}  " + "  ".join(cells))
