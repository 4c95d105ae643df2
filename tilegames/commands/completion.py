"""`tilegames completion bash|zsh|fish`: a shell completion script made from the parser itself.

The script holds, for each command path (`play nabit`), the subcommands, the options, which
options take a value, and the words each such value may be (a game option's choices, `--lang`'s
languages), so Tab offers exactly what the parser takes and needs no Python at Tab time. A
value with no words to offer (a file, a name) is left to the shell's own completion of file
names. zsh runs the bash script through its `bashcompinit`; fish gets the same walk written in
fish.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tilegames import __version__
from tilegames.core.text.i18n import _
from tilegames.core.resources import assets_dir
from tilegames.core.kernel.setup_options import SetupOption

SHELLS = ("bash", "zsh", "fish")

# Words an option's value may be, for options whose argparse `choices` are not set (a game's
# setup options take their values through `type`): filled by `offer` as the parser is built.
_OFFERED: weakref.WeakKeyDictionary[argparse.Action, Callable[[], list[str]]] = weakref.WeakKeyDictionary()


def offer(action: argparse.Action, words: Callable[[], list[str]]) -> argparse.Action:
    """Complete `action`'s value with `words()` (asked only when a script is made)."""
    _OFFERED[action] = words
    return action


def option_words(option: SetupOption) -> list[str]:
    """The words a game's setup option takes: its choices' names, and those words of its
    metavar (`SECONDS|off`: off) that it accepts."""
    candidates = [str(value) for _label, value in option.choices if value is not None]
    candidates += (option.metavar or "").split("|")
    words: list[str] = []
    for word in candidates:
        try:
            option.from_text(word)
        except ValueError:
            continue
        if word and word not in words:
            words.append(word)
    return words


def _demo_words() -> list[str]:
    folder = assets_dir() / "demos"
    return ["check", *sorted(path.stem for path in folder.glob("*.toml"))] if folder.is_dir() else ["check"]


EXTRA_ARGUMENTS: dict[str, Callable[[], list[str]]] = {" demo": _demo_words}


@dataclass
class _Node:
    commands: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    valued: list[str] = field(default_factory=list)
    arguments: list[str] = field(default_factory=list)
    values: dict[str, list[str]] = field(default_factory=dict)

    def words(self, path: str) -> Iterable[tuple[str, list[str]]]:
        """(key, words) for the script's table: `PATH|commands`, `PATH|--option`..."""
        for kind in ("commands", "options", "valued", "arguments"):
            yield f"{path}|{kind}", getattr(self, kind)
        for flag, values in self.values.items():
            yield f"{path}|{flag}", values


def _walk(parser: argparse.ArgumentParser, path: str, table: dict[str, _Node]) -> None:
    node = table[path] = _Node()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                node.commands.append(name)
                _walk(sub, f"{path} {name}", table)
        elif action.option_strings:
            node.options += action.option_strings
            if action.nargs != 0:
                node.valued += action.option_strings
                values = _values(action)
                node.values.update((flag, values) for flag in action.option_strings if values)
        else:
            node.arguments += _values(action)
    if path in EXTRA_ARGUMENTS:
        node.arguments += EXTRA_ARGUMENTS[path]()


def _values(action: argparse.Action) -> list[str]:
    words = _OFFERED.get(action)
    if words is not None:
        return words()
    return [str(choice) for choice in action.choices or ()]


