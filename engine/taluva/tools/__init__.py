"""The command line (``python -m taluva``), the benchmarks and seeded random games."""
