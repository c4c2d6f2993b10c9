#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Build the fuzz targets and run each for SECONDS (default 60) from a seed
# corpus made of a real game (the smallest golden recording): its file, its
# payloads and its commands. From the source tree:
#     tests/fuzz/run.sh [SECONDS]
# Builds in build-fuzz/ with clang, AddressSanitizer and UBSan; a finding
# stops with the crashing input saved in build-fuzz/ and a non-zero status.
set -euo pipefail
seconds=${1:-60}
cd "$(dirname "$0")/../.."
if [ ! -d build-fuzz ]; then
    CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined \
        -Db_lundef=false >/dev/null
fi
ninja -C build-fuzz tests/fuzz/fuzz-payload tests/fuzz/fuzz-command tests/fuzz/fuzz-open \
    tests/fuzz/fuzz-events
corpus=build-fuzz/corpus
rm -rf "$corpus"
mkdir -p "$corpus/open" "$corpus/payload" "$corpus/command" "$corpus/events"
gzip -dc tests/golden/seed-8.cavelog.gz > "$corpus/open/seed-8.cavelog"
python3 - "$corpus" <<'PY'
import sqlite3, sys
corpus = sys.argv[1]
db = sqlite3.connect(f"{corpus}/open/seed-8.cavelog")
types = {}
for i, (kind, version, payload) in enumerate(db.execute(
        "SELECT type, version, payload FROM events GROUP BY type")):
    types.setdefault(kind, len(types))
    with open(f"{corpus}/payload/{i}", "wb") as out:
        out.write(bytes([types[kind], version % 4]) + payload.encode())
for i, (command,) in enumerate(db.execute("SELECT DISTINCT command FROM turns LIMIT 50")):
    with open(f"{corpus}/command/{i}", "w") as out:
        out.write(command)
PY
head -c 70 /dev/urandom > "$corpus/events/random"
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=0
# Run one target; on a finding, show its report and fail.
fuzz() {
    local target=$1
    shift
    echo "== fuzz-$target for ${seconds}s"
    if ! build-fuzz/tests/fuzz/fuzz-"$target" -max_total_time="$seconds" \
        -artifact_prefix=build-fuzz/ "$@" "$corpus/$target" > "build-fuzz/fuzz-$target.log" 2>&1; then
        tail -60 "build-fuzz/fuzz-$target.log"
        echo "fuzz-$target found a problem; the input is in build-fuzz/"
        return 1
    fi
    grep -E '^Done' "build-fuzz/fuzz-$target.log"
}
fuzz payload -timeout=10
fuzz command -timeout=10
fuzz events -timeout=10
fuzz open -timeout=30 -max_len=400000 -rss_limit_mb=4096