def _table(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """Every (key, space-separated words) of the parser's tree, words with no space in them."""
    nodes: dict[str, _Node] = {}
    _walk(parser, "", nodes)
    return [(key, " ".join(w for w in words if w and not any(c.isspace() for c in w)))
            for path, node in nodes.items() for key, words in node.words(path) if words]


_BASH = """\
_tilegames_words() {
    case "$1" in
%(cases)s
    esac
}

_tilegames() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="" option="" node="" word i skip=0
    ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
    for ((i = 1; i < COMP_CWORD; i++)); do
        word="${COMP_WORDS[i]}"
        if ((skip)); then skip=0; continue; fi
        case " $(_tilegames_words "$node|valued") " in *" $word "*) skip=1; continue ;; esac
        case "$word" in -*|=) continue ;; esac
        case " $(_tilegames_words "$node|commands") " in *" $word "*) node="$node $word" ;; esac
    done
    if [[ "$cur" == "=" ]]; then option="$prev"; cur=""
    elif [[ "$prev" == "=" ]]; then option="${COMP_WORDS[COMP_CWORD-2]}"
    elif ((skip)); then option="$prev"
    fi
    if [[ -n "$option" ]]; then
        COMPREPLY=($(compgen -W "$(_tilegames_words "$node|$option")" -- "$cur"))
    elif [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$(_tilegames_words "$node|options")" -- "$cur"))
    else
        COMPREPLY=($(compgen -W "$(_tilegames_words "$node|commands") $(_tilegames_words "$node|arguments")" -- "$cur"))
    fi
}
"""

_FISH = """\
function __tilegames_words
    switch "$argv[1]"
%(cases)s
    end
end

function __tilegames_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l cur (commandline -ct)
    set -l node ""
    set -l skip 0
    set -l prev ""
    for word in $words
        set prev $word
        if test $skip = 1
            set skip 0
            continue
        end
        if contains -- $word (string split -n ' ' -- (__tilegames_words "$node|valued"))
            set skip 1
            continue
        end
        string match -q -- '-*' $word; and continue
        if contains -- $word (string split -n ' ' -- (__tilegames_words "$node|commands"))
            set node "$node $word"
        end
    end
    set -l offered
    if string match -q -- '--*=*' $cur
        set -l flag (string split -m 1 '=' -- $cur)[1]
        for value in (string split -n ' ' -- (__tilegames_words "$node|$flag"))
            set -a offered "$flag=$value"
        end
    else if test $skip = 1
        set offered (string split -n ' ' -- (__tilegames_words "$node|$prev"))
    else if string match -q -- '-*' $cur
        set offered (string split -n ' ' -- (__tilegames_words "$node|options"))
    else
        set offered (string split -n ' ' -- (__tilegames_words "$node|commands") (__tilegames_words "$node|arguments"))
    end
    if test (count $offered) -gt 0
        printf '%%s\\n' $offered
    else
        __fish_complete_path $cur
    end
end

complete -c tilegames -e
complete -c tilegames -f -a '(__tilegames_complete)'
"""

_LOAD = {
    "bash": 'eval "$(tilegames completion bash)"   # in ~/.bashrc',
    "zsh": 'eval "$(tilegames completion zsh)"    # in ~/.zshrc, after compinit',
    "fish": "tilegames completion fish > ~/.config/fish/completions/tilegames.fish",
}


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    """The completion script for `shell` (one of SHELLS) of `parser`'s command line."""
    table = _table(parser)
    head = f"# {shell} completion for tilegames {__version__}, made by `tilegames completion {shell}`.\n" \
           f"# Load it with: {_LOAD[shell]}\n"
    if shell == "fish":
        cases = "\n".join(f"        case {shlex.quote(key)}\n            echo {shlex.quote(words)}" for key, words in table)
        return head + _FISH % {"cases": cases}
    cases = "\n".join(f"        {shlex.quote(key)}) echo {shlex.quote(words)} ;;" for key, words in table)
    body = _BASH % {"cases": cases} + "complete -o default -F _tilegames tilegames\n"
    if shell == "zsh":
        body = "autoload -U +X bashcompinit && bashcompinit\n" + body
    return head + body


def register(commands: argparse._SubParsersAction[Any], whole: Callable[[], argparse.ArgumentParser]) -> None:
    """The `completion` command; `whole` builds the whole command line (every game's options)."""
    completion = commands.add_parser(
        "completion", help=_("print a shell completion script: bash, zsh or fish"),
        description=_("Print a script that makes Tab complete tilegames' commands, games, options and their "
                      "values. bash: add eval \"$(tilegames completion bash)\" to ~/.bashrc; zsh: the same with zsh, "
                      "in ~/.zshrc; fish: tilegames completion fish > ~/.config/fish/completions/tilegames.fish"))
    completion.add_argument("shell", choices=SHELLS, metavar="SHELL", help=_("the shell: bash, zsh or fish"))
    completion.set_defaults(handler=lambda args: _print(script(args.shell, whole())))


def _print(text: str) -> int:
    sys.stdout.write(text)
    return 0
