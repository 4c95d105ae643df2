"""Rewrite the test modules' asserts once, before the workers start.

pytest rewrites every test module's asserts when it imports it, and keeps the result as a pyc
beside it, unless Python writes no bytecode (PYTHONDONTWRITEBYTECODE, as on this machine and
its CI): then each of the four workers rewrote all 178 modules again, 6 s of CPU each. pytest
reads a rewritten pyc whatever that setting says, so the main process writes them here, two
processes at a time, and the workers only read them.

This uses pytest's own rewriting functions (private names of `_pytest.assertion.rewrite`): if
a pytest release renames them, nothing is written and the workers rewrite as before."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pytest


def _pyc_for(module: Path) -> Path:
    from _pytest.assertion import rewrite

    return rewrite.get_cache_dir(module) / (module.name[:-3] + rewrite.PYC_TAIL)


def _rewrite(module: Path) -> None:
    """Write `module`'s rewritten pyc unless an up-to-date one is there (atomically, as pytest
    does, so a reader never sees half a file)."""
    from _pytest.assertion import rewrite

    pyc = _pyc_for(module)
    if rewrite._read_pyc(module, pyc) is not None:
        return
    pyc.parent.mkdir(exist_ok=True)
    stat, code = rewrite._rewrite_test(module, None)  # type: ignore[arg-type]
    partial = pyc.with_name(f"{pyc.name}.{os.getpid()}")
    with open(partial, "wb") as out:
        rewrite._write_pyc_fp(out, stat, code)
    os.replace(partial, pyc)


def rewrite_test_modules(config: pytest.Config, tests: Path) -> None:
    if config.getini("enable_assertion_pass_hook") or config.getoption("assertmode") != "rewrite":
        return  # the workers' rewriting would differ from ours (config=None): let them do it
    try:
        _pyc_for(tests / "conftest.py")
        from _pytest.assertion.rewrite import _read_pyc, _rewrite_test, _write_pyc_fp  # noqa: F401
    except (ImportError, AttributeError):
        return
    modules = sorted(tests.rglob("test_*.py")) + sorted(tests.rglob("conftest.py"))
    try:
        with ProcessPoolExecutor(2, mp_context=get_context("fork")) as pool:
            list(pool.map(_rewrite, modules, chunksize=8))
    except OSError:
        return  # a read-only checkout: the workers rewrite in memory, as before
