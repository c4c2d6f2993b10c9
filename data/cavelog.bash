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

# Folders and game files whose names start with $1.
_cavelog_games()
{
    local IFS=$'\n' pattern
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -d -- "$1"))
    for pattern in '*.cavelog' '*.cavelog.gz' '*.cavepack'; do
        COMPREPLY+=($(compgen -f -X "!$pattern" -- "$1"))
    done
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
        compopt -o filenames 2>/dev/null
        local IFS=$'\n'
        COMPREPLY=($(compgen -f -- "$cur"))
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
            compopt -o filenames 2>/dev/null
            local IFS=$'\n'
            COMPREPLY=($(compgen -d -- "$cur"))
            ;;
        *) _cavelog_games "$cur" ;;
        esac
    fi
}
complete -F _cavelog cavelog
