#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-completion.sh COMPLETION CAVELOG: the bash completion COMPLETION,
# sourced in a plain bash (and again after bash-completion's own script when
# it is installed), is bound to cavelog and completes `cavelog re<TAB>` to
# replay, `cavelog <TAB>` to every command `cavelog --help` lists, `cavelog
# replay --<TAB>` to every option `cavelog replay --help` lists, and `cavelog
# replay <TAB>` to game files and folders (no other files), spaces and all;
# a name typed quoted or with backslashes completes, and a name with a
# quote or a newline in it is offered as one name.
set -euo pipefail
completion=$(realpath "$1")
cavelog=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/games/saved"
ln -s "$cavelog" "$tmp/bin/cavelog"
touch "$tmp/games/a.cavelog" "$tmp/games/my game.cavelog" "$tmp/games/notes.txt" \
    "$tmp/games/it's.cavelog" "$tmp/games/q\"uote.cavelog" "$tmp/games/new"$'\n'"line.cavelog"
status=0

# complete PRELUDE WORDS…: what TAB offers after WORDS (the last one being
# completed), one a line as printf %q quotes it, sorted, in a fresh bash
# that sourced PRELUDE.
complete_words() {
    local prelude=$1
    shift
    (cd "$tmp/games" && PATH="$tmp/bin:$PATH" bash --norc --noprofile -c '
        [ -z "$1" ] || source "$1"
        source "$2"
        shift 2
        complete -p cavelog | grep -q -- "-F _cavelog" || { echo "not bound to cavelog"; exit 1; }
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        _cavelog
        [ ${#COMPREPLY[@]} -eq 0 ] || printf "%q\n" "${COMPREPLY[@]}"' bash "$prelude" "$completion" "$@") | sort
}

# The lines of $1, each as printf %q quotes it.
quoted() {
    local line
    [ -z "$1" ] || while IFS= read -r line; do printf '%q\n' "$line"; done <<<"$1"
}

# expect PRELUDE WANTED WORDS…: TAB after WORDS offers WANTED (lines).
expect() {
    local prelude=$1 wanted=$2
    shift 2
    expect_quoted "$prelude" "$(quoted "$wanted")" "$@"
}

# expect_quoted PRELUDE WANTED WORDS…: as expect, WANTED's lines quoted (%q).
expect_quoted() {
    local prelude=$1 wanted=$2 got
    shift 2
    got=$(complete_words "$prelude" "$@")
    if [ "$got" != "$(sort <<<"$wanted")" ]; then
        echo "${prelude:+(with $prelude) }$*<TAB> offers:"
        echo "$got" | sed 's/^/    /'
        echo "  and should offer:"
        sort <<<"$wanted" | sed 's/^/    /'
        status=1
    fi
}

commands=$("$cavelog" --help | sed -n '/^Commands/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
replay_options=$("$cavelog" replay --help | grep -oE -- '--[a-z][a-z-]*' | grep -v -- '^--help-' |
    sort -u)
[ -n "$commands" ] && grep -qx -- --asciicast <<<"$replay_options" || {
    echo "cavelog --help lists no commands, or replay --help no --asciicast"
    exit 1
}
preludes=("")
if [ -f /usr/share/bash-completion/bash_completion ]; then
    preludes+=(/usr/share/bash-completion/bash_completion)
fi
for prelude in "${preludes[@]}"; do
    expect "$prelude" replay cavelog re
    expect "$prelude" "$commands" cavelog ""
    expect "$prelude" "$replay_options" cavelog replay --
    games=$(printf '%q\n' a.cavelog 'my game.cavelog' saved "it's.cavelog" 'q"uote.cavelog' \
        "new"$'\n'"line.cavelog")
    expect_quoted "$prelude" "$games" cavelog replay ""
    expect_quoted "$prelude" "$games" cavelog verify ""
    expect "$prelude" 'my game.cavelog' cavelog verify 'my\ g'
    expect "$prelude" 'my game.cavelog' cavelog verify '"my g'
    expect "$prelude" 'my game.cavelog' cavelog verify "'my g"
    expect "$prelude" "it's.cavelog" cavelog verify "it\\'"
    expect "$prelude" 'q"uote.cavelog' cavelog verify 'q\"'
    expect_quoted "$prelude" "$(printf '%q' "new"$'\n'"line.cavelog")" cavelog verify new
    expect "$prelude" 'my game.cavelog' cavelog replay g.cavelog --asciicast 'my\ g'
    expect "$prelude" saved cavelog list ""
    expect "$prelude" "$(printf '%s\n' --turn --turns)" cavelog replay g.cavelog --asciicast out.cast --tu
done
exit $status
