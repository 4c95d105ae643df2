"""`tilegames bench`: a case whose run returns a BenchReport (several figures from one pass) is
printed as a row per figure, each a median over the runs with its own unit and target, its
notes said once under them; a case returning a float prints as it always has."""

from __future__ import annotations

from tilegames import bench
from tilegames.core.manifest import BenchCase, BenchFigure, BenchReport


def _reports(*values: float):
    runs = iter(values)

    def run() -> BenchReport:
        value = next(runs)
        return BenchReport((BenchFigure("median", value, target=0.001),
                            BenchFigure("worse", 3, unit="count"),
                            BenchFigure("ours/theirs", value / 0.002, unit="x")),
                           ("one note", "another note"))
    return run


def test_a_report_case_prints_a_row_per_figure_with_medians_over_the_runs_and_its_notes_once(monkeypatch):
    monkeypatch.setattr(bench, "CASES", [BenchCase("fake report", _reports(0.001, 0.003, 0.002))])
    lines: list[str] = []
    assert bench.run(3, "fake report", lines.append) == 0
    assert lines[1:] == [
        f"{'fake report: median':45} {'2.00 ms':>10} {'1.00 ms':>10} {'3.00 ms':>10}   2.00",
        f"{'fake report: worse':45} {'3':>10} {'3':>10} {'3':>10}      -",
        f"{'fake report: ours/theirs':45} {'1.00x':>10} {'0.50x':>10} {'1.50x':>10}      -",
        "  one note",
        "  another note",
    ]


def test_a_case_returning_a_float_prints_as_before(monkeypatch):
    monkeypatch.setattr(bench, "CASES", [BenchCase("fake plain", lambda: 0.2, target=0.1),
                                         BenchCase("fake bytes", lambda: 2.5e6, unit="bytes")])
    lines: list[str] = []
    assert bench.run(2, "fake", lines.append) == 0
    assert lines == [
        f"{'case':45} {'median':>10} {'min':>10} {'max':>10}  ratio   (2 runs)",
        f"{'fake plain':45} {'200.00 ms':>10} {'200.00 ms':>10} {'200.00 ms':>10}   2.00",
        f"{'fake bytes':45} {'2.5 MB':>10} {'2.5 MB':>10} {'2.5 MB':>10}      -",
    ]


def test_a_case_that_cannot_run_here_says_why_and_the_others_still_run(monkeypatch):
    from tilegames.core.manifest import CaseUnavailable

    tries: list[int] = []

    def needs_a_tool() -> float:
        tries.append(1)
        raise CaseUnavailable("this case needs tmux")

    monkeypatch.setattr(bench, "CASES", [BenchCase("fake tool", needs_a_tool), BenchCase("fake other", lambda: 0.2)])
    lines: list[str] = []
    assert bench.run(3, "fake", lines.append) == 0
    assert lines[1] == "fake tool: not run: this case needs tmux"
    assert lines[2].startswith("fake other") and "200.00 ms" in lines[2]
    assert len(tries) == 1  # asked once, not once per run
