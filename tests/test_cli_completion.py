"""Shell completion (issue 22, item 13): `tilegames completion bash|zsh|fish` prints a script
made from the parser itself, so every command, game, option and choice the parser has is
offered, and nothing it lacks. The scripts are run in the real shells (zsh and fish where they
are installed)."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess

import pytest

from tilegames.cli import build_parser, main
from tilegames.core.resources import assets_dir
from tilegames.ui.games import playable

COMMANDS = {"arena", "play", "serve", "host", "web", "join", "resume", "replay", "rummikub", "scrabble", "words", "demo", "timer",
            "bench", "completion"}
GAMES = {"rummikub", "word-rummikub", "scrabble", "nabit"}


def script(shell: str, capsys) -> str:
    assert main(["completion", shell]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def subcommands(parser: argparse.ArgumentParser) -> set[str]:
    return {name for action in parser._actions if isinstance(action, argparse._SubParsersAction)
            for name in action.choices}


def bash_candidates(text: str, line: str) -> set[str]:
    """What Tab offers after `line` (ending in the word being completed, maybe empty), its
    words split as bash splits them (`=` is a word of its own)."""
    words = re.findall(r"=|[^ =]+", line) + ([""] if line.endswith(" ") else [])
    program = text + "\n" + f"COMP_WORDS=({' '.join(repr(w) for w in words)}); COMP_CWORD={len(words) - 1}\n" \
        + '_tilegames; printf "%s\\n" "${COMPREPLY[@]}"\n'
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", program], check=False, capture_output=True, text=True, timeout=20)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return {word for word in done.stdout.split("\n") if word}


def missing(candidates: set[str]) -> set[str]:
    return COMMANDS - candidates


def test_the_parser_has_the_commands_and_games_this_test_knows():
    parser = build_parser()
    assert subcommands(parser) == COMMANDS
    assert {entry.id for entry in playable()} == GAMES


def test_bash_offers_every_command_then_every_game(capsys):
    text = script("bash", capsys)
    assert text.rstrip().endswith("complete -o default -F _tilegames tilegames")
    assert bash_candidates(text, "tilegames ") == COMMANDS
    assert missing(bash_candidates(text, "tilegames ") - {"serve"}) == {"serve"}  # the check would see a gap
    assert bash_candidates(text, "tilegames pl") == {"play"}
    for command in ("play", "host"):
        assert bash_candidates(text, f"tilegames {command} ") == GAMES
        assert bash_candidates(text, f"tilegames --lang ko --debug {command} ") == GAMES
    assert bash_candidates(text, "tilegames --") == {"--help", "--version", "--lang", "--debug"}
    assert bash_candidates(text, "tilegames --lang ") == {"en", "ko"}
    assert bash_candidates(text, "tilegames --lang=") == {"en", "ko"}
    assert bash_candidates(text, "tilegames completion ") == {"bash", "zsh", "fish"}
    assert bash_candidates(text, "tilegames words ") == {"check", "info"}


def test_bash_offers_a_games_own_options_and_their_choices(capsys):
    text = script("bash", capsys)
    options = bash_candidates(text, "tilegames play nabit --")
    assert {"--players", "--preset", "--bank", "--seed", "--open-hands", "--words", "--letters"} <= options
    assert bash_candidates(text, "tilegames play nabit --preset ") == {"standard", "table"}
    assert bash_candidates(text, "tilegames play scrabble --players Ann,Bob --challenge ") == {
        "double", "single", "penalty", "void"}
    assert "--codes-json" in bash_candidates(text, "tilegames host scrabble --")
    assert bash_candidates(text, "tilegames play nabit --words ") == set()  # a file name: bash's own completion


def test_bash_offers_the_shipped_demos(capsys):
    demos = {path.stem for path in (assets_dir() / "demos").glob("*.toml")}
    assert demos and bash_candidates(script("bash", capsys), "tilegames demo ") == {"check", *demos}


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_loads_the_script_and_offers_the_same(capsys):
    text = script("zsh", capsys)
    program = ("autoload -U compinit && compinit -u\n" + text + "\nsetopt ksharrays\n"
               "COMP_WORDS=(tilegames play ''); COMP_CWORD=2\n_tilegames; print -l -- ${COMPREPLY[@]}\n")
    done = subprocess.run(["zsh", "-f", "-c", program], check=False, capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    assert set(done.stdout.split()) == GAMES


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_offers_every_command_then_every_game(capsys):
    text = script("fish", capsys)

    def fish(line: str) -> set[str]:
        done = subprocess.run(["fish", "--no-config", "-c", f"{text}\ncomplete -C {line!r}"],
                              check=False, capture_output=True, text=True, timeout=20)
        assert done.returncode == 0, done.stderr
        return {row.split("\t")[0] for row in done.stdout.splitlines() if row}

    assert fish("tilegames ") == COMMANDS
    assert fish("tilegames play ") == GAMES
    assert fish("tilegames play nabit --preset ") == {"standard", "table"}
    assert fish("tilegames --lang ") == {"en", "ko"}


def test_an_unknown_shell_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["completion", "tcsh"])
    assert exit_.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
