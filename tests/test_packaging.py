"""assets/ and dictionaries/ ship inside the wheel and are found from a normal install."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tilegames.core import resources

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )
    (path,) = out.glob("tilegames-*.whl")
    return path


def test_wheel_contains_the_package_assets_and_dictionaries(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "tilegames/core/kernel/controller.py" in names
    assert "tilegames/assets/README.md" in names
    assert "tilegames/dictionaries/README.md" in names
    assert "tilegames/dictionaries/english.txt" in names
    assert not any(name.startswith("tests/") for name in names)


def test_installed_wheel_finds_its_data_inside_the_package(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    # -S: no site-packages, so only the extracted wheel can provide `tilegames`.
    code = ("from tilegames.core import resources as r; print(r.assets_dir()); print(r.dictionaries_dir()); "
            "from tilegames.core.parts.lexicon import default_lexicon as d; print(d().path, 'qat' in d())")
    result = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(site)},
                            capture_output=True, text=True, timeout=60, check=True)
    assets, dictionaries, word_list, found = result.stdout.split()
    assert Path(assets) == site / "tilegames" / "assets"
    assert Path(dictionaries) == site / "tilegames" / "dictionaries"
    assert Path(word_list) == site / "tilegames" / "dictionaries" / "english.txt" and found == "True"


def test_checkout_finds_the_top_level_folders():
    assert resources.assets_dir() == ROOT / "assets"
    assert resources.dictionaries_dir() == ROOT / "dictionaries"
