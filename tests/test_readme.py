"""The README's two commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text(), flags=re.S)


def test_readme_has_exactly_two_setup_commands():
    commands = readme_commands()
    assert len(commands) == 2
    install, test = commands
    assert install.endswith(".venv/bin/tilegames")
    assert test.endswith("pytest")


def test_ci_runs_the_readme_test_command_verbatim():
    _, test = readme_commands()
    ci = (ROOT / ".ci" / "run").read_text()
    assert test in ci.splitlines()
