"""`tilegames demo check FILE...`: play scenarios through the real engine and check them.

One line per expectation, `FILE: step N (line L) WHAT: ok` or what differed; one line for a
file that is not a scenario, `FILE: line L: why`. Exit 0 when every expectation of every file
holds, 2 when any file is malformed (whatever the others did: a broken file is the first thing
to fix, and its expectations were never checked), otherwise 1 when any expectation differs.
Every file is checked either way, so one run lists everything to fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence, TextIO

from tilegames.core.text.i18n import _, ngettext
from tilegames.core.text.inputs import shown
from tilegames.core.scenarios.check import check_scenario
from tilegames.core.scenarios.notation import ScenarioError
from tilegames.core.scenarios.load import load_scenario

ALL_HOLD, SOME_DIFFER, MALFORMED = 0, 1, 2


def check_command(paths: Sequence[str], out: TextIO) -> int:
    """Check each scenario file in `paths`, printing to `out`; the exit status."""
    malformed = differ = held = 0
    for path in paths:
        name = shown(Path(path).name, 80)
        try:
            report = check_scenario(load_scenario(path))
        except ScenarioError as exc:
            out.write(f"{name}: {exc}\n")
            malformed += 1
            continue
        for line in report:
            out.write(f"{name}: {line}\n")
            if line.ok:
                held += 1
            else:
                differ += 1
    parts = [ngettext("{n} expectation holds", "{n} expectations hold", held).format(n=held),
             _("{n} differ").format(n=differ)]
    if malformed:
        parts.append(ngettext("{n} file malformed", "{n} files malformed", malformed).format(n=malformed))
    files = ngettext("{n} file", "{n} files", len(paths)).format(n=len(paths))
    out.write(_("{files}: {counts}.").format(files=files, counts=_(", ").join(parts)) + "\n")
    if malformed:
        return MALFORMED
    return SOME_DIFFER if differ else ALL_HOLD
