# SPDX-License-Identifier: GPL-3.0-or-later
# bash completion for cavelog(6): its commands and each command's options,
# read from `cavelog --help` and `cavelog COMMAND --help` (so a command
# added to cavelog completes without a change here), and game files
# (*.cavelog, *.cavelog.gz, *.cavepack) where a command takes a FILE.
# Needs nothing of the bash-completion package, though it installs there.

# The commands `PROGRAM --help` lists under "Commands".
_cavelog_commands()
{
    "$1" --help 2>/dev/null | sed -n '/^Commands/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
}

# The long options `PROGRAM COMMAND --help` lists.
_cavelog_options()
{
    "$1" "$2" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | grep -v -- '^--help-' | sort -u
}

# The word being completed as the name it spells: its quotes and
# backslashes taken away ('my ga, "my ga and my\ ga all spell "my ga"),
# and a leading ~/ as $HOME/.
_cavelog_dequote()
{
    local word=$1
    case $word in
    \'*) word=${word#\'} ;;
    \"*)
        word=${word#\"}
        word=$(printf '%s.' "$word" | sed 's/\\\([\\"$`]\)/\1/g')
        word=${word%.}
        ;;
    *)
        word=$(printf '%s.' "$word" | sed 's/\\\(.\)/\1/g')
        word=${word%.}
        ;;
    esac
    [[ $word == "~/"* ]] && word=$HOME/${word#"~/"}
    printf '%s' "$word"
}

# The names starting with $2 (a dequoted word) of the kind $1 asks for:
# folders, games (folders and *.cavelog, *.cavelog.gz, *.cavepack) or any
# file, into COMPREPLY. A glob, not compgen's lines: a name with a space, a
# quote or a newline stays one name.
_cavelog_names()
{
    local kind=$1 prefix=$2 name restore
    restore=$(shopt -p nullglob)
    shopt -s nullglob
    compopt -o filenames 2>/dev/null
    COMPREPLY=()
    for name in "$prefix"*; do
        if [[ -d $name ]]; then
            COMPREPLY+=("$name")
        elif [[ $kind == any ]] ||
            [[ $kind == games && ($name == *.cavelog || $name == *.cavelog.gz ||
                $name == *.cavepack) ]]; then
            COMPREPLY+=("$name")
        fi
    done
    eval "$restore"
}

# Folders and game files whose names start with the typed word $1.
_cavelog_games()
{
    _cavelog_names games "$(_cavelog_dequote "$1")"
}

_cavelog()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local program=${COMP_WORDS[0]} command="" i
    local IFS=$' \t\n'

    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ ${COMP_WORDS[i]} != -* ]]; then
            command=${COMP_WORDS[i]}
            break
        fi
    done
    case $prev in
    --save | --asciicast | --output | -o)
        _cavelog_names any "$(_cavelog_dequote "$cur")"
        return
        ;;
    --seed | --turn | --turns | --speed | --games | --type | --name | -s | -n | -g | -t)
        return
        ;;
    esac
    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--help --version" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_cavelog_commands "$program")" -- "$cur"))
        fi
    elif [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_cavelog_options "$program" "$command")" -- "$cur"))
    else
        case $command in
        new | autoplay) ;;
        list | scores | stats | achievements)
            _cavelog_names folders "$(_cavelog_dequote "$cur")"
            ;;
        *) _cavelog_games "$cur" ;;
        esac
    fi
}
complete -F _cavelog cavelog
