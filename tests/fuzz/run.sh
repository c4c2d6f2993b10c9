#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Build the fuzz targets and run them from a seed corpus made of a real game
# (the smallest golden recording: its file, its payloads and its commands).
# From the source tree:
#     tests/fuzz/run.sh [SECONDS]   explore for SECONDS (default 60) per target
#     tests/fuzz/run.sh --ci        the same result on every run of one commit:
#                                   a fixed seed and a fixed number of runs
# Either way every input ever found (tests/fuzz/regressions/TARGET/) is run
# first. Builds in build-fuzz/ with clang, AddressSanitizer and UBSan; a
# finding stops with the input saved in build-fuzz/ and a non-zero status:
# copy it into tests/fuzz/regressions/TARGET/ with the fix.
#
# CI must not fail by luck, so --ci fixes what libFuzzer would otherwise
# draw: the seed, the number of runs instead of a time, and no comparison
# tracing (-use_cmp=0: it feeds pointer values, which ASLR changes, back into
# the mutations).
set -euo pipefail
seconds=${1:-60}
ci=false
if [ "$seconds" = --ci ]; then
    ci=true
fi
cd "$(dirname "$0")/../.."
if [ ! -d build-fuzz ]; then
    CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined \
        -Db_lundef=false >/dev/null
fi
ninja -C build-fuzz tests/fuzz/fuzz-payload tests/fuzz/fuzz-command tests/fuzz/fuzz-open \
    tests/fuzz/fuzz-events tests/fuzz/fuzz-render tests/fuzz/fuzz-pack cli/cavelog
corpus=build-fuzz/corpus
rm -rf "$corpus"
mkdir -p "$corpus/open" "$corpus/payload" "$corpus/command" "$corpus/events" "$corpus/render" \
    "$corpus/pack"
gzip -dc tests/golden/seed-45.cavelog.gz > "$corpus/open/seed-45.cavelog"
# A pack of the same game: as a file (first byte 0) and as its data (1).
build-fuzz/cli/cavelog pack "$corpus/open/seed-45.cavelog" -o "$corpus/seed-45.cavepack" >/dev/null
python3 - "$corpus" <<'PY'
import sqlite3, sys
corpus = sys.argv[1]
db = sqlite3.connect(f"{corpus}/open/seed-45.cavelog")
# The first byte is the type's number in events/catalog.h, as the target reads it.
import re
catalog = open("events/catalog.h").read()
types = {name: n for n, name in enumerate(re.findall(r"X\(\w+, (\w+), \d+,", catalog))}
for i, (kind, version, payload) in enumerate(db.execute(
        "SELECT type, version, payload FROM events GROUP BY type")):
    with open(f"{corpus}/payload/{i}", "wb") as out:
        out.write(bytes([types[kind], version % 4]) + payload.encode())
for i, (command,) in enumerate(db.execute("SELECT DISTINCT command FROM turns LIMIT 50")):
    with open(f"{corpus}/command/{i}", "w") as out:
        out.write(command)
import zlib
pack = open(f"{corpus}/seed-45.cavepack", "rb").read()
with open(f"{corpus}/pack/file", "wb") as out:
    out.write(b"\x00" + pack)
with open(f"{corpus}/pack/data", "wb") as out:
    out.write(b"\x01" + zlib.decompress(pack[12:]))
PY
# What the inspector renders starts from the same payloads.
cp "$corpus"/payload/* "$corpus/render/"
# Room for every mutation fuzz-events reads (16 of 12 bytes).
printf '%0192d' 0 > "$corpus/events/zeros"
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=0
# Run one target: its regressions, then the exploration; on a finding, show
# its report and fail.
fuzz() {
    local target=$1 runs=$2
    shift 2
    local regressions=tests/fuzz/regressions/$target
    if [ -d "$regressions" ]; then
        echo "== fuzz-$target: $(ls "$regressions" | wc -l) inputs found before"
        if ! build-fuzz/tests/fuzz/fuzz-"$target" "$@" "$regressions"/* \
            > "build-fuzz/fuzz-$target.log" 2>&1; then
            tail -60 "build-fuzz/fuzz-$target.log"
            echo "fuzz-$target fails again on an input in $regressions"
            return 1
        fi
    fi
    local budget=(-max_total_time="$seconds")
    if $ci; then
        budget=(-seed=1 -runs="$runs" -use_cmp=0)
    fi
    echo "== fuzz-$target ${budget[*]}"
    if ! build-fuzz/tests/fuzz/fuzz-"$target" "${budget[@]}" -artifact_prefix=build-fuzz/ "$@" \
        "$corpus/$target" > "build-fuzz/fuzz-$target.log" 2>&1; then
        tail -60 "build-fuzz/fuzz-$target.log"
        echo "fuzz-$target found a problem; the input is in build-fuzz/"
        return 1
    fi
    grep -E '^Done' "build-fuzz/fuzz-$target.log"
}
fuzz payload 3000000 -timeout=10
fuzz command 3000000 -timeout=10
fuzz render 3000000 -timeout=10
fuzz events 8000 -timeout=10 -max_len=192
fuzz open 12000 -timeout=30 -max_len=400000 -rss_limit_mb=4096
fuzz pack 10000 -timeout=30 -max_len=65536 -rss_limit_mb=4096
