"""The package type-checks: mypy runs here, so it runs wherever the tests run (CI included).

What is checked, and how strictly, is the `[tool.mypy]` section of pyproject.toml. The cache is
mypy's default `.mypy_cache/` at the top of the repository (ignored by git): a cold run takes a
few seconds, a warm one well under a second.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_type_checks_with_mypy():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, f"mypy found problems:\n{result.stdout}{result.stderr}"
