#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-man.sh PAGE [PROGRAM]: the man page PAGE formats without one groff
# warning and has no placeholder left; given the PROGRAM it documents, it
# names every command and every long option that PROGRAM's --help lists.
set -euo pipefail
page=$1
program=${2:-}
status=0

warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1) || status=1
if [ -n "$warnings" ] || [ "$status" -ne 0 ]; then
    echo "groff warns about $page:"
    echo "$warnings"
    exit 1
fi
if grep -nE '@[A-Z_]+@' "$page"; then
    echo "$page: a placeholder was not filled in"
    exit 1
fi
[ -n "$program" ] || exit 0

# The long options one --help lists (GLib's own --help-* aside).
long_options() {
    "$@" --help | grep -oE -- '--[a-z][a-z-]*' | grep -v -- '^--help-' | sort -u
}

check_options() {
    local where=$1
    shift
    for option in $(long_options "$@"); do
        if ! grep -qF -- "\\-\\-${option#--}" "$page"; then
            echo "$page does not mention $option ($where)"
            status=1
        fi
    done
}

check_options "$(basename "$program")" "$program"
# Commands, as the top-level --help lists them: "  name   summary" after "Commands".
commands=$("$program" --help | sed -n '/^Commands/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
for command in $commands; do
    if ! grep -qxF ".B $command" "$page"; then
        echo "$page does not describe the command $command"
        status=1
    fi
    check_options "$command" "$program" "$command"
done
exit $status
