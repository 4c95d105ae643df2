"""The long fuzz run (issue 23): many more damaged files per surface than the suite runs.

pytest does not collect this file (its name does not start with `test_`), and CI does not
run it. Run it by hand from the repository:

    .venv/bin/python tests/fuzz_long.py            # 5,000 inputs a surface, seeds 1000 on
    .venv/bin/python tests/fuzz_long.py 20000 7    # 20,000 a surface, seeds from 7

It prints each surface's inputs and crashes (a crash: any exception but the one error the
surface's reader promises; each is printed as it happens) and exits 1 when there was one.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import test_demo_check_malformed  # noqa: E402
import test_fuzz_files  # noqa: E402
import test_i18n_damaged  # noqa: E402
import test_saves_disk_full  # noqa: E402

Surface = Callable[[int, int], tuple[int, int]]

SURFACES: dict[str, Surface] = {
    "saves (journals of the four games)": test_fuzz_files.fuzz_journals,
    "a saves folder and its index": test_fuzz_files.fuzz_saves_folder,
    "settings": test_fuzz_files.fuzz_settings,
    "word lists": test_fuzz_files.fuzz_word_lists,
    "letter tiles files": test_fuzz_files.fuzz_letters,
    "GCG records": test_fuzz_files.fuzz_gcg,
    "translation catalogs": test_i18n_damaged.fuzz_catalogs,
    "scenarios (demo check)": test_demo_check_malformed.fuzz_scenarios,
    "games on a disk that fills and empties": test_saves_disk_full.fuzz_disk_full,
}
BATCH = 500  # inputs per seed: each seed a fresh batch of mutants


def main(argv: list[str]) -> int:
    per_surface = int(argv[0]) if argv else 5000
    first_seed = int(argv[1]) if len(argv) > 1 else 1000
    total_inputs = total_crashes = 0
    with tempfile.TemporaryDirectory() as home:
        os.environ["TILEGAMES_HOME"] = home
        for name, surface in SURFACES.items():
            started, inputs, crashes, seed = time.monotonic(), 0, 0, first_seed
            while inputs < per_surface:
                tried, crashed = surface(seed, min(BATCH, per_surface - inputs))
                if tried == 0:
                    break
                inputs, crashes, seed = inputs + tried, crashes + crashed, seed + 1
            print(f"{name}: {inputs:,} inputs, {crashes} crashes ({time.monotonic() - started:.0f} s)", flush=True)
            total_inputs, total_crashes = total_inputs + inputs, total_crashes + crashes
    print(f"all surfaces: {total_inputs:,} inputs, {total_crashes} crashes")
    return 1 if total_crashes else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
