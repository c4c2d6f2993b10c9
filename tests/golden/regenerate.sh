#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerate the golden recordings: real bot games that together hold every
# event type (seeds chosen for that; pick others if a change of the bot
# leaves a type out), re-simulated by the `golden` test in CI. Run this on purpose,
# after a deliberate change of the rules, from the source tree:
#     tests/golden/regenerate.sh build
# (build: a meson build folder), then commit the new files with a message
# saying which rule changed. No test ever writes them.
set -eu
build=${1:?usage: tests/golden/regenerate.sh BUILD_DIR}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for seed in 23 44 45; do
    CAVELOG_DATA_DIR= "$build/cli/cavelog" autoplay --seed "$seed" --turns 3000 \
        --save "$tmp/seed-$seed.cavelog" >/dev/null
    sqlite3 "$tmp/seed-$seed.cavelog" "PRAGMA journal_mode = DELETE; VACUUM;" >/dev/null
    gzip -9 -n -c "$tmp/seed-$seed.cavelog" > "$here/seed-$seed.cavelog.gz"
done
echo "wrote $(ls "$here"/*.cavelog.gz | wc -l) golden recordings into $here"
