"""The benchmarks' shared figures (build/bench_stats.py): what each one means, and tables that
read as Markdown. Pure functions: no browser."""

from __future__ import annotations

from bench_stats import Column, Table, median, percentile, share_within


def test_percentiles_are_nearest_rank_values_of_the_data() -> None:
    values = [7, 1, 3, 9, 5, 2, 8, 4, 6, 10]
    assert percentile(values, 90) == 9
    assert percentile(values, 95) == 10
    assert percentile(values, 100) == 10
    assert percentile(values, 50) == 5  # a value measured, where the median is 5.5
    assert median(values) == 5.5
    assert percentile([3.5], 90) == 3.5


def test_the_share_within_a_bound_counts_the_bound_itself() -> None:
    assert share_within([10, 16.7, 17, 40], 16.7) == 0.5


def test_a_table_is_markdown_with_numbers_to_the_right() -> None:
    table = Table(Column("what", width=8), Column("n", "d"), Column("ms", ".1f"))
    lines = [*table.header().splitlines(), table.row("board", 12, 3.14), table.row("bare", None, 2)]
    assert lines == [
        "| what     |   n |  ms |",
        "| -------- | --: | --: |",
        "| board    |  12 | 3.1 |",
        "| bare     |     | 2.0 |",
    ]
