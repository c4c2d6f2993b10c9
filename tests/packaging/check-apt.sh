#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-apt.sh README CI: the packages the README's install command names and
# those CI installs are the same, but for what only CI uses (formatting and
# the fuzz targets): a package added to one and not the other fails here.
set -euo pipefail
readme=$1
ci=$2
ci_only="clang-format clang libclang-rt-14-dev"

# The words after "apt-get install" up to the end of the command, options aside.
packages() {
    tr '\n' ' ' <"$1" | sed 's/\\ / /g' | grep -oE 'apt-get install [^&>]*' |
        sed 's/apt-get install//' | tr ' ' '\n' | grep -E '^[a-z0-9][a-z0-9.+-]+$' | sort -u
}
from_readme=$(packages "$readme")
from_ci=$(packages "$ci" | grep -vxF -f <(tr ' ' '\n' <<<"$ci_only"))
if [ "$from_readme" != "$from_ci" ]; then
    echo "the README's install command and CI's apt-get line differ:"
    diff <(echo "$from_readme") <(echo "$from_ci") | sed -n 's/^</  only in the README:/p; s/^>/  only in CI:/p'
    exit 1
fi
echo "$(wc -w <<<"$from_readme") packages, the same in both"
