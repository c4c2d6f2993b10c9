#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-readme-man.sh README PAGE…: every environment variable of cavelog's
# own (CAVELOG_*) and every folder under an XDG base folder
# ($XDG_*_HOME/cavelog/…) that README names is in one of the man pages
# PAGE…, as they read once formatted.
set -euo pipefail
readme=$1
shift
status=0
pages=$(for page in "$@"; do MANWIDTH=200 groff -man -Tutf8 -P-cbou "$page" 2>/dev/null; done |
    tr -s ' \n' ' ' | sed 's/‐ //g; s/‐/-/g')
names=$(grep -oE 'CAVELOG_[A-Z_]+|\$XDG_[A-Z_]+_HOME/cavelog/[a-z/]*' "$readme" | sort -u)
[ -n "$names" ] || {
    echo "$readme names no CAVELOG_ variable and no XDG folder: the check would check nothing"
    exit 1
}
for name in $names; do
    if ! grep -qF -- "$name" <<<"$pages"; then
        echo "$readme names $name, which no man page does"
        status=1
    fi
done
echo "$(wc -w <<<"$names") names of the README, all in the man pages"
exit $status
